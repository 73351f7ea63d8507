"""The command line, one for every way the game starts: `python3 play.py`, the frozen
app, the installed `little-abstracts` command and `python -m game`.

Standard library only until a command runs: play.py parses its arguments here before it
sets up `.venv`, so a mistyped argument is named at once, on a fresh machine too.

Strict: an argument nobody knows is an error (one line naming it, then the usage; exit
code 2), never ignored. `test`, `bench` and `build` belong to the source folder (play.py
runs them); the frozen app and the installed command say so instead of failing later.

A fatal error while starting is printed at once, appended to `error.log` in the user's
data folder, and shown in a window where one can be opened (`report_fatal`)."""
from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field

from game import TITLE

EXIT_USAGE = 2
LAUNCH_ENV = "LITTLE_ABSTRACTS_LAUNCH"   # how play.py starts the game (desktop entries)
ERROR_LOG_NAME = "error.log"
HELP_WIDTH = 88

# (option, what it does): the options of playing (no command).
OPTIONS = (
    ("-h, --help", "show this help and exit"),
    ("--version", "print the version and exit"),
    ("--time-to-menu", "open the window, show the menu once, print when, and quit "
                       "(the startup benchmark)"),
    ("--self-check", "open the menu, play a few moves of every game against the computer "
                     "(through its worker process), check the levels and the user folders, "
                     "and quit; exit code 0 when all is well"),
)
GAME_FLAGS = ("--version", "--time-to-menu", "--self-check")


@dataclass(frozen=True)
class CommandInfo:
    name: str
    arguments: str          # how its arguments read in the help
    summary: str
    source_only: bool       # needs the source folder (play.py and .venv)
    passes_on: bool = False  # every argument after it belongs to it (pytest, the benches)


COMMANDS = (
    CommandInfo("test", "[PYTEST ARGS]", "run the whole test suite; the arguments go to "
                "pytest (paths in them are relative to the project folder)", True, True),
    CommandInfo("bench", "[NAME] [ARGS]", "run the benchmarks (`bench --help` lists them)",
                True, True),
    CommandInfo("build", "[--out FOLDER]", "make the standalone app for this OS: a folder "
                "and an archive of it, in dist/ unless --out names another folder", True),
    CommandInfo("install-desktop", "", "add Little Abstracts, with its icon, to the "
                "desktop's application menu (Linux)", False),
    CommandInfo("remove-desktop", "", "take it out of the application menu again", False),
    CommandInfo("help", "", "show this help and exit", False),
)
COMMAND_NAMES = tuple(command.name for command in COMMANDS)


class UsageError(Exception):
    """A command line that cannot be run: the message names what is wrong."""


@dataclass
class Request:
    """A parsed command line: a command (None: play) and its arguments."""
    command: str | None = None
    flags: set = field(default_factory=set)
    rest: list = field(default_factory=list)     # the arguments a command passes on
    out: str | None = None                       # build --out


def program_name() -> str:
    """How the user started this, as the usage should show it."""
    if os.environ.get(LAUNCH_ENV):               # started by play.py
        return "python3 play.py"
    if getattr(sys, "frozen", False):
        return os.path.basename(sys.executable)
    return "little-abstracts"


def usage(prog: str | None = None) -> str:
    prog = prog or program_name()
    flags = " | ".join(GAME_FLAGS)
    return (f"usage: {prog} [-h] [{flags}]\n"
            f"       {prog} {{{','.join(COMMAND_NAMES)}}} [ARGS]")


def help_text(prog: str | None = None) -> str:
    prog = prog or program_name()
    width = max(len(option) for option, _ in OPTIONS)
    width = max(width, max(len(f"{c.name} {c.arguments}".strip()) for c in COMMANDS))
    lines = [usage(prog), "", f"Play {TITLE}: five small abstract games.", "",
             "options (with no command: play):"]
    lines += [_entry(option, text, width) for option, text in OPTIONS]
    lines += ["", "commands:"]
    for command in COMMANDS:
        name = f"{command.name} {command.arguments}".strip()
        note = "" if not command.source_only else " (source folder only)"
        lines.append(_entry(name, command.summary + note, width))
    lines += ["", "Settings and saves live in the user's folders (see the README, \"Files\");",
              f"errors at start are also written to {ERROR_LOG_NAME} in the data folder."]
    return "\n".join(lines)


def _entry(name: str, text: str, width: int) -> str:
    import textwrap
    indent = " " * (width + 4)
    return textwrap.fill(text, HELP_WIDTH, initial_indent=f"  {name.ljust(width)}  ",
                         subsequent_indent=indent)


def parse(argv) -> Request:
    """The request of a command line; UsageError for anything unknown or misplaced."""
    args = list(argv)
    if not args:
        return Request()
    first = args[0]
    if first in ("-h", "--help", "help"):
        if len(args) > 1:
            raise UsageError(f"{first} takes no arguments: {' '.join(args[1:])}")
        return Request(command="help")
    if first in COMMAND_NAMES:
        info = next(c for c in COMMANDS if c.name == first)
        if info.passes_on:
            return Request(command=first, rest=args[1:])
        if first == "build":
            return _parse_build(args[1:])
        if len(args) > 1:
            raise UsageError(f"{first} takes no arguments: {' '.join(args[1:])}")
        return Request(command=first)
    flags = set()
    unknown = []
    for arg in args:
        if arg in ("-h", "--help"):
            return Request(command="help")
        if arg in GAME_FLAGS:
            flags.add(arg)
        else:
            unknown.append(arg)
    if unknown:
        words = " ".join(repr(arg) for arg in unknown)
        what = "argument" if len(unknown) == 1 else "arguments"
        hint = ("; commands come first" if any(a in COMMAND_NAMES for a in unknown)
                else "")
        raise UsageError(f"unknown {what} {words}{hint}")
    if len(flags) > 1:
        raise UsageError(f"choose one of {' '.join(sorted(flags))}")
    return Request(flags=flags)


def _parse_build(args) -> Request:
    request = Request(command="build")
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--out" and rest:
            request.out = rest.pop(0)
        elif arg.startswith("--out="):
            request.out = arg.split("=", 1)[1]
        elif arg == "--out":
            raise UsageError("build --out needs a folder")
        else:
            raise UsageError(f"unknown argument {arg!r} for build")
    return request


def say_usage_error(error: UsageError, prog: str | None = None) -> int:
    """Print the one-line error and the usage on stderr; the exit code for it."""
    prog = prog or program_name()
    stream = sys.stderr
    if stream is not None:
        print(f"{prog}: error: {error}\n{usage(prog)}\n(try {prog} --help)", file=stream,
              flush=True)
    return EXIT_USAGE


def launch_command() -> list[str]:
    """The command that starts this app again, with absolute paths (desktop entries)."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    given = os.environ.get(LAUNCH_ENV)
    if given:
        import json
        return [str(part) for part in json.loads(given)]
    if "little_abstracts" in sys.modules:       # installed under the project's name
        return [os.path.abspath(sys.executable), "-m", "little_abstracts"]
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    launcher = os.path.join(source, "play.py")  # game/launch/cli.py -> the source folder
    if os.path.isfile(launcher):                # the source folder, started without it
        return [os.path.abspath(sys.executable), launcher]
    return [os.path.abspath(sys.executable), "-m", "game"]


def main(argv=None) -> int:
    """Run one command line; the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")    # pygame's greeting
    try:
        request = parse(argv)
    except UsageError as error:
        return say_usage_error(error)
    command = request.command
    if command == "help":
        print(help_text())
        return 0
    if command is not None and next(c for c in COMMANDS if c.name == command).source_only:
        print(f"{program_name()}: `{command}` runs from the source folder: "
              f"python3 play.py {command}", file=sys.stderr, flush=True)
        return EXIT_USAGE
    if command in ("install-desktop", "remove-desktop"):
        from game.launch import desktop
        return desktop.main(command, launch_command())
    if "--version" in request.flags:
        from game import __version__
        print(f"{TITLE} {__version__}")
        return 0
    try:
        if "--self-check" in request.flags:
            from game.launch import self_check
            return self_check.run()
        from game.app import play
        return play(time_to_menu="--time-to-menu" in request.flags)
    except KeyboardInterrupt:
        return 130
    except Exception as error:     # the last place that can tell the player
        report_fatal(error)
        return 1


def error_log_path():
    from game.core import storage
    return storage.data_dir() / ERROR_LOG_NAME


def append_error_log(text: str):
    """Append `text` to the error log in the data folder; its path, or None."""
    import time

    from game.core import storage
    try:
        path = error_log_path()
        storage.append_text(path, f"---- {time.strftime('%Y-%m-%d %H:%M:%S')} ----\n{text}\n")
        return path
    except Exception:   # no log is no reason to hide the error itself
        return None


def report_fatal(error: BaseException) -> None:
    """Tell the player why the game stopped: on stderr at once, in the error log, and
    in a window of its own when a window can still be opened."""
    import traceback
    detail = "".join(traceback.format_exception(error))
    message = f"{TITLE} stopped: {explain(error)}"
    if sys.stderr is not None:
        print(f"{detail}\n{message}", file=sys.stderr, flush=True)
    log = append_error_log(f"{message}\n\n{detail}")
    lines = [message]
    if log is not None:
        lines.append(f"The details are in {log}.")
    # No window possible: stderr and the log have told it already.
    with contextlib.suppress(Exception):
        from game.launch.error_window import show
        show(lines)


def explain(error: BaseException) -> str:
    """The error in words a player can act on."""
    text = str(error) or type(error).__name__
    if type(error).__name__ == "error" and type(error).__module__.startswith("pygame"):
        return f"no window can be shown ({text}). Is a display available?"
    if isinstance(error, FileNotFoundError):
        return (f"a file the game needs is missing: {error.filename or text}. This copy of "
                f"the game is incomplete: unpack, build or install it again.")
    return f"{type(error).__name__}: {text}"
