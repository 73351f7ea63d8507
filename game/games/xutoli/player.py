"""Computer players for Xutoli (docs/rules/xutoli.md).

Levels, weakest first:

beginner  a random tile; when a tile wins at once it sees that half of the time.
easy      greedy, one move: wins at once when it can, never plays a tile that loses at
          once, else the tile whose position looks best right away by the evaluation
          below (it does not look at the opponent's reply). The benchmark's "greedy".
medium    as easy, but also throws out tiles that leave the opponent a winning tile (so
          it blocks a single threat) and likes making threats of its own.
hard      a threat search within a time budget (HARD_BUDGET): wins at once; blocks; for
          every tile looks at the position after it (the opponent's winning tiles, our
          threats: two threatened cells, or one cell that no tile can block, win); then
          for the best tiles checks the opponent's replies for a double threat against
          us, and looks for forcing lines of its own (a threat, the forced block, a
          double threat).

Threats. A "winning tile" for p is a tile that gives p a winning formation (and not the
other player as well). Formations only grow, so a winning tile stays winning until its
cell is filled (or until it starts giving the other player a formation too); the only
defence is to fill the cell with the other colour. A cell where both colours win for p
cannot be defended.

Speed. The search works on its own XutoliBoard (game/games/xutoli/rules.py), placing and taking
back tiles with the board's trail. At a position it indexes once, for each colour, the
blocks each region contains and touches (`_Index`); then whether a tile makes a formation
is decided from the few blocks that tile completes and the two regions it merges,
without rescanning the layout (`_Sim.check`; tests compare it with the rules).

Evaluation (the side that just moved, the opponent to move next): the threats of both
sides, and each region's "potential": the distinct pictures it contains, weighted by how
open the region still is (a region containing many pictures with room to grow is likely
to gain a second copy of one of them).
"""
from __future__ import annotations

import random
import time

from game.ai import SearchCancelled, SearchTimeout
from game.games.truchet.layout import BAND_STEPS, LEFT, OFFSET, RIGHT, STRIDE, Tile
from game.games.xutoli.rules import (XutoliBoard, canonical_key, pattern_letter,
                                     target_matches)

LEVELS = ("beginner", "easy", "medium", "hard")
HARD_BUDGET = 1.0            # seconds per move, roughly (checked between positions)
MEDIUM_BUDGET = 0.8
BEGINNER_SEES_WIN = 0.5
WIN = 100_000
DRAW = -1
MERGED = -2                  # the region through a tile's band, in `_Sim.check`

THREAT_OWN = 60.0            # per cell where we would win (the opponent must block it)
THREAT_DOUBLE = WIN / 4      # two cells, or one that cannot be blocked
OPP_W = 1.2
POTENTIAL = 6.0              # per distinct picture in a region, by its openness
OPEN_CAP = 10                # open slots beyond this add nothing
FORCING_WIDTH = {1: 99, 2: 4}   # our threats searched for forcing lines, by depth
REPLY_WIDTH = 20             # our best tiles searched against every reply
REPLY_OWN = 25.0             # per winning tile of ours after the reply
REPLY_THEIRS = 80.0          # per cell the opponent threatens after its reply
INITIATIVE = 100.0           # per reply of the opponent that makes a threat


class _Index:
    """For one position and each colour p: cont[p][root] = [(corner, group key)] of the
    blocks the region contains; touch[p][root] = {corners} of blocks with a tile covered
    by the region that it does not contain; tiles[p][corner] = the per-tile root pairs."""
    __slots__ = ("cont", "touch", "tiles")

    def __init__(self, sim: _Sim):
        board = sim.board
        layout = board.layout
        find = layout.find
        even = layout.meta["even"]
        n = board.n
        gkey = sim.gkey
        self.cont = ({}, {})
        self.touch = ({}, {})
        self.tiles = ({}, {})
        offsets = [(i * STRIDE + j, (i + j) & 1) for j in range(n) for i in range(n)]
        for corner, key in board.blocks.items():
            gk = gkey(key)
            parity = even ^ ((corner // STRIDE + corner % STRIDE) & 1)   # colour at corner
            for p in (0, 1):
                main = parity == p
                pairs = []
                inter = None
                for off, odd in offsets:
                    cell = corner + off
                    if main != bool(odd):
                        pair = (find(cell), find(cell + STRIDE + 1))
                    else:
                        pair = (find(cell + STRIDE), find(cell + 1))
                    pairs.append(pair)
                    inter = set(pair) if inter is None else inter.intersection(pair)
                self.tiles[p][corner] = pairs
                cont, touch = self.cont[p], self.touch[p]
                for r in inter:
                    entry = cont.get(r)
                    if entry is None:
                        cont[r] = [(corner, gk)]
                    else:
                        entry.append((corner, gk))
                for pair in pairs:
                    for r in pair:
                        if r not in inter:
                            found = touch.get(r)
                            if found is None:
                                touch[r] = {corner}
                            else:
                                found.add(corner)


class _Sim:
    """The position as the search sees it: a board plus the pool and the aims."""

    def __init__(self, state):
        self.board = board = XutoliBoard(state.size)
        for move in state.history:
            board.place(move)
        self.n = board.n
        self.pool = state.pool
        self.targets = state.targets
        self.any_rotation = state.any_rotation
        self.prefer_same = state.rotation == "prefer_same"
        self.progressive = state.progressive
        self.poll = None

    # --- basics ------------------------------------------------------------------------------
    def gkey(self, key: int) -> int:
        return canonical_key(key, self.n) if self.any_rotation else key

    def left(self) -> int:
        return self.pool - self.board.layout.count

    def tiles(self) -> list:
        return [(c, colour) for c in sorted(self.board.layout.frontier) for colour in (0, 1)]

    def orient(self, cell: int, colour: int) -> int:
        even = self.board.layout.meta["even"]
        return LEFT if colour == even ^ ((cell // STRIDE + cell % STRIDE) & 1) else RIGHT

    def place(self, cell: int, colour: int) -> list:
        return self.board.place_key(cell, colour, self.orient(cell, colour))

    def overlap(self, a: int, b: int) -> bool:
        n = self.n
        return abs(a // STRIDE - b // STRIDE) < n and abs(a % STRIDE - b % STRIDE) < n

    def formations(self) -> list:
        """[has formation for 0, for 1] by the full rules check (slow path)."""
        board = self.board
        if self.targets is not None:
            found = [False, False]
            for key in board.quads.values():
                letter, colour, _ = pattern_letter(key)
                for p in (0, 1):
                    if target_matches(self.targets[p], letter, colour):
                        found[p] = True
            return found
        return [bool(board.pairs(p, self.any_rotation, first_only=True)) for p in (0, 1)]

    def decide(self, f: list, mover: int):
        """The result of formations f = [f0, f1] after `mover`'s turn: a seat, DRAW or None."""
        if f[0] and f[1]:
            if self.prefer_same and self.targets is None:
                aligned = [p for p in (0, 1) if self.board.pairs(p, False, first_only=True)]
                if len(aligned) == 1:
                    return aligned[0]
            return 1 - mover
        if f[0] or f[1]:
            return 0 if f[0] else 1
        if self.left() == 0:
            return DRAW
        return None

    # --- does a tile make a formation? ----------------------------------------------------------
    def check(self, cell: int, colour: int, index: _Index, have=(False, False)) -> list:
        """[formation for 0, for 1] once (cell, colour) is placed here, given which
        players had one already (`have`). Worked out without placing the tile: the
        blocks it completes, and the regions after it as the old ones with the two its
        band joins merged into one (`MERGED`)."""
        board = self.board
        layout = board.layout
        cells, parent, find = layout.cells, layout.parent, layout.find
        n = self.n
        result = [have[0], have[1]]
        # The blocks this tile completes.
        steps = board.steps
        new = []
        for i in range(n):
            for j in range(n):
                corner = cell - i * STRIDE - j
                for step in steps:
                    c = corner + step
                    if c != cell and c not in cells:
                        break
                else:
                    new.append(corner)
        orient = self.orient(cell, colour)
        a, b = BAND_STEPS[orient]
        va, vb = cell + a, cell + b
        ra = find(va) if va in parent else None
        rb = find(vb) if vb in parent else None
        merging = ra is not None and rb is not None and ra != rb
        if not new and not merging:
            return result
        code = colour * 2 + orient
        keys = []
        for corner in new:
            key = 0
            for k, step in enumerate(steps):
                c = corner + step
                key |= (code if c == cell else cells[c]) << (2 * k)
            keys.append(key)
        if self.targets is not None:
            for key in keys:
                letter, lcolour, _ = pattern_letter(key)
                for p in (0, 1):
                    if target_matches(self.targets[p], letter, lcolour):
                        result[p] = True
            return result
        gkey, overlap = self.gkey, self.overlap
        even = layout.meta["even"]
        for p in (0, 1):
            if result[p]:
                continue
            cont = index.cont[p]
            merged = ()
            if p == colour:
                if merging:
                    merged = cont.get(ra, []) + cont.get(rb, [])
                    touch = index.touch[p]
                    both = touch.get(ra, set()) & touch.get(rb, set())
                    if both:
                        tiles = index.tiles[p]
                        for corner in both:
                            if all(r1 == ra or r1 == rb or r2 == ra or r2 == rb
                                   for r1, r2 in tiles[corner]):
                                merged.append((corner, gkey(board.blocks[corner])))
                    if _has_pair(merged, overlap):
                        result[p] = True
                        continue
                else:
                    old = ra if ra is not None else rb
                    merged = cont.get(old, ()) if old is not None else ()
            for corner, key in zip(new, keys):
                roots = self._containing_after(corner, p, cell, colour, ra, rb, even, find,
                                               parent)
                if not roots:
                    continue
                gk = gkey(key)
                for root in roots:
                    pool = merged if root == MERGED else cont.get(root, ())
                    for other, ok in pool:
                        if ok == gk and not overlap(other, corner):
                            result[p] = True
                            break
                    if result[p]:
                        break
                if result[p]:
                    break
        return result

    def _containing_after(self, corner, p, cell, colour, ra, rb, even, find, parent):
        """The regions of colour p containing the block at `corner` once (cell, colour)
        is down: old roots, or MERGED for the region through the new tile's band."""
        n = self.n
        main = (even ^ ((corner // STRIDE + corner % STRIDE) & 1)) == p
        roots = None
        for j in range(n):
            for i in range(n):
                c = corner + i * STRIDE + j
                if c == cell and p == colour:
                    pair = (MERGED,)
                else:
                    if main == ((i + j) & 1 == 0):
                        v1, v2 = c, c + STRIDE + 1
                    else:
                        v1, v2 = c + STRIDE, c + 1
                    r1 = find(v1) if v1 in parent else v1     # a new vertex: alone
                    r2 = find(v2) if v2 in parent else v2
                    if p == colour:
                        if r1 == ra or r1 == rb:
                            r1 = MERGED
                        if r2 == ra or r2 == rb:
                            r2 = MERGED
                    pair = (r1, r2)
                roots = set(pair) if roots is None else roots.intersection(pair)
                if not roots:
                    return roots
        return roots

    def scan(self, index: _Index | None = None, have=(False, False)) -> list:
        """[(cell, colour, f0, f1)] for every tile that can go down now."""
        if index is None:
            index = _Index(self)
        if self.poll is not None:
            self.poll()
        out = []
        for cell, colour in self.tiles():
            f = self.check(cell, colour, index, have)
            out.append((cell, colour, f[0], f[1]))
        return out

    # --- evaluation ------------------------------------------------------------------------------
    def potential(self, index: _Index, p: int) -> float:
        opens = self.board.layout.opens
        total = 0.0
        for root, entries in index.cont[p].items():
            o = opens[root]
            if o == 0:
                continue
            distinct = len({gk for _, gk in entries})
            total += distinct * min(o, OPEN_CAP)
        return total * POTENTIAL / OPEN_CAP


def _has_pair(entries, overlap) -> bool:
    if len(entries) < 2:
        return False
    seen: dict = {}
    for corner, gk in entries:
        others = seen.get(gk)
        if others is None:
            seen[gk] = [corner]
            continue
        for other in others:
            if not overlap(other, corner):
                return True
        others.append(corner)
    return False


def _threats(scan: list, p: int) -> dict:
    """{cell: number of colours that win there for p moving} from a scan (p to move)."""
    cells: dict = {}
    for cell, _colour, f0, f1 in scan:
        mine, theirs = (f0, f1) if p == 0 else (f1, f0)
        if mine and not theirs:
            cells[cell] = cells.get(cell, 0) + 1
    return cells


def _tile(sim: _Sim, cell: int, colour: int) -> Tile:
    x, y = cell // STRIDE - OFFSET, cell % STRIDE - OFFSET
    return Tile(x, y, colour, sim.orient(cell, colour))


class _Search:
    """The searching levels. Positions are looked at from the side to move; a "threat"
    of p is a cell where a tile would win for p if p were to move."""

    def __init__(self, state, rng, should_stop, budget, level):
        self.sim = _Sim(state)
        self.me = state.to_play
        self.owed = state.tiles_owed
        self.mid_turn = state.turn_placed > 0
        self.rng = rng
        self.should_stop = should_stop
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.level = level
        self.sim.poll = self.poll
        # The value of the tile root() chose, from our side (None: not worked out): for
        # game.ai.analysis; it never changes the choice.
        self.value = None

    def poll(self) -> None:
        if self.should_stop is not None and self.should_stop():
            raise SearchCancelled()
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout()

    def placed(self, cell, colour):
        """A context: the tile placed, taken back on exit."""
        return _Placed(self.sim, cell, colour)

    # --- the position after our tile, seen from our side --------------------------------------
    def after(self, cell, colour):
        """(value, our threats) of the position after our tile (the opponent to move).
        Leaves the board as it was."""
        sim, me = self.sim, self.me
        opp = 1 - me
        with self.placed(cell, colour):
            index = _Index(sim)
            scan = sim.scan(index)
            opp_wins = _threats(scan, opp)
            if opp_wins:
                return -WIN / 2 - len(opp_wins), None
            if sim.left() <= 1:
                return 0.0, None
            mine = _threats(scan, me)
            value = sim.potential(index, me) - OPP_W * sim.potential(index, opp)
            if self.level == "easy":
                return value + 0.5 * THREAT_OWN * len(mine), mine
            if _decisive(mine):
                return THREAT_DOUBLE + value, mine
            return value + THREAT_OWN * len(mine), mine

    def forced(self, q: int, depth: int, limit: int | None = None) -> bool:
        """q to move (with no tile that wins at once): can q make threats the other side
        cannot answer? Two threatened cells (or one no tile blocks), or one whose every
        block leaves q a winning tile (or, depth > 1, another such forcing move)."""
        sim = self.sim
        s = 1 - q
        scan = sim.scan()
        tiles = [(cell, colour) for cell, colour, f0, f1 in scan if not (f0 or f1)]
        if limit is not None:
            tiles = tiles[:limit]
        for cell, colour in tiles:
            with self.placed(cell, colour):
                scan2 = sim.scan()
                if _threats(scan2, s):
                    continue                    # s would win first
                threats = _threats(scan2, q)
                if not threats:
                    continue
                if _decisive(threats):
                    return True
                (target,) = threats
                if self.blocks_fail(q, target, depth):
                    return True
        return False

    def blocks_fail(self, q: int, target: int, depth: int) -> bool:
        """q threatens the cell `target` (s to move): does every block lose for s?"""
        sim = self.sim
        s = 1 - q
        index = _Index(sim)
        for colour in (0, 1):
            f = sim.check(target, colour, index)
            if sim.decide(f, s) is not None:
                continue                        # not a block: it ends the game
            with self.placed(target, colour):
                scan = sim.scan()
                if _threats(scan, q):
                    continue
                if depth > 1 and self.forced(q, depth - 1):
                    continue
                return False
        return True

    # --- the levels ------------------------------------------------------------------------------
    def root(self):
        if self.owed == 2:
            return self.progressive_first()
        sim, me, rng = self.sim, self.me, self.rng
        have = sim.formations() if self.mid_turn else (False, False)
        scan = sim.scan(_Index(sim), have)
        rng.shuffle(scan)
        results = [((cell, colour), sim.decide([f0, f1], me)) for cell, colour, f0, f1 in scan]
        wins = [t for t, r in results if r == me]
        if wins:
            self.value = WIN
            return wins[0]
        safe = [t for t, r in results if r is None or r == DRAW]
        if not safe:
            self.value = -WIN
            return results[0][0]
        if len(safe) == 1:
            return safe[0]
        if self.level == "easy":
            return self.greedy(safe)
        return self.deep(safe)

    def greedy(self, safe):
        sim, me = self.sim, self.me
        best, best_value = safe[0], None
        for tile in safe:
            with self.placed(*tile):
                index = _Index(sim)
                value = sim.potential(index, me) - sim.potential(index, 1 - me)
                value += 0.5 * THREAT_OWN * len(_threats(sim.scan(index), me))
            if best_value is None or value > best_value:
                best, best_value = tile, value
        self.value = best_value
        return best

    def deep(self, safe):
        me = self.me
        scored = []
        searched = []
        try:
            for tile in safe:
                value, mine = self.after(*tile)
                if mine and _decisive(mine):
                    self.value = value
                    return tile
                scored.append((value, tile, mine))
        except SearchTimeout:
            if not scored:
                return safe[0]
        scored.sort(key=lambda item: -item[0])
        self.value = scored[0][0]
        if self.level != "hard" or scored[0][0] <= -WIN / 4:
            return scored[0][1]
        searched = []
        try:
            # Forcing lines of ours: one threat whose every block loses.
            threats = [(tile, mine) for value, tile, mine in scored
                       if mine and len(mine) == 1 and value > -WIN / 4]
            for depth in (1, 2):
                for tile, mine in threats[:FORCING_WIDTH[depth]]:
                    (target,) = mine
                    with self.placed(*tile):
                        if self.blocks_fail(me, target, depth):
                            self.value = THREAT_DOUBLE      # a forcing line: a win
                            return tile
            # Two plies: every reply of the opponent to our best tiles, each looked at
            # from our side (threats of both, regions), and forcing lines of theirs.
            for value, tile, _mine in scored[:REPLY_WIDTH]:
                if value <= -WIN / 4:
                    break
                searched.append((self.reply_value(tile), tile))
        except SearchTimeout:
            pass                # out of time: the best found so far
        if searched:
            searched.sort(key=lambda item: -item[0])
            self.value = searched[0][0]
            return searched[0][1]
        return scored[0][1]

    def reply_value(self, tile) -> float:
        """Our tile's value once the opponent answers it as well as it can: the worst
        over its replies of the position seen from our side (us to move)."""
        sim, me = self.sim, self.me
        opp = 1 - me
        worst = None
        forcing = 0
        with self.placed(*tile):
            for cell, colour, f0, f1 in sim.scan():
                if f0 or f1:
                    continue                    # a reply that ends the game: ours, seen
                with self.placed(cell, colour):
                    index = _Index(sim)
                    scan = sim.scan(index)
                    if _threats(scan, me):
                        continue                # we would win at once
                    theirs = _threats(scan, opp)
                    if _decisive(theirs):
                        return -WIN / 3
                    if theirs:
                        forcing += 1
                        (target,) = theirs
                        if self.blocks_fail(opp, target, 1):
                            return -WIN / 3
                    mine = sum(1 for cell2, colour2, g0, g1 in scan
                               if (g1 if me else g0) and not (g0 if me else g1))
                    value = (sim.potential(index, me) - OPP_W * sim.potential(index, opp)
                             + REPLY_OWN * mine - REPLY_THEIRS * len(theirs))
                if worst is None or value < worst:
                    worst = value
        return (0.0 if worst is None else worst) - INITIATIVE * forcing

    def progressive_first(self):
        """The first tile of a two-tile turn: one that starts a winning turn, else the one
        that looks best, never one that hands the opponent a formation."""
        sim, me, rng = self.sim, self.me, self.rng
        opp = 1 - me
        tiles = sim.tiles()
        rng.shuffle(tiles)
        index = _Index(sim)
        firsts = []
        for cell, colour in tiles:
            f = sim.check(cell, colour, index)
            if not f[opp]:
                firsts.append(((cell, colour), f))
        if not firsts:
            self.value = -WIN       # every first tile gives the opponent a formation
            return tiles[0]
        best, best_value = firsts[0][0], None
        try:
            for tile, f in firsts:
                with self.placed(*tile):
                    inner = _Index(sim)
                    scan = sim.scan(inner, f)
                    if any(sim.decide([f0, f1], me) == me for _, _, f0, f1 in scan):
                        self.value = WIN
                        return tile
                    value = sim.potential(inner, me) - OPP_W * sim.potential(inner, opp)
                    if self.level != "easy":
                        value -= THREAT_OWN * len(_threats(scan, opp))
                if best_value is None or value > best_value:
                    best, best_value = tile, value
        except SearchTimeout:
            pass                # out of time: the best found so far
        self.value = best_value
        return best


class _Placed:
    __slots__ = ("sim", "tile", "mark")

    def __init__(self, sim, cell, colour):
        self.sim = sim
        self.tile = (cell, colour)

    def __enter__(self):
        self.mark = self.sim.board.mark()
        self.sim.place(*self.tile)
        return self

    def __exit__(self, *exc):
        self.sim.board.rollback(self.mark)
        return False


def _decisive(threats: dict) -> bool:
    """Threats no single tile answers: two cells, or a cell where both colours win."""
    return len(threats) >= 2 or any(count == 2 for count in threats.values())


# --- entry points --------------------------------------------------------------------------------
def beginner(state, rng: random.Random):
    """A random tile, but half of the time it sees a tile that wins at once."""
    moves = state.legal_moves()
    if state.tiles_owed == 1 and rng.random() < BEGINNER_SEES_WIN:
        sim = _Sim(state)
        me = state.to_play
        have = sim.formations() if state.turn_placed else (False, False)
        wins = [(cell, colour) for cell, colour, f0, f1 in sim.scan(have=have)
                if sim.decide([f0, f1], me) == me]
        if wins:
            return _tile(sim, *rng.choice(wins))
    return rng.choice(moves)


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A legal tile for state.to_play at `level` (a level name; game.ai validates it)."""
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if level == "beginner" or not state.layout.count:
        return rng.choice(state.legal_moves()) if level != "beginner" else beginner(state, rng)
    budget = {"hard": HARD_BUDGET, "medium": MEDIUM_BUDGET}.get(level)
    search = _Search(state, rng, should_stop, budget, level)
    try:
        cell, colour = search.root()
    except SearchTimeout:
        return rng.choice(state.legal_moves())
    return _tile(search.sim, cell, colour)


__all__ = ["LEVELS", "choose_move"]
