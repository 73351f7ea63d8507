"""The session ("midend", after Simon Tatham's puzzles): one game being played."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Demo:
    """An attract demo: the game, its seats, the panel's title, and the moves a replay
    plays (None: the computers play)."""
    state: object
    seats: list
    title: str
    script: list | None = field(default=None)
