"""Xoliba's first-game tutorial: the lines that walk a new player through their
first moves against the weakest computer, line n while they make their n-th move
(game/scenes/tutorial.py)."""

LINES = (
    "Swap one of your red pieces with a white piece next to it (or further along a "
    "line of whites) so that it forms a triangle with two other red pieces. Select a "
    "red piece that can move (Tab jumps to one), then where it goes.",
    "Triangles are right-angled, their long side straight across or down the board. "
    "Every piece inside a triangle you form is captured and turns white; when a move "
    "forms several triangles, you choose one.",
    "At the end (a player down to two pieces, 30 moves without a capture, or no "
    "move left), the player whose own pieces form the biggest triangle wins, and "
    "scores for every blue piece captured. So capture, but keep your triangles.",
    "That is the whole game. Play on: H (or the Hint button) shows the strongest "
    "computer's move whenever you are stuck.",
)
