"""Xutoli's part of the analysis (game/ai/analysis.py): the hard level's search, or the
greedy level's judgement when time runs out before the first tile is judged."""
from __future__ import annotations

from game.ai import SearchTimeout
from game.ai.analysis import Assessor, for_mover
from game.games.truchet.analysis import tile_game_values
from game.games.xutoli import player as ai

SECONDS = 0.8                   # per position
SCALE = 60.0                    # the evaluation's values (see squash)


def assess(state, seconds, should_stop, rng):
    if not state.layout.count:
        return for_mover(state, 0.0), state.legal_moves()[0], False, 0
    search = ai._Search(state, rng, should_stop, seconds, "hard")
    try:
        cell, colour = search.root()
    except SearchTimeout:
        # Out of time before any tile was judged: the greedy level's choice and value.
        search = ai._Search(state, rng, should_stop, None, "easy")
        cell, colour = search.root()
    raw = search.value
    if raw is None:
        # A single safe tile, or a time-out before the first judgement: judge it now.
        search.deadline = None
        raw = search.after(cell, colour)[0]
    return tile_game_values(state, ai._tile(search.sim, cell, colour), raw, ai.WIN, SCALE)


ANALYSIS = Assessor(assess, seconds=lambda state: SECONDS)
