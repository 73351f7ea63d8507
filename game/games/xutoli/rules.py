"""Xutoli: join two matching patterns on one path (docs/rules/xutoli.md, the tiles in truchet.py).

Seats: 0 White, 1 Blue; colour 0 is White, colour 1 Blue (the Truchet model's colours).
A move is one tile, a `truchet.Tile(x, y, colour, orient)`. White places the first tile
on (0, 0), any of the four; then one tile a turn (option `progressive`: two tiles a turn
after the opening tile, one when a single tile is left, and `to_play` stays the same while
a turn still owes its second tile). The pool holds 64 tiles (option `tiles`).

Patterns. Any n x n block of placed tiles (n = 2; 3 or 4 in Super Xutoli) shows a
picture: the tiles' colours and orientations, read row by row. Two blocks are identical
when their pictures are equal ("same rotation", the standard rule), or equal after
turning one by quarter turns ("any rotation"; turning a tile by a quarter turn swaps its
orientation). A 2x2 picture is fixed by its centre vertex's colour and by which of the
four tiles have their band through the centre (the tiles dominant in the centre colour):
  4 of them: X, 3: T, 2 at a right angle: L, 2 in a line: I - in the centre colour;
  1 of them: U, 0: O - a ring of the other colour around the centre.
(As in docs/rules/xutoli.md: the majority colour, on a 2-2 split the centre colour.) So there are
twelve 2x2 patterns, six letters in two colours. `pattern_letter` names them.

Containment. A region of colour p covers a tile when it holds one of the tile's two
p-coloured corners, and contains a block when it covers every tile of the block.

Aims (after every complete turn; with one tile a turn, after every move):
* standard: player p has a winning formation when two identical blocks that share no
  tile are both contained in one region of colour p. If the turn gave both players a
  formation, the mover loses; one player, that player wins; the tiles run out: a draw.
* `rotation = "any"`: identical up to rotation. `"prefer_same"`: any rotation, and when
  a turn gives both players a formation and exactly one of them has an aligned one (a
  formation by the same-rotation rule), that player wins (else the mover loses).
* `size = 3` or `4` (Super Xutoli): the blocks are 3x3 or 4x4 and are always compared up
  to rotation (docs/rules/xutoli.md, Decisions); "prefer_same" still prefers an
  aligned formation.
* `target` (Single target): each player has a target, a letter ("X": either colour) or a
  letter in a colour ("WX", "BX"), drawn at the start from the game's seed (distinct for
  the two players) or chosen in the setup (`white_target`, `blue_target`). The first
  player to see a 2x2 pattern matching their target anywhere on the layout, in any
  orientation and in no particular region, wins; if a turn shows both players their
  targets, the mover loses. Targets are always 2x2 patterns (`size` is ignored).

Notation: `WL@0,0` for the first tile (colour letter W or B, orientation L or R, cell);
`B@3,-2` for later tiles, the orientation implied. Parsing also accepts a later tile with
its (correct) orientation, and L/D for W/B.

For views: `patterns()` (every complete 2x2 block with its letter and colour),
`formations(seat)` (the formations a seat has now), `winning_formation` (at the end: the
pair, or the single target pattern, with the region and a path joining the pair),
`targets` / `target_text(seat)`, `tiles_left`, `tiles_owed`, `board.layout` (tiles,
regions: see truchet.py).
"""
from __future__ import annotations

import random
from collections import deque
from typing import NamedTuple

from game.core.registry import GameSpec, Option
from game.core.state import GameState, IllegalMoveError, Outcome
# Some of these are not used here: views and the computer player import them from here.
from game.games.truchet.layout import (LEFT, TILE_COLOURS, OFFSET, RIGHT, STRIDE, Tile,
                                       TruchetLayout, format_tile, key_of, parse_tile_move,
                                       xy_of)

WHITE, BLUE = 0, 1
SEATS = ("White", "Blue")
COLOUR_WORDS = ("white", "blue")
LETTERS = "WB"
PARSE_LETTERS = "WBLD"
SHAPES = "XUTOLI"
TILE_CHOICES = (48, 64, 96, 128)
ROTATION_CHOICES = ("same", "any", "prefer_same")
SIZE_CHOICES = (2, 3, 4)
TARGET_CHOICES = ("off", "drawn_letter", "drawn_coloured", "chosen")
TARGET_CODES = tuple(SHAPES) + tuple(c + s for c in LETTERS for s in SHAPES)
AI_LEVELS = ("beginner", "easy", "medium", "hard")

# 2x2 blocks: the four cells clockwise from the top left, as offsets of the packed cell
# key, and the bit each has in a block's mask.
QUAD_STEPS = (0, STRIDE, STRIDE + 1, 1)          # TL, TR, BR, BL


# --- pictures ---------------------------------------------------------------------------
def block_steps(n: int) -> tuple:
    """Packed-key offsets of the cells of an n x n block, row by row from its top left."""
    return tuple(i * STRIDE + j for j in range(n) for i in range(n))


def rotate_key(key: int, n: int) -> int:
    """The picture `key` (2 bits per tile, colour * 2 + orient, row by row) turned a
    quarter turn clockwise: the tile at row r, column c moves to row c, column n-1-r, and
    its band swaps diagonal."""
    out = 0
    for r in range(n):
        for c in range(n):
            code = (key >> (2 * (r * n + c))) & 3
            out |= (code ^ 1) << (2 * (c * n + (n - 1 - r)))
    return out


_CANON: dict = {}


def canonical_key(key: int, n: int) -> int:
    """The smallest of the picture's four rotations: equal for pictures that are the same
    up to rotation."""
    memo = _CANON.get((key, n))
    if memo is None:
        best, k = key, key
        for _ in range(3):
            k = rotate_key(k, n)
            best = min(best, k)
        memo = _CANON[(key, n)] = best
    return memo


def picture_key(cells: dict, cell: int, steps: tuple) -> int:
    key = 0
    for i, step in enumerate(steps):
        key |= cells[cell + step] << (2 * i)
    return key


def quad_info(key: int) -> tuple:
    """(centre colour, mask) of a 2x2 picture: mask bit i (cells clockwise from the top
    left) is set when that tile's band goes through the centre."""
    codes = [(key >> (2 * i)) & 3 for i in (0, 1, 3, 2)]    # TL, TR, BR, BL
    tl_colour, tl_orient = codes[0] >> 1, codes[0] & 1
    centre = tl_colour if tl_orient == LEFT else 1 - tl_colour
    mask = 0
    for bit, code in enumerate(codes):
        if code >> 1 == centre:
            mask |= 1 << bit
    return centre, mask


def _rot_mask(mask: int, turns: int) -> int:
    for _ in range(turns):
        mask = ((mask << 1) | (mask >> 3)) & 15
    return mask


# Canonical masks (the smallest of the rotations) and the letter they show.
_MASK_LETTER = {15: "X", 7: "T", 3: "L", 5: "I", 1: "U", 0: "O"}


def mask_letter(mask: int) -> tuple[str, int]:
    """(letter, quarter turns clockwise from the letter's canonical mask)."""
    for turns in range(4):
        canon = _rot_mask(mask, (4 - turns) % 4)
        if canon in _MASK_LETTER:
            return _MASK_LETTER[canon], turns
    raise AssertionError(mask)


def pattern_letter(key: int) -> tuple[str, int, int]:
    """(letter, colour, rotation) of a 2x2 picture. The colour is the letter's colour
    (the centre colour for X T L I, the other one for U O); the rotation counts quarter
    turns clockwise from the canonical shape (T: bands to top left, top right and bottom
    right; L: top left and top right; I: top left and bottom right; U: the gap at the top
    left)."""
    centre, mask = quad_info(key)
    letter, turns = mask_letter(mask)
    if letter in "XI":
        turns %= 2 if letter == "I" else 1
    if letter == "O":
        turns = 0
    colour = centre if letter in "XTLI" else 1 - centre
    return letter, colour, turns


# The letters as the legend shows them: (letter, its colour) in reading order.
LEGEND = tuple((letter, colour) for colour in (WHITE, BLUE) for letter in SHAPES)
# Cells of a 2x2 block around its centre vertex, clockwise from the top left (the mask
# bits of quad_info), and the orientation a tile there has when its band goes through
# the centre (LEFT joins a cell's top left and bottom right corners).
_QUAD_CELLS = ((0, 0), (1, 0), (1, 1), (0, 1))
_THROUGH_CENTRE = (LEFT, RIGHT, LEFT, RIGHT)


def letter_tiles(letter: str, colour: int) -> list:
    """The four tiles (dx, dy, colour, orient) of the 2x2 pattern `letter` in `colour`,
    in its canonical rotation: for the legend and the rules' pictures."""
    mask = next(m for m, name in _MASK_LETTER.items() if name == letter)
    centre = colour if letter in "XTLI" else 1 - colour
    tiles = []
    for bit, ((dx, dy), through) in enumerate(zip(_QUAD_CELLS, _THROUGH_CENTRE)):
        if mask >> bit & 1:
            tiles.append((dx, dy, centre, through))
        else:
            tiles.append((dx, dy, 1 - centre, 1 - through))
    return tiles


class Pattern(NamedTuple):
    """A complete n x n block of tiles (top left cell x, y)."""
    x: int
    y: int
    size: int
    key: int                 # the picture
    letter: str | None       # 2x2 only: X U T O L I
    colour: int | None       # 2x2 only: the letter's colour
    rotation: int | None     # 2x2 only: quarter turns from the canonical shape

    @property
    def cells(self) -> list:
        return [(self.x + i, self.y + j) for j in range(self.size) for i in range(self.size)]

    @property
    def name(self) -> str:
        if self.letter is None:
            return f"{self.size}x{self.size} pattern"
        return f"{COLOUR_WORDS[self.colour]} {self.letter}"


class Formation(NamedTuple):
    """A winning formation of `seat`: a pair of identical patterns in one region of
    `colour` (with the region's vertices and a path of vertices joining the two
    patterns, each step along a band), or (Single target) one pattern, `second`, `region`
    and `path` then None/empty."""
    seat: int
    colour: int
    first: Pattern
    second: Pattern | None
    aligned: bool                 # the two pictures are equal as they lie
    region: frozenset | None      # {(x, y), ...}
    path: tuple                   # ((x, y), ...)


def make_pattern(key: int, cell: int, n: int) -> Pattern:
    x, y = xy_of(cell)
    if n == 2:
        letter, colour, turns = pattern_letter(key)
        return Pattern(x, y, 2, key, letter, colour, turns)
    return Pattern(x, y, n, key, None, None, None)


def target_matches(code: str, letter: str, colour: int) -> bool:
    if len(code) == 1:
        return code == letter
    return code[1] == letter and LETTERS.index(code[0]) == colour


def target_words(code: str) -> str:
    if len(code) == 1:
        return f"an {code}" if code in "XOLI" else f"a {code}"
    return f"a {COLOUR_WORDS[LETTERS.index(code[0])]} {code[1]}"


# --- the board --------------------------------------------------------------------------
class XutoliBoard:
    """A Truchet layout plus its complete n x n blocks (and 2x2 ones for the letters),
    indexed by picture; `mark()` / `rollback()` undo exactly, like the layout's trail.
    The rules state and the computer player both use it."""

    def __init__(self, n: int = 2):
        self.n = n
        self.steps = block_steps(n)
        self.layout = TruchetLayout()
        self.blocks: dict[int, int] = {}      # top left cell key -> picture key
        self.order: list[int] = []            # blocks in the order they were completed
        self.by_key: dict[int, list] = {}     # picture -> [top left cell keys]
        self.by_canon: dict[int, list] = {}   # picture up to rotation -> [cell keys]
        # The 2x2 blocks, for the letters (the same tables when n == 2).
        if n == 2:
            self.quads, self.quad_order = self.blocks, self.order
        else:
            self.quads, self.quad_order = {}, []

    # --- changes -------------------------------------------------------------------------
    def mark(self) -> tuple:
        return self.layout.mark(), len(self.order), len(self.quad_order)

    def rollback(self, mark: tuple) -> None:
        layout_mark, count, quad_count = mark
        self.layout.rollback(layout_mark)
        order, blocks = self.order, self.blocks
        while len(order) > count:
            cell = order.pop()
            key = blocks.pop(cell)
            self.by_key[key].pop()
            self.by_canon[canonical_key(key, self.n)].pop()
        if self.n != 2:
            while len(self.quad_order) > quad_count:
                del self.quads[self.quad_order.pop()]

    def place(self, tile: Tile) -> list[int]:
        """Put down an accepted tile; returns the top left cells of the n x n blocks it
        completed."""
        return self.place_key(key_of(tile.x, tile.y), tile.colour, tile.orient)

    def place_key(self, cell: int, colour: int, orient: int) -> list[int]:
        x, y = cell // STRIDE - OFFSET, cell % STRIDE - OFFSET
        self.layout.place_key(cell, colour, orient, x, y)
        cells = self.layout.cells
        new = self._complete(cell, self.n, self.steps, cells)
        for corner in new:
            key = picture_key(cells, corner, self.steps)
            self.blocks[corner] = key
            self.order.append(corner)
            self.by_key.setdefault(key, []).append(corner)
            self.by_canon.setdefault(canonical_key(key, self.n), []).append(corner)
        if self.n != 2:
            for corner in self._complete(cell, 2, QUAD_STEPS, cells):
                self.quads[corner] = picture_key(cells, corner, block_steps(2))
                self.quad_order.append(corner)
        return new

    @staticmethod
    def _complete(cell: int, n: int, steps: tuple, cells: dict) -> list[int]:
        found = []
        for i in range(n):
            for j in range(n):
                corner = cell - i * STRIDE - j
                for step in steps:
                    if corner + step not in cells:
                        break
                else:
                    found.append(corner)
        return found

    # --- containment -------------------------------------------------------------------------
    def containing(self, corner: int, colour: int, n: int | None = None) -> set:
        """The roots of the regions of `colour` that contain the block at `corner`."""
        layout = self.layout
        find = layout.find
        n = self.n if n is None else n
        x, y = corner // STRIDE - OFFSET, corner % STRIDE - OFFSET
        # Cell (x, y)'s corner (x, y) has colour even ^ parity; the `colour` corners of a
        # cell are its main diagonal (x,y)-(x+1,y+1) or the other one.
        main = layout.meta["even"] ^ ((x + y) & 1) == colour
        roots = None
        for j in range(n):
            for i in range(n):
                cell = corner + i * STRIDE + j
                if main == ((i + j) & 1 == 0):
                    pair = {find(cell), find(cell + STRIDE + 1)}
                else:
                    pair = {find(cell + STRIDE), find(cell + 1)}
                roots = pair if roots is None else roots & pair
                if not roots:
                    return roots
        return roots

    def overlap(self, a: int, b: int, n: int | None = None) -> bool:
        n = self.n if n is None else n
        return abs(a // STRIDE - b // STRIDE) < n and abs(a % STRIDE - b % STRIDE) < n

    def pairs(self, colour: int, any_rotation: bool, first_only: bool = False) -> list:
        """The winning formations of `colour`: [(corner a, corner b, root), ...], a pair of
        identical non-overlapping blocks contained in one region of `colour`."""
        groups = self.by_canon if any_rotation else self.by_key
        found = []
        for corners in groups.values():
            if len(corners) < 2:
                continue
            roots = None
            for i in range(len(corners)):
                for j in range(i + 1, len(corners)):
                    a, b = corners[i], corners[j]
                    if self.overlap(a, b):
                        continue
                    if roots is None:
                        roots = [self.containing(c, colour) for c in corners]
                    common = roots[i] & roots[j]
                    if common:
                        found.append((a, b, min(common)))
                        if first_only:
                            return found
        return found

    def quad_patterns(self) -> list[Pattern]:
        return [make_pattern(self.quads[c], c, 2) for c in sorted(self.quads)]

    def region_path(self, root: int, colour: int, a: int, b: int, n: int) -> tuple:
        """A shortest path of vertices (along bands of `colour` tiles) inside the region
        `root`, from a `colour` corner of block a's tiles to one of block b's."""
        layout = self.layout
        find = layout.find

        def corners_of(corner):
            found = set()
            for j in range(n):
                for i in range(n):
                    cell = corner + i * STRIDE + j
                    for step in (0, STRIDE, 1, STRIDE + 1):
                        v = cell + step
                        if v in layout.parent and find(v) == root:
                            found.add(v)
            return found

        starts, goals = corners_of(a), corners_of(b)
        links: dict[int, list] = {}
        for cell, code in layout.cells.items():
            if code >> 1 != colour:
                continue
            s, t = ((0, STRIDE + 1), (STRIDE, 1))[code & 1]
            u, v = cell + s, cell + t
            if find(u) == root:
                links.setdefault(u, []).append(v)
                links.setdefault(v, []).append(u)
        previous = {v: None for v in starts}
        queue = deque(sorted(starts))
        while queue:
            v = queue.popleft()
            if v in goals:
                path = []
                while v is not None:
                    path.append(xy_of(v))
                    v = previous[v]
                return tuple(reversed(path))
            for w in links.get(v, ()):
                if w not in previous:
                    previous[w] = v
                    queue.append(w)
        return ()

    def region_vertices(self, root: int) -> frozenset:
        layout = self.layout
        return frozenset(xy_of(v) for v in layout.parent if layout.find(v) == root)


# --- the game ---------------------------------------------------------------------------
def draw_targets(seed: int, mode: str) -> tuple[str, str]:
    """The two players' targets drawn from the game's seed: distinct, like two cards
    drawn from one deck."""
    deck = list(SHAPES) if mode == "drawn_letter" else list(TARGET_CODES[6:])
    rng = random.Random(f"xutoli-targets:{seed}")
    white = rng.choice(deck)
    deck.remove(white)
    return white, rng.choice(deck)


class XutoliState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.pool: int = options["tiles"]
        self.rotation: str = options["rotation"]
        self.progressive: bool = options["progressive"]
        mode = options["target"]
        if mode == "off":
            self.targets: tuple | None = None
        elif mode == "chosen":
            self.targets = (options["white_target"], options["blue_target"])
            if self.targets[0] == self.targets[1]:
                label = self.spec.option("blue_target").label_of(self.targets[0])
                raise ValueError(f"bad value for option 'blue_target' of Xutoli: Blue's "
                                 f"target must differ from White's (both are {label})")
        else:
            self.targets = draw_targets(seed, mode)
        # Targets are 2x2 letters; Super Xutoli compares whole pictures up to rotation.
        self.size: int = 2 if self.targets else options["size"]
        self.any_rotation = self.rotation != "same" or self.size > 2
        self.board = XutoliBoard(self.size)
        self.turn_seat = WHITE          # whose turn it is (also while it owes a tile)
        self.turn_placed = 0            # tiles placed so far in this turn
        self.turns = 0                  # complete turns so far
        self._outcome: Outcome | None = None
        self._winning: Formation | None = None

    # --- queries ------------------------------------------------------------------------
    @property
    def layout(self) -> TruchetLayout:
        return self.board.layout

    @property
    def to_play(self) -> int | None:
        return None if self._outcome else self.turn_seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def tiles_left(self) -> int:
        return self.pool - self.layout.count

    @property
    def turn_length(self) -> int:
        """How many tiles the current turn places in all (1, or 2 when progressive)."""
        if not self.progressive or self.turns == 0:
            return 1
        return min(2, self.turn_placed + self.tiles_left)

    @property
    def tiles_owed(self) -> int:
        """Tiles the player to move still places in this turn (0 when the game is over)."""
        return 0 if self._outcome else self.turn_length - self.turn_placed

    @property
    def winning_formation(self) -> Formation | None:
        """At the end of a won game: the winner's formation (for the view to show)."""
        return self._winning

    def target_text(self, seat: int) -> str | None:
        """The seat's target in words ("a blue X", "an O"), or None without targets."""
        return None if self.targets is None else target_words(self.targets[seat])

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        return self.layout.placements()

    def legal_form(self, move):
        return None if self._outcome else self.layout.legal_tile(move)

    def move_for(self, x: int, y: int, colour: int) -> Tile | None:
        """The legal tile of dominant `colour` on cell (x, y) (not for the first tile,
        which also chooses its orientation), or None."""
        layout = self.layout
        if self._outcome or not layout.count or not layout.is_open(x, y):
            return None
        return Tile(x, y, colour, layout.orientation_for(x, y, colour))

    def patterns(self) -> list[Pattern]:
        """Every complete 2x2 block with its letter, colour and rotation, by cell."""
        return self.board.quad_patterns()

    def blocks(self) -> list[Pattern]:
        """Every complete block of the game's size (2x2, or 3x3 / 4x4 in Super Xutoli)."""
        board = self.board
        return [make_pattern(board.blocks[c], c, board.n) for c in sorted(board.blocks)]

    def formations(self, seat: int, aligned_only: bool = False) -> list[Formation]:
        """The winning formations `seat` has in the current position (Single target: the
        patterns matching its target)."""
        board = self.board
        if self.targets is not None:
            code = self.targets[seat]
            return [Formation(seat, p.colour, p, None, True, None, ())
                    for p in board.quad_patterns() if target_matches(code, p.letter, p.colour)]
        found = []
        n = board.n
        any_rotation = self.any_rotation and not aligned_only
        for a, b, root in board.pairs(seat, any_rotation):
            ka, kb = board.blocks[a], board.blocks[b]
            found.append(Formation(seat, seat, make_pattern(ka, a, n), make_pattern(kb, b, n),
                                   ka == kb, board.region_vertices(root),
                                   board.region_path(root, seat, a, b, n)))
        return found

    def has_formation(self, seat: int, aligned_only: bool = False) -> bool:
        board = self.board
        if self.targets is not None:
            code = self.targets[seat]
            for key in board.quads.values():
                letter, colour, _ = pattern_letter(key)
                if target_matches(code, letter, colour):
                    return True
            return False
        return bool(board.pairs(seat, self.any_rotation and not aligned_only, first_only=True))

    # --- changes ------------------------------------------------------------------------
    def _apply(self, move) -> None:
        self.board.place(move)
        self.turn_placed += 1
        if self.turn_placed >= self.turn_length:
            mover = self.turn_seat
            self._outcome = self.decide(mover)
            self.turns += 1
            self.turn_placed = 0
            self.turn_seat = 1 - mover

    def decide(self, mover: int) -> Outcome | None:
        """The result of the position after `mover`'s complete turn, or None."""
        winners = [seat for seat in (WHITE, BLUE) if self.has_formation(seat)]
        what = "target" if self.targets else "winning formation"
        if len(winners) == 2:
            if self.rotation == "prefer_same" and not self.targets:
                aligned = [s for s in winners if self.has_formation(s, aligned_only=True)]
                if len(aligned) == 1:
                    winner = aligned[0]
                    self._winning = self._formation_of(winner, aligned_only=True)
                    return Outcome(winner, _scores(winner),
                                   f"both players have a winning formation; only "
                                   f"{SEATS[winner]}'s pair is aligned ("
                                   f"{self._why(self._winning)}), so {SEATS[winner]} wins")
            winner = 1 - mover
            self._winning = self._formation_of(winner)
            return Outcome(winner, _scores(winner),
                           f"{SEATS[mover]}'s turn made a {what} for both players, so "
                           f"{SEATS[mover]} loses: {SEATS[winner]} wins")
        if winners:
            winner = winners[0]
            self._winning = self._formation_of(winner)
            return Outcome(winner, _scores(winner),
                           f"{SEATS[winner]} wins: {self._why(self._winning)}")
        if self.tiles_left == 0:
            return Outcome(None, (0.5, 0.5), "The tiles ran out with no winning "
                           f"{'target' if self.targets else 'formation'}: a draw")
        return None

    def _formation_of(self, seat: int, aligned_only: bool = False) -> Formation:
        found = self.formations(seat, aligned_only)
        # Prefer an aligned pair, then the closest pair (the shortest path), then by cell.
        found.sort(key=lambda f: (not f.aligned, len(f.path), f.first, f.second or ()))
        return found[0]

    def _why(self, formation: Formation) -> str:
        first = formation.first
        if formation.second is None:
            return (f"{target_words(self.targets[formation.seat])} (their target) at "
                    f"{first.x},{first.y}")
        second = formation.second
        how = "" if formation.aligned or self.size > 2 else " (in different orientations)"
        return (f"two {first.name}s{how} at {first.x},{first.y} "
                f"and {second.x},{second.y} on one {COLOUR_WORDS[formation.colour]} region")

    def _snapshot(self):
        return (self.board.mark(), self.turn_seat, self.turn_placed, self.turns,
                self._outcome, self._winning)

    def _restore(self, snapshot) -> None:
        (mark, self.turn_seat, self.turn_placed, self.turns, self._outcome,
         self._winning) = snapshot
        self.board.rollback(mark)

    # --- notation -----------------------------------------------------------------------
    def format_move(self, move) -> str:
        return format_tile(move, LETTERS, with_orientation=not self.layout.count)

    def parse_move(self, text: str):
        if self._outcome:
            raise IllegalMoveError(f"the game is over; {text!r} cannot be played")
        return parse_tile_move(self.layout, text, PARSE_LETTERS, COLOUR_WORDS, "Xutoli")


def _scores(winner: int) -> tuple:
    return (1, 0) if winner == WHITE else (0, 1)



_TARGET_LABELS = tuple(f"{s} (either colour)" for s in SHAPES) + tuple(
    f"{COLOUR_WORDS[LETTERS.index(c)].capitalize()} {s}" for c in LETTERS for s in SHAPES)

def _pairs(options: dict) -> bool:
    """Rotation and size shape the pairs; a Single target game has no pairs."""
    return options.get("target", "off") == "off"


def _chosen(options: dict) -> bool:
    return options.get("target") == "chosen"


SPEC = GameSpec(
    name="xutoli",
    title="Xutoli",
    blurb="Truchet tiles: two matching patterns on one path.",
    seats=SEATS,
    options=(
        # Single target first: the rows it shows or hides come after it.
        Option("target", TARGET_CHOICES, "off", "Single target",
               ("Off", "Drawn: a letter", "Drawn: a letter in a colour", "Chosen")),
        Option("white_target", TARGET_CODES, "X", "White's target", _TARGET_LABELS,
               applies=_chosen),
        Option("blue_target", TARGET_CODES, "O", "Blue's target", _TARGET_LABELS,
               applies=_chosen),
        Option("rotation", ROTATION_CHOICES, "same", "Matching patterns",
               ("Same rotation", "Any rotation", "Any rotation, prefer same"),
               applies=_pairs),
        Option("size", SIZE_CHOICES, 2, "Pattern size",
               ("2x2", "3x3 (Super Xutoli)", "4x4 (Super Xutoli)"), applies=_pairs),
        Option("progressive", (False, True), False, "Progressive",
               ("Off: one tile a turn", "On: two tiles a turn")),
        Option("tiles", TILE_CHOICES, 64, "Tiles", tuple(f"{n} tiles" for n in TILE_CHOICES)),
    ),
    state_class=XutoliState,
    ai_levels=AI_LEVELS,
    # The ladder's Elo ratings (python -m game.bench strength --sections ladder).
    ratings={"beginner": 0, "easy": 599, "medium": 751, "hard": 914},
    view="game.games.xutoli.view:XutoliView",
    player="game.games.xutoli.player:choose_move",
    analysis="game.games.xutoli.analysis:ANALYSIS",
    rule_pages="game.games.xutoli.rule_pages:PAGES",
    tutorial="game.games.xutoli.tutorial:LINES",
    tutor_level="easy",
    colours={"tiles": TILE_COLOURS},
    sounds={"pattern": "sounds.synth:pattern"},
    tactics="game.games.xutoli.tactics:KIT",
    playouts="game.games.xutoli.playouts:PLAYOUTS",
    frames="game.games.xutoli.frames:FRAMES",
    benches={"xutoli": ("game.games.xutoli.bench",
                        "Xutoli: rules speed, computer time per tile and strength, frame "
                        "time with 64 tiles")},
    strength="game.games.xutoli.bench:STRENGTH",
    analysis_bench="game.games.xutoli.bench:ANALYSIS_SAMPLES",
)
