"""The Xutoli board: the Che layout view (camera, tiles, ghost, regions) plus patterns.

- Letters (L, the left stick's press inside the legend, or the panel's "Letters"
  button): every complete 2x2 block is labelled at its centre with its letter, on a disc
  of the letter's colour.
- Legend (G, the left stick press, or the "Patterns" button): the twelve patterns,
  painted by the tile painter, on a card over the board; any back or the same button
  closes it, confirm switches the letters.
- Single target: a card in the board's corner shows each player's target; a pattern on
  the layout that matches a target flashes in that player's colour.
- At the end the winning pair is outlined, the path joining them drawn along the bands
  and their region tinted (Single target: the matching pattern).
"""
from __future__ import annotations

import math

import pygame

from game.ui import input as inp
from game.games.xutoli import rules
from game.ui.text import draw_text, fit_text, render_text
from game.ui.marks import draw_caption
from game.views.base import USED, BoardView, Handled
from game.games.truchet.view import TruchetView
from sprites import truchet_tiles as art

FLASH_SPEED = 6.0           # radians per second of a matching pattern's pulse


def draw_letter_tiles(surface, topleft, size: int, letter: str, colour: int, palette) -> None:
    """The 2x2 pattern `letter` in `colour`, each tile `size` pixels, by the tile painter."""
    x0, y0 = topleft
    for dx, dy, tile_colour, orient in rules.letter_tiles(letter, colour):
        art.draw_tile(surface, (x0 + dx * size, y0 + dy * size), size, tile_colour, orient,
                      palette)


class XutoliView(TruchetView):
    colour_names = rules.SEATS
    region_sizes = False                # a region's size decides nothing in Xutoli
    region_alpha = 90                   # light: the patterns inside stay readable

    def __init__(self, context, state, names):
        super().__init__(context, state, names)
        self.show_letters = False
        self.show_legend = False

    # --- input ---------------------------------------------------------------------------
    def handle(self, action) -> Handled:
        kind = action.kind
        if kind == inp.LEGEND:
            self.toggle_legend()
            return USED
        if kind == inp.LABELS:
            self.toggle_letters()
            return USED
        if self.show_legend:
            # The card is modal: back (or a click anywhere) closes it, confirm switches
            # the letters; the board waits underneath.
            if kind in (inp.BACK, inp.POINTER_BACK) or (kind == inp.POINTER_CLICK):
                self.toggle_legend()
            elif kind == inp.CONFIRM:
                self.toggle_letters()
            return USED
        return super().handle(action)

    def toggle_legend(self) -> None:
        self.show_legend = not self.show_legend
        self.context.sounds.play("menu_move")

    def toggle_letters(self) -> None:
        self.show_letters = not self.show_letters
        self.context.sounds.play("menu_move")

    def view_actions(self) -> list:
        """(label, callback) of the view's own buttons, beside the game's."""
        return [("Letters", self.toggle_letters), ("Patterns", self.toggle_legend)]

    # --- text ----------------------------------------------------------------------------
    def game_lines(self) -> list:
        state = self.state
        lines = []
        if state.targets is not None:
            for seat in (0, 1):
                lines.append((f"{rules.SEATS[seat]}'s target: {state.target_text(seat)}",
                              None))
        elif state.size > 2:
            lines.append((f"Super Xutoli: pairs of {state.size}x{state.size} blocks, "
                          f"any rotation", None))
        elif state.rotation != "same":
            lines.append(("Pairs may lie in any rotation"
                          + (" (an aligned pair wins a tie)"
                             if state.rotation == "prefer_same" else ""), None))
        # Two short lines: "legend: G / L3" used to break between its key names.
        lines.append((f"Letters on the board: {'on' if self.show_letters else 'off'} (L)",
                      None))
        lines.append(("The twelve patterns: G, or press the left stick", None))
        return lines

    def move_rows(self, texts: list) -> list:
        """White's and Blue's tiles side by side (a column per seat, as BoardView lists
        them); with Progressive, a row per turn, as Che's."""
        if self.state.progressive:
            return super().move_rows(texts)
        return BoardView.move_rows(self, texts)

    def move_columns(self) -> list | None:
        if self.state.progressive:
            return super().move_columns()
        return BoardView.move_columns(self)

    def placed_sound(self, closed_before: int) -> str:
        """The sound of a tile just placed: "pattern" when the turn made the winning
        formation (a pair of patterns, or a target matched; a game in play has none)."""
        return "pattern" if self.state.winning_formation is not None else "place"

    # --- the end -------------------------------------------------------------------------
    def final_regions(self) -> list:
        formation = self.state.winning_formation
        if formation is None or not formation.region:
            return []
        vertex = next(iter(formation.region))
        root = self.state.layout.region_root(*vertex)
        region = next((r for r in self._regions() if r.root == root), None)
        return [(region, True)] if region is not None else []

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        previous_clip = surface.get_clip()
        surface.set_clip(self.rect)
        size = max(2, round(self.cell))
        if self.show_letters:
            self._draw_letters(surface, size)
        self._draw_target_matches(surface, size)
        formation = self.state.winning_formation
        if formation is not None and formation.second is not None:
            self._draw_formation(surface, formation, size)   # (a target match flashes)
        if self.state.targets is not None:
            self._draw_target_card(surface)
        if self.show_legend:
            self._draw_legend(surface)
        surface.set_clip(previous_clip)

    def _draw_letters(self, surface, size: int) -> None:
        palette = self.context.palette
        radius = max(5, round(size * 0.24))
        text_size = max(10, round(size * 0.34))
        for pattern in self.per_position.get(self.state, "patterns", self.state.patterns):
            centre = self.to_screen(pattern.x + 1, pattern.y + 1)
            if not self.rect.inflate(size, size).collidepoint(centre):
                continue
            fill = palette.tiles[pattern.colour]
            ink = palette.tiles[1 - pattern.colour]
            centre = (round(centre[0]), round(centre[1]))
            pygame.draw.circle(surface, fill, centre, radius)
            pygame.draw.circle(surface, ink, centre, radius, max(1, radius // 5))
            image = render_text(pattern.letter, text_size, ink, True)
            surface.blit(image, image.get_rect(center=centre))

    def _block_rect(self, pattern) -> pygame.Rect:
        return self.cell_rect(pattern.x, pattern.y).union(
            self.cell_rect(pattern.x + pattern.size - 1, pattern.y + pattern.size - 1))

    def _draw_target_matches(self, surface, size: int) -> None:
        """Patterns that match a target flash in that player's colour."""
        state = self.state
        if state.targets is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * FLASH_SPEED)
        width = max(2, round(size / 12 + pulse * size / 10))
        for seat in (0, 1):
            matches = self.per_position.get(state, f"matches {seat}",
                                            lambda seat=seat: state.formations(seat))
            for formation in matches:
                rect = self._block_rect(formation.first).inflate(width, width)
                pygame.draw.rect(surface, self._outline_colour(seat), rect, width,
                                 border_radius=max(3, size // 6))

    def _outline_colour(self, seat: int):
        """A seat's colour for outlines: the highlight for White (white outlines vanish on
        white tiles), the seat's blue otherwise."""
        palette = self.context.palette
        return palette.highlight_good if seat == 0 else palette.cursor

    def _draw_formation(self, surface, formation, size: int) -> None:
        palette = self.context.palette
        colour = palette.highlight_good
        width = max(3, round(size / 9))
        # The path in the accent colour over a dark edge: it must stand out of the tinted
        # region it runs through.
        points = [self.to_screen(x, y) for x, y in formation.path]
        if len(points) > 1:
            pygame.draw.lines(surface, palette.panel, False, points, width + 4)
            pygame.draw.lines(surface, palette.accent, False, points, width)
        for point in points[:1] + points[-1:]:
            pygame.draw.circle(surface, palette.panel, point, width + 4)
            pygame.draw.circle(surface, palette.accent, point, width + 2)
        for pattern in (formation.first, formation.second):
            rect = self._block_rect(pattern).inflate(width, width)
            pygame.draw.rect(surface, palette.panel, rect.inflate(4, 4), width + 4,
                             border_radius=max(3, size // 6))
            pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, size // 6))

    def _draw_target_card(self, surface) -> None:
        """Each player's target, painted, in the board's top left corner."""
        palette = self.context.palette
        s = self.context.scale
        tile = round(18 * s)
        text_size = round(15 * s)
        pad = round(8 * s)
        row_h = 2 * tile + pad
        card = pygame.Rect(self.rect.x + pad, self.rect.y + pad, round(250 * s),
                           2 * row_h + pad)
        pygame.draw.rect(surface, palette.panel, card, border_radius=round(8 * s))
        pygame.draw.rect(surface, palette.panel_border, card, 2, border_radius=round(8 * s))
        for seat in (0, 1):
            code = self.state.targets[seat]
            y = card.y + pad + seat * row_h
            letter = code[-1]
            # A letter in either colour is shown in the seat's own colour.
            colour = rules.LETTERS.index(code[0]) if len(code) == 2 else seat
            draw_letter_tiles(surface, (card.x + pad, y), tile, letter, colour, palette)
            label = f"{rules.SEATS[seat]}: {self.state.target_text(seat)}"
            if len(code) == 1:
                label += " (either colour)"
            draw_text(surface, fit_text(label, text_size, card.w - 3 * pad - 2 * tile),
                      (card.x + 2 * pad + 2 * tile, y + tile - text_size // 2 - 2), text_size,
                      palette.text)

    def _draw_legend(self, surface) -> None:
        """The twelve patterns with their letters, over the board."""
        palette = self.context.palette
        s = self.context.scale
        self.context.draw_shade(surface, 170, self.rect)
        columns, rows = 6, 2
        tile = max(10, min(round(38 * s), (self.rect.w - round(80 * s)) // (columns * 3)))
        cell_w, cell_h = 3 * tile, 2 * tile + round(48 * s)
        card = pygame.Rect(0, 0, columns * cell_w + round(40 * s),
                           rows * cell_h + round(96 * s))
        card.center = self.rect.center
        pygame.draw.rect(surface, palette.panel, card, border_radius=round(12 * s))
        pygame.draw.rect(surface, palette.accent, card, 2, border_radius=round(12 * s))
        draw_text(surface, "The twelve patterns", (card.centerx, card.y + round(14 * s)),
                  round(24 * s), palette.accent, True, anchor="midtop")
        top = card.y + round(54 * s)
        for index, (letter, colour) in enumerate(rules.LEGEND):
            column, row = index % columns, index // columns
            x = card.x + round(20 * s) + column * cell_w + (cell_w - 2 * tile) // 2
            y = top + row * cell_h
            draw_letter_tiles(surface, (x, y), tile, letter, colour, palette)
            name = f"{rules.COLOUR_WORDS[colour]} {letter}"
            draw_text(surface, name, (x + tile, y + 2 * tile + round(6 * s)), round(16 * s),
                      palette.text, True, anchor="midtop")
        hint = (f"Letters on the board: {'on' if self.show_letters else 'off'} "
                f"(Enter / A / L switches) · G, Esc, B or a click closes")
        draw_text(surface, fit_text(hint, round(15 * s), card.w - round(24 * s)),
                  (card.centerx, card.bottom - round(30 * s)), round(15 * s),
                  palette.text_dim, anchor="midtop")


def illustrate(surface, rect, palette) -> None:
    """The rules screen's picture: the twelve patterns, white then blue, in two rows of
    six or four rows of three, whichever shows them larger."""
    rect = pygame.Rect(rect)

    def row_height(tile):
        return 2 * tile + max(11, min(20, tile // 2 + 2)) + max(8, tile // 2)

    best = None
    for columns in (6, 3):
        rows = 12 // columns
        tile = rect.w // (3 * columns + 1)
        while tile > 6 and rows * row_height(tile) > rect.h:
            tile -= 1
        if best is None or tile > best[1]:
            best = columns, tile
    columns, tile = best
    rows = 12 // columns
    text_size = max(11, min(20, tile // 2 + 2))
    row_h = row_height(tile)
    width = columns * 3 * tile
    x0 = rect.centerx - width // 2 + tile // 2
    y0 = rect.centery - (rows * row_h) // 2
    for index, (letter, colour) in enumerate(rules.LEGEND):
        x = x0 + (index % columns) * 3 * tile
        y = y0 + (index // columns) * row_h
        draw_letter_tiles(surface, (x, y), tile, letter, colour, palette)
        draw_text(surface, f"{rules.COLOUR_WORDS[colour]} {letter}",
                  (x + tile, y + 2 * tile + 2), text_size, palette.text, anchor="midtop")


# --- the rules pages (game/rule_pages.py) ------------------------------------------------
# A winning pair for White: two white X's (blocks at cells 0,0 and 4,0) on one white path
# that runs below the blue block between them; the last of these tiles wins the game.
# tests/test_rules_pages.py replays it.
PAIR_LAYOUT = {(0, 0): 0, (1, 0): 0, (0, 1): 0, (1, 1): 0,
               (2, 0): 1, (3, 0): 1, (2, 1): 1, (3, 1): 1,
               (4, 0): 0, (5, 0): 0, (4, 1): 0, (5, 1): 0,
               (0, 2): 1, (1, 2): 0, (2, 2): 0, (3, 2): 0}
PAIR_BLOCKS = ((0, 0), (4, 0))
PAIR_PATH = ((1, 1), (2, 2), (3, 3), (4, 2), (5, 1))     # vertices along the white bands


def _rotated(tiles) -> list:
    """A 2x2 pattern's tiles turned a quarter clockwise (the band's diagonal flips)."""
    return [(1 - dy, dx, colour, 1 - orient) for dx, dy, colour, orient in tiles]


def _draw_tiles(surface, topleft, size, tiles, palette) -> None:
    x0, y0 = topleft
    for dx, dy, colour, orient in tiles:
        art.draw_tile(surface, (x0 + dx * size, y0 + dy * size), size, colour, orient, palette)


def illustrate_pair(surface, rect, palette) -> None:
    """Two white X's, sharing no tile, on one white path: White wins."""
    from game.games.truchet.view import draw_layout
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 24))
    size = max(12, min(rect.w // 6, (rect.h - 4 * text) // 3))
    origin = (rect.centerx - 3 * size, rect.y + (rect.h - 3 * size - 3 * text) // 2)
    draw_layout(surface, origin, size, PAIR_LAYOUT, palette)
    path = [(origin[0] + vx * size, origin[1] + vy * size) for vx, vy in PAIR_PATH]
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.lines(layer, (*palette.highlight_good, 150), False, path, max(4, size // 7))
    for point in path:
        pygame.draw.circle(layer, (*palette.highlight_good, 150), point, max(3, size // 10))
    surface.blit(layer, (0, 0))
    for bx, by in PAIR_BLOCKS:
        block = pygame.Rect(origin[0] + bx * size, origin[1] + by * size, 2 * size, 2 * size)
        pygame.draw.rect(surface, palette.accent, block.inflate(4, 4), max(3, size // 14),
                         border_radius=6)
    draw_caption(surface, ("Two white X's, no tile shared, on one white path:", "White wins."),
                 rect.centerx, origin[1] + 3 * size + text, text, rect.w, palette.text)


def illustrate_variants(surface, rect, palette) -> None:
    """Pairs by rotation: the same L twice (every game), an L and a turned L (Any
    rotation only); and a 3x3 block, a Super Xutoli pattern."""
    from game.games.truchet.view import draw_layout
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 24))
    size = max(10, min(rect.w // 11, (rect.h - 8 * text) // 7))
    l_tiles = rules.letter_tiles("L", rules.WHITE)
    rows = (("Same rotation: a pair in every game", l_tiles, l_tiles),
            ("Any rotation: also a pair", l_tiles, _rotated(l_tiles)))
    y = rect.y
    for title, first, second in rows:
        draw_text(surface, fit_text(title, text, rect.w), (rect.centerx, y), text,
                  palette.text, True, anchor="midtop")
        y += round(text * 1.5)
        x = rect.centerx - 3 * size
        _draw_tiles(surface, (x, y), size, first, palette)
        _draw_tiles(surface, (x + 4 * size, y), size, second, palette)
        y += 2 * size + text
    draw_text(surface, fit_text("Super Xutoli: a 3x3 pattern", text, rect.w),
              (rect.centerx, y), text, palette.text, True, anchor="midtop")
    y += round(text * 1.5)
    block = {(x, yy): (x * 2 + yy) % 3 % 2 for x in range(3) for yy in range(3)}
    draw_layout(surface, (rect.centerx - 3 * size // 2, y), size, block, palette)
