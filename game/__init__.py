"""Five little-known abstract games: one app, one rules engine."""

__version__ = "0.1.0"
TITLE = "Little Abstracts"
# The app's name for the desktop: the window's class (Wayland: its app id) and the
# desktop entry's file name, which a dock matches to show the game on its launcher.
APP_ID = "little-abstracts"
