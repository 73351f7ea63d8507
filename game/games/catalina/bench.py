"""`python -m game.bench catalina`: the Catalina Tiles rules and computer player.

Sections, each over seeded, reproducible inputs:

rules     whole random games per second (dice from the game's seed, random claims).
speed     every level on positions from several stages of seeded games: median and max
          seconds per claim (positions where a claim is due and more than one is legal).
strength  seeded games, each seed played twice with the seats swapped: win, draw and
          loss percentages of the strongest level against "random" (a random legal
          claim) and "greedy" (the one-claim greedy player, level "medium"). The dice come
          from each game's own seed (state.sample_chance()).

Times are wall-clock seconds on this machine; targets are printed beside the figures.

What the shared benches play of Catalina Tiles is here too: its row of the strength bench
(STRENGTH) and its game for the analysis bench (ANALYSIS_SAMPLES).
"""
from __future__ import annotations

import os
import random
import statistics
import time

from game.bench import matches
from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.catalina import player as ai_catalina
from game.games.catalina import rules as catalina

SPEC = catalina.SPEC
LEVELS = tuple(SPEC.ai_levels)
STRONGEST = LEVELS[-1]
TARGET_MEDIAN = 1.0             # strongest: median seconds per claim
TARGET_VS_RANDOM = 80.0         # strongest: win percentage
TARGET_VS_GREEDY = 60.0
STAGES = (0, 8, 16, 24, 32)     # claims made before a timed position


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=100,
                        help="seeds per strength pairing, each played from both seats "
                             "(default 100: 200 games)")
    parser.add_argument("--per-stage", type=int, default=6, help="timed positions per stage")
    parser.add_argument("--sections", default="rules,speed,strength",
                        help="which sections to run, comma-separated")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes for the strength games (timings use one)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of everything")
    parser.add_argument("--player", default=STRONGEST, choices=LEVELS,
                        help=f"the level measured for strength (default {STRONGEST!r})")


def run(args) -> int:
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    known = {"rules", "speed", "strength"}
    if not sections <= known:
        raise SystemExit(f"unknown section in {args.sections!r} (known: {', '.join(known)})")
    player = getattr(args, "player", STRONGEST)
    print(f"Catalina Tiles bench: strongest level {STRONGEST!r}, seed {args.seed}")
    verdicts = []
    if "rules" in sections:
        verdicts += rules_section(args.seed)
    if "speed" in sections:
        verdicts += speed_section(args.seed, args.per_stage)
    if "strength" in sections:
        verdicts += strength_section(args.games, args.jobs, args.seed, player)
    print("\nTargets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


# --- rules ------------------------------------------------------------------------------
def random_game(seed: int):
    rng = random.Random(seed)
    state = SPEC.new_game(seed=seed, options={})
    while not state.is_over:
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def rules_section(seed: int) -> list:
    started = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - started < 3.0:
        steps += len(random_game(seed + games).history)
        games += 1
    seconds = time.perf_counter() - started
    print(f"\nRules: {games} random games ({steps} steps: rolls and claims) in {seconds:.2f} s:"
          f" {1000 * seconds / games:.2f} ms per game, {steps / seconds:,.0f} steps/s "
          f"(legal moves listed before every step)")
    started = time.perf_counter()
    ai_catalina._TABLES = None
    ai_catalina.tables()
    print(f"Grid tables of the computer player built in {time.perf_counter() - started:.2f} s")
    return []


# --- speed ------------------------------------------------------------------------------
def sample_positions(seed: int, per_stage: int) -> list:
    """Positions after STAGES claims (rolled, a choice of claims due), from seeded games
    of the greedy level against itself with some random claims, so they look like
    real games; finished games are skipped."""
    positions = []
    for stage in STAGES:
        found, attempt = 0, 0
        while found < per_stage and attempt < per_stage * 20:
            attempt += 1
            rng = random.Random(f"{seed}:{stage}:{attempt}")
            state = SPEC.new_game(seed=rng.randrange(10**6), options={})
            claims = 0
            while not state.is_over:
                if state.is_chance:
                    state.sample_chance()
                    continue
                if claims >= stage and len(state.legal_moves()) > 1:
                    break
                level = "medium" if rng.random() < 0.7 else "beginner"
                move = ai_catalina.choose_move(state, level, rng)
                claims += move != catalina.PASS
                state.play(move)
            if not state.is_over:
                positions.append((stage, state))
                found += 1
    return positions


def speed_section(seed: int, per_stage: int) -> list:
    ai_catalina.tables()                    # built once, not timed
    positions = sample_positions(seed, per_stage)
    print(f"\nSpeed: seconds per claim over {len(positions)} positions "
          f"({per_stage} per stage, stages {', '.join(map(str, STAGES))} claims made)")
    return matches.speed_table(LEVELS, positions, ai_catalina.choose_move, STRONGEST,
                               TARGET_MEDIAN, "claim")


# --- strength ---------------------------------------------------------------------------
def _choose(state, player: str, rng: random.Random):
    if player == "random":
        return rng.choice(state.legal_moves())
    if player == "greedy":
        player = "medium"
    return ai_catalina.choose_move(state, player, rng)


def play_game(task: tuple) -> tuple:
    """(first, second, seed, seat of first) -> (points of `first`, its seconds per claim)."""
    first, second, seed, first_seat = task
    state = SPEC.new_game(seed=seed, options={})
    players = {first_seat: first, 1 - first_seat: second}
    times = []
    while not state.is_over:
        if state.is_chance:
            state.sample_chance()
            continue
        seat = state.to_play
        rng = random.Random(f"{seed}:{len(state.history)}")
        started = time.perf_counter()
        move = _choose(state, players[seat], rng)
        if seat == first_seat and len(state.legal_moves()) > 1:
            times.append(time.perf_counter() - started)
        state.play(move)
    winner = state.outcome.winner
    return (0.5 if winner is None else float(winner == first_seat)), times


def strength_section(games: int, jobs: int, seed: int, player: str = STRONGEST) -> list:
    print(f"\nStrength: {games} seeds per pairing, each played from both seats "
          f"({2 * games} games; Red starts)")
    verdicts = []
    for opponent, target in (("random", TARGET_VS_RANDOM), ("greedy", TARGET_VS_GREEDY)):
        tasks = matches.both_seats(player, opponent, games, seed)
        started = time.perf_counter()
        outcomes = matches.run_games(play_game, tasks, jobs, chunksize=4)
        tally = matches.Tally([points for points, _ in outcomes], tasks)
        times = [t for _, ts in outcomes for t in ts]
        print(f"  {player} vs {opponent:7}: {tally.line(SPEC.seats)}; {player} per claim: "
              f"median {statistics.median(times):.3f} s, max {max(times):.3f} s; "
              f"{time.perf_counter() - started:.0f} s")
        verdicts.append((f"{player} vs {opponent}: {tally.win_rate:.1f}% won >= {target:g}%",
                         tally.win_rate >= target))
    return verdicts


# --- what the shared benches play of Catalina Tiles -------------------------------------
STRENGTH = Strength(rows=(Row("catalina"),))
ANALYSIS_SAMPLES = (Sample("catalina"),)
