"""The rules of every game, headless, behind one registry (see CONTRACT in docs/ENGINE.md)."""
from game.engine.registry import GameSpec, Option, all_specs, get, names, register
from game.engine.state import GameState, IllegalMoveError, Outcome

from game.rules import xoliba, xtic  # noqa: F401  (each registers its game)
from game.rules import che, xutoli

register(che.SPEC)
register(xutoli.SPEC)

# Games whose rules are not built yet: listed so the menu can show them, marked as such.
for _name, _title, _blurb in (
    ("catalina", "Catalina Tiles", "Nested tic-tac-toe, claimed with four dice."),
):
    register(GameSpec(name=_name, title=_title, blurb=_blurb))

__all__ = ["GameSpec", "GameState", "IllegalMoveError", "Option", "Outcome", "all_specs",
           "get", "names", "register"]
