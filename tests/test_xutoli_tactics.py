"""Xutoli's puzzle kit (game/games/xutoli/tactics.py): its proofs agree with playing every
tile and every reply on the rules' GameState, its positions are reproducible, and a win
in two is followed to the end against the longest defence.

The shipped set itself is proven again by tests/test_puzzle_sets.py."""
from __future__ import annotations

import functools
import itertools

import pytest

import game.puzzles
import game.records
import game.rules
from game.games.xutoli import tactics
from game.games.xutoli.tactics import KIT, MOST_ANSWERS, rules_answers

SPEC = game.rules.get("xutoli")


@functools.cache
def candidates(seed: int, count: int) -> list:
    return list(itertools.islice(KIT.candidates(seed), count))


@functools.cache
def proofs(seed: int, count: int) -> list:
    """[(candidate, kind, n, proof or None)] for each goal each candidate names."""
    return [(c, kind, n, KIT.prove(c.state, kind, n))
            for c in candidates(seed, count) for kind, n in c.kinds]


def played(state, texts):
    state = state.copy()
    for text in texts:
        state.play(state.parse_move(text))
    return state


def test_every_goal_tried_has_words():
    assert {kind for kind, _ in KIT.tries} == set(KIT.goals)
    assert KIT.goal("forced_win", 2) == "Win within 2 turns against any defence."
    assert KIT.trial_levels and set(KIT.trial_levels) <= set(SPEC.ai_levels)


def test_candidates_are_reproducible_positions_with_a_side_to_move():
    first = candidates(3, 12)
    again = list(itertools.islice(KIT.candidates(3), 12))
    assert [(game.records.dumps(c.state), c.source, c.kinds) for c in first] == \
        [(game.records.dumps(c.state), c.source, c.kinds) for c in again]
    for candidate in first:
        state = candidate.state
        assert not state.is_over and state.tiles_owed == 1 and state.tiles_left >= 3
        assert candidate.kinds and set(candidate.kinds) <= set(KIT.tries)
        assert "self-play" in candidate.source


def test_proofs_agree_with_every_tile_played_on_the_rules():
    seen = set()
    for candidate, kind, n, proof in proofs(3, 12):
        reference = rules_answers(candidate.state, kind, n)
        if proof is None:
            assert reference is None or not 0 < len(reference) <= MOST_ANSWERS, \
                (candidate.source, kind, reference)
            continue
        seen.add(kind)
        assert proof.answers == reference, (candidate.source, kind)
        assert proof.forced == (n if kind != "stop_win" else None)
        assert len(proof.answers) < len(candidate.state.legal_moves())
        assert proof.answers[0] in proof.explanation
    assert seen == set(KIT.goals)


def shipped(kind: str, words: str = ""):
    """The first shipped puzzle of `kind` whose explanation has `words`, with its proof."""
    puzzle = next(p for p in game.puzzles.load_set("xutoli")[0]
                  if p.kind == kind and words in p.explanation)
    state, _ = puzzle.position()
    return state, puzzle


def test_a_win_in_two_is_followed_against_the_block_its_explanation_names():
    state, puzzle = shipped("forced_win", "the block ")
    start, me = len(state.history), state.to_play
    assert KIT.follow(state, start, puzzle.kind, puzzle.n).accepted == puzzle.answers
    state.play(state.parse_move(puzzle.answers[0]))
    reply = KIT.follow(state, start, puzzle.kind, puzzle.n).reply
    assert f"the block {state.format_move(reply)} " in puzzle.explanation
    state.play(reply)
    assert not state.is_over
    accepted = KIT.follow(state, start, puzzle.kind, puzzle.n).accepted
    assert accepted == rules_answers(state, "complete_pattern", 1)
    state.play(state.parse_move(accepted[-1]))
    assert state.outcome.winner == me
    assert KIT.follow(state, start, puzzle.kind, puzzle.n).solved


def test_every_reply_to_a_double_threat_loses_and_the_line_ends_in_two():
    state, puzzle = shipped("forced_win", "can fill only one")
    start, me = len(state.history), state.to_play
    state.play(state.parse_move(puzzle.answers[0]))
    for reply in state.legal_moves():
        after = played(state, [state.format_move(reply)])
        assert after.is_over and after.outcome.winner == me or \
            rules_answers(after, "complete_pattern", 1)
    state.play(KIT.follow(state, start, puzzle.kind, puzzle.n).reply)
    state.play(state.parse_move(KIT.follow(state, start, puzzle.kind, puzzle.n).accepted[0]))
    assert state.outcome.winner == me


def test_a_wrong_first_tile_is_refuted():
    candidate, kind, n, proof = next(item for item in proofs(3, 12)
                                     if item[1] == "forced_win" and item[3] is not None)
    state = candidate.state.copy()
    start = len(state.history)
    wrong = next(move for move in state.legal_moves()
                 if state.format_move(move) not in proof.answers
                 and not played(state, [state.format_move(move)]).is_over)
    state.play(wrong)
    state.play(KIT.follow(state, start, kind, n).reply)
    follow = KIT.follow(state, start, kind, n)
    assert follow.failed and not follow.accepted


def test_a_proof_out_of_budget_is_no_puzzle(monkeypatch):
    candidate, kind, n, proof = next(item for item in proofs(3, 12)
                                     if item[1] == "forced_win" and item[3] is not None)
    assert proof.measures["nodes"] > 10
    monkeypatch.setattr(tactics, "NODE_BUDGET", 10)
    assert KIT.prove(candidate.state, kind, n) is None


@pytest.mark.parametrize("options", [{"progressive": True}, {"target": "drawn_letter"}])
def test_progressive_and_single_target_games_make_no_puzzles(options):
    state = SPEC.new_game(seed=1, options=options)
    for text in ("WL@0,0", "B@1,0", "W@2,0", "B@3,0", "W@4,0"):     # a row: no 2x2 block
        state.play(state.parse_move(text))
    assert not state.is_over
    assert KIT.mistake_kinds(state) == ()
    assert all(KIT.prove(state, kind, n) is None for kind, n in KIT.tries)


@pytest.mark.parametrize("kind", ["complete_pattern", "stop_win"])
def test_one_tile_goals_are_solved_by_one_accepted_tile(kind):
    candidate, kind, n, proof = next(item for item in proofs(3, 12)
                                     if item[1] == kind and item[3] is not None)
    state = candidate.state.copy()
    start = len(state.history)
    assert KIT.follow(state, start, kind, n).accepted == proof.answers
    state.play(state.parse_move(proof.answers[0]))
    assert KIT.follow(state, start, kind, n).solved
