"""Hostile game records (issue: records are untrusted input): deep JSON, option values of
the wrong JSON type, numbers in other scripts, lone surrogates, results that the moves
contradict, coordinates that alias other cells, and a hypothesis version of the
records-fuzz bench (game/testing/record_fuzz.py): only ever a ValueError naming the
line. Loading plays each move without listing the legal ones (linear in the length)."""
from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.records
import game.rules
from game.core.json_data import nesting_depth, parse_json
from game.records import dumps, loads
from game.games.che.bench import long_record
from game.testing.record_fuzz import JSON_VALUES, check, mutate, option_sweep, valid_records

RECORDS = valid_records(seed=3, per_mode=1)


def xtic_record(option_value: str) -> str:
    return (f"# Little Abstracts game record, format 1\nGame: xtic\nSeed: 5\n"
            f"Option game_type: {option_value}\nResult: * (in progress)\n\n1. -/8\n")


def deep(depth: int, function, *args):
    """function(*args) called `depth` frames further down the stack."""
    return deep(depth - 1, function, *args) if depth else function(*args)


# --- deep JSON -------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["[" * 1980, "[" * 990 + "]" * 990, "[" * 300,
                                   '{"a": ' * 250 + "1" + "}" * 250])
def test_deeply_nested_option_values_are_a_value_error_naming_the_line(value):
    with pytest.raises(ValueError, match=r"^line 4: option 'game_type'"):
        loads(xtic_record(value))


def test_deep_json_is_a_value_error_from_a_caller_deep_in_the_stack():
    room = sys.getrecursionlimit() - 120
    with pytest.raises(ValueError, match="line 4"):
        deep(room, loads, xtic_record("[" * 990 + "]" * 990))
    with pytest.raises(ValueError, match="line 4"):
        deep(room, loads, xtic_record("[" * 40 + "]" * 40))


def test_nesting_depth_ignores_brackets_in_strings():
    assert nesting_depth('["[[[", {"a": "]]}"}]') == 2
    assert nesting_depth('"\\"[[["') == 0
    assert parse_json('[1, ["x"]]', 2) == [1, ["x"]]
    for bad in ("[[[1]]]", "NaN", "Infinity", "[1,", "'a'"):
        with pytest.raises(ValueError):
            parse_json(bad, 2)


def test_a_save_nested_too_deeply_is_a_value_error():
    xtic = game.rules.get("xtic")
    with pytest.raises(ValueError, match="nested"):
        xtic.from_json('{"game": "xtic", "moves": ' + "[" * 5000 + "]" * 5000 + "}")


# --- option values by type --------------------------------------------------------------------
@pytest.mark.parametrize("name, options", [
    ("xoliba", {"players": 2.0}), ("xoliba", {"players": 3.0}), ("xoliba", {"first": 0.0}),
    ("xoliba", {"players": True}), ("xutoli", {"size": 3.0}), ("xutoli", {"tiles": 64.0}),
    ("che", {"tiles": 48.0}), ("che", {"group_area": 8.0}), ("che", {"group_area": True}),
    ("xtic", {"game_type": b"normal"}), ("catalina", {"first": False}),
    ("xutoli", {"progressive": 0})])
def test_an_option_value_of_another_type_is_refused_naming_it(name, options):
    with pytest.raises(ValueError, match=repr(next(iter(options)))):
        game.rules.get(name).new_game(seed=1, options=options)


@pytest.mark.parametrize("line, value", [
    ("Option players", "2.0"), ("Option players", "3.0"), ("Option first", "0.0"),
    ("Option players", "true")])
def test_a_record_with_an_option_of_another_json_type_is_refused(line, value):
    state = game.rules.get("xoliba").new_game(seed=4, options={"players": 2})
    text = dumps(state)
    assert f"{line}: " in text
    head = [f"{line}: {value}" if row.startswith(f"{line}:") else row
            for row in text.split("\n")]
    number = next(i for i, row in enumerate(head, 1) if row.startswith(line))
    with pytest.raises(ValueError, match=rf"^line {number}: bad value {value.title()} "
                                         rf"for option '{line[7:]}' of Xoliba"):
        loads("\n".join(head))


def test_every_option_of_every_game_meets_every_json_type_and_never_crashes():
    verdicts = {check(text).verdict for _, text in option_sweep(RECORDS[::3])}
    assert verdicts <= {"loaded", "refused"}
    assert "refused" in verdicts


# --- what counts as malformed ---------------------------------------------------------------
@pytest.mark.parametrize("seed", ["١٢", "１２", "1_000", "+12", "12 3", "", "9" * 21, "1e3"])
def test_a_seed_is_ascii_digits(seed):
    text = xtic_record('"normal"').replace("Seed: 5", f"Seed: {seed}")
    with pytest.raises(ValueError, match="^line 3: 'Seed:'"):
        loads(text)


def test_move_numbers_and_coordinates_are_ascii_digits():
    with pytest.raises(ValueError, match="line 7"):
        loads(xtic_record('"normal"').replace("1. -/8", "١. -/8"))
    text = long_record(3)
    with pytest.raises(ValueError, match="line 11"):
        loads(text.replace("3. L@2,0", "3. L@٢,0"))


def test_a_lone_surrogate_or_control_character_is_refused():
    for odd in ("\ud800", "\x00", "\x7f", "\x1b"):
        with pytest.raises(ValueError, match="line 2"):
            loads(xtic_record('"normal"').replace("Game: xtic", f"Game: xtic{odd}"))


def test_a_byte_order_mark_is_read_past():
    state, _ = loads("\ufeff" + xtic_record('"normal"'))
    assert state.move_list() == ["-/8"]


def test_a_result_that_the_moves_contradict_is_refused():
    state = game.rules.get("xtic").new_game(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    text = dumps(state)
    loads(text)
    result = next(line for line in text.split("\n") if line.startswith("Result:"))
    for claim in ("Result: * (in progress)", "Result: nobody (1 0)"):
        with pytest.raises(ValueError, match="the result says"):
            loads(text.replace(result, claim))
    cut = text.rsplit("\n", 2)[0] + "\n"         # the last move taken out
    with pytest.raises(ValueError, match="the result says"):
        loads(cut)


def test_a_tile_far_out_cannot_alias_a_cell_of_the_layout():
    """key_of packs x and y in one int: (-2, 2**22) would be the open cell (-1, 0)."""
    text = long_record(1) + "2. L@-2,4194304\n"
    with pytest.raises(ValueError, match="line 10"):
        loads(text)
    che = game.rules.get("che").new_game(seed=1, options={"tiles": "unlimited"})
    che.play(che.legal_moves()[0])
    assert che.legal_form((-2, 4194304, 0, 0)) is None
    assert che.legal_form((-1.0, 0, 0, 0)) is None


# --- linear loading ---------------------------------------------------------------------------
def test_loading_a_che_record_never_lists_the_legal_moves(monkeypatch):
    """play() checks the one move (legal_form): listing every placement of a 60,000-tile
    layout at each move made loading quadratic (70 minutes for 0.99 MB)."""
    text = long_record(400)
    che = game.rules.get("che").state_class
    monkeypatch.setattr(che, "legal_moves", lambda self: pytest.fail("listed"))
    state, _ = loads(text)
    assert len(state.history) == 400
    assert dumps(state) == text


@pytest.mark.parametrize("name", ["che", "xutoli"])
def test_legal_form_agrees_with_the_listed_moves(name):
    spec = game.rules.get(name)
    rng = random.Random(7)
    for seed in range(4):
        state = spec.new_game(seed=seed)
        while not state.is_over and len(state.history) < 30:
            legal = state.legal_moves()
            for move in legal:
                assert state.legal_form(move) == move
            probes = [(move.x + dx, move.y + dy, move.colour, move.orient)
                      for move in legal[:6] for dx in (-1, 0, 2) for dy in (-1, 0, 2)]
            for probe in probes:
                assert (state.legal_form(probe) is not None) == (probe in legal)
            state.play(rng.choice(legal))


# --- the fuzzing, smaller -------------------------------------------------------------------
@settings(max_examples=300, deadline=None, database=None)
@given(st.integers(0, len(RECORDS) - 1), st.integers(0, 2**32))
def test_mutated_records_load_or_raise_value_error_only(index, seed):
    name, text = mutate(RECORDS[index], random.Random(seed), RECORDS)
    result = check(text)
    assert result.verdict != "crashed", (name, text[:300], result.detail)


def test_the_valid_records_load_and_json_values_cover_every_type():
    assert all(check(text).verdict == "loaded" for text in RECORDS)
    kinds = set()
    for value in JSON_VALUES:
        try:
            kinds.add(type(parse_json(value, 4)).__name__)
        except ValueError:
            kinds.add("refused")
    assert kinds >= {"int", "float", "bool", "NoneType", "str", "list", "dict", "refused"}
