"""Five little-known abstract games: one app, one rules engine."""

__version__ = "0.1.0"
TITLE = "Little Abstracts"
