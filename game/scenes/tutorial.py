"""A first-game tutorial: a real game against the weakest computer, with the game's
tutorial lines (its record's `tutorial`) in the side panel, one per move of the player, and
the board ringing the move the record's `tutor_level` would play as a suggestion. Any legal
move is accepted; undo steps the lines back too. A tutorial game is neither kept for later
nor counted in the statistics: a session configuration (game/engine/session.py).
"""
from __future__ import annotations

import re

from game.engine.saves import Seat
from game.engine.session import SessionConfig
from game.scenes.play import PlayScene


def tutorial_config(spec) -> SessionConfig:
    return SessionConfig(keeper=None, records_stats=False, tutorial=tuple(spec.load("tutorial")))


class TutorialScene(PlayScene):
    """The play screen with the tutorial's line in its panel."""

    def __init__(self, app, spec):
        options = spec.demo_options
        state = spec.new_game(seed=1, options=options)
        seats = [Seat("human", None)] + [Seat("computer", spec.ai_levels[0])
                                         for _ in spec.seats_for(options)[1:]]
        super().__init__(app, state, seats, config=tutorial_config(spec))

    def panel_lines(self) -> list:
        palette = self.app.palette
        lines = self.session.config.tutorial
        number = min(self.session.tutorial_step(), len(lines) - 1)
        shown = [(f"Tutorial, step {number + 1} of {len(lines)}", palette.accent)]
        # A sentence per entry: the panel wraps each into a few lines.
        for sentence in re.split(r"(?<=[.!?])\s+", lines[number]):
            shown.append((sentence, palette.text))
        return shown
