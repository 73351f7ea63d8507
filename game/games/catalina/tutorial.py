"""Catalina Tiles's first-game tutorial: the lines that walk a new player through their
first moves against the weakest computer, line n while they make their n-th move
(game/scenes/tutorial.py)."""

LINES = (
    "Each turn starts with four dice: click the tray under the board (or Enter / A) "
    "to roll them.",
    "Every outlined tile is named by some ordering of your four dice: [large row, "
    "large column][row, column], and a 4 can stand for 1, 2 or 3. Point at a tile to "
    "see the order, then click it (or Enter / A) to claim it.",
    "Roll again when your turn comes round.",
    "Three tiles in a row inside a small grid win that large tile; three large tiles "
    "in a row win the game. A roll that names no free tile skips your turn.",
    "That is the whole game. Play on: H (or the Hint button) shows the strongest "
    "computer's claim after your roll.",
)
