"""A small harness that drives the app headless with real pygame events.

Scene tests build `App(headless=True)`, push the menu and feed events through
`app.step(dt, events)`, one device at a time: a `Keyboard`, a `Mouse` or a `Gamepad`
(a fake SDL game controller registered in `app.input.controllers`). Each device knows
how to reach a focusable button, change a selector, go back, pause, undo, redo, and
play an Xtic move by moving the cursor (or the pointer) the way a person would.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import numpy as np
import pygame

from game.testing import events
# The raw events (shared with the benches; the tests import some of them from here, so
# those this module does not use are re-exported: `name as name`) and a fake SDL game
# controller (the monkey's).
from game.testing.events import click_event, key_event, motion_event, release_event
from game.testing.events import drag_events as drag_events
from game.testing.events import resize_event as resize_event
from game.testing.events import wheel_event as wheel_event
from game.testing.events import FakePad
from game.games.xtic.view import BOARD, POOL

FRAME = 1 / 60
WAIT_FRAME = 1 / 10          # while only waiting (an animation, the results delay), bigger
                             # steps keep the suite quick; animations are timed, not counted
PAD_ID = 7                    # instance id of the fake controller
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"     # git-ignored

# A five-move Xtic game: pieces 0-3 are all solid and round, so the fourth of them placed
# on rank 1 completes a dangerous line and its placer (the first player) loses.
SHORT_GAME = [(None, 0), (0, 1), (1, 2), (2, 3), (3, None)]


# --- raw events ------------------------------------------------------------------------
def pad_event(button, instance_id=PAD_ID):
    return events.pad_event(button, instance_id)


def pad_removed_event(instance_id=PAD_ID):
    return events.pad_removed_event(instance_id)


# --- stepping --------------------------------------------------------------------------
def step(app, events=(), frames=1, dt=FRAME):
    app.step(dt, list(events))
    for _ in range(frames - 1):
        app.step(dt, [])


def written(path):
    """`path` once the background writer has written it: the game and the puzzle
    attempt are saved after every move on a thread of their own."""
    from game.core import storage
    storage.writer.wait(path)
    return path


def scene_name(app) -> str:
    return type(app.scene).__name__


def play_scene(app):
    from game.scenes.play import PlayScene
    for scene in reversed(app.stack):
        if isinstance(scene, PlayScene):          # the puzzles' scene is one too
            return scene
    raise AssertionError(f"no PlayScene on the stack: {[type(s).__name__ for s in app.stack]}")


def settle(app, max_frames=240, dt=WAIT_FRAME):
    """Step frames until the board view has no animation running."""
    scene = play_scene(app)
    for _ in range(max_frames):
        if not scene.view.animating:
            return
        step(app, dt=dt)
    raise AssertionError("the move animation did not finish")


def wait_for(app, condition, timeout=30.0, dt=WAIT_FRAME, what="condition"):
    """Step frames (sleeping a little, so the worker process can run) until condition()."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        step(app, dt=dt)
        time.sleep(0.002)


def wait_for_scene(app, name, max_frames=400, dt=WAIT_FRAME):
    for _ in range(max_frames):
        if scene_name(app) == name:
            return app.scene
        step(app, dt=dt)
    raise AssertionError(f"{name} did not appear; the top scene is {scene_name(app)}")


def start_for_two(device, title: str, second_seat: str):
    """From the menu, open `title`'s setup, make both seats human (`second_seat` is the
    second seat's row, e.g. "Blue player") and start: the play scene."""
    app = device.app
    device.activate(title)
    assert scene_name(app) == "SetupScene"
    setup = app.scene
    for _ in range(6):
        if [seat.kind for seat in setup.setup.seats] == ["human", "human"]:
            break
        device.change(second_seat, -1)
    device.activate("Start")
    return play_scene(app)


def play_against_computer(app, play, human_move, max_moves=400) -> None:
    """Play to the end: `human_move(play)` whenever seat 0 (the human) is to move, the
    computer in between."""
    for _ in range(max_moves):
        if play.state.is_over:
            break
        if play.state.to_play == 0 and play.human_may_move:
            human_move(play)
        wait_for(app, lambda: play.state.is_over or play.human_may_move, timeout=60,
                 what="the computer's turn")
    assert play.state.is_over


def read_settings_file() -> dict:
    from game.services.settings import settings_path
    return json.loads(settings_path().read_text(encoding="utf-8"))


def labels(scene) -> list[str]:
    return [item.element.text for item in scene.ring.items]


def find_item(scene, text: str):
    for item in scene.ring.items:
        if item.element.text == text or (item.is_selector and item.label == text):
            return item
    raise AssertionError(f"no button {text!r} in {type(scene).__name__}: {labels(scene)}")


# --- pixels ----------------------------------------------------------------------------
def distinct_colours(surface) -> int:
    pixels = pygame.surfarray.array3d(surface).reshape(-1, 3).astype(np.uint32)
    packed = (pixels[:, 0] << 16) | (pixels[:, 1] << 8) | pixels[:, 2]
    return len(np.unique(packed))


def save_picture(surface, path: Path) -> None:
    """Save a PNG whole or not at all: written beside `path` under a name of this process,
    then renamed over it, so two tests saving the same picture at once (the suite runs in
    several processes) never leave a torn file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.stem}.{os.getpid()}.partial.png")
    pygame.image.save(surface, str(partial))
    os.replace(partial, path)


def shoot(app, name):
    """Save the window as tests/screenshots/<name>.png and check it is not blank."""
    step(app, frames=2)
    surface = app.window
    save_picture(surface, SCREENSHOTS / f"{name}.png")
    colours = distinct_colours(surface)
    assert colours > 20, f"{name}: only {colours} colours"
    # More than the background gradient: a good share of pixels differ from it.
    drawn = np.abs(pygame.surfarray.array3d(surface).astype(int)
                   - pygame.surfarray.array3d(app.background()).astype(int)).max(axis=2) > 30
    assert drawn.mean() > 0.02, f"{name}: only {drawn.mean():.1%} of the pixels drawn"
    average = pygame.transform.average_color(surface)
    assert any(abs(a - b) > 3 for a, b in zip(average[:3], app.palette.background)), name


# --- devices ---------------------------------------------------------------------------
class Device:
    name = "device"

    def __init__(self, app):
        self.app = app

    def send(self, *events, frames=1):
        step(self.app, events, frames=frames)

    # Focus-ring scenes ---------------------------------------------------------------
    def focus(self, item) -> None:
        raise NotImplementedError

    def press(self, item) -> None:
        raise NotImplementedError

    def activate(self, text: str) -> None:
        """Reach the button (or selector) called `text` in the top scene and press it."""
        self.press(find_item(self.app.scene, text))

    def change(self, text: str, delta: int) -> None:
        """Step the selector called `text` by `delta` (-1 or +1) once."""
        raise NotImplementedError

    def back(self) -> None:
        raise NotImplementedError

    # Play scene ----------------------------------------------------------------------
    def pause(self) -> None:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        raise NotImplementedError

    def play_move(self, move) -> None:
        """Enter one Xtic move (square, piece) as a person would; does not wait for the
        animation to end."""
        raise NotImplementedError


class _Navigator(Device):
    """Keyboard and gamepad: the focus ring and the board cursor move by directions.

    The presses needed to reach a target are worked out from where the focus or cursor
    is, sent together in one frame (as a quick hand would), and then the landing place is
    checked, so a wrong step or wrap-around in the app shows up as a failure here."""

    def direction_event(self, kind: str):
        raise NotImplementedError

    def directions(self, kinds) -> None:
        if kinds:
            self.send(*[self.direction_event(kind) for kind in kinds])

    def direction(self, kind: str) -> None:
        self.directions([kind])

    def confirm(self) -> None:
        raise NotImplementedError

    def switch_region(self) -> None:
        raise NotImplementedError

    @staticmethod
    def _steps(here: int, there: int, size: int, forward: str, backward: str) -> list[str]:
        ahead = (there - here) % size
        return [forward] * ahead if ahead <= size - ahead else [backward] * (size - ahead)

    def focus(self, item) -> None:
        """Up and down move within a column of buttons; a button beside another (a row
        of columns) is reached from the one in the focused column, then left or right.
        A spatial ring (the game-select) is walked towards the item, a press at a time:
        up or down to its row, then along the row."""
        ring = self.app.scene.ring
        target = ring.items.index(item)
        if ring.spatial:
            for _ in range(2 * len(ring.items)):
                if ring.focus == target:
                    break
                here, there = ring.current.element.rect, item.element.rect
                if here.top < there.bottom and there.top < here.bottom:
                    self.direction("right" if there.centerx > here.centerx else "left")
                else:
                    self.direction("down" if there.centery > here.centery else "up")
            assert ring.focus == target, f"could not focus {item.element.text!r}"
            return
        column = ring.current.column
        anchor = target
        if item.column != column:
            anchor = next(i for i, it in enumerate(ring.items) if it.column == column
                          and it.element.rect.y == item.element.rect.y)
        same = [i for i, it in enumerate(ring.items) if it.column == column]
        self.directions(self._steps(same.index(ring.focus), same.index(anchor), len(same),
                                    "down", "up"))
        across = item.column - ring.items[anchor].column
        self.directions(["right"] * across if across > 0 else ["left"] * -across)
        assert ring.focus == target, f"could not focus {item.element.text!r}"

    def press(self, item) -> None:
        self.focus(item)
        self.confirm()

    def change(self, text: str, delta: int) -> None:
        item = find_item(self.app.scene, text)
        self.focus(item)
        self.direction("left" if delta < 0 else "right")

    # the board cursor -----------------------------------------------------------------
    def _region(self, wanted: str) -> None:
        view = play_scene(self.app).view
        if view.region != wanted:
            self.switch_region()
        assert view.region == wanted

    def _walk_board(self, square: int) -> None:
        view = play_scene(self.app).view
        col, row = square % 4, square // 4
        here_col, here_row = view.board_cursor
        self.directions(self._steps(here_col, col, 4, "right", "left")
                        + self._steps(here_row, row, 4, "up", "down"))   # up = towards rank 4
        assert view.board_cursor == (col, row)

    def _walk_pool(self, piece: int) -> None:
        view = play_scene(self.app).view
        here = view.pool_cursor
        self.directions(self._steps(here % 4, piece % 4, 4, "right", "left")
                        + self._steps(here // 4, piece // 4, 4, "down", "up"))
        assert view.pool_cursor == piece

    def play_move(self, move) -> None:
        square, piece = move
        view = play_scene(self.app).view
        if square is not None:
            self._region(BOARD)
            self._walk_board(square)
            self.confirm()
        if piece is not None:
            if square is not None:
                assert view.pending_square == square, "the placement was not taken"
                assert view.region == POOL, "after a placement the cursor goes to the pool"
            self._region(POOL)
            self._walk_pool(piece)
            self.confirm()


class Keyboard(_Navigator):
    name = "keyboard"
    KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
            "right": pygame.K_RIGHT}

    def __init__(self, app):
        super().__init__(app)
        self.count = 0

    def key(self, key, mod=0, frames=1):
        self.send(key_event(key, mod), frames=frames)

    def direction_event(self, kind):
        return key_event(self.KEYS[kind])

    def confirm(self):
        # Enter, keypad Enter and Space all confirm; use each in turn.
        self.count += 1
        self.key((pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)[self.count % 3])

    def switch_region(self):
        self.count += 1
        if self.count % 2:
            self.key(pygame.K_TAB)
        else:
            self.key(pygame.K_TAB, pygame.KMOD_LSHIFT)

    def back(self):
        self.key(pygame.K_ESCAPE)

    def pause(self):
        self.count += 1
        self.key(pygame.K_p if self.count % 2 else pygame.K_ESCAPE)

    def undo(self):
        self.count += 1
        if self.count % 2:
            self.key(pygame.K_u)
        else:
            self.key(pygame.K_z, pygame.KMOD_LCTRL)

    def redo(self):
        self.count += 1
        if self.count % 2:
            self.key(pygame.K_r)
        else:
            self.key(pygame.K_y, pygame.KMOD_LCTRL)


class Gamepad(_Navigator):
    name = "gamepad"
    BUTTONS = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
               "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
               "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}

    def __init__(self, app):
        super().__init__(app)
        self.pad = FakePad(PAD_ID)
        app.input.controllers[self.pad.instance_id] = self.pad
        self.count = 0

    def button(self, button, frames=1):
        self.send(pad_event(button, self.pad.instance_id), frames=frames)

    def direction_event(self, kind):
        return pad_event(self.BUTTONS[kind], self.pad.instance_id)

    def confirm(self):
        self.button(pygame.CONTROLLER_BUTTON_A)

    def switch_region(self):
        self.count += 1
        self.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER if self.count % 2
                    else pygame.CONTROLLER_BUTTON_LEFTSHOULDER)

    def back(self):
        self.button(pygame.CONTROLLER_BUTTON_B)

    def pause(self):
        self.button(pygame.CONTROLLER_BUTTON_START)

    def undo(self):
        self.button(pygame.CONTROLLER_BUTTON_X)

    def redo(self):
        self.button(pygame.CONTROLLER_BUTTON_Y)


class Mouse(Device):
    name = "mouse"

    def point(self, pos, frames=1):
        self.send(motion_event(pos), frames=frames)

    def click(self, pos, button=1, frames=1):
        self.send(motion_event(pos), click_event(pos, button), release_event(pos, button),
                  frames=frames)

    def focus(self, item) -> None:
        self.point(item.element.rect.center)

    def press(self, item) -> None:
        assert item.element.visible
        self.click(item.element.rect.center)

    def change(self, text: str, delta: int) -> None:
        rect = find_item(self.app.scene, text).element.rect
        if delta < 0:   # the left third steps back, the rest steps on
            self.click((rect.x + rect.w // 6, rect.centery))
        else:
            self.click((rect.x + rect.w * 2 // 3, rect.centery))

    def back(self):
        self.activate("Back")

    def pause(self):
        self.activate("Pause")

    def undo(self):
        self.press(play_scene(self.app).side.undo_button)

    def redo(self):
        self.press(play_scene(self.app).side.redo_button)

    def play_move(self, move) -> None:
        square, piece = move
        view = play_scene(self.app).view
        if square is not None:
            self.click(view.square_rect(square).center)
        if piece is not None:
            if square is not None:
                assert view.pending_square == square, "the placement was not taken"
            self.click(view.pool_rect(piece).center)


DEVICES = {"keyboard": Keyboard, "mouse": Mouse, "gamepad": Gamepad}


# --- input a test enters as a person would ---------------------------------------------
def drag(app, monkeypatch, start, end):
    """The left button pressed at `start`, moved to `end`, released: pygame-gui reads the
    pointer itself while a slider's button is held."""
    position = [start]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: position[0])
    step(app, [motion_event(start), click_event(start)], frames=2)
    for t in (0.25, 0.5, 0.75, 1.0):
        position[0] = (round(start[0] + (end[0] - start[0]) * t), start[1])
        step(app, [motion_event(position[0], buttons=(1, 0, 0))], frames=2)
    step(app, [release_event(end)], frames=2)


def place_tile(device, play, tile) -> None:
    """Place `tile` in a tile game (Che, Xutoli) as a person would: colour switched if
    needed, then the cell."""
    view = play.view
    for _ in range(4):
        ghost = (tile.colour, tile.orient) if not play.state.layout.count else tile.colour
        mine = (view.colour, view.first_orient) if not play.state.layout.count else view.colour
        if mine == ghost:
            break
        if device.name == "mouse":
            device.click(view.cell_rect(tile.x, tile.y).center, button=3)
        elif device.name == "keyboard":
            device.key(pygame.K_TAB)
        else:
            device.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    count = play.state.layout.count
    if device.name == "mouse":
        device.click(view.cell_rect(tile.x, tile.y).center)
    else:
        x, y = tile.x - view.cursor[0], tile.y - view.cursor[1]
        device.directions((["right"] * x if x > 0 else ["left"] * -x)
                          + (["down"] * y if y > 0 else ["up"] * -y))
        assert view.cursor == (tile.x, tile.y)
        device.confirm()
    assert play.state.layout.count == count + 1, f"{tile} was not placed"
    assert play.state.layout.tile_at(tile.x, tile.y) == tile


def _next_event(device):
    if device.name == "keyboard":
        return key_event(pygame.K_TAB)
    return pad_event(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, device.pad.instance_id)


def play_xoliba_move(device, move) -> None:
    """Enter one Xoliba move as a person would: the piece, the point, the triangle."""
    view = play_scene(device.app).view
    frm, to, t = move
    if device.name == "mouse":
        device.click(view.centre(frm))
        assert view.selected == frm
        device.click(view.centre(to))
        if view.choosing:
            index = view.choices.index(t)
            if index != view.choice:
                device.click(view.choice_rows[index].center)
            else:
                device.click(view.centre(to))
        return
    # Keyboard and gamepad: Tab / RB jumps between the pieces that can move, then
    # between the selected piece's targets; left/right picks the triangle.
    for spot in (frm, to):
        for _ in range(60):
            if view.cursor == spot:
                break
            device.send(_next_event(device))
        assert view.cursor == spot
        device.confirm()
        if spot == frm:
            assert view.selected == frm
    if view.choosing:
        for _ in range(len(view.choices)):
            if view.choices[view.choice] == t:
                break
            device.direction("right")
        assert view.choices[view.choice] == t
        device.confirm()


def open_stats(app):
    """The statistics screen opened over the menu."""
    from game.scenes.stats import StatsScene
    app.push(StatsScene(app))
    step(app, frames=2)
    assert scene_name(app) == "StatsScene"
    return app.scene
