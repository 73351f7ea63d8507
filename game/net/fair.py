"""Fair chance between two players with no server: commit, then reveal (docs/NETWORK.md,
"Fair chance").

Each side draws a secret (`new_secret`). A side that must not be able to change its
secret later sends `commitment(secret, context)` first and the secret itself only after
the other side's contribution is in; `check_reveal` refuses a secret that does not match
what was committed. The outcome comes from both secrets and the context
(`joint_key`): a roll for a chance step (`derive_roll`, a legal outcome of that state,
drawn by the outcomes' own probabilities without bias) or a game's seed (`derive_seed`,
a Xoliba deal). Every value is bound to its `context`: the game, the game's id, what it
is for and the move or code it belongs to, so a reveal cannot be replayed elsewhere.

The rules stay as they are: a roll made here is played like any move (`state.play`).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from bisect import bisect_right
from fractions import Fraction
from itertools import accumulate
from math import lcm

SECRET_BYTES = 16            # 128 bits: no one guesses or searches the other's secret
COMMITMENT_BYTES = 32        # a whole SHA-256
SCHEME = "little-abstracts fair chance 1"
SEED_RANGE = 2**31           # the seeds the app deals from (random.randrange(2**31))


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def context(*parts) -> bytes:
    """What a secret is for, as bytes: the scheme, then `parts` (the game's name, the
    game's id, the purpose, the move or code number). JSON, so no two lists of parts give
    the same bytes."""
    return json.dumps([SCHEME, *parts], separators=(",", ":")).encode("utf-8")


def _check_secret(secret, what: str) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise ValueError(f"{what} is not a secret of {SECRET_BYTES} bytes")


def commitment(secret: bytes, about: bytes) -> bytes:
    """SHA-256(secret ‖ context): sent before the secret, it binds the sender to it
    without telling anything of it. (The secret has a fixed length, so the two parts
    cannot be shifted into one another.)"""
    _check_secret(secret, "the secret")
    return hashlib.sha256(secret + about).digest()


def check_reveal(committed: bytes, secret, about: bytes, what: str = "the revealed secret"
                 ) -> None:
    """ValueError naming `what` unless `secret` is the one `committed` to for `about`."""
    _check_secret(secret, what)
    if not (isinstance(committed, bytes) and len(committed) == COMMITMENT_BYTES
            and hmac.compare_digest(committed, commitment(secret, about))):
        raise ValueError(f"{what} does not match its commitment: a forged or replayed "
                         f"reveal")


def joint_key(first: bytes, second: bytes, about: bytes) -> bytes:
    """The key both secrets make for `about`: HMAC-SHA256 keyed by both. Unknown to
    anyone who lacks either secret; `first` and `second` in an order both sides agree on
    (the first seat's, or the inviter's, first)."""
    _check_secret(first, "the first secret")
    _check_secret(second, "the second secret")
    return hmac.new(first + second, about, hashlib.sha256).digest()


def _stream_integer(key: bytes, bits: int, counter: int) -> int:
    """`bits` bits of the key's stream, block `counter` on."""
    blocks = -(-bits // 256)
    data = b"".join(hmac.new(key, (counter + i).to_bytes(8, "big"), hashlib.sha256).digest()
                    for i in range(blocks))
    return int.from_bytes(data, "big") >> (256 * blocks - bits)


def uniform_below(key: bytes, limit: int) -> int:
    """A whole number in [0, limit), each equally likely: numbers of limit's bit length
    from the key's stream, those at or above the limit thrown away (fewer than half are:
    the loop ends after two tries on average, after 100 with odds under 2**-100)."""
    if limit < 1:
        raise ValueError(f"nothing to draw below {limit}")
    bits = limit.bit_length()
    counter = 0
    while True:
        value = _stream_integer(key, bits, counter)
        if value < limit:
            return value
        counter += -(-bits // 256)


def pick_outcome(key: bytes, outcomes: list):
    """One of `outcomes`, (outcome, probability) pairs, with exactly those odds: the
    probabilities as exact fractions over one denominator, a uniform whole number below
    their total, and the outcome whose share it falls in."""
    weights = [Fraction(probability) for _outcome, probability in outcomes]
    if not weights or any(weight < 0 for weight in weights):
        raise ValueError("no chance outcomes to draw from")
    denominator = lcm(*(weight.denominator for weight in weights))
    counts = [int(weight * denominator) for weight in weights]
    shares = list(accumulate(counts))          # where each outcome's share ends
    return outcomes[bisect_right(shares, uniform_below(key, shares[-1]))][0]


def derive_roll(state, first: bytes, second: bytes, about: bytes):
    """The chance step's outcome (a roll) for `state` from both secrets: always one of
    `state.chance_outcomes()`, with their probabilities. ValueError when no chance step
    is due."""
    if not state.is_chance:
        raise ValueError("no chance step is due in this position")
    return pick_outcome(joint_key(first, second, about), state.chance_outcomes())


def derive_seed(first: bytes, second: bytes, about: bytes) -> int:
    """A game's seed (a deal) from both secrets: a whole number below 2**31, each equally
    likely (2**31 divides 2**64)."""
    return int.from_bytes(joint_key(first, second, about)[:8], "big") % SEED_RANGE
