"""Xoliba's background jobs for the solitaire puzzles, run by the computer's worker
process (game/ai/worker.py, asked for as "game.games.xoliba.jobs:<job>").

A job takes plain data (it crosses a process boundary) and a `report(value)` callback for
progress, and returns plain data. Positions travel as the position text of
docs/rules/xoliba.md, moves as notation.

- `solitaire_hint`: a next move that still wins, or, if the position is lost, the last
  position of the game that could still be won.
- `solitaire_deal`: deals from the real set-up until the solver proves one winnable.
"""
from __future__ import annotations

import time

from game.games.xoliba import solver
from game.games.xoliba import rules as xoliba
from game.games.xoliba.levels import line_notation

HINT_SECONDS = 6.0          # to decide the current position
HINT_SHORTEN_SECONDS = 2.0  # then to look for a shorter line than the first found
HISTORY_SECONDS = 3.0       # per earlier position, to find the last winnable one
DEAL_SECONDS = 8.0          # per deal: undecided after this, the next deal is tried
DEAL_SHORTEN_SECONDS = 4.0  # then to shorten the winning line found (the deal's par)
MAX_DEALS = 200


def _shortened(board, res, seconds: float) -> tuple:
    """(line, proven shortest): the decision's line, or a shorter one found in `seconds`.
    Deciding first without shortening keeps a quick answer quick."""
    if res.proven_shortest:
        return res.line, True
    better = solver.solve(board, time_budget=seconds)
    if better.won and len(better.line) <= len(res.line):
        return better.line, better.proven_shortest
    return res.line, False


def solitaire_hint(args: dict, report) -> dict:
    """args: "positions", the game's positions from the first to the current one.

    Returns {"status": "won", "move": notation, "length": moves of the line found,
    "proven": bool} or {"status": "lost", "index": the last position that could still be
    won (None: not even the first), "move": a winning move from it, "exact": bool} or
    {"status": "undecided", "seconds": the budget}."""
    positions = args["positions"]
    seconds = args.get("seconds", HINT_SECONDS)
    board = xoliba.parse_position(positions[-1], 1)
    res = solver.solve(board, time_budget=seconds, shortest=False)
    if res.won and res.line:
        report({"phase": "shortening", "length": len(res.line)})
        line, proven = _shortened(board, res, args.get("shorten", HINT_SHORTEN_SECONDS))
        return {"status": "won", "move": line_notation(positions[-1], line[:1])[0],
                "length": len(line), "proven": proven}
    if res.won:
        return {"status": "won", "move": None, "length": 0, "proven": True}
    if res.lost:
        report({"phase": "history"})
        boards = [xoliba.parse_position(text, 1) for text in positions[:-1]]
        last = solver.last_winnable(boards, time_budget=args.get("history", HISTORY_SECONDS))
        move = None
        if last.index is not None and last.move is not None:
            move = line_notation(positions[last.index], [last.move])[0]
        # The current position is proved lost, so if every earlier one was decided the
        # answer is exact.
        exact = last.exact or last.index == len(boards) - 1
        return {"status": "lost", "index": last.index, "move": move, "exact": exact}
    return {"status": "undecided", "seconds": seconds}


def solitaire_deal(args: dict, report) -> dict:
    """args: "seed" (the first deal tried), optional "seconds" per deal and "max_deals".

    Reports {"tried", "lost", "undecided", "seed"} before each deal; returns {"seed",
    "position", "line" (notation), "proven", "tried", "lost", "undecided"}, or "seed" None
    when no deal of max_deals was proved winnable."""
    first = args["seed"]
    seconds = args.get("seconds", DEAL_SECONDS)
    counts = {"tried": 0, "lost": 0, "undecided": 0}
    for seed in range(first, first + args.get("max_deals", MAX_DEALS)):
        report(dict(counts, seed=seed, started=time.time()))
        board = xoliba.SPEC.new_game(seed=seed, options={"players": 1}).board
        res = solver.solve(board, time_budget=seconds, shortest=False)
        counts["tried"] += 1
        if res.won and res.line:
            line, proven = _shortened(board, res, args.get("shorten", DEAL_SHORTEN_SECONDS))
            position = xoliba.position_text(board)
            return dict(counts, seed=seed, position=position, proven=proven,
                        line=line_notation(position, line))
        counts["lost" if res.lost else "undecided"] += 1
    return dict(counts, seed=None)
