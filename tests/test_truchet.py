"""The Truchet tile model (docs/rules/che.md), checked against an independent slow model.

The model below knows nothing of game.rules.truchet's union-find: it re-derives vertex
colours from the corners of the placed tiles, regions by a flood fill along the bands,
closedness from the cells around each vertex, and the tiles an empty cell accepts by
trying all four against the colours already showing.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import truchet
from game.rules.truchet import LEFT, RIGHT, Tile, TruchetLayout


# --- the independent model ---------------------------------------------------------------------
def corners(x, y):
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def band(x, y, orient):
    """RULES/truchet docstring: LEFT joins (x,y)-(x+1,y+1), RIGHT (x+1,y)-(x,y+1)."""
    return [(x, y), (x + 1, y + 1)] if orient == LEFT else [(x + 1, y), (x, y + 1)]


def corner_colours(x, y, colour, orient):
    """{vertex: colour} a tile shows at its four corners."""
    shown = {v: 1 - colour for v in corners(x, y)}
    for v in band(x, y, orient):
        shown[v] = colour
    return shown


def model_colours(tiles):
    """Vertex colours read off the tiles; asserts that every vertex shows one colour."""
    colours = {}
    for x, y, colour, orient in tiles:
        for v, c in corner_colours(x, y, colour, orient).items():
            assert colours.setdefault(v, c) == c, f"vertex {v} shows two colours"
    return colours


def model_accepted(tiles, x, y):
    """The tiles (of the four) that fit on empty cell (x, y) next to the layout."""
    colours = model_colours(tiles)
    fits = []
    for colour in (0, 1):
        for orient in (LEFT, RIGHT):
            shown = corner_colours(x, y, colour, orient)
            if all(colours.get(v, c) == c for v, c in shown.items()):
                fits.append(Tile(x, y, colour, orient))
    return fits


def model_open_cells(tiles):
    filled = {(t[0], t[1]) for t in tiles}
    if not filled:
        return [(0, 0)]
    found = set()
    for x, y in filled:
        for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if n not in filled:
                found.add(n)
    return sorted(found)


def model_regions(tiles):
    """Every region as (colour, size, closed, columns, rows, frozenset of vertices), by a
    flood fill over the bands."""
    colours = model_colours(tiles)
    filled = {(t[0], t[1]) for t in tiles}
    links = {v: set() for v in colours}
    for x, y, _colour, orient in tiles:
        a, b = band(x, y, orient)
        links[a].add(b)
        links[b].add(a)
    seen, regions = set(), []
    for start in sorted(colours):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for w in links[todo.pop()]:
                if w not in group:
                    group.add(w)
                    todo.append(w)
        seen |= group
        colour = colours[start]
        own = [t for t in tiles if t[2] == colour and band(t[0], t[1], t[3])[0] in group]
        closed = all((vx - dx, vy - dy) in filled for vx, vy in group
                     for dx in (0, 1) for dy in (0, 1))
        columns = len({t[0] for t in own}) and max(t[0] for t in own) - min(t[0] for t in own) + 1
        rows = len({t[1] for t in own}) and max(t[1] for t in own) - min(t[1] for t in own) + 1
        regions.append((colour, len(own), closed, columns, rows, frozenset(group)))
    return sorted(regions, key=lambda r: min(r[5]))


def layout_regions(layout):
    return [(r.colour, r.size, r.closed, r.columns, r.rows, r.vertices)
            for r in layout.regions()]


def random_layout(rng, count, first=None):
    layout, tiles = TruchetLayout(), []
    for i in range(count):
        moves = layout.placements()
        tile = first if (i == 0 and first is not None) else rng.choice(moves)
        layout.place(tile)
        tiles.append(tuple(tile))
    return layout, tiles


# --- the tests ----------------------------------------------------------------------------------
def test_the_first_tile_may_be_any_of_four_on_0_0():
    layout = TruchetLayout()
    assert layout.open_cells() == [(0, 0)]
    assert sorted(layout.placements()) == sorted(
        Tile(0, 0, c, o) for c in (0, 1) for o in (LEFT, RIGHT))


@pytest.mark.parametrize("first", [Tile(0, 0, c, o) for c in (0, 1) for o in (LEFT, RIGHT)])
def test_first_tile_fixes_a_checkerboard_colouring(first):
    layout = TruchetLayout()
    layout.place(first)
    shown = corner_colours(*first)
    for (vx, vy), colour in shown.items():
        assert layout.vertex_colour(vx, vy) == colour
    for vx in range(-5, 6):
        for vy in range(-5, 6):
            assert layout.vertex_colour(vx, vy) != layout.vertex_colour(vx + 1, vy)
            assert layout.vertex_colour(vx, vy) == layout.vertex_colour(vx + 1, vy + 1)


@pytest.mark.parametrize("first", [Tile(0, 0, c, o) for c in (0, 1) for o in (LEFT, RIGHT)])
def test_every_open_cell_accepts_exactly_two_tiles_one_per_colour(first):
    rng = random.Random(first.colour * 2 + first.orient)
    for _ in range(6):
        layout, tiles = random_layout(rng, 40, first)
        placements = layout.placements()
        by_cell = {}
        for tile in placements:
            by_cell.setdefault((tile.x, tile.y), []).append(tile)
        assert sorted(by_cell) == model_open_cells(tiles) == layout.open_cells()
        for (x, y), fits in by_cell.items():
            assert sorted(t.colour for t in fits) == [0, 1]
            assert sorted(fits) == sorted(model_accepted(tiles, x, y))
            for tile in fits:
                assert layout.accepts(tile)
                assert not layout.accepts(tile._replace(orient=1 - tile.orient))


def test_a_tile_on_a_filled_or_detached_cell_is_not_accepted():
    layout = TruchetLayout()
    layout.place(Tile(0, 0, 0, LEFT))
    assert not layout.accepts(Tile(0, 0, 0, LEFT))
    assert not layout.accepts(Tile(1, 1, 0, layout.orientation_for(1, 1, 0)))  # corner only
    assert layout.accepts(Tile(1, 0, 0, layout.orientation_for(1, 0, 0)))


def test_a_diamond_of_size_zero_closes_inside_four_tiles_of_the_other_colour():
    layout = TruchetLayout()
    layout.place(Tile(0, 0, 0, RIGHT))       # band (1,0)-(0,1): vertex (1,1) is colour 1
    assert layout.vertex_colour(1, 1) == 1
    for x, y in ((1, 0), (0, 1)):
        assert layout.place(Tile(x, y, 0, layout.orientation_for(x, y, 0))) == []
    closed = layout.place(Tile(1, 1, 0, layout.orientation_for(1, 1, 0)))
    assert len(closed) == 1
    region = layout.closed_regions()[0]
    assert region.colour == 1 and region.size == 0 and region.closed
    assert region.vertices == {(1, 1)} and region.extent == 0
    assert layout.closed_count == [0, 1]


def test_a_ring_of_one_colour_counts_every_tile_and_its_extent():
    # Four colour-0 tiles around vertex (1,1) of colour 1 make a colour-0 ring of size 4.
    layout = TruchetLayout()
    layout.place(Tile(0, 0, 0, RIGHT))
    for x, y in ((1, 0), (0, 1), (1, 1)):
        layout.place(Tile(x, y, 0, layout.orientation_for(x, y, 0)))
    ring = [r for r in layout.regions() if r.colour == 0 and r.size]
    assert len(ring) == 1 and ring[0].size == 4 and not ring[0].closed
    assert (ring[0].columns, ring[0].rows) == (2, 2)
    assert layout.largest == [4, 0] and layout.widest == [2, 0]


def test_rollback_restores_everything_exactly():
    rng = random.Random(5)
    layout, _ = random_layout(rng, 10)
    before = (layout_regions(layout), layout.placements(), list(layout.largest),
              list(layout.widest), list(layout.closed_count), list(layout.closed))
    mark = layout.mark()
    for _ in range(30):
        layout.place(rng.choice(layout.placements()))
    layout.rollback(mark)
    after = (layout_regions(layout), layout.placements(), list(layout.largest),
             list(layout.widest), list(layout.closed_count), list(layout.closed))
    assert after == before
    layout.rollback(0)
    assert layout.count == 0 and not layout.parent and layout.even_colour is None


def test_notation_of_tiles():
    assert truchet.format_tile(Tile(0, 0, 0, LEFT), "WB", True) == "WL@0,0"
    assert truchet.format_tile(Tile(3, -2, 1, RIGHT), "WB", False) == "B@3,-2"
    assert truchet.parse_tile_text("WL@0,0", "WB") == (0, LEFT, 0, 0)
    assert truchet.parse_tile_text(" B@3,-2 ", "WB") == (1, None, 3, -2)
    assert truchet.parse_tile_text("D@1,1", "LDWB") == (1, None, 1, 1)
    for bad in ("X@0,0", "W@0", "WL@a,0", "WLL@0,0", ""):
        assert truchet.parse_tile_text(bad, "WB") is None



PLAYOUT = settings(max_examples=30, deadline=None, database=None)


@PLAYOUT
@given(seed=st.integers(0, 10_000), count=st.integers(1, 70))
def test_union_find_regions_equal_a_flood_fill(seed, count):
    rng = random.Random(seed)
    layout, tiles = TruchetLayout(), []
    for _ in range(count):
        tile = rng.choice(layout.placements())
        layout.place(tile)
        tiles.append(tuple(tile))
        if rng.random() < 0.3 or len(tiles) == count:
            expected = model_regions(tiles)
            assert layout_regions(layout) == expected
            for colour in (0, 1):
                own = [r for r in expected if r[0] == colour]
                assert layout.largest[colour] == max((r[1] for r in own), default=0)
                assert layout.widest[colour] == max((max(r[3], r[4]) for r in own), default=0)
                assert layout.closed_count[colour] == sum(r[2] for r in own)

