"""`python -m game.bench strength`: the computer players measured against a reference
opponent and against each other (docs/STRENGTH.md).

Sections, each over seeded games (the moves of a time-budgeted search still depend on
the machine's speed, so a rerun is close, not identical):

uct       per game, the strongest level (`spec.ai_levels[-1]`) against UCT
          (game/bench/uct.py) with the same CPU seconds per move, and against UCT with
          `--factor` times that budget: score (win 1, draw 1/2), wins/draws/losses, a 95%
          Wilson interval, the level's own CPU seconds per move, PASS/FAIL against the
          targets (>= 75% at equal time, >= 55% against 5x). Xoliba for three: the level
          against two UCTs, its share of games won (a shared first place is no win)
          against 50%.
tune      UCT against UCT with exploration constants `--tune-c`, a round robin per game:
          score and Elo of each constant, the best named.
ladder    a round robin of every level of a game, a Bradley-Terry fit (draws count half)
          as Elo with the weakest level at 0 and 95% intervals, and each level's score
          against the one below it, PASS/FAIL against 65%.
and the games' own sections, named by their records: Xoliba's `solitaire`, its
          solitaire solver on `--deals` seeded deals (seeds 0 on), each within
          `--deal-seconds`: the share decided (won with a line, or proved lost) against
          99%, and the peak memory of a solving process against 500 MB
          (game/games/xoliba/solitaire_bench.py, which `python -m game.bench solitaire`
          also runs).

Which games and rows are played comes from the records (GameSpec.strength: each game's
rows, game/games/<name>/bench.py); this module names no game.

Games alternate the seats; each seed is played twice with the seats swapped (Xoliba's
deals and Catalina's dice come from the seed, so both sides get the same deal). Xoliba
for three rotates the level through the three seats of each deal.

CPU seconds are `time.process_time()` of the process playing the game.
"""
from __future__ import annotations

import functools
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from collections.abc import Callable

import game.rules
from game.bench import uct


@dataclass(frozen=True)
class Row:
    """A row of the bench: a game played with `options`. `key` names it on the command
    line (--games) and `title` in the tables; `aliases` are more names that select it (a
    game's name may select all its rows); `rated`: the ladder prints its ratings for the
    game's record (one row per game, the options the record's ratings are for)."""
    key: str
    options: dict = field(default_factory=dict)
    title: str = ""
    aliases: tuple = ()
    rated: bool = True


@dataclass(frozen=True)
class Section:
    """A section a game adds to the bench (`name`, for --sections): its own arguments,
    add_arguments(parser), and run(args) -> [(verdict text, passed)]."""
    name: str
    add_arguments: Callable
    run: Callable


@dataclass(frozen=True)
class Strength:
    """What the bench plays of a game, named by its record (GameSpec.strength): its rows
    and its own sections. A game whose record names none is not in the bench."""
    rows: tuple = ()
    sections: tuple = ()


@functools.cache
def strengths() -> tuple:
    """(spec, Strength) of every game that has one, in the registry's order."""
    return tuple((spec, spec.load("strength")) for spec in game.rules.in_order()
                 if spec.strength)


@functools.cache
def bench_rows() -> dict:
    """key -> (game name, Row) of every game's rows."""
    return {row.key: (spec.name, row) for spec, strength in strengths()
            for row in strength.rows}


def game_sections() -> list:
    return [section for _, strength in strengths() for section in strength.sections]


def section_names() -> tuple:
    return ("uct", "tune", "ladder") + tuple(section.name for section in game_sections())


TARGET_EQUAL = 75.0          # strongest level vs UCT with the same CPU per move: score %
TARGET_FACTOR = 55.0         # ... vs UCT with `factor` times that budget
TARGET_THREE = 50.0          # three seats (Xoliba), vs two UCTs: win share %
TARGET_STEP = 65.0           # ladder: each level vs the one below it: score %
TARGET_BEGINNER = 50.0       # ladder: the careful beginner vs the weakest level: score % above
TUNE_C = (0.5, 1.0, 1.41, 2.0)
MAX_STEPS = 5_000            # a game longer than this is a bug in the rules, not a game
ELO = 400 / math.log(10)     # Elo points per natural-log unit of strength


# --- arguments ------------------------------------------------------------------------------
def _seconds(text: str):
    if text == "match":
        return text
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"--seconds is a number or 'match', not {text!r}") from None
    if value <= 0:
        raise ValueError("--seconds must be positive")
    return value


def add_arguments(parser) -> None:
    aliases = {}
    for key, (_, row) in bench_rows().items():
        for alias in row.aliases:
            aliases.setdefault(alias, []).append(key)
    names = section_names()
    parser.add_argument("--sections", default=",".join(names),
                        help="which sections to run, comma-separated (" + ", ".join(names)
                             + "; default all)")
    parser.add_argument("--games", default=None,
                        help="games, comma-separated: " + ", ".join(bench_rows()) + " ("
                             + "".join(f"{alias}: {', '.join(keys)}; "
                                       for alias, keys in aliases.items())
                             + "default all; tune and ladder play the two-seat ones)")
    parser.add_argument("--games-per-game", type=int, default=100,
                        help="uct: games per row (default 100; 4 for a quick look)")
    parser.add_argument("--games-per-pair", type=int, default=20,
                        help="tune and ladder: games per pairing (default 20)")
    parser.add_argument("--step-games", type=int, default=100,
                        help="ladder: games between a level and the one below it "
                             "(default 100)")
    parser.add_argument("--seconds", type=_seconds, default=1.0,
                        help="uct: UCT's CPU seconds per move (default 1.0), or 'match': "
                             "the strongest level's mean CPU seconds per move so far in "
                             "the game (before its first move: its time on UCT's position)")
    parser.add_argument("--factor", type=float, default=5.0,
                        help="uct: the second opponent's budget, this many times the first "
                             "(default 5; 0 skips it)")
    parser.add_argument("--c", type=float, default=uct.UCT_C,
                        help=f"UCT's exploration constant (default {uct.UCT_C})")
    parser.add_argument("--tune-c", default=",".join(map(str, TUNE_C)),
                        help="tune: the exploration constants tried")
    parser.add_argument("--tune-seconds", type=float, default=0.2,
                        help="tune: UCT's CPU seconds per move (default 0.2)")
    for section in game_sections():
        section.add_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="base seed of every game")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2),
                        help="processes playing games (default 1; 2 at most)")
    parser.add_argument("--check", action="store_true",
                        help="exit status 1 when a target fails")


def game_keys(text: str | None) -> list:
    if not text:
        return list(bench_rows())
    keys = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        expanded = [key for key, (_, row) in bench_rows().items() if part in row.aliases] or [part]
        for key in expanded:
            if key not in bench_rows():
                aliases = sorted({a for _, row in bench_rows().values() for a in row.aliases})
                raise SystemExit(f"unknown game {part!r} (known: "
                                 f"{', '.join([*bench_rows(), *aliases])})")
            if key not in keys:
                keys.append(key)
    return keys


def two_seats(keys: list) -> list:
    """The rows of `keys` for two seats (the round robins pair two players)."""
    return [key for key in keys if seat_count(key) == 2]


def seat_count(key: str) -> int:
    name, row = bench_rows()[key]
    return len(game.rules.get(name).seats_for(row.options))


def run(args) -> int:
    known = section_names()
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    for section in sections:
        if section not in known:
            raise SystemExit(f"unknown section {section!r} (known: {', '.join(known)})")
    keys = game_keys(args.games)
    started = time.perf_counter()
    print(f"Strength bench: seed {args.seed}, {args.jobs} process(es), UCT C {args.c:g}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    verdicts = []
    if "uct" in sections:
        verdicts += uct_section(keys, args)
    if "tune" in sections:
        tune_section(two_seats(keys), args)
    if "ladder" in sections:
        verdicts += ladder_section(two_seats(keys), args)
    for section in game_sections():
        if section.name in sections:
            verdicts += section.run(args)
    if verdicts:
        print("\nTargets")
        for text, ok in verdicts:
            print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    print(f"\nBench time {time.perf_counter() - started:.0f} s")
    return 1 if args.check and not all(ok for _, ok in verdicts) else 0


# --- playing ------------------------------------------------------------------------------
def play_game(spec, options: dict, players, seed: int):
    """One game from `spec.new_game(seed, options)`: players[seat](state) -> move for each
    seat; rolls from the game's own dice (`sample_chance()`). Returns the outcome."""
    state = spec.new_game(seed=seed, options=options)
    steps = 0
    while not state.is_over:
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(players[state.to_play](state))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{spec.title} game {seed} runs past {MAX_STEPS} steps")
    return state.outcome


def score_of(outcome, seat: int) -> float:
    """`seat`'s points from a game: 1 for a win, 0 for a loss; without a winner the seats
    with the best score share a point (a two-player draw: 1/2 each)."""
    if outcome.winner is not None:
        return 1.0 if outcome.winner == seat else 0.0
    best = max(outcome.scores)
    leaders = [s for s, score in enumerate(outcome.scores) if score == best]
    return 1 / len(leaders) if seat in leaders else 0.0


def schedule(games: int, seats: int, seed: int) -> list:
    """(game seed, seat of the measured player) per game: the seats rotate game by game,
    and each seed is played once from every seat (twice, seats swapped, for two)."""
    return [(seed * 100_000 + i // seats, i % seats) for i in range(games)]


def match(spec, options: dict, player, opponent, games: int, seed: int) -> list:
    """`games` games of `player` against `opponent` (callables), in process, seats
    alternating as `schedule` says: (game seed, player's seat, outcome, player's score)."""
    seats = len(spec.seats_for(options))
    results = []
    for game_seed, seat in schedule(games, seats, seed):
        players = [opponent] * seats
        players[seat] = player
        outcome = play_game(spec, options, players, game_seed)
        results.append((game_seed, seat, outcome, score_of(outcome, seat)))
    return results


class LevelPlayer:
    """A level of the game's own computer player (`game.ai.choose_move`), timing its CPU
    seconds per move (moves with a choice only)."""

    def __init__(self, level: str):
        self.level = level
        self.times = []
        self.trial_times = []      # thinking on others' positions, before its first move

    def __call__(self, state):
        import game.ai
        choice = len(state.legal_moves()) > 1
        started = time.process_time()
        move = game.ai.choose_move(state, self.level)
        if choice:
            self.times.append(time.process_time() - started)
        return move

    def mean_seconds(self, state) -> float:
        """Mean CPU seconds per move so far in the game. Before the level's first move it
        is timed thinking on `state` (an opponent's turn; the move is not played), so an
        opponent that follows it gets the same time from the first move on."""
        if self.times:
            return statistics.fmean(self.times)
        import game.ai
        started = time.process_time()
        game.ai.choose_move(state, self.level)
        self.trial_times.append(time.process_time() - started)
        return statistics.fmean(self.trial_times)


class UCTPlayer:
    """UCT with a fixed CPU budget per move, or (`follow`, a LevelPlayer) `factor` times
    the mean CPU per move that level has spent so far in the game."""

    def __init__(self, seconds: float, c: float, seed: int, follow=None, factor: float = 1.0):
        self.seconds, self.c, self.seed = seconds, c, seed
        self.follow, self.factor = follow, factor
        self.budgets = []

    def budget(self, state) -> float:
        if self.follow is not None:
            return max(0.01, self.factor * self.follow.mean_seconds(state))
        return self.factor * self.seconds

    def __call__(self, state):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]                  # nothing to think about, nor to time
        rng = random.Random(f"uct:{self.seed}:{state.seed}:{len(state.history)}:{state.to_play}")
        budget = self.budget(state)
        self.budgets.append(budget)
        return uct.choose(state, seconds=budget, rng=rng, c=self.c)


class CarefulBeginner:
    """A stand-in for a person new to the game who plays with care, on the public API
    only. It sees one move ahead, each side: it plays a move that wins at once, or after
    which every reply loses (Xtic: a piece the opponent can only place to lose; Che: a
    first tile its own second tile turns into a win); it
    avoids moves that lose at once, and moves after which the opponent has a reply that
    wins at once (after any roll of the dice, in Catalina: it blocks). In Xoliba (whose
    state shows its board, `position_text()`) it prefers the move that leaves it the
    most pieces against the others', as a beginner takes pieces when they can.
    Otherwise it picks at random."""

    def __init__(self, seed: int):
        self.seed = seed

    def __call__(self, state):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me, work = state.to_play, state.copy()
        best, choices = None, []
        for move in moves:
            work.play(move)
            try:
                if work.is_over:
                    if work.outcome.winner == me:
                        return move
                    if work.outcome.winner is not None:
                        continue                            # loses at once
                else:
                    threat, forced = _replies(work, me)
                    if forced:
                        return move
                    if threat:
                        continue
                gain = _material(work, me)
            finally:
                work.undo()
            if best is None or gain > best:
                best, choices = gain, [move]
            elif gain == best:
                choices.append(move)
        rng = random.Random(f"careful:{self.seed}:{state.seed}:{len(state.history)}")
        return rng.choice(choices or moves)


def _replies(state, me: int) -> tuple:
    """(the opponent has a reply that wins at once, every reply loses at once) for the
    position after `me` moved; at a roll, over every roll (then "every reply loses" is
    not claimed)."""
    if state.is_chance:
        threat = False
        for roll, probability in state.chance_outcomes():
            if probability > 0 and not threat:
                state.play(roll)
                threat = not state.is_over and _replies(state, me)[0]
                state.undo()
        return threat, False
    if state.to_play == me:
        # A move that keeps the turn (Che's first tile): a person sees a turn they can
        # win, so this move "forces" a win when a follow-up of their own wins at once.
        return False, uct.winning_move(state) is not None
    threat, forced = False, True
    for reply in state.legal_moves():
        state.play(reply)
        over, winner = state.is_over, state.outcome.winner if state.is_over else None
        state.undo()
        if over and winner is not None and winner != me:
            return True, False
        if not (over and winner == me):
            forced = False
    return threat, forced


def _material(state, me: int) -> int:
    """Own pieces minus the others' on a board that shows itself (Xoliba), else 0."""
    if not hasattr(state, "position_text"):
        return 0
    text = state.position_text()
    return 2 * text.count("rbg"[me]) - sum(text.count(ch) for ch in "rbg")


def _make(player: tuple, level_player=None):
    kind = player[0]
    if kind == "level":
        return LevelPlayer(player[1])
    if kind == "careful":
        return CarefulBeginner(seed=0)
    if kind == "uct":                 # ("uct", seconds, c, factor, follow the level?)
        _, seconds, c, factor, follow = player
        return UCTPlayer(seconds, c, seed=0, follow=level_player if follow else None,
                         factor=factor)
    raise ValueError(f"unknown player {player!r}")


def play_task(task: tuple) -> dict:
    """One game from a picklable task (game key, game seed, player per seat: ("level",
    name) or ("uct", seconds, c, factor, follow)); the result as plain data: scores per
    seat, the winner, CPU seconds per move of each level seat, UCT budgets."""
    key, game_seed, seating = task
    name, row = bench_rows()[key]
    spec, options = game.rules.get(name), row.options
    levels = [i for i, p in enumerate(seating) if p[0] == "level"]
    players = [None] * len(seating)
    for seat in levels:
        players[seat] = _make(seating[seat])
    leader = players[levels[0]] if levels else None
    for seat, p in enumerate(seating):
        if players[seat] is None:
            players[seat] = _make(p, leader)
    started = time.perf_counter()
    outcome = play_game(spec, options, players, game_seed)
    return {"scores": [score_of(outcome, s) for s in range(len(seating))],
            "winner": outcome.winner,
            "times": {s: players[s].times for s in levels},
            "budgets": [b for p in players if isinstance(p, UCTPlayer) for b in p.budgets],
            "wall": time.perf_counter() - started}


def run_tasks(tasks: list, jobs: int) -> list:
    """play_task for every task, on `jobs` processes (spawned); results in order."""
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return pool.map(play_task, tasks, chunksize=1)
    return [play_task(task) for task in tasks]


# --- statistics -----------------------------------------------------------------------------
def wilson(score: float, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a proportion score/n (draws count 1/2: an
    approximation), as fractions."""
    if n <= 0:
        return (0.0, 1.0)
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(results: dict, players: int, prior: float = 1.0,
                  iterations: int = 10_000, tolerance: float = 1e-10) -> list:
    """Strengths (natural-log units, player 0 at 0) by the MM algorithm (Hunter 2004) from
    results {(i, j): (points of i, games)} (draws as half points). `prior` adds that many
    drawn games to every pair that played, so a clean sweep still gives a finite rating."""
    wins = [0.0] * players
    games = [[0.0] * players for _ in range(players)]
    for (i, j), (points, n) in results.items():
        if n <= 0:
            continue
        wins[i] += points + prior / 2
        wins[j] += n - points + prior / 2
        games[i][j] += n + prior
        games[j][i] += n + prior
    strength = [1.0] * players
    for _ in range(iterations):
        new = []
        for i in range(players):
            denominator = sum(games[i][j] / (strength[i] + strength[j])
                              for j in range(players) if j != i and games[i][j])
            new.append(wins[i] / denominator if denominator and wins[i] > 0 else 1e-12)
        total = sum(new)
        new = [s * players / total for s in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength))
        strength = new
        if change < tolerance:
            break
    return [math.log(s) - math.log(strength[0]) for s in strength]


def rating_errors(theta: list, results: dict, prior: float = 1.0) -> list:
    """Standard errors of the strengths (natural-log units, player 0 fixed at 0) from the
    inverse of the fit's information matrix."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for (i, j), (_, games) in results.items():
        if games <= 0:
            continue
        p = 1 / (1 + math.exp(theta[j] - theta[i]))
        w = (games + prior) * p * (1 - p)
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    reduced = [row[1:] for row in info[1:]]
    inverse = _invert(reduced)
    if inverse is None:
        return [0.0] + [math.inf] * (n - 1)
    return [0.0] + [math.sqrt(max(0.0, inverse[k][k])) for k in range(n - 1)]


def _invert(matrix: list):
    """Gauss-Jordan inverse of a small square matrix; None when singular."""
    n = len(matrix)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [x / scale for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]


def _percent(points: float, n: int) -> str:
    return f"{100 * points / n:5.1f}%" if n else "    -"


def _interval(points: float, n: int) -> str:
    low, high = wilson(points, n)
    return f"[{100 * low:4.1f}, {100 * high:5.1f}]"


def _title(key: str) -> str:
    name, row = bench_rows()[key]
    return row.title or name


# --- uct ------------------------------------------------------------------------------------
def uct_section(keys: list, args) -> list:
    games = args.games_per_game
    fixed = args.seconds if args.seconds != "match" else None
    budget = (f"{fixed:g} s CPU per move" if fixed else
              "the level's mean CPU per move so far in each game (before its first move: "
              "the level timed on UCT's position)")
    print(f"\nUCT: the strongest level against UCT (C {args.c:g}), UCT's budget {budget}; "
          f"{games} games per row, seats alternating, each seed played from every seat")
    header = (f"  {'game':13} {'level':10} {'opponent':13} {'games':>5} {'score':>6} "
              f"{'W/D/L':>9} {'95% CI':>13} {'level s/move med/max':>21} {'UCT s':>6} "
              f"{'target':>7} {'':4} {'wall':>6}")
    print(header)
    verdicts = []
    for key in keys:
        name, row = bench_rows()[key]
        spec, options = game.rules.get(name), row.options
        level = spec.ai_levels[-1]
        seats = len(spec.seats_for(options))
        rows = [(1.0, TARGET_EQUAL if seats == 2 else TARGET_THREE)]
        if seats == 2 and args.factor > 0:
            rows.append((args.factor, TARGET_FACTOR))
        for factor, target in rows:
            opponent = ("uct", fixed or 1.0, args.c, factor, fixed is None)
            tasks = []
            for game_seed, seat in schedule(games, seats, args.seed):
                seating = [opponent] * seats
                seating[seat] = ("level", level)
                tasks.append((key, game_seed, tuple(seating)))
            started = time.perf_counter()
            results = run_tasks(tasks, args.jobs)
            wall = time.perf_counter() - started
            seats_of = [task[2].index(("level", level)) for task in tasks]
            points = [r["scores"][s] for r, s in zip(results, seats_of)]
            wins = sum(1 for r, s in zip(results, seats_of) if r["winner"] == s)
            losses = sum(1 for p in points if p == 0)
            draws = len(points) - wins - losses
            times = [t for r, s in zip(results, seats_of) for t in r["times"][s]]
            budgets = [b for r in results for b in r["budgets"]]
            # Xoliba for three counts wins only: a shared first place is no win
            total = sum(points) if seats == 2 else wins
            percent = 100 * total / len(points)
            label = (f"UCT {factor * fixed:g} s" if fixed else
                     "UCT =" if factor == 1 else f"UCT {factor:g}x")
            time_text = (f"{statistics.median(times):.3f}/{max(times):.3f}" if times else "-")
            uct_text = f"{statistics.fmean(budgets):.3f}" if budgets else "-"
            ok = percent >= target
            print(f"  {_title(key):13} {level:10} {label:13} {len(points):>5} "
                  f"{_percent(total, len(points)):>6} {f'{wins}/{draws}/{losses}':>9} "
                  f"{_interval(total, len(points)):>13} {time_text:>21} {uct_text:>6} "
                  f"{'>=' + format(target, 'g') + '%':>7} {'PASS' if ok else 'FAIL':4} "
                  f"{wall:5.0f}s", flush=True)
            if fixed:
                against = f"{'two UCTs' if seats == 3 else 'UCT'} {factor * fixed:g} s"
            else:
                against = "UCT, same CPU" if factor == 1 else f"UCT, {factor:g}x CPU"
            if seats == 3:
                against += ", win share"
            verdicts.append((f"{_title(key)}: {level} vs {against}: {percent:.1f}% "
                             f">= {target:g}% ({len(points)} games)", ok))
    return verdicts


# --- round robins: tune and ladder ------------------------------------------------------------
def round_robin(key: str, players: list, games: int, seed: int, jobs: int,
                step_games: int = 0) -> dict:
    """Every pair of `players` (task tuples) plays `games` games, seats alternating, each
    seed from both seats; neighbours in the list (a ladder's steps) play `step_games` if
    that is more: {(i, j): (points of i, games)} for i < j."""
    tasks, pairs = [], []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            count = max(games, step_games) if j == i + 1 else games
            for game_seed, seat in schedule(count, 2, seed):
                seating = (players[i], players[j]) if seat == 0 else (players[j], players[i])
                tasks.append((key, game_seed, seating))
                pairs.append((i, j, seat))
    results = run_tasks(tasks, jobs)
    table = {}
    for (i, j, seat), result in zip(pairs, results):
        points, n = table.get((i, j), (0.0, 0))
        table[(i, j)] = (points + result["scores"][seat], n + 1)
    return table


def ratings_table(names: list, table: dict, width: int = 12) -> list:
    """Prints each player's games, score, Elo (first player 0) with a 95% interval;
    returns the Elo ratings."""
    theta = bradley_terry(table, len(names))
    errors = rating_errors(theta, table)
    print(f"    {'player':{width}} {'games':>5} {'score':>6} {'Elo':>6} {'95% CI':>15}")
    elos = []
    for k, label in enumerate(names):
        points = sum(p if i == k else n - p for (i, j), (p, n) in table.items() if k in (i, j))
        n = sum(n for (i, j), (_, n) in table.items() if k in (i, j))
        elo, err = ELO * theta[k], 1.96 * ELO * errors[k]
        interval = ("(anchor)" if k == 0 else
                    f"[{elo - err:5.0f}, {elo + err:5.0f}]" if math.isfinite(err) else "-")
        print(f"    {label:{width}} {n:>5} {_percent(points, n):>6} {elo:6.0f} {interval:>15}")
        elos.append(elo)
    return elos


def tune_section(keys: list, args) -> None:
    values = [float(v) for v in args.tune_c.split(",") if v.strip()]
    games = args.games_per_pair
    print(f"\nTune: UCT against UCT with exploration constants {', '.join(map(str, values))}; "
          f"{args.tune_seconds:g} s CPU per move, {games} games per pair (round robin, Elo "
          f"with C {values[0]:g} at 0)")
    for key in keys:
        started = time.perf_counter()
        players = [("uct", args.tune_seconds, c, 1.0, False) for c in values]
        table = round_robin(key, players, games, args.seed, args.jobs)
        print(f"  {_title(key)} ({time.perf_counter() - started:.0f} s)")
        elos = ratings_table([f"C {c:g}" for c in values], table)
        best = max(range(len(values)), key=lambda k: elos[k])
        print(f"    best: C {values[best]:g}", flush=True)


def ladder_section(keys: list, args) -> list:
    games, steps = args.games_per_pair, max(args.games_per_pair, args.step_games)
    print(f"\nLadder: every level against every other, {games} games per pair, {steps} "
          f"per step (a level and the one below it); seats alternating, each seed from both "
          f"seats; Bradley-Terry Elo, weakest level at 0. Then the weakest level against a "
          f"careful beginner ({steps} games).")
    verdicts, lines = [], []
    for key in keys:
        name, row = bench_rows()[key]
        levels = list(game.rules.get(name).ai_levels)
        started = time.perf_counter()
        table = round_robin(key, [("level", lv) for lv in levels], games, args.seed,
                            args.jobs, step_games=steps)
        print(f"  {_title(key)} ({time.perf_counter() - started:.0f} s)")
        elos = ratings_table(levels, table)
        if row.rated:
            ratings = ", ".join(f"{lv!r}: {round(e)}" for lv, e in zip(levels, elos))
            lines.append(f"    {name}: ratings={{{ratings}}},")
        print(f"    {'step':25} {'score':>6} {'95% CI':>13} target {TARGET_STEP:g}%")
        for k in range(1, len(levels)):
            points, n = table[(k - 1, k)]
            points = n - points                     # the stronger one's points
            ok = 100 * points / n >= TARGET_STEP
            step = f"{levels[k]} vs {levels[k - 1]}"
            print(f"    {step:25} {_percent(points, n):>6} {_interval(points, n):>13} "
                  f"{'PASS' if ok else 'FAIL'}", flush=True)
            verdicts.append((f"{_title(key)}: {step}: {100 * points / n:.1f}% >= "
                             f"{TARGET_STEP:g}% ({n} games)", ok))
        verdicts.append(beginner_check(key, levels[0], steps, args))
    if lines:
        print("\n  For the games' records (game/games/<name>/rules.py, SPEC.ratings):")
        print("\n".join(lines))
    return verdicts


def beginner_check(key: str, weakest: str, games: int, args) -> tuple:
    """The weakest level against the careful beginner: the beginner must score over half
    (the weakest level is no wall for a person who plays with care)."""
    tasks = []
    for game_seed, seat in schedule(games, 2, args.seed):
        seating = [("level", weakest)] * 2
        seating[seat] = ("careful",)
        tasks.append((key, game_seed, tuple(seating)))
    results = run_tasks(tasks, args.jobs)
    points = sum(r["scores"][t[2].index(("careful",))] for r, t in zip(results, tasks))
    ok = 100 * points / len(tasks) > TARGET_BEGINNER
    print(f"    careful beginner vs {weakest:12} {_percent(points, len(tasks)):>6} "
          f"{_interval(points, len(tasks)):>13} target >{TARGET_BEGINNER:g}% "
          f"{'PASS' if ok else 'FAIL'}", flush=True)
    return (f"{_title(key)}: careful beginner vs {weakest}: {100 * points / len(tasks):.1f}% "
            f"> {TARGET_BEGINNER:g}% ({len(tasks)} games)", ok)
