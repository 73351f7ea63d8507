"""Computer players for Xtic, misère Quarto (RULES.md §2).

Levels "trivial" .. "don't try" look 1..6 moves ahead, one move being one placement with
its hand-over. Within its horizon a level is exact: it never picks a move that loses
within the horizon when another does not, always takes a forced win the horizon shows,
prefers quicker wins and slower losses, and picks at random among equally good moves.
"perfect" solves the rest of the game exactly when that fits the time target, else it
plays like "don't try".

The search works on its own integer representation, never on the XticState:

* A piece's 8-bit signature has bit b set for "property b is 1" and bit 4+b for
  "property b is 0". A dangerous line keeps the AND of its pieces' signatures (its
  "common" mask); four pieces share a property exactly when that AND is not zero.
* `PIECES_MATCHING[m]` is the 16-bit set of pieces whose signature meets `m`, so the
  pieces that lose on a square are the OR over its three-piece lines, and the pieces
  that are *deadly* (lose on every empty square) are the AND of that over the squares.
* Values are from the side to move: `WIN - k` for a win whose losing placement is the
  board's k-th piece, `-(WIN - k)` for such a loss, 0 for a draw or "nothing within the
  horizon". Counting k on the board rather than from the root makes a value belong to
  the position itself, and since every path to a position has the same number of pieces
  it also has the same remaining depth: transposition entries need no depth.

A node is "player holding piece h must place it". Its parent already knows that h has
a safe square and that the holder cannot make a piece deadly at once (else the parent
would have scored the hand-over directly), so a node's value lies in
[-(WIN - n - 3), WIN - n - 4]. The last two moves of any line are worked out by masks:
a hand-over is "poisoned" when the receiver can place it safely and then hand back a
deadly piece, which needs no recursion.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.xtic import LINES

WIN = 100
INF = 1000
ALL_PIECES = 0xFFFF

LEVEL_DEPTHS = {"trivial": 1, "easy": 2, "medium": 3, "hard": 4, "very hard": 5,
                "don't try": 6}
PERFECT = "perfect"
FALLBACK_DEPTH = LEVEL_DEPTHS["don't try"]
# "perfect" solves exactly up to this many empty squares (measured: well inside 1 s),
# and tries a little further under a node budget before falling back to "don't try".
PERFECT_SURE_EMPTIES = 9
PERFECT_TRY_EMPTIES = 11
PERFECT_NODE_BUDGET = 60_000

POLL_EVERY = 1024          # nodes between calls of should_stop

EXACT, LOWER, UPPER = 0, 1, 2
import os
ORDER_P = int(os.environ.get('ORDER_P', '0'))
PARITY = True

SIGNATURE = tuple(p | ((p ^ 0xF) << 4) for p in range(16))
PIECES_MATCHING = tuple(sum(1 << p for p in range(16) if SIGNATURE[p] & m)
                        for m in range(256))
BIT_INDEX = {1 << i: i for i in range(16)}
# HAVING[j]: the pieces whose signature has bit j.
HAVING = tuple(sum(1 << p for p in range(16) if SIGNATURE[p] >> j & 1) for j in range(8))


def _viable(remaining: int) -> tuple:
    """Per line count c (0..4): the signature bits that at least 4-c of the remaining
    pieces have, i.e. the shared properties that can still complete a losing line."""
    counts = [(remaining & HAVING[j]).bit_count() for j in range(8)]
    return tuple(sum(1 << j for j in range(8) if counts[j] >= 4 - c) for c in range(4)) + (0,)


_VIABLE: dict[int, tuple] = {}


class SearchCancelled(Exception):
    """should_stop() asked the search to give up."""


class _Geometry:
    """The dangerous lines of one game type as square masks."""

    def __init__(self, game_type: str):
        lines = LINES[game_type]
        self.line_mask = tuple(sum(1 << s for s in line) for line in lines)
        self.through = tuple(tuple(i for i, line in enumerate(lines) if s in line)
                             for s in range(16))
        self.most_lines = max(len(t) for t in self.through)


GEOMETRY = {game_type: _Geometry(game_type) for game_type in LINES}

_SQUARES_CACHE: dict[int, tuple] = {}


def _squares(mask: int) -> tuple:
    squares = _SQUARES_CACHE.get(mask)
    if squares is None:
        squares = tuple(i for i in range(16) if mask >> i & 1)
        _SQUARES_CACHE[mask] = squares
    return squares


def _deadly_after(base: int, holes: tuple, piece: int) -> int:
    """Pieces deadly after `piece` goes on a critical square (see _Search.analyse)."""
    sig = SIGNATURE[piece]
    for lose_q, common in holes:
        base &= lose_q | PIECES_MATCHING[common & sig]
        if not base:
            return 0
    return base


class _Search:
    """One search from one position; the transposition table lives as long as it."""

    def __init__(self, game_type: str, board, hand: int, should_stop=None):
        geo = GEOMETRY[game_type]
        self.line_mask = geo.line_mask
        self.through = geo.through
        self.most_lines = geo.most_lines
        self.board = list(board)
        self.cnt = [0] * len(geo.line_mask)
        self.com = [0xFF] * len(geo.line_mask)
        self.empty = 0
        self.key = 0
        taken = 0
        for s, piece in enumerate(self.board):
            if piece < 0:
                self.empty |= 1 << s
                continue
            taken |= 1 << piece
            self.key += (piece + 1) << (5 * s)
            for line in geo.through[s]:
                self.cnt[line] += 1
                self.com[line] &= SIGNATURE[piece]
        self.n = 16 - self.empty.bit_count()
        self.avail = ALL_PIECES & ~taken & ~(1 << hand)
        self.hand = hand
        self.tt: dict[int, tuple] = {}
        self.quiet_cache: dict[int, bool] = {}
        self.win_cache: dict[int, bool] = {}
        self.nodes = 0             # boards analysed
        self.should_stop = should_stop
        self.node_budget = None      # raise _BudgetExceeded past this many nodes
        # History heuristic: how often a square / piece produced a cut-off.
        self.square_score = [0] * 16
        self.piece_score = [0] * 16
        self.killers = [[] for _ in range(17)]     # per number of pieces placed
        self.hints: dict[int, tuple] = {}          # position -> best move found

    # --- making and unmaking placements --------------------------------------------------
    def place(self, s: int, piece: int) -> list:
        sig = SIGNATURE[piece]
        cnt, com = self.cnt, self.com
        saved = []
        for line in self.through[s]:
            saved.append(com[line])
            cnt[line] += 1
            com[line] &= sig
        self.board[s] = piece
        self.empty ^= 1 << s
        self.n += 1
        self.key += (piece + 1) << (5 * s)
        return saved

    def unplace(self, s: int, piece: int, saved: list) -> None:
        cnt, com = self.cnt, self.com
        for line, old in zip(self.through[s], saved):
            cnt[line] -= 1
            com[line] = old
        self.board[s] = -1
        self.empty ^= 1 << s
        self.n -= 1
        self.key -= (piece + 1) << (5 * s)

    # --- what the board threatens ----------------------------------------------------------
    def analyse(self, extra: int = 0) -> tuple:
        """Everything about the current board that does not depend on the piece in hand.

        `extra`: pieces held in hand (not in self.avail) that are still to be placed.

        Returns (lose, empties, crit, deadly, hot, a2, a1, a0, cold, calm):
        lose[s]  pieces that lose when placed on empty square s;
        deadly   pieces that lose on every empty square;
        crit     (s, base, holes) for each square s where some placement could leave a
                 deadly piece still available: `base` is the AND of lose[] over the
                 squares that placement does not change, `holes` the (lose[q], common)
                 of each square q that becomes the hole of a three-piece line through s;
        hot      how many empty squares some piece loses on;
        a2/a1/a0 live lines (pieces still sharing a property) with 2/1/0 pieces;
        cold     the empty squares on which no piece loses, as a mask;
        calm     the empty squares a placement on which leaves the receiver no way to
                 make a piece deadly, whatever is placed and handed over.
        """
        self.nodes += 1
        if self.nodes % POLL_EVERY == 0:
            self.poll()
        empty = self.empty
        remaining = self.avail | extra
        # Only pieces still to be placed matter: a line whose shared properties too few
        # of them have can never become dangerous, so it counts as dead.
        viable = _VIABLE.get(remaining)
        if viable is None:
            viable = _VIABLE[remaining] = _viable(remaining)
        lose = [0] * 16
        near = [0] * 16        # near[s]: squares that become 3-line holes if s is filled
        pairs = []
        a2 = a1 = a0 = 0
        for c, common, mask in zip(self.cnt, self.com, self.line_mask):
            common &= viable[c]
            if not common:
                continue              # dead line (or full without a shared property)
            if c == 3:
                lose[BIT_INDEX[mask & empty]] |= PIECES_MATCHING[common] & remaining
            elif c == 2:
                a2 += 1
                holes = mask & empty
                low = holes & -holes
                high = holes ^ low
                s1, s2 = BIT_INDEX[low], BIT_INDEX[high]
                near[s1] |= high
                near[s2] |= low
                pairs.append((s1, s2, common))
            elif c == 1:
                a1 += 1
            else:
                a0 += 1
        empties = _squares(empty)
        cold = 0
        deadly = ALL_PIECES
        for s in empties:
            v = lose[s]
            if not v:
                cold |= 1 << s
            deadly &= v
        n_cold = cold.bit_count()
        hot = len(empties) - n_cold
        crit = []
        # A placement on s fills s and makes at most one new hole per line through s; for
        # the receiver to make a piece deadly next, at most 1 + most_lines squares may be
        # left cold (the receiver's square and its new holes).
        limit = 1 + self.most_lines
        if n_cold > 2 * limit:
            return lose, empties, crit, deadly, hot, a2, a1, a0, cold, empty
        calm = 0
        avail = self.avail
        for s in empties:
            spared = near[s] | 1 << s
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
                # Torus anti-diagonals can share two squares: OR the masks per hole.
                holes = {}
                for s1, s2, common in pairs:
                    if s1 == s:
                        holes[s2] = holes.get(s2, 0) | common
                    elif s2 == s:
                        holes[s1] = holes.get(s1, 0) | common
                crit.append((s, base, tuple((lose[q], m) for q, m in holes.items())))
        return lose, empties, crit, deadly, hot, a2, a1, a0, cold, calm

    def poisoned(self, info: tuple, piece: int) -> bool:
        """Whether the receiver of `piece` can place it safely and hand back a deadly one."""
        lose = info[0]
        left = self.avail & ~(1 << piece)
        for s, base, holes in info[2]:
            if lose[s] >> piece & 1:
                continue
            if base & left and _deadly_after(base & left, holes, piece):
                return True
        return False

    def immediate_wins(self, info: tuple, hand: int) -> list:
        """(square, piece) moves that place `hand` safely and hand over a deadly piece."""
        lose = info[0]
        wins = []
        for s, base, holes in info[2]:
            if lose[s] >> hand & 1:
                continue
            deadly = _deadly_after(base & self.avail, holes, hand)
            wins.extend((s, p) for p in range(16) if deadly >> p & 1)
        return wins

    def nothing_within(self, info: tuple, horizon: int) -> bool:
        """True when no placement within `horizon` can be forced to lose (value 0).

        A forced loss at placement t needs all E-t+1 squares then empty to be hot, so at
        least that many three-piece lines; t-1 placements add at most most_lines pieces
        to lines each, and a live line with c pieces needs 3-c of them.
        """
        empties = len(info[1])
        t = min(horizon, empties)
        budget = (t - 1) * self.most_lines
        a2, a1, a0 = info[5], info[6], info[7]
        new = min(a2, budget)
        budget -= new
        k = min(a1, budget // 2)
        new += k
        budget -= 2 * k
        new += min(a0, budget // 3)
        return info[4] + new < empties - t + 1

    def has_quiet_move(self, hand: int, info: tuple) -> bool:
        """Whether the holder of `hand` has a move the receiver cannot punish at once.

        That is the whole question three moves from the horizon (value 0 if so, else a
        loss at the holder's next placement), and at four it decides value >= 0.
        """
        lose, cold, calm = info[0], info[8], info[9]
        if calm & cold:
            return True                       # a cold square is safe for any piece
        for s in _squares(calm):
            if not lose[s] >> hand & 1:
                return True
        poisoned = self.poisoned
        for s in info[1]:
            if lose[s] >> hand & 1 or calm >> s & 1:
                continue
            saved = self.place(s, hand)
            child_info = self.analyse()
            quiet = not child_info[2] or not all(poisoned(child_info, p)
                                                  for p in _squares(self.avail))
            self.unplace(s, hand, saved)
            if quiet:
                return True
        return False

    def quiet(self, key: int, hand: int, info: tuple) -> bool:
        """has_quiet_move, remembered per position."""
        known = self.quiet_cache.get(key)
        if known is None:
            known = self.quiet_cache[key] = self.has_quiet_move(hand, info)
        return known

    def wins_next(self, hand: int, info: tuple) -> bool:
        """Whether the holder of `hand` can force the opponent to lose at their next
        placement but one: a move after which the opponent has no quiet move."""
        lose = info[0]
        for s in info[1]:
            if lose[s] >> hand & 1:
                continue
            saved = self.place(s, hand)
            child_info = self.analyse()
            found = False
            if not child_info[9] & child_info[8]:    # else a calm cold square saves them
                if not self.nothing_within(child_info, 3):
                    base = self.key << 4
                    for p in _squares(self.avail):
                        if self.poisoned(child_info, p):
                            continue                 # they punish at once: no win here
                        self.avail ^= 1 << p
                        found = not self.quiet(base | p, p, child_info)
                        self.avail ^= 1 << p
                        if found:
                            break
            self.unplace(s, hand, saved)
            if found:
                return True
        return False

    # --- the search --------------------------------------------------------------------
    def node(self, hand: int, depth: int, alpha: int, beta: int, info: tuple) -> int:
        """Negamax value of the side to move, who holds `hand` (not in self.avail).

        Precondition (checked by the caller): `hand` has a safe square and its holder
        cannot hand over a deadly piece at once; depth >= 3 and 3+ squares are empty.
        """
        empties = info[1]
        horizon = min(depth, len(empties))
        # Odd placements from here are ours, even ones the opponent's. A window that only
        # asks "can I win?" (alpha >= 0) does not care about a last placement of ours, one
        # that only asks "can I avoid losing?" (beta <= 0) not about a last one of theirs:
        # the shorter horizon gives the same answer, and a bound on the safe side.
        if PARITY and alpha >= 0:
            horizon -= horizon & 1
        elif PARITY and beta <= 0:
            horizon -= 1 - (horizon & 1)
        elif horizon == 4 and beta <= 0:
            horizon = 3
        if self.nothing_within(info, horizon):
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
                won = self.win_cache[position] = self.wins_next(hand, info)
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
        alpha0 = alpha
        best = lo                # every move scores at least lo (see module docstring)
        best_move = None
        if alpha < lo:
            alpha = lo
        lose = info[0]
        child_depth = horizon - 1
        # Move order: this position's best move from an earlier search, then the moves
        # that cut off most recently at this ply (killers), then by history.
        square_score, piece_score = self.square_score, self.piece_score
        killers = self.killers[n]
        hint = self.hints.get(position)
        first = [hint] if hint is not None else []
        first += [m for m in killers if m != hint]
        squares = [s for s in empties if not lose[s] >> hand & 1]
        squares.sort(key=square_score.__getitem__, reverse=True)
        for m in reversed(first):
            if m[0] in squares:
                squares.remove(m[0])
                squares.insert(0, m[0])
        pieces = sorted(_squares(self.avail), key=piece_score.__getitem__, reverse=True)
        done = False
        for s in squares:
            saved = self.place(s, hand)
            child_info = self.analyse()
            order = pieces
            if ORDER_P:
                cl = child_info[0]
                hotsq = [q for q in child_info[1] if cl[q]]
                order = sorted(pieces, key=lambda p: sum(cl[q] >> p & 1 for q in hotsq), reverse=ORDER_P > 0)
            preferred = [m[1] for m in first if m[0] == s and m[1] in order]
            if preferred:
                order = preferred + [p for p in order if p not in preferred]
            for p in order:
                if self.poisoned(child_info, p):
                    continue
                self.avail ^= 1 << p
                v = -self.node(p, child_depth, -beta, -alpha, child_info)
                self.avail ^= 1 << p
                if v > best:
                    best = v
                    best_move = (s, p)
                    if v > alpha:
                        alpha = v
                        if alpha >= beta or best >= hi:
                            square_score[s] += horizon * horizon
                            piece_score[p] += horizon * horizon
                            if best_move not in killers:
                                killers.insert(0, best_move)
                                del killers[2:]
                            done = True
                            break
            self.unplace(s, hand, saved)
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

    def poll(self) -> None:
        if self.should_stop is not None and self.should_stop():
            raise SearchCancelled("the search was asked to stop")
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _BudgetExceeded

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
        hand = self.hand
        info = self.analyse(1 << hand)
        lose, empties = info[0], info[1]
        n = self.n
        safe = [s for s in empties if not lose[s] >> hand & 1]
        if not safe:                                       # every placement loses now
            return -(WIN - n - 1), (rng.choice(empties), None)
        if not self.avail:                                 # the last piece: a draw
            return 0, (safe[0], None)
        moves = [(s, p) for s in safe for p in _squares(self.avail)]
        if depth == 1:
            return 0, rng.choice(moves)
        wins = self.immediate_wins(info, hand)
        if wins:
            return WIN - n - 2, rng.choice(wins)
        if depth == 2 or len(empties) < 3 or self.nothing_within(info, depth):
            return 0, rng.choice(moves)
        # Shuffle, then keep the first move that beats everything before it: that is a
        # uniformly random choice among the best moves, searched with a narrow window.
        rng.shuffle(moves)
        lo = -(WIN - n - 3)
        hi = WIN - n - 4 if min(depth, len(empties)) >= 4 else 0
        deeper = min(depth, len(empties)) >= 4
        child_infos = {}
        best, best_move = -INF, None
        for s, p in moves:
            saved = self.place(s, hand)
            child_info = child_infos.get(s)
            if child_info is None:
                child_info = child_infos[s] = self.analyse()
            if self.poisoned(child_info, p):
                v = lo
            elif deeper:
                self.avail ^= 1 << p
                v = self.root_value(p, depth - 1, best, lo, hi, child_info)
                self.avail ^= 1 << p
            else:
                v = 0
            self.unplace(s, hand, saved)
            if v > best:
                best, best_move = v, (s, p)
                if best >= hi:
                    break
        return best, best_move


class _BudgetExceeded(Exception):
    """Internal: an optional exact solve ran past its node budget."""


@dataclass(frozen=True)
class Plan:
    """A chosen move with what the search knows about it (the bench reports these)."""
    move: tuple
    value: int        # WIN - k: wins on the k-th piece; -(WIN - k): loses; 0: neither
    depth: int        # moves looked ahead; >= empty squares means solved exactly
    nodes: int        # search nodes visited (0 when no search was needed)


def plan_move(state, level: str, rng: random.Random, should_stop=None) -> Plan:
    """Choose a move for the player to move in `state` at `level`; never changes state."""
    if state.hand is None:
        # The opening hand-over: XOR-ing every piece with a constant maps Xtic onto
        # itself, so all opening pieces are worth the same at every depth.
        return Plan((None, rng.choice(state.available_pieces())), 0, 0, 0)
    empties = state.board.count(-1)
    if level == PERFECT:
        if empties <= max(PERFECT_SURE_EMPTIES, FALLBACK_DEPTH):
            return _plan(state, empties, rng, should_stop)
        if empties <= PERFECT_TRY_EMPTIES:
            # Its own generator drawn from rng, so the attempt stays deterministic.
            try:
                return _plan(state, empties, random.Random(rng.random()), should_stop,
                             budget=PERFECT_NODE_BUDGET)
            except _BudgetExceeded:
                pass
        return _plan(state, FALLBACK_DEPTH, rng, should_stop)
    return _plan(state, LEVEL_DEPTHS[level], rng, should_stop)


def _plan(state, depth: int, rng, should_stop, budget=None) -> Plan:
    search = _Search(state.game_type, state.board, state.hand, should_stop)
    search.node_budget = budget
    value, move = search.root(depth, rng)
    return Plan(move, value, depth, search.nodes)


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A move for state.to_play at `level` (a level name; game.ai validates it)."""
    return plan_move(state, level, rng, should_stop).move
