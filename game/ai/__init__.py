"""Computer players: one entry point, `choose_move`, dispatching to the player each game's
record names (`player="game.games.<name>.player:choose_move"`).

Nothing here imports pygame; the app runs searches in a worker process
(game/ai/worker.py) so the frame loop never waits.
"""
from __future__ import annotations

import random


class SearchCancelled(Exception):
    """Raised by a search whose should_stop() returned True."""


class SearchTimeout(Exception):
    """Raised inside a search that ran past its time budget; the search itself catches
    it and plays the best it found so far."""


def player_of(spec):
    """choose_move(state, level_name, rng, should_stop) of the game's computer player,
    named by its record (imported when first asked)."""
    player = spec.load("player")
    if player is None:
        raise ValueError(f"no computer player for {spec.title} yet")
    return player


def load_players() -> None:
    """Import every registered game's computer player now (the worker process, while it
    starts), so a first move does not wait for an import."""
    import game.rules
    for spec in game.rules.all_specs():
        spec.load("player")


def level_name(spec, level) -> str:
    """The level name for `level`, a name from spec.ai_levels or its 1-based index."""
    levels = tuple(spec.ai_levels)
    known = ", ".join(f"{i} {name!r}" for i, name in enumerate(levels, 1)) or "none"
    if isinstance(level, str):
        if level in levels:
            return level
    elif isinstance(level, int) and not isinstance(level, bool):
        if 1 <= level <= len(levels):
            return levels[level - 1]
    raise ValueError(f"unknown {spec.title} level {level!r} (known: {known})")


def default_rng(state) -> random.Random:
    """The same position (same game seed, same number of moves) gives the same moves."""
    return random.Random(f"{state.spec.name}:{state.seed}:{len(state.history)}")


def choose_move(state, level, rng: random.Random | None = None, should_stop=None):
    """A legal move for state.to_play at `level` (a name or a 1-based index).

    `should_stop`, if given, is polled now and then; when it returns True the search
    raises SearchCancelled. The state is never changed.
    """
    spec = state.spec
    name = level_name(spec, level)
    player = player_of(spec)
    if state.is_over:
        raise ValueError("the game is over; there is no move to choose")
    if rng is None:
        rng = default_rng(state)
    return player(state, name, rng, should_stop)


def accepts_end(state, seat: int) -> bool:
    """Whether the computer in `seat` agrees to end the game now (an offer to end)."""
    accepts = state.spec.load("accepts_end")
    return bool(accepts and accepts(state, seat))


__all__ = ["SearchCancelled", "SearchTimeout", "accepts_end", "choose_move", "default_rng",
           "level_name", "load_players", "player_of"]
