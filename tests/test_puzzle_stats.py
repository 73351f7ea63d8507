"""The puzzles on the Statistics screen (game/scenes/stats.py, game/scenes/rating_course.py):
per game the rating, the solved count and the plot of its course; the own mistakes'
boxes; a bad progress file named in a notice."""
from __future__ import annotations

import datetime

import pygame

import game.records
import game.rules
from game.puzzles import Puzzle
from game.puzzles.progress import PuzzleProgress, progress_path, save_progress
from game.scenes import stats as stats_scene
from game.scenes.rating_course import draw_course
from scene_driver import open_stats, shoot

DAY = datetime.date(2026, 3, 14)


def puzzles_of(name: str, count: int = 20) -> list[Puzzle]:
    return [Puzzle(name, "record", "goal", ("m",), None, id=f"{name}-{i:03}", kind="k",
                   rating=1300 + 20 * i, set_name=name) for i in range(count)]


def played_progress(name: str, attempts: int) -> PuzzleProgress:
    progress = PuzzleProgress()
    for index, puzzle in enumerate(puzzles_of(name)[:attempts]):
        progress.record_attempt(puzzle, index % 3 != 0, False, DAY, daily=False)
    return progress


def test_no_puzzles_and_no_attempts_give_no_puzzle_rows(monkeypatch):
    monkeypatch.setattr(stats_scene, "load_set", lambda name: ((), ()))
    assert stats_scene.puzzle_rows(PuzzleProgress(), DAY) == []


def test_each_game_tried_or_with_puzzles_has_its_rating_count_and_course(monkeypatch):
    first, second = [spec for spec in game.rules.in_order() if spec.tactics][:2]
    monkeypatch.setattr(stats_scene, "load_set", lambda name: (
        tuple(puzzles_of(name)) if name == first.name else (), ()))
    progress = played_progress(second.name, 15)      # tried, though no puzzles are shipped
    progress.record_attempt(puzzles_of(first.name)[0], True, False, DAY, daily=False)
    rows = stats_scene.puzzle_rows(progress, DAY)
    assert rows[0][:2] == ("title", "Puzzles") and rows[-1] == ("gap",)
    by_title = {row[1]: row for row in rows if row[0] == "rating"}
    assert list(by_title) == [first.title, second.title]
    rating = progress.rating(second.name)
    assert by_title[second.title] == ("rating", second.title, f"{rating.value:.0f}",
                                      "",
                                      [value for _, value in progress.course(second.name)])
    assert by_title[first.title][2:4] == (f"{progress.rating(first.name).value:.0f}?",
                                          "1 of 20 solved")
    assert rows[-2][0] == "note" and "provisional" in rows[-2][1]


def test_own_mistakes_are_counted_by_their_boxes(monkeypatch):
    monkeypatch.setattr(stats_scene, "load_set", lambda name: ((), ()))
    spec = next(spec for spec in game.rules.in_order() if spec.tactics)
    state = spec.new_game(seed=1)
    progress = PuzzleProgress()
    mine = Puzzle(spec.name, game.records.dumps(state), "goal",
                  (state.format_move(state.legal_moves()[0]),), None, id="mine-1", kind="k",
                  set_name=spec.name)
    progress.add_mistakes([mine], DAY)
    assert stats_scene.puzzle_rows(progress, DAY)[1] == \
        ("kv", "Your own mistakes", "1 puzzle · 1 due today · 0 learnt")


def test_the_course_is_drawn_in_the_accent_colour_inside_its_panel(app):
    palette = app.palette
    surface = pygame.Surface((300, 80))
    surface.fill(palette.background)
    draw_course(surface, (60, 10, 220, 60), [1500, 1540, 1480, 1620], palette, 1.0)
    inside = pygame.Rect(60, 10, 220, 60)
    accent = [(x, y) for x in range(300) for y in range(80)
              if surface.get_at((x, y))[:3] == tuple(palette.accent[:3])]
    assert len(accent) > 200 and all(inside.collidepoint(point) for point in accent)
    # The highest and lowest values are written left of the panel.
    assert any(surface.get_at((x, y))[:3] != tuple(palette.background[:3])
               for x in range(58) for y in range(80))
    empty = pygame.Surface((300, 80))
    empty.fill(palette.background)
    draw_course(empty, (60, 10, 220, 60), [], palette, 1.0, "none tried yet")
    assert not any(empty.get_at((x, y))[:3] == tuple(palette.accent[:3])
                   for x in range(300) for y in range(80))


def test_the_screen_shows_the_puzzles_and_names_a_bad_progress_file(app, monkeypatch):
    spec = next(spec for spec in game.rules.in_order() if spec.tactics)
    monkeypatch.setattr(stats_scene, "load_set", lambda name: (
        tuple(puzzles_of(name)) if name == spec.name else (), ()))
    save_progress(played_progress(spec.name, 18))
    scene = open_stats(app)
    assert [row[1] for row in scene.rows if row[0] == "rating"] == [spec.title]
    assert scene.messages == []
    scene.scroll_to(scene.max_scroll())
    shoot(app, "stats_puzzles")
    app.pop()
    progress_path().write_text("{", encoding="utf-8")
    scene = open_stats(app)
    # Play starts afresh: no attempts, the puzzles still there.
    assert [row for row in scene.rows if row[0] == "rating"] == \
        [("rating", spec.title, "1500?", "0 of 20 solved", [])]
    [message] = scene.messages
    assert str(progress_path()) in message and "cut short" in message
