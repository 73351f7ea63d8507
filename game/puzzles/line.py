"""A puzzle being played: where its line stands, worked out off the frame loop.

The screen asks `PuzzleLine.follow(state)` every frame. The first position's accepted
moves are the puzzle's own answers (no search); after that, the game's kit
(`kit.follow`) works out in a background thread whether the puzzle is solved, what the
defender replies, or which moves are accepted now. Until it has answered, `follow`
returns None (the screen says it is thinking); a position the player left in the
meantime (a retry) is answered and thrown away. The same thread finds the whole
solution line for "Show the solution".
"""
from __future__ import annotations

import threading

from game.core.registry import load_reference
from game.puzzles import Puzzle, kit_reference
from game.puzzles.kit import Follow

MOST_SOLUTION_MOVES = 40        # a solution line longer than this is cut (none is)


class PuzzleLine:
    def __init__(self, puzzle: Puzzle, kit=None):
        self.puzzle = puzzle
        self.kit = kit or load_reference(kit_reference(puzzle.set_name))
        state, _ = puzzle.position()
        self.start = len(state.history)         # the ply the puzzle starts at
        self.start_state = state
        self._lock = threading.Lock()
        self._answers: dict[tuple, Follow] = {}  # history -> the kit's answer
        self._asked: set[tuple] = set()
        self._solution: list[str] | None = None
        self._solution_asked = False
        self.error = ""                         # the kit failed: what it said

    def new_position(self):
        """A fresh copy of the puzzle's position."""
        return self.start_state.copy()

    def follow(self, state) -> Follow | None:
        """Where the line stands in `state` (a position of this puzzle), or None while
        the kit is still working it out (it has been asked)."""
        key = tuple(state.history)
        if len(key) == self.start:
            return Follow(accepted=self.puzzle.answers)
        with self._lock:
            if key in self._answers:
                return self._answers[key]
            if key in self._asked:
                return None
            self._asked.add(key)
        self._run(self._work_out, key)     # the position is made again there: a copy
        return None                         # here would cost the frame a few ms

    def solution(self) -> list[str] | None:
        """The whole solution line from the puzzle's position (moves in notation: the
        first accepted move each turn, the defender's best replies), or None while it is
        being worked out."""
        with self._lock:
            if self._solution is not None or self._solution_asked:
                return self._solution
            self._solution_asked = True
        self._run(self._find_solution)
        return None

    @staticmethod
    def _run(work, *args) -> None:
        threading.Thread(target=work, args=args, daemon=True, name="puzzle line").start()

    def _work_out(self, key: tuple) -> None:
        """The kit's answer for the position the moves `key` lead to."""
        try:
            state = self.new_position()
            for move in key[self.start:]:
                state.play(move)
            answer = self.kit.follow(state, self.start, self.puzzle.kind, self.puzzle.n)
        except Exception as exc:        # a kit's fault must not stop the game
            self.error = f"{type(exc).__name__}: {exc}"
            answer = Follow(failed=f"the puzzle's solver failed ({self.error})")
        with self._lock:
            self._answers[key] = answer

    def _find_solution(self) -> None:
        state = self.new_position()
        line: list[str] = []
        try:
            while len(line) < MOST_SOLUTION_MOVES:
                if len(state.history) == self.start:
                    answer = Follow(accepted=self.puzzle.answers)
                else:
                    answer = self.kit.follow(state.copy(), self.start, self.puzzle.kind,
                                             self.puzzle.n)
                if answer.solved or answer.failed:
                    break
                if answer.reply is not None:
                    move = answer.reply
                elif state.is_chance:
                    move = state.next_chance()
                else:
                    move = state.parse_move(answer.accepted[0])
                text = state.format_move(move)
                state.play(move)
                line.append(text)
        except Exception as exc:
            self.error = f"{type(exc).__name__}: {exc}"
        with self._lock:
            self._solution = line
