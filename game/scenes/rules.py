"""A game's rules, paged: a few short titled sections, each with a diagram drawn by the
game's own painters (the pages are in game/rule_pages.py). A page's text is painted once
and shown in a pygame-gui scrolling container (game/scenes/scrolled.py): the mouse can
drag its bar too.

Turning pages, with any one device:
- keys: Left/Right, Tab/Shift+Tab; Up/Down read on (they scroll a page whose text does
  not fit, then turn it); Enter presses the focused button;
- gamepad: the d-pad or the left stick Left/Right, RB/LB; A presses the focused button;
- mouse: the "‹ Previous" / "Next ›" buttons, a page's dot, the wheel.
Paging stops at the first and the last page (no wrap-around: the dots show where you
are). Reading on with A / Enter walks through the pages: on the last page "Next ›" is
off and the focus rests on "Back". Esc, B, right click or "Back" return to the scene
below (the setup screen or the pause menu).
"""
from __future__ import annotations

import pygame

from game.ui import input as inp
from game.rule_pages import pages
from game.scenes.base import Scene
from game.scenes.scrolled import ScrolledPicture
from game.ui.text import draw_text, fit_text, font, wrap_text

MAX_TEXT = 20           # body text size at the 1280x720 design scale
MIN_TEXT = 12           # never smaller than this many pixels; a scroll takes over then
START_TEXT = 16         # small windows try this size first, and shrink only if needed


class RulesScene(Scene):
    held_widgets = ("text_page",)

    def __init__(self, app, spec, page: int = 0):
        super().__init__(app)
        self.spec = spec
        self.pages = pages(spec)
        self.page = max(0, min(page, len(self.pages) - 1))
        self.line = 0                   # lines scrolled within a page that does not fit
        self.dot_rects: list[pygame.Rect] = []
        self.previous_button = self.next_button = self.back_button = None
        self.text_page = None               # the page's text in a scrolling container
        self.ring.focus = 1                 # "Next ›" (kept by rebuild): A / Enter reads on
        self._painted: set = set()          # pages drawn at least once (_paint_ahead)
        self._painted_for = None            # at this window size and palette

    # --- the reading position ---------------------------------------------------------------
    @property
    def page_count(self) -> int:
        return len(self.pages)

    @property
    def scroll(self) -> int:
        """How far the reader is from the very start, in Down steps (each page counts one
        step, plus its lines scrolled): 0 on the first page, unscrolled."""
        return sum(self.max_line(i) + 1 for i in range(self.page)) + self.line

    def turn_to(self, page: int, line: int = 0) -> bool:
        """Show `page` (clamped to the pages there are); True when it changed."""
        page = max(0, min(page, self.page_count - 1))
        if page == self.page:
            return False
        self.page, self.line = page, max(0, min(line, self.max_line(page)))
        self.app.sounds.play("menu_move")
        self._refresh_buttons()
        self._show_text()
        return True

    def next_page(self) -> None:
        if not self.turn_to(self.page + 1):
            self.app.sounds.play("illegal")

    def previous_page(self) -> None:
        if not self.turn_to(self.page - 1):
            self.app.sounds.play("illegal")

    def read_on(self, delta: int) -> None:
        """Down (+1) / Up (-1), the wheel: scroll the page's text, then turn the page."""
        limit = self.max_line(self.page)
        if 0 <= self.line + delta <= limit:
            self.line += delta
            self.text_page.scroll_to(self.line)
        elif delta > 0:
            self.turn_to(self.page + 1)
        else:
            self.turn_to(self.page - 1, line=self.max_line(self.page - 1))

    # --- layout ----------------------------------------------------------------------------
    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The heading, text and diagram rectangles for the current window."""
        s = self.app.scale
        sw, sh = self.app.size
        margin = round(36 * s)
        top = round(92 * s)
        bottom = sh - round(96 * s)
        text_w = round(sw * 0.43)
        heading = pygame.Rect(margin, top, text_w, round(40 * s))
        text = pygame.Rect(margin, heading.bottom + round(8 * s), text_w,
                           bottom - heading.bottom - round(8 * s))
        art_x = text.right + round(34 * s)
        diagram = pygame.Rect(art_x, top, sw - art_x - margin, bottom - top)
        return heading, text, diagram

    def text_layout(self, index: int | None = None) -> tuple[int, list[str], int, int]:
        """(size, lines, line height, visible lines) for a page's text: the largest size
        from MAX_TEXT (scaled) down to MIN_TEXT at which it fits, else MIN_TEXT."""
        index = self.page if index is None else index
        _, box, _ = self.areas()
        text = self.pages[index].text
        size = max(START_TEXT, round(MAX_TEXT * self.app.scale))
        while True:
            lines = wrap_text(text, size, box.w - font(size).size("•  ")[0])
            line_height = round(size * 1.42)
            blank = round(size * 0.6)           # a blank line is a short paragraph gap
            height = sum(blank if not line else line_height for line in lines)
            if height <= box.h or size <= MIN_TEXT:
                visible = max(1, box.h // line_height)
                return size, lines, line_height, visible if height > box.h else len(lines)
            size -= 1

    def diagram_rect(self) -> pygame.Rect:
        """Where a page draws its diagram (inside its panel)."""
        return self.areas()[2].inflate(-round(16 * self.app.scale), -round(16 * self.app.scale))

    def text_fits(self, index: int | None = None) -> bool:
        return self.max_line(index) == 0

    def max_line(self, index: int | None = None) -> int:
        _, lines, _, visible = self.text_layout(index)
        return max(0, len(lines) - visible)

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        margin = round(36 * s)
        h = round(48 * s)
        y = sh - round(70 * s)
        back_w, nav_w, gap = round(150 * s), round(170 * s), round(14 * s)
        self.previous_button = self.button((margin, y, nav_w, h), "‹ Previous",
                                           self.previous_page)
        self.next_button = self.button((sw - margin - back_w - gap - nav_w, y, nav_w, h),
                                       "Next ›", self.next_page)
        self.back_button = self.button((sw - margin - back_w, y, back_w, h), "Back",
                                       self.app.pop)
        self._refresh_buttons()
        self.text_page = None
        self._show_text()

    def _show_text(self) -> None:
        """The page's text, painted, in a scrolling container over the text's area, shown
        from the line read up to. (A bullet's wrapped lines are indented under its text;
        a blank line is a short paragraph gap.)"""
        if self.text_page is not None:
            self.text_page.container.kill()
        _, box, _ = self.areas()
        size, lines, line_height, _ = self.text_layout()
        indent = font(size).size("•  ")[0]
        tops, y, in_bullet = [], 0, False
        for line in lines:
            tops.append(y)
            y += line_height if line else round(size * 0.6)
        tops.append(y)
        painted = pygame.Surface((box.w, max(1, y)), pygame.SRCALPHA)
        for line, top in zip(lines, tops):
            in_bullet = line.startswith("•") or (in_bullet and bool(line))
            shift = indent if in_bullet and not line.startswith("•") else 0
            if line:
                draw_text(painted, line, (shift, top), size, self.app.palette.text)
        self.text_page = ScrolledPicture(self.ui, box, painted, tops, self.app.scale)
        self.line = min(self.line, self.max_line())
        self.text_page.scroll_to(self.line)

    def _refresh_buttons(self) -> None:
        if self.next_button is None:
            return
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < self.page_count - 1
        for item in (self.previous_button, self.next_button):
            item.refresh()
        if not self.ring.current.enabled:
            # The last page: A / Enter now goes back; the first: it reads on.
            self.ring.focus_item(self.next_button if self.next_button.enabled
                                 else self.back_button)
        self.ring._sync()

    # --- input -----------------------------------------------------------------------------
    def handle(self, action) -> None:
        kind = action.kind
        if kind in (inp.RIGHT, inp.NEXT_PANEL):
            self.next_page()
            return
        if kind in (inp.LEFT, inp.PREV_PANEL):
            self.previous_page()
            return
        if kind in (inp.UP, inp.DOWN):
            self.read_on(1 if kind == inp.DOWN else -1)
            return
        if kind == inp.SCROLL:
            if action.amount:
                self.read_on(-1 if action.amount > 0 else 1)
            return
        if kind == inp.POINTER_CLICK:
            for index, dot in enumerate(self.dot_rects):
                if dot.collidepoint(action.pos):
                    self.turn_to(index)
                    return
        super().handle(action)

    # --- drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        dragged = self.text_page.dragged_row() if self.text_page is not None else None
        if dragged is not None:             # the mouse drags the bar
            self.line = min(self.max_line(), dragged)
        self._paint_ahead()

    def _paint_ahead(self) -> None:
        """Draw one page not yet seen off screen, a page a frame, the next and previous
        first: what it paints is then cached before it is turned to (a page's first view
        took up to 45 ms)."""
        key = (self.app.size, self.app.palette.name)
        if self._painted_for != key:
            self._painted_for, self._painted = key, set()
        order = [self.page + 1, self.page - 1] + list(range(len(self.pages)))
        index = next((i for i in order if 0 <= i < len(self.pages) and i not in self._painted),
                     None)
        if index is None:
            return
        self._painted.add(index)
        self.text_layout(index)
        scratch = pygame.Surface(self.app.size)
        self.pages[index].draw(scratch, self.diagram_rect(), self.app.palette)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        s = self.app.scale
        sw, sh = self.app.size
        palette = self.app.palette
        draw_text(surface, f"{self.spec.title}: rules", (sw // 2, round(44 * s)),
                  round(46 * s), palette.accent, True, anchor="center")
        heading, box, art = self.areas()
        page = self.pages[self.page]
        title_size = round(28 * s)
        draw_text(surface, fit_text(page.title, title_size, heading.w, True),
                  heading.topleft, title_size, palette.text, True)
        pygame.draw.line(surface, palette.panel_border,
                         (heading.x, heading.bottom - round(2 * s)),
                         (heading.right, heading.bottom - round(2 * s)), 2)
        self._draw_scroll_note(surface, box)
        panel = art.inflate(round(12 * s), round(12 * s))
        pygame.draw.rect(surface, palette.panel, panel, border_radius=round(14 * s))
        pygame.draw.rect(surface, palette.panel_border, panel, 2, border_radius=round(14 * s))
        page.draw(surface, self.diagram_rect(), palette)
        self._painted.add(self.page)
        self._draw_indicator(surface)
        self.draw_ui(surface)

    def _draw_scroll_note(self, surface, box: pygame.Rect) -> None:
        """Under a page whose text scrolls: which lines show, and how to scroll."""
        _, lines, _, visible = self.text_layout()
        if len(lines) > visible:
            s = self.app.scale
            note = (f"Up/Down or the wheel scroll (lines {self.line + 1}–"
                    f"{min(len(lines), self.line + visible)} of {len(lines)})")
            draw_text(surface, fit_text(note, round(14 * s), box.w), (box.x, box.bottom + 2),
                      max(MIN_TEXT - 1, round(14 * s)), self.app.palette.text_dim)

    def _draw_indicator(self, surface) -> None:
        """The page dots (each clickable) and "Page n of m", between the buttons."""
        s = self.app.scale
        palette = self.app.palette
        left = self.previous_button.element.rect.right
        right = self.next_button.element.rect.left
        centre_x = (left + right) // 2
        bar = self.next_button.element.rect
        radius = max(5, round(8 * s))
        pitch = max(3 * radius, round(30 * s))
        count = self.page_count
        x0 = centre_x - (count - 1) * pitch // 2
        dot_y = bar.y + round(14 * s)
        self.dot_rects = []
        for index in range(count):
            centre = (x0 + index * pitch, dot_y)
            hit = pygame.Rect(0, 0, pitch, pitch).move(centre[0] - pitch // 2,
                                                       centre[1] - pitch // 2)
            self.dot_rects.append(hit)
            if index == self.page:
                pygame.draw.circle(surface, palette.accent, centre, radius + 2)
            else:
                pygame.draw.circle(surface, palette.panel_border, centre, radius)
                pygame.draw.circle(surface, palette.text_dim, centre, radius, 2)
        label = f"Page {self.page + 1} of {count}  ·  Left / Right or LB / RB turn pages"
        size = max(MIN_TEXT - 1, round(15 * s))
        draw_text(surface, fit_text(label, size, right - left - round(16 * s)),
                  (centre_x, bar.bottom + round(2 * s)), size, palette.text_dim,
                  anchor="midbottom")
