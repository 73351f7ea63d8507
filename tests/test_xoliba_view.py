"""The Xoliba board view: hit-testing, building a move with the mouse and the keyboard,
refusals, animations, the side-panel facts, drawing with every palette, and screenshots
(tests/screenshots/, git-ignored)."""
from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pygame
import pytest

import game.rules
from game.ui import input as inp
from game.games.xoliba import rules as xoliba
from game.games.xoliba.rules import MISSING, PASS, POINTS, SIDE, TRIANGLES, WHITE
from game.ui.text import reset_fonts
from game.services.settings import Settings
from game.views import make_view
from game.games.xoliba.view import illustrate
from game.views.base import NOT_USED, USED, Handled, ViewContext
from game.games.xoliba.view import XolibaView
from scene_driver import SCREENSHOTS
from sprites import xoliba_pieces
from sprites.palettes import DEFAULT, PALETTES

SPEC = game.rules.get("xoliba")


class Sounds:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def context(palette=DEFAULT, animation="normal", coordinates=True, device=inp.MOUSE):
    """What a view draws with, without an App."""
    if not pygame.font.get_init():        # a real App of another test quit pygame
        pygame.init()
        reset_fonts()
    return ViewContext(palette, Sounds(),
                       Settings(animation_speed=animation, show_coordinates=coordinates),
                       SimpleNamespace(last_device=device))


def new_state(seed=3, players=2, moves=0, rng_seed=1):
    state = SPEC.new_game(seed=seed, options={"players": players})
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    return state


def make(state, size=(950, 720), **kwargs):
    view = XolibaView(context(**kwargs), state,
                      ["Player 1", "Player 2", "Player 3"][:state.players])
    view.layout(pygame.Rect(0, 0, *size))
    return view


def click(view, pos, human_may_move=True):
    view.human_may_move = human_may_move
    return view.handle(inp.Action(inp.POINTER_CLICK, inp.MOUSE, pos=tuple(pos)))


def point_at(view, pos):
    return view.handle(inp.Action(inp.POINTER_MOVE, inp.MOUSE, pos=tuple(pos)))


def key(view, kind, human_may_move=True):
    view.human_may_move = human_may_move
    return view.handle(inp.Action(kind, inp.KEYBOARD))


def grouped(state):
    """(frm, to) -> [triangles] of the legal moves."""
    found = {}
    for move in state.legal_moves():
        if move != PASS:
            found.setdefault(move[:2], []).append(move[2])
    return found


def keyboard_path(here: int, there: int) -> list[str]:
    """Cursor presses from one point to another without crossing a missing corner
    (columns first on the rank that has all seven points, then ranks)."""
    presses = []
    col, row = here % SIDE, here // SIDE
    tcol, trow = there % SIDE, there // SIDE
    if row in (0, SIDE - 1):
        presses += [inp.UP if row == 0 else inp.DOWN]
        row += 1 if row == 0 else -1
    presses += [inp.RIGHT if tcol > col else inp.LEFT] * abs(tcol - col)
    presses += [inp.UP if trow > row else inp.DOWN] * abs(trow - row)
    return presses


# --- geometry --------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(950, 720), (580, 480), (1590, 1080)])
def test_hit_maps_every_point_centre_to_that_point(size):
    view = make(new_state(), size=size)
    for p in POINTS:
        assert view.hit(view.centre(p)) == p
        x, y = view.centre(p)
        assert view.hit((x + view.step * 0.3, y - view.step * 0.3)) == p
    # the missing corners and places off the board are nothing
    for corner in MISSING:
        col, row = corner % SIDE, corner // SIDE
        x = view.board_rect.x + view.step * (xoliba_pieces.MARGIN + col)
        y = view.board_rect.y + view.step * (xoliba_pieces.MARGIN + SIDE - 1 - row)
        assert view.hit((x, y)) is None
    assert view.hit((view.board_rect.x - 50, view.board_rect.y - 50)) is None
    assert view.hit(None) is None
    assert view.rect.contains(view.board_rect)


def test_layout_keeps_the_board_and_labels_inside():
    for size in [(950, 720), (580, 480), (1590, 1080), (2000, 600)]:
        view = make(new_state(), size=size)
        assert view.rect.contains(view.area), size
        assert view.area.contains(view.board_rect), size


# --- building a move ----------------------------------------------------------------------
def test_select_then_target_with_one_triangle_returns_the_move():
    state = new_state()
    view = make(state)
    (frm, to), (t,) = next((k, v) for k, v in grouped(state).items() if len(v) == 1)
    assert click(view, view.centre(frm)) == USED
    assert view.selected == frm
    assert to in view.targets(frm)
    point_at(view, view.centre(to))
    assert click(view, view.centre(to)) == Handled(move=(frm, to, t))
    assert view.selected is None
    assert view.context.sounds.played.count("illegal") == 0


def test_target_with_several_triangles_asks_for_a_choice():
    state = new_state()
    view = make(state)
    (frm, to), tris = next((k, v) for k, v in grouped(state).items() if len(v) > 1)
    assert click(view, view.centre(frm)) == USED
    assert click(view, view.centre(to)) == USED
    assert view.choosing and view.target == to
    assert sorted(view.choices) == sorted(tris)
    assert "triangles" in view.status()
    view.draw(pygame.Surface((950, 720)))          # lays out the choice list
    assert len(view.choice_rows) == len(tris)
    wanted = (view.choice + 1) % len(view.choices)     # not the one preselected
    expected = view.choices[wanted]
    assert click(view, view.choice_rows[wanted].center) == Handled(move=(frm, to, expected))
    assert expected in tris
    assert not view.choosing and view.selected is None


def test_each_triangle_of_a_choice_can_be_taken_by_pointing_into_it():
    state = new_state()
    for (frm, to), tris in grouped(state).items():
        if len(tris) < 2:
            continue
        view = make(state)
        click(view, view.centre(frm))
        click(view, view.centre(to))
        reachable = set()
        for t in tris:
            # a point of the triangle away from its shared corner
            for q in sorted(TRIANGLES[t].points, key=lambda q: -abs(q % 7 - to % 7) - abs(q // 7 - to // 7)):
                point_at(view, view.centre(q))
                if view.choices[view.choice] == t:
                    reachable.add(t)
                    break
        assert reachable, f"no triangle of {frm}->{to} could be pointed at"
    # clicking the target again takes the triangle shown
    view = make(state)
    (frm, to), tris = next((k, v) for k, v in grouped(state).items() if len(v) > 1)
    click(view, view.centre(frm))
    click(view, view.centre(to))
    shown = view.choices[view.choice]
    assert click(view, view.centre(to)) == Handled(move=(frm, to, shown))


def test_the_keyboard_builds_the_same_moves():
    state = new_state()
    single = next((k, v) for k, v in grouped(state).items() if len(v) == 1)
    several = next((k, v) for k, v in grouped(state).items() if len(v) > 1)
    view = make(state, device=inp.KEYBOARD)
    (frm, to), (t,) = single
    for press in keyboard_path(view.cursor, frm):
        assert key(view, press) == USED
    assert view.cursor == frm
    assert key(view, inp.CONFIRM) == USED and view.selected == frm
    for press in keyboard_path(frm, to):
        key(view, press)
    assert view.cursor == to
    view.draw(pygame.Surface((950, 720)))
    assert key(view, inp.CONFIRM) == Handled(move=(frm, to, t))

    (frm, to), tris = several
    for press in keyboard_path(view.cursor, frm):
        key(view, press)
    key(view, inp.CONFIRM)
    for press in keyboard_path(frm, to):
        key(view, press)
    assert key(view, inp.CONFIRM) == USED and view.choosing
    first = view.choices[view.choice]
    assert key(view, inp.RIGHT) == USED
    second = view.choices[view.choice]
    assert second != first
    assert key(view, inp.LEFT) == USED and view.choices[view.choice] == first
    assert key(view, inp.NEXT_PANEL) == USED and view.choices[view.choice] == second
    view.draw(pygame.Surface((950, 720)))
    assert key(view, inp.CONFIRM) == Handled(move=(frm, to, second))
    assert second in tris


def test_cursor_skips_the_missing_corners_and_next_jumps_between_pieces():
    state = new_state()
    view = make(state, device=inp.KEYBOARD)
    view.cursor = xoliba.point_from_name("b1")
    key(view, inp.LEFT)
    assert view.cursor == xoliba.point_from_name("f1")
    key(view, inp.DOWN)
    assert view.cursor == xoliba.point_from_name("f7")
    visited = set()
    for _ in range(60):
        key(view, inp.NEXT_PANEL)
        visited.add(view.cursor)
    assert visited == view.movable()
    key(view, inp.CONFIRM)
    frm = view.selected
    assert frm in view.movable()
    targets = set()
    for _ in range(20):
        key(view, inp.PREV_PANEL)
        targets.add(view.cursor)
    assert targets == set(view.targets(frm))


def test_illegal_clicks_are_refused_and_back_cancels():
    state = new_state()
    view = make(state)
    sounds = view.context.sounds.played
    movable = view.movable()
    stuck = next(p for p in POINTS if state.board[p] == state.to_play and p not in movable)
    enemy = next(p for p in POINTS if state.board[p] not in (state.to_play, WHITE))
    assert click(view, view.centre(stuck)) == USED and sounds[-1] == "illegal"
    assert view.selected is None
    assert click(view, view.centre(enemy)) == USED and sounds[-1] == "illegal"
    frm = next(iter(movable))
    click(view, view.centre(frm))
    assert view.selected == frm
    wrong = next(p for p in POINTS if state.board[p] == WHITE and p not in view.targets(frm))
    assert click(view, view.centre(wrong)) == USED and sounds[-1] == "illegal"
    assert view.selected == frm
    # clicking off the board does nothing; Back cancels the selection, then is not used
    assert click(view, (2, 2)) == NOT_USED
    assert key(view, inp.BACK) == USED and view.selected is None
    assert key(view, inp.BACK) == NOT_USED
    # while a computer moves (no human may move), clicks on the board are refused
    count = sounds.count("illegal")
    assert click(view, view.centre(frm), human_may_move=False) == USED
    assert sounds.count("illegal") == count + 1 and view.selected is None


def test_back_leaves_the_triangle_choice_first():
    state = new_state()
    view = make(state)
    (frm, to), _ = next((k, v) for k, v in grouped(state).items() if len(v) > 1)
    click(view, view.centre(frm))
    click(view, view.centre(to))
    assert view.choosing
    assert view.handle(inp.Action(inp.POINTER_BACK, inp.MOUSE, pos=(5, 5))) == USED
    assert not view.choosing and view.selected == frm
    view.sync()
    assert view.selected is None


# --- animation ------------------------------------------------------------------------
def capturing_move(state):
    for move in state.legal_moves():
        if move != PASS and any(state.board[q] != WHITE for q in TRIANGLES[move[2]].contents
                                if q != move[0]):
            return move
    raise AssertionError("no capturing move in this position")


@pytest.mark.parametrize("animation", ["normal", "off"])
def test_a_move_slides_and_the_captured_discs_turn_over(animation):
    state = new_state()
    view = make(state, animation=animation)
    move = capturing_move(state)
    state.play(move)
    view.on_move(move)
    sounds = view.context.sounds.played
    assert "swap" in sounds
    if animation == "off":
        assert not view.animating and "flip" in sounds
        return
    assert view.animating
    assert {s.start for s in view.slides} == {move[0], move[1]}
    assert {f.point for f in view.flips} == {q for q, _ in state.last_captured}
    assert all(f.after == WHITE for f in view.flips)
    surface = pygame.Surface((950, 720))
    board = list(state.board)
    for _ in range(200):
        view.update(1 / 30)
        view.draw(surface)
        if not view.animating:
            break
    assert not view.animating
    assert "flip" in sounds and "triangle" in sounds
    assert state.board == board, "drawing must not change the state"


# --- the side panel -------------------------------------------------------------------------
def test_info_lines():
    state = new_state()
    view = make(state)
    texts = [text for text, _ in view.info_lines()]
    assert texts[0] == state.first_reason
    assert any(text.startswith("Red: 17 pieces, captured 0") for text in texts)
    assert "Moves without capture: 0 / 30" in texts
    state = new_state(moves=6)
    view = make(state)
    texts = [text for text, _ in view.info_lines()]
    assert state.first_reason not in texts
    assert f"Moves without capture: {state.quiet_moves} / 30" in texts
    red_captures = sum(state.captures[0])
    assert any(text.startswith(f"Red: {state.pieces(0)} pieces, captured {red_captures}")
               for text in texts)
    state.repetitions = lambda: 2
    warning = [(text, colour) for text, colour in view.info_lines() if "twice" in text]
    assert warning == [("This position has occurred twice: once more ends the game",
                        DEFAULT.highlight_bad)]
    solo = SPEC.new_game(seed=4, options={"players": 1})
    lines = make(solo).info_lines()
    assert all("without capture" not in text for text, _ in lines)


def test_status_follows_the_move_being_built():
    state = new_state()
    view = make(state)
    assert "select a piece" in view.status()
    click(view, view.centre(next(iter(view.movable()))))
    assert "Back cancels" in view.status()


# --- drawing --------------------------------------------------------------------------
def finished_state(seed=5, players=2):
    state = SPEC.new_game(seed=seed, options={"players": players})
    rng = random.Random(seed)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("palette_name", list(PALETTES))
@pytest.mark.parametrize("size", [(580, 480), (950, 720), (1590, 1080)])
def test_drawing_every_palette_and_size(palette_name, size):
    palette = PALETTES[palette_name]
    for state in (new_state(moves=5), new_state(players=3, moves=4),
                  SPEC.new_game(seed=2, options={"players": 1}), finished_state()):
        for coordinates in (True, False):
            view = make(state, size=size, palette=palette, coordinates=coordinates)
            surface = pygame.Surface(size)
            board = list(state.board)
            view.draw(surface)
            moves = grouped(state)
            if moves:
                (frm, to), _ = max(moves.items(), key=lambda kv: len(kv[1]))
                click(view, view.centre(frm))
                point_at(view, view.centre(to))
                view.draw(surface)
                click(view, view.centre(to))
                view.draw(surface)
            assert state.board == board
    art = pygame.Surface((480, 520))
    illustrate(art, art.get_rect().inflate(-20, -20), palette)


def test_discs_differ_by_mark_not_only_by_colour():
    """Seen in grey, the three coloured faces still differ (dot, ring, cross)."""
    size = 64
    greys = []
    for face in (0, 1, 2):
        image = xoliba_pieces.disc_surface(face, size, DEFAULT)
        grey = pygame.transform.grayscale(image)
        greys.append(pygame.surfarray.array3d(grey)[:, :, 0].astype(int))
    def relative(a):
        return a - a.mean()
    for i in range(3):
        for j in range(i + 1, 3):
            diff = abs(relative(greys[i]) - relative(greys[j])).mean()
            assert diff > 4, f"faces {i} and {j} look alike without colour ({diff:.1f})"
    assert xoliba_pieces.disc_surface(0, size, DEFAULT) is xoliba_pieces.disc_surface(0, size, DEFAULT)


# --- in the app, and screenshots ---------------------------------------------------------------
@pytest.fixture
def real_app(app_home):
    from game.app import App
    from game.scenes.menu import MenuScene
    from scene_driver import step
    app = App(headless=True, settings=Settings())
    app.push(MenuScene(app))
    step(app, frames=2)
    yield app
    app.shutdown()


def test_play_scene_with_the_mouse_and_screenshots(real_app):
    from game.services.saves import Seat
    from game.scenes.play import PlayScene
    from scene_driver import Keyboard, Mouse, settle, step
    app = real_app
    SCREENSHOTS.mkdir(exist_ok=True)
    state = new_state(moves=8)
    human = Seat("human", None)
    scene = PlayScene(app, state, [human, human])
    app.push(scene)
    step(app, frames=3)
    view = scene.view
    assert make_view(app.view_context, state, ["a", "b"]).__class__ is XolibaView
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_midgame.png"))

    mouse = Mouse(app)
    (frm, to), tris = max(grouped(state).items(), key=lambda kv: len(kv[1]))
    assert len(tris) > 1
    mouse.click(view.centre(frm))
    mouse.point(view.centre(to))
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_selected.png"))
    mouse.click(view.centre(to))
    assert view.choosing
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_choice.png"))
    chosen = view.choices[view.choice]
    played = len(state.history)
    mouse.click(view.centre(to))
    assert state.history[played:] == [(frm, to, chosen)]
    step(app, frames=6)
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_animation.png"))
    settle(app)

    # the keyboard, through the play scene: Tab jumps between the pieces that can move
    keyboard = Keyboard(app)
    keyboard.key(pygame.K_TAB)
    assert view.cursor in view.movable()
    frm = view.cursor
    keyboard.key(pygame.K_RETURN)
    assert view.selected == frm
    (to, tris), = [(to, tris) for to, tris in view.targets(frm).items()][:1]
    presses = keyboard_path(frm, to)
    for press in presses:
        keyboard.key({inp.UP: pygame.K_UP, inp.DOWN: pygame.K_DOWN, inp.LEFT: pygame.K_LEFT,
                      inp.RIGHT: pygame.K_RIGHT}[press])
    assert view.cursor == to
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_keyboard.png"))
    played = len(scene.state.history)
    keyboard.key(pygame.K_RETURN)
    if len(tris) > 1:
        assert view.choosing
        keyboard.key(pygame.K_RIGHT)
        keyboard.key(pygame.K_SPACE)
    assert len(scene.state.history) == played + 1
    assert scene.state.history[-1][:2] == (frm, to)
    settle(app)
    keyboard.key(pygame.K_ESCAPE)          # nothing selected: Back pauses the game
    assert type(app.scene).__name__ == "PauseScene"
    app.pop()

    # the end of a game: each player's biggest triangle
    scene_end = PlayScene(app, finished_state(), [human, human])
    app.push(scene_end)
    step(app, frames=3)
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_end.png"))

    three = PlayScene(app, new_state(players=3, moves=7), [human, human, human])
    app.push(three)
    step(app, frames=3)
    pygame.image.save(app.window, str(SCREENSHOTS / "xoliba_three_players.png"))


def disc_mismatch(surface, view, point, face, palette) -> int:
    """How far the disc drawn at `point` is from `palette`'s disc of `face`: the largest
    channel difference over the disc's opaque pixels (0 when it is that disc)."""
    disc = xoliba_pieces.disc_surface(face, view.tile, palette)
    area = disc.get_rect(center=view.centre(point))
    drawn = pygame.surfarray.array3d(surface.subsurface(area)).astype(int)
    opaque = pygame.surfarray.array_alpha(disc) == 255
    return int(abs(drawn - pygame.surfarray.array3d(disc))[opaque].max())


def accent_pixels(surface, palette):
    """A mask of the pixels painted exactly in the palette's accent."""
    return (pygame.surfarray.array3d(surface) == palette.accent).all(axis=-1)


@pytest.mark.parametrize("palette_name, size, players", [
    ("high contrast", (950, 720), 2), ("colour-blind safe", (950, 720), 3),
    ("high contrast", (580, 480), 3)])
def test_other_palettes_paint_the_discs_and_the_chosen_triangle_in_their_colours(
        palette_name, size, players):
    """Screenshots of a move being built in the other palettes (tests/screenshots/): every
    disc is the palette's own disc of its face, and the triangle the move would make is
    outlined in the palette's accent, which nothing else on the board uses."""
    palette = PALETTES[palette_name]
    state = new_state(moves=8, players=players)
    view = make(state, palette=palette, size=size)
    surface = pygame.Surface(size)
    surface.fill(palette.background)
    view.draw(surface)
    assert surface.get_rect().contains(view.board_rect)
    left_white = state.history[-1][0]          # the last move rings the point it left
    for point in set(POINTS) - {left_white}:
        face = state.board[point]
        assert disc_mismatch(surface, view, point, face, palette) == 0, point
        for other in set(PALETTES.values()) - {palette}:
            assert disc_mismatch(surface, view, point, face, other) > 0, (point, other.name)
    assert not accent_pixels(surface, palette).any()

    (frm, to), tris = max(grouped(state).items(), key=lambda kv: len(kv[1]))
    click(view, view.centre(frm))
    if len(tris) > 1:
        click(view, view.centre(to))           # a choice between the triangles
        assert view.choosing
        chosen = view.choices[view.choice]
    else:
        point_at(view, view.centre(to))
        chosen = tris[0]
    surface.fill(palette.background)
    view.draw(surface)
    SCREENSHOTS.mkdir(exist_ok=True)
    pygame.image.save(surface, str(SCREENSHOTS / f"xoliba_{palette_name.replace(' ', '_')}_"
                                                 f"{players}p_{size[0]}x{size[1]}.png"))
    xs, ys = zip(*(view.centre(c) for c in xoliba_pieces.triangle_corners(chosen)))
    around = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(
        view.step * 2, view.step * 2)
    on_board = [(x, y) for x, y in np.argwhere(accent_pixels(surface, palette))
                if view.board_rect.collidepoint(x, y)]
    assert len(on_board) > 500
    assert all(around.collidepoint(x, y) for x, y in on_board)


@pytest.mark.parametrize("palette_name", list(PALETTES))
def test_the_rules_picture_stays_in_its_rect_and_shows_the_verdicts(palette_name):
    """The allowed triangles outlined in the palette's good colour, the forbidden shape
    (and its cross) in its bad colour; around the picture, nothing drawn. The default
    palette's picture is saved as tests/screenshots/xoliba_rules_picture.png."""
    palette = PALETTES[palette_name]
    surface = pygame.Surface((520, 560))
    surface.fill(palette.background)
    rect = pygame.Rect(20, 20, 476, 520)
    illustrate(surface, rect, palette)
    pixels = pygame.surfarray.array3d(surface)
    outside = np.ones(pixels.shape[:2], dtype=bool)
    outside[rect.left:rect.right, rect.top:rect.bottom] = False
    assert (pixels[outside] == palette.background).all()
    for colour in (palette.highlight_good, palette.highlight_bad):
        assert np.count_nonzero((pixels == colour).all(axis=-1)) > 500, colour
    if palette is DEFAULT:
        SCREENSHOTS.mkdir(exist_ok=True)
        pygame.image.save(surface, str(SCREENSHOTS / "xoliba_rules_picture.png"))
