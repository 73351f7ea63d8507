"""The computer levels' Elo ratings, as the setup screen and the README show them.

Measured, not chosen: `python -m game.bench strength --sections ladder` plays every level
of a game against every other (a seeded round robin, seats alternating, each deal from
both seats), fits Bradley–Terry ratings with the weakest level at 0 and prints the
`RATINGS` lines below; docs/STRENGTH.md has the runs they come from. Xtic is rated in its
normal game type, Xoliba for two players. Rerun the ladder after changing a level, and
paste its lines here.
"""
from __future__ import annotations

RATINGS: dict[str, dict[str, int]] = {
    'xtic': {'trivial': 0, 'easy': 146, 'medium': 356, 'hard': 380, 'very hard': 508,
             "don't try": 574, 'perfect': 795},
    'xoliba': {'beginner': 0, 'easy': 258, 'medium': 390, 'hard': 526, 'expert': 687},
    'catalina': {'beginner': 0, 'easy': 363, 'medium': 586, 'hard': 839},
    'che': {'beginner': 0, 'easy': 552, 'medium': 696, 'hard': 956},
    'xutoli': {'beginner': 0, 'easy': 599, 'medium': 751, 'hard': 914},
}


def rating(game: str, level: str) -> int | None:
    """The Elo rating of `level` of `game` (None when that game has no ladder yet)."""
    return RATINGS.get(game, {}).get(level)
