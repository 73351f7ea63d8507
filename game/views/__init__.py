"""One board view per game, found by the game's registry name.

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
    """The board view for `state`'s game."""
    if state.spec.name == "xtic":
        from game.views.xtic_view import XticView
        return XticView(app, state, names)
    if state.spec.name == "xoliba":
        from game.views.xoliba_view import XolibaView
        return XolibaView(app, state, names)
    if state.spec.name == "che":
        from game.views.truchet_view import TruchetView
        return TruchetView(app, state, names)
    if state.spec.name == "catalina":
        from game.views.catalina_view import CatalinaView
        return CatalinaView(app, state, names)
    if state.spec.name == "xutoli":
        from game.views.xutoli_view import XutoliView
        return XutoliView(app, state, names)
    raise ValueError(f"no board view for {state.spec.title}")


def illustrate_rules(game_name: str, surface, rect, palette) -> None:
    """Draw the rules screen's picture for a game, if it has one."""
    if game_name == "xtic":
        from game.views.xtic_view import illustrate
        illustrate(surface, rect, palette)
    elif game_name == "xoliba":
        from game.views.xoliba_view import illustrate
        illustrate(surface, rect, palette)
    elif game_name == "che":
        from game.views.truchet_view import illustrate
        illustrate(surface, rect, palette)
    elif game_name == "catalina":
        from game.views.catalina_view import illustrate
        illustrate(surface, rect, palette)
    elif game_name == "xutoli":
        from game.views.xutoli_view import illustrate
        illustrate(surface, rect, palette)
