"""Che's part of the analysis (game/ai/analysis.py): the hard level's search."""
from __future__ import annotations

from game.ai.analysis import Assessor, for_mover
from game.games.che import player as ai
from game.games.truchet.analysis import tile_game_values

SECONDS = 0.8                   # per position
SCALE = 150.0                   # the evaluation's values (see squash)


def assess(state, seconds, should_stop, rng):
    if not state.layout.count:
        # The first tile: the four are alike (choose_move takes any); not searched.
        return for_mover(state, 0.0), state.legal_moves()[0], False, 0
    move, raw = ai.search_move(state, "hard", rng, should_stop, budget=seconds)
    return tile_game_values(state, move, raw, ai.WIN, SCALE)


ANALYSIS = Assessor(assess, seconds=lambda state: SECONDS)
