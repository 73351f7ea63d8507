"""`python -m game.bench che`: the Che rules, computer player and play screen.

The sections (rules, speed, strength, frames) are those of every Truchet tile game: see
game/games/truchet/bench.py. Che's turns are two tiles (speed is per tile); the frames are
measured with an unlimited pool, so 64 tiles can be grown without the game ending.

One more section is Che's own: `puzzles` proves every shipped puzzle
(levels/puzzles/che.json) again on the rules' GameState (tactics.rules_answers: every pair
of tiles and of replies played), and times the kit's own check of the set (what
tests/test_puzzle_sets.py runs).

What the shared benches play of Che is here too: its row of the strength bench
(STRENGTH), its game for the analysis bench (ANALYSIS_SAMPLES) and the long record the
records-fuzz bench loads (long_record).
"""
from __future__ import annotations

import argparse
import json

from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.che.tactics import KIT, rules_answers
from game.games.truchet import bench as tile_games

BENCH = tile_games.TileBench(
    game="che",
    rules_options={"tiles": 64},
    frame_options={"tiles": "unlimited"},
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
    return tile_games.puzzles_section("che", KIT, lambda state, puzzle: rules_answers(state, puzzle.n))


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
