"""Xutoli through the screens, headless: placing tiles with each device alone, the letters
on the board and the legend of the twelve patterns with each device, the winning pair and
its path at the end, Single target's cards and flashes, the setup's variant rows, a whole
game against the computer, save and resume, and screenshots."""
from __future__ import annotations

import random

import pygame
import pytest

import game.ai
import game.rules
from game.services import saves
from game.games.xutoli import rules as xutoli_rules
from game.scenes.play import PlayScene
from scene_driver import (DEVICES, labels, place_tile, play_against_computer, play_scene,
                          scene_name, settle, shoot, start_for_two, step, wait_for_scene)

SPEC = game.rules.get("xutoli")
HUMAN = saves.Seat("human", None)


def start(app, seats=(HUMAN, HUMAN), state=None, moves=0, seed=3, options=None):
    if state is None:
        state = SPEC.new_game(seed=seed, options=options or {})
        rng = random.Random(seed)
        for _ in range(moves):
            # Random tiles that do not end the game: the test goes on playing.
            for move in rng.sample(state.legal_moves(), len(state.legal_moves())):
                state.play(move)
                if not state.is_over:
                    break
                state.undo()
            assert not state.is_over
    play = PlayScene(app, state, list(seats))
    app.push(play)
    step(app, frames=30, dt=0.05)           # the camera settles on the layout
    return play


def finished_game(options=None, seed=1):
    """A game the computer played to a win (not a draw), from `seed` on."""
    for attempt in range(seed, seed + 20):
        state = SPEC.new_game(seed=attempt, options=options or {})
        rng = random.Random(attempt)
        while not state.is_over:
            level = "easy" if state.to_play else "beginner"
            state.play(game.ai.choose_move(state, level, rng))
        if state.outcome.winner is not None:
            return state
    raise AssertionError("no won game in 20 tries")


def pixel(app, pos):
    return tuple(app.window.get_at((round(pos[0]), round(pos[1]))))[:3]


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_tiles_placed_with_each_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    play = start_for_two(device, "Xutoli", "Blue player")
    rng = random.Random(device_name)
    for number in range(1, 6):
        place_tile(device, play, rng.choice(play.state.legal_moves()))
        settle(app)
        assert play.state.to_play == number % 2 or play.state.is_over   # one tile a turn
    assert len(play.state.history) == 5
    device.undo()
    assert len(play.state.history) == 4
    shoot(app, f"xutoli_play_{device_name}")


def test_letters_and_legend_with_each_device(make_app):
    app = make_app()
    play = start(app, moves=12)
    view = play.view
    mouse, keyboard, gamepad = (DEVICES[name](app) for name in ("mouse", "keyboard", "gamepad"))
    assert not view.show_letters and not view.show_legend
    # The mouse: the panel's two buttons; a click anywhere closes the legend.
    mouse.activate("Letters")
    assert view.show_letters
    mouse.activate("Patterns")
    assert view.show_legend
    shoot(app, "xutoli_legend")
    count = play.state.layout.count
    mouse.click(view.cell_rect(*play.state.layout.open_cells()[0]).center)
    assert not view.show_legend and play.state.layout.count == count   # closed, not placed
    # The keyboard: L letters, G the legend, Enter inside it switches the letters, Esc closes.
    keyboard.key(pygame.K_l)
    assert not view.show_letters
    keyboard.key(pygame.K_g)
    assert view.show_legend
    keyboard.key(pygame.K_RETURN)
    assert view.show_letters and view.show_legend and play.state.layout.count == count
    keyboard.key(pygame.K_ESCAPE)
    assert not view.show_legend and scene_name(app) == "PlayScene"     # not the pause menu
    # The gamepad: the left stick's press opens it, A switches the letters, B closes.
    gamepad.button(pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert view.show_legend
    gamepad.button(pygame.CONTROLLER_BUTTON_A)
    assert not view.show_letters and play.state.layout.count == count
    gamepad.back()
    assert not view.show_legend and scene_name(app) == "PlayScene"
    # Both are in the pause menu too.
    gamepad.pause()
    assert {"Letters", "Patterns"} <= set(labels(app.scene))
    gamepad.activate("Letters")
    assert view.show_letters and scene_name(app) == "PlayScene"
    shoot(app, "xutoli_letters")


def test_the_letters_label_every_complete_block(make_app):
    app = make_app()
    play = start(app, moves=16)
    view = play.view
    view.show_letters = True
    step(app, frames=2)
    patterns = play.state.patterns()
    assert patterns
    for pattern in patterns:
        # The disc at the block's centre is in the letter's colour (its rim in the other).
        centre = view.to_screen(pattern.x + 1, pattern.y + 1)
        fill = app.palette.tiles[pattern.colour]
        near = [pixel(app, (centre[0] + dx, centre[1] + dy)) for dx in (-4, 4) for dy in (-6, 6)]
        assert any(max(abs(a - b) for a, b in zip(colour, fill)) < 40 for colour in near), \
            pattern


def test_the_winning_pair_and_its_path_are_shown(make_app):
    app = make_app()
    state = finished_game(seed=41)                  # a pair four vertices apart
    formation = state.winning_formation
    assert formation.second is not None and len(formation.path) >= 2
    play = start(app, state=state)
    view = play.view
    assert [good for _, good in view.final_regions()] == [True]
    view.draw(app.window)
    good = app.palette.highlight_good
    for pattern in (formation.first, formation.second):
        rect = view._block_rect(pattern)
        # The outline runs just outside the block's cells.
        assert pixel(app, (rect.centerx, rect.top)) == good
        assert pixel(app, (rect.left, rect.centery)) == good
    wait_for_scene(app, "ResultsScene")
    shoot(app, "xutoli_win")


def test_single_target_shows_both_targets_and_flashes_the_match(make_app):
    app = make_app()
    options = {"target": "chosen", "white_target": "L", "blue_target": "BX"}
    state = finished_game(options)
    play = start(app, state=state)
    view = play.view
    texts = [text for text, _ in view.info_lines()]
    assert "White's target: an L" in texts and "Blue's target: a blue X" in texts
    winner = state.outcome.winner
    match = state.winning_formation.first
    rect = view._block_rect(match)
    reach = round(view.cell / 2)
    frames = []
    for _ in range(12):                              # the outline pulses: its width changes
        step(app, frames=1, dt=0.05)
        view.draw(app.window)
        frames.append(sum(pixel(app, (rect.centerx, rect.top + d)) == view._outline_colour(winner)
                          for d in range(-reach, reach)))
    assert min(frames) >= 1 and max(frames) > min(frames)
    shoot(app, "xutoli_target")


def test_the_setup_shows_only_the_rows_that_apply(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    keyboard.activate("Xutoli")
    setup = app.scene
    rows = labels(setup)
    assert any(r.startswith("Matching patterns") for r in rows)
    assert not any(r.startswith("White's target") for r in rows)
    for _ in range(4):
        if setup.setup.options["target"] == "chosen":
            break
        keyboard.change("Single target", -1)
    rows = labels(app.scene)
    assert any(r.startswith("White's target") for r in rows)
    assert not any(r.startswith(("Matching patterns", "Pattern size")) for r in rows)
    shoot(app, "xutoli_setup_target")
    keyboard.activate("Start")
    play = play_scene(app)
    assert play.state.targets == ("X", "O")


@pytest.mark.parametrize("device_name", ["mouse", "keyboard"])
def test_the_same_target_for_both_players_is_refused_with_a_message(make_app, device_name):
    """Found by the monkey (seed 1, action 28141): Start with both targets 'O' raised.
    The setup now stays, says why, and starts once a target is changed."""
    app = make_app()
    device = DEVICES[device_name](app)
    device.activate("Xutoli")
    setup = app.scene
    for _ in range(4):
        if setup.setup.options["target"] == "chosen":
            break
        device.change("Single target", -1)
    for _ in range(len(xutoli_rules.TARGET_CODES)):
        if setup.setup.options["white_target"] == setup.setup.options["blue_target"]:
            break
        device.change("White's target", +1)
    assert setup.setup.options["white_target"] == "O" == setup.setup.options["blue_target"]
    device.activate("Start")
    assert scene_name(app) == "SetupScene"
    assert "Blue's target must differ from White's (both are O (either colour))" \
        in setup.problem
    shoot(app, f"xutoli_setup_same_targets_{device_name}")
    device.change("White's target", +1)
    assert not setup.problem, "a change clears the message"
    device.activate("Start")
    play = play_scene(app)
    assert play.state.targets[0] != play.state.targets[1] == "O"


def test_a_whole_game_against_the_computer_with_the_gamepad(make_app):
    app = make_app()
    gamepad = DEVICES["gamepad"](app)
    play = start(app, seats=(HUMAN, saves.Seat("computer", SPEC.ai_levels[0])),
                 options={"tiles": 48})
    rng = random.Random(5)
    play_against_computer(app, play, lambda play: place_tile(
        gamepad, play, rng.choice(play.state.legal_moves())))
    results = wait_for_scene(app, "ResultsScene")
    assert results.reason and labels(results)[0] == "Rematch"


def test_save_and_resume_a_progressive_game_mid_turn(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    play = start(app, moves=2, options={"progressive": True})   # Blue owes one more tile
    assert play.state.tiles_owed == 1 and play.state.to_play == 1
    moves = list(play.state.history)
    rows = play.view.move_rows(play.state.move_list())
    assert [len(row) for row in rows] == [1, 1]
    keyboard.pause()
    keyboard.activate("Quit to menu")
    menu = wait_for_scene(app, "MenuScene")
    assert labels(menu)[0] == "Continue Xutoli (move 3)"
    keyboard.activate(labels(menu)[0])
    resumed = play_scene(app)
    assert resumed.state.history == moves and resumed.state.tiles_owed == 1


def test_screenshots_of_xutoli(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    mouse.activate("Xutoli")
    shoot(app, "xutoli_setup")
    mouse.activate("Rules")
    shoot(app, "xutoli_rules")
    app.pop()
    app.pop()
    play = start(app, moves=30, options={"size": 3, "tiles": 96})
    tile = play.state.layout.tiles()[10]
    mouse.point(play.view.cell_rect(tile.x, tile.y).center)
    assert play.view.pointed_region() is not None
    shoot(app, "xutoli_super")
