"""The command line (game/launch/cli.py) through every door: play.py, `python -m game`.

Strict: an unknown argument is named in one line with the usage, exit code 2, before
anything is installed or opened; --help lists every option and command; the game's
error output reaches the terminal while the game runs; a fatal error at start is
explained, and written to error.log in the user's data folder."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.launch import cli

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "play.py"
SYSTEM_PYTHON = os.environ.get("LITTLE_ABSTRACTS_SYSTEM_PYTHON", "python3")


def environment(home: Path, **extra) -> dict:
    env = dict(os.environ)
    env.update({"LITTLE_ABSTRACTS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
                "SDL_AUDIODRIVER": "dummy"})
    env.pop(cli.LAUNCH_ENV, None)
    env.update(extra)
    return env


def run(command, home, cwd=None, **extra):
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          cwd=cwd or home, env=environment(home, **extra),
                          stdin=subprocess.DEVNULL)


# --- parsing ---------------------------------------------------------------------------
@pytest.mark.parametrize("argv, command, flags", [
    ([], None, set()),
    (["--version"], None, {"--version"}),
    (["--self-check"], None, {"--self-check"}),
    (["--help"], "help", set()),
    (["help"], "help", set()),
    (["install-desktop"], "install-desktop", set()),
    (["remove-desktop"], "remove-desktop", set()),
])
def test_known_command_lines_parse(argv, command, flags):
    request = cli.parse(argv)
    assert (request.command, request.flags) == (command, flags)


def test_test_and_bench_pass_every_argument_on():
    assert cli.parse(["test", "-x", "--weird", "tests/a.py"]).rest == ["-x", "--weird",
                                                                     "tests/a.py"]
    assert cli.parse(["bench", "frames", "--runs", "3"]).rest == ["frames", "--runs", "3"]


def test_build_takes_an_output_folder_only():
    assert cli.parse(["build"]).out is None
    assert cli.parse(["build", "--out", "x"]).out == "x"
    assert cli.parse(["build", "--out=y"]).out == "y"
    for bad in (["build", "--out"], ["build", "fast"]):
        with pytest.raises(cli.UsageError):
            cli.parse(bad)


@pytest.mark.parametrize("argv, named", [
    (["nonsense"], "'nonsense'"),
    (["--fullscreen"], "'--fullscreen'"),
    (["--version", "extra", "more"], "'extra' 'more'"),
    (["--version", "test"], "commands come first"),
    (["install-desktop", "now"], "now"),
    (["help", "me"], "me"),
    (["--version", "--self-check"], "choose one of"),
])
def test_unknown_or_misplaced_arguments_are_named(argv, named):
    with pytest.raises(cli.UsageError, match=named):
        cli.parse(argv)


def test_help_lists_every_option_and_command():
    text = cli.help_text("prog")
    for option, _ in cli.OPTIONS:
        for name in option.split(", "):
            assert name in text
    for command in cli.COMMANDS:
        assert f"\n  {command.name}" in text
    assert text.startswith(cli.usage("prog"))


# --- through play.py and python -m game ------------------------------------------------
def test_play_py_refuses_an_unknown_argument_at_once(tmp_path):
    done = run([SYSTEM_PYTHON, str(PLAY), "nonsense"], tmp_path)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0] == "python3 play.py: error: unknown argument 'nonsense'"
    assert lines[1].startswith("usage: python3 play.py")
    assert done.stdout == ""


def test_play_py_help_lists_everything(tmp_path):
    done = run([SYSTEM_PYTHON, str(PLAY), "--help"], tmp_path)
    assert done.returncode == 0
    assert cli.help_text("python3 play.py") in done.stdout


def test_the_module_is_as_strict(tmp_path):
    done = run([sys.executable, "-m", "game", "--nonsense"], tmp_path, cwd=ROOT)
    assert done.returncode == 2
    assert "unknown argument '--nonsense'" in done.stderr.splitlines()[0]


def test_source_only_commands_say_where_they_run(tmp_path):
    done = run([sys.executable, "-m", "game", "bench"], tmp_path, cwd=ROOT)
    assert done.returncode == 2
    assert "python3 play.py bench" in done.stderr


def test_version_through_play_py_from_another_folder(tmp_path):
    from game import __version__
    done = run([SYSTEM_PYTHON, str(PLAY), "--version"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"Little Abstracts {__version__}")


def test_the_games_messages_reach_the_terminal_while_it_runs(tmp_path):
    """No console (stdin, stdout and stderr are not terminals, as when double-clicked):
    play.py used to hold the game's stderr until it exited. The line must arrive while
    the game is still running."""
    process = subprocess.Popen([SYSTEM_PYTHON, str(PLAY)], cwd=tmp_path,
                               env=environment(tmp_path), stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(
        iter(lambda: process.stderr.readline().decode(), "")), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("no window can be shown" in line
                                                      for line in lines):
            assert process.poll() is None, f"the game stopped: {lines}"
            time.sleep(0.05)
        assert any("no window can be shown" in line for line in lines), lines
        assert process.poll() is None, "the line only came when the game had ended"
    finally:
        process.terminate()
        process.wait(timeout=30)
    if sys.platform.startswith("linux"):     # the game went with its launcher
        deadline = time.monotonic() + 20
        while started_with_home(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert started_with_home(tmp_path) == [], "the game outlived play.py"


def started_with_home(home: Path) -> list[int]:
    """The processes (Linux) whose environment points LITTLE_ABSTRACTS_HOME at `home`."""
    wanted = f"LITTLE_ABSTRACTS_HOME={home}".encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        with contextlib.suppress(OSError):          # a process that just ended
            if wanted in environ.read_bytes().split(b"\0"):
                found.append(int(environ.parent.name))
    return found


def test_a_fatal_start_is_explained_and_logged(tmp_path):
    done = run([sys.executable, "-m", "game"], tmp_path, cwd=ROOT,
               SDL_VIDEODRIVER="no-such-driver")
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()
    message = next(line for line in last if line.startswith("Little Abstracts stopped"))
    assert "no window can be shown" in message and "no-such-driver" in message
    log = tmp_path / "data" / cli.ERROR_LOG_NAME
    assert message in log.read_text(encoding="utf-8")
    assert "Traceback" in log.read_text(encoding="utf-8")


def test_the_error_window_is_not_shown_where_nobody_could_close_it(monkeypatch):
    from game.launch import error_window
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not error_window.possible()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setenv("CI", "1")
    assert not error_window.possible()
    monkeypatch.delenv("CI")
    monkeypatch.delenv("LITTLE_ABSTRACTS_NO_DIALOG", raising=False)
    assert error_window.possible()


def test_error_window_text_wraps_inside_the_window():
    import pygame
    from game.launch import error_window
    pygame.font.init()
    font = pygame.font.Font(None, 26)
    width = error_window.SIZE[0] - 2 * error_window.MARGIN
    text = "Little Abstracts stopped: a file the game needs is missing: " + "x/" * 40
    lines = error_window.wrap(text, font, width)
    assert " ".join(lines) == text
    assert all(font.size(line)[0] <= width or " " not in line for line in lines)


def test_the_system_python_runs_the_modules_with_the_venv(tmp_path):
    """`python3 -m game` and `python3 -m game.bench` from the project folder, with the
    system's python3 (without the libraries): they run again with .venv's Python."""
    done = run([SYSTEM_PYTHON, "-m", "game", "--version"], tmp_path, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Little Abstracts" in done.stdout
    helped = run([SYSTEM_PYTHON, "-m", "game.bench", "--help"], tmp_path, cwd=ROOT)
    assert helped.returncode == 0, helped.stderr
    assert "usage: python3 play.py bench" in helped.stdout


def test_the_error_window_shows_the_message_until_a_key(monkeypatch):
    """Where a window can be opened, the message is drawn in one and stays until the
    player presses a key (here the key is already waiting)."""
    import pygame
    from game.launch import error_window
    monkeypatch.setattr(error_window, "possible", lambda: True)
    shown = []
    monkeypatch.setattr(pygame.display, "flip",
                        lambda: shown.append(pygame.display.get_surface().copy()))
    monkeypatch.setattr(pygame.event, "get", lambda: [pygame.event.Event(pygame.KEYDOWN)])
    error_window.show(["Little Abstracts stopped: a file the game needs is missing: x"])
    assert len(shown) == 1 and shown[0].get_size() == error_window.SIZE
    text_pixels = pygame.mask.from_threshold(shown[0], (236, 236, 240), (40, 40, 40, 255))
    assert text_pixels.count() > 500
