"""Finished games are kept as records in the data folder (game/records/kept_games.py): once
a game, readable again as the same game, bounded by the setting (oldest dropped first),
none with 0, and a write that failed is told, never raised."""
from __future__ import annotations

import random

import game.rules
from game.records import kept_games
from game.core import storage
from game.services.saves import Seat
from game.records import loads
from scene_driver import step

HUMAN, COMPUTER = Seat("human", None), Seat("computer", "easy")


def finished(seed: int, name: str = "xtic"):
    state = game.rules.get(name).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    return state


def test_a_game_finished_in_the_app_is_kept_once_as_its_record(make_app):
    from game.scenes.play import PlayScene
    app = make_app()
    state = finished(3)
    last = state.history[-1]
    state.undo()
    play = PlayScene(app, state, [HUMAN, HUMAN])
    app.push(play)
    step(app, frames=2)
    play.play_move(last)
    step(app, frames=3)
    play.undo()                             # taken back and finished again: the same game
    play.play_move(last)
    step(app, frames=3)
    storage.writer.wait()
    files = kept_games.kept_files()
    assert len(files) == 1 and files[0].name.endswith("-xtic.txt")
    kept, headers = loads(files[0].read_text(encoding="utf-8"))
    assert kept.move_list() == play.state.move_list() and kept.is_over
    assert kept.outcome.winner == play.state.outcome.winner
    assert headers["Seat First"] == play.session.names[0] and "Date" in headers


def test_the_setting_bounds_the_records_oldest_dropped_first(app_home):
    for number in range(25):
        assert kept_games.keep(finished(number), [HUMAN, COMPUTER], ["You", "Computer"],
                               limit=20, now=1_800_000_000 + 60 * number) is None
    storage.writer.wait()
    files = kept_games.kept_files()
    assert len(files) == 20
    kept = [loads(path.read_text(encoding="utf-8"))[0].move_list() for path in files]
    assert kept == [finished(number).move_list() for number in range(5, 25)]


def test_none_kept_with_0_nor_for_computers_alone(app_home):
    kept_games.keep(finished(1), [HUMAN, COMPUTER], ["You", "Computer"], limit=0)
    kept_games.keep(finished(2), [COMPUTER, COMPUTER], ["A", "B"], limit=100)
    storage.writer.wait()
    assert kept_games.kept_files() == []


def test_a_record_that_could_not_be_written_is_told_next_time(app_home):
    (app_home / "data").mkdir(parents=True, exist_ok=True)
    (app_home / "data" / "games").write_text("a file where the folder goes")
    assert kept_games.keep(finished(1), [HUMAN], ["You"], limit=20) is None
    storage.writer.wait()
    message = kept_games.keep(finished(2), [HUMAN], ["You"], limit=20)
    assert message is not None and "could not be kept" in message and "games" in message
    storage.writer.wait()
    assert (app_home / "data" / "games").read_text() == "a file where the folder goes"
