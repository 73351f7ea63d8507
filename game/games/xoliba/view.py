"""The Xoliba board: layout, drawing, hit-testing, the cursor, and move animations.

A human move is built in up to three steps: select one of your pieces (its targets light
up), point at a target (the triangle(s) the move forms are outlined) and take it; when the
move forms several triangles, pick one (each shows what it would capture). The view never
changes the state: it returns the finished move `(frm, to, triangle)` to the play scene,
which plays it and calls `on_move` to animate it (the piece and the white swap places,
then the captured discs turn over to their white face).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import input as inp
from game.games.xoliba import rules as xoliba
from game.games.xoliba.rules import COLOUR_NAMES, PASS, POINTS, SIDE, SIZE_NAMES, TRIANGLES, WHITE
from game.ui.colours import readable_on
from game.ui.text import draw_text
from game.ui.marks import draw_caption
from game.views.base import NOT_USED, USED, BoardView, Handled
from sprites import xoliba_pieces as art
from sprites.puzzle_icons import draw_arrow
from sprites.palettes import mix

POINT_SET = frozenset(POINTS)


def ease_in_out(t: float) -> float:
    return t * t * (3 - 2 * t)


@dataclass
class Slide:
    """A disc travelling along a line from one point to another."""
    face: int
    start: int
    end: int
    duration: float
    arc: float                 # sideways bulge, in point spacings (+/- for the two discs)
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def progress(self) -> float:
        return ease_in_out(min(1.0, self.elapsed / self.duration))


@dataclass
class Flip:
    """A disc turning over, from one face to another, after `delay`."""
    point: int
    before: int
    after: int
    delay: float
    duration: float
    sound: str = ""
    elapsed: float = 0.0
    started: bool = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))


class XolibaView(BoardView):
    SLIDE_TIME = 0.26          # plus SLIDE_PER_STEP for every point travelled
    SLIDE_PER_STEP = 0.06
    FLIP_TIME = 0.30
    FLIP_STAGGER = 0.045

    def __init__(self, context, state, names):
        self.context = context
        self.state = state
        self.names = names
        self.selected: int | None = None      # the piece being moved
        self.target: int | None = None        # its target, while choosing a triangle
        self.choices: list[int] = []          # the triangles to choose from
        self.choice = 0
        self.cursor = 3 * SIDE + 3            # d4
        self.hover: int | None = None
        self.hover_pos = None
        self.slides: list[Slide] = []
        self.flips: list[Flip] = []
        self.clock = 0.0
        self._moves_key = None
        self._moves: list = []
        self.choice_rows: list[pygame.Rect] = []
        self.layout(pygame.Rect(0, 0, 900, 700))

    # --- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        scale = self.context.scale
        margin = max(10, rect.h // 40)
        column_w = round(210 * scale)
        side = min(rect.h - 2 * margin, rect.w - 2 * margin)
        # a column beside the board (the discs' legend, the triangle choice) when the board
        # loses at most a tenth of its size for it
        beside = rect.w - 3 * margin - column_w
        if beside >= side * 0.9:
            side = min(side, beside)
        # the board with room for the coordinates: 6 spacings, the plate and the labels
        self.step = side / (SIDE - 1 + 2 * 1.08)
        board = art.board_side(self.step)
        self.has_column = rect.w - side - 3 * margin >= column_w
        if self.has_column:
            left = rect.x + margin + max(0, (rect.w - 3 * margin - side - column_w) // 3)
        else:
            left = rect.x + (rect.w - side) // 2
        self.area = pygame.Rect(left, rect.y + (rect.h - side) // 2, side, side)
        self.board_rect = pygame.Rect(0, 0, board, board)
        self.board_rect.center = self.area.center
        self.column = pygame.Rect(self.area.right + margin, self.area.y + round(self.step * 0.4),
                                  max(0, rect.right - margin - self.area.right - margin),
                                  side - round(self.step * 0.8))
        self.tile = art.disc_tile(self.step)
        self.label_size = max(12, round(self.step * 0.27))
        self.text_size = max(13, round(17 * scale))
        self._centres = {p: self._centre(p) for p in POINTS}

    def _centre(self, point: int) -> tuple[float, float]:
        x, y = art.point_offset(self.step, point)
        return (self.board_rect.x + x, self.board_rect.y + y)

    def centre(self, point: int) -> tuple[int, int]:
        x, y = self._centres[point]
        return (round(x), round(y))

    def draw_hint(self, surface, move) -> None:
        """A hinted swap: a pulsing ring on the piece and an arrow to where it goes."""
        if move == PASS:
            return
        frm, to, _ = move
        pulse = 0.5 + 0.5 * abs(((pygame.time.get_ticks() / 700) % 2) - 1)
        width = max(3, round((5 + 2 * pulse) * self.context.scale))
        a, b = self.centre(frm), self.centre(to)
        colour = self.context.palette.highlight_good
        pygame.draw.circle(surface, colour, a, round(self.step * 0.5), width)
        draw_arrow(surface, a, b, colour, width)

    def hit(self, pos):
        """The point under `pos` (within half a spacing of its centre), or None."""
        if pos is None:
            return None
        col = round((pos[0] - self.board_rect.x) / self.step - art.MARGIN)
        row = SIDE - 1 - round((pos[1] - self.board_rect.y) / self.step - art.MARGIN)
        if not (0 <= col < SIDE and 0 <= row < SIDE):
            return None
        point = row * SIDE + col
        if point not in POINT_SET:
            return None
        cx, cy = self._centres[point]
        if math.hypot(pos[0] - cx, pos[1] - cy) > self.step * 0.5:
            return None
        return point

    # --- the moves of the position (cached) -----------------------------------------------
    def _legal(self) -> list:
        state = self.state
        key = (id(state), len(state.history), bytes(state.board), state.to_play)
        if key != self._moves_key:
            self._moves_key = key
            self._moves = [m for m in state.legal_moves() if m != PASS]
        return self._moves

    def movable(self) -> set:
        return {m[0] for m in self._legal()}

    def targets(self, frm) -> dict:
        """to -> [triangle, ...] for the piece on `frm`."""
        found: dict = {}
        for m in self._legal():
            if m[0] == frm:
                found.setdefault(m[1], []).append(m[2])
        return found

    def captures_of(self, t: int, frm=None, to=None) -> list[int]:
        """The points whose pieces triangle `t` would capture (after the swap frm -> to)."""
        board = self.state.board
        out = []
        for q in TRIANGLES[t].contents:
            colour = board[frm] if q == to and frm is not None else \
                WHITE if q == frm else board[q]
            if colour != WHITE:
                out.append(q)
        return out

    # --- state of the interaction ---------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.slides or self.flips)

    @property
    def choosing(self) -> bool:
        return self.target is not None

    def sync(self) -> None:
        """Forget the half-built move and any animation (after undo/redo/restart)."""
        self._cancel()
        self.slides.clear()
        self.flips.clear()
        self._moves_key = None

    def _cancel(self) -> None:
        self.selected = None
        self._cancel_choice()

    def _cancel_choice(self) -> None:
        self.target = None
        self.choices = []
        self.choice = 0

    def _keyboard(self) -> bool:
        return self.context.input.last_device != inp.MOUSE

    def pass_text(self) -> str:
        return f"{self.names[self.state.to_play]} cannot form a triangle: a pass"

    def seat_colour(self, seat: int):
        """The colour the side panel shows for a seat: its discs' colour."""
        return self.context.palette.discs[seat]

    def status(self) -> str:
        state = self.state
        if state.is_over or state.to_play is None:
            return ""
        seat = state.to_play
        name = self.names[seat] if seat < len(self.names) else COLOUR_NAMES[seat]
        who = f"{name} ({COLOUR_NAMES[seat]})"
        if not self._legal():
            return f"{who} cannot form a triangle and passes"
        if self.choosing:
            how = "Left/Right to change, Confirm to play" if self._keyboard() \
                else "click the one you want"
            return f"{who}: this move forms {len(self.choices)} triangles; pick one ({how})"
        if self.selected is not None:
            return f"{who}: move to a marked white point (Back cancels)"
        return f"{who}: select a piece that can form a triangle"

    def info_lines(self) -> list[tuple[str, tuple | None]]:
        """Facts for the side panel: (text, colour or None for the normal text colour)."""
        palette = self.context.palette
        state = self.state
        lines: list = []
        if not state.history and state.first_reason:
            lines.append((state.first_reason, palette.accent))
        pieces = xoliba.counts(state.board)
        colours = 2 if state.solitaire else state.players
        for seat in range(colours):
            text = f"{COLOUR_NAMES[seat]}: {pieces[seat]} piece{'s' if pieces[seat] != 1 else ''}"
            if seat < state.players:
                taken = state.captures[seat]
                total = sum(taken)
                own = taken[seat]
                text += f", captured {total}"
                if own:
                    text += f" ({own} own)"
                if not state.active[seat]:
                    text += " (out)"
            lines.append((text, palette.discs[seat]))
        lines.append((f"White: {pieces[WHITE]} pieces", None))
        if not state.solitaire:
            if state.players == 2:
                sizes = state.biggest_sizes()
                lines.append(("Biggest triangles: " + ", ".join(
                    f"{COLOUR_NAMES[s]} {SIZE_NAMES[sizes[s]]}" for s in range(2)), None))
            quiet = state.quiet_moves
            lines.append((f"Moves without capture: {quiet} / {xoliba.NO_CAPTURE_LIMIT}",
                          palette.highlight_bad if quiet >= xoliba.NO_CAPTURE_LIMIT - 5 else None))
            if not state.is_over and state.repetitions() >= 2:
                lines.append(("This position has occurred twice: once more ends the game",
                              palette.highlight_bad))
        if state.is_over and state.end_cause:
            lines.append((f"The game ended: {state.end_cause}", palette.accent))
        return lines

    # --- input ----------------------------------------------------------------------------
    def handle(self, action) -> Handled:
        kind = action.kind
        if kind == inp.POINTER_MOVE:
            self.hover = self.hit(action.pos)
            self.hover_pos = action.pos
            if self.choosing and self.hover != self.target:
                picked = self._choice_at(action.pos)
                if picked is not None:
                    self.choice = picked
            return NOT_USED
        if kind in inp.DIRECTIONS:
            dx, dy = inp.DIRECTIONS[kind]
            if self.choosing:
                self._cycle_choice(dx + dy)
            else:
                self._move_cursor(dx, dy)
            return USED
        if kind in (inp.NEXT_PANEL, inp.PREV_PANEL):
            delta = 1 if kind == inp.NEXT_PANEL else -1
            if self.choosing:
                self._cycle_choice(delta)
            else:
                self._jump_cursor(delta)
            return USED
        if kind in (inp.BACK, inp.POINTER_BACK):
            if self.choosing:
                self.cursor = self.target
                self._cancel_choice()
                return USED
            if self.selected is not None:
                self.cursor = self.selected
                self._cancel()
                return USED
            return NOT_USED
        if kind not in (inp.CONFIRM, inp.POINTER_CLICK):
            return NOT_USED
        pointer = action.is_pointer
        if not self.human_may_move:
            if not pointer or self.hit(action.pos) is not None:
                return self._refuse()
            return NOT_USED
        if kind == inp.CONFIRM and not pointer:
            if self.choosing:
                return self._finish(self.choices[self.choice])
            return self._choose_point(self.cursor)
        # a click
        point = self.hit(action.pos)
        if self.choosing:
            if point == self.target:
                return self._finish(self.choices[self.choice])
            picked = self._choice_at(action.pos)
            if picked is not None:
                return self._finish(self.choices[picked])
        if point is None:
            return NOT_USED
        self.cursor = point
        return self._choose_point(point)

    def _choose_point(self, point: int) -> Handled:
        if self.choosing:
            if point == self.target:
                return self._finish(self.choices[self.choice])
            self._cancel_choice()
        movable = self.movable()
        if point in movable:
            if point == self.selected:
                self._cancel()
            else:
                self._cancel()
                self.selected = point
                self.context.sounds.play("menu_move")
            return USED
        if self.selected is not None:
            options = self.targets(self.selected).get(point)
            if options:
                if len(options) == 1:
                    return self._finish(options[0], point)
                self.target = point
                self.choices = sorted(options, key=lambda t: (TRIANGLES[t].size,
                                                              xoliba.triangle_label(t, point)))
                best = max(range(len(self.choices)),
                           key=lambda i: (self._enemy_captures(self.choices[i]),
                                          TRIANGLES[self.choices[i]].size))
                self.choice = best
                self.context.sounds.play("menu_move")
                return USED
        return self._refuse()

    def _enemy_captures(self, t: int) -> int:
        seat = self.state.to_play
        board = self.state.board
        return sum(1 for q in self.captures_of(t, self.selected, self.target)
                   if board[q] != seat)

    def _finish(self, t: int, to: int | None = None) -> Handled:
        move = (self.selected, self.target if to is None else to, t)
        self._cancel()
        return Handled(move=move)

    def _refuse(self) -> Handled:
        self.context.sounds.play("illegal")
        return USED

    def _cycle_choice(self, delta: int) -> None:
        if self.choices:
            self.choice = (self.choice + (1 if delta > 0 else -1)) % len(self.choices)
            self.context.sounds.play("menu_move")

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Up is towards rank 7; the cursor wraps around, skipping the missing corners."""
        col, row = self.cursor % SIDE, self.cursor // SIDE
        for _ in range(SIDE):
            col, row = (col + dx) % SIDE, (row - dy) % SIDE
            if row * SIDE + col in POINT_SET:
                break
        self.cursor = row * SIDE + col

    def _jump_cursor(self, delta: int) -> None:
        """Next/previous piece that can move, or target of the selected piece."""
        spots = sorted(self.targets(self.selected)) if self.selected is not None \
            else sorted(self.movable())
        if not spots:
            return
        # reading order: rank 7 first, left to right
        spots.sort(key=lambda p: (-(p // SIDE), p % SIDE))
        key = (-(self.cursor // SIDE), self.cursor % SIDE)
        keys = [(-(p // SIDE), p % SIDE) for p in spots]
        if delta > 0:
            after = [p for p, k in zip(spots, keys) if k > key]
            self.cursor = after[0] if after else spots[0]
        else:
            before = [p for p, k in zip(spots, keys) if k < key]
            self.cursor = before[-1] if before else spots[-1]

    def _choice_at(self, pos):
        """The candidate triangle under `pos` (the smallest one containing it), or a row
        of the choice list; None if none."""
        if pos is None or not self.choices:
            return None
        for index, row in enumerate(self.choice_rows):
            if row.collidepoint(pos):
                return index
        best = None
        for index, t in enumerate(self.choices):
            corners = [self._centres[c] for c in TRIANGLES[t].corners]
            if _inside(pos, corners, self.step * 0.3):
                key = (TRIANGLES[t].size, index != self.choice)
                if best is None or key < best[0]:
                    best = (key, index)
        return None if best is None else best[1]

    # --- animation ------------------------------------------------------------------------
    def on_move(self, move) -> None:
        """Animate the move just played: from the board before it."""
        self._cancel()
        self.slides.clear()
        self.flips.clear()
        factor = self.context.settings.animation_factor
        with self.state.before_last_move() as before:
            board_before = tuple(before.board)
        shown = list(board_before)
        delay = 0.0
        swap = isinstance(move, tuple)
        if swap:
            frm, to, _ = move
            shown[frm], shown[to] = shown[to], shown[frm]
            self.cursor = to
        changes = [p for p in POINTS if shown[p] != self.state.board[p]]
        if move == PASS:
            self.context.sounds.play("pass")
        if factor <= 0:
            if swap:
                self.context.sounds.play("swap")
                self.context.sounds.play("triangle")
            if changes:
                self.context.sounds.play("flip")
            return
        if swap:
            distance = max(abs(frm % SIDE - to % SIDE), abs(frm // SIDE - to // SIDE))
            duration = (self.SLIDE_TIME + self.SLIDE_PER_STEP * distance) / factor
            self.slides.append(Slide(board_before[to], to, frm, duration, -0.16))
            self.slides.append(Slide(board_before[frm], frm, to, duration, 0.16))
            self.context.sounds.play("swap")
            delay = duration + 0.04 / factor
            origin = self._centres[to]
        else:
            origin = (self.board_rect.centerx, self.board_rect.centery)
        changes.sort(key=lambda p: math.dist(self._centres[p], origin))
        for index, p in enumerate(changes):
            self.flips.append(Flip(p, shown[p], self.state.board[p],
                                   delay + index * self.FLIP_STAGGER / factor,
                                   self.FLIP_TIME / factor, "flip"))

    def update(self, dt: float) -> None:
        self.clock += dt
        self._warm_up()
        for slide in self.slides:
            slide.elapsed += dt
        if self.slides and all(slide.done for slide in self.slides):
            self.context.sounds.play("triangle")        # the discs land: the triangle is formed
        for flip in self.flips:
            flip.elapsed += dt
            if not flip.started and flip.elapsed >= flip.delay:
                flip.started = True
                if flip.sound:
                    self.context.sounds.play(flip.sound)
        self.slides = [s for s in self.slides if not s.done]
        self.flips = [f for f in self.flips if not f.done]

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        palette = self.context.palette
        state = self.state
        board = state.board
        animating = self.animating
        art.draw_board(surface, self.step, palette, self.board_rect.topleft)
        self._draw_coordinates(surface)

        interactive = not animating and not state.is_over and self.human_may_move
        pointed = self._pointed()
        preview = None                 # (frm, to, [triangles]) to outline under the discs
        if interactive and self.selected is not None:
            if self.choosing:
                preview = (self.selected, self.target, self.choices)
            elif pointed is not None and pointed in self.targets(self.selected):
                preview = (self.selected, pointed, self.targets(self.selected)[pointed])

        # under the discs: the last move, the end-of-game triangles, the preview zones
        last_move = not animating and preview is None
        if last_move:
            self._draw_last_move(surface, zone=True)
        if state.is_over and not animating:
            self._draw_final_triangles(surface)
        chosen = None
        if preview is not None:
            frm, to, tris = preview
            if len(tris) == 1:
                chosen = tris[0]
            elif self.choosing:
                chosen = self.choices[self.choice]
            for t in tris:
                if t != chosen:
                    self._zone(surface, t, *self._zone_style(False))
            if chosen is not None:
                self._zone(surface, chosen, *self._zone_style(True))

        # the discs
        hidden = set()
        for slide in self.slides:
            hidden.add(slide.start)
            hidden.add(slide.end)
        flipping = {f.point: f for f in self.flips}
        tile = self.tile
        centres = self._centres
        for p in POINTS:
            if p in hidden:
                continue
            flip = flipping.get(p)
            if flip is not None:
                progress = flip.progress()
                if progress <= 0:
                    art.draw_disc(surface, flip.before, centres[p], tile, palette)
                elif progress < 0.5:
                    art.draw_disc(surface, flip.before, centres[p], tile, palette,
                                  squash=math.cos(progress * math.pi))
                else:
                    art.draw_disc(surface, flip.after, centres[p], tile, palette,
                                  squash=-math.cos(progress * math.pi))
                continue
            if p == self.selected and interactive:
                continue
            art.draw_disc(surface, board[p], centres[p], tile, palette)

        # over the discs
        if last_move:
            self._draw_last_move(surface, zone=False)
        if interactive:
            self._draw_selection(surface, pointed, preview, chosen)
        for slide in sorted(self.slides, key=lambda s: s.face != WHITE):
            t = slide.progress()
            (sx, sy), (ex, ey) = centres[slide.start], centres[slide.end]
            dx, dy = ex - sx, ey - sy
            length = math.hypot(dx, dy) or 1
            bulge = math.sin(math.pi * t) * slide.arc * self.step
            x = sx + dx * t - dy / length * bulge
            y = sy + dy * t + dx / length * bulge
            art.draw_disc(surface, slide.face, (x, y), tile, palette)
        self._draw_focus(surface)
        if self.has_column:
            self._draw_column(surface)

    def _pointed(self):
        if self._keyboard():
            return self.cursor
        return self.hover

    def _corner_xy(self, t: int) -> list:
        return [self._centres[c] for c in TRIANGLES[t].corners]

    def _zone(self, surface, t: int, colour, width: int, fill: int, line_alpha: int = 255):
        art.draw_zone(surface, self._corner_xy(t), self.step * 0.47, colour, width, fill,
                      line_alpha)

    def _zone_style(self, chosen: bool) -> tuple:
        """(colour, width, fill alpha, line alpha) of a previewed triangle."""
        palette = self.context.palette
        if chosen:
            return (palette.accent, max(2, round(self.step * 0.05)), 60, 255)
        return (mix(palette.text_dim, palette.text, 0.5), 2, 22, 210)

    def _warm_up(self) -> None:
        """Paint one not yet cached triangle outline of the selected piece's moves, so
        that pointing at a target never waits for its painting."""
        if self.selected is None or self.animating:
            return
        for _to, tris in self.targets(self.selected).items():
            styles = [True] + ([False] if len(tris) > 1 else [])
            for t in tris:
                for chosen in styles:
                    colour, width, fill, line = self._zone_style(chosen)
                    key = art.zone_key(self._corner_xy(t), self.step * 0.47, colour, width,
                                       fill, line)
                    if not art.zone_cached(key):
                        art.zone_surface(self._corner_xy(t), self.step * 0.47, colour, width,
                                         fill, line)
                        return

    def _draw_last_move(self, surface, zone: bool) -> None:
        history = self.state.history
        if not history or not isinstance(history[-1], tuple):
            return
        frm, to, t = history[-1]
        mover = self.state.board[to]
        palette = self.context.palette
        colour = palette.discs[mover] if mover != WHITE else palette.text_dim
        if zone:
            self._zone(surface, t, colour, max(2, round(self.step * 0.035)), 0, 150)
            return
        # where the piece came from: a small ring on the white left there
        if self.state.board[frm] == WHITE:
            pygame.draw.circle(surface, colour, self.centre(frm), round(self.step * 0.13),
                               max(2, round(self.step * 0.04)))

    def _draw_final_triangles(self, surface) -> None:
        state = self.state
        if state.players not in (2, 3):
            return
        palette = self.context.palette
        for seat in range(state.players):
            t = xoliba.biggest_triangle(state.board, seat)
            if t is not None:
                self._zone(surface, t, palette.discs[seat], max(3, round(self.step * 0.07)), 50)

    def _draw_selection(self, surface, pointed, preview, chosen) -> None:
        palette = self.context.palette
        state = self.state
        step = self.step
        radius = art.disc_radius(self.tile)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        if self.selected is None:
            # every piece that can move gets a quiet ring
            ring = mix(palette.text_dim, palette.text, 0.4 * pulse)
            for p in self.movable():
                pygame.draw.circle(surface, ring, self.centre(p), round(radius + step * 0.06),
                                   max(1, round(step * 0.03)))
            return
        seat = state.to_play
        good = palette.highlight_good
        for p in self.targets(self.selected):
            if p == (preview[1] if preview else None):
                continue
            pygame.draw.circle(surface, good, self.centre(p), round(radius + step * 0.05),
                               max(2, round(step * 0.05)))
            pygame.draw.circle(surface, good, self.centre(p), round(step * 0.09))
        # the selected piece, lifted
        x, y = self._centres[self.selected]
        lift = step * 0.06
        art.draw_disc(surface, board_face(state, self.selected), (x, y - lift),
                      round(self.tile * 1.1), palette)
        pygame.draw.circle(surface, palette.text, (round(x), round(y - lift)),
                           round(radius * 1.1 + step * 0.05), max(2, round(step * 0.045)))
        if preview is None:
            return
        frm, to, tris = preview
        # the piece as it would stand on the target, and what it would capture
        art.draw_disc(surface, seat, self._centres[to], self.tile, palette, alpha=170)
        pygame.draw.circle(surface, good, self.centre(to), round(radius + step * 0.05),
                           max(2, round(step * 0.05)))
        if chosen is not None:
            bad = palette.highlight_bad
            for q in self.captures_of(chosen, frm, to):
                art.draw_disc(surface, WHITE, self._centres[q], self.tile, palette, alpha=120)
                pygame.draw.circle(surface, bad, self.centre(q), round(radius + step * 0.03),
                                   max(2, round(step * 0.05)))
            for c in TRIANGLES[chosen].corners:
                if c != to:
                    pygame.draw.circle(surface, palette.accent, self.centre(c),
                                       round(radius + step * 0.05), max(2, round(step * 0.04)))

    def _draw_focus(self, surface) -> None:
        palette = self.context.palette
        state = self.state
        if state.is_over:
            return
        if self._keyboard():
            if self.choosing:
                return
            x, y = self.centre(self.cursor)
            half = round(self.step * 0.5)
            pygame.draw.rect(surface, palette.cursor, (x - half, y - half, 2 * half, 2 * half),
                             max(3, round(self.step * 0.05)), border_radius=round(self.step * 0.16))
        elif self.hover is not None and not self.animating:
            x, y = self.centre(self.hover)
            half = round(self.step * 0.49)
            pygame.draw.rect(surface, palette.text_dim, (x - half, y - half, 2 * half, 2 * half),
                             2, border_radius=round(self.step * 0.16))

    def _draw_coordinates(self, surface) -> None:
        if not self.context.settings.show_coordinates:
            return
        palette = self.context.palette
        colour = readable_on(palette.background, palette.text_dim, palette.text)
        size = self.label_size
        gap = self.step * 1.0
        bottom_y = self._centres[1][1] + gap
        left_x = self._centres[SIDE][0] - gap
        for col in range(SIDE):
            x = self._centres[SIDE + col][0]
            draw_text(surface, xoliba.FILES[col], (x, bottom_y), size, colour, anchor="center")
        for row in range(SIDE):
            y = self._centres[row * SIDE + 1][1]
            draw_text(surface, str(row + 1), (left_x, y), size, colour, anchor="center")

    def _draw_column(self, surface) -> None:
        """Beside the board: what each disc means, and the triangle choice."""
        palette = self.context.palette
        state = self.state
        col = self.column
        size = self.text_size
        line_h = round(size * 1.7)
        small = max(16, round(size * 1.6))
        x, y = col.x, col.y
        self.choice_rows = []
        draw_text(surface, "Discs", (x, y), size, palette.text_dim, True)
        y += line_h
        faces = list(range(2 if state.solitaire else state.players)) + [WHITE]
        for face in faces:
            art.draw_disc(surface, face, (x + small // 2, y + small // 2 - 2), small, palette)
            # Colour names only: who plays which colour is in the side panel.
            name = "White" if face == WHITE else COLOUR_NAMES[face]
            draw_text(surface, name, (x + small + 8, y + small // 2 - 2), size, palette.text,
                      anchor="midleft")
            y += small + 6
        if not self.choosing or not self.human_may_move:
            return
        y += line_h // 2
        draw_text(surface, "Choose a triangle", (x, y), size, palette.accent, True)
        y += line_h
        mini = max(12, round(size * 0.95))
        for index, t in enumerate(self.choices):
            captured = self.captures_of(t, self.selected, self.target)
            per_row = max(1, (col.w - 16) // (mini + 2))
            rows = max(1, -(-len(captured) // per_row))
            height = line_h + rows * (mini + 2) + 8
            rect = pygame.Rect(x - 6, y - 4, col.w, height)
            self.choice_rows.append(rect)
            current = index == self.choice
            pygame.draw.rect(surface, palette.panel, rect, border_radius=8)
            pygame.draw.rect(surface, palette.accent if current else palette.panel_border, rect,
                             3 if current else 1, border_radius=8)
            label = f"{SIZE_NAMES[TRIANGLES[t].size].capitalize()} triangle"
            draw_text(surface, label, (x + 2, y), size, palette.text if current else palette.text_dim,
                      current)
            yy = y + line_h - 4
            if not captured:
                draw_text(surface, "captures nothing", (x + 2, yy), round(size * 0.85),
                          palette.text_dim)
            for i, q in enumerate(captured):
                cx = x + 2 + (i % per_row) * (mini + 2) + mini // 2
                cy = yy + (i // per_row) * (mini + 2) + mini // 2
                art.draw_disc(surface, self.state.board[q], (cx, cy), mini, palette)
            y += height + 6
            if y > col.bottom:
                break


def board_face(state, point: int) -> int:
    return state.board[point]


def _inside(pos, corners, tolerance: float) -> bool:
    """Whether `pos` is inside the triangle `corners`, or within `tolerance` of it."""
    (x1, y1), (x2, y2), (x3, y3) = corners
    px, py = pos
    inside = True
    for (ax, ay), (bx, by), (cx, cy) in (((x1, y1), (x2, y2), (x3, y3)),
                                         ((x2, y2), (x3, y3), (x1, y1)),
                                         ((x3, y3), (x1, y1), (x2, y2))):
        # signed distance of pos from edge a-b, positive on c's side
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey) or 1
        side_c = (ex * (cy - ay) - ey * (cx - ax)) / length
        side_p = (ex * (py - ay) - ey * (px - ax)) / length
        if side_c < 0:
            side_p = -side_p
        if side_p < -tolerance:
            inside = False
    return inside


# --- the rules screen ------------------------------------------------------------------
def illustrate(surface, rect, palette) -> None:
    """The three accepted triangle sizes and a forbidden shape, on patches of the board."""
    rect = pygame.Rect(rect)
    gap = max(8, rect.w // 40)
    cell_w = (rect.w - gap) // 2
    cell_h = (rect.h - gap) // 2
    title = max(12, min(22, round(cell_w / 13)))
    note = max(11, round(title * 0.8))
    cols, rows = 7, 4
    step = max(8.0, min((cell_w - 20) / (cols - 0.2), (cell_h - 2.6 * title - 2.2 * note) / rows))
    tile = art.disc_tile(step)
    colours = art.board_colours(palette)
    panels = [
        ("Small: 1 inside", "long side of 3 points", 1, True),
        ("Medium: 6 inside", "long side of 5 points", 2, True),
        ("Large: 13 inside", "long side of 7 points", 3, True),
        ("Not allowed", "long side on a diagonal", 1, False),
    ]
    for index, (heading, caption, size, allowed) in enumerate(panels):
        cell = pygame.Rect(rect.x + (index % 2) * (cell_w + gap),
                           rect.y + (index // 2) * (cell_h + gap), cell_w, cell_h)
        radius = max(6, round(step * 0.4))
        pygame.draw.rect(surface, colours["rim"], cell, border_radius=radius)
        pygame.draw.rect(surface, colours["plate"], cell.inflate(-6, -6), border_radius=radius)
        colour = palette.highlight_good if allowed else palette.highlight_bad
        draw_text(surface, heading, (cell.centerx, cell.y + title // 2), title,
                  palette.text if allowed else palette.highlight_bad, True, anchor="midtop")
        draw_text(surface, caption, (cell.centerx, cell.bottom - note // 2 - 4), note,
                  palette.text_dim, anchor="midbottom")
        top_y = cell.y + title * 2
        bottom_y = cell.bottom - note * 2
        ox = cell.centerx - (cols - 1) * step / 2
        oy = (top_y + bottom_y) / 2 - (rows - 1) * step / 2

        def at(c, r, ox=ox, oy=oy):
            return (ox + c * step, oy + r * step)       # r grows downwards here

        for r in range(rows):
            for c in range(cols):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    if 0 <= c + dc < cols and r + dr < rows:
                        pygame.draw.line(surface, colours["line"], at(c, r), at(c + dc, r + dr), 1)
        if allowed:
            left = (cols - 1 - 2 * size) // 2
            base = rows - 1 - max(0, (rows - 1 - size) // 2)
            top = base - size
            corners = [(left + size, top), (left, base), (left + 2 * size, base)]
            inside = [(left + j, base - k) for k in range(size + 1)
                      for j in range(k, 2 * size - k + 1)]
        else:
            left, base = 2, 2
            corners = [(left, base), (left + 2, base), (left, base - 2)]
            inside = [(left + j, base - k) for k in range(3) for j in range(3 - k)]
        corner_xy = [at(*c) for c in corners]
        art.draw_zone(surface, corner_xy, step * 0.5, colour, max(2, round(step * 0.08)), 50)
        for c in inside:
            art.draw_disc(surface, 0 if c in corners else WHITE, at(*c), tile, palette)
        if not allowed:
            mx, my = at(left + 3.1, base - 1)
            arm = step * 0.55
            width = max(3, round(step * 0.16))
            pygame.draw.line(surface, colour, (mx - arm, my - arm), (mx + arm, my + arm), width)
            pygame.draw.line(surface, colour, (mx - arm, my + arm), (mx + arm, my - arm), width)


# --- the rules pages (game/rule_pages.py) ------------------------------------------------
RED_FACE, BLUE_FACE = 0, 1
SETUP_SEED = 11             # the deal shown on the set-up page


def _lattice_inside(corners) -> list:
    """Every grid point (c, r) on or inside the triangle `corners` (grid coordinates)."""
    xs = [c for c, _ in corners]
    ys = [r for _, r in corners]
    found = []
    for r in range(min(ys), max(ys) + 1):
        for c in range(min(xs), max(xs) + 1):
            if _inside((c, r), corners, 1e-6):
                found.append((c, r))
    return found


def _cross(surface, centre, arm, colour, width) -> None:
    x, y = centre
    pygame.draw.line(surface, colour, (x - arm, y - arm), (x + arm, y + arm), width)
    pygame.draw.line(surface, colour, (x - arm, y + arm), (x + arm, y - arm), width)


def draw_patch(surface, cell, palette, heading, caption="", cols=7, rows=4, discs=None,
               zones=(), arrows=(), verdict=None, step=None):
    """A patch of the board in `cell`: a plate with `cols` x `rows` points and all their
    lines, `discs` {(c, r): face} (r grows downwards), `zones` (corners, colour) drawn as
    the play view outlines a triangle, `arrows` ((c, r), (c, r)) and a `heading` above,
    a `caption` below; `verdict` True/False adds a tick or a cross by the heading.
    Returns the grid -> pixel function."""
    cell = pygame.Rect(cell)
    colours = art.board_colours(palette)
    title = max(12, min(20, round(cell.w / 14), cell.h // 9))
    note = max(11, round(title * 0.85))
    if step is None:
        # room for the points and for a triangle's outline half a step beyond them
        step = max(6.0, min((cell.w - 16) / (cols + 0.1),
                            (cell.h - 2.2 * title - (1.9 * note if caption else 0.5 * note))
                            / (rows + 0.1)))
    tile = art.disc_tile(step)
    radius = max(6, round(step * 0.4))
    pygame.draw.rect(surface, colours["rim"], cell, border_radius=radius)
    pygame.draw.rect(surface, colours["plate"], cell.inflate(-6, -6), border_radius=radius)
    good, bad = palette.highlight_good, palette.highlight_bad
    head_colour = bad if verdict is False else palette.text
    head = draw_text(surface, heading, (cell.centerx, cell.y + round(title * 0.45)), title,
                     head_colour, True, anchor="midtop")
    if verdict is not None:
        mark_x = head.right + title
        mid = head.centery
        if verdict:
            pygame.draw.lines(surface, good, False, [(mark_x - title * 0.4, mid),
                                                     (mark_x - title * 0.1, mid + title * 0.3),
                                                     (mark_x + title * 0.45, mid - title * 0.35)],
                              max(2, title // 6))
        else:
            _cross(surface, (mark_x, mid), title * 0.35, bad, max(2, title // 6))
    if caption:
        draw_text(surface, caption, (cell.centerx, cell.bottom - round(note * 0.5) - 3), note,
                  palette.text_dim, anchor="midbottom")
    top_y = cell.y + title * 1.9
    bottom_y = cell.bottom - (note * 1.9 if caption else note * 0.6)
    ox = cell.centerx - (cols - 1) * step / 2
    oy = (top_y + bottom_y) / 2 - (rows - 1) * step / 2

    def at(c, r):
        return (ox + c * step, oy + r * step)

    width = max(1, round(step * 0.035))
    for r in range(rows):
        for c in range(cols):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                if 0 <= c + dc < cols and r + dr < rows:
                    pygame.draw.line(surface, colours["line"], at(c, r), at(c + dc, r + dr), width)
            pygame.draw.circle(surface, colours["dot"], at(c, r), max(2, step * 0.07))
    for corners, colour in zones:
        art.draw_zone(surface, [at(*c) for c in corners], step * 0.5, colour,
                      max(2, round(step * 0.08)), 50)
    for point, face in (discs or {}).items():
        art.draw_disc(surface, face, at(*point), tile, palette)
    for start, end in arrows:
        (sx, sy), (ex, ey) = at(*start), at(*end)
        length = math.hypot(ex - sx, ey - sy) or 1
        trim = step * 0.3
        draw_arrow(surface, (sx + (ex - sx) * trim / length, sy + (ey - sy) * trim / length),
                   (ex - (ex - sx) * trim / length, ey - (ey - sy) * trim / length),
                   palette.accent, max(3, round(step * 0.12)))
    return at


def _grid_cells(rect, count, columns, gap) -> list:
    rows = -(-count // columns)
    w = (rect.w - gap * (columns - 1)) // columns
    h = (rect.h - gap * (rows - 1)) // rows
    return [pygame.Rect(rect.x + (i % columns) * (w + gap), rect.y + (i // columns) * (h + gap),
                        w, h) for i in range(count)]


def _triangle(apex, size, pointing="up") -> list:
    """The corners of an accepted triangle of `size` with its right angle at `apex`."""
    c, r = apex
    if pointing == "up":
        return [apex, (c - size, r + size), (c + size, r + size)]
    if pointing == "down":
        return [apex, (c - size, r - size), (c + size, r - size)]
    if pointing == "left":
        return [apex, (c + size, r - size), (c + size, r + size)]
    return [apex, (c - size, r - size), (c - size, r + size)]


def _filled(corners, face_inside=WHITE, corner_face=RED_FACE, extra=None) -> dict:
    discs = {point: face_inside for point in _lattice_inside(corners)}
    discs.update({corner: corner_face for corner in corners})
    discs.update(extra or {})
    return discs


def illustrate_setup(surface, rect, palette) -> None:
    """A two-player deal on the whole board, its 8 corners and 20 edge points ringed."""
    import random
    rect = pygame.Rect(rect)
    note = max(12, min(18, rect.h // 26))
    board = xoliba.deal(random.Random(SETUP_SEED), 2)
    side_units = SIDE - 1 + 2 * art.MARGIN
    step = min(rect.w, rect.h - 3 * note) / side_units
    side = art.board_side(step)
    topleft = (rect.centerx - side // 2, rect.y)
    art.draw_board(surface, step, palette, topleft)
    tile = art.disc_tile(step)
    for point in POINTS:
        x, y = art.point_offset(step, point)
        centre = (topleft[0] + x, topleft[1] + y)
        art.draw_disc(surface, board[point], centre, tile, palette)
        if point in xoliba.CORNERS:
            pygame.draw.circle(surface, palette.accent, centre, tile * 0.56, max(3, tile // 10))
        elif point in xoliba.EDGES:
            pygame.draw.circle(surface, palette.text_dim, centre, tile * 0.53, 1)
    on_corners = [sum(board[p] == face for p in xoliba.CORNERS) for face in (RED_FACE, BLUE_FACE)]
    on_edges = [sum(board[p] == face for p in xoliba.EDGES) for face in (RED_FACE, BLUE_FACE)]
    if on_corners[0] != on_corners[1]:
        starter = COLOUR_NAMES[on_corners.index(min(on_corners))]
        why = f"on corners: red {on_corners[0]}, blue {on_corners[1]}"
    else:
        starter = COLOUR_NAMES[on_edges.index(min(on_edges))]
        why = f"corners equal; on edges: red {on_edges[0]}, blue {on_edges[1]}"
    from game.ui.text import fit_text
    text = fit_text(f"This deal: {why}, so {starter} starts.", note, rect.w)
    draw_text(surface, text, (rect.centerx, rect.bottom - note // 2), note, palette.text,
              anchor="midbottom")


def illustrate_swap(surface, rect, palette) -> None:
    """Before: a red piece slides along a row of whites. After: it has swapped places
    with the last white and forms a small triangle with two more reds."""
    rect = pygame.Rect(rect)
    top, bottom = _grid_cells(rect, 2, 1, max(8, rect.h // 40))
    around = {(1, 0): BLUE_FACE, (6, 0): BLUE_FACE, (2, 3): RED_FACE, (0, 3): BLUE_FACE,
              (6, 3): WHITE, (5, 3): BLUE_FACE, (4, 1): RED_FACE, (5, 2): RED_FACE,
              (4, 2): WHITE, (2, 1): WHITE, (0, 1): RED_FACE}
    before = dict(around)
    before.update({(0, 2): RED_FACE, (1, 2): WHITE, (2, 2): WHITE, (3, 2): WHITE})
    draw_patch(surface, top, palette, "Before: a slide over whites", "red swaps with the "
               "third white along the row", discs=before, arrows=[((0, 2), (3, 2))])
    after = dict(around)
    after.update({(0, 2): WHITE, (1, 2): WHITE, (2, 2): WHITE, (3, 2): RED_FACE})
    draw_patch(surface, bottom, palette, "After: a triangle is formed", "the white went back "
               "to where red was", discs=after,
               zones=[([(4, 1), (3, 2), (5, 2)], palette.highlight_good)], verdict=True)


def illustrate_triangle_sizes(surface, rect, palette) -> None:
    """The three accepted sizes (pointing up), and one turned on its side."""
    rect = pygame.Rect(rect)
    cells = _grid_cells(rect, 4, 2, max(8, rect.w // 40))
    panels = [("Small", "long side 3, 1 inside", _triangle((3, 1), 1)),
              ("Medium", "long side 5, 6 inside", _triangle((3, 0), 2)),
              ("Large", "long side 7, 13 inside", _triangle((3, 0), 3)),
              ("Turned", "long side upright", _triangle((2, 2), 2, "left"))]
    for cell, (heading, caption, corners) in zip(cells, panels):
        rows = 5 if heading == "Turned" else 4
        draw_patch(surface, cell, palette, heading, caption, rows=rows,
                   discs=_filled(corners), zones=[(corners, palette.highlight_good)],
                   verdict=True)


def illustrate_forbidden(surface, rect, palette) -> None:
    """Shapes that are not triangles: the long side on a diagonal, lopsided, flat, and
    three in a line."""
    rect = pygame.Rect(rect)
    cells = _grid_cells(rect, 4, 2, max(8, rect.w // 40))
    bad = palette.highlight_bad
    panels = [("Diagonal long side", [(2, 3), (4, 3), (2, 1)]),
              ("Lopsided", [(2, 3), (1, 2), (5, 0)]),
              ("Flat", [(1, 3), (5, 3), (3, 2)]),
              ("In a line", [(1, 2), (3, 2), (5, 2)])]
    for cell, (heading, corners) in zip(cells, panels):
        discs = {corner: RED_FACE for corner in corners}
        at = draw_patch(surface, cell, palette, heading, "", discs=discs,
                        zones=[] if heading == "In a line" else [(corners, bad)], verdict=False)
        if heading == "In a line":
            pygame.draw.line(surface, bad, at(0.6, 2), at(5.4, 2), 3)


def illustrate_capture(surface, rect, palette) -> None:
    """Before and after a capture: red forms a medium triangle; the blue pieces inside it,
    and the red one, turn white."""
    rect = pygame.Rect(rect)
    top, bottom = _grid_cells(rect, 2, 1, max(8, rect.h // 40))
    corners = _triangle((3, 1), 2)
    outside = {(0, 0): BLUE_FACE, (6, 0): RED_FACE, (0, 2): BLUE_FACE, (6, 2): BLUE_FACE,
               (0, 3): WHITE, (1, 1): WHITE, (5, 1): BLUE_FACE}
    inside = {(2, 3): BLUE_FACE, (3, 3): RED_FACE, (4, 3): BLUE_FACE, (3, 2): BLUE_FACE,
              (4, 2): BLUE_FACE, (2, 2): WHITE}
    before = dict(outside)
    before.update(inside)
    before.update({(1, 3): RED_FACE, (5, 3): RED_FACE, (4, 0): RED_FACE, (3, 1): WHITE})
    draw_patch(surface, top, palette, "Before", "red swaps into the top corner",
               discs=before, arrows=[((4, 0), (3, 1))])
    after = dict(outside)
    after.update({point: WHITE for point in inside})
    after.update({(1, 3): RED_FACE, (5, 3): RED_FACE, (4, 0): WHITE, (3, 1): RED_FACE})
    draw_patch(surface, bottom, palette, "After", "4 blue and 1 red captured: all white now",
               discs=after, zones=[(corners, palette.highlight_good)])


def illustrate_scoring(surface, rect, palette) -> None:
    """The final board compared: red's biggest triangle is large, blue's medium."""
    rect = pygame.Rect(rect)
    note = max(12, min(18, rect.h // 26))
    area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - 3 * note)
    left, right = _grid_cells(area, 2, 2, max(8, rect.w // 40))
    red = _triangle((3, 0), 3)
    blue = _triangle((3, 1), 2)
    draw_patch(surface, left, palette, "Red: large", "size 3", rows=4,
               discs=_filled(red, extra={(3, 1): BLUE_FACE}),
               zones=[(red, palette.discs[RED_FACE])])
    draw_patch(surface, right, palette, "Blue: medium", "size 2", rows=4,
               discs=_filled(blue, corner_face=BLUE_FACE, extra={(3, 3): RED_FACE}),
               zones=[(blue, palette.discs[BLUE_FACE])])
    draw_caption(surface, ("Biggest triangles on the final board:",
                           "red wins, 3 points per blue piece captured."),
                 rect.centerx, area.bottom + round(note * 0.3), note, rect.w, palette.text,
                 spacing=1.35)
