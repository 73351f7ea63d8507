"""Named colour sets shared by every screen and painter.

A `Palette` is plain data (RGB tuples), so it is hashable and safe to use as part of a
cache key. Painters key their caches by `Palette.name`.

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
    piece_black: RGB
    piece_brown: RGB
    piece_outline: RGB       # stroke around every piece, visible on squares and panels
    piece_mark: RGB          # the inner rim that marks brown pieces without colour
    discs: tuple[RGB, RGB, RGB]   # Xoliba's red, blue and green faces (its seats' names)
    tiles: tuple[RGB, RGB] = ((238, 228, 204), (38, 76, 132))   # Truchet light/white, dark/blue


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend colour `a` towards `b` by `t` (0 gives a, 1 gives b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


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
    piece_black=(38, 34, 42),
    piece_brown=(158, 84, 38),
    piece_outline=(252, 232, 196),
    piece_mark=(255, 206, 140),
    discs=((226, 62, 52), (52, 124, 236), (56, 178, 84)),
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
    piece_black=(0, 0, 0),
    piece_brown=(150, 70, 0),
    piece_outline=(255, 255, 255),
    piece_mark=(255, 225, 80),
    discs=((255, 32, 32), (32, 112, 255), (0, 220, 0)),
    tiles=((255, 255, 255), (0, 28, 120)),
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
    piece_black=(22, 22, 30),
    piece_brown=(196, 128, 24),
    piece_outline=(250, 250, 245),
    piece_mark=(255, 240, 150),
    # Vermillion, blue and bluish green; the discs' marks tell them apart as well.
    discs=((213, 94, 0), (0, 114, 178), (0, 158, 115)),
    # Cream and Okabe-Ito blue: far apart in lightness, whatever the colour vision.
    tiles=((246, 240, 218), (0, 92, 150)),
)

PALETTES: dict[str, Palette] = {
    palette.name: palette for palette in (DEFAULT, HIGH_CONTRAST, COLOUR_BLIND_SAFE)
}
PALETTE_NAMES: tuple[str, ...] = tuple(PALETTES)


def get_palette(name: str | None) -> Palette:
    """The palette called `name`; the default one for an unknown or missing name."""
    return PALETTES.get(name, DEFAULT) if name is not None else DEFAULT
