"""The monkey test (game/testing/monkey.py): a seeded stream of random mouse, keyboard and
gamepad input, resizes, focus changes and gamepads coming and going, from every start
point (every scene of every game, the puzzles, the settings). The suite runs a short
stream; `python -m game.bench monkey --actions 50000` runs the full one. The last tests
show that the monkey does notice a crash, a frozen computer and a file it cannot read."""
from __future__ import annotations

import pytest

from game.testing import monkey
from game.services import saves
from game.services.saves import Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from scene_driver import step

ACTIONS_PER_START = 40


def test_every_start_point_survives_a_random_stream(make_app):
    app = make_app()
    points = monkey.start_points()
    actions = ACTIONS_PER_START * len(points)
    report = monkey.Monkey(app, seed=20261122, episode_actions=ACTIONS_PER_START).run(actions)
    assert report["actions"] == actions
    assert set(report["started"]) == {name for name, _ in points}
    # Every kind of input was thrown at it.
    assert set(report["kinds"]) == set(monkey.ACTION_KINDS)
    # It went beyond where it was put: scenes reached by the random input alone.
    assert {"PauseScene", "SetupScene", "MenuScene"} <= set(report["scenes"])


def test_the_start_points_come_from_the_registry():
    import game.rules
    import toy_game
    names = [name for name, _ in monkey.start_points()]
    assert len(set(names)) == len(names)
    for spec in game.rules.in_order():
        assert f"{spec.name} setup" in names and f"{spec.name} paused" in names
        assert all(f"{spec.name}: {entry.label}" in names for entry in spec.menu_entries)
    # every number of players a game's options allow (Xoliba: 2, 3 and 1)
    assert {"xoliba players: Three", "xoliba players: Three, with computers",
            "xoliba players: One (solitaire)"} <= set(names)
    with toy_game.registered():
        assert "take-away two humans" in [name for name, _ in monkey.start_points()]


def test_a_crash_is_caught_with_the_seed_and_the_last_actions(make_app, monkeypatch):
    app = make_app()
    calls = {"count": 0}
    original = MenuScene.update

    def breaks_at_the_tenth_frame(self, dt):
        calls["count"] += 1
        if calls["count"] == 10:
            raise RuntimeError("a planted fault")
        original(self, dt)
    monkeypatch.setattr(MenuScene, "update", breaks_at_the_tenth_frame)
    with pytest.raises(monkey.MonkeyFailure) as failure:
        monkey.Monkey(app, seed=3).run(200)
    text = str(failure.value)
    assert "seed 3" in text and "a planted fault" in text and "last actions" in text


def test_a_computer_that_never_answers_is_reported_frozen(make_app, monkeypatch):
    app = make_app()
    monkeypatch.setattr(monkey, "COMPUTER_MOVE_SECONDS", 1.0)
    import game.rules
    state = game.rules.get("xtic").new_game(seed=2, options={})
    app.push(PlayScene(app, state, [Seat("computer", "trivial"), Seat("human", None)]))
    monkeypatch.setattr(app.worker, "poll", lambda: None)     # asked, never answers
    step(app, frames=3)
    with pytest.raises(monkey.MonkeyFailure, match="frozen: the computer did not move"):
        monkey.Monkey(app, seed=1)._computer_keeps_playing()


def test_a_file_that_no_longer_reads_is_reported(make_app):
    app = make_app()
    saves.resume_path().parent.mkdir(parents=True, exist_ok=True)
    saves.resume_path().write_text("{ not json", encoding="utf-8")
    with pytest.raises(monkey.MonkeyFailure, match="suspended game no longer reads"):
        monkey.Monkey(app, seed=1)._files_read_back()


def test_gamepads_come_and_go_through_the_input_layer(make_app):
    app = make_app()
    chimp = monkey.Monkey(app, seed=5)
    chimp._do_plug()
    assert chimp.pads and set(chimp.pads) <= set(app.input.controllers)
    pad = next(iter(chimp.pads))
    chimp._do_unplug()
    assert pad not in app.input.controllers
    chimp.rng.random = lambda: 0.0               # the same pad comes back
    chimp._do_plug()
    assert pad in app.input.controllers
