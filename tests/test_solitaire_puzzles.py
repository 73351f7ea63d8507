"""The Xoliba solitaire levels as puzzles (levels/puzzles/solitaire.json, its kit
game/games/xoliba/solitaire_tactics.py): every level has its puzzle in the public API,
the maker gives the shipped entries, the proof from scratch gives the shipped answers, and
a broken certificate is caught. Every shipped certificate is checked by
tests/test_puzzle_sets.py; that the other first moves lose is proven by the bench
(python -m game.bench solitaire --puzzles)."""
from __future__ import annotations

import dataclasses
import json

import pytest

import game.puzzles
import game.records
from game.games.xoliba import solitaire_tactics, solver
from game.games.xoliba.level_maker import main as level_maker, puzzle_set_text
from game.games.xoliba.levels import LEVELS_FOLDER, load_levels
from game.games.xoliba.solitaire_tactics import (KIND, KIT, FirstMove, explanation,
                                                 level_puzzle)
from game.puzzles import GRADES, kit_reference, load_set, set_path

LEVELS = {level.id: level for level in load_levels()[0]}
SHIPPED = {puzzle.id: puzzle for puzzle in load_set("solitaire")[0]}


def test_every_level_has_its_puzzle_in_the_public_api():
    assert load_set("solitaire")[1] == ()
    puzzles = [p for p in game.puzzles.all_puzzles() if p.set_name == "solitaire"]
    assert [p.id for p in puzzles] == [f"solitaire-{level_id}" for level_id in LEVELS]
    assert kit_reference("solitaire") == "game.games.xoliba.solitaire_tactics:KIT"
    for puzzle in puzzles:
        level = LEVELS[puzzle.id.removeprefix("solitaire-")]
        state, _ = game.records.loads(puzzle.record)
        assert state.position_text() == level.new_game().position_text(), puzzle.id
        assert state.solitaire and state.to_play == 0 and not state.history
        assert (puzzle.game, puzzle.kind, puzzle.n, puzzle.forced) == ("xoliba", KIND, None, None)
        assert puzzle.goal == "Capture every blue piece."
        assert puzzle.grade == {1: 1, 2: 1, 3: 2, 4: 3, 5: 4}[level.difficulty] in GRADES
        assert puzzle.rating == 1000 + 250 * (puzzle.grade - 1)
        assert level.line[0] in puzzle.answers, puzzle.id     # the level's own line wins
        assert puzzle.measures["first_moves"] == len(state.legal_moves())


def test_the_maker_gives_the_shipped_entries(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    for level_id in ("001", "002"):
        (folder / f"{level_id}.txt").write_bytes((LEVELS_FOLDER / f"{level_id}.txt").read_bytes())
    out = tmp_path / "solitaire.json"
    assert level_maker(["puzzles", "--folder", str(folder), "--out", str(out),
                        "--jobs", "1"]) == 0
    made = json.loads(out.read_text("utf-8"))
    shipped = json.loads(set_path("solitaire").read_text("utf-8"))
    assert made["puzzles"] == shipped["puzzles"][:2]
    assert out.read_text("utf-8") == puzzle_set_text(shipped["puzzles"][:2])


def test_the_proof_from_scratch_on_a_lesson_gives_the_shipped_answers(monkeypatch):
    monkeypatch.setattr(solitaire_tactics, "_DECIDED", {})     # no proof kept from before
    level = LEVELS["004"]                  # 16 of 32 first moves win: half lose
    proof = KIT.prove(level.new_game(), KIND, None)
    puzzle = SHIPPED["solitaire-004"]
    assert proof.answers == puzzle.answers and proof.forced is None
    assert proof.explanation == puzzle.explanation
    assert len(proof.answers) == 16 and proof.measures["first_moves"] == 32
    assert level_puzzle(level)["certificate"] == puzzle.certificate


def test_a_shipped_certificate_holds_and_a_broken_one_is_caught():
    puzzle = SHIPPED["solitaire-004"]
    state, _ = puzzle.position()
    assert KIT.verify(state, puzzle) is None
    lines, others = puzzle.certificate["lines"], puzzle.certificate["others"]

    def broken(**certificate):
        return dataclasses.replace(puzzle, certificate={**puzzle.certificate, **certificate})

    short = lines[0].rsplit(" / ", 1)[0]                      # the last capture left out
    assert "does not win" in KIT.verify(state, broken(lines=[short, *lines[1:]]))
    wrong = lines[0].split(" / ")
    wrong[1] = "a1-a2"                                        # a1 is off the board
    assert "illegal" in KIT.verify(state, broken(lines=[" / ".join(wrong), *lines[1:]]))
    assert "legal first moves" in KIT.verify(state, broken(others=others[1:]))
    assert "legal first moves" in KIT.verify(state, broken(others=[*others, others[0]]))
    assert "starts with" in KIT.verify(state, broken(lines=lines[::-1]))
    losing = dataclasses.replace(puzzle, answers=(*puzzle.answers[:-1], others[0]))
    assert KIT.verify(state, losing) is not None
    assert KIT.verify(state, dataclasses.replace(puzzle, goal="Win.")) is not None


@pytest.mark.parametrize("statuses, words", [
    ("wwww", "All 4 first moves keep the level winnable: any start can still win."),
    ("wwwb", "3 of 4 first moves keep the level winnable; the other one leaves blue pieces "
             "the red left can no longer all capture."),
    ("wwbs", "2 of 4 first moves keep the level winnable; of the other 2, 1 leaves blue "
             "pieces the red left can no longer all capture; 1 is lost after a search of "
             "every line."),
    ("wsse", "1 of 4 first moves keeps the level winnable; of the other 3, 1 ends the game "
             "with blue left; 2 are lost after a search of every line."),
])
def test_the_explanation_counts_the_moves_and_why_the_others_lose(statuses, words):
    loss = {"w": "", "b": "bound", "s": "searched", "e": "ends"}
    decided = tuple(FirstMove(f"m{i}", solver.WON if s == "w" else solver.LOST, loss=loss[s])
                    for i, s in enumerate(statuses))
    assert explanation(decided) == words


def test_the_bench_proves_two_lessons_again_and_fails_on_a_wrong_answer(capsys):
    from game.bench.__main__ import main as bench
    from game.games.xoliba.solitaire_bench import prove_level, report_puzzles
    assert bench(["solitaire", "--puzzles", "--only", "1,4", "--jobs", "1"]) == 0
    assert "puzzles: 2 of 2 proven the same  PASS" in capsys.readouterr().out
    row = prove_level(LEVELS["001"])
    assert not report_puzzles([row], {"solitaire-001": row["answers"][1:]})
    assert not report_puzzles([row], {})
    assert not report_puzzles([{**row, "undecided": 1}], {"solitaire-001": row["answers"]})
    out = capsys.readouterr().out
    assert "differ in " + row["answers"][0] in out and "no shipped puzzle" in out
    assert "1 first move undecided" in out and "PASS" not in out
