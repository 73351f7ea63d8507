"""The side panel never cuts a sentence short: the status, the notices, the options and
the seats are wrapped whole (a turn skipped in Catalina used to end mid-list, "Blue:
Computer (begin…"), at the smallest window too."""
from __future__ import annotations

import re

import pytest

import game.rules
from game.services import saves
from game.scenes import play_panel
from game.scenes.play import PlayScene
from scene_driver import step

LONG = ("Blue rolled 1 2 2 3 and cannot claim a tile: [1,3][2,2], [2,1][2,3] and [2,1][3,2] "
        "are claimed already; [1,2][2,3] and [3,2][2,1] are in large tiles that are decided. "
        "The turn is skipped.")


def drawn_texts(monkeypatch, play) -> list:
    """(text, rect) of every text the panel paints."""
    texts = []
    original = play_panel.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr(play_panel, "draw_text", recording)
    play.side._painted = None
    play.draw(play.app.window)
    return texts


def drawn_words(monkeypatch, play) -> str:
    return " ".join(text for text, _ in drawn_texts(monkeypatch, play))


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_long_panel_texts_are_drawn_whole(make_app, monkeypatch, size):
    app = make_app(size=size)
    spec = game.rules.get("catalina")
    play = PlayScene(app, spec.new_game(seed=1), [saves.Seat("human", None),
                                                  saves.Seat("computer", "beginner")])
    app.push(play)
    step(app, frames=2)
    monkeypatch.setattr(PlayScene, "status_text", lambda self: LONG)
    play.session.notice = "A notice long enough to need three lines of the panel at the " \
                          "smallest size of the window, and still read to its end."
    texts = drawn_texts(monkeypatch, play)
    drawn = " ".join(text for text, _ in texts)
    assert words(LONG) in words(drawn)
    assert words(play.session.notice) in words(drawn)
    assert "Blue: Computer (beginner)" in words(drawn)
    notice = [rect for text, rect in texts if text in play.session.notice]
    assert len(notice) >= 3                 # wrapped whole, a line under the other
    assert all(play.panel.contains(rect) for rect in notice)
    assert notice[-1].bottom < play.side.undo_button.element.rect.top


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_results_headline_keeps_to_one_line(make_app, monkeypatch, size):
    from game.scenes import results
    from game.scenes.results import ResultsScene
    app = make_app(size=size)
    spec = game.rules.get("xtic")
    state = spec.new_game(seed=1)
    play = PlayScene(app, state, [saves.Seat("human", None), saves.Seat("computer", "easy")])
    app.push(play)
    card = ResultsScene(app, play)
    card.headline = "Computer (easy) wins"
    card.reason = "It completed no line; you completed a line of four tall pieces on b1-b4."
    app.push(card)
    texts = []
    original = results.draw_text
    monkeypatch.setattr(results, "draw_text", lambda surface, text, *a, **k: (
        texts.append(text), original(surface, text, *a, **k))[1])
    card.draw(app.window)
    assert "Computer (easy) wins" in texts
    assert words(card.reason) in words(" ".join(texts))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_catalinas_dice_labels_stay_inside_the_tray(make_app, monkeypatch, size):
    from game.games.catalina import view as catalina_view
    app = make_app(size=size)
    spec = game.rules.get("catalina")
    state = spec.new_game(seed=5)
    state.play(state.copy().sample_chance())
    play = PlayScene(app, state, [saves.Seat("human", None), saves.Seat("human", None)])
    app.push(play)
    step(app, frames=2)
    view = play.view
    view.roll_anim = None
    drawn = []
    original = catalina_view.draw_text

    def recording(surface, text, pos, size, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(catalina_view, "draw_text", recording)
    for claim in view.claimable():
        monkeypatch.setattr(type(view), "pointed_claim", lambda self, claim=claim: claim)
        drawn.clear()
        view.draw(app.window)
        labels = [(text, rect) for text, rect in drawn if text.startswith(("large", "row",
                                                                           "col"))]
        assert len(labels) == 4
        tray = view.tray_rect
        slot = tray.w // 4
        for text, rect in labels:
            assert tray.contains(rect), f"{text!r} {rect} leaves the tray {tray}"
            assert rect.w <= slot, f"{text!r} is wider than its die's quarter"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("unplugged", [False, True])
def test_the_pause_menu_is_one_window(make_app, size, unplugged):
    """Title, reason and buttons in one pygame-gui window: the dimmed panel never shows
    between them, and the reason's text box neither scrolls (nothing cut) nor runs into
    a button (its focus ring included), nor leaves the window."""
    import pygame_gui
    app = make_app(size=size)
    spec = game.rules.get("xoliba")
    play = PlayScene(app, spec.new_game(seed=1, options={"players": 2}),
                     [saves.Seat("human", None), saves.Seat("computer", "beginner")])
    app.push(play)
    step(app, frames=2)
    play.pause(unplugged=unplugged)
    step(app, frames=2)
    pause = app.scene
    window = pause.window
    assert isinstance(window, pygame_gui.elements.UIWindow)
    assert app.window.get_rect().contains(window.rect)
    buttons = [item.element.rect.inflate(10, 10) for item in pause.ring.items]
    boxes = [element for element in pause.ui.get_sprite_group().sprites()
             if isinstance(element, pygame_gui.elements.UITextBox)]
    assert len(boxes) == (1 if unplugged else 0)
    for box in boxes:
        assert box.scroll_bar is None, "the reason is shown whole"
        assert box.rect.collidelist(buttons) == -1, f"text {box.rect} runs into a button"
    for rect in buttons + [box.rect for box in boxes]:
        assert window.rect.contains(rect), rect
    title = window.title_bar
    assert title.font.size(title.text)[0] <= title.rect.w - 8


@pytest.mark.parametrize("name", sorted(game.rules.names()))
def test_panel_text_stays_readable_in_the_smallest_window(make_app, monkeypatch, name):
    """At 800×480 the side panel's text used to fall to about 9 px."""
    app = make_app(size=(800, 480))
    spec = game.rules.get(name)
    options = {"players": 2} if name == "xoliba" else {}
    play = PlayScene(app, spec.new_game(seed=1, options=options),
                     [saves.Seat("human", None), saves.Seat("computer", spec.ai_levels[0])])
    app.push(play)
    step(app, frames=2)
    sizes, drawn = [], []
    original = play_panel.draw_text

    def recording(surface, text, pos, size, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        sizes.append(size)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(play_panel, "draw_text", recording)
    play.side._painted = None
    play.draw(app.window)
    assert sizes and min(sizes) >= 12
    arrow_left = play.panel.right - round(30 * app.text_scale)
    for text, rect in drawn:
        assert play.panel.contains(rect), f"{text!r} leaves the panel"
        if any(text.startswith(f"{seat}:") for seat in spec.seats):
            assert rect.right <= arrow_left, f"the turn arrow covers {text!r}"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_results_card_sums_up_the_game(make_app, monkeypatch, size):
    """The score and the move list fill the card (it was mostly empty), above its
    buttons."""
    import random

    from game.scenes import results
    from game.scenes.results import ResultsScene
    app = make_app(size=size)
    spec = game.rules.get("xtic")
    state = spec.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    play = PlayScene(app, state, [saves.Seat("human", None), saves.Seat("computer", "easy")])
    app.push(play)
    card = ResultsScene(app, play)
    app.push(card)
    texts = []

    def recorder(original):
        def recording(surface, text, *args, **kwargs):
            rect = original(surface, text, *args, **kwargs)
            texts.append((text, rect))
            return rect
        return recording

    for module in (results, play_panel):
        monkeypatch.setattr(module, "draw_text", recorder(module.draw_text))
    card.draw(app.window)
    drawn = [text for text, _ in texts]
    assert any(text.startswith("Score: You") for text in drawn)
    assert f"Moves ({len(state.history)})" in drawn
    box = card.moves_box                    # every move, in a pygame-gui text box
    listed = box.html_text.replace("&nbsp;", " ")
    assert all(move in listed for move in state.move_list()), "every move is listed"
    assert box.scroll_bar is None, "a game of Xtic fits whole"
    buttons = [item.element.rect.inflate(10, 10) for item in card.ring.items]
    for text, rect in texts + [("the move list", box.rect)]:
        assert rect.collidelist(buttons) == -1, f"{text!r} runs into a button"
        assert card.card().contains(rect), f"{text!r} leaves the card"
