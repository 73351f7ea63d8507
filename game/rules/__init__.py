"""The rules of every game, headless, behind one registry (see CONTRACT in docs/ENGINE.md)."""
from game.engine.registry import GameSpec, Option, all_specs, get, names, register
from game.engine.state import GameState, IllegalMoveError, Outcome

from game.rules import xoliba, xtic  # noqa: F401  (each registers its game)
from game.rules import catalina, che, xutoli

register(catalina.SPEC)
register(che.SPEC)
register(xutoli.SPEC)

__all__ = ["GameSpec", "GameState", "IllegalMoveError", "Option", "Outcome", "all_specs",
           "get", "names", "register"]
