"""Where the app keeps its files, and how it reads and writes them safely.

Every write goes to a temporary file in the same folder, then is renamed into place, so a
crash mid-write leaves the old file. A file that cannot be read is moved aside (kept, never
overwritten) and the caller gets a message naming it and falls back to defaults.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
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


def atomic_write_text(path: Path, text: str) -> None:
    """UTF-8 text with "\n" line ends; a file replaced keeps its permission bits (the
    temporary file starts private)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
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


def atomic_write_json(path: Path, data) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


class BadFileError(ValueError):
    """A file the app reads holds something it cannot use."""


def keep_aside(path: Path) -> Path:
    """Rename a bad file to a unique name beside it; returns the new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
    os.replace(path, target)
    return target


def read_json_file(path: Path, what: str, validate=None):
    """Read a JSON file the app owns. Returns (data, message).

    Missing file: (None, None). Unreadable or invalid (`validate` may raise ValueError):
    the file is kept aside and (None, message) explains what happened.
    """
    path = Path(path)
    if not path.exists():
        return None, None
    try:
        text = path.read_text(encoding="utf-8")
        if not text.strip():
            raise BadFileError("it is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadFileError(f"it is not valid JSON ({exc})") from None
        if validate is not None:
            data = validate(data)
        return data, None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = exc if isinstance(exc, BadFileError) else f"{type(exc).__name__}: {exc}"
        try:
            kept = keep_aside(path)
            kept_text = f"it was kept as {kept.name}"
        except OSError as move_error:
            kept_text = f"it could not be moved aside ({move_error}) and was left as it is"
        return None, f"The {what} file {path} could not be used: {reason}; {kept_text}. " \
                     f"Defaults are used."
