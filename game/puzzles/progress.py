"""The player's side of the games' puzzles: a rating per set, the attempts at each puzzle,
the daily puzzles played, and the puzzles cut from the player's own mistakes.

Kept in the data folder as `puzzles_played.json` (the solitaire keeps its ladder in its
own file), written atomically: `save_progress`, or `save_progress_soon` by the background
writer. A file that cannot be used (empty, cut short, not JSON, larger than
MAX_FILE_BYTES, any part of the wrong shape or type, or a "version" above
PROGRESS_VERSION) is kept aside whole as `puzzles_played.json.bad-<time>` with a message
naming it, and play starts with no progress. One own puzzle that no longer holds (its
record does not load, an answer is not legal there: the rules changed) is left out with
a message, the others kept; the file is copied aside, then written without it, so
nothing is lost and the next load finds no fault.

The rating (game/puzzles/rating.py, Glicko-2): each attempt is one rating period against
the puzzle, its rating fixed. Only the first attempt at a puzzle is rated: a retry, or
the same puzzle met again, knows the answer. A solve with a hint is not rated either (the
hint costs the rating gain), but a failure with a hint is still a loss. The player's own
puzzles are never rated: their rating is a guess (game/puzzles/mistakes.py). The course
keeps the rating after each rated attempt, the last COURSE_POINTS of them.

Own puzzles come back by Leitner boxes. Box 1 holds a new mistake, or one just failed: it
is due at once. Solved (without a hint, when due) it moves to box 2, due a day later;
solved again there it is learnt (box LEARNT) and leaves the rotation: solved twice in a
row, a day apart. A failure sends it back to box 1; a solve with a hint, or before it is
due, leaves it where it is (a hinted one comes back the next day). No pygame here.
"""
from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field

from game.core import storage
from game.puzzles import Puzzle, puzzle_from_data
from game.puzzles.daily import daily_puzzle
from game.puzzles.rating import START_DEVIATION, Rating, puzzle_opponent, update

PROGRESS_VERSION = 1
FILE_NAME = "puzzles_played.json"
MAX_FILE_BYTES = 4_000_000
COURSE_POINTS = 200         # rated attempts kept per set for the plot
NEAREST = 3                 # next_puzzle picks at random among this many nearest
BOX_DAYS = {1: 0, 2: 1}     # a box -> days from the last result to the puzzle's return
LEARNT = 3                  # the box of an own puzzle solved twice in a row
MAX_OWN = 100               # own puzzles kept; past it the oldest learnt ones go first
#                             (each is checked when the file loads: a few ms apiece)
MAX_ANALYSED = 2_000        # kept games remembered as analysed (more than are ever kept)
MAX_PUZZLES = 20_000        # puzzles with attempts
MAX_SETS = 50
MAX_DAILY = 400             # days of daily results kept
MAX_COUNT = 1_000_000
RATING_BOUND = 10_000       # no rating comes near it: a corrupt file
OWN_PREFIX = "mine-"        # the id of every puzzle cut from the player's own games
RESULTS = ("solved", "hinted", "failed")


@dataclass
class Attempts:
    tries: int = 0
    solves: int = 0                 # solves with a hint too
    last: str = "failed"            # one of RESULTS


@dataclass
class SetProgress:
    rating: Rating = field(default_factory=Rating)
    course: list = field(default_factory=list)      # (ISO date, value) per rated attempt


@dataclass
class OwnPuzzle:
    puzzle: Puzzle
    box: int                        # 1, 2, or LEARNT
    due: datetime.date
    added: datetime.date


def set_of(puzzle: Puzzle) -> str:
    return puzzle.set_name or puzzle.game


def puzzle_data(puzzle: Puzzle) -> dict:
    """A puzzle as the plain data game.puzzles.puzzle_from_data reads back."""
    return {"id": puzzle.id, "game": puzzle.game, "record": puzzle.record,
            "goal": puzzle.goal, "answers": list(puzzle.answers), "forced": puzzle.forced,
            "kind": puzzle.kind, "n": puzzle.n, "grade": puzzle.grade,
            "rating": puzzle.rating, "explanation": puzzle.explanation,
            "notes": list(puzzle.notes), "source": puzzle.source,
            "measures": dict(puzzle.measures), "certificate": dict(puzzle.certificate)}


class PuzzleProgress:
    def __init__(self):
        self.sets: dict[str, SetProgress] = {}
        self.attempts_of: dict[str, Attempts] = {}     # puzzle id -> its attempts
        self.daily: dict[str, str] = {}                 # ISO date -> "solved" / "failed"
        self.own: list[OwnPuzzle] = []                  # oldest first
        self.analysed_games: list[str] = []             # keys of kept games (mistakes.py)

    # --- the rating -------------------------------------------------------------------------
    def rating(self, set_name: str) -> Rating:
        found = self.sets.get(set_name)
        return found.rating if found else Rating()

    def course(self, set_name: str) -> list[tuple[str, float]]:
        found = self.sets.get(set_name)
        return list(found.course) if found else []

    # --- attempts ---------------------------------------------------------------------------
    def solved(self, puzzle_id: str) -> bool:
        found = self.attempts_of.get(puzzle_id)
        return found is not None and found.solves > 0

    def attempts(self, puzzle_id: str) -> tuple[int, int]:
        found = self.attempts_of.get(puzzle_id, Attempts())
        return found.tries, found.solves

    def counts(self, set_name: str, puzzles) -> tuple[int, int]:
        """(solved, total) of the puzzles of `set_name` among `puzzles`."""
        ours = [p for p in puzzles if set_of(p) == set_name]
        return sum(1 for p in ours if self.solved(p.id)), len(ours)

    def record_attempt(self, puzzle: Puzzle, solved: bool, hinted: bool,
                       today: datetime.date, daily: bool | None = None) -> tuple[float, float]:
        """An attempt at `puzzle` ended, solved or not, with a hint asked for or not.
        Returns the set's rating (before, after). `daily`: whether it is the daily puzzle
        of `today` (None: worked out here)."""
        attempts = self.attempts_of.setdefault(puzzle.id, Attempts())
        first = attempts.tries == 0
        attempts.tries = min(MAX_COUNT, attempts.tries + 1)
        if solved:
            attempts.solves = min(MAX_COUNT, attempts.solves + 1)
        attempts.last = "failed" if not solved else "hinted" if hinted else "solved"
        own = self._own(puzzle.id)
        progress = self.sets.setdefault(set_of(puzzle), SetProgress())
        before = progress.rating.value
        if first and own is None and not (solved and hinted):
            progress.rating = update(progress.rating,
                                     [(puzzle_opponent(puzzle.rating), 1 if solved else 0)])
            progress.course.append((today.isoformat(), round(progress.rating.value, 1)))
            del progress.course[:-COURSE_POINTS]
        if own is not None:
            self._move_box(own, solved, hinted, today)
        if daily is None:
            todays = daily_puzzle(today) if own is None else None
            daily = todays is not None and todays.id == puzzle.id
        if daily:
            self.daily[today.isoformat()] = "solved" if solved else "failed"
            for old in sorted(self.daily)[:-MAX_DAILY]:
                del self.daily[old]
        return before, progress.rating.value

    def next_puzzle(self, puzzles, set_name: str, rng) -> Puzzle | None:
        """The puzzle to play next among `puzzles` (a set's): one never tried, else one
        never solved, else any; of those, one of the NEAREST whose rating is nearest the
        player's rating of `set_name`, picked by `rng` (a random.Random)."""
        puzzles = list(puzzles)
        untried = [p for p in puzzles if p.id not in self.attempts_of]
        pool = untried or [p for p in puzzles if not self.solved(p.id)] or puzzles
        if not pool:
            return None
        target = self.rating(set_name).value
        pool.sort(key=lambda p: (abs(p.rating - target), p.id))
        return rng.choice(pool[:NEAREST])

    # --- the daily puzzle -------------------------------------------------------------------
    def daily_done(self, date: datetime.date) -> bool:
        """Whether the daily puzzle of `date` was played (solved or not)."""
        return date.isoformat() in self.daily

    # --- own mistakes -----------------------------------------------------------------------
    def _own(self, puzzle_id: str) -> OwnPuzzle | None:
        return next((own for own in self.own if own.puzzle.id == puzzle_id), None)

    @staticmethod
    def _move_box(own: OwnPuzzle, solved: bool, hinted: bool, today: datetime.date) -> None:
        if own.box == LEARNT:
            return
        if not solved:
            own.box, own.due = 1, today
        elif hinted:
            own.due = today + datetime.timedelta(days=1)
        elif own.due <= today:
            own.box += 1
            own.due = today + datetime.timedelta(days=BOX_DAYS.get(own.box, 0))

    def mistakes(self, set_name: str | None = None) -> list[Puzzle]:
        """The player's own puzzles (of `set_name`, or all), learnt ones too, oldest first."""
        return [own.puzzle for own in self.own
                if set_name is None or set_of(own.puzzle) == set_name]

    def mistakes_due(self, today: datetime.date) -> list[Puzzle]:
        """The own puzzles due on `today`, not learnt, the longest due first."""
        due = [own for own in self.own if own.box != LEARNT and own.due <= today]
        return [own.puzzle for own in sorted(due, key=lambda own: own.due)]

    def mistake_box(self, puzzle_id: str) -> int | None:
        """The Leitner box of an own puzzle (LEARNT once learnt); None for another."""
        own = self._own(puzzle_id)
        return None if own is None else own.box

    def add_mistakes(self, puzzles, today: datetime.date | None = None) -> list[Puzzle]:
        """Add own puzzles (ids starting OWN_PREFIX), each due at once; one with the same
        record and answers as one kept is left out. Returns those added."""
        today = today or datetime.date.today()
        kept = {(own.puzzle.record, own.puzzle.answers) for own in self.own}
        added = []
        for puzzle in puzzles:
            if not puzzle.id.startswith(OWN_PREFIX):
                raise ValueError(f"puzzle {puzzle.id} is not one of the player's own")
            if (puzzle.record, puzzle.answers) in kept:
                continue
            kept.add((puzzle.record, puzzle.answers))
            self.own.append(OwnPuzzle(puzzle, 1, today, today))
            added.append(puzzle)
        while len(self.own) > MAX_OWN:
            dropped = next((own for own in self.own if own.box == LEARNT), self.own[0])
            self.own.remove(dropped)
            self.attempts_of.pop(dropped.puzzle.id, None)   # (the table stays bounded)
        return added

    def mark_analysed(self, key: str) -> None:
        """The kept game `key` was looked at for mistakes (it is never looked at again)."""
        if key not in self.analysed_games:
            self.analysed_games.append(key)
            del self.analysed_games[:-MAX_ANALYSED]

    # --- the file ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "version": PROGRESS_VERSION,
            "sets": {name: {"rating": {"value": s.rating.value, "deviation": s.rating.deviation,
                                       "volatility": s.rating.volatility},
                            "course": [list(point) for point in s.course]}
                     for name, s in self.sets.items()},
            "puzzles": {ident: {"tries": a.tries, "solves": a.solves, "last": a.last}
                        for ident, a in self.attempts_of.items()},
            "daily": dict(self.daily),
            "mistakes": [{"puzzle": puzzle_data(own.puzzle), "box": own.box,
                          "due": own.due.isoformat(), "added": own.added.isoformat()}
                         for own in self.own],
            "analysed": list(self.analysed_games)}


# --- reading ----------------------------------------------------------------------------------
def _table(data: dict, key: str, most: int) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict) or len(value) > most:
        raise storage.BadFileError(f"'{key}' is not a table of at most {most} entries")
    return value


def _list(data: dict, key: str, most: int) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > most:
        raise storage.BadFileError(f"'{key}' is not a list of at most {most} entries")
    return value


def _name(value, what: str, most: int = 60) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= most:
        raise storage.BadFileError(f"{what} {value!r:.60} is not a name")
    return value


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise storage.BadFileError(f"{what} {value!r:.60} is not a count")
    return value


def _number(value, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value) or not low <= value <= high:
        raise storage.BadFileError(f"{what} {value!r:.60} is not a number from {low} to {high}")
    return float(value)


def _date(value, what: str) -> datetime.date:
    try:
        if isinstance(value, str) and len(value) == 10:
            return datetime.date.fromisoformat(value)
    except ValueError:
        pass
    raise storage.BadFileError(f"{what} {value!r:.60} is not a date (YYYY-MM-DD)")


def _set_progress(name: str, data) -> SetProgress:
    if not isinstance(data, dict) or not isinstance(data.get("rating"), dict):
        raise storage.BadFileError(f"set {name!r} has no rating")
    rating = data["rating"]
    value = _number(rating.get("value"), f"set {name!r}: the rating", -RATING_BOUND,
                    RATING_BOUND)
    deviation = _number(rating.get("deviation"), f"set {name!r}: the deviation", 1,
                        START_DEVIATION)
    volatility = _number(rating.get("volatility"), f"set {name!r}: the volatility", 1e-6, 1)
    course = []
    for point in _list(data, "course", COURSE_POINTS):
        if not isinstance(point, list) or len(point) != 2:
            raise storage.BadFileError(f"set {name!r}: a point of the course is not "
                                       f"[date, rating]")
        date = _date(point[0], f"set {name!r}: the course's date")
        course.append((date.isoformat(), _number(point[1], f"set {name!r}: the course's "
                                                            f"rating", -RATING_BOUND,
                                                    RATING_BOUND)))
    return SetProgress(Rating(value, deviation, volatility), course)


def _own_puzzle(entry, check: bool) -> OwnPuzzle:
    """One own puzzle of the file; ValueError naming what is wrong."""
    if not isinstance(entry, dict) or not isinstance(entry.get("puzzle"), dict):
        raise ValueError("an own puzzle is not an object with a 'puzzle'")
    data = entry["puzzle"]
    ident = data.get("id")
    if not isinstance(ident, str) or not ident.startswith(OWN_PREFIX):
        raise ValueError(f"own puzzle {ident!r:.60}: its id does not start {OWN_PREFIX!r}")
    box = entry.get("box")
    if box not in (1, 2, LEARNT) or isinstance(box, bool):
        raise ValueError(f"own puzzle {ident}: box {box!r:.20} is not 1, 2 or {LEARNT}")
    due = _date(entry.get("due"), f"own puzzle {ident}: due")
    added = _date(entry.get("added"), f"own puzzle {ident}: added")
    game_name = data.get("game")
    if not isinstance(game_name, str):
        raise ValueError(f"own puzzle {ident}: it names no game")
    return OwnPuzzle(puzzle_from_data(data, game_name, check), box, due, added)


def _validate(data, check: bool = True) -> tuple[PuzzleProgress, list[str]]:
    """The progress in `data` and the problems of the own puzzles left out (`check`:
    their records loaded and answers checked too). BadFileError (the whole file is set
    aside) for anything else that is wrong."""
    storage.check_version(data, PROGRESS_VERSION)
    progress = PuzzleProgress()
    for name, entry in _table(data, "sets", MAX_SETS).items():
        progress.sets[_name(name, "a set")] = _set_progress(name, entry)
    for ident, entry in _table(data, "puzzles", MAX_PUZZLES).items():
        if not isinstance(entry, dict) or entry.get("last") not in RESULTS:
            raise storage.BadFileError(f"puzzle {ident!r:.60}: its attempts are not "
                                       f"tries, solves and last result")
        tries = _count(entry.get("tries"), f"puzzle {ident!r:.60}: tries")
        solves = _count(entry.get("solves"), f"puzzle {ident!r:.60}: solves")
        if solves > tries:
            raise storage.BadFileError(f"puzzle {ident!r:.60}: more solves than tries")
        progress.attempts_of[_name(ident, "a puzzle id")] = Attempts(tries, solves,
                                                                     entry["last"])
    for date, result in _table(data, "daily", MAX_DAILY).items():
        _date(date, "a daily puzzle's date")
        if result not in ("solved", "failed"):
            raise storage.BadFileError(f"the daily puzzle of {date}: {result!r:.20} is "
                                       f"not solved or failed")
        progress.daily[date] = result
    for key in _list(data, "analysed", MAX_ANALYSED):
        progress.analysed_games.append(_name(key, "a kept game's key", 64))
    problems = []
    for entry in _list(data, "mistakes", MAX_OWN):
        try:
            progress.own.append(_own_puzzle(entry, check))
        except ValueError as exc:
            problems.append(str(exc))
    return progress, problems


def progress_path():
    return storage.data_dir() / FILE_NAME


FALLBACK = "The puzzles start with no progress."


def load_progress(check: bool = True) -> tuple[PuzzleProgress, str | None]:
    """The saved progress (or none) and a message when the file, or a part of it, could
    not be used. `check` False takes the own puzzles' records and answers on trust (a
    screen that only counts them: checking loads every record)."""
    path = progress_path()
    storage.writer.wait(path)
    try:
        too_large = path.stat().st_size > MAX_FILE_BYTES
    except OSError:                 # no file yet (read_json_file says more if need be)
        too_large = False
    if too_large:
        try:
            kept_text = f"it was kept as {storage.keep_aside(path).name}"
        except OSError as exc:
            kept_text = f"it could not be moved aside ({exc.strerror or exc})"
        return PuzzleProgress(), (f"The puzzle progress file {path} could not be used: it "
                                  f"is larger than {MAX_FILE_BYTES // 1_000_000} MB; "
                                  f"{kept_text}. {FALLBACK}")
    loaded, message = storage.read_json_file(path, "puzzle progress",
                                             lambda data: _validate(data, check), FALLBACK)
    if loaded is None:
        return PuzzleProgress(), message
    progress, problems = loaded
    if not problems:
        return progress, None
    # Copied aside whole, then written without them: the next load finds no fault.
    try:
        kept_text = f"the file was copied to {storage.copy_aside(path).name}"
        save_progress_soon(progress)
    except OSError as exc:
        kept_text = f"the file could not be copied aside ({exc.strerror or exc}) and was " \
                    f"left as it is"
    count = len(problems)
    more = f" (and {count - 1} more)" if count > 1 else ""
    return progress, (f"The puzzle progress file {path}: {count} of your own puzzles "
                      f"could not be used and {'was' if count == 1 else 'were'} left out: "
                      f"{problems[0]}{more}; {kept_text}.")


def save_progress(progress: PuzzleProgress) -> None:
    """Write atomically; OSError when the file cannot be written (the old one is kept)."""
    storage.atomic_write_json(progress_path(), progress.to_dict())


def save_progress_soon(progress: PuzzleProgress) -> None:
    """As save_progress, by the background writer; storage.writer.error(progress_path())
    says why the last write failed."""
    storage.writer.write(progress_path(), storage.json_bytes(progress.to_dict()))
