"""Xtic's puzzles (game/puzzles/kit.py): positions cut from games of the computer levels,
each proven by the exact solver of game/games/xtic/player.py.

Two goals, for the side to move (who holds a piece and must place it):

* "forced_win" (n = 1..3): make the opponent complete a line within n of your own turns,
  whatever they do. The answers are every move whose value, searched 2n placements
  ahead, is a win by the opponent's n-th placement; a puzzle only when the fastest win
  takes exactly n turns (no shorter one hides in it) and at most MAX_ANSWERS moves win.
* "safe_handover": the exact value of every move, searched to the end of the game; the
  answers are the moves that do not lose (a draw or a win), a puzzle only when there
  are at most MAX_ANSWERS of them and most moves lose.

Values are the solver's: from the side to move, WIN - k for a win whose losing placement
is the board's k-th piece, -(WIN - k) for such a loss, 0 for a draw or for nothing
decided within the horizon. Every legal move gets its own value (a search of its own on
the solver's shared tables), so the answer list is complete by construction; the tests
check it against plain minimax on the public XticState. Every search has a budget of
boards analysed: one that runs out proves nothing (no puzzle), never a guess.

After a forced win's answer the defender plays its longest defence (the best value
2t + 1 placements ahead when the mover has t turns left), and the moves accepted next
are again every move that wins in the turns left. The explanations are worked out from
the proof: the line against the longest defence and why the defender's last piece
loses on every square left; for a safe hand-over, the pieces the opponent punishes at
once and the losing move that holds out longest, with the reply that beats it.

The positions come from self-play of the computer levels (all of them deterministic:
depths, and "perfect"'s budget of boards), from FORCED_EMPTIES empty squares on, the
positions where a level threw away its exact value (by the solver) first.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

import game.ai
import game.rules
from game.games.xtic import player as ai
from game.games.xtic.rules import PROPERTIES, SEATS, line_name, shared_property, square_name
from game.puzzles.kit import Candidate, Follow, Proof, PuzzleKit

FORCED_WIN = "forced_win"
SAFE_HANDOVER = "safe_handover"
MOST_TURNS = 3                  # forced wins within 1..3 turns
MAX_ANSWERS = 3                 # a puzzle has at most this many accepted first moves
MIN_MOVES = 6                   # ... and at least this many legal moves
FORCED_EMPTIES = 9              # positions with at most this many empty squares are tried
SAFE_EMPTIES = 8                # ... for "safe_handover", solved to the end
BUDGET = 100_000                # boards analysed per search of a proof (about 2 s here;
#                                 the shipped puzzles take at most about 10,000)
FORCING_SQUARES = 2             # a hand-over safe on at most this many squares looks forcing
# The self-play that gives the positions: (First's level, Second's level), in turn.
PAIRINGS = (("hard", "easy"), ("very hard", "medium"), ("don't try", "hard"),
            ("medium", "easy"), ("perfect", "very hard"), ("easy", "trivial"),
            ("don't try", "don't try"), ("medium", "hard"))


class _OutOfBudget(Exception):
    """The proof's boards analysed ran past its budget: nothing is proven."""


def move_values(state, depth: int) -> list[tuple]:
    """[(move, value)] for every legal move of the side to move in `state`, in the order
    of legal_moves(): the solver's value of the move looking `depth` placements ahead
    (depth >= empty squares: the exact value)."""
    return searched_values(state, depth)[0]


def searched_values(state, depth: int) -> tuple[list[tuple], int]:
    """(move_values, boards analysed). _OutOfBudget past BUDGET boards (the solver looks
    at its budget every ai.POLL_EVERY boards)."""
    search = ai._Search(state.game_type, state.board, state.hand)
    search.budget = BUDGET
    hand, n = state.hand, search.n
    values = []
    try:
        for move in state.legal_moves():
            square, piece = move
            if piece is None:           # a losing placement, or the last piece: a draw
                value = -(ai.WIN - n - 1) if state.placement_loses(square) else 0
            else:
                undo = search.place(square, hand)
                value = -_receiver_value(search, piece, depth - 1)
                search.unplace(undo)
            values.append((move, value))
    except ai._BudgetExceeded:
        raise _OutOfBudget from None
    return values, search.nodes


def _receiver_value(search, piece: int, depth: int) -> int:
    """The value, looking `depth` placements ahead, for the player handed `piece` on the
    search's board, `piece` still among the search's pieces to hand (the checks root()
    makes before it calls node(), whose tables want it so)."""
    n, lose, empty = search.n, search.lose, search.empty
    if depth < 1:
        return 0
    if all(lose[s] >> piece & 1 for s in ai.SQUARES[empty]):
        return -(ai.WIN - n - 1)                       # it loses on every square
    if depth < 2:
        return 0
    info = search.threats()
    if search.poisoned_set(info) >> piece & 1:
        return ai.WIN - n - 2                          # placed, it hands back a deadly piece
    if depth < 3 or empty.bit_count() < 3:
        return 0                                       # nothing else is decided by then
    search.avail ^= 1 << piece
    # Narrow windows first, as root_value does: most values are 0.
    value = search.node(piece, depth, -1, 1, info)
    if value >= 1:
        value = search.node(piece, depth, 0, ai.INF, info)
    elif value <= -1:
        value = search.node(piece, depth, -ai.INF, 0, info)
    search.avail ^= 1 << piece
    return value


def win_target(state, turns: int) -> int:
    """The value of a win by the opponent's placement after `turns` turns of the mover."""
    return ai.WIN - (16 - state.board.count(-1)) - 2 * turns


def line_reason(state, square: int, piece: int) -> str:
    """'rank 2 all hollow': the first line `piece` would complete on `square`."""
    for line in state.lines_through[square]:
        pieces = [piece if sq == square else state.board[sq] for sq in line]
        if all(p >= 0 for p in pieces):
            shared = shared_property(pieces)
            if shared is not None:
                bit, value = shared
                return f"{line_name(line)} all {PROPERTIES[bit][value]}"
    raise ValueError(f"piece {piece} completes no line on {square_name(square)}")


def deadly_text(state, piece: int) -> str:
    """Why `piece`, in the hand of the side to move, loses wherever it goes."""
    squares = state.empty_squares()
    if len(squares) == 1:
        return (f"the last piece, {piece}, must go on {square_name(squares[0])} and makes "
                f"{line_reason(state, squares[0], piece)}")
    reasons = "; ".join(f"{square_name(sq)}: {line_reason(state, sq, piece)}"
                        for sq in squares)
    return f"piece {piece} loses on every square left ({reasons})"


def listed(items, word: str) -> str:
    """'1, 7 or 12' (word 'or')."""
    items = [str(item) for item in items]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


class XticKit(PuzzleKit):
    game = "xtic"
    goals = {
        FORCED_WIN: "Win within {n} turn{s} against any defence: force your opponent to "
                    "complete a line.",
        SAFE_HANDOVER: "Place your piece and hand over one that does not lose the game "
                       "against best play.",
    }
    tries = tuple((FORCED_WIN, n) for n in range(1, MOST_TURNS + 1)) + ((SAFE_HANDOVER, None),)
    trial_levels = ("trivial", "easy", "medium", "hard", "very hard", "don't try")

    # --- proofs ---------------------------------------------------------------------------
    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        if state.is_over or state.hand is None:
            return None                  # the opening hand-over is never a puzzle
        empties = state.board.count(-1)
        try:
            if kind == FORCED_WIN and n in range(1, MOST_TURNS + 1) \
                    and empties <= FORCED_EMPTIES:
                return self._prove_forced(state, n)
            if kind == SAFE_HANDOVER and n is None and empties <= SAFE_EMPTIES:
                return self._prove_safe(state)
        except _OutOfBudget:
            return None
        return None

    def _prove_forced(self, state, n: int) -> Proof | None:
        values, nodes = searched_values(state, 2 * n)
        target = win_target(state, n)
        if max(value for _move, value in values) != target:
            return None                  # no win within n turns, or a quicker one
        answers = [move for move, value in values if value == target]
        if len(answers) > MAX_ANSWERS or len(values) < MIN_MOVES:
            return None
        work = state.copy()
        # Tempting: the failing moves that look forcing, a safe placement handing over a
        # piece with few safe squares.
        tempting = sum(1 for move, value in values
                       if value != target and self._looks_forcing(work, move))
        line = self.main_line(work, answers[0], n)
        return Proof(
            answers=tuple(state.format_move(m) for m in answers),
            explanation=self._forced_text(work, line), forced=n,
            measures={"tempting": tempting, "moves": len(values),
                      "empties": work.board.count(-1), "nodes": nodes})

    def _prove_safe(self, state) -> Proof | None:
        values, nodes = searched_values(state, state.board.count(-1))
        answers = [move for move, value in values if value >= 0]
        if not answers or len(answers) > MAX_ANSWERS or len(values) < MIN_MOVES \
                or 4 * len(answers) > len(values):
            return None
        # Tempting: the losing moves that survive the next exchange (only a deeper look
        # refutes them).
        tempting = sum(1 for _move, value in values
                       if value < 0 and turns_to_lose(state, value) >= 2)
        return Proof(
            answers=tuple(state.format_move(m) for m in answers),
            explanation=self._safe_text(state.copy(), values, answers),
            measures={"tempting": tempting, "moves": len(values),
                      "empties": state.board.count(-1), "nodes": nodes,
                      "wins": sum(1 for _move, value in values if value > 0)})

    @staticmethod
    def _looks_forcing(work, move) -> bool:
        """Whether `move` places safely and hands over a piece with at most
        FORCING_SQUARES safe squares (`work` is played on and taken back)."""
        if move[1] is None:
            return False
        work.play(move)
        safe = sum(1 for sq in work.empty_squares() if not work.placement_loses(sq))
        work.undo()
        return safe <= FORCING_SQUARES

    # --- the line of a forced win ----------------------------------------------------------
    @staticmethod
    def winning_moves(state, turns: int) -> list:
        """The mover's moves that win within `turns` of their turns (legal order)."""
        target = win_target(state, turns)
        return [move for move, value in move_values(state, 2 * turns) if value >= target]

    @staticmethod
    def best_defence(state, turns: int) -> tuple:
        """(move, value) of the defender's move that resists longest when the mover has
        `turns` turns left after it: the best value looking 2 * turns + 1 placements
        ahead, the first in legal order among equals."""
        values = move_values(state, 2 * turns + 1)
        best = max(value for _move, value in values)
        return next((move, value) for move, value in values if value == best)

    def main_line(self, work, answer, n: int) -> list:
        """The moves from `answer` on, the defender's longest defence each time and the
        mover's first winning move, until the defender holds a deadly piece (`work` is
        played on and taken back)."""
        line = [answer]
        work.play(answer)
        for turns in range(n - 1, 0, -1):
            line.append(self.best_defence(work, turns)[0])
            work.play(line[-1])
            line.append(self.winning_moves(work, turns)[0])
            work.play(line[-1])
        for _move in line:
            work.undo()
        return line

    @staticmethod
    def _forced_text(work, line: list) -> str:
        texts = []
        for move in line:
            texts.append(work.format_move(move))
            work.play(move)
        why = deadly_text(work, work.hand)
        defender = SEATS[work.to_play]
        for _move in line:
            work.undo()
        if len(line) == 1:
            return f"After {texts[0]}, {why}."
        return (f"Against {defender}'s longest defence the line runs {' '.join(texts)}, "
                f"and {why}.")

    def _safe_text(self, work, values: list, answers: list) -> str:
        """Names the answers and what the losing hand-overs allow."""
        opponent = SEATS[1 - work.to_play]
        holds = listed([work.format_move(m) for m in answers], "or")
        losing = [(move, value) for move, value in values if value < 0 and move[1] is not None]
        # The pieces punished at once wherever they are handed over from.
        punished = sorted({move[1] for move, _ in losing}
                          - {move[1] for move, value in values if move[1] is not None
                             and (value >= 0 or turns_to_lose(work, value) > 1)})
        parts = []
        if punished:
            move = next(m for m, _ in losing if m[1] == punished[0])
            parts.append(f"handing over {listed(punished, 'or')} lets {opponent} place it and "
                         f"hand back a piece that loses on every square ({work.format_move(move)} "
                         f"is met by {self._quickest_win(work, move)})")
        slow = [(move, value) for move, value in losing if turns_to_lose(work, value) >= 2]
        if slow:
            move, value = max(slow, key=lambda pair: pair[1])
            parts.append(f"{work.format_move(move)} lasts longest but loses "
                         f"{turns_to_lose(work, value)} turns later, after {opponent}'s "
                         f"{self._quickest_win(work, move)}")
        verb = "holds" if len(answers) == 1 else "hold"
        return f"Only {holds} {verb}; every other move loses{': ' if parts else ''}" \
               f"{'; '.join(parts)}."

    @staticmethod
    def _quickest_win(work, move) -> str:
        """The opponent's quickest winning reply to `move`, in notation (`work` is
        played on and taken back)."""
        lost_in = turns_to_lose(work, dict(move_values(work, work.board.count(-1)))[move])
        work.play(move)
        values = move_values(work, 2 * lost_in)
        best = max(value for _move, value in values)
        reply = work.format_move(next(m for m, value in values if value == best))
        work.undo()
        return reply

    # --- the line after the answer -----------------------------------------------------------
    def follow(self, state, start: int, kind: str, n: int | None) -> Follow:
        if kind != FORCED_WIN:
            return super().follow(state, start, kind, n)
        mover = start % 2                # Xtic's seats alternate from move 1
        if state.is_over:
            if state.outcome.winner == mover:
                return Follow(solved=True)
            return Follow(failed="the game ended without your win")
        played = len(state.history) - start
        try:
            if state.to_play == mover:
                turns = n - played // 2
                accepted = self.winning_moves(state, turns) if turns >= 1 else []
                if not accepted:
                    return Follow(failed=f"no move wins within {turns} turns any more")
                return Follow(accepted=tuple(state.format_move(m) for m in accepted))
            turns = n - (played + 1) // 2
            reply, value = self.best_defence(state, turns)
            if value > -win_target(state, turns) + 1:
                return Follow(failed=f"{SEATS[state.to_play]} escapes: no win within "
                                     f"{turns} turns any more")
            return Follow(reply=reply)
        except _OutOfBudget:
            return Follow(failed="the solver ran out of its budget here")

    # --- positions to cut puzzles from -------------------------------------------------------
    def candidates(self, seed: int) -> Iterator[Candidate]:
        """The positions of self-play games between the levels (PAIRINGS in turn), game
        k seeded `seed` * 100000 + k (its rng too), from FORCED_EMPTIES empty squares on:
        first those where the level to move then threw its exact value away, then the
        others in the order of the game."""
        spec = game.rules.get("xtic")
        number = 0
        while True:
            first, second = PAIRINGS[number % len(PAIRINGS)]
            game_seed = seed * 100_000 + number
            rng = random.Random(game_seed)
            state = spec.new_game(seed=game_seed, options={"game_type": "normal"})
            blunders, others = [], []
            while not state.is_over:
                level = (first, second)[state.to_play]
                move = game.ai.choose_move(state, level, rng)
                if state.hand is not None and state.board.count(-1) <= FORCED_EMPTIES:
                    what = f"{first} v {second}, game {game_seed}, move {len(state.history) + 1}"
                    if self._throws_away(state, move):
                        blunders.append(Candidate(state.copy(), f"blunder of {level} ({what})"))
                    else:
                        others.append(Candidate(state.copy(), f"self-play {what}"))
                state.play(move)
            yield from blunders + others
            number += 1

    @staticmethod
    def _throws_away(state, move) -> bool:
        """Whether `move` turns the mover's exact value from a win into a draw or loss,
        or from a draw into a loss (False when a solve ran out of its budget)."""
        before = ai.solve(state, random.Random(0), budget=BUDGET)
        after_state = state.copy()
        after_state.play(move)
        if after_state.is_over:
            winner = after_state.outcome.winner
            after = 0 if winner is None else 1 if winner == state.to_play else -1
        else:
            plan = ai.solve(after_state, random.Random(0), budget=BUDGET)
            if plan.value == 0 and plan.depth < after_state.board.count(-1):
                return False
            after = -sign(plan.value)
        if before.value == 0 and before.depth < state.board.count(-1):
            return False
        return after < sign(before.value)


def turns_to_lose(state, value: int) -> int:
    """For a losing move's value in `state`: how many turns after this one the mover
    loses at (0: this placement completes a line)."""
    placed = 16 - state.board.count(-1)
    return (ai.WIN + value - placed - 1) // 2


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


KIT = XticKit()
