"""Xoliba solitaire puzzle progress: solved levels, stars, unfinished attempts.

Kept in the user's data directory as `puzzles.json`, written atomically after every
change (a move of an attempt included), so quitting at any moment loses nothing. A file
that cannot be used — empty, cut short, not JSON, any part of the wrong type (`"best":
{"001": "x"}`, a deal that is not a seed, a board and lists of moves), or a `"version"`
above PROGRESS_VERSION — is rejected whole: it is kept aside as `puzzles.json.bad-<time>`
with a message naming it, and play starts from no progress. (Progress for level ids that
no level file has is kept as it is: the levels may come back.) A saved random deal whose
board or line does not replay is found by the puzzle screen when it is to be played
(`deal_problem`): the file is then copied aside before the deal is dropped.

The ladder: a level is open while fewer than OPEN_AHEAD levels before it are unsolved, so
a player stuck on one level can always try the next two. Stars: 3 for solving at par or
better, 2 within a margin of par (a quarter of it, at least 2 moves), 1 for any solution;
each hint asked for on the way costs a star, but a solution always earns at least one.
The hints of an unsolved attempt are kept with it (leaving and coming back, or starting
again, does not forget them); a level keeps the most stars any of its solutions earned.
Files from before hints cost stars have no "stars" and "hints": their levels' stars come
from their best number of moves, and an older copy of the game ignores the two keys.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core import storage

PROGRESS_VERSION = 1
OPEN_AHEAD = 3
MAX_MOVES = 10_000          # more moves than any attempt could hold: a corrupt file


def near_par_margin(par: int) -> int:
    return max(2, math.ceil(par / 4))


def stars_for(par: int, moves: int, hints: int = 0) -> int:
    if moves <= par:
        by_moves = 3
    else:
        by_moves = 2 if moves <= par + near_par_margin(par) else 1
    return max(1, by_moves - hints)


@dataclass
class Solved:
    stars: int
    best: int
    previous_best: int | None
    new_best: bool


@dataclass
class PuzzleProgress:
    best: dict = field(default_factory=dict)        # level id -> fewest moves it was solved in
    attempts: dict = field(default_factory=dict)    # level id -> the unfinished attempt's moves
    deal: dict | None = None                        # the current random deal and its moves
    deals_solved: int = 0
    earned: dict = field(default_factory=dict)      # level id -> the most stars earned
    hints: dict = field(default_factory=dict)       # level id -> hints in the open attempt
    current: str | None = None      # the level played last in this session (not saved)

    # --- the ladder ---------------------------------------------------------------------
    def is_solved(self, level) -> bool:
        return level.id in self.best

    def stars(self, level) -> int:
        if level.id in self.earned:
            return self.earned[level.id]
        best = self.best.get(level.id)        # solved before hints cost stars
        return 0 if best is None else stars_for(level.par, best)

    def is_open(self, levels: list, index: int) -> bool:
        unsolved_before = sum(1 for level in levels[:index] if not self.is_solved(level))
        return unsolved_before < OPEN_AHEAD

    def to_unlock(self, levels: list, index: int) -> int:
        """How many earlier levels must still be solved before level `index` opens."""
        unsolved_before = sum(1 for level in levels[:index] if not self.is_solved(level))
        return max(0, unsolved_before - OPEN_AHEAD + 1)

    def total_stars(self, levels: list) -> int:
        return sum(self.stars(level) for level in levels)

    # --- changes --------------------------------------------------------------------------
    def record_solved(self, level, moves: int) -> Solved:
        """The attempt at `level` solved in `moves`, with the hints it used."""
        previous = self.best.get(level.id)
        stars = stars_for(level.par, moves, self.hints.pop(level.id, 0))
        self.earned[level.id] = max(stars, self.stars(level))
        if previous is None or moves < previous:
            self.best[level.id] = moves
        self.attempts.pop(level.id, None)
        return Solved(stars, self.best[level.id], previous,
                      previous is None or moves < previous)

    def to_dict(self) -> dict:
        return {"version": PROGRESS_VERSION, "best": self.best, "attempts": self.attempts,
                "deal": self.deal, "deals_solved": self.deals_solved,
                "stars": self.earned, "hints": self.hints}


def _moves_list(value, what: str) -> list:
    if not isinstance(value, list) or len(value) > MAX_MOVES or \
            not all(isinstance(move, str) for move in value):
        raise ValueError(f"{what} is not a list of moves")
    return list(value)


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_deal(deal) -> dict:
    if not isinstance(deal, dict) or not _is_count(deal.get("seed")) or \
            not isinstance(deal.get("position"), str):
        raise ValueError("'deal' is not a random deal")
    hints = deal.get("hints", 0)
    if not _is_count(hints) or not 0 <= hints < MAX_MOVES:
        raise ValueError("the random deal's hints are not a count")
    _moves_list(deal.get("line"), "the random deal's line")
    _moves_list(deal.get("moves", []), "the random deal's moves")
    return deal


def deal_problem(deal: dict) -> str | None:
    """Why a saved random deal cannot be played (None when it can): its board must be a
    solitaire position and the solver's line legal from it and winning. Loading checks
    only the deal's shape; the puzzle screen asks this before it plays the deal."""
    from game.games.xoliba.levels import new_solitaire
    try:
        state = new_solitaire(deal["position"])
        for text in deal["line"]:
            state.play(state.parse_move(text))
    except Exception as exc:        # whatever the rules refuse
        return f"random deal {deal['seed']} does not replay ({exc})"
    if state.outcome is None or state.outcome.winner != 0:
        return f"random deal {deal['seed']} has a line that does not win"
    return None


def _validate(data) -> PuzzleProgress:
    storage.check_version(data, PROGRESS_VERSION)
    progress = PuzzleProgress()
    best = data.get("best", {})
    if not isinstance(best, dict):
        raise ValueError("'best' is not a table of levels")
    for level_id, moves in best.items():
        if not _is_count(moves) or not 0 < moves < MAX_MOVES:
            raise ValueError(f"level {level_id!r}: best {moves!r} is not a number of moves")
        progress.best[level_id] = moves
    attempts = data.get("attempts", {})
    if not isinstance(attempts, dict):
        raise ValueError("'attempts' is not a table of levels")
    for level_id, moves in attempts.items():
        progress.attempts[level_id] = _moves_list(moves, f"the attempt at level {level_id!r}")
    deal = data.get("deal")
    if deal is not None:
        progress.deal = _check_deal(deal)
    solved = data.get("deals_solved", 0)
    if not _is_count(solved) or not 0 <= solved < MAX_MOVES * 100:
        raise ValueError(f"deals_solved {solved!r} is not a count")
    progress.deals_solved = solved
    for key, table, fits in (("stars", progress.earned, lambda n: 1 <= n <= 3),
                             ("hints", progress.hints, lambda n: 0 <= n < MAX_MOVES)):
        values = data.get(key, {})
        if not isinstance(values, dict):
            raise ValueError(f"'{key}' is not a table of levels")
        for level_id, count in values.items():
            if not _is_count(count) or not fits(count):
                raise ValueError(f"level {level_id!r}: {key} {count!r} is not a count")
            table[level_id] = count
    return progress


def progress_path():
    return storage.data_dir() / "puzzles.json"


def load_progress() -> tuple[PuzzleProgress, str | None]:
    """The saved progress (or none) and a message when the file could not be used."""
    progress, message = storage.read_json_file(progress_path(), "puzzle progress", _validate,
                                               "The puzzles start with no progress.")
    return progress or PuzzleProgress(), message


def save_progress(progress: PuzzleProgress) -> None:
    """Write atomically; OSError when the file cannot be written (the old one is kept)."""
    storage.atomic_write_json(progress_path(), progress.to_dict())


def save_progress_soon(progress: PuzzleProgress) -> None:
    """As save_progress, by the background writer (a puzzle is saved after every move);
    storage.writer.error(progress_path()) says why the last write failed."""
    storage.writer.write(progress_path(), storage.json_bytes(progress.to_dict()))


class PuzzleKeeper:
    """Keeps a puzzle's attempt in the progress file after every move (a session's
    keeper, game/services/session.py), and records the solve once it is solved."""
    failure = "Progress could not be saved"

    def __init__(self, progress: PuzzleProgress, level):
        self.progress = progress
        self.level = level
        self.is_deal = level.kind == "random"
        self.solved = None              # Solved (a level) or stars (a deal), once solved
        self.solved_hints = 0           # the hints the solving attempt used
        self.showing_solution = False   # the level's line is shown: nothing is kept

    def path(self):
        return None if self.showing_solution else progress_path()

    @property
    def hints(self) -> int:
        """Hints asked for in this attempt (kept in the progress, as the moves are)."""
        if self.solved is not None:
            return self.solved_hints
        if self.is_deal:
            return (self.progress.deal or {}).get("hints", 0)
        return self.progress.hints.get(self.level.id, 0)

    def hint_used(self) -> None:
        if self.is_deal:
            if self.progress.deal is not None:
                self.progress.deal["hints"] = self.hints + 1
        else:
            self.progress.hints[self.level.id] = self.hints + 1
        save_progress_soon(self.progress)

    def save(self, session) -> None:
        if self.showing_solution:
            return
        progress = self.progress
        state = session.state
        if state.is_over and state.outcome.winner == 0 and self.solved is None:
            self.solved_hints = self.hints
            if self.is_deal:
                progress.deals_solved += 1
                progress.deal = None
                self.solved = stars_for(self.level.par, len(state.history), self.solved_hints)
            else:
                self.solved = progress.record_solved(self.level, len(state.history))
        elif self.solved is None:
            moves = state.move_list()
            if self.is_deal:
                if progress.deal is not None:
                    progress.deal["moves"] = moves
            elif moves:
                progress.attempts[self.level.id] = moves
            else:
                progress.attempts.pop(self.level.id, None)
        save_progress_soon(progress)
