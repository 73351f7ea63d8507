"""Notices in a panel: a file that could not be used or written, named by its full path.
Shared by the menu, the puzzle and the statistics screens: the notices wrap (a path too
long for a line is broken after a folder separator), keep a readable size in the
smallest window, and when they do not all fit each notice keeps at least its first line
or two (which name the file). The lines are chosen here; the panel showing them is a
pygame-gui text box (the theme's #notice entry).
"""
from __future__ import annotations

import html

import pygame
import pygame_gui

from game.ui.text import fit_text, font, wrap_text
from game.ui.theme import NOTICE, preload_text_size

NOTICE_SIZE = 15            # text size at scale 1 …
NOTICE_MIN_SIZE = 13        # … and never smaller (800×480 would give 9 pixels)
NOTICE_LINES_EACH = 2       # every notice keeps this many lines when space is short
NOTICE_PAD = 8              # design pixels above and below the lines, in the panel
NOTICE_BORDER = 2           # pixels: the panel's edge (the theme's border_width)


# --- notices: shared by the menu, the puzzle and the statistics screens --------------------
def notice_size(app) -> int:
    return max(NOTICE_MIN_SIZE, round(NOTICE_SIZE * app.scale))


def notice_line_height(app) -> int:
    """A line's height, as the text box lays it out (the theme's line_spacing is 1)."""
    return font(notice_size(app)).get_linesize()


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
    """The height of the panel place_notices makes for `lines` (0 for none)."""
    if not lines:
        return 0
    return len(lines) * notice_line_height(app) + 2 * round(NOTICE_PAD * app.scale) \
        + 2 * NOTICE_BORDER


def place_notices(scene, lines, y: int) -> pygame.Rect | None:
    """The notice panel, centred in the window from `y` (notice_width and a margin each
    side wide, notices_height high): a pygame-gui text box of the scene's, showing
    `lines` in the palette's text colour, edged in its warning colour (the theme's
    NOTICE entry). Returns its rect (None for no lines)."""
    if not lines:
        return None
    app = scene.app
    size = notice_size(app)
    preload_text_size(scene.ui, size)
    width = notice_width(app) + 2 * _margin(app.scale)
    rect = pygame.Rect((app.size[0] - width) // 2, y, width, notices_height(app, lines))
    markup = "<br>".join(html.escape(line) for line, _ in lines)
    box = pygame_gui.elements.UITextBox(f"<font pixel_size={size}>{markup}</font>", rect,
                                        manager=scene.ui, object_id=NOTICE)
    return box.rect


def notice_width(app) -> int:
    """The width of notice text in a window (the panel adds a margin each side)."""
    s = app.scale
    return min(app.size[0] - round(60 * s) - 2 * _margin(s), round(1140 * s))


def _margin(scale: float) -> int:
    """The panel's margin each side of the notice text: the theme's padding and border,
    and a few pixels to spare (the text box measures text a little wider than pygame's
    fonts do, and would wrap a line that just fits)."""
    return round(14 * scale)
