"""Colour helpers: contrast, and colours in the form pygame-gui's theme wants."""
from __future__ import annotations

from sprites.palettes import luminance


def rgb(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def readable_on(background, *candidates):
    """The candidate colour with the most contrast against `background`."""
    def contrast(colour):
        a, b = luminance(colour), luminance(background)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    return max(candidates, key=contrast)
