#!/usr/bin/env python3
"""Launcher for Little Abstracts. Standard library only.

    python3 play.py                  play
    python3 play.py test [ARGS]      check the code with ruff, then run the whole test
                                     suite on every core (ARGS go to pytest)
    python3 play.py bench [ARGS]     run the benchmarks (python -m game.bench ARGS)
    python3 play.py build            make the standalone app (game/tools/build.py)
    python3 play.py --help           every option and command (game/launch/cli.py)

The command line is checked first, by game/launch/cli.py (standard library only as well), so
an unknown argument is named at once, exit code 2, before anything is installed.

The first run creates a virtual environment ``.venv`` beside this file and
installs requirements.txt and requirements-test.txt into it with that
environment's pip. A stamp file in ``.venv`` holds a hash of both files, so
later runs start at once and a changed requirements file triggers a reinstall.
The game, the tests and the benchmarks then run with the environment's Python,
in this folder, and their exit code becomes the launcher's.

The game's error output reaches the terminal line by line as it is written (the
child runs unbuffered). When there is no console (double-clicked), errors are also
shown in a dialog when one can be shown, and appended to error.log in the user's data
folder (game/launch/cli.py error_log_path).

This file keeps to syntax that old Python 3 releases can parse, so that they
reach the version check and print a clear message instead of a SyntaxError.
"""

import os
import sys

MIN_PYTHON = (3, 11)
APP_NAME = "Little Abstracts"
HERE = os.path.dirname(os.path.realpath(os.path.abspath(__file__)))
VENV_DIR = os.path.join(HERE, ".venv")
STAMP_FILE = os.path.join(VENV_DIR, "little-abstracts-installed.txt")
# (file, what it holds): installed in this order, one pip call each.
REQUIREMENT_FILES = (
    ("requirements.txt", "the game's libraries"),
    ("requirements-test.txt", "the test tools"),
)
# Bump when the way the environment is built changes, to force a reinstall.
SETUP_VERSION = "1"
PIP_TAIL_LINES = 25
ON_WINDOWS = os.name == "nt"
# Keeps the helper processes of a console-less (pythonw) launch from opening
# console windows of their own.
CREATE_NO_WINDOW = 0x08000000

PROG = "python3 play.py"
SETUP_NOTE = ("The first run installs everything into .venv beside play.py; delete .venv to"
              " start over.")


class LauncherError(Exception):
    """A failure to tell the user about: a short message and optional detail."""

    def __init__(self, message, detail=""):
        Exception.__init__(self, message)
        self.message = message
        self.detail = detail


def say(text, stream=None):
    """Print a line, surviving a missing console (pythonw) or a narrow encoding."""
    if stream is None:
        stream = sys.stdout
    if stream is None:
        return
    try:
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(text.encode(encoding, "replace").decode(encoding) + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass        # the console is gone (closed or detached): nowhere left to say it


def has_console():
    """True when any standard stream is a terminal, i.e. someone is watching it."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                return True
        except (OSError, ValueError):
            pass
    return False


def dialog_possible():
    """False on headless and automated runs, where a dialog would block or fail."""
    for name in ("CI", "PYTEST_CURRENT_TEST", "LITTLE_ABSTRACTS_NO_DIALOG"):
        if os.environ.get(name):
            return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if ON_WINDOWS or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY"))


def show_dialog(title, text):
    """Show an error box with tkinter; silently do nothing if that is impossible."""
    try:
        import tkinter
        from tkinter import messagebox

        root = tkinter.Tk()
        root.withdraw()
        try:
            messagebox.showerror(title, text, parent=root)
        finally:
            root.destroy()
    except Exception:
        pass


def write_error_log(text):
    """Append to error.log in the user's data folder; its path, or None."""
    try:
        return game_cli().append_error_log(text)
    except Exception:
        return None


def game_cli():
    """game/launch/cli.py, the command line shared with the app (standard library only)."""
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    from game.launch import cli

    return cli


def report_error(message, detail="", windowed=False, detail_printed=False):
    """Tell the user about an error on stderr and, with no console, in a dialog and a log.

    detail_printed: the detail already went to stderr, so print only the message there.
    """
    full = message + ("\n\n" + detail if detail else "")
    say(message if detail_printed else full, sys.stderr)
    if windowed or not has_console():
        logged = write_error_log(full)
        if dialog_possible():
            shown = message
            if detail:
                lines = detail.splitlines()
                shown += "\n\n" + "\n".join(lines[-12:])
            if logged:
                shown += "\n\n(Details are in {})".format(logged)
            show_dialog(APP_NAME, shown)


def check_python_version():
    if tuple(sys.version_info[:2]) < MIN_PYTHON:
        raise LauncherError(
            "{} needs Python {}.{} or newer; this is {}.{} ({})".format(
                APP_NAME, MIN_PYTHON[0], MIN_PYTHON[1],
                sys.version_info[0], sys.version_info[1], sys.executable or "unknown path"),
            "Install a newer Python (python.org, or your system's package manager)"
            " and start play.py with it, e.g. python3.{} play.py".format(MIN_PYTHON[1]),
        )


def venv_python(gui=False):
    if ON_WINDOWS:
        return os.path.join(VENV_DIR, "Scripts", "pythonw.exe" if gui else "python.exe")
    return os.path.join(VENV_DIR, "bin", "python")


def console_python():
    """This interpreter, preferring python.exe over pythonw.exe for helper work."""
    executable = sys.executable
    if ON_WINDOWS and executable and os.path.basename(executable).lower() == "pythonw.exe":
        sibling = os.path.join(os.path.dirname(executable), "python.exe")
        if os.path.isfile(sibling):
            return sibling
    return executable


def requirements_digest():
    import hashlib

    digest = hashlib.sha256(("setup " + SETUP_VERSION + "\n").encode("utf-8"))
    for name, _ in REQUIREMENT_FILES:
        path = os.path.join(HERE, name)
        try:
            with open(path, "rb") as handle:
                content = handle.read()
        except OSError as error:
            raise LauncherError("Cannot read {}: {}".format(path, error)) from error
        digest.update(name.encode("utf-8") + b"\0" + content + b"\0")
    return digest.hexdigest()


def read_stamp():
    try:
        with open(STAMP_FILE, "r", encoding="utf-8") as handle:
            return handle.read().strip()
    except (OSError, ValueError):
        return ""


def remove_stamp():
    try:
        os.remove(STAMP_FILE)
    except OSError:
        pass


def write_stamp(digest):
    with open(STAMP_FILE, "w", encoding="utf-8") as handle:
        handle.write(digest + "\n")


def run_streaming(command, windowed, indent="    "):
    """Run a helper command, echoing its output and returning (exit code, last lines)."""
    import collections
    import subprocess

    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    options = {"cwd": HERE, "env": env, "stdin": subprocess.DEVNULL,
               "stdout": subprocess.PIPE, "stderr": subprocess.STDOUT}
    if ON_WINDOWS and windowed:
        options["creationflags"] = CREATE_NO_WINDOW
    tail = collections.deque(maxlen=PIP_TAIL_LINES)
    try:
        process = subprocess.Popen(command, **options)
    except OSError as error:
        return 127, ["cannot start {}: {}".format(command[0], error)]
    try:
        for raw in process.stdout:
            line = raw.decode("utf-8", "replace").rstrip()
            tail.append(line)
            say(indent + line)
    finally:
        process.stdout.close()
        code = wait_for(process)
    return code, list(tail)


def venv_support_missing():
    import importlib.util

    for name in ("venv", "ensurepip"):
        try:
            if importlib.util.find_spec(name) is None:
                return True
        except (ImportError, ValueError):
            return True
    return False


def venv_missing_error():
    return LauncherError(
        "Python's venv module (with ensurepip) is missing, so {} cannot set itself up.".format(APP_NAME),
        "On Debian or Ubuntu install it with:\n"
        "    sudo apt install python3-venv\n"
        "(or python3.{}-venv for this Python), then run play.py again.".format(sys.version_info[1]),
    )


def create_venv(windowed):
    if venv_support_missing():
        raise venv_missing_error()
    command = [console_python(), "-m", "venv"]
    if os.path.exists(VENV_DIR):
        command.append("--clear")
    command.append(VENV_DIR)
    say("  Creating the virtual environment in {}".format(VENV_DIR))
    code, tail = run_streaming(command, windowed)
    if code != 0 or not os.path.isfile(venv_python()):
        if any("ensurepip" in line or "python3-venv" in line for line in tail):
            raise venv_missing_error()
        raise LauncherError(
            "Setting up failed while creating the virtual environment {} (exit code {}).".format(
                VENV_DIR, code),
            "\n".join(tail) + "\n\nThe next run will try again.",
        )


def ensure_environment(windowed):
    """Make .venv ready (installing only when needed) and return its console python."""
    digest = requirements_digest()
    python = venv_python()
    if os.path.isfile(python) and read_stamp() == digest:
        return python
    remove_stamp()
    first_time = not os.path.isfile(python)
    if first_time:
        say("Setting up (first run only)\u2026 installing the game's libraries and test tools into .venv")
    else:
        say("Requirements changed (or an earlier setup did not finish): updating .venv\u2026")
    try:
        if first_time:
            create_venv(windowed)
        for name, what in REQUIREMENT_FILES:
            say("  Installing {} ({})".format(what, name))
            command = [python, "-m", "pip", "install", "--no-input", "--progress-bar", "off",
                       "-r", os.path.join(HERE, name)]
            code, tail = run_streaming(command, windowed)
            if code != 0:
                raise LauncherError(
                    "Setting up failed while installing {} from {} (pip exit code {}).".format(
                        what, name, code),
                    "Last lines of pip's output:\n" + "\n".join(tail)
                    + "\n\nThe next run will try again.",
                )
    except BaseException:
        remove_stamp()
        raise
    write_stamp(digest)
    say("Setup finished.")
    return python


def wait_for(process):
    """Wait for a child; Ctrl+C reaches it too, so keep waiting for it to finish. A
    request to stop the launcher (SIGTERM, or SIGHUP when its terminal closes) is passed
    on to the child, so the game never outlives the launcher that started it."""
    forwarded = forward_stop_signals(process)
    try:
        while True:
            try:
                code = process.wait()
                break
            except KeyboardInterrupt:
                continue
    finally:
        restore_signals(forwarded)
    if code < 0:
        code = 128 - code
    return code


def forward_stop_signals(process):
    """Pass SIGTERM and SIGHUP on to `process` (POSIX, main thread); the old handlers."""
    import signal
    import threading

    if ON_WINDOWS or threading.current_thread() is not threading.main_thread():
        return {}
    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            old[number] = signal.signal(number, lambda signum, frame: process.send_signal(signum))
    return old


def restore_signals(old):
    import signal

    for number, handler in old.items():
        signal.signal(number, handler)


def run_child(command, windowed, capture_errors):
    """Run the game, tests or benchmarks; return their exit code.

    With capture_errors (no console to show a traceback), the child's stderr is passed
    on line by line as it comes (nothing waits for the exit), and its last lines are
    reported in a dialog and the error log if the child fails.
    """
    import collections
    import subprocess
    import threading

    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"           # the child's messages come out as they happen
    env["PYTHONIOENCODING"] = "utf-8"
    env[game_cli().LAUNCH_ENV] = json_list([os.path.abspath(sys.executable),
                                            os.path.join(HERE, "play.py")])
    options = {"cwd": HERE, "env": env}
    if ON_WINDOWS and windowed:
        options["creationflags"] = CREATE_NO_WINDOW
    if not capture_errors:
        return wait_for(subprocess.Popen(command, **options))
    if sys.stdout is None:
        options["stdout"] = subprocess.DEVNULL
    if sys.stdin is None:
        options["stdin"] = subprocess.DEVNULL
    tail = collections.deque(maxlen=40)
    process = subprocess.Popen(command, stderr=subprocess.PIPE, **options)

    def pump():
        for raw in process.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            tail.append(line)
            say(line, sys.stderr)

    pumping = threading.Thread(target=pump, daemon=True)
    pumping.start()
    code = wait_for(process)
    pumping.join(timeout=5)
    if code != 0:
        report_error(
            "{} stopped with an error (exit code {}).".format(APP_NAME, code),
            "\n".join(line for line in tail if line.strip()),
            windowed=True,
            detail_printed=sys.stderr is not None,
        )
    return code


def json_list(items):
    import json

    return json.dumps(list(items))


def build_commands(request, windowed):
    """Return (commands, what) for a parsed command line (game/launch/cli.py Request): the
    commands run one after another, and the first that fails ends the run."""
    if request.command == "test":
        return [lint_command(), pytest_command(request.rest)], "tests"
    if request.command == "bench":
        return [[venv_python(), "-m", "game.bench"] + list(request.rest)], "bench"
    if request.command == "build":
        out = [] if request.out is None else ["--out", os.path.abspath(request.out)]
        return [[venv_python(), "-m", "game.tools.build"] + out], "build"
    game_python = venv_python(gui=ON_WINDOWS and windowed)
    if not os.path.isfile(game_python):
        game_python = venv_python()
    args = [request.command] if request.command else sorted(request.flags)
    return [[game_python, "-m", "game"] + args], "game"


def lint_command():
    """`test` starts with ruff over the whole project (its rules: pyproject.toml,
    [tool.ruff]); a finding fails the command before the suite starts."""
    return [venv_python(), "-m", "ruff", "check", HERE]


def pytest_command(args):
    """The suite (pyproject.toml's addopts spread it over every core with pytest-xdist):
    the whole tests folder unless the arguments name test paths."""
    extra = list(args)
    if not any(looks_like_test_path(arg) for arg in extra):
        extra.insert(0, "tests")
    return [venv_python(), "-m", "pytest"] + extra


def looks_like_test_path(arg):
    """A pytest argument naming a file or folder in this project (tests/x.py::test_y)."""
    if arg.startswith("-"):
        return False
    path = arg.split("::", 1)[0]
    return bool(path) and os.path.exists(os.path.join(HERE, path))


def main(argv=None, windowed=False):
    """Run the launcher; windowed=True when started without a console (play.pyw)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        check_python_version()
        cli = game_cli()
        try:
            request = cli.parse(args)
        except cli.UsageError as error:
            return cli.say_usage_error(error, PROG)
        if request.command == "help":
            say(cli.help_text(PROG) + "\n\n" + SETUP_NOTE)
            return 0
        ensure_environment(windowed)
        commands, what = build_commands(request, windowed)
        capture = what == "game" and (windowed or not has_console())
        for command in commands:
            code = run_child(command, windowed, capture)
            if code != 0:
                if command == lint_command():
                    say("ruff found the problems above, so the tests did not run ({} -m"
                        " ruff check --fix mends some of them).".format(
                            os.path.relpath(venv_python(), HERE)), sys.stderr)
                return code
        return 0
    except LauncherError as error:
        report_error(error.message, error.detail, windowed)
        return 1
    except KeyboardInterrupt:
        say("Interrupted; the next run will finish the setup.", sys.stderr)
        return 130
    except Exception as error:
        import traceback

        report_error("{}'s launcher failed unexpectedly: {}".format(APP_NAME, error),
                     traceback.format_exc(), windowed)
        return 1


if __name__ == "__main__":
    sys.exit(main())
