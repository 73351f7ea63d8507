"""Every screen at 800×480, 1280×720 and 1920×1080 (and fullscreen): no text drawn outside
the window, every button's label fits its button, every text box shows its text whole
(no scroll bar, but on the lists made to scroll) inside the window and clear of the
buttons, every window's title fits its title bar, and no painted text runs over a
button's edge (measured, not "not blank"): the text extents are checked against their rects."""
from __future__ import annotations

import random
import sys

import pygame
import pytest

import game.records
import game.rules
from game.records import kept_games as kept_games_module
from game.records import record_files
from game.services.saves import Seat
from game.ui import text as text_module
from scene_driver import step

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
HUMAN = Seat("human", None)


def record_text(monkeypatch) -> list:
    """Every draw_text call of the game's modules, as (text, rect)."""
    drawn = []
    original = text_module.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        if surface.get_size() == pygame.display.get_surface().get_size():
            drawn.append((text, rect))
        return rect

    for name, module in list(sys.modules.items()):
        if name.startswith(("game.", "sprites.")) and \
                getattr(module, "draw_text", None) is original:
            monkeypatch.setattr(module, "draw_text", recording)
    return drawn


def screens(app):
    """(name, opener) of every screen: each opener leaves the screen shown."""
    specs = sorted(game.rules.all_specs(), key=lambda spec: spec.title)

    def played(spec):
        options = {"players": 2} if spec.name == "xoliba" else {}
        state = spec.new_game(seed=4, options=options)
        rng = random.Random(4)
        for _ in range(12):
            if state.is_over:
                break
            state.play(state.copy().sample_chance() if state.is_chance
                       else rng.choice(state.legal_moves()))
        return state

    def finished(spec):
        options = {"players": 2} if spec.name == "xoliba" else {}
        state = spec.new_game(seed=4, options=options)
        rng = random.Random(4)
        while not state.is_over:
            state.play(state.copy().sample_chance() if state.is_chance
                       else rng.choice(state.legal_moves()))
        return state

    yield "menu", lambda: app.home()
    yield "settings", lambda: app.open("settings")
    yield "stats", lambda: app.open("stats")
    yield "puzzles", lambda: app.open("puzzles")
    for spec in specs:
        yield f"setup {spec.name}", lambda spec=spec: app.open("setup", spec)
        yield f"rules {spec.name}", lambda spec=spec: app.open("rules", spec)
        yield f"play {spec.name}", lambda spec=spec: app.open(
            "play", played(spec), [HUMAN, Seat("computer", spec.ai_levels[0])])

        def pause(spec=spec):
            app.open("play", played(spec), [HUMAN, HUMAN])
            app.scene.pause()
        yield f"pause {spec.name}", pause

        def results(spec=spec):
            app.open("play", finished(spec), [HUMAN, HUMAN])
            app.open("results", app.scene)
        yield f"results {spec.name}", results

        def replay(spec=spec):
            app.open("replay", game.records.dumps(finished(spec), {"Seat First": "You"}))
            app.scene.go_to(app.scene.total // 2)
        yield f"replay {spec.name}", replay

    def kept_games():
        folder = kept_games_module.games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        for spec in specs:
            (folder / f"20261125-1000-{spec.name}.txt").write_text(
                game.records.dumps(finished(spec), {"Seat First": "You"}))
        (folder / "notes.txt").write_text("no record")
        app.open("games")
        record_files.checker.wait()             # (the rows are summarised in a frame)
    yield "games", kept_games

    def export():
        app.open("replay", game.records.dumps(finished(specs[0])))
        app.scene.export()
    yield "export", export

    def branch():
        app.open("replay", game.records.dumps(finished(specs[-1])))
        app.scene.go_to(3)
        app.scene.play_from_here()
    yield "play from here", branch
    # By correspondence: the screens the screenshots tool opens.
    from game.tools.screens import open_screen
    for name in ("invite", "send", "paste", "correspondence", "pending"):
        yield f"correspondence: {name}", lambda name=name: open_screen(app, name)


@pytest.mark.parametrize("size", SIZES)
def test_no_text_leaves_the_window_and_every_label_fits(make_app, size):
    app = make_app(size=size)
    assert_screens_fit(app)


def test_every_screen_fits_in_fullscreen(make_app):
    """F11 on a real (not headless) window: the desktop's size (SDL's dummy desktop)."""
    from game.app import App
    from game.scenes.menu import MenuScene
    from game.services.settings import Settings
    make_app()                              # its fixture: a private home, quick sounds
    app = App(settings=Settings(), headless=False)
    try:
        app.push(MenuScene(app))
        app.set_fullscreen(True)
        assert app.settings.fullscreen
        assert app.size == pygame.display.get_desktop_sizes()[0]
        assert_screens_fit(app)
    finally:
        app.shutdown()


def widget_problems(app, name: str, drawn: list) -> list:
    """What the pygame-gui widgets of the top screen get wrong (see the module's text)."""
    import pygame_gui

    from game.ui.theme import GAME_CARD, MOVE_LIST
    problems = []
    window = pygame.Rect((0, 0), app.size)
    scene = app.scene
    buttons = [item.element.rect for item in scene.ring.items
               if GAME_CARD not in item.element.object_ids]
    for element in scene.ui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UITextBox):
            if element.scroll_bar is not None and MOVE_LIST not in element.object_ids:
                problems.append(f"{name}: a text box scrolls: {element.html_text[:60]!r}")
            if not window.contains(element.rect):
                problems.append(f"{name}: a text box {element.rect} leaves the window")
            if element.rect.collidelist(buttons) != -1:
                problems.append(f"{name}: a text box {element.rect} runs into a button")
        if isinstance(element, pygame_gui.elements.UIWindow):
            title = element.title_bar
            if title.font.size(title.text)[0] > title.rect.w - 8:
                problems.append(f"{name}: the title {title.text!r} is wider than its bar")
            if not window.contains(element.rect):
                problems.append(f"{name}: the window {element.rect} leaves the screen")
    for text, rect in drawn:        # painted on a button (a puzzle's tile) is its content
        if text.strip() and any(rect.colliderect(button) and not button.contains(rect)
                                for button in buttons):
            problems.append(f"{name}: {text!r} at {rect} runs into a button")
    return problems


def assert_screens_fit(app) -> None:
    window = pygame.Rect((0, 0), app.size)
    problems = []
    for name, opener in screens(app):
        app.home()
        opener()
        step(app, frames=3)
        for scene in app.visible():         # panels paint their text again, recorded
            if hasattr(scene, "side"):
                scene.side._painted = None
        with pytest.MonkeyPatch.context() as patch:
            drawn = record_text(patch)
            app.draw(app.window)
        for text, rect in drawn:
            if not window.contains(rect):
                problems.append(f"{name}: {text!r} at {rect} leaves the window")
        with pytest.MonkeyPatch.context() as patch:     # the top screen's own text
            on_top = record_text(patch)
            app.scene.draw(app.window)
        problems += widget_problems(app, name, on_top)
        for item in app.scene.ring.items:
            element = item.element
            label = element.text
            font = element.font
            width = font.size(label)[0] if hasattr(font, "size") else \
                font.get_rect(label).width
            if width > element.rect.w - 8:
                problems.append(f"{name}: the label {label!r} ({width} px) is wider than "
                                f"its button ({element.rect.w} px)")
    assert not problems, "\n".join(problems[:20])
