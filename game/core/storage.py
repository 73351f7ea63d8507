"""Where the app keeps its files, and how it reads and writes them safely.

The app writes only under config_dir() (settings.json) and data_dir() (resume.json,
puzzles.json, puzzles_played.json, stats.json, games/, and error.log, the one file
appended to: append_text), and
otherwise only through atomic_write_bytes / _text / _json: the
data goes to a temporary file in the same folder, flushed to disk, which is then renamed
over the old one, so a crash mid-write leaves the old file whole and no stray temporary
file. The game saved after every move goes through `writer` (a BackgroundWriter), which
does the same on a thread of its own.

Reading (read_json_file): a file that cannot be used — empty, cut short, not JSON, not
text, of the wrong shape or types, or written by a newer version (its "version" above the
one this copy reads) — is never half-used and never overwritten. It is moved aside
whole, as `<name>.bad-<time>` beside it (so a newer version's data survives an older
copy), the caller falls back to its defaults, and the message returned names the file,
says what is wrong and where the copy was kept. The one rule for every file: any fault
rejects the whole file (no mix of its good fields and defaults).

The level files of levels/ are the game's own data, read-only: they never come here.
"""
from __future__ import annotations

import atexit
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

APP_DIR_NAME = "little-abstracts"
HOME_OVERRIDE = "LITTLE_ABSTRACTS_HOME"   # one folder for everything (tests, portable use)


def _platform_dir(kind: str) -> Path:
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or home / "AppData" / "Roaming"
        return Path(base) / APP_DIR_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR_NAME
    if kind == "config":
        base = os.environ.get("XDG_CONFIG_HOME") or home / ".config"
    else:
        base = os.environ.get("XDG_DATA_HOME") or home / ".local" / "share"
    return Path(base) / APP_DIR_NAME


def config_dir() -> Path:
    override = os.environ.get(HOME_OVERRIDE)
    return Path(override) / "config" if override else _platform_dir("config")


def data_dir() -> Path:
    override = os.environ.get(HOME_OVERRIDE)
    return Path(override) / "data" if override else _platform_dir("data")


def user_home() -> Path:
    """The player's home folder, where records are exported; `home/` under the
    LITTLE_ABSTRACTS_HOME override when it is set (made there if need be), so tests,
    benches and the monkey never write into the real one."""
    override = os.environ.get(HOME_OVERRIDE)
    if not override:
        return Path.home()
    home = Path(override) / "home"
    home.mkdir(parents=True, exist_ok=True)
    return home


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, flush it to disk, then rename it
    over `path`: a crash at any point leaves the old file (or none) and no temporary
    file. A file replaced keeps its permission bits (the temporary file starts private).
    A write of the same file given to the background writer lands first."""
    writer.wait(path)
    _write_atomically(Path(path), data)


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp_name, path.stat().st_mode & 0o777)
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """`text` as UTF-8 (line ends as given: the app writes "\\n"), as atomic_write_bytes
    does."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, data) -> None:
    atomic_write_bytes(path, json_bytes(data))


def append_text(path: Path, text: str) -> None:
    """Add `text` at the end of `path`, a log (error.log): what it held stays as it was,
    so no temporary file is needed; flushed to disk before returning."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as log:
        log.write(text)
        log.flush()
        os.fsync(log.fileno())


def json_bytes(data) -> bytes:
    """How the app writes a JSON file: indented, keys sorted, UTF-8, a final newline."""
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8")


class BackgroundWriter:
    """Writes files on a thread of its own, so that a frame never waits for the disk
    (the game is saved after every move, and flushing a file to disk can take tens of
    milliseconds). Each write is atomic_write_bytes; only the newest data given for a
    path is written. wait() returns once a path's (or every) write is done: reading a
    file (read_json_file) waits for it first, and the app waits for all at exit."""

    def __init__(self):
        self._changed = threading.Condition()
        # path -> the newest data not yet written (None: the file is to be removed)
        self._pending: dict[Path, bytes | None] = {}
        self._writing: Path | None = None
        self._errors: dict[Path, str] = {}      # path -> why its last write failed
        self._thread: threading.Thread | None = None

    def write(self, path: Path, data: bytes | None) -> None:
        """Write `data` to `path` (None: remove the file), after what was given before."""
        path = Path(path)
        with self._changed:
            self._pending.pop(path, None)       # (re-inserted: written after the others)
            self._pending[path] = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="file writer",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self, path: Path | None = None) -> None:
        path = None if path is None else Path(path)
        with self._changed:
            while (self._pending or self._writing) if path is None else \
                    (path in self._pending or self._writing == path):
                self._changed.wait()

    def busy(self, path: Path) -> bool:
        """`path` has a write waiting or under way (never waits)."""
        path = Path(path)
        with self._changed:
            return path in self._pending or self._writing == path

    def error(self, path: Path) -> str | None:
        """Why the last write of `path` failed (None when it succeeded)."""
        with self._changed:
            return self._errors.get(Path(path))

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._pending:
                    self._changed.wait()
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._writing = path
            try:
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    _write_atomically(path, data)
                error = None
            except Exception as exc:    # reported; the writer goes on
                error = str(exc) or type(exc).__name__
            with self._changed:
                if error is None:
                    self._errors.pop(path, None)
                else:
                    self._errors[path] = error
                self._writing = None
                self._changed.notify_all()


writer = BackgroundWriter()
atexit.register(writer.wait)        # what the game gave the writer reaches the disk


APP_TITLE = "Little Abstracts"
MAX_REASON = 200             # characters of a fault's description kept in a message


class BadFileError(ValueError):
    """A file the app reads holds something it cannot use."""


class NewerFormatError(BadFileError):
    """A file written by a newer version of the app (its format is above ours)."""

    def __init__(self, found: int, supported: int):
        self.found, self.supported = found, supported
        super().__init__(f"was written by a newer version of {APP_TITLE} (format {found}; "
                         f"this one reads up to {supported})")


def json_type(value) -> str:
    """What a JSON value is, in words: "a list", "text", "a number" …"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_version(data, supported: int, missing: int | None = None) -> int:
    """The format number of a JSON file's top object, `data["version"]`.

    BadFileError unless `data` is an object with a whole-number version of at least 1;
    NewerFormatError when it is above `supported`. `missing` is the version assumed when
    the key is absent (None: the key is required)."""
    if not isinstance(data, dict):
        raise BadFileError(f"expected a JSON object, found {json_type(data)}")
    if "version" not in data:
        if missing is None:
            raise BadFileError("it has no 'version'")
        return missing
    version = data["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadFileError(f"'version' is {version!r}, not a format number")
    if version > supported:
        raise NewerFormatError(version, supported)
    return version


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
    return target


def keep_aside(path: Path) -> Path:
    """Rename a bad file to a unique name beside it (`<name>.bad-<time>`); returns the new
    path."""
    path = Path(path)
    target = _aside_name(path)
    os.replace(path, target)
    return target


def copy_aside(path: Path) -> Path:
    """Copy a file to a unique `<name>.bad-<time>` beside it (before the app rewrites a
    file that loaded but holds a part it cannot use); returns the copy's path."""
    path = Path(path)
    target = _aside_name(path)
    atomic_write_bytes(target, path.read_bytes())
    return target


def _describe(exc: BaseException) -> str:
    """A fault in words, for the player (the exception's class only where it helps)."""
    if isinstance(exc, UnicodeDecodeError):
        text = f"it is not text (byte {exc.object[exc.start]:#04x} at offset {exc.start} " \
               f"is not UTF-8)"
    elif isinstance(exc, RecursionError):
        text = "it is nested too deeply"
    elif isinstance(exc, (ValueError, OSError)) and str(exc):
        text = str(exc) if not isinstance(exc, OSError) else \
            f"it cannot be read ({exc.strerror or exc})"
    else:
        text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= MAX_REASON else text[:MAX_REASON - 1].rstrip() + "…"


def _parse(text: str):
    if not text.strip():
        raise BadFileError("it is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise BadFileError("it stops in the middle (cut short)") from None
        raise BadFileError(f"it is not valid JSON ({exc.msg}: line {exc.lineno} column "
                           f"{exc.colno})") from None


def read_json_file(path: Path, what: str, validate=None, fallback: str = "Defaults are used."):
    """Read a JSON file the app owns. Returns (data, message).

    Missing file: (None, None). Otherwise the file is read, parsed and given to
    `validate` (which returns the value to use, and raises for anything it cannot use —
    BadFileError/ValueError with a description, NewerFormatError for a newer format; any
    other exception counts as a fault too, so reading never raises). A fault moves the
    file aside (keep_aside) and returns (None, message): the message names the file, the
    fault, the copy, and ends with `fallback` (what the app does instead)."""
    path = Path(path)
    writer.wait(path)               # a write under way is read whole, not half
    try:
        if not path.exists():
            return None, None
    except OSError as exc:          # a folder on the way cannot be searched
        return None, (f"The {what} file {path} cannot be reached ({exc.strerror or exc}); "
                      f"it was left as it is. {fallback}")
    try:
        data = _parse(path.read_text(encoding="utf-8"))
        if validate is not None:
            data = validate(data)
        return data, None
    except Exception as exc:        # a bad file must never stop the app
        try:
            kept = keep_aside(path)
            kept_text = f"it was kept as {kept.name}"
        except OSError as move_error:
            kept_text = (f"it could not be moved aside ({move_error.strerror or move_error}) "
                         f"and was left as it is")
        if isinstance(exc, NewerFormatError):
            return None, (f"The {what} file {path} {exc}: {kept_text} for that version. "
                          f"{fallback}")
        return None, f"The {what} file {path} could not be used: {_describe(exc)}; " \
                     f"{kept_text}. {fallback}"
