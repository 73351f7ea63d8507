"""Xutoli (docs/rules/xutoli.md): the twelve 2x2 patterns, containment and the winning formation,
the mover-loses rule, every variant, notation, undo/redo and saving.

Random playouts are checked against an independent model: regions by the flood fill of
tests/test_truchet.py, pictures and rotations re-derived from the tiles, and formations
found by brute force over every pair of blocks."""
from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.state import IllegalMoveError
from game.games.xutoli import rules as xutoli
from game.games.truchet.layout import LEFT, RIGHT, Tile
from game.games.xutoli.rules import (XutoliBoard, canonical_key, draw_targets, pattern_letter,
                                     rotate_key)
from truchet_model import model_regions

SPEC = xutoli.SPEC
WHITE, BLUE = 0, 1
NOTATION = re.compile(r"^[WB][LR]@0,0$|^[WB]@-?\d+,-?\d+$")

# The seed's "any rotation" example: the last tile (Blue's) joins two white X's on a white
# path, and at the same time two blue U's in different orientations on a blue path.
ANY_ROTATION_EXAMPLE = [
    "WL@0,0", "W@0,1", "B@0,2", "B@-1,2", "W@1,1", "B@-1,3", "W@1,0", "W@-2,3", "W@2,0",
    "W@2,-1", "W@3,-1", "W@-1,4", "B@4,-1", "W@-3,3", "B@0,4", "B@3,-2", "W@-2,4",
    "B@0,3", "B@1,3", "B@0,-1", "B@-2,2", "W@-1,5", "W@2,1", "W@4,-2", "W@1,4", "W@2,2",
    "W@-2,1", "B@-3,1", "W@1,-1", "W@1,2"]
# A random game whose last tile (Blue's) made formations for both players.
BOTH_AT_ONCE = [
    "WL@0,0", "B@-1,0", "B@-2,0", "B@0,-1", "B@-2,1", "B@-1,-1", "W@-1,-2", "B@1,-1",
    "W@-2,-1", "B@1,-2", "B@-3,-1", "W@0,1", "B@1,-3", "W@-2,2", "B@1,-4", "W@2,-1",
    "B@0,-2", "W@2,-4", "B@0,-3", "W@2,-2", "W@1,1", "W@2,-3"]


def new(**options):
    return SPEC.new_game(seed=1, options=options)


def play(state, *texts):
    for text in texts:
        assert not state.is_over, f"game ended before {text}: {state.outcome}"
        state.play(state.parse_move(text))
    return state


def swap_colours(texts):
    return [("B" if t[0] == "W" else "W") + t[1:] for t in texts]


def white_block(x0, y0, width, height):
    """Moves laying an all-white rectangle, row by row, from WL@0,0 (x0 = y0 = 0)."""
    texts = []
    for y in range(y0, y0 + height):
        for x in range(x0, x0 + width):
            texts.append("WL@0,0" if (x, y) == (0, 0) else f"W@{x},{y}")
    return texts


# --- the independent model ------------------------------------------------------------------
def model_picture(tiles, x0, y0, n):
    """The picture of the n x n block at (x0, y0): rows of (colour, orient), or None."""
    rows = []
    for y in range(y0, y0 + n):
        row = []
        for x in range(x0, x0 + n):
            if (x, y) not in tiles:
                return None
            row.append(tiles[(x, y)])
        rows.append(tuple(row))
    return tuple(rows)


def model_rotate(picture):
    """A quarter turn clockwise: row r, column c goes to row c, column n-1-r; turning a
    tile swaps its diagonal."""
    n = len(picture)
    return tuple(tuple((picture[n - 1 - c][r][0], 1 - picture[n - 1 - c][r][1])
                       for c in range(n)) for r in range(n))


def model_rotations(picture):
    found = [picture]
    for _ in range(3):
        found.append(model_rotate(found[-1]))
    return found


def colour_corners(x, y, colour, orient, p):
    """The two corners of a tile that show colour p."""
    band = [(x, y), (x + 1, y + 1)] if orient == LEFT else [(x + 1, y), (x, y + 1)]
    if colour == p:
        return band
    return [v for v in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] if v not in band]


def model_formation(moves, p, n=2, any_rotation=False):
    """Whether colour p has a winning formation, by brute force."""
    tiles = {(t.x, t.y): (t.colour, t.orient) for t in moves}
    blocks = []
    for (x, y) in tiles:
        picture = model_picture(tiles, x, y, n)
        if picture is not None:
            blocks.append((x, y, picture))
    regions = [r[5] for r in model_regions([tuple(t) for t in moves]) if r[0] == p]

    cache = {}

    def contained(x0, y0):
        if (x0, y0) in cache:
            return cache[(x0, y0)]
        found = cache[(x0, y0)] = set()
        for i, vertices in enumerate(regions):
            if all(any(v in vertices for v in colour_corners(x, y, *tiles[(x, y)], p))
                   for x in range(x0, x0 + n) for y in range(y0, y0 + n)):
                found.add(i)
        return found

    for a in range(len(blocks)):
        for b in range(a + 1, len(blocks)):
            (xa, ya, pa), (xb, yb, pb) = blocks[a], blocks[b]
            if abs(xa - xb) < n and abs(ya - yb) < n:
                continue
            same = pb in model_rotations(pa) if any_rotation else pa == pb
            if same and contained(xa, ya) & contained(xb, yb):
                return True
    return False


# --- the spec and the options ---------------------------------------------------------------
def test_spec_seats_options_and_levels():
    assert SPEC.name == "xutoli" and SPEC.title == "Xutoli"
    assert SPEC.seats == ("White", "Blue")
    assert SPEC.option("rotation").values == ("same", "any", "prefer_same")
    assert SPEC.option("target").values == ("off", "drawn_letter", "drawn_coloured", "chosen")
    assert SPEC.option("size").values == (2, 3, 4)
    assert SPEC.option("progressive").values == (False, True)
    assert SPEC.option("tiles").default == 64
    assert all(opt.label and len(opt.value_labels) == len(opt.values) for opt in SPEC.options)
    assert SPEC.ai_levels == ("beginner", "easy", "medium", "hard")
    assert SPEC.state_class is xutoli.XutoliState and SPEC.rule_pages


@pytest.mark.parametrize("options", [{"rotation": "mirror"}, {"size": 5}, {"target": "yes"},
                                     {"white_target": "Q"}, {"tiles": 63},
                                     {"colour": 1}])
def test_bad_options_are_named(options):
    with pytest.raises(ValueError, match=next(iter(options))):
        SPEC.new_game(seed=1, options=options)


def test_chosen_targets_must_differ():
    with pytest.raises(ValueError, match="blue_target"):
        SPEC.new_game(seed=1, options={"target": "chosen", "white_target": "X",
                                       "blue_target": "X"})


# --- the twelve patterns --------------------------------------------------------------------
def quad_state(centre, mask):
    """A game whose first four tiles make the 2x2 block at (0, 0) with this centre colour
    and these tiles (bit i, clockwise from the top left) dominant in the centre colour."""
    cells = [(0, 0), (1, 0), (1, 1), (0, 1)]
    state = new(rotation="any")
    for bit, (x, y) in enumerate(cells):
        colour = centre if mask >> bit & 1 else 1 - centre
        if (x, y) == (0, 0):
            # The centre (1, 1) is the top left tile's bottom right corner: on its band
            # (LEFT) when the tile is dominant in the centre colour.
            state.play(Tile(0, 0, colour, LEFT if colour == centre else RIGHT))
        else:
            state.play(state.move_for(x, y, colour))
    return state


@pytest.mark.parametrize("centre", [WHITE, BLUE])
def test_the_16_arrangements_around_a_centre_make_the_patterns_with_their_rotations(centre):
    shapes = Counter()
    pictures = {}
    for mask in range(16):
        state = quad_state(centre, mask)
        assert state.layout.vertex_colour(1, 1) == centre
        (pattern,) = state.patterns()
        assert (pattern.x, pattern.y, pattern.size) == (0, 0, 2)
        bands = bin(mask).count("1")
        # The letter by docs/rules/xutoli.md: majority colour c (centre colour on a 2-2 split).
        expected_colour = centre if bands >= 2 else 1 - centre
        if bands == 2:
            expected = "I" if mask in (5, 10) else "L"
        else:
            expected = {4: "X", 3: "T", 1: "U", 0: "O"}[bands]
        assert (pattern.letter, pattern.colour) == (expected, expected_colour), mask
        shapes[pattern.letter] += 1
        pictures.setdefault(pattern.letter, set()).add(pattern.key)
        assert pattern_letter(pattern.key)[:2] == (expected, expected_colour)
    # The rotation counts of the seed: X and O one, I two, U, T and L four.
    assert shapes == {"X": 1, "O": 1, "I": 2, "U": 4, "T": 4, "L": 4}
    for _letter, keys in pictures.items():
        assert len({canonical_key(k, 2) for k in keys}) == 1       # one pattern
        key = next(iter(keys))
        turned = {key}
        for _ in range(3):
            key = rotate_key(key, 2)
            turned.add(key)
            assert pattern_letter(key)[:2] == pattern_letter(next(iter(keys)))[:2]
        assert turned == keys                                       # all its rotations


def test_twelve_patterns_in_all():
    names = {(p.letter, p.colour) for c in (WHITE, BLUE) for m in range(16)
             for p in quad_state(c, m).patterns()}
    assert len(names) == 12
    assert {letter for letter, _ in names} == set("XUTOLI")


def test_rotation_turns_a_picture_in_four_steps_for_every_size():
    rng = random.Random(3)
    for n in (2, 3, 4):
        for _ in range(20):
            key = rng.getrandbits(2 * n * n)
            assert rotate_key(rotate_key(rotate_key(rotate_key(key, n), n), n), n) == key
            assert canonical_key(rotate_key(key, n), n) == canonical_key(key, n)


# --- containment and the winning formation --------------------------------------------------
def test_overlapping_identical_patterns_do_not_win():
    state = play(new(), *white_block(0, 0, 3, 3))
    xs = [p for p in state.patterns() if p.letter == "X"]
    assert [(p.x, p.y) for p in xs] == [(0, 0), (1, 1)] and xs[0].key == xs[1].key
    assert not state.is_over and state.formations(WHITE) == []


def test_two_white_xs_apart_on_one_white_path_win():
    state = play(new(), *white_block(0, 0, 3, 2))
    assert not state.is_over
    play(state, "W@3,0")
    assert not state.is_over                    # the X at (2,0) still owes a tile
    play(state, "W@3,1")                        # X at (0,0) and X at (2,0), one region
    assert state.outcome.winner == WHITE
    assert "two white Xs at 0,0 and 2,0 on one white region" in state.outcome.reason
    f = state.winning_formation
    assert (f.seat, f.colour, f.aligned) == (WHITE, WHITE, True)
    assert {(f.first.x, f.first.y), (f.second.x, f.second.y)} == {(0, 0), (2, 0)}
    assert (1, 1) in f.region and (3, 1) in f.region
    assert f.path == ((2, 0),)                  # the two X's meet at a corner


# Two white X's apart, each in its own white region, with a blue ring between them.
SEPARATED_XS = ["WL@0,0", "W@1,0", "W@0,1", "W@1,1", "B@2,0", "B@2,1", "B@3,0", "B@3,1",
                "W@4,0", "W@4,1", "W@5,0", "W@5,1"]


def test_a_pair_joined_only_through_the_other_colour_does_not_win():
    state = play(new(), *SEPARATED_XS)
    xs = [p for p in state.patterns() if p.letter == "X"]
    assert [(p.x, p.y, p.colour) for p in xs] == [(0, 0, WHITE), (4, 0, WHITE)]
    assert xs[0].key == xs[1].key
    assert not state.is_over and state.formations(WHITE) == []
    assert state.layout.region_root(1, 1) != state.layout.region_root(5, 1)
    play(state, "W@2,-1")
    assert not state.is_over
    play(state, "W@3,-1")                       # a white path (2,0)-(3,-1)-(4,0)
    assert state.outcome.winner == WHITE
    assert state.winning_formation.path[0] in state.winning_formation.region


def test_a_region_contains_a_pattern_through_its_other_colour_corners():
    # The seed's remark: a white path holds blue U's through their white centres.
    state = play(new(rotation="any"), *ANY_ROTATION_EXAMPLE)
    white_pairs = state.formations(WHITE)
    blue_pairs = state.formations(BLUE)
    assert any(f.first.letter == "X" and f.aligned for f in white_pairs)
    # Blue's path holds two blue U's in different orientations...
    assert any(f.first.letter == f.second.letter == "U" and f.first.colour == BLUE
               and not f.aligned for f in blue_pairs)
    # ...and two white U's through their blue centres (the ring itself is white).
    centred = [f for f in blue_pairs if f.first.letter == "U" and f.first.colour == WHITE]
    assert centred
    for f in centred:
        for pattern in (f.first, f.second):
            assert state.layout.vertex_colour(pattern.x + 1, pattern.y + 1) == BLUE
            assert (pattern.x + 1, pattern.y + 1) in f.region


def test_one_move_giving_both_players_a_formation_loses_for_the_mover():
    state = play(new(), *BOTH_AT_ONCE[:-1])
    assert not state.is_over and state.to_play == BLUE
    assert not state.has_formation(WHITE) and not state.has_formation(BLUE)
    play(state, BOTH_AT_ONCE[-1])
    assert state.has_formation(WHITE) and state.has_formation(BLUE)
    assert state.outcome.winner == WHITE and "Blue loses" in state.outcome.reason
    # The same game with the colours swapped: still the mover (Blue) who loses.
    state = play(new(), *swap_colours(BOTH_AT_ONCE))
    assert state.outcome.winner == WHITE and "Blue loses" in state.outcome.reason


def test_the_seeds_any_rotation_example():
    # Same rotation: only White's X's are a pair. Any rotation: Blue's U's are one too,
    # so the last mover (Blue) loses whatever the colour. Prefer same: the aligned pair.
    results = {}
    for rotation in ("same", "any", "prefer_same"):
        state = play(new(rotation=rotation), *ANY_ROTATION_EXAMPLE)
        results[rotation] = state.outcome
    assert results["same"].winner == WHITE and "two white Xs" in results["same"].reason
    assert results["any"].winner == WHITE and "Blue loses" in results["any"].reason
    assert results["prefer_same"].winner == WHITE and "aligned" in results["prefer_same"].reason
    # Colours swapped: Blue has the X's. Same rotation: Blue wins; any rotation: Blue,
    # the mover, loses; prefer same: Blue's aligned pair wins.
    swapped = swap_colours(ANY_ROTATION_EXAMPLE)
    winners = {rotation: play(new(rotation=rotation), *swapped).outcome.winner
               for rotation in ("same", "any", "prefer_same")}
    assert winners == {"same": BLUE, "any": WHITE, "prefer_same": BLUE}


def test_tiles_running_out_is_a_draw():
    # A strip alternating white and blue tiles never repeats a 2x2 picture... in one row
    # there are no 2x2 blocks at all.
    state = new(tiles=48)
    play(state, "WL@0,0", *[f"{'WB'[x % 2]}@{x},0" for x in range(1, 48)])
    assert state.is_over and state.outcome.winner is None
    assert state.outcome.scores == (0.5, 0.5) and "draw" in state.outcome.reason
    assert state.tiles_left == 0


# --- variants -------------------------------------------------------------------------------
def test_single_target_drawn_targets_are_seeded_and_distinct():
    for mode, pool in (("drawn_letter", set("XUTOLI")),
                       ("drawn_coloured", {c + s for c in "WB" for s in "XUTOLI"})):
        seen = set()
        for seed in range(40):
            state = SPEC.new_game(seed=seed, options={"target": mode})
            assert state.targets == draw_targets(seed, mode)
            assert state.targets == SPEC.new_game(seed=seed, options={"target": mode}).targets
            assert set(state.targets) <= pool and state.targets[0] != state.targets[1]
            seen.add(state.targets)
        assert len(seen) > 10
    assert new().targets is None and new().target_text(WHITE) is None


def test_single_target_a_matching_pattern_anywhere_wins():
    state = new(target="chosen", white_target="WX", blue_target="BX")
    assert state.target_text(WHITE) == "a white X" and state.target_text(BLUE) == "a blue X"
    play(state, "WL@0,0", "W@1,0", "W@0,1")
    assert not state.is_over
    play(state, "W@1,1")                       # Blue places it; White's target shows
    assert state.outcome.winner == WHITE and "their target" in state.outcome.reason
    f = state.winning_formation
    assert f.second is None and (f.first.letter, f.first.colour) == ("X", WHITE)


def test_single_target_a_letter_matches_either_colour_in_any_orientation():
    state = new(target="chosen", white_target="T", blue_target="O")
    play(state, "WL@0,0", "W@1,0", "W@0,1", "B@1,1")   # three white bands: a white T
    assert state.outcome.winner == WHITE
    state = new(target="chosen", white_target="I", blue_target="T")
    play(state, "BL@0,0", "B@1,0", "W@0,1", "B@1,1")   # a blue T, another rotation
    assert state.outcome.winner == BLUE


def test_single_target_both_at_once_loses_for_the_mover():
    # The tile on (1,0) completes a white X (block 0,0) and a white O (block 1,0).
    state = new(target="chosen", white_target="O", blue_target="X")
    play(state, "WL@0,0", "W@-1,0", "W@0,1", "W@1,1", "W@2,1", "W@2,0")
    assert state.to_play == WHITE
    play(state, "W@1,0")
    assert state.outcome.winner == BLUE and "White loses" in state.outcome.reason


@pytest.mark.parametrize("n", [3, 4])
def test_super_xutoli_pairs_of_whole_blocks_in_any_rotation(n):
    # An all-white n x 2n rectangle: the blocks at (0,0) and (n,0) are the same picture
    # (turned, for odd n) in one white region; the 2x2 pairs inside do not count.
    texts = white_block(0, 0, 2 * n, n)
    order = sorted(texts, key=lambda t: (int(t.split("@")[1].split(",")[0]),
                                         int(t.split(",")[1])))
    order.remove("WL@0,0")
    state = new(size=n, tiles=128)
    play(state, "WL@0,0", *order[:-1])
    assert not state.is_over and state.patterns()          # 2x2 letters still shown
    assert all(b.size == n for b in state.blocks())
    play(state, order[-1])
    assert state.is_over and state.outcome.winner == WHITE
    f = state.winning_formation
    assert sorted([(f.first.x, f.first.y), (f.second.x, f.second.y)]) == [(0, 0), (n, 0)]
    assert f.first.size == n and f.first.letter is None
    assert f.aligned == (n % 2 == 0)


def test_super_xutoli_with_a_target_uses_2x2_letters():
    state = new(size=3, target="chosen", white_target="WX", blue_target="BO")
    assert state.size == 2


def test_progressive_two_tiles_a_turn_decided_after_the_turn():
    state = new(progressive=True)
    assert state.tiles_owed == 1
    play(state, "WL@0,0")
    assert state.to_play == BLUE and state.tiles_owed == 2
    play(state, "W@0,1")
    assert state.to_play == BLUE and state.tiles_owed == 1
    play(state, "W@1,0", "W@1,1", "W@2,0", "W@2,1", "W@3,0")
    assert state.to_play == WHITE and state.tiles_owed == 2
    play(state, "W@3,1")                       # White's pair, but the turn goes on
    assert not state.is_over and state.has_formation(WHITE) and state.tiles_owed == 1
    play(state, "B@4,0")
    assert state.outcome.winner == WHITE


def test_progressive_last_tile_is_a_one_tile_turn():
    state = new(progressive=True, tiles=48)
    play(state, "WL@0,0", *[f"{'WB'[x % 2]}@{x},0" for x in range(1, 45)])
    assert state.tiles_left == 3 and state.tiles_owed == 2 and state.to_play == BLUE
    play(state, "W@45,0", "B@46,0")
    assert state.tiles_left == 1 and state.tiles_owed == 1 and state.to_play == WHITE
    play(state, "B@47,0")
    assert state.is_over and state.outcome.winner is None


# --- notation, undo, saving -----------------------------------------------------------------
def test_parse_accepts_the_full_form_and_the_other_letters():
    state = play(new(), "WL@0,0")
    move = state.parse_move("B@1,0")
    assert state.format_move(move) == "B@1,0"
    assert state.parse_move(f"B{'LR'[move.orient]}@1,0") == move
    assert state.parse_move("D@1,0") == move
    with pytest.raises(IllegalMoveError, match="lean"):
        state.parse_move(f"B{'RL'[move.orient]}@1,0")
    with pytest.raises(IllegalMoveError, match="not next to"):
        state.parse_move("B@5,5")
    with pytest.raises(IllegalMoveError, match="not Xutoli notation"):
        state.parse_move("b3/9")
    with pytest.raises(IllegalMoveError):
        state.play(Tile(1, 0, 1, 1 - move.orient))
    assert state.layout.count == 1
    first = new()
    with pytest.raises(IllegalMoveError, match="orientation"):
        first.parse_move("W@0,0")
    assert first.parse_move("BR@0,0") == Tile(0, 0, BLUE, RIGHT)


def fingerprint(state):
    return (state.to_play, state.tiles_owed, state.tiles_left, state.outcome,
            state.layout.tiles(), state.patterns(), state.blocks(), state.legal_moves(),
            state.winning_formation)


OPTIONS = st.sampled_from([{}, {"rotation": "any"}, {"rotation": "prefer_same"},
                           {"progressive": True}, {"target": "drawn_letter"},
                           {"target": "drawn_coloured"}, {"size": 3}])
PLAYOUT = settings(max_examples=12, deadline=None, database=None)


@PLAYOUT
@given(seed=st.integers(0, 10_000), options=OPTIONS)
def test_playouts_match_the_model_and_undo_redo_exactly(seed, options):
    state = SPEC.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    prints = [fingerprint(state)]
    n = state.size
    any_rotation = options.get("rotation", "same") != "same" or n > 2
    while not state.is_over:
        moves = state.legal_moves()
        assert len(moves) == (4 if not state.history else 2 * len(state.layout.open_cells()))
        for move in moves[:6]:                               # notation round trip
            text = state.format_move(move)
            assert NOTATION.match(text) and state.parse_move(text) == move
        mover = state.to_play
        turn_ends = state.tiles_owed == 1
        state.play(rng.choice(moves))
        tiles = list(state.history)
        # Every 2x2 letter by docs/rules/xutoli.md's rule, from the tiles.
        for p in state.patterns():
            block = [state.layout.tile_at(x, y) for x, y in p.cells]
            centre = state.layout.vertex_colour(p.x + 1, p.y + 1)
            counts = Counter(t.colour for t in block)
            major = centre if counts[0] == 2 else counts.most_common(1)[0][0]
            assert p.colour == major
        if state.targets is None and turn_ends and len(tiles) % 3 == 0:
            model = [model_formation(tiles, p, n, any_rotation) for p in (WHITE, BLUE)]
            assert model == [state.has_formation(WHITE), state.has_formation(BLUE)]
        if state.is_over and state.outcome.winner is not None:
            assert turn_ends
            winner = state.outcome.winner
            assert state.has_formation(winner)
            if state.targets is None:
                assert model_formation(tiles, winner, n, any_rotation)
                if options.get("rotation") != "prefer_same" \
                        and model_formation(tiles, 1 - winner, n, any_rotation):
                    assert winner == 1 - mover
                f = state.winning_formation
                a, b = f.first, f.second
                assert abs(a.x - b.x) >= n or abs(a.y - b.y) >= n
                assert canonical_key(a.key, n) == canonical_key(b.key, n)
            else:
                assert state.winning_formation.second is None
        elif state.is_over:
            assert state.tiles_left == 0
        prints.append(fingerprint(state))
    for expected in reversed(prints[:-1]):
        state.undo()
        assert fingerprint(state) == expected
    assert state.layout.trail == [] and state.history == [] and state.board.order == []
    for expected in prints[1:]:
        state.redo()
        assert fingerprint(state) == expected


@PLAYOUT
@given(seed=st.integers(0, 10_000), options=OPTIONS, data=st.data())
def test_save_load_and_continue_is_identical(seed, options, data):
    state = SPEC.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    stop = data.draw(st.integers(0, 40))
    while not state.is_over and len(state.history) < stop:
        state.play(rng.choice(state.legal_moves()))
    back = data.draw(st.integers(0, min(3, len(state.history))))
    for _ in range(back):
        state.undo()
    text = state.to_json()
    loaded = SPEC.from_json(text)
    assert fingerprint(loaded) == fingerprint(state)
    assert loaded.redo_stack == state.redo_stack and loaded.targets == state.targets
    assert loaded.to_json() == text
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state.play(move)
        loaded.play(move)
        assert fingerprint(loaded) == fingerprint(state)


def test_json_holds_the_moves_in_notation():
    state = play(new(rotation="any"), "WL@0,0", "B@1,0", "W@0,1")
    data = json.loads(state.to_json())
    assert data["game"] == "xutoli" and data["moves"] == ["WL@0,0", "B@1,0", "W@0,1"]
    assert data["options"]["rotation"] == "any"
    with pytest.raises(ValueError, match="move 2"):
        SPEC.from_json(json.dumps({**data, "moves": ["WL@0,0", "B@7,7"]}))


def test_copy_is_independent_and_undoes_exactly():
    state = play(new(), *BOTH_AT_ONCE)
    assert state.layout.closed                   # the trail has list appends
    for other in (state.copy(), copy.deepcopy(state)):
        while other.history:
            other.undo()
        assert other.layout.cells == {} and other.layout.trail == [] and not other.board.blocks
        assert other.layout.parent == {} and other.layout.closed == []
    assert state.is_over and state.layout.count == len(BOTH_AT_ONCE)
    board = XutoliBoard(2)
    board.place(Tile(0, 0, WHITE, LEFT))
    clone = copy.deepcopy(board)
    clone.rollback((0, 0, 0))
    assert clone.layout.cells == {} and board.layout.count == 1


def test_the_same_target_for_both_players_is_a_bad_value_naming_the_option():
    with pytest.raises(ValueError, match="option 'blue_target'.*both are O"):
        SPEC.new_game(options={"target": "chosen", "white_target": "O", "blue_target": "O"})
