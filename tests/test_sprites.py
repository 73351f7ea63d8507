import os

# Headless, whatever the shell says: the drivers are set before pygame is imported.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import itertools

import pygame
import pytest

from sprites.palettes import (
    DEFAULT, PALETTE_NAMES, PALETTES, Palette, get_palette,
)
from sprites.xtic_pieces import describe, draw_piece, piece_surface

SIZES = (28, 40, 64, 121, 200)
PIECES = range(16)


def opaque_box(surface: pygame.Surface) -> pygame.Rect:
    """Bounding box of the piece itself, leaving out the faint drop shadow."""
    return surface.get_bounding_rect(min_alpha=200)


def test_palettes_are_complete_and_named():
    assert PALETTE_NAMES == ("default", "high contrast", "colour-blind safe")
    for name in PALETTE_NAMES:
        palette = PALETTES[name]
        assert isinstance(palette, Palette)
        assert palette.name == name
        assert len(palette.seats) == 3 and len(palette.discs) == 3
        assert len(palette.tiles) == 2
        colours = [getattr(palette, field.name) for field in dataclasses.fields(palette)
                   if field.name not in ("name", "seats", "confetti")]
        # The games' own colours (their records' `colours`) read the same way.
        colours += list(palette.seats) + list(palette.confetti) + list(palette.discs) \
            + list(palette.tiles)
        colours += [palette.piece_black, palette.piece_brown, palette.piece_outline,
                    palette.piece_mark]
        for colour in colours:
            assert len(colour) == 3 and all(0 <= c <= 255 for c in colour)
        assert palette.piece_black != palette.piece_brown
        assert palette.highlight_good != palette.highlight_bad
        # Truchet light and dark: told apart by lightness, whatever the colour vision.
        light, dark = (sum(colour) / 3 for colour in palette.tiles)
        assert light - dark > 120


def test_the_games_colours_come_from_their_records():
    import game.rules
    declared = {}
    for spec in game.rules.all_specs():
        for field, values in spec.colours.items():
            assert "default" in values, (spec.name, field)
            assert set(values) <= set(PALETTE_NAMES) | {"default"}, (spec.name, field)
            # Games that share an entry (Che's and Xutoli's tiles) give it the same colours.
            assert declared.setdefault(field, values) == values, (spec.name, field)
            for name in PALETTE_NAMES:
                assert getattr(PALETTES[name], field) == values.get(name, values["default"])
    assert {"piece_black", "discs", "tiles"} <= set(declared)
    for field in declared:          # not a field of the shared palette
        assert field not in {f.name for f in dataclasses.fields(DEFAULT)}
    with pytest.raises(AttributeError, match="no_such_colour"):
        _ = DEFAULT.no_such_colour
    hash(DEFAULT)                       # still plain, frozen data


def test_a_game_registered_later_adds_its_colours():
    import game.rules
    from sprites import palettes
    spec = game.rules.GameSpec(name="test-colours", title="Test colours", blurb="",
                               colours={"glow": {"default": (1, 2, 3),
                                                 "high contrast": (4, 5, 6)}})
    assert not hasattr(DEFAULT, "glow")
    game.rules.register(spec)
    try:
        assert DEFAULT.glow == (1, 2, 3)
        assert PALETTES["colour-blind safe"].glow == (1, 2, 3)
        assert PALETTES["high contrast"].glow == (4, 5, 6)
    finally:
        game.rules.unregister(spec.name)
        palettes.forget_game_colours()
    assert not hasattr(DEFAULT, "glow")


def test_get_palette_falls_back_to_default():
    assert get_palette("high contrast") is PALETTES["high contrast"]
    assert get_palette("no such palette") is DEFAULT
    assert get_palette(None) is DEFAULT


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("piece", PIECES)
def test_piece_shape(piece, size):
    surface = piece_surface(piece, size, DEFAULT)
    assert surface.get_size() == (size, size)
    assert surface.get_flags() & pygame.SRCALPHA
    box = opaque_box(surface)
    assert box.w > 0 and box.h > 0, "piece has no opaque pixels"
    centre_alpha = surface.get_at((size // 2, size // 2)).a
    if piece & 4:
        assert centre_alpha == 0, "hollow piece must show the board through its hole"
    else:
        assert centre_alpha == 255, "solid piece must be opaque in the middle"
    if piece & 2:
        assert box.h > box.w * 1.3, f"vertical piece {piece} is not tall: {box}"
    else:
        assert box.w > box.h * 1.3, f"horizontal piece {piece} is not wide: {box}"


def test_square_pieces_fill_their_corners_round_ones_do_not():
    size = 120
    for piece in PIECES:
        surface = piece_surface(piece, size, DEFAULT)
        box = opaque_box(surface)
        # a point a little inside the corner of the bounding box, on the diagonal
        inset = round(min(box.w, box.h) * 0.12)
        corner_alpha = surface.get_at((box.left + inset, box.top + inset)).a
        if piece & 8:
            assert corner_alpha == 255, describe(piece)
        else:
            assert corner_alpha < 128, describe(piece)


@pytest.mark.parametrize("size", (28, 48, 120))
def test_all_pieces_look_different(size):
    for palette in PALETTES.values():
        images = [pygame.image.tobytes(piece_surface(p, size, palette), "RGBA") for p in PIECES]
        for a, b in itertools.combinations(PIECES, 2):
            assert images[a] != images[b], f"{palette.name}: pieces {a} and {b} look the same"


@pytest.mark.parametrize("name", PALETTE_NAMES)
def test_black_and_brown_differ_in_every_palette(name):
    palette = PALETTES[name]
    size = 48
    for black in (p for p in PIECES if not p & 1):
        dark = piece_surface(black, size, palette)
        light = piece_surface(black | 1, size, palette)
        assert opaque_box(dark) == opaque_box(light)  # same shape, only the colour differs
        differing = sum(
            1 for x in range(size) for y in range(size)
            if dark.get_at((x, y)) != light.get_at((x, y)))
        assert differing > size, f"{name}: pieces {black} and {black | 1} barely differ"


def test_brown_pieces_differ_from_black_without_colour():
    """In greyscale a brown piece is clearly lighter than the matching black one."""
    def mean_luma(surface):
        total = count = 0
        for x in range(surface.get_width()):
            for y in range(surface.get_height()):
                r, g, b, a = surface.get_at((x, y))
                if a == 255:
                    total += 0.2126 * r + 0.7152 * g + 0.0722 * b
                    count += 1
        return total / count

    for palette in PALETTES.values():
        for black in (p for p in PIECES if not p & 1):
            dark = mean_luma(piece_surface(black, 48, palette))
            light = mean_luma(piece_surface(black | 1, 48, palette))
            assert light - dark > 30, f"{palette.name}: piece {black} vs {black | 1}"


def test_cache_returns_the_same_surface():
    first = piece_surface(5, 64, DEFAULT)
    assert piece_surface(5, 64, DEFAULT) is first
    assert piece_surface(5, 64, PALETTES["high contrast"]) is not first
    assert piece_surface(5, 65, DEFAULT) is not first


def test_bad_pieces_and_sizes_are_refused():
    with pytest.raises(ValueError):
        piece_surface(16, 40, DEFAULT)
    with pytest.raises(ValueError):
        piece_surface(3, 0, DEFAULT)


def test_draw_piece_centres_the_piece_in_the_rect():
    target = pygame.Surface((300, 200), pygame.SRCALPHA)
    draw_piece(target, 0, pygame.Rect(100, 50, 120, 80), DEFAULT)
    box = target.get_bounding_rect(min_alpha=200)
    assert pygame.Rect(100, 50, 120, 80).contains(box)
    assert abs(box.centerx - 160) <= 2 and abs(box.centery - 90) <= 2


def test_draw_piece_with_alpha_leaves_the_cached_surface_alone():
    target = pygame.Surface((64, 64), pygame.SRCALPHA)
    draw_piece(target, 9, (0, 0, 64, 64), DEFAULT, alpha=100)
    assert target.get_at((32, 32)).a < 255
    cached = piece_surface(9, 64, DEFAULT)
    assert cached.get_alpha() in (None, 255)
    assert cached.get_at((32, 32)).a == 255


def test_describe():
    assert describe(0) == "black horizontal solid round"
    assert describe(15) == "brown vertical hollow square"
    assert describe(9) == "brown horizontal solid square"
