"""Record files the player opens, lists and exports (docs/RECORDS.md).

- `open_record(path)`: a record file read and replayed; every fault is a ValueError that
  names the file and what is wrong (missing, a folder, too big, unreadable, not text, or
  the record's own fault with its line). The file is only read, never moved or written.
- `record_files(folder)`: the record files of a folder, newest first, as found (name,
  time, size: nothing read); `summary(file)` one of them as a list shows it, checked
  whole (read and replayed): a file that is no record is listed with its fault. A
  file's summary is kept for the session until the file changes (`cached(file)`), and
  `checker` checks files in a process of its own, so that a screen listing many is
  never held up by them. `listing(folder)` is both at once, there and then.
- `export(text, folder, name)`: a record written to a new file, atomically; a file
  already there is never overwritten (the new one takes the next free name).
- `export_folders()`: the folders offered for exporting and opening.

No pygame here: the screens call these, and the tests do without a display.
"""
from __future__ import annotations

import os
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import game.records
import game.rules
from game.records import kept_games
from game.core import storage

LISTED_MOST = 300               # files listed in one folder (the newest)
SUMMARIES_KEPT = 4 * LISTED_MOST    # summaries kept for the session (the last used)
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
    checked: bool = True        # False: not checked yet (only its name and date known)


class RecordFile(NamedTuple):
    """A file as its folder lists it: what tells whether it changed since it was read."""
    path: Path
    mtime_ns: int
    size: int


def read_text(path: Path) -> str:
    """The text of the record file `path`; ValueError naming it and why it cannot be
    read."""
    try:
        return _file_text(Path(path))
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def _file_text(path: Path) -> str:
    """The text of the file `path`; ValueError saying why it cannot be read."""
    try:
        if path.is_dir():
            raise ValueError("a folder, not a record file")
        size = path.stat().st_size
        if size > game.records.MAX_BYTES:
            raise ValueError(f"{size:,} bytes, over the {game.records.MAX_BYTES:,} a "
                             f"record may have: not read")
        data = path.read_bytes()
    except FileNotFoundError:
        raise ValueError("does not exist") from None
    except PermissionError:
        raise ValueError("cannot be read (no permission)") from None
    except OSError as exc:
        raise ValueError(f"cannot be read ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not a text file (byte {exc.start + 1} is not UTF-8); not a "
                         f"Little Abstracts game record") from None


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


def result_line(state, headers: dict) -> str:
    """How the replayed game `state` ended, in a few words: "First won", "You lost",
    "Draw", "In progress" (the players' names from the record's `headers`)."""
    if not state.is_over:
        return "In progress"
    winner = state.outcome.winner
    if winner is None:
        return "Draw"
    names = [value for key, value in headers.items() if key.startswith("Seat ")]
    seat = state.spec.seats_for(state.options)[winner]
    name = headers.get(f"Seat {seat}")
    if name == "You":
        return "You won"
    if "You" in names:
        return "You lost"
    return f"{name or seat} won"


def summary(file: RecordFile) -> Listed:
    """The file as a list shows it, read and checked whole; kept until the file changes
    (the same path, time and size: not read again)."""
    listed = cached(file)
    if listed is None:
        listed = _keep(file, _summarise(file))
    return listed


def _summarise(file: RecordFile) -> Listed:
    path = file.path
    try:
        state, headers = game.records.loads(_file_text(path))
    except ValueError as exc:
        return _fault(file, str(exc))
    return Listed(path, state.spec.name, state.spec.title, players_line(headers),
                  result_line(state, headers), headers.get("Date", _date(file.mtime_ns)),
                  len(state.history))


def unchecked(file: RecordFile) -> Listed:
    """The file as a list shows it before it is checked: its name and date."""
    return Listed(file.path, None, file.path.name, "", "", _date(file.mtime_ns), 0,
                  checked=False)


def _date(mtime_ns: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(mtime_ns / 1e9))


_summaries: OrderedDict = OrderedDict()     # RecordFile -> Listed, the last used last
_summaries_lock = threading.Lock()          # (the checker's thread fills it too)


def cached(file: RecordFile) -> Listed | None:
    """The file's summary if it was checked as it is now, else None (nothing read)."""
    with _summaries_lock:
        listed = _summaries.get(file)
        if listed is not None:
            _summaries.move_to_end(file)
        return listed


def _keep(file: RecordFile, listed: Listed) -> Listed:
    with _summaries_lock:
        _summaries[file] = listed
        while len(_summaries) > SUMMARIES_KEPT:     # files long gone (pruned, moved)
            _summaries.popitem(last=False)
    return listed


def checked_kept() -> int:
    """How many summaries are kept."""
    with _summaries_lock:
        return len(_summaries)


def record_files(folder: Path, most: int = LISTED_MOST) -> list[RecordFile]:
    """The record files (*.txt) of `folder`, newest first, at most `most` of them; none
    is read."""
    folder = Path(folder)
    try:
        found = []
        for entry in os.scandir(folder):
            if entry.name.endswith(".txt") and entry.is_file():
                stat = entry.stat()
                found.append(RecordFile(folder / entry.name, stat.st_mtime_ns,
                                        stat.st_size))
    except OSError:
        return []
    found.sort(key=lambda file: (file.mtime_ns, file.path.name), reverse=True)
    return found[:most]


def listing(folder: Path, most: int = LISTED_MOST) -> list[Listed]:
    """The records of `folder` (record_files), each checked (summary) there and then."""
    return [summary(file) for file in record_files(folder, most)]


class Checker:
    """Checks record files in a process of its own: replaying a long record takes a while
    (up to seconds for a megabyte), which no frame may wait for; on a thread of the app's
    process it would also take turns at the interpreter from the frame loop. A screen
    asks for the files it lists (`check`), reads each one's summary with `cached` once it
    is there (`done` counts the files checked), and `close`s the checker when it leaves:
    the process ends then, at once even in the middle of a file. Here a thread of ours
    hands the process one file at a time and waits for its answer (which costs the
    frame loop nothing)."""

    def __init__(self):
        self._changed = threading.Condition()
        self._queue: list[RecordFile] = []
        self._checking: RecordFile | None = None
        self._thread: threading.Thread | None = None
        self._process = None
        self._conn = None
        self._closes = 0            # close() calls: one during a process's start ends it
        self.done = 0               # files checked so far

    def check(self, files) -> None:
        """Check `files` not yet checked, in their order, in place of those asked for
        before (the list shown changed)."""
        with self._changed:
            self._queue = [file for file in files if cached(file) is None]
            if self._queue and self._thread is None:
                self._thread = threading.Thread(target=self._run, name="record checker",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def stop(self) -> None:
        """Check no more for now (the file being checked is finished)."""
        self.check([])

    def close(self) -> None:
        """Check no more, and end the checking process."""
        with self._changed:
            self._queue = []
            self._closes += 1
            process, conn = self._process, self._conn
            self._process = self._conn = None
            if self._checking is None and conn is not None:
                conn.close()            # (else the thread does, when its answer fails)
        if process is not None:
            _end(process)

    def wait(self, files=None, timeout: float | None = None) -> bool:
        """Wait until `files` (or all asked for) are checked or no longer asked for, at
        most `timeout` seconds; whether they are."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while self._waiting_for(files):
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def _waiting_for(self, files) -> bool:
        pending = set(self._queue)
        if self._checking is not None:
            pending.add(self._checking)
        return bool(pending) if files is None else any(file in pending for file in files)

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._queue:
                    self._changed.wait()
                file = self._checking = self._queue.pop(0)
                conn, closes = self._conn, self._closes
            if conn is None:
                conn = self._start_process(closes)
            listed = None if conn is None else self._ask(conn, file)
            with self._changed:
                if listed is not None:
                    _keep(file, listed)
                    self.done += 1
                self._checking = None
                self._changed.notify_all()

    def _ask(self, conn, file: RecordFile) -> Listed | None:
        """The process's summary of `file` (a fault if the process stopped by itself)."""
        try:
            conn.send(file)
            listed = conn.recv()
        except (EOFError, OSError):     # ended by close(), or by itself
            listed = None
        with self._changed:
            if self._conn is not conn:  # closed meanwhile: the pipe is ours to close
                conn.close()
            elif listed is None:
                conn.close()
                _end(self._process)
                self._process = self._conn = None
                listed = _fault(file, "could not be checked (the checking process "
                                      "stopped)")
        return listed

    def _start_process(self, closes: int):
        """The pipe to a new checking process (started without holding the lock, which
        the frame loop may want meanwhile); None if the checker was closed meanwhile."""
        import multiprocessing
        context = multiprocessing.get_context("spawn")
        conn, child = context.Pipe()
        games = [(spec.name, spec.state_class.__module__)
                 for spec in game.rules.in_order() if spec.is_built]
        process = context.Process(target=_serve_checks, args=(child, games), daemon=True,
                                  name="little-abstracts-records")
        process.start()
        child.close()
        with self._changed:
            if self._closes == closes:
                self._process, self._conn = process, conn
                return conn
        conn.close()
        _end(process)
        return None


def _end(process) -> None:
    process.kill()
    process.join(timeout=2)


def _serve_checks(conn, games) -> None:
    """The checking process: a summary for each file sent, until the pipe closes.
    `games`: (name, module) of each game the app's process knows; one registered only
    there (a test's own game) is registered here from the module defining its rules."""
    from importlib import import_module
    for name, source in games:
        if name not in game.rules.names():
            for value in vars(import_module(source)).values():
                if isinstance(value, game.rules.GameSpec) and value.name == name:
                    game.rules.register(value)
    while True:
        try:
            file = conn.recv()
        except (EOFError, OSError):
            return
        try:
            listed = _summarise(file)
        except Exception as exc:        # a bug of ours: listed, and on
            listed = _fault(file, f"could not be checked ({type(exc).__name__}: {exc})")
        conn.send(listed)


def _fault(file: RecordFile, problem: str) -> Listed:
    return Listed(file.path, None, file.path.name, "", "", _date(file.mtime_ns), 0,
                  problem)


checker = Checker()


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
