"""Every board view works from a ViewContext alone, with no App: it lays out and draws,
its handle answers every action with a Handled, and a move it hands over animates from
the position before it, which the state keeps."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

import game.rules
from game.ui import input as inp
from game.services.settings import Settings
from game.ui.text import reset_fonts
from game.views import make_view
from game.views.base import NOT_USED, USED, Handled, ViewContext
from sprites.palettes import DEFAULT

SIZE = (950, 720)


class Sounds:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def context() -> ViewContext:
    if not pygame.font.get_init():        # a real App of another test quit pygame
        pygame.init()
        reset_fonts()
    background = pygame.Surface(SIZE)
    background.fill(DEFAULT.background)
    return ViewContext(DEFAULT, Sounds(), Settings(), SimpleNamespace(last_device=inp.MOUSE),
                       scale=1.0, background=lambda: background,
                       draw_shade=lambda surface, alpha, area=None: None)


def position(spec):
    """A game a few moves in, where a move is to be chosen (not a roll or a pass)."""
    state = spec.new_game(seed=4, options=spec.demo_options)
    rng = random.Random(4)
    while len(state.history) < 6 or state.is_chance or state.legal_moves() == ["pass"]:
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    return state


def clicks(view):
    """Clicks (press and release) over the view, in a seeded order."""
    points = [(x, y) for y in range(8, SIZE[1], 16) for x in range(8, SIZE[0], 16)]
    random.Random(1).shuffle(points)
    for pos in points:
        yield inp.Action(inp.POINTER_CLICK, inp.MOUSE, pos=pos)
        yield inp.Action(inp.POINTER_RELEASE, inp.MOUSE, pos=pos)


def first_move(view):
    """The first move the view hands over for clicks over it; every answer a Handled."""
    for action in clicks(view):
        handled = view.handle(action)
        assert isinstance(handled, Handled)
        if handled.move is not None:
            return handled.move
    raise AssertionError("no click made a move")


@pytest.mark.parametrize("name", game.rules.names())
def test_a_view_made_with_a_context_draws_and_plays_a_move(name):
    spec = game.rules.get(name)
    state = position(spec)
    view = make_view(context(), state, list(spec.seats_for(state.options)))
    view.layout(pygame.Rect((0, 0), SIZE))
    view.sync()
    surface = pygame.Surface(SIZE)
    view.draw(surface)
    assert view.handle(inp.Action(inp.POINTER_MOVE, inp.MOUSE, pos=(1, 1))) in (USED, NOT_USED)

    view.human_may_move = False             # a computer's turn: no click makes a move
    assert all(view.handle(action).move is None for action in clicks(view))

    view.human_may_move = True
    move = first_move(view)
    history = list(state.history)
    state.play(move)
    view.context.sounds.played.clear()
    view.on_move(move)
    assert state.history == history + [move]    # the position before was only looked at
    for _ in range(300):
        view.update(1 / 60)
        view.draw(surface)
        if not view.animating:
            break
    assert not view.animating and view.context.sounds.played     # the move was heard


def test_handled_says_used_or_not_and_carries_a_move():
    assert USED.used and USED.move is None
    assert not NOT_USED.used and NOT_USED.move is None
    assert Handled(move=(1, 2)) == Handled(used=True, move=(1, 2))
