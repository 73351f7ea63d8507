"""Xtic's rules pages (the rules screen), in teaching order: its rules
(docs/rules/xtic.md) retold as a few short sections, each with a diagram by the
game's own painters."""
from game.rule_pages import Page, art

PAGES = (
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
        art("game.games.xtic.view", "illustrate_pieces")),
    Page("A turn", (
        "You never choose the piece you place: your opponent does.\n"
        "\n"
        "The first player chooses a piece and hands it over. From then on each turn is:\n"
        "•  place the piece you were handed on any empty square;\n"
        "•  then choose one of the remaining pieces and hand it to your opponent.\n"
        "\n"
        "Notation: b3/9 places on b3 and hands piece 9; -/9 is the opening hand-over; "
        "b3/- is a placement that hands nothing over."),
        art("game.games.xtic.view", "illustrate_turn")),
    Page("Four alike loses", (
        "After each placement, look at the dangerous lines. If one of them holds four "
        "pieces that share a property (four black, four hollow, four square, ...), the "
        "player who placed the fourth piece LOSES.\n"
        "\n"
        "So hand over pieces that cannot complete a line, and leave your opponent only "
        "pieces that must.\n"
        "\n"
        "If the board fills up with no such line, the game is a draw."),
        art("game.games.xtic.view", "illustrate_losing_line")),
    Page("Dangerous lines", (
        "Which lines are dangerous depends on the game type, chosen in the setup:\n"
        "•  Normal: the 4 ranks, the 4 files and the 2 main diagonals.\n"
        "•  No diagonals: ranks and files only.\n"
        "•  Torus: ranks, files and all 8 wrapped diagonals, as if the board's opposite "
        "edges were joined.\n"
        "\n"
        "On a torus a diagonal that leaves the board comes back on the other side: "
        "c1, d2, a3, b4 is a dangerous line."),
        art("game.games.xtic.view", "illustrate_game_types")),
)
