"""Game records (game.records, docs/RECORDS.md): every game round-trips across its
options, finished or in progress (random playouts, Catalina's dice and Xoliba's three
modes included); a bad record is refused with the line and what is wrong with it."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import game.records
import game.rules
from game.records import FORMAT_LINE, MAX_LINE, dumps, loads

ROUND_TRIP = settings(max_examples=150, deadline=None, database=None)


@st.composite
def played_games(draw):
    """A game of any kind, with options drawn from its allowed values, played at random
    for some moves (to its end, often)."""
    spec = game.rules.get(draw(st.sampled_from(sorted(game.rules.names()))))
    options = {option.name: draw(st.sampled_from(list(option.values)))
               for option in spec.options}
    seed = draw(st.integers(0, 10_000))
    try:
        state = spec.new_game(seed=seed, options=options)
    except ValueError:          # a combination the setup would not offer
        assume(False)
    rng = random.Random(draw(st.integers(0, 10_000)))
    for _ in range(draw(st.sampled_from([0, 5, 40, 400]))):
        if state.is_over:
            break
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    return state


def assert_same_game(first, second) -> None:
    assert json.loads(first.to_json()) == json.loads(second.to_json())
    assert first.is_over == second.is_over
    assert first.to_play == second.to_play
    assert first.is_chance == second.is_chance
    if not first.is_over and not first.is_chance:
        assert first.legal_moves() == second.legal_moves()
    if first.is_over:
        assert (first.outcome.winner, tuple(first.outcome.scores), first.outcome.reason) == \
            (second.outcome.winner, tuple(second.outcome.scores), second.outcome.reason)


@ROUND_TRIP
@given(played_games())
def test_every_game_round_trips_across_its_options(state):
    text = dumps(state, headers={"White": "Ada", "Event": "club night"})
    loaded, headers = loads(text)
    assert_same_game(state, loaded)
    assert dumps(loaded, headers={"White": "Ada", "Event": "club night"}) == text
    assert headers["Game"] == state.spec.name and headers["White"] == "Ada"
    if not loaded.is_over:                  # a game in progress plays on from its end
        loaded.play(loaded.copy().sample_chance() if loaded.is_chance
                    else loaded.legal_moves()[0])


def test_a_record_reads_as_documented():
    spec = game.rules.get("catalina")
    state = spec.new_game(seed=3)
    state.play(state.copy().sample_chance())
    state.play(state.legal_moves()[0])
    lines = dumps(state).splitlines()
    assert lines[:4] == [FORMAT_LINE, "Game: catalina", "Seed: 3", "Option first: 0"]
    assert lines[4] == "Result: * (in progress)"
    assert lines[5] == ""
    assert lines[6].startswith("1. roll ") and lines[7].startswith("2. ")


def test_a_xoliba_position_option_stays_on_one_line():
    spec = game.rules.get("xoliba")
    position = spec.new_game(seed=2, options={"players": 2}).position_text()
    state = spec.new_game(seed=2, options={"players": 2, "position": position, "first": 1})
    text = dumps(state)
    assert all(len(line) < MAX_LINE for line in text.splitlines())
    assert loads(text)[0].options["position"] == position


def record(*moves, game_name="xtic", extra=()) -> str:
    return "\n".join([FORMAT_LINE, f"Game: {game_name}", "Seed: 1", *extra, ""] +
                     [f"{n}. {m}" for n, m in enumerate(moves, 1)]) + "\n"


BAD = {
    "garbage": ("\x89PNG\r\n\x1a\n\x00garbage", "line 1"),
    "empty": ("", "line 1: not a Little Abstracts game record"),
    "newer format": (record().replace("format 1", "format 7"), "format 7"),
    "unknown game": (record(game_name="chess"), "line 2: unknown game 'chess'"),
    "no seed": (record().replace("Seed: 1\n", ""), "'Seed:' is missing"),
    "unknown option": (record(extra=["Option colour: \"red\""]), "colour"),
    "bad option value": (record(extra=["Option game_type: \"cubic\""]), "cubic"),
    "unreadable option": (record(extra=["Option game_type: normal"]), "line 4"),
    "not a header": (record(extra=["just some words"]), "line 4: expected a header"),
    "twice": (record(extra=["Seed: 2"]), "line 4: the header 'Seed' is given twice"),
    "illegal move": (record("-/3", "a1/3"), "line 6: move 2 'a1/3' is not legal here"),
    "nonsense move": (record("-/3", "zz"), "line 6: move 2 'zz'"),
    "numbering": (record("-/3").replace("1. -/3", "2. -/3"), "line 5: move number 2"),
    "not a move line": (record("-/3") + "the end\n", "line 6: expected a numbered move"),
    "long line": (record(extra=["Note: " + "x" * (MAX_LINE + 1)]), "line 4: over"),
    "huge": (record() + "\n" * (game.records.MAX_BYTES + 1), "over 1,000,000 bytes"),
}


@pytest.mark.parametrize("text, says", BAD.values(), ids=BAD.keys())
def test_a_bad_record_is_refused_naming_the_line(text, says):
    with pytest.raises(ValueError) as refused:
        loads(text)
    assert says in str(refused.value)


def test_headers_may_not_take_the_records_own_names_or_span_lines():
    state = game.rules.get("xtic").new_game(seed=1)
    with pytest.raises(ValueError, match="Game"):
        dumps(state, headers={"Game": "chess"})
    with pytest.raises(ValueError, match="Option x"):
        dumps(state, headers={"Option x": "1"})
    text = dumps(state, headers={"Note": "two\nlines"})
    assert loads(text)[1]["Note"] == "two lines"


@ROUND_TRIP
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 10_000),
       deals=st.integers(1, 3))
def test_every_game_of_a_xoliba_match_round_trips_with_its_match_headers(players, seed,
                                                                         deals):
    from game.records.kept_games import record_headers
    from game.services.match import Match
    match = Match.start(game.rules.get("xoliba"), {"players": players}, seed=seed)
    rng = random.Random(seed)
    names = ["You", "Computer (easy)", "Computer 2 (easy)"][:players]
    for number in range(1, deals + 1):
        state = match.state
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
        text = dumps(state, record_headers(state, names, match, now=0))
        loaded, headers = loads(text)
        assert loaded.to_json() == state.to_json() and dumps(loaded, {
            key: value for key, value in headers.items()
            if key.startswith(("Date", "Seat", "Match"))}) == text
        assert headers["Match game"] == str(number)
        assert headers["Match score"] == " ".join(
            f"{points:g}" for points in match.scores_after_current()) + \
            f" (to {match.rules.target})"
        if match.is_over or match.leader(match.scores_after_current(),
                                         match.rules.target) is not None:
            break
        match.next_game()
