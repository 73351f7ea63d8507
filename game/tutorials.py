"""First-game tutorials: for each game, the lines that walk a new player through their
first moves against the computer (the weakest level). Step n is shown while the player
makes their n-th move; the board rings the move the easy computer would play, as a
suggestion, but any legal move is accepted. After the last step the game simply goes on.
Each game's record names its lines (`tutorial="game.tutorials:XTIC"`).
"""
from __future__ import annotations

XTIC = (
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

XOLIBA = (
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

CATALINA = (
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

CHE = (
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

XUTOLI = (
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
