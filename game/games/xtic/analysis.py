"""Xtic's part of the analysis (game/ai/analysis.py): the exact solver near the end, the
strongest search before it. Its values are exact or say nothing: a 0 is a draw only when
the search reached the end, and otherwise names how far it looked (`horizon`), so a
blunder is counted between exact values only."""
from __future__ import annotations

from game.ai.analysis import Assessor, for_mover, sign
from game.games.xtic import player as ai

SECONDS = 5.0                   # per position: the budget of one exact solve (converted to
#                                 boards analysed); most positions take far less
NODES_PER_SECOND = 60_000       # boards the exact solver analyses per second here (a slow
#                                 machine's pace, so a solve stays within its seconds)
SOLVE_EMPTIES = 10              # positions with at most this many empty squares are solved


def assess(state, seconds, should_stop, rng):
    empties = state.board.count(-1)
    if state.hand is None:
        plan = ai.plan_move(state, ai.PERFECT, rng, should_stop)        # the opening
        return for_mover(state, 0.0), plan.move, False, 0
    if empties <= SOLVE_EMPTIES:
        budget = max(1_000, int(seconds * NODES_PER_SECOND))
        plan = ai.solve(state, rng, should_stop, budget=budget)
    else:
        plan = ai.plan_move(state, "don't try", rng, should_stop)
    # A win or loss found within the horizon is the exact value (nothing faster hides
    # deeper); a 0 is exact only when the search reached the end of the game, and
    # otherwise means nothing was found within plan.depth moves.
    exact = plan.value != 0 or plan.depth >= empties
    return for_mover(state, sign(plan.value)), plan.move, exact, \
        None if exact else plan.depth


ANALYSIS = Assessor(assess, seconds=lambda state: SECONDS, exact_blunders=True)
