"""Rounded widgets drawn without keeping, or for large ones making, pygame-gui's
anti-aliasing buffers.

pygame-gui draws a rounded rectangle (a dialog's window, a button, a move list) at four
times its size and shrinks it: for a moment it holds five or six pictures of 16 times the
widget's pixels, about 320 bytes a pixel. The pause dialog's window, 672×1080 pixels as
made in a 1920×1080 window, took 230 MB for that moment: the process's peak.

A plain rounded rectangle (one colour for its border and one for its fill, no shadow, no
colour bar) is the same along its straight edges and inside: only its corners differ.
So a large one is drawn by pygame-gui at a small size (`slice_size`) and stretched to
the whole: the corners copied, the middle row and column repeated. Its text and images
are added afterwards on the whole, as pygame-gui adds them. The corners are those
pygame-gui draws for the small size: the same outline, radius and border, but the
border's inner edge may lie a fraction of a pixel elsewhere in the curve (pygame-gui
draws the fill as the outline scaled down, by a ratio that goes with the size).

pygame-gui keeps the buffers (two pictures at four times the widget's size) between the
looks it draws ahead, and drops them after the first round only, in its update: a
button redrawn later (a new label, a disabled look), or a widget let go before its first
update (a dialog's window made again at a smaller size), kept them. Here they are
dropped after every drawing that leaves no other look queued.
"""
from __future__ import annotations

import numpy as np
import pygame
from pygame_gui.core.drawable_shapes import RoundedRectangleShape

# Pixels of a widget above which it is drawn in slices: under it pygame-gui's buffers
# take at most about 6 MB (a 960×72 button, at 1920×1080, took 22 MB).
LARGE_SHAPE_PIXELS = 20_000


def background_radii(shape, width: int, height: int) -> list[int]:
    """The fill's corner radii pygame-gui gives `shape` drawn at width×height (it scales
    the border's radii by how much of the shape the border leaves)."""
    borders, aa = shape.border_widths, 4        # pygame-gui's arithmetic, at its 4×
    scale = min((width * aa - (borders["left"] + borders["right"]) * aa) / max(width * aa, 1),
                (height * aa - (borders["top"] + borders["bottom"]) * aa) / max(height * aa, 1))
    return [int(radius * scale) for radius in shape.shape_corner_radius]


def slice_size(shape, state: str) -> tuple[int, int] | None:
    """The small size at which `shape`'s `state` is drawn and then stretched, or None
    when it is drawn whole (small, or not plain: a shadow, a gradient, a colour bar)."""
    width, height = shape.containing_rect.size
    if width * height <= LARGE_SHAPE_PIXELS or shape.shadow_width != 0 \
            or "filled_bar" in shape.theming:
        return None
    colours = (shape.theming.get(f"{state}_bg"), shape.theming.get(f"{state}_border"))
    if not all(isinstance(colour, pygame.Color) for colour in colours):
        return None
    # The corners, with their border, and a straight middle row and column between them.
    least = 2 * (max(shape.shape_corner_radius) + max(shape.border_widths.values())) + 5
    wanted = background_radii(shape, width, height)
    small_w = next(w for w in range(min(least, width), width + 1)
                   if background_radii(shape, w, height) == wanted)
    small_h = next(h for h in range(min(least, height), height + 1)
                   if background_radii(shape, small_w, h) == wanted)
    if small_w * small_h * 4 > width * height:
        return None
    return small_w, small_h


def stretch(piece: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`piece` at `size`: its corners (all but its middle row and column) kept, the
    middle row and column repeated to fill the rest."""
    small_w, small_h = piece.get_size()

    def source_indices(small: int, whole: int) -> np.ndarray:
        middle = small // 2
        return np.concatenate([np.arange(middle), np.full(whole - small + 1, middle),
                               np.arange(middle + 1, small)])
    pixels = pygame.surfarray.pixels2d(piece)
    stretched = pixels[np.ix_(source_indices(small_w, size[0]),
                              source_indices(small_h, size[1]))]
    del pixels                              # unlocks piece
    whole = pygame.Surface(size, piece.get_flags(), piece)
    pygame.surfarray.pixels2d(whole)[...] = stretched
    return whole


def _skip_images_and_text(*_args) -> None:
    """Stands in for pygame-gui's finalise_images_and_text while the small piece is drawn."""


# pygame-gui's own drawing of a state, at the shape's whole size.
draw_whole = RoundedRectangleShape.redraw_state


def _redraw_state(self, state_str: str, add_text: bool = True) -> None:
    small = slice_size(self, state_str)
    if small is None:
        draw_whole(self, state_str, add_text)
    else:
        _draw_in_slices(self, state_str, small, add_text)
    if not self.states_to_redraw_queue:        # no other look to draw with the buffers
        self.clean_up_temp_shapes()


def _draw_in_slices(self, state_str: str, small: tuple[int, int], add_text: bool) -> None:
    whole = self.containing_rect, self.click_area_shape, self.base_surface
    piece_rect = pygame.Rect(self.containing_rect.topleft, small)
    self.containing_rect, self.click_area_shape = piece_rect, piece_rect.copy()
    self.base_surface = pygame.Surface(small, pygame.SRCALPHA, 32)
    self.finalise_images_and_text = _skip_images_and_text
    try:
        draw_whole(self, state_str, False)
    finally:
        self.containing_rect, self.click_area_shape, self.base_surface = whole
        del self.finalise_images_and_text
    state = self.states[state_str]
    state.surface = stretch(state.surface, self.containing_rect.size)
    self.finalise_images_and_text(f"{state_str}_images", state_str, f"{state_str}_text",
                                  f"{state_str}_text_shadow", add_text)


def draw_rounded_shapes_lean() -> None:
    """From now on, pygame-gui draws large plain rounded rectangles in slices and drops
    a rounded shape's buffers once it has no other look to draw."""
    RoundedRectangleShape.redraw_state = _redraw_state
