"""The levels' Elo ratings (each record's `ratings`): one per level of every game, as the
ladder measured them, and shown beside each level on the setup screen."""
from __future__ import annotations

import game.rules
from game.scenes.seat_choices import seat_label
from scene_driver import Keyboard, find_item, shoot


def test_every_level_of_a_rated_game_is_rated_weakest_at_zero():
    rated = [spec for spec in game.rules.all_specs() if spec.ratings]
    assert [spec.name for spec in rated] == game.rules.names()     # the five are rated
    for spec in rated:
        name, table, levels = spec.name, spec.ratings, spec.ai_levels
        assert tuple(table) == tuple(levels), name
        values = [table[level] for level in levels]
        assert values[0] == 0, name
        assert values == sorted(set(values)), (name, values)     # stronger goes higher


def test_seat_labels_carry_the_rating():
    spec = game.rules.get("catalina")
    level = spec.ai_levels[-1]
    elo = spec.ratings[level]
    assert seat_label(f"computer:{level}", "catalina") == f"Computer — {level} · Elo {elo}"
    assert seat_label(f"computer:{level}") == f"Computer — {level}"
    assert seat_label("human", "catalina") == "Human"
    assert seat_label("computer:no such level", "catalina") == "Computer — no such level"


def test_the_setup_screen_shows_the_rating_next_to_the_level(make_app):
    app = make_app()
    Keyboard(app).activate("Catalina Tiles")
    item = find_item(app.scene, "Blue player")
    level = item.value.split(":", 1)[1]
    elo = game.rules.get("catalina").ratings[level]
    assert f"{level} · Elo {elo}" in item.element.text
    shoot(app, "setup_ratings")
