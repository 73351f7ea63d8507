"""Che's rules pages (the rules screen), in teaching order: its rules
(docs/rules/che.md) retold as a few short sections, each with a diagram by the
game's own painters."""
from game.rule_pages import Page, art

PAGES = (
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
        art("game.games.truchet.view", "illustrate_tiles", ("Light", "Dark"))),
    Page("Placing a tile", (
        "Light places the first tile, any of the four. Every later tile goes next to a "
        "tile already down, sharing an edge, with all touching edges matching in "
        "colour.\n"
        "\n"
        "So every empty cell next to the layout takes exactly two tiles, one of each "
        "dominant colour: pick the cell, then the colour."),
        art("game.games.truchet.view", "illustrate_placing", ("Light", "Dark"))),
    Page("Closed regions", (
        "A region is a connected area of one colour, joined through the tiles' bands. "
        "It is closed when every cell around it holds a tile. Its size counts its tiles "
        "of its colour; a small diamond around one corner has size 0.\n"
        "\n"
        "Aim: after your turn, if a closed region of your colour exists, you win; if "
        "your turn closed regions of both colours, you lose."),
        art("game.games.truchet.view", "illustrate")),
    Page("Two tiles a turn", (
        "After Light's first tile each turn places TWO tiles (one when a single tile is "
        "left); the second may lean on the first. The game is decided after each whole "
        "turn.\n"
        "\n"
        "Tiles run out: the largest region, open or closed, wins; equal is a draw.\n"
        "\n"
        "Variants: with a group area or group extent limit, close a region of the ENEMY "
        "colour instead, and lose when one of yours reaches the limit."),
        art("game.games.truchet.view", "illustrate_turns")),
)
