"""What the game benchmarks share: timing every level on sampled positions, and playing
seeded games of one player against another from both seats (on several processes)."""
from __future__ import annotations

import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass


def speed_table(levels, positions: list, choose, strongest: str, target: float,
                unit: str) -> list:
    """Time `choose(state, level, rng)` on every (stage, state) position for each level;
    prints median and max seconds per `unit` and returns the strongest level's verdict."""
    print(f"  {'level':10} {'median':>8} {'max':>8}")
    verdicts = []
    for level in levels:
        times = []
        for index, (_, state) in enumerate(positions):
            started = time.perf_counter()
            choose(state, level, random.Random(index))
            times.append(time.perf_counter() - started)
        median, worst = statistics.median(times), max(times)
        print(f"  {level:10} {median:8.3f} {worst:8.3f}")
        if level == strongest:
            verdicts.append((f"{level}: median {median:.3f} s per {unit} <= {target} s "
                             f"(max {worst:.3f} s)", median <= target))
    return verdicts


def both_seats(player: str, opponent: str, games: int, seed: int) -> list:
    """Tasks (player, opponent, game seed, player's seat): each seed from both seats."""
    return [(player, opponent, seed * 100_000 + i, seat)
            for i in range(games) for seat in (0, 1)]


def run_games(play, tasks: list, jobs: int, chunksize: int = 2) -> list:
    """play(task) for every task, on `jobs` processes; results in the tasks' order."""
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(play, tasks, chunksize=chunksize))
    return [play(task) for task in tasks]


@dataclass
class Tally:
    """The first player's results over a pairing: points 1, 0.5 or 0 per game."""
    points: list
    tasks: list

    @property
    def win_rate(self) -> float:
        return 100 * self.points.count(1.0) / len(self.points)

    def line(self, seats: tuple) -> str:
        n = len(self.points)
        wins, draws = self.points.count(1.0), self.points.count(0.5)
        by_seat = [sum(p == 1.0 for p, t in zip(self.points, self.tasks) if t[3] == seat)
                   for seat in (0, 1)]
        return (f"won {self.win_rate:5.1f}%, drawn {100 * draws / n:4.1f}%, lost "
                f"{100 * (n - wins - draws) / n:5.1f}% (wins as {seats[0]} {by_seat[0]}/"
                f"{n // 2}, as {seats[1]} {by_seat[1]}/{n // 2})")
