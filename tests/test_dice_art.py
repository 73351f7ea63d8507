"""The d4 dice of Catalina Tiles: the painted dice, the roll animation and its sounds.

Headless (tests/conftest.py). The contact sheet, tests/screenshots/dice_sheet.png
(git-ignored), shows the dice in every palette, size and seat colour, dim and highlighted
dice, and frames of a roll, for looking at; its test checks what it must show.
"""
from __future__ import annotations

import numpy as np
import pygame
import pytest

import sounds
from scene_driver import SCREENSHOTS
from sprites import catalina_pieces as dice
from sprites.palettes import DEFAULT, PALETTES

SIZES = (48, 64, 72)
FRAME = 1 / 60


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield


def _pixels(image: pygame.Surface) -> np.ndarray:
    """RGBA pixels as an (w, h, 4) array."""
    rgb = pygame.surfarray.array3d(image)
    alpha = pygame.surfarray.array_alpha(image)
    return np.dstack([rgb, alpha]).astype(np.int32)


def _distinct_colours(image: pygame.Surface) -> int:
    px = _pixels(image)
    opaque = px[px[..., 3] > 200][:, :3]
    return len({tuple(c) for c in opaque})


def _run(roll: dice.DiceRoll, dt: float = FRAME, limit: float = 10.0):
    """Step `roll` frame by frame to the end: (frames, bounce counts, settle frames)."""
    bounces, settled, frames = [], [], 0
    t = 0.0
    while t < limit:
        roll.update(dt)
        t += dt
        bounces.append(roll.bounces_since_last_call())
        settled.append(roll.just_settled())
        frames += 1
        if roll.done and frames > 2 and not any(settled[-1:]):
            break
    return frames, bounces, settled


# --- the painted die -------------------------------------------------------------------
@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
@pytest.mark.parametrize("size", SIZES)
def test_faces_have_the_size_a_transparent_background_and_detail(palette, size):
    for value in (1, 2, 3, 4):
        image = dice.d4_image(size, value, palette)
        assert image.get_size() == (size, size)
        assert image.get_flags() & pygame.SRCALPHA
        px = _pixels(image)
        # Corners are transparent (the die is a triangle); the middle is solid.
        for x, y in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)):
            assert px[x, y, 3] == 0, (value, x, y)
        assert px[size // 2, int(size * 0.6), 3] == 255
        covered = np.count_nonzero(px[..., 3] > 128) / size ** 2
        assert 0.25 < covered < 0.6, covered
        assert _distinct_colours(image) > 60, value


def test_each_value_looks_different_and_the_wildcard_is_marked_by_shape():
    images = {v: _pixels(dice.d4_image(64, v, DEFAULT)) for v in (1, 2, 3, 4)}
    for a in range(1, 5):
        for b in range(a + 1, 5):
            assert np.any(images[a] != images[b]), (a, b)
    # The wildcard differs from a 3 by more than the numeral: a tinted body...
    three, four = images[3], images[4]
    both = (three[..., 3] == 255) & (four[..., 3] == 255)
    changed = np.any(three[..., :3] != four[..., :3], axis=-1) & both
    assert np.count_nonzero(changed) > 0.6 * np.count_nonzero(both)
    # ...and a star, which also shows on a seat-coloured die: the marked 4 differs from
    # the unmarked one in shape (its alpha), not only in colour.
    for colour in (None, DEFAULT.seats[1]):
        marked = _pixels(dice.d4_image(64, 4, DEFAULT, colour))
        plain = _pixels(dice.d4_image(64, 4, DEFAULT, colour, wild_mark=False))
        assert np.count_nonzero(marked[..., :3] != plain[..., :3]) > 100
        assert np.count_nonzero(marked[..., 3] != plain[..., 3]) > 0


def test_colour_overrides_the_body_and_images_are_cached():
    ivory = dice.d4_image(56, 2, DEFAULT)
    seat = dice.d4_image(56, 2, DEFAULT, DEFAULT.seats[1])
    assert dice.d4_image(56, 2, DEFAULT) is ivory
    centre = (28, 40)
    assert ivory.get_at(centre)[:3] != seat.get_at(centre)[:3]
    r, g, b, _ = seat.get_at((14, 44))           # the front face, beside the numeral
    assert b > r, "a blue seat colour gives a bluish body"


def test_draw_dice_row_dims_and_highlights():
    surface = pygame.Surface((400, 100))
    rects = [pygame.Rect(10 + i * 95, 15, 70, 70) for i in range(4)]
    surface.fill(DEFAULT.panel)
    dice.draw_dice_row(surface, rects, (1, 2, 3, 4), DEFAULT)
    plain = _pixels(surface)
    surface.fill(DEFAULT.panel)
    dice.draw_dice_row(surface, rects, (1, 2, 3, 4), DEFAULT, dim={0}, highlight={2})
    marked = _pixels(surface)

    def region(px, rect):
        return px[rect.left:rect.right, rect.top:rect.bottom, :3]
    # A dimmed die is darker (closer to the panel), a highlighted one gains accent pixels.
    assert region(marked, rects[0]).sum() < region(plain, rects[0]).sum() * 0.75
    accent = np.array(DEFAULT.accent)
    glow_area = rects[2].inflate(16, 16)
    near = np.abs(region(marked, glow_area) - accent).sum(axis=-1) < 60
    near_plain = np.abs(region(plain, glow_area) - accent).sum(axis=-1) < 60
    assert np.count_nonzero(near) > np.count_nonzero(near_plain) + 40
    # The others are untouched.
    assert np.array_equal(region(marked, rects[1]), region(plain, rects[1]))


# --- the roll --------------------------------------------------------------------------
TRAY = pygame.Rect(40, 60, 360, 110)


def test_roll_is_deterministic_per_seed():
    def film(seed):
        roll = dice.DiceRoll((3, 1, 4, 2), TRAY, seed)
        frames = []
        for _ in range(20):
            roll.update(0.05)
            frames.append(roll.die_states())
        return frames

    assert film(5) == film(5)
    assert film(5) != film(6)
    # The drawn frames too.
    shots = []
    for _ in range(2):
        surface = pygame.Surface((440, 240))
        roll = dice.DiceRoll((3, 1, 4, 2), TRAY, "game-7:12")
        roll.update(0.3)
        roll.draw(surface, DEFAULT, 60)
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert shots[0] == shots[1]


@pytest.mark.parametrize("duration", (0.6, 1.1, 2.0))
def test_roll_reaches_done_after_its_duration(duration):
    roll = dice.DiceRoll((1, 2, 3, 4), TRAY, 1, duration=duration)
    assert not roll.done and roll.progress == 0.0
    last = 0.0
    t = 0.0
    while t + FRAME < duration - 1e-9:
        roll.update(FRAME)
        t += FRAME
        assert not roll.done
        assert last <= roll.progress < 1.0
        last = roll.progress
    roll.update(FRAME)
    assert roll.done and roll.progress == 1.0
    # At the end every die is in its place, upright, showing its value.
    for state, rect, value in zip(roll.die_states(), roll.settled_rects(), roll.values):
        x, y, height, angle, squash, shown = state
        assert (round(x), round(y)) == rect.center
        assert height == 0 and angle == 0 and squash == 1 and shown == value


@pytest.mark.parametrize("tray", (TRAY, pygame.Rect(0, 0, 240, 60), pygame.Rect(5, 5, 500, 300),
                                  pygame.Rect(100, 100, 160, 160)))
def test_settled_rects_lie_in_the_tray_in_a_row_without_overlap(tray):
    roll = dice.DiceRoll((4, 4, 1, 2), tray, 3)
    for size in (None, roll.die_size, 40):
        rects = roll.settled_rects(size)
        assert len(rects) == 4
        for rect in rects:
            assert tray.contains(rect), (rect, tray)
        for a in range(4):
            for b in range(a + 1, 4):
                assert not rects[a].colliderect(rects[b])
        assert [r.centerx for r in rects] == sorted(r.centerx for r in rects)
        assert len({r.centery for r in rects}) == 1


def test_dice_stay_near_the_tray_while_rolling():
    for seed in range(12):
        roll = dice.DiceRoll((1, 2, 3, 4), TRAY, seed)
        size = roll.die_size
        area = TRAY.inflate(size * 1.2, size * 1.2)
        for _ in range(80):
            roll.update(FRAME)
            for x, y, height, *_ in roll.die_states():
                assert area.collidepoint(x, y), (seed, x, y)
                assert 0 <= height <= TRAY.h


def test_bounces_are_reported_once_and_settling_once():
    for seed in range(10):
        roll = dice.DiceRoll((2, 2, 3, 4), TRAY, seed)
        frames, bounces, settled = _run(roll)
        assert sum(bounces) >= 3 * 4, (seed, bounces)     # a landing and 2+ hops each
        assert max(bounces) <= 4
        assert settled.count(True) == 1
        assert settled[-1] or settled[-2]
        # Nothing is reported twice, and nothing after the end.
        assert roll.bounces_since_last_call() == 0
        assert not roll.just_settled()
        roll.update(1.0)
        assert roll.bounces_since_last_call() == 0 and not roll.just_settled()


def test_the_face_flickers_in_the_air_and_settles_on_the_value():
    roll = dice.DiceRoll((1, 1, 1, 1), TRAY, 9)
    shown = set()
    while not roll.done:
        roll.update(FRAME)
        shown.update(state[5] for state in roll.die_states())
    assert shown == {1, 2, 3, 4}
    assert {state[5] for state in roll.die_states()} == {1}


def test_skip_jumps_to_the_settled_row():
    roll = dice.DiceRoll((4, 3, 2, 1), TRAY, 2)
    roll.update(0.2)
    roll.bounces_since_last_call()
    roll.skip()
    assert roll.done and roll.progress == 1.0
    assert roll.bounces_since_last_call() == 0
    assert roll.just_settled() and not roll.just_settled()
    surface = pygame.Surface((440, 240))
    roll.draw(surface, DEFAULT, 56)
    expected = pygame.Surface((440, 240))
    dice.draw_dice_row(expected, roll.settled_rects(56), roll.values, DEFAULT)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_a_rolling_frame_draws_dice():
    surface = pygame.Surface((440, 240))
    roll = dice.DiceRoll((1, 2, 3, 4), TRAY, 4)
    roll.update(0.45)
    roll.draw(surface, DEFAULT, roll.die_size, colour=DEFAULT.seats[2])
    px = pygame.surfarray.array3d(surface)
    assert np.count_nonzero(px.sum(axis=-1)) > 2000


# --- sounds ----------------------------------------------------------------------------
def test_dice_sounds_are_short_and_audible():
    for rate in (22050, 44100, 48000):
        waves = sounds.synthesise(rate)
        for name, longest in (("dice_rattle", 0.3), ("dice_settle", 0.15)):
            assert name in sounds.NAMES
            wave = waves[name].astype(np.float64)
            assert 0.05 <= len(wave) / rate <= longest, (name, len(wave) / rate)
            assert np.max(np.abs(wave)) > 0.3, name
            assert np.sqrt(np.mean(wave ** 2)) > 0.02, name


def test_the_rattle_is_several_knocks():
    rate = 44100
    wave = np.abs(sounds.synthesise(rate)["dice_rattle"])
    frame = rate // 200                                  # 5 ms windows
    peaks = wave[: len(wave) // frame * frame].reshape(-1, frame).max(axis=1)
    onsets = np.count_nonzero((peaks[1:] > 0.18) & (peaks[1:] > 2.0 * peaks[:-1]))
    assert 3 <= onsets + (peaks[0] > 0.18) <= 6


# --- a sheet to look at, and what it must show ---------------------------------------------
def front_face(surface, rect) -> tuple:
    """The colour of the front face of the die drawn in `rect`: left of the numeral,
    above the shade low on the face."""
    return tuple(surface.get_at((rect.x + round(rect.w * 0.3), rect.y + round(rect.h * 0.7))))[:3]


def distance(a, b) -> float:
    return float(np.linalg.norm(np.subtract(a, b)))


def test_contact_sheet_shows_ivory_and_seat_coloured_dice_and_a_throw_that_settles():
    """tests/screenshots/dice_sheet.png: the four faces in every palette and size, the dice
    in each seat's colour, a row with dim and highlighted dice, big dice and frames of a
    throw. Checked on the sheet: a plain 1-3 is ivory and a seat's die its seat's colour
    (of all the palettes' seat colours, the nearest), a wildcard leans to its palette's
    accent, and the throw moves from frame to frame until it ends as the settled row."""
    seat_colours = [colour for palette in PALETTES.values() for colour in palette.seats]
    sheet = pygame.Surface((1220, 900))
    sheet.fill(DEFAULT.background)
    y = 10
    for palette in PALETTES.values():
        pygame.draw.rect(sheet, palette.panel, (0, y - 5, sheet.get_width(), 96))
        x = 10
        for size in SIZES:
            faces = {}
            for value in (1, 2, 3, 4):
                rect = pygame.Rect(x, y, size, size)
                dice.draw_dice_row(sheet, [rect], (value,), palette)
                faces[value] = front_face(sheet, rect)
                x += size + 6
            x += 10
            for value in (1, 2, 3):
                assert distance(faces[value], dice.IVORY) < 12, (palette.name, size, value)
            assert distance(faces[4], palette.accent) < distance(faces[1], palette.accent)
        for value in (1, 4):
            for colour in palette.seats:
                rect = pygame.Rect(x, y, 56, 56)
                dice.draw_dice_row(sheet, [rect], (value,), palette, colour)
                if value == 1:
                    shown = front_face(sheet, rect)
                    assert distance(shown, colour) < 12, (palette.name, colour, shown)
                    assert min(seat_colours, key=lambda c: distance(shown, c)) == colour
                x += 60
        assert x <= sheet.get_width()
        y += 100
    tray = pygame.Rect(10, y, 360, 90)
    pygame.draw.rect(sheet, DEFAULT.board, tray, border_radius=10)
    roll = dice.DiceRoll((1, 4, 2, 3), tray, 7)
    dice.draw_dice_row(sheet, roll.settled_rects(), roll.values, DEFAULT, dim={0},
                       highlight={1, 3})
    for i, (value, colour) in enumerate(((3, None), (4, None), (2, DEFAULT.seats[1]))):
        sheet.blit(dice.d4_image(150, value, DEFAULT, colour), (400 + i * 170, y - 20))
    y += 150
    frames = []
    for i, t in enumerate((0.05, 0.15, 0.25, 0.35, 0.5, 0.65, 0.8, 0.95, 1.1)):
        tray = pygame.Rect(10 + (i % 3) * 360, y + (i // 3) * 110, 350, 100)
        pygame.draw.rect(sheet, DEFAULT.board, tray, border_radius=10)
        empty_tray = sheet.subsurface(tray).copy()
        roll = dice.DiceRoll((3, 1, 4, 2), tray, 11)
        roll.update(t)
        roll.draw(sheet, DEFAULT, roll.die_size)
        frames.append(pygame.image.tobytes(sheet.subsurface(tray), "RGB"))
    assert all(a != b for a, b in zip(frames, frames[1:])), "the dice stood still"
    assert roll.done
    dice.draw_dice_row(empty_tray, [r.move(-tray.x, -tray.y) for r in roll.settled_rects()],
                       roll.values, DEFAULT)
    assert frames[-1] == pygame.image.tobytes(empty_tray, "RGB")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(SCREENSHOTS / "dice_sheet.png"))
