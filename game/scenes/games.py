"""Games: the finished games kept as records, and the records in the player's folders.

On the left: which game to show (all, or one), which folder (the kept games first, then
Documents, Desktop, Downloads, Home, and the correspondence games going on), "Paste a
record" (from the clipboard), "Open" (a file's path typed, Enter opens it), "Paste move"
(a correspondence code) and Back. On the right: the records of that folder, newest first,
a row each (game, result, players, length, date); a row opens the record in the replay
viewer. In "Correspondence games" a row is a game going on, with whose turn it is; it
opens the game. Each record is checked whole
(read and replayed) by record_files' checker, in a process of its own, the rows shown
first; a row says "checking…" until its record is. A file that is no record stays in
the list, its row giving its name and its fault, and opening one says which line is
wrong and why; nothing is moved or written.

Up/Down go along the list (it scrolls at its ends), Left/Right between the list and the
controls (on a selector they change it), the wheel scrolls, Enter/A or a click opens.
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame

import game.rules
from game.ui import input as inp
from game.net import correspondence as cc
from game.records import record_files
from game.scenes.base import Scene
from game.ui import clipboard
from game.ui.colours import readable_on
from game.ui.text import draw_text, ellipsise_middle, fit_text, font, wrap_text
from game.ui.theme import button_colours

ROW_HEIGHT, ROW_GAP = 40, 6         # design pixels
WHEEL_ROWS = 3
ALL = "all"
NAME_SHARE = 0.3                    # of a row, for the file's name of a faulty one
CORRESPONDENCE = "Correspondence"  # the place listing the correspondence games (no folder)


def pending_rows(games: list) -> list:
    """The correspondence games going on (`cc.pending_games()`) as rows of the list (a
    faulty file's fault)."""
    rows = []
    for pending in games:
        path = cc.folder() / f"{pending.id}.json"
        if pending.problem:
            rows.append(record_files.Listed(path, None, path.name, "", "", "", 0,
                                            pending.problem))
            continue
        friend = pending.opponent or "your friend"
        try:
            date = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        except OSError:
            date = ""
        turn = "Your turn" if pending.my_turn else f"{friend}'s turn"
        rows.append(record_files.Listed(path, pending.game, pending.title, f"with {friend}", turn,
                                        date, pending.moves))
    return rows


class GamesScene(Scene):
    held_widgets = ("path_field",)

    def __init__(self, app):
        super().__init__(app)
        self.places = record_files.export_folders() + [(CORRESPONDENCE, None)]
        # Opened on the correspondence games when one waits for the player's move (the
        # folder read once: the list shows these).
        pending = cc.pending_games()
        self.place = len(self.places) - 1 if any(going.my_turn for going in pending) else 0
        self.shown_game = ALL
        self.offset = 0                 # the first row shown
        self.visible = 1                # rows that fit
        self.problem = ""               # why the last record could not be opened
        self.typed_path = ""            # the path typed under "Open"
        self.path_field = None
        self.files: list = []           # the folder's record files, newest first
        self.listed: list = []          # a summary of each (unchecked: "checking…")
        self.records: list = []         # those of the game shown
        self.checks_seen = 0            # checker.done when self.listed was last updated
        self.fitted: dict = {}          # (entry, row rect) -> its columns (draw_rows)
        self.widths: dict = {}          # text -> its width at the size measured for
        self.measured_size = 0
        self.reload(pending=pending)

    def reload(self, offset: int = 0, pending: list | None = None) -> None:
        """The folder's files listed again (the new ones checked), from row `offset`;
        `pending`: the correspondence games just read, if they were."""
        if self.correspondence:
            self.files = []
            self.listed = pending_rows(cc.pending_games() if pending is None else pending)
        else:
            self.files = record_files.record_files(self.places[self.place][1])
            self.listed = [record_files.cached(file) or record_files.unchecked(file)
                           for file in self.files]
        self.checks_seen = record_files.checker.done
        self._choose_records()
        self.offset = min(offset, max(0, len(self.records) - 1))
        self._check()

    @property
    def correspondence(self) -> bool:
        """The correspondence games are listed (not a folder's records)."""
        return self.places[self.place][0] == CORRESPONDENCE

    def _take_checked(self) -> bool:
        """The summaries of the files checked since, in place of "checking…"; whether
        there were any."""
        self.checks_seen = record_files.checker.done
        found = False
        for index, entry in enumerate(self.listed):
            if not entry.checked:
                checked = record_files.cached(self.files[index])
                if checked is not None:
                    self.listed[index] = checked
                    found = True
        return found

    def empty_message(self) -> str:
        """What the list says when it shows no record."""
        if self.correspondence and not self.listed:
            return ("No correspondence games going on. Start one from a game's setup (By "
                    "correspondence), or paste a friend's invitation (Paste move).")
        hidden = len(self.listed)       # all of them of other games, or faulty
        if hidden:
            title = game.rules.get(self.shown_game).title
            return (f"No {title} records here; {hidden} of other games or faulty (Show: "
                    f"all games lists them).")
        if self.places[self.place][0] == "Kept games":
            return ("No finished games yet: each game you finish is kept here (Settings: "
                    "Finished games kept).")
        return "No record files (.txt) in this folder."

    def _choose_records(self) -> None:
        """The records shown: those of the game shown, and those not checked yet (which
        may be)."""
        self.records = [entry for entry in self.listed if self.shown_game == ALL
                        or not entry.checked or entry.game == self.shown_game]
        self._measure_columns()
        self.fitted.clear()

    def _unchecked(self) -> list:
        """The files of the unchecked rows, the rows shown first."""
        files = {file.path: file for file in self.files}
        rows = self.records[self.offset:] + self.records[:self.offset]
        return [files[entry.path] for entry in rows if not entry.checked]

    def _check(self) -> None:
        record_files.checker.check(self._unchecked())

    def update(self, dt: float) -> None:
        super().update(dt)
        if record_files.checker.done != self.checks_seen and self._take_checked():
            shown = [entry.path for entry in self.records]
            self._choose_records()
            if [entry.path for entry in self.records] != shown:    # another game's went
                self.offset = max(0, min(self.offset, len(self.records) - self.visible))
                self.rebuild()
                self._check()

    def exit(self) -> None:
        record_files.checker.close()
        super().exit()

    def resume(self) -> None:
        # Back from a replay or a game: a game just finished may have been kept.
        self.reload(self.offset)
        super().resume()

    # --- layout ---------------------------------------------------------------------------
    def build(self, size) -> None:
        self.fitted.clear()
        s = self.app.scale
        sw, sh = size
        margin = round(32 * s)
        left_w = min(round(320 * s), sw // 3)
        top = round(120 * s)
        bh, gap = round(46 * s), round(12 * s)
        specs = sorted(game.rules.all_specs(), key=lambda spec: spec.title)
        games = [ALL] + [spec.name for spec in specs]
        titles = {spec.name: spec.title for spec in specs}
        x = margin
        self.selector((x, top, left_w, bh), "Show", games, self.shown_game, self.set_game,
                      lambda name: "all games" if name == ALL else titles[name])
        self.selector((x, top + bh + gap, left_w, bh), "Folder",
                      list(range(len(self.places))), self.place, self.set_place,
                      lambda i: self.places[i][0])
        self.button((x, top + 2 * (bh + gap), left_w, bh), "Paste a record", self.paste)
        # Any other file: its path typed (Enter opens it).
        self.path_field = self.text_field((x, top + 3 * (bh + gap), left_w, bh), "Open",
                                          self.typed_path, limit=1000,
                                          prompt="a file's path, then Enter")
        self.button((x, top + 4 * (bh + gap), left_w, bh), "Paste move", self.paste_move)
        self.button((x, sh - margin - bh, left_w, bh), "Back", self.on_back)
        # The list: as many rows as fit above the problem lines.
        self.list_rect = pygame.Rect(x + left_w + round(24 * s), top,
                                     sw - margin - (x + left_w + round(24 * s)),
                                     sh - margin - top - self._problem_height())
        row_h, row_gap = round(ROW_HEIGHT * s), round(ROW_GAP * s)
        self.visible = max(1, (self.list_rect.h + row_gap) // (row_h + row_gap))
        self.offset = max(0, min(self.offset, len(self.records) - self.visible))
        for slot, index in enumerate(range(self.offset,
                                           min(len(self.records), self.offset + self.visible))):
            rect = (self.list_rect.x, self.list_rect.y + slot * (row_h + row_gap),
                    self.list_rect.w, row_h)
            # The row's columns are painted over an empty button (draw_rows).
            item = self.button(rect, "", lambda index=index: self.open(index), column=1)
            item.extra["row"] = index
        colours = button_colours(self.app.palette)
        self.row_text_colours = {
            state: readable_on(pygame.Color(colours[f"{state}_bg"]), self.app.palette.text,
                               self.app.palette.background)
            for state in ("normal", "selected")}

    def _problem_height(self) -> int:
        if not self.problem:
            return 0
        return len(self._problem_lines()) * round(22 * self.app.text_scale) + \
            round(12 * self.app.scale)

    def _problem_lines(self) -> list:
        s = self.app.scale
        width = self.app.size[0] - round(32 * s) - (round(32 * s) + min(round(320 * s),
                                                                      self.app.size[0] // 3)
                                                    + round(24 * s))
        return wrap_text(self.problem, round(16 * self.app.text_scale), width)[:4]

    def _measure_columns(self) -> None:
        """The widths of the columns sized by their widest text: a record's length and
        date, a faulty or unchecked file's name."""
        size = self.row_text_size()
        if size != self.measured_size:
            self.widths.clear()
            self.measured_size = size
        widths = {"moves": [0], "date": [0], "name": [0]}
        for entry in self.records:
            if entry.checked and not entry.problem:
                widths["moves"].append(self._width(self.moves_text(entry)))
                widths["date"].append(self._width(entry.date[:16]))
            else:
                widths["name"].append(self._width(entry.path.name))
        self.moves_width, self.date_width, self.name_width = (
            max(widths[column]) for column in ("moves", "date", "name"))

    def _width(self, text: str) -> int:
        width = self.widths.get(text)
        if width is None:
            width = self.widths[text] = font(self.measured_size).size(text)[0]
        return width

    def row_text_size(self) -> int:
        return round(16 * self.app.text_scale)

    @staticmethod
    def moves_text(entry) -> str:
        return f"{entry.moves} move" + ("" if entry.moves == 1 else "s")

    @staticmethod
    def row_columns(entry) -> list:
        """The texts of a record's row, a column each."""
        if not entry.checked:
            return [entry.path.name, "checking…"]
        if entry.problem:
            return [entry.path.name, f"faulty: {entry.problem}"]
        return [entry.title, entry.result, entry.players, GamesScene.moves_text(entry),
                entry.date[:16]]

    def row_text(self, index: int) -> str:
        return " · ".join(self.row_columns(self.records[index]))

    def columns(self, entry, rect) -> list:
        """(column, its whole text, the text shown: cut to fit) of a record's row in
        `rect`. A faulty or unchecked row: its file's name (as wide as the widest, at
        most NAME_SHARE of the row, shortened in the middle), then what is wrong or
        "checking…". A record's: its length and date as wide as the widest in the list,
        a quarter of the rest for its game, a quarter for its result and half for its
        players."""
        size = self.row_text_size()
        if size != self.measured_size:          # the window's size changed
            self._measure_columns()
        pad = round(12 * self.app.scale)
        left, width = rect.x + pad, rect.w - 2 * pad
        texts = self.row_columns(entry)
        if len(texts) == 2:
            name_width = min(self.name_width, round(width * NAME_SHARE))
            widths = [name_width, width - name_width - pad]
        else:
            rest = width - self.moves_width - self.date_width - 4 * pad
            widths = [rest // 4, rest // 4, rest - 2 * (rest // 4), self.moves_width,
                      self.date_width]
        found = []
        for number, (text, column_width) in enumerate(zip(texts, widths)):
            column = pygame.Rect(left, rect.y, max(0, column_width), rect.h)
            fit = ellipsise_middle if number == 0 and len(texts) == 2 else fit_text
            found.append((column, text, fit(text, size, column.w)))
            left += column_width + pad
        return found

    def draw_rows(self, surface) -> None:
        size = self.row_text_size()
        focused = self.ring.current
        for item in self.ring.items:
            index = item.extra.get("row")
            if index is None:
                continue
            colour = self.row_text_colours["selected" if item is focused else "normal"]
            # Fitting a long text takes many measures: once per row and layout.
            entry, rect = self.records[index], item.element.rect
            key = (entry, tuple(rect))
            columns = self.fitted.get(key)
            if columns is None:
                columns = self.fitted[key] = self.columns(entry, rect)
            for column, _, shown in columns:
                draw_text(surface, shown, (column.x, column.centery), size, colour,
                          anchor="midleft")

    # --- what the controls do -------------------------------------------------------------
    def set_game(self, name: str) -> None:
        self.shown_game = name
        self._choose_records()
        self.offset = 0
        self._check()
        self.rebuild()

    def set_place(self, index: int) -> None:
        self.place = index
        self.problem = ""
        self.reload()
        self.rebuild()

    def open(self, index: int) -> None:
        if self.correspondence:
            self.open_correspondence(self.records[index])
            return
        self._open_with(lambda: record_files.open_record(self.records[index].path)[2])

    def open_correspondence(self, entry) -> None:
        """Go on with a correspondence game: its board, or (no deal yet) its codes."""
        corr = cc.load(entry.path.stem) if entry.problem is None else None
        if corr is None:
            self._refuse(entry.problem or "That game cannot be read any more.")
            self.reload(self.offset)
            return
        self.problem = ""
        if corr.state is None and corr.my_turn:     # an answer not sent: made again
            try:
                self.app.open("mail_send", corr, corr.make_code(), None)
            except (ValueError, OSError) as exc:
                self._refuse(f"No code: {exc}")
        elif corr.state is None:                    # the friend's code is awaited
            self.app.open("mail_paste", corr)
        else:
            self.app.open("mail_play", corr)

    def paste_move(self) -> None:
        """A correspondence code: an invitation, or a friend's move."""
        self.problem = ""
        self.app.open("mail_paste")

    def typed(self, entry, key) -> None:
        if entry is not self.path_field.entry:
            return
        self.typed_path = entry.get_text()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed_path.strip():
            # The record file at the typed path (~ for the home folder).
            path = Path(self.typed_path.strip()).expanduser()
            self._open_with(lambda: record_files.open_record(path)[2])

    def paste(self) -> None:
        def read():
            text, problem = clipboard.paste()
            if problem:
                raise ValueError(problem)
            try:
                record_files.parse_text(text)
            except ValueError as exc:
                raise ValueError(f"The clipboard holds no record we can open: {exc}") \
                    from None
            return text
        self._open_with(read)

    def _open_with(self, read) -> None:
        """Open the record text `read()` gives in the replay viewer, or say why not."""
        try:
            text = read()
        except ValueError as exc:
            self._refuse(str(exc))
            return
        self.problem = ""
        record_files.checker.stop()     # (until back: resume lists the folder again)
        self.app.open("replay", text)

    def _refuse(self, message: str) -> None:
        self.problem = message
        self.app.sounds.play("illegal")
        self.rebuild()

    # --- input ----------------------------------------------------------------------------
    def handle(self, action) -> None:
        item = self.ring.current
        row = item.extra.get("row") if item is not None else None
        if action.kind == inp.SCROLL:
            self.scroll(-action.amount * WHEEL_ROWS)
            return
        if row is not None and action.kind in (inp.UP, inp.DOWN):
            step = -1 if action.kind == inp.UP else 1
            slot = row - self.offset
            if 0 <= row + step < len(self.records) and not 0 <= slot + step < self.visible:
                self.scroll(step)           # at the list's edge: it moves, the focus stays
                return
            if not 0 <= row + step < len(self.records):
                return                      # the list's ends do not wrap
        super().handle(action)

    def scroll(self, rows: int) -> None:
        offset = max(0, min(self.offset + rows, len(self.records) - self.visible))
        if offset != self.offset:
            self.offset = offset
            self.rebuild()
            self._check()               # the rows come into view first

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.draw_background(surface)
        s, ts = self.app.scale, self.app.text_scale
        palette = self.app.palette
        self.draw_title(surface, "Games", None, y=round(48 * s))
        place, folder = self.places[self.place]
        count = len(self.records)
        where = "kept when they end" if place == "Kept games" else str(folder)
        kind = "record"
        if self.correspondence:
            kind, where = "game", "by correspondence, going on"
        heading = (f"{count} {kind}{'s' if count != 1 else ''} · {where}"
                   + (f" · {self.offset + 1}–{min(count, self.offset + self.visible)} shown"
                      if count > self.visible else ""))
        draw_text(surface, fit_text(heading, round(17 * ts), self.list_rect.w),
                  (self.list_rect.x, round(88 * s)), round(17 * ts), palette.text_dim)
        if not self.records:
            empty = self.empty_message()
            y = self.list_rect.y
            for line in wrap_text(empty, round(18 * ts), self.list_rect.w):
                draw_text(surface, line, (self.list_rect.x, y), round(18 * ts), palette.text)
                y += round(26 * ts)
        if self.problem:
            y = self.list_rect.bottom + round(12 * s)
            for line in self._problem_lines():
                draw_text(surface, line, (self.list_rect.x, y), round(16 * ts),
                          palette.highlight_bad)
                y += round(22 * ts)
        self.draw_widgets(surface)
        self.draw_rows(surface)
        self.ring.draw(surface)
