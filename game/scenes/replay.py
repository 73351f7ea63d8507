"""The replay viewer: a game record stepped through move by move, and its analysis.

The board is the game's own view, animating each step forward as in play (a step back,
or a jump by the scrubber, shows the position at once). The side panel names the game
and its players, lists every move with the current one highlighted, and, once analysed,
draws the evaluation graph (who was ahead after each move, the moves that threw a game
away marked) with the computer's preferred move at the current position, which is also
ringed on the board.

Keys and pad: Left/Right (or U/R, X/Y, the wheel) step back and forward, Shift+Tab/Tab
(LB/RB) go to the first and the last position, Up/Down choose a button, Enter/A presses
it. The mouse clicks the buttons and drags the scrubber.

The analysis runs in the worker process (game.ai.analysis:analyse_job): each position's
assessment arrives as progress, so the graph grows while it runs; leaving the screen or
Stop cancels it. A finished analysis is kept for the app's life (ANALYSES), so the
record opened again shows it at once.
"""
from __future__ import annotations

import pygame

import game.records
from game.ui import input as inp
from game.scenes.base import Scene
from game.ui.text import draw_text, fit_text, wrap_text
from game.views import make_view

MIN_PANEL_WIDTH = 280
GRAPH_HEIGHT = 110              # design pixels
KEPT_ANALYSES = 8               # finished analyses kept, by record text
ANALYSES: dict[str, dict] = {}  # record text -> the analysis job's result


def seat_names(state, headers: dict) -> list[str]:
    """The players' names: the record's `Seat <title>` headers, else the seats' titles."""
    titles = state.spec.seats_for(state.options)
    return [headers.get(f"Seat {title}", title) for title in titles]


class ReplayScene(Scene):
    held_widgets = ("scrubber", "analyse_button")
    analysis_seconds = None         # per position (None: each game's own; tests: less)

    def __init__(self, app, text: str, analyse: bool = False):
        super().__init__(app)
        self.text = text
        state, self.headers = game.records.loads(text)
        self.texts = state.move_list()
        self.total = len(state.history)
        self.movers: list = state.movers()          # the seat that made each move
        while state.history:
            state.undo()
        self.state = state
        self.names = seat_names(state, self.headers)
        self.view = make_view(app.view_context, state, self.names)
        self.view.human_may_move = False
        self.scrubber = None
        self.analyse_button = None
        self.notice = ""                # what the last Export or Play from here did
        self.assessments: list = []     # the analysis so far, one per position
        self.blunders: list = []        # indexes of the moves that threw a game away
        self.analysing = False
        self.analysis_total = self.total + 1
        self._panel = None              # (key, surface): the panel as last painted
        self._preferred = {}            # position index -> the preferred move, parsed
        done = ANALYSES.get(text)
        if done is not None:
            self._take_result(done)
        elif analyse:
            self.start_analysis()

    @property
    def index(self) -> int:
        """How many moves of the record are played on the board."""
        return len(self.state.history)

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.view.sync()

    def exit(self) -> None:
        self.stop_analysis()
        super().exit()

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        panel_w = max(round(360 * s), sw // 3, MIN_PANEL_WIDTH)
        self.panel = pygame.Rect(sw - panel_w, 0, panel_w, sh)
        self.view.layout(pygame.Rect(0, 0, sw - panel_w, sh))
        x0 = self.panel.x + round(14 * s)
        width = panel_w - round(28 * s)
        bh, gap = round(42 * s), round(8 * s)
        y = sh - round(14 * s) - 4 * bh - 3 * gap
        self.controls_top = y
        # Made top down, the scrubber first (where the focus starts); one column, as
        # Left/Right step the game: Up/Down go through every control in turn.
        if self.total:
            self.scrubber = self.slider(
                (x0, y, width, bh), "Move", list(range(self.total + 1)), self.index,
                self.go_to, lambda i: f"{i}/{self.total}")
        else:
            self.scrubber = self.button((x0, y, width, bh), "No moves", enabled=False)
        y += bh + gap
        quarter = (width - 3 * gap) // 4
        for column, (label, action) in enumerate((("|<", self.first), ("<", self.back),
                                                  (">", self.forward), (">|", self.last))):
            self.button((x0 + column * (quarter + gap), y, quarter, bh), label, action)
        y += bh + gap
        half = (width - gap) // 2
        rows = [[("Analyse", self.toggle_analysis), ("Export", self.export)],
                [("Play from here", self.play_from_here), ("Back", self.on_back)]]
        for row in rows:
            for column, (label, action) in enumerate(row):
                item = self.button((x0 + column * (half + gap), y, half, bh), label, action)
                if action == self.toggle_analysis:
                    self.analyse_button = item
            y += bh + gap
        self._label_analyse_button()
        self._panel = None

    # --- stepping -------------------------------------------------------------------------
    def forward(self) -> None:
        if not self.state.can_redo:
            self.app.sounds.play("illegal")
            return
        self.view.on_move(self.state.redo())
        self._moved()

    def back(self) -> None:
        if not self.state.can_undo:
            self.app.sounds.play("illegal")
            return
        self.state.undo()
        self.view.sync()
        self._moved()

    def go_to(self, index: int) -> None:
        index = max(0, min(self.total, index))
        while self.index > index:
            self.state.undo()
        while self.index < index:
            self.state.redo()
        self.view.sync()
        self.view.layout(self.view.rect)   # a jump: a following camera (Che) goes at once
        self._moved()

    def first(self) -> None:
        self.go_to(0)

    def last(self) -> None:
        self.go_to(self.total)

    def _moved(self) -> None:
        self.notice = ""                # it was about the position left
        if self.scrubber is not None and self.scrubber.is_selector \
                and self.scrubber.index != self.index:
            self.scrubber.index = self.index
            self.scrubber.refresh()

    # --- the analysis ---------------------------------------------------------------------
    def toggle_analysis(self) -> None:
        if self.analysing:
            self.stop_analysis()
        else:
            self.start_analysis()
        self._label_analyse_button()

    def _label_analyse_button(self) -> None:
        """Analyse, Stop analysis while it runs, Analysed (disabled) once done. Relabelled
        in place: a rebuild would cost the frame the analysis ends in 10 ms."""
        item = self.analyse_button
        if item is None or item.element is None:
            return
        done = bool(self.assessments) and not self.analysing \
            and len(self.assessments) == self.total + 1
        item.element.set_text("Stop analysis" if self.analysing else
                              "Analysed" if done else "Analyse")
        item.enabled = not done
        item.refresh()
        self.ring._sync()

    def start_analysis(self) -> None:
        self.assessments, self.blunders = [], []
        self.app.worker.request_job("game.ai.analysis:analyse_job",
                                    {"record": self.text, "seconds": self.analysis_seconds})
        self.analysing = True

    def stop_analysis(self) -> None:
        """Leave the analysis: the worker stops at once; what it found stays shown."""
        if self.analysing:
            self.app.worker.cancel()
            self.analysing = False

    def _poll_analysis(self) -> None:
        worker = self.app.worker
        reply = worker.poll()
        for report in worker.take_reports():
            if isinstance(report, dict) and "assessment" in report:
                self.assessments.append(report["assessment"])
                self.analysis_total = report.get("total", self.analysis_total)
        if reply is None:
            return
        self.analysing = False
        if reply.error:
            self.notice = "The analysis failed: " + reply.error.splitlines()[0]
        else:
            self._take_result(reply.result)
            ANALYSES[self.text] = reply.result
            while len(ANALYSES) > KEPT_ANALYSES:
                ANALYSES.pop(next(iter(ANALYSES)))
        self._label_analyse_button()

    def _take_result(self, result: dict) -> None:
        self.assessments = list(result["assessments"])
        self.blunders = list(result.get("blunders", []))

    def assessment(self):
        """The analysis of the position shown, if it has been reached."""
        return self.assessments[self.index] if self.index < len(self.assessments) else None

    def preferred_move(self):
        """The computer's preferred move at the position shown, as a move (or None)."""
        found = self.assessment()
        if not found or not found.get("move") or self.state.is_over:
            return None
        if self.index not in self._preferred:
            try:
                self._preferred[self.index] = self.state.parse_move(found["move"])
            except ValueError:
                self._preferred[self.index] = None
        return self._preferred[self.index]

    def blunder_moves(self) -> list:
        """The move indexes marked: the result's, or while it runs, those the values so far
        show (the worker's rule, game.ai.analysis.blunders)."""
        if self.blunders or not self.assessments or not self.analysing:
            return self.blunders
        from game.ai.analysis import blunders
        return blunders(self.assessments, self.movers[:len(self.assessments) - 1],
                        game=self.state.spec.name)

    # --- the other buttons ----------------------------------------------------------------
    def play_from_here(self) -> None:
        if self.state.is_over:
            self.notice = "The game is over here: step back to play from an earlier move."
            self.app.sounds.play("illegal")
            self._panel = None
            return
        self.app.open("play_from_here", self)

    def start_branch(self, seats) -> None:
        """A new game from the position shown, with the record's options and `seats`;
        the record itself stays as it is."""
        spec = self.state.spec
        branch = spec.new_game(seed=self.state.seed, options=self.state.options)
        for move in self.state.history:
            branch.play(move)
        self.stop_analysis()
        self.app.open("play", branch, seats)

    def export(self) -> None:
        self.app.open("export", self.text, self.state, self.headers.get("Date", ""), self)

    def on_back(self) -> None:
        self.stop_analysis()
        self.app.pop()

    # --- input ----------------------------------------------------------------------------
    def handle(self, action) -> None:
        kind = action.kind
        if kind in (inp.LEFT, inp.UNDO):
            self.back()
        elif kind in (inp.RIGHT, inp.REDO):
            self.forward()
        elif kind == inp.PREV_PANEL:
            self.first()
        elif kind == inp.NEXT_PANEL:
            self.last()
        elif kind == inp.SCROLL:
            (self.forward if action.amount < 0 else self.back)()
        elif kind == inp.PAUSE:
            self.on_back()
        else:
            super().handle(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)
        if self.analysing:
            self._poll_analysis()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not (self.view.paints_its_rect):
            self.draw_background(surface)
        self.view.draw(surface)
        move = self.preferred_move()
        if move is not None and not self.view.animating:
            self.view.draw_hint(surface, move)
        self._draw_panel(surface)
        self.draw_ui(surface)

    def _panel_key(self) -> tuple:
        return (self.index, len(self.assessments), self.analysing, tuple(self.blunders),
                self.notice, tuple(self.panel), self.app.palette.name)

    def _draw_panel(self, surface) -> None:
        key = self._panel_key()
        if self._panel is None or self._panel[0] != key:
            painted = pygame.Surface(self.panel.size)
            self._paint_panel(painted)
            self._panel = (key, painted)
        surface.blit(self._panel[1], self.panel)

    def _paint_panel(self, surface) -> None:
        """The panel (in its own coordinates): titles, the move list, the graph."""
        palette = self.app.palette
        s, ts = self.app.scale, self.app.text_scale
        surface.fill(palette.panel)
        pygame.draw.line(surface, palette.panel_border, (0, 0), (0, surface.get_height()), 2)
        x, width = round(14 * s), self.panel.w - round(28 * s)
        y = round(12 * s)
        spec = self.state.spec
        draw_text(surface, fit_text(f"Replay: {spec.title}", round(24 * ts), width, True),
                  (x, y), round(24 * ts), palette.accent, True)
        y += round(32 * ts)
        small = round(15 * ts)
        lines = [f"{title}: {name}" for title, name
                 in zip(spec.seats_for(self.state.options), self.names)]
        result = self.headers.get(game.records.RESULT, "")
        lines.append(f"Result: {result}" if result else "")
        if self.headers.get("Date"):
            lines.append(self.headers["Date"])
        for line in filter(None, lines):
            draw_text(surface, fit_text(line, small, width), (x, y), small, palette.text_dim)
            y += round(19 * ts)
        y += round(6 * s)
        bottom = self.controls_top - round(10 * s)
        below = []          # (height, painter) under the move list
        graph_h = round(GRAPH_HEIGHT * s)
        if self.assessments or self.analysing:
            below.append((graph_h, self._paint_graph))
        below.append((round(20 * ts) * 4, self._paint_verdict))
        for height, _ in below:
            bottom -= height + round(6 * s)
        self._paint_moves(surface, x, y, width, bottom)
        y = bottom + round(6 * s)
        for height, painter in below:
            painter(surface, pygame.Rect(x, y, width, height))
            y += height + round(6 * s)

    def _paint_moves(self, surface, x: int, y: int, width: int, bottom: int) -> None:
        """Every move numbered, a move a row, the current one highlighted; the rows
        around the current move when they do not all fit."""
        palette = self.app.palette
        ts = self.app.text_scale
        size, line_h = round(16 * ts), round(21 * ts)
        shown = max(1, (bottom - y) // line_h)
        current = self.index - 1
        first = min(max(0, current - shown // 2), max(0, self.total - shown))
        blunders = set(self.blunder_moves())
        seats = self.state.spec.seats_for(self.state.options)
        for i in range(first, min(self.total, first + shown)):
            row = pygame.Rect(x - 4, y - 1, width + 8, line_h)
            if i == current:
                pygame.draw.rect(surface, palette.accent, row, border_radius=4)
            colour = palette.background if i == current else palette.text
            mover = self.movers[i]
            who = seats[mover] if mover is not None else "dice"
            mark = "  ?!" if i in blunders else ""
            text = f"{i + 1:>3}. {who}: {self.texts[i]}{mark}"
            draw_text(surface, fit_text(text, size, width), (x, y), size,
                      palette.highlight_bad if i in blunders and i != current else colour)
            y += line_h
        if not self.total:
            draw_text(surface, "(no moves)", (x, y), size, palette.text_dim)

    def _paint_graph(self, surface, rect: pygame.Rect) -> None:
        """A caption, then the first seat's value after each move (above the middle: it
        is ahead), the marked moves as dots, the position shown as a line, and the
        progress while the analysis runs."""
        palette = self.app.palette
        ts = self.app.text_scale
        seats = self.state.spec.seats_for(self.state.options)
        caption = round(13 * ts)
        draw_text(surface, fit_text(f"Who was ahead (above the line: {seats[0]})", caption,
                                    rect.w), rect.topleft, caption, palette.text_dim)
        rect = pygame.Rect(rect.x, rect.y + round(caption * 1.4), rect.w,
                           rect.h - round(caption * 1.4))
        pygame.draw.rect(surface, palette.background, rect, border_radius=6)
        pygame.draw.line(surface, palette.panel_border, (rect.x, rect.centery),
                         (rect.right, rect.centery))
        positions = max(1, self.total)
        values = [a["values"][0] for a in self.assessments]

        def point(i, v):
            return (rect.x + 4 + (rect.w - 8) * i / positions,
                    rect.centery - (rect.h / 2 - 6) * max(-1.0, min(1.0, v)))
        if len(values) > 1:
            pygame.draw.lines(surface, self.view.seat_colour(0), False,
                              [point(i, v) for i, v in enumerate(values)], 2)
        for i in self.blunder_moves():
            if i + 1 < len(values):
                pygame.draw.circle(surface, palette.highlight_bad,
                                   [round(c) for c in point(i + 1, values[i + 1])], 5)
        cx = round(point(self.index, 0)[0])
        pygame.draw.line(surface, palette.accent, (cx, rect.y + 2), (cx, rect.bottom - 2), 2)
        if self.analysing:
            done = len(self.assessments) / max(1, self.analysis_total)
            bar = pygame.Rect(rect.x, rect.bottom - 6, round(rect.w * done), 6)
            pygame.draw.rect(surface, palette.accent, bar)

    def _paint_verdict(self, surface, rect: pygame.Rect) -> None:
        """What the analysis says of the position shown, and the notice, wrapped into
        the lines `rect` has."""
        palette = self.app.palette
        ts = self.app.text_scale
        size, line_h = round(16 * ts), round(20 * ts)
        lines = [(line, palette.text) for line in wrap_text(self.verdict_line(), size, rect.w)]
        lines += [(line, palette.accent) for line in wrap_text(self.notice, size, rect.w)]
        y = rect.y
        for text, colour in lines[:max(1, rect.h // line_h)]:
            draw_text(surface, fit_text(text, size, rect.w), (rect.x, y), size, colour)
            y += line_h

    def verdict_line(self) -> str:
        """The analysis of the position shown, in words."""
        if self.analysing and self.assessment() is None:
            return f"Analysing… {len(self.assessments)} of {self.analysis_total} positions"
        found = self.assessment()
        if found is None:
            return "Analyse: the computer judges every position." if not self.assessments \
                else ""
        if found.get("verdict"):
            words = {"winnable": "Still winnable", "lost": "Cannot be won any more",
                     "undecided": "The solver could not decide"}[found["verdict"]]
            return words + (f" · next: {found['move']}" if found.get("move") else "")
        if self.state.is_over:
            return "The game is over."
        seats = self.state.spec.seats_for(self.state.options)
        values = found["values"]
        best = max(range(len(values)), key=values.__getitem__)
        exact = found.get("exact")
        horizon = found.get("horizon")
        # A result only when proven; a value that says nothing (Xtic's search found no
        # result) names how far it looked; the rest is the evaluation's judgement.
        if exact:
            judged = f"Proven: {seats[best]} wins" if values[best] >= 0.99 \
                else "Proven: a draw"
        elif horizon is not None:
            judged = f"Undecided within {horizon} moves" if horizon \
                else "Undecided (not searched)"
        elif abs(values[best]) < 0.1 and len(values) == 2:
            judged = "About even (judged, not proven)"
        else:
            judged = f"{seats[best]} ahead ({values[best]:+.2f})"
        move = found.get("move")
        if not move:
            return judged
        return judged + (f" · best: {move}" if exact else f" · computer's choice: {move}")

