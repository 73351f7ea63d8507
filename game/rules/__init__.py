"""The rules of every game, headless, behind one registry (the contract: docs/ENGINE.md).

Each game's rules module (game/games/<name>/rules.py) defines its record, `SPEC`; the
games are registered here in the order of `game.games.GAMES`, the order of the attract
demos' cycle."""
from importlib import import_module

from game.core.registry import (GameSpec, MenuEntry, Option, all_specs, get, in_order,
                                names, register, unregister)
from game.core.state import GameState, IllegalMoveError, Outcome
from game.games import GAMES

for _name in GAMES:
    register(import_module(f"game.games.{_name}.rules").SPEC)

__all__ = ["GameSpec", "GameState", "IllegalMoveError", "MenuEntry", "Option", "Outcome",
           "all_specs", "get", "in_order", "names", "register", "unregister"]
