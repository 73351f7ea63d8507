"""The Xtic reference the tests check the computer player and the puzzles against: plain
negamax on the public API. A value is WIN - k for a win whose losing placement is the
board's k-th piece, -(WIN - k) for such a loss, 0 for a draw."""
from __future__ import annotations

WIN = 100


def move_value(state, move, depth, memo):
    """Value of `move` for the player making it, looking `depth` moves ahead."""
    mover = state.to_play
    state.play(move)
    try:
        if state.is_over:
            placed = 16 - state.board.count(-1)
            winner = state.outcome.winner
            if winner is None:
                return 0
            return WIN - placed if winner == mover else -(WIN - placed)
        if depth == 1:
            return 0
        return -position_value(state, depth - 1, memo)
    finally:
        state.undo()


def position_value(state, depth, memo):
    """Negamax value for the player to move, looking `depth` moves ahead."""
    key = (tuple(state.board), state.hand, depth)
    if key not in memo:
        memo[key] = max(move_value(state, move, depth, memo) for move in state.legal_moves())
    return memo[key]
