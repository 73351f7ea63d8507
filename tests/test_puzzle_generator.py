"""The puzzle generator (game/tools/puzzles.py), on the test game's kit: tic-tac-toe's
"win within n turns" (tests/sixth_game/tactics.py)."""
from __future__ import annotations

import json

import pytest

import game.rules
from game.puzzles import read_set
from game.tools import puzzles as generator
from sixth_game.rules import SPEC
from sixth_game.tactics import KIT, wins_within


@pytest.fixture(autouse=True)
def sixth_game():
    game.rules.register(SPEC)
    yield SPEC
    game.rules.unregister(SPEC.name)


def test_the_same_seed_gives_the_same_set_and_another_seed_another(tmp_path):
    first = generator.generate("tictactoe", seed=4, count=12, out=tmp_path / "a.json", log=print)
    again = generator.generate("tictactoe", seed=4, count=12, out=tmp_path / "b.json", log=print)
    other = generator.generate("tictactoe", seed=5, count=12, out=False, log=print)
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert first["set"] == again["set"]
    assert [p["record"] for p in other["set"]["puzzles"]] != \
        [p["record"] for p in first["set"]["puzzles"]]


def test_a_set_is_proven_graded_and_readable(tmp_path):
    path = tmp_path / "tictactoe.json"
    result = generator.generate("tictactoe", seed=1, count=12, out=path, log=print)
    puzzles, problems = read_set(path)
    assert problems == [] and len(puzzles) == 12 == result["figures"]["kept"]
    assert sorted({p.grade for p in puzzles}) == [1, 2, 3, 4]
    assert [p.grade for p in puzzles] == sorted(p.grade for p in puzzles)
    assert [p.rating for p in puzzles] == sorted(p.rating for p in puzzles)
    assert len({p.id for p in puzzles}) == 12
    for puzzle in puzzles:
        state, _ = puzzle.position()
        assert KIT.verify(state, puzzle) is None
        # Every answer wins within n turns; no other move does.
        for move in state.legal_moves():
            state.play(move)
            wins = state.is_over and state.outcome.winner is not None or (
                puzzle.forced > 1 and not state.is_over
                and all(_wins_after(state, reply, puzzle.forced - 1) for reply in state.legal_moves()))
            state.undo()
            assert wins == (state.format_move(move) in puzzle.answers), puzzle.id
    assert generator.verify_set("tictactoe", path) == []


def _wins_after(state, reply, turns) -> bool:
    state.play(reply)
    try:
        return not state.is_over and wins_within(state, state.to_play, turns)
    finally:
        state.undo()


def test_one_game_gives_two_puzzles_at_most(tmp_path):
    result = generator.generate("tictactoe", seed=2, count=20, out=False, log=print)
    sources = [p["source"].split(",")[0] for p in result["set"]["puzzles"]]
    assert max(sources.count(source) for source in sources) <= generator.MOST_FROM_ONE_GAME


def test_a_wrong_answer_in_a_file_is_found(tmp_path):
    path = tmp_path / "tictactoe.json"
    generator.generate("tictactoe", seed=1, count=8, out=path, log=print)
    data = json.loads(path.read_text())
    puzzle = data["puzzles"][0]
    state, _ = read_set(path)[0][0].position()
    wrong = next(state.format_move(m) for m in state.legal_moves()
                 if state.format_move(m) not in puzzle["answers"])
    puzzle["answers"] = puzzle["answers"] + [wrong]
    path.write_text(json.dumps(data))
    problems = generator.verify_set("tictactoe", path)
    assert len(problems) == 1 and problems[0].startswith(f"{puzzle['id']}: proven again")


def test_the_command_names_an_unknown_game(capsys):
    with pytest.raises(SystemExit):
        generator.main(["generate", "--game", "chess"])
    assert "unknown game 'chess'" in capsys.readouterr().err
