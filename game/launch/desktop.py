"""`install-desktop` / `remove-desktop`: the game in the Linux desktop's application menu.

The entry is written with absolute paths (the command that started this copy: the frozen
program, `python3 /…/play.py`, or the installed package), so it works from any launcher
and any folder (`gio launch`, a menu, a dock); a desktop entry's `%k` is not given by
every launcher, so nothing relies on it. The icon is painted by the game (sprites/icon.py)
into the user's icon theme folder. Both files follow the XDG base directories
(XDG_DATA_HOME, else ~/.local/share). Removing deletes only files this command wrote
(the entry carries a marker line). Windows and macOS have play.pyw and the frozen app
instead (README, "Desktop").

The entry's file name and StartupWMClass are the name the window takes
(game/ui/window.py), so that a dock shows the running game on its launcher."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

from game import APP_ID, TITLE

ENTRY_NAME = f"{APP_ID}.desktop"
ICON_SIZE = 256
MARKER = "X-Little-Abstracts-Installed=true"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def entry_path() -> Path:
    return data_home() / "applications" / ENTRY_NAME


def icon_path() -> Path:
    return data_home() / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / \
        f"{APP_ID}.png"


def exec_line(command: list[str]) -> str:
    """The Exec value: each argument quoted as the desktop entry specification asks
    (double quotes; \\, ", ` and $ escaped inside them; % doubled)."""
    def quote(arg: str) -> str:
        escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`") \
            .replace("$", "\\$")
        return f'"{escaped}"'.replace("%", "%%")
    return " ".join(quote(arg) for arg in command)


def parse_exec(value: str) -> list[str]:
    """The command of an Exec value (the specification's quoting: inside double quotes a
    backslash takes the next character as it is; %% is a %)."""
    args, current, quoted, escaped, started = [], [], False, False, False
    for char in value.replace("%%", "\0"):
        if escaped:
            current.append(char)
            escaped = False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if started or current:
                args.append("".join(current))
            current, started = [], False
        else:
            current.append(char)
    if started or current:
        args.append("".join(current))
    return [arg.replace("\0", "%") for arg in args]


def entry_text(command: list[str], icon: Path) -> str:
    from game import __version__
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={TITLE}",
        "GenericName=Abstract board games",
        "Comment=Five small abstract games to play with mouse, keyboard or gamepad",
        f"Exec={exec_line(command)}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",
        f"X-Little-Abstracts-Version={__version__}",
        MARKER,
        "",
    ])


def install(command: list[str]) -> list[Path]:
    """Write the icon and an entry running `command` (atomically); the paths written."""
    from game.core import storage
    from sprites.icon import icon_png
    icon = icon_path()
    storage.atomic_write_bytes(icon, icon_png(ICON_SIZE))
    entry = entry_path()
    storage.atomic_write_text(entry, entry_text(command, icon))
    entry.chmod(0o755)              # some desktops launch only executable entries
    _refresh(entry.parent)
    return [entry, icon]


def remove() -> tuple[list[Path], list[str]]:
    """Delete the entry and icon this command wrote; (removed, notes on what was kept)."""
    removed, kept = [], []
    entry = entry_path()
    if entry.exists():
        if MARKER in entry.read_text(encoding="utf-8", errors="replace"):
            entry.unlink()
            removed.append(entry)
        else:
            kept.append(f"{entry} was not written by install-desktop: left as it is")
    icon = icon_path()
    if icon.exists():
        icon.unlink()
        removed.append(icon)
    _refresh(entry.parent)
    return removed, kept


def _refresh(folder: Path) -> None:
    """Tell the desktop's menu cache, where the tool exists (optional)."""
    if folder.is_dir():
        with contextlib.suppress(OSError, subprocess.SubprocessError):     # no such tool
            subprocess.run(["update-desktop-database", str(folder)], capture_output=True,
                           timeout=20, check=False)


def main(command: str, launch: list[str]) -> int:
    """Run `install-desktop` (an entry running `launch`) or `remove-desktop`."""
    if sys.platform in ("win32", "darwin"):
        other = "play.pyw or the standalone .exe" if sys.platform == "win32" \
            else "the standalone Little Abstracts.app"
        print(f"{command} is for Linux desktops; here use {other} (README, \"Desktop\").",
              file=sys.stderr)
        return 1
    try:
        if command == "install-desktop":
            entry, icon = install(launch)
            print(f"Installed {entry}\n  icon {icon}\n  runs {entry_line(entry)}")
        else:
            removed, kept = remove()
            for path in removed:
                print(f"Removed {path}")
            for note in kept:
                print(note)
            if not removed and not kept:
                print(f"Nothing to remove: {entry_path()} is not there.")
    except OSError as error:
        print(f"{command} failed: {error}", file=sys.stderr)
        return 1
    return 0


def entry_line(entry: Path) -> str:
    for line in entry.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            return line[len("Exec="):]
    return ""
