"""Rematch keeps a running score: the games one pairing (the same game, seats and levels)
plays one after another add up on the results card; a game taken back does not count,
and another pairing starts again from nothing."""
from __future__ import annotations

from types import SimpleNamespace

import game.rules
from game.services.match import Series
from game.services.saves import Seat
from game.core.state import Outcome
from game.scenes.play import PlayScene
from game.scenes.results import points_text
from scene_driver import DEVICES, SHORT_GAME, step, wait_for_scene

HUMAN = Seat("human", None)


def start(app, seats) -> PlayScene:
    play = PlayScene(app, game.rules.get("xtic").new_game(seed=1), seats)
    app.push(play)
    step(app, frames=2)
    return play


def lose(app, play):
    """The first seat places the fourth solid round piece on rank 1: it loses."""
    for move in SHORT_GAME:
        play.play_move(move)
    return wait_for_scene(app, "ResultsScene")


def test_rematches_add_up_until_another_pairing_plays(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    easy = [HUMAN, Seat("computer", "easy")]
    play = start(app, easy)
    assert lose(app, play).score_line() == "Score: You 0 – Computer (easy) 1"
    keyboard.activate("Rematch")
    assert lose(app, play).score_line() == "Score over 2 games: You 0 – Computer (easy) 2"
    keyboard.activate("Take back")                  # no longer over: not counted
    assert play.state.outcome is None
    play.play_move(SHORT_GAME[-1])
    results = wait_for_scene(app, "ResultsScene")
    assert results.score_line() == "Score over 2 games: You 0 – Computer (easy) 2"
    keyboard.activate("Rematch")
    assert lose(app, play).score_line() == "Score over 3 games: You 0 – Computer (easy) 3"

    app.home()                                      # the same seats chosen again: on it goes
    play = start(app, easy)
    assert lose(app, play).score_line() == "Score over 4 games: You 0 – Computer (easy) 4"
    app.home()                                      # another level: from nothing
    play = start(app, [HUMAN, Seat("computer", "hard")])
    assert lose(app, play).score_line() == "Score: You 0 – Computer (hard) 1"
    app.home()
    play = start(app, easy)
    assert lose(app, play).score_line() == "Score: You 0 – Computer (easy) 1"


def test_a_series_counts_each_finished_game_once_and_draws_as_halves():
    series = Series(Series.pairing_of("xtic", [HUMAN, HUMAN]))
    games = [SimpleNamespace(is_over=True, outcome=Outcome(None, (0.5, 0.5), "a draw")),
             SimpleNamespace(is_over=True, outcome=Outcome(0, (1, 0), "a line")),
             SimpleNamespace(is_over=False, outcome=None)]
    series.play(games[0])
    series.play(games[0])                           # the same game again: once
    assert series.totals() == (1, [0.5, 0.5])
    series.play(games[1])
    assert series.totals() == (2, [1.5, 0.5])
    series.play(games[2])                           # under way: not yet
    assert series.totals() == (2, [1.5, 0.5])
    assert [points_text(value) for value in (0, 0.5, 1, 1.5, 12.0, 2.25)] == \
        ["0", "½", "1", "1½", "12", "2.25"]
