"""Catalina Tiles's rules pages (the rules screen), in teaching order: its rules
(docs/rules/catalina.md) retold as a few short sections, each with a diagram by the
game's own painters."""
from game.rule_pages import Page, art

PAGES = (
    Page("The nested grid", (
        "Catalina Tiles is tic-tac-toe inside tic-tac-toe, with dice, for Red and Blue. "
        "The board is a large 3×3 grid whose every tile holds a small 3×3 grid.\n"
        "\n"
        "A tile is named [R,C][r,c]: the row and column of its large tile, then its row "
        "and column in the small grid, all from 1 to 3, rows counted from the top.\n"
        "\n"
        "The marked tile is [1,3][3,1]."),
        art("game.games.catalina.view", "illustrate_notation")),
    Page("Roll and claim", (
        "On your turn roll four four-sided dice, then claim one free tile that the "
        "four dice name, read in any order.\n"
        "\n"
        "Example: 1 2 3 3 names the twelve tiles shown on an empty board, such as "
        "[1,2][3,3] and [3,3][2,1].\n"
        "\n"
        "If the roll names no tile you may claim, your turn is skipped."),
        art("game.games.catalina.view", "illustrate")),
    Page("The wildcard", (
        "A 4 is a wildcard: it counts as 1, 2 or 3, as you like, and two 4s may count "
        "differently.\n"
        "\n"
        "Example: 1 4 2 4 names every tile whose name holds a 1 and a 2 among its "
        "four numbers.\n"
        "\n"
        "Tiles inside a large tile that is already decided cannot be claimed."),
        art("game.games.catalina.view", "illustrate_roll", (1, 4, 2, 4))),
    Page("Winning", (
        "Three of your tiles in a row (across, down or diagonal) in a small grid win "
        "that large tile.\n"
        "\n"
        "When no line of a small grid can be completed by either player any more, it "
        "is decided at once: more tiles take it; equal counts leave it dead, nobody's.\n"
        "\n"
        "Three large tiles in a row win the game. When all are decided without one, "
        "more large tiles win; equal is a draw."),
        art("game.games.catalina.view", "illustrate_winning")),
)
