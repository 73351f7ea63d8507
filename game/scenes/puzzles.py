"""Puzzles: one screen for every game's puzzles (game/puzzles, docs/PUZZLES.md).

A column of rows, each a button: the daily puzzle (the same for every player on a date),
your own mistakes due again (puzzles cut from your kept games, found in the background),
then each game — its puzzle rating and how many of its puzzles you solved; pressing it
plays the next puzzle picked near your rating — and each game's own puzzle sets (the Xoliba
solitaire levels, which open their own level select). Up/Down, the d-pad or the stick
move between rows; Enter, A or a click opens one; Esc or B goes back.

A puzzle file that cannot be read, or a progress file set aside, is named in a notice
panel at the foot; the other puzzles play as usual.
"""
from __future__ import annotations

import datetime
import random

import pygame

import game.rules
from game.games import GAMES
from game.puzzles import check_puzzle, load_set, set_names
from game.puzzles.daily import daily_puzzle
from game.puzzles.progress import load_progress
from game.scenes.base import Scene
from game.scenes.rating_course import draw_course
from game.scenes.notices import notice_lines, notice_width, notices_height, place_notices
from game.ui.text import draw_text, fit_text


def set_title(name: str) -> str:
    """A set's name for the player: its game's title, or the game's title and the set."""
    for spec in game.rules.in_order():
        if name == spec.name:
            return spec.title
        if name in spec.more_puzzle_sets:
            return f"{spec.title} {name}"
    return name


class PuzzlesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.progress, message = load_progress()
        self.messages = [message] if message else []
        for name in set_names():
            self.messages += list(load_set(name)[1])
        self.miner = None
        self.found_mistakes = 0
        self.notices: list = []
        self.rows: list = []            # (label, action, enabled) of each row, as built
        self.hint_y = 0

    def enter(self) -> None:
        super().enter()
        self._start_miner()

    def exit(self) -> None:
        if self.miner is not None:
            self.miner.stop()
        super().exit()

    def _start_miner(self) -> None:
        """Look through your kept games for your mistakes, in the background."""
        from game.puzzles.mistakes import MistakeMiner
        if self.miner is None:
            self.miner = MistakeMiner(self.progress)

    # --- the rows ----------------------------------------------------------------------------
    def _row_texts(self) -> list:
        today = datetime.date.today()
        rows = []
        daily = daily_puzzle(today)
        if daily is not None:
            done = " · done" if self.progress.daily_done(today) else ""
            rows.append((f"Daily puzzle: {set_title(daily.set_name)}{done}",
                         lambda: self.play(daily, "daily"), True, None))
        due = self.progress.mistakes_due(today)
        looking = self.miner is not None and self.miner.running
        label = f"Your mistakes: {len(due)} due" if due else \
            ("Your mistakes: looking through your games…" if looking else
             "Your mistakes: none due")
        rows.append((label, lambda: self.play(due[0], "mistakes") if due else None, bool(due),
                     None))
        for name in set_names():
            puzzles = load_set(name)[0]
            if name in GAMES:
                solved, total = self.progress.counts(name, puzzles)
                rating = self.progress.rating(name).value
                rows.append((f"{set_title(name)} · rating {rating:.0f} · solved {solved} of "
                             f"{total}", lambda name=name: self.play_next(name), bool(puzzles),
                             name))
            else:
                rows.append((f"{set_title(name)}: {len(puzzles)} levels",
                             lambda name=name: self.open_set(name), True, None))
        return rows

    def build(self, size) -> None:
        s = self.app.scale
        rows = self._row_texts()
        self.rows = rows
        width = min(round(640 * s), size[0] - round(40 * s))
        self._layout_notices(size)
        top = round(150 * s)
        bottom = (self.notices_y if self.notices else size[1]) - round(46 * s)
        height = min(round(48 * s), max(round(28 * s), (bottom - top) // (len(rows) + 1)
                                        - round(8 * s)))
        gap = min(round(10 * s), max(2, (bottom - top) // (len(rows) + 1) - height))
        rects = self.column_rects(len(rows) + 1, width=width / s, height=height / s,
                                  gap=gap / s, top=top)
        self.row_sets = []              # the set each row plays (None: daily, mistakes)
        for rect, (label, action, enabled, set_name) in zip(rects, rows):
            self.button(rect, label, action, enabled=enabled)
            self.row_sets.append(set_name)
        if self.ring.focus == 0:        # first shown: the first row that can be opened
            self.ring.focus = next((i for i, row in enumerate(rows) if row[2]), len(rows))
        self.course_rect = None         # the focused game's rating course, right of the rows
        room = size[0] - rects[0].right - round(40 * s)
        if room >= round(200 * s):
            width = min(room, round(300 * s))
            self.course_rect = pygame.Rect(rects[0].right + (room - width) // 2 + round(20 * s),
                                           rects[1].y, width, round(150 * s))
        self.button(rects[-1], "Back", self.app.pop)
        self.hint_y = rects[-1].bottom + round(22 * s)     # the line about the focused row
        self.notice_panel = place_notices(self, self.notices, self.notices_y) \
            if self.notices else None

    def _layout_notices(self, size) -> None:
        if not self.messages:
            self.notices, self.notices_y = [], size[1]
            return
        lines = notice_lines(self.app, self.messages, notice_width(self.app), 4)
        self.notices = lines
        self.notices_y = size[1] - round(10 * self.app.scale) - notices_height(self.app, lines)

    # --- actions -------------------------------------------------------------------------------
    def play(self, puzzle, source: str) -> None:
        """Play `puzzle`, once its position is checked (a file that no longer fits the
        rules is named, and the puzzle left out)."""
        if puzzle is None:
            return
        try:
            check_puzzle(puzzle)
        except ValueError as exc:
            self.app.sounds.play("illegal")
            self.messages.append(f"Puzzle {puzzle.id} cannot be played: {exc}")
            self.rebuild()
            return
        self.app.open("puzzle_play", puzzle, self.progress, source)

    def play_next(self, name: str) -> None:
        puzzle = self.progress.next_puzzle(list(load_set(name)[0]), name, random.Random())
        self.play(puzzle, "set")

    def open_set(self, name: str) -> None:
        """A game's own set has its own screen: the scene named by the set."""
        self.app.open(name)

    def resume(self) -> None:
        super().resume()                # the ratings and counts changed

    # --- per frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.miner is not None:
            found = self.miner.poll()       # added to the progress, which is saved
            if found:
                self.found_mistakes += len(found)
                self.rebuild()
            elif not self.miner.running and self.rows and "looking" in self.rows[1][0]:
                self.rebuild()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        s = self.app.scale
        self.draw_title(surface, "Puzzles", "Positions cut from real games, each answer "
                        "proven by the game's solver")
        focused = self.ring.current
        if focused is not None:
            hint = self._row_hint(self.ring.focus)
            if hint:
                draw_text(surface, fit_text(hint, round(18 * s), self.app.size[0] - round(40 * s)),
                          (self.app.size[0] // 2, self.hint_y), round(18 * s),
                          self.app.palette.text_dim, anchor="center")
        set_name = self.row_sets[self.ring.focus] if self.ring.focus < len(self.row_sets) \
            else None
        if set_name is not None and self.course_rect is not None:
            draw_text(surface, f"Your {set_title(set_name)} rating", self.course_rect.midtop,
                      round(17 * s), self.app.palette.text_dim, anchor="midbottom")
            draw_course(surface, self.course_rect, [value for _, value in
                                                    self.progress.course(set_name)],
                        self.app.palette, s, "No rated puzzle yet")
        self.draw_ui(surface)

    def _row_hint(self, index: int) -> str:
        """A line about the row in focus."""
        if index >= len(self.rows):
            return ""
        label = self.rows[index][0]
        if label.startswith("Daily"):
            return "The same puzzle for every player today, from a different game each day"
        if label.startswith("Your mistakes"):
            return "Positions of your kept games where you went wrong, until solved twice"
        return "The next puzzle picked near your rating; a hint costs the rating gain"

