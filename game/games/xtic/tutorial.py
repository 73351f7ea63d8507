"""Xtic's first-game tutorial: the lines that walk a new player through their
first moves against the weakest computer, line n while they make their n-th move
(game/scenes/tutorial.py)."""

LINES = (
    "You never choose the piece you place: your opponent hands it to you. Start by "
    "handing the computer a piece: click one in the pool beside the board (or move "
    "with the arrows or the d-pad, then Enter / A). Early on, every piece is safe.",
    "The computer placed its piece and handed you one: it waits in the box above the "
    "pool. Place it on an empty square, then choose the piece to hand back.",
    "Four pieces in one dangerous line that share a property (black or brown, "
    "horizontal or vertical, solid or hollow, round or square) make whoever placed "
    "the fourth LOSE. The thin diagonal lines are dangerous too.",
    "Before you hand a piece over, check it cannot complete such a line for the "
    "computer: then the computer is the one who runs out of safe moves.",
    "That is the whole game. Play on: H (or the Hint button) shows the strongest "
    "computer's move whenever you are stuck.",
)
