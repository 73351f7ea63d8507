"""Analysis of positions and whole games by the strongest computer level of each game
(docs/ANALYSIS.md).

    a = assess(state, seconds=1.0)
    # {"values": [one float per seat in -1..1], "move": "b3/9" or None,
    #  "exact": bool, "verdict": "winnable" / "lost" / "undecided" (solitaire) or None,
    #  "horizon": moves searched when the values say nothing (Xtic's 0), else None}
    result = analyse_record(text, report=print)
    # {"assessments": [one per position], "movers": [seat or None per move],
    #  "blunders": [indexes of moves that threw a game away]}

A value is +1 when that seat wins, -1 when it loses, 0 for an even game; between them the
search's judgement, squashed by `_squash` so heuristic values stay inside +-HEURISTIC_CAP
and only results the search sees as forced reach +-1. `exact` says a value is proven (the
Xtic solver reached the end, a win or loss found for certain, the solitaire solver
decided, or the game is over). A value that is neither proven nor the evaluation's
judgement, Xtic's 0 when its search found no result, says nothing: `horizon` is then
how many moves the search looked ahead (0: not searched). Searches run in this process;
the app runs `analyse_record` in the worker (game/ai/jobs.py, job "analyse"). No pygame
here.
"""
from __future__ import annotations

import math
import time

import game.ai
import game.records
from game.ai import SearchCancelled, SearchTimeout

# Seconds per position, per game: a 60-move game (61 positions) within a minute on a
# slow machine (`python -m game.bench analysis` measures it). Xtic's is the budget of
# one exact solve (converted to boards analysed); most of its positions take far less.
SECONDS = {
    "xtic": 5.0,
    "xoliba": 0.7,
    "xoliba solitaire": 0.8,
    "catalina": 0.8,
    "che": 0.8,
    "xutoli": 0.8,
}
THRESHOLD = 0.5                 # a drop of the mover's value this big is a blunder
EXACT_BLUNDERS = {"xtic"}       # games whose blunders are counted on exact values only
HEURISTIC_CAP = 0.9             # heuristic values stay inside +-this; +-1 is forced
FORCED_CHAIN = 8                # positions with one legal move followed at most

# Heuristic value that maps to tanh(1) * HEURISTIC_CAP (about 0.69), per game: measured
# so that the values of ordinary positions of seeded games spread over the range.
SCALES = {"xoliba": 1000.0, "xoliba3": 300.0, "catalina": 0.4, "che": 150.0,
          "xutoli": 60.0}

# Xtic: boards the exact solver analyses per second here (60_000 is a slow machine's
# pace, so a solve stays within its seconds); solved exactly up to this many empty squares.
XTIC_NODES_PER_SECOND = 60_000
XTIC_SOLVE_EMPTIES = 10


def budget_key(state) -> str:
    """The key of SECONDS for the state's game (Xoliba solitaire has its own)."""
    name = state.spec.name
    if name == "xoliba" and state.solitaire:
        return "xoliba solitaire"
    return name


def seat_count(state) -> int:
    return len(state.spec.seats_for(state.options))


def _squash(value: float, scale: float) -> float:
    return HEURISTIC_CAP * math.tanh(value / scale)


def _sign(value: float) -> float:
    return 1.0 if value > 0 else -1.0 if value < 0 else 0.0


def _for_mover(state, value: float) -> list:
    """Two seats: the mover's value and its negation for the other seat."""
    values = [0.0, 0.0]
    values[state.to_play] = value
    values[1 - state.to_play] = -value
    return values


def _assessment(values, move=None, exact=False, verdict=None, horizon=None) -> dict:
    return {"values": [float(v) for v in values], "move": move, "exact": bool(exact),
            "verdict": verdict, "horizon": horizon}


# --- finished games ---------------------------------------------------------------------------
def finished_values(state) -> list:
    """A finished game's values: the winner +1, the others -1; without a winner 0 for
    those sharing the best score (everyone in a draw) and -1 for those behind."""
    outcome = state.outcome
    scores = list(outcome.scores)
    if len(scores) == 1:                            # solitaire: solved or not
        return [1.0 if outcome.winner == 0 else -1.0]
    if outcome.winner is not None:
        return [1.0 if seat == outcome.winner else -1.0 for seat in range(len(scores))]
    best = max(scores)
    return [0.0 if score == best else -1.0 for score in scores]


# --- per game: (values per seat, move or None, exact, horizon) -----------------------------
# horizon: None for a proven value or a judgement of the evaluation; for values that say
# nothing (Xtic's 0 when nothing was found), the moves the search looked ahead.
def _xtic(state, seconds, should_stop, rng):
    from game.games.xtic import player as ai
    empties = state.board.count(-1)
    if state.hand is None:
        plan = ai.plan_move(state, ai.PERFECT, rng, should_stop)        # the opening
        return _for_mover(state, 0.0), plan.move, False, 0
    if empties <= XTIC_SOLVE_EMPTIES:
        budget = max(1_000, int(seconds * XTIC_NODES_PER_SECOND))
        plan = ai.solve(state, rng, should_stop, budget=budget)
    else:
        plan = ai.plan_move(state, "don't try", rng, should_stop)
    # A win or loss found within the horizon is the exact value (nothing faster hides
    # deeper); a 0 is exact only when the search reached the end of the game, and
    # otherwise means nothing was found within plan.depth moves.
    exact = plan.value != 0 or plan.depth >= empties
    return _for_mover(state, _sign(plan.value)), plan.move, exact, \
        None if exact else plan.depth


def _xoliba(state, seconds, should_stop, rng):
    from game.games.xoliba import player as ai
    if state.players == 2:
        move, raw, _depth = ai.search_move(state, "expert", rng, should_stop,
                                           budget=seconds)
        forced = abs(raw) >= ai.WIN - 1000
        value = _sign(raw) if forced else _squash(raw, SCALES["xoliba"])
        return _for_mover(state, value), move, forced, None
    # Three players. Every seat's value comes from a "paranoid" search from its side (the
    # other two play together against it), the mover's with half the budget (it also
    # chooses the move), the others' with a quarter each: one kind of number for every
    # seat at every position, so a seat's values before and after its move compare. A
    # forced win is certain (the others -1); a forced loss only against collusion.
    me = state.to_play
    move, raw_mover, _depth = ai.search_move(state, "expert", rng, should_stop,
                                             budget=seconds / 2)
    raws = [raw_mover if seat == me else
            _xoliba_seat_value(state, seat, seconds / 4, should_stop) for seat in range(3)]
    winners = [seat for seat in range(3) if raws[seat] >= ai.WIN - 1000]
    if winners:
        return [1.0 if seat == winners[0] else -1.0 for seat in range(3)], move, True, None
    # Paranoid values are pessimistic for every seat alike (and the evaluation counts
    # each seat's own pieces): a seat's value is its lead over the mean of the seats
    # not forced to lose, so an even position is worth about 0 to each.
    open_raws = [raw for raw in raws if raw > -(ai.WIN - 1000)]
    centre = sum(open_raws) / len(open_raws) if open_raws else 0.0
    values = [-1.0 if raw <= -(ai.WIN - 1000) else _squash(raw - centre, SCALES["xoliba3"])
              for raw in raws]
    return values, move, False, None


def _xoliba_seat_value(state, seat, seconds, should_stop) -> float:
    """The expert level's iterative deepening, from `seat`'s side when another seat is
    to move: the deepest value finished within `seconds`."""
    from game.games.xoliba import player as ai
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


def _solitaire(state, seconds, should_stop):
    from game.games.xoliba import solver
    res = solver.solve(state.board, time_budget=seconds, should_stop=should_stop,
                       shortest=False)
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if res.won:
        move = state.format_move(res.line[0]) if res.line else None
        return _assessment([1.0], move, True, "winnable")
    if res.lost:
        return _assessment([-1.0], None, True, "lost")
    return _assessment([0.0], None, False, "undecided")


def _catalina(state, seconds, should_stop, rng):
    from game.games.catalina import player as ai
    move, raw = ai.hard_search(state, rng, should_stop, budget=seconds)
    decided = abs(raw) >= ai.WIN
    value = _sign(raw) if decided else _squash(raw, SCALES["catalina"])
    return _for_mover(state, value), move, decided, None


def _catalina_roll(state) -> float:
    """The value of a chance step for the player about to roll: the expectation over the
    35 rolls of their best claim (judged by the evaluation, a decided game as +-WIN; a
    roll reaching no free tile skips the turn). The hard search values the position
    after a claim the same way, so the two compare."""
    from game.games.catalina import player as ai
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


def _che(state, seconds, should_stop, rng):
    from game.games.che import player as ai
    if not state.layout.count:
        # The first tile: the four are alike (choose_move takes any); not searched.
        return _for_mover(state, 0.0), state.legal_moves()[0], False, 0
    move, raw = ai.search_move(state, "hard", rng, should_stop, budget=seconds)
    return _two_seat_tiles(state, move, raw, ai.WIN, SCALES["che"])


def _xutoli(state, seconds, should_stop, rng):
    from game.games.xutoli import player as ai
    if not state.layout.count:
        return _for_mover(state, 0.0), state.legal_moves()[0], False, 0
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
    return _two_seat_tiles(state, ai._tile(search.sim, cell, colour), raw, ai.WIN,
                           SCALES["xutoli"])


def _two_seat_tiles(state, move, raw, win, scale):
    """Che and Xutoli: +-win is a turn won (or every turn lost) now, exact; beyond
    +-win/8 the search sees a forced result a turn or two on (threats that cannot all be
    met), +-1 but not proven; below, the evaluation."""
    if abs(raw) >= win:
        return _for_mover(state, _sign(raw)), move, True, None
    if abs(raw) >= win / 8:
        return _for_mover(state, _sign(raw)), move, False, None
    return _for_mover(state, _squash(raw, scale)), move, False, None


# --- the public API --------------------------------------------------------------------------
def assess(state, seconds: float, should_stop=None) -> dict:
    """The strongest level's view of `state` (not changed): see the module docstring.
    `seconds` is the search's budget; `should_stop()` returning True raises
    SearchCancelled."""
    return _assess(state, seconds, should_stop, 0)


def _assess(state, seconds, should_stop, chain: int) -> dict:
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if state.is_over:
        return _assessment(finished_values(state), None, True)
    name = state.spec.name
    if state.is_chance:                     # Catalina: the player about to roll
        value = _catalina_roll(state)
        from game.games.catalina import player as ai
        decided = abs(value) >= ai.WIN
        value = _sign(value) if decided else _squash(value, SCALES["catalina"])
        return _assessment(_for_mover(state, value), None, decided)
    if name == "xoliba" and state.solitaire:
        return _solitaire(state, seconds, should_stop)
    moves = state.legal_moves()
    if len(moves) == 1 and chain < FORCED_CHAIN:
        # One legal move (a pass, the last tile): the position is worth what the one
        # after it is worth; values are per seat, so they carry over unchanged.
        after = state.copy()
        after.play(moves[0])
        following = _assess(after, seconds, should_stop, chain + 1)
        return _assessment(following["values"], state.format_move(moves[0]),
                           following["exact"], horizon=following["horizon"])
    rng = game.ai.default_rng(state)
    assessors = {"xtic": _xtic, "xoliba": _xoliba, "catalina": _catalina, "che": _che,
                 "xutoli": _xutoli}
    if name not in assessors:
        raise ValueError(f"no analysis for {state.spec.title}")
    values, move, exact, horizon = assessors[name](state, seconds, should_stop, rng)
    text = None if move is None else state.format_move(move)
    return _assessment(values, text, exact, horizon=horizon)


def blunders(assessments: list, movers: list, threshold: float = THRESHOLD,
             game: str | None = None) -> list:
    """Indexes of the moves that threw a game away: the mover's value fell by at least
    `threshold` from the position before the move to the one after it. Dice rolls never
    count. In the games of EXACT_BLUNDERS (Xtic) both values must be exact: an unknown
    0 turning into a proven loss says nothing of the move."""
    found = []
    exact_only = game in EXACT_BLUNDERS
    for index, mover in enumerate(movers):
        if mover is None:
            continue
        before, after = assessments[index], assessments[index + 1]
        if exact_only and not (before["exact"] and after["exact"]):
            continue
        if before["values"][mover] - after["values"][mover] >= threshold - 1e-9:
            found.append(index)
    return found


def analyse_record(text: str, report=None, seconds: float | None = None,
                   should_stop=None) -> dict:
    """Every position of the record `text` assessed, from the start to the last one.

    A malformed record raises game.records' ValueError (naming the line). `report`, if
    given, is called after each position with {"done", "total", "assessment"} (plain
    data). `seconds` overrides the game's SECONDS per position."""
    final, _headers = game.records.loads(text)
    budget = SECONDS[budget_key(final)] if seconds is None else seconds
    # One replay walks the game (assess leaves it unchanged): a copy of every position
    # made a long game's analysis quadratic in time and memory.
    replay = final.spec.new_game(seed=final.seed, options=final.options)
    moves = final.history
    assessments, seats = [], []     # seats: who made each move (None: a dice roll)
    for index in range(len(moves) + 1):
        assessment = assess(replay, budget, should_stop)
        assessments.append(assessment)
        if report is not None:
            report({"done": index + 1, "total": len(moves) + 1, "assessment": assessment})
        if index < len(moves):
            seats.append(None if replay.is_chance else replay.to_play)
            replay.play(moves[index])
    return {"assessments": assessments, "movers": seats,
            "blunders": blunders(assessments, seats, game=final.spec.name)}


__all__ = ["SECONDS", "THRESHOLD", "analyse_record", "assess", "blunders", "budget_key",
           "finished_values", "seat_count"]
