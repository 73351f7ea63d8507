"""Catalina Tiles' puzzles (game/puzzles/kit.py): the claim with the best chance to win,
proven by an exact expectimax over the dice to the end of the game, and the claim that
wins the game at once.

Goals (a puzzle's roll allows at least FEWEST_CLAIMS claims):

best_chance  "Find the claim with the best chance to win." (forced None.) Every legal
             claim is valued by its exact chance to win: after it both players play to
             maximise their own chance, over every roll, to the end of the game; a draw
             counts as half a win (so the chance is the expected score, the game is
             zero-sum, and one number per position does). A puzzle when the best claims
             (equal within TIE, float rounding) beat every other claim by MARGIN at
             least: the answers are all of the best, and every other claim is proven at
             least MARGIN worse. Not tried where a claim wins at once (forced_win).
             The notes give every claim's chance.
forced_win   "Win the game with this claim." (n = 1, forced = 1): the answers are every
             claim after which the real rules end the game in the mover's favour; a
             puzzle when some other claim looks as strong (it decides a large tile or
             blocks a line) and does not win. Only n = 1: a win within two turns
             "against any roll" needs every roll of the second turn to reach a winning
             claim, and 1111, 2222 and 3333 reach one tile each, so it almost never
             exists.

The exact chances (`ChanceSolver`) come from a search over boards (the marks of both
players), each solved once per proof; a proof that needs more than NODE_BUDGET boards
gives no puzzle (never a guess). A roll that reaches no claimable tile skips the turn,
so a board's two values (Red to roll, Blue to roll) depend on each other: they are
solved together (`ChanceSolver._values`). tests/test_catalina_tactics.py checks the
chances against value iteration over the real rules and against games with sampled dice.

Candidates are late positions (at most LATE free tiles) of self-play games between the
computer levels, the hard level searched without its clock, so every game is the same on
every machine.
"""
from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import NamedTuple

from game.games.catalina import player as ai
from game.games.catalina.rules import (BLUE, DEAD, FULL, LINE_MASKS, PASS, RED, REACH_MASKS,
                                       ROLL_PROBABILITY, ROLLS, SEATS, SPEC, grid_result)
from game.puzzles.kit import Candidate, Proof, PuzzleKit

MARGIN = 0.10               # the best claim's chance beats the next best by this much
TIE = 1e-9                  # chances closer than this are equal (float rounding only)
NODE_BUDGET = 50_000        # boards one proof may solve (about a second); more: no puzzle
LATE = 11                   # a candidate has at most this many free tiles in open grids
FEWEST_CLAIMS = 3           # a puzzle's roll allows at least this many claims
MOST_NOTES = 6              # lines of chances shown; the rest are summed up in one


class OverBudget(Exception):
    """The exact search needed more boards than its budget."""


_grid_result = functools.cache(grid_result)        # (mine, theirs) -> 0 / 1 / DEAD / None
_BITS = tuple(tuple(k for k in range(9) if mask >> k & 1) for mask in range(512))


def _red_score(result: float | None) -> float | None:
    """player.game_result seen from Red (WIN / -WIN / 0) as Red's score, or None."""
    if result is None:
        return None
    return 1.0 if result > 0 else 0.0 if result < 0 else 0.5


class ChanceSolver:
    """Exact expected scores of a Catalina position under best play on both sides.

    `after_claim` gives Red's expected score after a claim on the board it holds; each
    board on the way is solved once (`_values`: Red's expected score with Red to roll
    and with Blue to roll), memoised by its key: Red's marks in
    bits 0-80 and Blue's in bits 81-161, cell 9 * large tile + small tile (the marks
    also fix which large tiles are decided); `nodes` counts the boards solved and
    OverBudget is raised past `budget`."""

    def __init__(self, state, budget: int = NODE_BUDGET):
        self.marks = [list(state.marks[RED]), list(state.marks[BLUE])]
        self.large = list(state.large)
        self.key = sum(self.marks[seat][g] << (81 * seat + 9 * g)
                       for seat in (RED, BLUE) for g in range(9))
        self.budget = budget
        self.nodes = 0
        self.memo: dict = {}
        self.draws = False          # whether some line of play ends in a draw

    def after_claim(self, seat: int, big: int, bit: int) -> float:
        """Red's expected score after `seat` claims small tile `bit` of large tile `big`
        (the other player rolls next, unless the claim ends the game)."""
        mine, theirs, large = self.marks[seat], self.marks[1 - seat], self.large
        key = self.key
        before = mine[big]
        mine[big] = before | 1 << bit
        result = _grid_result(mine[big], theirs[big])
        score = None
        if result is not None:
            large[big] = seat if result == 0 else 1 - seat if result == 1 else DEAD
            score = _red_score(ai.game_result(large, big, RED))
            self.draws = self.draws or score == 0.5
        if score is None:
            self.key = key | 1 << (81 * seat + 9 * big + bit)
            found = self.memo.get(self.key)
            score = (found if found is not None else self._values())[1 - seat]
            self.key = key
        large[big] = None
        mine[big] = before
        return score

    def _values(self) -> tuple:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OverBudget()
        key = self.key
        red, blue, large = self.marks[RED], self.marks[BLUE], self.large
        open_grids = tuple(g for g in range(9) if large[g] is None)
        cells, patterns, skip = _roll_patterns(
            open_grids, tuple(FULL & ~(red[g] | blue[g]) for g in open_grids))
        after = self.after_claim
        red_after = [after(RED, g, bit) for g, bit in cells]
        blue_after = [after(BLUE, g, bit) for g, bit in cells]
        red_gain = blue_gain = 0.0
        for reached, p in patterns:
            red_gain += p * max(map(red_after.__getitem__, reached))
            blue_gain += p * min(map(blue_after.__getitem__, reached))
        # A skipped turn hands the roll over on the same board:
        #   red_to_roll = red_gain + skip * blue_to_roll
        #   blue_to_roll = blue_gain + skip * red_to_roll
        # (skip < 1: every free tile is reached by the roll of its own four numbers).
        red_to_roll = (red_gain + skip * blue_gain) / (1 - skip * skip)
        found = (red_to_roll, blue_gain + skip * red_to_roll)
        self.memo[key] = found
        return found


@functools.lru_cache(maxsize=1 << 16)
def _roll_patterns(open_grids: tuple, free: tuple) -> tuple:
    """For the free tiles `free` (masks) of the open large tiles `open_grids`: (cells,
    patterns, skip): the free cells as (large tile, small tile); the rolls grouped by the
    cells they reach, as (indices into cells, chance), and the chance of a roll that
    reaches none. Rolls are summed in the order of ROLLS, so the sums are the same on
    every run."""
    cells = tuple((g, bit) for g, f in zip(open_grids, free) for bit in _BITS[f])
    index = {cell: i for i, cell in enumerate(cells)}
    chance_of: dict = {}
    skip = 0.0
    for roll in ROLLS:
        reached = tuple(index[g, bit] for g, f in zip(open_grids, free)
                        for bit in _BITS[REACH_MASKS[roll][g] & f])
        if reached:
            chance_of[reached] = chance_of.get(reached, 0.0) + ROLL_PROBABILITY[roll]
        else:
            skip += ROLL_PROBABILITY[roll]
    return cells, tuple(chance_of.items()), skip


class Chances(NamedTuple):
    """The exact chances of a rolled position's claims (`claim_chances`)."""
    by_claim: dict              # claim -> the mover's chance to win after it, in the
    #                             order of legal_moves(); a draw counted as half
    nodes: int                  # boards solved
    draws: bool                 # whether some line of play from here ends in a draw


def claim_chances(state, budget: int = NODE_BUDGET) -> Chances | None:
    """The exact chance of every legal claim of the rolled position `state`; None when
    it needs more than `budget` boards."""
    seat = state.to_play
    solver = ChanceSolver(state, budget)
    try:
        by_claim = {}
        for move in state.legal_moves():
            red = solver.after_claim(seat, move.big, move.small)
            by_claim[move] = red if seat == RED else 1.0 - red
    except OverBudget:
        return None
    return Chances(by_claim, solver.nodes, solver.draws)


# --- what a claim does, for the explanations ------------------------------------------------
def _large_name(big: int) -> str:
    return f"large tile [{big // 3 + 1},{big % 3 + 1}]"


def claim_effect(state, move) -> str:
    """What claiming `move` does on the board, in a few words: "wins large tile [2,2]",
    "blocks Blue's line in large tile [1,3]", ..."""
    seat = state.to_play
    big, bit = move.big, move.small
    mine, theirs = state.marks[seat][big], state.marks[1 - seat][big]
    result = grid_result(mine | 1 << bit, theirs)
    name = _large_name(big)
    if result == 0:
        return f"wins {name}"
    if result == 1:
        return f"gives {name} to {SEATS[1 - seat]}"
    if result == DEAD:
        return f"leaves {name} dead"
    blocks = [line for line in LINE_MASKS if line >> bit & 1
              and (theirs & line).bit_count() == 2 and not mine & line]
    if blocks:
        return f"blocks {SEATS[1 - seat]}'s line in {name}"
    twos = [line for line in LINE_MASKS if line >> bit & 1
            and (mine & line).bit_count() == 1 and not theirs & line]
    if twos:
        return f"makes two in a row in {name}"
    return f"takes a tile in {name}"


def secured_count(state, move) -> str:
    """", holding N large tiles, more than ... can reach" when after `move` the mover
    holds more large tiles than the opponent can reach with every open one; else ""."""
    after = state.copy()
    after.play(move)
    seat = state.to_play
    mine, theirs = after.large.count(seat), after.large.count(1 - seat)
    if mine > theirs + after.large.count(None):
        return (f", holding {mine} large tiles, more than {SEATS[1 - seat]} can reach "
                f"({theirs + after.large.count(None)})")
    return ""


def wins_at_once(state, move) -> bool:
    """Whether claiming `move` ends the game with the mover's win (by the real rules)."""
    seat = state.to_play
    state.play(move)
    try:
        return state.is_over and state.outcome.winner == seat
    finally:
        state.undo()


def looks_strong(state, move) -> bool:
    """Whether the claim decides a large tile or blocks the opponent's line (what a
    player's eye goes to first)."""
    return not claim_effect(state, move).startswith(("takes", "makes"))


def winning_roll_chance(state, move) -> float:
    """The chance that the opponent's next roll reaches a claim that wins the game at
    once, after the mover claims `move` (0 when the claim ends the game)."""
    state.play(move)
    try:
        if state.is_over:
            return 0.0
        total = 0.0
        for roll, p in state.chance_outcomes():
            state.play(roll)
            if any(ai.wins_game(state, state.to_play, claim) for claim in state.legal_moves()
                   if claim != PASS):
                total += p
            state.undo()
        return total
    finally:
        state.undo()


def percent(chance: float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not."""
    if chance >= 1 - TIE:
        return "100%"
    if chance <= TIE:
        return "0%"
    return f"{min(99, max(1, round(100 * chance)))}%"


def _names(state, moves: list) -> str:
    return " or ".join(state.format_move(m) for m in moves)


def chance_notes(state, chances: dict, draws: bool) -> tuple[str, ...]:
    """Each claim's chance, best first, claims with equal chances on one line (in the
    order of legal_moves()); past MOST_NOTES lines the rest in one; then how they are
    counted (`draws`: a draw can happen)."""
    groups: list = []
    for move in sorted(chances, key=lambda m: -chances[m]):
        if groups and abs(groups[-1][0] - chances[move]) <= TIE:
            groups[-1][1].append(move)
        else:
            groups.append((chances[move], [move]))
    order = list(chances)
    for _, moves in groups:
        moves.sort(key=order.index)
    lines = [f"{_names(state, moves)}: {percent(chance)} to win"
             for chance, moves in groups[:MOST_NOTES]]
    rest = groups[MOST_NOTES:]
    if rest:
        count = sum(len(moves) for _, moves in rest)
        lines.append(f"{count} other claims: {percent(rest[-1][0])} to "
                     f"{percent(rest[0][0])} to win")
    lines.append("(each with best play on both sides after it, over every roll"
                 + ("; a draw counts as half a win)" if draws else "; no draw can happen)"))
    return tuple(lines)


# --- the kit -------------------------------------------------------------------------------
class CatalinaKit(PuzzleKit):
    game = "catalina"
    goals = {"best_chance": "Find the claim with the best chance to win.",
             "forced_win": "Win the game with this claim."}
    tries = (("forced_win", 1), ("best_chance", None))
    trial_levels = ("beginner", "easy", "medium")     # "hard" stops on a clock

    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        if state.is_over or state.is_chance:
            return None
        moves = state.legal_moves()
        if len(moves) < FEWEST_CLAIMS:
            return None
        if kind == "forced_win":
            if n != 1:
                raise ValueError("forced_win is proven for n = 1 only (see the module)")
            return self._win_now(state, moves)
        if kind == "best_chance":
            return self._best_chance(state, moves)
        raise ValueError(f"unknown Catalina puzzle kind {kind!r}")

    def _win_now(self, state, moves: list) -> Proof | None:
        wins = [m for m in moves if wins_at_once(state, m)]
        # Tempting: claims that decide a large tile or block a line and do not end the
        # game; a puzzle needs one to see through (the first named, a large tile won
        # first).
        tempting = sorted((m for m in moves if m not in wins and looks_strong(state, m)),
                          key=lambda m: not claim_effect(state, m).startswith("wins"))
        if not wins or not tempting:
            return None
        by_effect: dict = {}
        for move in wins:
            by_effect.setdefault(claim_effect(state, move), []).append(move)
        how = "; ".join(f"{_names(state, group)} {effect}"
                        for effect, group in by_effect.items())
        end = state.copy()
        end.play(wins[0])
        explanation = (f"{how}: {end.outcome.reason}. {state.format_move(tempting[0])} "
                       f"{claim_effect(state, tempting[0])}, but the game goes on.")
        return Proof(answers=tuple(state.format_move(m) for m in wins),
                     explanation=explanation, forced=1,
                     measures={"tempting": len(tempting), "nodes": len(moves)})

    def _best_chance(self, state, moves: list) -> Proof | None:
        if any(wins_at_once(state, m) for m in moves):
            return None                     # a forced_win puzzle, not a matter of chance
        solved = claim_chances(state)
        if solved is None:
            return None
        chances = solved.by_claim
        best = max(chances.values())
        answers = [m for m in moves if chances[m] >= best - TIE]
        others = [m for m in moves if chances[m] < best - TIE]
        if not others:
            return None
        runner_up = max(others, key=lambda m: chances[m])
        margin = best - chances[runner_up]
        if margin < MARGIN:
            return None
        # Tempting: other claims that decide a large tile or block a line, or that the
        # one-claim greedy player ranks as high as an answer.
        top_greedy = max(ai.greedy_score(state, m) for m in answers)
        tempting = sum(1 for m in others if looks_strong(state, m)
                       or ai.greedy_score(state, m) >= top_greedy)
        return Proof(answers=tuple(state.format_move(m) for m in answers),
                     explanation=self._explain(state, answers, runner_up, chances),
                     notes=chance_notes(state, chances, solved.draws),
                     measures={"tempting": tempting, "nodes": solved.nodes,
                               "best": round(best, 4), "margin": round(margin, 4)})

    @staticmethod
    def _explain(state, answers: list, runner_up, chances: dict) -> str:
        """One line: what the best claim does and its chance, against the next best's,
        and how often the opponent can win at once after each, when that differs."""
        best = answers[0]
        name, other = state.format_move(best), state.format_move(runner_up)
        also = (f" ({_names(state, answers[1:])} {'is' if len(answers) == 2 else 'are'} "
                f"as good)" if len(answers) > 1 else "")
        certain = ""
        if chances[best] >= 1 - TIE:
            certain = " whatever the dice" + secured_count(state, best)
        line = (f"{name} {claim_effect(state, best)}{also}: {percent(chances[best])} to win"
                f"{certain}, "
                f"against {percent(chances[runner_up])} for the next best, {other}, which "
                f"{claim_effect(state, runner_up)}")
        opponent = SEATS[1 - state.to_play]
        after_best = winning_roll_chance(state, best)
        after_other = winning_roll_chance(state, runner_up)
        if after_other - after_best >= 0.01:
            line += (f"; after it {opponent}'s next roll can win the game "
                     f"{percent(after_other)} of the time, after {name} "
                     f"{percent(after_best) if after_best > TIE else 'never'}")
        return line + "."

    def candidates(self, seed: int) -> Iterator[Candidate]:
        """Late claim decisions of self-play games (late_positions), game after game,
        the pairings in turn."""
        game = 0
        while True:
            red, blue = PAIRINGS[game % len(PAIRINGS)]
            game_seed = random.Random(f"catalina-puzzles:{seed}:{game}").randrange(10 ** 9)
            yield from late_positions(game_seed, red, blue)
            game += 1


# Who plays whom in the self-play games (hard without its clock: deterministic).
PAIRINGS = (("hard", "medium"), ("medium", "hard"), ("hard", "hard"), ("medium", "easy"),
            ("hard", "easy"), ("easy", "medium"), ("medium", "medium"), ("beginner", "hard"))


def free_tiles(state) -> int:
    """The free small tiles of the open large tiles."""
    return sum(9 - (state.marks[RED][g] | state.marks[BLUE][g]).bit_count()
               for g in range(9) if state.large[g] is None)


def _self_play_move(state, level: str, rng: random.Random):
    if level == "hard" and not state.is_chance and len(state.legal_moves()) > 1:
        return ai.hard_search(state, rng, None, budget=None)[0]
    return ai.choose_move(state, level, rng)


def late_positions(game_seed: int, red: str, blue: str) -> Iterator[Candidate]:
    """The claim decisions of one self-play game (`red` and `blue` its levels) with at
    most LATE free tiles and at least FEWEST_CLAIMS legal claims."""
    state = SPEC.new_game(seed=game_seed, options={})
    levels = (red, blue)
    while not state.is_over:
        if state.is_chance:
            state.sample_chance()
            continue
        if free_tiles(state) <= LATE and len(state.legal_moves()) >= FEWEST_CLAIMS:
            yield Candidate(state.copy(), f"self-play {red} (Red) v {blue} (Blue), game seed "
                                          f"{game_seed}, move {len(state.history) + 1}")
        rng = random.Random(f"{game_seed}:{len(state.history)}")
        state.play(_self_play_move(state, levels[state.to_play], rng))


KIT = CatalinaKit()
