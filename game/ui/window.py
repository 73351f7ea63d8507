"""The window's name for the desktop. A dock matches a running window to its launcher by
the window's class (X11: WM_CLASS, named by the desktop entry's StartupWMClass; Wayland:
the app id, matched to the entry's file name), so the app and the error window give their
window the entry's name (game/launch/desktop.py writes the entry) before SDL opens it."""
from __future__ import annotations

import os

from game import APP_ID, TITLE

# SDL's hints naming the window's class: X11 (class and instance), Wayland (app id) on
# SDL 2, and SDL 3's one for both. SDL reads them when its video starts.
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID")
APP_NAME_HINT = "SDL_APP_NAME"      # the name in the screen saver's and sound's lists


def name_the_window() -> None:
    """Give the window the desktop entry's name; call it before pygame.display starts.
    pygame's import sets the X11 class to the script's name (`__main__.py`), so the
    hints are set outright. (Windows' taskbar and macOS's dock go by the program, so
    they need nothing here.)"""
    for hint in WINDOW_CLASS_HINTS:
        os.environ[hint] = APP_ID
    os.environ[APP_NAME_HINT] = TITLE
