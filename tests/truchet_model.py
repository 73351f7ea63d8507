"""An independent model of the Truchet tile layout, from the rules' text alone (vertex
colours read off the tiles, regions by a flood fill over the bands): the tests of the
layout, Che and Xutoli hold the rules' TruchetLayout against it."""
from __future__ import annotations

from game.games.truchet.layout import LEFT, RIGHT, Tile


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
