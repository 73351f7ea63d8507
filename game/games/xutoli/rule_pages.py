"""Xutoli's rules pages (the rules screen), in teaching order: its rules
(docs/rules/xutoli.md) retold as a few short sections, each with a diagram by the
game's own painters."""
from game.rule_pages import Page, art

PAGES = (
    Page("Tiles and turns", (
        "Xutoli is played with the same duotone Truchet tiles as Che, by White and Blue, "
        "from one pool of 64 tiles.\n"
        "\n"
        "White places the first tile, any of the four. Then the players take turns "
        "placing one tile each, next to a tile already down, with all touching edges "
        "matching in colour. Every empty cell next to the layout takes exactly two "
        "tiles: pick the cell and the dominant colour."),
        art("game.games.truchet.view", "illustrate_placing", ("White", "Blue"))),
    Page("The twelve patterns", (
        "Any 2×2 block of tiles shows one of twelve patterns: the letters X U T O L I, "
        "in white or in blue.\n"
        "\n"
        "X, T, L and I have bands meeting at the centre (four, three, two at a right "
        "angle, two in a line); U and O are a ring around the centre, with one gap or "
        "closed.\n"
        "\n"
        "X and O look the same in all four rotations, I in two, U, T and L in four."),
        art("game.games.xutoli.view", "illustrate")),
    Page("A winning pair", (
        "Aim: a path of your colour (a region) containing two identical patterns, in "
        "the same orientation, that share no tile. A region contains a pattern when it "
        "touches every tile of it at a corner of your colour.\n"
        "\n"
        "If one move makes such a pair for both players, the mover loses. If the tiles "
        "run out first, the game is a draw."),
        art("game.games.xutoli.view", "illustrate_pair")),
    Page("Variants", (
        "•  Any rotation: the two patterns may lie in different orientations; with "
        "prefer same, when a move makes pairs for both, an aligned pair wins.\n"
        "•  Single target: each player has a target letter (or a letter in a colour); "
        "the first to see it anywhere on the layout wins.\n"
        "•  Super Xutoli: the patterns are 3×3 or 4×4 blocks, in any rotation.\n"
        "•  Progressive: two tiles a turn after the first."),
        art("game.games.xutoli.view", "illustrate_variants")),
)
