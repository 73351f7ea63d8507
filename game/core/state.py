"""The State contract shared by every game (see docs/ENGINE.md).

A game subclasses `GameState` and supplies the rules: `legal_moves`, `_apply`,
`_snapshot`/`_restore`, `to_play`, `outcome`, `format_move`. The base class gives every
game the same play/undo/redo, notation parsing, copying and JSON round trip, in the way
one "midend" serves all of Simon Tatham's puzzles.
"""
from __future__ import annotations

import copy as _copy
import gc
import json
from abc import ABC, abstractmethod
from collections.abc import Hashable
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


class IllegalMoveError(ValueError):
    """A move that is not legal in the current position (the state is left unchanged)."""


@dataclass(frozen=True)
class Outcome:
    winner: int | None      # seat, or None for a draw
    scores: tuple           # one number per seat
    reason: str             # one sentence a player can read


SAVE_FORMAT_VERSION = 1


@contextmanager
def many_moves():
    """For playing a whole game's moves at once (a record, a save, the notation's replay).
    Each move leaves small undo entries that the cyclic collector would scan again and
    again, a third of a 60,000-move record's load time; they form no cycles, so the
    collector waits until the moves are played."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class GameState(ABC):
    """Base class: history, undo/redo and serialisation for any game."""

    spec: Any = None  # the GameSpec, set by the registry

    def __init__(self, seed: int, options: dict):
        self.seed = seed
        self.options = dict(options)
        self.history: list[Hashable] = []
        self._undo_snapshots: list[Any] = []
        self.redo_stack: list[Hashable] = []

    # --- supplied by each game -------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list: ...

    @abstractmethod
    def _apply(self, move) -> None: ...

    @abstractmethod
    def _snapshot(self) -> Any: ...

    @abstractmethod
    def _restore(self, snapshot) -> None: ...

    @abstractmethod
    def format_move(self, move) -> str: ...

    @property
    @abstractmethod
    def to_play(self) -> int | None: ...

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    def legal_form(self, move):
        """`move` as the rules list it when it is legal now (legal_moves or
        consent_moves), else None. An equal value of another type (9.0 for 9) must not
        reach _apply, so the listed move is returned, not `move`. Games whose move lists
        grow with the game (Che, Xutoli) override this to check one move without listing
        them all: a long record then loads in time linear in its length."""
        legal = self.legal_moves() + self.consent_moves()
        try:
            return legal[legal.index(move)]
        except ValueError:
            return None

    def in_play(self, seat: int) -> bool:
        """Whether `seat` still plays (a Xoliba player out of a three-player game does
        not): an offer to end asks only those who do."""
        return True

    def consent_moves(self) -> list:
        """Moves that are playable but never listed as legal, because they need every
        player's consent (Xoliba's `agree`). The app plays them only after asking."""
        return []

    # --- chance (only Catalina overrides these) --------------------------------------
    @property
    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> list:
        return []

    def next_chance(self):
        """The outcome sample_chance() would play now, without playing it: a copy of a
        long game to draw it on costs milliseconds a roll."""
        raise IllegalMoveError(f"{self.spec.title} has no chance steps")

    def sample_chance(self):
        raise IllegalMoveError(f"{self.spec.title} has no chance steps")

    # --- shared behaviour --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def play(self, move) -> None:
        if self.is_over:
            raise IllegalMoveError(f"the game is over; {self._describe(move)} cannot be played")
        listed = self.legal_form(move)
        if listed is None:
            raise IllegalMoveError(f"illegal move {self._describe(move)}")
        move = listed
        snapshot = self._snapshot()
        try:
            self._apply(move)
        except BaseException:
            self._restore(snapshot)
            raise
        self._undo_snapshots.append(snapshot)
        self.history.append(move)
        # Playing the move that redo would play keeps the rest of the redo line.
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()

    def undo(self):
        """Take back the last move exactly; returns it. IndexError if nothing to undo."""
        if not self.history:
            raise IndexError("nothing to undo")
        move = self.history.pop()
        self._restore(self._undo_snapshots.pop())
        self.redo_stack.append(move)
        return move

    def redo(self):
        """Play again the last undone move; returns it. IndexError if nothing to redo."""
        if not self.redo_stack:
            raise IndexError("nothing to redo")
        move = self.redo_stack[-1]
        self.play(move)
        return move

    @contextmanager
    def before_last_move(self):
        """The position before the last move, for a moment: inside the `with` the state
        is that position (the move taken back by its undo snapshot), and the move is
        played again on leaving. A view animates a move from it: taking a move back and
        playing it again costs microseconds, a copy of a long game milliseconds."""
        self.undo()
        try:
            yield self
        finally:
            self.redo()

    def position_key(self) -> tuple:
        """Changes whenever a move is played or taken back: the key of whatever a view or
        scene works out once per position (regions, claimable tiles, the move list)."""
        return (id(self), len(self.history), tuple(self.history[-1:]))

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def parse_move(self, text: str):
        wanted = str(text).strip()
        for move in self.legal_moves():
            if self.format_move(move) == wanted:
                return move
        raise IllegalMoveError(f"no legal move {wanted!r} in this position")

    def move_list(self) -> list[str]:
        """The history in notation (each move formatted in the position it was played)."""
        return list(self._follow_history()[0])

    def movers(self) -> list:
        """The seat that made each move of the history (None: a chance step, a dice roll):
        the move list's columns."""
        return list(self._follow_history()[1])

    def _follow_history(self) -> tuple[list, list]:
        """(texts, movers) of the history. Asked after every move (the save, the panel),
        so they are kept incrementally: a replay of the game follows the history, undoing
        back to where they agree, and each new move is looked at once."""
        replay, texts, movers = self.__dict__.get("_notation") or (
            self.spec.new_game(seed=self.seed, options=self.options), [], [])
        agree = 0
        limit = min(len(replay.history), len(self.history))
        while agree < limit and replay.history[agree] == self.history[agree]:
            agree += 1
        while len(replay.history) > agree:
            replay.undo()
            texts.pop()
            movers.pop()
        with many_moves():
            for move in self.history[agree:]:
                texts.append(replay.format_move(move))
                movers.append(None if replay.is_chance else replay.to_play)
                replay.play(move)
        replay.redo_stack.clear()
        self._notation = (replay, texts, movers)
        return texts, movers

    def __getstate__(self):
        # The notation replay is a cache: rebuilt when asked, never copied or pickled.
        state = self.__dict__.copy()
        state.pop("_notation", None)
        return state

    def copy(self) -> GameState:
        return _copy.deepcopy(self)

    def to_json(self) -> str:
        moves = self.move_list()
        redo = []
        if self.redo_stack:
            ahead = self.copy()
            while ahead.redo_stack:
                move = ahead.redo_stack[-1]
                redo.append(ahead.format_move(move))
                ahead.redo()
        return json.dumps({
            "game": self.spec.name,
            "format": SAVE_FORMAT_VERSION,
            "seed": self.seed,
            "options": self.options,
            "moves": moves,
            "redo": redo,
        })

    def _describe(self, move) -> str:
        try:
            return repr(self.format_move(move))
        except Exception:  # a malformed move cannot always be formatted
            return repr(move)


class PerPosition:
    """Values worked out once per position of a state, again after a move or an undo:
    `get(state, name, compute)` returns compute() for the state's current position."""

    def __init__(self):
        self._values: dict = {}

    def get(self, state, name: str, compute):
        key = state.position_key()
        hit = self._values.get(name)
        if hit is None or hit[0] != key:
            hit = self._values[name] = (key, compute())
        return hit[1]
