"""Che's first-game tutorial: the lines that walk a new player through their
first moves against the weakest computer, line n while they make their n-th move
(game/scenes/tutorial.py)."""

LINES = (
    "Place the first tile on the empty table: any of the four (Tab, RB or a right "
    "click runs through them), then click or press Enter / A.",
    "From now on a turn is two tiles, next to the layout. Every marked cell takes "
    "exactly two tiles, one of each colour: pick a cell, and switch the colour with "
    "Tab, RB or a right click. This is your first tile of the turn...",
    "... and this is the second.",
    "Close a region of your colour (a loop of your colour with no open edge) to win. "
    "But a turn that closes a region for both players loses, and when the tiles run "
    "out the larger region wins. Point at a tile to see its region and size.",
    "That is the whole game. Play on: H (or the Hint button) shows the strongest "
    "computer's tile whenever you are stuck.",
)
