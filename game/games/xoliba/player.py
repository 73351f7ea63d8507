"""Computer players for Xoliba (docs/rules/xoliba.md), for two and three players.

Levels, weakest first:

beginner  a random move; most of the time (70%) a random one among the moves that
          capture more enemy than own pieces, when there are such moves.
easy      greedy: the move capturing the most enemy pieces minus own pieces, random
          among equals (this is also `greedy`, the benchmark's opponent).
medium    looks two moves ahead (its own and the reply) and weighs the result with the
          evaluation below.
hard      alpha-beta three moves deep.
expert    iterative-deepening alpha-beta with a transposition table, killer moves and a
          history table, eight moves deep at most, within a time budget (1.5 s with
          two players, 0.3 s with three, where the moves are fewer), and a new
          iteration starts only while under a third of it.

The search never touches the XolibaState: `_Search` replays the rules on a plain board
list (turns, passes, the second pass that ends a game or puts a seat out, fewer than three
pieces, 30 moves without a capture, threefold repetition) and scores finished games
exactly as the rules do. With two players the search is plain minimax (negamax form is
not needed: every node is scored from the computer's side); with three it is "paranoid":
the other two are taken to play together against the computer.

The evaluation of an unfinished game (two players), from the computer's side:

* the biggest own triangle against the opponent's (the game can end any time, and the
  bigger triangle takes everything);
* what the score would be if the game ended now (size x enemy pieces captured);
* the piece balance (captured enemy pieces are points for the winner, and pieces are
  the material that forms triangles);
* the capture the side to move can make at once (a one-move quiescence), and whether
  each side can move at all (a player who cannot move passes, and a second pass ends the
  game).

Three players: own captured enemy pieces against the best of the others', the pieces
left, and the same capture threat and mobility terms.
"""
from __future__ import annotations

import random
import time

from game.ai import SearchCancelled, SearchTimeout
from game.games.xoliba.rules import (BY_SIZE_DESC, NO_CAPTURE_LIMIT, PASS, POINTS, REPETITIONS,
                                     TRIANGLES, WHITE, formed_moves)
from game.games.xoliba.rules import can_move as has_move

LEVELS = ("beginner", "easy", "medium", "hard", "expert")
LEVEL_DEPTHS = {"medium": 2, "hard": 3, "expert": 8}
EXPERT_BUDGET = 1.5          # seconds per move at most (iterative deepening stops then)
EXPERT_BUDGET_THREE = 0.3    # with three players: depth 8 is mostly reached well within it
BEGINNER_CAPTURE_BIAS = 0.7
POLL_EVERY = 256             # nodes between calls of should_stop

# Evaluation weights (two players), in the units of one captured piece = W_PIECE.
W_TRIANGLE = 400             # per size of the biggest own triangle over the opponent's
W_PIECE = 60                 # per piece of balance (enemy captured minus own lost)
W_SCORE = 15                 # per point the leader in triangles would score now
W_THREAT = 30                # per piece the side to move can capture at once
W_STUCK = 150                # the side to move cannot form a triangle
EVAL_MOVES = True            # generate the leaf's moves for the two terms above

WIN = 100_000                # a won game is worth WIN + its points
INF = 10 * WIN

# --- precomputed geometry ------------------------------------------------------------------
CONTENTS = tuple(TRIANGLES[t].contents for t in range(len(TRIANGLES)))
SIZE = tuple(TRIANGLES[t].size for t in range(len(TRIANGLES)))
CORNERS_BY_SIZE = tuple(TRIANGLES[t].corners for t in BY_SIZE_DESC)
SIZE_BY_SIZE = tuple(TRIANGLES[t].size for t in BY_SIZE_DESC)
_SIZE_START = {s: next(i for i, t in enumerate(BY_SIZE_DESC) if TRIANGLES[t].size == s)
               for s in (1, 2, 3)}


def biggest_size(board, seat: int) -> int:
    """Size (0..3) of the biggest triangle with all three corners `seat`'s."""
    for i, (a, b, c) in enumerate(CORNERS_BY_SIZE):
        if board[a] == seat and board[b] == seat and board[c] == seat:
            return SIZE_BY_SIZE[i]
    return 0


def capture_counts(board, move) -> tuple:
    """(enemy pieces, own pieces) the move would capture, the board unchanged."""
    frm, to, t = move
    seat = board[frm]
    enemy = own = 0
    for q in CONTENTS[t]:
        cell = board[q]
        if cell != WHITE and q != frm:
            if cell == seat:
                own += 1
            else:
                enemy += 1
    return enemy, own


def capture_gain(board, move) -> int:
    enemy, own = capture_counts(board, move)
    return enemy - own


# --- simple levels --------------------------------------------------------------------------
def greedy(state, rng: random.Random):
    """The move capturing the most enemy minus own pieces; random among equals."""
    moves = state.legal_moves()
    if moves == [PASS]:
        return PASS
    board = state.board
    best, choices = None, []
    for move in moves:
        gain = capture_gain(board, move)
        if best is None or gain > best:
            best, choices = gain, [move]
        elif gain == best:
            choices.append(move)
    return rng.choice(choices)


def beginner(state, rng: random.Random):
    moves = state.legal_moves()
    if moves == [PASS]:
        return PASS
    board = state.board
    good = [m for m in moves if capture_gain(board, m) > 0]
    if good and rng.random() < BEGINNER_CAPTURE_BIAS:
        return rng.choice(good)
    return rng.choice(moves)


# --- the search ------------------------------------------------------------------------------
class _Search:
    """The rules replayed on a plain board for searching, with make/unmake."""

    def __init__(self, state, should_stop, deadline=None):
        self.board = list(state.board)
        self.players = state.players
        self.order = list(state.order)
        self.turn = state.order.index(state.to_play)
        self.active = list(state.active)
        self.passed = list(state.passed)
        self.captures = [list(row) for row in state.captures]
        self.quiet = state.quiet_moves
        self.start = list(state.start_counts)
        self.pieces = [sum(1 for p in POINTS if self.board[p] == s) for s in range(3)]
        self.over = False
        self.winner = None
        self.me = state.to_play
        self.seen = getattr(state, "_seen_count", {})
        self.path = {}
        self.should_stop = should_stop
        self.deadline = deadline
        self.nodes = 0
        self.tt = {}
        self.killers = {}
        self.history = {}

    # -- rules ---------------------------------------------------------------------------
    @property
    def to_play(self):
        return self.order[self.turn]

    def moves(self):
        moves = formed_moves(self.board, self.order[self.turn])
        return moves if moves else [PASS]

    def make(self, move):
        """Play `move`; returns what unmake needs."""
        board = self.board
        undo = (board[:], self.turn, self.active[:], self.passed[:],
                [row[:] for row in self.captures] if self.players == 3 else None,
                self.pieces[:], self.quiet, self.over, self.winner)
        mover = self.order[self.turn]
        if move == PASS:
            self.passed[mover] = True
        else:
            self.passed[mover] = False
            frm, to, t = move
            board[to], board[frm] = mover, WHITE
            captured = False
            pieces = self.pieces
            for q in CONTENTS[t]:
                cell = board[q]
                if cell != WHITE:
                    board[q] = WHITE
                    pieces[cell] -= 1
                    captured = True
                    if self.players == 3:
                        self.captures[mover][cell] += 1
            self.quiet = 0 if captured else self.quiet + 1
        key = self._settle()
        return undo, key

    def unmake(self, record):
        undo, key = record
        (board, self.turn, self.active, self.passed, captures, self.pieces, self.quiet,
         self.over, self.winner) = undo
        self.board = board
        if captures is not None:
            self.captures = captures
        if key is not None:
            count = self.path[key] - 1
            if count:
                self.path[key] = count
            else:
                del self.path[key]

    def _settle(self):
        board, pieces = self.board, self.pieces
        if self.players == 2:
            if pieces[0] < 3 or pieces[1] < 3:
                self.over = True
                return None
        else:
            for seat in range(3):
                if self.active[seat] and pieces[seat] < 3:
                    self._eliminate(seat)
            if sum(self.active) < 2:
                self.over = True
                return None
        n = len(self.order)
        self.turn = (self.turn + 1) % n
        while True:
            seat = self.order[self.turn]
            if not self.active[seat]:
                self.turn = (self.turn + 1) % n
                continue
            if not self.passed[seat] or has_move(board, seat):
                break
            if self.players == 2:
                self.over = True
                return None
            self._eliminate(seat)
            if sum(self.active) < 2:
                self.over = True
                return None
            self.turn = (self.turn + 1) % n
        if self.quiet >= NO_CAPTURE_LIMIT:
            self.over = True
            return None
        key = (bytes(board), self.turn)
        count = self.path.get(key, 0) + 1
        self.path[key] = count
        if count + self.seen.get((key[0], self.order[self.turn]), 0) >= REPETITIONS:
            self.over = True
        return key

    def _eliminate(self, seat):
        self.active[seat] = False
        board = self.board
        for p in POINTS:
            if board[p] == seat:
                board[p] = WHITE
        self.pieces[seat] = 0

    # -- values, always from the computer's side (self.me) ---------------------------------
    def final_value(self, ply=0):
        """The finished game's value: WIN + 100 x points for a win, less the plies it
        took (a quicker win is better, a slower loss less bad), 0 for a tie."""
        board, me = self.board, self.me
        if self.players == 2:
            opp = 1 - me
            mine, theirs = biggest_size(board, me), biggest_size(board, opp)
            if mine == theirs:
                return 0
            if mine > theirs:
                return WIN + 100 * mine * (self.start[opp] - self.pieces[opp]) - ply
            return -WIN - 100 * theirs * (self.start[me] - self.pieces[me]) + ply
        scores = [sum(self.captures[s][c] for c in range(3) if c != s) for s in range(3)]
        best_other = max(scores[s] for s in range(3) if s != me)
        if scores[me] > best_other:
            return WIN + 100 * (scores[me] - best_other) - ply
        if scores[me] < best_other:
            return -WIN + 100 * (scores[me] - best_other) + ply
        return 0

    def evaluate(self):
        board, me = self.board, self.me
        mover = self.order[self.turn]
        # The side to move may capture at once; count its best net capture (the
        # opponent's reply is left out: a one-move quiescence, halved).
        threat = 0
        if EVAL_MOVES:
            moves = formed_moves(board, mover)
            for move in moves:
                gain = capture_gain(board, move)
                if gain > threat:
                    threat = gain
        else:
            moves = True
        if self.players == 2:
            opp = 1 - me
            mine, theirs = biggest_size(board, me), biggest_size(board, opp)
            lost_opp = self.start[opp] - self.pieces[opp]
            lost_me = self.start[me] - self.pieces[me]
            value = W_TRIANGLE * (mine - theirs) + W_PIECE * (lost_opp - lost_me)
            if mine > theirs:
                value += W_SCORE * mine * lost_opp
            elif theirs > mine:
                value -= W_SCORE * theirs * lost_me
            value += W_THREAT * threat if mover == me else -W_THREAT * threat
            if not moves:
                # The side to move must pass; passing again would end the game.
                value += -W_STUCK if mover == me else W_STUCK
            return value
        scores = [sum(self.captures[s][c] for c in range(3) if c != s) for s in range(3)]
        best_other = max(scores[s] for s in range(3) if s != me)   # out seats score too
        value = 100 * (scores[me] - best_other) + 20 * self.pieces[me]
        value += 60 * threat if mover == me else -60 * threat
        if not moves:
            value += -150 if mover == me else 100
        return value

    # -- alpha-beta ------------------------------------------------------------------------
    def poll(self):
        self.nodes += 1
        if self.nodes % POLL_EVERY == 0:
            if self.should_stop is not None and self.should_stop():
                raise SearchCancelled()
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchTimeout()

    def ordered(self, moves, ply, best=None):
        if moves == [PASS]:
            return moves
        board = self.board
        killers = self.killers.get(ply, ())
        history = self.history
        scored = []
        for move in moves:
            score = 1000 * capture_gain(board, move) + history.get(move, 0)
            if move in killers:
                score += 500
            if move == best:
                score += 1_000_000
            scored.append((score, move))
        scored.sort(key=lambda x: -x[0])
        return [m for _, m in scored]

    def key(self):
        key = (bytes(self.board), self.turn, tuple(self.passed),
               max(0, self.quiet - (NO_CAPTURE_LIMIT - 8)))
        if self.players == 3:
            key += (tuple(self.active), tuple(map(tuple, self.captures)))
        return key

    def alphabeta(self, depth, alpha, beta, ply):
        self.poll()
        if self.over:
            return self.final_value(ply)
        if depth == 0:
            return self.evaluate()
        key = self.key()
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            e_depth, e_value, e_flag, best_move = entry
            if e_depth >= depth:
                if e_flag == 0:
                    return e_value
                if e_flag == 1 and e_value >= beta:
                    return e_value
                if e_flag == 2 and e_value <= alpha:
                    return e_value
        maximising = self.order[self.turn] == self.me
        moves = self.ordered(self.moves(), ply, best_move)
        a0, b0 = alpha, beta
        best_value = -INF if maximising else INF
        best_move = moves[0]
        for move in moves:
            record = self.make(move)
            try:
                value = self.alphabeta(depth - 1, alpha, beta, ply + 1)
            finally:
                self.unmake(record)
            if maximising:
                if value > best_value:
                    best_value, best_move = value, move
                    if value > alpha:
                        alpha = value
            else:
                if value < best_value:
                    best_value, best_move = value, move
                    if value < beta:
                        beta = value
            if alpha >= beta:
                if move != PASS and capture_gain(self.board, move) <= 0:
                    killers = self.killers.setdefault(ply, [])
                    if move not in killers:
                        killers.insert(0, move)
                        del killers[2:]
                    self.history[move] = self.history.get(move, 0) + depth * depth
                break
        if best_value <= a0:
            flag = 2
        elif best_value >= b0:
            flag = 1
        else:
            flag = 0
        self.tt[key] = (depth, best_value, flag, best_move)
        return best_value

    def root(self, depth, rng, previous=None):
        """(value, best moves) at `depth`: exact values for every root move (full window
        per move, so ties can be broken at random)."""
        moves = self.ordered(self.moves(), 0, previous)
        if len(moves) == 1:
            return 0, moves
        values = []
        best = -INF
        for move in moves:
            record = self.make(move)
            try:
                # Search each move with a window just below the best so far, so moves
                # equal to the best keep their exact value.
                value = self.alphabeta(depth - 1, best - 1, INF, 1)
            finally:
                self.unmake(record)
            values.append((value, move))
            if value > best:
                best = value
        top = [m for v, m in values if v == best]
        return best, top


def search_move(state, level: str, rng: random.Random, should_stop=None,
                budget: float | None = None):
    """(move, value, depth reached) of the searching levels."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0], 0, 0
    if level == "expert":
        if budget is None:
            budget = EXPERT_BUDGET_THREE if state.players == 3 else EXPERT_BUDGET
        started = time.perf_counter()
        search = _Search(state, should_stop, deadline=started + budget)
        best_moves, value, reached = [moves[0]], 0, 0
        max_depth = LEVEL_DEPTHS["expert"]
        for depth in range(1, max_depth + 1):
            try:
                value, best_moves = search.root(depth, rng, best_moves[0])
            except SearchTimeout:
                break
            reached = depth
            # A forced result: deeper cannot change it. With three players a "forced"
            # loss is one only if the other two play together against the computer,
            # which they do not: search on, the margins still tell a less bad move.
            if value >= WIN - 1000 or (state.players == 2 and value <= -(WIN - 1000)):
                break
            # A deeper iteration costs several times the last one: do not start one that
            # cannot finish in the budget.
            spent = time.perf_counter() - started
            if spent * 3 > budget:
                break
        return rng.choice(sorted(best_moves)), value, reached
    depth = LEVEL_DEPTHS[level]
    search = _Search(state, should_stop)
    value, best_moves = search.root(depth, rng)
    return rng.choice(sorted(best_moves)), value, depth


def choose_move(state, level: str, rng: random.Random, should_stop=None):
    """A legal move for state.to_play at `level` (a level name; game.ai validates it)."""
    if should_stop is not None and should_stop():
        raise SearchCancelled()
    if level == "beginner":
        return beginner(state, rng)
    if level == "easy":
        return greedy(state, rng)
    return search_move(state, level, rng, should_stop)[0]


# --- ending by agreement ----------------------------------------------------------------------
def accepts_end(state, seat: int) -> bool:
    """Whether the computer in `seat` agrees to end the game now: when the result on the
    current board (scored as the rules would score it) favours it or leaves it no worse
    than the others, i.e. it wins or ties."""
    if state.is_over or state.solitaire:
        return False
    board = state.board
    if state.players == 2:
        other = 1 - seat
        mine, theirs = biggest_size(board, seat), biggest_size(board, other)
        if mine > theirs:
            return True
        if mine < theirs:
            return False
        return True      # a tie: nobody scores, no worse for either
    if not state.active[seat]:
        return True      # out of the game: ending costs nothing
    scores = [sum(state.captures[s][c] for c in range(3) if c != s) for s in range(3)]
    return scores[seat] >= max(scores)
