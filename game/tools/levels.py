"""The Xoliba solitaire level generator: `python -m game.tools.levels …`.

    python -m game.tools.levels generate [--lessons 12] [--deals 34] [--time 12] [--jobs 2]
                                         [--out levels] [--force] [--dry-run]
    python -m game.tools.levels check [folder]

`generate` makes two kinds of candidates and keeps only those the solver
(game/ai/xoliba_solver.py) proves winnable within its budget:
- deals: seeded deals of the real set-up (white on the 8 corners, 17 red, 17 blue and 3
  white on the other points), seeds 1, 2, 3, … in order until enough are winnable. They
  are the backbone of the level list.
- lessons: teaching positions with fewer pieces for the first levels, made from a real
  deal by keeping only a few of its blue and red pieces (the others turn white); the
  schedule below grows from 1 blue piece to 12. A lesson is kept only if its line is
  proved shortest.

Each kept position is graded by solver measures: the length of the shortest line found
(par; whether it is proved shortest), the share of legal first moves that still win, and
the positions the win/loss decision needed. They combine into one score (`score`), the
levels are ordered by it from gentle to very hard, and the five difficulties are given
by rank (a fifth of the levels each). Files are written as levels/NNN.txt (the format:
levels/README.md); an existing file that differs is never overwritten without --force.

The solver runs under a time budget per position, on --jobs worker processes; results
near the budget can differ from machine to machine, so a rerun may grade a level
differently (and without --force leaves the shipped files alone).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from game.ai import xoliba_solver as S
from game.rules import xoliba as X
from game.rules.xoliba_levels import (DIFFICULTY_NAMES, LEVELS_FOLDER, Level, format_level,
                                      load_levels, new_solitaire, parse_level)

# (blue kept, red kept) per lesson, gentlest first.
LESSONS = ((1, 5), (1, 8), (2, 7), (2, 9), (3, 9), (3, 11), (4, 11), (5, 13), (6, 14),
           (8, 15), (10, 17), (12, 17))
LESSON_SEED_BASE = 1000          # lesson i tries deal seeds 1000 + 100 * i, + 1, …
LESSON_TRIES = 12

TITLES = (
    "First Capture", "Long Reach", "Pair", "Two Corners", "Stepping Stones", "Sweep",
    "Four Winds", "Pebbles", "Millpond", "Crowded Edge", "Tidewater", "Driftwood",
    "Open Field", "Crossing", "Lantern", "Low Tide", "Switchback", "Orchard", "Kite",
    "Weather Vane", "Compass Rose", "Tangle", "Quarry", "Slipknot", "Ember", "Bramble",
    "Needle's Eye", "Undertow", "Keystone", "Hourglass", "Long Night", "Thicket",
    "Labyrinth", "Eclipse", "Deep Water", "Avalanche", "Iron Gate", "Maelstrom",
    "Last Light", "Citadel", "Gauntlet", "Nightfall", "The Long Way", "Abyss",
    "Summit", "Endgame", "Black Ice", "Minotaur", "Impasse", "Everest",
)


# --- making and grading candidates (run in worker processes) -----------------------------
def lesson_board(seed: int, blue: int, red: int) -> list:
    """A real deal with only `blue` of its blue and `red` of its red pieces kept."""
    rng = random.Random(seed)
    board = X.deal(rng, 1)
    blues = [p for p in X.POINTS if board[p] == X.BLUE]
    reds = [p for p in X.POINTS if board[p] == X.RED]
    keep = set(rng.sample(blues, blue)) | set(rng.sample(reds, red))
    return [board[p] if p in keep else X.WHITE for p in range(len(board))]


def deal_board(seed: int) -> list:
    return X.deal(random.Random(seed), 1)


def notation(position: str, line) -> list:
    """The solver's moves (frm, to, triangle) as notation, played through the real rules."""
    state = new_solitaire(position)
    out = []
    for move in line:
        out.append(state.format_move(move))
        state.play(move)
    return out


def evaluate(task: dict) -> dict:
    """Solve and grade one candidate: task has kind, seed (and blue, red for a lesson),
    time and share_time (seconds per first move for the share of winning first moves)."""
    started = time.perf_counter()
    if task["kind"] == "lesson":
        board = lesson_board(task["seed"], task["blue"], task["red"])
    else:
        board = deal_board(task["seed"])
    out = dict(task)
    out["position"] = X.position_text(board)
    res = S.solve(board, time_budget=task["time"])
    out.update(status=res.status, proven=res.proven_shortest, lower_bound=res.lower_bound,
               decide_nodes=res.decide_nodes, nodes=res.nodes,
               first_line_length=res.first_line_length)
    if res.won and res.line:
        out["line"] = notation(out["position"], res.line)
        red, blue = S.masks_of(board)
        captures = 0
        for move in res.line:
            red, blue, cap = S.play(red, blue, move)
            captures += bool(cap)
        out["captures"] = captures
        statuses = S.winning_moves(board, time_budget=task["share_time"])
        statuses[res.line[0]] = S.WON           # the line found wins, whatever the budget
        out["first_moves"] = len(statuses)
        out["winning_first_moves"] = sum(s == S.WON for s in statuses.values())
        out["undecided_first_moves"] = sum(s == S.UNDECIDED for s in statuses.values())
        out["share"] = out["winning_first_moves"] / max(1, len(statuses))
        out["score"] = score(out)
    out["seconds"] = round(time.perf_counter() - started, 2)
    return out


def score(result: dict) -> float:
    """Difficulty score: longer lines, fewer winning first moves and more search are harder.
    par × (1.5 − share of winning first moves) + log2(1 + decision nodes)."""
    par = len(result["line"])
    return round(par * (1.5 - result["share"]) + math.log2(1 + result["decide_nodes"]), 2)


# --- the command ---------------------------------------------------------------------------
def _run(tasks, jobs: int, accept, wanted: int | None, log):
    """Evaluate tasks in order on `jobs` processes; stop once `wanted` results are
    accepted (None: evaluate all). Returns every result, in task order."""
    results = []
    accepted = 0
    if wanted is not None and wanted <= 0:
        return results
    if jobs <= 1:
        iterator = map(evaluate, tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork") \
            .Pool(jobs)
        iterator = pool.imap(evaluate, tasks)
    try:
        for result in iterator:
            results.append(result)
            ok = accept(result)
            accepted += ok
            log(result, ok)
            if wanted is not None and accepted >= wanted:
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return results


def _describe(result: dict) -> str:
    what = (f"lesson seed {result['seed']} ({result['blue']} blue, {result['red']} red)"
            if result["kind"] == "lesson" else f"deal seed {result['seed']}")
    text = f"{what}: {result['status']}"
    if result["status"] == S.WON:
        text += (f", {len(result['line'])} moves{' (proven shortest)' if result['proven'] else ''}"
                 f", {result['winning_first_moves']}/{result['first_moves']} first moves win"
                 f", {result['decide_nodes']} nodes, score {result['score']}")
    return text + f" [{result['seconds']} s]"


def generate(args) -> int:
    out_folder = Path(args.out)
    started = time.perf_counter()

    def log(result, ok):
        if args.verbose or ok:
            print(("  kept  " if ok else "  skip  ") + _describe(result), flush=True)

    count = min(args.lessons, len(LESSONS))
    print(f"lessons: {count} wanted, up to {LESSON_TRIES} tries each", flush=True)
    lessons = []
    for i, (blue, red) in enumerate(LESSONS[:count]):
        found = None
        for start in range(0, LESSON_TRIES, max(1, args.jobs)):
            batch = [dict(kind="lesson", seed=LESSON_SEED_BASE + 100 * i + j, blue=blue,
                          red=red, time=args.lesson_time, share_time=args.share_time)
                     for j in range(start, min(LESSON_TRIES, start + max(1, args.jobs)))]
            results = _run(batch, args.jobs, lambda r: False, None,
                           lambda r, ok: args.verbose and log(r, ok))
            found = next((r for r in results if r["status"] == S.WON and r["proven"]), None)
            if found:
                break
        if found:
            lessons.append(found)
            log(found, True)
        else:
            print(f"  no lesson for ({blue} blue, {red} red) in {LESSON_TRIES} tries",
                  flush=True)

    print(f"deals: {args.deals} wanted, seeds from {args.first_seed}", flush=True)
    deal_tasks = (dict(kind="deal", seed=seed, time=args.time, share_time=args.share_time)
                  for seed in range(args.first_seed, args.first_seed + args.max_seeds))
    deal_results = _run(deal_tasks, args.jobs, lambda r: r["status"] == S.WON, args.deals, log)
    deals = [r for r in deal_results if r["status"] == S.WON]
    statuses = [r["status"] for r in deal_results]

    chosen = sorted(lessons + deals, key=lambda r: (r["score"], r["kind"] != "lesson",
                                                    r["seed"]))
    levels = []
    for rank, result in enumerate(chosen):
        difficulty = 1 + rank * 5 // len(chosen)
        number = f"{rank + 1:03d}"
        if result["kind"] == "lesson":
            source = (f"lesson from deal seed {result['seed']}: {result['blue']} of 17 blue "
                      f"and {result['red']} of 17 red kept, the rest white")
        else:
            source = (f"deal seed {result['seed']} of the real set-up (17 red, 17 blue, "
                      f"3 white, white corners)")
        measures = (f"winning first moves {result['winning_first_moves']} of "
                    f"{result['first_moves']} ({round(100 * result['share'])}%), decision "
                    f"nodes {result['decide_nodes']}, captures {result['captures']}, "
                    f"first line found {result['first_line_length']}, lower bound "
                    f"{result['lower_bound']}, score {result['score']}")
        levels.append(Level(id=number, title=TITLES[rank % len(TITLES)], difficulty=difficulty,
                            par=len(result["line"]), line=result["line"],
                            position=result["position"], par_proven=result["proven"],
                            kind=result["kind"], source=source, measures=measures))

    written = same = kept_old = 0
    if not args.dry_run:
        out_folder.mkdir(parents=True, exist_ok=True)
    for level in levels:
        text = format_level(level)
        path = out_folder / f"{level.id}.txt"
        parse_level(text, str(path))          # never write a level that does not check
        if args.dry_run:
            continue
        if path.exists():
            old = path.read_bytes()
            if old == text.encode("utf-8"):
                same += 1
                continue
            if not args.force:
                kept_old += 1
                print(f"  {path} exists and differs: kept (use --force to overwrite)")
                continue
        path.write_text(text, encoding="utf-8", newline="\n")
        written += 1

    pars = [lv.par for lv in levels]
    print()
    print(f"summary: {len(levels)} levels ({len(lessons)} lessons, {len(deals)} deals) "
          f"in {time.perf_counter() - started:.0f} s")
    print(f"  deals searched: {len(deal_results)} seeds: "
          + ", ".join(f"{statuses.count(s)} {s}" for s in (S.WON, S.LOST, S.UNDECIDED)))
    if levels:
        print(f"  par {min(pars)} to {max(pars)}; proven shortest: "
              f"{sum(bool(lv.par_proven) for lv in levels)} of {len(levels)}")
        for d, word in DIFFICULTY_NAMES.items():
            tier = [lv for lv in levels if lv.difficulty == d]
            if tier:
                print(f"  {d} {word:9}: {len(tier):2} levels, par "
                      f"{min(lv.par for lv in tier)}-{max(lv.par for lv in tier)}, "
                      f"{sum(lv.kind == 'lesson' for lv in tier)} lessons")
    if args.dry_run:
        print("  dry run: nothing written")
    else:
        print(f"  files: {written} written, {same} unchanged, {kept_old} differing kept, "
              f"in {out_folder}")
    return 0


def check(args) -> int:
    levels, errors = load_levels(args.folder)
    for level in levels:
        proven = {True: "proven", False: "not proven", None: "?"}[level.par_proven]
        print(f"{level.id}  {level.title:16} difficulty {level.difficulty} "
              f"({level.difficulty_name}), par {level.par} ({proven}), {level.kind}")
    for message in errors:
        print("ERROR " + message)
    print(f"{len(levels)} levels, {len(errors)} errors")
    return 1 if errors else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.levels",
                                     description="Xoliba solitaire levels: generate, check.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    gen = commands.add_parser("generate", help="deal, solve, grade and write level files")
    gen.add_argument("--out", default=str(LEVELS_FOLDER), help="folder (default: levels/)")
    gen.add_argument("--lessons", type=int, default=len(LESSONS),
                     help=f"teaching levels with fewer pieces (at most {len(LESSONS)})")
    gen.add_argument("--deals", type=int, default=34, help="winnable real deals wanted")
    gen.add_argument("--first-seed", type=int, default=1, help="first deal seed")
    gen.add_argument("--max-seeds", type=int, default=1000, help="deal seeds to try at most")
    gen.add_argument("--time", type=float, default=12.0,
                     help="solver seconds per deal (decision, then shortest line)")
    gen.add_argument("--lesson-time", type=float, default=4.0, help="solver seconds per lesson")
    gen.add_argument("--share-time", type=float, default=0.5,
                     help="solver seconds per first move, for the share of winning first moves")
    gen.add_argument("--jobs", type=int, default=2, help="worker processes")
    gen.add_argument("--force", action="store_true", help="overwrite differing level files")
    gen.add_argument("--dry-run", action="store_true", help="grade and report, write nothing")
    gen.add_argument("-v", "--verbose", action="store_true", help="report every candidate")
    gen.set_defaults(run=generate)
    chk = commands.add_parser("check", help="load every level file and report")
    chk.add_argument("folder", nargs="?", default=None, help="folder (default: levels/)")
    chk.set_defaults(run=check)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
