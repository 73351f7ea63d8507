"""Notices in a panel: a file that could not be used or written, named by its full path.
Shared by the menu, the puzzle and the statistics screens: the notices wrap (a path too
long for a line is broken after a folder separator), keep a readable size in the
smallest window, and when they do not all fit each notice keeps at least its first line
or two (which name the file).
"""
from __future__ import annotations

import pygame

from game.ui.text import draw_text, fit_text, wrap_text

NOTICE_SIZE = 15            # text size at scale 1 …
NOTICE_MIN_SIZE = 13        # … and never smaller (800×480 would give 9 pixels)
NOTICE_LINES_EACH = 2       # every notice keeps this many lines when space is short


# --- notices: shared by the menu, the puzzle and the statistics screens --------------------
def notice_size(app) -> int:
    return max(NOTICE_MIN_SIZE, round(NOTICE_SIZE * app.scale))


def notice_line_height(app) -> int:
    return round(notice_size(app) * 1.35)


def notice_lines(app, messages, width: int, max_lines: int | None = None) -> list:
    """The lines of `messages` wrapped to `width`: a list of (text, first line of a
    notice). At most `max_lines`: then every notice gets its first line (the first
    notices, while there is room), then its second (up to NOTICE_LINES_EACH), then the
    room left goes to the first notices; a cut notice ends with "…"."""
    size = notice_size(app)
    wrapped = [wrap_text(message, size, width) for message in messages if message]
    if max_lines is None or sum(map(len, wrapped)) <= max_lines:
        keep = [len(lines) for lines in wrapped]
    else:
        keep = [0] * len(wrapped)
        room = max(1, max_lines)
        for most in list(range(1, NOTICE_LINES_EACH + 1)) + [None]:
            for index, lines in enumerate(wrapped):     # a line each, then a second each,
                want = len(lines) if most is None else min(len(lines), most)   # then all
                take = min(max(0, want - keep[index]), room)
                keep[index] += take
                room -= take
    out = []
    for lines, count in zip(wrapped, keep):
        for number, line in enumerate(lines[:count]):
            if number == count - 1 and count < len(lines):
                line = fit_text(line + " …", size, width)
            out.append((line, number == 0))
    return out


def notices_height(app, lines) -> int:
    """The height of the panel draw_notices draws for `lines` (0 for none)."""
    if not lines:
        return 0
    s = app.scale
    firsts = sum(1 for _, first in lines if first)
    return len(lines) * notice_line_height(app) + (firsts - 1) * round(6 * s) \
        + 2 * round(8 * s)


def draw_notices(surface, app, lines, y: int) -> pygame.Rect | None:
    """The notice panel, centred in the window from `y` (notice_width and a margin each
    side wide, notices_height high), with the lines in the palette's text colour, edged
    in its warning colour. Returns the panel's rect (None for no lines)."""
    if not lines:
        return None
    s = app.scale
    palette = app.palette
    width = notice_width(app) + 2 * _margin(s)
    panel = pygame.Rect((app.size[0] - width) // 2, y, width, notices_height(app, lines))
    pygame.draw.rect(surface, palette.panel, panel, border_radius=round(8 * s))
    pygame.draw.rect(surface, palette.highlight_bad, panel, max(1, round(2 * s)),
                     border_radius=round(8 * s))
    size = notice_size(app)
    ty = y + round(8 * s)
    for index, (line, first) in enumerate(lines):
        if first and index:
            ty += round(6 * s)
        draw_text(surface, line, (panel.centerx, ty), size, palette.text, anchor="midtop")
        ty += notice_line_height(app)
    return panel


def notice_width(app) -> int:
    """The width of notice text in a window (the panel adds a margin each side)."""
    s = app.scale
    return min(app.size[0] - round(60 * s) - 2 * _margin(s), round(1140 * s))


def _margin(scale: float) -> int:
    """The panel's margin each side of the notice text."""
    return round(14 * scale)
