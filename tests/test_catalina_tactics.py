"""Catalina Tiles' puzzle kit (game/games/catalina/tactics.py).

The exact chances are checked against a search of their own over the real rules (every
roll from chance_outcomes(), every claim from legal_moves(), played and taken back on the
real state, the game's end from its outcome; skipped turns solved by value iteration
instead of the kit's closed form), and against games with sampled dice played through
the real state. The goals are checked by brute force on the public API."""
from __future__ import annotations

import itertools
import random

import pytest

import game.records
from game.games.catalina import tactics
from game.games.catalina.rules import PASS, SPEC, Roll
from game.puzzles import Puzzle, check_puzzle

KIT = tactics.KIT


def late_positions(most_free: int):
    """Late claim decisions with at most `most_free` free tiles, from games of the
    greedy level against itself (quicker to play than the kit's candidates)."""
    return (c.state for game_seed in itertools.count(1)
            for c in tactics.late_positions(game_seed, "medium", "medium")
            if tactics.free_tiles(c.state) <= most_free)


@pytest.fixture(scope="module")
def small_positions():
    return list(itertools.islice(late_positions(5), 6))


def board_key(state) -> tuple:
    return (tuple(state.marks[0]), tuple(state.marks[1]), state.to_play)


def reference_chances(state) -> tuple[dict, bool]:
    """({claim: the mover's expected score after it}, whether a draw can happen) by value
    iteration over every roll position reachable through the real rules (a draw scores
    half, as the outcome says)."""
    rolls: dict = {}            # roll position -> [(chance, [option, ...]) per roll]
    order: list = []            # the roll positions, each after those it leads to
    winners: set = set()        # the winners of the games' ends reached (None: a draw)

    def end_score(position, mover: int) -> float:
        winners.add(position.outcome.winner)
        return position.outcome.scores[mover]

    def explore(position) -> object:
        """The roll position's key (explored), or the mover's score when the game ended."""
        key = board_key(position)
        if key in rolls:
            return key
        rolls[key] = []
        for roll, p in position.chance_outcomes():
            position.play(roll)
            rolls[key].append((p, options(position)))
            position.undo()
        order.append(key)
        return key

    def options(position) -> list:
        mover, found = position.to_play, []
        for move in position.legal_moves():
            position.play(move)
            found.append(end_score(position, mover) if position.is_over
                         else explore(position))
            position.undo()
        return found

    work = state.copy()
    mover, roots = work.to_play, {}
    for move in work.legal_moves():
        work.play(move)
        roots[move] = end_score(work, mover) if work.is_over else explore(work)
        work.undo()
    values = dict.fromkeys(rolls, 0.5)

    def after(option) -> float:         # the mover's score: 1 - the next roller's
        return 1.0 - values[option] if isinstance(option, tuple) else option

    for _ in range(10_000):
        change = 0.0
        for key in order:
            new = sum(p * max(after(o) for o in opts) for p, opts in rolls[key])
            change = max(change, abs(new - values[key]))
            values[key] = new
        # The error left is at most change * q / (1 - q), q the chance of a skipped turn:
        # at most 15/16 (every free tile is reached by at least 16 of the 256 throws).
        if change < 1e-12:
            break
    return {move: after(option) for move, option in roots.items()}, None in winners


def test_exact_chances_agree_with_value_iteration_over_the_real_rules(small_positions):
    assert len(small_positions) == 6
    for state in small_positions:
        solved = tactics.claim_chances(state)
        reference, draws = reference_chances(state)
        assert list(solved.by_claim) == list(reference) == state.legal_moves()
        for move, chance in solved.by_claim.items():
            assert chance == pytest.approx(reference[move], abs=1e-9), state.move_list()
        assert solved.draws or not draws        # "no draw can happen" only when true


def test_sampled_games_score_what_the_chances_say(small_positions):
    """Both players take their exact best claim, the dice are four d4 thrown at random
    and played through the real state: the mean score of the mover's best claim matches
    its chance (within four standard errors)."""
    rng = random.Random(5)
    policy: dict = {}

    def best_claim(position):
        key = board_key(position) + (position.roll,)
        if key not in policy:
            chances = tactics.claim_chances(position).by_claim
            policy[key] = max(chances, key=chances.get)
        return policy[key]

    for start in small_positions[:2]:
        position = start.copy()
        chances = tactics.claim_chances(position).by_claim
        first = max(chances, key=chances.get)
        games, total = 1000, 0.0
        for _ in range(games):
            played = len(position.history)
            position.play(first)
            while not position.is_over:
                if position.is_chance:
                    position.play(Roll(tuple(sorted(rng.randint(1, 4) for _ in range(4)))))
                elif position.legal_moves() == [PASS]:
                    position.play(PASS)
                else:
                    position.play(best_claim(position))
            total += position.outcome.scores[start.to_play]
            while len(position.history) > played:
                position.undo()
        assert abs(total / games - chances[first]) < 4 * 0.5 / games ** 0.5


def test_a_proof_over_its_budget_is_no_puzzle():
    state = next(late_positions(10))
    assert tactics.claim_chances(state, budget=5) is None
    solved = tactics.claim_chances(state)
    assert solved is not None and solved.nodes > 5
    assert tactics.claim_chances(state, budget=solved.nodes) == solved


def puzzles_of(kind: str, count: int) -> list:
    """(state, proof) of the first `count` puzzles of `kind` among the candidates."""
    found = []
    for state in late_positions(8):
        proof = KIT.prove(state, kind, 1 if kind == "forced_win" else None)
        if proof:
            found.append((state, proof))
            if len(found) == count:
                break
    return found


def test_forced_win_answers_are_every_claim_that_wins_at_once():
    for state, proof in puzzles_of("forced_win", 4):
        assert proof.forced == 1
        me = state.to_play
        winners = []
        for move in state.legal_moves():
            state.play(move)
            if state.is_over and state.outcome.winner == me:
                winners.append(state.format_move(move))
            state.undo()
        assert proof.answers == tuple(winners)
        assert len(winners) < len(state.legal_moves())
        # The explanation names an answer and a claim that looks as strong and fails.
        assert proof.explanation.startswith(proof.answers[0])
        assert any(state.format_move(m) in proof.explanation for m in state.legal_moves()
                   if state.format_move(m) not in proof.answers)
        assert KIT.goal("forced_win", 1) == "Win the game with this claim."


def test_best_chance_answers_are_the_best_claims_by_a_clear_margin():
    for state, proof in puzzles_of("best_chance", 3):
        assert proof.forced is None
        chances = tactics.claim_chances(state).by_claim
        best = max(chances.values())
        answers = tuple(state.format_move(m) for m in state.legal_moves()
                        if chances[m] >= best - tactics.TIE)
        assert proof.answers == answers
        others = [c for m, c in chances.items() if state.format_move(m) not in answers]
        assert others and best - max(others) >= tactics.MARGIN
        # The explanation names the answer and its chance; the notes list every claim.
        assert proof.explanation.startswith(answers[0])
        assert f"{tactics.percent(best)} to win" in proof.explanation
        noted = " ".join(proof.notes)
        assert all(state.format_move(m) in noted for m in chances) or "other claims" in noted


def test_verify_accepts_a_shipped_puzzle_and_names_a_wrong_one():
    state, proof = puzzles_of("best_chance", 1)[0]
    puzzle = Puzzle(game="catalina", record=game.records.dumps(state),
                    goal=KIT.goal("best_chance", None), answers=proof.answers, forced=None,
                    id="catalina-test", kind="best_chance")
    check_puzzle(puzzle)
    loaded, _ = puzzle.position()
    assert KIT.verify(loaded, puzzle) is None
    wrong = [state.format_move(m) for m in state.legal_moves()
             if state.format_move(m) not in proof.answers][:1]
    assert KIT.verify(loaded, Puzzle(**{**puzzle.__dict__, "answers": tuple(wrong)}))


def test_candidates_are_late_claim_decisions_and_the_same_every_time():
    first = list(itertools.islice(KIT.candidates(3), 3))
    again = list(itertools.islice(KIT.candidates(3), 3))
    assert [(c.state.move_list(), c.source) for c in first] == \
        [(c.state.move_list(), c.source) for c in again]
    for candidate in first:
        state = candidate.state
        assert not state.is_chance and not state.is_over
        assert len(state.legal_moves()) >= tactics.FEWEST_CLAIMS
        assert tactics.free_tiles(state) <= tactics.LATE
    assert set(KIT.trial_levels) <= set(SPEC.ai_levels) and "hard" not in KIT.trial_levels
