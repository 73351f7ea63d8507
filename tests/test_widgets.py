"""The pygame-gui widgets the screens use beyond buttons, each reached by every device:
the volumes' sliders, the confirmation and pause windows, the scrolling containers."""
from __future__ import annotations

import pygame
import pytest

from game.testing.events import click_event, key_event, motion_event, release_event
from scene_driver import DEVICES, drag, find_item, read_settings_file, step


def open_settings(app):
    app.open("settings")
    step(app, frames=2)
    return app.scene


def test_the_volume_is_a_slider_the_mouse_drags(make_app, monkeypatch):
    app = make_app()
    scene = open_settings(app)
    item = find_item(scene, "Volume")
    slider = item.slider
    assert isinstance(slider, __import__("pygame_gui").elements.UIHorizontalSlider)
    assert slider.get_current_value() == item.index == 8           # 80 %, the default
    knob = slider.sliding_button.rect.center
    drag(app, monkeypatch, knob, (slider.rect.right + 40, knob[1]))
    assert slider.get_current_value() == 10
    assert app.settings.effects_volume == pytest.approx(1.0)
    assert item.element.text == "Volume: 100%"
    assert scene.ring.current is item                       # the dragged row has the focus
    knob = slider.sliding_button.rect.center
    drag(app, monkeypatch, knob, (slider.rect.left - 40, knob[1]))
    assert app.settings.effects_volume == 0
    step(app, frames=2)
    assert read_settings_file()["effects_volume"] == 0


@pytest.mark.parametrize("device_name", ["keyboard", "gamepad"])
def test_keys_and_the_pad_move_the_slider(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    device.activate("Settings")
    music = find_item(app.scene, "Music")
    for _ in range(3):
        device.change("Music", +1)
    assert app.settings.music_volume == pytest.approx(0.3)
    assert music.slider.get_current_value() == 3
    assert music.element.text == "Music: 30%"


def test_the_slider_row_is_one_focus_target(make_app):
    app = make_app()
    scene = open_settings(app)
    item = find_item(scene, "Music")
    step(app, [motion_event((item.slider.rect.right - 3, item.slider.rect.centery))],
         frames=2)
    assert scene.ring.current is item
    assert item.area.contains(item.slider.rect) and item.area.contains(item.element.rect)


def test_the_statistics_page_is_a_scrolling_container_the_mouse_drags(make_app, monkeypatch):
    """The bar of pygame-gui's scrolling container, dragged down, scrolls the page (the
    keys, the pad and the wheel scroll it by rows: tests/test_stats.py)."""
    import pygame_gui
    from game.services.stats import save_stats
    from samples import many_games
    from scene_driver import open_stats
    save_stats(many_games())
    app = make_app()
    scene = open_stats(app)
    assert isinstance(scene.page.container, pygame_gui.elements.UIScrollingContainer)
    knob = scene.page.bar.sliding_button.rect
    position = [knob.center]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: position[0])
    step(app, [motion_event(knob.center), click_event(knob.center)], frames=2)
    for dy in (40, 80, 120, 160):
        position[0] = (knob.centerx, knob.centery + dy)
        step(app, [motion_event(position[0], buttons=(1, 0, 0))], frames=2)
    step(app, [release_event(position[0])], frames=2)
    assert scene.scroll > 5
    assert scene.ring.current.element.text == "Back"        # dragging moved no focus
    step(app, [key_event(pygame.K_UP)], frames=1)           # the keys go on from there
    assert scene.scroll > 4


def finished_game(app, name="catalina"):
    """A whole random game of `name`, its results card shown."""
    import random

    import game.rules
    from game.services.saves import Seat
    spec = game.rules.get(name)
    state = spec.new_game(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    human = Seat("human", None)
    app.open("play", state, [human, human])
    app.open("results", app.scene)
    step(app, frames=3)
    return app.scene


def test_the_results_move_list_holds_every_move_and_scrolls(make_app):
    app = make_app()
    results = finished_game(app)
    box = results.moves_box
    rows = results.play.view.move_rows(results.play.state.move_list())
    assert len(rows) > 20
    shown = box.html_text.replace("&nbsp;", " ")
    assert shown.count("<br>") == len(rows) - 1                   # every row, the first too
    assert " 1. " in shown and f"{len(rows)}. " in shown
    bar = box.scroll_bar
    assert bar is not None and bar.start_percentage > 0.5        # shown from the end
    end = bar.start_percentage
    step(app, [key_event(pygame.K_TAB, pygame.KMOD_SHIFT)])      # LB / Shift+Tab: back
    assert bar.start_percentage < end
    step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False)])
    assert bar.start_percentage == pytest.approx(end, abs=0.02)   # the wheel: on again
    assert results.ring.current.element.text == "Rematch"         # no focus moved


def test_a_short_game_shows_its_moves_whole(make_app):
    app = make_app()
    results = finished_game(app, "xtic")
    assert results.moves_box.scroll_bar is None


def test_a_rules_page_that_does_not_fit_scrolls_in_its_container(make_app, monkeypatch):
    """Text too big for its page (forced here) scrolls: Down by a line, the mouse by the
    container's bar; the line shown first follows both."""
    import pygame_gui

    import game.rules
    from game.scenes import rules as rules_module
    for name in ("MIN_TEXT", "START_TEXT", "MAX_TEXT"):
        monkeypatch.setattr(rules_module, name, 40)
    app = make_app(size=(800, 480))
    app.open("rules", game.rules.get("xoliba"))
    step(app, frames=2)
    rules = app.scene
    page = rules.text_page
    assert isinstance(page.container, pygame_gui.elements.UIScrollingContainer)
    assert rules.max_line() > 3 and page.bar is not None
    step(app, [key_event(pygame.K_DOWN)])
    assert rules.line == 1 and page.offset() > 0
    knob = page.bar.sliding_button.rect
    position = [knob.center]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: position[0])
    step(app, [motion_event(knob.center), click_event(knob.center)], frames=2)
    for dy in range(30, 400, 30):               # to the end (a jump is not followed)
        position[0] = (knob.centerx, knob.centery + dy)
        step(app, [motion_event(position[0], buttons=(1, 0, 0))], frames=2)
    step(app, [release_event(position[0])], frames=2)
    assert rules.line == rules.max_line()
    assert rules.page == 0                          # dragging turned no page


def test_the_screen_under_an_overlay_shows_its_widgets(make_app):
    """A screen under the pause menu is not updated, yet its widgets made since its last
    update (here: all of them, paused at once; a resize while paused is the same) are
    drawn: the panel's buttons."""
    import game.rules
    from game.services.saves import Seat
    app = make_app()
    spec = game.rules.get("che")
    human = Seat("human", None)
    app.open("play", spec.new_game(seed=1), [human, human])
    play = app.scene
    play.pause()
    step(app, frames=2)
    plain = pygame.Surface(app.size)
    play.draw_background(plain)
    play.side.draw(plain)                   # the panel painted, without its widgets
    app.draw(app.window)
    shown = pygame.Surface(app.size)
    play.draw(shown)
    box = play.side.undo_button.element.rect
    assert any(shown.get_at((x, y)) != plain.get_at((x, y))
               for x in range(box.x, box.right, 2) for y in range(box.y, box.bottom, 2))


def open_pause(app):
    import game.rules
    from game.services.saves import Seat
    human = Seat("human", None)
    app.open("play", game.rules.get("xtic").new_game(seed=1), [human, human])
    app.scene.pause()


def open_export(app):
    import game.records
    import game.rules
    state = game.rules.get("xtic").new_game(seed=1)
    for move in [(None, 0), (0, 1), (1, 2)]:
        state.play(move)
    app.open("replay", game.records.dumps(state))
    app.scene.export()


def open_give_up(app):
    from game.games.xoliba.puzzle_progress import PuzzleProgress
    from game.games.xoliba.levels import LEVELS_FOLDER, load_levels
    from game.games.xoliba.puzzle_play import PuzzleScene
    levels, _ = load_levels(LEVELS_FOLDER)
    app.push(PuzzleScene(app, levels[3], PuzzleProgress(), levels))
    app.scene.give_up()


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("opener", [open_pause, open_export, open_give_up],
                         ids=["pause", "export", "give up"])
def test_a_dialogs_accent_frame_shows_on_all_four_sides_from_its_first_frame(
        make_app, opener, size):
    """The title bar used to cover the frame's top edge, and the whole frame was missing
    for its first third of a second (the window was made tall, then shortened)."""
    import pygame_gui
    app = make_app(size=size)
    opener(app)
    step(app)
    window, = [element for element in app.scene.ui.get_sprite_group().sprites()
               if isinstance(element, pygame_gui.elements.UIWindow)]
    rect = window.rect
    accent = pygame.Color(app.palette.accent)
    middles = {"top": [(rect.centerx, rect.y + i) for i in range(3)],
               "bottom": [(rect.centerx, rect.bottom - 1 - i) for i in range(3)],
               "left": [(rect.x + i, rect.centery) for i in range(3)],
               "right": [(rect.right - 1 - i, rect.centery) for i in range(3)]}
    for side, points in middles.items():
        assert any(app.window.get_at(point)[:3] == accent[:3] for point in points), side
