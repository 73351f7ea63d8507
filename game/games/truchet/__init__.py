"""What the two Truchet tile games, Che and Xutoli, share; not a game of its own.

    layout.py      the boardless layout of tiles: placing, regions, the open cells
    view.py        the board view of a layout (Che's; Xutoli's extends it), and the rules
                   pages' pictures of the tiles
    analysis.py    reading a tile game's search value for the analysis
    playouts.py    the layout's checks for the playouts checker
    frames.py      the frames bench's pointer on a tile
    bench.py       the tile games' own bench (`python -m game.bench che`, `... xutoli`)
"""
