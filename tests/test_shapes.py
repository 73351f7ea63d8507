"""Large rounded widgets (a dialog's window) are drawn in slices (game/ui/shapes.py): no
moment's peak of hundreds of megabytes, and the same look as pygame-gui's whole drawing
but for a shade in the anti-aliased corners."""
from __future__ import annotations

import numpy as np
import pygame
import pygame_gui
import pytest
from pygame_gui.core.drawable_shapes import RoundedRectangleShape

from game.testing.memory import peak_rss_bytes, reset_peak_rss, rss_bytes
from game.ui import shapes
from game.ui.theme import load_theme
from scene_driver import step

MB = 1 << 20


def test_a_pause_dialog_in_a_tall_window_takes_no_large_peak(make_app):
    import game.rules
    from game.services.saves import Seat
    app = make_app(size=(1920, 1080))
    state = game.rules.get("che").new_game(seed=1)
    play = app.open("play", state, [Seat("human", None), Seat("computer", "trivial")])
    step(app, frames=3)
    before = rss_bytes()
    if not reset_peak_rss():
        pytest.skip("the peak resident size cannot be reset here (/proc/self/clear_refs)")
    app.open("pause", play)
    step(app, frames=40)            # past pygame-gui's redrawing at the window's own size
    rise = peak_rss_bytes() - before
    # Drawn whole, the window (672×1080 pixels at first) took 230 MB for a moment; its
    # title bar, buttons and UI manager take about 45 MB (room left for fonts loaded).
    assert rise < 100 * MB, f"opening the pause dialog rose {rise / MB:.0f} MB"


def _ui(app, scale: float = 1.5):
    return pygame_gui.UIManager((3000, 2000), load_theme(app.palette, scale))


def _normal_look(element) -> np.ndarray:
    """The element's normal look as (width, height, RGBA)."""
    surface = element.drawable_shape.states["normal"].surface
    return np.dstack([pygame.surfarray.array3d(surface), pygame.surfarray.array_alpha(surface)])


def _window(app):
    return pygame_gui.elements.UIWindow(pygame.Rect(0, 0, 672, 1080), manager=_ui(app),
                                        window_display_title="Paused", draggable=False)


def _wide_button(app):
    return pygame_gui.elements.UIButton(pygame.Rect(0, 0, 900, 200), "Resume",
                                        manager=_ui(app))


def _button(app):
    return pygame_gui.elements.UIButton(pygame.Rect(0, 0, 600, 75), "Quit to menu",
                                        manager=_ui(app))


@pytest.mark.parametrize("make_element", [_window, _wide_button, _button])
def test_a_large_shape_looks_as_drawn_whole_but_for_its_corners(make_app, monkeypatch,
                                                                 make_element):
    app = make_app()
    stretched = []
    stretch = shapes.stretch
    monkeypatch.setattr(shapes, "stretch", lambda *args: stretched.append(args) or
                        stretch(*args))
    sliced = make_element(app)
    assert stretched, "drawn whole"
    shape = sliced.drawable_shape
    assert shapes.slice_size(shape, "normal") is not None
    with monkeypatch.context() as patch:
        patch.setattr(RoundedRectangleShape, "redraw_state", shapes.draw_whole)
        whole = _normal_look(make_element(app))
    look = _normal_look(sliced)
    assert look.shape == whole.shape
    assert np.array_equal(look[..., 3], whole[..., 3]), "the outline moved"
    corner = max(shape.shape_corner_radius) + max(shape.border_widths.values()) + 2
    differs = np.argwhere(np.any(look != whole, axis=2))
    width, height = look.shape[:2]
    near_x = np.minimum(differs[:, 0], width - 1 - differs[:, 0]) < corner
    near_y = np.minimum(differs[:, 1], height - 1 - differs[:, 1]) < corner
    assert np.all(near_x & near_y), f"differs outside the corners at {differs[~(near_x & near_y)][:5]}"


def test_small_and_shaded_shapes_are_drawn_whole(make_app):
    app = make_app()
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 240, 60), "Resume",
                                          manager=_ui(app))
    assert shapes.slice_size(button.drawable_shape, "normal") is None
    window = _window(app)
    shape = window.drawable_shape
    small_w, small_h = shapes.slice_size(shape, "normal")
    assert small_w * small_h * 10 < 672 * 1080
    assert shapes.background_radii(shape, small_w, small_h) == \
        shapes.background_radii(shape, 672, 1080)
    shape.shadow_width = 2
    assert shapes.slice_size(shape, "normal") is None


def test_stretching_repeats_the_middle_row_and_column():
    piece = pygame.Surface((5, 3), pygame.SRCALPHA, 32)
    for x in range(5):
        for y in range(3):
            piece.set_at((x, y), (x * 40, y * 80, 7, 50 + x + y))
    whole = shapes.stretch(piece, (9, 6))
    columns = [0, 1, 2, 2, 2, 2, 2, 3, 4]
    rows = [0, 1, 1, 1, 1, 2]
    for x, source_x in enumerate(columns):
        for y, source_y in enumerate(rows):
            assert whole.get_at((x, y)) == piece.get_at((source_x, source_y))


def test_a_drawn_shape_keeps_no_buffers_once_no_look_is_queued(make_app):
    """pygame-gui dropped a shape's 4× buffers in its update only: a dialog's window made
    again smaller (the pause dialog in a short window) kept them, 8 MB each, until a
    collection; a button given a new label kept them for good."""
    app = make_app()
    ui = _ui(app, 0.55)
    window = pygame_gui.elements.UIWindow(pygame.Rect(0, 0, 246, 261), manager=ui,
                                          window_display_title="Paused", draggable=False)
    assert window.drawable_shape.temp_additive_shape is None
    window.kill()
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 240, 60), "Resume", manager=ui)
    assert shapes.slice_size(button.drawable_shape, "normal") is None   # drawn whole
    while button.drawable_shape.states_to_redraw_queue:
        assert button.drawable_shape.temp_additive_shape is not None    # kept meanwhile
        ui.update(1 / 60)
    button.set_text("Resume the game")
    assert button.drawable_shape.temp_additive_shape is None
