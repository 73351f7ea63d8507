"""Xoliba's part of the analysis (game/ai/analysis.py): the expert level's search for two
players; for three, a "paranoid" search from every seat's side; the solitaire judged
whole by the solver (winnable, lost or undecided)."""
from __future__ import annotations

import time

from game.ai import SearchCancelled, SearchTimeout
from game.ai.analysis import Assessor, for_mover, make_assessment, sign, squash
from game.games.xoliba import player as ai
from game.games.xoliba import solver

SECONDS = 0.7                   # per position
SOLITAIRE_SECONDS = 0.8         # per position of a solitaire, for the solver
SCALE = 1000.0                  # the search's values for two players (see squash)
SCALE_THREE = 300.0             # and for three


def assess(state, seconds, should_stop, rng):
    if state.players == 2:
        move, raw, _depth = ai.search_move(state, "expert", rng, should_stop,
                                           budget=seconds)
        forced = abs(raw) >= ai.WIN - 1000
        value = sign(raw) if forced else squash(raw, SCALE)
        return for_mover(state, value), move, forced, None
    # Three players. Every seat's value comes from a "paranoid" search from its side (the
    # other two play together against it), the mover's with half the budget (it also
    # chooses the move), the others' with a quarter each: one kind of number for every
    # seat at every position, so a seat's values before and after its move compare. A
    # forced win is certain (the others -1); a forced loss only against collusion.
    me = state.to_play
    move, raw_mover, _depth = ai.search_move(state, "expert", rng, should_stop,
                                             budget=seconds / 2)
    raws = [raw_mover if seat == me else
            _seat_value(state, seat, seconds / 4, should_stop) for seat in range(3)]
    winners = [seat for seat in range(3) if raws[seat] >= ai.WIN - 1000]
    if winners:
        return [1.0 if seat == winners[0] else -1.0 for seat in range(3)], move, True, None
    # Paranoid values are pessimistic for every seat alike (and the evaluation counts
    # each seat's own pieces): a seat's value is its lead over the mean of the seats
    # not forced to lose, so an even position is worth about 0 to each.
    open_raws = [raw for raw in raws if raw > -(ai.WIN - 1000)]
    centre = sum(open_raws) / len(open_raws) if open_raws else 0.0
    values = [-1.0 if raw <= -(ai.WIN - 1000) else squash(raw - centre, SCALE_THREE)
              for raw in raws]
    return values, move, False, None


def _seat_value(state, seat, seconds, should_stop) -> float:
    """The expert level's iterative deepening, from `seat`'s side when another seat is
    to move: the deepest value finished within `seconds`."""
    started = time.perf_counter()
    search = ai._Search(state, should_stop, deadline=started + seconds)
    search.me = seat
    value = search.evaluate()
    for depth in range(1, ai.LEVEL_DEPTHS["expert"] + 1):
        try:
            value = search.alphabeta(depth, -ai.INF, ai.INF, 0)
        except SearchTimeout:
            break
        if abs(value) >= ai.WIN - 1000 or (time.perf_counter() - started) * 3 > seconds:
            break
    return value


def solitaire(state, seconds, should_stop):
    """A solitaire position, judged whole by the solver; None for the other games."""
    if not state.solitaire:
        return None
    res = solver.solve(state.board, time_budget=seconds, should_stop=should_stop,
                       shortest=False)
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if res.won:
        move = state.format_move(res.line[0]) if res.line else None
        return make_assessment([1.0], move, True, "winnable")
    if res.lost:
        return make_assessment([-1.0], None, True, "lost")
    return make_assessment([0.0], None, False, "undecided")


ANALYSIS = Assessor(assess, outright=solitaire,
                    seconds=lambda state: SOLITAIRE_SECONDS if state.solitaire else SECONDS)
