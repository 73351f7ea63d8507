"""`pip install .`: site-packages gets one package named after the project,
`little_abstracts`, holding game, sprites, sounds and the levels; the installed command
finds everything (levels, the worker) and is as strict as play.py."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from game.launch import cli
from sprites.palettes import PALETTE_NAMES

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = {"game.bench", "game.testing", "game.tools", "game.installed"}


def pyproject_tools() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["tool"]


def configured() -> dict:
    return pyproject_tools()["setuptools"]


def test_every_package_of_the_game_is_installed():
    """A new package under game/ must be added to pyproject.toml (or left out here)."""
    found = {".".join(path.parent.relative_to(ROOT).parts)
             for top in ("game", "sprites", "sounds")
             for path in (ROOT / top).rglob("__init__.py")} - LEFT_OUT
    listed = {name.removeprefix("little_abstracts.") for name in configured()["packages"]}
    assert listed == found | {"little_abstracts", "levels"}


def test_every_folder_pyproject_names_exists():
    tools = pyproject_tools()
    pytest_options = tools["pytest"]["ini_options"]
    named = (list(tools["setuptools"]["package-dir"].values()) + pytest_options["testpaths"]
             + [pattern for pattern in pytest_options.get("norecursedirs", ())
                if "/" in pattern])        # the others are name patterns, not folders
    assert [folder for folder in named if not (ROOT / folder).is_dir()] == []


# Built once for the module (one worker process runs it all: --dist loadfile), in the
# project's build/ and *.egg-info, where two builds at once would collide.
@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The project built as a wheel (offline, with .venv's setuptools) and installed
    into a folder of its own."""
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                    "--no-build-isolation", "--no-index", "-q", "-w", str(folder)],
                   check=True, capture_output=True, timeout=300)
    wheel = next(folder.glob("little_abstracts-*.whl"))
    target = folder / "site-packages"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    "--target", str(target), str(wheel)], check=True, capture_output=True,
                   timeout=300)
    return wheel, target


def test_only_the_projects_name_is_at_the_top(installed):
    wheel, target = installed
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"little_abstracts"}
    assert {path.name for path in target.iterdir() if not path.name.endswith(".dist-info")} \
        == {"little_abstracts", "bin"}
    assert len(list((target / "little_abstracts" / "levels").glob("*.txt"))) >= 40
    assert len(list((target / "little_abstracts" / "levels" / "puzzles").glob("*.json"))) >= 3
    themes = target / "little_abstracts" / "game" / "ui" / "themes"
    assert len(list(themes.glob("*.json"))) == len(PALETTE_NAMES)
    assert not (target / "little_abstracts" / "game" / "bench").exists()


def run_installed(target: Path, tmp_path: Path, *args):
    env = dict(os.environ, PYTHONPATH=str(target), LITTLE_ABSTRACTS_HOME=str(tmp_path),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("LITTLE_ABSTRACTS_LAUNCH", None)
    return subprocess.run([sys.executable, "-m", "little_abstracts", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)


def test_the_installed_game_finds_everything(installed, tmp_path):
    done = run_installed(installed[1], tmp_path, "--self-check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"levels in {installed[1] / 'little_abstracts' / 'levels'}" in done.stdout
    assert "worker process" in done.stdout


def test_the_installed_command_is_strict(installed, tmp_path):
    done = run_installed(installed[1], tmp_path, "nonsense")
    assert done.returncode == 2
    assert "unknown argument 'nonsense'" in done.stderr.splitlines()[0]
    script = installed[1] / "bin" / "little-abstracts"
    assert "from little_abstracts import main" in script.read_text(encoding="utf-8")


# --- the linter: configured here, run by `python3 play.py test` before the suite -------
def test_ruff_is_configured_and_every_rule_left_out_says_why():
    lint = pyproject_tools()["ruff"]["lint"]
    assert {"E4", "E7", "E9", "F", "B", "UP"} <= set(lint["select"])
    # A suppression names its rule (PGH004) and one that suppresses nothing goes (RUF100).
    assert {"PGH", "RUF100"} <= set(lint["select"])
    # Each rule ignored, everywhere or in one file, has its reason on the line above.
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    start = lines.index("[tool.ruff.lint]")
    end = next(i for i in range(start + 1, len(lines))
               if lines[i].startswith("[") and not lines[i].startswith("[tool.ruff"))
    section = lines[start:end]
    ignore = section.index("ignore = [")
    entries = [i for i in range(ignore + 1, section.index("]", ignore))
               if section[i].strip().startswith('"')]
    entries += [i for i, line in enumerate(section) if " = [" in line and line.startswith('"')]
    assert len(entries) == len(lint["ignore"]) + len(lint["per-file-ignores"])
    assert [section[i] for i in entries if not section[i - 1].strip().startswith("#")] == []


def test_the_test_command_runs_ruff_and_stops_on_a_finding(monkeypatch):
    """`python3 play.py test` runs `ruff check` over the project first, then pytest; when
    ruff finds something, the suite does not start and the command fails."""
    import play
    commands, _ = play.build_commands(cli.parse(["test", "-x"]), windowed=False)
    assert commands[0] == [play.venv_python(), "-m", "ruff", "check", play.HERE]
    assert commands[-1][1:] == ["-m", "pytest", "tests", "-x"]
    ran = []
    monkeypatch.setattr(play, "ensure_environment", lambda windowed: None)
    monkeypatch.setattr(play, "run_child", lambda command, *_: ran.append(command) or 1)
    assert play.main(["test"]) == 1
    assert ran == [commands[0]]


def test_the_test_tools_are_pinned_and_the_suite_uses_every_core():
    """play.py installs requirements-test.txt: ruff and pytest-xdist come with it, at the
    versions the test extra names; addopts spreads the suite over every core."""
    pinned = dict(line.split(";")[0].strip().split("==") for line in
                  (ROOT / "requirements-test.txt").read_text(encoding="utf-8").splitlines()
                  if "==" in line and not line.startswith("#"))
    assert {"ruff", "pytest-xdist", "execnet"} <= set(pinned)
    with open(ROOT / "pyproject.toml", "rb") as handle:
        extra = tomllib.load(handle)["project"]["optional-dependencies"]["test"]
    assert f"ruff=={pinned['ruff']}" in extra
    assert any(need.startswith("pytest-xdist") for need in extra)
    addopts = pyproject_tools()["pytest"]["ini_options"]["addopts"]
    assert addopts[addopts.index("-n") + 1] == "auto" and "--dist" in addopts


def test_ruff_finds_nothing():
    """The same check for a suite started without play.py (pytest alone)."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", str(ROOT)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
