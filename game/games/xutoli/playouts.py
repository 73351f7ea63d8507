"""Xutoli's part of the playouts checker (game/testing/playouts.py): its modes, the
position compared along undo, redo and loading, its invariants (the tile games' own, the
targets the options give) and the checks of a finished game (the winning formation)."""
from __future__ import annotations

from game.games.truchet import layout as truchet
from game.games.truchet.playouts import check_layout, layout_position, tile_invariants
from game.games.xutoli import rules as xutoli
from game.testing.playouts import Mode, Playouts, each, mixed, standard


def modes(spec) -> list[Mode]:
    """Standard, each target mode (chosen targets drawn per game), the rotation rules,
    Super Xutoli, progressive, the other pool sizes (drawn per game); all mixed."""
    modes = [standard(spec)]
    for mode in each(spec, "target"):
        if mode.options["target"] == "chosen":
            mode = mode._replace(label=mode.label + ", targets drawn",
                                 vary={"white_target": xutoli.TARGET_CODES,
                                       "blue_target": xutoli.TARGET_CODES})
        modes.append(mode)
    for option in ("rotation", "size", "progressive"):
        modes += each(spec, option)
    tiles = spec.option("tiles")
    modes.append(Mode(spec.name, {}, "tiles drawn",
                      {"tiles": tuple(v for v in tiles.values if v != tiles.default)}))
    modes.append(mixed(spec))
    return modes


def position(state) -> tuple:
    board = state.board
    return (layout_position(state.layout), state.turn_seat, state.turn_placed, state.turns,
            state.targets, dict(board.blocks), dict(board.quads), state.winning_formation)


def invariants(state, fail, scan: bool) -> None:
    tile_invariants(state, fail, scan, state.pool, state.progressive)
    options, targets = state.options, state.targets
    mode = options["target"]
    if mode == "off":
        ok = targets is None and state.size == options["size"]
    else:
        ok = (targets is not None and len(targets) == 2 and targets[0] != targets[1]
              and all(t in xutoli.TARGET_CODES for t in targets) and state.size == 2)
        if mode == "drawn_letter":
            ok = ok and all(len(t) == 1 for t in targets)
        elif mode == "drawn_coloured":
            ok = ok and all(len(t) == 2 for t in targets)
        elif mode == "chosen":
            ok = ok and targets == (options["white_target"], options["blue_target"])
    if not ok:
        fail(f"targets {targets} and pattern size {state.size} do not fit the options "
             f"{options}")
    if scan and not state.is_over and state.turns and state.turn_placed == 0:
        won = [s for s in (0, 1) if state.has_formation(s)]
        if won:
            fail(f"after a complete turn {won} have a formation but the game goes on")


def finished(state, fail) -> None:
    check_layout(state, state.layout, fail)
    board, cells = state.board, state.layout.cells
    for corner in board.blocks:
        if any(corner + step not in cells for step in board.steps):
            fail(f"block at {truchet.xy_of(corner)} is not complete")
    if state.turn_placed != 0:
        fail("the game ended in the middle of a turn")
    mover = 1 - state.turn_seat
    winners = [s for s in (0, 1) if state.has_formation(s)]
    winner = state.outcome.winner
    if not winners:
        if winner is not None or state.tiles_left != 0:
            fail(f"winner {winner} without a formation, {state.tiles_left} tiles left")
        return
    if winner is None or winner not in winners:
        fail(f"winner {winner}, formations for {winners}")
    if len(winners) == 2 and winner != 1 - mover:
        aligned = [s for s in winners if state.has_formation(s, aligned_only=True)]
        if not (state.rotation == "prefer_same" and not state.targets and aligned == [winner]):
            fail(f"both have formations and mover {mover} did not lose (winner {winner})")
    formation = state.winning_formation
    if formation is None or formation.seat != winner:
        fail(f"winning formation {formation} for winner {winner}")


PLAYOUTS = Playouts(modes, position, invariants, finished)
