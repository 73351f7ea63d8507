"""The raw pygame events a person's input makes, for the benches and the tests' driver
(tests/scene_driver.py) to feed App.step: keys, the mouse, the wheel, a gamepad, a
resize; and a fake SDL game controller (FakePad) to register in app.input.controllers."""
from __future__ import annotations

import pygame


def key_event(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def key_up_event(key, mod=0):
    return pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)


def motion_event(pos, buttons=(0, 0, 0), rel=(0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=tuple(rel),
                              buttons=buttons)


def click_event(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def release_event(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)


def drag_events(start, end, steps=4):
    """A press at `start`, moves with the left button held, a release at `end`."""
    events = [motion_event(start), click_event(start)]
    last = start
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps,
               start[1] + (end[1] - start[1]) * i // steps)
        events.append(motion_event(pos, (1, 0, 0), (pos[0] - last[0], pos[1] - last[1])))
        last = pos
    events.append(release_event(end))
    return events


def wheel_event(y):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                              precise_y=float(y))


def pad_event(button, instance_id):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id,
                              button=button)


def pad_up_event(button, instance_id):
    return pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance_id,
                              button=button)


def pad_removed_event(instance_id):
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id)


def resize_event(w, h):
    return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)


def resize_window(app, size) -> None:
    """The window resized by the player: the system's new mode, then the event, in one
    frame of `app`."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step(1 / 60, [resize_event(*size)])


class FakePad:
    """Stands in for a pygame._sdl2.controller.Controller: buttons come as events, the
    sticks and triggers are read through get_axis (raw SDL values, -32768..32767)."""

    name = "Fake pad"

    def __init__(self, instance_id: int):
        self.instance_id = instance_id
        self.axes = {}

    def as_joystick(self):
        return self

    def get_instance_id(self):
        return self.instance_id

    def get_axis(self, axis):
        return self.axes.get(axis, 0)

    def set_stick(self, x: float, y: float) -> None:
        """Left stick deflection as fractions of full travel."""
        self.axes[pygame.CONTROLLER_AXIS_LEFTX] = int(x * 32767)
        self.axes[pygame.CONTROLLER_AXIS_LEFTY] = int(y * 32767)
