"""Every cache of painted surfaces in the app, bounded by bytes: the bounds are here, in
one table, so the most the caches can hold together is known (`TOTAL_BUDGET`).

A cache forgets its least recently used images once its pixels pass its budget. Pixels,
not entries, because an entry's size goes with the window: a board painted for a
2560×1440 window weighs four times one for 1280×720. The app empties every cache when the
window size or the palette changes (`clear_all`), since what they hold then belongs to a
size or colours no longer shown.

The budgets hold what one screen draws at the largest window (2560×1440) with room to
spare, so nothing is repainted every frame; `python -m game.bench memory` reports the
bytes held over hours of play.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

MB = 1 << 20

# cache name -> the bytes of pixels it may hold
BUDGETS = {
    "display formats": 24 * MB,   # painted images converted to the window's pixel format
    "text": 12 * MB,              # rendered lines of text
    "dice": 4 * MB,               # Catalina's dice, their shadows and glows
    "xoliba discs": 4 * MB,
    "xoliba boards": 12 * MB,     # the whole plate (8 MB at 2560×1440)
    "xoliba zones": 10 * MB,      # the triangles' outlines
    "xtic pieces": 4 * MB,
    "catalina marks": 2 * MB,
    "truchet tiles": 6 * MB,      # Che and Xutoli's tiles and their highlighted parts
    "truchet open cells": 1 * MB,
}
TOTAL_BUDGET = sum(BUDGETS.values())

_caches: list[SurfaceCache] = []


def surface_bytes(value) -> int:
    """The pixel bytes of a surface, or of the surfaces in a tuple or list."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(item) for item in value)
    return 0


class SurfaceCache:
    """A least-recently-used mapping whose values (surfaces, or tuples holding some) may
    hold at most `BUDGETS[name]` (or `budget`) bytes of pixels together."""

    def __init__(self, name: str, budget: int | None = None):
        self.name = name
        self.budget = BUDGETS[name] if budget is None else budget
        self.bytes = 0
        self.forgotten = 0          # entries dropped for the budget (not by clear)
        self._items: OrderedDict = OrderedDict()
        _caches.append(self)

    def get(self, key, default=None):
        value = self._items.get(key)
        if value is None:
            return default
        self._items.move_to_end(key)
        return value[0]

    def put(self, key, value):
        """Keep `value` under `key` (forgetting the oldest entries past the budget) and
        return it."""
        self.pop(key)
        size = surface_bytes(value)
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._items) > 1:
            _, (_, size) = self._items.popitem(last=False)
            self.bytes -= size
            self.forgotten += 1
        return value

    def pop(self, key) -> None:
        entry = self._items.pop(key, None)
        if entry is not None:
            self.bytes -= entry[1]

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __contains__(self, key) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self._items)


def clear_all() -> None:
    """Empty every cache (the window's size or the palette changed)."""
    for cache in _caches:
        cache.clear()


def cached_bytes() -> dict[str, int]:
    """The bytes each cache holds now, by name."""
    return {cache.name: cache.bytes for cache in _caches}
