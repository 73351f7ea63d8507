"""The benchmark shared by the two Truchet tile games, Che and Xutoli.

Sections, each over seeded, reproducible inputs:

rules     whole random games per second (the Truchet model's speed).
speed     every level on positions from several stages of seeded games: median and max
          seconds per tile.
strength  games from seeded openings, each played twice with the seats swapped: win,
          draw and loss percentages of the strongest level against "random" (a random
          legal tile) and "greedy" (the greedy player, level "easy").
frames    render time per frame of the play scene with a 64-tile layout, zoomed out to
          fit, with the placing animation and a region under the pointer.

Times are wall-clock seconds on this machine; targets are printed beside the figures.
game/games/che/bench.py and game/games/xutoli/bench.py each give a `TileBench` for their game.
"""
from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import game.ai
import game.puzzles
import game.rules
from game.bench import headless_home, matches
from game.testing.positions import grow_layout

TARGET_MEDIAN = 2.0             # strongest: median seconds per tile
TARGET_VS_RANDOM = 90.0         # strongest: win percentage
TARGET_VS_GREEDY = 70.0
TARGET_FRAME_P99 = 8.0          # ms, 64 tiles zoomed out
STAGES = (1, 9, 21, 35, 49)     # tiles placed before a timed position
OPENING_TILES = 3               # random tiles that make each seeded game different
SECTIONS = ("rules", "speed", "strength", "frames")


@dataclass(frozen=True)
class TileBench:
    game: str                           # registry name
    rules_options: dict                 # a random game of the rules section
    frame_options: dict                 # a pool big enough to grow 64 tiles without ending
    prepare_frames: Callable | None = None      # (play scene) -> None: e.g. overlays on
    frame_note: str = ""

    @property
    def spec(self):
        return game.rules.get(self.game)

    @property
    def strongest(self) -> str:
        return self.spec.ai_levels[-1]


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=100,
                        help="openings per strength pairing, each played from both seats "
                             "(default 100: 200 games)")
    parser.add_argument("--per-stage", type=int, default=4, help="timed positions per stage")
    parser.add_argument("--sections", default=",".join(SECTIONS),
                        help="which sections to run, comma-separated")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes for the strength games (timings use one)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of everything")


def run(bench: TileBench, args) -> int:
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    if not sections <= set(SECTIONS):
        raise SystemExit(f"unknown section in {args.sections!r} (known: {', '.join(SECTIONS)})")
    print(f"{bench.spec.title} bench: strongest level {bench.strongest!r}, seed {args.seed}")
    verdicts = []
    if "rules" in sections:
        verdicts += rules_section(bench, args.seed)
    if "speed" in sections:
        verdicts += speed_section(bench, args.seed, args.per_stage)
    if "strength" in sections:
        verdicts += strength_section(bench, args.games, args.jobs, args.seed)
    if "frames" in sections:
        verdicts += frames_section(bench)
    print("\nTargets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


def puzzles_section(game_name: str, kit, answers_on_the_rules: Callable) -> int:
    """Every shipped puzzle of `game_name` proven again on the rules' GameState
    (`answers_on_the_rules(state, puzzle)`: every tile and reply played), and the kit's
    own check of the set (what tests/test_puzzle_sets.py runs) timed."""
    puzzles, problems = game.puzzles.load_set(game_name)
    print(f"\nPuzzles: {len(puzzles)} shipped, proven again on the rules' GameState")
    rules_seconds = kit_seconds = 0.0
    slowest = (0.0, "")
    for puzzle in puzzles:
        state, _ = puzzle.position()
        started = time.process_time()
        answers = answers_on_the_rules(state, puzzle)
        rules_seconds += time.process_time() - started
        if answers != puzzle.answers:
            problems += (f"{puzzle.id}: the rules give {answers}, the set {puzzle.answers}",)
        started = time.process_time()
        fault = kit.verify(state, puzzle)
        seconds = time.process_time() - started
        kit_seconds += seconds
        slowest = max(slowest, (seconds, puzzle.id))
        if fault:
            problems += (f"{puzzle.id}: {fault}",)
    print(f"  rules' GameState: {rules_seconds:.1f} s CPU; the kit's verify (the test "
          f"suite's): {kit_seconds:.1f} s CPU, the slowest {slowest[1]} {slowest[0]:.2f} s")
    for problem in problems:
        print(f"  FAIL  {problem}")
    print(f"  {'PASS' if not problems else 'FAIL'}  every puzzle's answers are the rules' "
          f"own")
    return 1 if problems or not puzzles else 0


# --- rules ------------------------------------------------------------------------------
def random_game(bench: TileBench, seed: int):
    rng = random.Random(seed)
    state = bench.spec.new_game(seed=seed, options=bench.rules_options)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


def rules_section(bench: TileBench, seed: int) -> list:
    started = time.perf_counter()
    games = tiles = 0
    while time.perf_counter() - started < 3.0:
        tiles += len(random_game(bench, seed + games).history)
        games += 1
    seconds = time.perf_counter() - started
    print(f"\nRules: {games} random games ({tiles} tiles, {bench.rules_options}) in "
          f"{seconds:.2f} s: {1000 * seconds / games:.2f} ms per game, {tiles / seconds:,.0f} "
          f"tiles/s (legal moves listed before every tile)")
    return []


# --- speed ------------------------------------------------------------------------------
def sample_positions(bench: TileBench, seed: int, per_stage: int) -> list:
    """Positions with STAGES tiles down, from seeded games of greedy against itself (so
    the layouts look like real games), skipping finished ones."""
    positions = []
    for stage in STAGES:
        found, attempt = 0, 0
        while found < per_stage and attempt < per_stage * 20:
            attempt += 1
            rng = random.Random(f"{seed}:{stage}:{attempt}")
            state = bench.spec.new_game(seed=rng.randrange(10**6), options={})
            while len(state.history) < stage and not state.is_over:
                level = "easy" if rng.random() < 0.7 else "beginner"
                state.play(game.ai.choose_move(state, level, rng))
            if not state.is_over:
                positions.append((stage, state))
                found += 1
    return positions


def speed_section(bench: TileBench, seed: int, per_stage: int) -> list:
    positions = sample_positions(bench, seed, per_stage)
    # Games that end early leave the late stages short: say how many each stage got.
    counts = ", ".join(f"{sum(1 for s, _ in positions if s == stage)} at {stage}"
                       for stage in STAGES)
    print(f"\nSpeed: seconds per tile over {len(positions)} positions with this many tiles "
          f"down: {counts} (up to {per_stage} per stage; finished games skipped)")
    return matches.speed_table(bench.spec.ai_levels, positions, game.ai.choose_move,
                               bench.strongest, TARGET_MEDIAN, "tile")


# --- strength ---------------------------------------------------------------------------
def _choose(state, player: str, rng: random.Random):
    if player == "random":
        return rng.choice(state.legal_moves())
    if player == "greedy":
        player = "easy"
    return game.ai.choose_move(state, player, rng)


def play_game(game_name: str, task: tuple) -> float:
    """(first, second, opening seed, seat of first) -> points of `first` (1, 0.5, 0)."""
    first, second, seed, first_seat = task
    rng = random.Random(seed)
    state = game.rules.get(game_name).new_game(seed=seed, options={})
    for _ in range(OPENING_TILES):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    players = {first_seat: first, 1 - first_seat: second}
    while not state.is_over:
        seat = state.to_play
        state.play(_choose(state, players[seat], random.Random(f"{seed}:{len(state.history)}")))
    winner = state.outcome.winner
    return 0.5 if winner is None else float(winner == first_seat)


def strength_section(bench: TileBench, games: int, jobs: int, seed: int) -> list:
    print(f"\nStrength: {games} seeded openings ({OPENING_TILES} random tiles) per pairing, "
          f"each played from both seats ({2 * games} games)")
    verdicts = []
    play = partial(play_game, bench.game)
    for opponent, target in (("random", TARGET_VS_RANDOM), ("greedy", TARGET_VS_GREEDY)):
        tasks = matches.both_seats(bench.strongest, opponent, games, seed)
        started = time.perf_counter()
        tally = matches.Tally(matches.run_games(play, tasks, jobs), tasks)
        print(f"  {bench.strongest} vs {opponent:7}: {tally.line(bench.spec.seats)}; "
              f"{time.perf_counter() - started:.0f} s")
        verdicts.append((f"{bench.strongest} vs {opponent}: {tally.win_rate:.1f}% won >= "
                         f"{target:g}%", tally.win_rate >= target))
    return verdicts


# --- frames -----------------------------------------------------------------------------
def frames_section(bench: TileBench, frames: int = 300) -> list:
    headless_home(f"bench-{bench.game}")
    import pygame

    from game.app import App
    from game.bench.frames import _measure, _percentile
    from game.services.saves import Seat
    from game.scenes.play import PlayScene

    app = App(size=(1280, 720), headless=True)
    state = bench.spec.new_game(seed=7, options=bench.frame_options)
    grow_layout(state, 64, random.Random(7))
    scene = PlayScene(app, state, [Seat("human", None), Seat("human", None)])
    app.reset_to(scene)
    if bench.prepare_frames is not None:
        bench.prepare_frames(scene)
    for _ in range(60):
        app.step(1 / 30, [])                     # the camera settles on the whole layout
    tile = state.layout.tiles()[32]
    pointer = scene.view.cell_rect(tile.x, tile.y).center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0),
                                         buttons=(0, 0, 0))])
    last = state.history[-1]

    def replay(index):
        # The last tile pops in again every half second.
        if index % 30 == 0:
            scene.view.on_move(last)
    times = _measure(app, frames, replay)
    app.shutdown()
    p50, p99 = statistics.median(times) * 1000, _percentile(times, 0.99) * 1000
    print(f"\nFrames: play scene, {state.layout.count} tiles zoomed out to fit (cell "
          f"{scene.view.cell:.0f} px), a region under the pointer, the last tile popping "
          f"in{bench.frame_note}: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {frames} frames")
    return [(f"frame p99 {p99:.2f} ms <= {TARGET_FRAME_P99:g} ms (64 tiles, zoomed out)",
             p99 <= TARGET_FRAME_P99)]
