"""The Xoliba solitaire level generator: `python -m game.games.xoliba.level_maker …`.

    python -m game.games.xoliba.level_maker generate [--lessons 12] [--deals 34] [--time 12]
                                                     [--jobs 2] [--out levels] [--force]
                                                     [--dry-run]
    python -m game.games.xoliba.level_maker check [folder]
    python -m game.games.xoliba.level_maker reprove [--time 60] [--jobs 2] [--only IDS]
                                                    [--folder levels] [--dry-run]
    python -m game.games.xoliba.level_maker puzzles [--jobs 2] [--only IDS]
                                                    [--folder levels] [--out FILE]

`generate` makes two kinds of candidates and keeps only those the solver
(game/games/xoliba/solver.py) proves winnable within its budget:
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

`reprove` runs the solver again on every level file (or those of --only) with a bigger
budget, and rewrites a file in place when the solver finds a strictly shorter winning line
(new line, par, par_proven) or proves a stored par shortest that was not proved; the
other keys are kept (`measures` gets the new captures, lower bound and score). A par is
never made longer.

`puzzles` writes the puzzle set of the levels, levels/puzzles/solitaire.json (the format:
game/puzzles/__init__.py): each level's every winning first move, proven by the solver
within a node budget, with its certificate (solitaire_tactics.py). Node budgets only, so
the same level files always give the same set file. With --only, only those levels are
proven again and the other entries are kept from the file as it is (a long proof can
be made in parts). A level left without an entry is named, and the exit status is 1.

`generate` and `reprove` run the solver under a time budget per position, on --jobs worker processes; results
near the budget can differ from machine to machine, so a rerun may grade a level
differently (and without --force leaves the shipped files alone).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import random
import re
import sys
import time
from pathlib import Path

from game.games.xoliba import solver as S
from game.core import storage
from game.games.xoliba import rules as X
from game.games.xoliba.solitaire_tactics import level_puzzle, level_record
from game.games.xoliba.levels import (DIFFICULTY_NAMES, LEVELS_FOLDER, Level, LevelError,
                                      format_level, level_files, line_notation, load_levels,
                                      parse_level, read_level)

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


notation = line_notation        # the solver's moves as notation, through the real rules


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
        storage.atomic_write_text(path, text)
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


# --- reproving the shipped levels ----------------------------------------------------------
MEASURES = re.compile(r"^winning first moves (?P<wins>\d+) of (?P<firsts>\d+) \(\d+%\), "
                      r"decision nodes (?P<nodes>\d+), captures (?P<captures>\d+), "
                      r"first line found (?P<first>\d+), lower bound (?P<lower>\d+), "
                      r"score (?P<score>[\d.]+)$")


def captures_of(position: str, line) -> int:
    """How many of the solver's moves (frm, to, triangle) capture."""
    red, blue = S.masks_of(X.parse_position(position, 1))
    captures = 0
    for move in line:
        red, blue, cap = S.play(red, blue, move)
        captures += bool(cap)
    return captures


def resolve(task: dict) -> dict:
    """Solve one level's board again (run in a worker process): task has name, position
    and time. The line found, if any, comes back in notation."""
    board = X.parse_position(task["position"], 1)
    res = S.solve(board, time_budget=task["time"])
    out = dict(name=task["name"], status=res.status, proven=res.proven_shortest,
               lower_bound=res.lower_bound, nodes=res.nodes, seconds=round(res.seconds, 1))
    if res.won and res.line:
        out["line"] = notation(task["position"], res.line)
        out["captures"] = captures_of(task["position"], res.line)
    return out


def measures_score(measures: str, par: int) -> float | None:
    """The difficulty score (`score`) of a level with this par, from its measures text;
    None if the text is not the generator's."""
    match = MEASURES.match(measures or "")
    if not match:
        return None
    share = int(match["wins"]) / max(1, int(match["firsts"]))
    return score(dict(line=[None] * par, share=share, decide_nodes=int(match["nodes"])))


def update_measures(measures: str, par: int, lower_bound: int,
                    captures: int | None = None) -> str:
    """The generator's measures text with a new par: its lower bound raised to
    `lower_bound` (never lowered, never above par), its captures (if given) and its score
    recomputed. Any other text is returned unchanged."""
    match = MEASURES.match(measures or "")
    if not match:
        return measures
    values = {key: match[key] for key in ("captures", "lower", "score")}
    values["lower"] = str(min(par, max(int(match["lower"]), lower_bound)))
    if captures is not None:
        values["captures"] = str(captures)
    values["score"] = str(measures_score(measures, par))
    text = measures
    for key in ("score", "lower", "captures"):      # right to left: the spans stay valid
        start, end = match.span(key)
        text = text[:start] + values[key] + text[end:]
    return text


def improve(level: Level, result: dict) -> Level | None:
    """The level with what the solver found (a result of `resolve`), or None if that
    improves nothing. A strictly shorter line replaces the stored one (par_proven: whether
    the solver proved it shortest); a stored par not yet proved becomes proved when the
    solver proves no shorter line wins. Never a longer par."""
    line = result.get("line") or []
    won = result["status"] == S.WON and bool(line)
    if won and len(line) < level.par:
        par = len(line)
        proven = bool(result["proven"]) or result["lower_bound"] >= par
        lower = par if proven else result["lower_bound"]
        return dataclasses.replace(level, par=par, line=list(line), par_proven=proven,
                                   measures=update_measures(level.measures, par, lower,
                                                            result.get("captures")))
    if not level.par_proven and (result["lower_bound"] >= level.par
                                 or (won and result["proven"] and len(line) == level.par)):
        return dataclasses.replace(level, par_proven=True,
                                   measures=update_measures(level.measures, level.par,
                                                            level.par))
    return None


def write_atomic(path: Path, text: str, expected: bytes | None = None) -> None:
    """Write `text` to `path` atomically (storage.atomic_write_text). With `expected`,
    refuse (OSError) if the file no longer holds those bytes (someone else changed it
    meanwhile)."""
    path = Path(path)
    if expected is not None and path.read_bytes() != expected:
        raise OSError(f"{path} changed on disk since it was read: not written")
    storage.atomic_write_text(path, text)


def parse_ids(text: str) -> set:
    """--only: ids separated by commas, ranges with '-' ("18,24,30-32"); numbers are
    compared as numbers (18 is 018)."""
    wanted = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if dash and low.strip().isdigit() and high.strip().isdigit():
            wanted.update(range(int(low), int(high) + 1))
        else:
            wanted.add(int(part) if part.isdigit() else part)
    return wanted


def _id_key(level_id: str):
    return int(level_id) if level_id.isdigit() else level_id


def _outcome(old: Level, new: Level | None, result: dict) -> str:
    def proven(flag):
        return "proven" if flag else "not proven"
    line = result.get("line")
    found = (f"solver: {len(line)} moves{' proven' if result['proven'] else ''}, "
             if line else f"solver: {result['status']}, ")
    found += f"lower bound {result['lower_bound']}; {result['seconds']} s, {result['nodes']} nodes"
    head = f"{old.id}  {old.title:16}"
    if new is None:
        return f"{head} par {old.par} unchanged ({proven(old.par_proven)})  [{found}]"
    par = f"par {old.par} -> {new.par}" if new.par != old.par else f"par {old.par}"
    return f"{head} {par} ({proven(old.par_proven)} -> {proven(new.par_proven)})  [{found}]"


def reprove(args) -> int:
    folder = Path(args.folder) if args.folder else LEVELS_FOLDER
    started = time.perf_counter()
    wanted = parse_ids(args.only) if args.only else None
    chosen, errors = [], []           # (path, original bytes, level)
    every = {}                        # id -> level, every good file (for the order report)
    for path in level_files(folder):
        try:
            data = path.read_bytes()
            level = read_level(path)
        except (OSError, LevelError) as exc:
            errors.append(str(exc))
            continue
        every[level.id] = level
        if wanted is None or _id_key(level.id) in wanted or path.stem in wanted:
            chosen.append((path, data, level))
    if wanted is not None:
        found = {_id_key(level.id) for _, _, level in chosen} | {p.stem for p, _, _ in chosen}
        for missing in sorted(wanted - found, key=str):
            errors.append(f"--only: no level {missing} in {folder}")
    for message in errors:
        print("ERROR " + message, flush=True)
    print(f"reprove: {len(chosen)} levels of {folder}, {args.time:g} s each, "
          f"{args.jobs} job{'s' if args.jobs != 1 else ''}"
          f"{', dry run' if args.dry_run else ''}", flush=True)

    by_name = {str(path): (path, data, level) for path, data, level in chosen}
    tasks = [dict(name=str(path), position=level.position, time=args.time)
             for path, _, level in chosen]
    changes = []                      # (old, new, result)
    failures = 0
    pool = None
    if args.jobs <= 1 or len(tasks) <= 1:
        iterator = map(resolve, tasks)
    else:
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork") \
            .Pool(min(args.jobs, len(tasks)), maxtasksperchild=1)
        iterator = pool.imap_unordered(resolve, tasks)
    try:
        for result in iterator:
            path, data, old = by_name[result["name"]]
            if result["status"] == S.LOST:
                # the stored line wins (it was replayed on loading): a solver fault
                print(f"{old.id}  {old.title:16} ERROR the solver says lost, but the stored "
                      f"line wins: unchanged", flush=True)
                failures += 1
                continue
            new = improve(old, result)
            note = ""
            if new is not None:
                text = format_level(new)
                parse_level(text, str(path))      # never write a level that does not check
                changes.append((old, new, result))
                every[new.id] = new
                if old.par_proven and new.par < old.par:
                    note = "  (the stored par was marked proven!)"
                if args.dry_run:
                    note += "  (dry run: not written)"
                else:
                    try:
                        write_atomic(path, text, expected=data)
                    except OSError as exc:
                        note += f"  ERROR {exc}"
                        failures += 1
            print(_outcome(old, new, result) + note, flush=True)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()

    shorter = [(o, n) for o, n, _ in changes if n.par < o.par]
    proved = [(o, n) for o, n, _ in changes if n.par_proven and not o.par_proven]
    print()
    print(f"summary: {len(chosen)} level{'s' if len(chosen) != 1 else ''} in "
          f"{time.perf_counter() - started:.0f} s: "
          f"{len(changes)} {'would change' if args.dry_run else 'changed'}, "
          f"{len(chosen) - len(changes)} unchanged")
    if shorter:
        print("  shorter par: " + ", ".join(
            f"{o.id} {o.par} -> {n.par}{' (proven)' if n.par_proven else ''}"
            for o, n in sorted(shorter, key=lambda c: _id_key(c[0].id))))
    if proved:
        print("  newly proven shortest: " + ", ".join(
            f"{o.id} (par {n.par})" for o, n in sorted(proved, key=lambda c: _id_key(c[0].id))))
    levels = sorted(every.values(), key=lambda lv: _id_key(lv.id))
    print(f"  proven shortest now: {sum(bool(lv.par_proven) for lv in levels)} of "
          f"{len(levels)} levels")
    if changes:
        _report_order(levels)
    if args.dry_run:
        print("  dry run: nothing written")
    if errors or failures:
        print(f"  {len(errors) + failures} error{'s' if len(errors) + failures != 1 else ''}")
    return 1 if errors or failures else 0


def _report_order(levels) -> None:
    """Levels are numbered by difficulty score: say where new pars break that order (the
    files are not renumbered)."""
    scores = [(lv, measures_score(lv.measures, lv.par)) for lv in levels]
    scores = [(lv, s) for lv, s in scores if s is not None]
    broken = [f"{lv.id} ({s}) after {prev.id} ({ps})"
              for (prev, ps), (lv, s) in zip(scores, scores[1:]) if s < ps]
    if not broken:
        print("  difficulty order: scores still rise with the level numbers")
        return
    print("  difficulty order: scores now fall at " + ", ".join(broken)
          + " (files not renumbered)")
    ranked = sorted(scores, key=lambda item: item[1])
    moved = []
    for rank, (lv, _) in enumerate(ranked):
        tier = 1 + rank * 5 // len(ranked)
        if tier != lv.difficulty:
            moved.append(f"{lv.id} {lv.difficulty} -> {tier}")
    if moved:
        print("  by rank the difficulties would be: " + ", ".join(moved)
              + " (not changed)")


# --- the puzzle set of the levels ------------------------------------------------------------
PUZZLE_SET = LEVELS_FOLDER / "puzzles" / "solitaire.json"


def level_entry(level: Level) -> tuple[str, dict | str]:
    """(id, the set file's entry of the level, or why it has none); run in a worker."""
    started = time.process_time()
    try:
        entry = level_puzzle(level)
    except ValueError as exc:
        return level.id, str(exc)
    print(f"{level.id}  {level.title:16} {len(entry['answers']):3} of "
          f"{entry['measures']['first_moves']:3} first moves win, "
          f"{entry['measures']['nodes']:9,} nodes, {time.process_time() - started:6.1f} s",
          flush=True)
    return level.id, entry


def puzzle_set_text(entries: list) -> str:
    """The set file's text: the same entries always give the same bytes."""
    data = {"format": 1, "game": "xoliba", "seed": None, "puzzles": entries}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def puzzles(args) -> int:
    folder = Path(args.folder) if args.folder else LEVELS_FOLDER
    out = Path(args.out) if args.out else PUZZLE_SET
    started = time.perf_counter()
    levels, errors = load_levels(folder)
    kept = {}
    wanted = parse_ids(args.only) if args.only else None
    if wanted is not None:
        chosen = [lv for lv in levels if _id_key(lv.id) in wanted]
        if out.exists():
            kept = {entry["id"]: entry for entry in json.loads(out.read_text("utf-8"))["puzzles"]}
    else:
        chosen = levels
    print(f"puzzles: {len(chosen)} of {len(levels)} levels of {folder} to prove, "
          f"{args.jobs} job{'s' if args.jobs != 1 else ''}", flush=True)
    if args.jobs <= 1 or len(chosen) <= 1:
        results = dict(map(level_entry, chosen))
    else:
        context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
        with context.Pool(min(args.jobs, len(chosen)), maxtasksperchild=1) as pool:
            results = dict(pool.imap_unordered(level_entry, chosen))
    entries, missing = [], []
    for level in levels:
        entry = results.get(level.id, kept.get(f"solitaire-{level.id}"))
        if isinstance(entry, dict) and entry["record"] != level_record(level):
            entry = f"level {level.id}: its entry in {out} is of another position"
        if isinstance(entry, dict):
            entries.append(entry)
        elif entry is None:
            missing.append(level.id)
        else:
            errors.append(entry)
    if missing:
        errors.append(f"levels not proven yet (no entry in {out}): {', '.join(missing)}")
    out.parent.mkdir(parents=True, exist_ok=True)
    storage.atomic_write_text(out, puzzle_set_text(entries))
    print(f"{len(entries)} puzzles written to {out} in {time.perf_counter() - started:.0f} s")
    for message in errors:
        print("ERROR " + message, flush=True)
    return 1 if errors else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.games.xoliba.level_maker",
                                     description="Xoliba solitaire levels: generate, check, reprove; their puzzle set.")
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
    rep = commands.add_parser("reprove", help="solve every level again; rewrite a file when "
                                              "a shorter line is found or its par proved")
    rep.add_argument("--time", type=float, default=60.0, help="solver seconds per level")
    rep.add_argument("--jobs", type=int, default=2, help="worker processes")
    rep.add_argument("--only", default=None,
                     help="level ids, separated by commas, ranges with '-' (e.g. 18,24,30-32)")
    rep.add_argument("--folder", default=None, help="folder (default: levels/)")
    rep.add_argument("--dry-run", action="store_true", help="report, write nothing")
    rep.set_defaults(run=reprove)
    puz = commands.add_parser("puzzles", help="prove every level's winning first moves and "
                                              "write the puzzle set levels/puzzles/solitaire.json")
    puz.add_argument("--jobs", type=int, default=2, help="worker processes")
    puz.add_argument("--only", default=None,
                     help="prove only these level ids (e.g. 18,24,30-32); keep the others' "
                          "entries from the file")
    puz.add_argument("--folder", default=None, help="level folder (default: levels/)")
    puz.add_argument("--out", default=None, help=f"set file (default: {PUZZLE_SET})")
    puz.set_defaults(run=puzzles)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
