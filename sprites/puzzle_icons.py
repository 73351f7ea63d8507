"""Small procedural icons of the puzzle screens: stars, a padlock, a hint arrow, confetti.

Drawn straight onto the target surface with pygame.draw and antialiased edges (aa
polygons and lines), so they are crisp at every window size; nothing is cached.
"""
from __future__ import annotations

import math
import random

import pygame


def star_points(centre, radius: float, inner: float = 0.46) -> list:
    cx, cy = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def draw_star(surface, centre, radius: float, colour, filled: bool, outline=None) -> None:
    """A five-pointed star; an empty one is an outline only (so a missing star still reads
    as a star slot, in any palette)."""
    points = star_points(centre, radius)
    if filled:
        pygame.draw.polygon(surface, colour, points)
    pygame.draw.aalines(surface, outline or colour, True, points)
    if not filled:
        pygame.draw.polygon(surface, outline or colour, points, max(1, round(radius / 7)))


def draw_stars(surface, centre, radius: float, count: int, earned: int, colour, empty) -> None:
    """`count` stars in a row centred on `centre`, the first `earned` filled."""
    step = radius * 2.3
    x0 = centre[0] - step * (count - 1) / 2
    for i in range(count):
        filled = i < earned
        draw_star(surface, (x0 + i * step, centre[1]), radius, colour if filled else empty,
                  filled)


def draw_lock(surface, centre, size: float, colour, hole_colour) -> None:
    """A padlock: a body with a keyhole under a shackle."""
    cx, cy = centre
    w, h = size * 0.9, size * 0.62
    body = pygame.Rect(0, 0, round(w), round(h))
    body.midtop = (round(cx), round(cy - size * 0.05))
    thick = max(2, round(size / 9))
    shackle = pygame.Rect(0, 0, round(w * 0.62), round(size * 0.8))
    shackle.midtop = (round(cx), round(cy - size * 0.5))
    pygame.draw.ellipse(surface, colour, shackle, thick)
    pygame.draw.rect(surface, colour, body, border_radius=max(2, round(size / 10)))
    hole = (round(cx), round(body.centery - h * 0.08))
    pygame.draw.circle(surface, hole_colour, hole, max(1, round(size / 12)))


def draw_check(surface, centre, size: float, colour) -> None:
    cx, cy = centre
    points = [(cx - size * 0.45, cy), (cx - size * 0.12, cy + size * 0.32),
              (cx + size * 0.48, cy - size * 0.36)]
    pygame.draw.lines(surface, colour, False, points, max(2, round(size / 6)))


def draw_arrow(surface, start, end, colour, width: int) -> None:
    """A thick arrow from `start` to `end`, its head ending at `end`."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy)
    if length < 1:
        return
    ux, uy = (ex - sx) / length, (ey - sy) / length
    head = min(length * 0.45, width * 3.2)
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    nx, ny = -uy, ux
    pygame.draw.polygon(surface, colour, [
        end, (base[0] + nx * head * 0.6, base[1] + ny * head * 0.6),
        (base[0] - nx * head * 0.6, base[1] - ny * head * 0.6)])


class Confetti:
    """A burst of falling, spinning flakes: the solved celebration. Positions are a pure
    function of the time since the burst, so drawing needs no per-frame update."""

    def __init__(self, rect: pygame.Rect, colours, seed: int = 0, count: int = 90):
        rng = random.Random(seed)
        self.rect = pygame.Rect(rect)
        self.flakes = []
        for _ in range(count):
            self.flakes.append((
                rng.uniform(0.3, 0.7) * self.rect.w, rng.uniform(0.25, 0.55) * self.rect.h,
                rng.uniform(-1.0, 1.0) * self.rect.w * 0.45,      # horizontal speed
                -rng.uniform(0.5, 1.3) * self.rect.h,              # launch speed, upwards
                rng.uniform(0, math.tau), rng.uniform(-9, 9),      # angle, spin
                rng.choice(colours), rng.uniform(0.6, 1.4)))       # colour, size
        self.duration = 2.6

    def draw(self, surface, elapsed: float, scale: float) -> None:
        if elapsed >= self.duration:
            return
        gravity = self.rect.h * 1.6
        fade = 1.0 if elapsed < self.duration - 0.6 else (self.duration - elapsed) / 0.6
        for x, y, vx, vy, angle, spin, colour, size in self.flakes:
            px = self.rect.x + x + vx * elapsed
            py = self.rect.y + y + vy * elapsed + gravity * elapsed * elapsed / 2
            if not self.rect.collidepoint(px, py):
                continue
            a = angle + spin * elapsed
            w, h = 7 * size * scale * fade, 3.5 * size * scale
            dx, dy = math.cos(a), math.sin(a)
            points = [(px + dx * w - dy * h, py + dy * w + dx * h),
                      (px - dx * w - dy * h, py - dy * w + dx * h),
                      (px - dx * w + dy * h, py - dy * w - dx * h),
                      (px + dx * w + dy * h, py + dy * w - dx * h)]
            pygame.draw.polygon(surface, colour, points)
