"""Xoliba matches: the points target, the resignation rule, three-player ties, saving."""
from __future__ import annotations

import random

import pytest

import game.rules
from game.services import saves
from game.services.match import Match

SPEC = game.rules.get("xoliba")


def finish(state, seed=0):
    rng = random.Random(seed)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))


def test_targets_by_player_count_and_option():
    assert Match.start(SPEC, {"players": 2}, seed=1).rules.target == 50
    assert Match.start(SPEC, {"players": 3}, seed=1).rules.target == 25
    assert Match.start(SPEC, {"players": 2, "target": 35}, seed=1).rules.target == 35
    with pytest.raises(ValueError):
        Match.start(SPEC, {"players": 1}, seed=1)       # solitaire is not a match


@pytest.mark.parametrize("target,points", [(50, 20), (35, 14), (25, 10), (15, 6)])
def test_resigning_a_deal_gives_the_opponent_40_percent_rounded_down(target, points):
    match = Match.start(SPEC, {"target": target, "resignation": True}, seed=3)
    first_deal = match.state.position_text()
    assert match.can_resign()
    match.resign(1)
    assert match.scores == [points, 0]
    assert match.records[-1].resigned_by == 1
    assert match.game_number == 2 and not match.state.history
    assert match.state.position_text() != first_deal


def test_resigning_needs_the_rule_and_no_move_played():
    match = Match.start(SPEC, {"resignation": False}, seed=3)
    assert not match.can_resign()
    with pytest.raises(ValueError):
        match.resign(0)
    match = Match.start(SPEC, {"resignation": True}, seed=3)
    match.state.play(match.state.legal_moves()[0])
    assert not match.can_resign()
    three = Match.start(SPEC, {"players": 3, "resignation": True}, seed=3)
    assert not three.can_resign()                     # a two-player rule only


def test_a_match_adds_game_scores_until_the_target():
    match = Match.start(SPEC, {"target": 15}, seed=9)
    games = 0
    while True:
        finish(match.state, games)
        games += 1
        if match.leader(match.scores_after_current(), 15) is not None:
            match.record_final_game()
            break
        match.next_game()
    assert match.is_over and max(match.scores) >= 15
    assert sum(match.scores) == sum(sum(r.points) for r in match.records)
    assert len(match.records) == games


def test_deals_are_reproducible_from_the_match_seed():
    a = Match.start(SPEC, {}, seed=42)
    b = Match.start(SPEC, {}, seed=42)
    for _ in range(3):
        assert a.state.position_text() == b.state.position_text()
        finish(a.state, 1)
        finish(b.state, 1)
        if a.leader(a.scores_after_current(), a.rules.target) is not None:
            break
        a.next_game()
        b.next_game()


def test_three_player_tie_for_the_lead_over_the_target_plays_on():
    assert Match.leader([25, 25, 3], 25) is None
    assert Match.leader([26, 25, 3], 25) == 0
    assert Match.leader([24, 10, 3], 25) is None


def test_match_survives_saving_and_loading(app_home):
    match = Match.start(SPEC, {"resignation": True}, seed=5)
    match.resign(0)
    match.state.play(match.state.legal_moves()[0])
    seats = [saves.Seat("human", None), saves.Seat("computer", SPEC.ai_levels[-1])]
    saves.save_resume(match.state, seats, match)
    loaded, message = saves.load_resume()
    assert message is None
    assert loaded.match is not None and loaded.match.scores == [0, 20]
    assert loaded.match.game_number == 2
    assert loaded.state.position_text() == match.state.position_text()
    assert loaded.match.state is loaded.state


def test_malformed_match_in_a_save_is_reported_and_kept_aside(app_home):
    match = Match.start(SPEC, {}, seed=5)
    seats = [saves.Seat("human", None), saves.Seat("human", None)]
    saves.save_resume(match.state, seats, match)
    path = saves.resume_path()
    path.write_text(path.read_text().replace('"records": []', '"records": [{"seed": 1}]'))
    loaded, message = saves.load_resume()
    assert loaded is None and "game 1 of the match is malformed" in message
    assert list(path.parent.glob("resume.json.bad-*"))
