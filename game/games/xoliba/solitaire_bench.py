"""`python -m game.bench solitaire`: the Xoliba solitaire solver on seeded real deals and
on the shipped levels of levels/.

Deals: for N deals (seeds seed..seed+N-1, the real solitaire set-up of
game.rules.get("xoliba").new_game(seed=s, options={"players": 1})), each solved within a
time budget: how many are proved winnable, proved lost (by the capture bound alone, or by
search) and undecided, with median times; for the winnable ones the length of the line
found and whether it is proved shortest.

Levels: every level of levels/ (game.games.xoliba.levels.load_levels), solved the same way
with the same budget and process pool. Each must be proved winnable; the median and the
maximum time to decide a level are checked against LEVEL_TARGETS (the exit status is 1 if
a target is missed, a level is not proved winnable or a file does not load), and the line
found is compared with the level's par.

"decide" times are the time to the won/lost decision; a winnable position then spends what
is left of its budget shortening its line and proving it shortest, which the "total" time
includes.

Targets (deals): at least DECIDED_TARGET of the deals decided (proved winnable or proved
lost) within the budget, and the peak memory of a solve at most MEMORY_TARGET_MB. The peak
is the worker process's maximum resident set size after the deal (ru_maxrss): an upper
bound on what the deal needed, since it includes the process's start and its earlier deals.

--levels-only skips the deals, --no-levels skips the levels; the default runs both.

Puzzles (--puzzles, alone): the solitaire puzzle set, levels/puzzles/solitaire.json,
proven again in full: every first move of every level decided by the solver within its
node budget (solitaire_tactics.first_moves), and the moves that win compared with the
set's answers. The test suite only checks the set's certificates (each answer's winning
line, and that answers and others are the legal first moves); that every other first move
loses is proven here. The exit status is 1 if a level's answers differ, a first move is
left undecided or a level has no puzzle; --only takes some level ids (18,24,30-32).

The strength bench runs the deals too, as its section `solitaire` (strength_section).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

# seconds to decide a shipped level, on the reference machine: (median, max)
LEVEL_TARGETS = (5.0, 30.0)
# share of the deals to decide within the budget, and the peak memory of a solve
DECIDED_TARGET = 0.99
MEMORY_TARGET_MB = 500


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of deals)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is needed, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1 is needed, not {value}")
    return value


def add_arguments(parser) -> None:
    parser.add_argument("--deals", type=positive_int, default=100,
                        help="number of deals (default 100)")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="seconds per deal or level (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default 2)")
    parser.add_argument("--no-shortest", action="store_true",
                        help="only decide; do not shorten lines or prove them shortest")
    parser.add_argument("--verbose", action="store_true", help="one line per deal and level")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--levels-only", action="store_true", help="skip the deals")
    only.add_argument("--no-levels", action="store_true", help="skip the shipped levels")
    only.add_argument("--puzzles", action="store_true",
                      help="only prove the solitaire puzzles' answers again, in full")
    parser.add_argument("--only", default=None,
                        help="with --puzzles: these level ids only (e.g. 18,24,30-32)")


def add_strength_arguments(parser) -> None:
    """The strength bench's arguments for its section `solitaire`."""
    parser.add_argument("--deals", type=positive_int, default=300,
                        help="solitaire: seeded deals to solve (default 300)")
    parser.add_argument("--deal-seconds", type=float, default=30.0,
                        help="solitaire: seconds per deal (default 30)")


def strength_section(args) -> list:
    """The strength bench's section `solitaire`: the solver on seeded deals, in worker
    processes (their peak memory is the solver's)."""
    print()
    deal_args = argparse.Namespace(seed=0, deals=args.deals, budget=args.deal_seconds,
                                   no_shortest=True, verbose=False, jobs=args.jobs)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return run_deals(deal_args, pool)


def _peak_mb() -> float:
    """This process's peak resident set size so far, in MB (ru_maxrss: KB on Linux)."""
    try:
        import resource
    except ImportError:                 # Windows: not measured (nan: the target fails)
        return float("nan")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _row(res) -> dict:
    return {"status": res.status, "reason": res.reason,
            "length": res.length, "first_length": res.first_line_length,
            "proven": res.proven_shortest, "lower": res.lower_bound,
            "nodes": res.nodes, "decide_nodes": res.decide_nodes,
            "decide_seconds": res.decide_seconds, "seconds": res.seconds,
            "peak_mb": _peak_mb()}


def solve_deal(seed: int, budget: float, shortest: bool) -> dict:
    import game.rules
    from game.games.xoliba import solver

    board = game.rules.get("xoliba").new_game(seed=seed, options={"players": 1}).board
    res = solver.solve(board, time_budget=budget, shortest=shortest)
    return {"seed": seed, **_row(res)}


def solve_level(level, budget: float, shortest: bool) -> dict:
    from game.games.xoliba import solver

    res = solver.solve(level.new_game().board, time_budget=budget, shortest=shortest)
    return {"id": level.id, "title": level.title, "difficulty": level.difficulty,
            "kind": level.kind, "par": level.par, "par_proven": level.par_proven, **_row(res)}


def _map(pool, fn, items, *args) -> list:
    # pool is None with --jobs 1: solve in this process, one after the other
    extra = [[a] * len(items) for a in args]
    return list(pool.map(fn, items, *extra) if pool is not None else map(fn, items, *extra))


def _median(values) -> str:
    return f"{statistics.median(values):.2f} s" if values else "-"


def run(args) -> int:
    started = time.perf_counter()
    status = 0
    # one pool for both sections: the workers start (and import the solver) once
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        if args.puzzles:
            status = run_puzzles(args, pool)
        else:
            if not args.levels_only:
                run_deals(args, pool)
            if not args.no_levels:
                status = run_levels(args, pool)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"wall time {time.perf_counter() - started:.1f} s")
    return status


def run_deals(args, pool) -> list:
    """Solve args.deals seeded deals and print the figures; returns the targets as
    (text, met) pairs: the share decided and the peak memory."""
    seeds = list(range(args.seed, args.seed + args.deals))
    shortest = not args.no_shortest
    print(f"Xoliba solitaire solver bench: {len(seeds)} deals (seeds {seeds[0]}..{seeds[-1]}), "
          f"{args.budget:g} s each, {args.jobs} job(s), shortest lines "
          f"{'on' if shortest else 'off'}")
    rows = _map(pool, solve_deal, seeds, args.budget, shortest)
    if args.verbose:
        for r in rows:
            extra = ""
            if r["status"] == "won":
                extra = (f" line {r['length']} (first {r['first_length']}, "
                         f"{'proved shortest' if r['proven'] else 'shortest >= ' + str(r['lower'])})")
            print(f"  seed {r['seed']:4d}: {r['status']:9s} {r['reason']:8s} "
                  f"decide {r['decide_seconds']:6.2f} s {r['decide_nodes']:8d} nodes, "
                  f"total {r['seconds']:6.2f} s, peak <= {r['peak_mb']:4.0f} MB{extra}")
    won = [r for r in rows if r["status"] == "won"]
    lost = [r for r in rows if r["status"] == "lost"]
    by_bound = [r for r in lost if r["reason"] == "bound"]
    undecided = [r for r in rows if r["status"] == "undecided"]
    n = len(rows)
    print(f"proved winnable  {len(won):4d} ({100 * len(won) / n:.0f}%)  median decide "
          f"{_median([r['decide_seconds'] for r in won])}, max "
          f"{max((r['decide_seconds'] for r in won), default=0):.2f} s")
    print(f"proved lost      {len(lost):4d} ({100 * len(lost) / n:.0f}%)  by the bound alone "
          f"{len(by_bound)}, by search {len(lost) - len(by_bound)} (median "
          f"{_median([r['decide_seconds'] for r in lost if r['reason'] != 'bound'])})")
    print(f"undecided        {len(undecided):4d} ({100 * len(undecided) / n:.0f}%)  "
          f"within {args.budget:g} s"
          + (f": seeds {' '.join(str(r['seed']) for r in undecided)}" if undecided else ""))
    decided = (n - len(undecided)) / n
    decided_ok = decided >= DECIDED_TARGET
    print(f"decided          {100 * decided:5.1f}%  (target >= {100 * DECIDED_TARGET:g}%)  "
          f"{'PASS' if decided_ok else 'FAIL'}")
    slowest = max(rows, key=lambda r: r["decide_seconds"])
    print(f"median decide time, all deals: {_median([r['decide_seconds'] for r in rows])}; "
          f"max {slowest['decide_seconds']:.2f} s (seed {slowest['seed']}); "
          f"median total time {_median([r['seconds'] for r in rows])}")
    biggest = max(rows, key=lambda r: r["peak_mb"])
    memory_ok = biggest["peak_mb"] <= MEMORY_TARGET_MB
    print(f"peak memory      <= {biggest['peak_mb']:.0f} MB (seed {biggest['seed']}; a "
          f"process's peak so far)  (target <= {MEMORY_TARGET_MB} MB)  "
          f"{'PASS' if memory_ok else 'FAIL'}")
    if won:
        lengths = [r["length"] for r in won]
        proven = [r for r in won if r["proven"]]
        print(f"winning lines: length median {statistics.median(lengths):g}, min {min(lengths)}, "
              f"max {max(lengths)}; first line found median "
              f"{statistics.median(r['first_length'] for r in won):g}")
        print(f"proved shortest  {len(proven)} of {len(won)}"
              + (f" (lengths {sorted(r['length'] for r in proven)})" if proven else ""))
        gaps = [r["length"] - r["lower"] for r in won if not r["proven"]]
        if gaps:
            print(f"not proved: gap line - proved lower bound median "
                  f"{statistics.median(gaps):g}, max {max(gaps)}")
    return [(f"solitaire: {100 * decided:.1f}% of {n} deals decided within {args.budget:g} s "
             f"(>= {100 * DECIDED_TARGET:g}%)", decided_ok),
            (f"solitaire: peak memory <= {biggest['peak_mb']:.0f} MB "
             f"(<= {MEMORY_TARGET_MB} MB)", memory_ok)]


def run_levels(args, pool, folder=None) -> int:
    from game.games.xoliba.levels import LEVELS_FOLDER, load_levels

    folder = LEVELS_FOLDER if folder is None else folder
    shortest = not args.no_shortest
    levels, errors = load_levels(folder)
    print(f"Shipped levels: {len(levels)} of {folder}, {args.budget:g} s each, "
          f"{args.jobs} job(s), shortest lines {'on' if shortest else 'off'}")
    rows = time_levels(levels, args.budget, shortest, pool)
    return 0 if report_levels(rows, errors, args.verbose) else 1


def time_levels(levels, budget: float, shortest: bool = True, pool=None) -> list:
    """One row (a dict) per level, in the order given: solve_level within `budget` s."""
    return _map(pool, solve_level, list(levels), budget, shortest)


def _versus_par(r) -> str:
    proof = "proved shortest" if r["proven"] else f"shortest >= {r['lower']}"
    if r["length"] < r["par"]:
        # a shorter line than par: the level's par (and stored line) could be improved
        note = ", although par is marked proven!" if r["par_proven"] else ""
        return f"line {r['length']} < par {r['par']} ({proof}; shorter than par{note})"
    sign = "=" if r["length"] == r["par"] else ">"
    return f"line {r['length']} {sign} par {r['par']} ({proof})"


def _level_line(r) -> str:
    head = (f"  level {r['id']:>3s} d{r['difficulty']} {r['title'][:18]:18s} "
            f"{r['status']:9s} {r['reason']:8s} decide {r['decide_seconds']:6.2f} s "
            f"{r['decide_nodes']:8d} nodes, total {r['seconds']:6.2f} s")
    if r["status"] == "won":
        return f"{head}, {_versus_par(r)}"
    return f"{head}  FAIL: not proved winnable"


def report_levels(rows, errors=(), verbose=False, targets=LEVEL_TARGETS) -> bool:
    """Print the levels section; True if every level loaded, was proved winnable and the
    decide times meet `targets` (median, max seconds)."""
    for message in errors:
        print(f"  FAIL: level file not loaded: {message}")
    for r in rows:
        # a level that is not proved winnable is always listed, verbose or not
        if verbose or r["status"] != "won":
            print(_level_line(r))
    if not rows:
        print("levels: none loaded  FAIL")
        return False
    times = [r["decide_seconds"] for r in rows]
    median, slowest = statistics.median(times), max(rows, key=lambda r: r["decide_seconds"])
    median_ok = median <= targets[0]
    max_ok = slowest["decide_seconds"] <= targets[1]
    won = [r for r in rows if r["status"] == "won"]
    not_won = [r for r in rows if r["status"] != "won"]
    print(f"levels           {len(rows):4d}"
          + (f"  ({len(errors)} file(s) not loaded)" if errors else ""))
    print(f"decide time      median {median:6.2f} s  (target <= {targets[0]:g} s)  "
          f"{'PASS' if median_ok else 'FAIL'}")
    print(f"                 max    {slowest['decide_seconds']:6.2f} s  (target <= "
          f"{targets[1]:g} s)  {'PASS' if max_ok else 'FAIL'}  level {slowest['id']}")
    print(f"proved winnable  {len(won):4d} of {len(rows)}  "
          f"{'PASS' if not not_won else 'FAIL'}")
    if not_won:
        print("not proved winnable: " + ", ".join(f"{r['id']} ({r['status']}, {r['reason']})"
                                                  for r in not_won))
    if won:
        shorter = [r for r in won if r["length"] < r["par"]]
        equal = [r for r in won if r["length"] == r["par"]]
        proven = [r for r in won if r["proven"]]
        print(f"lines vs par     {len(equal)} equal, {len(shorter)} shorter, "
              f"{len(won) - len(equal) - len(shorter)} longer; proved shortest "
              f"{len(proven)} of {len(won)}; median total time "
              f"{_median([r['seconds'] for r in won])}")
        if shorter:
            print("shorter than par: " + ", ".join(
                f"{r['id']} ({r['length']} < {r['par']}"
                f"{', par marked proven' if r['par_proven'] else ''})" for r in shorter))
    ok = median_ok and max_ok and not not_won and not errors
    print(f"levels: {'PASS' if ok else 'FAIL'}")
    return ok


# --- the solitaire puzzles, proven again ---------------------------------------------------
def prove_level(level) -> dict:
    """Every first move of `level` decided again by the solver (in a worker): the moves
    that win and the CPU seconds it took."""
    from game.games.xoliba import solver
    from game.games.xoliba.solitaire_tactics import first_moves

    started = time.process_time()
    decided = first_moves(level.new_game())
    return {"id": level.id, "title": level.title, "first_moves": len(decided),
            "answers": tuple(first.notation for first in decided
                             if first.status == solver.WON),
            "undecided": sum(first.status == solver.UNDECIDED for first in decided),
            "nodes": sum(first.nodes for first in decided),
            "most_nodes": max(first.nodes for first in decided),
            "seconds": time.process_time() - started}


def run_puzzles(args, pool, folder=None, set_file=None) -> int:
    from game.games.xoliba.level_maker import _id_key, parse_ids
    from game.games.xoliba.levels import LEVELS_FOLDER, load_levels
    from game.puzzles import read_set, set_path

    levels, errors = load_levels(LEVELS_FOLDER if folder is None else folder)
    set_file = set_path("solitaire") if set_file is None else set_file
    shipped, problems = read_set(set_file)
    if args.only:
        wanted = parse_ids(args.only)
        levels = [level for level in levels if _id_key(level.id) in wanted]
    print(f"Solitaire puzzles: {len(levels)} levels proven again against {set_file}, "
          f"{args.jobs} job(s)")
    started = time.perf_counter()
    rows = _map(pool, prove_level, levels)
    answers = {puzzle.id: puzzle.answers for puzzle in shipped}
    return 0 if report_puzzles(rows, answers, errors + problems, args.verbose,
                               time.perf_counter() - started) else 1


def report_puzzles(rows, answers: dict, errors=(), verbose=False, wall=0.0) -> bool:
    """Print the puzzles section; True if every level's winning first moves, all decided,
    are its shipped puzzle's answers. `answers`: puzzle id -> answers."""
    for message in errors:
        print(f"  FAIL: {message}")
    failed = 0
    for r in rows:
        shipped = answers.get(f"solitaire-{r['id']}")
        if r["undecided"]:
            verdict = (f"FAIL: {r['undecided']} first move{'s' if r['undecided'] != 1 else ''} "
                       f"undecided")
        elif shipped is None:
            verdict = "FAIL: no shipped puzzle"
        elif r["answers"] != shipped:
            differ = ", ".join(sorted(set(shipped) ^ set(r["answers"])))
            verdict = (f"FAIL: the set says {len(shipped)} win; they differ in "
                       f"{differ[:200]}")
        else:
            verdict = "same answers"
        failed += verdict != "same answers"
        if verbose or verdict != "same answers":
            print(f"  level {r['id']:>3s} {r['title'][:18]:18s} {len(r['answers']):3d} of "
                  f"{r['first_moves']:3d} win, {r['nodes']:10,} nodes, {r['seconds']:7.1f} s "
                  f"CPU  {verdict}")
    seconds = [r["seconds"] for r in rows]
    if rows:
        from game.games.xoliba.solitaire_tactics import PROOF_NODES
        slowest = max(rows, key=lambda r: r["seconds"])
        print(f"CPU time         total {sum(seconds):7.1f} s, median "
              f"{statistics.median(seconds):.1f} s, max {slowest['seconds']:.1f} s (level "
              f"{slowest['id']}); wall {wall:.0f} s")
        hardest = max(rows, key=lambda r: r["most_nodes"])
        print(f"solver nodes     most for one first move {hardest['most_nodes']:,} (level "
              f"{hardest['id']}; the budget is {PROOF_NODES:,})")
    ok = bool(rows) and not failed and not errors
    print(f"puzzles: {len(rows) - failed} of {len(rows)} proven the same  "
          f"{'PASS' if ok else 'FAIL'}")
    return ok
