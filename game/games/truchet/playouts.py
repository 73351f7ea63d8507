"""What the tile games' playouts share (game/testing/playouts.py): the layout as plain
values, the layout checked against one rebuilt from its tiles, and the invariants of
tiles, pool and turns."""
from __future__ import annotations

from game.games.truchet import layout as truchet


def layout_position(layout) -> tuple:
    return (dict(layout.cells), tuple(layout.largest), tuple(layout.widest),
            tuple(layout.closed_count), len(layout.closed), layout.even_colour)


def check_layout(state, layout, fail) -> None:
    """The Truchet layout against one rebuilt from its tiles alone, in another order (the
    regions do not depend on it): the tile on 0,0 first (it fixes the colouring), then
    by cell."""
    tiles = sorted(layout.tiles(), key=lambda t: ((t.x, t.y) != (0, 0), t.x, t.y))
    model = truchet.TruchetLayout()
    for tile in tiles:
        model.place(tile)

    def summary(lay):
        return sorted((r.colour, r.size, r.closed, r.open_slots, r.columns, r.rows,
                       tuple(sorted(r.vertices))) for r in lay.regions())

    if summary(model) != summary(layout):
        fail("the layout's regions differ from the regions of its tiles placed afresh")
    for name in ("largest", "widest", "closed_count"):
        if list(getattr(model, name)) != list(getattr(layout, name)):
            fail(f"layout.{name} {getattr(layout, name)}, from its tiles "
                 f"{getattr(model, name)}")
    if sorted(model.frontier) != sorted(layout.frontier):
        fail("the layout's open cells differ from those of its tiles placed afresh")


def _turn_of(tiles: int, two_a_turn: bool) -> tuple[int, int]:
    """(seat to move, tiles placed in the turn so far) after `tiles` tiles, when every
    turn after the opening tile places two (or one)."""
    if not two_a_turn:
        return tiles % 2, 0
    if tiles == 0:
        return 0, 0
    return (1 + (tiles - 1) // 2) % 2, (tiles - 1) % 2


def tile_invariants(state, fail, scan: bool, pool, two_a_turn: bool) -> None:
    layout = state.layout
    tiles = layout.count
    if scan and tiles != sum(isinstance(m, truchet.Tile) for m in state.history):
        fail(f"{tiles} tiles down after "
             f"{sum(isinstance(m, truchet.Tile) for m in state.history)} tile moves")
    if pool is not None and tiles > pool:
        fail(f"{tiles} tiles down from a pool of {pool}")
    if state.tiles_left != (None if pool is None else pool - tiles):
        fail(f"tiles_left {state.tiles_left} with {tiles} of {pool} down")
    if state.is_over:
        return
    seat, placed = _turn_of(tiles, two_a_turn)
    if (state.to_play, state.turn_placed) != (seat, placed):
        fail(f"to_play {state.to_play} with {state.turn_placed} placed this turn after "
             f"{tiles} tiles; expected {seat} with {placed}")
    if state.tiles_owed not in ((1,) if not two_a_turn or not tiles else (1, 2)):
        fail(f"tiles_owed {state.tiles_owed} after {tiles} tiles")
    if scan:
        legal = state.legal_moves()
        expected = 4 if not tiles else 2 * len(layout.frontier)
        if len(legal) != expected or not all(layout.accepts(m) for m in legal):
            fail(f"{len(legal)} legal tiles, expected {expected}, each on an open cell")
