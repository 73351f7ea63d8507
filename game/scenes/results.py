"""The end of a game: who won and why, the score, every move; replay or analyse it,
rematch, take back, or back to the menu.

The move list is a pygame-gui text box (monospaced, so its columns line up) shown from
its end: a long game scrolls in it, by the wheel or its bar, LB/RB or Tab/Shift+Tab.
"""
from __future__ import annotations

import html
import textwrap

import pygame
import pygame_gui

from game.ui import input as inp
from game.scenes.base import Scene
from game.ui.text import draw_text, fitting_size, wrap_text
from game.ui.colours import rgb
from game.ui.theme import MOVE_LIST
from game.views.move_rounds import OUT

MIN_MOVES_HEIGHT = 60       # design pixels: less room than this and no move list is shown
SCROLL_ROWS = 3             # rows of the move list scrolled by a notch or a shoulder button


def points_text(value) -> str:
    """A score as the card writes it: whole numbers, and halves (draws) as ½."""
    whole, part = divmod(float(value), 1)
    if part == 0.5:
        return f"{int(whole) or ''}½"
    return f"{value:g}"


class ResultsScene(Scene):
    transparent = True
    held_widgets = ("moves_box",)

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.moves_box = None
        self.headline = play_scene.result_headline()
        reason = play_scene.result_reason()
        self.reason = reason[:1].upper() + reason[1:]
        if not self.reason.endswith("."):
            self.reason += "."

    def enter(self) -> None:
        super().enter()
        self.app.sounds.play(self.play.result_sound())

    def build(self, size) -> None:
        # A card over the side panel, so the final board (and the losing line) stays visible.
        s = self.app.scale
        panel = self.play.panel
        height = round(50 * s)
        gap = round(12 * s)
        width = panel.w - round(40 * s)
        labels = [(label, lambda action=action: self.go_on(action))
                  for label, action in self.play.result_actions()]
        if self.play.state.is_over and self.play.state.can_undo and self.play.allows_take_back:
            labels.append(("Take back", self.take_back))
        labels.append((self.play.exit_name.capitalize(), self.play.exit_to))
        # Rows: Replay and Analyse side by side; the first action; the others in pairs
        # (Take back, Menu). Replay and Analyse are made last: the focus starts on the
        # first action, and Up from it reaches them.
        rows = [labels[:1]] + [labels[i:i + 2] for i in range(1, len(labels), 2)]
        y = panel.bottom - (len(rows) + 1) * (height + gap) - round(10 * s)
        for i, row in enumerate(rows, 1):
            self._button_row(row, y + i * (height + gap), width, height, gap)
        self._button_row([(label, lambda analyse=analyse: self.replay(analyse))
                          for label, analyse in (("Replay", False), ("Analyse", True))],
                         y, width, height, gap)
        # The moves, in the room between the texts and the buttons.
        self.moves_box = None
        ts = self.app.text_scale
        top = self._texts(None) + round(8 * ts) + round(26 * ts)
        bottom = y - round(12 * s)
        if bottom - top > round(MIN_MOVES_HEIGHT * ts):
            card = self.card()
            rect = pygame.Rect(card.x + round(18 * s), top, card.w - round(36 * s),
                               bottom - top)
            self.moves_box = pygame_gui.elements.UITextBox(
                self.moves_html(), rect, manager=self.ui, object_id=MOVE_LIST)
            narrow = self.moves_html(self.line_chars())
            if narrow != self.moves_box.html_text:         # a row too wide for the box
                self.moves_box.set_text(narrow)
            self.scroll_moves(len(self.play.state.history))      # from the end

    def _button_row(self, row, y: int, width: int, height: int, gap: int) -> None:
        x = self.play.panel.x + round(20 * self.app.scale)
        each = (width - (len(row) - 1) * gap) // len(row)
        for column, (label, action) in enumerate(row):
            self.button((x + column * (each + gap), y, each, height), label, action)

    def move_rows(self) -> list:
        state = self.play.state
        texts = self.play.session.per_position.get(state, "moves", state.move_list)
        return self.play.view.move_rows(texts)

    def moves_html(self, line_chars: int | None = None) -> str:
        """Every move, numbered, a row a line, the columns padded to line up (over more
        lines a row wider than `line_chars`); a column per seat in the seat's colour."""
        seats = self.play.view.move_columns()
        palette = self.app.palette
        markup = []
        for pieces in move_lines(self.move_rows(), line_chars):
            line = ""
            for text, column in pieces:
                shown = html.escape(text).replace(" ", "&nbsp;")
                if seats and column is not None and text:
                    colour = palette.text_dim if text == OUT \
                        else self.play.view.seat_colour(seats[column])
                    shown = f"<font color='{rgb(colour)}'>{shown}</font>"
                line += shown
            markup.append(line)
        return "<br>".join(markup) or "(no moves)"

    def line_chars(self) -> int:
        """How many characters of the move list's monospaced font a line of its box holds."""
        box = self.moves_box
        face = self.ui.get_theme().get_font(box.combined_element_ids)
        return box.text_wrap_rect.w // max(1, face.size("0")[0])

    def scroll_moves(self, rows: int) -> None:
        """Scroll the move list by `rows` (down when positive), if it scrolls."""
        bar = self.moves_box.scroll_bar if self.moves_box is not None else None
        if bar is None:
            return
        count = self.moves_box.html_text.count("<br>") + 1      # its lines
        bar.set_scroll_from_start_percentage(bar.start_percentage + rows / count)
        self.moves_box.update(0)

    def handle(self, action) -> None:
        if action.kind in (inp.NEXT_PANEL, inp.PREV_PANEL):
            self.scroll_moves(SCROLL_ROWS if action.kind == inp.NEXT_PANEL else -SCROLL_ROWS)
            return
        if action.kind == inp.SCROLL:
            self.scroll_moves(-action.amount * SCROLL_ROWS)
            return
        super().handle(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        # The final board stays alive under the card (a target match keeps flashing, the
        # confetti falls).
        self.play.update_board(dt)

    def go_on(self, action) -> None:
        self.app.pop()
        action()

    def replay(self, analyse: bool) -> None:
        """The game just finished in the replay viewer (analysing it at once for Analyse);
        Back there returns to this card."""
        self.app.open("replay", self.play.session.record_text(), analyse)

    def take_back(self) -> None:
        self.app.pop()
        self.play.undo()

    def on_back(self) -> None:
        self.play.exit_to()

    def card(self) -> pygame.Rect:
        return self.play.panel.inflate(-round(12 * self.app.scale), -round(12 * self.app.scale))

    def draw(self, surface) -> None:
        s = self.app.scale
        palette = self.app.palette
        card = self.card()
        pygame.draw.rect(surface, palette.panel, card, border_radius=round(14 * s))
        pygame.draw.rect(surface, palette.accent, card, 3, border_radius=round(14 * s))
        y = self._texts(surface)
        if self.moves_box is not None:
            ts = self.app.text_scale
            title = draw_text(surface, f"Moves ({len(self.play.state.history)})",
                              (card.x + round(18 * s), y + round(8 * ts)), round(17 * ts),
                              palette.text, True)
            self._draw_seat_key(surface, title)
        self.draw_ui(surface)

    def _draw_seat_key(self, surface, title: pygame.Rect) -> None:
        """After the title, the seats of the move list's columns, in their order and
        colours (the columns are coloured alike; the order follows the play)."""
        seats = self.play.view.move_columns()
        if not seats:
            return
        ts = self.app.text_scale
        names = self.play.state.spec.seats_for(self.play.state.options)
        x = title.right + round(12 * ts)
        for seat in seats:
            x = draw_text(surface, names[seat], (x, title.bottom), round(15 * ts),
                          self.play.view.seat_colour(seat), True,
                          anchor="bottomleft").right + round(8 * ts)

    def _texts(self, surface) -> int:
        """The headline, the reason and the score, drawn on `surface` (or only measured,
        for None); the y under them."""
        s = self.app.scale
        ts = self.app.text_scale
        palette = self.app.palette
        card = self.card()
        width = card.w - round(36 * s)
        x = card.x + round(18 * s)
        y = card.y + round(40 * s)

        def line(text, pos, size, colour, bold=False, anchor="topleft"):
            if surface is not None:
                draw_text(surface, text, pos, size, colour, bold, anchor=anchor)
        # The headline on one line if a smaller size allows ("Computer (easy) wins"
        # used to break after "Computer"); wrapped whole otherwise.
        size = fitting_size(self.headline, round(34 * s), width, True,
                            smallest=round(24 * s))
        for text in wrap_text(self.headline, size, width, True):
            line(text, (card.centerx, y), size, palette.accent, True, anchor="center")
            y += round(size * 1.3)
        y += round(10 * s)
        for text in wrap_text(self.reason, round(19 * s), width):
            line(text, (x, y), round(19 * s), palette.text)
            y += round(27 * s)
        y += round(10 * s)
        for text in wrap_text(self.score_line(), round(17 * ts), width, True):
            line(text, (x, y), round(17 * ts), palette.accent, True)
            y += round(24 * ts)
        return y

    def score_line(self) -> str:
        """The score of this game (and of the match, when there is one)."""
        session = self.play.session
        state = self.play.state
        match = session.match
        if match is not None:
            scores = " · ".join(f"{seat} {score}" for seat, score
                                in zip(state.spec.seats_for(state.options), match.scores))
            return f"Match: {scores} (to {match.rules.target})"
        outcome = state.outcome
        if outcome is None or len(session.names) < 2:     # a puzzle: its stars say it
            return ""
        games, scores = (1, outcome.scores) if session.series is None \
            else session.series.totals()
        heading = "Score" if games == 1 else f"Score over {games} games"
        return f"{heading}: " + " – ".join(f"{name} {points_text(score)}"
                                           for name, score in zip(session.names, scores))


def move_lines(rows: list, line_chars: int | None) -> list[list]:
    """The move list as lines of monospaced text, each line (text, column) pieces (column
    None for the numbers and the gaps): the rows numbered, the columns padded to line up.
    Columns too wide for `line_chars` together are narrowed, from the last, down to their
    longest word; a move longer than its column goes on over more lines, broken at its
    spaces ("d5-b5 b7,c6")."""
    columns = max((len(row) for row in rows), default=0)
    margin = len(f"{len(rows):>2}. ")

    def longest(column: int, pieces) -> int:
        return max([0] + [len(piece) for row in rows if column < len(row)
                          for piece in pieces(row[column])])
    widths = [longest(column, lambda text: [text]) for column in range(columns)]
    if line_chars is not None:
        least = [longest(column, str.split) for column in range(columns)]
        spare = line_chars - margin - 2 * (columns - 1) - sum(least)
        for column, (full, word) in enumerate(zip(widths, least)):
            widths[column] = word + max(0, min(full - word, spare))
            spare -= widths[column] - word
    lines = []
    for number, row in enumerate(rows, 1):
        cells = [textwrap.wrap(text, max(1, width), break_long_words=False,
                               break_on_hyphens=False) or [""]
                 for text, width in zip(row, widths)]
        for depth in range(max(len(parts) for parts in cells)):
            pieces = [((f"{number:>2}. " if depth == 0 else "").ljust(margin), None)]
            for column, (parts, width) in enumerate(zip(cells, widths)):
                if column:
                    pieces.append(("  ", None))
                pieces.append((parts[depth] if depth < len(parts) else "", column))
                if column < len(cells) - 1:         # the last column needs no padding
                    pieces.append((" " * (width - len(pieces[-1][0])), None))
            while pieces and not pieces[-1][0].strip():
                pieces.pop()
            lines.append(pieces)
    return lines
