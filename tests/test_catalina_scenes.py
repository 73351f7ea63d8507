"""Catalina Tiles through the screens, headless: rolling and claiming with each device
alone, the claimable tiles and the dice order shown for a pointed tile, the computer's
turns (its own rolls), skipped turns announced, undo back over a roll, save and resume
between the roll and the claim, a whole game to the results, and screenshots."""
from __future__ import annotations

import random
import re

import pygame
import pytest

import game.ai
import game.rules
from game.services import saves
from game.games.catalina import rules
from game.scenes.play import PlayScene
from game.games.catalina.view import claim_at, grid_xy
from scene_driver import (DEVICES, labels, play_against_computer, play_scene, settle,
                          shoot, start_for_two, step, wait_for, wait_for_scene)

SPEC = game.rules.get("catalina")
HUMAN = saves.Seat("human", None)


def played(moves: int, seed: int = 5):
    """A game `moves` steps in (rolls and claims by the computer), not over."""
    state = SPEC.new_game(seed=seed, options={})
    rng = random.Random(seed)
    while len(state.history) < moves and not state.is_over:
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(game.ai.choose_move(state, "medium", rng))
    assert not state.is_over
    return state


def start(app, state=None, seats=(HUMAN, HUMAN)):
    play = PlayScene(app, state or SPEC.new_game(seed=5, options={}), list(seats))
    app.push(play)
    step(app, frames=5, dt=0.05)
    return play


def roll(device, play) -> None:
    """Throw the dice as a person would, and wait for them to settle."""
    assert play.state.is_chance
    count = len(play.state.history)
    if device.name == "mouse":
        device.click(play.view.tray_rect.center)
    else:
        device.confirm()
    assert len(play.state.history) == count + 1 and not play.state.is_chance
    settle(play.app)
    assert not play.view.animating


def claim(device, play, move) -> None:
    """Claim `move` as a person would: the mouse clicks it, keys and pads walk to it."""
    view = play.view
    count = len(play.state.history)
    x, y = grid_xy(move)
    if device.name == "mouse":
        device.click(view.cell_rect(x, y).center)
    else:
        dx, dy = x - view.cursor[0], y - view.cursor[1]
        device.directions((["right"] * dx if dx > 0 else ["left"] * -dx)
                          + (["down"] * dy if dy > 0 else ["up"] * -dy))
        assert view.cursor == (x, y)
        device.confirm()
    assert len(play.state.history) == count + 1 and play.state.history[-1] == move
    settle(play.app)


@pytest.mark.parametrize("device_name", ["mouse", "keyboard", "gamepad"])
def test_rolls_and_claims_with_each_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    play = start_for_two(device, "Catalina Tiles", "Blue player")
    rng = random.Random(device_name)
    turns = 0
    while turns < 4 and not play.state.is_over:
        roll(device, play)
        if play.state.legal_moves() == [rules.PASS]:
            wait_for(app, lambda: play.state.is_chance or play.state.is_over,
                     what="the skipped turn")
            continue
        claim(device, play, rng.choice(play.state.legal_moves()))
        turns += 1
    assert turns == 4
    shoot(app, f"catalina_play_{device_name}")


def test_a_refused_tile_and_rolling_twice_are_refused(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    play = start(app)
    roll(mouse, play)
    claims = play.state.legal_moves()
    other = next(claim_at(x, y) for y in range(9) for x in range(9)
                 if claim_at(x, y) not in claims)
    count = len(play.state.history)
    mouse.click(play.view.cell_rect(*grid_xy(other)).center)
    mouse.click(play.view.tray_rect.center)              # no second roll
    assert len(play.state.history) == count


def test_pointing_shows_the_order_of_the_dice(make_app):
    app = make_app()
    play = start(app, played(20))
    keyboard = DEVICES["keyboard"](app)
    roll(keyboard, play)
    view = play.view
    claims = play.state.claimable()
    if not claims:
        pytest.skip("this roll reaches nothing")
    # After the roll the cursor stands on a claimable tile; Tab walks through them all.
    assert view.pointed_claim() in claims
    seen = set()
    for _ in range(len(claims)):
        seen.add(view.pointed_claim())
        keyboard.key(pygame.K_TAB)
    assert seen == set(claims)
    pointed = view.pointed_claim()
    lines = [text for text, _ in view.info_lines()]
    assert any(text.startswith(rules.format_claim(pointed)) and "dice" in text
               for text in lines)
    shoot(app, "catalina_pointed")


def test_the_computer_rolls_and_claims_by_itself(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    computer = saves.Seat("computer", SPEC.ai_levels[-1])
    play = start(app, seats=(HUMAN, computer))
    roll(keyboard, play)
    if play.state.legal_moves() != [rules.PASS]:
        keyboard.key(pygame.K_TAB)
        keyboard.confirm()
    # Blue throws its own dice, then claims (or passes) without any input.
    wait_for(app, lambda: play.state.to_play == 0 and play.state.is_chance
             and not play.view.animating, timeout=60, what="the computer's turn")
    kinds = [type(move).__name__ if move != rules.PASS else "pass"
             for move in play.state.history[2:4]]
    assert kinds[0] == "Roll" and kinds[1] in ("Claim", "pass")
    # Undo takes back the whole computer turn and the human's claim: the same dice wait.
    dice = play.state.history[0]
    keyboard.undo()
    assert len(play.state.history) == 1 and play.state.history[0] == dice
    assert not play.state.is_chance and play.state.to_play == 0


def test_a_skipped_turn_is_announced(make_app):
    app = make_app()
    # A position where the next roll reaches no free tile: search seeded games for one.
    state = None
    for seed in range(300):
        candidate = SPEC.new_game(seed=seed, options={})
        rng = random.Random(seed)
        while not candidate.is_over:
            if candidate.is_chance:
                roll_move = candidate.next_chance()
                if not candidate.claims_for(roll_move) and len(candidate.history) > 2:
                    state = candidate
                    break
                candidate.play(roll_move)
            else:
                candidate.play(game.ai.choose_move(candidate, "medium", rng))
        if state is not None:
            break
    assert state is not None, "no skipped turn in 300 seeded games"
    seats = [HUMAN, HUMAN]
    play = start(app, state, seats)
    mover = state.to_play
    keyboard = DEVICES["keyboard"](app)
    roll(keyboard, play)
    reason = play.state.pass_reason()
    assert reason and "skipped" in reason and play.status_text() == reason
    wait_for(app, lambda: play.state.is_chance, what="the pass")
    assert play.state.history[-1] == rules.PASS and play.state.to_play == 1 - mover
    lines = [text for text, _ in play.view.info_lines()]
    assert reason in lines
    shoot(app, "catalina_skipped")


def test_save_and_resume_between_the_roll_and_the_claim(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    play = start(app, played(6))
    roll(keyboard, play)
    moves = list(play.state.history)
    keyboard.pause()
    keyboard.activate("Quit to menu")
    menu = wait_for_scene(app, "MenuScene")
    assert labels(menu)[0] == f"Continue Catalina Tiles (move {len(moves) + 1})"
    keyboard.activate(labels(menu)[0])
    resumed = play_scene(app)
    assert resumed.state.history == moves and resumed.state.dice == play.state.dice
    assert not resumed.view.animating


def test_a_whole_game_against_the_computer_to_the_results(make_app):
    app = make_app()
    gamepad = DEVICES["gamepad"](app)
    computer = saves.Seat("computer", SPEC.ai_levels[1])
    play = start(app, seats=(HUMAN, computer))
    rng = random.Random(3)

    def turn(play):
        if play.state.is_chance:
            roll(gamepad, play)
        elif play.state.legal_moves() != [rules.PASS]:
            claim(gamepad, play, rng.choice(play.state.legal_moves()))
    play_against_computer(app, play, turn)
    results = wait_for_scene(app, "ResultsScene")
    assert results.reason and labels(results)[0] == "Rematch"
    shoot(app, "catalina_results")


def test_screenshots_of_catalina(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    mouse.activate("Catalina Tiles")
    shoot(app, "catalina_setup")
    mouse.activate("Rules")
    shoot(app, "catalina_rules")
    app.pop()
    app.pop()
    play = start(app, played(60))
    play.play_move(play.state.next_chance())                          # dice in the air
    step(app, frames=6, dt=0.05)
    assert play.view.animating
    shoot(app, "catalina_rolling")


def drawn_labels(monkeypatch, view, surface) -> list:
    """(text, rect) of every text the view draws on `surface`."""
    from game.games.catalina import view as catalina_view
    drawn = []
    original = catalina_view.draw_text

    def recording(target, text, *args, **kwargs):
        rect = original(target, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(catalina_view, "draw_text", recording)
    view.draw(surface)
    monkeypatch.setattr(catalina_view, "draw_text", original)
    return drawn


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_board_names_its_rows_and_columns_as_the_notation_does(make_app, monkeypatch,
                                                                    size):
    """`[2,3][2,1]`: large row 2, large column 3, then small row 2, column 1. The board
    labels the large rows R1-R3 left of it and the columns C1-C3 above it, and the small
    rows and columns 1-3 of each large tile in its frame, beside the tiles they name;
    readable, outside the tiles, inside the board's area."""
    app = make_app(size=size)
    play = start(app, played(20))
    view = play.view
    labels = drawn_labels(monkeypatch, view, app.window)
    large = {text: rect for text, rect in labels if re.fullmatch(r"[RC][123]", text)}
    assert sorted(large) == ["C1", "C2", "C3", "R1", "R2", "R3"]
    small = [(text, rect) for text, rect in labels if text in ("1", "2", "3")]
    assert len(small) == 18             # 1-3 over each large column, beside each large row
    tiles = [view.cell_rect(*grid_xy(claim)) for claim in rules.CLAIMS]
    for text, rect in list(large.items()) + small:
        assert view.rect.contains(rect), f"{text} leaves the board's area"
        assert rect.h >= 12, f"{text} is too small to read"
        assert rect.collidelist(tiles) == -1, f"{text} covers a tile"
    for claim in rules.CLAIMS:
        tile = view.cell_rect(*grid_xy(claim))
        assert large[f"R{claim.R}"].right <= tile.left
        assert tile.top <= large[f"R{claim.R}"].centery <= tile.bottom \
            or claim.r != 2, "R names the large row, level with its middle small row"
        assert large[f"C{claim.C}"].bottom <= tile.top
        assert tile.left <= large[f"C{claim.C}"].centerx <= tile.right or claim.c != 2
        # The small numbers: one in line with the tile's column above the board, one in
        # line with its row beside it.
        assert any(text == str(claim.c) and rect.bottom <= tile.top
                   and tile.left <= rect.centerx <= tile.right for text, rect in small)
        assert any(text == str(claim.r) and rect.right <= tile.left
                   and tile.top <= rect.centery <= tile.bottom for text, rect in small)
    app.settings.show_coordinates = False
    view._layer_key = None
    hidden = drawn_labels(monkeypatch, view, app.window)
    assert not [text for text, _ in hidden if re.fullmatch(r"[RC]?[123]", text)]
