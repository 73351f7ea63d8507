"""`python -m game.bench records-fuzz`: hostile game records thrown at game.records.loads.

Valid records of every game and mode (game/testing/record_fuzz.py) are loaded as they
are; every option line of each is given each value of JSON_VALUES (every JSON type);
then they are broken --cases times more in its ways (bytes flipped and deleted, truncated, two
records spliced, headers shuffled or repeated, huge numbers, NUL bytes, odd Unicode,
option values of every JSON type...), and each is loaded, some of them from a caller
deep in the stack. Targets: zero exceptions other than ValueError, and none over
--limit seconds (2). Printed: the cases per mutation, loaded / refused / crashed, the
slowest, and each crash's traceback (the first few).

Then the long records: each game that can make a legal record of 60,000 moves (its
record's `long_record`; Che's, of tiles in a row with an unlimited pool, is 0.99 MB)
has it loaded, saved again with dumps and checked equal, --long-runs times: median and
worst seconds against LONG_TARGET (3 s).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter, defaultdict

LONG_TARGET = 3.0
LONG_MOVES = 60_000
DEEP_CALLER = 200               # frames below the caller of a deep case


def add_arguments(parser) -> None:
    parser.add_argument("--cases", type=int, default=20_000,
                        help="mutated records (default 20,000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--limit", type=float, default=2.0,
                        help="most seconds one record may take (default 2)")
    parser.add_argument("--long-runs", type=int, default=3,
                        help="loads of each long record (default 3; 0 skips them)")


def _deep(depth: int, text: str):
    """check(text) from `depth` frames further down the stack."""
    from game.testing.record_fuzz import check
    return _deep(depth - 1, text) if depth else check(text)


def run(args) -> int:
    import game.rules
    from game.testing.record_fuzz import check, mutate, option_sweep, valid_records

    if args.cases < 0 or args.long_runs < 0:
        raise SystemExit("--cases and --long-runs must be 0 or more")
    started = time.perf_counter()
    records = valid_records(args.seed)
    print(f"Records fuzz: {len(records)} valid records of every game and mode; each option "
          f"given every JSON type, then {args.cases:,} mutated; seed {args.seed}, limit "
          f"{args.limit:g} s")
    verdicts: Counter = Counter()
    per_mutation: dict[str, Counter] = defaultdict(Counter)
    slowest = (0.0, "")
    crashes, slow = [], []
    invalid = [index for index, text in enumerate(records) if check(text).verdict != "loaded"]
    rng = random.Random(f"records-fuzz:{args.seed}")
    sweep = list(option_sweep(records))
    cases = len(sweep) + args.cases
    for case in range(cases):
        name, text = sweep[case] if case < len(sweep) else \
            mutate(rng.choice(records), rng, records)
        result = _deep(DEEP_CALLER, text) if case % 10 == 0 else check(text)
        verdicts[result.verdict] += 1
        for part in set(name.split("+")):
            per_mutation[part][result.verdict] += 1
        if result.seconds > slowest[0]:
            slowest = (result.seconds, name)
        if result.verdict == "crashed":
            crashes.append((case, name, text, result.detail))
        if result.seconds > args.limit:
            slow.append((case, name, result.seconds))
    print(f"{'mutation':<16} {'cases':>7} {'loaded':>7} {'refused':>8} {'crashed':>8}")
    for part in sorted(per_mutation):
        counts = per_mutation[part]
        print(f"{part:<16} {sum(counts.values()):7,} {counts['loaded']:7,} "
              f"{counts['refused']:8,} {counts['crashed']:8,}")
    print(f"{'all':<16} {cases:7,} {verdicts['loaded']:7,} {verdicts['refused']:8,} "
          f"{verdicts['crashed']:8,}   slowest {slowest[0]:.3f} s ({slowest[1]})")
    for case, name, text, detail in crashes[:5]:
        print(f"\ncrash in case {case} ({name}): {text[:200]!r}\n{detail}")
    for case, name, seconds in slow[:5]:
        print(f"slow: case {case} ({name}) took {seconds:.2f} s")
    failed = bool(crashes or slow or invalid)
    if invalid:
        print(f"valid records refused: {invalid[:10]}")
    print(f"{len(crashes)} crashes, {len(slow)} over {args.limit:g} s "
          f"({time.perf_counter() - started:.0f} s in all)")
    for spec in game.rules.in_order() if args.long_runs else ():
        if spec.long_record:
            text = spec.load("long_record")(LONG_MOVES)
            failed |= not _long_record(spec, text, args.long_runs)
    print("PASS" if not failed else "FAIL")
    return 1 if failed else 0


def _long_record(spec, text: str, runs: int) -> bool:
    import game.records
    loads, saves = [], []
    for _ in range(runs):
        started = time.perf_counter()
        state, _headers = game.records.loads(text)
        loads.append(time.perf_counter() - started)
        started = time.perf_counter()
        same = game.records.dumps(state) == text
        saves.append(time.perf_counter() - started)
        if not same:
            print("the long record saved again differs from the one loaded")
            return False
    median = statistics.median(loads)
    print(f"long record: {LONG_MOVES:,} {spec.title} moves, {len(text.encode()):,} bytes: "
          f"load median {median:.2f} s, worst {max(loads):.2f} s (target <= {LONG_TARGET:g} s: "
          f"{'PASS' if median <= LONG_TARGET else 'FAIL'}); save again median "
          f"{statistics.median(saves):.2f} s; {runs} runs")
    return median <= LONG_TARGET


if __name__ == "__main__":
    sys.exit("run it as: python -m game.bench records-fuzz")
