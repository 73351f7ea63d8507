"""Xtic (misère Quarto) rules, checked against docs/rules/xtic.md with an independent model.

The dangerous lines, the loss test and the draw test are re-derived here from the rule
text (not imported from game.games.xtic.rules), so a wrong table in the rules would show up.
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import game.rules
from game.rules import IllegalMoveError

SPEC = game.rules.get("xtic")
GAME_TYPES = ("normal", "nodiags", "torus")
FILES = "abcd"

# bit -> (word when 0, word when 1), from docs/rules/xtic.md
PROPERTY_WORDS = (("black", "brown"), ("horizontal", "vertical"), ("solid", "hollow"),
                  ("round", "square"))

NOTATION = re.compile(r"^(-|[a-d][1-4])/(-|1[0-5]|[0-9])$")


# --- an independent model of the board ---------------------------------------------------
def sq(name: str) -> int:
    """Square index as documented in game/games/xtic/rules.py: (rank-1)*4 + file."""
    return FILES.index(name[0]) + 4 * (int(name[1]) - 1)


def sq_name(index: int) -> str:
    return f"{FILES[index % 4]}{index // 4 + 1}"


def cell(row: int, col: int) -> int:
    return (row % 4) * 4 + (col % 4)


RANKS = [frozenset(cell(r, c) for c in range(4)) for r in range(4)]
FILE_LINES = [frozenset(cell(r, c) for r in range(4)) for c in range(4)]
MAIN_DIAGONALS = [frozenset(sq(n) for n in ("a1", "b2", "c3", "d4")),
                  frozenset(sq(n) for n in ("d1", "c2", "b3", "a4"))]
TORUS_DIAGONALS = ([frozenset(cell(i, i + k) for i in range(4)) for k in range(4)]
                   + [frozenset(cell(i, k - i) for i in range(4)) for k in range(4)])

DANGEROUS = {
    "normal": set(RANKS + FILE_LINES + MAIN_DIAGONALS),
    "nodiags": set(RANKS + FILE_LINES),
    "torus": set(RANKS + FILE_LINES + TORUS_DIAGONALS),
}
LINES_THROUGH = {t: [[line for line in DANGEROUS[t] if s in line] for s in range(16)]
                 for t in DANGEROUS}
ALL_CANDIDATE_LINES = sorted(DANGEROUS["torus"], key=lambda line: sorted(line))


def line_label(line) -> str:
    return "-".join(sq_name(s) for s in sorted(line))


def shared(pieces) -> list[tuple[int, int]]:
    """All (bit, value) the pieces have in common."""
    return [(bit, value) for bit in range(4) for value in (0, 1)
            if all((p >> bit) & 1 == value for p in pieces)]


def completed_lines(board, game_type) -> list:
    return [line for line in DANGEROUS[game_type]
            if all(board[s] >= 0 for s in line) and shared([board[s] for s in line])]


def sharing_only(bit: int, value: int) -> list[int]:
    """Four distinct pieces whose only common property is `bit` == `value`."""
    others = [b for b in range(4) if b != bit]
    pieces = []
    for pattern in ((0, 0, 0), (1, 1, 1), (0, 0, 1), (1, 1, 0)):
        piece = value << bit
        for other, on in zip(others, pattern):
            piece |= on << other
        pieces.append(piece)
    assert len(set(pieces)) == 4 and shared(pieces) == [(bit, value)]
    return pieces


# --- building games from notation ---------------------------------------------------------
def new(game_type="normal", seed=1):
    return SPEC.new_game(seed=seed, options={"game_type": game_type})


def placement_texts(placements, last_hand=None):
    """Notation for: hand over the first piece, then place each (square, piece) in turn,
    handing over the next piece; the last placement hands `last_hand` (None -> '-')."""
    texts = [f"-/{placements[0][1]}"]
    for i, (square, _piece) in enumerate(placements):
        nxt = placements[i + 1][1] if i + 1 < len(placements) else last_hand
        texts.append(f"{square}/{'-' if nxt is None else nxt}")
    return texts


def play_texts(state, texts):
    for text in texts:
        state.play(state.parse_move(text))
    return state


def position(state):
    """Everything observable about a position (not the history)."""
    return (tuple(state.board), state.hand, tuple(state.available_pieces()), state.to_play,
            state.is_over, state.outcome, tuple(state.legal_moves()))


def unused_piece(exclude):
    return next(p for p in range(16) if p not in exclude)


def mentions_line(reason: str, line) -> bool:
    squares = sorted(line)
    rows = {s // 4 for s in squares}
    cols = {s % 4 for s in squares}
    if len(rows) == 1:
        return f"rank {next(iter(rows)) + 1}" in reason or f"row {next(iter(rows)) + 1}" in reason
    if len(cols) == 1:
        col = FILES[next(iter(cols))]
        return f"file {col}" in reason or f"column {col}" in reason
    return all(sq_name(s) in reason for s in squares)


# Full boards (index = square) with no line of four sharing a property; found by a
# backtracking search over the rule text and re-verified in the tests below.
DRAW_BOARDS = {
    "normal": [2, 3, 5, 12, 14, 6, 13, 10, 4, 1, 11, 7, 15, 8, 0, 9],
    "nodiags": [2, 3, 5, 12, 14, 6, 13, 10, 4, 1, 11, 7, 9, 8, 0, 15],
    "torus": [2, 3, 5, 12, 14, 6, 13, 10, 1, 11, 15, 4, 7, 8, 0, 9],
}


# --- the independent model itself ----------------------------------------------------------
def test_model_line_counts():
    assert len(DANGEROUS["normal"]) == 10
    assert len(DANGEROUS["nodiags"]) == 8
    assert len(DANGEROUS["torus"]) == 16
    wrapped = frozenset(sq(n) for n in ("b1", "c2", "d3", "a4"))
    main = frozenset(sq(n) for n in ("a1", "b2", "c3", "d4"))
    assert wrapped in DANGEROUS["torus"] and wrapped not in DANGEROUS["normal"]
    assert main in DANGEROUS["normal"] and main in DANGEROUS["torus"]
    assert main not in DANGEROUS["nodiags"]


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_rules_line_table_matches_rule_text(game_type):
    from game.games.xtic import rules as xtic
    lines = [frozenset(line) for line in xtic.LINES[game_type]]
    assert len(lines) == len(set(lines)) == {"normal": 10, "nodiags": 8, "torus": 16}[game_type]
    assert set(lines) == DANGEROUS[game_type]


# --- dangerous lines, behaviourally ---------------------------------------------------------
@pytest.mark.parametrize("game_type", GAME_TYPES)
@pytest.mark.parametrize("line", ALL_CANDIDATE_LINES, ids=line_label)
def test_four_sharing_in_a_line_ends_game_iff_line_is_dangerous(game_type, line):
    pieces = sharing_only(0, 0)
    squares = [sq_name(s) for s in sorted(line)]
    placements = list(zip(squares, pieces))
    state = new(game_type)
    dangerous = line in DANGEROUS[game_type]
    # the fourth placement offers only the hand-over-nothing move when it loses
    play_texts(state, placement_texts(placements[:3], last_hand=pieces[3]))
    last = sq(squares[3])
    moves_there = [m for m in state.legal_moves() if m[0] == last]
    if dangerous:
        assert moves_there == [(last, None)]
        play_texts(state, [f"{squares[3]}/-"])
        assert state.is_over
        assert state.outcome.winner == 1      # seat 0 placed the fourth piece (4th placement)
        assert state.to_play is None
        assert state.legal_moves() == []
        assert mentions_line(state.outcome.reason, line), state.outcome.reason
    else:
        assert (last, None) not in state.legal_moves()
        extra = unused_piece(pieces)
        play_texts(state, [f"{squares[3]}/{extra}"])
        assert not state.is_over
        assert state.outcome is None
        assert state.to_play == 1


def test_named_examples_of_dangerous_and_safe_lines():
    diag = ["a1", "b2", "c3", "d4"]
    wrapped = ["b1", "c2", "d3", "a4"]
    pieces = sharing_only(3, 1)

    def fill(game_type, squares):
        state = new(game_type)
        last_hand = unused_piece(pieces)
        texts = placement_texts(list(zip(squares, pieces)))   # ends with 'sq/-'
        try:
            play_texts(state, texts)
        except IllegalMoveError:
            # not losing: the last placement must hand over a piece instead
            state = new(game_type)
            play_texts(state, placement_texts(list(zip(squares, pieces)), last_hand))
        return state

    assert fill("normal", diag).is_over
    assert fill("torus", diag).is_over
    assert not fill("nodiags", diag).is_over
    assert fill("torus", wrapped).is_over
    assert not fill("normal", wrapped).is_over
    assert not fill("nodiags", wrapped).is_over
    # a 2x2 block is never a line
    for game_type in GAME_TYPES:
        assert not fill(game_type, ["a1", "b1", "a2", "b2"]).is_over


@pytest.mark.parametrize("game_type", GAME_TYPES)
@pytest.mark.parametrize("bit", range(4))
@pytest.mark.parametrize("value", (0, 1))
@pytest.mark.parametrize("loser", (0, 1))
def test_misere_loss_for_every_property(game_type, bit, value, loser):
    pieces = sharing_only(bit, value)
    line = ["a3", "b3", "c3", "d3"]                      # rank 3, dangerous in every type
    placements = list(zip(line, pieces))
    if loser == 1:                                       # one harmless placement first
        placements.insert(0, ("a1", unused_piece(pieces)))
    # the fatal square is not always the last file
    placements = placements[:-2] + [placements[-1], placements[-2]]
    state = new(game_type)
    texts = placement_texts(placements)
    play_texts(state, texts[:-1])
    assert not state.is_over
    assert state.to_play == loser
    fatal_square = texts[-1].split("/")[0]
    assert state.hand == placements[-1][1]
    assert [m for m in state.legal_moves() if m[0] == sq(fatal_square)] == [(sq(fatal_square), None)]
    with pytest.raises(IllegalMoveError):
        state.parse_move(f"{fatal_square}/{unused_piece([p for _, p in placements])}")
    play_texts(state, texts[-1:])
    outcome = state.outcome
    assert state.is_over and outcome is not None
    assert outcome.winner == 1 - loser
    assert outcome.scores[outcome.winner] > outcome.scores[loser]
    assert len(outcome.scores) == 2
    assert PROPERTY_WORDS[bit][value] in outcome.reason
    assert "rank 3" in outcome.reason
    assert state.to_play is None
    assert state.legal_moves() == []


def test_four_pieces_sharing_nothing_do_not_end_the_game():
    pieces = [0b0000, 0b1111, 0b0011, 0b1100]
    assert shared(pieces) == []
    for game_type in GAME_TYPES:
        state = new(game_type)
        play_texts(state, placement_texts(list(zip(["a2", "b2", "c2", "d2"], pieces)),
                                          last_hand=5))
        assert not state.is_over
        assert state.hand == 5


def test_losing_line_is_the_one_completed_even_with_two_lines():
    # b2 completes both rank 2 and file b; both share a property with the placed piece
    state = new("nodiags")
    # rank 2: a2, c2, d2 ; file b: b1, b3, b4 ; last: b2. Use black pieces (bit0 == 0).
    blacks = [0, 2, 4, 6, 8, 10, 12]
    squares = ["a2", "c2", "d2", "b1", "b3", "b4", "b2"]
    placements = list(zip(squares, blacks))
    play_texts(state, placement_texts(placements))
    assert state.is_over
    assert state.outcome.winner == 0          # seat 1 made the 7th placement
    assert "black" in state.outcome.reason
    assert {frozenset(line) for line in state.losing_lines} == {
        frozenset(sq(n) for n in ("a2", "b2", "c2", "d2")),
        frozenset(sq(n) for n in ("b1", "b2", "b3", "b4"))}


# --- draws -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_draw_board_is_valid_for_the_rule_text(game_type):
    board = DRAW_BOARDS[game_type]
    assert sorted(board) == list(range(16))
    assert completed_lines(board, game_type) == []


@pytest.mark.parametrize("game_type", GAME_TYPES)
@pytest.mark.parametrize("order_seed", (None, 1, 2, 3))
def test_full_board_without_line_is_a_draw(game_type, order_seed):
    board = DRAW_BOARDS[game_type]
    squares = list(range(16))
    if order_seed is not None:
        random.Random(order_seed).shuffle(squares)
    placements = [(sq_name(s), board[s]) for s in squares]
    texts = placement_texts(placements)
    assert texts[-1].endswith("/-") and texts[-2].endswith(f"/{placements[-1][1]}")
    state = new(game_type)
    play_texts(state, texts[:-1])
    assert not state.is_over
    # the last placement: one empty square, nothing left to hand over
    assert state.available_pieces() == []
    assert [state.format_move(m) for m in state.legal_moves()] == [texts[-1]]
    play_texts(state, texts[-1:])
    assert state.is_over
    assert state.outcome.winner is None
    assert len(set(state.outcome.scores)) == 1 and len(state.outcome.scores) == 2
    assert "draw" in state.outcome.reason.lower()
    assert state.board == board
    assert state.to_play is None and state.legal_moves() == []
    assert state.move_list() == texts


def test_normal_draw_board_loses_somewhere_on_a_torus():
    # the distinction matters: the same arrangement is not a draw on a torus
    assert completed_lines(DRAW_BOARDS["normal"], "torus") != []
    board = DRAW_BOARDS["normal"]
    state = new("torus")
    placements = [(sq_name(s), board[s]) for s in range(16)]
    texts = placement_texts(placements)
    for text in texts:
        try:
            move = state.parse_move(text)
        except IllegalMoveError:
            square = text.split("/")[0]
            move = state.parse_move(f"{square}/-")
        state.play(move)
        if state.is_over:
            break
    assert state.is_over and state.outcome.winner is not None


# --- opening, notation, turn order ---------------------------------------------------------
def test_opening_hand_over():
    state = new()
    assert state.to_play == 0
    assert not state.is_over and state.outcome is None
    moves = state.legal_moves()
    assert [state.format_move(m) for m in moves] == [f"-/{p}" for p in range(16)]
    assert state.parse_move("-/9") == (None, 9)
    with pytest.raises(IllegalMoveError):
        state.parse_move("b3/9")           # nothing to place yet
    with pytest.raises(IllegalMoveError):
        state.parse_move("-/16")
    state.play(state.parse_move("-/9"))
    assert state.to_play == 1
    assert state.hand == 9
    assert 9 not in state.available_pieces()
    assert all(m[0] is not None for m in state.legal_moves())
    assert len(state.legal_moves()) == 16 * 15
    with pytest.raises(IllegalMoveError):
        state.parse_move("-/3")            # the opening hand-over happens once
    with pytest.raises(IllegalMoveError):
        state.parse_move("b3/9")           # 9 is in hand, cannot be handed again
    move = state.parse_move("b3/5")
    assert state.format_move(move) == "b3/5"
    state.play(move)
    assert state.board[sq("b3")] == 9
    assert state.hand == 5
    assert state.to_play == 0
    with pytest.raises(IllegalMoveError):
        state.parse_move("b3/7")           # b3 is taken
    assert state.move_list() == ["-/9", "b3/5"]


def test_square_names_match_board_indices():
    state = new()
    state.play(state.parse_move("-/0"))
    for index in range(16):
        name = sq_name(index)
        move = state.parse_move(f"{name}/1")
        copy = state.copy()
        copy.play(move)
        assert copy.board[index] == 0
        assert sum(p >= 0 for p in copy.board) == 1


def test_turns_alternate_and_seat_zero_hands_over_first():
    rng = random.Random(5)
    for game_type in GAME_TYPES:
        state = new(game_type)
        movers = []
        while not state.is_over:
            movers.append(state.to_play)
            state.play(rng.choice(state.legal_moves()))
        assert movers == [i % 2 for i in range(len(movers))]
        assert state.to_play is None


def random_positions(count, seed=0):
    rng = random.Random(seed)
    for n in range(count):
        game_type = GAME_TYPES[n % 3]
        state = new(game_type)
        steps = rng.randrange(0, 17)
        for _ in range(steps):
            if state.is_over:
                break
            state.play(rng.choice(state.legal_moves()))
        yield state


def test_notation_round_trip_for_every_legal_move():
    seen = 0
    for state in random_positions(60, seed=11):
        moves = state.legal_moves()
        texts = [state.format_move(m) for m in moves]
        assert len(set(texts)) == len(texts)
        assert len(set(moves)) == len(moves)
        for move, text in zip(moves, texts):
            assert NOTATION.match(text), text
            assert state.parse_move(text) == move
            assert state.parse_move(f"  {text}\n") == move
            hash(move)
            seen += 1
    assert seen > 1000


def test_legal_moves_stable_order():
    for state in random_positions(15, seed=3):
        assert state.legal_moves() == state.legal_moves()
        assert state.legal_moves() == state.copy().legal_moves()


# --- illegal moves -----------------------------------------------------------------------
GARBAGE = ["", "   ", "b3", "b3/", "/9", "b3/9/1", "e1/3", "b5/3", "a0/1", "B3/5", "b3-5",
           "-/-", "-/x", "zz/zz", "b3/16", "b3/-1", "∞", "b3/5 extra", None, 42, "b3 / 5"]


@pytest.mark.parametrize("text", GARBAGE, ids=repr)
def test_parse_move_rejects_garbage(text):
    state = new()
    play_texts(state, ["-/9", "a1/3"])
    before = (state.to_json(), list(state.board), position(state))
    with pytest.raises(IllegalMoveError):
        state.parse_move(text)
    assert (state.to_json(), list(state.board), position(state)) == before


def test_parse_move_accepts_only_the_exact_notation():
    """CONTRACT: parse_move returns "the legal move with that text". XticState.parse_move
    converts the piece with int(), so non-canonical spellings of 'b3/5' are accepted."""
    state = new()
    play_texts(state, ["-/9"])
    assert state.parse_move("b3/5") == (sq("b3"), 5)
    for text in ["b3/05", "b3/+5", "b3/ 5", "b3/\u0665"]:
        with pytest.raises(IllegalMoveError):
            state.parse_move(text)


def test_illegal_move_error_is_a_value_error():
    assert issubclass(IllegalMoveError, ValueError)


@pytest.mark.parametrize("move", [
    (None, 9),          # opening hand-over again
    (None, 4),
    (sq("a1"), 4),      # occupied square
    (sq("b3"), 9),      # piece 9 already placed
    (sq("b3"), 3),      # piece 3 is in hand
    (sq("b3"), None),   # hand nothing over although pieces are left and it does not lose
    (16, 4), (-1, 4), (sq("b3"), 16), (sq("b3"), -1),
    "b3/4", None, 42, (1, 2, 3), (), ("b3", 4),
], ids=repr)
def test_play_rejects_illegal_moves_and_leaves_state_unchanged(move):
    state = new()
    play_texts(state, ["-/9", "a1/3", "b2/4"])
    state.undo()
    assert state.can_redo
    before = (state.to_json(), list(state.board), position(state), list(state.history),
              list(state.redo_stack))
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)
    assert str(info.value)
    assert (state.to_json(), list(state.board), position(state), list(state.history),
            list(state.redo_stack)) == before
    # still playable afterwards, and undo still exact
    state.play(state.parse_move("b3/4"))
    state.undo()
    assert position(state) == before[2]


def test_illegal_move_message_names_the_move():
    state = new()
    play_texts(state, ["-/9"])
    with pytest.raises(IllegalMoveError, match="b3/9"):
        state.play((sq("b3"), 9))


def test_no_move_after_the_game_is_over():
    pieces = sharing_only(2, 1)
    state = new()
    play_texts(state, placement_texts(list(zip(["a1", "a2", "a3", "a4"], pieces))))
    assert state.is_over
    before = (state.to_json(), list(state.board), position(state))
    for move in [(sq("b1"), None), (sq("b1"), 0), (None, 0), (sq("a1"), None)]:
        with pytest.raises(IllegalMoveError):
            state.play(move)
    for text in ["b1/-", "b1/0", "-/0", "a1/-"]:
        with pytest.raises(IllegalMoveError):
            state.parse_move(text)
    assert (state.to_json(), list(state.board), position(state)) == before


# --- undo / redo ----------------------------------------------------------------------------
def random_game(game_type, seed):
    rng = random.Random(seed)
    state = new(game_type, seed=seed)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_undo_redo_exact(game_type):
    for seed in range(8):
        rng = random.Random(seed)
        state = new(game_type, seed=seed)
        positions = [position(state)]
        start_json = state.to_json()
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
            positions.append(position(state))
        end_json = state.to_json()
        moves = list(state.history)
        for expected in reversed(positions[:-1]):
            state.undo()
            assert position(state) == expected
        assert not state.can_undo
        with pytest.raises(IndexError):
            state.undo()
        data = json.loads(state.to_json())
        start = json.loads(start_json)
        assert data["moves"] == [] and data["redo"] == json.loads(end_json)["moves"]
        data.pop("redo"), start.pop("redo")
        assert data == start
        for expected in positions[1:]:
            state.redo()
            assert position(state) == expected
        assert not state.can_redo
        with pytest.raises(IndexError):
            state.redo()
        assert state.to_json() == end_json
        assert state.history == moves


def test_new_move_after_undo_clears_redo_but_same_move_keeps_it():
    state = new()
    play_texts(state, ["-/9", "a1/3", "b2/4", "c3/5"])
    state.undo(), state.undo(), state.undo()
    assert state.can_redo and len(state.redo_stack) == 3
    state.play(state.parse_move("a1/3"))      # the move redo would play
    assert len(state.redo_stack) == 2
    state.redo()
    assert state.move_list() == ["-/9", "a1/3", "b2/4"]
    state.undo()
    state.play(state.parse_move("d4/4"))      # a different move
    assert not state.can_redo
    with pytest.raises(IndexError):
        state.redo()
    assert json.loads(state.to_json())["redo"] == []


# --- save / load ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_save_load_round_trip(game_type):
    for seed in range(6):
        full = random_game(game_type, seed)
        end = full.to_json()
        loaded = SPEC.from_json(end)
        assert loaded.to_json() == end
        assert position(loaded) == position(full)
        assert loaded.options == {"game_type": game_type}
        # with a redo line
        undone = min(3, len(full.history))
        for _ in range(undone):
            full.undo()
        text = full.to_json()
        assert len(json.loads(text)["redo"]) == undone
        loaded = SPEC.from_json(text)
        assert loaded.to_json() == text
        assert position(loaded) == position(full)
        assert loaded.redo_stack == full.redo_stack
        while loaded.can_redo:
            loaded.redo()
        assert loaded.to_json() == end


def test_same_seed_and_options_same_game():
    for game_type in GAME_TYPES:
        a = SPEC.new_game(seed=7, options={"game_type": game_type})
        b = SPEC.new_game(seed=7, options={"game_type": game_type})
        assert a.to_json() == b.to_json()
        assert position(a) == position(b)
    assert SPEC.new_game(seed=3).options == {"game_type": "normal"}


def test_copy_is_independent():
    state = new("torus")
    play_texts(state, ["-/9", "a1/3", "b2/4"])
    before = (state.to_json(), position(state))
    twin = state.copy()
    assert (twin.to_json(), position(twin)) == before
    twin.play(twin.parse_move("c3/5"))
    twin.undo(), twin.undo()
    assert (state.to_json(), position(state)) == before
    state.play(state.parse_move("d4/0"))
    assert twin.board[sq("d4")] == -1 and twin.move_list() == ["-/9", "a1/3"]


# --- property-based playouts ----------------------------------------------------------------
# no "explain" phase: it traces every line and makes a failure take minutes to report
PLAYOUT_SETTINGS = settings(max_examples=100, deadline=None, database=None,
                            suppress_health_check=[HealthCheck.too_slow],
                            phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target,
                                    Phase.shrink])


def check_invariants(state, game_type):
    board = state.board
    on_board = [p for p in board if p >= 0]
    in_hand = [] if state.hand is None else [state.hand]
    available = state.available_pieces()
    assert sorted(on_board + in_hand + available) == list(range(16))
    full = all(p >= 0 for p in board)
    lines = completed_lines(board, game_type)
    if lines:   # only the last placement can have completed them
        last_square = state.history[-1][0]
        assert all(last_square in line for line in lines)
    assert state.is_over == bool(lines or full)
    assert (state.outcome is None) == (not state.is_over)
    if state.is_over:
        assert state.to_play is None
        assert state.legal_moves() == []
        placer = (len(state.history) - 1) % 2
        if lines:
            assert state.outcome.winner == 1 - placer
        else:
            assert state.outcome.winner is None
        return
    assert state.to_play == len(state.history) % 2
    moves = state.legal_moves()
    assert moves and len(set(moves)) == len(moves)
    if not state.history:
        assert state.hand is None
        assert moves == [(None, p) for p in range(16)]
        return
    assert state.hand is not None
    by_square = {}
    for square, piece in moves:
        by_square.setdefault(square, []).append(piece)
    assert sorted(by_square) == [s for s in range(16) if board[s] < 0]
    for square, pieces in by_square.items():
        trial = list(board)
        trial[square] = state.hand
        loses = any(all(trial[s] >= 0 for s in line) and shared([trial[s] for s in line])
                    for line in LINES_THROUGH[game_type][square])
        if loses or not available:
            assert pieces == [None]
        else:
            assert sorted(pieces) == available


@PLAYOUT_SETTINGS
@given(game_type=st.sampled_from(GAME_TYPES), data=st.data())
def test_playout_invariants(game_type, data):
    state = new(game_type)
    initial = state.to_json()
    check_invariants(state, game_type)
    while not state.is_over:
        moves = state.legal_moves()
        state.play(moves[data.draw(st.integers(0, len(moves) - 1))])
        check_invariants(state, game_type)
    assert 1 + 4 <= len(state.history) <= 17
    final = state.to_json()
    while state.can_undo:
        state.undo()
        check_invariants(state, game_type)
    data_json = json.loads(state.to_json())
    assert data_json.pop("redo") == json.loads(final)["moves"]
    initial_json = json.loads(initial)
    initial_json.pop("redo")
    assert data_json == initial_json
    assert position(state) == position(new(game_type))


@PLAYOUT_SETTINGS
@given(game_type=st.sampled_from(GAME_TYPES), data=st.data())
def test_playout_save_load_midway_changes_nothing(game_type, data):
    state = new(game_type)
    save_at = data.draw(st.integers(0, 17))
    loaded = None
    step = 0
    while not state.is_over:
        if step == save_at:
            loaded = SPEC.from_json(state.to_json())
        moves = state.legal_moves()
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        state.play(move)
        if loaded is not None:
            assert loaded.legal_moves() == moves
            loaded.play(move)
        step += 1
    if loaded is None:
        loaded = SPEC.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert position(loaded) == position(state)
    assert loaded.outcome == state.outcome
