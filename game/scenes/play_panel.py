"""The play scene's side panel: title and options, the seats, the status, the notices, the
move list, and the buttons under them (undo, redo, pause; the game's and the view's own).

It only reads the scene and its session. The panel is painted again only when what it
shows changed; otherwise the last painting is blitted (it is opaque; the buttons are
drawn over it afterwards). All of it is painted: the title, the seats (with their dots
and the turn arrow), the running text (the status, the notice, the tutorial's and the
game's lines, the view's info, a computer's failure), each sentence wrapped whole, and
the move list's columns. (The running text was a pygame-gui text box: laying out its
markup again, after every move, took 3-6 ms of the frame.)
"""
from __future__ import annotations

import re

import pygame

from game.ui.text import draw_text, fit_text, font, wrap_text
from game.views.move_rounds import OUT

SEAT_LINES = 2              # a seat's "Blue: Computer (beginner)" may take two lines
STATUS_SIZE, LINE_SIZE, SMALL_SIZE = 17, 16, 15     # the running text's sizes at scale 1
LINE_SPACING = 1.1          # the running text's lines, in the font's line heights

class SidePanel:
    def __init__(self, scene):
        self.scene = scene
        self.undo_button = self.redo_button = self.takeover_button = None
        self.action_buttons: list = []
        self.view_buttons: list = []
        self._painted = None        # (key, surface) of the last painting
        self._ground = None         # (key, surface): the panel's plain colour

    # --- buttons --------------------------------------------------------------------------
    def build_buttons(self) -> None:
        scene = self.scene
        session = scene.session
        s = scene.app.scale
        panel = scene.panel
        bw = (panel.w - round(40 * s)) // 3
        bh = round(44 * s)
        y = panel.h - bh - round(18 * s)
        x0 = panel.x + round(12 * s)
        self.undo_button = scene.button((x0, y, bw - 4, bh), scene.undo_label, scene.undo,
                                        column=0)
        self.redo_button = scene.button((x0 + bw + 4, y, bw - 4, bh), "Redo", scene.redo,
                                        column=1)
        scene.button((x0 + 2 * (bw + 4), y, bw - 4, bh), "Pause", scene.pause, column=2)
        self.takeover_button = None
        if session.ai_error:
            self.takeover_button = scene.button(
                (x0, y - bh - round(12 * s), panel.w - round(24 * s), bh),
                "Take over this seat", scene.take_over, column=0)
        self.action_buttons = []
        actions = scene.game_actions()
        if actions and not session.ai_error:
            self.action_buttons = self._row(actions, y - bh - round(10 * s), bh)
        # The view's own buttons (Xutoli: letters, legend) in a row above the others.
        self.view_buttons = []
        view_actions = scene.view.view_actions()
        if view_actions:
            above = self.action_buttons or [self.takeover_button or self.undo_button]
            self.view_buttons = self._row(view_actions,
                                          above[0].element.rect.y - bh - round(10 * s), bh)

    def _row(self, actions, y: int, height: int) -> list:
        scene = self.scene
        s = scene.app.scale
        x0 = scene.panel.x + round(12 * s)
        width = (scene.panel.w - round(24 * s)) // len(actions)
        return [scene.button((x0 + i * width, y, width - 6, height), label, callback,
                             column=i)
                for i, (label, callback) in enumerate(actions)]

    # --- painting -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        panel = self.scene.panel
        key = self._key()
        if self._painted is not None and self._painted[0] == key \
                and self._painted[1].get_size() == panel.size:
            surface.blit(self._painted[1], panel)
            return
        self._paint(surface)
        self._painted = (key, surface.subsurface(panel).copy())

    def _key(self) -> tuple:
        scene = self.scene
        session = scene.session
        state = session.state
        return (state.position_key(), state.to_play, tuple(session.names),
                scene.status_text(), session.notice, session.save_error, session.ai_error,
                tuple(self.tutorial_lines() + scene.panel_lines()),
                tuple(scene.view.info_lines()),
                scene.panel_title(), tuple(scene.panel_subtitle()), tuple(scene.panel),
                scene.app.palette.name,
                tuple(session.match.scores) if session.match is not None else None,
                len(self.action_buttons), len(self.view_buttons),
                self.takeover_button is not None)

    def _ground_surface(self) -> pygame.Surface:
        """The panel's plain colour as a surface: blitting it is several times faster
        than filling a part of the window (SDL fills part of a row slowly)."""
        app = self.scene.app
        key = (self.scene.panel.size, tuple(app.palette.panel))
        if self._ground is None or self._ground[0] != key:
            ground = pygame.Surface(self.scene.panel.size)
            if pygame.display.get_surface() is not None:
                ground = ground.convert()
            ground.fill(app.palette.panel)
            self._ground = key, ground
        return self._ground[1]

    def _paint(self, surface) -> None:
        scene = self.scene
        session = scene.session
        palette = scene.app.palette
        s = scene.app.text_scale
        panel = scene.panel
        surface.blit(self._ground_surface(), panel)
        pygame.draw.line(surface, palette.panel_border, panel.topleft, panel.bottomleft, 2)
        x = panel.x + round(18 * s)
        width = panel.w - round(36 * s)
        y = round(16 * s)

        def lines(texts, size, colour, bold=False, gap=None):
            """Each text wrapped whole: a sentence is never cut short."""
            nonlocal y
            for text, own_colour in texts:
                for line in wrap_text(text, round(size * s), width, bold):
                    draw_text(surface, line, (x, y), round(size * s), own_colour or colour,
                              bold)
                    y += round((gap or size + 5) * s)

        draw_text(surface, fit_text(scene.panel_title(), round(30 * s), width, True), (x, y),
                  round(30 * s), palette.accent, True)
        y += round(40 * s)
        lines([(text, None) for text in scene.panel_subtitle()], 15, palette.text_dim)
        lines(scene.panel_heading(), 17, palette.accent)
        y += round(10 * s)
        y = self._paint_seats(surface, x, y, width)
        y = self._paint_running_text(surface, x, y, width)
        y += round(10 * s)
        self._paint_moves(surface, x, y, width)
        if session.save_error:
            draw_text(surface, session.save_error[:60],
                      (x, self.undo_button.element.rect.y - round(26 * s)), round(13 * s),
                      palette.highlight_bad)

    def running_text(self) -> list:
        """The panel's running text: (text, size at scale 1, colour) a paragraph."""
        scene = self.scene
        session = scene.session
        palette = scene.app.palette
        texts = [(scene.status_text(), STATUS_SIZE, palette.accent)]
        if session.notice:
            texts.append((session.notice, SMALL_SIZE, palette.text))
        texts += [(text, LINE_SIZE, colour or palette.text)
                  for text, colour in self.tutorial_lines() + scene.panel_lines()]
        texts += [(text, SMALL_SIZE, colour or palette.text_dim)
                  for text, colour in scene.view.info_lines()]
        if session.ai_error:
            texts.append((f"The computer failed: {session.ai_error}. Press Enter / A, or the "
                          f"button, to play its seat yourself.", SMALL_SIZE,
                          palette.highlight_bad))
        return texts

    def _paint_running_text(self, surface, x: int, y: int, width: int) -> int:
        """The running text from (x, y), `width` wide, a paragraph a text; the y under it."""
        s = self.scene.app.text_scale
        for text, size, colour in self.running_text():
            pixels = round(size * s)
            step = round(font(pixels).get_linesize() * LINE_SPACING)
            for line in wrap_text(text, pixels, width):
                draw_text(surface, line, (x, y), pixels, colour)
                y += step
        return y

    def tutorial_lines(self) -> list:
        """In a tutorial, its line for the player's move, a sentence an entry."""
        session = self.scene.session
        lines = session.config.tutorial
        if not lines:
            return []
        palette = self.scene.app.palette
        number = min(session.tutorial_step(), len(lines) - 1)
        return [(f"Tutorial, step {number + 1} of {len(lines)}", palette.accent)] + \
            [(sentence, palette.text) for sentence in re.split(r"(?<=[.!?])\s+", lines[number])]

    def _paint_seats(self, surface, x: int, y: int, width: int) -> int:
        scene = self.scene
        session = scene.session
        palette = scene.app.palette
        s = scene.app.text_scale
        panel = scene.panel
        match_scores = session.match.scores if session.match is not None else None
        for seat, name in enumerate(session.names):
            turn = seat == session.state.to_play
            pygame.draw.circle(surface, scene.view.seat_colour(seat),
                               (x + round(8 * s), y + round(12 * s)), round(7 * s))
            # Up to the turn arrow (panel.right - 30 px), which must not cover the name.
            label_width = min(width - round(24 * s),
                              panel.right - round(36 * s) - (x + round(24 * s)))
            if match_scores is not None:
                draw_text(surface, str(match_scores[seat]), (panel.right - round(40 * s), y),
                          round(18 * s), palette.text, True, anchor="topright")
                label_width -= round(56 * s)
            label = f"{session.state.spec.seats[seat]}: {name}"
            if turn:
                tip = (panel.right - round(30 * s), y + round(12 * s))
                pygame.draw.polygon(surface, palette.accent, [
                    tip, (tip[0] + round(12 * s), tip[1] - round(8 * s)),
                    (tip[0] + round(12 * s), tip[1] + round(8 * s))])
            # A long name goes on over a second line rather than being cut short.
            wrapped = wrap_text(label, round(18 * s), label_width, turn)
            if len(wrapped) > SEAT_LINES:
                rest = " ".join(wrapped[SEAT_LINES - 1:])
                wrapped = wrapped[:SEAT_LINES - 1] + [fit_text(rest, round(18 * s),
                                                               label_width, turn)]
            for line in wrapped:
                draw_text(surface, line, (x + round(24 * s), y), round(18 * s),
                          palette.text if turn else palette.text_dim, turn)
                y += round(24 * s)
            y += round(4 * s)
        y += round(8 * s)
        if session.match is not None:
            draw_text(surface, "match points", (panel.right - round(40 * s), y - round(4 * s)),
                      round(13 * s), palette.text_dim, anchor="topright")
            y += round(16 * s)
        return y

    def _paint_moves(self, surface, x: int, y: int, width: int) -> None:
        """The title "Moves" at `y` and the move list under it, down to the buttons."""
        s = self.scene.app.text_scale
        above = self.view_buttons or ([self.takeover_button] if self.takeover_button
                                      else self.action_buttons)
        bottom = above[0].element.rect.y - round(10 * s) if above \
            else self.undo_button.element.rect.y - round(34 * s)
        self.draw_move_rows(surface, x, y, width, bottom)

    def draw_move_rows(self, surface, x: int, y: int, width: int, bottom: int) -> None:
        """The title "Moves" at `y`, the seats heading the columns on its line (when the
        view lists a round a row), then the last rows that fit above `bottom`, numbered
        (the results card lists them all, in its own text box). A move too wide for its
        column goes on over a second line."""
        scene = self.scene
        palette = scene.app.palette
        s = scene.app.text_scale
        size = round(16 * s)
        line_h = round(21 * s)
        state = scene.state
        texts = scene.session.per_position.get(state, "moves", state.move_list)
        rows = scene.view.move_rows(texts)
        seats = scene.view.move_columns()
        title = draw_text(surface, "Moves", (x, y), round(17 * s), palette.text, True)
        left = x + max(round(44 * s), title.w + round(12 * s))     # the numbers' column
        columns = len(seats) if seats else max((len(row) for row in rows), default=2)
        column_w = (x + width - left) // max(1, columns)
        if seats:
            names = state.spec.seats_for(state.options)
            head = round(15 * s)
            for column, seat in enumerate(seats):
                draw_text(surface, fit_text(names[seat], head, column_w - round(4 * s)),
                          (left + column * column_w, y + round(2 * s)), head,
                          scene.view.seat_colour(seat), True)
        y += round(26 * s)
        cells = [[wrap_text(text, size, column_w - round(6 * s)) for text in row]
                 for row in rows]
        first, room = len(rows), bottom - y
        while first > 0:                # the last rows that fit, one at least
            height = line_h * max((len(lines) for lines in cells[first - 1]), default=1)
            if room < height and first < len(rows):
                break
            room -= height
            first -= 1
        for number, row in enumerate(cells[first:], first + 1):
            draw_text(surface, f"{number:>2}.", (x, y), size, palette.text_dim)
            for column, (text, lines) in enumerate(zip(rows[number - 1], row)):
                colour = palette.text_dim if text == OUT else \
                    scene.view.seat_colour(seats[column]) if seats else palette.text
                for depth, line in enumerate(lines if text else []):
                    draw_text(surface, line, (left + column * column_w, y + depth * line_h),
                              size, colour)
            y += line_h * max((len(lines) for lines in row), default=1)
