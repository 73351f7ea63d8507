"""The test-only sixth game (tic-tac-toe, tests/sixth_game) with what the own-mistake
puzzles need of a game: an analysis (exact, by minimax) and a puzzle kit (one goal:
complete a line now). A game of its own name, so the sixth game stays as it is; its
state class lives here, so a worker process registers it from this module."""
from __future__ import annotations

import dataclasses
import functools
import os
import time

import sixth_game.rules as sixth
from game.ai.analysis import Assessor, for_mover
from game.puzzles.kit import Proof, PuzzleKit

NAME = "tictactoe-puzzles"


class PuzzleTicTacToe(sixth.TicTacToeState):
    pass


def cells(state) -> tuple:
    return tuple(state.board.get((x, y)) for y in range(3) for x in range(3))


def _wins(board: tuple, seat: int) -> bool:
    return any(all(board[x + 3 * y] == seat for x, y in line) for line in sixth.LINES)


@functools.cache
def value(board: tuple, to_play: int) -> int:
    """+1 when the side to move wins with best play, 0 a draw, -1 a loss."""
    if _wins(board, 1 - to_play):
        return -1
    empty = [i for i, cell in enumerate(board) if cell is None]
    if not empty:
        return 0
    return max(-value(board[:i] + (to_play,) + board[i + 1:], 1 - to_play) for i in empty)


def assess(state, seconds, should_stop, rng):
    """The exact value; it takes its whole budget, as a search would (the miner's stop
    test gives it a long one)."""
    time.sleep(seconds)
    return for_mover(state, float(value(cells(state), state.to_play))), None, True, None


ASSESSOR = Assessor(assess=assess, seconds=lambda state: 0.0, exact_blunders=True)


class LineKit(PuzzleKit):
    game = NAME
    goals = {"line": "Complete a line now."}
    tries = (("line", None),)

    def prove(self, state, kind, n):
        moves = state.legal_moves()
        winning = []
        for move in moves:
            after = state.copy()
            after.play(move)
            if after.outcome is not None and after.outcome.winner == state.to_play:
                winning.append(state.format_move(move))
        if not winning or len(winning) == len(moves):
            return None
        # The process that proved it: the miner proves in a worker process of its own.
        return Proof(tuple(winning), "It completes a line.", measures={"pid": os.getpid()})


KIT = LineKit()

SPEC = dataclasses.replace(sixth.SPEC, name=NAME, title="Tic-tac-toe (puzzles)",
                           state_class=PuzzleTicTacToe, analysis="tictactoe_kit:ASSESSOR",
                           tactics="tictactoe_kit:KIT")


def played(*moves: str):
    """The game after `moves` (notation), as a state."""
    state = SPEC.new_game(seed=1)
    for text in moves:
        state.play(state.parse_move(text))
    return state
