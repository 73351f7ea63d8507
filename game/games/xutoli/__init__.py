"""Xutoli, the Truchet tile game of matching patterns (docs/rules/xutoli.md): its modules
are those of every game's package (game/games/__init__.py); its view extends the tile
games' (game/games/truchet/), with the letters and the legend."""
