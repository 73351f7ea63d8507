"""Painted surfaces converted to the display's pixel format, cached.

Blitting converted surfaces is several times faster. Converting needs a display mode, so
painters keep their own surfaces display-free and convert a copy when drawing.
"""
from __future__ import annotations

import pygame

CACHE_LIMIT = 1280          # converted copies kept; past it the cache starts again

_converted: dict = {}


def display_ready(image: pygame.Surface) -> pygame.Surface:
    """The image in the display's pixel format, or the image itself when no display
    mode is set (headless painting, tests)."""
    display = pygame.display.get_surface()
    if display is None:
        return image
    key = (id(image), display.get_bitsize(), display.get_masks())
    converted = _converted.get(key)
    # The id of a freed image can be reused: keep the image itself to compare.
    if converted is None or converted[0] is not image:
        if len(_converted) > CACHE_LIMIT:
            _converted.clear()
        try:
            converted = (image, image.convert_alpha())
        except pygame.error:
            return image
        _converted[key] = converted
    return converted[1]


def clear() -> None:
    _converted.clear()


def remember(cache, key, value, limit: int):
    """Keep `value` in `cache` (an OrderedDict) under `key`, forgetting the oldest entry
    past `limit`; returns the value. The painters' bounded image caches."""
    cache[key] = value
    if len(cache) > limit:
        cache.popitem(last=False)
    return value
