"""`python -m game.bench xutoli`: the Xutoli rules, computer player and play screen.

The sections (rules, speed, strength, frames) are those of every Truchet tile game: see
game/games/truchet/bench.py. The frames are measured with the letters shown on every 2x2
block, the heaviest drawing of the play scene.

One more section is Xutoli's own: `puzzles` proves every shipped puzzle
(levels/puzzles/xutoli.json) again by playing every tile and every reply on the rules'
GameState (tactics.rules_answers, none of the kit's shortcuts), and times the kit's own
check of the set (what tests/test_puzzle_sets.py runs).

What the shared benches play of Xutoli is here too: its row of the strength bench
(STRENGTH) and its game for the analysis bench (ANALYSIS_SAMPLES).
"""
from __future__ import annotations

import argparse

from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.truchet import bench as tile_games
from game.games.xutoli.tactics import KIT, rules_answers

BENCH = tile_games.TileBench(
    game="xutoli",
    rules_options={"tiles": 64},
    frame_options={"tiles": 128},
    prepare_frames=lambda scene: setattr(scene.view, "show_letters", True),
    frame_note=", the letters on every 2x2 block",
)


PUZZLES = "puzzles"
SECTIONS = (*tile_games.SECTIONS, PUZZLES)


def add_arguments(parser) -> None:
    tile_games.add_arguments(parser)
    parser.set_defaults(sections=",".join(SECTIONS))


def run(args) -> int:
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    if not set(sections) <= set(SECTIONS):
        raise SystemExit(f"unknown section in {args.sections!r} (known: {', '.join(SECTIONS)})")
    codes = []
    tile_sections = [s for s in sections if s != PUZZLES]
    if tile_sections:
        codes.append(tile_games.run(BENCH, argparse.Namespace(
            **{**vars(args), "sections": ",".join(tile_sections)})))
    if PUZZLES in sections:
        codes.append(puzzles_section())
    return max(codes, default=0)


def puzzles_section() -> int:
    return tile_games.puzzles_section("xutoli", KIT, lambda state, puzzle: rules_answers(state, puzzle.kind, puzzle.n))


# --- what the shared benches play of Xutoli ---------------------------------------------
STRENGTH = Strength(rows=(Row("xutoli"),))
ANALYSIS_SAMPLES = (Sample("xutoli"),)
