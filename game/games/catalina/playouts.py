"""Catalina Tiles' part of the playouts checker (game/testing/playouts.py): its modes,
the position compared along undo, redo and loading, and its invariants (claims, decided
large tiles read again from the grids, whose roll it is, who won)."""
from __future__ import annotations

from game.games.catalina import rules as catalina
from game.testing.playouts import Mode, Playouts


def modes(spec) -> list[Mode]:
    """Who starts."""
    return [Mode(spec.name, {"first": f}, f"first={f}") for f in spec.option("first").values]


def position(state) -> tuple:
    return (state.roll, state.turn_seat, tuple(map(tuple, state.marks)), tuple(state.large),
            tuple(state.how), tuple(state.lines), state.winning_line)


def _grid_owner(red: int, blue: int):
    """An independent reading of a small grid: its owner, DEAD, or None while open."""
    for mask in catalina.LINE_MASKS:
        if red & mask == mask:
            return catalina.RED
        if blue & mask == mask:
            return catalina.BLUE
    if any(not (red & mask and blue & mask) for mask in catalina.LINE_MASKS):
        return None
    a, b = red.bit_count(), blue.bit_count()
    return catalina.RED if a > b else catalina.BLUE if b > a else catalina.DEAD


def invariants(state, fail, scan: bool) -> None:
    red, blue = state.marks
    for big in range(9) if scan else ():
        if red[big] & blue[big]:
            fail(f"a tile of large tile {big} is claimed by both")
        if state.large[big] != _grid_owner(red[big], blue[big]):
            fail(f"large tile {big} is {state.large[big]!r}, its grid says "
                 f"{_grid_owner(red[big], blue[big])!r}")
    if scan:
        claims = sum(isinstance(m, catalina.Claim) for m in state.history)
        marked = sum(m.bit_count() for m in red + blue)
        if marked != claims:
            fail(f"{marked} tiles claimed after {claims} claims")
    large = state.large
    lines = [ln for ln in catalina.LINES if large[ln[0]] in (catalina.RED, catalina.BLUE)
             and large[ln[0]] == large[ln[1]] == large[ln[2]]]
    if not state.is_over and (lines or None not in large):
        fail(f"the game goes on with large tiles {large}")
    if state.is_over:
        if lines:
            expected = large[lines[0][0]]
        elif None in large:
            fail("the game is over with an open large tile and no three in a row")
            return
        else:
            r, b = large.count(catalina.RED), large.count(catalina.BLUE)
            expected = None if r == b else catalina.RED if r > b else catalina.BLUE
        if state.outcome.winner != expected:
            fail(f"winner {state.outcome.winner}, the large tiles say {expected}")
        return
    turns = len(state.history) // 2          # a roll, then a claim or a pass
    if state.to_play != (state.options["first"] + turns) % 2:
        fail(f"to_play {state.to_play} after {turns} claims and passes")
    if state.is_chance != (len(state.history) % 2 == 0):
        fail(f"is_chance {state.is_chance} after {len(state.history)} steps")
    if scan and not state.is_chance:
        legal = state.legal_moves()
        for claim in legal:
            if claim == catalina.PASS:
                continue
            if not catalina.reaches(state.dice, claim) or state.large[claim.big] is not None \
                    or (red[claim.big] | blue[claim.big]) >> claim.small & 1:
                fail(f"claim {catalina.format_claim(claim)} is listed but not allowed by the "
                     f"roll {state.dice} and the board")
        if catalina.PASS in legal and legal != [catalina.PASS]:
            fail("pass is listed beside claims")


PLAYOUTS = Playouts(modes, position, invariants)
