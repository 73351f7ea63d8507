"""Fair chance (game/net/fair.py): a reveal must match its commitment, a derived roll is a
legal outcome drawn with the outcomes' own odds, and neither secret alone decides it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import game.rules
from game.net import fair


def secrets_from(rng: random.Random, count: int) -> list[bytes]:
    """Deterministic stand-ins for secrets.token_bytes (the test must not be flaky)."""
    return [rng.randbytes(fair.SECRET_BYTES) for _ in range(count)]


def chance_state():
    state = game.rules.get("catalina").new_game(seed=3)
    assert state.is_chance
    return state


def chi_square(counts: Counter, outcomes: list, draws: int) -> float:
    return sum((counts[outcome] - draws * p) ** 2 / (draws * p) for outcome, p in outcomes)


# 34 degrees of freedom (35 rolls): mean 34, standard deviation 8.2; a fair draw exceeds
# 75 about once in 10,000 runs, and these runs are fixed by their seeds.
CHI_SQUARE_BOUND = 75
DRAWS = 12_000


def test_a_reveal_that_matches_its_commitment_is_accepted():
    secret = fair.new_secret()
    about = fair.context("catalina", "g1", "roll", 4)
    fair.check_reveal(fair.commitment(secret, about), secret, about)


def test_a_forged_reveal_is_refused_naming_it():
    secret, other = fair.new_secret(), fair.new_secret()
    about = fair.context("catalina", "g1", "roll", 4)
    committed = fair.commitment(secret, about)
    with pytest.raises(ValueError, match="Blue's secret for move 4 does not match its "
                                         "commitment"):
        fair.check_reveal(committed, other, about, "Blue's secret for move 4")
    with pytest.raises(ValueError, match="not a secret of 16 bytes"):
        fair.check_reveal(committed, secret[:8], about)


def test_a_reveal_cannot_be_replayed_in_another_context():
    secret = fair.new_secret()
    committed = fair.commitment(secret, fair.context("catalina", "g1", "roll", 4))
    for elsewhere in (fair.context("catalina", "g1", "roll", 6),
                      fair.context("catalina", "g2", "roll", 4),
                      fair.context("catalina", "g1", "seed", 4),
                      fair.context("xoliba", "g1", "roll", 4)):
        with pytest.raises(ValueError, match="forged or replayed"):
            fair.check_reveal(committed, secret, elsewhere)


def test_the_derived_roll_is_always_a_legal_outcome():
    rng = random.Random(1)
    state = chance_state()
    legal = {outcome for outcome, _p in state.chance_outcomes()}
    for ply in range(300):
        first, second = secrets_from(rng, 2)
        roll = fair.derive_roll(state, first, second, fair.context("catalina", "g", "roll", ply))
        assert roll in legal
    state.play(roll)
    with pytest.raises(ValueError, match="no chance step is due"):
        fair.derive_roll(state, first, second, fair.context("catalina", "g", "roll", 1))


def test_the_rolls_follow_the_chance_outcomes_probabilities():
    rng = random.Random(2)
    state = chance_state()
    outcomes = state.chance_outcomes()
    about = fair.context("catalina", "g", "roll", 0)
    counts = Counter(fair.derive_roll(state, *secrets_from(rng, 2), about)
                     for _ in range(DRAWS))
    assert chi_square(counts, outcomes, DRAWS) < CHI_SQUARE_BOUND


def test_the_bound_catches_a_biased_draw():
    """The same bound refuses rolls drawn as if the 35 were equally likely (the mistake
    of mapping the key onto the list of outcomes)."""
    rng = random.Random(2)
    outcomes = chance_state().chance_outcomes()
    counts = Counter(rng.choice(outcomes)[0] for _ in range(DRAWS))
    assert chi_square(counts, outcomes, DRAWS) > CHI_SQUARE_BOUND


def test_pick_outcome_keeps_exact_odds_and_skips_impossible_outcomes():
    rng = random.Random(3)
    outcomes = [("never", 0.0), ("a", 0.25), ("b", 0.75)]
    counts = Counter(fair.pick_outcome(rng.randbytes(32), outcomes) for _ in range(8000))
    assert counts["never"] == 0
    assert 1800 < counts["a"] < 2200
    with pytest.raises(ValueError, match="nothing to draw"):
        fair.pick_outcome(b"k" * 32, [("never", 0.0)])


def test_neither_secret_alone_decides_the_roll():
    """With one side's secret fixed, the other's still gives every roll: knowing (or
    choosing) one secret leaves the outcome open."""
    rng = random.Random(4)
    state = chance_state()
    about = fair.context("catalina", "g", "roll", 0)
    fixed = secrets_from(rng, 1)[0]
    by_second = {fair.derive_roll(state, fixed, other, about) for other in secrets_from(rng, 2000)}
    by_first = {fair.derive_roll(state, other, fixed, about) for other in secrets_from(rng, 2000)}
    assert len(by_second) == len(by_first) == len(state.chance_outcomes())


def test_seeds_come_from_both_secrets_and_are_in_the_app_range():
    rng = random.Random(5)
    about = fair.context("xoliba", "g", "seed", 3)
    first, second, third = secrets_from(rng, 3)
    seed = fair.derive_seed(first, second, about)
    assert 0 <= seed < 2**31
    assert seed == fair.derive_seed(first, second, about)
    assert seed != fair.derive_seed(first, third, about)
    assert seed != fair.derive_seed(third, second, about)
    assert seed != fair.derive_seed(second, first, about)
    assert seed != fair.derive_seed(first, second, fair.context("xoliba", "g", "seed", 5))
