"""Tic-tac-toe's first-game tutorial: a line for each of the player's first moves."""

LINES = (
    "Place an X on any empty square: click it, or move with the arrows or the d-pad "
    "and press Enter / A.",
    "Three in a row, across, down or diagonally, wins.",
)
