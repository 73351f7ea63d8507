"""Xoliba solitaire solver (docs/rules/xoliba.md#solitaire): can a position still be won, and how.

Red moves, blue never moves; the game is won when no blue piece is left. It is a
one-player reachability problem on a graph with cycles (moves that capture nothing just
reposition red), so the searches keep a table of the positions already seen.

A position is two 49-bit masks, `red` and `blue` (bit = point index of game.games.xoliba.rules);
every other point of the board is white.

The sound bound ("capture bound"). Blue pieces never move, so every blue piece must end up
inside the contents of a triangle some capture uses, and each capture turns at least the
three red corners of its triangle white. A triangle can only be used once every blue piece
on its corners has been captured before, so only the triangles of the fixpoint "usable"
set below can ever capture. Hence, for any winning line:
    captures >= cover(blue) := least number of usable-triangle contents covering blue,
    captures <= red // 3.
`cover(blue) > red // 3` proves the position lost, and `cover(blue)` is an admissible
lower bound on the number of moves still needed (every move captures within at most one
triangle), which the shortest-line search (IDA*) uses. Red only slides through white
points, so a corner walled off from every red piece by blue (`_reach`) is usable only
once a capture has opened the wall: the fixpoint grows red's reach with the blue it can
capture, and a pocket can leave a deal lost at once.

A sharper admissible bound on moves, `move_bound`: blue pieces no usable triangle holds
two of each need a capture of their own, and each such capture needs at least
max(1, corners of its triangle not red now) moves (every move puts one red piece on one
point, and a corner piece serves one capture only, since the capture turns it white).

Tight layers: when cover(blue) == red // 3 every capture must take exactly three red
corners and few red pieces may go with it, so the winning red configurations of that
blue are few: `_tight_table` finds them backwards, from the winning captures through
quiet moves walked in reverse, within a "room" of points closed under quiet moves. A
complete table decides every position of its layer and room at once (the forward
search would wander through millions of quiet repositionings there).

Searches (`_best_first`, one table of positions each, parents kept for the line):
- greedy best-first on (move_bound, moves made; fewer moves first among equals): the
  decision. It finds a winning line fast, or searches every reachable position the bound
  and the tight tables do not prune ("lost"), or runs out of budget ("undecided"; also
  past _MAX_POSITIONS positions, "memory", so that a solve stays under 500 MB); the line
  is then de-toured (`_shorten`).
- weighted A* (f = g + 3h, then 2h) to cut the line quickly, then A* (f = g + h, with
  reopening) below the line's length: completing it proves the line shortest.

Public API: `solve`, `hint`, `winning_moves`, `last_winnable`, `grade`, and the bound as
`capture_bound` / `bound_says_lost`. Boards are the plain lists of game.games.xoliba.rules
(index = rank * 7 + file, RED 0, BLUE 1, WHITE 3); moves are its (frm, to, triangle).
"""
from __future__ import annotations

import heapq
import time
from itertools import combinations
from dataclasses import dataclass, field

from game.games.xoliba.rules import (AT_CORNER, BLUE, DIRECTIONS, POINTS, RED, SIDE, TRIANGLES,
                                     WHITE, on_board)

ALL = 0
for _p in POINTS:
    ALL |= 1 << _p

CONTENTS = tuple(sum(1 << q for q in tri.contents) for tri in TRIANGLES)
CORNER_MASK = tuple(sum(1 << q for q in tri.corners) for tri in TRIANGLES)
# Per white target point: (triangle, mask of its two other corners).
AT = {p: tuple((t, (1 << a) | (1 << b)) for t, a, b in AT_CORNER[p]) for p in POINTS}
# Per point: (ray mask, increasing?) for each of the 8 directions that leave the board not at once.
RAY_MASKS = {}
for _p in POINTS:
    _rays = []
    for _dc, _dr in DIRECTIONS:
        _col, _row, _mask = _p % SIDE + _dc, _p // SIDE + _dr, 0
        while on_board(_col, _row):
            _mask |= 1 << (_row * SIDE + _col)
            _col, _row = _col + _dc, _row + _dr
        if _mask:
            _rays.append((_mask, _dr * SIDE + _dc > 0))
    RAY_MASKS[_p] = tuple(_rays)


def _maximal(masks) -> tuple:
    unique = set(masks)
    return tuple(sorted(m for m in unique if not any(m != o and m & o == m for o in unique)))


MAXIMAL_CONTENTS = _maximal(CONTENTS)          # the 16 contents not inside a bigger one
INFINITE = 99

WON, LOST, UNDECIDED = "won", "lost", "undecided"


# --- positions ---------------------------------------------------------------------------
def masks_of(board) -> tuple:
    red = blue = 0
    for p in POINTS:
        if board[p] == RED:
            red |= 1 << p
        elif board[p] == BLUE:
            blue |= 1 << p
        elif board[p] != WHITE:
            raise ValueError("a solitaire board holds only red, blue and white pieces")
    return red, blue


def _popcount(x: int) -> int:
    return x.bit_count()


def moves(red: int, blue: int) -> list:
    """Every legal (frm, to, triangle) move of red, like xoliba.formed_moves(board, RED)."""
    occ = red | blue
    white = ALL & ~occ
    out = []
    while white:
        low = white & -white
        white ^= low
        to = low.bit_length() - 1
        formed = [(t, m) for t, m in AT[to] if red & m == m]
        if not formed:
            continue
        for ray, up in RAY_MASKS[to]:
            x = ray & occ
            if not x:
                continue
            frm = (x & -x).bit_length() - 1 if up else x.bit_length() - 1
            if red >> frm & 1:
                for t, m in formed:
                    if not m >> frm & 1:
                        out.append((frm, to, t))
    out.sort()
    return out


def play(red: int, blue: int, move) -> tuple:
    """The position after `move`: (red, blue, captured mask of the triangle's contents)."""
    frm, to, t = move
    red ^= (1 << frm) | (1 << to)
    cap = CONTENTS[t] & (red | blue)
    if cap:
        red &= ~(cap | CORNER_MASK[t])
        blue &= ~cap
    return red, blue, cap


# --- the capture bound --------------------------------------------------------------------
_COVER_MEMO: dict = {}
_COVER_MEMO_LIMIT = 2_000_000


NOT_FILE_A = sum(1 << p for p in POINTS if p % SIDE != 0)
NOT_FILE_G = sum(1 << p for p in POINTS if p % SIDE != SIDE - 1)


def _flood(seed: int, passable: int) -> int:
    """The points of `passable` 8-connected to `seed` through `passable` (seed included)."""
    reach = seed
    while True:
        row = reach | (reach << 1 & NOT_FILE_A) | (reach >> 1 & NOT_FILE_G)
        grown = (row | row << SIDE | row >> SIDE) & passable | seed
        if grown == reach:
            return reach
        reach = grown


def _reach(red: int, blue: int) -> int:
    """Where red pieces can ever go while `blue` stands: a piece only slides through white
    points, so every point it enters is 8-connected to its start through non-blue points."""
    return _flood(red, ALL & ~blue)


def _usable_triangles(blue: int, reach: int | None = None) -> list:
    """The triangles that can ever capture a blue piece: those whose corners red can reach
    (`reach`, None: every non-blue point), once the blue pieces that wall them off or stand
    on them have been captured first."""
    capturable = 0
    usable = [False] * len(TRIANGLES)
    changed = True
    while changed:
        changed = False
        # the points red can stand on once the capturable blue pieces are gone
        passable = ALL & ~(blue & ~capturable)
        open_ = passable if reach is None else _flood(reach, passable)
        for t, corners in enumerate(CORNER_MASK):
            if not usable[t] and corners & ~open_ == 0:
                usable[t] = True
                new = CONTENTS[t] & blue
                if new & ~capturable:
                    capturable |= new
                    changed = True
    return [t for t in range(len(TRIANGLES)) if usable[t] and CONTENTS[t] & blue]


def _usable_sets(blue: int, reach: int | None = None) -> list:
    """Contents (restricted to blue) of the triangles that can ever capture, made maximal."""
    return list(_maximal({CONTENTS[t] & blue for t in _usable_triangles(blue, reach)}))


def _cover_at_most(blue: int, sets: list, limit: int) -> bool:
    if not blue:
        return True
    if limit <= 0:
        return False
    # Branch on the blue piece with the fewest candidate sets.
    best = None
    rest = blue
    while rest:
        low = rest & -rest
        rest ^= low
        cands = [s for s in sets if s & low]
        if best is None or len(cands) < len(best):
            best = cands
            if len(best) <= 1:
                break
    if not best:
        return False
    biggest = max(_popcount(s & blue) for s in sets)
    if _popcount(blue) > biggest * limit:
        return False
    for s in best:
        if _cover_at_most(blue & ~s, sets, limit - 1):
            return True
    return False


def cover(blue: int, cap: int = 6, reach: int | None = None) -> int:
    """Least number of captures that can take every blue piece (INFINITE if none can),
    exact up to `cap`; a value of cap + 1 means "more than cap". `reach`: as for
    _usable_triangles."""
    if not blue:
        return 0
    key = blue if reach is None else (blue, reach)
    entry = _COVER_MEMO.get(key)
    if entry is not None:
        value, exact_to = entry
        if value <= exact_to or exact_to >= cap:
            return value if value <= cap else cap + 1
    sets = _usable_sets(blue, reach)
    union = 0
    for s in sets:
        union |= s
    if union != blue:
        value, exact_to = INFINITE, INFINITE
    else:
        value = cap + 1
        for k in range(1, cap + 1):
            if _cover_at_most(blue, sets, k):
                value = k
                break
        exact_to = cap
    if len(_COVER_MEMO) > _COVER_MEMO_LIMIT:
        _COVER_MEMO.clear()
    _COVER_MEMO[key] = (value, exact_to)
    return value if value <= cap else cap + 1


def _reach_key(red: int, blue: int):
    """_reach, or None when red can reach every non-blue point (the common case)."""
    reach = _reach(red, blue)
    return None if reach == ALL & ~blue else reach


def capture_bound(red: int, blue: int) -> int:
    """Admissible lower bound on the moves still needed; INFINITE when proved lost."""
    if not blue:
        return 0
    limit = _popcount(red) // 3
    need = cover(blue, max(limit, 1), _reach_key(red, blue))
    return need if need <= limit else INFINITE


def bound_says_lost(board) -> bool:
    """True when the capture bound alone proves the board lost (never for a winnable one)."""
    red, blue = masks_of(board)
    return capture_bound(red, blue) >= INFINITE


_PACK_MEMO: dict = {}


def _packings(blue: int) -> tuple:
    """Sets of blue pieces no usable triangle holds two of (so each needs its own
    capture), largest first: per set, per piece, the corner masks of the usable triangles
    holding it."""
    entry = _PACK_MEMO.get(blue)
    if entry is not None:
        return entry
    tris = _usable_triangles(blue)
    pieces = [p for p in POINTS if blue >> p & 1]
    holders = {p: [t for t in tris if CONTENTS[t] >> p & 1] for p in pieces}
    conflict = {p: 0 for p in pieces}
    for t in tris:
        inside = CONTENTS[t] & blue
        for p in pieces:
            if inside >> p & 1:
                conflict[p] |= inside & ~(1 << p)
    found = []
    best = [0]

    calls = [0]

    def grow(chosen, allowed, start):
        calls[0] += 1
        if len(found) > 200 or calls[0] > 5000:     # any packing is sound: cap the work
            return
        size = len(chosen)
        extendable = False
        for i in range(start, len(pieces)):
            p = pieces[i]
            if allowed >> p & 1:
                extendable = True
                grow(chosen + [p], allowed & ~conflict[p] & ~(1 << p), i + 1)
        if not extendable and size >= best[0]:
            if size > best[0]:
                best[0] = size
                found.clear()
            found.append(tuple(chosen))

    grow([], blue, 0)
    found = found[:6]
    result = tuple(tuple(tuple(sorted({CORNER_MASK[t] for t in holders[p]})) for p in chosen)
                   for chosen in found)
    if len(_PACK_MEMO) > 200_000:
        _PACK_MEMO.clear()
    _PACK_MEMO[blue] = result
    return result


def move_bound(red: int, blue: int) -> int:
    """Admissible lower bound on the moves still needed (INFINITE when proved lost): the
    capture bound, and for pieces that need captures of their own, the moves that bring
    red onto the corners of a triangle holding each (every move places one red piece; a
    corner piece serves one capture, then turns white; a capture needs at least 1 move)."""
    return _move_bound(red, blue, capture_bound(red, blue))


def _move_bound(red: int, blue: int, c: int) -> int:
    """move_bound, given c = capture_bound(red, blue)."""
    if c == 0 or c >= INFINITE:
        return c
    best = c
    missing = ALL & ~red
    for packing in _packings(blue):
        total = c - len(packing)
        for masks in packing:
            cheapest = 3
            for m in masks:
                k = (m & missing).bit_count()
                if k < cheapest:
                    cheapest = k
                    if k <= 1:
                        break
            total += cheapest if cheapest > 1 else 1
        if total > best:
            best = total
    return best


# --- budgets ------------------------------------------------------------------------------
class _OutOfBudget(Exception):
    """The node or time budget ran out, or should_stop() said so, or (with the argument
    "memory") the search holds as many positions as it may: the search stops."""


# Positions one search may hold (its table of positions seen and its heap: about 200 bytes
# each), so that a solve stays within 500 MB however fast the machine.
_MAX_POSITIONS = 1_600_000


class _Budget:
    def __init__(self, node_budget, time_budget, should_stop):
        self.nodes = 0
        self.node_budget = node_budget
        self.start = time.perf_counter()
        self.deadline = None if time_budget is None else self.start + time_budget
        self.should_stop = should_stop

    def tick(self) -> None:
        """Count one node; raise _OutOfBudget when a budget is spent (time checked every 256)."""
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _OutOfBudget
        if self.nodes & 255 == 0:
            self.check()

    def check(self) -> None:
        """Raise _OutOfBudget when the time is up or should_stop() says so."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        if self.should_stop is not None and self.should_stop():
            raise _OutOfBudget
        if self.node_budget is not None and self.nodes >= self.node_budget:
            raise _OutOfBudget

    def part(self, share: float) -> _Budget:
        """A budget of `share` of what is left of this one (nodes and time), with the same
        should_stop; its nodes are counted here only when added."""
        nodes = None if self.node_budget is None else \
            max(1, int(share * (self.node_budget - self.nodes)))
        seconds = None if self.deadline is None else \
            max(0.0, share * (self.deadline - time.perf_counter()))
        return _Budget(nodes, seconds, self.should_stop)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start


# --- tight positions: red // 3 = captures needed -----------------------------------------
# When the capture bound k equals red // 3, a winning line has exactly k captures (each
# takes 3 red corners), and together they may take at most red - 3k red pieces inside.
# Such a layer is decided backwards: its table holds every red configuration that wins
# from there under these rules, found from the configurations that can play a winning
# capture (into the table of the layer below) by walking quiet moves backwards. Winning
# configurations are few in a lost layer, while the positions forward reachable can be
# millions.
#
# A table keeps to a `room`: a set of points closed under quiet moves (_closed_room), so
# that the lines from its configurations never leave it. The smaller the room, the
# smaller the table: the room of a position is grown from its own red pieces only.
_HOLDERS = tuple(CORNER_MASK[t] | CONTENTS[t] for t in range(len(TRIANGLES)))
_ROOM_MEMO: dict = {}
_TIGHT_MEMO: dict = {}          # (blue, k, n) -> [(room, table, complete, limit)]
_TIGHT_TOTAL = 1_000_000        # configurations kept over all tables (cleared past it,
_TIGHT_CEILING = 1_200_000      # between builds; a build stops at the ceiling)
_tight_size = [0]
_CAPTURE_FLAG = 1 << 24
_TIGHT_FIRST = 300              # tight positions expanded in a layer before tables are tried
_TIGHT_MIN_LIMIT = 20_000       # configurations a table may hold, at least
_TIGHT_MAX_LIMIT = 800_000      # ... and at most
_TIGHT_PROBE = 2_000            # ... when first met (small: cheap to give up)


def _clear_tight() -> None:
    """Forget every tight table built (between builds only: lines need the tables)."""
    _TIGHT_MEMO.clear()
    _tight_size[0] = 0


class _TooBig(Exception):
    """A tight table outgrew its limit: the layer is left to the forward search."""


def _bits(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low)
    return out


def _whites_along(ray: int, up: bool, occ: int) -> int:
    """The points of a ray (from a point outward) before its first occupied one."""
    x = ray & occ
    if not x:
        return ray
    if up:
        return ray & ((x & -x) - 1)
    return ray & ~((1 << x.bit_length()) - 1)


def _closed_room(blue: int, start: int) -> int:
    """The points red pieces starting on `start` can ever stand on while `blue` stands.
    A piece only arrives on a point q by a quiet move (a capture turns it white at once):
    it forms a triangle at q with no blue on it or inside and its two other corners red,
    and a red piece slides to q past neither blue nor those corners. So the room grows from
    `start` by every point such a move can reach from points already in it; no move from a
    configuration inside the room ever leaves it."""
    key = (blue, start)
    room = _ROOM_MEMO.get(key)
    if room is not None:
        return room
    room = start
    candidates = [p for p in POINTS if not (blue | start) >> p & 1]
    grown = True
    while grown:
        grown = False
        for p in candidates:
            if room >> p & 1:
                continue
            for t, others in AT[p]:
                if not _HOLDERS[t] & blue and not others & ~room and any(
                        _whites_along(ray, up, blue | others) & room
                        for ray, up in RAY_MASKS[p]):
                    room |= 1 << p
                    grown = True
                    break
    if len(_ROOM_MEMO) > 50_000:
        _ROOM_MEMO.clear()
    _ROOM_MEMO[key] = room
    return room


def _plan_triangles(blue: int, k: int) -> list:
    """Triangles a capture of a k-capture plan can use now: no blue corner, some blue
    inside, and what it leaves can still be covered by k - 1 captures."""
    out = []
    for t, corners in enumerate(CORNER_MASK):
        inside = CONTENTS[t] & blue
        if inside and not corners & blue and cover(blue & ~inside, max(k - 1, 1)) <= k - 1:
            out.append(t)
    return out


def _tight_table(blue: int, k: int, n: int, room: int, budget, limit: int) -> tuple:
    """(table, complete): configurations of n red pieces (3k <= n <= 3k + 2) inside `room`
    (closed under quiet moves) that win with k captures, each mapped to its next move
    (encoded, with _CAPTURE_FLAG for the capture that leaves the layer). Complete: every
    winning configuration of the room is there. Past `limit` configurations (or when a
    table below is not complete) the table is cut short: all it holds still win."""
    known = _tight_known(blue, k, n, room, limit)
    if known is not None:
        return known
    table: dict = {}
    frontier = []
    complete = True

    def seed(config, mover, x, t):
        if config not in table:
            table[config] = _CAPTURE_FLAG | (mover.bit_length() - 1) << 16 | x << 8 | t
            frontier.append(config)

    try:
        for t in _plan_triangles(blue, k):
            # The capture moves a piece onto one corner (any point: the corners turn white
            # at once); the two others stand in the room already, and some piece of the
            # room can slide onto the first.
            corners = []
            for x in TRIANGLES[t].corners:
                others = CORNER_MASK[t] & ~(1 << x)
                if not others & ~room and any(_whites_along(ray, up, blue | others) & room
                                              for ray, up in RAY_MASKS[x]):
                    corners.append((x, others))
            if not corners:
                continue
            rest = blue & ~CONTENTS[t]
            shape = CORNER_MASK[t] | CONTENTS[t]
            if not rest:
                if k > 1:
                    continue            # one capture cannot win where k are needed
                # the last capture: the n - 3 other pieces may stand anywhere off its path
                for x, others in corners:
                    for ray, up in RAY_MASKS[x]:
                        for mover in _bits(_whites_along(ray, up, blue | others) & room):
                            path = ray & (mover - 1) if up else ray & ~((mover << 1) - 1)
                            free = _bits(room & ~CORNER_MASK[t] & ~mover & ~path)
                            for extra in combinations(free, n - 3):
                                seed(others | mover | sum(extra), mover, x, t)
                                if len(table) > min(limit, _TIGHT_CEILING - _tight_size[0]):
                                    raise _TooBig
                continue
            # j red pieces inside go with the capture; the n - 3 - j others must win below
            # (their room: where the survivors stand, grown under the blue left)
            below = _closed_room(rest, room & ~shape)
            for j in range(n - 3 * k + 1):
                lower, whole = _tight_table(rest, k - 1, n - 3 - j, below, budget, limit)
                complete = complete and whole
                for taken in combinations(_bits(CONTENTS[t] & room), j):
                    taken = sum(taken)
                    for y in lower:
                        if y & shape or y & ~room:
                            continue
                        for x, others in corners:
                            occ = blue | y | taken | others
                            for ray, up in RAY_MASKS[x]:
                                for mover in _bits(_whites_along(ray, up, occ) & room):
                                    seed(y | taken | others | mover, mover, x, t)
                        if len(table) > min(limit, _TIGHT_CEILING - _tight_size[0]):
                            raise _TooBig
        # Walk quiet moves backwards, breadth first (the moves kept lead to the captures).
        i = 0
        while i < len(frontier):
            s = frontier[i]
            i += 1
            budget.tick()
            occ = s | blue
            x = s
            while x:
                low = x & -x
                x ^= low
                to = low.bit_length() - 1
                for t, m in AT[to]:
                    if s & m == m and not CONTENTS[t] & occ:
                        break
                else:
                    continue                # `to` is no corner of a quiet triangle
                base = s ^ low
                for ray, up in RAY_MASKS[to]:
                    froms = _whites_along(ray, up, occ) & room
                    while froms:
                        f = froms & -froms
                        froms ^= f
                        p = base | f
                        if p not in table:
                            table[p] = (f.bit_length() - 1) << 16 | to << 8 | t
                            frontier.append(p)
            if len(table) > min(limit, _TIGHT_CEILING - _tight_size[0]):
                raise _TooBig
    except _TooBig:
        complete = False
    _TIGHT_MEMO.setdefault((blue, k, n), []).append((room, table, complete, limit))
    _tight_size[0] += len(table)
    return table, complete


def _tight_known(blue: int, k: int, n: int, room: int, limit: int):
    """A table already built that serves for `room` at `limit`: complete for a room that
    holds it, or cut short at `limit` or more for a room inside it (a bigger room has
    only more); else None."""
    for entry_room, table, complete, _tried in _TIGHT_MEMO.get((blue, k, n), ()):
        if complete and room & ~entry_room == 0:
            return table, True
    for entry_room, table, complete, tried in _TIGHT_MEMO.get((blue, k, n), ()):
        if not complete and entry_room & ~room == 0 and tried >= limit:
            return table, False
    return None


def _tight_lookup(red: int, blue: int):
    """What the tables built tell of a position whose capture bound is red // 3: the table
    holding it (it wins), a complete table whose room holds it without it (lost: {}), or
    None."""
    n = _popcount(red)
    lost = None
    for room, table, complete, _ in _TIGHT_MEMO.get((blue, n // 3, n), ()):
        if red in table:
            return table
        if complete and red & ~room == 0:
            lost = {}
    return lost


def _tight_status(red: int, blue: int, budget, limit: int | None = None):
    """For a position whose capture bound is red // 3: (True, line) when it wins, (False, [])
    when it is lost, None when unknown. With a `limit`, a table is built for it first if
    none tells (cut short past `limit` configurations)."""
    n = _popcount(red)
    k = n // 3
    table = _tight_lookup(red, blue)
    if table is None and limit is not None:
        if _tight_size[0] > _TIGHT_TOTAL:
            _clear_tight()
        for entries in _TIGHT_MEMO.values():
            if len(entries) > 8:            # the oldest rooms go first
                _tight_size[0] -= sum(len(e[1]) for e in entries[:-8])
                del entries[:-8]
        # one room for the layer: it grows to hold the rooms of its complete tables
        room = red
        for entry_room, _, complete, _ in _TIGHT_MEMO.get((blue, k, n), ()):
            if complete:
                room |= entry_room
        table, complete = _tight_table(blue, k, n, _closed_room(blue, room), budget, limit)
        if red not in table and not complete:
            return None
    if table is None:
        return None
    if red not in table:
        return False, []
    line = []
    while blue:
        code = table[red]
        move = (code >> 16 & 255, code >> 8 & 255, code & 255)
        line.append(move)
        red, blue, _ = play(red, blue, move)
        if code & _CAPTURE_FLAG and blue:
            table = _tight_lookup(red, blue)    # the table below that led here holds it
    return True, line


# --- results ------------------------------------------------------------------------------
@dataclass
class SolveResult:
    status: str                     # "won", "lost" or "undecided"
    line: list = field(default_factory=list)    # winning moves (frm, to, triangle) if won
    proven_shortest: bool = False   # the line is proved to be a shortest winning line
    nodes: int = 0                  # positions searched (all phases)
    seconds: float = 0.0
    decide_nodes: int = 0           # positions the win/loss decision needed
    lower_bound: int = 0            # proved: no winning line is shorter than this
    first_line_length: int = 0      # length of the first (unshortened) line found
    decide_seconds: float = 0.0     # seconds the win/loss decision took
    reason: str = ""                # why: "bound", "searched", "budget", "memory", ...

    @property
    def won(self) -> bool:
        return self.status == WON

    @property
    def lost(self) -> bool:
        return self.status == LOST

    @property
    def length(self) -> int | None:
        return len(self.line) if self.status == WON else None


_FORMED: dict = {p: {} for p in POINTS}
_NEAR = {}
for _p in POINTS:
    _NEAR[_p] = 0
    for _t, _m in AT[_p]:
        _NEAR[_p] |= _m


def _children(red: int, blue: int):
    """The children of a position: (captures, quiet), lists of (move, red, blue, taken)
    where `taken` is the captured contents (0 for quiet moves). A quiet move is listed once
    per (frm, to), whatever triangles it forms."""
    occ = red | blue
    white = ALL & ~occ
    caps, quiet = [], []
    while white:
        low = white & -white
        white ^= low
        to = low.bit_length() - 1
        key = red & _NEAR[to]
        cache = _FORMED[to]
        formed = cache.get(key)
        if formed is None:
            formed = tuple((t, m) for t, m in AT[to] if key & m == m)
            if len(cache) > 50_000:
                cache.clear()
            cache[key] = formed
        if not formed:
            continue
        for ray, up in RAY_MASKS[to]:
            x = ray & occ
            if not x:
                continue
            fb = x & -x if up else 1 << (x.bit_length() - 1)
            if not red & fb:
                continue
            r2 = red ^ fb ^ low
            frm = fb.bit_length() - 1
            need_quiet = True
            for t, m in formed:
                if m & fb:
                    continue
                cap = CONTENTS[t] & (r2 | blue)
                if cap:
                    caps.append(((frm, to, t), r2 & ~(cap | CORNER_MASK[t]), blue & ~cap, cap))
                elif need_quiet:
                    quiet.append(((frm, to, t), r2, blue, 0))
                    need_quiet = False
    return caps, quiet


# Search tables pack a position as red << 49 | blue (`key`), and what the search keeps of it
# as one int: g (moves made, 12 bits), the move that reached it (24 bits) and the key it
# was reached from; a heap entry is priority << 98 | key, the priority ending in 12 bits of
# g: (_G - g) where the deepest comes first among equals, else g.
_KEY = (1 << 98) - 1
_G = 4095

# The greedy decision's tie-breaks among positions of equal bound. Each finds some deals'
# lines fast and wanders on others (on 300 random deals each left 2-3% undecided in 30 s,
# not the same ones), so solve() tries them in turn: the first two for a short share of
# the budget, the last for the rest.
#   "shallow": fewer moves made first; "deep": more moves made first (long maneuvers of
#   quiet moves); "more red": more red pieces left first, then fewer moves made.
GREEDY_ORDERS = (("shallow", 0.07), ("deep", 0.07), ("more red", 1.0))


def _encode(move) -> int:
    frm, to, t = move
    return frm << 16 | to << 8 | t


def _decode(code: int) -> tuple:
    return code >> 16 & 255, code >> 8 & 255, code & 255


def _best_first(red, blue, budget: _Budget, greedy: bool, upper: int | None = None,
                progress: dict | None = None, weight: float = 1.0, order: str = "shallow"):
    """Best-first search over positions. greedy: order by the bound, then `order` (see
    GREEDY_ORDERS), a fast way to a winning line and, when none exists, an exhaustive
    search (proves "lost").
    Otherwise A* (f = moves made + weight x move_bound, reopening positions reached by a
    shorter path): with `upper` the length of a known line, returns a line shorter than it
    or None when there is none. progress["proved"]: no winning line is shorter than this.
    Tight positions are decided by their tables once these are built (a win only ends the
    greedy search; A* goes on, for the shortest line). Raises _OutOfBudget."""
    c0 = capture_bound(red, blue)
    if c0 >= INFINITE:
        return None
    h0 = _move_bound(red, blue, c0)
    # (blue, red count) -> (tight positions expanded, when to try a table, grow its room?)
    tight_layers = {}
    start = (red << 49) | blue
    seen = {start: 0}
    deep = not greedy or order == "deep"        # the low 12 bits of a priority: _G - g
    more_red = greedy and order == "more red"
    heap = [(h0 << 110) | ((_G if deep else 0) << 98) | start]
    push, pop = heapq.heappush, heapq.heappop
    mask = (1 << 49) - 1
    limit = INFINITE if upper is None else upper       # only lines shorter than this
    whole = weight == 1.0 and not greedy

    def line_to(key, *tail):
        line = []
        while key != start:
            entry = seen[key]
            line.append(_decode(entry >> 12 & 0xFFFFFF))
            key = entry >> 36
        line.reverse()
        return line + list(tail)

    while heap:
        item = pop(heap)
        key = item & _KEY
        g = _G - (item >> 98 & _G) if deep else item >> 98 & _G
        if g > seen[key] & _G:
            continue                                     # stale entry
        if whole:
            f = item >> 110
            if progress is not None and f > progress.get("proved", 0):
                progress["proved"] = f
            if f >= limit:
                return None
        budget.tick()
        if len(seen) > _MAX_POSITIONS:
            raise _OutOfBudget("memory")
        r, b = key >> 49, key & mask
        n = _popcount(r)
        c = capture_bound(r, b)
        tight = n // 3 == c
        if tight:
            # A tight layer the search keeps coming back to: try its table, with room for
            # as many configurations as the search spent here (again at 4x, if too big;
            # at once when the layer has a complete table, but for a room without r).
            layer = (b, n)
            spent, next_try, grow = tight_layers.get(layer, (0, _TIGHT_FIRST, False))
            spent += 1
            tight_layers[layer] = (spent, next_try, grow)
            status = _tight_status(r, b, budget)
            if status is None and (spent >= next_try or grow):
                size = min(_TIGHT_MAX_LIMIT, max(_TIGHT_MIN_LIMIT, 10 * spent))
                status = _tight_status(r, b, budget, size)
                tight_layers[layer] = ((spent, next_try, True) if status is not None else
                                       (spent, 4 * spent, False))
            if status is not None:
                won, tail = status
                if not won:
                    continue
                if greedy:
                    return line_to(key) + tail
        caps, quiet = _children(r, b)
        g2 = g + 1
        for is_capture, children in ((True, caps), (False, quiet)):
            for move, r2, b2, _ in children:
                if not b2:
                    if greedy or g2 < limit:
                        return line_to(key, move)
                    continue
                k2 = (r2 << 49) | b2
                old = seen.get(k2)
                if old is not None and (greedy or old & _G <= g2):
                    continue
                if is_capture:
                    n2 = _popcount(r2)
                    # a capture lowers the capture bound by one at most: too few red
                    # pieces left (more taken inside than the slack allows) lose at once
                    if n2 // 3 < c - 1:
                        continue
                    c2 = capture_bound(r2, b2)
                    if c2 >= INFINITE:
                        continue
                    status = _tight_status(r2, b2, budget, _TIGHT_PROBE) if n2 // 3 == c2 \
                        else None
                else:
                    c2 = c                  # same blue, and red stays where it could go
                    status = _tight_status(r2, b2, budget) if tight else None
                if status is not None:
                    won, tail = status
                    if not won:
                        continue
                    if greedy:
                        return line_to(key, move) + tail
                h = _move_bound(r2, b2, c2)
                if greedy:
                    if more_red:
                        h = h << 6 | (63 - _popcount(r2))
                    prio = h << 12 | (_G - g2 if deep else g2)
                else:
                    f = g2 + int(weight * h)
                    if f >= limit:
                        continue
                    prio = f << 12 | (_G - g2)
                seen[k2] = g2 | _encode(move) << 12 | key << 36
                push(heap, prio << 98 | k2)
    return None


def _shorten(red, blue, line) -> list:
    """Cut detours out of a winning line: from each position, jump to the latest later
    position of the line that one move reaches."""
    states = [(red, blue)]
    r, b = red, blue
    for move in line:
        r, b, _ = play(r, b, move)
        states.append((r, b))
    index = {}
    for i, s in enumerate(states):
        index[s] = i                        # the last occurrence
    out = []
    i = 0
    while i < len(states) - 1:
        r, b = states[i]
        best, best_move = i + 1, line[i]
        for move in moves(r, b):
            r2, b2, _ = play(r, b, move)
            j = index.get((r2, b2), -1)
            if j > best:
                best, best_move = j, move
        out.append(best_move)
        i = best
    return out


def _decide(red, blue, budget: _Budget):
    """The greedy decision, with each of GREEDY_ORDERS in turn for its share of what is
    left of the budget (the last for all of it): a winning line, or None (lost). Without a
    node or time budget only the last order runs. Raises _OutOfBudget."""
    orders = GREEDY_ORDERS if budget.node_budget or budget.deadline else GREEDY_ORDERS[-1:]
    for order, share in orders:
        # each order builds its own tight tables: those another order left behind (cut
        # short where that search spent its time) can keep this one off its line
        _clear_tight()
        if share >= 1.0:
            return _best_first(red, blue, budget, True, order=order)
        part = budget.part(share)
        try:
            line = _best_first(red, blue, part, True, order=order)
        except _OutOfBudget:
            budget.nodes += part.nodes
            budget.check()          # the whole budget spent, or should_stop(): stop here
            continue
        budget.nodes += part.nodes
        return line
    raise AssertionError("the last order has the whole budget")


def solve(board, node_budget=None, time_budget=None, should_stop=None,
          shortest=True) -> SolveResult:
    """Decide a solitaire position (a board list, or a (red, blue) mask pair).

    status "won" with a winning `line` (the shortest found; `proven_shortest` tells whether
    it is proved shortest), "lost" (proved: no line wins), or "undecided" (the budget, in
    nodes and/or seconds, or should_stop() ended the search before a decision). The
    budget covers everything; with shortest=True what the decision leaves of it goes to
    shortening the line and proving it shortest."""
    red, blue = board if isinstance(board, tuple) else masks_of(board)
    budget = _Budget(node_budget, time_budget, should_stop)
    result = SolveResult(UNDECIDED)
    _clear_tight()                      # each solve builds its own tables: bounded memory

    def done():
        result.nodes = budget.nodes
        result.seconds = budget.seconds
        return result

    if not blue:
        result.status, result.proven_shortest, result.reason = WON, True, "no blue left"
        return done()
    if capture_bound(red, blue) >= INFINITE:
        result.status, result.reason = LOST, "bound"
        return done()
    result.lower_bound = move_bound(red, blue)
    try:
        line = _decide(red, blue, budget)
    except _OutOfBudget as stop:
        result.reason = str(stop) or "budget"       # "memory": the positions cap
        return done()
    finally:
        result.decide_nodes = budget.nodes
        result.decide_seconds = budget.seconds
    if line is None:
        result.status, result.reason = LOST, "searched"
        return done()
    result.status, result.reason = WON, "searched"
    result.first_line_length = len(line)
    result.line = _shorten(red, blue, line)
    if len(result.line) <= result.lower_bound:
        result.proven_shortest = True
        return done()
    if not shortest:
        return done()
    progress = {"proved": result.lower_bound}
    try:
        # A quick weighted A* usually cuts the line a lot; plain A* then proves it.
        quick = _Budget(None if node_budget is None else max(1, (node_budget - budget.nodes) // 4),
                        None if time_budget is None else max(0.0, time_budget - budget.seconds) / 4,
                        should_stop)
        try:
            for weight in (3.0, 2.0):
                better = _best_first(red, blue, quick, False, upper=len(result.line),
                                     weight=weight)
                if better is not None:
                    result.line = better
        except _OutOfBudget:
            pass        # the quick passes only shorten: keep the best line found so far
        finally:
            budget.nodes += quick.nodes
        better = _best_first(red, blue, budget, False, upper=len(result.line),
                             progress=progress)
        if better is not None:
            result.line = better
        result.proven_shortest = True
        result.lower_bound = len(result.line)
    except _OutOfBudget:
        result.lower_bound = max(result.lower_bound, progress["proved"])
    return done()


@dataclass
class Hint:
    status: str                 # "won": `move` still wins; "lost": cannot be won any more;
    move: tuple | None = None   # "undecided": the budget ran out
    line: list = field(default_factory=list)
    message: str = ""


def hint(board, node_budget=None, time_budget=2.0, should_stop=None,
         shortest=True) -> Hint:
    """A next move that still wins (the first move of the shortest line found), or a clear
    "cannot be won any more"."""
    res = solve(board, node_budget, time_budget, should_stop, shortest)
    if res.won and res.line:
        return Hint(WON, res.line[0], res.line,
                    f"This move still wins (a winning line of {len(res.line)} moves"
                    f"{'' if res.proven_shortest else ' found'}).")
    if res.won:
        return Hint(WON, None, [], "Already solved: no blue piece is left.")
    if res.lost:
        return Hint(LOST, None, [], "This position cannot be won any more.")
    return Hint(UNDECIDED, None, [], "No decision within the time allowed.")


def winning_moves(board, node_budget=None, time_budget=None, should_stop=None) -> dict:
    """Every legal move, mapped to the status of the position it leads to ("won": still
    winnable, "lost", "undecided"); the budgets apply to each move separately."""
    red, blue = board if isinstance(board, tuple) else masks_of(board)
    results = {}
    known = {}
    for move in moves(red, blue):
        r2, b2, _ = play(red, blue, move)
        if (r2, b2) not in known:
            known[(r2, b2)] = solve((r2, b2), node_budget, time_budget, should_stop,
                                    shortest=False).status
        results[move] = known[(r2, b2)]
    return results


@dataclass
class LastWinnable:
    index: int | None       # the last board of the history proved winnable (None: none)
    exact: bool             # the board after it is proved lost (or it is the last board)
    move: tuple | None      # a winning move from that board (None if it is already won)
    statuses: dict = field(default_factory=dict)   # index -> status, of the boards solved


def last_winnable(boards, node_budget=None, time_budget=None, should_stop=None) -> LastWinnable:
    """Given the boards of a game, first to last, find the last one that could still be
    won. Winnability only ever goes from True to False along a game (a board reached from a
    lost one is lost), so a binary search needs few solves; the budgets apply to each."""
    statuses: dict = {}
    lines: dict = {}

    def status(i):
        if i not in statuses:
            res = solve(boards[i], node_budget, time_budget, should_stop, shortest=False)
            statuses[i] = res.status
            lines[i] = res.line
        return statuses[i]

    lo, hi = -1, len(boards)          # boards[lo] winnable (or none), boards[hi] lost
    undecided = False
    while hi - lo > 1:
        mid = (lo + hi) // 2
        st = status(mid)
        if st == WON:
            lo = mid
        elif st == LOST:
            hi = mid
        else:                          # undecided: look for decided boards nearby
            undecided = True
            for j in list(range(mid - 1, lo, -1)):
                if status(j) != UNDECIDED:
                    break
            if statuses.get(j) == WON:
                lo = j
            else:
                hi = j if statuses.get(j) == LOST else mid
                if statuses.get(j) != LOST:
                    break
    index = lo if lo >= 0 else None
    move = lines[index][0] if index is not None and lines.get(index) else None
    exact = index is not None and not undecided and (index == len(boards) - 1 or
                                                     statuses.get(index + 1) == LOST)
    return LastWinnable(index, exact, move, statuses)


def grade(board, time_budget=30.0, node_budget=None, first_moves=True,
          per_move_budget=2.0) -> dict:
    """Measures for a level generator: the decision, the shortest line found (and whether
    it is proved shortest), the nodes the decision needed and, with first_moves, the share
    of legal first moves that still win."""
    res = solve(board, node_budget, time_budget)
    out = {"status": res.status, "length": res.length, "proven_shortest": res.proven_shortest,
           "lower_bound": res.lower_bound, "decide_nodes": res.decide_nodes,
           "decide_seconds": round(res.decide_seconds, 3), "nodes": res.nodes,
           "seconds": round(res.seconds, 3), "line": res.line}
    if res.won and res.line:
        red, blue = board if isinstance(board, tuple) else masks_of(board)
        caps = 0
        for move in res.line:
            red, blue, cap = play(red, blue, move)
            caps += bool(cap)
        out["captures"] = caps
    if first_moves and res.status == WON:
        statuses = winning_moves(board, time_budget=per_move_budget)
        out["first_moves"] = len(statuses)
        out["winning_first_moves"] = sum(s == WON for s in statuses.values())
        out["undecided_first_moves"] = sum(s == UNDECIDED for s in statuses.values())
        out["winning_share"] = (out["winning_first_moves"] / len(statuses)) if statuses else 0.0
    return out
