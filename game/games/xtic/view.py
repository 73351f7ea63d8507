"""The Xtic board: layout, drawing, hit-testing, the cursor, and move animations.

A human move is built in two steps (place the piece in hand, then pick the piece to hand
over) and committed to the rules as one move. The view never changes the state: it returns
the finished move to the play scene, which plays it and calls `on_move` to animate it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import input as inp
from game.ui.marks import draw_hint_outline
from game.games.xtic import rules as xtic
from game.ui.colours import readable_on
from game.ui.text import draw_text, render_text
from game.views.base import NOT_USED, USED, BoardView, Handled
from sprites import xtic_pieces

BOARD, POOL = "board", "pool"


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """A piece moving between two rects (a placement or a hand-over)."""
    piece: int
    start: pygame.Rect
    end: pygame.Rect
    duration: float
    delay: float = 0.0
    sound: str = ""
    kind: str = ""            # "place" or "hand"
    elapsed: float = 0.0
    started: bool = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def rect(self) -> pygame.Rect:
        t = ease_out(min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration)))
        (sx, sy), (ex, ey) = self.start.center, self.end.center
        lift = math.sin(math.pi * t) * self.end.h * 0.25      # an arc, as if carried
        # The size stays that of the destination, so the sprite comes from the cache.
        rect = pygame.Rect(0, 0, self.end.w, self.end.h)
        rect.center = (round(sx + (ex - sx) * t), round(sy + (ey - sy) * t - lift))
        return rect


class XticView(BoardView):
    PLACE_TIME = 0.38
    HAND_TIME = 0.32

    def __init__(self, context, state, names):
        self.context = context
        self.state = state
        self.names = names                  # seat labels, e.g. ["You", "Computer (hard)"]
        self.region = POOL if state.phase == "choose" else BOARD
        self.board_cursor = (1, 1)
        self.pool_cursor = 0
        self.hover = None                   # (region, index) under the mouse
        self.pending_square: int | None = None
        self.flights: list[Flight] = []
        self.clock = 0.0
        self._unpainted: list = []          # (piece, rect) still to paint ahead
        self._unpainted_for = None          # the sizes and palette they were listed for
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.layout(pygame.Rect(0, 0, 900, 700))

    # --- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        margin = max(12, rect.h // 28)
        board_side = min(rect.h - 2 * margin, int((rect.w - 3 * margin) * 0.6))
        self.board_rect = pygame.Rect(rect.x + margin, rect.y + (rect.h - board_side) // 2,
                                      board_side, board_side)
        inner = self.board_rect.inflate(-board_side // 9, -board_side // 9)
        self.cell = inner.w // 4
        self.cells_origin = (inner.x + (inner.w - 4 * self.cell) // 2,
                             inner.y + (inner.h - 4 * self.cell) // 2)
        right_x = self.board_rect.right + margin
        right_w = rect.right - margin - right_x
        # The column stacks a label, the hand (1.5 cells), two labels and 4 rows of pieces:
        # about 6.33 cells in all.
        pool_cell = min(right_w // 4, (rect.h - 2 * margin - 4) * 3 // 19)
        self.pool_cell = pool_cell
        pool_w = pool_cell * 4
        px = right_x + (right_w - pool_w) // 2
        hand_side = int(pool_cell * 1.5)
        label_h = max(18, pool_cell // 3)
        top = self.board_rect.y
        self.hand_rect = pygame.Rect(px + (pool_w - hand_side) // 2, top + label_h,
                                     hand_side, hand_side)
        self.pool_label_y = self.hand_rect.bottom + label_h // 2
        self.pool_origin = (px, self.pool_label_y + label_h + 4)
        self.label_size = max(14, label_h * 3 // 4)

    def square_rect(self, square: int) -> pygame.Rect:
        col, row = square % 4, square // 4
        x = self.cells_origin[0] + col * self.cell
        y = self.cells_origin[1] + (3 - row) * self.cell     # rank 1 at the bottom
        return pygame.Rect(x, y, self.cell, self.cell)

    def piece_rect(self, square: int) -> pygame.Rect:
        """Where the piece on `square` is drawn (a placement flies in at this size)."""
        well = self.square_rect(square).inflate(-self.cell // 10, -self.cell // 10)
        return well.inflate(-self.cell // 12, -self.cell // 12)

    def hand_piece_rect(self) -> pygame.Rect:
        """Where the piece in hand is drawn (a hand-over flies in at this size)."""
        return self._beside_number(self.hand_rect, self._hand_radius() + 2, 6)

    def pool_rect(self, piece: int) -> pygame.Rect:
        x = self.pool_origin[0] + (piece % 4) * self.pool_cell
        y = self.pool_origin[1] + (piece // 4) * self.pool_cell
        return pygame.Rect(x, y, self.pool_cell, self.pool_cell)

    def pool_slot(self, piece: int) -> pygame.Rect:
        """The rounded slot of a piece in the pool."""
        return self.pool_rect(piece).inflate(-6, -6)

    def pool_piece_rect(self, piece: int) -> pygame.Rect:
        slot = self.pool_slot(piece)
        return self._beside_number(slot, slot.w // 5, slot.w // 16)

    # --- the pieces' numbers (as the move list writes them: b3/9 hands piece 9) ----------
    def _hand_radius(self) -> int:
        return self.hand_rect.w // 6

    def number_size(self) -> int:
        return max(11, self.pool_cell // 6)

    def _number_ink(self, text: str) -> pygame.Rect:
        """Where the number's pixels lie in its rendered text."""
        return render_text(text, self.number_size(), self.context.palette.text_dim) \
            .get_bounding_rect()

    @staticmethod
    def _number_pad(radius: int) -> int:
        """From a box's corner to its number: inside the box's rounded corner."""
        return max(2, math.ceil(radius * 0.3))

    def _beside_number(self, box: pygame.Rect, radius: int, margin: int) -> pygame.Rect:
        """The square a piece is drawn in, inside `box` (its corners rounded by `radius`)
        and `margin` from its edges, but set in from the top left as far as the number
        drawn there needs: a piece leaves that corner of its square empty
        (xtic_pieces.CLEAR_CORNER). A miniature shows no numbers."""
        if self.miniature:
            return box.inflate(-2 * margin, -2 * margin)
        ink = self._number_ink("15")                    # the widest number
        room = self._number_pad(radius) + max(ink.w, ink.h) + 1
        clear = xtic_pieces.CLEAR_CORNER
        near = max(margin, math.ceil((room - clear * (box.w - margin)) / (1 - clear)))
        side = min(box.w, box.h) - near - margin
        return pygame.Rect(box.x + near, box.y + near, side, side)

    def _draw_number(self, surface, piece: int, box: pygame.Rect, radius: int) -> None:
        """The piece's number in the top left corner of its `box`."""
        ink = self._number_ink(str(piece))
        pad = self._number_pad(radius)
        draw_text(surface, str(piece), (box.x + pad - ink.x, box.y + pad - ink.y),
                  self.number_size(), self.context.palette.text_dim)

    def hit(self, pos):
        for square in range(16):
            if self.square_rect(square).collidepoint(pos):
                return BOARD, square
        for piece in range(16):
            if self.pool_rect(piece).collidepoint(pos):
                return POOL, piece
        return None

    # --- state of the interaction ---------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.flights)

    def sync(self) -> None:
        """Forget the half-built move and any animation (after undo/redo/restart)."""
        self.pending_square = None
        self.flights.clear()
        self.region = POOL if self.state.phase == "choose" else BOARD
        self._settle_cursor()

    def _settle_cursor(self) -> None:
        state = self.state
        if self.region == BOARD:
            square = self.board_cursor[1] * 4 + self.board_cursor[0]
            empties = state.empty_squares()
            if empties and square not in empties:
                square = empties[0]
                self.board_cursor = (square % 4, square // 4)
        else:
            available = state.available_pieces()
            if available and self.pool_cursor not in available:
                self.pool_cursor = available[0]

    def status(self) -> str:
        state = self.state
        if state.is_over or state.to_play is None:
            return ""
        me, other = self.names[state.to_play], self.names[1 - state.to_play]
        if state.phase == "choose":
            return f"{me}: choose the piece {other} must place"
        if self.pending_square is not None:
            return f"{me}: choose a piece for {other}  (Back undoes the placement)"
        return f"{me}: place the piece in hand"

    # --- input ----------------------------------------------------------------------------
    def handle(self, action) -> Handled:
        kind = action.kind
        if kind == inp.POINTER_MOVE:
            self.hover = self.hit(action.pos)
            return NOT_USED
        if kind in inp.DIRECTIONS:
            self._move_cursor(*inp.DIRECTIONS[kind])
            return USED
        if kind in (inp.NEXT_PANEL, inp.PREV_PANEL):
            self.region = POOL if self.region == BOARD else BOARD
            self._settle_cursor()
            return USED
        if kind in (inp.BACK, inp.POINTER_BACK) and self.pending_square is not None:
            self.pending_square = None
            self.region = BOARD
            return USED
        if not self.human_may_move:
            if kind in (inp.CONFIRM, inp.POINTER_CLICK) and self.hit_or_cursor(action):
                self.context.sounds.play("illegal")
                return USED
            return NOT_USED
        if kind == inp.CONFIRM:
            target = (BOARD, self.board_cursor[1] * 4 + self.board_cursor[0]) \
                if self.region == BOARD else (POOL, self.pool_cursor)
            return self._choose(target)
        if kind == inp.POINTER_CLICK:
            target = self.hit(action.pos)
            if target is None:
                return NOT_USED
            return self._choose(target)
        return NOT_USED

    def hit_or_cursor(self, action):
        return self.hit(action.pos) if action.is_pointer else True

    def _move_cursor(self, dx: int, dy: int) -> None:
        if self.region == BOARD:
            col, row = self.board_cursor
            self.board_cursor = ((col + dx) % 4, (row - dy) % 4)   # up = towards rank 4
        else:
            col, row = self.pool_cursor % 4, self.pool_cursor // 4
            self.pool_cursor = ((row + dy) % 4) * 4 + (col + dx) % 4

    def _choose(self, target) -> Handled:
        region, index = target
        state = self.state
        if state.phase == "choose":
            if region == POOL and state.available >> index & 1:
                return Handled(move=(None, index))
            return self._refuse()
        if self.pending_square is None:
            if region != BOARD or state.board[index] >= 0:
                return self._refuse()
            self.board_cursor = (index % 4, index // 4)
            if state.placement_loses(index) or not state.available:
                return Handled(move=(index, None))
            self.pending_square = index
            self.region = POOL
            self._settle_cursor()
            self.context.sounds.play("place")
            return USED
        if region == BOARD:
            if state.board[index] < 0:       # changed their mind: place elsewhere
                self.pending_square = None
                return self._choose(target)
            return self._refuse()
        if not state.available >> index & 1:
            return self._refuse()
        move = (self.pending_square, index)
        self.pending_square = None
        return Handled(move=move)

    def _refuse(self) -> Handled:
        self.context.sounds.play("illegal")
        return USED

    # --- animation ------------------------------------------------------------------------
    def on_move(self, move) -> None:
        """Animate the move just played."""
        self.pending_square = None
        self.region = POOL if self.state.phase == "choose" else BOARD
        self._settle_cursor()
        factor = self.context.settings.animation_factor
        square, piece = move
        delay = 0.0
        if factor <= 0:
            self.flights.clear()
            if square is not None:
                self.context.sounds.play("place")
            if piece is not None:
                self.context.sounds.play("handover")
            return
        if square is not None:
            duration = self.PLACE_TIME / factor
            # The piece in hand before the move now stands on the square.
            self.flights.append(Flight(self.state.board[square], self.hand_piece_rect(),
                                       self.piece_rect(square), duration, 0.0, "place",
                                       "place"))
            delay = duration
        if piece is not None:
            self.flights.append(Flight(piece, self.pool_rect(piece), self.hand_piece_rect(),
                                       self.HAND_TIME / factor, delay, "handover", "hand"))

    def update(self, dt: float) -> None:
        self.clock += dt
        self._paint_ahead()
        for flight in self.flights:
            flight.elapsed += dt
            if not flight.started and flight.elapsed >= flight.delay:
                flight.started = True
                self.context.sounds.play(flight.sound)
        self.flights = [f for f in self.flights if not f.done]

    def _paint_ahead(self) -> None:
        """One piece a frame, at the sizes a move shows it (on the board, in hand), until
        all are painted: painting a piece the first time it was placed or handed over
        cost that move's frame 2-4 ms."""
        palette = self.context.palette
        rects = (self.piece_rect(0), self.hand_piece_rect())
        listed_for = (tuple(rect.size for rect in rects), palette.name)
        if self._unpainted_for != listed_for:
            self._unpainted_for = listed_for
            self._unpainted = [(piece, rect) for rect in rects if min(rect.size) >= 1
                               for piece in range(16)]     # (a window too small: none)
        if self._unpainted:
            xtic_pieces.piece_image(*self._unpainted.pop(), palette)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        palette = self.context.palette
        state = self.state
        flying_squares = [f.end for f in self.flights if f.kind == "place"]
        hand_flying = any(f.kind == "hand" for f in self.flights)
        show_cursor = self.context.input.last_device != inp.MOUSE

        pygame.draw.rect(surface, palette.board, self.board_rect,
                         border_radius=self.board_rect.w // 14)
        pygame.draw.rect(surface, palette.board_line, self.board_rect, 3,
                         border_radius=self.board_rect.w // 14)
        self._draw_dangerous_diagonals(surface)
        losing = {sq for line in state.losing_lines for sq in line}
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        for square in range(16):
            rect = self.square_rect(square)
            well = rect.inflate(-self.cell // 10, -self.cell // 10)
            colour = palette.square_light if (square % 4 + square // 4) % 2 else palette.square_dark
            pygame.draw.ellipse(surface, colour, well)
            if square in losing:
                glow = [round(c * (0.6 + 0.4 * pulse)) for c in palette.highlight_bad]
                pygame.draw.ellipse(surface, glow, well, max(3, self.cell // 14))
            piece = state.board[square]
            if piece >= 0 and self.piece_rect(square) not in flying_squares:
                xtic_pieces.draw_piece(surface, piece, self.piece_rect(square), palette)
        if self.pending_square is not None and state.hand is not None:
            well = self.square_rect(self.pending_square).inflate(-self.cell // 6, -self.cell // 6)
            xtic_pieces.draw_piece(surface, state.hand, well, palette, alpha=150)
        self._draw_losing_stroke(surface, state.losing_lines)
        self._draw_coordinates(surface)
        self._draw_hand(surface, hand_flying)
        self._draw_pool(surface)
        if self.hover is not None and not show_cursor:
            self._draw_focus(surface, self.hover, palette.text_dim, 2)
        if show_cursor and not state.is_over:
            region_index = (BOARD, self.board_cursor[1] * 4 + self.board_cursor[0]) \
                if self.region == BOARD else (POOL, self.pool_cursor)
            self._draw_focus(surface, region_index, palette.cursor, 4)
        for flight in self.flights:
            if flight.elapsed >= flight.delay:
                xtic_pieces.draw_piece(surface, flight.piece, flight.rect(), palette)

    def draw_hint(self, surface, move) -> None:
        """A hinted move: rings round its square and round the piece it hands over. Once
        the player has placed elsewhere, the hint is for a move they are not making: gone."""
        square, piece = move
        if self.pending_square is not None and self.pending_square != square:
            return
        if square is not None and self.pending_square is None:
            draw_hint_outline(surface, self.square_rect(square),
                              self.context.palette.highlight_good)
        if piece is not None:
            draw_hint_outline(surface, self.pool_rect(piece), self.context.palette.highlight_good)

    def _draw_focus(self, surface, target, colour, width) -> None:
        region, index = target
        rect = self.square_rect(index) if region == BOARD else self.pool_rect(index)
        pygame.draw.rect(surface, colour, rect.inflate(-4, -4), width,
                         border_radius=rect.w // 5)

    def _draw_dangerous_diagonals(self, surface) -> None:
        if self.state.game_type == "nodiags":
            return
        colour = self.context.palette.board_line
        if self.state.game_type == "normal":
            for a, b in ((0, 15), (3, 12)):
                pygame.draw.line(surface, colour, self.square_rect(a).center,
                                 self.square_rect(b).center, 2)

    def _draw_losing_stroke(self, surface, lines) -> None:
        for line in lines:
            centres = [self.square_rect(sq).center for sq in line]
            xs = {c[0] for c in centres}
            ys = {c[1] for c in centres}
            straight = len(xs) == 1 or len(ys) == 1 or \
                all(abs(centres[i + 1][0] - centres[i][0]) == abs(centres[i + 1][1] - centres[i][1])
                    for i in range(3))
            if straight:
                ends = sorted(centres)
                pygame.draw.line(surface, self.context.palette.highlight_bad, ends[0], ends[-1],
                                 max(3, self.cell // 16))

    def _draw_coordinates(self, surface) -> None:
        if not self.context.settings.show_coordinates:
            return
        palette = self.context.palette
        colour = readable_on(palette.board, palette.text_dim, palette.text, palette.background)
        size = max(12, self.cell // 5)
        # Centred in the board's frame, below the files and left of the ranks.
        for col in range(4):
            rect = self.square_rect(col)
            y = (rect.bottom + self.board_rect.bottom) // 2
            draw_text(surface, xtic.FILES[col], (rect.centerx, y), size, colour, anchor="center")
        for row in range(4):
            rect = self.square_rect(row * 4)
            x = (rect.x + self.board_rect.x) // 2
            draw_text(surface, str(row + 1), (x, rect.centery), size, colour, anchor="center")

    def _draw_hand(self, surface, hand_flying: bool) -> None:
        palette = self.context.palette
        state = self.state
        pygame.draw.rect(surface, palette.panel, self.hand_rect,
                         border_radius=self._hand_radius())
        pygame.draw.rect(surface, palette.accent, self.hand_rect, 2,
                         border_radius=self._hand_radius())
        if state.to_play is not None:
            if self.pending_square is not None:
                label = f"for {self.names[1 - state.to_play]}"
            elif state.phase == "place":
                name = self.names[state.to_play]
                label = f"{name} {'place' if name == 'You' else 'places'}"
            else:
                label = f"for {self.names[1 - state.to_play]}"
        else:
            label = "in hand"
        draw_text(surface, label, (self.hand_rect.centerx, self.hand_rect.y - 4),
                  self.label_size, palette.text, True, anchor="midbottom")
        if state.hand is not None and not hand_flying and self.pending_square is None:
            xtic_pieces.draw_piece(surface, state.hand, self.hand_piece_rect(), palette)
            if not self.miniature:
                self._draw_number(surface, state.hand, self.hand_rect, self._hand_radius() + 2)

    def _draw_pool(self, surface) -> None:
        palette = self.context.palette
        state = self.state
        choosing = state.phase == "choose" or self.pending_square is not None
        title = "Choose a piece to hand over" if choosing and not state.is_over else "Pieces left"
        x = self.pool_origin[0] + 2 * self.pool_cell
        draw_text(surface, title, (x, self.pool_label_y), self.label_size,
                  palette.accent if choosing else palette.text_dim, choosing, anchor="midtop")
        flying = {f.piece for f in self.flights if f.kind == "hand" and f.elapsed < f.delay}
        for piece in range(16):
            slot = self.pool_slot(piece)
            pygame.draw.rect(surface, palette.panel, slot, border_radius=slot.w // 5)
            if state.available >> piece & 1 or piece in flying:
                xtic_pieces.draw_piece(surface, piece, self.pool_piece_rect(piece), palette)
                if not self.miniature:
                    self._draw_number(surface, piece, slot, slot.w // 5)
            else:
                pygame.draw.rect(surface, palette.panel_border, slot, 1, border_radius=slot.w // 5)


def illustrate(surface, rect, palette) -> None:
    """The rules screen's picture: the 16 pieces with their numbers."""
    cell = min(rect.w // 4, (rect.h - 30) // 4)
    size = max(12, cell // 6)
    for piece in range(16):
        x = rect.x + (piece % 4) * cell
        y = rect.y + (piece // 4) * cell
        slot = pygame.Rect(x, y, cell, cell).inflate(-8, -8)
        pygame.draw.rect(surface, palette.panel, slot, border_radius=slot.w // 6)
        xtic_pieces.draw_piece(surface, piece, slot.inflate(-slot.w // 4, -slot.w // 4), palette)
        draw_text(surface, str(piece), (slot.x + 6, slot.y + 2), size, palette.text_dim)


# --- the rules pages (game/rule_pages.py) ------------------------------------------------
def _caption(surface, text, centre_x, y, width, size, colour, bold=False) -> int:
    """Centred text cut to `width`; returns the y below it."""
    from game.ui.text import fit_text
    draw_text(surface, fit_text(text, size, width, bold), (centre_x, y), size, colour, bold,
              anchor="midtop")
    return y + round(size * 1.3)


def draw_mini_board(surface, rect, palette, pieces=None, lines=(), marked=(),
                    coordinates=True):
    """A 4x4 Xtic board filling `rect` (square, centred), as the play view paints it:
    `pieces` {square: piece}, `lines` (squares, colour) pairs drawn through the squares'
    centres (a wrapped torus diagonal runs out of one edge and in at the other), `marked`
    squares ringed. Returns square -> its Rect."""
    rect = pygame.Rect(rect)
    side = min(rect.w, rect.h)
    board = pygame.Rect(0, 0, side, side)
    board.center = rect.center
    frame = max(6, side // 12) if coordinates else max(4, side // 24)
    cell = (side - 2 * frame) // 4
    origin = (board.x + (side - 4 * cell) // 2, board.y + (side - 4 * cell) // 2)

    def square_rect(square):
        col, row = square % 4, square // 4
        return pygame.Rect(origin[0] + col * cell, origin[1] + (3 - row) * cell, cell, cell)

    pygame.draw.rect(surface, palette.board, board, border_radius=max(4, side // 14))
    pygame.draw.rect(surface, palette.board_line, board, 2, border_radius=max(4, side // 14))
    for square in range(16):
        well = square_rect(square).inflate(-max(2, cell // 10), -max(2, cell // 10))
        colour = palette.square_light if (square % 4 + square // 4) % 2 else palette.square_dark
        pygame.draw.ellipse(surface, colour, well)
    width = max(2, cell // 14)
    for line, colour in lines:
        for a, b in zip(line, line[1:]):
            ca, cb = square_rect(a).center, square_rect(b).center
            if abs(ca[0] - cb[0]) <= cell and abs(ca[1] - cb[1]) <= cell:
                pygame.draw.line(surface, colour, ca, cb, width)
            else:                           # a wrap: stubs out to the edges and back in
                for here, there in ((ca, cb), (cb, ca)):
                    dx = (1 if there[0] < here[0] else -1) if abs(here[0] - there[0]) > cell \
                        else (1 if there[0] > here[0] else -1)
                    dy = (1 if there[1] < here[1] else -1) if abs(here[1] - there[1]) > cell \
                        else (1 if there[1] > here[1] else -1)
                    end = (here[0] + dx * cell * 0.6, here[1] + dy * cell * 0.6)
                    pygame.draw.line(surface, colour, here, end, width)
    for square, piece in (pieces or {}).items():
        well = square_rect(square).inflate(-max(2, cell // 10), -max(2, cell // 10))
        xtic_pieces.draw_piece(surface, piece, well.inflate(-cell // 12, -cell // 12), palette)
    for square in marked:
        pygame.draw.ellipse(surface, palette.accent, square_rect(square).inflate(-2, -2),
                            max(2, cell // 16))
    if coordinates:
        colour = readable_on(palette.board, palette.text_dim, palette.text, palette.background)
        size = max(11, min(frame - 2, cell // 4))
        for col in range(4):
            draw_text(surface, xtic.FILES[col],
                      (square_rect(col).centerx, (square_rect(col).bottom + board.bottom) // 2),
                      size, colour, anchor="center")
        for row in range(4):
            draw_text(surface, str(row + 1),
                      ((board.x + square_rect(row * 4).x) // 2, square_rect(row * 4).centery),
                      size, colour, anchor="center")
    return square_rect


def illustrate_pieces(surface, rect, palette) -> None:
    """The 16 pieces in a 4x4 table, each with its number; the columns tell black/brown
    and horizontal/vertical, the rows solid/hollow and round/square."""
    rect = pygame.Rect(rect)
    size = max(11, min(18, rect.h // 26, rect.w // 30))
    label_w = max(size * 5, rect.w // 6)
    head_h = size * 3
    cell = min((rect.w - label_w) // 4, (rect.h - head_h) // 4)
    x0 = rect.x + (rect.w - label_w - 4 * cell) // 2 + label_w
    y0 = rect.y + (rect.h - head_h - 4 * cell) // 2 + head_h
    for col, (colour, lie) in enumerate((("black", "horizontal"), ("brown", "horizontal"),
                                         ("black", "vertical"), ("brown", "vertical"))):
        cx = x0 + col * cell + cell // 2
        draw_text(surface, colour, (cx, y0 - 2 * size - 4), size, palette.text, anchor="midtop")
        draw_text(surface, lie[:5] + "." if cell < size * 6 else lie,
                  (cx, y0 - size - 4), size, palette.text_dim, anchor="midtop")
    for row, (fill, shape) in enumerate((("solid", "round"), ("hollow", "round"),
                                         ("solid", "square"), ("hollow", "square"))):
        cy = y0 + row * cell + cell // 2
        draw_text(surface, fill, (x0 - 8, cy - size // 2 - 2), size, palette.text,
                  anchor="midright")
        draw_text(surface, shape, (x0 - 8, cy + size // 2 + 2), size, palette.text_dim,
                  anchor="midright")
    for piece in range(16):
        slot = pygame.Rect(x0 + (piece % 4) * cell, y0 + (piece // 4) * cell, cell, cell)
        slot = slot.inflate(-max(4, cell // 14), -max(4, cell // 14))
        pygame.draw.rect(surface, palette.background_alt, slot, border_radius=slot.w // 6)
        xtic_pieces.draw_piece(surface, piece, slot.inflate(-slot.w // 4, -slot.w // 4), palette)
        draw_text(surface, str(piece), (slot.x + 5, slot.y + 2), max(11, cell // 7),
                  palette.text_dim)


def illustrate_turn(surface, rect, palette) -> None:
    """A turn: the piece you were handed goes on b3, then you hand piece 9 over."""
    rect = pygame.Rect(rect)
    size = max(12, min(18, rect.h // 24))
    side_w = max(rect.w // 4, size * 7)
    board_rect = pygame.Rect(rect.x, rect.y, rect.w - side_w - 10, rect.h - 2 * size)
    square_rect = draw_mini_board(surface, board_rect, palette,
                                  {0: 5, 5: 12, 10: 0, 15: 6, 3: 11},
                                  marked=(xtic.square_from_name("b3"),))
    target = square_rect(xtic.square_from_name("b3"))
    handed, given = 3, 9
    xtic_pieces.draw_piece(surface, handed, target.inflate(-target.w // 4, -target.w // 4),
                           palette, alpha=150)
    column = pygame.Rect(rect.right - side_w, rect.y, side_w, rect.h)
    box = min(side_w - 10, rect.h // 3 - 2 * size)
    y = column.y + max(0, (rect.h - 2 * box - 6 * size) // 2)
    for step, label, piece in (("1. place on b3", "handed to you", handed),
                               ("2. hand over", "your choice", given)):
        y = _caption(surface, step, column.centerx, y, side_w, size, palette.accent, True)
        slot = pygame.Rect(0, 0, box, box)
        slot.midtop = (column.centerx, y)
        pygame.draw.rect(surface, palette.background_alt, slot, border_radius=box // 6)
        pygame.draw.rect(surface, palette.accent, slot, 2, border_radius=box // 6)
        xtic_pieces.draw_piece(surface, piece, slot.inflate(-box // 5, -box // 5), palette)
        y = _caption(surface, label, column.centerx, slot.bottom + 4, side_w,
                     size, palette.text_dim) + size
    _caption(surface, "written b3/9", board_rect.centerx, rect.bottom - round(size * 1.4),
             board_rect.w, size, palette.text, True)


def illustrate_losing_line(surface, rect, palette) -> None:
    """Four round pieces on rank 2: the player who placed the fourth one lost."""
    rect = pygame.Rect(rect)
    size = max(12, min(18, rect.h // 22))
    line = tuple(xtic.square_index(c, 1) for c in range(4))
    pieces = dict(zip(line, (1, 6, 4, 3)))        # round, and nothing else in common
    pieces.update({xtic.square_index(0, 3): 12, xtic.square_index(3, 3): 9,
                   xtic.square_index(2, 0): 10, xtic.square_index(1, 2): 15})
    board_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - 3 * size)
    square_rect = draw_mini_board(surface, board_rect, palette, pieces,
                                  lines=[(line, palette.highlight_bad)])
    for square in line:
        pygame.draw.ellipse(surface, palette.highlight_bad, square_rect(square).inflate(-4, -4),
                            max(2, square_rect(0).w // 18))
    _caption(surface, "Four round pieces in a line: whoever placed the last one loses.",
             rect.centerx, rect.bottom - 2 * size, rect.w, size, palette.text)


def illustrate_game_types(surface, rect, palette) -> None:
    """The dangerous lines of each game type, on three small boards: rows and columns in
    one colour, the diagonals that count in another; on the torus one wrapped diagonal,
    c1 d2 a3 b4, is ringed."""
    rect = pygame.Rect(rect)
    size = max(12, min(18, rect.h // 24))
    wide = rect.w >= rect.h * 1.6
    count = 3
    if wide:
        cell_w, cell_h = rect.w // 3, rect.h
        boxes = [pygame.Rect(rect.x + i * cell_w, rect.y, cell_w, cell_h) for i in range(3)]
    else:       # two on top, the torus below
        cell_w, cell_h = rect.w // 2, rect.h // 2
        boxes = [pygame.Rect(rect.x, rect.y, cell_w, cell_h),
                 pygame.Rect(rect.x + cell_w, rect.y, cell_w, cell_h),
                 pygame.Rect(rect.x + cell_w // 2, rect.y + cell_h, cell_w, cell_h)]
    straight = list(xtic.LINES["nodiags"])
    example = tuple(xtic.square_from_name(n) for n in ("c1", "d2", "a3", "b4"))
    for box, (game_type, title) in zip(boxes[:count], (("normal", "Normal: 10 lines"),
                                                       ("nodiags", "No diagonals: 8"),
                                                       ("torus", "Torus: 16 lines"))):
        y = _caption(surface, title, box.centerx, box.y + 2, box.w - 8, size, palette.text, True)
        inner = pygame.Rect(box.x + 6, y + 2, box.w - 12, box.bottom - y - 8)
        diagonals = [line for line in xtic.LINES[game_type] if line not in straight]
        draw_mini_board(surface, inner, palette,
                        lines=[(line, palette.board_line) for line in straight]
                        + [(line, palette.highlight_good) for line in diagonals],
                        coordinates=game_type == "torus",
                        marked=example if game_type == "torus" else ())
