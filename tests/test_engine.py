"""The engine contract (docs/ENGINE.md): registry, specs, options, saves, errors."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import game.rules
from game.core.state import SAVE_FORMAT_VERSION, GameState, Outcome
from game.rules import IllegalMoveError

ROOT = Path(__file__).resolve().parent.parent
XTIC = game.rules.get("xtic")


def played(texts, game_type="normal", seed=1):
    state = XTIC.new_game(seed=seed, options={"game_type": game_type})
    for text in texts:
        state.play(state.parse_move(text))
    return state


SAMPLE = ["-/9", "b3/5", "a1/0", "d4/15"]


# --- registry ---------------------------------------------------------------------------
def test_names():
    assert game.rules.names() == ["catalina", "che", "xoliba", "xtic", "xutoli"]


def test_all_specs_in_name_order():
    assert [spec.name for spec in game.rules.all_specs()] == game.rules.names()


def test_get_unknown_names_the_known_games():
    with pytest.raises(KeyError) as info:
        game.rules.get("chess")
    message = info.value.args[0]
    assert "chess" in message
    for name in game.rules.names():
        assert name in message


def test_get_returns_the_same_spec():
    assert game.rules.get("xtic") is XTIC


def test_xtic_spec():
    assert XTIC.name == "xtic"
    assert XTIC.title == "Xtic"
    assert XTIC.is_built
    option = XTIC.option("game_type")
    assert option.name == "game_type"
    assert tuple(option.values) == ("normal", "nodiags", "torus")
    assert option.default == "normal"
    assert [opt.name for opt in XTIC.options] == ["game_type"]
    if option.value_labels:
        assert len(option.value_labels) == len(option.values)
        assert all(option.label_of(v) for v in option.values)
    with pytest.raises(KeyError):
        XTIC.option("nope")


def test_xtic_ai_levels_follow_the_seed():
    levels = list(XTIC.ai_levels)
    # docs/rules/xtic.md: trivial .. don't try, looking 1 to 6 moves ahead, weakest first
    assert levels[:6] == ["trivial", "easy", "medium", "hard", "very hard", "don't try"]
    assert len(levels) == len(set(levels))
    assert all(isinstance(level, str) and level for level in levels)


def test_every_spec_has_a_blurb_and_title():
    for spec in game.rules.all_specs():
        assert spec.title and spec.blurb


def test_rules_and_engine_import_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import game.rules, game.core, game.services, game.core.storage, game.core.registry\n"
        "import game.core.state\n"
        "s = game.rules.get('xtic').new_game(seed=7, options={'game_type': 'torus'})\n"
        "s.play(s.legal_moves()[3]); s.play(s.legal_moves()[0])\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# --- new_game -----------------------------------------------------------------------------
def test_new_game_unknown_option_names_it():
    with pytest.raises(ValueError, match="board_size"):
        XTIC.new_game(seed=1, options={"board_size": 5})


def test_new_game_bad_value_names_option_and_value():
    with pytest.raises(ValueError) as info:
        XTIC.new_game(seed=1, options={"game_type": "hexagonal"})
    assert "game_type" in str(info.value)
    assert "hexagonal" in str(info.value)


def test_new_game_bad_seed():
    with pytest.raises(ValueError):
        XTIC.new_game(seed="seven")


def test_new_game_without_seed_or_options():
    state = XTIC.new_game()
    assert isinstance(state.seed, int)
    assert state.options == {"game_type": "normal"}
    assert state.to_play == 0


def test_new_game_does_not_share_option_dict():
    options = {"game_type": "torus"}
    state = XTIC.new_game(seed=1, options=options)
    options["game_type"] = "normal"
    assert state.options == {"game_type": "torus"}


def test_same_seed_and_options_same_game():
    a = played(SAMPLE, "torus", seed=42)
    b = played(SAMPLE, "torus", seed=42)
    assert a.to_json() == b.to_json()
    assert a.legal_moves() == b.legal_moves()
    fresh = [XTIC.new_game(seed=42, options={"game_type": "nodiags"}) for _ in range(2)]
    assert fresh[0].to_json() == fresh[1].to_json()


# --- state contract -------------------------------------------------------------------------
def test_state_basics():
    state = played(SAMPLE)
    assert isinstance(state, GameState)
    assert state.is_chance is False
    assert state.chance_outcomes() == []
    with pytest.raises(IllegalMoveError):
        state.sample_chance()
    assert state.can_undo and not state.can_redo
    assert state.move_list() == SAMPLE


def test_outcome_is_frozen():
    outcome = Outcome(1, (0, 1), "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.winner = 0


def test_to_json_fields():
    data = json.loads(played(SAMPLE, "torus", seed=9).to_json())
    assert data == {"game": "xtic", "format": SAVE_FORMAT_VERSION, "seed": 9,
                    "options": {"game_type": "torus"}, "moves": SAMPLE, "redo": []}


def test_undo_returns_move_and_redo_replays_it():
    state = played(SAMPLE)
    last = state.history[-1]
    assert state.undo() == last
    assert state.redo_stack == [last]
    assert state.redo() == last
    assert state.move_list() == SAMPLE


def test_copy_is_independent():
    state = played(SAMPLE)
    state.undo()
    twin = state.copy()
    assert twin.to_json() == state.to_json()
    twin.redo()
    twin.play(twin.legal_moves()[0])
    assert state.move_list() == SAMPLE[:-1]
    assert state.redo_stack and len(twin.history) == len(SAMPLE) + 1
    state.play(state.legal_moves()[-1])
    assert twin.move_list()[:len(SAMPLE)] == SAMPLE


# --- from_json -----------------------------------------------------------------------------
def save(**changes):
    data = json.loads(played(SAMPLE).to_json())
    data.update(changes)
    for key in [k for k, v in changes.items() if v is ...]:
        del data[key]
    return json.dumps(data)


def test_from_json_round_trip():
    state = played(SAMPLE)
    state.undo()
    state.undo()
    loaded = XTIC.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.redo_stack == state.redo_stack
    assert loaded.board == state.board and loaded.hand == state.hand


@pytest.mark.parametrize("text, needle", [
    ("{not json", "not a saved Xtic game"),
    ("", "not a saved Xtic game"),
    ("[1, 2]", "JSON object"),
    ("null", "JSON object"),
    (save(game="che"), "che"),
    (save(game=...), "None"),
    (save(format=SAVE_FORMAT_VERSION + 1), "format"),
    (save(format="1"), "format"),
    (save(format=...), "format"),
    (save(seed="x"), "seed"),
    (save(seed=...), "seed"),
    (save(options=[]), "options"),
    (save(moves="-/9 b3/5"), "moves"),
    (save(moves=...), "moves"),
    (save(options={"game_type": "cube"}), "game_type"),
    (save(options={"colour": "red"}), "colour"),
    (save(moves=["-/9", "b3/5", "z9/1"]), "z9/1"),
    (save(moves=["-/9", "b3/5", "b3/1"]), "move 3"),
    (save(moves=["-/9", "b3/9"]), "move 2"),
    (save(moves=["-/9", 17]), "move 2"),
    (save(redo=["c1/2", "zz"]), "redo move 2"),
    (save(redo="c1/2"), "redo"),
    (save(redo=["-/3"]), "redo move 1"),
], ids=lambda v: v[:40] if isinstance(v, str) else None)
def test_from_json_errors(text, needle):
    with pytest.raises(ValueError) as info:
        XTIC.from_json(text)
    assert needle in str(info.value)


def test_from_json_non_text():
    with pytest.raises(ValueError):
        XTIC.from_json(None)


def test_from_json_after_game_over_rejects_more_moves():
    texts = ["-/0", "a1/2", "b1/4", "c1/6", "d1/-"]
    state = played(texts)
    assert state.is_over
    with pytest.raises(ValueError, match="move 6"):
        XTIC.from_json(save(moves=texts + ["a2/3"]))
    with pytest.raises(ValueError, match="redo move 1"):
        data = json.loads(state.to_json())
        data["redo"] = ["a2/3"]
        XTIC.from_json(json.dumps(data))


def test_from_json_missing_redo_is_fine():
    loaded = XTIC.from_json(save(redo=...))
    assert loaded.move_list() == SAMPLE and not loaded.can_redo


# --- robustness: a move equal to a legal one but of another type ------------------------------
def test_play_with_float_square_is_safe():
    """(9.0, 5) == (9, 5), so `move in legal_moves()` accepts it; _apply then fails with a
    TypeError after the undo snapshot was pushed, leaving history and snapshots out of
    step (the next undo restores the wrong position)."""
    state = played(["-/9"])
    before = state.to_json()
    try:
        state.play((9.0, 5))
    except IllegalMoveError:
        assert state.to_json() == before
    else:
        assert state.move_list() == ["-/9", "b3/5"]
    # whatever happened, undo must go back exactly one move
    while state.can_undo:
        state.undo()
    assert state.hand is None and state.board == [-1] * 16
    assert state.available_pieces() == list(range(16))


def test_play_with_float_piece_is_safe():
    """(9, 5.0): the board is changed and the hand becomes 5.0 before `available &= ~(1 <<
    5.0)` raises TypeError; the state is left half-applied."""
    state = played(["-/9"])
    before = state.to_json()
    try:
        state.play((9, 5.0))
    except IllegalMoveError:
        pass
    assert state.to_json() == before or state.move_list() == ["-/9", "b3/5"]
    assert state.board[9] in (-1, 9)
    assert state.hand in (9, 5) and type(state.hand) is int


def test_per_position_values_follow_moves_and_undo():
    from game.core.state import PerPosition
    state = game.rules.get("xtic").new_game(seed=1)
    cache, calls = PerPosition(), []

    def count():
        calls.append(len(state.history))
        return len(state.legal_moves())
    first = cache.get(state, "moves", count)
    assert cache.get(state, "moves", count) == first and calls == [0]    # once per position
    state.play(state.legal_moves()[0])
    cache.get(state, "moves", count)
    state.undo()
    assert cache.get(state, "moves", count) == first and calls == [0, 1, 0]


@pytest.mark.parametrize("name", game.rules.names())
def test_move_list_follows_moves_undos_and_new_branches(name):
    """The move list is kept incrementally; it must always equal a replay from the
    start, through undos and new moves played after them, and copies start afresh."""
    spec = game.rules.get(name)
    options = {"players": 2} if name == "xoliba" else {}
    state = spec.new_game(seed=3, options=options)
    rng = random.Random(3)

    def replayed():
        replay = spec.new_game(seed=3, options=options)
        texts = []
        for move in state.history:
            texts.append(replay.format_move(move))
            replay.play(move)
        return texts
    for _ in range(80):
        if state.history and (state.is_over or rng.random() < 0.3):
            state.undo()
        elif state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
        assert state.move_list() == replayed()
    copy = state.copy()
    assert "_notation" not in copy.__dict__
    assert copy.move_list() == state.move_list()
    assert spec.from_json(state.to_json()).history == state.history


def test_movers_name_the_seat_of_each_move_and_follow_undo():
    import random

    import game.rules
    state = game.rules.get("catalina").new_game(seed=3)
    rng = random.Random(3)
    expected = []
    for _ in range(12):
        expected.append(None if state.is_chance else state.to_play)
        state.play(rng.choice(state.legal_moves()))
    assert state.movers() == expected and None in expected and 0 in expected
    state.undo()
    state.undo()
    assert state.movers() == expected[:-2]
