"""Mouse, keyboard and gamepad events become actions before any scene sees them.

Scenes only ever receive `Action`s, so each is usable with any one device alone. Gamepads
go through SDL's GameController API (buttons named by position: south confirms, east goes
back) with a plain-joystick fallback for pads SDL does not know; devices are keyed by
instance id and may come and go at any time.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

try:
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # very old SDL builds: joystick fallback only
    sdl_controller = None

# Action kinds
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, BACK, PAUSE = "confirm", "back", "pause"
UNDO, REDO = "undo", "redo"
HINT = "hint"
# Xutoli: the letters on the board's 2x2 blocks, and the legend of the twelve patterns.
LABELS, LEGEND = "labels", "legend"
# A boardless layout's camera (Che, Xutoli): pan by `delta` (in screen fractions for keys
# and sticks, in pixels for a mouse drag), zoom in and out, fit the whole layout in view.
PAN, ZOOM_IN, ZOOM_OUT, FIT = "pan", "zoom_in", "zoom_out", "fit"
POINTER_DRAG, POINTER_RELEASE = "pointer_drag", "pointer_release"
NEXT_PANEL, PREV_PANEL = "next_panel", "prev_panel"
FULLSCREEN = "fullscreen"
POINTER_MOVE, POINTER_CLICK, POINTER_BACK, SCROLL = "pointer_move", "click", "pointer_back", "scroll"
DEVICE_ADDED, DEVICE_REMOVED = "device_added", "device_removed"
DIRECTIONS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}

MOUSE, KEYBOARD, GAMEPAD = "mouse", "keyboard", "gamepad"


@dataclass(frozen=True)
class Action:
    kind: str
    device: str
    pos: tuple | None = None     # pointer actions: window coordinates
    amount: int = 0              # scroll: +1 up, -1 down
    delta: tuple | None = None   # pan and drag: how far

    @property
    def is_pointer(self) -> bool:
        return self.pos is not None


KEY_ACTIONS = {
    pygame.K_UP: UP, pygame.K_w: UP, pygame.K_DOWN: DOWN, pygame.K_s: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM, pygame.K_SPACE: CONFIRM,
    pygame.K_ESCAPE: BACK, pygame.K_BACKSPACE: BACK, pygame.K_p: PAUSE,
    pygame.K_u: UNDO, pygame.K_r: REDO, pygame.K_F11: FULLSCREEN,
    pygame.K_TAB: NEXT_PANEL, pygame.K_h: HINT, pygame.K_l: LABELS, pygame.K_g: LEGEND,
    pygame.K_PLUS: ZOOM_IN, pygame.K_EQUALS: ZOOM_IN, pygame.K_KP_PLUS: ZOOM_IN,
    pygame.K_MINUS: ZOOM_OUT, pygame.K_KP_MINUS: ZOOM_OUT, pygame.K_f: FIT,
    pygame.K_HOME: FIT,
}
KEY_PAN_STEP = 0.12             # Shift+arrow pans by this share of the view

# SDL GameController buttons, by position on the pad.
PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: CONFIRM,          # south
    pygame.CONTROLLER_BUTTON_B: BACK,             # east
    pygame.CONTROLLER_BUTTON_X: UNDO,             # west
    pygame.CONTROLLER_BUTTON_Y: REDO,             # north
    pygame.CONTROLLER_BUTTON_START: PAUSE,
    pygame.CONTROLLER_BUTTON_BACK: BACK,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PREV_PANEL,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: NEXT_PANEL,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: FIT,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: LEGEND,
}
# Plain joysticks: the common XInput-like layout.
JOY_BUTTONS = {0: CONFIRM, 1: BACK, 2: UNDO, 3: REDO, 4: PREV_PANEL, 5: NEXT_PANEL,
               6: BACK, 7: PAUSE}

STICK_DEAD_ZONE = 0.45          # fraction of full deflection ignored as drift
STICK_REPEAT_DELAY = 0.35       # seconds before a held stick repeats
STICK_REPEAT_INTERVAL = 0.12
PAN_DEAD_ZONE = 0.2             # the right stick pans smoothly, in proportion
PAN_SPEED = 0.9                 # view widths per second at full deflection
TRIGGER_PRESSED = 0.5           # a trigger pulled this far zooms, repeating while held
ZOOM_REPEAT = 0.09


class InputMapper:
    """Turns pygame events into actions and tracks which device was used last."""

    def __init__(self):
        self.controllers = {}        # instance id -> controller or joystick object
        self.plain_joysticks = set()  # instance ids opened without a controller mapping
        self.last_device = MOUSE
        self._stick = {}             # (instance id, axis pair) -> (direction, time held)
        self.device_message: str | None = None

    # --- devices ------------------------------------------------------------------------
    def open_present_devices(self) -> None:
        for index in range(pygame.joystick.get_count()):
            self._open(index)

    def _open(self, device_index: int):
        try:
            if sdl_controller is not None and sdl_controller.is_controller(device_index):
                pad = sdl_controller.Controller(device_index)
                instance = pad.as_joystick().get_instance_id()
            else:
                pad = pygame.joystick.Joystick(device_index)
                instance = pad.get_instance_id()
                self.plain_joysticks.add(instance)
        except pygame.error as exc:
            self.device_message = f"A gamepad could not be opened: {exc}"
            return None
        self.controllers[instance] = pad
        return instance

    # --- events -------------------------------------------------------------------------
    def translate(self, event) -> list[Action]:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.last_device = MOUSE
            actions = [Action(POINTER_MOVE, MOUSE, pos=event.pos)]
            buttons = getattr(event, "buttons", (0, 0, 0))
            if buttons[0] or (len(buttons) > 1 and buttons[1]):
                actions.append(Action(POINTER_DRAG, MOUSE, pos=event.pos,
                                      delta=tuple(getattr(event, "rel", (0, 0)))))
            return actions
        if kind == pygame.MOUSEBUTTONUP:
            return [Action(POINTER_RELEASE, MOUSE, pos=event.pos)] if event.button == 1 else []
        if kind == pygame.MOUSEBUTTONDOWN:
            self.last_device = MOUSE
            if event.button == 1:
                return [Action(POINTER_CLICK, MOUSE, pos=event.pos)]
            if event.button == 3:
                return [Action(POINTER_BACK, MOUSE, pos=event.pos)]
            return []
        if kind == pygame.MOUSEWHEEL:
            self.last_device = MOUSE
            return [Action(SCROLL, MOUSE, pos=pygame.mouse.get_pos(), amount=event.y)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.CONTROLLERBUTTONDOWN:
            action = PAD_BUTTONS.get(event.button)
            self.last_device = GAMEPAD
            return [Action(action, GAMEPAD)] if action else []
        if kind == pygame.JOYBUTTONDOWN:
            if event.instance_id not in self.plain_joysticks:
                return []  # controllers report their buttons as CONTROLLERBUTTONDOWN
            action = JOY_BUTTONS.get(event.button)
            self.last_device = GAMEPAD
            return [Action(action, GAMEPAD)] if action else []
        if kind == pygame.JOYHATMOTION:
            if event.instance_id not in self.plain_joysticks:
                return []
            x, y = event.value
            self.last_device = GAMEPAD
            found = [LEFT] * (x < 0) + [RIGHT] * (x > 0) + [UP] * (y > 0) + [DOWN] * (y < 0)
            return [Action(a, GAMEPAD) for a in found]
        if kind in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            if kind == pygame.JOYDEVICEADDED and sdl_controller is not None \
                    and sdl_controller.is_controller(event.device_index):
                return []  # the CONTROLLERDEVICEADDED twin of this event opens it
            instance = self._open(event.device_index)
            if instance is None:
                return []
            return [Action(DEVICE_ADDED, GAMEPAD)]
        if kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self.plain_joysticks.discard(event.instance_id)
            if self.controllers.pop(event.instance_id, None) is None:
                return []
            self._stick = {k: v for k, v in self._stick.items() if k[0] != event.instance_id}
            return [Action(DEVICE_REMOVED, GAMEPAD)]
        return []

    def _key(self, event) -> list[Action]:
        self.last_device = KEYBOARD
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            return [Action(UNDO, KEYBOARD)]
        if ctrl and event.key == pygame.K_y:
            return [Action(REDO, KEYBOARD)]
        if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            return [Action(PREV_PANEL, KEYBOARD)]
        arrow = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT,
                 pygame.K_RIGHT: RIGHT}.get(event.key)
        if arrow and event.mod & pygame.KMOD_SHIFT:
            dx, dy = DIRECTIONS[arrow]
            return [Action(PAN, KEYBOARD, delta=(dx * KEY_PAN_STEP, dy * KEY_PAN_STEP))]
        action = KEY_ACTIONS.get(event.key)
        return [Action(action, KEYBOARD)] if action else []

    # --- sticks (polled every frame: a held stick repeats like a held key) ---------------
    def poll_sticks(self, dt: float) -> list[Action]:
        actions = []
        for instance, pad in list(self.controllers.items()):
            try:
                x, y = self._read_stick(pad)
            except pygame.error:
                continue
            actions.extend(self._camera(instance, pad, dt))
            direction = None
            if max(abs(x), abs(y)) >= STICK_DEAD_ZONE:
                if abs(x) > abs(y):
                    direction = RIGHT if x > 0 else LEFT
                else:
                    direction = DOWN if y > 0 else UP
            key = (instance, "left")
            held_direction, held = self._stick.get(key, (None, 0.0))
            if direction is None:
                self._stick.pop(key, None)
                continue
            if direction != held_direction:
                self._stick[key] = (direction, 0.0)
                actions.append(Action(direction, GAMEPAD))
                continue
            held += dt
            if held >= STICK_REPEAT_DELAY:
                held -= STICK_REPEAT_INTERVAL
                actions.append(Action(direction, GAMEPAD))
            self._stick[key] = (direction, held)
        if actions:
            self.last_device = GAMEPAD
        return actions

    def _camera(self, instance, pad, dt: float) -> list[Action]:
        """The right stick pans (smoothly, every frame), the triggers zoom (repeating)."""
        if not hasattr(pad, "as_joystick"):
            return []           # plain joysticks: their extra axes are not standard
        try:
            x = pad.get_axis(pygame.CONTROLLER_AXIS_RIGHTX) / 32767
            y = pad.get_axis(pygame.CONTROLLER_AXIS_RIGHTY) / 32767
            pulls = (pad.get_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT) / 32767,
                     pad.get_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT) / 32767)
        except pygame.error:
            return []
        actions = []
        if max(abs(x), abs(y)) >= PAN_DEAD_ZONE:
            actions.append(Action(PAN, GAMEPAD, delta=(x * PAN_SPEED * dt, y * PAN_SPEED * dt)))
        for kind, pull in zip((ZOOM_IN, ZOOM_OUT), pulls):
            key = (instance, kind)
            if pull < TRIGGER_PRESSED:
                self._stick.pop(key, None)
                continue
            held = self._stick.get(key)
            if held is None:
                self._stick[key] = (kind, 0.0)
                actions.append(Action(kind, GAMEPAD))
                continue
            elapsed = held[1] + dt
            if elapsed >= ZOOM_REPEAT:
                elapsed -= ZOOM_REPEAT
                actions.append(Action(kind, GAMEPAD))
            self._stick[key] = (kind, elapsed)
        return actions

    def _read_stick(self, pad) -> tuple[float, float]:
        if not hasattr(pad, "as_joystick"):     # a plain joystick
            if pad.get_numaxes() < 2:
                return 0.0, 0.0
            return pad.get_axis(0), pad.get_axis(1)
        return (pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX) / 32767,
                pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY) / 32767)
