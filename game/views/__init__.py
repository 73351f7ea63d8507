"""One board view per game, the class named by the game's record (`view=...`).

Every view has `capture_before()`: what its `on_move(move, before)` reads of the position
before a move (the piece in hand, the board...), taken just before the move is played.
A copy of the whole state took milliseconds of that frame late in a game."""
from __future__ import annotations


def draw_hint_outline(surface, rect, colour, width: int = 4) -> None:
    """The pulsing ring every board draws around a hinted square, tile or piece."""
    import pygame
    pulse = 0.5 + 0.5 * abs(((pygame.time.get_ticks() / 700) % 2) - 1)
    grow = round(2 + 4 * pulse)
    pygame.draw.rect(surface, colour, pygame.Rect(rect).inflate(grow * 2, grow * 2),
                     width + round(2 * pulse), border_radius=max(4, rect.w // 6))


def draw_caption(surface, lines, centre_x: int, top: int, size: int, width: int, colour,
                 spacing: float = 1.4) -> None:
    """Lines of text centred under a rules page's diagram, each cut to `width`."""
    from game.scenes.base import draw_text, fit_text
    for line in lines:
        draw_text(surface, fit_text(line, size, width), (centre_x, top), size, colour,
                  anchor="midtop")
        top += round(size * spacing)


def make_view(app, state, names):
    """The board view for `state`'s game: the class its record names."""
    view_class = state.spec.load("view")
    if view_class is None:
        raise ValueError(f"no board view for {state.spec.title}")
    return view_class(app, state, names)
