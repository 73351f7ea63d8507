"""Che's part of the playouts checker (game/testing/playouts.py): its modes, the position
compared along undo, redo and loading, its invariants (the tile games' own, two tiles a
turn, no win left unclaimed after a whole turn) and the checks of a finished game."""
from __future__ import annotations

from game.games.che import rules as che
from game.games.truchet.playouts import check_layout, layout_position, tile_invariants
from game.testing.playouts import Mode, Playouts, each, mixed, standard


def modes(spec) -> list[Mode]:
    """The pool sizes; the group limits, a limit drawn per game; all mixed."""
    modes = [standard(spec)] + each(spec, "tiles")
    for option in ("group_area", "group_extent"):
        values = tuple(v for v in spec.option(option).values if v is not None)
        modes.append(Mode(spec.name, {}, f"{option} drawn", {option: values}))
    modes.append(mixed(spec))
    return modes


def position(state) -> tuple:
    return (layout_position(state.layout), state.turn_seat, state.turn_placed, state.turns)


def invariants(state, fail, scan: bool) -> None:
    tile_invariants(state, fail, scan, state.pool, True)
    if not state.is_over and state.turns and state.turn_placed == 0:
        won = [s for s in (0, 1) if state.is_win_for(s)]
        if won:
            fail(f"after a complete turn {won} have a win but the game goes on")


def _by_largest(largest) -> int | None:
    light, dark = largest
    return None if light == dark else 0 if light > dark else 1


def finished(state, fail) -> None:
    check_layout(state, state.layout, fail)
    outcome = state.outcome
    if state.history[-1] == che.AGREE:
        if outcome.winner != _by_largest(state.layout.largest):
            fail(f"agreed end: winner {outcome.winner}, largest {state.layout.largest}")
        return
    if state.turn_placed != 0:
        fail("the game ended in the middle of a turn")
    mover = 1 - state.turn_seat
    winners = [s for s in (0, 1) if state.is_win_for(s)]
    if len(winners) == 2:
        expected = 1 - mover
    elif winners:
        expected = winners[0]
    else:
        if state.tiles_left != 0:
            fail("the game ended with no win and tiles left")
        expected = _by_largest(state.layout.largest)
    if outcome.winner != expected:
        fail(f"winner {outcome.winner}, expected {expected} (wins for {winners}, "
             f"mover {mover})")


PLAYOUTS = Playouts(modes, position, invariants, finished)
