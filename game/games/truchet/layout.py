"""Truchet tiles: the tile model shared by Che and Xutoli (docs/rules/che.md). Pure Python.

Geometry. Cell `(x, y)` is the unit square with the vertices `(x, y)`, `(x+1, y)`,
`(x, y+1)` and `(x+1, y+1)`; x grows to the right and y downwards (screen order), and
the first tile lies on `(0, 0)`. A tile is dominant in one colour (0 or 1: Light/Dark in
Che, White/Blue in Xutoli) and has an orientation: LEFT when its band joins `(x, y)` to
`(x+1, y+1)` (the "\\" diagonal on screen, as in the seed's picture), RIGHT when it joins
`(x+1, y)` to `(x, y+1)`. The band's two corners show the dominant colour, the two cut
corners the other one.

Colouring. Edge matching means one colour per grid vertex; opposite corners of a tile
agree and neighbouring ones differ, so the first tile fixes a checkerboard colouring of
every vertex for the rest of the game (`even_colour`: the colour of the vertices whose
`x + y` is even). Every open cell (empty, sharing an edge with a tile) then accepts
exactly two tiles, one dominant in each colour, the orientation following from the
colouring (`orientation_for`).

Regions. A region of colour c is a connected set of c-coloured vertices, joined by the
bands of c-dominant tiles; a vertex that no band goes through is a region on its own. The
layout keeps the regions in a union-find over the vertices touched by some tile, and for
each region (at its root): its size (c-dominant tiles in it), its open slots (pairs of a
vertex of the region and an empty cell around that vertex: the region is closed when that
is 0) and the bounding box of its dominant tiles (its extent). A closed region never
changes again: no empty cell touches it.

Undo. Every change to the layout's tables goes on a trail; `mark()` returns a position on
it and `rollback(mark)` undoes everything after it, exactly (path compression included).
Placing a tile is O(1) amortised (a handful of dictionary updates and near-constant
union-find operations), and so is taking it back.

Notation (docs/rules/che.md): a colour letter, for the first tile also an orientation letter
(L or R), then `@x,y`: `WL@0,0`, `W@3,-2`.
"""
from __future__ import annotations

import re
from typing import NamedTuple

LEFT, RIGHT = 0, 1
ORIENT_LETTERS = "LR"

# Cells and vertices are packed into one int each: key = (x + OFFSET) * STRIDE + y + OFFSET.
# Then the neighbours of a cell are key ± 1 (y) and key ± STRIDE (x), and cell (x, y)'s
# vertices are key, key + STRIDE, key + 1 and key + STRIDE + 1.
STRIDE = 1 << 22
OFFSET = 1 << 21
class _Sentinel:
    """A trail marker compared with `is`: copies (state.copy() deep-copies the layout)
    and pickles must give back the same object, or undoing on a copy goes wrong."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return self.name            # pickled as the module global of that name


_ABSENT = _Sentinel("_ABSENT")
_APPEND = _Sentinel("_APPEND")
_NEW_VERTEX = _Sentinel("_NEW_VERTEX")   # one trail entry for the five of a new vertex


def key_of(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + y + OFFSET


def xy_of(key: int) -> tuple[int, int]:
    return key // STRIDE - OFFSET, key % STRIDE - OFFSET


# Vertex offsets of a cell, and which of them form the band for each orientation.
CORNER_STEPS = (0, STRIDE, 1, STRIDE + 1)          # (x,y) (x+1,y) (x,y+1) (x+1,y+1)
BAND_STEPS = ((0, STRIDE + 1), (STRIDE, 1))        # LEFT, RIGHT
CUT_STEPS = ((STRIDE, 1), (0, STRIDE + 1))
NEIGHBOUR_STEPS = (-STRIDE, STRIDE, -1, 1)          # left, right, up, down
# The four cells around a vertex v: v - STRIDE - 1, v - 1, v - STRIDE, v.
AROUND_STEPS = (-STRIDE - 1, -1, -STRIDE, 0)


class Tile(NamedTuple):
    """One placed (or placeable) tile: a cell, a dominant colour and an orientation."""
    x: int
    y: int
    colour: int
    orient: int


class Region(NamedTuple):
    """A region as reported to views and tests (built on demand, not kept)."""
    root: int               # the union-find root: the region's identity
    colour: int
    size: int               # dominant tiles of the region's colour in it
    closed: bool
    open_slots: int         # (vertex, empty cell around it) pairs
    columns: int            # columns spanned by its dominant tiles (0 without tiles)
    rows: int
    vertices: frozenset     # {(x, y), ...}

    @property
    def extent(self) -> int:
        return max(self.columns, self.rows)


def band_corners(tile: Tile) -> tuple:
    """The two vertices (x, y) joined by the tile's band."""
    x, y = tile.x, tile.y
    if tile.orient == LEFT:
        return (x, y), (x + 1, y + 1)
    return (x + 1, y), (x, y + 1)


def cut_corners(tile: Tile) -> tuple:
    """The two vertices in the tile's corner pieces (the other colour)."""
    x, y = tile.x, tile.y
    if tile.orient == LEFT:
        return (x + 1, y), (x, y + 1)
    return (x, y), (x + 1, y + 1)


def format_tile(tile: Tile, letters: str, with_orientation: bool) -> str:
    """`letters` names colour 0 then colour 1 ("LD" for Che, "WB" for Xutoli)."""
    orient = ORIENT_LETTERS[tile.orient] if with_orientation else ""
    return f"{letters[tile.colour]}{orient}@{tile.x},{tile.y}"


# The two colours of the tiles in each palette (Che's and Xutoli's records): light/white
# and dark/blue; colour-blind safe: cream and Okabe-Ito blue, far apart in lightness.
TILE_COLOURS = {"default": ((238, 228, 204), (38, 76, 132)),
                "high contrast": ((255, 255, 255), (0, 28, 120)),
                "colour-blind safe": ((246, 240, 218), (0, 92, 150))}
# ASCII digits only, and no further out than key_of can pack: a cell beyond would alias
# a cell of the layout (x - 1, y + STRIDE is x, y to key_of).
TILE_NOTATION = re.compile(r"([A-Z])([LR]?)@(-?[0-9]{1,7}),(-?[0-9]{1,7})")
REACH = OFFSET - 1


def in_reach(x: int, y: int) -> bool:
    return -REACH <= x <= REACH and -REACH <= y <= REACH


def parse_tile_text(text: str, letters: str) -> tuple | None:
    """(colour, orient or None, x, y) for a text in the notation, else None. `letters`
    may list more than two letters: colour = index % 2 (so "LDWB" accepts both pairs)."""
    match = TILE_NOTATION.fullmatch(str(text).strip())
    if not match or match.group(1) not in letters:
        return None
    colour = letters.index(match.group(1)) % 2
    orient = ORIENT_LETTERS.index(match.group(2)) if match.group(2) else None
    x, y = int(match.group(3)), int(match.group(4))
    return (colour, orient, x, y) if in_reach(x, y) else None


def parse_tile_move(layout, text: str, letters: str, colour_words, game: str) -> Tile:
    """The tile a game's move text names on `layout`, checked as a move: the first tile
    with its orientation on 0,0, later ones on an open cell (an orientation given must be
    the one the cell needs). `letters` as for parse_tile_text, its first two the game's
    own; IllegalMoveError names what is wrong."""
    from game.core.state import IllegalMoveError
    a, b = letters[0], letters[1]
    parsed = parse_tile_text(text, letters)
    if parsed is None:
        raise IllegalMoveError(f"{text!r} is not {game} notation (like '{a}L@0,0' for the "
                               f"first tile, then '{b}@3,-2')")
    colour, orient, x, y = parsed
    if not layout.count:
        if orient is None:
            raise IllegalMoveError(f"{text!r}: the first tile needs its orientation, "
                                   f"like '{a}L@0,0' or '{b}R@0,0'")
        if (x, y) != (0, 0):
            raise IllegalMoveError(f"{text!r}: the first tile goes on 0,0")
        return Tile(0, 0, colour, orient)
    if not layout.is_open(x, y):
        raise IllegalMoveError(f"{text!r}: cell {x},{y} is not next to the layout "
                               f"or is already filled")
    move = Tile(x, y, colour, layout.orientation_for(x, y, colour))
    if orient is not None and orient != move.orient:
        raise IllegalMoveError(f"{text!r}: on {x},{y} a {colour_words[colour]} tile "
                               f"must lean {'LR'[move.orient]} to match its neighbours")
    return move


class TruchetLayout:
    """A growing layout of Truchet tiles with its vertex colouring and regions."""

    def __init__(self):
        self.cells: dict[int, int] = {}       # cell key -> colour * 2 + orient
        self.frontier: dict[int, bool] = {}   # open cells (insertion order is not relied on)
        self.parent: dict[int, int] = {}      # vertex key -> parent vertex key
        self.members: dict[int, int] = {}     # root -> vertices in the region (union by size)
        self.size: dict[int, int] = {}        # root -> dominant tiles
        self.opens: dict[int, int] = {}       # root -> open slots
        self.box: dict[int, tuple | None] = {}  # root -> (minx, maxx, miny, maxy) of its tiles
        self.meta: dict[str, int | None] = {"even": None}
        self.largest = [0, 0]                 # per colour: the largest region size so far
        self.widest = [0, 0]                  # per colour: the largest extent so far
        self.closed_count = [0, 0]            # per colour: closed regions
        self.closed: list[int] = []           # roots of the closed regions, in closing order
        self.trail: list = []

    # --- the trail ---------------------------------------------------------------------------
    def _set(self, container, key, value) -> None:
        """container[key] = value, on the trail (lists are only changed, never grown)."""
        old = container.get(key, _ABSENT) if type(container) is dict else container[key]
        self.trail.append((container, key, old))
        container[key] = value

    def _del(self, container: dict, key) -> None:
        self.trail.append((container, key, container.pop(key)))

    def mark(self) -> int:
        return len(self.trail)

    def rollback(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            container, key, old = trail.pop()
            if key is _APPEND:
                container.pop()
            elif old is _NEW_VERTEX:
                for table in (self.parent, self.members, self.size, self.opens, self.box):
                    del table[key]
            elif old is _ABSENT:
                del container[key]
            else:
                container[key] = old

    # --- colouring and placement -------------------------------------------------------------
    @property
    def even_colour(self) -> int | None:
        return self.meta["even"]

    @property
    def count(self) -> int:
        return len(self.cells)

    def vertex_colour(self, vx: int, vy: int) -> int | None:
        even = self.meta["even"]
        return None if even is None else even ^ ((vx + vy) & 1)

    def orientation_for(self, x: int, y: int, colour: int) -> int:
        """The orientation a tile of dominant `colour` must have on cell (x, y)."""
        even = self.meta["even"]
        return LEFT if colour == even ^ ((x + y) & 1) else RIGHT

    def tile_at(self, x: int, y: int) -> Tile | None:
        code = self.cells.get(key_of(x, y))
        return None if code is None else Tile(x, y, code >> 1, code & 1)

    def tiles(self) -> list[Tile]:
        """Every placed tile, sorted by (x, y)."""
        return [Tile(*xy_of(k), c >> 1, c & 1) for k, c in sorted(self.cells.items())]

    def is_open(self, x: int, y: int) -> bool:
        return key_of(x, y) in self.frontier

    def open_cells(self) -> list[tuple[int, int]]:
        """The empty cells next to the layout, sorted by (x, y); [(0, 0)] before any tile."""
        if not self.cells:
            return [(0, 0)]
        return [xy_of(k) for k in sorted(self.frontier)]

    def placements(self) -> list[Tile]:
        """Every tile that may be placed now: the four first tiles on (0, 0), then two per
        open cell (colour 0 first), sorted by cell."""
        if not self.cells:
            return [Tile(0, 0, colour, orient) for colour in (0, 1) for orient in (LEFT, RIGHT)]
        even = self.meta["even"]
        moves = []
        for k in sorted(self.frontier):
            x, y = k // STRIDE - OFFSET, k % STRIDE - OFFSET
            left_colour = even ^ ((x + y) & 1)      # the colour a LEFT tile is dominant in
            moves.append(Tile(x, y, 0, LEFT if left_colour == 0 else RIGHT))
            moves.append(Tile(x, y, 1, LEFT if left_colour == 1 else RIGHT))
        return moves

    def accepts(self, tile: Tile) -> bool:
        if not self.cells:
            return tile.x == 0 and tile.y == 0
        return (key_of(tile.x, tile.y) in self.frontier
                and tile.orient == self.orientation_for(tile.x, tile.y, tile.colour))

    def legal_tile(self, move) -> Tile | None:
        """`move` as a Tile of ints when it is one of `placements()`, else None: one
        move checked without listing them all (a long game's record loads in linear time)."""
        if not isinstance(move, tuple) or len(move) != 4 \
                or any(type(value) is not int for value in move):
            return None
        tile = Tile(*move)
        if tile.colour not in (0, 1) or tile.orient not in (LEFT, RIGHT) \
                or not in_reach(tile.x, tile.y):
            return None
        return tile if self.accepts(tile) else None

    def place(self, tile: Tile) -> list[int]:
        """Put `tile` down (it must be accepted: see `accepts`); returns the roots of the
        regions this tile closed."""
        x, y, colour, orient = tile
        return self.place_key(key_of(x, y), colour, orient, x, y)

    def place_key(self, cell: int, colour: int, orient: int, x: int, y: int) -> list[int]:
        """`place` on a packed cell key (the computer player's fast path); no checks."""
        # Each change goes on the trail as (table, key, old value); written out here, not
        # through _set, because this is the hot path of loading records and of the search.
        if self.meta["even"] is None:
            self._set(self.meta, "even", colour if orient == LEFT else 1 - colour)
        parent, opens, trail, cells = self.parent, self.opens, self.trail, self.cells
        push = trail.append
        push((cells, cell, cells.get(cell, _ABSENT)))
        cells[cell] = colour * 2 + orient
        # Touch the four corners: new vertices start with 4 open slots; this cell fills one.
        for step in CORNER_STEPS:
            v = cell + step
            if v not in parent:
                parent[v] = v
                self.members[v] = 1
                self.size[v] = 0
                opens[v] = 4
                self.box[v] = None
                push((None, v, _NEW_VERTEX))
                r = v
            else:
                r = self.find(v)
            push((opens, r, opens[r]))
            opens[r] -= 1
        # The band joins the two corners of the dominant colour.
        a, b = BAND_STEPS[orient]
        r = self._join(cell + a, cell + b, x, y)
        largest, widest = self.largest, self.widest
        size = self.size[r]
        if size > largest[colour]:
            push((largest, colour, largest[colour]))
            largest[colour] = size
        box = self.box[r]
        extent = max(box[1] - box[0], box[3] - box[2]) + 1
        if extent > widest[colour]:
            push((widest, colour, widest[colour]))
            widest[colour] = extent
        # Regions touching this cell may have closed: the band's and the two cut corners'.
        closed = []
        c1, c2 = CUT_STEPS[orient]
        for root in (r, self.find(cell + c1), self.find(cell + c2)):
            if opens[root] == 0 and root not in closed:
                closed.append(root)
                c = colour if root == r else 1 - colour
                self._set(self.closed_count, c, self.closed_count[c] + 1)
                self.closed.append(root)
                push((self.closed, _APPEND, None))
        # The frontier: this cell is filled, its empty neighbours are open.
        frontier = self.frontier
        if cell in frontier:
            push((frontier, cell, frontier.pop(cell)))
        for step in NEIGHBOUR_STEPS:
            n = cell + step
            if n not in cells and n not in frontier:
                push((frontier, n, _ABSENT))
                frontier[n] = True
        return closed

    # --- union-find ----------------------------------------------------------------------------
    def find(self, v: int) -> int:
        parent = self.parent
        root = v
        while parent[root] != root:
            root = parent[root]
        while parent[v] != root:
            nxt = parent[v]
            self._set(parent, v, root)
            v = nxt
        return root

    def _join(self, a: int, b: int, x: int, y: int) -> int:
        """Union through one more dominant tile on cell (x, y); returns the root."""
        push = self.trail.append
        members, size, opens, boxes = self.members, self.size, self.opens, self.box
        ra, rb = self.find(a), self.find(b)
        box_a = boxes[ra]
        if ra != rb:
            if members[ra] < members[rb]:
                ra, rb = rb, ra
                box_a = boxes[ra]
            push((self.parent, rb, rb))
            self.parent[rb] = ra
            push((members, ra, members[ra]))
            members[ra] += members[rb]
            push((size, ra, size[ra]))
            size[ra] += size[rb]
            push((opens, ra, opens[ra]))
            opens[ra] += opens[rb]
            box_b = boxes[rb]
            if box_b is not None:
                box_a = box_b if box_a is None else (
                    min(box_a[0], box_b[0]), max(box_a[1], box_b[1]),
                    min(box_a[2], box_b[2]), max(box_a[3], box_b[3]))
        push((size, ra, size[ra]))
        size[ra] += 1
        if box_a is None:
            box = (x, x, y, y)
        else:
            box = (min(box_a[0], x), max(box_a[1], x), min(box_a[2], y), max(box_a[3], y))
        push((boxes, ra, boxes[ra]))
        boxes[ra] = box
        return ra

    # --- queries for views, rules and tests -----------------------------------------------------
    def region_root(self, vx: int, vy: int) -> int | None:
        """The identity of the region holding vertex (vx, vy); None if no tile touches it.
        (Read-only callers may use it freely: path compression goes on the trail too.)"""
        v = key_of(vx, vy)
        return self.find(v) if v in self.parent else None

    def root_colour(self, root: int) -> int:
        vx, vy = xy_of(root)
        return self.vertex_colour(vx, vy)

    def region_closed(self, root: int) -> bool:
        return self.opens[root] == 0

    def region_span(self, root: int) -> tuple[int, int]:
        """(columns, rows) spanned by the region's dominant tiles."""
        box = self.box[root]
        if box is None:
            return 0, 0
        return box[1] - box[0] + 1, box[3] - box[2] + 1

    def regions(self) -> list[Region]:
        """Every region, sorted by its smallest vertex; O(vertices)."""
        groups: dict[int, list] = {}
        for v in self.parent:
            groups.setdefault(self.find(v), []).append(xy_of(v))
        found = []
        for root, vertices in groups.items():
            columns, rows = self.region_span(root)
            found.append(Region(root, self.root_colour(root), self.size[root],
                                self.opens[root] == 0, self.opens[root], columns, rows,
                                frozenset(vertices)))
        found.sort(key=lambda region: min(region.vertices))
        return found

    def closed_regions(self) -> list[Region]:
        """The closed regions, in the order they closed."""
        by_root = {region.root: region for region in self.regions()}
        return [by_root[root] for root in self.closed]

    def empty_cells_around(self, vx: int, vy: int) -> list[tuple[int, int]]:
        v = key_of(vx, vy)
        return [xy_of(v + step) for step in AROUND_STEPS if v + step not in self.cells]
