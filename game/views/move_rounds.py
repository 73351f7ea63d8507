"""The move list a round a row: a column per seat, in the order the seats play, each move
under the seat that made it (a pass too), and OUT under a seat that is out of the game
(three-player Xoliba), so a row never mixes seats. The play panel and the results card
lay out these rows (game.views.base.BoardView.move_rows, move_columns)."""
from __future__ import annotations

OUT = "out"         # the cell of a seat out of the game in a round it had no move


def seat_order(movers: list, state) -> list:
    """The seats in the order they play: as they first moved, then the seat to move, then
    the others (out before their first move) in seat order."""
    order: list = []
    for seat in movers + [state.to_play]:
        if seat is not None and seat not in order:
            order.append(seat)
    seats = len(state.spec.seats_for(state.options))
    return order + [seat for seat in range(seats) if seat not in order]


def round_rows(texts: list, movers: list, order: list, state) -> list:
    """A row per round, a column per seat of `order`: a move starts a new row when its
    mover's column is not after the previous move's. A seat out of the game (it stays
    out) reads OUT in the rows it has no move in; other cells without a move are ""."""
    column = {seat: index for index, seat in enumerate(order)}
    rows: list = []
    last = len(order)
    for text, mover in zip(texts, movers):
        if column[mover] <= last:
            rows.append([""] * len(order))
        rows[-1][column[mover]] = text
        last = column[mover]
    out = [not state.in_play(seat) for seat in order]
    return [[OUT if cell == "" and out[index] else cell for index, cell in enumerate(row)]
            for row in rows]
