"""Che through the screens, headless: placing tiles with each device alone, switching the
tile's colour, panning and zooming, a whole game against the computer to the results,
undo, save and resume, and screenshots."""
from __future__ import annotations

import random

import pygame
import pytest

import game.rules
from game.services import saves
from game.scenes.play import PlayScene
from scene_driver import (DEVICES, drag_events, labels, place_tile, play_against_computer,
                          play_scene, settle, shoot, start_for_two, step, wait_for_scene,
                          wheel_event)

SPEC = game.rules.get("che")
HUMAN = saves.Seat("human", None)


def start(app, seats=(HUMAN, HUMAN), moves=0, seed=3, options=None):
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


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_tiles_placed_with_each_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    play = start_for_two(device, "Che", "Dark player")
    rng = random.Random(device_name)
    for _ in range(7):                              # the first tile, then three turns
        place_tile(device, play, rng.choice(play.state.legal_moves()))
        settle(app)
    assert len(play.state.history) == 7 and play.state.to_play == 0    # L, DD, LL, DD
    device.undo()
    assert len(play.state.history) == 6
    shoot(app, f"che_play_{device_name}")


def test_the_colour_switch_and_a_refused_cell(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    play = start(app, moves=5)
    view = play.view
    colour = view.colour
    mouse.click(view.cell_rect(*play.state.layout.open_cells()[0]).center, button=3)
    assert view.colour == 1 - colour and play.state.layout.count == 5
    full = play.state.layout.tiles()[0]
    mouse.click(view.cell_rect(full.x, full.y).center)         # a filled cell: refused
    assert play.state.layout.count == 5


def test_pan_zoom_and_fit_with_each_device(make_app):
    app = make_app()
    play = start(app, moves=9)
    view = play.view
    mouse, keyboard, gamepad = (DEVICES[name](app) for name in ("mouse", "keyboard", "gamepad"))
    assert view.fit
    centre = list(view.centre)
    start_pos = view.rect.center
    mouse.send(*drag_events(start_pos, (start_pos[0] + 120, start_pos[1] + 40)))
    assert not view.fit and play.state.layout.count == 9        # a drag places nothing
    assert view.centre[0] == pytest.approx(centre[0] - 120 / view.cell, abs=0.05)
    cell = view.cell
    mouse.send(wheel_event(1))
    assert view.cell > cell
    keyboard.key(pygame.K_f)
    assert view.fit
    keyboard.key(pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert not view.fit and play.state.layout.count == 9
    cell = view.cell
    keyboard.key(pygame.K_MINUS)
    assert view.cell < cell
    gamepad.button(pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert view.fit
    centre = list(view.centre)
    gamepad.pad.axes[pygame.CONTROLLER_AXIS_RIGHTX] = 32767
    step(app, frames=10)
    gamepad.pad.axes[pygame.CONTROLLER_AXIS_RIGHTX] = 0
    assert not view.fit and view.centre[0] > centre[0]
    cell = view.cell
    gamepad.pad.axes[pygame.CONTROLLER_AXIS_TRIGGERRIGHT] = 32767
    step(app, frames=5)
    gamepad.pad.axes[pygame.CONTROLLER_AXIS_TRIGGERRIGHT] = 0
    assert view.cell > cell
    shoot(app, "che_zoomed")


def test_a_whole_game_against_the_computer_to_the_results(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    play = start(app, seats=(HUMAN, saves.Seat("computer", SPEC.ai_levels[0])),
                 options={"tiles": 48})
    rng = random.Random(11)
    play_against_computer(app, play, lambda play: place_tile(
        mouse, play, rng.choice(play.state.legal_moves())))
    results = wait_for_scene(app, "ResultsScene")
    assert results.reason and labels(results)[0] == "Rematch"
    shoot(app, "che_results")


def test_save_and_resume_mid_turn(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    play = start(app, moves=4)                  # Dark owes one more tile this turn
    moves = list(play.state.history)
    keyboard.pause()
    keyboard.activate("Quit to menu")
    menu = wait_for_scene(app, "MenuScene")
    assert labels(menu)[0] == "Continue Che (move 5)"
    keyboard.activate(labels(menu)[0])
    resumed = play_scene(app)
    assert resumed.state.history == moves and resumed.state.tiles_owed == 1


def test_screenshots_of_che(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    mouse.activate("Che")
    shoot(app, "che_setup")
    mouse.activate("Rules")
    shoot(app, "che_rules")
    app.pop()
    app.pop()
    play = start(app, moves=30)
    tile = play.state.layout.tiles()[10]
    mouse.point(play.view.cell_rect(tile.x, tile.y).center)
    assert play.view.pointed_region() is not None
    shoot(app, "che_region_hover")


def test_an_unlimited_game_is_ended_by_an_offer_the_computer_weighs(make_app):
    from game.games.che import player as ai_che
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    computer = saves.Seat("computer", SPEC.ai_levels[0])
    play = start(app, seats=(HUMAN, computer), moves=7, options={"tiles": "unlimited"})
    assert play.state.to_play == 0 and "Offer to end" in labels(play)
    accepts = ai_che.accepts_end(play.state, 1)
    keyboard.pause()
    keyboard.activate("Offer to end")
    if accepts:
        assert play.state.is_over and "agreed" in play.state.outcome.reason
        wait_for_scene(app, "ResultsScene")
    else:
        assert not play.state.is_over and "declines" in play.session.notice
    limited = start(app, moves=3)
    assert "Offer to end" not in labels(limited)


def test_the_move_list_has_a_row_per_turn(make_app):
    app = make_app()
    play = start(app, moves=6)
    texts = play.state.move_list()
    rows = play.view.move_rows(texts)
    assert rows[0] == texts[:1] and rows[1] == texts[1:3] and rows[2] == texts[3:5]
    assert rows[3] == texts[5:6]                     # a turn half placed
    assert play.view.move_rows(texts[:1] + ["agree"]) == [texts[:1], ["agree"]]


def test_a_run_out_finish_shows_both_largest_regions(make_app):
    from game.testing.positions import grow_layout
    app = make_app()
    state = SPEC.new_game(seed=21, options={"tiles": 48})
    grow_layout(state, 47, random.Random(21))
    ending = None
    for move in state.legal_moves():
        state.play(move)
        if state.is_over and "ran out" in state.outcome.reason:
            ending = move
            break
        state.undo()
    assert ending is not None, "no last tile that runs the pool out"
    play = PlayScene(app, state, [HUMAN, HUMAN])
    app.push(play)
    step(app, frames=20, dt=0.05)
    shown = play.view.final_regions()
    assert sorted((r.colour, r.size) for r, _ in shown) == list(enumerate(state.largest_sizes()))
    assert [good for r, good in shown if r.colour == state.outcome.winner] == [True]
    wait_for_scene(app, "ResultsScene")
    shoot(app, "che_run_out")


def test_a_move_paints_only_its_tile_and_the_camera_follows_a_frame_later(make_app,
                                                                          monkeypatch):
    """The frame a tile is placed in adds it (and the cells it opens) to the layer of
    tiles, which must then be what a full repaint draws; the camera starts easing to
    the grown layout on the next frame."""
    app = make_app()
    play = start(app, moves=12)
    view = play.view
    view.fit = False
    view.cell, view.centre = 40.0, [0.5, 0.5]  # whole pixels: no tile overlaps the next
    step(app)
    drawn = []
    monkeypatch.setattr(view, "_draw_tiles",
                        lambda surface, tiles, offset, draw=view._draw_tiles:
                        (drawn.append(len(tiles)), draw(surface, tiles, offset)))
    move = next(m for m in play.state.legal_moves() if (m.x, m.y) == min(
        play.state.layout.open_cells()))       # a tile at the edge: the layout grows
    play.play_move(move)
    step(app)
    assert drawn == [1], "only the new tile was painted"
    added = pygame.image.tobytes(view._layer, "RGB")
    view._layer_key = None
    view._still_layer(40)
    assert drawn == [1, play.state.layout.count]
    assert pygame.image.tobytes(view._layer, "RGB") == added, "as a full repaint"

    view.fit = True                             # the camera follows the layout again
    play.play_move(next(m for m in play.state.legal_moves()
                        if (m.x, m.y) == max(play.state.layout.open_cells())))
    camera = (view.cell, list(view.centre))
    step(app)
    assert (view.cell, view.centre) == camera, "the frame of the move"
    step(app)
    assert (view.cell, view.centre) != camera, "then it eases to the new fit"
