"""Painted surfaces converted to the display's pixel format, cached.

Blitting converted surfaces is several times faster. Converting needs a display mode, so
painters keep their own surfaces display-free and convert a copy when drawing. A copy
lives no longer than its image: when a painter's cache forgets an image, its copy goes
too (and the copies together stay within their budget in sprites/surface_cache.py).
"""
from __future__ import annotations

import weakref
from functools import partial

import pygame

from sprites.surface_cache import SurfaceCache

_converted = SurfaceCache("display formats")


def display_ready(image: pygame.Surface) -> pygame.Surface:
    """The image in the display's pixel format, or the image itself when no display
    mode is set (headless painting, tests)."""
    display = pygame.display.get_surface()
    if display is None:
        return image
    key = (id(image), display.get_bitsize(), display.get_masks())
    entry = _converted.get(key)
    # The id of a freed image can be reused: the entry names its image (weakly) to compare.
    if entry is None or entry[0]() is not image:
        try:
            converted = image.convert_alpha()
        except pygame.error:
            return image
        forget = partial(_converted.pop, key)      # (bound now: callbacks can run at exit)
        entry = _converted.put(key, (weakref.ref(image, lambda _: forget()), converted))
    return entry[1]


def clear() -> None:
    _converted.clear()
