"""The daily puzzle: one puzzle a day, the same for every player of the same version.

The games take turns, one a day, in the registry's order: day number d (the date's
proleptic ordinal, date.toordinal()) goes to game d mod G of the G games that have
puzzles. Within that game's set the puzzle is number H mod N of its N puzzles sorted by
id, H the first eight bytes of the SHA-256 of the ISO date ("2026-03-14"): a hash that is
the same in every process and on every machine (Python's own hash() of a text is not).
Only the games' own sets take part: the solitaire keeps its ladder, and the player's own
mistakes are nobody else's. No pygame here.
"""
from __future__ import annotations

import datetime
import hashlib

import game.puzzles
from game.core import registry
from game.games import GAMES


def daily_sets() -> list[str]:
    """The sets the daily puzzle turns through, in the games' order."""
    return [spec.name for spec in registry.in_order() if spec.name in GAMES]


def daily_puzzle(date: datetime.date, puzzles=None):
    """The puzzle of `date` (a game.puzzles.Puzzle), or None when no game has puzzles.
    `puzzles`: the puzzles to choose from (default: every game's shipped set)."""
    if puzzles is None:
        puzzles = [p for name in daily_sets() for p in game.puzzles.load_set(name)[0]]
    by_set = {name: sorted((p for p in puzzles if p.set_name == name), key=lambda p: p.id)
              for name in daily_sets()}
    playable = [name for name, found in by_set.items() if found]
    if not playable:
        return None
    chosen = by_set[playable[date.toordinal() % len(playable)]]
    digest = hashlib.sha256(date.isoformat().encode("ascii")).digest()
    return chosen[int.from_bytes(digest[:8], "big") % len(chosen)]
