"""Tic-tac-toe's rules and record. Squares are (x, y), 0-2; notation a1..c3 (column
letter, row number); X (seat 0) moves first; three in a row wins, a full board draws."""
from __future__ import annotations

from game.rules import GameSpec, GameState, Outcome

LINES = [[(x, y) for x in range(3)] for y in range(3)] + \
        [[(x, y) for y in range(3)] for x in range(3)] + \
        [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


class TicTacToeState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.board: dict = {}                   # (x, y) -> seat

    def legal_moves(self) -> list:
        if self.is_over:
            return []
        return [(x, y) for y in range(3) for x in range(3) if (x, y) not in self.board]

    def _apply(self, move) -> None:
        self.board[move] = self.to_play

    def _snapshot(self):
        return dict(self.board)

    def _restore(self, snapshot) -> None:
        self.board = dict(snapshot)

    def format_move(self, move) -> str:
        return "abc"[move[0]] + str(move[1] + 1)

    def winning_line(self):
        for line in LINES:
            marks = {self.board.get(square) for square in line}
            if len(marks) == 1 and None not in marks:
                return line
        return None

    @property
    def to_play(self):
        return None if self.outcome is not None else len(self.board) % 2

    @property
    def outcome(self):
        line = self.winning_line()
        if line is not None:
            winner = self.board[line[0]]
            return Outcome(winner, (1, 0) if winner == 0 else (0, 1),
                           f"{'XO'[winner]} has three in a row")
        if len(self.board) == 9:
            return Outcome(None, (0, 0), "the board is full")
        return None


SPEC = GameSpec(
    name="tictactoe",
    title="Tic-tac-toe",
    blurb="Three in a row on a 3x3 board.",
    seats=("X", "O"),
    state_class=TicTacToeState,
    ai_levels=("random",),
    view="sixth_game.view:TicTacToeView",
    player="sixth_game.player:choose_move",
    rule_pages="sixth_game.rule_pages:PAGES",
    tutorial="sixth_game.tutorial:LINES",
    tutor_level="random",
    tactics="sixth_game.tactics:KIT",
)
