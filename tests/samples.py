"""Positions, records and statistics the tests of more than one module share."""
from __future__ import annotations

import random

import game.records
import game.rules
from game.core.state import Outcome
from game.records import kept_games
from game.services.saves import Seat
from game.services.stats import Stats

# A Xoliba solitaire position proved lost at once, by the solver's capture bound
# (tests/test_xoliba_solver.py).
BLUE_ON_CORNER = """\
.wwwww.
wwwwwww
wwwwwww
wwrrrww
wwwwwww
wwrwrww
.bwwww."""


def finished_record(name: str = "xtic", seed: int = 3) -> str:
    """A kept game's record of a whole seeded random game of `name`."""
    spec = game.rules.get(name)
    state = spec.new_game(seed=seed, options={"players": 2} if name == "xoliba" else {})
    rng = random.Random(seed)
    while not state.is_over:
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    headers = kept_games.record_headers(state, ["You", "Computer (easy)"], now=1_764_000_000)
    return game.records.dumps(state, headers)


HUMAN = Seat("human", None)
DRAW = Outcome(None, (0, 0), "test")


def computer(level="easy") -> Seat:
    return Seat("computer", level)


def won_by(seat) -> Outcome:
    return Outcome(seat, (0, 0), "test")


def many_games() -> Stats:
    """Enough rows of statistics that their page scrolls at 1280x720."""
    stats = Stats()
    for game_name in ("xtic", "che", "catalina", "xutoli"):
        for level in ("beginner", "easy", "hard"):
            for outcome in (won_by(0), won_by(1), DRAW, won_by(0)):
                stats.record_game(game_name, [HUMAN, computer(level)], outcome)
        stats.record_game(game_name, [computer("easy"), HUMAN], won_by(1))
        stats.record_game(game_name, [HUMAN, HUMAN], won_by(0))
    stats.record_game("xoliba", [HUMAN, computer("expert")], won_by(0))
    stats.record_game("xoliba", [HUMAN, computer("expert"), computer("easy")], won_by(2))
    stats.record_game("xoliba", [HUMAN], Outcome(0, (1,), "solved"))
    stats.record_game("xoliba", [HUMAN], Outcome(None, (0,), "stuck"))
    return stats
