"""Finished games kept as records (docs/RECORDS.md) in the user's data folder, games/.

A game with a human seat is kept when it finishes: one file a game, named by when it
ended and its game (`20261125-061502-xtic.txt`), written atomically by the background
writer. The setting "Games kept" bounds how many stay: past it the oldest go first, and
0 keeps none (those already kept stay until a game is kept again).
"""
from __future__ import annotations

import time
from pathlib import Path

import game.records
from game.core import storage

GAMES_KEPT = (0, 20, 100, 500)      # the setting's values
DEFAULT_KEPT = 100


def games_dir() -> Path:
    return storage.data_dir() / "games"


def kept_files() -> list[Path]:
    """The kept records, oldest first (their names sort by when the game ended)."""
    folder = games_dir()
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


_last: list[Path] = []              # the file kept last: its write's failure is told next


def record_headers(state, names, match=None, now: float | None = None) -> dict:
    """The headers a kept or exported record carries: when it was played, who sat in
    each seat (and at which level), and for a game of a match its number and the match
    score after it."""
    ended = time.localtime(time.time() if now is None else now)
    headers = {"Date": time.strftime("%Y-%m-%d %H:%M:%S", ended)}
    for title, name in zip(state.spec.seats_for(state.options), names):
        headers[f"Seat {title}"] = name
    if match is not None:
        headers["Match game"] = str(match.game_number)
        headers["Match score"] = (" ".join(f"{points:g}" for points
                                           in match.scores_after_current())
                                  + f" (to {match.rules.target})")
    return headers


def keep(state, seats, names, limit: int, now: float | None = None,
         match=None) -> str | None:
    """Keep the finished game `state` (its `seats` and players' `names` as headers) and
    drop the oldest records past `limit`. Returns a message when the last game kept
    could not be written (the writer reports failures afterwards), else None."""
    message = None
    if _last and _last[0].parent == games_dir():
        storage.writer.wait(_last[0])   # (long written, but for games ended in a burst)
        error = storage.writer.error(_last[0])
        if error is not None:           # told once
            message = f"A finished game could not be kept in {_last[0]}: {error}"
    _last.clear()
    if limit <= 0 or all(seat.is_computer for seat in seats):
        return message
    now = time.time() if now is None else now
    headers = record_headers(state, names, match, now)
    stem = f"{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}-{state.spec.name}"
    files = kept_files()
    path = games_dir() / f"{stem}.txt"
    number = 2
    while path in files or path in _last:
        path = games_dir() / f"{stem}-{number}.txt"
        number += 1
    storage.writer.write(path, game.records.dumps(state, headers).encode("utf-8"))
    _last[:] = [path]
    for old in sorted(files + [path])[:-limit]:
        storage.writer.write(old, None)
    return message
