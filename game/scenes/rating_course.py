"""A small plot of a rating's course (the puzzle rating after each rated attempt), drawn
with pygame lines in the screen's palette: a panel, a dim line at the rating a player
starts from when it is in view, the course in the accent colour and its last point
marked, the highest and lowest values written left of the panel. Readable at a glance:
the scale is the course's own, at least MIN_SPAN points high, so a few points up or down
do not look like a climb."""
from __future__ import annotations

import pygame

from game.puzzles.rating import START_VALUE
from game.ui.text import draw_text

MIN_SPAN = 100              # rating points the plot is high at least


def draw_course(surface, rect, values, palette, scale: float, empty_text: str = "") -> None:
    """The course `values` (oldest first) in `rect` (its labels left of it); the panel
    with `empty_text` when there are none."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, palette.background_alt, rect, border_radius=round(5 * scale))
    pygame.draw.rect(surface, palette.panel_border, rect, max(1, round(scale)),
                     border_radius=round(5 * scale))
    if not values:
        draw_text(surface, empty_text, rect.center, max(10, round(14 * scale)),
                  palette.text_dim, anchor="center")
        return
    pad = max(2, round(5 * scale))
    inner = rect.inflate(-2 * pad, -2 * pad)
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2

    def y_of(value: float) -> int:
        return round(inner.bottom - (value - low) / (high - low) * inner.h)

    if low < START_VALUE < high:
        y = y_of(START_VALUE)
        pygame.draw.line(surface, palette.panel_border, (inner.x, y), (inner.right, y),
                         max(1, round(scale)))
    step = inner.w / max(1, len(values) - 1)
    points = [(round(inner.x + i * step), y_of(value)) for i, value in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(surface, palette.accent, False, points, max(2, round(2 * scale)))
    pygame.draw.circle(surface, palette.accent, points[-1], max(3, round(3.5 * scale)))
    size = max(10, round(12 * scale))
    for value, anchor in ((high, "topright"), (low, "bottomright")):
        y = inner.y - pad // 2 if anchor == "topright" else inner.bottom + pad // 2
        draw_text(surface, f"{value:.0f}", (rect.x - pad, y), size, palette.text_dim,
                  anchor=anchor)
