"""Named colour sets shared by every screen and painter.

A `Palette` is plain data (RGB tuples), so it is hashable and safe to use as part of a
cache key. Painters key their caches by `Palette.name`.

The fields are the colours every screen shares. A game's own colours (Xtic's pieces,
Xoliba's discs, the Truchet tiles...) are declared by the game's record in the registry
(`GameSpec.colours`: name -> {palette name: colour}, "default" for any palette it does not
name) and read the same way, `palette.piece_black`: an attribute the dataclass lacks is
looked up in the registered games' records (see `Palette.__getattr__`).

- "default": dark, warm arcade look: plum-black background, amber highlights, a sand
  board on which both the black and the brown Xtic pieces stand out.
- "high contrast": pure black and white surroundings, saturated yellow / cyan signals.
- "colour-blind safe": built from the Okabe-Ito set, whose colours stay apart under
  deuteranopia and protanopia. Good / bad highlights are blue / vermillion (they differ in
  lightness as well as hue); brown pieces are a light ochre, far lighter than the black
  ones. Pieces never rely on colour alone: brown pieces always carry a light inner rim
  (see sprites.xtic_pieces).
"""
from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    name: str
    background: RGB
    background_alt: RGB      # second stop of the subtle background gradient
    panel: RGB
    panel_border: RGB
    text: RGB
    text_dim: RGB
    accent: RGB              # focus ring, highlights of menus and buttons
    cursor: RGB              # board cursor
    board: RGB               # board frame
    board_line: RGB          # grid lines / square borders
    square_light: RGB
    square_dark: RGB
    highlight_good: RGB      # legal targets, a winning line
    highlight_bad: RGB       # the losing line
    seats: tuple[RGB, RGB, RGB]
    confetti: tuple[RGB, RGB]   # a win's confetti, with the accent and white

    def __getattr__(self, field: str):
        """A colour a registered game adds to the palettes (its record's `colours`): the
        value for this palette, else the game's "default" one. AttributeError naming the
        field when no game declares it."""
        # Only the names no dataclass field answers get here; the guard keeps copying and
        # unpickling (which look up special names before the fields exist) out of it.
        name = vars(self).get("name")
        if name is None or field.startswith("_"):
            raise AttributeError(field)
        value = game_colour(name, field)
        # Kept on the palette: painters read these every frame, and a plain attribute is
        # many times quicker than this lookup (not a field: equality and hash ignore it).
        object.__setattr__(self, field, value)
        return value


# (palette name, field) -> colour: what the registered games' records give
_GAME_COLOURS: dict[tuple[str, str], object] = {}


def game_colour(palette_name: str, field: str):
    """The colour `field` that a registered game declares (GameSpec.colours) for the
    palette `palette_name` (its "default" when it names no such palette); memoised.
    AttributeError when no registered game declares `field`."""
    key = (palette_name, field)
    if key in _GAME_COLOURS:
        return _GAME_COLOURS[key]
    import game.rules        # headless; imported here so that palettes stay a leaf module
    for spec in game.rules.all_specs():
        values = spec.colours.get(field)
        if values is not None:
            value = values.get(palette_name, values["default"])
            _GAME_COLOURS[key] = value
            return value
    raise AttributeError(f"no palette colour {field!r}: neither the Palette fields nor any "
                         f"registered game's colours (GameSpec.colours) name it")


def forget_game_colours() -> None:
    """Drop the memoised game colours (after a test registers or removes a game)."""
    _GAME_COLOURS.clear()
    fields = set(Palette.__dataclass_fields__)
    for palette in PALETTES.values():
        for name in [name for name in vars(palette) if name not in fields]:
            object.__delattr__(palette, name)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend colour `a` towards `b` by `t` (0 gives a, 1 gives b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def luminance(colour) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lighten(colour: RGB, t: float) -> RGB:
    return mix(colour, (255, 255, 255), t)


def darken(colour: RGB, t: float) -> RGB:
    return mix(colour, (0, 0, 0), t)


DEFAULT = Palette(
    name="default",
    background=(22, 16, 22),
    background_alt=(54, 28, 36),
    panel=(42, 30, 36),
    panel_border=(150, 102, 58),
    text=(250, 238, 216),
    text_dim=(178, 156, 136),
    accent=(255, 184, 48),
    cursor=(72, 214, 255),
    board=(82, 52, 38),
    board_line=(46, 30, 24),
    square_light=(236, 214, 172),
    square_dark=(214, 186, 140),
    highlight_good=(120, 228, 120),
    highlight_bad=(255, 72, 72),
    seats=((255, 184, 48), (72, 200, 255), (240, 96, 156)),
    confetti=((226, 62, 52), (52, 124, 236)),
)

HIGH_CONTRAST = Palette(
    name="high contrast",
    background=(0, 0, 0),
    background_alt=(18, 18, 18),
    panel=(0, 0, 0),
    panel_border=(255, 255, 255),
    text=(255, 255, 255),
    text_dim=(210, 210, 210),
    accent=(255, 230, 0),
    cursor=(0, 255, 255),
    board=(255, 255, 255),
    board_line=(0, 0, 0),
    square_light=(250, 250, 250),
    square_dark=(205, 205, 205),
    highlight_good=(0, 230, 0),
    highlight_bad=(255, 0, 64),
    seats=((255, 230, 0), (0, 255, 255), (255, 80, 255)),
    confetti=((255, 32, 32), (32, 112, 255)),
)

# Okabe-Ito: orange (230,159,0), sky blue (86,180,233), bluish green (0,158,115),
# yellow (240,228,66), blue (0,114,178), vermillion (213,94,0), reddish purple (204,121,167).
COLOUR_BLIND_SAFE = Palette(
    name="colour-blind safe",
    background=(16, 20, 30),
    background_alt=(30, 40, 58),
    panel=(30, 36, 50),
    panel_border=(86, 180, 233),
    text=(245, 245, 240),
    text_dim=(170, 176, 190),
    accent=(240, 228, 66),
    cursor=(86, 180, 233),
    board=(44, 54, 74),
    board_line=(20, 26, 38),
    square_light=(214, 224, 236),
    square_dark=(184, 198, 216),
    highlight_good=(0, 114, 178),
    highlight_bad=(213, 94, 0),
    seats=((230, 159, 0), (86, 180, 233), (204, 121, 167)),
    confetti=((213, 94, 0), (0, 114, 178)),
)

PALETTES: dict[str, Palette] = {
    palette.name: palette for palette in (DEFAULT, HIGH_CONTRAST, COLOUR_BLIND_SAFE)
}
PALETTE_NAMES: tuple[str, ...] = tuple(PALETTES)


def get_palette(name: str | None) -> Palette:
    """The palette called `name`; the default one for an unknown or missing name."""
    return PALETTES.get(name, DEFAULT) if name is not None else DEFAULT
