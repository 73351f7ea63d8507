"""Che's puzzle kit (game/games/che/tactics.py): its proofs against brute force on the
rules' GameState (tactics.rules_answers: every pair of tiles and of replies played; only
whether the last turn can be won is asked of the win search, which the first test checks
against every pair of tiles), the line a puzzle follows, where it declines, and its
candidates."""
from __future__ import annotations

import itertools
import random

from game.games.che import player as ai_che
from game.games.che import rules as che
from game.games.che.tactics import (KIND, KIT, MOST_ANSWERS, TurnProver, in_scope,
                                    rules_answers)

SPEC = che.SPEC

# Light to move, a win in two turns: D@-2,-1 or D@-2,0 (the other one next), found by
# the kit and by brute force.
TWO_TURNS = ("LL@0,0", "L@0,-1", "D@-1,-1", "D@1,-1", "D@1,-2", "L@1,-3", "D@-1,0")
# Light to move, no win within two turns.
NO_WIN = ("LR@0,0", "L@0,1", "L@1,0", "L@0,2", "L@0,-1", "L@0,-2", "D@-1,-1")
# tests/test_che_ai.py's trap: Light to move wins in two with D@2,4 (then D@1,4).
DOUBLE_THREAT = ("LR@0,0", "L@1,0", "L@2,0", "D@0,1", "D@1,-1", "L@1,1", "L@2,-1", "D@2,1",
                 "D@0,-1", "L@-1,-1", "L@2,2", "D@2,3", "D@3,1", "L@3,0", "L@1,2", "D@3,-1",
                 "D@0,2", "L@4,-1", "L@-1,2", "D@-2,2", "D@0,3", "L@-2,1", "L@-3,2")


def position(moves, options=None):
    state = SPEC.new_game(seed=1, options=options or {})
    for text in moves:
        state.play(state.parse_move(text))
    return state


def texts(state, moves):
    return [state.format_move(move) for move in moves]


def random_turn_starts(count, seed, longest=40):
    """Positions from random playouts, at the start of a two-tile turn."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = SPEC.new_game(seed=rng.randrange(10_000))
        stop = rng.randrange(6, longest)
        while not state.is_over and len(state.history) < stop:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.turn_placed == 0 and state.tiles_owed == 2 \
                and state.layout.count:
            found.append(state)
    return found


# --- the proofs against brute force ------------------------------------------------------
def test_the_win_search_finds_a_winning_turn_exactly_when_there_is_one():
    # What the two-turn proof rests on, over positions with and without wins.
    checked = {True: 0, False: 0}
    for state in random_turn_starts(40, seed=5):
        exact = bool(rules_answers(state, 1))
        assert TurnProver(state).can_win_turn(state.to_play) == exact, state.move_list()
        checked[exact] += 1
    assert checked[True] >= 10 and checked[False] >= 5


def test_one_turn_answers_are_every_first_tile_that_wins_the_turn():
    for state in random_turn_starts(25, seed=6):
        prover = TurnProver(state)
        found = prover.winning_firsts(state.to_play, 1)
        assert tuple(texts(state, [ai_che._tile(prover.sim, *tile) for tile in found])) \
            == rules_answers(state, 1), state.move_list()


def test_two_turn_answers_agree_with_brute_force():
    for moves, expected in ((TWO_TURNS, ["D@-2,-1", "D@-2,0"]), (NO_WIN, [])):
        state = position(moves)
        assert list(rules_answers(state, 2)) == expected
        proof = KIT.prove(state, KIND, 2)
        assert (list(proof.answers) if proof else []) == expected
    proof = KIT.prove(position(DOUBLE_THREAT), KIND, 2)
    assert proof.answers == ("D@2,4",) and proof.forced == 2
    assert proof.explanation.startswith("D@2,4 then D@1,4 leave three of your light regions "
                                        "one turn from closing")


def test_a_one_turn_puzzle_names_the_region_it_closes():
    for state in random_turn_starts(60, seed=7):
        proof = KIT.prove(state, KIND, 1)
        if proof is None:
            continue
        assert proof.forced == 1 and 0 < len(proof.answers) <= MOST_ANSWERS
        assert proof.answers[0] in proof.explanation
        assert f"closed {che.COLOUR_WORDS[state.to_play]} region" in proof.explanation
        assert KIT.prove(state, KIND, 2) is None        # a win now is not a two-turn puzzle
        return
    raise AssertionError("no one-turn puzzle among the positions")


# --- where the kit declines ----------------------------------------------------------------
def test_no_puzzle_mid_turn_on_the_first_tile_with_group_limits_or_near_the_pools_end():
    state = position(TWO_TURNS)
    assert in_scope(state, 2) and KIT.prove(state, KIND, 2) is not None
    mid = position(TWO_TURNS + ("D@-2,-1",))
    assert mid.tiles_owed == 1 and KIT.prove(mid, KIND, 2) is None
    assert KIT.prove(SPEC.new_game(seed=1), KIND, 1) is None
    assert KIT.prove(position(TWO_TURNS, {"group_area": 16}), KIND, 2) is None
    short = position(TWO_TURNS)
    short.pool = short.layout.count + 6         # as if 6 tiles were left: the pool ends
    assert not in_scope(short, 2) and in_scope(short, 1)
    assert KIT.prove(short, KIND, 2) is None


def test_out_of_budget_is_no_puzzle_never_a_guess():
    state = position(DOUBLE_THREAT)
    assert KIT.prove(state, KIND, 2, budget=500) is None
    assert KIT.prove(state, KIND, 2) is not None


def test_too_many_answers_is_no_puzzle():
    # Found where a region has one empty cell left: any first tile, then that cell.
    for state in random_turn_starts(80, seed=8):
        prover = TurnProver(state)
        if len(prover.winning_firsts(state.to_play, 1, most=MOST_ANSWERS)) > MOST_ANSWERS:
            assert KIT.prove(state, KIND, 1) is None
            return
    raise AssertionError("no position with many winning first tiles")


# --- the line ------------------------------------------------------------------------------
def test_the_line_of_a_two_turn_puzzle_ends_in_a_win_against_the_best_defence():
    state = position(TWO_TURNS)
    start, solver = len(state.history), state.to_play
    step = KIT.follow(state, start, KIND, 2)
    assert step.accepted == ("D@-2,-1", "D@-2,0")
    seen = []
    while not step.solved:
        assert not step.failed, step.failed
        if step.accepted:
            move = state.parse_move(step.accepted[0])
        else:
            assert state.to_play != solver and step.reply in state.legal_moves()
            move = step.reply
        seen.append((state.to_play, state.format_move(move)))
        state.play(move)
        step = KIT.follow(state, start, KIND, 2)
    assert state.outcome.winner == solver
    assert [seat for seat, _ in seen] == [solver, solver, 1 - solver, 1 - solver,
                                          solver, solver]


def test_the_line_fails_after_a_second_tile_that_lets_the_win_go():
    state = position(TWO_TURNS)
    start = len(state.history)
    state.play(state.parse_move("D@-2,-1"))
    accepted = KIT.follow(state, start, KIND, 2).accepted
    wrong = next(move for move in state.legal_moves()
                 if state.format_move(move) not in accepted)
    state.play(wrong)
    step = KIT.follow(state, start, KIND, 2)
    if step.reply is not None:                  # the defender escapes: play it out
        state.play(step.reply)
        step = KIT.follow(state, start, KIND, 2)
        state.play(step.reply)
        step = KIT.follow(state, start, KIND, 2)
    assert step.failed and not step.solved


# --- candidates ----------------------------------------------------------------------------
def test_candidates_are_seeded_turn_starts_of_self_play():
    first = list(itertools.islice(KIT.candidates(3), 2))
    again = list(itertools.islice(KIT.candidates(3), 2))
    assert [c.state.history for c in first] == [c.state.history for c in again]
    assert [c.source for c in first] == [c.source for c in again]
    for candidate in first:
        state = candidate.state
        assert state.turn_placed == 0 and in_scope(state, 1) and "self-play" in candidate.source
