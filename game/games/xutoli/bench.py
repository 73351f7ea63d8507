"""`python -m game.bench xutoli`: the Xutoli rules, computer player and play screen.

The sections (rules, speed, strength, frames, puzzles) are those of every Truchet tile
game: see game/games/truchet/bench.py. The frames are measured with the letters shown
on every 2x2 block, the heaviest drawing of the play scene.

Its puzzles are proven again on the rules' GameState by tactics.rules_answers (every tile
and every reply played, none of the kit's shortcuts).

What the shared benches play of Xutoli is here too: its row of the strength bench
(STRENGTH) and its game for the analysis bench (ANALYSIS_SAMPLES).
"""
from __future__ import annotations

from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.truchet import bench as tile_games
from game.games.xutoli.tactics import rules_answers

BENCH = tile_games.TileBench(
    game="xutoli",
    rules_options={"tiles": 64},
    frame_options={"tiles": 128},
    prepare_frames=lambda scene: setattr(scene.view, "show_letters", True),
    frame_note=", the letters on every 2x2 block",
    puzzle_answers=lambda state, puzzle: rules_answers(state, puzzle.kind, puzzle.n),
)


def add_arguments(parser) -> None:
    tile_games.add_arguments(parser)


def run(args) -> int:
    return tile_games.run(BENCH, args)


# --- what the shared benches play of Xutoli ---------------------------------------------
STRENGTH = Strength(rows=(Row("xutoli"),))
ANALYSIS_SAMPLES = (Sample("xutoli"),)
