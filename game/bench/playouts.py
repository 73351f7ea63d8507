"""`python -m game.bench playouts`: seeded random games of every game in every mode,
checked at every step, then undone, redone, saved and loaded.

The command line of the checker in game/testing/playouts.py (its docstring says what is
checked); each game's modes and invariants come from its record (GameSpec.playouts).
"""
from game.testing.playouts import add_arguments, run

__all__ = ["add_arguments", "run"]
