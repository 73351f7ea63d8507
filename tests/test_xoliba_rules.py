"""Xoliba rules, checked against docs/rules/xoliba.md and the seed's examples.

The accepted triangles are re-derived here from the rule text (every triple of points,
tested for shape), not imported from game.games.xoliba.rules, so a wrong table would show up.
"""
from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rules
from game.rules import IllegalMoveError
from game.games.xoliba import rules as xoliba

SPEC = game.rules.get("xoliba")
FILES = "abcdefg"
MISSING = {"a1", "g1", "a7", "g7"}
NAMES = [f"{f}{r}" for r in range(1, 8) for f in FILES if f"{f}{r}" not in MISSING]


def xy(name: str) -> tuple:
    return FILES.index(name[0]), int(name[1]) - 1


def position(fill: str = "w", **cells) -> str:
    """Position text: every point `fill`, except the named ones (`c3="r"`)."""
    rows = []
    for rank in range(7, 0, -1):
        row = ""
        for f in FILES:
            name = f"{f}{rank}"
            row += "." if name in MISSING else cells.get(name, fill)
        rows.append(row)
    return "\n".join(rows)


def game(text: str, first: int = 0, players: int = 2):
    return SPEC.new_game(seed=1, options={"players": players, "position": text,
                                          "first": first})


def texts(state) -> list:
    return [state.format_move(m) for m in state.legal_moves()]


# --- an independent model of the accepted triangles ----------------------------------------
def _inside(p, a, b, c) -> bool:
    def cross(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    d1, d2, d3 = cross(a, b, p), cross(b, c, p), cross(c, a, p)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def accepted_triangles() -> dict:
    """frozenset of corner names -> (size, contents) for every accepted triangle."""
    found = {}
    for a, b, c in itertools.combinations(NAMES, 3):
        for apex, u, v in ((a, b, c), (b, a, c), (c, a, b)):
            (ax, ay), (ux, uy), (vx, vy) = xy(apex), xy(u), xy(v)
            leg1, leg2 = (ux - ax, uy - ay), (vx - ax, vy - ay)
            diagonal = all(abs(dx) == abs(dy) != 0 for dx, dy in (leg1, leg2))
            right = leg1[0] * leg2[0] + leg1[1] * leg2[1] == 0
            if diagonal and right and abs(leg1[0]) == abs(leg2[0]):
                size = abs(leg1[0])
                points = [n for n in NAMES if _inside(xy(n), xy(apex), xy(u), xy(v))]
                # Every lattice point of the shape must be on the board.
                box = [(x, y) for x in range(-1, 8) for y in range(-1, 8)
                       if _inside((x, y), xy(apex), xy(u), xy(v))]
                if len(box) == len(points):
                    contents = frozenset(points) - {apex, u, v}
                    found[frozenset((apex, u, v))] = (size, contents)
    return found


MODEL = accepted_triangles()


def test_board_has_45_points_8_corners_20_edges():
    assert len(xoliba.POINTS) == 45
    assert sorted(xoliba.point_name(p) for p in xoliba.POINTS) == sorted(NAMES)
    assert sorted(xoliba.point_name(p) for p in xoliba.CORNERS) == sorted(
        ["b1", "f1", "a2", "g2", "a6", "g6", "b7", "f7"])
    assert len(xoliba.EDGES) == 20


def test_triangle_count_matches_rules_and_independent_model():
    sizes = [t.size for t in xoliba.TRIANGLES]
    assert len(sizes) == 176
    assert (sizes.count(1), sizes.count(2), sizes.count(3)) == (112, 52, 12)
    assert len(MODEL) == 176
    ours = {frozenset(xoliba.point_name(c) for c in t.corners):
            (t.size, frozenset(xoliba.point_name(q) for q in t.contents))
            for t in xoliba.TRIANGLES}
    assert ours == MODEL


def test_contents_hold_1_6_13_points_and_16_are_maximal():
    for t in xoliba.TRIANGLES:
        assert len(t.contents) == {1: 1, 2: 6, 3: 13}[t.size]
    contents = [set(t.contents) for t in xoliba.TRIANGLES]
    maximal = {frozenset(c) for c in contents if not any(c < d for d in contents)}
    assert len(maximal) == 16


# --- each size and orientation ---------------------------------------------------------------
ORIENTED = [
    # (size, apex, hypotenuse ends): apex up, down, right, left of the hypotenuse
    (1, "d5", ("c4", "e4")), (1, "d3", ("c4", "e4")), (1, "e4", ("d3", "d5")),
    (1, "c4", ("d3", "d5")),
    (2, "d6", ("b4", "f4")), (2, "d2", ("b4", "f4")), (2, "f4", ("d2", "d6")),
    (2, "b4", ("d2", "d6")),
    (3, "d7", ("a4", "g4")), (3, "d1", ("a4", "g4")), (3, "g4", ("d1", "d7")),
    (3, "a4", ("d1", "d7")),
]


@pytest.mark.parametrize("size,apex,ends", ORIENTED)
def test_each_size_and_orientation_is_formed_and_captures_its_contents(size, apex, ends):
    # A red piece arrives on the apex from a neighbouring point outside the triangle;
    # every contents point holds blue.
    corners = {apex, *ends}
    contents = MODEL[frozenset(corners)][1]
    cells = {n: "b" for n in contents}
    cells.update({e: "r" for e in ends})
    ax, ay = xy(apex)
    start = next(f"{FILES[ax + dx]}{ay + dy + 1}" for dx, dy in
                 ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1))
                 if 0 <= ax + dx < 7 and 0 <= ay + dy < 7
                 and f"{FILES[ax + dx]}{ay + dy + 1}" not in MISSING | corners | contents)
    cells[start] = "r"
    cells.setdefault("a2", "b")   # keep blue at three or more pieces in every case
    cells.setdefault("a3", "b")
    cells.setdefault("b2", "b")
    state = game(position(**cells))
    move = [m for m in state.legal_moves() if m != "pass"
            and xoliba.point_name(m[0]) == start and xoliba.point_name(m[1]) == apex]
    assert move, f"{start}-{apex} should form the size-{size} triangle"
    tri = [m for m in move if {xoliba.point_name(c) for c in xoliba.TRIANGLES[m[2]].corners}
           == corners]
    assert len(tri) == 1
    before_blue = state.pieces(xoliba.BLUE)
    state.play(tri[0])
    assert all(state.board[xoliba.point_from_name(n)] == xoliba.WHITE for n in contents)
    assert state.captures[0][xoliba.BLUE] == len(contents)
    assert state.pieces(xoliba.BLUE) == before_blue - len(contents)


def test_forbidden_shape_hypotenuse_on_a_diagonal_is_not_a_triangle():
    # c3, e3, e5 would be a right isosceles triangle with horizontal + vertical legs.
    state = game(position(c3="r", e3="r", e6="r", a2="b", a3="b", a4="b"))
    assert "e6-e5" not in texts(state)
    assert all(not (m != "pass" and xoliba.point_name(m[1]) == "e5") for m in state.legal_moves())
    # Sides not along board lines (a knight-shaped triangle) are not formed either.
    state = game(position(c3="r", d5="r", f3="r", e3="r", a2="b", a3="b", a4="b"))
    assert not any(m != "pass" and xoliba.point_name(m[1]) == "e4" for m in state.legal_moves())


def test_swap_with_adjacent_white_and_slide_across_whites():
    # Red d1 can reach d3 across the white d2; the triangle d3-c4... is not needed: use
    # c4 and e4 with apex d3 (apex down).
    state = game(position(d1="r", c4="r", e4="r", a2="b", a3="b", a4="b"))
    assert "d1-d3" in texts(state)
    state.play(state.parse_move("d1-d3"))
    assert state.board[xoliba.point_from_name("d1")] == xoliba.WHITE
    assert state.board[xoliba.point_from_name("d3")] == xoliba.RED


def test_slide_blocked_by_a_coloured_piece():
    state = game(position(d1="r", d2="b", c4="r", e4="r", a2="b", a3="b", a4="b"))
    assert not any(t.startswith("d1-d3") for t in texts(state))
    # ... and by one of the mover's own pieces too.
    state = game(position(d1="r", d2="r", c4="r", e4="r", a2="b", a3="b", a4="b"))
    assert not any(t.startswith("d1-d3") for t in texts(state))


def test_moving_piece_is_not_its_own_corner():
    # c4 moving to d3 leaves c4 white: (d3; c4, e4) is not formed by that move.
    state = game(position(c4="r", e4="r", a2="b", a3="b", a4="b", g3="r"))
    assert not any(t.startswith("c4-d3") for t in texts(state))


def test_seed_example_capturing_own_and_opponent_piece():
    # "a new triangle ... contains two pieces: one red and one blue piece ... red has
    # captured both his own and the opponent's piece."
    cells = dict(b2="r", f2="r", d5="r", c3="r", e3="b", a5="b", a6="b", b6="b")
    state = game(position(**cells))
    move = state.parse_move("d5-d4")
    state.play(move)
    assert {xoliba.point_name(q) for q, _ in state.last_captured} == {"c3", "e3"}
    assert state.captures[0][xoliba.RED] == 1 and state.captures[0][xoliba.BLUE] == 1
    assert state.board[xoliba.point_from_name("c3")] == xoliba.WHITE
    assert state.board[xoliba.point_from_name("e3")] == xoliba.WHITE


def test_choosing_among_several_triangles():
    # d1 slides to d4, a corner of four triangles at once: (d4; c5, e5) holds the blue
    # d5, the other three only whites. The mover chooses; the notation names the two
    # other corners, sorted.
    cells = dict(d1="r", c5="r", e5="r", c3="r", e3="r", d5="b", a2="b", a3="b", a4="b")
    state = game(position(**cells))
    options = [t for t in texts(state) if t.startswith("d1-d4")]
    assert sorted(options) == ["d1-d4 c3,c5", "d1-d4 c3,e3", "d1-d4 c5,e5", "d1-d4 e3,e5"]
    state.play(state.parse_move("d1-d4 c5,e5"))
    assert [xoliba.point_name(q) for q, _ in state.last_captured] == ["d5"]
    # Capturing is optional when an empty triangle is formed too.
    state.undo()
    state.play(state.parse_move("d1-d4 c3,e3"))
    assert state.last_captured == []
    assert state.board[xoliba.point_from_name("d5")] == xoliba.BLUE
    state.undo()
    with pytest.raises(IllegalMoveError):
        state.parse_move("d1-d4")                   # ambiguous without its triangle


def test_a_single_triangle_move_has_no_corners_in_its_notation():
    state = game(position(d1="r", c4="r", e4="r", a2="b", a3="b", a4="b"))
    assert "d1-d3" in texts(state)
    with pytest.raises(IllegalMoveError):
        state.parse_move("d1-d3 c4,e4")


def test_parse_and_format_are_inverse_on_every_legal_move():
    for seed in range(20):
        state = SPEC.new_game(seed=seed, options={"players": 2 + seed % 2})
        rng = random.Random(seed)
        for _ in range(30):
            if state.is_over:
                break
            for move in state.legal_moves():
                assert state.parse_move(state.format_move(move)) == move
            state.play(rng.choice(state.legal_moves()))


def test_bad_notation_is_named():
    state = SPEC.new_game(seed=3)
    with pytest.raises(IllegalMoveError, match="not Xoliba notation"):
        state.parse_move("c3 to e5")
    with pytest.raises(IllegalMoveError, match="no legal move"):
        state.parse_move("a2-a3")


# --- deals and the first mover ------------------------------------------------------------------
@pytest.mark.parametrize("players,expected", [(2, (17, 17, 0, 11)), (3, (12, 12, 12, 9)),
                                              (1, (17, 17, 0, 11))])
def test_deal_counts_and_reproducibility(players, expected):
    for seed in range(10):
        state = SPEC.new_game(seed=seed, options={"players": players})
        assert tuple(xoliba.counts(state.board)) == expected
        again = SPEC.new_game(seed=seed, options={"players": players})
        assert again.position_text() == state.position_text()
        if players == 1:
            assert all(state.board[c] == xoliba.WHITE for c in xoliba.CORNERS)
    assert SPEC.new_game(seed=1).position_text() != SPEC.new_game(seed=2).position_text()


def test_position_text_round_trip_and_errors():
    state = SPEC.new_game(seed=11)
    text = state.position_text()
    again = SPEC.new_game(seed=99, options={"position": text, "first": 1})
    assert again.position_text() == text and again.to_play == 1
    with pytest.raises(ValueError, match="line 2"):
        SPEC.new_game(options={"position": text.replace("\n", "\nx", 1)})
    with pytest.raises(ValueError, match="missing corner"):
        SPEC.new_game(options={"position": "w" + text[1:]})
    with pytest.raises(ValueError, match="7 lines"):
        SPEC.new_game(options={"position": "rrr"})
    with pytest.raises(ValueError, match="'g'"):
        SPEC.new_game(options={"position": position(c3="g")})
    with pytest.raises(ValueError, match="first"):
        SPEC.new_game(options={"position": text, "first": 2})
    with pytest.raises(ValueError, match="unknown option"):
        SPEC.new_game(options={"colour": "red"})


def test_first_mover_fewest_on_corners():
    # Red 1 on corners, blue 2.
    text = position(b1="r", f1="b", a2="b", c3="r", d3="r", d4="b")
    state = SPEC.new_game(seed=1, options={"position": text})
    assert state.to_play == xoliba.RED
    assert state.first_reason.startswith("Red starts: fewer pieces on corners")


def test_first_mover_tie_on_corners_then_fewest_on_edges():
    text = position(b1="r", f1="b", c1="b", c3="r", d3="r", d4="b")
    state = SPEC.new_game(seed=1, options={"position": text})
    assert state.to_play == xoliba.RED      # equal corners (1), red 1 edge vs blue 2
    assert "fewer on edges" in state.first_reason


def test_first_mover_tie_on_both_is_a_seeded_draw():
    text = position(b1="r", f1="b", c3="r", c4="r", d3="b", d4="b")
    firsts = {SPEC.new_game(seed=s, options={"position": text}).to_play for s in range(20)}
    assert firsts == {0, 1}
    for s in range(5):
        a = SPEC.new_game(seed=s, options={"position": text})
        b = SPEC.new_game(seed=s, options={"position": text})
        assert a.to_play == b.to_play and "draw" in a.first_reason


def test_three_player_order_by_corners_then_edges():
    # corners: green 0, blue 1, red 2 -> green, blue, red.
    text = position(b1="r", f1="r", a2="b", c3="g", c4="g", c5="g", d3="b", d4="r")
    state = SPEC.new_game(seed=1, options={"players": 3, "position": text})
    assert state.order == [2, 1, 0]
    assert state.to_play == 2


# --- passes and the end of the game ------------------------------------------------------------
def _trapped_blue() -> str:
    """Everything red, whites at e4; blue on a3 a4 a5 with no white in reach."""
    cells = {n: "r" for n in NAMES}
    cells.update(a3="b", a4="b", a5="b", e4="w")
    return position(**cells)


def test_forced_pass_then_no_move_after_the_pass_ends_the_game():
    state = game(_trapped_blue(), first=1)
    assert state.legal_moves() == ["pass"]
    state.play("pass")
    assert state.to_play == xoliba.RED
    state.play(state.parse_move("f4-e4 f3,f5"))
    assert state.is_over
    assert "Blue passed and still cannot form a triangle" in state.outcome.reason
    assert state.outcome.winner == xoliba.RED


def test_a_pass_is_only_allowed_when_no_move_exists():
    state = SPEC.new_game(seed=3)
    assert "pass" not in state.legal_moves()
    with pytest.raises(IllegalMoveError):
        state.play("pass")


def test_game_continues_when_the_passer_can_move_again():
    # Blue (a2, a4, c2) is walled in by red. Red d3-c3 captures b3 with (c3; b2, b4),
    # which frees b3: blue c2-b3 now forms (b3; a2, a4), so the game goes on.
    cells = {n: "r" for n in NAMES}
    cells.update(a2="b", a4="b", c2="b", c3="w")
    state = game(position(**cells), first=1)
    assert state.legal_moves() == ["pass"]
    state.play("pass")
    state.play(state.parse_move("d3-c3 b2,b4"))
    assert not state.is_over and state.to_play == xoliba.BLUE
    assert "c2-b3" in texts(state)
    state.play(state.parse_move("c2-b3"))
    assert not state.passed[xoliba.BLUE]


def test_fewer_than_three_pieces_ends_the_game():
    # Blue has 3 pieces; red d6-d5 forms (d5; c4, e4) and captures the blue d4.
    state = game(position(d6="r", c4="r", e4="r", d4="b", a2="b", a3="b"))
    state.play(state.parse_move("d6-d5"))
    assert state.is_over
    assert "Blue has fewer than three pieces" in state.outcome.reason


def _shuttle() -> str:
    # Red shuttles d4 <-> d2 around c3,e3; blue d7 <-> d5 around c6,e6: no captures.
    return position(c3="r", e3="r", d4="r", c6="b", e6="b", d7="b")


def test_third_repetition_ends_the_game():
    state = game(_shuttle())
    cycle = ["d4-d2", "d7-d5", "d2-d4", "d5-d7"]
    for number, text in enumerate(cycle * 2, 1):
        assert not state.is_over, number
        state.play(state.parse_move(text))
        if number == 4:
            assert state.repetitions() == 2
    assert state.is_over
    assert "third time" in state.outcome.reason
    assert state.outcome.scores == (0, 0)          # both biggest triangles small: a tie
    assert state.outcome.winner is None


def test_thirty_moves_without_capture_end_the_game():
    # Random non-capturing moves from real deals: some game reaches thirty quiet moves
    # before anything else ends it.
    found = False
    for seed in range(300):
        state = SPEC.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            quiet = [m for m in moves if m == "pass" or not any(
                state.board[q] != xoliba.WHITE for q in xoliba.TRIANGLES[m[2]].contents)]
            state.play(rng.choice(quiet or moves))
        if "30 moves" in state.outcome.reason:
            found = True
            assert state.quiet_moves == 30
            break
    assert found


def test_quiet_counter_resets_on_a_capture_and_ignores_passes():
    state = game(position(d6="r", c4="r", e4="r", d4="b", a2="b", a3="b", a4="b"))
    state.play(state.parse_move("d6-d5"))
    assert state.quiet_moves == 0
    state = game(_trapped_blue(), first=1)
    state.play("pass")
    assert state.quiet_moves == 0


def test_agreement_ends_and_scores():
    # Red has the large (d1; a4, g4), blue the small (d7; c6, e6); blue started with five
    # pieces and two of them are gone.
    cells = dict(a4="r", g4="r", d1="r", c6="b", e6="b", d7="b", b6="b", f6="b")
    state = game(position(**cells))
    state.board[xoliba.point_from_name("b6")] = xoliba.WHITE   # as if captured
    state.board[xoliba.point_from_name("f6")] = xoliba.WHITE
    state.play("agree")
    assert state.is_over and "agreed" in state.outcome.reason
    assert state.outcome.winner == xoliba.RED
    assert state.outcome.scores == (6, 0)          # large: 3 points x 2 blue pieces
    assert "Red's biggest triangle is large: 3 points × 2 captured blue pieces = 6" \
        in state.outcome.reason
    state.undo()
    assert not state.is_over
    assert "agree" not in state.legal_moves()      # it needs everyone's consent


def test_scoring_counts_enemy_pieces_captured_by_either_player():
    # Blue d3-d2 forms (d2; c1, e1) and captures its own d1. Red wins with the medium
    # (d6; b4, f4) against blue's small one: that blue piece scores 2 for red.
    cells = dict(b4="r", f4="r", d6="r", d3="b", c1="b", e1="b", d1="b", a2="b", a3="b")
    state = game(position(**cells), first=1)
    state.play(state.parse_move("d3-d2"))
    assert state.captures[xoliba.BLUE][xoliba.BLUE] == 1
    state.play("agree")
    assert state.biggest_sizes() == [2, 1]
    assert state.outcome.winner == xoliba.RED and state.outcome.scores == (2, 0)
    assert "Red's biggest triangle is medium: 2 points × 1 captured blue piece = 2" \
        in state.outcome.reason


def test_equal_biggest_triangles_score_nothing():
    state = game(_shuttle())
    state.play("agree")
    assert state.outcome.winner is None and state.outcome.scores == (0, 0)
    assert "tie" in state.outcome.reason


# --- three players ----------------------------------------------------------------------------
def test_three_player_elimination_when_passing_twice():
    cells = {n: "r" for n in NAMES}
    cells.update(a3="g", a4="g", a5="g", e4="w", b7="b", c7="b", d7="b")
    state = game(position(**cells), first=2, players=3)
    assert state.legal_moves() == ["pass"]
    state.play("pass")                               # green passes; red next
    assert state.to_play == xoliba.RED
    state.play(state.parse_move("f4-e4 f3,f5"))      # blue next, trapped: passes
    assert state.to_play == xoliba.BLUE and state.legal_moves() == ["pass"]
    state.play("pass")
    # Green still cannot move after its pass: out, its pieces white, captured by nobody.
    assert not state.active[xoliba.GREEN]
    assert state.pieces(xoliba.GREEN) == 0
    assert all(state.captures[s][xoliba.GREEN] == 0 for s in range(3))
    assert any("Green" in e and "out" in e for e in state.events)
    assert state.to_play == xoliba.RED


def test_three_player_scores_only_own_captures_of_enemies():
    # Red captures its own c3 and the blue e3 (as in the seed's example).
    cells = dict(b2="r", f2="r", d5="r", c3="r", e3="b", a5="b", a6="b", b6="b",
                 g3="g", g4="g", g5="g")
    state = game(position(**cells), players=3)
    state.play(state.parse_move("d5-d4"))
    state.play("agree")
    assert state.outcome.scores[0] == 1          # the blue piece; its own red one: nothing
    assert state.outcome.scores[1:] == (0, 0)


# --- solitaire ---------------------------------------------------------------------------------
def test_solitaire_capture_whitens_the_triangle_corners_and_blue_never_moves():
    cells = dict(b2="r", f2="r", d5="r", c3="r", e3="b", a5="b", a6="w", b6="b", c6="r",
                 c5="r", e5="r")
    state = game(position(**cells), players=1)
    assert state.to_play == 0
    state.play(state.parse_move("d5-d4 b2,f2"))
    for name in ("d4", "b2", "f2", "c3", "e3"):
        assert state.board[xoliba.point_from_name(name)] == xoliba.WHITE, name
    assert state.to_play in (0, None)


def test_solitaire_won_when_no_blue_is_left():
    state = game(position(b2="r", f2="r", d5="r", e3="b", c6="r", e6="r", d7="r"),
                 players=1)
    state.play(state.parse_move("d5-d4"))
    assert state.is_over and state.outcome.winner == 0
    assert state.outcome.reason.startswith("Solved")


# --- property-based playouts -------------------------------------------------------------------
PLAYOUT = settings(max_examples=40, deadline=None, database=None)


@PLAYOUT
@given(seed=st.integers(0, 10_000), players=st.sampled_from([1, 2, 3]), data=st.data())
def test_playouts_keep_invariants_and_undo_to_the_start(seed, players, data):
    state = SPEC.new_game(seed=seed, options={"players": players})
    start = state.position_text()
    coloured = [sum(1 for p in xoliba.POINTS if state.board[p] == c) for c in range(3)]
    steps = data.draw(st.integers(0, 80))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
        assert sum(1 for p in xoliba.POINTS if 0 <= state.board[p] <= 3) == 45
        now = [sum(1 for p in xoliba.POINTS if state.board[p] == c) for c in range(3)]
        assert all(a <= b for a, b in zip(now, coloured))
        coloured = now
    while state.can_undo:
        state.undo()
    assert state.position_text() == start
    assert state.quiet_moves == 0
    assert players == 1 or state.is_over or state.repetitions() == 1


@PLAYOUT
@given(seed=st.integers(0, 10_000), players=st.sampled_from([1, 2, 3]), data=st.data())
def test_save_load_and_continue_is_identical(seed, players, data):
    state = SPEC.new_game(seed=seed, options={"players": players})
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 40))):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    loaded = SPEC.from_json(state.to_json())
    assert loaded.position_text() == state.position_text()
    assert loaded.to_play == state.to_play and loaded.history == state.history
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(40):
        if state.is_over:
            break
        a, b = rng_a.choice(state.legal_moves()), rng_b.choice(loaded.legal_moves())
        assert a == b
        state.play(a)
        loaded.play(b)
    assert loaded.position_text() == state.position_text()
    assert loaded.outcome == state.outcome


def test_json_carries_agreement_and_redo():
    state = game(_shuttle())
    state.play(state.parse_move("d4-d2"))
    state.play("agree")
    loaded = SPEC.from_json(state.to_json())
    assert loaded.is_over and loaded.outcome == state.outcome
    loaded.undo()
    assert loaded.redo() == "agree"
    assert json.loads(state.to_json())["moves"] == ["d4-d2", "agree"]


def test_move_generation_matches_a_brute_force_from_the_rule_text():
    """Every legal move, re-derived: each own piece, each white it reaches (next to it or
    across whites only), each accepted triangle with that white as a corner and two more
    own pieces (not the moving one) on the other corners."""
    directions = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    for seed in range(12):
        state = SPEC.new_game(seed=seed, options={"players": 2 + seed % 2})
        rng = random.Random(seed)
        for _ in range(25):
            if state.is_over:
                break
            board = {n: state.board[xoliba.point_from_name(n)] for n in NAMES}
            seat = state.to_play
            expected = set()
            for frm in (n for n in NAMES if board[n] == seat):
                fx, fy = xy(frm)
                for dx, dy in directions:
                    x, y = fx + dx, fy + dy
                    while f"{FILES[x % 7]}{y + 1}" in board and 0 <= x < 7 and 0 <= y < 7:
                        to = f"{FILES[x]}{y + 1}"
                        if board[to] != xoliba.WHITE:
                            break
                        for corners in MODEL:
                            others = corners - {to}
                            if to in corners and frm not in corners and \
                                    all(board[c] == seat for c in others):
                                expected.add((frm, to, frozenset(corners)))
                        x, y = x + dx, y + dy
            found = {(xoliba.point_name(m[0]), xoliba.point_name(m[1]),
                      frozenset(xoliba.point_name(c) for c in xoliba.TRIANGLES[m[2]].corners))
                     for m in state.legal_moves() if m != "pass"}
            assert found == expected
            assert (state.legal_moves() == ["pass"]) == (not expected)
            state.play(rng.choice(state.legal_moves()))
