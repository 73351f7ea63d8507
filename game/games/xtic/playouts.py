"""Xtic's part of the playouts checker (game/testing/playouts.py): its modes, the
position compared along undo, redo and loading, and its invariants (pieces used once,
who placed the losing line)."""
from __future__ import annotations

from game.games.xtic import rules as xtic
from game.testing.playouts import Mode, Playouts


def modes(spec) -> list[Mode]:
    """The three game types (the default first)."""
    return [Mode(spec.name, {"game_type": t}, f"game_type={t}")
            for t in spec.option("game_type").values]


def position(state) -> tuple:
    return tuple(state.board), state.hand, state.available, state.losing_lines


def invariants(state, fail, scan: bool) -> None:
    board = state.board
    placed = [p for p in board if p >= 0]
    hand = [] if state.hand is None else [state.hand]
    if sorted(placed + hand + state.available_pieces()) != list(range(16)):
        fail(f"pieces not each used once: board {placed}, hand {hand}, "
             f"available {state.available_pieces()}")
    if scan:
        placements = sum(1 for square, _ in state.history if square is not None)
        if len(placed) != placements:
            fail(f"{len(placed)} pieces on the board after {placements} placements")
    if len(state.history) > 17:
        fail(f"{len(state.history)} moves: Xtic has at most 17")
    complete = [line for line in xtic.LINES[state.game_type]
                if all(board[sq] >= 0 for sq in line)
                and xtic.shared_property([board[sq] for sq in line]) is not None]
    if not state.is_over:
        if complete:
            fail(f"lines {complete} share a property but the game goes on")
        if all(p >= 0 for p in board):
            fail("the board is full but the game goes on")
        if state.to_play != len(state.history) % 2:
            fail(f"to_play {state.to_play} after {len(state.history)} moves")
        if (state.hand is None) != (not state.history):
            fail(f"hand {state.hand} after {len(state.history)} moves")
        return
    placer = (len(state.history) - 1) % 2
    last = state.history[-1][0]
    if state.outcome.winner is None:
        if complete or not all(p >= 0 for p in board):
            fail("a draw without a full board free of lines")
    elif state.outcome.winner != 1 - placer or not complete \
            or set(complete) != set(state.losing_lines) \
            or not all(last in line for line in complete):
        fail(f"winner {state.outcome.winner}: placer {placer}, lines {complete}, losing "
             f"lines {state.losing_lines}, last square {last}")


PLAYOUTS = Playouts(modes, position, invariants)
