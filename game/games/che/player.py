"""Computer players for Che (docs/rules/che.md).

A move is one tile, but the players think in whole turns (two tiles), since the game is
decided only after a complete turn. Levels, weakest first:

beginner  a random tile; when its turn can be won it sees that half of the time.
easy      greedy, one turn: wins the turn when it can, else the tile that looks best
          right away by the evaluation below (it never looks at the opponent's reply).
          This is the benchmark's "greedy" player.
medium    chooses whole turns by the evaluation and throws out turns that leave the
          opponent an immediate win (MEDIUM_BUDGET seconds at most).
hard      a selective minimax over whole turns, within a time budget (HARD_BUDGET): wins
          the turn when it can; otherwise takes the best turns by its evaluation
          (evaluate_hard), drops those that leave the opponent a win, and those after
          which the opponent has a turn that makes threats no turn of ours meets
          (opponent_forces: their tiles taking liberties from their regions with at most
          four, then our defences on the cells their threats need), and for the rest
          searches the opponent's relevant replies (every tile on a cell its threats
          need, each followed by the relevant second tiles) to find a turn that wins by
          force next turn. It stops after 8 turns that pass; the opponent's forcing
          turns found so far are tried first on the next turns (`killers`), which makes
          most refutations quick. When every turn it looked at lets the opponent force a
          win, it takes the one that leaves the opponent the fewest forcing turns
          (least_forced: the fewer, the likelier a fallible opponent misses them, and a
          turn that makes a threat of ours leaves fewer). When the opponent's turn is the
          last one, it plays that turn out (exactly for one tile, greedily for two) to
          score the run-out. It searches a turn once, with its first tile, and plays the
          second tile it planned.

Threats. A region of colour c with liberties L (the empty cells touching its vertices)
closes when every cell of L holds a tile not dominant in c; so a region with at most two
liberties can close within one turn, and those liberties are the only cells where a
closing (or a defending) tile can go. `win_search` finds a winning turn by trying only
the tiles on such cells and the cells that make one reachable: a region closed after a
turn can only be made of vertices whose liberties were all filled in that turn, so for
closed regions it is exact. In the group_area / group_extent games it also tries the
tiles that push an enemy region over the limit, found from predicted region sizes
(exact for one tile, a near miss possible for two). A run-out win on size is left to the
turn search, which plays the last turns out.

Evaluation (the side that just moved; the opponent moves next): for every open region,
a value by its number of liberties, positive for regions whose closing would win for us,
negative (weighted higher: they move first) for the opponent's; the size of the largest
own region against the opponent's, weighted more as the pool runs out; and in the group
games, how close each colour is to the limit. The hard level, when it does not place the
pool's last tile (Dark, with 48, 64 or 96 tiles), weighs the largest regions more than
three times as much (H_SIZE_WEIGHT): games between careful players mostly run out, and
then it must lead by two before the opponent's last, single tile. Growing a region puts
tiles of its colour around small enemy regions, which is what opponent_forces guards
against.

The search works on its own TruchetLayout rebuilt from the game's history, placing and
taking back tiles with the layout's trail, and never touches the CheState. Beside the
layout it keeps a region index (_Sim._index, updated by _Sim.place, its changes on the
same trail): the regions with few open slots and the vertices of each region that still
have an empty cell around them, so the liberties of the small regions (what every threat
question asks) cost a few lookups instead of a walk over all the vertices.
"""
from __future__ import annotations

import random
import time

from game.ai import SearchCancelled, SearchTimeout
from game.games.truchet.layout import (BAND_STEPS, LEFT, NEIGHBOUR_STEPS, OFFSET,
                                       RIGHT, STRIDE, Tile, TruchetLayout)

LEVELS = ("beginner", "easy", "medium", "hard")
HARD_BUDGET = 3.0            # seconds for a turn (its first tile; the second is planned)
MEDIUM_BUDGET = 0.8
BEGINNER_SEES_WIN = 0.5
DRAW = -1
WIN = 100_000

# Value of an open region by its liberties: ours (to close), theirs (they move next).
OWN_THREAT = {1: 40, 2: 32, 3: 12, 4: 5, 5: 2}
THEIR_THREAT = {1: 400, 2: 400, 3: 30, 4: 9, 5: 3}
SIZE_WEIGHT = 30.0           # per tile of largest-region lead, at the end of the pool
SIZE_CURVE = 2               # ... weighted by (tiles placed / pool) ** SIZE_CURVE
LIMIT_WEIGHT = {0: 200, 1: 60, 2: 20, 3: 6}   # by distance to the group limit
H_SIZE_WEIGHT = 100.0        # the hard level's SIZE_WEIGHT and SIZE_CURVE
H_SIZE_CURVE = 2
FORCED_TURNS = 12            # turns compared when every turn lets the opponent force a win
FORCED_COUNT = 6             # ... by their forcing turns, counted up to this many
KILLERS = 8                  # forcing turns of the opponent remembered by opponent_forces
LOW_OPENS = 10               # regions the index lists: up to 5 liberties (THREAT values)


class _Sim:
    """The position as the search sees it: a layout plus the pool and the aims."""

    def __init__(self, state):
        self.layout = layout = TruchetLayout()
        for move in state.history:
            layout.place(move)
        self.pool = state.pool
        self.area = state.area_limit
        self.extent = state.extent_limit
        self.inverted = state.inverted
        self.poll = None            # called now and then by the searches (time, cancel)
        self._index()

    # --- the rules (as CheState.decide) ---------------------------------------------------
    def left(self):
        return None if self.pool is None else self.pool - self.layout.count

    def turn_size(self) -> int:
        left = self.left()
        return 2 if left is None else min(2, left)

    def target(self, seat: int) -> int:
        return 1 - seat if self.inverted else seat

    def wins(self, seat: int) -> bool:
        layout = self.layout
        if layout.closed_count[self.target(seat)]:
            return True
        enemy = 1 - seat
        if self.area is not None and layout.largest[enemy] >= self.area:
            return True
        return self.extent is not None and layout.widest[enemy] >= self.extent

    def result(self, mover: int):
        """After `mover`'s complete turn: the winner, DRAW, or None (the game goes on)."""
        w0, w1 = self.wins(0), self.wins(1)
        if w0 and w1:
            return 1 - mover
        if w0 or w1:
            return 0 if w0 else 1
        if self.left() == 0:
            light, dark = self.layout.largest
            return DRAW if light == dark else (0 if light > dark else 1)
        return None

    # --- placing ----------------------------------------------------------------------------
    def colour_at(self, v: int) -> int:
        return self.layout.meta["even"] ^ ((v // STRIDE + v % STRIDE) & 1)

    def place(self, cell: int, colour: int) -> None:
        """Put a tile down (the cell must be open), keeping the region index (`_index`) up
        to date; `layout.rollback` takes both back, the index being on the trail too."""
        layout = self.layout
        parent = layout.parent
        x, y = cell // STRIDE - OFFSET, cell % STRIDE - OFFSET
        orient = LEFT if colour == layout.meta["even"] ^ ((x + y) & 1) else RIGHT
        corners = (cell, cell + STRIDE, cell + 1, cell + STRIDE + 1)
        fresh = [v not in parent for v in corners]
        band_a, band_b = (corners[0], corners[3]) if orient == LEFT else (corners[1], corners[2])
        old = set()
        if band_a in parent:
            old.add(self._root(band_a))
        if band_b in parent:
            old.add(self._root(band_b))
        layout.place_key(cell, colour, orient, x, y)
        s = layout._set
        verts, low, opens, cells = self.verts, self.low, layout.opens, layout.cells
        # The band joined the regions of its two corners (either may be new).
        r = self._root(band_a)
        if old != {r}:
            merged = ()
            for dead in old:
                merged += verts.get(dead, ())
                if dead != r and dead in low:
                    layout._del(low, dead)
            s(verts, r, merged)
        # The four corners: new ones are open vertices; old ones may have lost their last
        # empty cell.
        roots = []
        for v, new in zip(corners, fresh):
            root = self._root(v)
            if root not in roots:
                roots.append(root)
            if new:
                s(verts, root, verts.get(root, ()) + (v,))
            elif (v - STRIDE - 1 in cells and v - 1 in cells and v - STRIDE in cells
                  and v in cells):
                s(verts, root, tuple(u for u in verts[root] if u != v))
        for root in roots:
            o = opens[root]
            if 0 < o <= LOW_OPENS:
                if root not in low:
                    s(low, root, True)
            elif root in low:
                layout._del(low, root)

    def _root(self, v: int) -> int:
        """The root of vertex v, without path compression (that would only fill the trail)."""
        parent = self.layout.parent
        r = parent[v]
        while True:
            up = parent[r]
            if up == r:
                return r
            r = up

    def _index(self) -> None:
        """The region index the searches read liberties from: `verts`, root -> the
        vertices of the region with an empty cell around them (at most its open slots),
        and `low`, the roots of the open regions with at most LOW_OPENS open slots (the
        only ones that can have at most LOW_OPENS / 2 liberties). Built here from the
        layout, then kept up to date by `place`."""
        layout = self.layout
        parent, opens, cells = layout.parent, layout.opens, layout.cells
        verts: dict = {}
        for v in parent:
            if not (v - STRIDE - 1 in cells and v - 1 in cells and v - STRIDE in cells
                    and v in cells):
                verts.setdefault(self._root(v), []).append(v)
        self.verts = {r: tuple(vs) for r, vs in verts.items()}
        self.low = {r: True for r, o in opens.items()
                    if 0 < o <= LOW_OPENS and parent[r] == r}

    def tiles(self) -> list:
        return [(c, colour) for c in sorted(self.layout.frontier) for colour in (0, 1)]

    # --- regions ----------------------------------------------------------------------------
    def liberties(self, colour=None, most=None) -> dict:
        """{root: set of empty cells around it} for the open regions (of `colour`, with at
        most `most` liberties, when given). With `most` (up to LOW_OPENS / 2) it reads the
        region index: only the regions with few open slots, and only their open vertices."""
        layout = self.layout
        parent, opens, cells = layout.parent, layout.opens, layout.cells
        parity = None if colour is None else layout.meta["even"] ^ colour
        a1, a2, a3 = -STRIDE - 1, -1, -STRIDE       # AROUND_STEPS, the last one being 0
        libs: dict = {}
        if most is not None and 2 * most <= LOW_OPENS:
            # A liberty cell meets a region in at most 2 vertices: <= most liberties needs
            # <= 2 * most open slots.
            limit, verts = 2 * most, self.verts
            for r in self.low:
                if opens[r] > limit or (parity is not None and (r // STRIDE + r) & 1 != parity):
                    continue
                found = set()
                for v in verts[r]:
                    for e in (v + a1, v + a2, v + a3, v):
                        if e not in cells:
                            found.add(e)
                if len(found) <= most:
                    libs[r] = found
            return libs
        for v in parent:
            if parity is not None and (v // STRIDE + v) & 1 != parity:
                continue
            r = self._root(v)
            if opens[r] == 0:
                continue
            for e in (v + a1, v + a2, v + a3, v):
                if e not in cells:
                    found = libs.get(r)
                    if found is None:
                        libs[r] = {e}
                    else:
                        found.add(e)
        if most is not None:
            libs = {r: cells_ for r, cells_ in libs.items() if len(cells_) <= most}
        return libs

    def predicted(self, cell: int, colour: int) -> tuple[int, int]:
        """(size, extent) of the region a `colour` tile on `cell` would make."""
        layout = self.layout
        x, y = cell // STRIDE - OFFSET, cell % STRIDE - OFFSET
        even = layout.meta["even"]
        orient = LEFT if colour == even ^ ((x + y) & 1) else RIGHT
        roots = set()
        for step in BAND_STEPS[orient]:
            v = cell + step
            if v in layout.parent:
                roots.add(layout.find(v))
        size = 1 + sum(layout.size[r] for r in roots)
        box = [x, x, y, y]
        for r in roots:
            b = layout.box[r]
            if b is not None:
                box = [min(box[0], b[0]), max(box[1], b[1]), min(box[2], b[2]),
                       max(box[3], b[3])]
        return size, max(box[1] - box[0], box[3] - box[2]) + 1

    def hot_tiles(self, seat: int, t: int) -> list:
        """The tiles a winning turn of `t` tiles for `seat` can start with."""
        layout = self.layout
        frontier = layout.frontier
        cells = set()
        for libs in self.liberties(self.target(seat), t).values():
            for c in libs:
                if c in frontier:
                    cells.add(c)
                elif t == 2:
                    for step in NEIGHBOUR_STEPS:
                        if c + step in frontier:
                            cells.add(c + step)
        tiles = [(c, colour) for c in sorted(cells) for colour in (0, 1)]
        if self.area is not None or self.extent is not None:
            enemy = 1 - seat
            slack = t - 1
            for c in sorted(frontier):
                if (c, enemy) in tiles:
                    continue
                size, extent = self.predicted(c, enemy)
                if (self.area is not None and size + slack >= self.area) or \
                        (self.extent is not None and extent + slack >= self.extent):
                    tiles.append((c, enemy))
        return tiles

    def win_search(self, seat: int, t: int):
        """A winning turn of `t` tiles for `seat` from here, as [(cell, colour), ...], or
        None. Exact for closed regions and limits reached by these tiles."""
        layout = self.layout
        if t <= 0:
            return None
        if self.poll is not None:
            self.poll()
        for first in self.hot_tiles(seat, t):
            mark = layout.mark()
            self.place(*first)
            try:
                if t == 1 or self.left() == 0:
                    if self.result(seat) == seat:
                        return [first]
                    continue
                seconds = self.hot_tiles(seat, 1)
                if self.wins(seat):
                    seconds = seconds + self.tiles()
                for second in seconds:
                    inner = layout.mark()
                    self.place(*second)
                    won = self.result(seat) == seat
                    layout.rollback(inner)
                    if won:
                        return [first, second]
            finally:
                layout.rollback(mark)
        return None

    # --- evaluation ---------------------------------------------------------------------------
    def evaluate(self, me: int, size_weight=SIZE_WEIGHT, size_curve=SIZE_CURVE) -> float:
        """The position after `me`'s complete turn (the opponent to move), from `me`'s side."""
        opp = 1 - me
        mine = self.target(me)
        score = 0.0
        threats = 0
        for r, libs in self.liberties(most=5).items():
            k = len(libs)
            if self.colour_at(r) == mine:
                score += OWN_THREAT.get(k, 0)
                threats += k <= 2
            else:
                score -= THEIR_THREAT.get(k, 0)
        if threats >= 3:
            score += 60 * (threats - 2)
        layout = self.layout
        if self.pool is not None:
            done = layout.count / self.pool
            lead = layout.largest[me] - layout.largest[opp]
            score += size_weight * done ** size_curve * lead
        for limit, reached in ((self.area, layout.largest), (self.extent, layout.widest)):
            if limit is not None:
                score += LIMIT_WEIGHT.get(limit - reached[opp], 0)
                score -= LIMIT_WEIGHT.get(limit - reached[me], 0) * 1.5
        return score

    def last_seat(self):
        """The seat that places the pool's last tile (None for an unlimited pool)."""
        if self.pool is None:
            return None
        if self.pool == 1:
            return 0
        return 1 if (self.pool - 2) // 2 % 2 == 0 else 0

    def evaluate_hard(self, me: int) -> float:
        """`evaluate` for the hard level: the player who does not place the last tile
        weighs the largest regions more (H_SIZE_WEIGHT)."""
        if self.last_seat() == me:
            return self.evaluate(me)
        return self.evaluate(me, H_SIZE_WEIGHT, H_SIZE_CURVE)


def _tile(sim: _Sim, cell: int, colour: int) -> Tile:
    x, y = cell // STRIDE - OFFSET, cell % STRIDE - OFFSET
    return Tile(x, y, colour, sim.layout.orientation_for(x, y, colour))


def _first_tile(state, rng: random.Random):
    return rng.choice(state.legal_moves())


# --- the simple levels ----------------------------------------------------------------------
def beginner(state, rng: random.Random):
    if state.layout.count and rng.random() < BEGINNER_SEES_WIN:
        sim = _Sim(state)
        line = sim.win_search(state.to_play, state.tiles_owed)
        if line:
            return _tile(sim, *line[0])
    return rng.choice(state.legal_moves())


def greedy(state, rng: random.Random):
    """Win the turn if possible, else the tile that evaluates best at once."""
    if not state.layout.count:
        return _first_tile(state, rng)
    me = state.to_play
    sim = _Sim(state)
    line = sim.win_search(me, state.tiles_owed)
    if line:
        return _tile(sim, *line[0])
    layout = sim.layout
    best, choices = None, []
    for cell, colour in sim.tiles():
        mark = layout.mark()
        sim.place(cell, colour)
        result = sim.result(me) if state.tiles_owed == 1 or sim.left() == 0 else None
        if result == me:
            value = WIN
        elif result is None:
            value = sim.evaluate(me)
        else:
            value = 0 if result == DRAW else -WIN
        layout.rollback(mark)
        if best is None or value > best:
            best, choices = value, [(cell, colour)]
        elif value == best:
            choices.append((cell, colour))
    return _tile(sim, *rng.choice(choices))


# --- the turn search (medium, hard) ----------------------------------------------------------

class _TurnSearch:
    def __init__(self, state, rng, should_stop, deadline, defend_check: bool, width: int):
        self.sim = _Sim(state)
        self.me = state.to_play
        self.owed = state.tiles_owed
        self.rng = rng
        self.should_stop = should_stop
        self.deadline = deadline
        self.defend_check = defend_check
        self.width = width          # first tiles searched in full (besides the hot ones)
        self.polls = 0
        self.found = []             # candidate turns, filled by turns()
        self.killers = []           # forcing turns found so far, tried first on other turns
        self.sim.poll = self.poll
        self.evaluate = self.sim.evaluate_hard if defend_check else self.sim.evaluate

    def poll(self) -> None:
        self.polls += 1
        if self.polls % 4 == 0:
            if self.should_stop is not None and self.should_stop():
                raise SearchCancelled()
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchTimeout()

    def leaf(self):
        """(value, decided) after a complete turn of ours."""
        sim, me = self.sim, self.me
        result = sim.result(me)
        if result == me:
            return WIN, True
        if result == DRAW:
            return 0, True
        if result is not None:
            return -WIN, True
        return self.evaluate(me), False

    def turns(self):
        """Every candidate turn as ([(cell, colour), ...], value, decided), best first."""
        sim, layout, rng = self.sim, self.sim.layout, self.rng
        found = self.found
        tiles = sim.tiles()
        rng.shuffle(tiles)
        if self.owed == 1 or sim.left() == 1:
            for tile in tiles:
                self.poll()
                mark = layout.mark()
                sim.place(*tile)
                value, decided = self.leaf()
                layout.rollback(mark)
                found.append(([tile], value, decided))
        else:
            # First tiles: those on hot cells of either side, and the best by themselves.
            scored = []
            for tile in tiles:
                self.poll()
                mark = layout.mark()
                sim.place(*tile)
                scored.append((self.evaluate(self.me), tile))
                layout.rollback(mark)
            scored.sort(key=lambda item: -item[0])
            firsts = [tile for _, tile in scored[:self.width]]
            for seat in (self.me, 1 - self.me):
                for tile in sim.hot_tiles(seat, 2):
                    if tile not in firsts:
                        firsts.append(tile)
            seen = set()
            for first in firsts:
                mark = layout.mark()
                sim.place(*first)
                seconds = sim.tiles()
                rng.shuffle(seconds)
                for second in seconds:
                    self.poll()
                    pair = frozenset((first, second))
                    if pair in seen:
                        continue
                    seen.add(pair)
                    inner = layout.mark()
                    sim.place(*second)
                    value, decided = self.leaf()
                    layout.rollback(inner)
                    found.append(([first, second], value, decided))
                layout.rollback(mark)
        found.sort(key=lambda item: -item[1])
        return found

    def last_turn_value(self) -> float:
        """Our value when the opponent's turn (closing wins ruled out) ends the game:
        exact for a one-tile turn; for two tiles the opponent grows its largest region
        greedily, one tile after the other."""
        sim, layout, me = self.sim, self.sim.layout, self.me
        opp = 1 - me
        mark = layout.mark()
        try:
            best = None
            for _ in range(sim.left()):
                if best is not None:
                    sim.place(*best)
                outcomes = []
                for tile in sim.tiles():
                    self.poll()
                    if sim.left() == 1:
                        inner = layout.mark()
                        sim.place(*tile)
                        result = sim.result(opp)
                        layout.rollback(inner)
                        rank = {opp: 2, DRAW: 1}.get(result, 0)
                    else:
                        rank = sim.predicted(*tile)[0] if tile[1] == opp else 0
                    outcomes.append((rank, tile))
                rank, best = max(outcomes)
            return {2: -WIN / 2, 1: 0}.get(rank, WIN / 2)
        finally:
            layout.rollback(mark)

    def opponent_defends(self) -> bool:
        """After our turn: can the opponent stop every winning turn of ours next turn?
        (Their own immediate win has been ruled out already.)"""
        sim, layout, me = self.sim, self.sim.layout, self.me
        opp = 1 - me
        t_opp = sim.turn_size()
        left = sim.left()
        t_me = 2 if left is None else min(2, left - t_opp)
        if t_me <= 0:
            return True
        if not sim.hot_tiles(me, t_me):
            return True
        firsts = [(c, colour) for c, _ in sim.hot_tiles(me, t_me) for colour in (0, 1)]
        firsts = list(dict.fromkeys(firsts))
        for first in firsts:
            self.poll()
            mark = layout.mark()
            sim.place(*first)
            try:
                if t_opp == 1:
                    result = sim.result(opp)
                    if result == opp or (result is None and not sim.win_search(me, t_me)):
                        return True
                    continue
                seconds = [(c, colour) for c, _ in sim.hot_tiles(me, t_me)
                           for colour in (0, 1)]
                quiet = [tile for tile in sim.tiles() if tile[0] not in {c for c, _ in seconds}]
                seconds = list(dict.fromkeys(seconds)) + quiet[:2]
                for second in seconds:
                    inner = layout.mark()
                    sim.place(*second)
                    result = sim.result(opp)
                    held = result == opp or (result is None and not sim.win_search(me, t_me))
                    layout.rollback(inner)
                    if held:
                        return True
            finally:
                layout.rollback(mark)
        return False

    def opponent_forces(self) -> bool:
        """After our turn (the opponent to move, with no winning turn): can the opponent
        make a turn after which every turn of ours leaves them a win? Their turns tried:
        the forcing turns found after other turns of ours (`killers`) first, then tiles on
        the liberties of their regions that one turn can bring down to two liberties (for
        each, the second tiles recomputed after the first)."""
        return self.forcing_turns(1) > 0

    def forcing_turns(self, most: int) -> int:
        """How many forcing turns (as in `opponent_forces`) the opponent has after our
        turn, counted up to `most`; the first one found goes first in `killers`."""
        sim, layout, me = self.sim, self.sim.layout, self.me
        opp = 1 - me
        t_opp = sim.turn_size()
        left = sim.left()
        if left is None:
            t_me = t_next = 2
        else:
            t_me = min(2, left - t_opp)
            t_next = min(2, left - t_opp - t_me)
        if t_me <= 0 or t_next <= 0:
            return 0
        target = sim.target(opp)
        frontier = layout.frontier

        attack = 1 - target          # tiles that take liberties from their regions

        def near(most):
            cells = set()
            for libs in sim.liberties(target, most).values():
                cells.update(c for c in libs if c in frontier)
            return [(c, attack) for c in sorted(cells)]

        found = 0

        def forcing(turn) -> bool:
            nonlocal found
            if found == 0:
                if turn in self.killers:
                    self.killers.remove(turn)
                self.killers.insert(0, turn)
                del self.killers[KILLERS:]
            found += 1
            return found >= most

        seen = set()
        # Forcing turns found after other turns of ours first (they often still work).
        for turn in list(self.killers):
            if len(turn) != t_opp or turn[0][1] != attack:
                continue
            seen.add(frozenset(turn))
            mark = layout.mark()
            try:
                for cell, colour in turn:
                    if cell not in frontier:
                        break
                    sim.place(cell, colour)
                else:
                    self.poll()
                    if self.cannot_defend(t_me, t_next) and forcing(turn):
                        return found
            finally:
                layout.rollback(mark)
        for first in near(2 + t_opp):
            self.poll()
            mark = layout.mark()
            sim.place(*first)
            try:
                if t_opp == 1:
                    if frozenset((first,)) not in seen and self.cannot_defend(t_me, t_next) \
                            and forcing((first,)):
                        return found
                    continue
                for second in near(3):
                    pair = frozenset((first, second))
                    if pair in seen:
                        continue
                    seen.add(pair)
                    inner = layout.mark()
                    sim.place(*second)
                    lost = self.cannot_defend(t_me, t_next)
                    layout.rollback(inner)
                    if lost and forcing((first, second)):
                        return found
            finally:
                layout.rollback(mark)
        return found

    def least_forced(self, forced, best):
        """Every turn looked at lets the opponent force a win: the one (of `forced`, as
        (tiles, value), best value first) that leaves them the fewest forcing turns
        (counted up to FORCED_COUNT; a turn that makes a threat of ours must be answered
        too, so it leaves fewer), then the best value. `best` while none is counted."""
        sim, layout = self.sim, self.sim.layout
        chosen, chosen_key = best, None
        try:
            for tiles, value in forced[:FORCED_TURNS]:
                mark = layout.mark()
                try:
                    for tile in tiles:
                        sim.place(*tile)
                    count = self.forcing_turns(FORCED_COUNT)
                finally:
                    layout.rollback(mark)
                key = (count, -value)
                if chosen_key is None or key < chosen_key:
                    chosen, chosen_key = tiles, key
        except SearchTimeout:
            pass                # out of time: the least forced so far
        return chosen

    def cannot_defend(self, t_me: int, t_next: int) -> bool:
        """After the opponent's complete turn: whether every turn of ours (of `t_me`
        tiles) leaves them a winning turn (of `t_next` tiles). A single threat (one
        region with at most two liberties) is taken as one we can meet."""
        sim, layout, me = self.sim, self.sim.layout, self.me
        opp = 1 - me
        self.poll()
        result = sim.result(opp)
        if result is not None:
            return result == opp
        if len(sim.liberties(sim.target(opp), t_next)) < 2:
            return False
        if sim.win_search(me, t_me):
            return False
        hot = sim.hot_tiles(opp, t_next)
        defend = sim.target(opp)     # the colour that extends their regions
        firsts = list(dict.fromkeys((c, colour) for c, _ in hot
                                    for colour in (defend, 1 - defend)))
        seen = set()
        for first in firsts:
            mark = layout.mark()
            sim.place(*first)
            try:
                if t_me == 1:
                    result = sim.result(me)
                    if result == me or (result is None and not sim.win_search(opp, t_next)):
                        return False
                    continue
                hot2 = sim.hot_tiles(opp, t_next)
                if hot2:
                    seconds = list(dict.fromkeys((c, colour) for c, _ in hot2
                                                 for colour in (defend, 1 - defend)))
                else:
                    seconds = sim.tiles()[:4]
                for second in seconds:
                    pair = frozenset((first, second))
                    if pair in seen:
                        continue            # the same two tiles, the other way round
                    seen.add(pair)
                    self.poll()
                    inner = layout.mark()
                    sim.place(*second)
                    result = sim.result(me)
                    held = result == me or (result is None and
                                            not sim.win_search(opp, t_next))
                    layout.rollback(inner)
                    if held:
                        return False
            finally:
                layout.rollback(mark)
        return True

    def look_ahead(self, tiles, value):
        """The value of our turn `tiles` once the opponent's reply is looked at."""
        sim, layout, me = self.sim, self.sim.layout, self.me
        mark = layout.mark()
        for tile in tiles:
            sim.place(*tile)
        try:
            self.poll()
            if sim.win_search(1 - me, sim.turn_size()):
                return -WIN / 2
            left = sim.left()
            if left is not None and left <= 2:
                return self.last_turn_value()
            if self.defend_check and self.opponent_forces():
                return -WIN / 4 + value
            if self.defend_check and not self.opponent_defends():
                return WIN / 2
            return value
        finally:
            layout.rollback(mark)

    def choose(self):
        """(tiles of the chosen turn, value): the whole turn, of which the first tile is
        played now."""
        sim, me = self.sim, self.me
        line = sim.win_search(me, self.owed)
        if line:
            return line, WIN
        try:
            candidates = self.turns()
        except SearchTimeout:
            # Out of time while listing turns: the best listed so far, unchecked.
            if not self.found:
                raise
            self.found.sort(key=lambda item: -item[1])
            return self.found[0][0], self.found[0][1]
        best, best_value = candidates[0][0], None
        safe = 0
        forced = []             # (tiles, value) of the turns the opponent can force, in
                                # the candidates' order: best value first
        try:
            for tiles, value, decided in candidates:
                if not decided:
                    static, value = value, self.look_ahead(tiles, value)
                    safe += value > -WIN / 8
                    if -WIN / 2 < value <= -WIN / 8:
                        forced.append((tiles, static))
                if best_value is None or value > best_value:
                    best, best_value = tiles, value
                if value >= WIN / 2 or safe >= (8 if self.defend_check else 3):
                    break
        except SearchTimeout:
            pass                # out of time: the best found so far
        if best_value is None:
            # Out of time before the first look-ahead ended (a busy machine, a short
            # analysis budget): the first candidate, valued by its listing.
            best_value = candidates[0][1]
        if self.defend_check and forced and -WIN / 2 < best_value <= -WIN / 8:
            best = self.least_forced(forced, best)
        return best, best_value


# The second tile of the turn the hard level chose with its first tile: (the history up
# to and with that first tile, the second tile). A turn is searched once, as a whole.
_plan: list = [None]


def search_move(state, level: str, rng: random.Random, should_stop=None, budget=None):
    """(tile, value) of the searching levels."""
    if level == "hard":
        plan = _plan[0]
        if plan is not None and state.tiles_owed == 1 and plan[0] == tuple(state.history):
            tile = plan[1]
            if state.layout.accepts(tile):
                return tile, plan[2]
        budget = HARD_BUDGET if budget is None else budget
        search = _TurnSearch(state, rng, should_stop, time.perf_counter() + budget,
                             defend_check=True, width=10)
    else:
        search = _TurnSearch(state, rng, should_stop, time.perf_counter() + MEDIUM_BUDGET,
                             defend_check=False, width=4)
    try:
        tiles, value = search.choose()
    except SearchTimeout:
        # Out of time: the best found so far, or the quick greedy choice.
        return greedy(state, rng), 0
    first = _tile(search.sim, *tiles[0])
    if level == "hard" and len(tiles) == 2:
        _plan[0] = (tuple(state.history) + (first,), _tile(search.sim, *tiles[1]), value)
    return first, value


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A legal tile for state.to_play at `level` (a level name; game.ai validates it)."""
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if level == "beginner":
        return beginner(state, rng)
    if not state.layout.count:
        return _first_tile(state, rng)
    if level == "easy":
        return greedy(state, rng)
    return search_move(state, level, rng, should_stop)[0]


def accepts_end(state, seat: int) -> bool:
    """Whether the computer in `seat` agrees to end an unlimited game now: scored by the
    largest regions, when that leaves it no worse than its opponent."""
    if state.is_over or "agree" not in state.consent_moves():
        return False
    mine, theirs = state.largest_sizes()[seat], state.largest_sizes()[1 - seat]
    return mine >= theirs


__all__ = ["LEVELS", "accepts_end", "beginner", "choose_move", "greedy", "search_move"]
