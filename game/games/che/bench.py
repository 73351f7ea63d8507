"""`python -m game.bench che`: the Che rules, computer player and play screen.

The sections (rules, speed, strength, frames, puzzles) are those of every Truchet tile
game: see game/games/truchet/bench.py. Che's turns are two tiles (speed is per tile); the
frames are measured with an unlimited pool, so 64 tiles can be grown without the game
ending. Its puzzles are proven again on the rules' GameState by tactics.rules_answers
(every pair of tiles and of replies played).

What the shared benches play of Che is here too: its row of the strength bench
(STRENGTH), its game for the analysis bench (ANALYSIS_SAMPLES) and the long record the
records-fuzz bench loads (long_record).
"""
from __future__ import annotations

import json

from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.che.tactics import rules_answers
from game.games.truchet import bench as tile_games

BENCH = tile_games.TileBench(
    game="che",
    rules_options={"tiles": 64},
    frame_options={"tiles": "unlimited"},
    puzzle_answers=lambda state, puzzle: rules_answers(state, puzzle.n),
)


def add_arguments(parser) -> None:
    tile_games.add_arguments(parser)


def run(args) -> int:
    return tile_games.run(BENCH, args)


def long_record(moves: int) -> str:
    """A legal record of `moves` tiles with an unlimited pool: a straight row, which never
    closes a region, so the game never ends (60,000 moves are 0.99 MB). The records-fuzz
    bench times loading it; tests load shorter ones."""
    lines = ["# Little Abstracts game record, format 1", "Game: che", "Seed: 1",
             "Option group_area: null", "Option group_extent: null",
             f"Option tiles: {json.dumps('unlimited')}", "Result: * (in progress)", "",
             "1. LL@0,0"]
    lines += [f"{n}. L@{n - 1},0" for n in range(2, moves + 1)]
    return "\n".join(lines) + "\n"


# --- what the shared benches play of Che ------------------------------------------------
STRENGTH = Strength(rows=(Row("che"),))
ANALYSIS_SAMPLES = (Sample("che", share=0.8),)
