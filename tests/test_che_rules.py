"""Che (docs/rules/che.md): turns, the aims, running out of tiles, the options, notation,
undo/redo and saving, checked on hand-built games and random playouts against the
independent flood-fill model of tests/test_truchet.py."""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.state import IllegalMoveError
from game.games.che import rules as che
from game.games.truchet.layout import Tile
from truchet_model import model_open_cells, model_regions

SPEC = che.SPEC
LIGHT, DARK = 0, 1
NOTATION = re.compile(r"^[LD][LR]@0,0$|^[LD]@-?\d+,-?\d+$")


def new(**options):
    return SPEC.new_game(seed=1, options=options)


def play(state, *texts):
    for text in texts:
        assert not state.is_over, f"game ended before {text}: {state.outcome}"
        state.play(state.parse_move(text))
    return state


def strip(state, colours):
    """Lay tiles in one row, x = 1, 2, ... after a first tile LL@0,0 (a strip never
    closes a region); `colours` is a string of L/D for the tiles after the first."""
    play(state, "LL@0,0")
    for x, letter in enumerate(colours, 1):
        play(state, f"{letter}@{x},0")
    return state


# --- the spec and the options -------------------------------------------------------------------
def test_spec_seats_options_and_levels():
    assert SPEC.name == "che" and SPEC.title == "Che"
    assert SPEC.seats == ("Light", "Dark")
    assert SPEC.option("tiles").values == (48, 64, 96, "unlimited")
    assert SPEC.option("tiles").default == 64
    assert SPEC.option("group_area").default is None
    assert 16 in SPEC.option("group_area").values and 6 in SPEC.option("group_extent").values
    assert all(opt.in_setup and opt.label for opt in SPEC.options)
    assert len(SPEC.ai_levels) >= 3


@pytest.mark.parametrize("options", [{"tiles": 50}, {"tiles": "all"}, {"group_area": 0},
                                     {"group_area": True}, {"group_extent": "6"},
                                     {"colour": 1}])
def test_bad_options_are_named(options):
    with pytest.raises(ValueError, match=next(iter(options))):
        SPEC.new_game(seed=1, options=options)


def test_unlisted_limits_are_accepted():
    state = SPEC.new_game(seed=1, options={"group_area": 9, "group_extent": 3})
    assert state.area_limit == 9 and state.extent_limit == 3


# --- turns ---------------------------------------------------------------------------------------
def test_light_places_one_tile_then_two_a_turn():
    state = new()
    assert state.to_play == LIGHT and state.tiles_owed == 1 and len(state.legal_moves()) == 4
    play(state, "LL@0,0")
    assert state.to_play == DARK and state.tiles_owed == 2 and len(state.legal_moves()) == 8
    play(state, "D@1,0")
    assert state.to_play == DARK and state.tiles_owed == 1
    play(state, "D@2,0")                       # the second tile relies on the first
    assert state.to_play == LIGHT and state.tiles_owed == 2 and state.tiles_left == 61


def test_the_first_tile_goes_on_0_0_in_any_of_four_ways():
    for text in ("LL@0,0", "LR@0,0", "DL@0,0", "DR@0,0"):
        assert new().format_move(new().parse_move(text)) == text
    with pytest.raises(IllegalMoveError, match="orientation"):
        new().parse_move("L@0,0")
    with pytest.raises(IllegalMoveError, match="0,0"):
        new().parse_move("LL@1,0")


def test_with_one_tile_left_a_turn_places_one():
    state = strip(new(tiles=48), "LD" * 23)        # 47 tiles down: Light placed 1 + 22 pairs
    assert state.tiles_left == 1 and state.tiles_owed == 1
    mover = state.to_play
    play(state, "L@47,0")
    assert state.is_over and state.tiles_left == 0
    assert mover == LIGHT                          # Dark made the 23rd two-tile turn


# --- the aims ------------------------------------------------------------------------------------
# Around the dark vertex (1,1) (the first tile LR@0,0 makes even vertices dark): four
# Light-dominant tiles close a dark region of size 0, the seed's "Dark wins" picture.
DIAMOND_START = ("LR@0,0", "L@1,0", "L@0,1")


def test_seed_example_four_light_tiles_around_a_dark_vertex_dark_wins():
    state = play(new(), *DIAMOND_START, "L@1,1")
    assert not state.is_over, "the game is decided after a complete turn only"
    play(state, "D@2,0")
    assert state.outcome.winner == DARK and state.outcome.scores == (0, 1)
    assert "a closed dark region: the small dark diamond that the corners of four tiles " \
        "enclose" in state.outcome.reason
    region = state.layout.closed_regions()[0]
    assert region.colour == DARK and region.size == 0 and region.vertices == {(1, 1)}


def test_closing_your_own_region_wins():
    state = play(new(), *DIAMOND_START, "D@-1,0", "D@0,-1", "L@1,1")
    assert not state.is_over
    play(state, "D@2,0")
    assert state.outcome.winner == DARK                # Dark's own turn closed it


def test_a_turn_that_closes_regions_for_both_players_loses_for_the_mover():
    # Light vertex (3,2) inside four Dark tiles, dark vertex (1,1) inside four Light ones:
    # Light's last turn closes both.
    state = play(new(), *DIAMOND_START, "L@2,0", "D@2,1", "D@3,1", "D@2,2")
    assert state.to_play == LIGHT
    play(state, "L@1,1", "D@3,2")
    assert state.outcome.winner == DARK
    assert "both" in state.outcome.reason and "Light loses" in state.outcome.reason
    assert sorted(r.colour for r in state.layout.closed_regions()) == [LIGHT, DARK]


def test_run_out_the_larger_largest_region_wins():
    state = strip(new(tiles=48), "L" * 30 + "D" * 17)
    assert state.outcome.winner == LIGHT
    assert state.largest_sizes() == (31, 17)
    assert "ran out" in state.outcome.reason and "Light 31, Dark 17" in state.outcome.reason


def test_run_out_with_equal_largest_regions_is_a_draw():
    state = strip(new(tiles=48), "L" * 23 + "D" * 24)
    assert state.largest_sizes() == (24, 24)
    assert state.outcome.winner is None and state.outcome.scores == (0.5, 0.5)
    assert "draw" in state.outcome.reason


@pytest.mark.parametrize("tiles", [48, 64, 96])
def test_the_pool_size_ends_the_game(tiles):
    state = strip(new(tiles=tiles), "LD" * ((tiles - 2) // 2))
    assert not state.is_over and state.tiles_left == 1
    play(state, f"L@{tiles - 1},0")
    assert state.is_over and state.layout.count == tiles


def test_an_unlimited_pool_never_runs_out():
    state = strip(new(tiles="unlimited"), "LD" * 100)
    assert not state.is_over and state.tiles_left is None and state.tiles_owed in (1, 2)


def test_group_area_an_enemy_closed_region_wins():
    # The dark diamond closes: with group_area the aim is inverted, so Light wins.
    state = play(new(group_area=16), *DIAMOND_START, "L@1,1", "D@2,0")
    assert state.outcome.winner == LIGHT


def test_group_area_reaching_the_limit_loses():
    state = strip(new(group_area=4), "LL")          # light region of size 3
    assert not state.is_over
    play(state, "L@3,0", "D@4,0")                   # Dark's turn: light size 4
    assert state.outcome.winner == DARK and "size 4" in state.outcome.reason
    state = strip(new(group_area=4), "DD")          # Dark's own turn grows dark to 2
    play(state, "D@3,0", "D@4,0")                   # Light makes dark 4: Light wins
    assert state.outcome.winner == LIGHT


def test_group_extent_counts_columns_or_rows_of_dominant_tiles():
    state = strip(new(group_extent=5), "LL")         # light spans columns 0..2
    play(state, "L@3,0")
    assert not state.is_over                         # 4 columns, and the turn goes on
    play(state, "L@4,0")                             # Light's own colour spans 5 columns
    assert state.outcome.winner == DARK and "5 columns or rows" in state.outcome.reason
    # Rows count too: a light column of tiles down from the first.
    state = play(new(group_extent=3), "LL@0,0", "L@0,1", "D@1,0", "L@0,2", "D@2,0")
    assert state.outcome.winner == DARK


def test_group_options_a_win_for_both_loses_for_the_mover():
    state = play(new(group_extent=3), "LL@0,0", "D@1,0", "D@2,0", "L@0,1", "D@1,1",
                 "L@-1,0", "L@3,0")
    assert not state.is_over and state.to_play == LIGHT
    assert state.layout.widest == [2, 2]
    play(state, "L@0,2", "D@1,2")                  # light rows 0..2, dark rows 0..2
    assert state.outcome.winner == DARK and "Light loses" in state.outcome.reason


# --- notation, undo, saving ----------------------------------------------------------------------
def test_parse_accepts_the_full_form_and_the_other_letters():
    state = play(new(), "LL@0,0")
    move = state.parse_move("D@1,0")
    assert state.parse_move(f"D{'LR'[move.orient]}@1,0") == move
    assert state.parse_move("B@1,0") == move
    with pytest.raises(IllegalMoveError, match="lean"):
        state.parse_move(f"D{'RL'[move.orient]}@1,0")
    with pytest.raises(IllegalMoveError, match="not next to"):
        state.parse_move("D@5,5")
    with pytest.raises(IllegalMoveError, match="not Che notation"):
        state.parse_move("b3/9")
    with pytest.raises(IllegalMoveError):
        state.play(Tile(1, 0, 1, 1 - move.orient))
    assert state.layout.count == 1


def fingerprint(state):
    layout = state.layout
    return (state.to_play, state.tiles_owed, state.tiles_left, state.outcome,
            [(r.colour, r.size, r.closed, r.vertices) for r in layout.regions()],
            layout.tiles(), state.legal_moves(), list(layout.largest), list(layout.widest))


OPTIONS = st.sampled_from([{}, {"tiles": 48}, {"tiles": "unlimited"}, {"group_area": 6},
                           {"group_extent": 4}, {"group_area": 12, "group_extent": 5}])
PLAYOUT = settings(max_examples=25, deadline=None, database=None)


@PLAYOUT
@given(seed=st.integers(0, 10_000), options=OPTIONS)
def test_playouts_match_the_model_and_undo_redo_exactly(seed, options):
    state = SPEC.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    prints = [fingerprint(state)]
    tiles = []
    while not state.is_over and len(tiles) < 120:
        moves = state.legal_moves()
        for move in moves:                                  # notation round trip
            text = state.format_move(move)
            assert NOTATION.match(text) and state.parse_move(text) == move
        cells = sorted({(m.x, m.y) for m in moves})
        assert cells == model_open_cells(tiles)
        assert all(sum(1 for m in moves if (m.x, m.y) == c) == (4 if not tiles else 2)
                   for c in cells)
        move = rng.choice(moves)
        state.play(move)
        tiles.append(tuple(move))
        regions = model_regions(tiles)
        assert [(r.colour, r.size, r.closed, r.vertices) for r in state.layout.regions()] \
            == [(r[0], r[1], r[2], r[5]) for r in regions]
        prints.append(fingerprint(state))
    model_outcome_check(state, tiles, options)
    for expected in reversed(prints[:-1]):
        state.undo()
        assert fingerprint(state) == expected
    assert state.layout.trail == [] and state.history == []
    for expected in prints[1:]:
        state.redo()
        assert fingerprint(state) == expected


def model_outcome_check(state, tiles, options):
    """The winner re-derived from the model's regions for the finished game."""
    if not state.is_over:
        return
    regions = model_regions(tiles)
    area, extent = options.get("group_area"), options.get("group_extent")
    inverted = area is not None or extent is not None

    def win(seat):
        target = 1 - seat if inverted else seat
        enemy = 1 - seat
        return (any(r[2] and r[0] == target for r in regions)
                or (area is not None and any(r[0] == enemy and r[1] >= area for r in regions))
                or (extent is not None and any(r[0] == enemy and max(r[3], r[4]) >= extent
                                               for r in regions)))

    winners = [s for s in (0, 1) if win(s)]
    # Who made the last turn: the seat that moved last.
    replay = SPEC.new_game(seed=state.seed, options=state.options)
    for move in state.history[:-1]:
        replay.play(move)
    mover = replay.to_play
    if len(winners) == 2:
        assert state.outcome.winner == 1 - mover
    elif winners:
        assert state.outcome.winner == winners[0]
    else:
        assert state.tiles_left == 0
        sizes = [max((r[1] for r in regions if r[0] == c), default=0) for c in (0, 1)]
        expected = None if sizes[0] == sizes[1] else (0 if sizes[0] > sizes[1] else 1)
        assert state.outcome.winner == expected


@PLAYOUT
@given(seed=st.integers(0, 10_000), options=OPTIONS, data=st.data())
def test_save_load_and_continue_is_identical(seed, options, data):
    state = SPEC.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 50))):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    undone = data.draw(st.integers(0, min(3, len(state.history))))
    for _ in range(undone):
        state.undo()
    loaded = SPEC.from_json(state.to_json())
    assert fingerprint(loaded) == fingerprint(state)
    assert loaded.history == state.history and loaded.redo_stack == state.redo_stack
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    while not state.is_over and len(state.history) < 100:
        a, b = rng_a.choice(state.legal_moves()), rng_b.choice(loaded.legal_moves())
        assert a == b
        state.play(a)
        loaded.play(b)
    assert fingerprint(loaded) == fingerprint(state)


def test_json_holds_the_moves_in_notation():
    state = play(new(tiles=48), "DR@0,0", "L@1,0", "L@-1,0")
    data = json.loads(state.to_json())
    assert data["game"] == "che" and data["options"]["tiles"] == 48
    assert data["moves"] == ["DR@0,0", "L@1,0", "L@-1,0"]
    with pytest.raises(ValueError, match="move 2"):
        SPEC.from_json(json.dumps(dict(data, moves=["DR@0,0", "L@5,5"])))


def test_copy_is_independent():
    state = play(new(), *DIAMOND_START)
    twin = state.copy()
    play(twin, "L@1,1", "D@2,0")
    assert twin.is_over and not state.is_over and state.layout.count == 3
    assert fingerprint(state) == fingerprint(SPEC.from_json(state.to_json()))


def test_an_unlimited_game_can_end_by_agreement_scored_by_the_largest_regions():
    from game.games.che import player as ai_che
    state = SPEC.new_game(seed=5, options={"tiles": "unlimited"})
    assert state.consent_moves() == []                   # nothing to count yet
    rng = random.Random(5)
    while len(state.history) < 12:
        state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            state.undo()
    assert state.consent_moves() == ["agree"] and "agree" not in state.legal_moves()
    light, dark = state.largest_sizes()
    assert ai_che.accepts_end(state, 0) == (light >= dark)
    assert ai_che.accepts_end(state, 1) == (dark >= light)
    history = list(state.history)
    state.play(state.parse_move("agree"))
    assert state.is_over and "agreed" in state.outcome.reason
    assert state.outcome.winner == (None if light == dark else (0 if light > dark else 1))
    assert state.move_list()[-1] == "agree"
    assert SPEC.from_json(state.to_json()).outcome == state.outcome
    state.undo()
    assert not state.is_over and state.history == history and state.can_redo
    limited = SPEC.new_game(seed=5, options={"tiles": 64})
    limited.play(limited.legal_moves()[0])
    assert limited.consent_moves() == []
    with pytest.raises(IllegalMoveError):
        limited.play("agree")


def test_a_copy_can_be_undone_after_a_region_closed():
    import pickle
    # Play until a turn closes a region, then undo everything on a copy and a pickle.
    for seed in range(40):
        state = SPEC.new_game(seed=seed, options={})
        rng = random.Random(seed)
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
        if state.layout.closed_regions():
            break
    assert state.layout.closed_regions()
    for twin in (state.copy(), pickle.loads(pickle.dumps(state))):
        while twin.can_undo:
            twin.undo()
        assert twin.layout.count == 0 and twin.layout.closed_regions() == []
    assert state.is_over                        # the original is untouched
