"""Text for every screen: fonts (pygame-gui's Noto Sans), rendered lines cached, wrapping
and cutting to a width."""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame
import pygame_gui

from sprites.surface_cache import SurfaceCache

_FONT_DIR = Path(pygame_gui.__file__).parent / "data"
FONTS_KEPT = 16             # a font face holds about half a megabyte: the sizes in use
_fonts: OrderedDict = OrderedDict()

_texts = SurfaceCache("text")
WRAPS_KEPT = 600            # wrap_text's answers (lines, no pixels): the panels wrap the
_wrapped: dict = {}         # same texts each time


# The least scale of text in dense places (the side panel, the game cards): 12 px for
# their 15 px lines, however small the window (App.text_scale).
MIN_TEXT_SCALE = 0.8

def reset_fonts() -> None:
    """Forget cached fonts and texts: pygame.quit() invalidates them (a new App starts
    afresh), and a new window size asks for other sizes."""
    _fonts.clear()
    _texts.clear()
    _wrapped.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (max(8, int(size)), bold)
    face = _fonts.get(key)
    if face is None:
        name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
        path = _FONT_DIR / name
        face = _fonts[key] = pygame.font.Font(str(path) if path.exists() else None, key[0])
        if len(_fonts) > FONTS_KEPT:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return face


def render_text(text, size, colour, bold=False) -> pygame.Surface:
    """Rendered text, cached: most labels are the same from one frame to the next."""
    key = (text, int(size), tuple(colour), bold)
    image = _texts.get(key)
    if image is None:
        image = _texts.put(key, font(size, bold).render(text, True, colour))
    return image


def draw_text(surface, text, pos, size, colour, bold=False, anchor="topleft") -> pygame.Rect:
    image = render_text(text, size, colour, bold)
    rect = image.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(image, rect)
    return rect


def _break_word(word: str, size: int, width: int, bold: bool = False) -> list[str]:
    """A word wider than `width` (a long path) in pieces that fit, broken after a folder
    separator where one is near, else anywhere."""
    face = font(size, bold)
    pieces = []
    while face.size(word)[0] > width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and face.size(word[:cut])[0] > width:
            cut -= 1
        separator = max(word.rfind("/", 0, cut), word.rfind("\\", 0, cut))
        if separator >= cut // 2:
            cut = separator + 1
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces + [word]


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels; blank lines are kept, and a word
    too long for a line (a path) is broken."""
    key = (text, size, width, bold)
    lines = _wrapped.get(key)
    if lines is None:
        if len(_wrapped) >= WRAPS_KEPT:
            _wrapped.clear()
        lines = _wrapped[key] = tuple(_wrap(text, size, width, bold))
    return list(lines)


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    face = font(size, bold)
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            for number, piece in enumerate(_break_word(word, size, width, bold)):
                trial = (line + ("" if number else " ") + piece) if line else piece
                if face.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return lines


def fitting_size(text: str, size: int, width: int, bold: bool = False,
                 smallest: int = 12) -> int:
    """The largest font size, from `size` down to `smallest`, at which `text` fits in
    `width` pixels on one line (`smallest` if none does)."""
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` pixels."""
    face = font(size, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def ellipsise_middle(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, its middle cut out for an ellipsis if it is wider than `width` pixels: a
    file's name keeps its start and its end (the ".txt", a number)."""
    face = font(size, bold)
    if face.size(text)[0] <= width:
        return text
    start, end = len(text) // 2, len(text) - len(text) // 2
    while start + end > 0:
        if end >= start:
            end -= 1
        else:
            start -= 1
        shown = text[:start] + "…" + text[len(text) - end:]
        if face.size(shown)[0] <= width:
            return shown
    return "…"
