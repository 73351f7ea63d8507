"""Xoliba's part of the playouts checker (game/testing/playouts.py): its modes (every
player count, and made-up set-up positions), the position compared along undo, redo and
loading, its invariants (pieces conserved but for captures) and the checks of a finished
game's outcome."""
from __future__ import annotations

import random

from game.games.xoliba import rules as xoliba
from game.testing.playouts import Mode, Playouts


def modes(spec) -> list[Mode]:
    """2, 3 and 1 players from a deal; and set-up positions (`position`, `first`: the
    level files and the position editor), every player count."""
    modes = [Mode(spec.name, {"players": p}, f"players={p}")
             for p in spec.option("players").values]
    modes.append(Mode(spec.name, {}, "set-up positions",
                      {"players": spec.option("players").values,
                       "position": _made_up_position,
                       "first": spec.option("first").values}))
    return modes


def _made_up_position(rng: random.Random, options: dict) -> str:
    """A made-up set-up (the `position` option): any mix of the players' colours and
    white, dense or sparse, so odd games (a player short of pieces) occur too."""
    letters = "rbg"[:max(2, options["players"])]
    white = rng.uniform(0.05, 0.7)
    board = [xoliba.WHITE] * (xoliba.SIDE * xoliba.SIDE)
    for point in xoliba.POINTS:
        if rng.random() >= white:
            board[point] = xoliba.LETTERS.index(rng.choice(letters))
    return xoliba.position_text(board)


def position(state) -> tuple:
    return (tuple(state.board), tuple(state.order), state.turn, tuple(state.active),
            tuple(state.passed), tuple(map(tuple, state.captures)), state.quiet_moves,
            state.repetitions(), state.end_cause, tuple(state.last_captured))


def invariants(state, fail, scan: bool) -> None:
    board, players = state.board, state.players
    if any(board[p] not in range(players if players > 1 else 2) and board[p] != xoliba.WHITE
           for p in xoliba.POINTS):
        fail("a point holds a colour no player has")
    now = xoliba.counts(board)
    start = state.start_counts
    captured = [sum(row[c] for row in state.captures) for c in range(3)]
    for colour in range(3):
        if now[colour] + captured[colour] > start[colour]:
            fail(f"colour {colour}: {now[colour]} on the board + {captured[colour]} captured "
                 f"> {start[colour]} at the start")
    if state.solitaire:
        blue, red = xoliba.BLUE, xoliba.RED
        if now[blue] + captured[blue] != start[blue]:
            fail(f"blue pieces not conserved: {now[blue]} + {captured[blue]} captured != "
                 f"{start[blue]}")
        if (start[red] - now[red] - captured[red]) % 3:
            fail("red pieces lost other than by capture or three triangle corners at a time")
    else:
        for seat in range(players):
            if state.active[seat] and now[seat] + captured[seat] != start[seat]:
                fail(f"seat {seat} pieces not conserved: {now[seat]} + {captured[seat]} "
                     f"captured != {start[seat]}")
            if not state.active[seat] and now[seat]:
                fail(f"seat {seat} is out but has {now[seat]} pieces")
    if state.is_over:
        return
    seat = state.to_play
    if not state.active[seat]:
        fail(f"seat {seat} to play is out")
    if players == 3 and sum(state.active) < 2:
        fail("fewer than two seats left but the game goes on")
    if not state.solitaire and any(now[s] < 3 for s in range(players) if state.active[s]):
        fail(f"a player in the game has fewer than three pieces: {now}")
    # Solitaire has neither the 30-move rule nor repetitions (RULES-DECISIONS.md).
    if not state.solitaire and state.quiet_moves >= xoliba.NO_CAPTURE_LIMIT:
        fail(f"{state.quiet_moves} moves without a capture but the game goes on")
    if not state.solitaire and not 1 <= state.repetitions() < xoliba.REPETITIONS:
        fail(f"the position occurred {state.repetitions()} times but the game goes on")
    legal = state.legal_moves() if scan else [xoliba.PASS]
    if legal != [xoliba.PASS]:
        for frm, to, t in legal:
            corners = xoliba.TRIANGLES[t].corners
            if board[frm] != seat or board[to] != xoliba.WHITE or to not in corners \
                    or frm in corners:
                fail(f"legal move {state.format_move((frm, to, t))} is not a swap of "
                     f"seat {seat}'s piece with a white at a triangle corner")


def finished(state, fail) -> None:
    outcome, now = state.outcome, xoliba.counts(state.board)
    if state.solitaire:
        won = now[xoliba.BLUE] == 0
        if (outcome.winner == 0) != won or outcome.scores != ((1,) if won else (0,)):
            fail(f"solitaire outcome {outcome} with {now[xoliba.BLUE]} blue left")
    elif state.players == 2:
        if outcome.winner is None:
            if outcome.scores != (0, 0):
                fail(f"a tie scores {outcome.scores}")
        elif outcome.scores[1 - outcome.winner] != 0 or outcome.scores[outcome.winner] < 0:
            fail(f"two-player scores {outcome.scores} for winner {outcome.winner}")
    else:
        scores = tuple(sum(state.captures[s][c] for c in range(3) if c != s) for s in range(3))
        leaders = [s for s in range(3) if scores[s] == max(scores)]
        if outcome.scores != scores or outcome.winner != (leaders[0] if len(leaders) == 1
                                                          else None):
            fail(f"three-player outcome {outcome}, enemy captures {scores}")


# The solitaire has no forced end; the target score and the resignation rule act between
# the games of a match.
PLAYOUTS = Playouts(modes, position, invariants, finished,
                    endless=lambda options: options.get("players") == 1,
                    match_only=("target", "resignation"))
