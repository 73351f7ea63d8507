"""Xoliba's rules pages (the rules screen), in teaching order: its rules
(docs/rules/xoliba.md) retold as a few short sections, each with a diagram by the
game's own painters."""
from game.rule_pages import Page, art

PAGES = (
    Page("The board and the deal", (
        "Xoliba is played on an octagonal board of 45 points, joined by lines across, up "
        "and down and along both diagonals.\n"
        "\n"
        "Each game starts from a new random deal: 17 red, 17 blue and 11 white pieces "
        "(three players: 12 red, 12 blue, 12 green and 9 white).\n"
        "\n"
        "Who starts: the player with fewer pieces on the 8 corners of the octagon "
        "(ringed); if equal, fewer on its 20 edge points; if still equal, a draw."),
        art("game.games.xoliba.view", "illustrate_setup")),
    Page("A move is a swap", (
        "A move swaps one of your pieces with a white piece: one next to it in any of "
        "the 8 directions, or further along a straight line with only white pieces "
        "between. The white piece goes to the point yours left.\n"
        "\n"
        "The move is legal only if your piece, at its new point, forms a TRIANGLE with "
        "two more of your pieces.\n"
        "\n"
        "If you cannot form a triangle you pass."),
        art("game.games.xoliba.view", "illustrate_swap")),
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
        art("game.games.xoliba.view", "illustrate_triangle_sizes")),
    Page("Shapes that are not triangles", (
        "Only the shape of the last page counts. These never form a triangle:\n"
        "•  a right angle whose long side runs along a diagonal (its short sides are "
        "horizontal and vertical);\n"
        "•  a lopsided shape, with short sides of different lengths;\n"
        "•  a flat shape with no right angle;\n"
        "•  three pieces in a line."),
        art("game.games.xoliba.view", "illustrate_forbidden")),
    Page("Capturing", (
        "Every coloured piece inside the triangle you form, yours or anyone's, is "
        "captured: it turns white. If your move forms several triangles, you choose "
        "one; an empty triangle captures nothing.\n"
        "\n"
        "Solitaire: red moves, blue never moves. After each capture the triangle's three "
        "corners turn white too. Capture every blue piece to win."),
        art("game.games.xoliba.view", "illustrate_capture")),
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
        art("game.games.xoliba.view", "illustrate_scoring")),
)
