"""The Catalina Tiles board: the nested 3x3 grid, the dice tray, claims with any device.

Layout: the board (nine large tiles, each a small 3x3 grid, wide gaps between the large
ones) above a tray where the four d4 are thrown. With the "Board coordinates" setting the
board is labelled as the notation `[R,C][r,c]` reads: R1-R3 and C1-C3 outside it, the
small rows and columns 1-3 in its frame.

A turn: the player to move throws the dice (a click on the tray or the board, Enter, or
A; the computer throws its own). The dice tumble into the tray, then every tile the roll
reaches is outlined. Pointing at one (mouse, or the cursor moved by the arrows, the d-pad
or the stick; Tab / RB jumps to the next claimable tile) lays the dice out in the order
that spells it, each labelled with the coordinate it gives (a 4 says which value it
stands for), and the panel lists every way the roll reaches it. A click, Enter or A
claims it. A roll that reaches nothing is announced with its reason and the turn passes.

Claimed tiles carry the seat's mark (Red a cross, Blue a ring); a won large tile carries
a large mark and the small line that won it; a dead one is greyed and hatched; at the
end the winning line of large tiles is drawn across the board.
"""
from __future__ import annotations

import math

import pygame

from game.ui import input as inp
from game.core.state import PerPosition
from game.ui.colours import readable_on
from game.ui.marks import draw_caption, draw_hint_outline
from game.games.catalina import rules
from game.ui.text import draw_text, fit_text, fitting_size, font, render_text
from game.views.base import NOT_USED, USED, BoardView, Handled
from sprites import catalina_pieces as art

POP_TIME = 0.25             # a new mark grows in (normal speed)
BIG_TIME = 0.5              # a decided large tile's mark grows in
ROLL_TIME = 1.1             # the dice tumble for this long (normal speed)
SLOT_NAMES = ("large row", "large col", "row", "col")


def grid_xy(claim) -> tuple[int, int]:
    """The tile's column and row on the 9x9 board (0-8 each)."""
    return (claim.C - 1) * 3 + claim.c - 1, (claim.R - 1) * 3 + claim.r - 1


def claim_at(x: int, y: int):
    return rules.Claim(y // 3 + 1, x // 3 + 1, y % 3 + 1, x % 3 + 1)


class CatalinaView(BoardView):
    def __init__(self, context, state, names):
        self.context = context
        self.state = state
        self.names = names
        self.cursor = (4, 4)
        self.hover = None               # (x, y) of the tile under the mouse
        self.over_tray = False
        self.clock = 0.0
        self.roll_anim = None           # an art.DiceRoll while the dice tumble
        self.pops: list = []            # [kind, index, elapsed, duration]
        self.skipped = None             # the reason of the last skipped turn, until a claim
        self.per_position = PerPosition()
        self.layout(pygame.Rect(0, 0, 900, 700))

    # --- layout ---------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        margin = max(10, self.rect.h // 45)
        tray_h = max(70, self.rect.h // 6)
        # The coordinates: R1-R3 and C1-C3 in a band left of and above the board, the
        # small rows and columns 1-3 in its frame. Their room is kept when they are hidden,
        # so the board stays put when the setting changes.
        self.label_size = max(14, min(24, self.rect.h // 30))
        self.small_label_size = max(12, round(self.label_size * 0.7))
        band = round(self.label_size * 1.6)
        side = min(self.rect.w - 2 * margin - 2 * band,
                   self.rect.h - 3 * margin - tray_h - band)
        self.board_rect = pygame.Rect(self.rect.x + (self.rect.w - side) // 2,
                                      self.rect.y + margin + band, side, side)
        self.tray_rect = pygame.Rect(self.board_rect.x, self.board_rect.bottom + margin,
                                     side, tray_h)
        pad = max(side * 0.03, font(self.small_label_size).get_height() + 2)
        self.gap = side * 0.03                      # between large tiles
        self.block = (side - 2 * pad - 2 * self.gap) / 3
        self.inner = self.block * 0.05              # a large tile's own margin
        self.small_gap = self.block * 0.04
        self.cell = (self.block - 2 * self.inner - 2 * self.small_gap) / 3
        self.origin = (self.board_rect.x + pad, self.board_rect.y + pad)
        self.die_size = max(24, min(round(tray_h * 0.62), side // 7))
        # Paint the dice now (both sizes a roll uses): painting them during the first
        # roll would stall its first frames.
        for value in (1, 2, 3, 4):
            for size in (self.die_size, round(self.die_size * 1.5)):
                art.d4_image(size, value, self.context.palette)
        art.shadow_image(self.die_size)
        if self.roll_anim is not None:
            self.roll_anim = None               # thrown again into the new tray, settled
        self._layer_key = None

    def block_rect(self, big: int) -> pygame.Rect:
        bx, by = big % 3, big // 3
        x = self.origin[0] + bx * (self.block + self.gap)
        y = self.origin[1] + by * (self.block + self.gap)
        return pygame.Rect(round(x), round(y), round(self.block), round(self.block))

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        bx, by = x // 3, y // 3
        left = self.origin[0] + bx * (self.block + self.gap) + self.inner \
            + (x % 3) * (self.cell + self.small_gap)
        top = self.origin[1] + by * (self.block + self.gap) + self.inner \
            + (y % 3) * (self.cell + self.small_gap)
        return pygame.Rect(round(left), round(top), round(self.cell), round(self.cell))

    def cell_at(self, pos):
        if pos is None or not self.board_rect.collidepoint(pos):
            return None
        for y in range(9):
            for x in range(9):
                if self.cell_rect(x, y).collidepoint(pos):
                    return x, y
        return None

    def dice_rects(self) -> list:
        """Where the settled dice lie in the tray, in the order of the roll."""
        return art.row_rects(self.tray_rect, 4, self.die_size)

    # --- what the roll allows -------------------------------------------------------------
    def claimable(self) -> dict:
        """{claim: routes} for the current roll, made once per position."""
        return self.per_position.get(self.state, "claimable", self.state.claimable)

    def pointed(self):
        """The tile pointed at (the mouse's, or the cursor's for keys and pads)."""
        if self._keyboard():
            return self.cursor
        return self.hover

    def pointed_claim(self):
        cell = self.pointed()
        if cell is None:
            return None
        claim = claim_at(*cell)
        return claim if claim in self.claimable() else None

    def _keyboard(self) -> bool:
        return self.context.input.last_device != inp.MOUSE

    @property
    def animating(self) -> bool:
        return self.roll_anim is not None or bool(self.pops)

    def sync(self) -> None:
        """Forget animations (after undo, redo, restart, resume): the dice lie settled."""
        self.roll_anim = None
        self.pops.clear()
        self.skipped = None
        self._layer_key = None

    # --- input ----------------------------------------------------------------------------
    def handle(self, action) -> Handled:
        """Use an action; its move is a roll or a claim."""
        kind = action.kind
        state = self.state
        if kind == inp.POINTER_MOVE:
            self.hover = self.cell_at(action.pos)
            self.over_tray = self.tray_rect.collidepoint(action.pos)
            return NOT_USED
        if kind == inp.POINTER_CLICK:
            if not (self.board_rect.collidepoint(action.pos)
                    or self.tray_rect.collidepoint(action.pos)):
                return NOT_USED
            if state.is_chance:
                return self._roll()
            cell = self.cell_at(action.pos)
            if cell is None:
                return USED
            self.cursor = cell
            return self._claim(cell)
        if kind in inp.DIRECTIONS:
            dx, dy = inp.DIRECTIONS[kind]
            self.cursor = ((self.cursor[0] + dx) % 9, (self.cursor[1] + dy) % 9)
            return USED
        if kind in (inp.NEXT_PANEL, inp.PREV_PANEL):
            self._jump(1 if kind == inp.NEXT_PANEL else -1)
            return USED
        if kind == inp.CONFIRM and not action.is_pointer:
            if state.is_chance:
                return self._roll()
            return self._claim(self.cursor)
        return NOT_USED

    def _roll(self) -> Handled:
        if not self.human_may_move or not self.state.is_chance:
            self.context.sounds.play("illegal")
            return USED
        return Handled(move=self.state.next_chance())

    def _claim(self, cell) -> Handled:
        claim = claim_at(*cell)
        if not self.human_may_move or claim not in self.claimable():
            self.context.sounds.play("illegal")
            return USED
        return Handled(move=claim)

    def _jump(self, step: int) -> None:
        """Move the cursor to the next (or previous) claimable tile in reading order."""
        cells = sorted((grid_xy(c)[1], grid_xy(c)[0]) for c in self.claimable())
        if not cells:
            self.context.sounds.play("illegal")
            return
        here = (self.cursor[1], self.cursor[0])
        if step > 0:
            target = next((c for c in cells if c > here), cells[0])
        else:
            target = next((c for c in reversed(cells) if c < here), cells[-1])
        self.cursor = (target[1], target[0])
        self.context.sounds.play("menu_move")

    # --- animation ------------------------------------------------------------------------
    def on_move(self, move) -> None:
        factor = self.context.settings.animation_factor
        state = self.state
        if isinstance(move, rules.Roll):
            self.roll_anim = art.DiceRoll(move.dice, self.tray_rect,
                                          seed=f"{state.seed}:{len(state.history) - 1}",
                                          duration=ROLL_TIME / max(factor, 0.01))
            if factor <= 0:
                self.roll_anim.skip()
            self.context.sounds.play("dice_rattle")
            self._settle_cursor()
            return
        if move == rules.PASS:
            with state.before_last_move() as before:
                self.skipped = before.pass_reason()
            self.context.sounds.play("pass")
            return
        self.skipped = None
        self.context.sounds.play("place")
        if factor > 0:
            self.pops.append(["mark", move.cell, 0.0, POP_TIME / factor])
            with state.before_last_move() as before:
                was_open = before.large_tiles()[move.big] is None
            if was_open and state.large_tiles()[move.big] is not None:
                self.pops.append(["big", move.big, 0.0, BIG_TIME / factor])
        self._layer_key = None

    def _settle_cursor(self) -> None:
        """After a roll the cursor starts on a claimable tile (the nearest in reading
        order), so keys and pads are one press from a claim."""
        claims = self.claimable()
        if claims and claim_at(*self.cursor) not in claims:
            self._jump(1)

    def update(self, dt: float) -> None:
        self.clock += dt
        roll = self.roll_anim
        if roll is not None:
            roll.update(dt)
            if roll.bounces_since_last_call():
                self.context.sounds.play("dice_rattle")
            if roll.just_settled() or roll.done:
                self.context.sounds.play("dice_settle")
                self.roll_anim = None
        for pop in self.pops:
            pop[2] += dt
        before = len(self.pops)
        self.pops = [pop for pop in self.pops if pop[2] < pop[3]]
        if len(self.pops) != before:
            self._layer_key = None

    # --- text -----------------------------------------------------------------------------
    def seat_colour(self, seat: int):
        return art.seat_colour(self.context.palette, seat)

    def status(self) -> str:
        state = self.state
        if state.is_over or state.to_play is None:
            return ""
        name = self.names[state.to_play]
        if state.is_chance:
            return f"{name} ({rules.SEATS[state.to_play]}): roll the dice (click the tray, " \
                   f"Enter or A)"
        if self.roll_anim is not None:
            return f"{name} {'roll' if name == 'You' else 'rolls'}…"
        count = len(self.claimable())
        if count == 1:
            return f"{name}: claim the outlined tile"
        return f"{name}: claim one of the {count} outlined tiles"

    def pass_text(self) -> str:
        return self.state.pass_reason() or ""

    def info_lines(self) -> list:
        palette = self.context.palette
        state = self.state
        lines = []
        red, blue, dead = state.large_counts()
        lines.append((f"Large tiles: Red {red}, Blue {blue}" + (f", dead {dead}" if dead
                                                                 else ""), None))
        if state.dice is not None and self.roll_anim is None:
            lines.append((f"Roll: {rules.format_dice(state.dice)} (a 4 is any of 1, 2, 3)",
                          None))
        claim = self.pointed_claim() if self.roll_anim is None else None
        if claim is not None:
            routes = self.claimable()[claim]
            more = f" (+{len(routes) - 2} more)" if len(routes) > 2 else ""
            lines.append((f"{rules.format_claim(claim)}: " + "; ".join(routes[:2]) + more,
                          palette.highlight_good))
        else:
            cell = self.pointed()
            if cell is not None:
                big = claim_at(*cell)
                reason = state.decided_reason(big.R, big.C)
                if reason:
                    lines.append((f"Large tile [{big.R},{big.C}]: {reason}", None))
        if self.skipped:
            lines.append((self.skipped, palette.accent))
        return lines

    def move_rows(self, texts: list) -> list:
        """A row per turn: the roll and the claim (or pass) it allowed."""
        return [texts[i:i + 2] for i in range(0, len(texts), 2)]

    def move_columns(self) -> None:
        return None                     # a roll and a claim, not a column per seat

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        palette = self.context.palette
        surface.blit(self._still_layer(), self.board_rect.topleft)
        for kind, index, elapsed, duration in self.pops:
            grow = 1 - (1 - elapsed / duration) ** 3
            if kind == "mark":
                big, small = divmod(index, 9)
                x, y = (big % 3) * 3 + small % 3, (big // 3) * 3 + small // 3
                owner = self.state.tile_owner(big // 3 + 1, big % 3 + 1, small // 3 + 1,
                                              small % 3 + 1)
                if owner is not None:
                    self._draw_mark(surface, self.cell_rect(x, y), owner, grow)
            else:
                self._draw_large(surface, index, grow)
        self._draw_claimable(surface)
        self._draw_pointer(surface)
        if self.context.settings.show_coordinates:
            self._draw_coordinates(surface)
        if self.state.winning_line and not self.pops:
            rects = [self.block_rect(big) for big in self.state.winning_line]
            art.line_stroke(surface, palette.highlight_good, rects[0].center,
                            rects[-1].center, max(6, round(self.block / 10)))
        self._draw_tray(surface)

    def _draw_coordinates(self, surface) -> None:
        """The notation's numbers, `[R,C][r,c]`: R1-R3 left of the large rows and C1-C3
        above the large columns, and in the board's frame 1-3 over the small columns of
        each large column and beside the small rows of each large row."""
        palette = self.context.palette
        large = readable_on(palette.background, palette.text, palette.text_dim)
        small = readable_on(palette.board, palette.text_dim, palette.text, palette.background)
        board = self.board_rect
        frame_top = (board.top + self.block_rect(0).top) // 2
        frame_left = (board.left + self.block_rect(0).left) // 2
        for i in range(3):
            block = self.block_rect(i * 4)              # the diagonal: row i, column i
            draw_text(surface, f"C{i + 1}", (block.centerx, board.top - 2), self.label_size,
                      large, True, anchor="midbottom")
            draw_text(surface, f"R{i + 1}", (board.left - round(self.label_size * 0.3),
                                             block.centery), self.label_size, large, True,
                      anchor="midright")
            for j in range(3):
                column = self.cell_rect(i * 3 + j, 0)
                row = self.cell_rect(0, i * 3 + j)
                draw_text(surface, str(j + 1), (column.centerx, frame_top),
                          self.small_label_size, small, anchor="center")
                draw_text(surface, str(j + 1), (frame_left, row.centery),
                          self.small_label_size, small, anchor="center")

    def _still_layer(self) -> pygame.Surface:
        """The board with every settled mark, drawn once per position and size: opaque
        (the background under the board's round corners is in it), so a frame costs one
        plain copy, and repainted in place over the empty board."""
        state = self.state
        popping = tuple((kind, index) for kind, index, _, _ in self.pops)
        key = (state.position_key(), popping,
               tuple(self.board_rect), self.context.palette.name)
        if self._layer_key == key:
            return self._layer
        empty = self._empty_board()
        layer = getattr(self, "_layer", None)
        if layer is None or layer.get_size() != empty.get_size():
            layer = empty.copy()
        else:
            layer.blit(empty, (0, 0))
        offset = (-self.board_rect.x, -self.board_rect.y)
        skip_marks = {index for kind, index in popping if kind == "mark"}
        skip_big = {index for kind, index in popping if kind == "big"}
        for big in range(9):
            for small in range(9):
                x, y = (big % 3) * 3 + small % 3, (big // 3) * 3 + small // 3
                owner = state.tile_owner(big // 3 + 1, big % 3 + 1, small // 3 + 1,
                                         small % 3 + 1)
                if owner is not None and big * 9 + small not in skip_marks:
                    self._draw_mark(layer, self.cell_rect(x, y).move(offset), owner, 1.0)
            if state.large_tiles()[big] is not None and big not in skip_big:
                self._draw_large(layer, big, 1.0, offset)
        self._layer_key, self._layer = key, layer
        return layer

    def _empty_board(self) -> pygame.Surface:
        """The board with no mark on it, over the background (per size and palette)."""
        key = (tuple(self.board_rect), self.context.background().get_size(),
               self.context.palette.name)
        cached = getattr(self, "_empty", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        palette = self.context.palette
        board = pygame.Surface(self.board_rect.size)
        if pygame.display.get_surface() is not None:
            board = board.convert()
        board.blit(self.context.background(), (0, 0), self.board_rect)
        offset = (-self.board_rect.x, -self.board_rect.y)
        pygame.draw.rect(board, palette.board, board.get_rect(),
                         border_radius=round(self.board_rect.w / 40))
        for big in range(9):
            block = self.block_rect(big).move(offset)
            pygame.draw.rect(board, palette.board_line, block, border_radius=round(self.block / 14))
            for small in range(9):
                x, y = (big % 3) * 3 + small % 3, (big // 3) * 3 + small // 3
                light = (x + y) % 2 == 0
                pygame.draw.rect(board, palette.square_light if light else palette.square_dark,
                                 self.cell_rect(x, y).move(offset),
                                 border_radius=max(2, round(self.cell / 7)))
        self._empty = key, board
        return board

    def _draw_mark(self, surface, rect, seat: int, grow: float) -> None:
        side = max(4, round(rect.w * 0.86 * (0.4 + 0.6 * grow)))
        image = art.mark_image(side, seat, self.seat_colour(seat))
        surface.blit(image, image.get_rect(center=rect.center))

    def _draw_large(self, surface, big: int, grow: float, offset=(0, 0)) -> None:
        """A decided large tile: its winning small line and a large mark, or greyed and
        hatched when dead."""
        palette = self.context.palette
        state = self.state
        block = self.block_rect(big).move(offset)
        owner = state.large_tiles()[big]
        veil = pygame.Surface(block.size, pygame.SRCALPHA)
        if owner == rules.DEAD:
            veil.fill((*palette.background, round(190 * grow)))
            step = max(6, block.w // 9)
            for i in range(-block.h, block.w, step):
                pygame.draw.line(veil, (*palette.text_dim, round(90 * grow)), (i, block.h),
                                 (i + block.h, 0), 2)
            surface.blit(veil, block)
            label = render_text("dead", max(12, round(self.block / 6)), palette.text_dim, True)
            surface.blit(label, label.get_rect(center=block.center))
            return
        veil.fill((*palette.background, round(110 * grow)))
        surface.blit(veil, block)
        line = state.small_line(big // 3 + 1, big % 3 + 1)
        colour = self.seat_colour(owner)
        if line:
            first, last = grid_xy(line[0]), grid_xy(line[-1])
            start = self.cell_rect(*first).move(offset).center
            end = self.cell_rect(*last).move(offset).center
            art.line_stroke(surface, colour, start, end, max(3, round(self.cell / 7)))
        # The large mark is translucent: the small grid and its line show through.
        side = max(8, round(self.block * 0.86 * (0.3 + 0.7 * grow)))
        image = art.mark_image(side, owner, colour, stroke=0.1).copy()
        image.set_alpha(round(170 * grow))
        surface.blit(image, image.get_rect(center=block.center))

    def draw_hint(self, surface, move) -> None:
        # In the accent colour: the claimable tiles around it are outlined in green.
        if isinstance(move, rules.Claim):
            draw_hint_outline(surface, self.cell_rect(*grid_xy(move)),
                              self.context.palette.accent)

    def _draw_claimable(self, surface) -> None:
        if self.roll_anim is not None or self.state.is_over:
            return
        palette = self.context.palette
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        width = max(2, round(self.cell / 14 + pulse * self.cell / 16))
        tint = self._tint()
        for claim in self.claimable():
            rect = self.cell_rect(*grid_xy(claim))
            surface.blit(tint, rect)
            pygame.draw.rect(surface, palette.highlight_good, rect.inflate(width, width), width,
                             border_radius=max(3, round(self.cell / 6)))

    def _tint(self) -> pygame.Surface:
        """A claimable tile's light wash (one surface, blitted on each)."""
        size = (round(self.cell), round(self.cell))
        key = (size, self.context.palette.name)
        if getattr(self, "_tint_key", None) != key:
            self._tint_key = key
            self._tint_image = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(self._tint_image, (*self.context.palette.highlight_good, 70),
                             self._tint_image.get_rect(), border_radius=max(2, size[0] // 7))
        return self._tint_image

    def _draw_pointer(self, surface) -> None:
        palette = self.context.palette
        if self.state.is_over:
            return
        if self._keyboard():
            rect = self.cell_rect(*self.cursor).inflate(8, 8)
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
            pygame.draw.rect(surface, palette.cursor, rect, max(2, round(2 + 2 * pulse)),
                             border_radius=max(3, round(self.cell / 5)))
        elif self.hover is not None:
            rect = self.cell_rect(*self.hover).inflate(4, 4)
            pygame.draw.rect(surface, palette.text, rect, 2,
                             border_radius=max(3, round(self.cell / 5)))

    def _draw_tray(self, surface) -> None:
        palette = self.context.palette
        state = self.state
        tray = self.tray_rect
        pygame.draw.rect(surface, palette.panel, tray, border_radius=round(tray.h / 5))
        border = palette.accent if (state.is_chance and self.over_tray) else palette.panel_border
        pygame.draw.rect(surface, border, tray, 2, border_radius=round(tray.h / 5))
        roller = state.to_play if state.to_play is not None else 0
        colour = None                   # the dice keep their own ivory in every palette
        if self.roll_anim is not None:
            self.roll_anim.draw(surface, palette, self.die_size, colour)
            return
        dice = state.dice
        if dice is None:
            if state.is_over:
                text = "Game over"
            elif self.human_may_move:
                text = f"{rules.SEATS[roller]} to roll: click here, Enter or A"
            else:
                text = f"{rules.SEATS[roller]} to roll"
            draw_text(surface, fit_text(text, max(14, tray.h // 5), tray.w - 20), tray.center,
                      max(14, tray.h // 5), palette.text_dim, anchor="center")
            return
        claim = self.pointed_claim()
        rects = self.dice_rects()
        if claim is None:
            art.draw_dice_row(surface, rects, dice, palette, colour)
            return
        # The dice laid out in the order that spells the pointed tile, each labelled.
        faces = state.claim_orderings(claim)[0]
        art.draw_dice_row(surface, rects, faces, palette, colour,
                          highlight=set(range(4)))
        slot = tray.w // len(rects) - 6
        for i, (rect, face, value) in enumerate(zip(rects, faces, claim)):
            text = f"{SLOT_NAMES[i]} {value}" if face != 4 else f"{SLOT_NAMES[i]} {value} (4)"
            # Each label keeps to its die's quarter of the tray and inside its border.
            size = fitting_size(text, max(12, self.die_size // 4), slot, True, smallest=10)
            top = min(rect.bottom + 2, tray.bottom - 4 - font(size, True).get_linesize())
            draw_text(surface, text, (rect.centerx, top), size, palette.highlight_good, True,
                      anchor="midtop")


def illustrate(surface, rect, palette) -> None:
    """The rules screen's picture: the seed's example, a roll of 1 2 3 3 on an empty
    board and the twelve tiles it names."""
    illustrate_roll(surface, rect, palette, (1, 2, 3, 3))


# --- the rules pages (game/rule_pages.py) ------------------------------------------------
def draw_nested_board(surface, board, palette, fill=None, claimed=None, decided=None,
                      lines=()):
    """The 9x9 nested board in the square `board`: `fill` {(x, y): colour} tints tiles,
    `claimed` {(x, y): seat} marks them, `decided` {large index: seat or DEAD} veils a
    large tile (with its big mark, or hatched "dead"), `lines` ((x, y), (x, y), seat)
    are winning strokes. Returns (x, y) -> the tile's Rect."""
    board = pygame.Rect(board)
    side = board.w
    block = side / 3
    cell = block / 3

    def cell_rect(x, y):
        gap = 2 + (1 if x % 3 == 0 else 0)
        return pygame.Rect(round(board.x + x * cell + gap + (x // 3) * 2),
                           round(board.y + y * cell + gap + (y // 3) * 2),
                           round(cell - 2 * gap), round(cell - 2 * gap))

    pygame.draw.rect(surface, palette.board, board, border_radius=max(4, side // 40))
    for y in range(9):
        for x in range(9):
            colour = palette.square_light if (x + y) % 2 == 0 else palette.square_dark
            colour = (fill or {}).get((x, y), colour)
            pygame.draw.rect(surface, colour, cell_rect(x, y), border_radius=3)
    for i in (1, 2):
        for a, b in (((board.x + i * block, board.y), (board.x + i * block, board.bottom)),
                     ((board.x, board.y + i * block), (board.right, board.y + i * block))):
            pygame.draw.line(surface, palette.board_line, a, b, 3)
    for (x, y), seat in (claimed or {}).items():
        rect = cell_rect(x, y)
        image = art.mark_image(round(rect.w * 0.86), seat, art.seat_colour(palette, seat))
        surface.blit(image, image.get_rect(center=rect.center))
    for start, end, seat in lines:
        art.line_stroke(surface, art.seat_colour(palette, seat), cell_rect(*start).center,
                        cell_rect(*end).center, max(3, round(cell / 7)))
    for big, owner in (decided or {}).items():
        area = pygame.Rect(round(board.x + (big % 3) * block + 3),
                           round(board.y + (big // 3) * block + 3),
                           round(block - 6), round(block - 6))
        veil = pygame.Surface(area.size, pygame.SRCALPHA)
        if owner == rules.DEAD:
            veil.fill((*palette.background, 190))
            step = max(6, area.w // 9)
            for i in range(-area.h, area.w, step):
                pygame.draw.line(veil, (*palette.text_dim, 90), (i, area.h), (i + area.h, 0), 2)
            surface.blit(veil, area)
            label = render_text("dead", max(12, round(block / 6)), palette.text_dim, True)
            surface.blit(label, label.get_rect(center=area.center))
            continue
        veil.fill((*palette.background, 110))
        surface.blit(veil, area)
        image = art.mark_image(round(block * 0.8), owner, art.seat_colour(palette, owner),
                               stroke=0.1).copy()
        image.set_alpha(170)
        surface.blit(image, image.get_rect(center=area.center))
    return cell_rect


def _board_square(rect, reserve: int) -> pygame.Rect:
    side = max(30, min(rect.w, rect.h - reserve))
    return pygame.Rect(rect.centerx - side // 2, rect.y, side, side)


def illustrate_roll(surface, rect, palette, dice) -> None:
    """A roll of `dice` on an empty board and the tiles it names (the wildcard 4s, which
    name more, glow)."""
    rect = pygame.Rect(rect)
    size = max(16, min(rect.h // 8, rect.w // 8))
    text = max(12, min(20, size // 3))
    board = _board_square(rect, size + 14 + 2 * text)
    named = {rules.CLAIMS[i] for i in rules.REACH[rules.Roll(tuple(sorted(dice)))]}
    draw_nested_board(surface, board, palette,
                      fill={(x, y): palette.highlight_good for y in range(9) for x in range(9)
                            if claim_at(x, y) in named})
    tray = pygame.Rect(board.x, board.bottom + 6, board.w, size + 8)
    wild = {i for i, value in enumerate(dice) if value == 4}
    art.draw_dice_row(surface, art.row_rects(tray, 4, size), tuple(dice), palette,
                      highlight=wild or None)
    words = " ".join(str(d) for d in dice)
    draw_text(surface, fit_text(f"{words} names these {len(named)} tiles", text, rect.w),
              (rect.centerx, tray.bottom + 4), text, palette.text, anchor="midtop")


def illustrate_notation(surface, rect, palette) -> None:
    """The nested grid with its numbers: large rows and columns outside, the small ones
    inside large tile [1,3], and tile [1,3][3,1] marked."""
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 26))
    label = text * 2
    side = max(30, min(rect.w - 2 * label, rect.h - 2 * label - text * 2))
    board = pygame.Rect(rect.centerx - side // 2 + label // 2, rect.y + label, side, side)
    large = {(x, y): palette.square_light if (x + y) % 2 == 0 else palette.square_dark
             for x in range(6, 9) for y in range(3)}
    fill = {key: palette.highlight_good for key in large}
    fill[(6, 2)] = palette.accent
    cell_rect = draw_nested_board(surface, board, palette, fill=fill)
    block = side / 3
    for i in range(3):
        draw_text(surface, f"C{i + 1}", (round(board.x + (i + 0.5) * block), board.y - text // 2),
                  text, palette.text, True, anchor="midbottom")
        draw_text(surface, f"R{i + 1}", (board.x - text // 2, round(board.y + (i + 0.5) * block)),
                  text, palette.text, True, anchor="midright")
    target = cell_rect(6, 2)
    pygame.draw.rect(surface, palette.text, target.inflate(4, 4), 3, border_radius=4)
    draw_text(surface, fit_text("[1,3][3,1]: large tile row 1, column 3; small row 3, column 1",
                                text, rect.w), (rect.centerx, rect.bottom - text // 2), text,
              palette.text, anchor="midbottom")


# The seed of the winning page: Red has won large tile [1,1] on a diagonal, Blue [3,3]
# down a column, and [2,2] is dead (no line is open to either player, 4 tiles each).
_DEAD_GRID = "RRBBBRRB."


def illustrate_winning(surface, rect, palette) -> None:
    """Large tiles decided: won by Red, won by Blue, dead; and a game still open."""
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 26))
    board = _board_square(rect, text * 3)
    red, blue = 0, 1
    claimed = {(0, 0): red, (1, 1): red, (2, 2): red, (2, 0): blue, (0, 2): blue,
               (8, 6): blue, (8, 7): blue, (8, 8): blue, (6, 6): red, (7, 8): red,
               (4, 0): red, (3, 1): blue, (5, 2): red, (1, 4): blue, (0, 5): red}
    for i, mark in enumerate(_DEAD_GRID):
        if mark != ".":
            claimed[(3 + i % 3, 3 + i // 3)] = red if mark == "R" else blue
    draw_nested_board(surface, board, palette, claimed=claimed,
                      decided={0: red, 4: rules.DEAD, 8: blue},
                      lines=[((0, 0), (2, 2), red), ((8, 6), (8, 8), blue)])
    draw_caption(surface, ("Red took [1,1], Blue took [3,3];",
                           "[2,2] is dead: no line is open, 4 tiles each."),
                 rect.centerx, board.bottom + round(text * 0.4), text, rect.w, palette.text,
                 spacing=1.35)
