"""One board view per game, the class its record names (`view=...`), behind the one
interface of game/views/base.py."""
from __future__ import annotations


def make_view(context, state, names):
    """The board view for `state`'s game: the class its record names, drawing with
    `context` (a game.views.base.ViewContext)."""
    view_class = state.spec.load("view")
    if view_class is None:
        raise ValueError(f"no board view for {state.spec.title}")
    return view_class(context, state, names)
