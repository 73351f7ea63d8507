"""Catalina Tiles (docs/rules/catalina.md, with its Decisions): rolls and wildcards, claims,
decided and dead small grids, skipped turns, the large grid and its tiebreak, the seed,
notation, undo and saving.

Random playouts are checked against an independent model: small grids decided by brute
force over the eight lines, claimable tiles by trying every ordering of the dice and
every value of every 4."""
from __future__ import annotations

import json
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.state import IllegalMoveError
from game.games.catalina import rules as catalina
from game.games.catalina.rules import BLUE, CLAIMS, DEAD, PASS, RED, Claim, Roll

SPEC = catalina.SPEC
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6)]

# The seed's turn example: 1, 2, 3, 3 on an empty board.
SEED_EXAMPLE = ["[1,2][3,3]", "[1,3][2,3]", "[1,3][3,2]", "[2,1][3,3]", "[2,3][1,3]",
                "[2,3][3,1]", "[3,1][2,3]", "[3,1][3,2]", "[3,2][1,3]", "[3,2][3,1]",
                "[3,3][1,2]", "[3,3][2,1]"]


def new(seed=1, **options):
    return SPEC.new_game(seed=seed, options=options)


def tile(big: str, small: int) -> str:
    """'[R,C][r,c]' for large tile 'R,C' and small cell 0..8 (row-major)."""
    return f"[{big}][{small // 3 + 1},{small % 3 + 1}]"


def claim(state, seat, text):
    """Roll all wildcards for `seat` and claim `text`; the other player's turn is skipped
    first if needed (a roll of 1111 when [1,1][1,1] is taken)."""
    if state.to_play != seat:
        skip(state)
    assert state.to_play == seat
    state.play(state.parse_move("roll 4444"))
    state.play(state.parse_move(text))


def skip(state):
    state.play(state.parse_move("roll 1111"))
    assert state.legal_moves() == [PASS], "set-ups claim [1,1][1,1] first, for skips"
    state.play(PASS)


def setup(steps, first=RED):
    """A position from (seat, tile) claims, made in order (skips inserted)."""
    state = new(first=first)
    for seat, text in steps:
        claim(state, seat, text)
    return state


def model_claims(state, dice):
    """Every free tile in an open large tile that some ordering of `dice`, with every
    choice of values for the 4s, spells."""
    named = set()
    for faces in set(permutations(dice)):
        for values in product(*[(1, 2, 3) if f == 4 else (f,) for f in faces]):
            named.add(Claim(*values))
    return sorted(c for c in named if state.large[c.big] is None
                  and state.tile_owner(*c) is None)


def model_grid(red: set, blue: set):
    """Brute force: the owner of a small grid (RED, BLUE, DEAD) or None while open."""
    for seat, cells in ((RED, red), (BLUE, blue)):
        if any(set(line) <= cells for line in LINES):
            return seat
    if any(not (set(line) & red and set(line) & blue) for line in LINES):
        return None
    return RED if len(red) > len(blue) else BLUE if len(blue) > len(red) else DEAD


# --- rolls and claims ------------------------------------------------------------------------
def test_a_game_starts_waiting_for_the_first_players_roll():
    state = new()
    assert state.is_chance and state.to_play == RED and state.dice is None
    assert new(first=BLUE).to_play == BLUE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 35 and [o for o, _ in outcomes] == state.legal_moves()
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    probability = dict(outcomes)
    assert probability[Roll((1, 1, 1, 1))] == pytest.approx(1 / 256)
    assert probability[Roll((1, 2, 3, 4))] == pytest.approx(24 / 256)
    assert probability[Roll((1, 2, 3, 3))] == pytest.approx(12 / 256)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="first"):
        new(first=2)
    with pytest.raises(ValueError, match="unknown option"):
        new(players=2)


def test_the_seed_example_names_exactly_twelve_tiles():
    state = new()
    state.play(state.parse_move("roll 1233"))
    assert not state.is_chance and state.to_play == RED and state.dice == (1, 2, 3, 3)
    assert [state.format_move(m) for m in state.legal_moves()] == SEED_EXAMPLE
    assert state.claim_routes(state.parse_move("[3,3][2,1]")) == ["dice 3 3 2 1"]


def test_the_order_of_the_dice_does_not_matter():
    state = new()
    state.play(state.parse_move("roll 3 2 1 3"))
    assert state.history == [Roll((1, 2, 3, 3))]
    assert state.move_list() == ["roll 1233"]


@pytest.mark.parametrize("dice", [(4, 4, 4, 4), (1, 4, 4, 4), (2, 3, 4, 4), (1, 2, 3, 4),
                                  (1, 1, 1, 1), (3, 3, 4, 4)])
def test_wildcards_on_an_empty_board(dice):
    state = new()
    state.play(Roll(dice))
    assert state.legal_moves() == model_claims(state, dice)


def test_all_wildcards_reach_every_tile():
    state = new()
    state.play(state.parse_move("roll 4444"))
    assert state.legal_moves() == list(CLAIMS) and len(CLAIMS) == 81
    assert state.claim_routes(Claim(1, 3, 2, 2)) == ["dice 4 4 4 4, the 4s as 1, 3, 2 and 2"]


def test_one_wildcard_routes_say_which_value_it_takes():
    state = new()
    state.play(state.parse_move("roll 1234"))
    assert len(state.legal_moves()) == 36      # 12 tiles for each value of the 4
    routes = state.claim_routes(state.parse_move("[1,2][3,1]"))
    assert routes == ["dice 1 2 3 4, the 4 as 1", "dice 4 2 3 1, the 4 as 1"]
    options = state.claimable()
    assert set(options) == set(state.legal_moves())
    assert options[Claim(1, 2, 3, 1)] == routes


def test_claims_are_refused_inside_a_decided_large_tile():
    # Red wins [1,1] with its top row; Blue plays elsewhere.
    state = setup([(RED, "[1,1][1,1]"), (BLUE, "[3,3][3,3]"), (RED, "[1,1][1,2]"),
                   (BLUE, "[3,3][3,2]"), (RED, "[1,1][1,3]")])
    assert state.large_owner(1, 1) == RED
    assert state.decided_reason(1, 1) == "Red: three in a row (the top row)"
    assert state.small_line(1, 1) == (Claim(1, 1, 1, 1), Claim(1, 1, 1, 2), Claim(1, 1, 1, 3))
    assert state.small_grid(1, 1) == [[RED, RED, RED], [None] * 3, [None] * 3]
    assert state.small_grid(3, 3)[2] == [None, BLUE, BLUE] and state.tile_owner(3, 3, 3, 3) == BLUE
    state.play(state.parse_move("roll 1112"))
    assert [state.format_move(m) for m in state.legal_moves()] == ["[1,2][1,1]", "[2,1][1,1]"]
    with pytest.raises(IllegalMoveError, match=r"large tile \[1,1\] is decided"):
        state.parse_move("[1,1][2,1]")
    with pytest.raises(IllegalMoveError):
        state.play(Claim(1, 1, 2, 1))
    state.play(Claim(1, 2, 1, 1))
    assert state.large_owner(1, 2) is None


def test_claimed_tiles_and_wrong_rolls_are_refused_with_a_reason():
    state = setup([(RED, "[1,1][1,1]")])
    state.play(state.parse_move("roll 4444"))
    with pytest.raises(IllegalMoveError, match="claimed already"):
        state.parse_move("[1,1][1,1]")
    state.undo()
    state.play(state.parse_move("roll 2223"))
    with pytest.raises(IllegalMoveError, match="does not reach"):
        state.parse_move("[1,1][2,2]")
    with pytest.raises(IllegalMoveError, match="a claim is due"):
        state.parse_move("roll 1111")
    with pytest.raises(IllegalMoveError, match="allows a claim"):
        state.parse_move("pass")
    with pytest.raises(IllegalMoveError, match="not Catalina notation"):
        state.parse_move("b3")
    state.play(state.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="a roll is due"):
        state.parse_move("[2,2][2,2]")


# --- decided small grids ------------------------------------------------------------------------
def test_a_full_grid_without_a_line_goes_to_the_larger_count_even_against_the_mover():
    # R R B / B R R / R B B: no line; Red 5, Blue 4. Blue claims the last tile.
    red, blue = (0, 1, 4, 5, 6), (2, 3, 7, 8)
    steps = [(RED, "[1,1][1,1]")]
    steps += [(RED, tile("2,2", c)) for c in red] + [(BLUE, tile("2,2", c)) for c in blue]
    state = setup(steps[:-1])
    assert state.large_owner(2, 2) is None
    claim(state, BLUE, steps[-1][1])
    assert state.large_owner(2, 2) == RED
    assert state.decided_reason(2, 2) == ("Red: no line can be completed, more tiles "
                                          "(Red 5, Blue 4)")
    assert state.small_line(2, 2) is None


def test_a_blocked_grid_on_equal_counts_is_dead_at_once():
    # R R B / B B R / R B . : every line holds both colours with one tile still free.
    red, blue = (0, 1, 5, 6), (2, 3, 4, 7)
    steps = [(RED, "[1,1][1,1]")]
    for r, b in zip(red, blue):
        steps += [(RED, tile("2,2", r)), (BLUE, tile("2,2", b))]
    state = setup(steps[:-1])
    assert state.large_owner(2, 2) is None
    claim(state, BLUE, steps[-1][1])
    assert state.large_owner(2, 2) == DEAD
    assert state.decided_reason(2, 2).startswith("dead: no line can be completed")
    assert state.tile_owner(2, 2, 3, 3) is None
    state.play(state.parse_move("roll 4444"))
    assert Claim(2, 2, 3, 3) not in state.legal_moves()       # dead: nobody claims there
    assert state.large_counts() == (0, 0, 1)


def test_only_eight_or_nine_tiles_can_block_a_grid():
    # A fact the decisions page relies on: checked by brute force over all grids.
    seen = set()
    for cells in product((None, RED, BLUE), repeat=9):
        red = {i for i, c in enumerate(cells) if c == RED}
        blue = {i for i, c in enumerate(cells) if c == BLUE}
        owner = model_grid(red, blue)
        if owner is not None and not any(set(ln) <= red or set(ln) <= blue for ln in LINES):
            seen.add((len(red) + len(blue), owner if len(red) + len(blue) == 9 else DEAD))
    assert {n for n, _ in seen} == {8, 9}


# --- skipped turns -----------------------------------------------------------------------------
def test_a_roll_that_reaches_no_free_tile_skips_the_turn():
    state = setup([(RED, "[1,1][1,1]")])
    assert state.to_play == BLUE and state.is_chance
    state.play(state.parse_move("roll 1111"))
    assert state.legal_moves() == [PASS] and state.to_play == BLUE
    assert state.pass_reason() == ("Blue rolled 1 1 1 1 and cannot claim a tile: [1,1][1,1] "
                                   "is claimed already. The turn is skipped.")
    assert state.claimable() == {}
    state.play(state.parse_move("pass"))
    assert state.is_chance and state.to_play == RED and state.pass_reason() is None
    assert state.move_list()[-2:] == ["roll 1111", "pass"]


def test_a_skip_names_tiles_in_decided_large_tiles():
    state = setup([(RED, "[1,1][1,1]"), (RED, "[1,1][1,2]"), (RED, "[1,1][1,3]"),
                   (BLUE, "[1,2][1,1]"), (BLUE, "[2,1][1,1]")])
    assert state.to_play == RED
    state.play(state.parse_move("roll 1112"))
    assert state.legal_moves() == [PASS]
    assert state.pass_reason() == (
        "Red rolled 1 1 1 2 and cannot claim a tile: [1,2][1,1] and [2,1][1,1] are claimed "
        "already; [1,1][1,2] and [1,1][2,1] lie in decided large tiles. The turn is skipped.")


# --- the large grid -------------------------------------------------------------------------------
def win_grid(seat, big):
    """Claims that win large tile `big` ('R,C') for `seat` with the small top row."""
    return [(seat, tile(big, c)) for c in (0, 1, 2)]


def test_three_large_tiles_in_a_row_win_the_game():
    steps = win_grid(RED, "1,1") + win_grid(BLUE, "3,1") + win_grid(RED, "2,2") \
        + win_grid(BLUE, "3,2")
    state = setup(steps + win_grid(RED, "3,3")[:2])
    assert not state.is_over
    claim(state, RED, "[3,3][1,3]")
    assert state.is_over and state.to_play is None and not state.is_chance
    assert state.outcome.winner == RED and state.outcome.scores == (1, 0)
    assert state.outcome.reason == ("Red wins with three large tiles in a row (the diagonal "
                                    "from the top left)")
    assert state.winning_line == (0, 4, 8)
    assert state.legal_moves() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalMoveError):
        state.sample_chance()


def test_a_grid_won_by_count_can_give_the_opponent_the_game():
    # Blue's claim fills [2,2] 5-4 for Red, which completes Red's middle column.
    red, blue = (0, 1, 4, 5, 6), (2, 3, 7, 8)
    steps = [(RED, "[1,1][1,1]")] + win_grid(RED, "1,2") + win_grid(RED, "3,2") \
        + win_grid(BLUE, "3,3")
    steps += [(RED, tile("2,2", c)) for c in red] + [(BLUE, tile("2,2", c)) for c in blue]
    state = setup(steps[:-1])
    claim(state, BLUE, steps[-1][1])
    assert state.outcome.winner == RED
    assert "the middle column" in state.outcome.reason


# R B R / R B B / B R R: no line. Each large tile is won with its small top row.
LARGE_PATTERN = [RED, BLUE, RED, RED, BLUE, BLUE, BLUE, RED, RED]


def large_game(pattern):
    steps = [(RED, "[1,1][1,1]")]                # for skips; [1,1] is Red's in every pattern
    for big, owner in enumerate(pattern):
        name = f"{big // 3 + 1},{big % 3 + 1}"
        if owner == DEAD:
            red, blue = (0, 1, 5, 6), (2, 3, 4, 7)
            steps += [(RED, tile(name, c)) for c in red] + [(BLUE, tile(name, c)) for c in blue]
        else:
            steps += [s for s in win_grid(owner, name) if s != (RED, "[1,1][1,1]")]
    return setup(steps)


def test_every_large_tile_decided_without_a_line_the_larger_count_wins():
    state = large_game(LARGE_PATTERN)
    assert state.large_tiles() == LARGE_PATTERN
    assert state.outcome.winner == RED and state.large_counts() == (5, 4, 0)
    assert state.outcome.reason == ("Every large tile is decided with no three in a row; "
                                    "Red holds 5 large tiles, Blue 4: Red wins")
    assert state.winning_line is None


def test_equal_large_counts_are_a_draw_and_dead_tiles_block_lines():
    # R B R / R B B / B R dead: 4-4, and the dead tile breaks Red's diagonal.
    pattern = LARGE_PATTERN[:8] + [DEAD]
    state = large_game(pattern)
    assert state.large_counts() == (4, 4, 1)
    assert state.outcome.winner is None and state.outcome.scores == (0.5, 0.5)
    assert state.outcome.reason.endswith("Red holds 4 large tiles, Blue 4, 1 dead: a draw")


def test_a_dead_tile_does_not_complete_a_line():
    # R R dead on the top row: no win for Red.
    steps = win_grid(RED, "1,1") + win_grid(RED, "1,2")
    steps += [(RED, tile("1,3", c)) for c in (0, 1, 5, 6)]
    steps += [(BLUE, tile("1,3", c)) for c in (2, 3, 4, 7)]
    state = setup(steps)
    assert state.large_tiles()[:3] == [RED, RED, DEAD] and not state.is_over


# --- the seed, notation, undo and saving -----------------------------------------------------
def random_game(seed, rng_seed=0, stop=None):
    import random
    rng = random.Random(rng_seed)
    state = new(seed=seed)
    while not state.is_over and (stop is None or len(state.history) < stop):
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def test_the_same_seed_rolls_the_same_dice():
    a, b = random_game(5), random_game(5)
    assert a.history == b.history and a.outcome == b.outcome
    rolls = [m for m in a.history if isinstance(m, Roll)]
    other = [m for m in random_game(6).history if isinstance(m, Roll)]
    assert rolls[:10] != other[:10]
    assert len(set(rolls)) > 10                   # the dice really vary


def test_undo_then_rolling_again_gives_the_same_roll():
    state = new(seed=11)
    roll = state.next_chance()
    assert state.sample_chance() == roll and state.history == [roll]
    state.undo()
    assert state.is_chance and state.sample_chance() == roll
    state.play(state.legal_moves()[0])
    after = state.next_chance()
    state.undo()
    state.undo()
    state.redo()
    state.redo()
    assert state.next_chance() == after


def test_undo_takes_back_claims_and_rolls_exactly():
    state = random_game(3, stop=40)
    assert state.is_chance
    before = (state.move_list(), state.large_tiles(), [list(m) for m in state.marks])
    state.sample_chance()
    state.play(state.legal_moves()[-1])
    state.undo()
    assert not state.is_chance and state.dice is not None
    state.undo()
    assert state.is_chance and state.dice is None
    assert (state.move_list(), state.large_tiles(), state.marks) == before
    assert len(state.redo_stack) == 2


def test_notation_round_trips_and_save_load_mid_turn():
    state = random_game(8, stop=31)                    # odd: rolled, a claim due
    assert not state.is_chance
    for move in state.legal_moves():
        assert state.parse_move(state.format_move(move)) == move
    data = json.loads(state.to_json())
    assert data["game"] == "catalina" and data["options"] == {"first": RED}
    assert data["moves"][-1].startswith("roll ")
    loaded = SPEC.from_json(state.to_json())
    assert loaded.history == state.history and loaded.dice == state.dice
    assert loaded.legal_moves() == state.legal_moves()
    state.play(state.legal_moves()[0])
    loaded.play(loaded.legal_moves()[0])
    assert loaded.next_chance() == state.next_chance()


def test_a_finished_game_saves_and_loads():
    state = random_game(4)
    loaded = SPEC.from_json(state.to_json())
    assert loaded.outcome == state.outcome and loaded.large_tiles() == state.large_tiles()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["moves"].insert(0, "[1,1][1,1]"), "a roll is due"),
    (lambda d: d["moves"].insert(1, "roll 1111"), "a claim is due"),
    (lambda d: d.update(options={"first": 3}), "first"),
])
def test_malformed_saves_say_what_is_wrong(change, message):
    data = json.loads(random_game(2, stop=10).to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        SPEC.from_json(json.dumps(data))


def test_redo_line_survives_saving():
    state = random_game(9, stop=20)
    state.undo()
    state.undo()
    loaded = SPEC.from_json(state.to_json())
    assert loaded.redo_stack == state.redo_stack
    loaded.redo()
    loaded.redo()
    assert loaded.history == random_game(9, stop=20).history


# --- random playouts ----------------------------------------------------------------------------
PLAYOUT = settings(max_examples=25, deadline=None, database=None)


def check_invariants(state):
    counts = [0, 0]
    for big in range(9):
        red = {s for s in range(9) if state.marks[RED][big] >> s & 1}
        blue = {s for s in range(9) if state.marks[BLUE][big] >> s & 1}
        assert not red & blue
        counts[RED] += len(red)
        counts[BLUE] += len(blue)
        assert state.large[big] == model_grid(red, blue)
    # Red and Blue alternate: the number of claims and skips tells whose turn it is.
    turns = sum(1 for m in state.history if not isinstance(m, Roll))
    if not state.is_over:
        assert state.to_play == (state.options["first"] + turns) % 2
        assert state.is_chance == (len(state.history) % 2 == 0)
        if not state.is_chance:
            legal = model_claims(state, state.dice)
            assert state.legal_moves() == (legal or [PASS])
            assert (state.pass_reason() is None) == bool(legal)
    else:
        large = state.large
        lines = [ln for ln in LINES if large[ln[0]] in (RED, BLUE)
                 and large[ln[0]] == large[ln[1]] == large[ln[2]]]
        assert bool(lines) or None not in large
        if not lines:
            red, blue = large.count(RED), large.count(BLUE)
            assert state.outcome.winner == (None if red == blue else RED if red > blue else BLUE)
        else:
            assert state.outcome.winner == large[lines[0][0]]
    assert sum(counts) == sum(1 for m in state.history if isinstance(m, Claim))


@PLAYOUT
@given(seed=st.integers(0, 10_000), first=st.sampled_from([RED, BLUE]),
       choice_seed=st.integers(0, 10_000))
def test_random_playouts_keep_the_invariants_and_undo_to_the_start(seed, first, choice_seed):
    import random
    rng = random.Random(choice_seed)
    state = new(seed=seed, first=first)
    start = state.to_json()
    while not state.is_over:
        # Half of the rolls from the game's dice, half uniform over the 35 (rare ones too).
        if state.is_chance and rng.random() < 0.5:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
        check_invariants(state)
    assert state.outcome.reason
    while state.can_undo:
        state.undo()
        if len(state.history) % 7 == 0:
            check_invariants(state)
    assert state.history == [] and state.is_chance and state.to_play == first
    assert state.large_tiles() == [None] * 9 and state.marks == [[0] * 9, [0] * 9]
    assert json.loads(state.to_json())["moves"] == json.loads(start)["moves"]


@PLAYOUT
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 200), choice_seed=st.integers(0, 99))
def test_saving_at_a_random_point_and_going_on_gives_the_same_game(seed, cut, choice_seed):
    import random

    def finish(state):
        # Each choice depends on the position only, so a loaded game chooses the same.
        while not state.is_over:
            if state.is_chance:
                state.sample_chance()
            else:
                rng = random.Random(f"{choice_seed}:{len(state.history)}")
                state.play(rng.choice(state.legal_moves()))
        return state

    whole = finish(new(seed=seed))
    part = new(seed=seed)
    for move in whole.history[:cut]:
        part.play(move)
    loaded = finish(SPEC.from_json(part.to_json()))
    assert loaded.history == whole.history and loaded.outcome == whole.outcome
    assert loaded.move_list() == whole.move_list()
