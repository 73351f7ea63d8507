"""The Xoliba computer player: legal moves at every level, immediate wins taken, the
search's replay of the rules agrees with XolibaState, cancelling, no change to the state,
and agreement to end a game."""
import random

import pytest

import game.ai
import game.rules
from game.ai import SearchCancelled
from game.games.xoliba import player as ai

SPEC = game.rules.get("xoliba")
LEVELS = SPEC.ai_levels


@pytest.fixture(autouse=True)
def short_budget(monkeypatch):
    """Expert searches by time; a short budget keeps the tests fast (no timing is
    asserted anywhere)."""
    monkeypatch.setattr(ai, "EXPERT_BUDGET", 0.05)


def random_positions(players, count, seed):
    """Positions of seeded random playouts (copies), at varied stages."""
    found = []
    g = 0
    while len(found) < count:
        state = SPEC.new_game(seed=seed + g, options={"players": players})
        rng = random.Random(seed + g)
        g += 1
        stop = rng.randrange(0, 25)
        while not state.is_over and len(state.history) < stop:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            found.append(state)
    return found


def board_from(text, players=2, first=0):
    return SPEC.new_game(seed=1, options={"players": players, "position": text,
                                          "first": first})


# Red to move, 21 moves: d5-d4 forms the small triangle d4 c3 e3 around d3 and captures
# the blue piece there, which leaves blue two pieces: the game ends and red (a triangle
# against none) wins. f6-d4 and e3-e5 c3,g3 win too; the other moves capture nothing.
WIN_IN_ONE = """\
.wwwww.
wwwwwrw
bwwrwwr
bwwwwww
wwrbrwr
wwwwwww
.wwwww.
"""


def test_levels_are_the_specs():
    assert tuple(LEVELS) == ai.LEVELS
    assert game.rules.get("xoliba").load("player") is ai.choose_move


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move(players, level):
    for i, state in enumerate(random_positions(players, 4, 100 * players)):
        before = (state.to_json(), list(state.board), state.to_play, state.repetitions())
        move = game.ai.choose_move(state, level, random.Random(i))
        assert move in state.legal_moves()
        assert (state.to_json(), list(state.board), state.to_play,
                state.repetitions()) == before


def test_pass_is_returned_when_nothing_forms():
    # Red's pieces cannot form any triangle: the only move is to pass.
    text = """\
.rwwwr.
wwwwwww
wwwwwww
wwwbwww
wwbwbww
wwwwwww
.rwwww.
"""
    state = board_from(text)
    assert state.legal_moves() == ["pass"]
    for level in LEVELS:
        assert game.ai.choose_move(state, level, random.Random(0)) == "pass"


@pytest.mark.parametrize("level", LEVELS[1:])
def test_levels_take_an_immediate_winning_capture(level):
    state = board_from(WIN_IN_ONE)
    assert len(state.legal_moves()) > 1
    for seed in range(3):
        move = game.ai.choose_move(state, level, random.Random(seed))
        work = state.copy()
        work.play(move)
        assert work.is_over and work.outcome.winner == 0, (level, work.format_move(move))


def test_beginner_prefers_the_capture():
    state = board_from(WIN_IN_ONE)
    winning = [m for m in state.legal_moves() if ai.capture_gain(state.board, m) > 0]
    assert winning
    taken = sum(game.ai.choose_move(state, "beginner", random.Random(s)) in winning
                for s in range(40))
    assert taken >= 20


def test_search_avoids_giving_away_the_game():
    """Searching levels never pick a move after which the opponent wins at once when
    another move avoids that (checked on random positions against the public API)."""
    for i, state in enumerate(random_positions(2, 12, 7)):
        for level in ("medium", "hard", "expert"):
            move = game.ai.choose_move(state, level, random.Random(i))
            safe = [m for m in state.legal_moves() if not loses_at_once(state, m)]
            if safe:
                assert move in safe, (level, state.format_move(move))


def loses_at_once(state, move):
    """Whether the opponent has a reply after `move` that ends the game won by them."""
    me = state.to_play
    work = state.copy()
    work.play(move)
    if work.is_over:
        return work.outcome.winner not in (me, None)
    for reply in work.legal_moves():
        work.play(reply)
        lost = work.is_over and work.outcome.winner not in (me, None)
        work.undo()
        if lost:
            return True
    return False


@pytest.mark.parametrize("players", [2, 3])
def test_search_replays_the_rules(players):
    """The search's own make/unmake gives the same boards, turns, game ends and winners
    as XolibaState over random games."""
    for g in range(6 if players == 2 else 4):
        state = SPEC.new_game(seed=500 + g, options={"players": players})
        search = ai._Search(state, None)
        rng = random.Random(g)
        records = []
        while not state.is_over:
            assert search.board == state.board
            assert search.to_play == state.to_play
            moves = state.legal_moves()
            assert search.moves() == moves
            move = rng.choice(moves)
            state.play(move)
            records.append(search.make(move))
            assert search.over == state.is_over
        assert search.board == state.board
        value = search.final_value()
        winner = state.outcome.winner
        if winner is None:
            assert value == 0 if players == 2 else value <= 0
        else:
            assert (value > 0) == (winner == search.me)
        for record in reversed(records):
            search.unmake(record)
        first = SPEC.new_game(seed=500 + g, options={"players": players})
        assert search.board == first.board and search.to_play == first.to_play
        assert not search.path


@pytest.mark.parametrize("level", LEVELS)
def test_should_stop_cancels(level):
    state = random_positions(2, 1, 31)[0]
    with pytest.raises(SearchCancelled):
        game.ai.choose_move(state, level, random.Random(0), should_stop=lambda: True)


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_should_stop_cancels_during_the_search(level):
    state = random_positions(2, 1, 33)[0]
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 1          # let the search start, then stop it

    try:
        game.ai.choose_move(state, level, random.Random(0), should_stop=stop)
    except SearchCancelled:
        assert len(calls) > 1
    else:
        # The search was small enough to finish between two polls.
        assert len(calls) == 1


def test_accepts_end_two_players():
    # Red has a small triangle (c3 e3 d4), blue none.
    text = """\
.wwwww.
wwwwwww
bwwwwww
bwwrwww
wwrbrww
wwwwwww
.wwwwb.
"""
    state = board_from(text)
    assert ai.accepts_end(state, 0)
    assert not ai.accepts_end(state, 1)
    # Equal biggest triangles (none): a tie, no worse for either.
    state = board_from(WIN_IN_ONE)
    assert ai.accepts_end(state, 0) and ai.accepts_end(state, 1)


def test_accepts_end_three_players():
    text = WIN_IN_ONE.replace("bwwwwww", "bwwwggg", 1).replace(".wwwww.\n", ".wwgww.\n", 1)
    state = board_from(text, players=3)
    assert all(ai.accepts_end(state, s) for s in range(3))   # 0 each: a tie for the lead
    state.play(state.parse_move("d5-d4"))          # captures blue's third piece: blue is out
    assert not state.is_over and state.active == [True, False, True]
    assert ai.accepts_end(state, 0)                 # red leads, 1 to 0
    assert not ai.accepts_end(state, 2)             # green is behind
    assert ai.accepts_end(state, 1)                 # blue is out: its score cannot change


def test_accepts_end_when_over_is_false():
    state = board_from(WIN_IN_ONE)
    state.play(game.ai.choose_move(state, "easy", random.Random(0)))
    assert state.is_over
    assert not ai.accepts_end(state, 0)
