"""`python -m game.bench xtic`: speed and strength of the Xtic computer player.

Three sections, each over seeded, reproducible inputs:

speed     every level on positions from every stage of the game (0..12 pieces placed,
          several per stage and game type, taken from games the "medium" level plays
          against itself): median and max seconds per move, boards analysed per second.
exact     exact solves of the positions with at most 9 empty squares, by number of
          empty squares ("perfect" solves these too, but gives up past a budget).
strength  whole games between two players, alternating seats, per game type: win, draw
          and loss percentages of the first-named player.

Times are wall-clock seconds on this machine, as a player would feel them; the targets
are printed next to the figures.

What the shared benches play of Xtic is here too: its rows of the strength bench
(STRENGTH) and its games for the analysis bench (ANALYSIS_SAMPLES).
"""
from __future__ import annotations

import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import game.ai
import game.rules
from game.bench.analysis import Sample
from game.bench.strength import Row, Strength
from game.games.xtic import player as ai_xtic

GAME_TYPES = ("normal", "nodiags", "torus")
LEVELS = tuple(game.rules.get("xtic").ai_levels)
STAGES = tuple(range(13))                  # pieces on the board
PAIRINGS = (("don't try", "random"), ("don't try", "easy"), ("hard", "easy"),
            ("don't try", "medium"))
QUICK_PAIRINGS = PAIRINGS[:2]

TARGET_MEDIAN = 0.5        # "don't try" and "perfect": median seconds per move
TARGET_MAX = 2.0           # "don't try" and "perfect": max seconds per move
TARGET_EXACT = 1.0         # exact solve of <= 9 empty squares: max seconds
TARGET_VS_RANDOM = 95.0    # "don't try" vs random: win percentage


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=None,
                        help="games per pairing and game type (default 100, quick 20)")
    parser.add_argument("--per-stage", type=int, default=None,
                        help="positions per stage and game type (default 3, quick 1)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer positions and games, two pairings: a minute or two")
    parser.add_argument("--types", default=",".join(GAME_TYPES),
                        help="game types, comma-separated (default: all three)")
    parser.add_argument("--sections", default="speed,exact,strength",
                        help="which sections to run, comma-separated")
    parser.add_argument("--pairings", default=None,
                        help="strength pairings as 'first:second,...' (levels or 'random'; "
                             "default: don't try:random, don't try:easy, hard:easy, "
                             "don't try:medium)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes for the strength games (timings use one)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of everything")


def run(args) -> int:
    types = [t.strip() for t in args.types.split(",") if t.strip()]
    for game_type in types:
        if game_type not in GAME_TYPES:
            raise SystemExit(f"unknown game type {game_type!r} (known: {', '.join(GAME_TYPES)})")
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    if not sections <= {"speed", "exact", "strength"}:
        raise SystemExit(f"unknown section in {args.sections!r} (known: speed, exact, "
                         f"strength)")
    per_stage = args.per_stage or (1 if args.quick else 3)
    games = args.games or (20 if args.quick else 100)
    checks = []
    started = time.perf_counter()
    print(f"Xtic computer player bench (seed {args.seed}, game types {', '.join(types)})")
    if sections & {"speed", "exact"}:
        positions = []
        for game_type in types:
            positions += sample_positions(game_type, per_stage, args.seed)
        if "speed" in sections:
            checks += speed_section(positions)
        if "exact" in sections:
            checks += exact_section(positions)
    if "strength" in sections:
        pairings = QUICK_PAIRINGS if args.quick else PAIRINGS
        if args.pairings:
            pairings = [tuple(pair.split(":")) for pair in args.pairings.split(",")]
            for pair in pairings:
                if len(pair) != 2:
                    raise SystemExit(f"a pairing is 'first:second', not {':'.join(pair)!r}")
                for player in pair:
                    if player != "random" and player not in LEVELS:
                        raise SystemExit(f"unknown player {player!r} (levels: "
                                         f"{', '.join(LEVELS)}, or random)")
        checks += strength_section(types, pairings, games, args.jobs, args.seed)
    if checks:
        print("\nTargets")
        for text, ok in checks:
            print(f"  {'ok  ' if ok else 'MISS'} {text}")
    print(f"\nBench time {time.perf_counter() - started:.0f} s")
    return 0


# --- positions -----------------------------------------------------------------------------
def sample_positions(game_type: str, per_stage: int, seed: int) -> list:
    """(stage, state) pairs: `per_stage` positions per number of pieces placed, each with a
    piece in hand, from seeded games of "medium" against itself."""
    spec = game.rules.get("xtic")
    found = {stage: [] for stage in STAGES}
    game_seed = seed * 100_000
    while any(len(v) < per_stage for v in found.values()) and game_seed < seed * 100_000 + 500:
        state = spec.new_game(seed=game_seed, options={"game_type": game_type})
        game_seed += 1
        while not state.is_over:
            placed = 16 - state.board.count(-1)
            if state.hand is not None and placed in found and len(found[placed]) < per_stage:
                found[placed].append(state.copy())
            if placed >= max(STAGES):
                break
            state.play(game.ai.choose_move(state, "medium"))
    return [(stage, state) for stage in STAGES for state in found[stage]]


# --- speed -----------------------------------------------------------------------------------
def time_plan(state, level: str, seed: int) -> tuple:
    """(wall seconds, CPU seconds, boards analysed, plan) of one move choice; level
    "exact" is an exact solve without the budget "perfect" keeps to."""
    rng = random.Random(seed)
    wall, cpu = time.perf_counter(), time.process_time()
    if level == "exact":
        plan = ai_xtic.solve(state, rng)
    else:
        plan = ai_xtic.plan_move(state, level, rng)
    return time.perf_counter() - wall, time.process_time() - cpu, plan.nodes, plan


def speed_section(positions: list) -> list:
    print(f"\nSpeed: seconds per move over {len(positions)} positions "
          f"({len(STAGES)} stages, 0..{max(STAGES)} pieces placed)")
    header = f"  {'level':<10} {'median':>8} {'mean':>8} {'max':>8} {'max CPU':>8} " \
             f"{'boards/s':>9}  slowest stage"
    print(header)
    checks = []
    per_stage_dont_try = {}
    for level in LEVELS:
        walls, cpus, nodes = [], [], 0
        slowest = (0.0, None)
        for index, (stage, state) in enumerate(positions):
            wall, cpu, n, _plan = time_plan(state, level, index)
            walls.append(wall)
            cpus.append(cpu)
            nodes += n
            slowest = max(slowest, (wall, stage), key=lambda x: x[0])
            if level == "don't try":
                per_stage_dont_try.setdefault(stage, []).append(wall)
        total = sum(walls)
        rate = f"{nodes / total:9.0f}" if total > 0 and nodes else f"{'-':>9}"
        print(f"  {level:<10} {statistics.median(walls):8.3f} {statistics.mean(walls):8.3f} "
              f"{max(walls):8.3f} {max(cpus):8.3f} {rate}  {slowest[1]}")
        if level in ("don't try", "perfect"):
            checks.append((f"{level}: median {statistics.median(walls):.3f} s <= "
                           f"{TARGET_MEDIAN} s", statistics.median(walls) <= TARGET_MEDIAN))
            checks.append((f"{level}: max {max(walls):.3f} s <= {TARGET_MAX} s",
                           max(walls) <= TARGET_MAX))
    if per_stage_dont_try:
        print("\n  don't try by pieces placed (median / max seconds):")
        cells = [f"{stage}: {statistics.median(w):.3f}/{max(w):.3f}"
                 for stage, w in sorted(per_stage_dont_try.items())]
        for start in range(0, len(cells), 5):
            print("    " + "   ".join(cells[start:start + 5]))
    return checks


# --- exact solves -------------------------------------------------------------------------------
def exact_section(positions: list) -> list:
    small = [(stage, state) for stage, state in positions if state.board.count(-1) <= 9]
    print(f"\nExact solves: {len(small)} positions with <= 9 empty squares")
    if not small:
        return []
    print(f"  {'empty':>5} {'count':>6} {'median':>8} {'max':>8} {'max CPU':>8} "
          f"{'boards/s':>9}  values (win +, loss -, draw 0)")
    by_empty = {}
    for index, (_stage, state) in enumerate(small):
        wall, cpu, nodes, plan = time_plan(state, "exact", index)
        by_empty.setdefault(state.board.count(-1), []).append((wall, cpu, nodes, plan.value))
    all_walls = []
    for empty in sorted(by_empty, reverse=True):
        rows = by_empty[empty]
        walls = [r[0] for r in rows]
        all_walls += walls
        total = sum(walls)
        rate = f"{sum(r[2] for r in rows) / total:9.0f}" if total > 0 else f"{'-':>9}"
        values = "".join("+" if r[3] > 0 else "-" if r[3] < 0 else "0" for r in rows)
        print(f"  {empty:>5} {len(rows):>6} {statistics.median(walls):8.3f} {max(walls):8.3f} "
              f"{max(r[1] for r in rows):8.3f} {rate}  {values}")
    print(f"  {'all':>5} {len(all_walls):>6} {statistics.median(all_walls):8.3f} "
          f"{max(all_walls):8.3f}")
    return [(f"exact solve, <= 9 empty squares: max {max(all_walls):.3f} s <= "
             f"{TARGET_EXACT} s", max(all_walls) <= TARGET_EXACT)]


# --- strength -----------------------------------------------------------------------------------
def _choose(state, player: str, game_seed: int):
    if player == "random":
        rng = random.Random(f"random:{game_seed}:{len(state.history)}")
        return rng.choice(state.legal_moves())
    return game.ai.choose_move(state, player)


def play_game(task: tuple) -> tuple:
    """One game; returns (task, result for the first player: 1 win, 0 draw, -1 loss,
    seconds per move of the first player, their number of moves)."""
    first, second, game_type, game_seed = task
    spec = game.rules.get("xtic")
    state = spec.new_game(seed=game_seed, options={"game_type": game_type})
    first_seat = game_seed % 2                 # alternate seats game by game
    spent, moves = 0.0, 0
    while not state.is_over:
        if state.to_play == first_seat:
            start = time.perf_counter()
            move = _choose(state, first, game_seed)
            spent += time.perf_counter() - start
            moves += 1
        else:
            move = _choose(state, second, game_seed)
        state.play(move)
    winner = state.outcome.winner
    result = 0 if winner is None else (1 if winner == first_seat else -1)
    return task, result, spent, moves


def strength_section(types: list, pairings, games: int, jobs: int, seed: int) -> list:
    print(f"\nStrength: {games} games per pairing and game type, seats alternating "
          f"({jobs} process{'es' if jobs != 1 else ''})")
    print(f"  {'pairing':<24} {'type':<8} {'win %':>6} {'draw %':>7} {'loss %':>7} "
          f"{'s/move':>7}")
    tasks = [(first, second, game_type, seed * 1_000_000 + 1000 * p + g)
             for p, (first, second) in enumerate(pairings)
             for game_type in types for g in range(games)]
    results = {}
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(play_game, tasks, chunksize=4))
    else:
        outcomes = [play_game(task) for task in tasks]
    for (first, second, game_type, _seed), result, spent, moves in outcomes:
        row = results.setdefault((first, second, game_type), [0, 0, 0, 0.0, 0])
        row[1 - result] += 1                   # [wins, draws, losses, seconds, moves]
        row[3] += spent
        row[4] += moves
    checks = []
    for first, second in pairings:
        for game_type in types:
            wins, draws, losses, spent, moves = results[(first, second, game_type)]
            n = wins + draws + losses
            print(f"  {first + ' vs ' + second:<24} {game_type:<8} {100 * wins / n:6.1f} "
                  f"{100 * draws / n:7.1f} {100 * losses / n:7.1f} "
                  f"{spent / max(moves, 1):7.3f}")
            if (first, second) == ("don't try", "random"):
                checks.append((f"don't try vs random, {game_type}: wins {100 * wins / n:.1f}% "
                               f">= {TARGET_VS_RANDOM}%", 100 * wins / n >= TARGET_VS_RANDOM))
            if (first, second) == ("don't try", "easy"):
                checks.append((f"don't try vs easy, {game_type}: wins {100 * wins / n:.1f}% "
                               f"> 2 x losses {100 * losses / n:.1f}%", wins > 2 * losses))
    return checks


# --- what the shared benches play of Xtic -----------------------------------------------
# The strength bench: each game type (rated in the normal one); `xtic` selects all three.
STRENGTH = Strength(rows=tuple(
    Row(f"xtic-{game_type}", {"game_type": game_type}, f"xtic {game_type}", aliases=("xtic",),
        rated=game_type == "normal") for game_type in GAME_TYPES))
# The analysis bench: to its end, the game types in turn; its searches count boards.
ANALYSIS_SAMPLES = (Sample("xtic", to_end=True, rotate={"game_type": GAME_TYPES}, timed=False),)
