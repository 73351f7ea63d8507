"""Catalina Tiles' part of the analysis (game/ai/analysis.py): the hard search after a
roll, and before one the expectation over the 35 rolls of the roller's best claim."""
from __future__ import annotations

from game.ai.analysis import Assessor, for_mover, make_assessment, sign, squash
from game.games.catalina import player as ai

SECONDS = 0.8                   # per position
SCALE = 0.4                     # the evaluation's values (see squash)


def assess(state, seconds, should_stop, rng):
    move, raw = ai.hard_search(state, rng, should_stop, budget=seconds)
    decided = abs(raw) >= ai.WIN
    value = sign(raw) if decided else squash(raw, SCALE)
    return for_mover(state, value), move, decided, None


def roll_due(state, seconds, should_stop):
    """A position where the dice are to be rolled, judged for the player about to roll;
    None after a roll."""
    if not state.is_chance:
        return None
    value = _roll_value(state)
    decided = abs(value) >= ai.WIN
    value = sign(value) if decided else squash(value, SCALE)
    return make_assessment(for_mover(state, value), None, decided)


def _roll_value(state) -> float:
    """The value of a chance step for the player about to roll: the expectation over the
    35 rolls of their best claim (judged by the evaluation, a decided game as +-WIN; a
    roll reaching no free tile skips the turn). The hard search values the position
    after a claim the same way, so the two compare."""
    search = ai._Search(state, None, None, None)          # me: the player to roll
    base = search.eval.chances(search.marks, search.large, True)
    stay = ai._Eval.score(base)
    # Per open grid: our claims there, best first.
    best_first = search.claim_values(search.me, base)
    for ranked in best_first.values():
        ranked.sort(reverse=True)
    total = 0.0
    for roll in ai.ROLLS:
        reach = ai.REACH_MASKS[roll]
        best = None
        for g, ranked in best_first.items():
            for value, k in ranked:
                if reach[g] >> k & 1:
                    if best is None or value > best:
                        best = value
                    break
        total += ai.ROLL_PROBABILITY[roll] * (stay if best is None else best)
    return total


ANALYSIS = Assessor(assess, outright=roll_due, seconds=lambda state: SECONDS)
