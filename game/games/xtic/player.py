"""Computer players for Xtic, misère Quarto (docs/rules/xtic.md).

Levels "trivial" .. "don't try" look 1..6 moves ahead, one move being one placement with
its hand-over. Within its horizon a level is exact: it never picks a move that loses
within the horizon when another does not, always takes a forced win the horizon shows,
prefers quicker wins and slower losses, and picks at random among equally good moves
(from "hard" up, preferring among those the moves that give a fallible opponent more
chances to go wrong within the horizon). "perfect" solves the rest of the game exactly
when that fits the time target, else it plays like "don't try".

The search keeps its own integer representation, never touching the XticState:

* A piece's 8-bit signature has bit b set for "property b is 1" and bit 4+b for
  "property b is 0". A dangerous line keeps the AND of its pieces' signatures (its
  "common" mask); four pieces share a property exactly when that AND is not zero, and a
  line whose AND is zero is dead for good.
* `PIECES_MATCHING[m]` is the 16-bit set of pieces whose signature meets `m`. For each
  empty square the search keeps `lose[s]`, the pieces that lose there (the OR over its
  three-piece lines), so "is piece p safe on s" and "is p deadly, i.e. losing on every
  empty square" are bit operations. `lose`, the two-piece-line neighbours and the cold
  squares (where nothing loses) are updated incrementally on each placement.
* Values are from the side to move: `WIN - k` for a win whose losing placement is the
  board's k-th piece, `-(WIN - k)` for such a loss, 0 for a draw or "nothing within the
  horizon". Counting k on the board rather than from the root makes a value belong to
  the position itself.

A node is "the player holding piece h must place it". Its parent has already checked
that h has a safe square and that its holder cannot make a piece deadly at once (else
the parent scores that hand-over directly), so a node's value lies in
[-(WIN - n - 3), WIN - n - 4]. The search is negamax with alpha-beta and a
transposition table, and:

* the last moves before the horizon are worked out by masks, not recursion: a hand-over
  is "poisoned" when the receiver can place it safely and hand back a deadly piece
  (poisoned_set), a holder "has a quiet move" when some move of theirs hands over a
  piece that is not poisoned (has_quiet_move, which decides a node three placements
  from the horizon), and wins_next decides whether the opponent can be left without one;
* a window that only asks "can I win?" ignores a last placement of ours before the
  horizon, one that only asks "can I avoid losing?" a last one of the opponent's;
* when no line can be made dangerous enough in time for anyone to be forced to lose
  within the horizon, the value is 0 without search (nothing_within);
* moves are ordered by the best move found before in the position, squares that make
  new three-piece lines, history, and pieces that lose on more squares (then history);
  before searching, a node looks up its children in the caches and stops at once if one
  is already known to refute the window (known_cutoff, an enhanced transposition cutoff).

Exact solves spend nearly all their time in the last few placements, so those have a
solver of their own (the "tail", node6 down to _wins4; `use_tail` turns it off):

* with five or six empty squares searched to the end, a board is only its `lose` sets
  and its "groups": per set of two or more empty squares, the OR of the commons of the
  live lines whose empty squares are exactly that set (such lines always receive the
  same pieces, so they act as one line). Placing a piece updates a small dict instead
  of the search's tables, and the questions near the end have closed forms on it: who
  can punish a hand-over at once (_poisoned_tail), whether the receiver of a piece has
  a quiet move with four empty squares (_quiet4), whether the holder of a piece wins
  at the last placement with four empty squares (_wins4);
* node6 orders all its moves at once, fewest safe squares for the piece handed over
  first, and so does node() from seven empty squares in an exact search: square by
  square, a refutation was often found only after every piece on the first square
  had failed. (Together: about 3x fewer seconds at 9 empty squares.)
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai import SearchCancelled
from game.games.xtic.rules import LINES

WIN = 100
INF = 1000
ALL_PIECES = 0xFFFF

LEVEL_DEPTHS = {"trivial": 1, "easy": 2, "medium": 3, "hard": 4, "very hard": 5,
                "don't try": 6}
PERFECT = "perfect"
FALLBACK_DEPTH = LEVEL_DEPTHS["don't try"]
# "perfect" solves exactly up to this many empty squares: well under a second at 9
# (see `python -m game.bench xtic`), while one more empty square costs 10-80 times that.
# A solve that runs past the budget (boards analysed; about 1.3 s here) gives up and
# keeps the "don't try" move, so no move takes much longer.
PERFECT_EMPTIES = 9
PERFECT_BUDGET = 60_000

POLL_EVERY = 1024          # boards analysed between calls of should_stop

EXACT, LOWER, UPPER = 0, 1, 2

SIGNATURE = tuple(p | ((p ^ 0xF) << 4) for p in range(16))
PIECES_MATCHING = tuple(sum(1 << p for p in range(16) if SIGNATURE[p] & m)
                        for m in range(256))
BIT_INDEX = {1 << i: i for i in range(16)}
# HAVING[j]: the pieces whose signature has bit j.
HAVING = tuple(sum(1 << p for p in range(16) if SIGNATURE[p] >> j & 1) for j in range(8))
_VIABLE: dict[int, tuple] = {}     # pieces to place -> per line count, viable properties


class _BudgetExceeded(Exception):
    """Internal: a solve ran past its budget of boards analysed."""


class _Geometry:
    """The dangerous lines of one game type as square masks."""

    def __init__(self, game_type: str):
        lines = LINES[game_type]
        self.line_mask = tuple(sum(1 << s for s in line) for line in lines)
        self.through = tuple(tuple(i for i, line in enumerate(lines) if s in line)
                             for s in range(16))
        self.most_lines = max(len(t) for t in self.through)
        # Whether two lines can share two squares (torus diagonals do).
        self.lines_overlap = any((a & b).bit_count() > 1 for a in self.line_mask
                                 for b in self.line_mask if a != b)


GEOMETRY = {game_type: _Geometry(game_type) for game_type in LINES}

# SQUARES[mask]: the set bits of a 16-bit mask, ascending (squares or pieces). A plain
# list lookup: the search asks this several million times per second of solving.
SQUARES: list = []


def _build_squares() -> None:
    if not SQUARES:
        table = [()] * 65536
        for mask in range(1, 65536):
            low = mask & -mask
            table[mask] = (BIT_INDEX[low],) + table[mask ^ low]
        SQUARES[:] = table


def _deadly_after(base: int, holes: tuple, piece: int) -> int:
    """Pieces deadly after `piece` goes on a critical square (see _Search.threats)."""
    sig = SIGNATURE[piece]
    for lose_q, common in holes:
        base &= lose_q | PIECES_MATCHING[common & sig]
        if not base:
            return 0
    return base


# --- the tail: the last few empty squares, on lose sets and groups -----------------------
# An exact solve spends most of its time (about 80% at 9 empty squares) proving who is
# forced to lose at the very last placements. There the whole future of a board is its
# `lose` sets plus its groups: per set of two or more empty squares, the OR of the
# commons of the live lines whose empty squares are exactly that set (see the module
# docstring). These functions answer the search's questions from those alone, with no
# copies of the search's tables.

def _wins4(empty: int, lose: list, groups: dict, hand: int, avail: int) -> bool:
    """wins_next with exactly four empty squares: whether the holder of `hand` can
    place it and hand over a piece q with which the receiver has no quiet move, i.e.
    however they place q and whichever piece r they hand back, r is poisoned: it can
    be placed safely and the last piece w then loses on the last square. (A piece the
    receiver could punish at once, a poisoned q, leaves them a quiet move, so it needs
    no separate test.)"""
    g = groups.get
    sh = SIGNATURE[hand]
    quad = g(empty, 0) & sh
    x, y, z = SQUARES[avail]
    # (q, r, w, signature of q, signatures of r and w ANDed) for each hand-over q
    trio = ((x, y, z, SIGNATURE[x], SIGNATURE[y] & SIGNATURE[z]),
            (y, x, z, SIGNATURE[y], SIGNATURE[x] & SIGNATURE[z]),
            (z, x, y, SIGNATURE[z], SIGNATURE[x] & SIGNATURE[y]))
    for s in SQUARES[empty]:
        if lose[s] >> hand & 1:
            continue
        # The three squares a, b, c left: their lose sets, pair and triple groups.
        bit = 1 << s
        rest = empty ^ bit
        a, b, c = SQUARES[rest]
        ba, bb, bc = 1 << a, 1 << b, 1 << c
        la = lose[a] | PIECES_MATCHING[g(bit | ba, 0) & sh]
        lb = lose[b] | PIECES_MATCHING[g(bit | bb, 0) & sh]
        lc = lose[c] | PIECES_MATCHING[g(bit | bc, 0) & sh]
        pab = g(ba | bb, 0) | (g(bit | ba | bb, 0) & sh)
        pac = g(ba | bc, 0) | (g(bit | ba | bc, 0) & sh)
        pbc = g(bb | bc, 0) | (g(bit | bb | bc, 0) & sh)
        triple = g(rest, 0) | quad
        # (lose set of t, of u, of v, pair groups tu, tv, uv) for each square t for q
        views = ((la, lb, lc, pab, pac, pbc), (lb, la, lc, pab, pbc, pac),
                 (lc, la, lb, pac, pbc, pab))
        for q, r, w, sq, srw in trio:
            both = triple & sq & srw      # r and w finish a line of the triple group
            for lt, lu, lv, ptu, ptv, puv in views:
                if lt >> q & 1:
                    continue
                lu |= PIECES_MATCHING[ptu & sq]      # q on t: the holes it makes
                lv |= PIECES_MATCHING[ptv & sq]
                if both or puv & srw:
                    # Whichever of r, w goes last loses on the last square: handing
                    # either is quiet only if it loses on both squares (deadly).
                    if (lu & lv) >> r & 1 or (lu & lv) >> w & 1:
                        break
                    continue
                # r is poisoned when, placed safely on u (or v), w loses on v (or u).
                if lu >> r & 1 or not lv >> w & 1:
                    if lv >> r & 1 or not lu >> w & 1:
                        break                # handing r is quiet
                if lu >> w & 1 or not lv >> r & 1:
                    if lv >> w & 1 or not lu >> r & 1:
                        break                # handing w is quiet
            else:
                return True                  # no quiet move with q
    return False


def _quiet4(empty: int, lose: list, groups: dict, hand: int, avail: int) -> bool:
    """has_quiet_move with exactly four empty squares: whether the holder of `hand`
    can place it safely and hand over a piece q (of the three `avail`) that is not
    poisoned, i.e. wherever the receiver places q safely, no piece r left then loses
    on both other squares."""
    g = groups.get
    sh = SIGNATURE[hand]
    for s in SQUARES[empty]:
        if lose[s] >> hand & 1:
            continue
        bit = 1 << s
        a, b, c = SQUARES[empty ^ bit]
        ba, bb, bc = 1 << a, 1 << b, 1 << c
        la = lose[a] | PIECES_MATCHING[g(bit | ba, 0) & sh]
        lb = lose[b] | PIECES_MATCHING[g(bit | bb, 0) & sh]
        lc = lose[c] | PIECES_MATCHING[g(bit | bc, 0) & sh]
        pab = g(ba | bb, 0) | (g(bit | ba | bb, 0) & sh)
        pac = g(ba | bc, 0) | (g(bit | ba | bc, 0) & sh)
        pbc = g(bb | bc, 0) | (g(bit | bb | bc, 0) & sh)
        # (lose set of u, of v, of w, pair groups uv, uw) for each square u for q
        views = ((la, lb, lc, pab, pac), (lb, la, lc, pab, pbc), (lc, la, lb, pac, pbc))
        for q in SQUARES[avail]:
            sq = SIGNATURE[q]
            others = avail & ~(1 << q)
            for lu, lv, lw, puv, puw in views:
                if not lu >> q & 1 and others & (lv | PIECES_MATCHING[puv & sq]) \
                        & (lw | PIECES_MATCHING[puw & sq]):
                    break                    # q on u, then a piece losing on v and w
            else:
                return True
    return False


def _poisoned4(empty: int, lose: list, groups: dict, avail: int) -> int:
    """_poisoned_tail with exactly four empty squares, unrolled (the common case)."""
    a, b, c, d = SQUARES[empty]
    ba, bb, bc, bd = 1 << a, 1 << b, 1 << c, 1 << d
    g = groups.get
    gab, gac, gad = g(ba | bb, 0), g(ba | bc, 0), g(ba | bd, 0)
    gbc, gbd, gcd = g(bb | bc, 0), g(bb | bd, 0), g(bc | bd, 0)
    la, lb, lc, ld = lose[a], lose[b], lose[c], lose[d]
    found = 0
    # (lose set of t, then of each other square u with the pair group tu)
    for lt, l1, g1, l2, g2, l3, g3 in ((la, lb, gab, lc, gac, ld, gad),
                                       (lb, la, gab, lc, gbc, ld, gbd),
                                       (lc, la, gac, lb, gbc, ld, gcd),
                                       (ld, la, gad, lb, gbd, lc, gcd)):
        deadly = avail & (l1 | PIECES_MATCHING[g1]) & (l2 | PIECES_MATCHING[g2]) \
            & (l3 | PIECES_MATCHING[g3])
        if not deadly:
            continue
        safe = avail & ~lt
        for x in SQUARES[deadly]:
            sx = SIGNATURE[x]
            placers = safe & ~(1 << x)
            if not l1 >> x & 1:
                placers &= PIECES_MATCHING[g1 & sx]
            if not l2 >> x & 1:
                placers &= PIECES_MATCHING[g2 & sx]
            if not l3 >> x & 1:
                placers &= PIECES_MATCHING[g3 & sx]
            found |= placers
    return found


def _poisoned_tail(empty: int, lose: list, groups: dict, avail: int) -> int:
    """poisoned_set from the groups: the pieces whose receiver can place them safely
    and hand back a piece that loses on every square left."""
    if empty.bit_count() == 4:
        return _poisoned4(empty, lose, groups, avail)
    found = 0
    g = groups.get
    squares = SQUARES[empty]
    for t in squares:
        bt = 1 << t
        # A quick filter: the pieces deadly after some piece or other on t (often
        # none, known after a square or two); the exact test below is per piece x.
        deadly = avail
        for u in squares:
            if u != t:
                deadly &= lose[u] | PIECES_MATCHING[g(bt | 1 << u, 0)]
                if not deadly:
                    break
        if not deadly:
            continue
        # x turns deadly when the piece placed on t meets `common & signature(x)` of
        # each pair {t, u} whose u does not already take x.
        safe = avail & ~lose[t]
        for x in SQUARES[deadly]:
            sx = SIGNATURE[x]
            placers = safe & ~(1 << x)
            for u in squares:
                if u != t and not lose[u] >> x & 1:
                    placers &= PIECES_MATCHING[g(bt | 1 << u, 0) & sx]
                    if not placers:
                        break
            found |= placers
    return found


def _place_groups(groups: dict, lose: list, bit: int, sig: int) -> dict:
    """The groups after a piece with signature `sig` goes on square `bit` (a mask);
    `lose` (a copy) gets the new holes."""
    after = {}
    for e, c in groups.items():
        if e & bit:
            c &= sig
            if not c:
                continue                 # the lines die
            e ^= bit
            if not e & (e - 1):          # one empty square left: a hole
                lose[BIT_INDEX[e]] |= PIECES_MATCHING[c]
                continue
        after[e] = after.get(e, 0) | c
    return after


class _Search:
    """One search from one position; its tables live as long as it does."""

    # The tail solver for the last five or six empty squares and the move order over
    # all squares at once in exact searches (off: the plain search, which the tests
    # use as a second opinion).
    use_tail = True

    def __init__(self, game_type: str, board, hand: int, should_stop=None):
        _build_squares()
        geo = GEOMETRY[game_type]
        self.line_mask = geo.line_mask
        self.through = geo.through
        self.most_lines = geo.most_lines
        self.lines_overlap = geo.lines_overlap
        lines = len(geo.line_mask)
        self.cnt = [0] * lines               # pieces in each line
        self.com = [0xFF] * lines            # AND of their signatures (0: dead line)
        self.live = [lines, 0, 0, 0]         # live lines by number of pieces
        self.lose = [0] * 16                 # per empty square: pieces that lose there
        self.near = [0] * 16                 # squares paired with s in a live 2-line
        self.empty = 0xFFFF
        self.cold = 0xFFFF                   # empty squares where no piece loses
        self.n = 0
        self.key = 0
        self.avail = ALL_PIECES & ~(1 << hand)
        for s, piece in enumerate(board):
            if piece >= 0:
                self.place(s, piece)
                self.avail &= ~(1 << piece)
        self.hand = hand
        self.tt: dict[int, tuple] = {}
        self.quiet_cache: dict[int, bool] = {}
        self.win_cache: dict[int, bool] = {}
        self.safe_handover: dict[int, bool] = {}   # board -> a hand-over not poisoned
        self.hints: dict[int, tuple] = {}   # position -> best move found there
        self.square_score = [0] * 16        # history heuristic: cut-offs per square
        self.piece_score = [0] * 16         # and per piece handed over
        self.nodes = 0                      # boards analysed
        self.should_stop = should_stop
        self.budget = None                  # most boards to analyse, if limited

    # --- making and unmaking placements --------------------------------------------------
    def place(self, s: int, piece: int) -> tuple:
        """Put `piece` on empty square `s` (never a losing placement); returns the undo.

        The changed tables are fresh copies, so the caller's references to the tables
        before the placement stay valid, and undoing is putting them back.
        """
        undo = (self.cnt, self.com, self.live, self.lose, self.near, self.cold,
                self.empty, self.key)
        sig = SIGNATURE[piece]
        cnt, com, live = self.cnt[:], self.com[:], self.live[:]
        lose = near = None                  # copied when first changed
        line_mask = self.line_mask
        bit = 1 << s
        empty = self.empty ^ bit
        cold = self.cold & ~bit
        for line in self.through[s]:
            c = cnt[line]
            cnt[line] = c + 1
            m = com[line]
            if not m:
                continue
            m &= sig
            com[line] = m
            live[c] -= 1
            if not m:
                continue
            if c == 2:                          # a new three-piece line: its hole is hot
                live[3] += 1
                q = BIT_INDEX[line_mask[line] & empty]
                if lose is None:
                    lose = self.lose[:]
                lose[q] |= PIECES_MATCHING[m]
                cold &= ~(1 << q)
            elif c == 1:                        # a new two-piece line: pair its squares
                live[2] += 1
                holes = line_mask[line] & empty
                low = holes & -holes
                high = holes ^ low
                if near is None:
                    near = self.near[:]
                near[BIT_INDEX[low]] |= high
                near[BIT_INDEX[high]] |= low
            elif c == 0:
                live[1] += 1
        self.cnt, self.com, self.live = cnt, com, live
        if lose is not None:
            self.lose = lose
        if near is not None:
            self.near = near
        self.cold = cold
        self.empty = empty
        self.n += 1
        self.key += (piece + 1) << (5 * s)
        return undo

    def unplace(self, undo: tuple) -> None:
        (self.cnt, self.com, self.live, self.lose, self.near, self.cold,
         self.empty, self.key) = undo
        self.n -= 1

    # --- what the board threatens ----------------------------------------------------------
    def threats(self) -> list:
        """[crit, calm, poisoned] for the current board, whatever piece is in hand.

        crit: [s, base, holes] for each empty square s where a placement could leave a
              deadly piece among self.avail: `base` is the AND of lose[] over the squares
              that placement leaves unchanged, `holes` (None until new_holes fills it in)
              the (lose[q], common) of each square q that becomes the hole of a
              three-piece line through s.
        calm: the empty squares on which a placement (of any piece) leaves the receiver
              no way to make a piece deadly: every hand-over from there is quiet.
        poisoned: None until poisoned_set() fills it in.
        """
        self.nodes += 1
        if self.nodes % POLL_EVERY == 0:
            self.poll()
        cold, empty = self.cold, self.empty
        # After a placement on s, a deadly piece needs every empty square but s hot;
        # the placement makes at most one new hole per line through s.
        limit = 1 + self.most_lines
        if cold.bit_count() > 2 * limit:
            return [(), empty, 0]
        lose, near = self.lose, self.near
        empties = SQUARES[empty]
        avail = self.avail
        crit = []
        calm = 0
        for s in empties:
            spared = (near[s] & empty) | 1 << s
            rest = cold & ~spared
            if rest:
                if rest.bit_count() > limit:
                    calm |= 1 << s
                continue
            base = avail
            for q in empties:
                if not spared >> q & 1:
                    base &= lose[q]
                    if not base:
                        break
            if base:
                crit.append([s, base, None])      # holes filled in when first needed
        return [crit, calm, None]

    def new_holes(self, s: int) -> list:
        """(lose[q], common) for each q that a placement on s makes a 3-line hole."""
        cnt, com, line_mask = self.cnt, self.com, self.line_mask
        rest = self.empty & ~(1 << s)
        holes = [(line_mask[line] & rest, com[line]) for line in self.through[s]
                 if cnt[line] == 2 and com[line]]
        if self.lines_overlap and len(holes) > 1:
            # Torus anti-diagonals can share two squares: one hole, OR their masks.
            merged = {}
            for hole, common in holes:
                merged[hole] = merged.get(hole, 0) | common
            holes = merged.items()
        lose = self.lose
        return [(lose[BIT_INDEX[hole]], common) for hole, common in holes]

    def poisoned_set(self, info: list) -> int:
        """The pieces whose receiver can place them safely and hand back a deadly one.
        `info` is threats() of the current board; the set is remembered in it.

        Per critical square s and candidate deadly piece x: x turns deadly when the
        piece p placed on s extends every new three-piece line towards x's properties,
        i.e. p matches `common & signature(x)` of each hole x does not already lose on.
        """
        found = info[2]
        if found is None:
            lose, avail = self.lose, self.avail
            found = 0
            for entry in info[0]:
                s, base, holes = entry
                safe = avail & ~lose[s] & ~found     # pieces found already need no proof
                if not safe:
                    continue
                if holes is None:
                    holes = entry[2] = self.new_holes(s)
                for x in SQUARES[base]:
                    sig = SIGNATURE[x]
                    placers = safe & ~(1 << x) & ~found
                    if not placers:
                        continue
                    for lose_q, common in holes:
                        if not lose_q >> x & 1:
                            placers &= PIECES_MATCHING[common & sig]
                            if not placers:
                                break
                    found |= placers
            info[2] = found
        return found

    def nothing_within(self, horizon: int) -> bool:
        """True when no placement within `horizon` can be forced to lose (value 0).

        A forced loss at placement t needs all E-t+1 squares then empty to be hot, so
        that many three-piece lines; t-1 placements add at most most_lines pieces to
        lines each, and a live line with c pieces needs 3-c of them.
        """
        empties = self.empty.bit_count()
        t = min(horizon, empties)
        budget = (t - 1) * self.most_lines
        live = self.live
        new = min(live[2], budget)
        budget -= new
        k = min(live[1], budget // 2)
        new += k
        budget -= 2 * k
        new += min(live[0], budget // 3)
        hot = empties - self.cold.bit_count()
        return hot + new < empties - t + 1

    def has_quiet_move(self, hand: int, info: tuple) -> bool:
        """Whether the holder of `hand` has a move that does not lose at their next
        placement: one handing over a piece that is not poisoned.

        That decides a node three placements from the horizon (0, or a loss), and
        whether a node four from it is worth at least 0.
        """
        lose, cold, calm = self.lose, self.cold, info[1]
        if calm & cold:
            return True                       # a cold square is safe for any piece
        for s in SQUARES[calm]:
            if not lose[s] >> hand & 1:
                return True
        poisoned_set, safe_handover = self.poisoned_set, self.safe_handover
        for s in SQUARES[self.empty & ~calm]:
            if lose[s] >> hand & 1:
                continue
            after = self.key + ((hand + 1) << (5 * s))     # the board after placing
            quiet = safe_handover.get(after)
            if quiet is None:
                undo = self.place(s, hand)
                child = self.threats()
                quiet = bool(self.avail & ~poisoned_set(child))
                safe_handover[after] = quiet
                self.unplace(undo)
            if quiet:
                return True
        return False

    def quiet(self, position: int, hand: int, info: tuple) -> bool:
        """has_quiet_move, remembered per position."""
        known = self.quiet_cache.get(position)
        if known is None:
            known = self.quiet_cache[position] = self.has_quiet_move(hand, info)
        return known

    def wins_next(self, hand: int) -> bool:
        """Whether the holder of `hand` can leave the opponent without a quiet move, so
        that the opponent's placement after next is forced to lose."""
        empties = self.empty.bit_count()
        if empties == 4 and self.use_tail:
            return _wins4(self.empty, self.lose, self.groups(), hand, self.avail)
        if empties == 5 and self.use_tail:
            return self.wins5(hand, self.empty, self.lose, self.groups(), self.key,
                              self.avail)
        lose = self.lose
        near, empty, cold = self.near, self.empty, self.cold
        squares = [s for s in SQUARES[empty] if not lose[s] >> hand & 1]
        squares.sort(key=lambda q: ((near[q] & empty).bit_count(), cold >> q & 1),
                     reverse=True)               # the order node() uses, for the same reason
        for s in squares:
            undo = self.place(s, hand)
            found = False
            if not self.nothing_within(3):
                child = self.threats()
                if not child[1] & self.cold:   # else a calm cold square saves them
                    base = self.key << 4
                    # A poisoned piece lets them punish at once: no win there.
                    for p in SQUARES[self.avail & ~self.poisoned_set(child)]:
                        self.avail ^= 1 << p
                        found = not self.quiet(base | p, p, child)
                        self.avail ^= 1 << p
                        if found:
                            break
            self.unplace(undo)
            if found:
                return True
        return False

    def error_chance(self, piece: int) -> float:
        """The share of the receiver's legal moves, once handed `piece` on the current
        board, that lose within their next two placements: placing it where it loses,
        or handing back a poisoned piece."""
        lose, left = self.lose, self.avail & ~(1 << piece)
        safe = [q for q in SQUARES[self.empty] if not lose[q] >> piece & 1]
        unsafe = self.empty.bit_count() - len(safe)
        errors = unsafe
        if not self.nothing_within(3):
            self.avail = left
            for q in safe:
                undo = self.place(q, piece)
                errors += (self.poisoned_set(self.threats()) & left).bit_count()
                self.unplace(undo)
            self.avail = left | 1 << piece
        return errors / (unsafe + len(safe) * max(1, left.bit_count()))

    def viable_lines(self) -> int:
        """Lines that can still become dangerous: their pieces share a property that at
        least as many of the pieces still to be placed have as the line lacks."""
        viable = _VIABLE.get(self.avail)
        if viable is None:
            counts = [(self.avail & HAVING[j]).bit_count() for j in range(8)]
            viable = _VIABLE[self.avail] = tuple(
                sum(1 << j for j in range(8) if counts[j] >= 4 - c) for c in range(4)) + (0,)
        return sum(1 for c, common in zip(self.cnt, self.com) if common & viable[c])

    def poll(self) -> None:
        if self.should_stop is not None and self.should_stop():
            raise SearchCancelled("the search was asked to stop")
        if self.budget is not None and self.nodes > self.budget:
            raise _BudgetExceeded

    # --- the tail: six empty squares or fewer, solved to the end ---------------------------
    # A tail position is (empty, lose, groups, key, n, avail) plus the piece in hand, held
    # in local variables: placing a piece builds a new `lose` list and groups dict and
    # leaves the search's own tables alone. The values, windows and caches are those
    # node() would use for the same position, so the two share their tables.
    def groups(self) -> dict:
        """Empty squares of each live line with two or more of them -> OR of commons."""
        groups = {}
        empty = self.empty
        for mask, common, count in zip(self.line_mask, self.com, self.cnt):
            if common and count <= 2:
                e = mask & empty
                groups[e] = groups.get(e, 0) | common
        return groups

    def tick(self) -> None:
        """Count one board analysed (the budget and should_stop are in boards)."""
        self.nodes += 1
        if self.nodes % POLL_EVERY == 0:
            self.poll()

    def avoid5(self, hand, empty, lose, groups, key, n, avail) -> int:
        """Five empty squares, a window asking "can I avoid losing?" (beta <= 0): 0 (a
        lower bound) if some move does not lose, else the exact value, a loss at the
        last placement or at our next one. Kept in tt as node() would."""
        position = key << 4 | hand
        tt_key = position << 4 | 5
        tt = self.tt
        entry = tt.get(tt_key)
        if entry is not None and (entry[0] == EXACT or entry[0] == LOWER
                                  and entry[1] >= 0):
            return entry[1]
        sh = SIGNATURE[hand]
        win_cache = self.win_cache
        hint = self.hints.get(position)
        squares = SQUARES[empty]
        if hint is not None:
            squares = (hint[0],) + tuple(q for q in squares if q != hint[0])
        best = -(WIN - n - 3)            # every hand-over poisoned: we lose at once
        for s in squares:
            if lose[s] >> hand & 1:
                continue
            self.tick()
            bit = 1 << s
            after_lose = lose[:]
            after = _place_groups(groups, after_lose, bit, sh)
            rest = empty ^ bit
            # A poisoned hand-over loses at our next placement: skip it.
            pieces = SQUARES[avail & ~_poisoned_tail(rest, after_lose, after, avail)]
            if not pieces:
                continue
            if hint is not None and hint[0] == s and hint[1] in pieces:
                pieces = (hint[1],) + tuple(p for p in pieces if p != hint[1])
            base = (key + ((hand + 1) << (5 * s))) << 4
            for p in pieces:
                won = win_cache.get(base | p)
                if won is None:
                    won = win_cache[base | p] = _wins4(rest, after_lose, after, p,
                                                       avail & ~(1 << p))
                if not won:
                    self.hints[position] = (s, p)
                    tt[tt_key] = (LOWER, 0)
                    return 0
            best = -(WIN - n - 5)        # they win, at our last placement
        tt[tt_key] = (EXACT, best)
        return best

    def wins5(self, hand, empty, lose, groups, key, avail) -> bool:
        """wins_next with five empty squares: whether we can place `hand` and hand over
        a piece with which the receiver has no quiet move (every hand-over of theirs
        poisoned), so that their placement after next loses. Cached in win_cache."""
        position = key << 4 | hand
        won = self.win_cache.get(position)
        if won is not None:
            return won
        won = False
        sh = SIGNATURE[hand]
        for s in SQUARES[empty]:
            if lose[s] >> hand & 1:
                continue
            self.tick()
            bit = 1 << s
            after_lose = lose[:]
            after = _place_groups(groups, after_lose, bit, sh)
            rest = empty ^ bit
            for p in SQUARES[avail & ~_poisoned_tail(rest, after_lose, after, avail)]:
                if not _quiet4(rest, after_lose, after, p, avail & ~(1 << p)):
                    won = True
                    break
            if won:
                break
        self.win_cache[position] = won
        return won

    def value5(self, hand, empty, lose, groups, key, n, avail) -> int:
        """The exact value with five empty squares."""
        v = self.avoid5(hand, empty, lose, groups, key, n, avail)
        if v < 0:
            return v
        return WIN - n - 4 if self.wins5(hand, empty, lose, groups, key, avail) else 0

    def node5(self, hand: int, alpha: int, beta: int) -> int:
        """node() with five empty squares, searched to the end: "can I win?" is
        wins5 (our last placement cannot matter), "can I avoid losing?" avoid5, any
        other window the exact value."""
        tail = (self.empty, self.lose, self.groups(), self.key)
        if alpha >= 0:
            return WIN - self.n - 4 if self.wins5(hand, *tail, self.avail) else 0
        if beta <= 0:
            return self.avoid5(hand, *tail, self.n, self.avail)
        return self.value5(hand, *tail, self.n, self.avail)

    def ordered_moves(self, hand: int, groups: dict, hint) -> list:
        """All moves of the holder of `hand`, over all squares at once: the hint
        first, then the pieces that will lose on more squares (counting the holes the
        placement makes), then history. Needs no placement. Each move is an integer,
        square `m >> 4 & 15`, piece `m & 15`."""
        empty, lose, avail = self.empty, self.lose, self.avail
        square_score, piece_score = self.square_score, self.piece_score
        unsafe = [0] * 16                # per piece: the squares where it loses now
        for t in SQUARES[empty]:
            for p in SQUARES[lose[t] & avail]:
                unsafe[p] += 1
        sh = SIGNATURE[hand]
        pair_holes = {}                  # square -> [(other square, pieces losing there)]
        for e, common in groups.items():
            if e.bit_count() == 2:
                made = PIECES_MATCHING[common & sh] & avail
                if made:
                    low = e & -e
                    q, r = BIT_INDEX[low], BIT_INDEX[e ^ low]
                    pair_holes.setdefault(q, []).append((r, made))
                    pair_holes.setdefault(r, []).append((q, made))
        # One integer per move, for a quick sort: hint flag, count, square history,
        # piece history, square, piece (history scores stay far below 2**32).
        piece_part = [piece_score[p] << 8 | p for p in range(16)]
        pieces = SQUARES[avail]
        moves = []
        for s in SQUARES[empty]:
            ls = lose[s]
            if ls >> hand & 1:
                continue
            square_part = square_score[s] << 40 | s << 4
            count = unsafe
            if s in pair_holes:          # the placement's new holes
                count = unsafe[:]
                for r, made in pair_holes[s]:
                    for p in SQUARES[made & ~lose[r]]:
                        count[p] += 1
            for p in pieces:
                moves.append((count[p] - (ls >> p & 1)) << 72 | square_part
                             | piece_part[p])
        if hint is not None:
            s, p = hint
            mark = square_score[s] << 40 | s << 4 | piece_part[p]
            for i, m in enumerate(moves):
                if m & ((1 << 72) - 1) == mark:
                    moves[i] = m | 1 << 76
                    break
        moves.sort(reverse=True)
        return moves

    def node6(self, hand: int, alpha: int, beta: int) -> int:
        """node() with six empty squares and a horizon reaching the end: the same value
        and tt entries, searched on the tail representation. Moves are ordered over all
        squares at once by how many squares the piece handed over loses on (fewer
        safe squares for the receiver first: measured, those refute soonest)."""
        empty, lose, avail, n, key = self.empty, self.lose, self.avail, self.n, self.key
        lo = -(WIN - n - 3)
        hi = WIN - n - 4
        horizon = 5 if beta <= 0 and alpha < 0 else 6
        if self.nothing_within(horizon):
            return 0
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        position = key << 4 | hand
        tt_key = position << 4 | horizon
        entry = self.tt.get(tt_key)
        if entry is not None:
            flag, value = entry
            if flag == EXACT:
                return value
            if flag == LOWER:
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            elif value <= alpha:
                return value
            else:
                beta = min(beta, value)
        alpha0 = alpha
        best = lo
        best_move = None
        if alpha < lo:
            alpha = lo
        groups = self.groups()
        sh = SIGNATURE[hand]
        square_score, piece_score = self.square_score, self.piece_score
        hint = self.hints.get(position)
        moves = self.ordered_moves(hand, groups, hint)
        states = {}
        for m in moves:
            s, p = m >> 4 & 15, m & 15
            state = states.get(s)
            if state is None:
                self.tick()
                bit = 1 << s
                after_lose = lose[:]
                after = _place_groups(groups, after_lose, bit, sh)
                rest = empty ^ bit
                child_key = key + ((hand + 1) << (5 * s))
                state = states[s] = (rest, after_lose, after, child_key,
                                     _poisoned_tail(rest, after_lose, after, avail))
            rest, after_lose, after, child_key, poisoned = state
            if poisoned >> p & 1:
                continue                 # they would punish it at once
            left = avail & ~(1 << p)
            if beta <= 0:                # the child asks "can I win?" (horizon 4)
                v = -(WIN - n - 5) if self.wins5(p, rest, after_lose, after, child_key,
                                                 left) else 0
            elif alpha >= 0:             # the child asks "can I avoid losing?"
                v = -self.avoid5(p, rest, after_lose, after, child_key, n + 1, left)
            else:
                v = -self.value5(p, rest, after_lose, after, child_key, n + 1, left)
            if v > best:
                best = v
                best_move = (s, p)
                if v > alpha:
                    alpha = v
                    if alpha >= beta or best >= hi:
                        square_score[s] += horizon * horizon
                        piece_score[p] += horizon * horizon
                        break
        if best_move is not None:
            self.hints[position] = best_move
        if best >= hi or alpha0 < best < beta:
            flag = EXACT
        elif best >= beta:
            flag = LOWER
        else:
            flag = UPPER
        self.tt[tt_key] = (flag, best)
        return best

    # --- the search --------------------------------------------------------------------
    def node(self, hand: int, depth: int, alpha: int, beta: int, info: tuple) -> int:
        """Negamax value of the side to move, who holds `hand` (not in self.avail).

        Precondition (checked by the caller): `hand` has a safe square and its holder
        cannot make a piece deadly at once; depth >= 3 and 3+ squares are empty.
        `info` is threats() of the current board.
        """
        empties = self.empty.bit_count()
        if empties <= 6 and self.use_tail:
            # Searched to the end (or to just before our opponent's last placement):
            # the tail code, on its own representation.
            if empties == 6 and (depth >= 6 or depth == 5 and beta <= 0):
                return self.node6(hand, alpha, beta)     # (horizon 5 either way)
            if empties == 5 and depth >= 5:
                return self.node5(hand, alpha, beta)
        horizon = min(depth, empties)
        # Odd placements from here are ours, even ones the opponent's. A window that only
        # asks "can I win?" (alpha >= 0) does not care about a last placement of ours, one
        # that only asks "can I avoid losing?" (beta <= 0) not about a last one of theirs:
        # the shorter horizon gives the same answer, or a bound on the safe side.
        if alpha >= 0:
            if horizon == 3:
                return 0                 # the precondition rules out a win by then
            horizon -= horizon & 1
        elif beta <= 0:
            horizon -= 1 - (horizon & 1)
        if self.nothing_within(horizon):
            return 0
        n = self.n
        lo = -(WIN - n - 3)                               # forced to lose at our next turn
        position = self.key << 4 | hand
        if horizon == 3:
            return 0 if self.quiet(position, hand, info) else lo
        hi = WIN - n - 4                                  # opponent forced to lose next
        if horizon == 4 and alpha >= 0:
            won = self.win_cache.get(position)
            if won is None:
                won = self.win_cache[position] = self.wins_next(hand)
            return hi if won else 0
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        key = position << 4 | horizon
        entry = self.tt.get(key)
        if entry is not None:
            flag, value = entry
            if flag == EXACT:
                return value
            if flag == LOWER:
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            elif value <= alpha:
                return value
            else:
                beta = min(beta, value)
        if horizon >= 5:
            # Enhanced transposition cut-off: a child the caches already show to refute
            # this window ends the node without a search (4-8% fewer boards at 9 empty).
            cut = self.known_cutoff(hand, horizon - 1, -beta, -max(alpha, lo))
            if cut is not None:
                value, move = cut
                self.hints[position] = move
                self.tt[key] = (EXACT if value >= hi else LOWER, value)
                return value
        alpha0 = alpha
        best = lo                # every move scores at least lo (see the module docstring)
        best_move = None
        if alpha < lo:
            alpha = lo
        lose = self.lose
        child_depth = horizon - 1
        # Square by square (below, outside exact searches): this position's best move
        # from an earlier search first, then squares making more new three-piece lines,
        # cold ones first, then by history; pieces: those losing on more squares first
        # (less room for the receiver). Measured: this order needs the fewest nodes.
        square_score, piece_score = self.square_score, self.piece_score
        hint = self.hints.get(position)
        avail = self.avail
        if empties >= 7 and depth >= empties - 1 and self.use_tail:
            # An exact search: all moves at once, as in node6 (square by square, a
            # refutation was often found only after every piece on the first square
            # had failed). A square's board is made when its first move comes up and
            # kept, to be put back for its other moves.
            parent = (self.cnt, self.com, self.live, self.lose, self.near, self.cold,
                      self.empty, self.key)
            boards = {}
            for m in self.ordered_moves(hand, self.groups(), hint):
                s, p = m >> 4 & 15, m & 15
                board = boards.get(s)
                if board is None:
                    self.place(s, hand)
                    child = self.threats()
                    board = boards[s] = (self.cnt, self.com, self.live, self.lose,
                                         self.near, self.cold, self.empty, self.key,
                                         child, self.poisoned_set(child))
                else:
                    (self.cnt, self.com, self.live, self.lose, self.near, self.cold,
                     self.empty, self.key) = board[:8]
                    self.n += 1
                child, poisoned = board[8:]
                if not poisoned >> p & 1:
                    self.avail = avail ^ 1 << p
                    v = -self.node(p, child_depth, -beta, -alpha, child)
                    self.avail = avail
                else:
                    v = None
                self.unplace(parent)
                if v is not None and v > best:
                    best = v
                    best_move = (s, p)
                    if v > alpha:
                        alpha = v
                        if alpha >= beta or best >= hi:
                            square_score[s] += horizon * horizon
                            piece_score[p] += horizon * horizon
                            break
        else:
            near, empty, cold = self.near, self.empty, self.cold
            squares = [s for s in SQUARES[empty] if not lose[s] >> hand & 1]
            squares.sort(key=lambda q: ((near[q] & empty).bit_count(), cold >> q & 1,
                                        square_score[q]), reverse=True)
            if hint is not None:
                squares.remove(hint[0])
                squares.insert(0, hint[0])
            pieces = SQUARES[avail]
            done = False
            for s in squares:
                undo = self.place(s, hand)
                child = self.threats()
                losing = [0] * 16                # per piece: hot squares where it loses
                child_lose = self.lose
                for q in SQUARES[self.empty & ~self.cold]:
                    for p in SQUARES[child_lose[q] & avail]:
                        losing[p] += 1
                order = sorted(pieces, key=lambda p: (losing[p], piece_score[p]),
                               reverse=True)
                if hint is not None and hint[0] == s:
                    order.remove(hint[1])
                    order.insert(0, hint[1])
                poisoned = self.poisoned_set(child)
                for p in order:
                    if poisoned >> p & 1:
                        continue
                    self.avail ^= 1 << p
                    v = -self.node(p, child_depth, -beta, -alpha, child)
                    self.avail ^= 1 << p
                    if v > best:
                        best = v
                        best_move = (s, p)
                        if v > alpha:
                            alpha = v
                            if alpha >= beta or best >= hi:
                                square_score[s] += horizon * horizon
                                piece_score[p] += horizon * horizon
                                done = True
                                break
                self.unplace(undo)
                if done:
                    break
        if best_move is not None:
            self.hints[position] = best_move
        if best >= hi or alpha0 < best < beta:
            flag = EXACT
        elif best >= beta:
            flag = LOWER
        else:
            flag = UPPER
        self.tt[key] = (flag, best)
        return best

    def known_cutoff(self, hand: int, depth: int, alpha: int, beta: int):
        """(value, move) of a move whose child, searched with (depth, alpha, beta), the
        caches already show to score <= alpha for the child (a cut-off for the caller);
        None if there is none. Only lookups: the child keys need no placement."""
        if alpha >= 0:                     # the horizon the child would use (node())
            if depth == 3:
                return None
            depth -= depth & 1
        elif beta <= 0:
            depth -= 1 - (depth & 1)
        lose, tt = self.lose, self.tt
        pieces = SQUARES[self.avail]
        child_lo = -(WIN - self.n - 4)
        for s in SQUARES[self.empty]:
            if lose[s] >> hand & 1:
                continue
            base = (self.key + ((hand + 1) << (5 * s))) << 4
            if depth == 3:
                if child_lo > alpha:
                    return None
                known = self.quiet_cache     # no quiet move: the child is lost at once
                for p in pieces:
                    if known.get(base | p) is False:
                        return -child_lo, (s, p)
            elif depth == 4 and alpha >= 0:
                known = self.win_cache       # no win for the child: it scores 0
                for p in pieces:
                    if known.get(base | p) is False:
                        return 0, (s, p)
            else:
                for p in pieces:
                    entry = tt.get((base | p) << 4 | depth)
                    if entry is not None and entry[0] != LOWER and entry[1] <= alpha:
                        return -entry[1], (s, p)
        return None

    def root_value(self, p: int, depth: int, best: int, lo: int, hi: int,
                   info: tuple) -> int:
        """A root move's exact value if it beats `best`, else a value <= best.

        Narrow windows first (most values are 0, and a null window is far cheaper than
        a wide one), widened only when the value turns out to lie outside them.
        """
        if best < lo:                       # the first move: try "is it 0?" first
            v = -self.node(p, depth, -1, 1, info)
            if v >= 1:
                v = -self.node(p, depth, -(hi + 1), 0, info)
            elif v <= -1:
                v = -self.node(p, depth, 1, -(lo - 1), info)
            return v
        v = -self.node(p, depth, -(best + 1), -best, info)
        if v > best:
            v = -self.node(p, depth, -(hi + 1), -best, info)
        return v

    def root(self, depth: int, rng: random.Random) -> tuple:
        """(best value, chosen (square, piece or None)) for the holder of self.hand."""
        self.poll()
        hand = self.hand
        info = self.threats()
        lose = self.lose
        empties = SQUARES[self.empty]
        n = self.n
        safe = [s for s in empties if not lose[s] >> hand & 1]
        if not safe:                                       # every placement loses now
            return -(WIN - n - 1), (rng.choice(empties), None)
        if not self.avail:                                 # the last piece: a draw
            return 0, (safe[0], None)
        moves = [(s, p) for s in safe for p in SQUARES[self.avail]]
        rng.shuffle(moves)
        if depth == 1:
            return 0, moves[0]          # any safe placement, any piece
        wins = []
        for s, base, _holes in info[0]:
            if not lose[s] >> hand & 1:
                deadly = _deadly_after(base & self.avail, self.new_holes(s), hand)
                wins.extend((s, p) for p in SQUARES[deadly])
        if wins:                                           # hand over a deadly piece
            return WIN - n - 2, rng.choice(wins)
        # From "hard" (4 moves) up, equally good moves are told apart by the chances they
        # leave a fallible opponent within those 4 moves (error_chance), then by how many
        # lines can still turn dangerous; the sort is stable, so the choice stays random
        # among moves equal in all three respects. (Against a random player this turns
        # most would-be draws into wins.)
        children, preference = {}, {}
        for s in safe:
            undo = self.place(s, hand)
            children[s] = self.threats()
            if depth >= 4:
                lines = self.viable_lines()
                for p in SQUARES[self.avail]:
                    preference[s, p] = (self.error_chance(p), lines)
            self.unplace(undo)
        if preference:
            moves.sort(key=preference.__getitem__, reverse=True)
        if depth == 2 or len(empties) < 3 or self.nothing_within(depth):
            return 0, moves[0]
        # Keep the first move that beats everything before it: the best value, and
        # among the moves worth it the first in the order above.
        lo = -(WIN - n - 3)
        deeper = min(depth, len(empties)) >= 4
        hi = WIN - n - 4 if deeper else 0
        best, best_move = -INF, None
        for s, p in moves:
            undo = self.place(s, hand)
            child = children[s]
            if self.poisoned_set(child) >> p & 1:
                v = lo
            elif deeper:
                self.avail ^= 1 << p
                v = self.root_value(p, depth - 1, best, lo, hi, child)
                self.avail ^= 1 << p
            else:
                v = 0
            self.unplace(undo)
            if v > best:
                best, best_move = v, (s, p)
                if best >= hi:
                    break
        return best, best_move


@dataclass(frozen=True)
class Plan:
    """A chosen move with what the search knows about it (the bench reports these)."""
    move: tuple
    value: int        # WIN - k: wins on the k-th piece; -(WIN - k): loses; 0: neither
    depth: int        # moves looked ahead; >= empty squares means solved exactly
    nodes: int        # boards analysed (0 when no search was needed)


def plan_move(state, level: str, rng: random.Random, should_stop=None) -> Plan:
    """Choose a move for the player to move in `state` at `level`; never changes state."""
    if state.hand is None:
        # The opening hand-over: XOR-ing every piece with a constant maps Xtic onto
        # itself, so all opening pieces are worth the same at every depth.
        return Plan((None, rng.choice(state.available_pieces())), 0, 0, 0)
    empties = state.board.count(-1)
    if level != PERFECT:
        return _plan(state, LEVEL_DEPTHS[level], rng, should_stop)
    if empties <= PERFECT_EMPTIES:
        return solve(state, rng, should_stop, budget=PERFECT_BUDGET)
    return _plan(state, FALLBACK_DEPTH, rng, should_stop)


def solve(state, rng: random.Random, should_stop=None, budget: int | None = None) -> Plan:
    """The exact value of the position and a best move (random among the best).

    With a `budget` (boards analysed) a solve that would run past it gives up and the
    move is the one "don't try" chooses.
    """
    empties = state.board.count(-1)
    search = _Search(state.game_type, state.board, state.hand, should_stop)
    # Look 6 moves ahead first: a win or loss found there is already the exact value
    # (nothing faster hides deeper), and the same order of moves picks the same move.
    # The search keeps what it learnt (best moves, quiet and winning positions).
    start = rng.getstate()
    value, move = search.root(FALLBACK_DEPTH, rng)
    if value != 0 or empties <= FALLBACK_DEPTH:
        return Plan(move, value, FALLBACK_DEPTH, search.nodes)
    rng.setstate(start)
    search.budget = None if budget is None else search.nodes + budget
    try:
        exact_value, exact_move = search.root(empties, rng)
    except _BudgetExceeded:
        return Plan(move, value, FALLBACK_DEPTH, search.nodes)
    return Plan(exact_move, exact_value, empties, search.nodes)


def _plan(state, depth: int, rng: random.Random, should_stop) -> Plan:
    search = _Search(state.game_type, state.board, state.hand, should_stop)
    value, move = search.root(depth, rng)
    return Plan(move, value, depth, search.nodes)


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A move for state.to_play at `level` (a level name; game.ai validates it)."""
    return plan_move(state, level, rng, should_stop).move
