"""Xutoli's first-game tutorial: the lines that walk a new player through their
first moves against the weakest computer, line n while they make their n-th move
(game/scenes/tutorial.py)."""

LINES = (
    "Place the first tile on the empty table: any of the four (Tab, RB or a right "
    "click runs through them), then click or press Enter / A.",
    "One tile a turn, next to the layout: every marked cell takes exactly two tiles, "
    "one of each colour. Pick a cell and switch the colour with Tab, RB or a right "
    "click.",
    "Every 2x2 block shows one of twelve patterns, the letters X U T O L I in white "
    "or blue. Press L to label them on the board, G (or the left stick) for the "
    "legend.",
    "Win with two identical patterns, sharing no tile, inside one region of your "
    "colour (White). A move that gives both players such a pair loses.",
    "That is the whole game. Play on: H (or the Hint button) shows the strongest "
    "computer's tile whenever you are stuck.",
)
