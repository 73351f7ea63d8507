"""The puzzle generator and checker (docs/PUZZLES.md):

    python -m game.tools.puzzles generate --game xtic --seed 1 [--count 75]
    python -m game.tools.puzzles check [--game xtic]
    python -m game.tools.puzzles stats

`generate` cuts puzzles for one game from the positions its kit gives
(game/puzzles/kit.py: self-play of the computer levels, blunders the analysis marks):

1. each candidate position is tried for the kit's goals in turn; the first goal proven
   there makes the position's puzzle (a position makes one puzzle at most, and one game
   at most MOST_FROM_ONE_GAME, so the set is not one game's variations);
2. once POOL_FACTOR × count puzzles are proven (or the candidates run out), each is
   graded: how often each of the kit's trial levels misses it (TRIALS moves each, seeded
   rngs), how many tempting moves fail (the proof's measure), how many turns it takes;
3. the pool is split by that score into four equal grades, and the set takes the same
   number from each, evenly spread; its ratings rise with the score.

Everything is seeded and budgeted by nodes, never by the clock: the same seed gives the
same file. The file is written atomically, and only once everything is proven.

`check` reads every shipped set and verifies every puzzle with its kit (what the test
suite does); `stats` counts them per grade and kind.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass

import game.records
import game.rules
from game.ai import choose_move
from game.core import storage
from game.core.registry import load_reference
from game.puzzles import (GRADES, kit_reference, puzzle_from_data, read_set, set_names,
                          set_path)

POOL_FACTOR = 2             # puzzles proven per puzzle kept: the grades have a choice
MOST_FROM_ONE_GAME = 2      # puzzles cut from one game (one seed and set of options)
MOST_CANDIDATES = 200_000   # candidate positions looked at, at most
TRIALS = 3                  # moves asked of each trial level, to see how often it misses
FIRST_RATING, GRADE_STEP = 1100, 250    # a grade's lowest rating, and the step between: a
#                                         new player (1500) starts among the medium ones


@dataclass
class Found:
    """A proven puzzle, before it is graded."""
    state: object
    kind: str
    n: int | None
    proof: object
    source: str
    score: float = 0.0
    misses: dict | None = None


def kit_of(set_name: str):
    reference = kit_reference(set_name)
    if not reference:
        raise SystemExit(f"{set_name} has no puzzle kit")
    return load_reference(reference)


def _group(state) -> tuple:
    """The game a position comes from: its seed and options."""
    return state.seed, json.dumps(state.options, sort_keys=True)


def find(kit, seed: int, pool: int, log=print) -> tuple[list[Found], int]:
    """(proven puzzles, candidates looked at): up to `pool` puzzles from kit.candidates."""
    found, seen, per_game = [], set(), Counter()
    looked = 0
    for candidate in kit.candidates(seed):
        if len(found) >= pool or looked >= MOST_CANDIDATES:
            break
        looked += 1
        state = candidate.state
        if state.is_over or state.is_chance or state.to_play is None:
            continue
        group = _group(state)
        position = (group, tuple(state.history))
        if position in seen or per_game[group] >= MOST_FROM_ONE_GAME:
            continue
        seen.add(position)
        for kind, n in candidate.kinds or kit.tries:
            proof = kit.prove(state.copy(), kind, n)
            if proof is not None:
                found.append(Found(state.copy(), kind, n, proof, candidate.source))
                per_game[group] += 1
                if len(found) % 10 == 0:
                    log(f"  {len(found)} proven from {looked} positions")
                break
    return found, looked


def _rng_for(found: Found, level: str, trial: int) -> random.Random:
    text = f"{found.source}|{found.kind}|{found.n}|{level}|{trial}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def grade_score(kit, found: Found) -> float:
    """How hard a puzzle is: the trial levels' misses (a stronger level's count more),
    the tempting moves that fail, and the turns it takes."""
    answers = set(found.proof.answers)
    misses, weighted, weights = {}, 0.0, 0
    for index, level in enumerate(kit.trial_levels, start=1):
        missed = 0
        for trial in range(TRIALS):
            state = found.state.copy()
            move = choose_move(state, level, _rng_for(found, level, trial))
            missed += state.format_move(move) not in answers
        misses[level] = missed
        weighted += index * missed / TRIALS
        weights += index
    found.misses = misses
    tempting = found.proof.measures.get("tempting", 0)
    turns = found.n or 1
    return round(2.0 * weighted / max(1, weights) + 0.15 * min(tempting, 8)
                 + 0.5 * (turns - 1) + (0.2 if len(answers) == 1 else 0.0), 6)


def choose(graded: list[Found], count: int) -> list[tuple[int, Found]]:
    """(grade, puzzle) of `count` puzzles: the pool sorted by score, split into four equal
    bands (the grades), the same number taken from each band, evenly spread over it."""
    ordered = sorted(graded, key=lambda found: found.score)
    bands = len(GRADES)
    chosen = []
    for band in range(bands):
        members = ordered[band * len(ordered) // bands:(band + 1) * len(ordered) // bands]
        want = count // bands + (1 if band < count % bands else 0)
        if not members:
            continue
        step = len(members) / min(want, len(members))
        chosen += [(band + 1, members[int(i * step)]) for i in range(min(want, len(members)))]
    return chosen


def entry(kit, game_name: str, number: int, grade: int, rank: float, found: Found) -> dict:
    """A puzzle of the set file, checked like a shipped one."""
    proof = found.proof
    data = {
        "id": f"{game_name}-{number:03d}", "game": game_name, "kind": found.kind,
        "n": found.n, "goal": kit.goal(found.kind, found.n),
        "record": game.records.dumps(found.state), "answers": list(proof.answers),
        "forced": proof.forced, "explanation": proof.explanation, "notes": list(proof.notes),
        "grade": grade, "rating": FIRST_RATING + GRADE_STEP * (grade - 1) + round(rank * 200),
        "source": found.source,
        "measures": {**proof.measures, "score": found.score, "misses": found.misses},
        "certificate": kit.certify(found.state.copy(), found.kind, found.n, proof),
    }
    puzzle_from_data(data, game_name)       # the file's own checks, before it is written
    return data


def generate(game_name: str, seed: int, count: int, out=None, log=print) -> dict:
    """Cut, grade and choose `count` puzzles of `game_name`; write them to `out` (default
    the shipped file) unless `out` is False. Returns the set with its figures."""
    kit = kit_of(game_name)
    started = time.process_time()
    found, looked = find(kit, seed, POOL_FACTOR * count, log)
    proving = time.process_time() - started
    log(f"{game_name}: {len(found)} puzzles proven from {looked} positions "
        f"in {proving:.1f} s CPU; grading")
    for item in found:
        item.score = grade_score(kit, item)
    chosen = choose(found, count)
    chosen.sort(key=lambda pair: (pair[0], pair[1].score))
    puzzles = []
    for number, (grade, item) in enumerate(chosen, start=1):
        same_grade = [f for g, f in chosen if g == grade]
        rank = same_grade.index(item) / max(1, len(same_grade) - 1)
        puzzles.append(entry(kit, game_name, number, grade, rank, item))
    data = {"format": 1, "game": game_name, "seed": seed, "puzzles": puzzles}
    figures = {"positions": looked, "proven": len(found), "kept": len(puzzles),
               "proving_s": round(proving, 1),
               "total_s": round(time.process_time() - started, 1),
               "grades": dict(sorted(Counter(p["grade"] for p in puzzles).items())),
               "kinds": dict(sorted(Counter(p["kind"] for p in puzzles).items()))}
    if out is not False:
        path = out or set_path(game_name)
        path.parent.mkdir(parents=True, exist_ok=True)
        storage.atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        log(f"wrote {len(puzzles)} puzzles to {path}")
    return {"set": data, "figures": figures}


def verify_set(set_name: str, path=None) -> list[str]:
    """Every fault of a shipped set: the file's, and each puzzle its kit does not prove
    again (or whose certificate does not hold)."""
    puzzles, problems = read_set(path or set_path(set_name))
    kit = kit_of(set_name)
    for puzzle in puzzles:
        state, _ = puzzle.position()
        fault = kit.verify(state, puzzle)
        if fault:
            problems.append(f"{puzzle.id}: {fault}")
    return problems


def _stats(log=print) -> None:
    for name in set_names():
        puzzles, problems = read_set(set_path(name), check=False)
        grades = Counter(p.grade for p in puzzles)
        kinds = Counter(p.kind for p in puzzles)
        log(f"{name:10} {len(puzzles):4} puzzles  grades "
            f"{' '.join(f'{GRADES[g]}={grades[g]}' for g in sorted(grades))}  "
            f"kinds {dict(sorted(kinds.items()))}" + (f"  {len(problems)} problems" if problems else ""))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.puzzles", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="cut, prove and grade one game's puzzles")
    make.add_argument("--game", required=True)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--count", type=int, default=75)
    make.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    check = commands.add_parser("check", help="verify every shipped puzzle")
    check.add_argument("--game", help="one set only")
    commands.add_parser("stats", help="puzzles per set, grade and kind")
    args = parser.parse_args(argv)
    if args.command == "generate":
        if args.game not in game.rules.names():
            parser.error(f"unknown game {args.game!r}; known: {', '.join(game.rules.names())}")
        result = generate(args.game, args.seed, args.count, out=False if args.dry_run else None)
        print(json.dumps(result["figures"]))
        return 0
    if args.command == "stats":
        _stats()
        return 0
    failed = 0
    for name in [args.game] if args.game else set_names():
        started = time.process_time()
        problems = verify_set(name)
        print(f"{name}: {'OK' if not problems else f'{len(problems)} problems'} "
              f"({time.process_time() - started:.1f} s CPU)")
        for problem in problems:
            print(f"  {problem}")
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
