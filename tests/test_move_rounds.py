"""The move list a round a row, a column per seat: in a three-player Xoliba game each
move stands under the seat that made it (a pass too), and a seat out of the game reads
"out", on the play screen's panel and on the results card (a row used to hold two moves,
so Red's "c7-d7" stood under Blue's)."""
from __future__ import annotations

import html
import random
import re

import pytest

import game.rules
from game.services import saves
from game.scenes import play_panel
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene, move_lines
from game.ui.colours import rgb
from game.views.move_rounds import OUT
from scene_driver import step

SPEC = game.rules.get("xoliba")
OUT_COLUMN = -1                 # a piece in the dim colour of "out": placed by its offset
HUMAN = saves.Seat("human", None)


def three_player_game(seed: int = 4):
    """A seeded random three-player game of 44 moves: Blue starts, Red passes (move 18)
    and goes out (20), Blue and Green play on until Blue passes (43) and goes out."""
    state = SPEC.new_game(seed=seed, options={"players": 3})
    rng = random.Random(seed)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


def played(state, moves: int):
    """`state`'s game after its first `moves` moves."""
    part = SPEC.new_game(seed=state.seed, options=state.options)
    for move in state.history[:moves]:
        part.play(move)
    return part


def check_rounds(state, columns: list, rows: list) -> None:
    """Each row a round, each move under the seat that made it, "out" only for a seat out
    of the game, in the rounds after it went out."""
    assert columns == state.order            # the seats in the order they play
    positions = [played(state, moves) for moves in range(len(state.history) + 1)]
    movers = [p.to_play for p in positions[:-1]]
    texts = state.move_list()
    out_after = {seat: next((i for i, p in enumerate(positions) if not p.in_play(seat)), None)
                 for seat in columns}
    index = 0
    last_column = None
    for row in rows:
        assert len(row) == len(columns)
        filled = [column for column, cell in enumerate(row) if cell not in ("", OUT)]
        if last_column is not None:         # a new round: its first mover is not after
            assert filled[0] <= last_column     # the previous row's last one
        for column in filled:
            assert row[column] == texts[index]
            assert movers[index] == columns[column], f"move {index + 1} in the wrong column"
            index += 1
        for column, cell in enumerate(row):     # out by the end of the round, or not
            went_out = out_after[columns[column]]
            out = went_out is not None and went_out <= index
            assert (cell == OUT) == (out and column not in filled), (row, column)
        last_column = filled[-1]
    assert index == len(texts)


def test_the_seeded_game_has_a_pass_and_a_seat_out():
    state = three_player_game()
    texts = state.move_list()
    assert state.order == [1, 2, 0] and len(texts) == 44
    assert texts[17] == texts[42] == "pass"
    assert played(state, 19).in_play(0) and not played(state, 20).in_play(0)


@pytest.mark.parametrize("moves", [1, 2, 18, 19, 20, 21, 26, 43, 44])
def test_each_move_is_under_its_seats_column(make_app, moves):
    app = make_app()
    whole = three_player_game()
    state = played(whole, moves)
    play = PlayScene(app, state, [HUMAN] * 3)
    app.push(play)
    view = play.view
    rows = view.move_rows(state.move_list())
    check_rounds(state, view.move_columns(), rows)
    if moves >= 20:                          # Red is out: every later round says so
        assert rows[-1][state.order.index(0)] == OUT


def test_the_list_follows_undo_and_redo(make_app):
    app = make_app()
    state = played(three_player_game(), 30)
    play = PlayScene(app, state, [HUMAN] * 3)
    app.push(play)
    view = play.view
    view.move_rows(state.move_list())
    for _ in range(12):
        state.undo()
    check_rounds(state, view.move_columns(), view.move_rows(state.move_list()))
    for _ in range(5):
        state.redo()
    check_rounds(state, view.move_columns(), view.move_rows(state.move_list()))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_panel_draws_each_move_under_its_seat(make_app, monkeypatch, size):
    app = make_app(size=size)
    state = played(three_player_game(), 34)
    play = PlayScene(app, state, [HUMAN] * 3)
    app.push(play)
    step(app, frames=2)
    drawn = []
    original = play_panel.draw_text

    def recording(surface, text, pos, *args, **kwargs):
        drawn.append((text, pos))
        return original(surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(play_panel, "draw_text", recording)
    play.side._painted = None
    play.draw(app.window)
    start = [text for text, _ in drawn].index("Moves")
    heads = drawn[start + 1:start + 4]
    assert [text for text, _ in heads] == [SPEC.seats[seat] for seat in state.order]
    x_of_column = {pos[0]: column for column, (_, pos) in enumerate(heads)}
    # The rows as drawn: a number starts one, each piece goes to the column at its x.
    shown = []
    for text, pos in drawn[start + 4:]:
        if text.rstrip(".").strip().isdigit():
            shown.append((int(text.rstrip(".")), [[] for _ in heads]))
        else:
            assert pos[0] in x_of_column, f"{text!r} is not under a seat"
            shown[-1][1][x_of_column[pos[0]]].append(text)
    rows = play.view.move_rows(state.move_list())
    assert len(shown) >= 3 and shown[-1][0] == len(rows)
    for number, cells in shown:
        assert [" ".join(pieces) for pieces in cells] == rows[number - 1]


def coloured_pieces(line: str) -> list:
    """(offset, colour or None, text) of each piece of a results card's line of markup."""
    pieces, offset = [], 0
    for colour, coloured, plain in re.findall(r"<font color='(#[0-9a-f]{6})'>(.*?)</font>|"
                                              r"([^<]+)", line):
        text = html.unescape((coloured or plain).replace("&nbsp;", " "))
        pieces.append((offset, colour or None, text))
        offset += len(text)
    return pieces


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_results_card_lines_moves_up_under_their_seats(make_app, monkeypatch, size):
    from game.scenes import results
    app = make_app(size=size)
    state = three_player_game()
    play = PlayScene(app, state, [HUMAN] * 3)
    app.push(play)
    card = ResultsScene(app, play)
    app.push(card)
    step(app, frames=2)
    drawn = []
    original = results.draw_text

    def recording(surface, text, pos, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(results, "draw_text", recording)
    card.draw(app.window)
    columns = play.view.move_columns()
    title = drawn.index(f"Moves ({len(state.history)})")     # the key: the seats in order
    assert drawn[title + 1:title + 4] == [SPEC.seats[seat] for seat in columns]
    lines = card.moves_box.html_text.split("<br>")
    assert max(sum(len(text) for _, _, text in coloured_pieces(line)) for line in lines) \
        <= card.line_chars()                                   # nothing wraps
    colour_of = {rgb(play.view.seat_colour(seat)): column
                 for column, seat in enumerate(columns)}
    offsets: dict = {}                      # column -> where its moves start in a line
    shown = []
    for line in lines:
        pieces = coloured_pieces(line)
        if pieces[0][2].strip():            # a row's number; else its moves go on
            shown.append([[] for _ in columns])
        for offset, colour, text in pieces[1:]:
            if colour is None:
                assert not text.strip(), f"{text!r} has no seat's colour"
                continue
            column = OUT_COLUMN if colour == rgb(app.palette.text_dim) else colour_of[colour]
            if column is OUT_COLUMN:
                column = next(c for c, start in offsets.items() if start == offset)
            assert offsets.setdefault(column, offset) == offset, "the column lines up"
            shown[-1][column].append(text)
    rows = play.view.move_rows(state.move_list())
    assert [[" ".join(pieces) for pieces in row] for row in shown] == rows
    check_rounds(state, columns, rows)


def test_a_move_too_long_for_its_column_goes_on_over_more_lines():
    rows = [["d5-b5 b7,c6", "pass", OUT], ["a1-b2", "c3-d4 e5,f6", OUT]]

    def text(lines):
        return ["".join(piece for piece, _ in line) for line in lines]
    assert text(move_lines(rows, None)) == [" 1. d5-b5 b7,c6  pass         out",
                                            " 2. a1-b2        c3-d4 e5,f6  out"]
    narrow = move_lines(rows, 27)           # room for the first column whole
    assert text(narrow) == [" 1. d5-b5 b7,c6  pass   out",
                            " 2. a1-b2        c3-d4  out",
                            "                 e5,f6"]
    assert [column for _, column in narrow[2] if _.strip()] == [1]
    # The first round of three, cut short: the seat that never moved has an empty column.
    assert text(move_lines([["a1-b2", "pass", ""]], 20)) == [" 1. a1-b2  pass"]
