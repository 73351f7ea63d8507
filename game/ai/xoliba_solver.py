"""Xoliba solitaire solver (docs/rules/xoliba.md#solitaire): can a position still be won, and how.

Red moves, blue never moves; the game is won when no blue piece is left. It is a
one-player reachability problem on a graph with cycles (moves that capture nothing just
reposition red), so the searches keep a table of the positions already seen.

A position is two 49-bit masks, `red` and `blue` (bit = point index of game.rules.xoliba);
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
triangle), which the shortest-line search (IDA*) uses.

A sharper admissible bound on moves, `move_bound`: blue pieces no usable triangle holds
two of each need a capture of their own, and each such capture needs at least
max(1, corners of its triangle not red now) moves (every move puts one red piece on one
point, and a corner piece serves one capture only, since the capture turns it white).

Searches (`_best_first`, one table of positions each, parents kept for the line):
- greedy best-first on (move_bound, moves made): the decision. It finds a winning line
  fast, or searches every reachable position the bound does not prune ("lost"), or
  runs out of budget ("undecided"); the line is then de-toured (`_shorten`).
- weighted A* (f = g + 3h, then 2h) to cut the line quickly, then A* (f = g + h, with
  reopening) below the line's length: completing it proves the line shortest.

Public API: `solve`, `hint`, `winning_moves`, `last_winnable`, `grade`, and the bound as
`capture_bound` / `bound_says_lost`. Boards are the plain lists of game.rules.xoliba
(index = rank * 7 + file, RED 0, BLUE 1, WHITE 3); moves are its (frm, to, triangle).
"""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from game.rules.xoliba import (AT_CORNER, BLUE, DIRECTIONS, POINTS, RED, SIDE, TRIANGLES,
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


def _usable_triangles(blue: int) -> list:
    """The triangles that can ever capture a blue piece: those whose blue corners (a
    triangle needs red on all three) can themselves be captured first."""
    capturable = 0
    usable = [False] * len(TRIANGLES)
    changed = True
    while changed:
        changed = False
        for t, corners in enumerate(CORNER_MASK):
            if not usable[t] and corners & blue & ~capturable == 0:
                usable[t] = True
                new = CONTENTS[t] & blue
                if new & ~capturable:
                    capturable |= new
                    changed = True
    return [t for t in range(len(TRIANGLES)) if usable[t] and CONTENTS[t] & blue]


def _usable_sets(blue: int) -> list:
    """Contents (restricted to blue) of the triangles that can ever capture, made maximal."""
    return list(_maximal({CONTENTS[t] & blue for t in _usable_triangles(blue)}))


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


def cover(blue: int, cap: int = 6) -> int:
    """Least number of captures that can take every blue piece (INFINITE if none can),
    exact up to `cap`; a value of cap + 1 means "more than cap"."""
    if not blue:
        return 0
    entry = _COVER_MEMO.get(blue)
    if entry is not None:
        value, exact_to = entry
        if value <= exact_to or exact_to >= cap:
            return value if value <= cap else cap + 1
    sets = _usable_sets(blue)
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
    _COVER_MEMO[blue] = (value, exact_to)
    return value if value <= cap else cap + 1


def capture_bound(red: int, blue: int) -> int:
    """Admissible lower bound on the moves still needed; INFINITE when proved lost."""
    if not blue:
        return 0
    limit = _popcount(red) // 3
    need = cover(blue, max(limit, 1))
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
    c = capture_bound(red, blue)
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
    """The node or time budget ran out, or should_stop() said so: the search stops."""


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
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _OutOfBudget
            if self.should_stop is not None and self.should_stop():
                raise _OutOfBudget

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start


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
    reason: str = ""                # why: "bound", "searched", "budget", ...

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


def _best_first(red, blue, budget: _Budget, greedy: bool, upper: int | None = None,
                 progress: dict | None = None, weight: float = 1.0):
    """Best-first search over positions. greedy: order by (bound, moves made), a fast way
    to a winning line and, when none exists, an exhaustive search (proves "lost").
    Otherwise A* (f = moves made + move_bound, reopening positions reached by a shorter
    path): with `upper` the length of a known line, returns a line shorter than it or
    None when there is none. progress["proved"]: no winning line is shorter than this.
    Raises _OutOfBudget."""
    h0 = move_bound(red, blue)
    if h0 >= INFINITE:
        return None
    start = (red << 49) | blue
    best_g = {start: 0}
    parent = {start: None}
    heap = [((h0, 0) if greedy else (h0, -0), 0, start)]
    push, pop = heapq.heappush, heapq.heappop
    mask = (1 << 49) - 1
    limit = INFINITE if upper is None else upper       # only lines shorter than this
    while heap:
        prio, g, key = pop(heap)
        if g > best_g.get(key, INFINITE):
            continue                                     # stale entry
        if not greedy and weight == 1.0:
            f = prio[0]
            if progress is not None and f > progress.get("proved", 0):
                progress["proved"] = int(f)
            if f >= limit:
                return None
        budget.tick()
        r, b = key >> 49, key & mask
        caps, quiet = _children(r, b)
        g2 = g + 1
        for move, r2, b2, _ in caps + quiet:
            if not b2:
                line = [move]
                k = key
                while parent[k] is not None:
                    k, m = parent[k]
                    line.append(m)
                line.reverse()
                if greedy or g2 < limit:
                    return line
                continue
            k2 = (r2 << 49) | b2
            old = best_g.get(k2)
            if old is not None and (greedy or old <= g2):
                continue
            h = move_bound(r2, b2)
            if h >= INFINITE or (not greedy and g2 + h >= limit):
                continue
            best_g[k2] = g2
            parent[k2] = (key, move)
            push(heap, ((h, g2) if greedy else (g2 + weight * h, -g2), g2, k2))
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
        line = _best_first(red, blue, budget, greedy=True)
    except _OutOfBudget:
        result.reason = "budget"
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
