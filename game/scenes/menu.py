"""The first screen, the game-select: a card for each game with a live miniature of its
board (game/scenes/miniatures.py), its name and its line; the suspended game's Continue
above them; the games' other entries (the solitaire), Games (the kept records),
Statistics, Settings and Quit below; the title over a band of Truchet tiles that turn
now and then. The arrows move between them as they lie on the screen (a spatial focus
ring).

It also shows the app's notices (`app.messages`: a settings or saved-game file that could
not be used, a file that could not be written …) in a panel at the bottom
(game/scenes/notices.py), the buttons closing up to make room. A notice stays until the
player leaves the menu for another screen (not for the attract demo); notices that arrive
meanwhile show on the return.
"""
from __future__ import annotations

import random

import pygame

import game.rules
from game.services import saves
from game.scenes.base import Scene
from game.ui.theme import CARD_LINE_ROOM, GAME_CARD, button_colours
from game.scenes.miniatures import MOVE_EVERY, Miniature
from game.ui.colours import readable_on
from game.ui.text import draw_text, fit_text, wrap_text
from sprites import truchet_tiles
from game.scenes.notices import (place_notices, notice_line_height, notice_lines,
                                  notice_width, notices_height)

IDLE_SECONDS = 30.0         # left alone this long, the menu starts attract mode's demos
TITLE_BAND = 118            # design pixels: the title over its band of tiles
BAND_TILE = 40              # design pixels: a tile of the band
BAND_VEIL = 200             # how much of the background veils the band (of 255)
BAND_TURN_EVERY = 0.5       # seconds between two tiles turning
MIN_CARD_HEIGHT = 110       # design pixels: cards shrink to this for the notices
CARD_ASPECT = 1.55          # a card's height for its width, when there is room
CARD_LINES = 3              # lines of a card's blurb (its font shrinks to keep to them)
MIN_LINE_SIZE = 12          # pixels
LABEL_MARGIN = 20           # design pixels each side of a label in the bottom row
PUZZLES_BLURB = "Find the move: puzzles from real games of every game, the solitaire " \
    "levels, and your own mistakes"
JOIN_BLURB = "Play a friend on another computer: join a game hosted on this network"


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.suspended = None       # saves.Resumed: the suspended game
        self.miniatures = None      # game name -> Miniature, made once per palette
        self.miniatures_palette = None
        self.card_rects: dict = {}  # game name -> its card's rect
        self.band = TruchetBand()
        self.to_make: list = []     # games whose miniature is still to be made
        self.card_colours: dict = {}
        self.shown = False          # the first frame is on screen
        self.idle = 0.0             # seconds without input (attract mode starts)
        self.notices: list = []     # the notice lines laid out (notice_lines)
        self.notices_for: list = []     # the messages they were laid out for
        self.notices_y = 0
        self.blurb_y = None         # where the blurb goes (None: no room for it)
        self.seen = 0               # notices shown when the player left the menu
        self.notice_panel = None    # the notice panel's rect, as last drawn

    def enter(self) -> None:
        loaded, message = saves.load_resume()
        if message:
            self.app.messages.append(message)
        self.suspended = loaded if loaded and not loaded.state.is_over else None
        super().enter()

    def build(self, size) -> None:
        specs = game.rules.all_specs()
        specs.sort(key=lambda spec: spec.title)
        if self.miniatures is None or self.miniatures_palette != self.app.palette.name:
            self.miniatures = {}            # made one a frame, after the first (update)
            self.to_make = list(specs)
            self.miniatures_palette = self.app.palette.name
        # (A miniature paints itself again when its card's size changes: Miniature.draw.)
        colours = button_colours(self.app.palette)
        self.card_colours = {state: (pygame.Color(colours[f"{state}_bg"]),
                                     pygame.Color(colours[f"{state}_border"]))
                             for state in ("normal", "hovered", "selected")}
        self.ring.spatial = True
        s = self.app.scale
        sw, sh = size
        messages = list(self.app.messages)
        entries = [entry for spec in specs for entry in spec.menu_entries]
        y = round(TITLE_BAND * s)
        continue_rect = None
        if self.suspended:
            continue_rect = pygame.Rect(0, y + round(10 * s),     # room for the focus ring
                                        min(round(560 * s), sw - round(80 * s)),
                                        round(42 * s))
            continue_rect.centerx = sw // 2
            y = continue_rect.bottom + round(14 * s)
        margin, gap = round(32 * s), round(14 * s)
        card_w = (sw - 2 * margin - (len(specs) - 1) * gap) // len(specs)
        row_h = round(44 * s)
        foot = round(44 * s)                    # under the bottom row: the blurb's line
        room = sh - y - round(18 * s) - row_h - foot
        card_h = min(round(card_w * CARD_ASPECT), room)
        y += (room - card_h) // 3               # what is left: mostly below, some above
        while True:             # the cards give up height for the notices, down to a floor
            bottom_y = y + card_h + round(18 * s)
            if self._layout_notices(messages, bottom_y + row_h) or \
                    card_h <= round(MIN_CARD_HEIGHT * s):
                break
            card_h -= round(10 * s)
        if not self.notices:                    # the blurb just under the bottom row
            self.blurb_y = bottom_y + row_h + round(26 * s)
        self.notice_panel = place_notices(self, self.notices, self.notices_y) \
            if self.notices else None
        self.card_rects = {}
        if continue_rect is not None:
            suspended = self.suspended
            label = f"Continue {suspended.state.spec.title} ({suspended.where()})"
            self.button(continue_rect, label, self.continue_game)
        for index, spec in enumerate(specs):
            rect = pygame.Rect(margin + index * (card_w + gap), y, card_w, card_h)
            item = self.button(rect, spec.title, lambda spec=spec: self.choose(spec),
                               object_id=GAME_CARD)
            item.extra["spec"] = spec
            self.card_rects[spec.name] = rect
        bottom = [(entry.label, lambda entry=entry: self.open_entry(entry), entry.blurb)
                  for entry in entries]
        bottom += [("Puzzles", self.open_puzzles, PUZZLES_BLURB),
                   ("Join", self.open_join, JOIN_BLURB),
                   ("Games", self.open_games, None), ("Statistics", self.open_stats, None),
                   ("Settings", self.open_settings, None),
                   ("Quit", self.app.quit, None)]
        row_right = max(card.right for card in self.card_rects.values())   # under the cards
        widths = self._row_widths([label for label, _, _ in bottom],
                                  row_right - margin - (len(bottom) - 1) * gap)
        x = margin
        for (label, action, blurb), width in zip(bottom, widths):
            item = self.button((x, bottom_y, width, row_h), label, action)
            x += width + gap
            if blurb:
                item.extra["blurb"] = blurb

    def _row_widths(self, labels: list[str], room: int) -> list[int]:
        """The bottom row's widths in `room` pixels: equal shares, but a label that needs
        more (with its margins) takes what it needs, and the others share the rest."""
        face = self.ui.get_theme().get_font(["button"])
        margins = 2 * round(LABEL_MARGIN * self.app.scale)
        needs = [face.size(label)[0] + margins for label in labels]
        wide: set = set()               # the labels given their own width
        while True:
            share = (room - sum(needs[i] for i in wide)) // (len(labels) - len(wide))
            more = {i for i, need in enumerate(needs) if need > share} - wide
            if not more:
                return [needs[i] if i in wide else share for i in range(len(labels))]
            wide |= more
            if len(wide) == len(labels):        # no room for every margin: equal shares
                return [room // len(labels)] * len(labels)

    def _layout_notices(self, messages, buttons_bottom: int) -> bool:
        """The notice panel at the foot of the window and the blurb above it; the blurb
        gives way when the notices need its room. True when everything fits in full."""
        s = self.app.scale
        sh = self.app.size[1]
        self.notices_for = messages
        blurb_h = round(30 * s)
        if not messages:
            self.notices = []
            self.blurb_y = sh - round(96 * s)
            return True
        line_h = notice_line_height(self.app)
        bottom = sh - round(10 * s)
        width = notice_width(self.app)
        room = bottom - buttons_bottom - round(12 * s)
        lines = notice_lines(self.app, messages, width)
        fits = notices_height(self.app, lines) + blurb_h <= room
        if fits:
            self.notices = lines
        else:                       # no blurb: every line the room allows
            self.notices = notice_lines(self.app, messages, width,
                                        max(len(messages), (room - round(16 * s)) // line_h))
            while len(self.notices) > 1 and notices_height(self.app, self.notices) > room:
                self.notices = notice_lines(self.app, messages, width, len(self.notices) - 1)
        self.notices_y = bottom - notices_height(self.app, self.notices)
        top = self.notices_y - round(6 * s)
        self.blurb_y = top - blurb_h // 2 if top - blurb_h >= buttons_bottom else None
        return fits

    def _open(self, name: str, *args) -> None:
        """The player leaves the menu for a new scene_class(app, *args): the notices shown
        now are read (any the new scene adds are not)."""
        self.seen = len(self.app.messages)
        self.app.open(name, *args)

    def choose(self, spec) -> None:
        self._open("setup", spec)

    def open_entry(self, entry) -> None:
        """A game's own menu entry (Xoliba: the solitaire puzzles)."""
        self._open(entry.scene)

    def continue_game(self) -> None:
        resumed = self.suspended
        if any(seat.is_remote for seat in resumed.seats):     # over the network again
            self._open("live_continue", resumed)
            return
        self._open("play", resumed.state, resumed.seats, resumed.match)

    def open_join(self) -> None:
        self._open("join")

    def open_puzzles(self) -> None:
        self._open("puzzles")

    def open_games(self) -> None:
        self._open("games")

    def open_stats(self) -> None:
        self._open("stats")

    def open_settings(self) -> None:
        self._open("settings")

    def on_back(self) -> None:
        pass  # the menu is the bottom of the stack: Quit is an explicit button

    # --- attract mode ---------------------------------------------------------------------
    def _forget_seen(self) -> None:
        del self.app.messages[:self.seen]
        self.seen = 0

    def resume(self) -> None:
        self._forget_seen()
        super().resume()
        self.idle = 0.0

    def exit(self) -> None:
        self._forget_seen()         # back to a new menu (app.reset_to): shown already
        super().exit()

    def handle(self, action) -> None:
        self.idle = 0.0
        super().handle(action)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.to_make and self.shown:
            # The start is not held up by the miniatures: one is made each frame.
            spec = self.to_make.pop(0)
            self.miniatures[spec.name] = Miniature(self.app, spec, seed=len(self.miniatures) + 1,
                                                   offset=len(self.miniatures) * MOVE_EVERY / 5)
        if self.app.scene is self:
            for mini in self.miniatures.values():
                mini.update(dt)
        self.band.update(dt, self.app)
        if self.app.messages != self.notices_for and self.app.scene is self:
            self.rebuild()          # a notice came while the menu was shown
        self.idle += dt
        if self.idle >= IDLE_SECONDS and self.app.scene is self:
            self.idle = 0.0
            self.app.open("demo")

    def draw(self, surface) -> None:
        self.draw_background(surface)
        s = self.app.scale
        sw = self.app.size[0]
        palette = self.app.palette
        self.band.draw(surface, self.app, pygame.Rect(0, 0, sw, round(TITLE_BAND * s)))
        self.draw_title(surface, "Little Abstracts", "five little-known abstract games",
                        y=round(48 * s))
        self.draw_cards(surface)
        self.draw_ui(surface)
        self.shown = True
        ts = self.app.text_scale
        line_size = round(15 * ts)
        room = round(CARD_LINE_ROOM * ts) - round(6 * ts)     # under the name, in the card
        focused = self.ring.current.extra.get("spec") if self.ring.current else None
        for name, rect in self.card_rects.items():
            mini = self.miniatures.get(name)
            spec = game.rules.get(name)
            inner = rect.inflate(-round(14 * s), 0)
            below = round(CARD_LINE_ROOM * ts) + round(34 * s)  # the name and the line
            picture = pygame.Rect(inner.x, rect.y + round(8 * s), inner.w,
                                  rect.h - below - round(8 * s))
            if picture.h > round(30 * s) and mini is not None:
                mini.draw(surface, picture)
            size = line_size
            lines = wrap_text(spec.blurb, size, inner.w)
            while (len(lines) > CARD_LINES or len(lines) * round(size * 1.25) > room) \
                    and size > MIN_LINE_SIZE:                 # smaller, never cut
                size -= 1
                lines = wrap_text(spec.blurb, size, inner.w)
            y = rect.bottom - round(CARD_LINE_ROOM * ts) + round(2 * ts)
            colour = palette.text_dim
            if focused is not None and focused.name == name:     # on the focus look's fill
                colour = readable_on(palette.panel_border, palette.text, palette.background)
            for line in lines:
                draw_text(surface, line, (rect.centerx, y), size, colour, anchor="midtop")
                y += round(size * 1.25)
        item = self.ring.current
        blurb = item.extra.get("blurb") if item else None
        if blurb and self.blurb_y is not None:
            size = round(19 * s)
            draw_text(surface, fit_text(blurb, size, sw - round(40 * s)),
                      (sw // 2, self.blurb_y), size, palette.text, anchor="center")


    def draw_cards(self, surface) -> None:
        """The cards' ground, in the buttons' looks: focused, hovered or plain."""
        radius = max(6, round(14 * self.app.scale))
        focus = self.ring.current
        for item in self.ring.items:
            if "spec" not in item.extra:
                continue
            state = "selected" if item is focus else \
                "hovered" if item.element.hovered else "normal"
            fill, border = self.card_colours[state]
            rect = item.element.rect
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            pygame.draw.rect(surface, border, rect, 2, border_radius=radius)

class TruchetBand:
    """The title's backdrop: two rows of Che's tiles, dimmed, one turning every little
    while (still under reduced motion). Painted again only when a tile turns."""

    def __init__(self):
        self.rng = random.Random(7)
        self.orients: dict = {}
        self.clock = 0.0
        self.painted = None         # (key, surface)

    def update(self, dt: float, app) -> None:
        if app.settings.animation_factor <= 0:
            return
        self.clock += dt
        if self.clock >= BAND_TURN_EVERY and self.orients:
            self.clock = 0.0
            cell = self.rng.choice(list(self.orients))
            self.orients[cell] = 1 - self.orients[cell]
            self.painted = None

    def draw(self, surface, app, rect: pygame.Rect) -> None:
        tile = max(16, round(BAND_TILE * app.scale))
        cols, rows = rect.w // tile + 1, rect.h // tile + 1
        key = (rect.size, tile, app.palette.name)
        if self.painted is None or self.painted[0] != key:
            for cell in [(c, r) for r in range(rows) for c in range(cols)]:
                self.orients.setdefault(cell, self.rng.randrange(2))
            band = pygame.Surface(rect.size)
            band.fill(app.palette.background)
            for (c, r), orient in self.orients.items():
                if c < cols and r < rows:
                    band.blit(truchet_tiles.tile_image(tile, (c + r) % 2, orient, app.palette),
                              (c * tile, r * tile))
            veil = pygame.Surface(rect.size)
            veil.fill(app.palette.background)
            veil.set_alpha(BAND_VEIL)
            band.blit(veil, (0, 0))
            self.painted = (key, band.convert() if pygame.display.get_surface() else band)
        surface.blit(self.painted[1], rect)
