"""Catalina Tiles' pieces, painted procedurally: its four-sided dice and their roll
animation, and the claim marks.

A die is a tetrahedron seen from above and a little from the front: a rounded triangle
(pointing up) split by three ridges that meet at the top vertex, slightly above the
triangle's centre. Its three faces are shaded as if lit from the top left (left face
light, front face the body colour, right face dark), with a soft highlight on the ridges
and a dark rim all round, so it reads as a solid on any background. The rolled value is
one big bold numeral on the large front face, just under the top vertex (d4s with
numbers at the vertices are read at the top vertex).

A 4 is the wildcard. It is told by shape, not by colour alone: a five-pointed star sits
on the ridge above the numeral, and the body takes a warmer tint (towards the palette's
accent for the ivory die, lighter for a seat-coloured one).

Images are drawn at SUPERSAMPLE times their size and reduced with smoothscale
(antialiased edges), on a transparent background, and cached (LRU) by everything that
changes them; surfaces never need a display mode. Drawing blits copies converted to the
display's format (sprites.display_format).

`DiceRoll` is the throw: the dice enter from one side of the tray high in the air,
tumbling (turning and squashing, the face shown flickering through 1-4), hit the floor
and hop two or three times lower each time (some also hit the far wall), then slide
into a neat row with their final values. Everything is a pure function of the seed and
the time since the throw; `bounces_since_last_call()` and `just_settled()` report the
impacts and the end, for the scene's "dice_rattle" / "dice_settle" sounds.

The claim marks (`mark_image`): Red's cross and Blue's ring. The two seats differ by
shape as well as by colour, so the board reads in every palette. A mark is painted at
SUPERSAMPLE times its size and smoothed down, so the strokes are antialiased at every
cell size; images are cached by size, seat and colour.
"""
from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

import pygame

from sprites import display_format
from sprites.surface_cache import SurfaceCache
from sprites.puzzle_icons import star_points   # the wildcard's star: the puzzles' star
from sprites.palettes import Palette, darken, lighten, luminance, mix

SUPERSAMPLE = 4
WILD = 4
IVORY = (240, 230, 206)

# The die in unit coordinates of its square image (y downwards): the silhouette's three
# corners, the top vertex where the ridges meet, and the corners' rounding radius.
_TOP, _LEFT, _RIGHT = (0.5, 0.08), (0.045, 0.865), (0.955, 0.865)
_APEX = (0.5, 0.43)
_ROUND = 0.085
_RIM = 0.026                       # dark rim, as a fraction of the size

_images = SurfaceCache("dice")     # dice, and their shadows, glows and faded copies
_marks = SurfaceCache("catalina marks")
_glyphs: dict = {}                  # the numerals, once each at a large size


def clear_cache() -> None:
    _images.clear()
    _glyphs.clear()
    display_format.clear()


# --- colours ---------------------------------------------------------------------------
def body_colour(value: int, palette: Palette, colour=None):
    """The front face's colour: ivory (or `colour`), warmer for the wildcard."""
    base = tuple(colour[:3]) if colour is not None else IVORY
    if value != WILD:
        return base
    if colour is None:
        return mix(base, palette.accent, 0.5)
    return lighten(base, 0.42) if luminance(base) < 0.55 else mix(base, palette.accent, 0.45)


def ink_colour(body) -> tuple:
    """Numeral colour: near black on a light body, near white on a dark one."""
    return (34, 26, 30) if luminance(body) > 0.22 else (250, 244, 232)


# --- geometry --------------------------------------------------------------------------
def _rounded_triangle(corners, radius: float, steps: int = 10) -> list:
    """Points of a polygon whose corners are rounded by arcs of `radius` (same units)."""
    points = []
    n = len(corners)
    for i, (cx, cy) in enumerate(corners):
        px, py = corners[i - 1]
        nx, ny = corners[(i + 1) % n]
        ax, ay = px - cx, py - cy
        bx, by = nx - cx, ny - cy
        la, lb = math.hypot(ax, ay), math.hypot(bx, by)
        ax, ay, bx, by = ax / la, ay / la, bx / lb, by / lb
        half = math.acos(max(-1.0, min(1.0, ax * bx + ay * by))) / 2
        along = radius / math.tan(half)           # corner to the tangent points
        mx, my = ax + bx, ay + by
        lm = math.hypot(mx, my)
        ox, oy = cx + mx / lm * radius / math.sin(half), cy + my / lm * radius / math.sin(half)
        start = math.atan2(cy + ay * along - oy, cx + ax * along - ox)
        end = math.atan2(cy + by * along - oy, cx + bx * along - ox)
        sweep = (end - start) % math.tau
        if sweep > math.pi:
            sweep -= math.tau
        for k in range(steps + 1):
            a = start + sweep * k / steps
            points.append((ox + radius * math.cos(a), oy + radius * math.sin(a)))
    return points


def _scaled(points, big: float, centre=(0.5, 0.5), factor: float = 1.0) -> list:
    cx, cy = centre
    return [((cx + (x - cx) * factor) * big, (cy + (y - cy) * factor) * big)
            for x, y in points]


def _outline_points(factor: float = 1.0) -> list:
    return _rounded_triangle((_TOP, _RIGHT, _LEFT), _ROUND * factor)


# --- numerals --------------------------------------------------------------------------
def _font_path():
    try:
        spec = importlib.util.find_spec("pygame_gui")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        path = Path(list(spec.submodule_search_locations)[0]) / "data" / "NotoSans-Bold.ttf"
        if path.exists():
            return str(path)
    return None


def _glyph(value: int) -> pygame.Surface:
    """The digit in white, cropped to its ink, rendered once at a large size."""
    glyph = _glyphs.get(value)
    if glyph is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_path()
        face = pygame.font.Font(path, 220)
        if path is None:
            face.set_bold(True)
        text = face.render(str(value), True, (255, 255, 255))
        glyph = _glyphs[value] = text.subsurface(text.get_bounding_rect()).copy()
    return glyph


def _tinted(image: pygame.Surface, colour) -> pygame.Surface:
    image = image.copy()
    image.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _blit_numeral(canvas, value: int, centre, height: float, ink, halo) -> None:
    glyph = _glyph(value)
    w = max(1, round(glyph.get_width() * height / glyph.get_height()))
    h = max(1, round(height))
    glyph = pygame.transform.smoothscale(glyph, (w, h))
    rect = glyph.get_rect(center=(round(centre[0]), round(centre[1])))
    halo_image = _tinted(glyph, halo)
    step = max(1, round(height * 0.05))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        canvas.blit(halo_image, rect.move(dx * step, dy * step))
    canvas.blit(_tinted(glyph, ink), rect)


# --- the die ---------------------------------------------------------------------------
def _silhouette(size: int, colour=(255, 255, 255, 255), grow: float = 0.0) -> pygame.Surface:
    """The die's outline, filled, at `size` x SUPERSAMPLE (not reduced)."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    centroid = ((_TOP[0] + _LEFT[0] + _RIGHT[0]) / 3, (_TOP[1] + _LEFT[1] + _RIGHT[1]) / 3)
    pygame.draw.polygon(canvas, colour, _scaled(_outline_points(), big, centroid, 1.0 + grow))
    return canvas


def d4_image(size: int, value: int, palette: Palette, colour=None,
             wild_mark: bool = True) -> pygame.Surface:
    """A `size` x `size` picture of a d4 showing `value` (1-4; 4 is the wildcard, marked
    with a star when `wild_mark`), transparent around the die. `colour` overrides the
    ivory body (e.g. the roller's seat colour)."""
    size = max(8, int(size))
    value = int(value)
    colour = tuple(colour[:3]) if colour is not None else None
    key = (size, value, palette.name, palette.accent, colour, bool(wild_mark))
    image = _images.get(key)
    if image is not None:
        return image
    big = size * SUPERSAMPLE
    body = body_colour(value, palette, colour)
    faces = pygame.Surface((big, big), pygame.SRCALPHA)
    left_face = lighten(body, 0.42)
    right_face = darken(body, 0.30)
    front_face = body
    top, left, right, apex = (tuple(c * big for c in p) for p in (_TOP, _LEFT, _RIGHT, _APEX))
    # Faces drawn past the silhouette; the rounded outline trims them below.
    pygame.draw.polygon(faces, left_face, [apex, top, (0, top[1]), (0, left[1] + big),
                                           left])
    pygame.draw.polygon(faces, right_face, [apex, top, (big, top[1]), (big, right[1] + big),
                                            right])
    pygame.draw.polygon(faces, front_face, [apex, left, (left[0], big), (right[0], big),
                                            right])
    # A soft shine on the lit face near the top vertex, and a shade low on the front.
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(shine, (255, 255, 255, 70),
                        [apex, top, (top[0] + (left[0] - top[0]) * 0.45,
                                     top[1] + (left[1] - top[1]) * 0.45)])
    faces.blit(shine, (0, 0))
    shade = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(shade, (0, 0, 0, 26), [(left[0], left[1] - big * 0.07),
                                               (right[0], right[1] - big * 0.07),
                                               (right[0], big), (left[0], big)])
    faces.blit(shade, (0, 0))
    # Ridges: a light line along each edge meeting at the top vertex.
    ridge = max(1, round(big * 0.016))
    ridge_light = lighten(body, 0.75)
    pygame.draw.line(faces, ridge_light, apex, top, ridge)
    pygame.draw.line(faces, lighten(body, 0.55), apex, left, ridge)
    pygame.draw.line(faces, mix(body, right_face, 0.3), apex, right, ridge)
    pygame.draw.circle(faces, ridge_light, apex, ridge * 0.9)
    # Trim to the rounded silhouette and add the rim.
    mask = _silhouette(size)
    faces.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    rim_colour = darken(body, 0.62)
    pygame.draw.polygon(canvas, rim_colour, _scaled(_outline_points(), big))
    inner = 1.0 - _RIM * 2.4
    centroid = ((_TOP[0] + _LEFT[0] + _RIGHT[0]) / 3, (_TOP[1] + _LEFT[1] + _RIGHT[1]) / 3)
    faces = pygame.transform.smoothscale(faces, (big, big))
    small = pygame.transform.smoothscale(faces, (round(big * inner), round(big * inner)))
    # The inner faces, shrunk about the centroid so the rim shows evenly all round.
    offset = (round(centroid[0] * big * (1 - inner)), round(centroid[1] * big * (1 - inner)))
    canvas.blit(small, offset)
    ink = ink_colour(body)
    halo = mix(body, (255, 255, 255) if ink[0] < 128 else (0, 0, 0), 0.25)
    numeral_centre = (apex[0] * inner + offset[0],
                      (big * 0.655) * inner + offset[1])
    _blit_numeral(canvas, value, numeral_centre, big * 0.36 * inner, ink, halo)
    if value == WILD and wild_mark:
        star_centre = (apex[0] * inner + offset[0], big * 0.30 * inner + offset[1])
        pygame.draw.polygon(canvas, lighten(body, 0.6),
                            star_points(star_centre, big * 0.185, 0.5))
        pygame.draw.polygon(canvas, ink, star_points(star_centre, big * 0.14, 0.46))
    image = pygame.transform.smoothscale(canvas, (size, size))
    return _images.put(key, image)


def shadow_image(size: int) -> pygame.Surface:
    """A soft dark blot the shape of the die (drawn under it, offset down-right)."""
    size = max(8, int(size))
    key = ("shadow", size)
    image = _images.get(key)
    if image is None:
        small = max(8, size // 2)
        blot = pygame.transform.smoothscale(_silhouette(small, (0, 0, 0, 110)), (small, small))
        blot = pygame.transform.gaussian_blur(blot, max(1, small // 14))
        image = _images.put(key, pygame.transform.smoothscale(blot, (size, size)))
    return image


def glow_image(size: int, colour) -> pygame.Surface:
    """An accent halo around the die's outline plus a crisp ring (for `highlight`)."""
    size = max(8, int(size))
    colour = tuple(colour[:3])
    key = ("glow", size, colour)
    image = _images.get(key)
    if image is None:
        pad = max(4, round(size * 0.16))
        full = size + 2 * pad
        big = full * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        # The die's outline grown outward: a soft halo and a crisp ring.
        outline = [((pad + x * size) * SUPERSAMPLE, (pad + y * size) * SUPERSAMPLE)
                   for x, y in _rounded_triangle((_TOP, _RIGHT, _LEFT), _ROUND)]
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        grown = [(cx + (x - cx) * (1 + 0.1), cy + (y - cy) * (1 + 0.1)) for x, y in outline]
        pygame.draw.polygon(canvas, (*colour, 255), grown)
        soft = pygame.transform.smoothscale(canvas, (full, full))
        soft = pygame.transform.gaussian_blur(soft, max(1, round(size * 0.05)))
        crisp = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.polygon(crisp, (*colour, 255), grown)
        hole = [(cx + (x - cx) * 0.985, cy + (y - cy) * 0.985) for x, y in outline]
        pygame.draw.polygon(crisp, (0, 0, 0, 0), hole)
        crisp = pygame.transform.smoothscale(crisp, (full, full))
        soft.blit(crisp, (0, 0))
        image = _images.put(key, soft)
    return image


def _faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    key = ("faded", id(image), alpha)
    cached = _images.get(key)
    if cached is None or cached[0] is not image:
        faded = image.copy()
        faded.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        cached = _images.put(key, (image, faded))
    return cached[1]


def _shadow_offset(size: int) -> tuple[int, int]:
    return round(size * 0.05), round(size * 0.08)


def draw_die(surface, centre, size: int, value: int, palette: Palette, colour=None,
             alpha: int = 255, highlight: bool = False) -> pygame.Rect:
    """One settled die centred on `centre`, with its shadow (and a glow if highlighted)."""
    size = max(8, int(size))
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(centre[0]), round(centre[1]))
    if highlight:
        glow = glow_image(size, palette.accent)
        surface.blit(display_format.display_ready(glow), glow.get_rect(center=rect.center))
    shadow = shadow_image(size)
    image = d4_image(size, value, palette, colour)
    if alpha < 255:
        shadow = _faded(shadow, alpha)
        image = _faded(image, alpha)
    if not highlight:
        surface.blit(display_format.display_ready(shadow), rect.move(_shadow_offset(size)))
    surface.blit(display_format.display_ready(image), rect)
    return rect


def draw_dice_row(surface, rects, values, palette: Palette, colour=None, dim=None,
                  highlight=None) -> None:
    """The settled dice, one in each rect (sized to fit it): `dim` is a set of indices
    drawn faded, `highlight` a set of indices drawn with an accent glow and ring."""
    dim = dim or ()
    highlight = highlight or ()
    for i, (rect, value) in enumerate(zip(rects, values)):
        rect = pygame.Rect(rect)
        draw_die(surface, rect.center, min(rect.w, rect.h), value, palette, colour,
                 alpha=95 if i in dim else 255, highlight=i in highlight)


# --- the roll --------------------------------------------------------------------------
def _ease_out(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return 1.0 - (1.0 - x) ** 2


def _ease_in_out(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x * x * (3.0 - 2.0 * x)


class _Path:
    """One die's flight: entry, hops, slide. Times are in seconds since the throw."""

    def __init__(self, rng: random.Random, index: int, count: int, tray: pygame.Rect,
                 duration: float, from_left: bool, target, die: float, reach_rank: int,
                 lane_rank: int):
        self.target = target
        radius = die * 0.55
        self.x_min, self.x_max = tray.left + radius, tray.right - radius
        y_min, y_max = tray.top + radius, tray.bottom - radius
        if y_min > y_max:
            y_min = y_max = tray.centery
        if self.x_min > self.x_max:
            self.x_min = self.x_max = tray.centerx
        # Thrown one after another (the furthest first), so they do not enter as a clump.
        self.start = (count - 1 - reach_rank + rng.uniform(0.0, 0.6)) * 0.035 * duration
        self.flight_end = duration * rng.uniform(0.62, 0.70)
        self.end = duration * rng.uniform(0.93, 1.0) if index < count - 1 else duration
        span = self.x_max - self.x_min
        side = -1 if from_left else 1
        self.x0 = (tray.left if from_left else tray.right) + side * die * 0.2
        # Travel towards the far wall; some dice are thrown hard enough to hit it.
        # Each die its own reach and lane (ranks shuffled by the caller): no clumps.
        reach = (0.30 + 0.95 * (reach_rank + rng.uniform(0.15, 0.85)) / count) * span
        self.direction = 1 if from_left else -1
        self.reach = reach
        lane = y_min + (y_max - y_min) * (lane_rank + rng.uniform(0.2, 0.8)) / count
        self.y0 = lane + rng.uniform(-0.25, 0.25) * (y_max - y_min)
        self.y0 = min(y_max, max(y_min, self.y0))
        self.y1 = lane
        self.height0 = tray.h * rng.uniform(0.55, 0.8)
        # Hops: the fall in, then 2-3 hops, each lower (and so shorter) than the last.
        hops = rng.choice((2, 3, 3))
        heights = [self.height0]
        for _ in range(hops):
            heights.append(heights[-1] * rng.uniform(0.30, 0.42))
        # A fall from height h takes sqrt(h) (up to a constant); a hop rises and falls.
        weights = [math.sqrt(heights[0])] + [2 * math.sqrt(h) for h in heights[1:]]
        total = self.flight_end - self.start
        unit = total / sum(weights)
        self.segments = []          # (t0, t1, peak height, is the entry fall)
        t = self.start
        for i, (h, w) in enumerate(zip(heights, weights)):
            self.segments.append((t, t + w * unit, h, i == 0))
            t += w * unit
        self.impacts = [seg[1] for seg in self.segments]
        # A hit on the far wall (if the throw reaches it), found by sampling.
        far = self.x_max if from_left else self.x_min
        steps = 120
        for k in range(1, steps + 1):
            before = self._raw_x(self.start + total * (k - 1) / steps)
            after = self._raw_x(self.start + total * k / steps)
            if (before - far) * self.direction <= 0 < (after - far) * self.direction:
                self.impacts.append(self.start + total * k / steps)
                break
        self.impacts.sort()
        self.spin = rng.choice((-1, 1)) * rng.uniform(540.0, 900.0)     # degrees in total
        self.angle_end = rng.uniform(-50.0, 50.0)
        self.tumble = rng.uniform(2.5, 4.0)                          # half turns
        self.flicker = [rng.randint(1, 4) for _ in range(64)]
        self.flicker_step = rng.uniform(0.05, 0.07)

    def _raw_x(self, t: float) -> float:
        u = (t - self.start) / max(1e-6, self.flight_end - self.start)
        return self.x0 + self.direction * self.reach * _ease_out(u)

    def _x(self, t: float) -> float:
        """The horizontal position: reflected off the far wall, then kept in the tray."""
        x = self._raw_x(t)
        far = self.x_max if self.direction > 0 else self.x_min
        if (x - far) * self.direction > 0:
            x = 2 * far - x
            x = max(self.x_min, min(self.x_max, x))
        return x

    def height(self, t: float) -> float:
        if t <= self.start:
            return self.height0
        for t0, t1, peak, entry in self.segments:
            if t0 <= t < t1:
                u = (t - t0) / (t1 - t0)
                return peak * (1 - u * u) if entry else peak * 4 * u * (1 - u)
        return 0.0

    def state(self, t: float, final_value: int):
        """(x, y, height, angle in degrees, squash 0..1 of the width, shown value)."""
        if t >= self.end:
            return self.target[0], self.target[1], 0.0, 0.0, 1.0, final_value
        t = max(0.0, t)
        if t < self.flight_end:
            x = self._x(t)
            u = (t - self.start) / max(1e-6, self.flight_end - self.start)
            u = min(1.0, max(0.0, u))
            y = self.y0 + (self.y1 - self.y0) * _ease_out(u)
            h = self.height(t)
            angle = self.angle_end + self.spin * (1 - _ease_out(u))
            squash = 1.0
            value = final_value
            if t < self.segments[-1][0]:
                # Tumbling: the die turns over (its outline narrows) as faces flicker by.
                phase = self.tumble * math.pi * (1 - _ease_out(u))
                squash = 0.55 + 0.45 * abs(math.cos(phase))
                value = self.flicker[int(t / self.flicker_step) % len(self.flicker)]
            return x, y, h, angle, squash, value
        fx, fy = self._x(self.flight_end), self.y0 + (self.y1 - self.y0)
        s = _ease_in_out((t - self.flight_end) / max(1e-6, self.end - self.flight_end))
        return (fx + (self.target[0] - fx) * s, fy + (self.target[1] - fy) * s, 0.0,
                self.angle_end * (1 - s), 1.0, final_value)


def row_rects(tray: pygame.Rect, count: int, size: int) -> list[pygame.Rect]:
    """Squares of `size` in a row across the middle of `tray`, evenly spaced: where thrown
    dice settle, and where a view draws them settled."""
    rects = []
    for i in range(count):
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(tray.x + tray.w * (i + 0.5) / max(1, count)),
                       round(tray.centery))
        rects.append(rect)
    return rects


class DiceRoll:
    """Dice thrown into `tray`, ending as a row (in the order of `values`).

    Pure function of `seed` and the time since the throw: `update(dt)` advances it,
    `draw()` paints the current frame, `skip()` jumps to the end.
    """

    def __init__(self, values: tuple, tray: pygame.Rect, seed, duration: float = 1.1):
        self.values = tuple(int(v) for v in values)
        self.tray = pygame.Rect(tray)
        self.duration = max(0.05, float(duration))
        self.elapsed = 0.0
        self._reported = 0.0        # time up to which bounces were reported
        self._settled_reported = False
        rng = random.Random(seed)
        count = len(self.values)
        self.die_size = self.default_size(self.tray, count)
        from_left = rng.random() < 0.5
        centres = [r.center for r in self.settled_rects()]
        reach_ranks = list(range(count))
        lane_ranks = list(range(count))
        rng.shuffle(reach_ranks)
        rng.shuffle(lane_ranks)
        self._paths = [_Path(rng, i, count, self.tray, self.duration, from_left, centres[i],
                             self.die_size, reach_ranks[i], lane_ranks[i])
                       for i in range(count)]
        self._impacts = sorted(t for p in self._paths for t in p.impacts)

    @staticmethod
    def default_size(tray: pygame.Rect, count: int = 4) -> int:
        """The dice's size in `tray` when not given: as big as fits the row with gaps."""
        count = max(1, count)
        return max(8, int(min(tray.h * 0.78, tray.w / count * 0.78)))

    # --- time ---
    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration)

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + max(0.0, float(dt)))
        if self.elapsed > self.duration - 1e-6:       # summed frame times fall just short
            self.elapsed = self.duration

    def skip(self) -> None:
        """Jump to the settled state (reduced motion). Skipped impacts are not reported;
        `just_settled()` still fires once."""
        self.elapsed = self.duration
        self._reported = self.duration

    def bounces_since_last_call(self) -> int:
        """How many impacts (on the floor or a wall) happened since the last call."""
        count = sum(1 for t in self._impacts if self._reported < t <= self.elapsed)
        self._reported = max(self._reported, self.elapsed)
        return count

    def just_settled(self) -> bool:
        """True once: the first call after the roll finished."""
        if self.done and not self._settled_reported:
            self._settled_reported = True
            return True
        return False

    # --- layout ---
    def settled_rects(self, size: int | None = None) -> list[pygame.Rect]:
        """Where the dice end (see row_rects), squares of `size` (the default size when
        None)."""
        return row_rects(self.tray, len(self.values), int(size) if size else self.die_size)

    def die_states(self) -> list[tuple]:
        """Each die now: (x, y, height, angle, squash, shown value)."""
        return [path.state(self.elapsed, value) for path, value in zip(self._paths,
                                                                       self.values)]

    # --- drawing ---
    def draw(self, surface, palette: Palette, size: int, colour=None) -> None:
        size = max(8, int(size))
        if self.done:
            rects = self.settled_rects(size)
            draw_dice_row(surface, rects, self.values, palette, colour)
            return
        base = round(size * 1.5)
        states = sorted(self.die_states(), key=lambda s: s[2])
        lift = 0.5                  # on screen, height raises the die by this much
        shadow = shadow_image(size)
        for x, y, h, angle, _squash, _value in states:
            # The shadow stays on the floor, smaller and fainter the higher the die.
            rise = min(1.0, h / max(1.0, self.tray.h))
            s = 1.0 - 0.3 * rise
            image = pygame.transform.rotozoom(shadow, angle, s)
            if rise > 0:
                image.fill((255, 255, 255, round(255 * (1.0 - 0.55 * rise))),
                           special_flags=pygame.BLEND_RGBA_MULT)
            ox, oy = _shadow_offset(size)
            surface.blit(image, image.get_rect(center=(round(x + ox), round(y + oy))))
        for x, y, h, angle, squash, value in states:
            scale = 1.0 + 0.45 * min(1.5, h / max(1.0, self.tray.h))
            if h == 0.0 and squash == 1.0 and abs(angle) < 0.5 and abs(scale - 1) < 1e-3:
                image = d4_image(size, value, palette, colour)
            else:
                image = d4_image(base, value, palette, colour)
                if squash < 0.999:
                    image = pygame.transform.smoothscale(
                        image, (max(1, round(base * squash)), base))
                image = pygame.transform.rotozoom(image, angle, scale * size / base)
            surface.blit(image, image.get_rect(center=(round(x), round(y - h * lift))))


# --- the claim marks ---------------------------------------------------------------------
def seat_colour(palette, seat: int):
    """Red and Blue: the claims colours of Catalina's record."""
    return palette.claims[seat]


def _thick_line(surface, colour, start, end, width: float) -> None:
    """A stroke with round caps (a polygon and two discs)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
    pygame.draw.polygon(surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                          (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    pygame.draw.circle(surface, colour, (round(x0), round(y0)), round(width / 2))
    pygame.draw.circle(surface, colour, (round(x1), round(y1)), round(width / 2))


def mark_image(size: int, seat: int, colour, outline=(20, 16, 20),
               stroke: float = 0.17) -> pygame.Surface:
    """A `size` square picture of a seat's mark: 0 a cross, 1 a ring, with a dark rim so
    it stands out on any ground; `stroke` is the line width as a share of the size."""
    size = max(4, int(size))
    key = (size, seat, tuple(colour), tuple(outline), stroke)
    image = _marks.get(key)
    if image is not None:
        return image
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    stroke = big * stroke
    rim = big * 0.04
    inset = big * 0.2
    for paint, width in ((outline, stroke + 2 * rim), (colour, stroke)):
        if seat == 0:
            _thick_line(canvas, paint, (inset, inset), (big - inset, big - inset), width)
            _thick_line(canvas, paint, (big - inset, inset), (inset, big - inset), width)
        else:
            radius = big / 2 - inset * 0.8
            pygame.draw.circle(canvas, paint, (big // 2, big // 2),
                               round(radius + width / 2), round(width))
    return _marks.put(key, pygame.transform.smoothscale(canvas, (size, size)))


def line_stroke(surface, colour, start, end, width: int) -> None:
    """A winning line drawn over cells: a round-capped stroke with a dark edge."""
    _thick_line(surface, (20, 16, 20), start, end, width + 4)
    _thick_line(surface, colour, start, end, width)
