"""The live protocol (game/net/protocol.py): every message round-trips, and whatever
hostile bytes arrive give a ProtocolError (a ValueError) naming the fault."""
from __future__ import annotations

import json

import pytest

from game.net import protocol
from game.net.protocol import MAX_FRAME, Framer, ProtocolError, decode, encode, make

V = protocol.VERSION

GAME = {"name": "xoliba", "options": {"players": 3, "position": ".rbrwr.\nwrbgggg\n",
                                      "first": None, "hard": True, "mode": "standard"},
        "seed": 2**63 - 1, "moves": 12, "history": "ab" * 32}

# One message of each type, with its fields at their widest.
EXAMPLES = [
    make("hello", app="0.1.0", name="Ann", role="host", game=GAME, seat=None),
    make("hello", app="0.1.0", name="Bob ünïcode ✓", role="guest", game=None, seat=2),
    make("welcome", seat=1, moves=["c3-e5", "pass", "c3-e5 a5,e1"]),
    make("refuse", reason="no free seat"),
    make("move", ply=1, move="[1,3][3,1]"),
    make("request", id=1, kind="takeback", ply=9, to=7, seat=0),
    make("request", id=2, kind="offer_end", ply=9, to=9, seat=2),
    make("request", id=3, kind="resign", ply=0, to=0, seat=1),
    make("answer", id=3, accept=False),
    make("verdict", id=2**31, accept=True),
    make("players", names=["Ann", "", "Cy ünïcode"], away=[2]),
    make("pause"), make("resume"), make("ping"), make("pong"),
    make("bye", reason="no word for 10 s"),
    make("commit", ply=4, value="0123456789abcdef" * 4),
    make("reveal", ply=4, value="f" * 1024),
]


def body(data) -> bytes:
    return json.dumps(data).encode()


def test_every_type_has_an_example():
    assert {message.type for message in EXAMPLES} == set(protocol.SCHEMA)


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda message: message.type)
def test_round_trip(message):
    frame = encode(message)
    assert int.from_bytes(frame[:4], "big") == len(frame) - 4
    assert decode(frame[4:]) == message
    assert list(Framer().feed(frame)) == [message]


def test_the_framer_takes_bytes_as_they_come():
    stream = b"".join(encode(message) for message in EXAMPLES)
    framer = Framer()
    received = []
    for index in range(len(stream)):            # one byte at a time
        received += framer.feed(stream[index:index + 1])
    assert received == EXAMPLES and framer.pending == 0


def test_the_framer_refuses_a_huge_length_before_its_body():
    framer = Framer()
    with pytest.raises(ProtocolError, match="over the bound") as raised:
        list(framer.feed((MAX_FRAME + 1).to_bytes(4, "big")))
    assert raised.value.cause == "too large"
    with pytest.raises(ProtocolError, match="4,294,967,295 bytes"):
        list(Framer().feed(b"\xff\xff\xff\xff"))


def test_a_truncated_frame_waits_for_the_rest():
    frame = encode(make("move", ply=3, move="a1"))
    framer = Framer()
    assert list(framer.feed(frame[:-1])) == []
    assert framer.pending == len(frame) - 1
    assert list(framer.feed(frame[-1:])) == [make("move", ply=3, move="a1")]


@pytest.mark.parametrize("raw, fault", [
    (b"", "not JSON"),
    (b'{"v":2,"type":"move","ply":3', "not JSON"),                    # truncated
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 100_000, "over the bound"),
    (b"[" * 5000 + b"]" * 5000, "nested 5000 deep"),
    (b'{"v":2,"type":"ping","x":' + b"[" * 20 + b"]" * 20 + b"}", "nested"),
    (b'"ping"', "a JSON object"),
    (b'{"v":2,"type":"move","ply":NaN,"move":"a1"}', "NaN"),
    (body({"type": "ping"}), "v .*whole number"),
    (body({"v": "1", "type": "ping"}), "v .*whole number"),
    (body({"v": 0, "type": "ping"}), "older"),
    (body({"v": V + 1, "type": "ping"}), "newer"),
    (body({"v": V}), "type must be a known"),
    (body({"v": V, "type": "shout"}), "type must be a known"),
    (body({"v": V, "type": ["move"]}), "type must be a known"),
    (body({"v": V, "type": "ping", "extra": 1}), "'extra' is not a field"),
    (body({"v": V, "type": "move", "ply": 3}), "move is missing"),
    (body({"v": V, "type": "move", "ply": "3", "move": "a1"}), "ply must be"),
    (body({"v": V, "type": "move", "ply": 3.0, "move": "a1"}), "ply must be"),
    (body({"v": V, "type": "move", "ply": True, "move": "a1"}), "ply must be"),
    (body({"v": V, "type": "move", "ply": 0, "move": "a1"}), "ply must be"),
    (body({"v": V, "type": "move", "ply": 10**30, "move": "a1"}), "ply must be"),
    (body({"v": V, "type": "move", "ply": 3, "move": ""}), "move must be"),
    (body({"v": V, "type": "move", "ply": 3, "move": "x" * 65}), "move must be"),
    (body({"v": V, "type": "move", "ply": 3, "move": "a1\nb2"}), "control"),
    (body({"v": V, "type": "move", "ply": 3, "move": ["a1"]}), "move must be"),
    (b'{"v":3,"type":"bye","reason":"\\ud800"}', "lone surrogate"),
    (body({"v": V, "type": "answer", "id": 1, "accept": 1}), "accept must be true"),
    (body({"v": V, "type": "request", "id": 1, "kind": "undo", "ply": 1, "to": 0,
           "seat": 0}), "kind must be one of"),
    (body({"v": V, "type": "request", "id": 1, "kind": "takeback", "ply": 1, "to": 0}),
     "seat is missing"),
    (body({"v": V, "type": "players", "names": [], "away": []}), "names must be"),
    (body({"v": V, "type": "players", "names": ["A"] * 9, "away": []}), "names must be"),
    (body({"v": V, "type": "players", "names": ["A", "x" * 41], "away": []}),
     r"names\[1\] must be"),
    (body({"v": V, "type": "players", "names": ["A", "B"], "away": [1, 1]}), "repeats"),
    (body({"v": V, "type": "players", "names": ["A", "B"], "away": [8]}), r"away\[0\] must"),
    (body({"v": V, "type": "players", "names": ["A", 3], "away": []}), r"names\[1\] must"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "king", "game": None,
           "seat": None}), "role"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": {**GAME, "seed": 2**63}, "seat": None}), "game.seed"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": {**GAME, "options": {"position": "a\tb"}}, "seat": None}), "control"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A\nB", "role": "guest",
           "game": None, "seat": None}), "control"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": {**GAME, "options": {"p": [1]}}, "seat": None}), "options"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": {**GAME, "options": {"p": 1.5}}, "seat": None}), "options"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": {**GAME, "history": "XYZ"}, "seat": None}), "game.history"),
    (body({"v": V, "type": "hello", "app": "1", "name": "", "role": "guest",
           "game": None, "seat": None}), "name must be"),
    (body({"v": V, "type": "hello", "app": "1", "name": "A", "role": "guest",
           "game": None, "seat": 8}), "seat must be"),
    (body({"v": V, "type": "welcome", "seat": 1, "moves": ["a1"] * 2001}), "moves must be"),
    (body({"v": V, "type": "commit", "ply": 1, "value": "ABC"}), "value must be"),
    (body({"v": V, "type": "reveal", "ply": 1, "value": "0" * 1025}), "value must be"),
])
def test_hostile_input_is_a_value_error_naming_the_fault(raw, fault):
    with pytest.raises(ValueError, match=fault):
        decode(raw)
    frame = len(raw).to_bytes(4, "big") + raw
    with pytest.raises(ValueError, match=fault):
        list(Framer().feed(frame))


def test_a_message_over_the_bound_is_too_large():
    raw = body({"v": V, "type": "bye", "reason": "x" * MAX_FRAME})
    with pytest.raises(ProtocolError, match="over the bound") as raised:
        decode(raw)
    assert raised.value.cause == "too large"


def test_an_old_or_new_version_is_said_so():
    with pytest.raises(ProtocolError) as raised:
        decode(body({"v": 4, "type": "move", "ply": 1, "move": "a1"}))
    assert raised.value.cause == "version"
    assert str(raised.value) == "protocol version 4, newer than this app's (3)"
    # Version 1: the host rolled the dice and dealt alone; version 2 had no requests in
    # a game of three: neither can play with 3.
    for old in (1, 2):
        with pytest.raises(ProtocolError) as raised:
            decode(body({"v": old, "type": "move", "ply": 1, "move": "a1"}))
        assert str(raised.value) == f"protocol version {old}, older than this app's (3)"


def test_a_bad_message_is_refused_when_made_too():
    with pytest.raises(ValueError, match="ply must be"):
        make("move", ply=-1, move="a1")
    with pytest.raises(ValueError, match="type must be"):
        encode(protocol.Message("shout", {}))


def test_the_fuzz_bench_finds_no_crash_in_a_thousand_mutated_frames():
    import random

    from game.bench import net_fuzz
    rng = random.Random(5)
    frames = net_fuzz.valid_frames(rng)
    cases = [net_fuzz.mutate(rng.choice(frames), rng, frames) for _ in range(1000)]
    tally = net_fuzz.fuzz_decode(cases, rng, limit=2.0)
    assert tally.crashes == [] and tally.hangs == 0
    assert tally.verdicts["accepted"] and tally.verdicts["refused"]
