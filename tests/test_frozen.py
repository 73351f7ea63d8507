"""The standalone build (game/tools/build.py), made and run as a player would: without
Python, headless. It reaches the menu, plays moves of every game against the computer
through the worker process (a frozen program restarting itself), finds its levels in its
own folder, quits cleanly, and says so when a file or the window is missing.

Building takes about 30 s on the 2-core test machine (PyInstaller), once per run."""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game.launch import cli

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.frozen


# Built once for the module: the suite hands whole modules to its worker processes
# (pyproject.toml's --dist loadfile), so one process builds, in the project's build/.
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "game.tools.build", "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out / "little-abstracts", done.stdout


def run_frozen(app: Path, home: Path, *args, **extra):
    from game.tools.build import program
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV")) and key != cli.LAUNCH_ENV}
    env.update({"LITTLE_ABSTRACTS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
                "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin", **extra})
    return subprocess.run([str(program(app)), *args], cwd=home, env=env, timeout=300,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)


def test_the_build_is_a_folder_and_an_archive(built):
    app, report = built
    assert "Built" in report and "Archive" in report
    archives = list(app.parent.glob("little-abstracts-*"))
    assert len(archives) == 1
    archive = archives[0]
    names = zipfile.ZipFile(archive).namelist() if archive.suffix == ".zip" \
        else tarfile.open(archive).getnames()
    assert any(name.endswith("levels/001.txt") for name in names)
    assert not list(app.rglob("NotoSansJP-*"))        # pruned: the text is English


def test_the_frozen_app_reaches_the_menu(built, tmp_path):
    done = run_frozen(built[0], tmp_path, "--time-to-menu")
    assert done.returncode == 0, done.stderr
    assert "menu shown at " in done.stdout


def test_the_frozen_app_plays_against_the_computer_and_quits(built, tmp_path):
    done = run_frozen(built[0], tmp_path, "--self-check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-check passed" in done.stdout
    assert f"levels in {built[0]}" in done.stdout
    assert "through the worker process" in done.stdout
    assert "gamepad support loaded" in done.stdout
    assert "ok    LAN discovery: zeroconf" in done.stdout    # its compiled modules came along
    leftovers = subprocess.run(["pgrep", "-f", str(built[0])], capture_output=True,
                               text=True).stdout.split()
    assert leftovers == [], "a worker outlived the frozen app"


def test_the_frozen_app_keeps_to_the_user_folders(built, tmp_path):
    run_frozen(built[0], tmp_path, "--time-to-menu")
    assert (tmp_path / "config" / "settings.json").exists() \
        or not list(built[0].rglob("settings.json"))
    assert not [path for path in built[0].rglob("*.json") if path.name in
                ("settings.json", "resume.json", "stats.json", "puzzles.json")]


def test_the_frozen_command_line_is_strict(built, tmp_path):
    done = run_frozen(built[0], tmp_path, "nonsense")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == \
        "little-abstracts: error: unknown argument 'nonsense'"
    helped = run_frozen(built[0], tmp_path, "--help")
    assert helped.returncode == 0 and "install-desktop" in helped.stdout
    source_only = run_frozen(built[0], tmp_path, "test")
    assert source_only.returncode == 2 and "source folder" in source_only.stderr


def test_a_missing_levels_folder_is_named(built, tmp_path):
    levels = next(built[0].rglob("levels"))
    hidden = levels.with_name("levels-hidden")
    levels.rename(hidden)
    try:
        done = run_frozen(built[0], tmp_path, "--self-check")
    finally:
        hidden.rename(levels)
    assert done.returncode == 1
    assert f"FAIL  levels: the levels folder is missing: {levels}" in done.stdout


def test_no_window_is_explained_and_logged(built, tmp_path):
    done = run_frozen(built[0], tmp_path, SDL_VIDEODRIVER="no-such-driver")
    assert done.returncode == 1
    assert "Little Abstracts stopped: no window can be shown" in done.stderr
    log = (tmp_path / "data" / cli.ERROR_LOG_NAME).read_text(encoding="utf-8")
    assert "no window can be shown" in log


def test_the_frozen_app_installs_its_desktop_entry(built, tmp_path):
    from game.launch.desktop import parse_exec
    from game.tools.build import program
    share = tmp_path / "share"
    done = run_frozen(built[0], tmp_path, "install-desktop", XDG_DATA_HOME=str(share))
    assert done.returncode == 0, done.stderr
    entry = (share / "applications" / "little-abstracts.desktop").read_text()
    exec_value = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert parse_exec(exec_value[len("Exec="):]) == [str(program(built[0]))]
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "little-abstracts.png").exists()
    removed = run_frozen(built[0], tmp_path, "remove-desktop", XDG_DATA_HOME=str(share))
    assert removed.returncode == 0 and removed.stdout.count("Removed") == 2
