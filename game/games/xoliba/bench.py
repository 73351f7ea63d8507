"""`python -m game.bench xoliba`: speed and strength of the Xoliba computer player.

Three sections, each over seeded, reproducible inputs:

movegen   positions per second of move generation (the rules' formed_moves, which the
          computer player searches with, legal_moves and can_move) on every position
          of seeded random playouts, two and three players.
speed     every level on positions from several stages of the game (taken from seeded
          games of "easy" against "beginner"): median and max seconds per move.
strength  two-player games over seeded deals, each deal played twice with the colours
          swapped: win, tie (nobody scores) and loss percentages of the first-named
          player against "greedy" (the biggest immediate capture) and "random".

Times are wall-clock seconds on this machine; the targets are printed next to the figures.

What the shared benches play of Xoliba is here too: its rows and its solitaire section of
the strength bench (STRENGTH) and its games for the analysis bench (ANALYSIS_SAMPLES).
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
from game.bench.strength import Row, Section, Strength
from game.games.xoliba import player as ai
from game.games.xoliba import rules, solitaire_bench

LEVELS = tuple(game.rules.get("xoliba").ai_levels)
STRONGEST = LEVELS[-1]
MAX_MOVES = 400                 # a game cap; the rules end games long before

TARGET_MOVEGEN = 20_000         # positions per second
TARGET_MEDIAN = 2.0             # strongest level: median seconds per move
TARGET_VS_GREEDY = 75.0         # strongest level vs greedy: win percentage
STAGES = (0, 4, 8, 14, 20, 28)  # moves played before the measured position


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=None,
                        help="deals per strength pairing, each played with both colours "
                             "(default 200, quick 20)")
    parser.add_argument("--per-stage", type=int, default=None,
                        help="positions per stage and player count (default 4, quick 1)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer positions and deals: a few minutes")
    parser.add_argument("--sections", default="movegen,speed,strength",
                        help="which sections to run, comma-separated")
    parser.add_argument("--pairings", default=None,
                        help="strength pairings as 'first:second,...' (levels, 'greedy' or "
                             f"'random'; default {STRONGEST}:greedy,{STRONGEST}:random)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes for the strength games (timings use one)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of everything")


def run(args) -> int:
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    if not sections <= {"movegen", "speed", "strength"}:
        raise SystemExit(f"unknown section in {args.sections!r} (known: movegen, speed, "
                         f"strength)")
    per_stage = args.per_stage or (1 if args.quick else 4)
    deals = args.games or (20 if args.quick else 200)
    pairings = [(STRONGEST, "greedy"), (STRONGEST, "random")]
    if args.pairings:
        pairings = [tuple(pair.split(":")) for pair in args.pairings.split(",")]
        for pair in pairings:
            if len(pair) != 2:
                raise SystemExit(f"a pairing is 'first:second', not {':'.join(pair)!r}")
            for player in pair:
                if player not in LEVELS + ("greedy", "random"):
                    raise SystemExit(f"unknown player {player!r} (levels: "
                                     f"{', '.join(LEVELS)}, greedy or random)")
    checks = []
    started = time.perf_counter()
    print(f"Xoliba computer player bench (seed {args.seed})")
    if "movegen" in sections:
        checks += movegen_section(args.seed, 40 if args.quick else 200)
    if "speed" in sections:
        checks += speed_section(args.seed, per_stage)
    if "strength" in sections:
        checks += strength_section(pairings, deals, args.jobs, args.seed)
    if checks:
        print("\nTargets")
        for text, ok in checks:
            print(f"  {'ok  ' if ok else 'MISS'} {text}")
    print(f"\nBench time {time.perf_counter() - started:.0f} s")
    return 0


# --- move generation -------------------------------------------------------------------------
def playout_positions(seed: int, games: int) -> list:
    """(board, seat, state) of every position of seeded random playouts; one game in
    three has three players."""
    spec = game.rules.get("xoliba")
    found = []
    for g in range(games):
        players = 3 if g % 3 == 2 else 2
        state = spec.new_game(seed=seed * 10_000 + g, options={"players": players})
        rng = random.Random(f"playout:{seed}:{g}")
        while not state.is_over and len(state.history) < MAX_MOVES:
            found.append((list(state.board), state.to_play, state.copy()))
            state.play(rng.choice(state.legal_moves()))
    return found


def movegen_section(seed: int, games: int) -> list:
    positions = playout_positions(seed, games)
    print(f"\nMove generation: {len(positions)} positions from {games} random playouts "
          f"(target >= {TARGET_MOVEGEN:,} positions/s)")
    print(f"  {'function':<28} {'positions/s':>12} {'moves/position':>15}")
    checks = []
    rows = (("rules formed_moves", lambda b, s, st: rules.formed_moves(b, s)),
            ("rules legal_moves", lambda b, s, st: st.legal_moves()),
            ("rules can_move", lambda b, s, st: rules.can_move(b, s)))
    for name, function in rows:
        best = None
        for _repeat in range(3):
            t = time.perf_counter()
            for board, seat, state in positions:
                function(board, seat, state)
            elapsed = time.perf_counter() - t
            best = elapsed if best is None else min(best, elapsed)
        rate = len(positions) / best
        per = ""
        if "formed" in name:
            per = f"{statistics.mean(len(rules.formed_moves(b, s)) for b, s, _ in positions):15.1f}"
        print(f"  {name:<28} {rate:12,.0f} {per}")
        if name in ("rules formed_moves", "rules legal_moves"):
            checks.append((f"{name}: {rate:,.0f} positions/s >= {TARGET_MOVEGEN:,}",
                           rate >= TARGET_MOVEGEN))
    return checks


# --- time per move ----------------------------------------------------------------------------
def sample_positions(seed: int, per_stage: int) -> list:
    """(players, stage, state): positions after `stage` moves of seeded games of "easy"
    against "beginner" (varied, with captures), two and three players."""
    spec = game.rules.get("xoliba")
    found = []
    for players in (2, 3):
        for stage in STAGES:
            got, g = 0, 0
            while got < per_stage and g < 200:
                state = spec.new_game(seed=seed * 1000 + 37 * stage + g,
                                      options={"players": players})
                rng = random.Random(f"sample:{seed}:{players}:{stage}:{g}")
                g += 1
                while not state.is_over and len(state.history) < stage:
                    level = "easy" if len(state.history) % 2 else "beginner"
                    state.play(game.ai.choose_move(state, level, rng))
                if not state.is_over and len(state.legal_moves()) > 1:
                    found.append((players, stage, state))
                    got += 1
    return found


def speed_section(seed: int, per_stage: int) -> list:
    positions = sample_positions(seed, per_stage)
    print(f"\nSpeed: seconds per move over {len(positions)} positions (after "
          f"{', '.join(map(str, STAGES))} moves; 2 and 3 players)")
    print(f"  {'level':<10} {'players':>7} {'median':>8} {'mean':>8} {'max':>8}  slowest stage")
    checks = []
    for level in LEVELS:
        for players in (2, 3):
            walls, slowest = [], (0.0, None)
            for index, (p, stage, state) in enumerate(positions):
                if p != players:
                    continue
                before = state.to_json()
                t = time.perf_counter()
                move = game.ai.choose_move(state, level, random.Random(index))
                wall = time.perf_counter() - t
                assert move in state.legal_moves() and state.to_json() == before
                walls.append(wall)
                slowest = max(slowest, (wall, stage), key=lambda x: x[0])
            median = statistics.median(walls)
            print(f"  {level:<10} {players:>7} {median:8.3f} {statistics.mean(walls):8.3f} "
                  f"{max(walls):8.3f}  {slowest[1]}")
            if level == STRONGEST:
                checks.append((f"{level}, {players} players: median {median:.3f} s <= "
                               f"{TARGET_MEDIAN} s", median <= TARGET_MEDIAN))
    return checks


# --- strength ------------------------------------------------------------------------------------
def _choose(state, player: str, rng: random.Random):
    if player == "random":
        return rng.choice(state.legal_moves())
    if player == "greedy":
        return ai.greedy(state, rng)
    return game.ai.choose_move(state, player, rng)


def play_game(task: tuple) -> tuple:
    """One two-player game of deal `deal_seed` with `first` on `first_seat`; returns
    (task, result for `first`: 1 win, 0 tie, -1 loss, its points, the opponent's points,
    seconds per move of `first`, its moves, moves in the game, why it ended)."""
    first, second, deal_seed, first_seat = task
    spec = game.rules.get("xoliba")
    state = spec.new_game(seed=deal_seed, options={"players": 2})
    rng = random.Random(f"strength:{deal_seed}:{first_seat}")
    spent, moves = 0.0, 0
    while not state.is_over and len(state.history) < MAX_MOVES:
        if state.to_play == first_seat:
            start = time.perf_counter()
            move = _choose(state, first, rng)
            spent += time.perf_counter() - start
            moves += 1
        else:
            move = _choose(state, second, rng)
        state.play(move)
    if not state.is_over:
        return task, 0, 0, 0, spent, moves, len(state.history), "move cap"
    outcome = state.outcome
    winner = outcome.winner
    result = 0 if winner is None else (1 if winner == first_seat else -1)
    cause = state.end_cause.split(" ", 1)[1] if state.end_cause.split(" ", 1)[0] in (
        "Red", "Blue") else state.end_cause
    return (task, result, outcome.scores[first_seat], outcome.scores[1 - first_seat], spent,
            moves, len(state.history), cause)


def strength_section(pairings, deals: int, jobs: int, seed: int) -> list:
    print(f"\nStrength: {deals} two-player deals per pairing, each played with both "
          f"colours ({2 * deals} games; {jobs} process{'es' if jobs != 1 else ''}); "
          f"a tie = equal biggest triangles, nobody scores")
    print(f"  {'pairing':<20} {'games':>5} {'win %':>6} {'tie %':>6} {'loss %':>7} "
          f"{'pts/game':>9} {'opp pts':>8} {'s/move':>7} {'moves':>6}")
    tasks = [(first, second, seed * 1_000_000 + 1000 * p + d, colour)
             for p, (first, second) in enumerate(pairings)
             for d in range(deals) for colour in (0, 1)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(play_game, tasks, chunksize=2))
    else:
        outcomes = [play_game(task) for task in tasks]
    results, causes = {}, {}
    for (first, second, _seed, _c), result, pts, opp, spent, moves, length, cause in outcomes:
        row = results.setdefault((first, second), [0, 0, 0, 0, 0, 0.0, 0, 0])
        row[1 - result] += 1                   # wins, ties, losses, points, opp points,
        row[3] += pts                          # seconds, own moves, game moves
        row[4] += opp
        row[5] += spent
        row[6] += moves
        row[7] += length
        causes.setdefault((first, second), {}).setdefault(cause, 0)
        causes[(first, second)][cause] += 1
    checks = []
    for first, second in pairings:
        wins, ties, losses, pts, opp, spent, moves, length = results[(first, second)]
        n = wins + ties + losses
        print(f"  {first + ' vs ' + second:<20} {n:>5} {100 * wins / n:6.1f} "
              f"{100 * ties / n:6.1f} {100 * losses / n:7.1f} {pts / n:9.1f} {opp / n:8.1f} "
              f"{spent / max(moves, 1):7.3f} {length / n:6.1f}")
        if (first, second) == (STRONGEST, "greedy"):
            checks.append((f"{first} vs greedy: wins {100 * wins / n:.1f}% >= "
                           f"{TARGET_VS_GREEDY}%", 100 * wins / n >= TARGET_VS_GREEDY))
    print("\n  how the games ended:")
    for first, second in pairings:
        parts = sorted(causes[(first, second)].items(), key=lambda x: -x[1])
        print(f"    {first + ' vs ' + second:<20} " +
              "; ".join(f"{c} {k}" for c, k in parts))
    return checks


# --- what the shared benches play of Xoliba ---------------------------------------------
# The strength bench: two players (rated), three (its own targets), and its solitaire
# solver as a section of its own.
STRENGTH = Strength(
    rows=(Row("xoliba", {"players": 2}, "xoliba 2p", aliases=("xoliba2",)),
          Row("xoliba3", {"players": 3}, "xoliba 3p")),
    sections=(Section("solitaire", solitaire_bench.add_strength_arguments,
                      solitaire_bench.strength_section),))
# The analysis bench: two and three players, and a solitaire attempt.
ANALYSIS_SAMPLES = (Sample("xoliba", {"players": 2}), Sample("xoliba3", {"players": 3}),
                    Sample("solitaire", {"players": 1}))
