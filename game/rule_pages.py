"""The rules screen's pages: each game's rules as a few short, titled sections, each with
a diagram drawn by the game's own painters.

`pages(spec)` gives a game's pages in reading order: the tuple its record names
(`rule_pages="game.games.<name>.rule_pages:PAGES"`). A `Page` is plain data: a title, a
few short paragraphs (bullets start with "•"), and `draw(surface, rect, palette)`, which
paints the page's diagram inside `rect`. The draw functions live next to each game's
board view (its module-level `illustrate_*` functions) and are imported only when a page
is drawn (`art`), so the pages' tables stay light.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    draw: Callable          # draw(surface, rect, palette): the page's diagram


def art(module: str, function: str, *args, **kwargs) -> Callable:
    """A draw function that imports `<module>.<function>` when first used and calls it as
    function(surface, rect, palette, *args, **kwargs)."""
    def draw(surface, rect, palette):
        painter = getattr(import_module(module), function)
        painter(surface, rect, palette, *args, **kwargs)
    draw.__name__ = f"{module}.{function}"
    return draw


def pages(spec) -> tuple[Page, ...]:
    """A game's rules pages, in reading order (every game's record names some)."""
    return spec.load("rule_pages")
