"""Xoliba's puzzles for two players (game/puzzles/kit.py): positions cut from games of the
computer levels, each proven by an exact search of the real rules.

Two goals, for the side to move:

* "forced_win" (n = 1..3), the move that wins the game: win within n of your own turns,
  whatever the opponent does. The answers are every move after which the game is over,
  won, by the mover's n-th turn at the latest (2n - 1 plies, passes counted). A puzzle
  only when no move wins sooner, when no move wins just after the mover's n-th turn (at
  the opponent's following move: a reading of "within n turns" that counted it would
  give other answers), and when at most MAX_ANSWERS moves win. A win that needs more
  turns is no puzzle: the search to the end of the game proves such wins almost never
  within its budget (in a generator run of seed 1 that tried it, none of 1,101
  positions gave one), so the goal "win, however long it takes" is not offered.
* "most_points": the move that scores the most points with best play from both sides to
  the end of the game. The answers are every move of the greatest final score (a win
  by at least one point: the loser scores nothing); a puzzle only when at most
  MAX_ANSWERS moves reach it, every other move scores at least MIN_POINTS_GAP points
  less, and at least two moves win within MOST_TURNS turns (where one wins anyway and
  the question is how much; elsewhere the search to the end rarely finishes).

Every legal move is decided on its own, so the answer lists are complete by
construction. The search (`Endgame`) plays the rules on a plain board with the computer
player's replica of them (player._Search: turns, passes, a second pass, fewer than three
pieces, 30 moves without a capture, threefold repetition counted from the game's own
history) and scores a finished game exactly as the rules do. Its tables key a position
by everything its future depends on: the board, the side to move, the passes, the moves
without a capture and the positions seen since the last capture (the only ones that can
recur, since a capture never comes undone), so a value found on one path holds on every
other. "Reaches t" (the mover's final value at least t) is searched with iterative
deepening on three values: proven, refuted (both to the end of the game), or open at
the depth reached; the forced wins have a search of their own, bounded by plies. The
tests check both against plain minimax on the public XolibaState.

Every search has a budget of positions: one that runs out proves nothing (no puzzle),
never a guess; the same position gives the same proof everywhere.
"""
from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator

import game.ai
import game.rules
from game.games.xoliba import player as ai
from game.games.xoliba.rules import (AT_CORNER, COLOUR_NAMES, NO_CAPTURE_LIMIT, PASS, POINTS,
                                     RAYS, REPETITIONS, SIZE_NAMES, TRIANGLES, WHITE)
from game.puzzles.kit import Candidate, Follow, Proof, PuzzleKit

FORCED_WIN = "forced_win"
MOST_POINTS = "most_points"
MOST_TURNS = 3                  # forced wins within 1..3 turns
MAX_ANSWERS = 3                 # a puzzle has at most this many accepted first moves
MIN_MOVES = 4                   # ... and at least this many legal moves
MIN_POINTS_GAP = 3              # "most_points": the next best scores at least this less
FORCED_BUDGET = 60_000          # positions searched for the forced wins of one position
WIN_BUDGET = 20_000             # ... for which moves win the game, to its end
POINTS_BUDGET = 60_000          # ... for the points of the winning moves
LAST_PLIES = 12                 # candidates: the positions this near a game's end
# The self-play that gives the positions: (Red's level, Blue's level), in turn. Only
# levels whose move depends on the position and the rng alone (no clock: not expert).
LEVELS = ("beginner", "easy", "medium", "hard")
PAIRINGS = (("hard", "medium"), ("medium", "hard"), ("hard", "easy"), ("easy", "hard"),
            ("medium", "easy"), ("hard", "hard"), ("easy", "medium"), ("medium", "medium"),
            ("beginner", "hard"), ("hard", "beginner"), ("easy", "easy"),
            ("medium", "beginner"))

FORCED_TRIES = tuple((FORCED_WIN, n) for n in range(1, MOST_TURNS + 1))
PROVEN, REFUTED = True, False   # a goal's value to the end of the game; None: open


# Per triangle: its contents as a bit mask of points and as a set, and its corners each as
# the destination of a move with the other two: (to, a, b).
CONTENT_MASKS = tuple(sum(1 << q for q in tri.contents) for tri in TRIANGLES)
CONTENT_SETS = tuple(frozenset(tri.contents) for tri in TRIANGLES)
CORNER_TURNS = tuple(tuple((c, *[o for o in tri.corners if o != c]) for c in tri.corners)
                     for tri in TRIANGLES)


class _OutOfBudget(Exception):
    """The search ran past its budget of positions: nothing is proven."""


# --- the search ------------------------------------------------------------------------
def final_value(board, start, pieces, me: int) -> int:
    """A finished game's value for `me`, ordered as a player ranks results: a win of p
    points is 2p + 1, a tie 0, a loss of p points -(2p + 1) (a win of no points still
    beats a tie)."""
    mine, theirs = ai.biggest_size(board, me), ai.biggest_size(board, 1 - me)
    if mine == theirs:
        return 0
    if mine > theirs:
        return 2 * mine * (start[1 - me] - pieces[1 - me]) + 1
    return -(2 * theirs * (start[me] - pieces[me]) + 1)


def points_target(points: int) -> int:
    """The least final value of a win by at least `points` points."""
    return 2 * points + 1


class Endgame:
    """Exact searches from a two-player position for "the mover" (its side to move
    unless `me` names the other), within a budget of positions."""

    def __init__(self, state, budget: int, me: int | None = None):
        self.rules = ai._Search(state, should_stop=None)
        self.me = state.to_play if me is None else me
        self.budget = budget
        self.nodes = 0
        # The positions seen since the last capture (the game's own, then the search's):
        # the only ones that can occur again, so part of a position's key.
        coloured = _coloured(state.board)
        recent = []
        for seen in reversed(state._seen):
            if _coloured(seen[0]) != coloured:
                break
            recent.append(seen)
        self.recent = Counter(recent)
        self.bounds = {}         # key -> (lo, hi): the final value is proven within
        self.open = {}           # (key, target) -> the depth it was searched to, open
        self.bounded = {}        # (key, plies) -> whether the mover wins within plies

    # -- the rules, with the key -------------------------------------------------------
    def key(self):
        rules = self.rules
        return (bytes(rules.board), rules.turn, tuple(rules.passed), rules.quiet,
                frozenset(self.recent.items()))

    def play(self, move):
        self.visit()
        rules = self.rules
        before = rules.pieces[0] + rules.pieces[1]
        record = rules.make(move)
        recent = self.recent
        if rules.pieces[0] + rules.pieces[1] != before:
            self.recent = Counter()          # a capture: nothing before it recurs
        if record[1] is not None:
            self.recent[self._seen_key(record[1])] += 1
        return record, recent

    def unplay(self, played) -> None:
        record, recent = played
        if self.recent is recent and record[1] is not None:
            seen = self._seen_key(record[1])
            recent[seen] -= 1
            if not recent[seen]:
                del recent[seen]
        self.recent = recent
        self.rules.unmake(record)

    def _seen_key(self, key):
        """The rules' key of a position as XolibaState counts it: (board, seat)."""
        return key[0], self.rules.order[key[1]]

    def visit(self) -> None:
        """Count a move played or a position's moves generated: the budget."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    def moves(self):
        self.visit()
        rules = self.rules
        return rules.ordered(rules.moves(), 0)

    def ending_moves(self) -> tuple[list, bool]:
        """(the moves after which the game may be over, whether there are others): the
        last ply of a search needs only these. A move can end the game only by leaving a
        side fewer than three pieces, or, capturing nothing, as the 30th such move or a
        position's third occurrence, or when the next side passed before (it may have no
        move now)."""
        self.visit()
        rules = self.rules
        board, pieces = rules.board, rules.pieces
        seat = rules.order[rules.turn]
        other = 1 - seat
        quiet_may_end = (rules.quiet + 1 >= NO_CAPTURE_LIMIT
                         or max(self.recent.values(), default=0) >= REPETITIONS - 1)
        ending, others = [], False
        for move in rules.moves():
            if move == PASS or rules.passed[other]:
                ending.append(move)
                continue
            enemy, own = ai.capture_counts(board, move)
            if pieces[other] - enemy < 3 or pieces[seat] - own < 3 or (
                    enemy + own == 0 and quiet_may_end):
                ending.append(move)
            else:
                others = True
        return rules.ordered(ending, 0), others

    def winning_captures(self) -> list:
        """The mover's captures that leave the opponent fewer than three pieces: at the
        last ply, when the game cannot end otherwise (see ending_moves), the only moves
        that can win. Found from the triangles that hold enough enemy pieces, without
        generating every move."""
        self.visit()
        rules = self.rules
        board, seat = rules.board, self.me
        other = 1 - seat
        need = rules.pieces[other] - 2
        enemy = 0
        for point in POINTS:
            if board[point] == other:
                enemy |= 1 << point
        found = []
        for t, contents in enumerate(CONTENT_MASKS):
            if (contents & enemy).bit_count() < need:
                continue
            for to, a, b in CORNER_TURNS[t]:
                if board[to] != WHITE or board[a] != seat or board[b] != seat:
                    continue
                for ray in RAYS[to]:
                    for frm in ray:
                        cell = board[frm]
                        if cell == WHITE:
                            continue
                        if cell == seat and frm != a and frm != b:
                            found.append((frm, to, t))
                        break
        return sorted(found)

    def plays_on(self) -> bool:
        """Whether the side to move has a move that leaves both sides three pieces or
        more: when only_captures_can_end(), one after which the game goes on. Stops at
        the first such move (most positions have one among the first looked at)."""
        self.visit()
        rules = self.rules
        board, pieces = rules.board, rules.pieces
        seat = rules.order[rules.turn]
        other = 1 - seat
        for to in POINTS:
            if board[to] != WHITE:
                continue
            for t, a, b in AT_CORNER[to]:
                if board[a] != seat or board[b] != seat:
                    continue
                enemy = own = 0
                for q in TRIANGLES[t].contents:
                    cell = board[q]
                    if cell == seat:
                        own += 1
                    elif cell == other:
                        enemy += 1
                for ray in RAYS[to]:
                    for frm in ray:
                        cell = board[frm]
                        if cell == WHITE:
                            continue
                        if cell == seat and frm != a and frm != b:
                            lost = own - (frm in CONTENT_SETS[t])
                            if pieces[other] - enemy >= 3 and pieces[seat] - lost >= 3:
                                return True
                        break
        return False

    def only_captures_can_end(self) -> bool:
        """Whether the move to play now can end the game only by leaving a side fewer
        than three pieces (see ending_moves)."""
        rules = self.rules
        return not (rules.passed[1 - rules.order[rules.turn]]
                    or rules.quiet + 1 >= NO_CAPTURE_LIMIT
                    or max(self.recent.values(), default=0) >= REPETITIONS - 1)

    def mover_to_play(self) -> bool:
        rules = self.rules
        return rules.order[rules.turn] == self.me

    def final(self) -> int:
        rules = self.rules
        return final_value(rules.board, rules.start, rules.pieces, self.me)

    # -- won within a number of plies ---------------------------------------------------
    def wins_within(self, plies: int) -> bool:
        """Whether the mover wins, against any defence, with the game over within `plies`
        more plies (a pass is a ply)."""
        rules = self.rules
        if rules.over:
            return self.final() > 0
        if plies == 0:
            return False
        key = (self.key(), plies)
        known = self.bounded.get(key)
        if known is not None:
            return known
        mine = self.mover_to_play()
        if plies > 1:
            moves = self.moves()
        elif mine and self.only_captures_can_end():
            moves = self.winning_captures()
        elif not mine and self.only_captures_can_end() and self.plays_on():
            return False                     # the defender plays on past the last ply
        else:
            moves, others = self.ending_moves()
            if others and not mine:
                return False
        result = not mine
        for move in moves:
            played = self.play(move)
            try:
                won = self.wins_within(plies - 1)
            finally:
                self.unplay(played)
            if won is mine:
                result = won
                break
        self.bounded[key] = result
        return result

    # -- reaching a final value, searched to the end -----------------------------------
    def reaches(self, target: int, depth: int):
        """PROVEN when the mover's final value is at least `target` against any defence,
        REFUTED when the opponent can keep it lower, both to the end of the game; None
        when neither shows within `depth` plies."""
        rules = self.rules
        if rules.over:
            return self.final() >= target
        key = self.key()
        lo, hi = self.bounds.get(key, (None, None))
        if lo is not None and lo >= target:
            return PROVEN
        if hi is not None and hi < target:
            return REFUTED
        if depth == 0 or self.open.get((key, target), -1) >= depth:
            return None
        mine = self.mover_to_play()
        result = REFUTED if mine else PROVEN
        if depth == 1 and mine and target > 0 and self.only_captures_can_end():
            moves = self.winning_captures()
            result = None                    # the other moves stay open
        elif depth == 1:
            moves, others = self.ending_moves()
            if others:
                result = None                # a move that plays on stays open
        else:
            moves = self.moves()
        for move in moves:
            played = self.play(move)
            try:
                value = self.reaches(target, depth - 1)
            finally:
                self.unplay(played)
            if value is (PROVEN if mine else REFUTED):
                result = value
                break
            if value is None:
                result = None
        if result is None:
            self.open[(key, target)] = depth
        elif result is PROVEN:
            self.bounds[key] = (target if lo is None else max(lo, target), hi)
        else:
            self.bounds[key] = (lo, target - 1 if hi is None else min(hi, target - 1))
        return result

    def settle(self, moves, target: int, first: bool = False) -> dict:
        """{move: PROVEN or REFUTED} for each of the mover's `moves` and `target`, by
        iterative deepening (the quick answers first); _OutOfBudget when the budget runs
        out first. With `first`, {the first move proven: PROVEN} as soon as one is found,
        {} when every move is refuted."""
        results = {}
        depth = 0
        while len(results) < len(moves):
            depth += 1
            for move in moves:
                if move in results:
                    continue
                played = self.play(move)
                try:
                    value = self.reaches(target, depth - 1)
                finally:
                    self.unplay(played)
                if value is PROVEN and first:
                    return {move: PROVEN}
                if value is not None:
                    results[move] = value
        return {} if first else results


def _greatest(search: Endgame, moves, possible) -> int:
    """The greatest of the `possible` scores (sorted) that one of `moves` is proven to
    win against any defence (each move must win; 0 when none of `possible` is reached):
    a binary search over them."""
    low, high = 0, len(possible) - 1            # possible[low - 1] is reached
    while low <= high:
        middle = (low + high) // 2
        if search.settle(moves, points_target(possible[middle]), first=True):
            low = middle + 1
        else:
            high = middle - 1
    return possible[low - 1] if low else 0


def _coloured(board) -> int:
    return len(board) - bytes(board).count(WHITE)


# --- what is proven of a position ----------------------------------------------------------
class Position:
    """A position's proofs, each worked out once when first asked (the goals share them):
    `fastest` (the forced wins), `wins` (to the end) and `points` (of the winning moves).
    Each is None when its budget ran out."""

    def __init__(self, state):
        self.state = state.copy()
        self.moves = state.legal_moves()
        self._parts = {}

    def _part(self, name, work):
        if name not in self._parts:
            try:
                self._parts[name] = work()
            except _OutOfBudget:
                self._parts[name] = None
        return self._parts[name]

    @property
    def fastest(self) -> dict | None:
        """{move: the fewest plies within which it wins (the move itself the first), at
        most 2 * MOST_TURNS} for the moves that win so soon."""
        def work():
            search = Endgame(self.state, FORCED_BUDGET)
            found = {}
            for move in self.moves:
                played = search.play(move)
                try:
                    for plies in range(2 * MOST_TURNS):
                        if search.wins_within(plies):
                            found[move] = plies + 1
                            break
                finally:
                    search.unplay(played)
            return found
        return self._part("fastest", work)

    @property
    def wins(self) -> dict | None:
        """{move: whether the mover wins after it against any defence}, to the end."""
        return self._part("wins", lambda: Endgame(self.state, WIN_BUDGET).settle(self.moves, 1))

    @property
    def points(self) -> tuple | None:
        """(best, answers, next best) of the winning moves' points with best play: the
        greatest score, the moves that reach it, and the greatest score of the other
        winning moves (None when there is none); None when the budget ran out or when
        more than MAX_ANSWERS moves reach the best or another comes within
        MIN_POINTS_GAP of it (no puzzle: the search stops as soon as it knows)."""
        wins = self.wins
        if wins is None:
            return None
        winning = [move for move in self.moves if wins[move]]
        if not winning:
            return None

        def work():
            search = Endgame(self.state, POINTS_BUDGET)
            me = self.state.to_play
            start, now = self.state.start_counts[1 - me], self.state.pieces(1 - me)
            possible = sorted({size * lost for size in (1, 2, 3)
                               for lost in range(start - now, start + 1)})
            best = _greatest(search, winning, possible)
            answers = []
            for move in winning:
                if search.settle([move], points_target(best))[move]:
                    answers.append(move)
                    if len(answers) > MAX_ANSWERS:
                        return None
            others = [move for move in winning if move not in answers]
            if not others:
                return best, answers, None
            if search.settle(others, points_target(best - MIN_POINTS_GAP + 1), first=True):
                return None
            return best, answers, _greatest(search, others, [p for p in possible
                                                             if p <= best - MIN_POINTS_GAP])
        return self._part("points", work)


# --- words ---------------------------------------------------------------------------------
def capture_of(state, move) -> int:
    """Enemy pieces `move` captures."""
    return 0 if move == PASS else ai.capture_counts(state.board, move)[0]


def taking(state, move) -> str:
    """'c3-e5 (taking 3 blue and 1 of its own)', or just 'c3-e5' when it captures
    nothing."""
    enemy, own = (0, 0) if move == PASS else ai.capture_counts(state.board, move)
    parts = [f"{enemy} {COLOUR_NAMES[1 - state.to_play].lower()}"] if enemy else []
    parts += [f"{own} of its own"] if own else []
    text = state.format_move(move)
    return f"{text} (taking {' and '.join(parts)})" if parts else text


def end_words(state) -> str:
    """How a finished game ended and why the winner won, in a line."""
    outcome = state.outcome
    cause = state.end_cause
    if outcome.winner is None:
        return f"{cause}: a tie"
    winner = outcome.winner
    sizes = state.biggest_sizes()
    loser_size = SIZE_NAMES[sizes[1 - winner]]
    loser = COLOUR_NAMES[1 - winner]
    theirs = f"{loser} has no triangle" if sizes[1 - winner] == 0 else \
        f"{loser}'s is only {loser_size}"
    lost = state.start_counts[1 - winner] - state.pieces(1 - winner)
    return (f"{cause}; {COLOUR_NAMES[winner]}'s {SIZE_NAMES[sizes[winner]]} triangle wins "
            f"({theirs}): {sizes[winner]} × {lost} = {outcome.scores[winner]} points")


def tempting_moves(state, answers, moves) -> list:
    """The failing moves that capture enemy pieces, at least as many as the answer that
    captures most: what a greedy eye plays instead. Biggest capture first."""
    least = max(1, max(capture_of(state, move) for move in answers))
    failing = [move for move in moves
               if move not in answers and capture_of(state, move) >= least]
    return sorted(failing, key=lambda move: -capture_of(state, move))


# --- the kit -------------------------------------------------------------------------------
class XolibaKit(PuzzleKit):
    game = "xoliba"
    goals = {
        FORCED_WIN: "Win within {n} turn{s} against any defence.",
        MOST_POINTS: "Score the most points from here, against best play.",
    }
    tries = FORCED_TRIES + ((MOST_POINTS, None),)
    trial_levels = LEVELS

    def __init__(self):
        self._positions: dict[tuple, Position] = {}
        self._lock = threading.Lock()

    def position(self, state) -> Position:
        """The proofs of `state`'s position, kept for the last few positions asked (the
        generator asks each goal of a position in turn)."""
        key = (state.seed, repr(sorted(state.options.items())), tuple(state.history))
        with self._lock:
            found = self._positions.get(key)
            if found is None:
                found = Position(state)
                if len(self._positions) >= 64:
                    self._positions.pop(next(iter(self._positions)))
                self._positions[key] = found
        return found

    # --- proofs ---------------------------------------------------------------------------
    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        if state.spec.name != self.game or state.players != 2 or state.is_over:
            return None
        if len(state.legal_moves()) < MIN_MOVES:
            return None
        position = self.position(state)
        if kind == FORCED_WIN:
            return self._forced_win(position, n)
        if kind == MOST_POINTS:
            return self._most_points(position)
        raise ValueError(f"unknown Xoliba puzzle kind {kind!r}")

    def _forced_win(self, position: Position, n: int) -> Proof | None:
        fastest = position.fastest
        if fastest is None or not fastest:
            return None
        quickest = min(fastest.values())
        if quickest != 2 * n - 1:        # a quicker win, or one only at the opponent's move
            return None
        if any(plies == 2 * n for plies in fastest.values()):
            return None                  # "within n turns" would be read two ways
        answers = [move for move in position.moves if fastest.get(move, 99) <= 2 * n - 1]
        if len(answers) > MAX_ANSWERS:
            return None
        try:
            words = self._forced_words(position, answers, n)
        except _OutOfBudget:
            return None
        return self._proof(position, answers, forced=n, explanation=words, turns=n)

    def _most_points(self, position: Position) -> Proof | None:
        fastest = position.fastest
        if fastest is None or len(fastest) < 2:
            return None                  # tried where several moves win, and soon
        points = position.points
        if points is None:
            return None
        best, answers, next_best = points
        if best < 1 or next_best is None:
            return None                  # no points, or only the answers win
        state, moves = position.state, position.moves
        words = (f"{taking(state, answers[0])} wins {best} points against "
                 f"{COLOUR_NAMES[1 - state.to_play]}'s best defence; no other move wins "
                 f"more than {next_best}")
        tempting = tempting_moves(state, answers, moves)
        if tempting and position.wins[tempting[0]]:
            words += f", not even the capture {taking(state, tempting[0])}"
        elif tempting:
            words += f"; the capture {taking(state, tempting[0])} does not win at all"
        return self._proof(position, answers, forced=None, explanation=words + ".",
                           turns=None, points=best)

    def _proof(self, position, answers, forced, explanation, turns, **more) -> Proof:
        state, moves = position.state, position.moves
        tempting = tempting_moves(state, answers, moves)
        return Proof(answers=tuple(state.format_move(move) for move in answers),
                     explanation=explanation, forced=forced,
                     measures={"tempting": len(tempting), "moves": len(moves),
                               "answers": len(answers), "turns": turns or 1, **more})

    # --- explanations ----------------------------------------------------------------------
    def _forced_words(self, position: Position, answers, n: int) -> str:
        """The first answer, the line that follows it against the longest defence, and
        how the most tempting other move fails."""
        state = position.state.copy()
        me, them = COLOUR_NAMES[state.to_play], COLOUR_NAMES[1 - state.to_play]
        words = taking(state, answers[0])
        state.play(answers[0])
        line = []
        while not state.is_over:
            if state.to_play == position.state.to_play:
                move = self._quickest_win(state)
            else:
                move = self._longest_defence(state)
            line.append(f"{COLOUR_NAMES[state.to_play]} "
                        f"{'must pass' if move == PASS else taking(state, move)}")
            state.play(move)
        if line:
            words += f", then against {them}'s longest defence {', '.join(line)}"
        else:
            words += " ends the game at once"
        words += f": {end_words(state)}"
        tempting = tempting_moves(position.state, answers, position.moves)
        if tempting:
            before = position.state.copy()
            move = tempting[0]
            words += f". The capture {taking(before, move)} does not"
            before.play(move)
            if before.is_over:
                words += f": {end_words(before)}"
            elif n == 1:
                words += " end the game"
            else:
                reply = self._escape(before, 2 * n - 2)
                words += f": {them} answers {taking(before, reply)}"
                words += f" and {me} cannot win within {n - 1} more turn" + ("s" if n > 2 else "")
        return words + "."

    # --- the line after the answer ---------------------------------------------------------
    def _quickest_win(self, state):
        """The mover's move that wins in the fewest plies (the first such in the order of
        legal_moves())."""
        search = Endgame(state, FORCED_BUDGET)
        for plies in range(1, 2 * MOST_TURNS + 1):
            for move in state.legal_moves():
                played = search.play(move)
                try:
                    if search.wins_within(plies - 1):
                        return move
                finally:
                    search.unplay(played)
        raise ValueError("no forced win in this position")

    def _plies_to_win(self, state, mover: int, most: int) -> int | None:
        """The fewest plies, at most `most`, within which `mover` wins from `state`
        against any defence; None when not so soon."""
        if state.is_over:
            return 0 if state.outcome.winner == mover else None
        search = Endgame(state, FORCED_BUDGET, me=mover)
        return next((plies for plies in range(most + 1) if search.wins_within(plies)), None)

    def _escape(self, state, plies: int):
        """The defender's first reply (in the order of legal_moves()) after which the mover
        cannot win within `plies` plies."""
        mover = 1 - state.to_play
        for reply in state.legal_moves():
            state.play(reply)
            try:
                if self._plies_to_win(state, mover, plies - 1) is None:
                    return reply
            finally:
                state.undo()
        raise ValueError("the mover wins after every reply")

    def _longest_defence(self, state):
        """The defender's reply after which the mover's forced win takes longest (the
        first such in the order of legal_moves())."""
        mover, never = 1 - state.to_play, 2 * MOST_TURNS + 1
        best, longest = None, -1
        for reply in state.legal_moves():
            state.play(reply)
            try:
                plies = self._plies_to_win(state, mover, 2 * MOST_TURNS)
            finally:
                state.undo()
            plies = never if plies is None else plies
            if plies > longest:
                best, longest = reply, plies
        return best

    # --- the line, as the screen plays it --------------------------------------------------
    def follow(self, state, start: int, kind: str, n: int | None) -> Follow:
        if kind != FORCED_WIN:
            return super().follow(state, start, kind, n)
        try:
            return self._follow_forced(state, start, n)
        except _OutOfBudget:
            return Follow(failed="the win could not be proven again here")

    def _follow_forced(self, state, start: int, n: int) -> Follow:
        solver = _mover_at(state, start)
        if state.is_over:
            if state.outcome.winner == solver:
                return Follow(solved=True)
            return Follow(failed=f"the game is over: {end_words(state)}")
        left = n - sum(1 for seat in state.movers()[start:] if seat == solver)
        if left <= 0:
            return Follow(failed=f"{n} turns are played and the game goes on")
        if state.to_play != solver:
            if self._plies_to_win(state, solver, 2 * left) is None:
                return Follow(failed=f"the opponent can now hold out past your {n} turns")
            return Follow(reply=self._longest_defence(state))
        search = Endgame(state, FORCED_BUDGET)
        accepted = []
        for move in state.legal_moves():
            played = search.play(move)
            try:
                if search.wins_within(2 * left - 2):
                    accepted.append(state.format_move(move))
            finally:
                search.unplay(played)
        if not accepted:
            return Follow(failed=f"no move wins within the {left} turn"
                                 f"{'s' if left != 1 else ''} left")
        return Follow(accepted=tuple(accepted))

    # --- positions to cut puzzles from ----------------------------------------------------
    def candidates(self, seed: int) -> Iterator[Candidate]:
        spec = game.rules.get(self.game)
        number = 0
        while True:
            red, blue = PAIRINGS[number % len(PAIRINGS)]
            deal = seed * 1_000_000 + number
            rng = random.Random(f"xoliba-tactics:{seed}:{number}")
            state = spec.new_game(seed=deal, options={"players": 2})
            positions = []
            while not state.is_over:
                level = red if state.to_play == 0 else blue
                move = game.ai.choose_move(state, level, rng)
                positions.append((state.copy(), level, move))
                state.play(move)
            names = f"{red} (Red) v {blue} (Blue), deal {deal}"
            winner = state.outcome.winner
            # Every other game asks for the most points first (the forced wins would
            # take nearly every position).
            kinds = ((MOST_POINTS, None),) + FORCED_TRIES if number % 2 else ()
            for before, level, move in reversed(positions[-LAST_PLIES:]):
                if len(before.legal_moves()) < MIN_MOVES:
                    continue
                where = f"{names}, move {len(before.history) + 1}"
                yield Candidate(before, self.source(before, level, move, winner, where), kinds)
            number += 1

    def source(self, state, level: str, move, winner, where: str) -> str:
        """Where a candidate comes from, in a line: a blunder of `level` when the side to
        move in `state` could win within MOST_TURNS turns by force, played `move`, which
        does not, and did not win the game (`winner`)."""
        seat = state.to_play
        fastest = self.position(state).fastest
        if fastest and move not in fastest and winner != seat:
            result = "tied" if winner is None else "lost"
            return (f"blunder of {level} ({COLOUR_NAMES[seat]}): {where}, it played "
                    f"{state.format_move(move)} and {result} a game it could win within "
                    f"{MOST_TURNS} turns")
        return f"self-play {where}"


def _mover_at(state, start: int) -> int:
    """The side to move at ply `start` (the puzzle's solver)."""
    return state.movers()[start] if len(state.history) > start else state.to_play


KIT = XolibaKit()
