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
search's judgement, squashed by `squash` so heuristic values stay inside +-HEURISTIC_CAP
and only results the search sees as forced reach +-1. `exact` says a value is proven (the
Xtic solver reached the end, a win or loss found for certain, the solitaire solver
decided, or the game is over). A value that is neither proven nor the evaluation's
judgement, Xtic's 0 when its search found no result, says nothing: `horizon` is then
how many moves the search looked ahead (0: not searched). Searches run in this process;
the app runs `analyse_record` in the worker (its job `analyse_job`). No pygame here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Callable

import game.ai
import game.records
import game.rules as game_rules
from game.ai import SearchCancelled

THRESHOLD = 0.5                 # a drop of the mover's value this big is a blunder
HEURISTIC_CAP = 0.9             # heuristic values stay inside +-this; +-1 is forced
FORCED_CHAIN = 8                # positions with one legal move followed at most


@dataclass(frozen=True)
class Assessor:
    """A game's part of the analysis, named by its record (GameSpec.analysis; each game's
    is in game/games/<name>/analysis.py).

    assess(state, seconds, should_stop, rng) -> (values per seat, move or None, exact,
    horizon): the strongest level's judgement of a position with a choice of moves;
    horizon is None for a proven value or a judgement of the evaluation, and for values
    that say nothing, the moves the search looked ahead. seconds(state) -> the budget per
    position of a game like `state`: a 60-move game (61 positions) within a minute on a
    slow machine (`python -m game.bench analysis` measures it). outright(state, seconds,
    should_stop) -> an assessment (make_assessment), or None: a position the game judges
    whole, before a one-move chain is followed (a roll about to be made, a solitaire).
    exact_blunders: blunders are counted on exact values only (see blunders)."""
    assess: Callable
    seconds: Callable
    outright: Callable | None = None
    exact_blunders: bool = False


def assessor_of(spec) -> Assessor:
    """The game's Assessor, from its record; a game whose record names none has no
    analysis (ValueError)."""
    assessor = spec.load("analysis")
    if assessor is None:
        raise ValueError(f"no analysis for {spec.title}")
    return assessor


def seconds_for(state) -> float:
    """The analysis's seconds per position for a game like `state`."""
    return assessor_of(state.spec).seconds(state)


def seat_count(state) -> int:
    return len(state.spec.seats_for(state.options))


def squash(value: float, scale: float) -> float:
    """A heuristic value inside +-HEURISTIC_CAP: `scale` maps to tanh(1) * HEURISTIC_CAP
    (about 0.69), measured per game so that the values of ordinary positions of seeded
    games spread over the range."""
    return HEURISTIC_CAP * math.tanh(value / scale)


def sign(value: float) -> float:
    return 1.0 if value > 0 else -1.0 if value < 0 else 0.0


def for_mover(state, value: float) -> list:
    """Two seats: the mover's value and its negation for the other seat."""
    values = [0.0, 0.0]
    values[state.to_play] = value
    values[1 - state.to_play] = -value
    return values


def make_assessment(values, move=None, exact=False, verdict=None, horizon=None) -> dict:
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
        return make_assessment(finished_values(state), None, True)
    assessor = assessor_of(state.spec)
    if assessor.outright is not None:
        judged = assessor.outright(state, seconds, should_stop)
        if judged is not None:
            return judged
    moves = state.legal_moves()
    if len(moves) == 1 and chain < FORCED_CHAIN:
        # One legal move (a pass, the last tile): the position is worth what the one
        # after it is worth; values are per seat, so they carry over unchanged.
        after = state.copy()
        after.play(moves[0])
        following = _assess(after, seconds, should_stop, chain + 1)
        return make_assessment(following["values"], state.format_move(moves[0]),
                               following["exact"], horizon=following["horizon"])
    rng = game.ai.default_rng(state)
    values, move, exact, horizon = assessor.assess(state, seconds, should_stop, rng)
    text = None if move is None else state.format_move(move)
    return make_assessment(values, text, exact, horizon=horizon)


def blunders(assessments: list, movers: list, threshold: float = THRESHOLD,
             game: str | None = None) -> list:
    """Indexes of the moves that threw a game away: the mover's value fell by at least
    `threshold` from the position before the move to the one after it. Dice rolls never
    count. In a game whose Assessor counts on exact values only (`exact_blunders`: Xtic)
    both values must be exact: an unknown 0 turning into a proven loss says nothing of
    the move."""
    found = []
    exact_only = game is not None and assessor_of(game_rules.get(game)).exact_blunders
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
    data). `seconds` overrides the game's own seconds per position (seconds_for)."""
    final, _headers = game.records.loads(text)
    budget = seconds_for(final) if seconds is None else seconds
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


def analyse_job(args: dict, report) -> dict:
    """The worker's job "game.ai.analysis:analyse_job" (game/ai/worker.py): args "record"
    (the text of game/records/__init__.py), optional "seconds" per position (default: the game's
    own, seconds_for). Reports {"done", "total", "assessment"} after each position;
    returns analyse_record's result. A bad record fails the job with the ValueError
    naming the line."""
    return analyse_record(args["record"], report=report, seconds=args.get("seconds"))


__all__ = ["Assessor", "THRESHOLD", "analyse_job", "analyse_record", "assess", "assessor_of",
           "blunders", "finished_values", "for_mover", "make_assessment", "seat_count",
           "seconds_for", "sign", "squash"]
