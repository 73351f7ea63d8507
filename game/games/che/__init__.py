"""Che, the boardless Truchet tile game of closed regions (docs/rules/che.md): its modules
are those of every game's package (game/games/__init__.py) but its board view, the tile
games' (game/games/truchet/view.py); its bench.py also makes the long record of the
records-fuzz bench."""
