"""Record files the player opens, lists and exports (docs/RECORDS.md).

- `open_record(path)`: a record file read and replayed; every fault is a ValueError that
  names the file and what is wrong (missing, a folder, too big, unreadable, not text, or
  the record's own fault with its line). The file is only read, never moved or written.
- `listing(folder)`: the records of a folder, newest first, each summarised from its
  headers alone (a long list opens at once); a file that is no record is listed with
  its fault.
- `export(text, folder, name)`: a record written to a new file, atomically; a file
  already there is never overwritten (the new one takes the next free name).
- `export_folders()`: the folders offered for exporting and opening.

No pygame here: the screens call these, and the tests do without a display.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import game.records
import game.rules
from game.engine import kept_games, storage

LISTED_MOST = 300               # files summarised in one folder (the newest)
SUMMARIES_KEPT = 4 * LISTED_MOST
EXPORT_MODE = 0o644
_NAME = re.compile(r"[^\\/:*?\"<>|\x00-\x1f]{1,120}")


@dataclass(frozen=True)
class Listed:
    """One record file as a list shows it."""
    path: Path
    game: str | None            # the game's name (None: the file is no record)
    title: str                  # the game's title, or the file's name
    players: str                # "You – Computer (easy)"
    result: str                 # "You won", "Draw", "In progress"
    date: str
    moves: int
    problem: str | None = None  # why the file cannot be opened (None: it can)


def read_text(path: Path) -> str:
    """The text of the record file `path`; ValueError saying why it cannot be read."""
    path = Path(path)
    try:
        if path.is_dir():
            raise ValueError(f"{path} is a folder, not a record file")
        size = path.stat().st_size
        if size > game.records.MAX_BYTES:
            raise ValueError(f"{path} is {size:,} bytes, over the "
                             f"{game.records.MAX_BYTES:,} a record may have: not read")
        data = path.read_bytes()
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist") from None
    except PermissionError:
        raise ValueError(f"{path} cannot be read (no permission)") from None
    except OSError as exc:
        raise ValueError(f"{path} cannot be read ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not a text file (byte {exc.start + 1} is not UTF-8); "
                         f"not a Little Abstracts game record") from None


def open_record(path: Path):
    """(state, headers, text) of the record file `path`; ValueError naming the file and
    the fault (with its line for a fault inside the record)."""
    text = read_text(path)
    try:
        state, headers = game.records.loads(text)
    except ValueError as exc:
        raise ValueError(f"{Path(path).name}, {exc}") from None
    return state, headers, text


def parse_text(text: str, source: str = "the clipboard"):
    """(state, headers) of record text from `source`; ValueError naming the source."""
    try:
        state, headers = game.records.loads(text)
    except ValueError as exc:
        raise ValueError(f"{source}, {exc}") from None
    return state, headers


# --- listing -------------------------------------------------------------------------------
def players_line(headers: dict) -> str:
    seats = [value for key, value in headers.items() if key.startswith("Seat ")]
    return " – ".join(seats)


def result_line(headers: dict) -> str:
    """The result in a few words: "First won", "Draw", "In progress"."""
    result = headers.get(game.records.RESULT, "")
    winner = result.split(" (")[0].strip()
    if winner in ("", "*"):
        return "In progress"
    if winner == "draw":
        return "Draw"
    name = headers.get(f"Seat {winner}")
    if name == "You":
        return "You won"
    if "You" in (value for key, value in headers.items() if key.startswith("Seat ")):
        return "You lost"
    return f"{name or winner} won"


def summarise(path: Path) -> Listed:
    """The file `path` as a list shows it, read from its headers only."""
    path = Path(path)
    try:
        headers, moves = game.records.read_headers(read_text(path))
        name = headers.get(game.records.GAME, "")
        if name not in game.rules.names():
            line = list(headers).index(game.records.GAME) + 2 if name else 2
            raise ValueError(f"line {line}: unknown game {name!r}")
    except ValueError as exc:
        return Listed(path, None, path.name, "", "", _file_date(path), 0, str(exc))
    spec = game.rules.get(name)
    return Listed(path, spec.name, spec.title, players_line(headers), result_line(headers),
                  headers.get("Date", _file_date(path)), moves)


def _file_date(path: Path) -> str:
    import time
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""


_summaries: dict = {}               # (path, mtime_ns, size) -> Listed


def listing(folder: Path, most: int = LISTED_MOST) -> list[Listed]:
    """The record files (*.txt) of `folder`, newest first, at most `most` of them."""
    folder = Path(folder)
    try:
        found = []
        for entry in os.scandir(folder):
            if entry.name.endswith(".txt") and entry.is_file():
                stat = entry.stat()
                found.append((stat.st_mtime_ns, entry.name, stat.st_size))
    except OSError:
        return []
    found.sort(reverse=True)
    if len(_summaries) > SUMMARIES_KEPT:       # files long gone (pruned, moved) go too
        _summaries.clear()
    listed = []
    for mtime, name, size in found[:most]:
        key = (folder / name, mtime, size)
        if key not in _summaries:
            _summaries[key] = summarise(folder / name)
        listed.append(_summaries[key])
    return listed


# --- exporting -----------------------------------------------------------------------------
def export_folders() -> list[tuple[str, Path]]:
    """(label, folder) of the places offered for records: the kept games first, then the
    usual folders of the home that exist."""
    home = storage.user_home()
    places = [("Kept games", kept_games.games_dir())]
    for label in ("Documents", "Desktop", "Downloads"):
        if (home / label).is_dir():
            places.append((label, home / label))
    places.append(("Home", home))
    return places


def default_name(state, date: str = "") -> str:
    """A file name for a record of `state`: its game and when it was played."""
    stamp = re.sub(r"[^0-9]", "", date)[:14]
    return f"{state.spec.name}-{stamp}.txt" if stamp else f"{state.spec.name}-game.txt"


def check_name(name: str) -> str:
    """The file name `name` as it will be written (".txt" added); ValueError if it
    cannot be a file name."""
    name = name.strip()
    if not name or not _NAME.fullmatch(name) or name in (".", ".."):
        raise ValueError(f"{name!r} cannot be a file name (no / \\ : * ? \" < > |, "
                         f"1 to 120 characters)")
    return name if name.lower().endswith(".txt") else name + ".txt"


def export(text: str, folder: Path, name: str) -> Path:
    """Write `text` to a new file `name` in `folder`; a file there already keeps its
    place and the record takes "name (2).txt" and so on. Returns the path written;
    ValueError (the name) or OSError (the write) if it could not be."""
    folder = Path(folder)
    name = check_name(name)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder")
    path = folder / name
    stem, suffix = path.stem, path.suffix
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}){suffix}"
        number += 1
    storage.atomic_write_text(path, text)
    os.chmod(path, EXPORT_MODE)         # a file to share, not a private one
    return path
