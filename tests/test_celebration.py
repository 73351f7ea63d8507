"""A short celebration (confetti) when a human wins, in every game's play scene; none for
the computer's win, and none with motion off (the reduced motion setting)."""
from __future__ import annotations

import pytest

import game.rules
from game.engine.saves import Seat
from game.scenes.play import PlayScene
from game.settings import Settings
from scene_driver import step
from test_scenes import SHORT_GAME, make_app, shoot  # noqa: F401  (make_app: the fixture)

HUMAN, COMPUTER = Seat("human", None), Seat("computer", "easy")


def finish(app, seats):
    """Xtic's short game: the first seat places the fourth piece of a line and loses."""
    state = game.rules.get("xtic").new_game(seed=1)
    for move in SHORT_GAME[:-1]:
        state.play(move)
    play = PlayScene(app, state, seats)
    app.push(play)
    step(app, frames=2)
    play.session.play(SHORT_GAME[-1])
    assert play.state.outcome.winner == 1
    return play


@pytest.mark.parametrize("seats, celebrated", [
    ((COMPUTER, HUMAN), True),          # you beat the computer
    ((HUMAN, COMPUTER), False),         # the computer beat you
    ((HUMAN, HUMAN), True),             # someone at the table won
])
def test_a_win_is_celebrated(make_app, seats, celebrated):
    app = make_app()
    play = finish(app, list(seats))
    assert (play.celebration is not None) == celebrated
    if celebrated:
        step(app, frames=10)
        shoot(app, "celebration")
        play.session.undo()
        assert play.celebration is None


def test_no_confetti_with_motion_off(make_app):
    app = make_app(settings=Settings(animation_speed="off"))
    play = finish(app, [COMPUTER, HUMAN])
    assert play.celebration is None
