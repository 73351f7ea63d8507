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


def test_no_linter_codes_where_no_linter_runs():
    """No linter is a dependency or runs, so a linter's suppression comment only pretends
    to be checked: a reason is written as a plain comment instead."""
    marker = "# " + "noqa"          # (spelt apart, or this file would hold one)
    found = [f"{path.relative_to(ROOT)}:{number}"
             for folder in ("game", "tests", "sprites", "sounds")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if marker in line]
    found += [name for name in ("play.py", "play.pyw")
              if marker in (ROOT / name).read_text(encoding="utf-8")]
    assert not found, found
