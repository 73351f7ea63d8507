"""Hints against the computer, in every game: H, the panel's Hint button or the pause
menu asks the strongest level for its move; the panel names it and the board shows it;
a move or an undo takes it away. Not offered between humans, nor on the computer's turn."""
from __future__ import annotations

import pygame
import pytest

import game.rules
from game.services import saves
from game.scenes.play import PlayScene
from scene_driver import DEVICES, labels, shoot, step, wait_for

HUMAN = saves.Seat("human", None)


def start(app, name, seats):
    spec = game.rules.get(name)
    state = spec.new_game(seed=2, options={"players": 2} if name == "xoliba" else {})
    play = PlayScene(app, state, seats)
    app.push(play)
    step(app, frames=3, dt=0.05)
    return play


def hint_shown(app, play):
    wait_for(app, lambda: play.session.hint_move is not None or play.session.notice.startswith("No hint"),
             timeout=90, what="the hint")
    assert play.session.hint_move in play.state.legal_moves(), play.session.notice
    # The strongest level's move, never called perfect: Xtic's "perfect" level solves a
    # position only near the end, so its hint is no proven best move in general.
    assert play.session.notice == f"Hint: {play.state.format_move(play.session.hint_move)} " \
                                  f"(the strongest computer's move)"


@pytest.mark.parametrize("name", sorted(game.rules.names()))
def test_a_hint_in_every_game_by_key(make_app, name):
    app = make_app()
    spec = game.rules.get(name)
    computer = saves.Seat("computer", spec.ai_levels[0])
    play = start(app, name, [HUMAN, computer] + [computer] * (len(spec.seats_for(
        {"players": 2} if name == "xoliba" else {})) - 2))
    wait_for(app, lambda: play.human_may_move, timeout=60, what="the human's turn")
    if play.state.is_chance:                          # Catalina: roll first
        keyboard = DEVICES["keyboard"](app)
        keyboard.key(pygame.K_h)
        assert play.session.hint_move is None and "after the roll" in play.session.notice
        keyboard.confirm()
        wait_for(app, lambda: not play.view.animating, what="the dice")
        if play.state.legal_moves() == ["pass"]:
            pytest.skip("this roll skips the turn")
    DEVICES["keyboard"](app).key(pygame.K_h)
    hint_shown(app, play)
    # The board shows it: the view draws the hinted move (on a blank surface here).
    blank = pygame.Surface(app.size)
    play.view.draw_hint(blank, play.session.hint_move)
    assert pygame.surfarray.array3d(blank).any()
    shoot(app, f"hint_{name}")
    history = len(play.state.history)
    play.play_move(play.session.hint_move)
    assert play.session.hint_move is None and len(play.state.history) == history + 1


def test_hints_with_the_mouse_and_the_pad_and_undo_clears(make_app):
    app = make_app()
    play = start(app, "xtic", [HUMAN, saves.Seat("computer", "easy")])
    assert "Hint" in labels(play)
    DEVICES["mouse"](app).activate("Hint")
    hint_shown(app, play)
    play.play_move(play.session.hint_move)
    wait_for(app, lambda: play.human_may_move, timeout=60, what="the computer")
    gamepad = DEVICES["gamepad"](app)
    gamepad.pause()
    gamepad.activate("Hint")
    hint_shown(app, play)
    gamepad.undo()
    assert play.session.hint_move is None and not play.session.hint_pending


def test_no_hints_between_humans(make_app):
    app = make_app()
    play = start(app, "xtic", [HUMAN, HUMAN])
    assert "Hint" not in labels(play)
    DEVICES["keyboard"](app).key(pygame.K_h)
    assert play.session.hint_move is None and not play.session.hint_pending and "against the computer" in play.session.notice


def test_a_hint_goes_when_the_player_places_elsewhere(make_app):
    """Xtic: the hint rang c2 and piece 4; the player placed on another square (half a
    move): the rings would show a move they are no longer making."""
    app = make_app()
    play = start(app, "xtic", [saves.Seat("computer", "easy"), HUMAN])
    wait_for(app, lambda: play.human_may_move, timeout=60, what="the human's turn")
    DEVICES["keyboard"](app).key(pygame.K_h)
    hint_shown(app, play)
    square, piece = play.session.hint_move

    def drawn() -> bool:
        blank = pygame.Surface(app.size)
        play.view.draw_hint(blank, play.session.hint_move)
        return bool(pygame.surfarray.array3d(blank).any())

    assert drawn()
    play.view.pending_square = square                 # placed where the hint says
    assert drawn()                                   # the piece to hand is still ringed
    play.view.pending_square = next(s for s in play.state.empty_squares() if s != square)
    assert not drawn()
