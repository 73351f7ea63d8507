"""Colour helpers: contrast, and colours in the form pygame-gui's theme wants."""
from __future__ import annotations


def rgb(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def luminance(colour) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_on(background, *candidates):
    """The candidate colour with the most contrast against `background`."""
    def contrast(colour):
        a, b = luminance(colour), luminance(background)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    return max(candidates, key=contrast)
