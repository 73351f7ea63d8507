"""A first-game tutorial: a real game against the weakest computer, with the game's
tutorial lines (its record's `tutorial`) in the side panel, one per move of the player, and the
board ringing the move the record's `tutor_level` would play as a suggestion. Any legal move is
accepted; undo steps the lines back too. A tutorial game is neither saved for later nor
counted in the statistics.
"""
from __future__ import annotations

import random
import re

import game.ai
from game.engine.saves import Seat
from game.scenes.play import PlayScene


class TutorialScene(PlayScene):
    records_stats = False
    saves_game = False          # the player's suspended game stays as it was

    def __init__(self, app, spec):
        options = spec.demo_options
        state = spec.new_game(seed=1, options=options)
        seats = [Seat("human", None)] + [Seat("computer", spec.ai_levels[0])
                                         for _ in spec.seats_for(options)[1:]]
        super().__init__(app, state, seats)
        self.lines = spec.load("tutorial")

    def step(self) -> int:
        """How many moves the player has made in this game (the line to show)."""
        def count():
            replay = self.state.spec.new_game(seed=self.state.seed, options=self.state.options)
            made = 0
            for move in self.state.history:
                made += replay.to_play == 0
                replay.play(move)
            return made
        return self.per_position.get(self.state, "tutorial step", count)

    def suggestion(self):
        """The easy computer's move for the player, while the lines teach (not a roll)."""
        state = self.state
        if not self.human_to_move or state.is_chance or self.must_pass \
                or self.step() >= len(self.lines) - 1:
            return None
        return self.per_position.get(state, "suggestion", lambda: self._suggest(state))

    def _suggest(self, state):
        # Asked in the frame loop, so a failing computer player must not stop the game:
        # the tutorial goes on without a suggestion and says why.
        try:
            return game.ai.choose_move(state, state.spec.tutor_level, random.Random(len(state.history)))
        except Exception as exc:                    # noqa: BLE001 - shown, then ignored
            self.notice = f"No suggestion this move: {type(exc).__name__}: {exc}"
            return None

    def panel_lines(self) -> list:
        palette = self.app.palette
        number = min(self.step(), len(self.lines) - 1)
        lines = [(f"Tutorial, step {number + 1} of {len(self.lines)}", palette.accent)]
        # A sentence per entry: the panel wraps each into a few lines.
        for sentence in re.split(r"(?<=[.!?])\s+", self.lines[number]):
            lines.append((sentence, palette.text))
        return lines

    def shown_hint(self):
        """A hint asked for, else the easy computer's suggestion."""
        return self.hint_move if self.hint_move is not None else self.suggestion()
