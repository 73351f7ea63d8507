"""Statistics: a table per game (your seat and opponent; played, won, drawn, lost, win %),
the games against the computer by level, the games' own sections (their records'
`stats_section`: Xoliba's solitaire and its puzzles), and the puzzles: the player's rating
in each game's puzzles with the solved counts and a small plot of its course, and the
puzzles cut from the player's own mistakes (game/puzzles/progress.py).

The page scrolls when it does not fit: Up/Down, the wheel or the d-pad a row at a time, or
the mouse on the scroll bar. The page is a pygame-gui scrolling container holding the
table, painted once by hand (pygame-gui has no table). Left/Right (or the pointer) choose
between "Reset statistics" (asked first; the puzzle progress is kept) and "Back".

A statistics file (or a file of a game's own section, or the puzzle progress) that could
not be used was kept aside by its loader; the message naming it shows in a notice panel over
the buttons, and the page above it gives up the room (it scrolls).
"""
from __future__ import annotations

import pygame

import datetime

import game.rules
from game.puzzles import load_set
from game.puzzles.progress import LEARNT, load_progress as load_puzzle_progress
from game.ui import input as inp
from game.services import stats as stats_module
from game.scenes.base import Scene
from game.scenes.rating_course import draw_course
from game.scenes.scrolled import ScrolledPicture
from game.ui.text import draw_text, fit_text, fitting_size
from game.scenes.notices import (place_notices, notice_line_height, notice_lines,
                                 notice_width, notices_height)

# Row kinds and their heights at scale 1.
HEIGHTS = {"title": 46, "header": 30, "row": 31, "text": 30, "note": 26, "kv": 31, "gap": 18,
           "empty": 46, "rating": 64}
NUMBER_COLUMNS = ("Played", "Won", "Drawn", "Lost", "Win %")
MIN_PAGE_ROWS = 3         # the notices leave the page at least this many rows (at scale 1)
WHEEL_ROWS = 2            # rows scrolled by one notch of the wheel
PROVISIONAL = 110         # a puzzle rating less sure than this deviation is shown with "?"


def percent(tally) -> str:
    value = tally.win_percent
    return "–" if value is None else f"{value}%"


def numbers(tally) -> list[str]:
    return [str(tally.played), str(tally.won), str(tally.drawn), str(tally.lost),
            percent(tally)]


def summary(tally) -> str:
    text = f"{tally.played} played · {tally.won} won · {tally.drawn} drawn · {tally.lost} lost"
    return text + (f" · {tally.win_percent}% won" if tally.played else "")


def puzzle_rows(progress, today: datetime.date) -> list[tuple]:
    """The puzzles' rows: per game with puzzles (or attempts at them), the rating, the
    solved count and the course; the own mistakes' boxes. None at all: no rows."""
    rows = []
    for spec in game.rules.in_order():
        if not spec.tactics:
            continue
        puzzles = load_set(spec.name)[0]
        course = [value for _, value in progress.course(spec.name)]
        if not puzzles and not course:
            continue
        rating = progress.rating(spec.name)
        sure = "?" if rating.deviation > PROVISIONAL else ""
        solved, total = progress.counts(spec.name, puzzles)
        rows.append(("rating", spec.title, f"{rating.value:.0f}{sure}",
                     f"{solved} of {total} solved" if total else "", course))
    own = progress.mistakes()
    if own:
        learnt = sum(1 for puzzle in own if progress.mistake_box(puzzle.id) == LEARNT)
        rows.append(("kv", "Your own mistakes", f"{len(own)} "
                     f"{'puzzle' if len(own) == 1 else 'puzzles'} · "
                     f"{len(progress.mistakes_due(today))} due today · {learnt} learnt"))
    if not rows:
        return []
    if any(row[2].endswith("?") for row in rows if row[0] == "rating"):
        rows.append(("note", "A rating with ? is still provisional: a few more puzzles "
                             "settle it."))
    return [("title", "Puzzles", "your rating and its course, per game"), *rows, ("gap",)]


class StatsScene(Scene):
    held_widgets = ("page",)

    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0              # the first row shown
        self.visible_rows = 1
        self.page = None             # the table in its scrolling container
        self.messages: list[str] = []
        self.notice_panel = None     # the notice panel's rect, as last drawn
        self._notices_key = None     # (window size, messages) the notice lines are for
        self._notices: list = []
        self.stats = stats_module.Stats()
        self.reload()
        self.ring.focus = 1          # "Back" first: a stray press must not reset anything

    # --- data ------------------------------------------------------------------------------
    def reload(self) -> None:
        self.stats, message = stats_module.load_stats()
        self.sections = [spec.load("stats_section")() for spec in game.rules.in_order()
                         if spec.stats_section]
        # Counted only: the own puzzles' records are checked when they are played.
        self.puzzle_progress, puzzle_message = load_puzzle_progress(check=False)
        self.messages = [m for m in (message, puzzle_message) if m]
        for section in self.sections:
            self.messages += section.messages
        self.rows = self.content_rows()

    def content_rows(self) -> list[tuple]:
        """The page as rows: (kind, *data)."""
        stats = self.stats
        rows: list[tuple] = []
        if stats.rows:
            titles = {spec.name: spec.title for spec in game.rules.all_specs()}
            for name in sorted(stats.games(), key=lambda n: titles.get(n, n)):
                rows.append(("title", titles.get(name, name), summary(stats.total(name))))
                rows.append(("header", "Your seat", "Opponent"))
                for seat, opponents, tally in stats.rows_of(name):
                    rows.append(("row", seat, opponents, numbers(tally)))
                rows.append(("gap",))
            levels = stats.by_computer_level()
            if levels:
                rows.append(("title", "Against the computer", "every game, by level"))
                rows.append(("header", "Computer level", ""))
                for level in sorted(levels, key=self._level_order):
                    rows.append(("row", level.capitalize(), "", numbers(levels[level])))
                rows.append(("gap",))
        elif not stats.solitaire_played:
            rows.append(("empty", "No games finished yet"))
            rows.append(("note", "Finish a game against the computer or a friend and it "
                                 "is counted here."))
            rows.append(("gap",))
        for section in self.sections:
            rows += section.rows(stats)
        return rows + puzzle_rows(self.puzzle_progress, datetime.date.today())

    @staticmethod
    def _level_order(level: str):
        order = []
        for spec in game.rules.all_specs():
            order += [name for name in spec.ai_levels if name not in order]
        return (order.index(level) if level in order else len(order), level)

    # --- layout ----------------------------------------------------------------------------
    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        h = round(48 * s)
        y = sh - h - round(22 * s)
        back_w, reset_w, gap = round(170 * s), round(240 * s), round(14 * s)
        back_x = sw - back_w - round(30 * s)
        self.button((back_x - gap - reset_w, y, reset_w, h), "Reset statistics",
                    self.ask_reset, column=0, enabled=not self.stats.is_empty)
        self.button((back_x, y, back_w, h), "Back", self.app.pop, column=1)
        self._build_page()
        self.notice_panel = place_notices(self, self._message_lines(),
                                          self._area().bottom + round(4 * s))

    def _build_page(self) -> None:
        """The table, painted once, in a scrolling container over the page's area."""
        x0, width, centres = self._columns()
        heights = [self._height(row) for row in self.rows]
        tops = [sum(heights[:i]) for i in range(len(heights) + 1)]
        painted = pygame.Surface((width, max(1, tops[-1])), pygame.SRCALPHA)
        for index, row in enumerate(self.rows):
            self._draw_row(painted, row, pygame.Rect(0, tops[index], width, heights[index]),
                           [cx - x0 for cx in centres], striped=self._stripe(index))
        area = self._area()
        self.page = ScrolledPicture(self.ui, pygame.Rect(x0, area.y, width, area.h), painted,
                                    tops, self.app.scale)
        self.scroll_to(self.scroll)

    # --- input -----------------------------------------------------------------------------
    def handle(self, action) -> None:
        if action.kind in (inp.UP, inp.DOWN):
            self.scroll_by(1 if action.kind == inp.DOWN else -1)
            return
        if action.kind == inp.SCROLL:
            self.scroll_by(-action.amount * WHEEL_ROWS)
            return
        super().handle(action)

    def scroll_by(self, rows: int) -> None:
        self.scroll_to(self.scroll + rows)

    def scroll_to(self, row: int) -> None:
        """Show the page from `row` (clamped), the container's bar moved with it."""
        self.scroll = max(0, min(self.max_scroll(), row))
        if self.page is not None:
            self.page.scroll_to(self.scroll)

    def update(self, dt: float) -> None:
        super().update(dt)
        dragged = self.page.dragged_row() if self.page is not None else None
        if dragged is not None:             # the mouse drags the bar
            self.scroll = min(self.max_scroll(), dragged)

    def max_scroll(self) -> int:
        """The first row from which the rest of the page fits."""
        room = self._area().h
        used = 0
        for index in range(len(self.rows) - 1, -1, -1):
            used += self._height(self.rows[index])
            if used > room:
                return index + 1
        return 0

    # --- reset -----------------------------------------------------------------------------
    def ask_reset(self) -> None:
        self.app.open("confirm", "Reset statistics?", "Every game counted so far is "
                      "forgotten. The puzzle progress (levels solved, stars) is kept.",
                      "Reset", self.reset, "Keep them", None)

    def reset(self) -> None:
        try:
            stats_module.save_stats(stats_module.Stats())
        except OSError as exc:
            self.messages.append(f"The statistics could not be reset: "
                                 f"{stats_module.stats_path()}: {exc}")
            return
        self.stats = stats_module.Stats()
        self.rows = self.content_rows()
        self.scroll = 0
        self.ring.focus = 1
        self.rebuild()

    # --- drawing ---------------------------------------------------------------------------
    def _height(self, row) -> int:
        return round(HEIGHTS[row[0]] * self.app.scale)

    def _area(self) -> pygame.Rect:
        """Where the page's rows go: under the title, over the messages and buttons."""
        s = self.app.scale
        sw, sh = self.app.size
        top = round(128 * s)
        bottom = sh - round(88 * s) - self._messages_height()
        return pygame.Rect(0, top, sw, max(round(60 * s), bottom - top))

    def _message_lines(self) -> list:
        """The notice lines (notices.notice_lines) for the window, as many as leave the page
        MIN_PAGE_ROWS rows of room."""
        key = (self.app.size, tuple(self.messages))
        if self._notices_key != key:
            s = self.app.scale
            sh = self.app.size[1]
            room = sh - round(128 * s) - round(88 * s) - round(MIN_PAGE_ROWS * 31 * s)
            most = max(2, (room - round(24 * s)) // notice_line_height(self.app))
            self._notices_key = key
            self._notices = notice_lines(self.app, self.messages, notice_width(self.app),
                                         most)
        return self._notices

    def _messages_height(self) -> int:
        lines = self._message_lines()
        return notices_height(self.app, lines) + (round(8 * self.app.scale) if lines else 0)

    def _columns(self) -> tuple[int, int, list[int]]:
        """The table's left edge, width and the centres of the number columns."""
        s = self.app.scale
        sw, _ = self.app.size
        width = min(sw - round(120 * s), round(1000 * s))
        x0 = (sw - width) // 2
        first = x0 + round(width * 0.52)
        step = (x0 + width - first) / len(NUMBER_COLUMNS)
        return x0, width, [round(first + step * (i + 0.5)) for i in range(len(NUMBER_COLUMNS))]

    def draw(self, surface) -> None:
        self.draw_background(surface)
        s = self.app.scale
        sw, sh = self.app.size
        palette = self.app.palette
        self.draw_title(surface, "Statistics", "games finished, counted for every human seat",
                        y=round(50 * s))
        self.visible_rows = max(1, self.page.rows_shown(self.scroll))
        if self.max_scroll() > 0:
            last = self.scroll + self.visible_rows
            draw_text(surface, f"Up/Down, the wheel or the D-pad scroll (rows {self.scroll + 1}"
                      f"–{last} of {len(self.rows)})", (round(30 * s), sh - round(56 * s)),
                      round(15 * s), palette.text_dim)
        self.draw_ui(surface)

    def _stripe(self, index: int) -> bool:
        """Every other line of a table is shaded, its first line included."""
        first = index
        while first > 0 and self.rows[first - 1][0] in ("row", "kv", "rating"):
            first -= 1
        return (index - first) % 2 == 0

    def _draw_row(self, surface, row, rect, centres, striped) -> None:
        s = self.app.scale
        palette = self.app.palette
        kind = row[0]
        pad = round(12 * s)
        if kind == "title":
            _, title, detail = row
            title_rect = draw_text(surface, title, (rect.x, rect.bottom - round(6 * s)),
                                   round(26 * s), palette.accent, True, anchor="bottomleft")
            if detail:
                # In the room right of the title, smaller if it must be (large counts).
                room = rect.right - title_rect.right - round(24 * s)
                size = fitting_size(detail, round(17 * s), room, smallest=round(13 * s))
                draw_text(surface, fit_text(detail, size, room),
                          (rect.right, rect.bottom - round(9 * s)), size, palette.text,
                          anchor="bottomright")
            pygame.draw.line(surface, palette.panel_border, (rect.x, rect.bottom - 1),
                             (rect.right, rect.bottom - 1), max(1, round(2 * s)))
        elif kind == "header":
            _, first, second = row
            size = round(15 * s)
            cy = rect.centery
            draw_text(surface, first, (rect.x + pad, cy), size, palette.text_dim, True,
                      anchor="midleft")
            if second:
                draw_text(surface, second, (rect.x + round(rect.w * 0.2), cy), size,
                          palette.text_dim, True, anchor="midleft")
            for label, cx in zip(NUMBER_COLUMNS, centres):
                draw_text(surface, label, (cx, cy), size, palette.text_dim, True,
                          anchor="center")
        elif kind == "row":
            _, seat, opponents, cells = row
            if striped:
                pygame.draw.rect(surface, palette.panel, rect, border_radius=round(6 * s))
            size = round(18 * s)
            cy = rect.centery
            draw_text(surface, fit_text(seat, size, round(rect.w * 0.2) - pad, True),
                      (rect.x + pad, cy), size, palette.text, True, anchor="midleft")
            if opponents:
                opponent_x = rect.x + round(rect.w * 0.2)
                room = centres[0] - opponent_x - round(50 * s)
                draw_text(surface, fit_text(opponents[:1].upper() + opponents[1:], size, room),
                          (opponent_x, cy), size, palette.text, anchor="midleft")
            for cell, cx in zip(cells, centres):
                draw_text(surface, cell, (cx, cy), size, palette.text, anchor="center")
        elif kind == "kv":
            _, label, value = row
            if striped:
                pygame.draw.rect(surface, palette.panel, rect, border_radius=round(6 * s))
            size = round(18 * s)
            draw_text(surface, label, (rect.x + pad, rect.centery), size, palette.text, True,
                      anchor="midleft")
            draw_text(surface, value, (rect.x + round(rect.w * 0.4), rect.centery), size,
                      palette.text, anchor="midleft")
        elif kind == "rating":
            _, title, value, solved, course = row
            if striped:
                pygame.draw.rect(surface, palette.panel, rect, border_radius=round(6 * s))
            cy = rect.centery
            draw_text(surface, fit_text(title, round(18 * s), round(rect.w * 0.2) - pad, True),
                      (rect.x + pad, cy), round(18 * s), palette.text, True, anchor="midleft")
            value_rect = draw_text(surface, value, (rect.x + round(rect.w * 0.2), cy),
                                   round(24 * s), palette.text, True, anchor="midleft")
            draw_text(surface, solved, (value_rect.right + round(14 * s), cy), round(16 * s),
                      palette.text_dim, anchor="midleft")
            left = centres[0] - round(40 * s)
            draw_course(surface, (left, rect.y + round(6 * s), rect.right - pad - left,
                                  rect.h - round(12 * s)), course, palette, s,
                        "none tried yet")
        elif kind == "empty":
            draw_text(surface, row[1], (rect.centerx, rect.centery), round(28 * s),
                      palette.text, True, anchor="center")
        elif kind in ("note", "text"):
            size = round(17 * s)
            draw_text(surface, fit_text(row[1], size, rect.w), (rect.centerx, rect.centery),
                      size, palette.text_dim, anchor="center")
