"""`python -m game.bench analysis`: seconds to analyse a whole game (game/ai/analysis.py).

For each game, --runs seeded games of --moves moves (default 60, so 61 positions) are
recorded and `analyse_record` analyses each in this process, with the game's own seconds
per position (analysis.seconds_for). Printed per game: the median and worst seconds and
the positions analysed, against TARGET (a minute for a 60-move game); the exit status is
1 if a game's worst run misses it.

The games are each game's samples, named by its record (GameSpec.analysis_bench, a tuple
of Sample: game/games/<name>/bench.py), seeded games of --moves moves or to their end.
The moves mix the game's "easy" level with random moves, and a move that would end the
game is avoided while another exists, so the games last; when a game still ends early
the next seeds are tried (up to SEED_TRIES) and the longest is kept. Such games are not
all hard to analyse (long Xutoli games are ones where both players leave wins on the
board, found at once), so the "bound" column gives each game's worst case: positions x
seconds per position, every search running to its deadline ("-" for a game whose
searches count boards, not seconds).

Times are wall-clock seconds (time.perf_counter; the searches' budgets are wall-clock
too) on this machine.
"""
from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field

TARGET = 60.0                   # seconds for a 60-move game, worst run
SEED_TRIES = 200                # seeds tried for a game lasting --moves moves


@dataclass(frozen=True)
class Sample:
    """A game the bench analyses: `name` names it (--games, the table), played with
    `options` and `rotate` (option -> values, taken in turn by seed), a `share` of the
    "easy" level's moves, to its end (`to_end`) or for --moves moves. `timed`: its
    searches keep to their seconds, so positions x seconds bound its time (Xtic's count
    boards instead)."""
    name: str
    options: dict = field(default_factory=dict)
    share: float = 0.5
    to_end: bool = False
    rotate: dict = field(default_factory=dict)
    timed: bool = True


def samples() -> dict:
    """name -> (game name, Sample) of every game's samples, in the registry's order."""
    import game.rules
    return {sample.name: (spec.name, sample) for spec in game.rules.in_order()
            if spec.analysis_bench for sample in spec.load("analysis_bench")}


def add_arguments(parser) -> None:
    known = samples()
    parser.add_argument("--games", default=",".join(known),
                        help=f"games, comma-separated (default: all of {', '.join(known)})")
    parser.add_argument("--runs", type=int, default=3, help="seeded games per game (default 3)")
    parser.add_argument("--moves", type=int, default=60,
                        help="moves per game (default 60; some play to the end)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")


def run(args) -> int:
    import game.records
    from game.ai import analysis

    known = samples()
    names = [name.strip() for name in args.games.split(",") if name.strip()]
    for name in names:
        if name not in known:
            raise SystemExit(f"unknown game {name!r} (known: {', '.join(known)})")
    print(f"Analysis bench: {args.runs} runs per game, {args.moves} moves, seed {args.seed}")
    print(f"{'game':<10} {'median s':>9} {'worst s':>8} {'positions':>10} {'s/pos':>6} "
          f"{'bound s':>8}  blunders")
    verdicts = []
    for name in names:
        times, counts, found = [], [], []
        for run_index in range(args.runs):
            state = sample_game(*known[name], args.seed + 1000 * run_index, args.moves)
            text = game.records.dumps(state)
            started = time.perf_counter()
            result = analysis.analyse_record(text)
            times.append(time.perf_counter() - started)
            counts.append(len(result["assessments"]))
            found.append(len(result["blunders"]))
        budget = analysis.seconds_for(state)
        bound = f"{max(counts) * budget:.0f}" if known[name][1].timed else "-"
        print(f"{name:<10} {statistics.median(times):9.1f} {max(times):8.1f} "
              f"{'/'.join(map(str, counts)):>10} {sum(times) / sum(counts):6.2f} "
              f"{bound:>8}  {'/'.join(map(str, found))}")
        verdicts.append((f"{name}: worst {max(times):.1f} s for {max(counts)} positions "
                         f"(target {TARGET:.0f} s)", max(times) <= TARGET))
    print("\nTargets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


def sample_game(spec_name: str, sample: Sample, seed: int, moves: int):
    """The game of `sample` from `seed`: the first of SEED_TRIES seeds whose game lasts
    `moves` moves (cut there), else the longest."""
    longest = None
    for tried in range(SEED_TRIES):
        game_options = dict(sample.options)
        for option, values in sample.rotate.items():
            game_options[option] = values[(seed + tried) % len(values)]
        state = play_game(spec_name, seed + tried, game_options, sample.share,
                          None if sample.to_end else moves)
        if sample.to_end or len(state.history) >= moves:
            return state
        if longest is None or len(state.history) > len(longest.history):
            longest = state
    return longest


def play_game(spec_name: str, seed: int, options: dict, share: float, moves: int | None):
    """A seeded game: a share of the "easy" level's moves, random ones otherwise, avoiding
    a move that ends the game while another does not; `moves` moves at most (None: to
    its end). Dice rolls come from the game's own seed."""
    import game.ai
    import game.rules

    state = game.rules.get(spec_name).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        if state.is_chance:
            state.sample_chance()
            continue
        legal = state.legal_moves()
        candidates = rng.sample(legal, len(legal))
        if rng.random() < share:
            candidates.insert(0, game.ai.choose_move(state, "easy", rng))
        for index, move in enumerate(candidates):
            state.play(move)
            if moves is None or not state.is_over or index == len(candidates) - 1:
                break
            state.undo()
    return state
