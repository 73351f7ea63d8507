"""`python -m game.bench solitaire`: the Xoliba solitaire solver on seeded real deals.

For N deals (seeds seed..seed+N-1, the real solitaire set-up of
game.rules.get("xoliba").new_game(seed=s, options={"players": 1})), each solved within a
time budget: how many are proved winnable, proved lost (by the capture bound alone, or by
search) and undecided, with median times; for the winnable ones the length of the line
found and whether it is proved shortest.

"decide" times are the time to the won/lost decision; a winnable deal then spends what is
left of its budget shortening its line and proving it shortest, which the "total" time
includes.

Shipped levels: there are no level files yet. When `levels/` exists, time each level the
same way here (see LEVELS_SECTION below) and check that each is winnable with its par.
"""
from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

LEVELS_SECTION = None      # later: a function timing the shipped levels of levels/


def add_arguments(parser) -> None:
    parser.add_argument("--deals", type=int, default=100, help="number of deals (default 100)")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="seconds per deal (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default 2)")
    parser.add_argument("--no-shortest", action="store_true",
                        help="only decide; do not shorten lines or prove them shortest")
    parser.add_argument("--verbose", action="store_true", help="one line per deal")


def solve_deal(seed: int, budget: float, shortest: bool) -> dict:
    import game.rules
    from game.ai import xoliba_solver as solver

    board = game.rules.get("xoliba").new_game(seed=seed, options={"players": 1}).board
    res = solver.solve(board, time_budget=budget, shortest=shortest)
    return {"seed": seed, "status": res.status, "reason": res.reason,
            "length": res.length, "first_length": res.first_line_length,
            "proven": res.proven_shortest, "lower": res.lower_bound,
            "nodes": res.nodes, "decide_nodes": res.decide_nodes,
            "decide_seconds": res.decide_seconds, "seconds": res.seconds}


def _median(values) -> str:
    return f"{statistics.median(values):.2f} s" if values else "-"


def run(args) -> int:
    seeds = list(range(args.seed, args.seed + args.deals))
    shortest = not args.no_shortest
    print(f"Xoliba solitaire solver bench: {len(seeds)} deals (seeds {seeds[0]}..{seeds[-1]}), "
          f"{args.budget:g} s each, {args.jobs} job(s), shortest lines "
          f"{'on' if shortest else 'off'}")
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(solve_deal, seeds, [args.budget] * len(seeds),
                                 [shortest] * len(seeds)))
    else:
        rows = [solve_deal(s, args.budget, shortest) for s in seeds]
    if args.verbose:
        for r in rows:
            extra = ""
            if r["status"] == "won":
                extra = (f" line {r['length']} (first {r['first_length']}, "
                         f"{'proved shortest' if r['proven'] else 'shortest >= ' + str(r['lower'])})")
            print(f"  seed {r['seed']:4d}: {r['status']:9s} {r['reason']:8s} "
                  f"decide {r['decide_seconds']:6.2f} s {r['decide_nodes']:8d} nodes, "
                  f"total {r['seconds']:6.2f} s{extra}")
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
          f"within {args.budget:g} s")
    print(f"median decide time, all deals: {_median([r['decide_seconds'] for r in rows])}; "
          f"median total time {_median([r['seconds'] for r in rows])}")
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
    print(f"levels: none shipped yet (levels/ does not exist)")
    print(f"wall time {time.perf_counter() - started:.1f} s")
    return 0
