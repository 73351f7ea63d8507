"""A tiny game of the tests' own, for checking that the registry's readers (the playouts
checker...) handle a game they have never heard of: Take-away, a pile of counters from
which the players take 1, 2 or 3 in turn; who takes the last one wins. Its record names
nothing but its rules (no view, player, playouts...)."""
from __future__ import annotations

from contextlib import contextmanager

import game.rules
from game.core.state import GameState, Outcome


class TakeAwayState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.left = options["pile"]
        self.turn = 0

    def legal_moves(self) -> list:
        return [n for n in (1, 2, 3) if n <= self.left]

    def _apply(self, move) -> None:
        self.left -= move
        self.turn = 1 - self.turn

    def _snapshot(self):
        return self.left, self.turn

    def _restore(self, snapshot) -> None:
        self.left, self.turn = snapshot

    def format_move(self, move) -> str:
        return f"take {move}"

    @property
    def to_play(self):
        return None if self.left == 0 else self.turn

    @property
    def outcome(self):
        if self.left:
            return None
        winner = 1 - self.turn              # who took the last counter
        return Outcome(winner, (1, 0) if winner == 0 else (0, 1), "took the last counter")


SPEC = game.rules.GameSpec(
    name="take-away",
    title="Take-away",
    blurb="Take 1, 2 or 3 counters; who takes the last one wins.",
    seats=("First", "Second"),
    options=(game.rules.Option("pile", (10, 15, 21), 15, "Counters"),),
    state_class=TakeAwayState,
    ai_levels=("random",),
)


@contextmanager
def registered(spec=SPEC):
    """The game in the registry for the `with` block only."""
    game.rules.register(spec)
    try:
        yield spec
    finally:
        game.rules.unregister(spec.name)
