"""The computer player in every game: leaving its search (undo, a new game, back to the
menu, quitting) stops the worker at once and its move never lands in another game; a
failing computer is reported and a human may take over its seat."""
from __future__ import annotations

import random
import time

import pygame
import pytest

import game.rules
from game.services import saves
from game.services.saves import Seat
from game.services.session import Jumped
from game.ai.worker import AIWorker
from game.scenes.play import PlayScene
from scene_driver import DEVICES, scene_name, shoot, step, wait_for

GAMES = game.rules.names()
HUMAN = Seat("human", None)
COMPUTER_SEAT = 1


def options_for(name: str) -> dict:
    return {"players": 2} if name == "xoliba" else {}


def before_the_computer_moves(name: str, seed: int):
    """A game in which the human (seat 0) has moved and the computer (seat 1) is next."""
    spec = game.rules.get(name)
    state = spec.new_game(seed=seed, options=options_for(name))
    rng = random.Random(seed)
    human_moved = False
    while not (human_moved and state.to_play == COMPUTER_SEAT and not state.is_chance):
        assert not state.is_over, "the prepared game ended too soon"
        if state.is_chance:
            state.sample_chance()
            continue
        human_moved |= state.to_play == 0
        state.play(rng.choice(state.legal_moves()))
    return state


def computer_thinking(app, name: str, seed: int = 11):
    """A play scene whose strongest computer has just been asked for its move."""
    spec = game.rules.get(name)
    state = before_the_computer_moves(name, seed)
    play = PlayScene(app, state, [HUMAN, Seat("computer", spec.ai_levels[-1])])
    app.push(play)
    wait_for(app, lambda: app.worker.busy, what="the computer to start thinking")
    process = app.worker._process
    assert process is not None and process.is_alive()
    return play, process


def assert_search_stopped(app, process) -> None:
    assert not app.worker.busy
    process.join(timeout=5)
    assert not process.is_alive(), "the cancelled search's process is still running"


def assert_nothing_lands(app, play, history, seconds=1.0) -> None:
    """For a while, no move is added to the game on screen."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        step(app, dt=0.1)
        time.sleep(0.01)
        assert play.state.history == history, "a move arrived after the search was left"


@pytest.mark.parametrize("name", GAMES)
def test_undo_stops_the_search(make_app, name):
    app = make_app()
    play, process = computer_thinking(app, name)
    before = list(play.state.history)
    DEVICES["keyboard"](app).undo()
    assert_search_stopped(app, process)
    assert play.state.to_play == 0 and len(play.state.history) < len(before)
    history = list(play.state.history)
    assert_nothing_lands(app, play, history)


@pytest.mark.parametrize("name", GAMES)
def test_a_new_game_stops_the_search_and_gets_its_own_move(make_app, name):
    app = make_app()
    play, process = computer_thinking(app, name)
    old_request = app.worker.pending_id
    device = DEVICES["gamepad"](app)
    device.pause()
    device.activate("Restart")
    assert scene_name(app) == "PlayScene"
    process.join(timeout=5)
    assert not process.is_alive(), "the cancelled search's process is still running"
    assert app.worker.pending_id != old_request
    # The same game from its first move; whatever is played now is its own players'.
    state = play.state
    assert len(state.history) <= 1
    step(app, frames=10, dt=0.1)
    replay = state.spec.new_game(seed=state.seed, options=state.options)
    for move in state.history:
        replay.play(move)                       # raises if a move does not fit this game


@pytest.mark.parametrize("name", GAMES)
def test_back_to_the_menu_stops_the_search_and_nothing_lands_in_the_next_game(make_app,
                                                                                name):
    app = make_app()
    play, process = computer_thinking(app, name)
    left_at = list(play.state.history)
    mouse = DEVICES["mouse"](app)
    mouse.pause()
    mouse.activate("Quit to menu")
    assert scene_name(app) == "MenuScene"
    assert_search_stopped(app, process)
    # The game left is saved as it stood, without the computer's move.
    resumed, message = saves.load_resume()
    assert message is None and resumed.state.history == left_at
    # Another game of the same kind, the human to move: nothing of the old search lands.
    spec = game.rules.get(name)
    fresh = spec.new_game(seed=99, options=options_for(name))
    human_first = [HUMAN if seat == fresh.to_play else Seat("computer", spec.ai_levels[-1])
                   for seat in range(len(spec.seats_for(fresh.options)))]
    if fresh.to_play is None:                  # a chance step first: the human rolls
        human_first = [HUMAN, Seat("computer", spec.ai_levels[-1])]
    second = PlayScene(app, fresh, human_first)
    app.push(second)
    assert_nothing_lands(app, second, [])


@pytest.mark.parametrize("name", GAMES)
def test_quitting_stops_the_search_and_keeps_the_game(make_app, name):
    app = make_app()
    play, process = computer_thinking(app, name)
    left_at = list(play.state.history)
    step(app, [pygame.event.Event(pygame.QUIT)])
    assert app.running is False
    app.shutdown()                             # what the main loop does next
    assert not process.is_alive()
    resumed, message = saves.load_resume()
    assert message is None and resumed.state.history == left_at


def test_a_reply_to_a_cancelled_request_is_never_taken_for_the_current_one(monkeypatch):
    """Even if a cancelled search were to finish and answer, its reply is dropped: every
    reply carries its request's id. Here the process is kept alive on purpose."""
    worker = AIWorker()
    xtic = game.rules.get("xtic").new_game(seed=1, options={})
    che = game.rules.get("che").new_game(seed=1, options={})
    monkeypatch.setattr(worker, "_discard_process", lambda: None)   # cancel does not kill
    try:
        first = worker.request(xtic, "trivial")
        second = worker.request(che, game.rules.get("che").ai_levels[0])
        received = []
        conn = worker._conn
        real_recv = conn.recv

        class Spy:
            def __getattr__(self, attr):
                return getattr(conn, attr)

            def recv(self):
                message = real_recv()
                received.append(message[0])
                return message
        worker._conn = Spy()
        deadline = time.monotonic() + 30
        reply = None
        while reply is None:
            assert time.monotonic() < deadline, "no reply"
            reply = worker.poll()
            time.sleep(0.01)
        assert reply.request_id == second and first in received
        assert che.parse_move(reply.move_text) in che.legal_moves()
    finally:
        monkeypatch.undo()
        worker._conn = conn
        worker.shutdown()


@pytest.mark.parametrize("name,device_name", list(zip(GAMES, ["mouse", "keyboard", "gamepad",
                                                              "mouse", "keyboard"])))
def test_a_failing_computer_is_reported_and_a_human_takes_over(make_app, name, device_name):
    app = make_app()
    state = before_the_computer_moves(name, seed=5)
    # A level the computer does not know makes its search raise in the worker: the
    # same path as any error of the computer player.
    play = PlayScene(app, state, [HUMAN, Seat("computer", "no such level")])
    app.push(play)
    history = list(state.history)
    wait_for(app, lambda: play.session.ai_error is not None, what="the failure to be reported")
    assert "no such level" in play.session.ai_error and state.history == history
    assert play.side.takeover_button is not None
    shoot(app, f"computer_failed_{name}")
    device = DEVICES[device_name](app)
    if device_name == "mouse":
        device.activate("Take over this seat")
    else:
        device.confirm()                        # Enter / A, as the panel says

    assert play.session.ai_error is None and play.session.seats[COMPUTER_SEAT] == HUMAN
    assert play.human_may_move
    play.play_move(state.legal_moves()[0])        # the human now plays that seat
    assert len(state.history) == len(history) + 1
    data = saves.load_resume()[0]
    assert data.seats[COMPUTER_SEAT] == HUMAN


def test_take_back_from_the_results_brings_the_hint_button_back(make_app):
    """Che's Hint button was missing after Take back until the pause menu's Resume."""
    app = make_app()
    spec = game.rules.get("xtic")
    state = spec.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    while state.to_play != 0 or state.is_over:     # back to a move of the human's
        state.undo()
    state.play(rng.choice(state.legal_moves()))
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    play = PlayScene(app, state, [HUMAN, Seat("computer", spec.ai_levels[0])])
    app.push(play)
    wait_for(app, lambda: scene_name(app) == "ResultsScene", what="the results card")
    assert "Hint" not in [item.element.text for item in play.ring.items]
    app.scene.take_back()
    step(app, frames=2)
    assert not play.state.is_over
    assert "Hint" in [item.element.text for item in play.ring.items]


def test_undo_forgets_the_hint_and_its_words(make_app):
    app = make_app()
    play, _ = computer_thinking(app, "xtic")
    wait_for(app, lambda: play.session.human_may_move, what="the computer's move")
    session = play.session
    session.hint_move = session.state.legal_moves()[0]
    session.notice = "Hint: a1/3 (the strongest computer's move)"
    assert Jumped() in session.undo()
    assert session.hint_move is None and session.notice == ""
