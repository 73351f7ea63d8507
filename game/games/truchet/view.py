"""The boardless Truchet tile layout (Che; Xutoli reuses it): camera, tiles, input.

The camera (a cell size in pixels and the world point at the view's centre) keeps the
whole layout in view by default, easing towards the fit as it grows; panning (a mouse
drag, the right stick, Shift+arrows) or zooming (the wheel, the triggers, + and -) hands
it to the player until Fit (F / Home / right stick press) gives it back.

Placing: the open cells (empty, next to the layout) are marked. A ghost of the tile to be
placed follows the pointer, or the cursor cell for keys and pad; its dominant colour is
switched by Tab / RB / a right click (for the very first tile the switch runs through all
four tiles). A click (released without dragging), Enter or A places it; it pops in.

Regions: the region under the pointer (or under the cursor's tile band) is outlined with
its size; at the end the winning closed region is highlighted, or, when the tiles ran out,
each player's largest region with its size.
"""
from __future__ import annotations

import math

import pygame

from game.ui import input as inp
from game.ui.marks import draw_caption, draw_hint_outline
from game.core.state import PerPosition
from game.games.truchet.layout import LEFT, RIGHT, Tile, band_corners
from game.ui.text import draw_text, fit_text, render_text
from game.views.base import NOT_USED, USED, BoardView, Handled
from sprites import truchet_tiles as art
from sprites.palettes import lighten, luminance, mix
from sprites.display_format import display_ready
from sprites.surface_cache import SurfaceCache

MIN_CELL, MAX_CELL = 14, 160        # zoom limits, pixels per cell at scale 1
ZOOM_STEP = 1.15
DRAG_THRESHOLD = 6                  # pixels a press may move and still be a click
POP_TIME = 0.28                     # a placed tile pops in for this long (normal speed)
FIT_EASE = 8.0                      # how fast the camera follows the fit (per second)


REGION_LIGHTEN = 0.55               # a dark region shown: its own colour, this much lighter
REGION_WARM = 0.5                   # a light region shown: this much of the accent

class TruchetView(BoardView):
    colour_names = ("Light", "Dark")
    region_sizes = True                 # label an outlined region with its size (Che)
    region_alpha = 120                  # how strongly an outlined region is lightened
    paints_its_rect = True              # its layer holds the background (draw_background)

    def __init__(self, context, state, names):
        self.context = context
        self.state = state
        self.names = names
        self.rect = pygame.Rect(0, 0, 640, 480)
        self.cell = 48.0                    # pixels per cell
        self.centre = [0.5, 0.5]            # world point at the view's centre
        self.fit = True                     # the camera follows the layout
        # The camera waits a frame after a move: the move's frame then only adds its
        # tile to the layer of tiles, and the repaints of the camera's easing start after.
        self.camera_waits = False
        self.cursor = (0, 0)
        self.colour = 0                     # the ghost's dominant colour
        self.first_orient = LEFT            # the very first tile also chooses this
        self.hover_cell = None
        self.hover_pos = None
        self.press = None                   # where a mouse press started; dragged or not
        self.dragged = False
        self.pops: list = []                # (tile, elapsed, duration)
        self.per_position = PerPosition()   # bounds and regions, per position
        self.clock = 0.0

    # --- layout and camera ---------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        if self.fit:
            self.centre, self.cell = list(self._fit_target()[0]), self._fit_target()[1]

    def _bounds(self) -> tuple:
        """(min x, min y, max x, max y) in cells of the tiles and open cells; found again
        only when the layout changed (the fitting camera asks every frame)."""
        def bounds():
            layout = self.state.layout
            cells = [(t.x, t.y) for t in layout.tiles()] + layout.open_cells()
            xs = [c[0] for c in cells]
            ys = [c[1] for c in cells]
            return min(xs), min(ys), max(xs) + 1, max(ys) + 1
        return self.per_position.get(self.state, "bounds", bounds)

    def _fit_target(self) -> tuple:
        x0, y0, x1, y1 = self._bounds()
        margin = 0.6
        w, h = x1 - x0 + 2 * margin, y1 - y0 + 2 * margin
        scale = self.context.scale
        cell = min(self.rect.w / w, self.rect.h / h, MAX_CELL * scale)
        return ((x0 + x1) / 2, (y0 + y1) / 2), max(MIN_CELL * scale, cell)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.rect.centerx + (x - self.centre[0]) * self.cell,
                self.rect.centery + (y - self.centre[1]) * self.cell)

    def to_world(self, pos) -> tuple[float, float]:
        return (self.centre[0] + (pos[0] - self.rect.centerx) / self.cell,
                self.centre[1] + (pos[1] - self.rect.centery) / self.cell)

    def cell_at(self, pos):
        if pos is None or not self.rect.collidepoint(pos):
            return None
        x, y = self.to_world(pos)
        return math.floor(x), math.floor(y)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        left, top = self.to_screen(x, y)
        right, bottom = self.to_screen(x + 1, y + 1)
        return pygame.Rect(round(left), round(top), round(right) - round(left),
                           round(bottom) - round(top))

    def pan(self, dx_pixels: float, dy_pixels: float) -> None:
        self.fit = False
        self.centre[0] -= dx_pixels / self.cell
        self.centre[1] -= dy_pixels / self.cell

    def zoom(self, factor: float, around=None) -> None:
        self.fit = False
        scale = self.context.scale
        before = self.to_world(around) if around else None
        self.cell = min(MAX_CELL * scale, max(MIN_CELL * scale, self.cell * factor))
        if before:
            after = self.to_world(around)
            self.centre[0] += before[0] - after[0]
            self.centre[1] += before[1] - after[1]

    def _keep_in_view(self, x: int, y: int) -> None:
        """Pan so the cursor cell stays on screen (keys and pad move it off the edge)."""
        rect = self.cell_rect(x, y)
        area = self.rect.inflate(-self.cell, -self.cell)
        if not area.contains(rect):
            dx = min(0, area.right - rect.right) + max(0, area.left - rect.left)
            dy = min(0, area.bottom - rect.bottom) + max(0, area.top - rect.top)
            self.pan(dx, dy)

    # --- what can be played --------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.pops)

    def ghost_at(self, cell):
        """The tile the player would place on `cell` now, or None."""
        if cell is None or self.state.is_over:
            return None
        layout = self.state.layout
        if not layout.count:
            return Tile(0, 0, self.colour, self.first_orient) if cell == (0, 0) else None
        return self.state.move_for(cell[0], cell[1], self.colour)

    def switch(self) -> None:
        """Switch the ghost's colour (the first tile: the next of all four)."""
        if not self.state.layout.count:
            if self.first_orient == LEFT:
                self.first_orient = RIGHT
            else:
                self.first_orient = LEFT
                self.colour = 1 - self.colour
        else:
            self.colour = 1 - self.colour
        self.context.sounds.play("menu_move")

    def sync(self) -> None:
        self.pops.clear()
        self.press = None
        if self.state.layout.count and self.cursor not in self.state.layout.open_cells() \
                and self.state.layout.tile_at(*self.cursor) is None:
            self.cursor = self.state.layout.open_cells()[0]
        if self.state.to_play is not None:
            self.colour = self.state.to_play      # players mostly place their own colour

    # --- input ---------------------------------------------------------------------------
    def handle(self, action) -> Handled:
        """Use an action; its move is a tile to place."""
        kind = action.kind
        if kind == inp.POINTER_MOVE:
            self.hover_pos = action.pos
            self.hover_cell = self.cell_at(action.pos)
            return NOT_USED
        if kind == inp.POINTER_CLICK:
            if self.rect.collidepoint(action.pos):
                self.press, self.dragged = action.pos, False
                return USED
            return NOT_USED
        if kind == inp.POINTER_DRAG and self.press is not None:
            if self.dragged or math.dist(action.pos, self.press) > DRAG_THRESHOLD:
                if not self.dragged:        # the drag starts where the press was
                    self.pan(action.pos[0] - self.press[0] - action.delta[0],
                             action.pos[1] - self.press[1] - action.delta[1])
                self.dragged = True
                self.pan(*action.delta)
            return USED
        if kind == inp.POINTER_RELEASE:
            press, dragged, self.press = self.press, self.dragged, None
            if press is None or dragged:
                return USED if press is not None else NOT_USED
            cell = self.cell_at(action.pos)
            if cell is None:
                return NOT_USED
            self.cursor = cell
            return self._place(cell)
        if kind == inp.POINTER_BACK or kind in (inp.NEXT_PANEL, inp.PREV_PANEL):
            self.switch()
            return USED
        if kind == inp.SCROLL:
            self.zoom(ZOOM_STEP ** action.amount, action.pos)
            return USED
        if kind in (inp.ZOOM_IN, inp.ZOOM_OUT):
            self.zoom(ZOOM_STEP if kind == inp.ZOOM_IN else 1 / ZOOM_STEP,
                      self.to_screen(self.cursor[0] + 0.5, self.cursor[1] + 0.5)
                      if action.device != inp.MOUSE else None)
            return USED
        if kind == inp.PAN:
            dx, dy = action.delta
            self.pan(-dx * self.rect.w, -dy * self.rect.h)
            return USED
        if kind == inp.FIT:
            self.fit = True
            return USED
        if kind in inp.DIRECTIONS:
            dx, dy = inp.DIRECTIONS[kind]
            x0, y0, x1, y1 = self._bounds()
            x = min(x1, max(x0 - 1, self.cursor[0] + dx))
            y = min(y1, max(y0 - 1, self.cursor[1] + dy))
            self.cursor = (x, y)
            self._keep_in_view(x, y)
            return USED
        if kind == inp.CONFIRM and not action.is_pointer:
            return self._place(self.cursor)
        return NOT_USED

    def _place(self, cell) -> Handled:
        tile = self.ghost_at(cell)
        if not self.human_may_move or tile is None:
            self.context.sounds.play("illegal")
            return USED
        return Handled(move=tile)

    def on_move(self, move) -> None:
        if not isinstance(move, Tile):
            return                          # "agree": nothing moves
        with self.state.before_last_move() as before:
            mover, closed_before = before.to_play, sum(before.layout.closed_count)
        self.context.sounds.play(self.placed_sound(closed_before))
        self.cursor = (move.x, move.y)
        factor = self.context.settings.animation_factor
        if factor > 0:
            self.pops.append([move, 0.0, POP_TIME / factor])
        self.camera_waits = True
        if self.state.to_play is not None and mover != self.state.to_play:
            self.colour = self.state.to_play      # a new turn starts on the mover's colour

    def placed_sound(self, closed_before: int) -> str:
        """The sound of a tile just placed: "region_closed" when it closed a region
        (`closed_before`: the closed regions before it)."""
        closed = self.state.layout.closed_count
        return "region_closed" if sum(closed) > closed_before else "place"

    def update(self, dt: float) -> None:
        self.clock += dt
        for pop in self.pops:
            pop[1] += dt
        self.pops = [pop for pop in self.pops if pop[1] < pop[2]]
        if self.camera_waits:
            self.camera_waits = False
        elif self.fit:
            (cx, cy), cell = self._fit_target()
            t = min(1.0, dt * FIT_EASE)
            self.centre[0] += (cx - self.centre[0]) * t
            self.centre[1] += (cy - self.centre[1]) * t
            self.cell += (cell - self.cell) * t

    # --- regions -------------------------------------------------------------------------
    def _regions(self) -> list:
        """The layout's regions, recomputed only when a tile was added or taken back."""
        return self.per_position.get(self.state, "regions", self.state.layout.regions)

    def pointed_region(self):
        """The region under the pointer (the nearest tile corner) or under the cursor's
        tile band; None over empty space."""
        layout = self.state.layout
        if self._keyboard():
            tile = layout.tile_at(*self.cursor)
            if tile is None:
                return None
            vertex = band_corners(tile)[0]
        else:
            if self.hover_pos is None or self.hover_cell is None:
                return None
            if layout.tile_at(*self.hover_cell) is None:
                return None
            wx, wy = self.to_world(self.hover_pos)
            vertex = (round(wx), round(wy))
        root = layout.region_root(*vertex)
        if root is None:
            return None
        return next((r for r in self._regions() if r.root == root), None)

    def _keyboard(self) -> bool:
        return self.context.input.last_device != inp.MOUSE

    def final_regions(self) -> list:
        """(region, the winner's?) to show at the end: the winning closed regions, or the
        largest of each colour when the game ended by counting (run-out, agreement)."""
        state = self.state
        outcome = state.outcome
        if outcome is None:
            return []
        regions = self._regions()
        winner = outcome.winner
        if winner is not None:
            target = state.target_colour(winner)
            closed = [r for r in regions if r.closed and r.colour == target]
            if closed:
                return [(r, True) for r in closed]
        largest = []
        for colour in (0, 1):
            mine = [r for r in regions if r.colour == colour]
            if mine:        # by counting, each player's own colour is theirs
                region = max(mine, key=lambda r: (r.size, len(r.vertices)))
                largest.append((region, winner is None or colour == winner))
        return largest

    # --- text ----------------------------------------------------------------------------
    def seat_colour(self, seat: int):
        return self.context.palette.tiles[seat]

    def status(self) -> str:
        state = self.state
        if state.is_over or state.to_play is None:
            return ""
        name = self.names[state.to_play]
        owed = state.tiles_owed
        if not state.layout.count:
            what = "the first tile (any of the four; Tab switches)"
        elif state.turn_length == 1:
            what = "a tile"
        else:
            what = f"{owed} more tile{'s' if owed != 1 else ''} this turn"
        return f"{name} ({self.colour_names[state.to_play]}): place {what}"

    def move_rows(self, texts: list) -> list:
        """The move list a row per turn: the first tile alone, then the turns' two tiles
        (an `agree` on a row of its own)."""
        rows = [texts[:1]] if texts else []
        row: list = []
        for text in texts[1:]:
            if text == "agree":
                rows += [row] if row else []
                rows.append([text])
                row = []
                continue
            row.append(text)
            if len(row) == 2:
                rows.append(row)
                row = []
        return rows + ([row] if row else [])

    def move_columns(self) -> None:
        return None                     # a turn's two tiles, not a column per seat

    def info_lines(self) -> list:
        return self.tile_lines() + self.game_lines() + self.pointed_lines()

    def tile_lines(self) -> list:
        """Tiles left, tiles still owed this turn, the colour being placed."""
        palette = self.context.palette
        state = self.state
        lines = []
        left = state.tiles_left
        pool = state.options.get("tiles")
        lines.append((f"Tiles left: {left} of {pool}" if left is not None
                      else f"Tiles placed: {state.layout.count} (unlimited pool)", None))
        if not state.is_over and state.turn_length > 1:
            placed = state.turn_length - state.tiles_owed
            lines.append((f"This turn: {placed} of {state.turn_length} tiles placed, "
                          f"{state.tiles_owed} still owed", None))
        if not state.is_over and state.layout.count:
            lines.append((f"Placing: {self.colour_names[self.colour]}-dominant tile "
                          f"(Tab / RB / right click switches)", palette.accent))
        return lines

    def game_lines(self) -> list:
        """What the game's aim makes worth showing (Che: the largest regions)."""
        sizes = self.state.largest_sizes()
        return [(f"Largest regions: Light {sizes[0]}, Dark {sizes[1]}", None)]

    def pointed_lines(self) -> list:
        region = self.pointed_region()
        if region is None:
            return []
        state_word = "closed" if region.closed else "open"
        return [(f"Pointed region: {self.colour_names[region.colour].lower()}, "
                 f"size {region.size}, {state_word}", self.context.palette.highlight_good)]

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        palette = self.context.palette
        previous_clip = surface.get_clip()
        surface.set_clip(self.rect)
        size = max(2, round(self.cell))
        state = self.state
        surface.blit(self._still_layer(size), self.rect.topleft)
        background = self.context.background()
        for tile, elapsed, duration in self.pops:
            rect = self.cell_rect(tile.x, tile.y)
            # The layer holds every tile: the popping one is painted over by the background.
            surface.blit(background, rect, rect)
            grow = 1 - (1 - elapsed / duration) ** 3          # ease out
            side = max(2, round(size * (0.55 + 0.45 * grow)))
            # The cached full-size picture, scaled: painting every in-between size afresh
            # would cost a supersampled drawing per frame.
            image = pygame.transform.smoothscale(
                art.tile_image(size, tile.colour, tile.orient, palette), (side, side))
            image.set_alpha(round(120 + 135 * grow))
            surface.blit(image, (rect.centerx - side // 2, rect.centery - side // 2))
        # At the end: the winner's region(s) in the "good" colour, the other one (a run-out
        # finish shows both largest regions) in the accent colour.
        highlight = [(r, palette.highlight_good if good else palette.accent)
                     for r, good in self.final_regions()]
        pointed = self.pointed_region() if not (self.animating or state.is_over) else None
        if pointed is not None and all(pointed.root != r.root for r, _ in highlight):
            highlight.append((pointed, palette.accent))
        for region, colour in highlight:
            self._draw_region(surface, region, colour, size)
        self._draw_ghost(surface, size)
        if self.context.settings.show_coordinates:
            self._draw_coordinates(surface)
        surface.set_clip(previous_clip)

    def _draw_coordinates(self, surface) -> None:
        """The cells' x under the layout and y beside it, as the move list writes them
        ("D@1,-1": x 1, y -1), so a move in the list can be found on the board."""
        x0, y0, x1, y1 = self._bounds()
        size = max(11, min(16, round(self.cell * 0.3)))
        colour = self.context.palette.text_dim
        gap = max(3, size // 3)
        # Only the columns and rows in view: a long layout has thousands beyond its edges.
        seen_x0, seen_y0, seen_x1, seen_y1 = self._cells_in_view()
        x0, x1, y0, y1 = max(x0, seen_x0), min(x1, seen_x1), max(y0, seen_y0), min(y1, seen_y1)
        for x in range(x0, x1):
            rect = self.cell_rect(x, y1 - 1)
            draw_text(surface, str(x), (rect.centerx, rect.bottom + gap), size, colour,
                      anchor="midtop")
        for y in range(y0, y1):
            rect = self.cell_rect(x0, y)
            draw_text(surface, str(y), (rect.left - gap, rect.centery), size, colour,
                      anchor="midright")

    def _still_layer(self, size: int) -> pygame.Surface:
        """The background, the tiles and the open cells, drawn once per layout, camera and
        palette: a settled camera then costs one opaque blit a frame (a translucent layer
        the size of the view took ten times as long to blend). When tiles were only added
        and the camera has not moved (the frame of a move), they are painted over it."""
        layout = self.state.layout
        camera = (size, round(self.centre[0] * self.cell), round(self.centre[1] * self.cell),
                  tuple(self.rect), self.context.background().get_size(),
                  self.context.palette.name, self.state.is_over)
        key = (self.state.position_key(), camera)
        painted = getattr(self, "_layer_key", None)
        if painted == key:
            return self._layer
        tiles = layout.tiles()
        offset = (-self.rect.x, -self.rect.y)
        if painted is not None and painted[1] == camera and self._layer_tiles <= set(tiles):
            new_tiles = [tile for tile in tiles if tile not in self._layer_tiles]
            open_now = layout.open_cells()
            self._draw_tiles(self._layer, new_tiles, offset)
            if not self.state.is_over:
                self._draw_open_cells(self._layer, size, offset,
                                      [cell for cell in open_now
                                       if cell not in self._layer_open])
        else:
            layer = getattr(self, "_layer", None)
            if layer is None or layer.get_size() != self.rect.size:
                layer = pygame.Surface(self.rect.size)
                if pygame.display.get_surface() is not None:
                    layer = layer.convert()     # (not display_ready: it keeps every layer)
            layer.blit(self.context.background(), (0, 0), self.rect)   # repainted in place
            self._draw_tiles(layer, tiles, offset)
            open_now = layout.open_cells()
            if not self.state.is_over:
                self._draw_open_cells(layer, size, offset, open_now)
            self._layer = layer
        self._layer_key, self._layer_tiles, self._layer_open = key, set(tiles), set(open_now)
        return self._layer

    def _cells_in_view(self) -> tuple:
        """(min x, min y, max x, max y) of the cells the view shows, the max ones past the
        last (what range() wants)."""
        left, top = self.to_world(self.rect.topleft)
        right, bottom = self.to_world(self.rect.bottomright)
        return math.floor(left), math.floor(top), math.ceil(right) + 1, math.ceil(bottom) + 1

    def _in_view(self, cells) -> list:
        """Those of `cells` ((x, y, ...) each) the view shows: a layout longer than the view
        is drawn in time that depends on the view, not on the layout."""
        x0, y0, x1, y1 = self._cells_in_view()
        return [cell for cell in cells if x0 <= cell[0] < x1 and y0 <= cell[1] < y1]

    def _draw_tiles(self, surface, tiles, offset) -> None:
        for tile in self._in_view(tiles):
            rect = self.cell_rect(tile.x, tile.y)
            if rect.colliderect(self.rect):
                # The cell's own rounded size: tiles meet without a seam at any zoom.
                art.draw_tile(surface, rect.move(offset).topleft, max(rect.w, rect.h),
                              tile.colour, tile.orient, self.context.palette)

    def _draw_open_cells(self, surface, size: int, offset, cells) -> None:
        colour = self.context.palette.text_dim
        inset = max(2, size // 8)
        for x, y in self._in_view(cells):
            rect = self.cell_rect(x, y).inflate(-inset, -inset)
            if rect.colliderect(self.rect):
                surface.blit(display_ready(_open_cell_image(rect.size, size, tuple(colour))),
                             rect.move(offset))

    def draw_hint(self, surface, move) -> None:
        """A hinted tile: its picture, faint, on its cell, in a pulsing ring."""
        if not isinstance(move, Tile):
            return
        rect = self.cell_rect(move.x, move.y)
        art.draw_tile(surface, rect.topleft, max(rect.w, rect.h), move.colour, move.orient,
                      self.context.palette, alpha=150)
        draw_hint_outline(surface, rect, self.context.palette.highlight_good)

    def _draw_ghost(self, surface, size: int) -> None:
        palette = self.context.palette
        keyboard = self._keyboard()
        cell = self.cursor if keyboard else self.hover_cell
        if cell is None and not self.state.layout.count:
            cell = (0, 0)       # the first tile: shown where it goes, not a lone outline
        if cell is None or self.state.is_over:
            return
        rect = self.cell_rect(*cell)
        tile = self.ghost_at(cell)
        if tile is not None and self.human_may_move:
            # On a clear cell: the open cell's outline would show through the ghost.
            surface.blit(self.context.background(), rect, rect)
            art.draw_tile(surface, rect.topleft, size, tile.colour, tile.orient, palette,
                          alpha=170)
        if keyboard:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
            pygame.draw.rect(surface, palette.cursor, rect.inflate(4, 4),
                             max(2, round(2 + pulse * 2)), border_radius=max(3, size // 8))

    def _draw_region(self, surface, region, colour, size: int) -> None:
        """Lighten every part of the tiles that belongs to `region` (in its own colour, so
        it still reads as light or dark), and label its size on a plate edged in `colour`
        (the accent for the region pointed at, the "good" colour for a winning one)."""
        layout = self.state.layout
        rgba = (*region_tint(self.context.palette, region.colour), self.region_alpha)
        done_bands = set()
        xs, ys = [], []
        for vx, vy in region.vertices:
            for cx, cy in ((vx - 1, vy - 1), (vx, vy - 1), (vx - 1, vy), (vx, vy)):
                tile = layout.tile_at(cx, cy)
                if tile is None:
                    continue
                rect = self.cell_rect(cx, cy)
                side = max(rect.w, rect.h)          # as the layer draws the tile
                if tile.colour == region.colour:
                    if (cx, cy) in done_bands:
                        continue
                    done_bands.add((cx, cy))
                    image = art.part_image(side, tile.orient, "band", rgba)
                else:
                    image = art.part_image(side, tile.orient, (vx - cx, vy - cy), rgba)
                surface.blit(image, rect.topleft)
            x, y = self.to_screen(vx, vy)
            xs.append(x)
            ys.append(y)
        if xs and self.region_sizes:
            # The size on a small plate at the region's middle, edged in `colour`.
            palette = self.context.palette
            image = render_text(str(region.size), max(12, round(size * 0.32)), palette.text,
                                True)
            box = image.get_rect(center=(round(sum(xs) / len(xs)), round(sum(ys) / len(ys))))
            plate = box.inflate(8, 2)
            pygame.draw.rect(surface, palette.panel, plate, border_radius=plate.h // 2)
            pygame.draw.rect(surface, colour, plate, 2, border_radius=plate.h // 2)
            surface.blit(image, box)


def region_tint(palette, colour: int):
    """The tint of a region shown (pointed at, or won): a dark region lighter, a light one
    warmed by the accent (lightening it would show nothing). Either way it keeps its own
    hue, where the accent over dark blue used to read as olive."""
    own = palette.tiles[colour]
    if luminance(own) < 0.5:
        return lighten(own, REGION_LIGHTEN)
    return mix(own, palette.accent, REGION_WARM)


_open_cells = SurfaceCache("truchet open cells")


def _open_cell_image(rect_size: tuple, size: int, colour: tuple) -> pygame.Surface:
    """The outline of an open cell (a rounded square), drawn once per size: the layer of
    tiles is repainted whenever the camera moves, around dozens of open cells."""
    key = (rect_size, size, colour)
    image = _open_cells.get(key)
    if image is None:
        image = pygame.Surface(rect_size, pygame.SRCALPHA)
        pygame.draw.rect(image, colour, image.get_rect(), max(1, round(size / 24)),
                         border_radius=max(2, size // 6))
        _open_cells.put(key, image)
    return image


def illustrate(surface, rect, palette) -> None:
    """The rules screen's picture: a small layout with a closed dark diamond (the seed's
    "Dark wins" example: four light-dominant tiles around a dark vertex)."""
    rect = pygame.Rect(rect)
    size = max(8, min(rect.w // 5, rect.h // 4))
    x0 = rect.centerx - size * 2
    y0 = rect.centery - size * 2
    # Vertex (x + y) even is light. Around the dark vertex (2, 1): cells (1,0) (2,0) (1,1)
    # (2,1), each light-dominant, so their cut corners hold the dark vertex.
    layout = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 1), (0, 1, 1), (1, 1, 0), (2, 1, 0),
              (3, 1, 0), (1, 2, 1), (2, 2, 0)]
    for x, y, colour in layout:
        left_colour = 0 if (x + y) % 2 == 0 else 1      # LEFT band joins (x,y)-(x+1,y+1)
        orient = LEFT if colour == left_colour else RIGHT
        art.draw_tile(surface, (x0 + x * size, y0 + y * size), size, colour, orient, palette)
    centre = (x0 + 2 * size, y0 + 1 * size)
    pygame.draw.circle(surface, palette.highlight_good, centre, size // 2 + 3, 3)
    draw_text(surface, fit_text("a closed dark region of size 0", max(12, size // 4),
                                rect.w), (rect.centerx, y0 + 3 * size + 8),
              max(12, size // 4), palette.text, anchor="midtop")


# --- the rules pages (game/rule_pages.py) ------------------------------------------------
def fitting_orient(x: int, y: int, colour: int) -> int:
    """The orientation a `colour`-dominant tile must take on cell (x, y) when the first
    tile made even vertices (x + y even) light: its band joins two corners of its colour."""
    left_colour = 0 if (x + y) % 2 == 0 else 1      # LEFT joins (x,y)-(x+1,y+1)
    return LEFT if colour == left_colour else RIGHT


def draw_layout(surface, origin, size: int, cells: dict, palette) -> None:
    """Tiles {(x, y): dominant colour} on a grid of `size` pixels from `origin`, each
    turned the one way that matches its neighbours."""
    x0, y0 = origin
    for (x, y), colour in cells.items():
        art.draw_tile(surface, (x0 + x * size, y0 + y * size), size, colour,
                      fitting_orient(x, y, colour), palette)


def _verdict_mark(surface, centre, size: int, good: bool, palette) -> None:
    x, y = centre
    width = max(3, size // 6)
    if good:
        pygame.draw.lines(surface, palette.highlight_good, False,
                          [(x - size * 0.45, y), (x - size * 0.1, y + size * 0.35),
                           (x + size * 0.5, y - size * 0.4)], width)
    else:
        arm = size * 0.38
        for sign in (1, -1):
            pygame.draw.line(surface, palette.highlight_bad, (x - arm, y - sign * arm),
                             (x + arm, y + sign * arm), width)


def illustrate_tiles(surface, rect, palette, names=("Light", "Dark")) -> None:
    """The four tiles: a row per dominant colour (flip a tile: the other row), a column
    per diagonal of the band (turn it: the other column)."""
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 24))
    head_w = max(text * 6, rect.w // 5)
    size = max(16, min((rect.w - head_w) // 2 - 3 * text, (rect.h - 6 * text) // 2 - text))
    gap_x = ((rect.w - head_w) - 2 * size) // 2
    gap_y = max(text * 3, (rect.h - 2 * size - 2 * text) // 2)
    x_of = [rect.x + head_w + gap_x // 2 + i * (size + gap_x) for i in range(2)]
    y_of = [rect.y + 2 * text + i * (size + gap_y) for i in range(2)]
    for i, word in enumerate(("band \\  (left)", "band /  (right)")):
        draw_text(surface, fit_text(word, text, size + gap_x - 4),
                  (x_of[i] + size // 2, rect.y + text // 2), text, palette.text_dim,
                  anchor="midtop")
    for colour in (0, 1):
        y = y_of[colour]
        draw_text(surface, fit_text(f"{names[colour]} band", text, head_w - 8),
                  (rect.x + head_w - 8, y + size // 2), text, palette.text, True,
                  anchor="midright")
        for orient in (LEFT, RIGHT):
            x = x_of[orient]
            art.draw_tile(surface, (x, y), size, colour, orient, palette)
            pygame.draw.rect(surface, palette.panel_border, (x, y, size, size), 1)
            side = "left" if orient == LEFT else "right"
            draw_text(surface, fit_text(f"{names[colour]}, {side}", text, size + gap_x - 4),
                      (x + size // 2, y + size + 4), text, palette.text_dim, anchor="midtop")


def illustrate_placing(surface, rect, palette, names=("Light", "Dark")) -> None:
    """An empty cell beside the layout, and the four tiles: the two that match every
    touching edge fit (one of each colour), the two others do not."""
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 24))
    size = max(12, min(rect.w // 6, (rect.h - 5 * text) // 5))
    cells = {(0, 0): 0, (1, 0): 1, (2, 0): 0, (0, 1): 1, (2, 1): 1, (1, 2): 0, (2, 2): 1}
    origin = (rect.centerx - size * 3 // 2, rect.y + text // 2)
    draw_layout(surface, origin, size, cells, palette)
    target = pygame.Rect(origin[0] + size, origin[1] + size, size, size)
    pygame.draw.rect(surface, palette.accent, target.inflate(-4, -4), max(2, size // 20),
                     border_radius=4)
    draw_text(surface, "?", target.center, max(12, size // 2), palette.accent, True,
              anchor="center")
    y = origin[1] + 3 * size + text
    draw_text(surface, fit_text("The tiles for the marked cell:", text, rect.w),
              (rect.centerx, y), text, palette.text, anchor="midtop")
    y += round(text * 1.6)
    small = min(size, (rect.w - 5 * text) // 4)
    pitch = (rect.w - 4 * small) // 4 + small
    x = rect.x + (rect.w - 4 * pitch) // 2 + (pitch - small) // 2
    for colour in (0, 1):
        for orient in (LEFT, RIGHT):
            good = orient == fitting_orient(1, 1, colour)
            art.draw_tile(surface, (x, y), small, colour, orient, palette)
            pygame.draw.rect(surface, palette.highlight_good if good else palette.panel_border,
                             (x, y, small, small), 3 if good else 1)
            _verdict_mark(surface, (x + small // 2, y + small + text), text, good, palette)
            label = f"{names[colour]}: fits" if good else "no"
            draw_text(surface, fit_text(label, text, pitch - 4),
                      (x + small // 2, y + small + 2 * text + 2), text,
                      palette.text if good else palette.text_dim, anchor="midtop")
            x += pitch


def illustrate_turns(surface, rect, palette) -> None:
    """A layout with each tile numbered by its turn: Light's single opening tile, then
    two tiles a turn, in the mover's colour of badge."""
    rect = pygame.Rect(rect)
    text = max(12, min(20, rect.h // 24))
    order = [((1, 1), 0, 1), ((2, 1), 1, 2), ((2, 2), 0, 2), ((1, 0), 1, 3), ((0, 1), 0, 3),
             ((3, 1), 1, 4), ((1, 2), 1, 4), ((2, 0), 0, 5), ((0, 2), 1, 5)]
    size = max(14, min(rect.w // 5, (rect.h - 6 * text) // 3))
    origin = (rect.centerx - 2 * size, rect.y + text)
    draw_layout(surface, origin, size, {cell: colour for cell, colour, _ in order}, palette)
    badge = max(10, size // 5)
    for (x, y), _, turn in order:
        mover = (turn + 1) % 2             # turn 1 Light, 2 Dark, 3 Light, ...
        centre = (origin[0] + x * size + size // 2, origin[1] + y * size + size // 2)
        pygame.draw.circle(surface, palette.tiles[mover], centre, badge + 2)
        pygame.draw.circle(surface, palette.accent, centre, badge + 2, 2)
        draw_text(surface, str(turn), centre, round(badge * 1.3), palette.tiles[1 - mover], True,
                  anchor="center")
    draw_caption(surface, ("Numbers: the turn each tile came in.",
                           "Turn 1: Light, one tile; then Dark 2, Light 2, ..."),
                 rect.centerx, origin[1] + 3 * size + text, text, rect.w, palette.text)
