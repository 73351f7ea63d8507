"""The rules screen's pages: each game's rules as a few short, titled sections, each with
a diagram drawn by the game's own painters.

`pages(spec)` gives a game's pages in reading order: the tuple its record names
(`rule_pages="game.rule_pages:XTIC"`). A `Page` is plain data: a
title, a few short paragraphs (bullets start with "•"), and `draw(surface, rect,
palette)`, which paints the page's diagram inside `rect`. The draw functions live next
to each game's board view (its module-level `illustrate_*` functions) and are imported
only when a page is drawn, so these tables stay light.

The pages retell each game's rules (docs/rules/<game>.md) in teaching order.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    draw: Callable          # draw(surface, rect, palette): the page's diagram


def _art(module: str, function: str, *args, **kwargs) -> Callable:
    """A draw function that imports `game.views.<module>.<function>` when first used and
    calls it as function(surface, rect, palette, *args, **kwargs)."""
    def draw(surface, rect, palette):
        painter = getattr(import_module(f"game.views.{module}"), function)
        painter(surface, rect, palette, *args, **kwargs)
    draw.__name__ = f"{module}.{function}"
    return draw


XTIC = (
    Page("The pieces", (
        "Xtic is misère Quarto, for two players on a board of 4×4 squares. There are 16 "
        "pieces, one of each kind, and every piece has four properties:\n"
        "•  black or brown\n"
        "•  horizontal or vertical\n"
        "•  solid or hollow\n"
        "•  round or square\n"
        "\n"
        "A piece's number adds up 1 for brown, 2 for vertical, 4 for hollow and 8 for "
        "square: 0 is black, horizontal, solid and round; 15 is brown, vertical, hollow "
        "and square."),
        _art("xtic_view", "illustrate_pieces")),
    Page("A turn", (
        "You never choose the piece you place: your opponent does.\n"
        "\n"
        "The first player chooses a piece and hands it over. From then on each turn is:\n"
        "•  place the piece you were handed on any empty square;\n"
        "•  then choose one of the remaining pieces and hand it to your opponent.\n"
        "\n"
        "Notation: b3/9 places on b3 and hands piece 9; -/9 is the opening hand-over; "
        "b3/- is a placement that hands nothing over."),
        _art("xtic_view", "illustrate_turn")),
    Page("Four alike loses", (
        "After each placement, look at the dangerous lines. If one of them holds four "
        "pieces that share a property (four black, four hollow, four square, ...), the "
        "player who placed the fourth piece LOSES.\n"
        "\n"
        "So hand over pieces that cannot complete a line, and leave your opponent only "
        "pieces that must.\n"
        "\n"
        "If the board fills up with no such line, the game is a draw."),
        _art("xtic_view", "illustrate_losing_line")),
    Page("Dangerous lines", (
        "Which lines are dangerous depends on the game type, chosen in the setup:\n"
        "•  Normal: the 4 ranks, the 4 files and the 2 main diagonals.\n"
        "•  No diagonals: ranks and files only.\n"
        "•  Torus: ranks, files and all 8 wrapped diagonals, as if the board's opposite "
        "edges were joined.\n"
        "\n"
        "On a torus a diagonal that leaves the board comes back on the other side: "
        "c1, d2, a3, b4 is a dangerous line."),
        _art("xtic_view", "illustrate_game_types")),
)

XOLIBA = (
    Page("The board and the deal", (
        "Xoliba is played on an octagonal board of 45 points, joined by lines across, up "
        "and down and along both diagonals.\n"
        "\n"
        "Each game starts from a new random deal: 17 red, 17 blue and 11 white pieces "
        "(three players: 12 red, 12 blue, 12 green and 9 white).\n"
        "\n"
        "Who starts: the player with fewer pieces on the 8 corners of the octagon "
        "(ringed); if equal, fewer on its 20 edge points; if still equal, a draw."),
        _art("xoliba_view", "illustrate_setup")),
    Page("A move is a swap", (
        "A move swaps one of your pieces with a white piece: one next to it in any of "
        "the 8 directions, or further along a straight line with only white pieces "
        "between. The white piece goes to the point yours left.\n"
        "\n"
        "The move is legal only if your piece, at its new point, forms a TRIANGLE with "
        "two more of your pieces.\n"
        "\n"
        "If you cannot form a triangle you pass."),
        _art("xoliba_view", "illustrate_swap")),
    Page("Triangles", (
        "A triangle has a right angle between two equal short sides that run along "
        "diagonals, so its long side is horizontal or vertical. It comes in three "
        "sizes:\n"
        "•  small: a long side of 3 points, 1 point inside;\n"
        "•  medium: 5 points, 6 inside;\n"
        "•  large: 7 points, 13 inside.\n"
        "\n"
        "It may point up, down, left or right. The points inside are every point on "
        "its sides or within it, except its three corners."),
        _art("xoliba_view", "illustrate_triangle_sizes")),
    Page("Shapes that are not triangles", (
        "Only the shape of the last page counts. These never form a triangle:\n"
        "•  a right angle whose long side runs along a diagonal (its short sides are "
        "horizontal and vertical);\n"
        "•  a lopsided shape, with short sides of different lengths;\n"
        "•  a flat shape with no right angle;\n"
        "•  three pieces in a line."),
        _art("xoliba_view", "illustrate_forbidden")),
    Page("Capturing", (
        "Every coloured piece inside the triangle you form, yours or anyone's, is "
        "captured: it turns white. If your move forms several triangles, you choose "
        "one; an empty triangle captures nothing.\n"
        "\n"
        "Solitaire: red moves, blue never moves. After each capture the triangle's three "
        "corners turn white too. Capture every blue piece to win."),
        _art("xoliba_view", "illustrate_capture")),
    Page("The end and the score", (
        "The game ends when a player cannot move twice in a row or has fewer than three "
        "pieces, when a position occurs for the third time, after 30 moves without a "
        "capture, or when the players agree.\n"
        "\n"
        "Two players: the bigger biggest triangle on the final board wins, and scores "
        "1, 2 or 3 points (small, medium, large) for every enemy piece captured in the "
        "game. Equal: nobody scores. A match goes to 50.\n"
        "\n"
        "Three players: 1 point for each enemy piece you captured; a match goes to 25."),
        _art("xoliba_view", "illustrate_scoring")),
)

CATALINA = (
    Page("The nested grid", (
        "Catalina Tiles is tic-tac-toe inside tic-tac-toe, with dice, for Red and Blue. "
        "The board is a large 3×3 grid whose every tile holds a small 3×3 grid.\n"
        "\n"
        "A tile is named [R,C][r,c]: the row and column of its large tile, then its row "
        "and column in the small grid, all from 1 to 3, rows counted from the top.\n"
        "\n"
        "The marked tile is [1,3][3,1]."),
        _art("catalina_view", "illustrate_notation")),
    Page("Roll and claim", (
        "On your turn roll four four-sided dice, then claim one free tile that the "
        "four dice name, read in any order.\n"
        "\n"
        "Example: 1 2 3 3 names the twelve tiles shown on an empty board, such as "
        "[1,2][3,3] and [3,3][2,1].\n"
        "\n"
        "If the roll names no tile you may claim, your turn is skipped."),
        _art("catalina_view", "illustrate")),
    Page("The wildcard", (
        "A 4 is a wildcard: it counts as 1, 2 or 3, as you like, and two 4s may count "
        "differently.\n"
        "\n"
        "Example: 1 4 2 4 names every tile whose name holds a 1 and a 2 among its "
        "four numbers.\n"
        "\n"
        "Tiles inside a large tile that is already decided cannot be claimed."),
        _art("catalina_view", "illustrate_roll", (1, 4, 2, 4))),
    Page("Winning", (
        "Three of your tiles in a row (across, down or diagonal) in a small grid win "
        "that large tile.\n"
        "\n"
        "When no line of a small grid can be completed by either player any more, it "
        "is decided at once: more tiles take it; equal counts leave it dead, nobody's.\n"
        "\n"
        "Three large tiles in a row win the game. When all are decided without one, "
        "more large tiles win; equal is a draw."),
        _art("catalina_view", "illustrate_winning")),
)

CHE = (
    Page("The tiles", (
        "Che is a boardless game for Light and Dark, with duotone Truchet tiles. Each "
        "square tile is cut by two arcs into a band between two opposite corners and "
        "two small corner pieces.\n"
        "\n"
        "The band is the tile's dominant colour, the corner pieces the other colour. "
        "Flip a tile to swap the colours; turn it to move the band to the other "
        "diagonal.\n"
        "\n"
        "Light and Dark share one pool of 64 tiles."),
        _art("truchet_view", "illustrate_tiles", ("Light", "Dark"))),
    Page("Placing a tile", (
        "Light places the first tile, any of the four. Every later tile goes next to a "
        "tile already down, sharing an edge, with all touching edges matching in "
        "colour.\n"
        "\n"
        "So every empty cell next to the layout takes exactly two tiles, one of each "
        "dominant colour: pick the cell, then the colour."),
        _art("truchet_view", "illustrate_placing", ("Light", "Dark"))),
    Page("Closed regions", (
        "A region is a connected area of one colour, joined through the tiles' bands. "
        "It is closed when every cell around it holds a tile. Its size counts its tiles "
        "of its colour; a small diamond around one corner has size 0.\n"
        "\n"
        "Aim: after your turn, if a closed region of your colour exists, you win; if "
        "your turn closed regions of both colours, you lose."),
        _art("truchet_view", "illustrate")),
    Page("Two tiles a turn", (
        "After Light's first tile each turn places TWO tiles (one when a single tile is "
        "left); the second may lean on the first. The game is decided after each whole "
        "turn.\n"
        "\n"
        "Tiles run out: the largest region, open or closed, wins; equal is a draw.\n"
        "\n"
        "Variants: with a group area or group extent limit, close a region of the ENEMY "
        "colour instead, and lose when one of yours reaches the limit."),
        _art("truchet_view", "illustrate_turns")),
)

XUTOLI = (
    Page("Tiles and turns", (
        "Xutoli is played with the same duotone Truchet tiles as Che, by White and Blue, "
        "from one pool of 64 tiles.\n"
        "\n"
        "White places the first tile, any of the four. Then the players take turns "
        "placing one tile each, next to a tile already down, with all touching edges "
        "matching in colour. Every empty cell next to the layout takes exactly two "
        "tiles: pick the cell and the dominant colour."),
        _art("truchet_view", "illustrate_placing", ("White", "Blue"))),
    Page("The twelve patterns", (
        "Any 2×2 block of tiles shows one of twelve patterns: the letters X U T O L I, "
        "in white or in blue.\n"
        "\n"
        "X, T, L and I have bands meeting at the centre (four, three, two at a right "
        "angle, two in a line); U and O are a ring around the centre, with one gap or "
        "closed.\n"
        "\n"
        "X and O look the same in all four rotations, I in two, U, T and L in four."),
        _art("xutoli_view", "illustrate")),
    Page("A winning pair", (
        "Aim: a path of your colour (a region) containing two identical patterns, in "
        "the same orientation, that share no tile. A region contains a pattern when it "
        "touches every tile of it at a corner of your colour.\n"
        "\n"
        "If one move makes such a pair for both players, the mover loses. If the tiles "
        "run out first, the game is a draw."),
        _art("xutoli_view", "illustrate_pair")),
    Page("Variants", (
        "•  Any rotation: the two patterns may lie in different orientations; with "
        "prefer same, when a move makes pairs for both, an aligned pair wins.\n"
        "•  Single target: each player has a target letter (or a letter in a colour); "
        "the first to see it anywhere on the layout wins.\n"
        "•  Super Xutoli: the patterns are 3×3 or 4×4 blocks, in any rotation.\n"
        "•  Progressive: two tiles a turn after the first."),
        _art("xutoli_view", "illustrate_variants")),
)

def pages(spec) -> tuple[Page, ...]:
    """A game's rules pages, in reading order (every game's record names some)."""
    return spec.load("rule_pages")
