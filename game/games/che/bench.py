"""`python -m game.bench che`: the Che rules, computer player and play screen.

The sections (rules, speed, strength, frames) are those of every Truchet tile game: see
game/games/truchet/bench.py. Che's turns are two tiles (speed is per tile); the frames are
measured with an unlimited pool, so 64 tiles can be grown without the game ending.
"""
from __future__ import annotations

from game.games.truchet import bench as tile_games

BENCH = tile_games.TileBench(
    game="che",
    rules_options={"tiles": 64},
    frame_options={"tiles": "unlimited"},
)


def add_arguments(parser) -> None:
    tile_games.add_arguments(parser)


def run(args) -> int:
    return tile_games.run(BENCH, args)
