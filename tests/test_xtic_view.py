"""The Xtic play view: the pool and the piece in hand show each piece's number, as the
move list writes it (`b3/9`: place on b3, hand piece 9), small, readable and clear of the
piece, at every window size."""
from __future__ import annotations

import pygame
import pytest

import game.rules
from game.services.saves import Seat
from game.scenes.play import PlayScene
from game.ui.text import render_text
from game.games.xtic import view as xtic_view
from scene_driver import shoot, step

HUMAN = Seat("human", None)


def ink(image: pygame.Surface, topleft) -> pygame.Rect:
    """The opaque part of `image` blitted at `topleft`."""
    return image.get_bounding_rect().move(topleft)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_every_piece_in_the_pool_and_in_hand_shows_its_number(make_app, monkeypatch, size):
    app = make_app(size=size)
    state = game.rules.get("xtic").new_game(seed=1)
    state.play((None, 9))
    state.play(state.parse_move("b3/2"))
    assert state.move_list()[-1] == "b3/2" and state.hand == 2
    play = PlayScene(app, state, [HUMAN, HUMAN])
    app.push(play)
    step(app, frames=2)
    texts, pieces = [], []
    original_text, original_piece = xtic_view.draw_text, xtic_view.xtic_pieces.draw_piece

    def recording_text(surface, text, pos, size, colour, *args, **kwargs):
        rect = original_text(surface, text, pos, size, colour, *args, **kwargs)
        texts.append((text, ink(render_text(text, size, colour, *args[:1]), rect.topleft),
                      size))
        return rect

    def recording_piece(surface, piece, rect, palette, *args, **kwargs):
        original_piece(surface, piece, rect, palette, *args, **kwargs)
        image = xtic_view.xtic_pieces.piece_image(piece, pygame.Rect(rect), palette)
        pieces.append((piece, ink(image, image.get_rect(center=pygame.Rect(rect).center)
                                  .topleft)))

    monkeypatch.setattr(xtic_view, "draw_text", recording_text)
    monkeypatch.setattr(xtic_view.xtic_pieces, "draw_piece", recording_piece)
    view = play.view
    view.draw(app.window)
    # Each number where its piece is: the pool's 14 left (9 and 2 were handed), the hand's.
    places = {piece: view.pool_rect(piece) for piece in range(16)
              if state.available >> piece & 1}
    places[state.hand] = view.hand_rect
    assert len(places) == 15
    for piece, place in places.items():
        numbers = [(rect, size) for text, rect, size in texts
                   if text == str(piece) and place.contains(rect)]
        assert len(numbers) == 1, f"piece {piece}: {len(numbers)} numbers in its place"
        number, text_size = numbers[0]
        assert text_size >= 11
        shown = [rect for drawn, rect in pieces if drawn == piece and place.contains(rect)]
        assert len(shown) == 1 and not number.colliderect(shown[0]), \
            f"piece {piece}'s number {number} covers the piece {shown}"
    assert not any(text in ("9",) for text, rect, _ in texts
                   if view.pool_rect(9).contains(rect)), "a piece handed over has no number"
    shoot(app, f"xtic_pool_numbers_{size[0]}x{size[1]}")


def test_the_menu_cards_miniature_shows_no_numbers(make_app, monkeypatch):
    """Too small to read there: the pieces keep the room."""
    app = make_app()
    step(app, frames=8)                     # the miniatures are made one a frame
    view = app.scene.miniatures["xtic"].view
    texts = []
    original = xtic_view.draw_text

    def recording(surface, text, *args, **kwargs):
        texts.append(text)
        return original(surface, text, *args, **kwargs)
    monkeypatch.setattr(xtic_view, "draw_text", recording)
    view.draw(pygame.Surface((400, 280)))
    assert sorted(text for text in texts if text.isdigit()) == ["1", "2", "3", "4"]  # ranks
    assert view.pool_piece_rect(0).center == view.pool_slot(0).center
