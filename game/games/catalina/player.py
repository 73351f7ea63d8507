"""Computer players for Catalina Tiles (docs/rules/catalina.md, game/games/catalina/rules.py).

Levels, weakest first:

beginner  a random claim; half of the time it sees a claim that wins the game at once.
easy      takes a claim that wins the game at once; otherwise half of its claims are
          the medium level's, the others random.
medium    greedy, one claim, no dice sums: wins the game when it can, else blocks a tile
          the opponent would win the game with, else the best-connected tile (lines of
          its own it extends, small and large, a large tile won, an opponent's small line
          blocked). The benchmark's "greedy" (`greedy`).
hard      expectimax: every claim, then each of the opponent's 35 possible rolls with
          its probability and the opponent's best reply to it (or its skipped turn),
          judged by the evaluation below with us to roll next. Time-budgeted
          (HARD_BUDGET): claims are searched best-first by their one-claim evaluation
          (the opponent to roll next), and a search cut short keeps the best it found.

The steps are set by the rated ladder (docs/STRENGTH.md): each level scores at least 65%
against the one below. A level that judged every claim by the evaluation alone (one
claim, no expectimax) was measured as strong as "hard" (47% against it in 100 games), so
it is not a level of its own; "easy" mixes greedy and random claims to sit between
"beginner" and the greedy "medium".

At a chance step (the state waits for a roll) every level returns the roll the game's
own dice give (`state.next_chance()`); at a skipped turn, `pass`.

Evaluation. Each open small grid is valued by a table solved once per large tile (built
on first use, about a second): the grid played on its own, both players rolling in turn
and claiming in it whenever their roll reaches a free tile of it, each playing to win the
grid (the exact roll probabilities of its tiles, the count decision and dead grids
included). The table gives v = P(win it) - P(lose it) for the player to roll next. In
the game a turn plays in one grid of several, so a grid is valued by the mean of its two
table values (either player rolling next; TEMPO = 0 measured best), and as chances of
holding the large tile, (1 + v) / 2 and (1 - v) / 2. The large grid then
scores each player's chance of some line of three (lines taken as independent) and, a
little, the expected difference in large tiles (the tiebreak).
"""
from __future__ import annotations

import random
import time
from array import array

from game.ai import SearchCancelled, SearchTimeout
from game.games.catalina.rules import (DEAD, LINE_MASKS, LINES, LINES_THROUGH, PASS, REACH_MASKS,
                                       ROLL_PROBABILITY, ROLLS, grid_result)

LEVELS = ("beginner", "easy", "medium", "hard")
HARD_BUDGET = 0.8            # seconds per claim, checked between searched claims
BEGINNER_SEES_WIN = 0.5
EASY_GREEDY = 0.5            # share of the easy level's claims that are the greedy one
WIN = 10.0                   # a decided game, beyond any evaluation
TEMPO = 0.0                  # share of a grid's tempo (the table's) that counts; 0 measured best
COUNT_WEIGHT = 0.25          # the large-tile difference (out of 9) beside the line chances

# --- the grid table ------------------------------------------------------------------------
POW3 = [sum(3 ** k for k in range(9) if mask >> k & 1) for mask in range(512)]
_TABLES: list | None = None          # per large tile: array of v by code(mover, other)


def code(mover: int, other: int) -> int:
    """Index of a small grid position: base 3, 1 = the mover's tile, 2 = the other's."""
    return POW3[mover] + 2 * POW3[other]


def _build_tables() -> list:
    """v(big, mover, other) for every open small-grid position, solved backwards from
    the full grid (numpy, all positions with the same number of tiles at once)."""
    import numpy as np

    masks = np.arange(512)
    pc = np.array([bin(m).count("1") for m in range(512)])
    a = np.repeat(masks, 512)
    b = np.tile(masks, 512)
    valid = (a & b) == 0
    a, b = a[valid], b[valid]
    codes = np.array(POW3)[a] + 2 * np.array(POW3)[b]
    line_a = np.zeros(len(a), bool)
    line_b = np.zeros(len(a), bool)
    blocked = np.ones(len(a), bool)
    for line in LINE_MASKS:
        line_a |= (a & line) == line
        line_b |= (b & line) == line
        blocked &= ((a & line) != 0) & ((b & line) != 0)
    # The result for the player of `a` having just claimed: +1, -1, 0 dead, nan open.
    result = np.full(3 ** 9, np.nan)
    decided = line_a | line_b | blocked
    result[codes[decided]] = np.where(
        line_a, 1.0, np.where(line_b, -1.0, np.sign(pc[a] - pc[b]).astype(float)))[decided]
    open_ = ~decided
    total = pc[a] + pc[b]
    tables = []
    for big in range(9):
        by_mask: dict = {}
        for roll in ROLLS:
            m = REACH_MASKS[roll][big]
            by_mask[m] = by_mask.get(m, 0.0) + ROLL_PROBABILITY[roll]
        value = np.full(3 ** 9, np.nan)
        for n in range(8, -1, -1):
            layer = open_ & (total == n)
            la, lb, lc = a[layer], b[layer], codes[layer]
            child = np.full((len(la), 9), -np.inf)
            for k in range(9):
                free = ((la | lb) >> k & 1) == 0
                na = la[free] | (1 << k)
                ncode = np.array(POW3)[na] + 2 * np.array(POW3)[lb[free]]
                res = result[ncode]
                # Open after the claim: the other player moves, its value negated.
                swapped = np.array(POW3)[lb[free]] + 2 * np.array(POW3)[na]
                child[free, k] = np.where(np.isnan(res), -value[swapped], res)
            expect = np.zeros(len(la))
            stuck = np.zeros(len(la))
            for m, p in by_mask.items():
                cols = [k for k in range(9) if m >> k & 1]
                best = child[:, cols].max(axis=1) if cols else np.full(len(la), -np.inf)
                ok = best > -np.inf
                expect += p * np.where(ok, best, 0.0)
                stuck += p * ~ok
            # v_me = E_me + q * (-v_them) and v_them = E_them + q * (-v_me), q the chance
            # of a roll reaching no free tile here (the same for both players).
            e_by_code = np.zeros(3 ** 9)
            e_by_code[lc] = expect
            e_swapped = e_by_code[np.array(POW3)[lb] + 2 * np.array(POW3)[la]]
            value[lc] = (expect - stuck * e_swapped) / (1 - stuck * stuck)
        tables.append(array("d", np.nan_to_num(value).tolist()))
    # The decided-grid results, for the search (nan: open).
    tables.append(array("d", result.tolist()))
    return tables


def tables() -> list:
    global _TABLES
    if _TABLES is None:
        _TABLES = _build_tables()
    return _TABLES


# --- the evaluation ------------------------------------------------------------------------
class _Eval:
    """Evaluation of positions seen from `me` (numbers in [-1, 1]; WIN for a decided game)."""

    def __init__(self, me: int):
        self.me = me
        t = tables()
        self.values, self.result = t[:9], t[9]

    def grid_chances(self, big: int, mine: int, theirs: int, me_next: bool) -> tuple:
        """(P we hold the large tile, P they do) for an open small grid."""
        table = self.values[big]
        ours = table[POW3[mine] + 2 * POW3[theirs]]          # we roll next
        others = -table[POW3[theirs] + 2 * POW3[mine]]       # they roll next
        # The table gives the player to roll all the tempo of a grid it would play in;
        # in the game a turn plays in one grid of several, so only part of it counts.
        tempo = TEMPO * (ours - others) * 0.5
        v = (ours + others) * 0.5 + (tempo if me_next else -tempo)
        return (1 + v) * 0.5, (1 - v) * 0.5

    def chances(self, marks, large, me_next: bool) -> list:
        me = self.me
        out = []
        for big in range(9):
            owner = large[big]
            if owner is None:
                out.append(self.grid_chances(big, marks[me][big], marks[1 - me][big], me_next))
            elif owner == DEAD:
                out.append((0.0, 0.0))
            else:
                out.append((1.0, 0.0) if owner == me else (0.0, 1.0))
        return out

    @staticmethod
    def score(ch: list) -> float:
        none_mine = none_theirs = 1.0
        for x, y, z in LINES:
            none_mine *= 1 - ch[x][0] * ch[y][0] * ch[z][0]
            none_theirs *= 1 - ch[x][1] * ch[y][1] * ch[z][1]
        diff = sum(p - q for p, q in ch)
        return none_theirs - none_mine + COUNT_WEIGHT * diff / 9


def decided_owner(result: float, claimer: int):
    """The owner of a large tile from the grid result (+1/-1/0) seen from its claimer."""
    return claimer if result > 0 else 1 - claimer if result < 0 else DEAD


def game_result(large, big: int, me: int) -> float | None:
    """WIN / -WIN / 0 when the large tiles (with `big` just decided) end the game."""
    owner = large[big]
    if owner != DEAD:
        for x, y, z in LINES:
            if big in (x, y, z) and large[x] == owner and large[y] == owner \
                    and large[z] == owner:
                return WIN if owner == me else -WIN
    if None in large:
        return None
    mine, theirs = large.count(me), large.count(1 - me)
    return WIN if mine > theirs else -WIN if theirs > mine else 0.0


# --- the search ----------------------------------------------------------------------------
class _Search:
    def __init__(self, state, rng, should_stop, budget):
        self.me = state.to_play
        self.marks = [list(state.marks[0]), list(state.marks[1])]
        self.large = list(state.large)
        self.rng = rng
        self.should_stop = should_stop
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.eval = _Eval(self.me)

    def poll(self, timed: bool = True) -> None:
        if self.should_stop is not None and self.should_stop():
            raise SearchCancelled()
        if timed and self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout()

    def claim(self, seat: int, big: int, bit: int):
        """Claim for `seat` in place; returns what undo() needs and the game result."""
        marks, large = self.marks, self.large
        marks[seat][big] |= 1 << bit
        res = self.eval.result[POW3[marks[seat][big]] + 2 * POW3[marks[1 - seat][big]]]
        if res != res:            # nan: the grid stays open
            return (seat, big, bit), None
        large[big] = decided_owner(res, seat)
        return (seat, big, bit), game_result(large, big, self.me)

    def undo(self, token) -> None:
        seat, big, bit = token
        self.marks[seat][big] &= ~(1 << bit)
        self.large[big] = None

    def after_claim(self, big: int, bit: int) -> float:
        """The medium level's judgement of our claim: the opponent rolls next."""
        token, result = self.claim(self.me, big, bit)
        try:
            if result is not None:
                return result
            return _Eval.score(self.eval.chances(self.marks, self.large, False))
        finally:
            self.undo(token)

    def claim_values(self, seat: int, base: list) -> dict:
        """Per open grid, [(value, tile)] of each claim `seat` can make there: the whole
        position after it seen from self.me (the game's result if it decides it), with
        `base` the grids' chances before it."""
        me, marks, large, ev = self.me, self.marks, self.large, self.eval
        found = {}
        for g in range(9):
            if large[g] is not None:
                continue
            free = ~(marks[0][g] | marks[1][g]) & 0x1FF
            ranked = []
            for k in range(9):
                if free >> k & 1:
                    tok, res = self.claim(seat, g, k)
                    if res is not None:
                        value = res
                    else:
                        ch = list(base)
                        ch[g] = (ev.grid_chances(g, marks[me][g], marks[1 - me][g], True)
                                 if large[g] is None else
                                 (0.0, 0.0) if large[g] == DEAD else
                                 (1.0, 0.0) if large[g] == me else (0.0, 1.0))
                        value = _Eval.score(ch)
                    self.undo(tok)
                    ranked.append((value, k))
            found[g] = ranked
        return found

    def expectimax(self, big: int, bit: int) -> float:
        """Our claim, then the expectation over the opponent's rolls of its best reply."""
        me, opp = self.me, 1 - self.me
        token, result = self.claim(me, big, bit)
        try:
            if result is not None:
                return result
            base = self.eval.chances(self.marks, self.large, True)
            stay = _Eval.score(base)          # a skipped turn: we roll next
            # For each open grid: the opponent's claims there, best for it first.
            replies = self.claim_values(opp, base)
            for ranked in replies.values():
                ranked.sort()
            total = 0.0
            for roll in ROLLS:
                reach = REACH_MASKS[roll]
                worst = stay
                for g, ranked in replies.items():
                    m = reach[g]
                    for value, k in ranked:
                        if m >> k & 1:
                            if value < worst:
                                worst = value
                            break
                total += ROLL_PROBABILITY[roll] * worst
            return total
        finally:
            self.undo(token)


def _claims(state) -> list:
    return [(move, move.big, move.small) for move in state.legal_moves()]


def _best(scored: list, rng: random.Random):
    top = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value >= top - 1e-9])


def hard(state, rng, should_stop, budget=HARD_BUDGET):
    return hard_search(state, rng, should_stop, budget)[0]


def hard_search(state, rng, should_stop, budget=HARD_BUDGET) -> tuple:
    """(the hard level's claim, its value for the claimer): the expectimax value, WIN or
    -WIN for a decided game, or the one-claim score when the budget ran out first."""
    search = _Search(state, rng, should_stop, budget)
    first = []
    for move, big, bit in _claims(state):
        # The one-claim scores are cheap and every claim needs one: only a cancel stops
        # them (a timeout here would leave nothing to play).
        search.poll(timed=False)
        first.append((search.after_claim(big, bit), move, big, bit))
    if any(value >= WIN for value, *_ in first):
        return _best([(v, m) for v, m, *_ in first], rng), WIN
    first.sort(key=lambda t: -t[0])
    scored = []
    try:
        for _, move, big, bit in first:
            search.poll()
            scored.append((search.expectimax(big, bit), move))
    except SearchTimeout:
        if not scored:
            return first[0][1], first[0][0]
    return _best(scored, rng), max(value for value, _ in scored)


# --- the greedy levels -------------------------------------------------------------------
def wins_game(state, seat: int, move) -> bool:
    """Whether `seat` claiming `move` wins the game at once (board-only, no roll)."""
    marks, large = state.marks, state.large
    mine = marks[seat][move.big] | 1 << move.small
    theirs = marks[1 - seat][move.big]
    res = grid_result(mine, theirs)
    if res is None:
        return False
    owner = seat if res == 0 else 1 - seat if res == 1 else DEAD
    after = list(large)
    after[move.big] = owner
    result = game_result(after, move.big, seat)
    return result is not None and result > 0


def greedy_score(state, move) -> float:
    """The easy level's score of a claim: its lines, small and large."""
    me = state.to_play
    big, bit = move.big, move.small
    mine = state.marks[me][big]
    theirs = state.marks[1 - me][big]
    score = 0.0
    res = grid_result(mine | 1 << bit, theirs)
    if res == 0:
        score += 50
    elif res == 1:
        score -= 30
    for li in LINES_THROUGH[bit]:
        line = LINE_MASKS[li]
        own, opp = (mine & line).bit_count(), (theirs & line).bit_count()
        if opp == 0:
            score += 1 + 3 * own
        elif own == 0 and opp == 2:
            score += 20        # blocks their three in a row
    large = state.large
    for x, y, z in LINES:
        if big in (x, y, z):
            owners = [large[i] for i in (x, y, z)]
            if all(o in (None, me) for o in owners):
                score += 2 + 4 * owners.count(me)
    return score


def greedy(state, rng):
    me = state.to_play
    moves = state.legal_moves()
    wins = [m for m in moves if wins_game(state, me, m)]
    if wins:
        return rng.choice(wins)
    blocks = [m for m in moves if wins_game(state, 1 - me, m)]
    pool = blocks or moves
    scored = [(greedy_score(state, m), m) for m in pool]
    return _best(scored, rng)


def easy(state, rng):
    moves = state.legal_moves()
    wins = [m for m in moves if wins_game(state, state.to_play, m)]
    if wins:
        return rng.choice(wins)
    if rng.random() < EASY_GREEDY:
        return greedy(state, rng)
    return rng.choice(moves)


def beginner(state, rng):
    moves = state.legal_moves()
    if rng.random() < BEGINNER_SEES_WIN:
        wins = [m for m in moves if wins_game(state, state.to_play, m)]
        if wins:
            return rng.choice(wins)
    return rng.choice(moves)


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A legal move for state.to_play at `level` (a level name; game.ai validates it)."""
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if state.is_chance:
        return state.next_chance()
    moves = state.legal_moves()
    if moves == [PASS]:
        return PASS
    if len(moves) == 1:
        return moves[0]
    if level == "beginner":
        return beginner(state, rng)
    if level == "easy":
        return easy(state, rng)
    if level == "medium":
        return greedy(state, rng)
    return hard(state, rng, should_stop)


__all__ = ["LEVELS", "choose_move", "tables"]
