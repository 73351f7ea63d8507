"""A first-game tutorial: a real game against the weakest computer, with the game's
tutorial lines (its record's `tutorial`) in the play screen's panel, one per move of the
player, and the board ringing the move the record's `tutor_level` would play as a
suggestion. Any legal move is accepted; undo steps the lines back too. A tutorial game is
neither kept for later nor counted in the statistics. It is a configuration of the session
(game/services/session.py) shown by the play screen, not a screen of its own.
"""
from __future__ import annotations

from game.services.saves import Seat
from game.services.session import SessionConfig


def tutorial_scene(app, spec):
    """The play screen for `spec`'s tutorial game."""
    options = spec.demo_options
    state = spec.new_game(seed=1, options=options)
    seats = [Seat("human", None)] + [Seat("computer", spec.ai_levels[0])
                                     for _ in spec.seats_for(options)[1:]]
    config = SessionConfig(keeper=None, records_stats=False,
                           tutorial=tuple(spec.load("tutorial")))
    return app.make("play", state, seats, None, config)
