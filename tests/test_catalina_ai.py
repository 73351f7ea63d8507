"""The Catalina Tiles computer players: legal, side-effect free, cancellable; rolls with
the game's own dice at a chance step, passes when it must; takes a claim that wins the
game and blocks the opponent's winning tile.

Wins and losses are checked by brute force on the public API (play the claim and look at
the outcome), not with the computer player's own functions."""
from __future__ import annotations

import itertools
import random

import pytest

from game.ai import SearchCancelled
from game.games.catalina import player as ai_catalina
from game.games.catalina import rules as catalina
from game.games.catalina.rules import BLUE, PASS, RED

SPEC = catalina.SPEC
LEVELS = SPEC.ai_levels
SEARCHING = ("easy", "medium", "hard")        # they always take a win
BLOCKING = ("medium", "hard")                  # they always block (easy half of the time)


def claim(state, seat, text):
    """Roll all wildcards for `seat` and claim `text`; the other player is skipped first
    if needed (a roll of 1111 once [1,1][1,1] is taken)."""
    if state.to_play != seat:
        state.play(state.parse_move("roll 1111"))
        state.play(state.parse_move("pass"))
    state.play(state.parse_move("roll 4444"))
    state.play(state.parse_move(text))


def position(steps, roll):
    state = SPEC.new_game(seed=1, options={})
    for seat, text in steps:
        claim(state, seat, text)
    state.play(state.parse_move(roll))
    return state


def winning_claims(state):
    """Claims after which the player to move has won (brute force)."""
    me = state.to_play
    found = set()
    for move in state.legal_moves():
        state.play(move)
        if state.is_over and state.outcome.winner == me:
            found.add(move)
        state.undo()
    state.redo_stack.clear()
    return found


def iter_positions(seed=0):
    """Positions from random playouts where a claim is due and there is a choice."""
    rng = random.Random(seed)
    while True:
        state = SPEC.new_game(seed=rng.randrange(10_000), options={"first": rng.randrange(2)})
        stop = rng.randrange(4, 120)
        while not state.is_over and len(state.history) < stop:
            if state.is_chance:
                state.sample_chance()
            else:
                state.play(rng.choice(state.legal_moves()))
        if not state.is_over and not state.is_chance and len(state.legal_moves()) > 1:
            yield state


# Red holds the large tiles [1,1] and [1,2] and two of the top row of [1,3]; Blue has
# tiles elsewhere. [1,3][1,3] wins the game for Red.
THREAT = [(RED, "[1,1][1,1]"), (BLUE, "[3,3][3,3]"), (RED, "[1,1][1,2]"),
          (BLUE, "[3,3][2,2]"), (RED, "[1,1][1,3]"), (BLUE, "[2,1][2,2]"),
          (RED, "[1,2][1,1]"), (BLUE, "[3,1][2,2]"), (RED, "[1,2][1,2]"),
          (BLUE, "[3,2][2,2]"), (RED, "[1,2][1,3]"), (BLUE, "[2,3][2,2]"),
          (RED, "[1,3][1,1]"), (BLUE, "[3,2][1,1]"), (RED, "[1,3][1,2]")]


def test_levels_are_ordered_weakest_first():
    assert LEVELS == ai_catalina.LEVELS and LEVELS[0] == "beginner" and LEVELS[-1] == "hard"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_and_leaves_the_state_alone(level):
    for index, state in enumerate(itertools.islice(iter_positions(seed=3), 25)):
        before = (state.to_json(), [list(m) for m in state.marks], state.large_tiles())
        move = ai_catalina.choose_move(state, level, random.Random(index))
        assert move in state.legal_moves()
        assert (state.to_json(), state.marks, state.large_tiles()) == before


@pytest.mark.parametrize("level", LEVELS)
def test_a_chance_step_rolls_the_games_dice_and_a_skip_passes(level):
    state = SPEC.new_game(seed=42, options={})
    assert ai_catalina.choose_move(state, level, random.Random(0)) == state.next_chance()
    claim(state, RED, "[1,1][1,1]")
    state.play(state.parse_move("roll 1111"))
    assert ai_catalina.choose_move(state, level, random.Random(0)) == PASS


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_can_be_cancelled(level):
    state = next(iter_positions(seed=5))
    with pytest.raises(SearchCancelled):
        ai_catalina.choose_move(state, level, random.Random(0), should_stop=lambda: True)


def test_hard_is_cancelled_in_the_middle_of_its_search():
    state = position([(RED, "[1,1][1,1]")], "roll 1234")
    calls = []

    def should_stop():
        calls.append(1)
        return len(calls) > 5
    with pytest.raises(SearchCancelled):
        ai_catalina.choose_move(state, "hard", random.Random(0), should_stop=should_stop)
    assert len(calls) == 6


def test_hard_keeps_to_its_time_budget(monkeypatch):
    # A clock that moves a second at every look: the budget runs out at once, and hard
    # still answers with the best claim it has (not a timing test: the clock is fake).
    class Clock:
        now = 0.0

        def perf_counter(self):
            Clock.now += 1.0
            return Clock.now
    state = position([(RED, "[1,1][1,1]")], "roll 4444")      # 80 claims to look at
    ai_catalina.tables()
    monkeypatch.setattr(ai_catalina, "time", Clock())
    move = ai_catalina.hard(state, random.Random(0), None, budget=0.05)
    assert move in state.legal_moves()
    assert Clock.now < 20                   # it stopped looking after a few claims


@pytest.mark.parametrize("level", SEARCHING)
def test_takes_the_claim_that_wins_the_game(level):
    state = position(THREAT + [(BLUE, "[3,1][1,1]")], "roll 1334")
    assert state.to_play == RED
    assert winning_claims(state) == {state.parse_move("[1,3][1,3]")}
    move = ai_catalina.choose_move(state, level, random.Random(0))
    assert state.format_move(move) == "[1,3][1,3]"


@pytest.mark.parametrize("level", BLOCKING)
def test_blocks_the_opponents_winning_tile(level):
    # The same position with Blue to move and a roll that reaches Red's winning tile.
    state = position(THREAT, "roll 1334")
    assert state.to_play == BLUE and not winning_claims(state)
    move = ai_catalina.choose_move(state, level, random.Random(0))
    assert state.format_move(move) == "[1,3][1,3]"


@pytest.mark.parametrize("level", SEARCHING)
def test_always_takes_a_win_in_random_positions(level):
    checked = 0
    for state in itertools.islice(iter_positions(seed=11), 400):
        wins = winning_claims(state)
        if wins:
            assert ai_catalina.choose_move(state, level, random.Random(checked)) in wins
            checked += 1
    assert checked >= 5


def test_easy_blocks_only_some_of_the_time():
    state = position(THREAT, "roll 1334")
    block = state.parse_move("[1,3][1,3]")
    moves = [ai_catalina.choose_move(state, "easy", random.Random(i)) for i in range(40)]
    assert 5 < moves.count(block) < 40


def test_beginner_sometimes_misses_a_win():
    state = position(THREAT + [(BLUE, "[3,1][1,1]")], "roll 1334")
    moves = {ai_catalina.choose_move(state, "beginner", random.Random(i)) for i in range(40)}
    assert state.parse_move("[1,3][1,3]") in moves and len(moves) > 1


def test_the_grid_table_values_the_obvious_right():
    table = ai_catalina.tables()[4]
    code = ai_catalina.code
    empty = table[code(0, 0)]
    assert 0 < empty < 0.5                         # rolling first is an edge, not a win
    assert table[code(0b011, 0)] > 0.5             # two in a row, our roll next
    assert table[code(0, 0b011)] < table[code(0b011, 0)]
    assert -1 <= min(v for v in table) and max(v for v in table) <= 1
