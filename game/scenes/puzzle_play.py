"""Playing one puzzle of a game (game/puzzles): the play screen with the puzzle's goal in
the panel, its accepted moves checked as the player plays, the defender's best replies
played for the other side, and Hint, Retry and Solution.

A move that is not an answer is not played: it is named as wrong, the attempt counts as
failed (once), and the player tries again. The line after an answer (is it solved, what
the defender replies, which moves are accepted next) comes from the game's kit in a
background thread (game/puzzles/line.py): the frame loop never waits for it. A hint
rings the first accepted move and costs the puzzle's rating gain; the solution plays the
whole line move by move. Solved, the panel explains the answer in a line, with the
rating's change.
"""
from __future__ import annotations

import datetime
import random

from game.puzzles import check_puzzle, load_set
from game.puzzles.line import PuzzleLine
from game.puzzles.progress import save_progress_soon
from game.scenes.play import PlayScene
from game.services import saves
from game.services.session import LocalHuman, SeatDriver, SessionConfig

SOLUTION_STEP = 1.1             # seconds between the moves of a shown solution


def next_puzzle_for(progress, puzzle, source: str):
    """The puzzle Next plays after `puzzle`: the next mistake due, or the set's next pick
    near the rating (None: none is left)."""
    if source == "mistakes":
        due = [p for p in progress.mistakes_due(datetime.date.today()) if p.id != puzzle.id]
        return due[0] if due else None
    puzzles = [p for p in load_set(puzzle.set_name)[0] if p.id != puzzle.id]
    return progress.next_puzzle(puzzles, puzzle.set_name, random.Random())


class Defender(SeatDriver):
    """The side the puzzle is played against: its best defence, from the puzzle's line
    (a roll, for a chance step, is the session's own)."""

    def __init__(self, line: PuzzleLine):
        self.line = line
        self.waiting = False

    @property
    def busy(self) -> bool:
        return self.waiting

    def start(self, state) -> None:
        self.waiting = True

    def poll(self, state):
        follow = self.line.follow(state)
        if follow is None or follow.reply is None:
            return None
        self.waiting = False
        return follow.reply

    def stop(self) -> None:
        self.waiting = False


class PuzzlePlayScene(PlayScene):
    exit_name = "puzzles"
    allows_take_back = False

    def __init__(self, app, puzzle, progress, source: str = "set", line=None):
        self.puzzle = puzzle
        self.progress = progress
        self.source = source                # where Next takes the player: "set",
        #                                     "mistakes" or "daily"
        self.line = line or PuzzleLine(puzzle)
        state = self.line.new_position()
        self.solver_seat = state.to_play
        mine = [seat == self.solver_seat for seat in range(len(state.spec.seats_for(
            state.options)))]
        super().__init__(
            app, state, [saves.Seat("human", None) if me else saves.Seat("computer", "puzzle")
                         for me in mine],
            config=SessionConfig(keeper=None, records_stats=False),
            drivers=[LocalHuman() if me else Defender(self.line) for me in mine],
            names=["You" if me else "Defender" for me in mine])
        self.wrong: str | None = None       # the last move tried that is not an answer
        self.failed = False                 # this attempt counts as failed
        self.hinted = False
        self.hint_shown = None              # the ringed first move
        self.solved = False
        self.showing_solution = False
        self.recorded = False               # the attempt went into the progress
        self.rating_change: tuple | None = None
        self.lost_line = ""                 # the kit says the goal is out of reach

    # --- the puzzle's rules on top of the game's ----------------------------------------
    def play_move(self, move) -> None:
        if self.solved or self.showing_solution:
            self.app.sounds.play("illegal")
            return
        follow = self.line.follow(self.state)
        if follow is None:
            self.app.sounds.play("illegal")
            self.session.notice = "Wait a moment: the puzzle is being worked out."
            return
        text = self.state.format_move(move)
        if text not in follow.accepted:
            self.wrong = text
            self.app.sounds.play("illegal")
            self._record(solved=False)
            return
        self.wrong = None
        self.hint_shown = None
        super().play_move(move)

    def refresh_buttons(self) -> None:
        """No take-backs in a puzzle: Restart starts it again."""
        for button in (self.side.undo_button, self.side.redo_button):
            button.enabled = False
            button.refresh()

    def undo(self) -> None:
        self.retry()

    def restart(self) -> None:
        self.retry()

    def redo(self) -> None:
        self.app.sounds.play("illegal")

    def retry(self) -> None:
        """The puzzle's position again (a failure stays counted)."""
        self.showing_solution = False
        self.solved = False
        self.wrong = None
        self.hint_shown = None
        self.lost_line = ""
        self.show(self.session.replace(self.line.new_position()))

    def hint(self) -> None:
        """Ring the first accepted move; a solve after it gains no rating."""
        follow = self.line.follow(self.state)
        if self.solved or follow is None or not follow.accepted or not self.human_may_move:
            self.app.sounds.play("illegal")
            return
        self.hinted = True
        self.hint_shown = self.state.parse_move(follow.accepted[0])

    def show_solution(self) -> None:
        """Play the whole line from the puzzle's position, move by move (once the kit has
        worked it out)."""
        self.showing_solution = True
        self.wrong = None
        self._record(solved=False)

    def next_puzzle(self) -> None:
        puzzle = next_puzzle_for(self.progress, self.puzzle, self.source)
        try:
            if puzzle is not None:
                check_puzzle(puzzle)
        except ValueError as exc:
            self.app.messages.append(f"Puzzle {puzzle.id} cannot be played: {exc}")
            puzzle = None
        if puzzle is None:
            self.exit_to()
            return
        self.leave()
        self.app.switch_to("puzzle_play", puzzle, self.progress, self.source)

    def exit_to(self) -> None:
        self.leave()
        hub = self.app.find("puzzles")
        if hub is None:
            self.app.home()
            self.app.open("puzzles")
            return
        while self.app.scene is not hub:
            self.app.pop()

    def _record(self, solved: bool) -> None:
        """The attempt into the progress, once: a failure as soon as it happens."""
        if self.recorded:
            return
        self.recorded = True
        self.failed = not solved
        self.rating_change = self.progress.record_attempt(
            self.puzzle, solved=solved, hinted=self.hinted, today=datetime.date.today(),
            daily=self.source == "daily")
        save_progress_soon(self.progress)

    # --- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.showing_solution and self.session.script is None:
            line = self.line.solution()
            if line is not None:
                start = self.line.new_position()
                self.show(self.session.replace(start, script=start.move_list() + line))
        if self.solved or self.view.animating or len(self.state.history) == self.line.start:
            return
        follow = self.line.follow(self.state)
        if follow is None:
            return
        if follow.solved:
            self.solved = True
            if not self.showing_solution:
                self._record(solved=True)
                self.app.sounds.play("win")
            self._rebuild_if_actions_changed()
        elif follow.failed and not self.lost_line:
            self.lost_line = follow.failed

    def shown_hint(self):
        return None if self.view.animating else self.hint_shown

    # --- the panel ------------------------------------------------------------------------
    def game_actions(self) -> list:
        # "Restart": the pause menu's own button, which retries a puzzle too. Solved, Hint
        # becomes Next (puzzle); the solution is the puzzle's own line (the player's may
        # have differed). Always three: a solve relabels the buttons, never makes them.
        first = ("Next", self.next_puzzle) if self.solved else ("Hint", self.hint)
        return [first, ("Restart", self.retry), ("Solution", self.show_solution)]

    def ask_hint(self) -> None:
        self.hint()

    def panel_title(self) -> str:
        return f"{self.state.spec.title} puzzle"

    def panel_subtitle(self) -> list[str]:
        puzzle = self.puzzle
        where = {"daily": "Daily puzzle", "mistakes": "From your own game"}.get(self.source)
        return [f"{where + ' · ' if where else ''}{puzzle.grade_name} · rated {puzzle.rating}"]

    def panel_heading(self) -> list:
        return [(self.puzzle.goal, None)]

    def panel_lines(self) -> list:
        palette = self.app.palette
        lines = []
        if self.wrong:
            lines.append((f"{self.wrong} is not the answer. Try another move.",
                          palette.highlight_bad))
        if self.lost_line:
            lines.append((f"The goal is out of reach: {self.lost_line}.", palette.highlight_bad))
        if self.hint_shown is not None:
            lines.append((f"Hint: {self.state.format_move(self.hint_shown)} (a solve now "
                          f"gains no rating).", palette.accent))
        if self.showing_solution and not self.solved:
            lines.append(("The solution is being played.", palette.text_dim))
        if self.solved:                     # (the status line says "Solved!")
            lines.append((self.puzzle.explanation, palette.highlight_good))
            lines += [(note, palette.text_dim) for note in self.puzzle.notes]
        if self.rating_change is not None:
            before, after = self.rating_change
            change = round(after) - round(before)
            lines.append((f"Your {self.state.spec.title} puzzle rating: {after:.0f} "
                          f"({change:+d})" if change else
                          f"Your {self.state.spec.title} puzzle rating stays {after:.0f}"
                          f"{' (a hint was used)' if self.hinted and not self.failed else ''}",
                          None))
        return lines

    def status_text(self) -> str:
        if self.solved:
            return "Solved!" if not self.showing_solution else "The solution"
        if self.human_may_move and self.line.follow(self.state) is None:
            return "Working out the line…"
        return super().status_text()

    def celebrates(self) -> bool:
        return self.solved and not self.showing_solution

    def result_headline(self) -> str:
        return "Solved!" if self.solved and not self.showing_solution else "The solution"

    def result_reason(self) -> str:
        return self.puzzle.explanation

    def result_actions(self) -> list:
        return [("Next puzzle", self.next_puzzle), ("Restart", self.retry)]

    def result_sound(self) -> str:
        return "win" if self.solved and not self.showing_solution else "draw"
