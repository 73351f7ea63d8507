"""install-desktop / remove-desktop (game/launch/desktop.py): an entry with absolute paths that
starts the game from any folder, an icon painted by the game, and a clean removal."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.launch import cli, desktop

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_PYTHON = os.environ.get("LITTLE_ABSTRACTS_SYSTEM_PYTHON", "python3")

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="desktop entries are a Linux desktop's")


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share"


def entry_values(path: Path) -> dict:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


def test_the_entry_has_absolute_paths_and_the_icon(data_home):
    command = [sys.executable, str(ROOT / "play.py")]
    entry, icon = desktop.install(command)
    assert entry == data_home / "applications" / "little-abstracts.desktop"
    values = entry_values(entry)
    assert desktop.parse_exec(values["Exec"]) == command
    assert all(os.path.isabs(part) for part in desktop.parse_exec(values["Exec"]))
    assert Path(values["Icon"]) == icon and icon.is_absolute()
    assert pygame.image.load(str(icon)).get_size() == (desktop.ICON_SIZE, desktop.ICON_SIZE)
    assert values["Type"] == "Application" and values["Terminal"] == "false"
    assert "%k" not in entry.read_text(encoding="utf-8")
    assert os.access(entry, os.X_OK)


def test_a_dock_finds_the_running_game_under_its_launcher(data_home):
    """The entry names the window's class (the app sets it: tests/test_window.py), so a
    dock shows the running game on its launcher's icon, not beside it."""
    entry, _ = desktop.install(["/opt/little-abstracts/little-abstracts"])
    assert entry_values(entry)["StartupWMClass"] == "little-abstracts"
    assert entry.stem == "little-abstracts"         # Wayland matches the app id to it


@pytest.mark.parametrize("odd", ['with space/play.py', 'quote"d/$HOME/`x`/100%/play.py',
                                 'back\\slash/play.py'])
def test_exec_quoting_survives_odd_folder_names(odd):
    command = ["/usr/bin/python3", f"/home/me/{odd}"]
    assert desktop.parse_exec(desktop.exec_line(command)) == command


def test_the_installed_entry_starts_the_game_from_any_folder(tmp_path):
    """As a launcher would: the Exec command run from a folder that is not the project's
    (here with --version added, so that it returns)."""
    share = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(share), LITTLE_ABSTRACTS_HOME=str(tmp_path))
    env.pop(cli.LAUNCH_ENV, None)
    done = subprocess.run([SYSTEM_PYTHON, str(ROOT / "play.py"), "install-desktop"],
                          cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    entry = share / "applications" / "little-abstracts.desktop"
    command = desktop.parse_exec(entry_values(entry)["Exec"])
    assert command[-1] == str(ROOT / "play.py")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    started = subprocess.run(command + ["--version"], cwd=elsewhere, env=env,
                             capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    assert "Little Abstracts" in started.stdout


def test_remove_takes_out_what_install_wrote(data_home):
    entry, icon = desktop.install(["/opt/little-abstracts/little-abstracts"])
    removed, kept = desktop.remove()
    assert set(removed) == {entry, icon} and kept == []
    assert not entry.exists() and not icon.exists()
    assert desktop.remove() == ([], [])


def test_remove_leaves_an_entry_it_did_not_write(data_home):
    entry = desktop.entry_path()
    entry.parent.mkdir(parents=True)
    entry.write_text("[Desktop Entry]\nName=Someone else's\n", encoding="utf-8")
    removed, kept = desktop.remove()
    assert removed == [] and entry.exists() and str(entry) in kept[0]


def test_the_commands_report_what_they_did(data_home, capsys):
    assert desktop.main("install-desktop", ["/opt/little-abstracts/little-abstracts"]) == 0
    assert "Installed" in capsys.readouterr().out
    assert desktop.main("remove-desktop", []) == 0
    assert capsys.readouterr().out.count("Removed") == 2
    assert desktop.main("remove-desktop", []) == 0
    assert "Nothing to remove" in capsys.readouterr().out
