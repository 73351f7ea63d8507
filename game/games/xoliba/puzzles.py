"""The Xoliba solitaire puzzles: the level select grid and the search for a random deal;
and the solitaire's part of the statistics screen (PuzzleStatistics).

The grid shows every level of levels/ as a tile: its number, and either a padlock
(locked), three empty star slots (open) or the stars earned (solved). Arrows, the d-pad
and the stick move between tiles by position; the mouse points and clicks.

Files: a level file that cannot be read is left out (and left untouched: level files are
the game's own data) and named, with its line, in a notice panel under the grid; the
others play as usual. A puzzle progress file that cannot be used is named there too (it
was kept aside; play starts from no progress), and so is a saved random deal that no
longer replays (the file is copied aside, the deal dropped, the rest of the progress
kept). The grid's tiles shrink to make room for the notices.
"""
from __future__ import annotations

import math
import random
import time

import pygame

from game.ui import input as inp
from game.core import storage
from game.games.xoliba.levels import LEVELS_FOLDER, deal_level, load_levels, solitaire_spec
from game.games.xoliba.puzzle_progress import (deal_problem, load_progress, near_par_margin,
                                               progress_path, save_progress)
from game.scenes.base import Scene
from game.ui.text import draw_text, fit_text
from game.scenes.notices import notice_lines, notice_width, notices_height, place_notices
from sprites.puzzle_icons import draw_lock, draw_stars

COLUMNS = 8
MOST_NOTICE_LINES = 8       # the notice panel under the grid, at most (the tiles shrink)


class PuzzleSelectScene(Scene):
    def __init__(self, app, folder=LEVELS_FOLDER):
        super().__init__(app)
        self.levels, self.level_errors = load_levels(folder)   # "<file>, line n: what"
        self.progress, message = load_progress()
        self.file_messages = [message] if message else []
        problem = deal_problem(self.progress.deal) if self.progress.deal else None
        if problem:
            self.file_messages.insert(0, self._drop_deal(problem))
        self.notices: list = []        # the notice lines laid out (notices.notice_lines)
        self.notices_y = 0
        self.notice_panel = None       # the notice panel's rect, as last drawn
        self.tiles: list = []          # (Focusable, level index)
        first_open = next((i for i, level in enumerate(self.levels)
                           if not self.progress.is_solved(level)), 0)
        self.ring.focus = first_open if self.levels else 0

    def _drop_deal(self, problem: str) -> str:
        """The saved random deal cannot be played: keep a copy of the file, drop the deal
        (the rest of the progress stays) and say so."""
        path = progress_path()
        try:
            kept = f"a copy of the file was kept as {storage.copy_aside(path).name}"
        except OSError as exc:
            kept = f"no copy of the file could be kept ({exc.strerror or exc})"
        self.progress.deal = None
        try:
            save_progress(self.progress)
        except OSError as exc:
            kept += f"; the file could not be saved ({exc.strerror or exc})"
        return f"The puzzle progress file {path}: the saved {problem}. The deal was " \
               f"dropped and the rest of the progress kept; {kept}."

    @property
    def messages(self) -> list[str]:
        """Every notice in full: the files', then each level file left out."""
        return self.file_messages + [f"A level was left out: {error}"
                                     for error in self.level_errors]

    def notice_messages(self) -> list[str]:
        """What the notice panel shows: the file notices, and the level files left out —
        the first in full, the others by name and line on one more line."""
        shown = self.messages[:len(self.file_messages) + 1]
        if len(self.level_errors) > 1:
            names = [error.split(": ", 1)[0] for error in self.level_errors[1:]]
            shown.append(f"Also left out: {'; '.join(names)}.")
        return shown

    # --- layout ----------------------------------------------------------------------------
    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        count = len(self.levels)
        rows = max(1, math.ceil(count / COLUMNS))
        top = round(150 * s)
        gap = round(10 * s)
        bottom_room = round(150 * s)        # the level's lines under the grid, the buttons
        messages = self.notice_messages()
        self.notices = []
        if messages:                        # the notices, as far as the tiles can shrink
            least_tile = max(30, round(40 * s))
            for most in range(MOST_NOTICE_LINES, 0, -1):
                self.notices = notice_lines(self.app, messages, notice_width(self.app), most)
                room = bottom_room + notices_height(self.app, self.notices) + round(8 * s)
                if (sh - top - room - (rows - 1) * gap) // rows >= least_tile:
                    break
            bottom_room = room
        tile_h = min(round(74 * s), (sh - top - bottom_room - (rows - 1) * gap) // rows)
        tile_w = min(round(124 * s), (sw - round(80 * s) - (COLUMNS - 1) * gap) // COLUMNS)
        grid_w = COLUMNS * tile_w + (COLUMNS - 1) * gap
        x0 = (sw - grid_w) // 2
        self.tiles = []
        for index, _level in enumerate(self.levels):
            row, col = divmod(index, COLUMNS)
            rect = (x0 + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h)
            item = self.button(rect, "", lambda i=index: self.open_level(i), column=col,
                               enabled=self.progress.is_open(self.levels, index))
            item.extra["level"] = index
            self.tiles.append(item)
        grid_bottom = top + rows * (tile_h + gap)
        self.info_y = grid_bottom + round(4 * s)
        self.notices_y = self.info_y + 2 * round(26 * s) + round(6 * s)
        self.notice_panel = place_notices(self, self.notices, self.notices_y)
        actions = [("Random deal", self.random_deal)]
        deal = self.progress.deal
        if deal is not None:
            moves = len(deal.get("moves", []))
            actions.insert(0, (f"Continue deal {deal['seed']} (move {moves + 1})",
                               self.continue_deal))
        actions += [("Rules", self.rules), ("Back", self.app.pop)]
        bh = round(46 * s)
        widths = [round((300 if label.startswith("Continue") else 190) * s)
                  for label, _ in actions]
        total = sum(widths) + gap * (len(actions) - 1)
        x = (sw - total) // 2
        y = sh - bh - round(26 * s)
        for (label, callback), width in zip(actions, widths):
            self.button((x, y, width, bh), label, callback)
            x += width + gap

    def resume(self) -> None:
        current = self.progress.current
        index = next((i for i, level in enumerate(self.levels) if level.id == current), None)
        super().resume()
        if index is not None:
            self.ring.focus = index
            self.ring._sync()

    # --- navigation by position: the grid and the buttons under it -----------------------
    def handle(self, action) -> None:
        if action.kind in inp.DIRECTIONS:
            self._move_focus(*inp.DIRECTIONS[action.kind])
            return
        super().handle(action)

    def _move_focus(self, dx: int, dy: int) -> None:
        items = self.ring.items
        if not items:
            return
        here = items[self.ring.focus].element.rect.center
        best, best_cost = None, None
        for i, item in enumerate(items):
            cx, cy = item.element.rect.center
            along = (cx - here[0]) * dx + (cy - here[1]) * dy
            if along <= 0:
                continue
            across = abs((cx - here[0]) * dy) + abs((cy - here[1]) * dx)
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = i, cost
        if best is not None:
            self.ring.set_focus(best)

    # --- actions ---------------------------------------------------------------------------
    def open_level(self, index: int) -> None:
        self.app.open("puzzle", self.levels[index], self.progress, self.levels)

    def random_deal(self) -> None:
        deal = self.progress.deal
        if deal is not None and deal.get("moves"):
            self.app.open("confirm", "A new random deal?", f"Deal {deal['seed']} is not "
                          f"finished ({len(deal['moves'])} moves made); a new deal replaces "
                          f"it.", "New deal", self._search_deal, "Keep it", None)
            return
        self._search_deal()

    def _search_deal(self) -> None:
        self.app.open("deal_search", self.progress, self.levels)

    def continue_deal(self) -> None:
        self.app.open("puzzle", deal_level(self.progress.deal), self.progress, self.levels)

    def rules(self) -> None:
        self.app.open("rules", solitaire_spec())

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.draw_background(surface)
        levels = self.levels
        solved = sum(1 for level in levels if self.progress.is_solved(level))
        stars = self.progress.total_stars(levels)
        subtitle = (f"Capture every blue piece · solved {solved} of {len(levels)} · "
                    f"{stars} of {3 * len(levels)} stars")
        if self.progress.deals_solved:
            subtitle += f" · random deals solved: {self.progress.deals_solved}"
        self.draw_title(surface, "Xoliba Solitaire", subtitle)
        self.draw_widgets(surface)
        for item in self.tiles:
            self._draw_tile(surface, item)
        self.ring.draw(surface)
        self._draw_info(surface)

    def _draw_tile(self, surface, item) -> None:
        s = self.app.scale
        palette = self.app.palette
        index = item.extra["level"]
        level = self.levels[index]
        rect = item.element.rect
        number = str(index + 1)
        if not item.enabled:
            draw_text(surface, number, (rect.x + round(10 * s), rect.y + round(6 * s)),
                      round(16 * s), palette.text_dim, True)
            draw_lock(surface, (rect.centerx, rect.centery + round(4 * s)), rect.h * 0.42,
                      palette.text_dim, palette.background_alt)
            return
        size = round(min(26 * s, rect.h * 0.38))
        draw_text(surface, number, (rect.centerx, rect.y + rect.h * 0.34), size, palette.text,
                  True, anchor="center")
        draw_stars(surface, (rect.centerx, rect.y + rect.h * 0.74), rect.h * 0.12, 3,
                   self.progress.stars(level), palette.accent, palette.text_dim)
        if level.id in self.progress.attempts:      # an unfinished attempt: a small dot
            pygame.draw.circle(surface, palette.highlight_good,
                               (rect.right - round(10 * s), rect.y + round(10 * s)),
                               max(3, round(4 * s)))

    def _draw_info(self, surface) -> None:
        s = self.app.scale
        palette = self.app.palette
        sw, _ = self.app.size
        width = sw - round(120 * s)
        y = self.info_y
        item = self.ring.current
        lines: list = []
        if item is not None and "level" in item.extra:
            index = item.extra["level"]
            level = self.levels[index]
            head = f"{index + 1}. {level.title} — {level.difficulty_name}, par {level.par}"
            best = self.progress.best.get(level.id)
            if best is not None:
                head += f" · your best {best}"
            lines.append((head, palette.text, True))
            if not item.enabled:
                missing = self.progress.to_unlock(self.levels, index)
                lines.append((f"Locked: solve {missing} more of the earlier levels to open it.",
                              palette.text_dim, False))
            else:
                kind = "a lesson with fewer pieces" if level.kind == "lesson" else \
                    "a deal from the real set-up"
                attempt = self.progress.attempts.get(level.id)
                more = f" · in progress, {len(attempt)} moves made" if attempt else ""
                lines.append((f"{kind.capitalize()} · 3 stars at par or better, 2 within "
                              f"{near_par_margin(level.par)} moves of par{more}",
                              palette.text_dim, False))
        elif item is not None and item.element.text.startswith("Random"):
            lines.append(("Deal from the real set-up until the solver proves one winnable, "
                          "then play it.", palette.text_dim, False))
        if not self.levels:
            lines.append(("No level could be read.", palette.highlight_bad, True))
        for text, colour, bold in lines[:2]:
            draw_text(surface, fit_text(text, round(18 * s), width, bold), (sw // 2, y),
                      round(18 * s), colour, bold, anchor="midtop")
            y += round(26 * s)


class DealSearchScene(Scene):
    """An overlay while the worker deals from the real set-up until the solver proves a
    deal winnable: the deals tried so far and why they were passed over; Cancel."""

    transparent = True

    def __init__(self, app, progress, levels, seed: int | None = None, budgets=None):
        super().__init__(app)
        self.progress = progress
        self.levels = levels
        # A fresh start each time, far from the seeds the levels were made from.
        self.seed = seed if seed is not None else random.Random().randrange(10_000, 10_000_000)
        self.budgets = dict(budgets or {})     # job arguments: seconds per deal, shortening
        self.job = None
        self.started = 0.0
        self.error = ""

    def enter(self) -> None:
        super().enter()
        self.job = self.app.worker.request_job("game.games.xoliba.jobs:solitaire_deal",
                                               dict(self.budgets, seed=self.seed))
        self.started = time.monotonic()

    def exit(self) -> None:
        if self.job is not None:
            self.app.worker.cancel()
            self.job = None
        super().exit()

    def build(self, size) -> None:
        rect = self.column_rects(1, width=260, height=50, top=round(self.app.size[1] * 0.62))[0]
        self.button(rect, "Cancel" if not self.error else "Back", self.app.pop)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.job is None:
            return
        reply = self.app.worker.poll()
        if reply is None:
            return
        self.job = None
        if reply.error:
            self.error = f"The search failed: {reply.error.splitlines()[0]}"
        elif reply.result.get("seed") is None:
            self.error = f"No deal of {reply.result['tried']} was proved winnable. Try again."
        else:
            self._play(reply.result)
            return
        self.app.sounds.play("illegal")
        self.rebuild()

    def _play(self, found: dict) -> None:
        deal = {key: found[key] for key in ("seed", "position", "line", "proven")}
        deal["moves"] = []
        self.progress.deal = deal
        try:
            save_progress(self.progress)
        except OSError as exc:
            self.app.messages.append(f"Progress could not be saved: {exc}")
        self.app.switch_to("puzzle", deal_level(deal), self.progress, self.levels)

    def draw(self, surface) -> None:
        s = self.app.scale
        palette = self.app.palette
        sw, sh = self.app.size
        self.app.draw_shade(surface, 225)
        self.draw_title(surface, "Random deal", None, y=round(sh * 0.28))
        progress = self.app.worker.progress or {}
        elapsed = time.monotonic() - self.started
        if self.error:
            lines = [self.error]
        else:
            tried = progress.get("tried", 0)
            dots = "." * (1 + int(elapsed * 3) % 3)
            lines = [f"Dealing and solving{dots}",
                     f"Deal {tried + 1} (seed {progress.get('seed', self.seed)}) · "
                     f"{elapsed:.0f} s",
                     f"Passed over: {progress.get('lost', 0)} cannot be won, "
                     f"{progress.get('undecided', 0)} undecided in time"]
        y = round(sh * 0.38)
        for i, line in enumerate(lines):
            draw_text(surface, line, (sw // 2, y), round((22 if i == 0 else 18) * s),
                      palette.text if i else palette.accent, i == 0, anchor="center")
            y += round(34 * s)
        if not self.error:
            # A spinner: eight dots, one bright, turning.
            centre = (sw // 2, y + round(24 * s))
            turn = int(elapsed * 10) % 8
            for k in range(8):
                angle = k * math.pi / 4
                point = (centre[0] + round(18 * s * math.cos(angle)),
                         centre[1] + round(18 * s * math.sin(angle)))
                colour = palette.accent if k == turn else palette.text_dim
                pygame.draw.circle(surface, colour, point, max(2, round(4 * s)))
        self.draw_ui(surface)


class PuzzleStatistics:
    """Xoliba's rows on the statistics screen (its record's `stats_section`): the solitaire
    games played and solved, and the puzzles' progress, loaded with the screen. A progress
    file that could not be used is named in `messages`."""

    def __init__(self):
        self.progress, message = load_progress()
        self.levels, _ = load_levels(check_line=False)
        self.messages = [message] if message else []

    def rows(self, stats) -> list[tuple]:
        """The section's rows (the statistics screen's kinds) for `stats`."""
        rows = [("title", "Xoliba solitaire", "")]
        if stats.solitaire_played:
            solved = stats.solitaire_solved
            share = round(100 * solved / stats.solitaire_played)
            rows.append(("kv", "Solitaire games", f"{solved} solved of "
                         f"{stats.solitaire_played} played ({share}%)"))
        levels = self.levels
        solved_levels = sum(1 for level in levels if self.progress.is_solved(level))
        rows.append(("kv", "Puzzle levels solved", f"{solved_levels} of {len(levels)}"))
        rows.append(("kv", "Stars earned", f"{self.progress.total_stars(levels)} of "
                                           f"{3 * len(levels)}"))
        rows.append(("kv", "Random deals solved", str(self.progress.deals_solved)))
        return rows
