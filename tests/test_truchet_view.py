"""How Che's and Xutoli's board shows things: a region pointed at or won keeps its own
colour (the accent over dark blue read as olive), the ghost tile sits on a clear cell
(the open cell's outline showed through it), and the first tile is shown where it goes
(an empty table showed one outlined square)."""
from __future__ import annotations

import pytest



@pytest.mark.parametrize("palette_name", ["default", "high contrast", "colour-blind safe"])
def test_a_shown_region_keeps_its_own_colour(palette_name):
    from game.games.truchet.view import region_tint
    from sprites.palettes import get_palette, luminance
    palette = get_palette(palette_name)
    for colour in (0, 1):
        own, shown = palette.tiles[colour], region_tint(palette, colour)
        if luminance(own) < 0.5:            # lighter, the same hue: every channel up
            assert all(b >= a for a, b in zip(own, shown)) and shown != tuple(own)
        else:                               # still light
            assert luminance(shown) > 0.3


def _play_view(make_app, name, moves):
    import random as random_module

    import game.rules
    from game.services.saves import Seat
    from game.scenes.play import PlayScene
    from scene_driver import step
    app = make_app()
    state = game.rules.get(name).new_game(seed=2)
    rng = random_module.Random(2)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    play = PlayScene(app, state, [Seat("human", None), Seat("human", None)])
    app.push(play)
    step(app, frames=2)
    return app, play.view


@pytest.mark.parametrize("name", ["che", "xutoli"])
def test_the_ghost_sits_on_a_clear_cell(make_app, name):
    """The open cell's outline no longer shows through the ghost tile."""
    import pygame

    from sprites import truchet_tiles as art
    app, view = _play_view(make_app, name, 6)
    cell = sorted(view.state.layout.open_cells())[0]
    view.hover_cell = cell
    drawn = pygame.Surface(app.size)
    view.draw(drawn)
    rect = view.cell_rect(*cell)
    expected = pygame.Surface(app.size)
    expected.blit(app.background(), rect, rect)
    tile = view.ghost_at(cell)
    art.draw_tile(expected, rect.topleft, max(2, round(view.cell)), tile.colour, tile.orient,
                  app.palette, alpha=170)
    a = pygame.surfarray.array3d(drawn.subsurface(rect.clip(view.rect)))
    b = pygame.surfarray.array3d(expected.subsurface(rect.clip(view.rect)))
    assert (abs(a.astype(int) - b.astype(int)) <= 2).all()


@pytest.mark.parametrize("name", ["che", "xutoli"])
def test_the_first_tile_is_shown_where_it_goes(make_app, name):
    """An empty table showed one outlined square; now the tile to place is there."""
    import pygame
    app, view = _play_view(make_app, name, 0)
    view.hover_cell = None
    drawn = pygame.Surface(app.size)
    view.draw(drawn)
    centre = view.cell_rect(0, 0).center
    background = app.background().get_at(centre)
    assert drawn.get_at(centre) != background


@pytest.mark.parametrize("name", ["che", "xutoli"])
def test_the_board_shows_the_coordinates_the_moves_use(make_app, monkeypatch, name):
    """The move list says "D@1,-1": the board labels x under the layout, y beside it."""
    import pygame

    from game.games.truchet import view as truchet_view
    app, view = _play_view(make_app, name, 6)
    labels = []
    original = truchet_view.draw_text
    monkeypatch.setattr(truchet_view, "draw_text", lambda surface, text, *a, **k: (
        labels.append(text), original(surface, text, *a, **k))[1])
    view.draw(pygame.Surface(app.size))
    tiles = view.state.layout.tiles()
    xs = {str(tile.x) for tile in tiles}
    ys = {str(tile.y) for tile in tiles}
    assert xs | ys <= set(labels)
    labels.clear()
    app.settings.show_coordinates = False
    view.draw(pygame.Surface(app.size))
    assert not [text for text in labels if text.lstrip("-").isdigit()]
