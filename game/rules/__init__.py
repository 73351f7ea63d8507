"""The rules of every game, headless, behind one registry (the contract: docs/ENGINE.md).

Each game's module defines its record, `SPEC`; registering it is one line here. The order
of the lines is the order of the attract demos' cycle."""
from game.engine.registry import (GameSpec, MenuEntry, Option, all_specs, get, in_order,
                                  names, register, unregister)
from game.engine.state import GameState, IllegalMoveError, Outcome

from game.rules import catalina, che, xoliba, xtic, xutoli

register(xtic.SPEC)
register(xoliba.SPEC)
register(catalina.SPEC)
register(che.SPEC)
register(xutoli.SPEC)

__all__ = ["GameSpec", "GameState", "IllegalMoveError", "MenuEntry", "Option", "Outcome",
           "all_specs", "get", "in_order", "names", "register", "unregister"]
