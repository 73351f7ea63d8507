"""The puzzle rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013).

    after = update(Rating(), [(Rating(1400, 30), 1), ((1550, 100), 0)])

A rating is a value (1500 to start), a deviation (how unsure the value is: 350 to start,
smaller with every game) and a volatility (how erratic the player is: 0.06). `update`
plays one rating period: the games given, each an opponent and the player's score (1 a
win, 0 a loss, 0.5 a draw). The puzzle player rates one period per puzzle attempt, the
puzzle the opponent: its rating fixed (Puzzle.rating), its deviation PUZZLE_DEVIATION. A
period without games only widens the deviation; the app never plays one (a rating does
not grow unsure with the days between puzzles). Against puzzles the deviation settles
near 60, where a solve at the player's own level still moves the value by about 10: the
rating follows a player who improves. No pygame here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178            # Glicko-2's internal scale: (value - 1500) / SCALE
START_VALUE = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5                   # the system constant: how fast volatility may change
EPSILON = 0.000001          # the volatility iteration stops when this close
PUZZLE_DEVIATION = 80.0     # a puzzle's rating is fixed, known to about this


@dataclass(frozen=True)
class Rating:
    value: float = START_VALUE
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(rating: Rating, games, tau: float = TAU) -> Rating:
    """`rating` after one rating period of `games`: (opponent, score) pairs, the opponent
    a Rating or a (value, deviation) pair, the score 1 for a win, 0 a loss, 0.5 a draw."""
    mu = (rating.value - START_VALUE) / SCALE
    phi = rating.deviation / SCALE
    sigma = rating.volatility
    if not games:
        widened = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(rating.value, min(START_DEVIATION, widened), sigma)
    terms = []                                  # (g, expected score, score) per game
    for opponent, score in games:
        if isinstance(opponent, Rating):
            opponent = (opponent.value, opponent.deviation)
        value, deviation = opponent
        g = _g(deviation / SCALE)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - (value - START_VALUE) / SCALE)))
        terms.append((g, expected, float(score)))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    gained = sum(g * (s - e) for g, e, s in terms)
    sigma = _new_volatility(phi, sigma, v, v * gained, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu += phi * phi * gained
    return Rating(mu * SCALE + START_VALUE, phi * SCALE, sigma)


def puzzle_opponent(puzzle_rating: int) -> Rating:
    """A puzzle as the opponent of an attempt at it."""
    return Rating(float(puzzle_rating), PUZZLE_DEVIATION)
