"""Random positions for the tests and the benches: random moves that keep a game going,
and a Truchet layout grown to a number of tiles."""
from __future__ import annotations

import random


def random_move(state, rng: random.Random, keep_going: bool) -> None:
    """One random step: a chance step draws the game's own dice; else a random legal move,
    with `keep_going` one that does not end the game (from a dead end, where every move
    ends it, two moves are taken back)."""
    if state.is_chance:
        state.play(state.copy().sample_chance())
        return
    if not keep_going:
        state.play(rng.choice(state.legal_moves()))
        return
    move = keeping_move(state, rng)
    if move is not None:
        state.play(move)
        return
    for _ in range(min(2, len(state.history))):
        state.undo()


def decision_due(state) -> bool:
    """A player (not the dice) is to choose, and not just to pass."""
    return (not state.is_over and not state.is_chance
            and state.legal_moves() != ["pass"])


def goes_on(state) -> bool:
    """A decision is due and some move does not end the game."""
    return decision_due(state) and keeping_move(state) is not None


def keeping_move(state, rng: random.Random | None = None):
    """A random legal move that does not end the game (the first, without `rng`); None
    if they all do."""
    moves = state.legal_moves()
    for move in moves if rng is None else rng.sample(moves, len(moves)):
        state.play(move)
        over = state.is_over
        state.undo()
        if not over:
            return move
    return None


def grow_layout(state, tiles: int, rng: random.Random, tries: int = 20_000) -> None:
    """Random tiles until `tiles` are down with the game still going: a tile that would
    end it is not played, and from a dead end (every tile ends it) two are taken back.
    (A Truchet tile game: its state has a `layout`.)"""
    for _ in range(tries):
        if state.layout.count >= tiles:
            return
        random_move(state, rng, keep_going=True)
    raise RuntimeError(f"no game of {tiles} tiles found in {tries} tries")
