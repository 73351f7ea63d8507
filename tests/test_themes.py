"""The widgets' looks come from one theme file per palette (game/ui/themes/*.json): each
palette has one, each is the palette's colours, each styles every widget the screens
use, and the UIManager is made from it, scaled to the window."""
from __future__ import annotations

import pygame
import pytest

from game.ui import theme as theme_module
from game.ui.colours import rgb
from game.ui.theme import CARD_LINE_ROOM, GAME_CARD, load_theme, theme_file
from sprites.palettes import PALETTES

WIDGETS = ("defaults", "button", GAME_CARD, theme_module.NOTICE, theme_module.MOVE_LIST,
           "label", "text_box", "scrolling_container", "vertical_scroll_bar",
           "horizontal_slider", "horizontal_slider.#sliding_button", "window",
           "window.#title_bar")


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_every_palette_has_a_theme_file_in_its_colours(palette):
    raw = theme_module._read(theme_file(palette))
    missing = [widget for widget in WIDGETS if widget not in raw]
    assert not missing, f"{theme_file(palette).name} lacks {missing}"
    button = raw["button"]["colours"]
    assert button["normal_bg"] == rgb(palette.panel)
    assert button["normal_text"] == rgb(palette.text)
    assert button["selected_border"] == rgb(palette.accent)
    assert raw["window"]["colours"]["dark_bg"] == rgb(palette.panel)
    assert raw["horizontal_slider"]["colours"]["filled_bar"] == rgb(palette.accent)
    assert int(raw[GAME_CARD]["misc"]["text_vert_alignment_padding"]) == CARD_LINE_ROOM


def test_sizes_scale_with_the_window_and_fonts_stay_readable():
    palette = PALETTES["default"]
    full = load_theme(palette, 1.5)
    small = load_theme(palette, 0.4)
    assert full["button"]["font"]["size"] == "30"
    assert small["button"]["font"]["size"] == str(theme_module.MIN_FONT)
    assert full["window"]["misc"]["title_bar_height"] == "84"
    assert load_theme(palette, 1.0) == theme_module._read(theme_file(palette))


def test_the_ui_manager_wears_the_palettes_theme(make_app):
    from game.services.settings import Settings
    app = make_app(settings=Settings(palette="high contrast"))
    button = app.scene.ring.items[-1].element
    colours = button.ui_theme.get_colour_or_gradient("normal_bg", button.combined_element_ids)
    assert pygame.Color(colours)[:3] == PALETTES["high contrast"].panel
