"""The shipped puzzles of every game (docs/PUZZLES.md):

    import game.puzzles
    for p in game.puzzles.all_puzzles():
        p.game, p.record, p.goal, p.answers, p.forced

A game's puzzles are one JSON file, `levels/puzzles/<game>.json`, written by the
generator (python -m game.tools.puzzles) and proven again by the test suite through the
game's kit (game/puzzles/kit.py). The Xoliba solitaire levels (levels/NNN.txt) are
puzzles too: `all_puzzles()` gives them with the same fields, their accepted first moves
from `levels/puzzles/solitaire.json`.

The files are the game's own data, read-only: one that cannot be read is named (file and
puzzle) and left out, the others are used. Everything is checked as data: bounded in
size and depth, each record through game.records.loads, each answer legal there. No
pygame here.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import game.records
from game.core import registry
from game.core.json_data import parse_json
from game.games import GAMES

PUZZLES_FOLDER = Path(__file__).resolve().parents[2] / "levels" / "puzzles"
SET_FORMAT = 1                  # the highest `format` of a puzzle file this version reads
MAX_FILE_BYTES = 8_000_000
MAX_DEPTH = 8
GRADES = {1: "easy", 2: "medium", 3: "hard", 4: "very hard"}


@dataclass(frozen=True)
class Puzzle:
    game: str                   # registry name ("xtic", ...); "xoliba" for the solitaire
    record: str                 # the position as a game.records text
    goal: str                   # the goal in the player's words
    answers: tuple[str, ...]    # every accepted first move, in the game's notation
    forced: int | None          # N for "win within N of your own turns against any defence"
    id: str = ""                # unique among all puzzles: "xtic-007", "solitaire-012"
    kind: str = ""              # the kit's goal kind ("safe_handover", ...)
    n: int | None = None        # the goal's number of turns, when it has one
    grade: int = 1              # 1 easy .. 4 very hard (GRADES)
    rating: int = 1500          # the puzzle's rating (Glicko-2 scale, game/puzzles/rating.py)
    explanation: str = ""       # the answer explained in a line
    notes: tuple[str, ...] = () # more lines shown after the answer
    source: str = ""            # where the position was cut from
    set_name: str = ""          # the set it belongs to: the game's name, or "solitaire"
    measures: dict = field(default_factory=dict, compare=False, hash=False)
    certificate: dict = field(default_factory=dict, compare=False, hash=False)   # what
    #                             a cheap test checks instead of proving again (the kit's)

    def position(self):
        """(state, headers): the puzzle's position, its side to move."""
        return game.records.loads(self.record)

    @property
    def grade_name(self) -> str:
        return GRADES.get(self.grade, str(self.grade))


class PuzzleSetError(ValueError):
    """A puzzle file, or one puzzle in it, that cannot be used (the message names it)."""


def _text(value, what: str, most: int = 100_000) -> str:
    if not isinstance(value, str) or not value or len(value) > most:
        raise ValueError(f"{what} is not a text of 1 to {most} characters")
    return value


def _optional_count(value, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ValueError(f"{what} is not a whole number from 1 to 20")
    return value


def puzzle_from_data(data, set_name: str, check: bool = True) -> Puzzle:
    """One puzzle of a set file, checked: its record loads, its answers are legal moves
    of the side to move (unless `check` is False: the caller checks later)."""
    if not isinstance(data, dict):
        raise ValueError("a puzzle is not an object")
    ident = _text(data.get("id"), "its id", 40)
    try:
        answers = data.get("answers")
        if (not isinstance(answers, list) or not answers or len(answers) > 400
                or not all(isinstance(a, str) and 0 < len(a) <= 80 for a in answers)):
            raise ValueError("its answers are not a list of 1 to 400 moves")
        grade = data.get("grade", 1)
        if grade not in GRADES:
            raise ValueError(f"its grade is not one of {sorted(GRADES)}")
        rating = data.get("rating", 1500)
        if isinstance(rating, bool) or not isinstance(rating, int) or not 0 < rating < 4000:
            raise ValueError("its rating is not a whole number from 1 to 3999")
        notes = data.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            raise ValueError("its notes are not a list of texts")
        measures = data.get("measures", {})
        certificate = data.get("certificate", {})
        if not isinstance(measures, dict) or not isinstance(certificate, dict):
            raise ValueError("its measures or its certificate are not an object")
        puzzle = Puzzle(
            game=_text(data.get("game"), "its game", 20), record=_text(data.get("record"), "its record"),
            goal=_text(data.get("goal"), "its goal", 300), answers=tuple(answers),
            forced=_optional_count(data.get("forced"), "its forced"), id=ident,
            kind=_text(data.get("kind"), "its kind", 40),
            n=_optional_count(data.get("n"), "its n"), grade=grade, rating=rating,
            explanation=str(data.get("explanation", ""))[:500], notes=tuple(notes),
            source=str(data.get("source", ""))[:300], set_name=set_name, measures=measures,
            certificate=certificate)
        if check:
            check_puzzle(puzzle)
        return puzzle
    except ValueError as exc:
        raise PuzzleSetError(f"puzzle {ident}: {exc}") from None


def check_puzzle(puzzle: Puzzle) -> None:
    """ValueError unless the puzzle's position loads, is the game it says, has a side to
    move, and each answer is a legal move there, each once."""
    state, _ = puzzle.position()
    if state.spec.name != puzzle.game:
        raise ValueError(f"its record is a game of {state.spec.name}, not {puzzle.game}")
    if state.is_over or state.is_chance or state.to_play is None:
        raise ValueError("its position has no player to move")
    legal = {state.format_move(move) for move in state.legal_moves()}
    unknown = [answer for answer in puzzle.answers if answer not in legal]
    if unknown:
        raise ValueError(f"its answer {unknown[0]!r} is not a legal move there")
    if len(set(puzzle.answers)) != len(puzzle.answers):
        raise ValueError("an answer is given twice")


def read_set(path: Path, check: bool = True) -> tuple[list[Puzzle], list[str]]:
    """(puzzles, problems) of one set file: each puzzle that cannot be used is left out
    and named in `problems`; a file that cannot be read at all gives no puzzles and one
    problem."""
    path = Path(path)
    name = path.stem
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PuzzleSetError(f"it is larger than {MAX_FILE_BYTES // 1_000_000} MB")
        data = parse_json(path.read_text(encoding="utf-8"), MAX_DEPTH)
        if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
            raise PuzzleSetError("it is not a puzzle set (an object with a list 'puzzles')")
        version = data.get("format", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise PuzzleSetError("its format is not a whole number")
        if version > SET_FORMAT:
            raise PuzzleSetError(f"it is in format {version}: it needs a newer version "
                                 f"of Little Abstracts")
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return [], [f"{path.name}: {reason}"]
    puzzles, problems, seen = [], [], set()
    for entry in data["puzzles"]:
        try:
            puzzle = puzzle_from_data(entry, name, check)
            if puzzle.id in seen:
                raise PuzzleSetError(f"puzzle {puzzle.id}: its id is given twice")
            seen.add(puzzle.id)
            puzzles.append(puzzle)
        except ValueError as exc:
            problems.append(f"{path.name}: {exc}")
    return puzzles, problems


def set_path(name: str, folder: Path | None = None) -> Path:
    return Path(folder or PUZZLES_FOLDER) / f"{name}.json"


def set_names() -> list[str]:
    """The sets, in the order of the games, each game's own sets after its puzzles (the
    solitaire after Xoliba): a game whose record names no puzzle kit has none."""
    return [name for spec in registry.in_order() if spec.name in GAMES
            for name in ((spec.name,) if spec.tactics else ()) + tuple(spec.more_puzzle_sets)]


@functools.cache
def load_set(name: str) -> tuple[tuple[Puzzle, ...], tuple[str, ...]]:
    """(puzzles, problems) of the shipped set `name`, read once a run. Each puzzle's
    fields are checked, not its position: replaying every record takes seconds, so a
    puzzle's position is checked when it is played (check_puzzle), and every one by the
    test suite."""
    path = set_path(name)
    if not path.exists():
        return (), ()
    puzzles, problems = read_set(path, check=False)
    return tuple(puzzles), tuple(problems)


def kit_reference(set_name: str) -> str:
    """The reference of the kit that proves set `set_name`'s puzzles ("" when none)."""
    for spec in registry.in_order():
        if set_name == spec.name:
            return spec.tactics
        if set_name in spec.more_puzzle_sets:
            return spec.more_puzzle_sets[set_name]
    return ""


def all_puzzles() -> list[Puzzle]:
    """Every shipped puzzle of every game, the solitaire too, in set order (their
    positions unchecked: check_puzzle)."""
    return [puzzle for name in set_names() for puzzle in load_set(name)[0]]
