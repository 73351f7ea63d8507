"""The widgets' looks: one pygame-gui theme file per palette, in game/ui/themes/.

Each file styles every widget the screens use (buttons, the game-select's cards, text
boxes, notices, scrolling containers and their bars, sliders, windows and their title
bars) in its palette's colours, at the 1280×720 design size. `load_theme` reads it and
scales its sizes (font sizes, corner radii, paddings, title bars) to the window, then the
scene's UIManager is made from it.

Focus (keys, pad, or the last button pointed at) is a button's "selected" look with the
pulsing ring (FocusRing.draw); hover, which pygame-gui shows under the pointer, is only a
lighter outline on a barely lighter fill, so a pointed-at button never looks like a
second focus.
"""
from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

from game.ui.text import MIN_TEXT_SCALE

THEME_FOLDER = Path(__file__).parent / "themes"
GAME_CARD = "#game_card"        # the game-select's cards (their name, bottom-aligned)
NOTICE = "#notice"              # a notice about a file: edged in the warning colour
MOVE_LIST = "#move_list"        # a results card's move list, scrolled when long
# Design pixels under a card's name, where the menu draws its line: the #game_card
# entry's text_vert_alignment_padding in every theme file (tests/test_themes.py).
CARD_LINE_ROOM = 76

MIN_FONT = 12                   # no widget text smaller than this many pixels
# The theme's sizes are in design pixels and scale with the window; a font never under
# MIN_FONT, and the room kept for hand-drawn text never under its MIN_TEXT_SCALE.
TEXT_ROOM = {"text_vert_alignment_padding"}
SHAPE_SIZES = {"size", "shape_corner_radius", "title_bar_height", "sliding_button_width"}


def theme_file(palette) -> Path:
    """The theme file of `palette` ("high contrast" -> high_contrast.json)."""
    stem = palette.name.replace(" ", "_").replace("-", "_")
    return THEME_FOLDER / f"{stem}.json"


@cache
def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def load_theme(palette, scale: float) -> dict:
    """The theme of `palette` with its sizes scaled to the window (a new dict: the
    UIManager is given it as it would be given the file)."""
    theme = copy.deepcopy(_read(theme_file(palette)))
    text_scale = max(scale, MIN_TEXT_SCALE)
    for entry in theme.values():
        for section in ("font", "misc"):
            block = entry.get(section, {})
            for key, value in block.items():
                if key in TEXT_ROOM:
                    block[key] = str(round(int(value) * text_scale))
                elif key in SHAPE_SIZES:
                    least = MIN_FONT if key == "size" else 2
                    block[key] = str(max(least, round(int(value) * scale)))
                elif key == "padding":
                    block[key] = ",".join(str(round(int(v) * scale)) for v in value.split(","))
    return theme


def button_colours(palette) -> dict:
    """The buttons' colours in `palette`'s theme (the menu paints its cards in them)."""
    return _read(theme_file(palette))["button"]["colours"]


def preload_text_size(ui, pixels: int) -> None:
    """Load the regular text font at `pixels` into the manager `ui`, unless it has it: a
    text box sized in its markup (`pixel_size`) would load it while laying out, and
    pygame-gui warns of that."""
    fonts = ui.get_theme().get_font_dictionary()
    if not fonts.check_font_preloaded(fonts.create_font_id(pixels, "noto_sans", False, False)):
        fonts.preload_font(pixels, "noto_sans", force_immediate_load=True)
