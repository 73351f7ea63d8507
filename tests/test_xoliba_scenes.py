"""Xoliba through the screens, headless: whole games and matches with each device alone,
forced passes, offering to end, resigning a deal, three players, continuing a match."""
from __future__ import annotations

import random

import pytest

import game.rules
from game.games.xoliba import player as ai_xoliba
from game.services import saves
from game.services.match import Match
from game.games.xoliba import rules as xoliba
from game.scenes.play import PlayScene
from scene_driver import (DEVICES, find_item, labels, play_scene, play_xoliba_move,
                          scene_name, settle, shoot, step, wait_for, wait_for_scene, written)

SPEC = game.rules.get("xoliba")
HUMAN = saves.Seat("human", None)





def through_setup(app, device, players=2, computers=(), options=()):
    """Menu -> Xoliba -> setup -> start; every seat human unless named in computers."""
    device.activate("Xoliba")
    assert scene_name(app) == "SetupScene"
    setup = app.scene
    while setup.setup.options["players"] != players:
        device.change("Players", +1)
    assert [find_item(setup, f"{name} player") for name in SPEC.seats[:players]]
    for seat, name in enumerate(SPEC.seats[:players]):
        for _ in range(10):
            value = find_item(setup, f"{name} player").value
            wanted = "human" if seat not in computers else f"computer:{computers[seat]}"
            if value == wanted:
                break
            device.change(f"{name} player", -1)
        assert find_item(setup, f"{name} player").value == wanted
    for label, clicks in options:
        for _ in range(clicks):
            device.change(label, +1)
    device.activate("Start")
    assert scene_name(app) == "PlayScene"
    return app.scene


@pytest.mark.parametrize("device_name", ["mouse", "gamepad", "keyboard"])
def test_a_whole_game_of_a_match_with_one_device(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    play = through_setup(app, device, options=[("Match to", 1)])     # 15 points
    assert play.session.match is not None and play.session.match.rules.target == 15
    assert play.session.seats == [HUMAN, HUMAN]
    rng = random.Random(device_name)
    state = play.state
    passes = 0
    while not state.is_over:
        moves = state.legal_moves()
        if moves == ["pass"]:
            before = len(state.history)
            wait_for(app, lambda before=before: len(state.history) > before,
                     what="the automatic pass")
            passes += 1
            continue
        move = rng.choice(moves)
        before = len(state.history)
        play_xoliba_move(device, move)
        assert state.history[before:] == [move], state.format_move(move)
        settle(app)
    results = wait_for_scene(app, "ResultsScene")
    shoot(app, f"xoliba_results_{device_name}")
    outcome = state.outcome
    assert outcome.reason[:20] in results.reason
    assert "Match to 15" in results.reason
    decided = Match.leader(play.session.match.scores_after_current(), 15) is not None
    first = "New match" if decided else "Next game"
    assert labels(results) == [first, "Take back", "Menu", "Replay", "Analyse"]
    if not decided:
        assert written(saves.resume_path()).exists(), "a match in progress stays saved"
    device.activate(first)
    assert app.scene is play
    assert play.state is not state and not play.state.history
    if not decided:
        assert play.session.match.game_number == 2
        assert play.session.match.scores == list(outcome.scores)


def test_passes_are_played_automatically_and_shown(make_app):
    app = make_app()
    text = "\n".join(["." + "r" * 5 + ".", "r" * 7, "brrrrrr", "brrwrrr", "brrrrrr",
                      "r" * 7, "." + "r" * 5 + "."])
    state = SPEC.new_game(seed=1, options={"position": text, "first": 1})
    assert state.legal_moves() == ["pass"]
    play = PlayScene(app, state, [HUMAN, HUMAN])
    app.push(play)
    step(app, frames=2)
    assert "cannot form a triangle" in play.status_text()
    wait_for(app, lambda: state.history == ["pass"], what="the pass")
    assert state.to_play == 0


def test_offer_to_end_against_the_computer_from_the_pause_menu(make_app):
    app = make_app()
    pad = DEVICES["gamepad"](app)
    level = SPEC.ai_levels[0]
    match = Match.start(SPEC, {}, seed=4)
    play = PlayScene(app, match.state, [HUMAN, saves.Seat("computer", level)], match)
    app.push(play)
    step(app, frames=2)
    expected = ai_xoliba.accepts_end(play.state, 1)
    pad.pause()
    assert scene_name(app) == "PauseScene"
    assert "Offer to end" in labels(app.scene)
    pad.activate("Offer to end")
    if expected:
        assert play.state.is_over and play.state.history[-1] == "agree"
        wait_for_scene(app, "ResultsScene")
    else:
        assert not play.state.is_over
        assert "declines" in play.session.notice


def test_offer_to_end_in_hot_seat_asks_the_other_player(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    match = Match.start(SPEC, {}, seed=4)
    play = PlayScene(app, match.state, [HUMAN, HUMAN], match)
    app.push(play)
    step(app, frames=2)
    mouse.activate("Offer to end")
    assert scene_name(app) == "ConfirmScene"
    shoot(app, "xoliba_offer_to_end")
    mouse.activate("Decline")
    assert app.scene is play and not play.state.is_over and "declined" in play.session.notice
    mouse.activate("Offer to end")
    mouse.activate("Agree")
    assert play.state.is_over and "agreed" in play.state.outcome.reason


def test_resigning_a_deal_scores_40_percent_and_deals_again(make_app):
    app = make_app()
    keyboard = DEVICES["keyboard"](app)
    play = through_setup(app, keyboard, options=[("Resignation rule", 1)])
    assert play.session.match.rules.resignation
    first_deal = play.state.position_text()
    keyboard.pause()
    keyboard.activate("Red resigns")
    assert app.scene is play
    assert play.session.match.scores == [0, 20] and play.session.match.game_number == 2
    assert play.state.position_text() != first_deal
    assert "resigned" in play.session.notice
    # After the first move of a deal, resigning is no longer offered.
    play.play_move(play.state.legal_moves()[0])
    keyboard.pause()
    assert not any("resign" in label for label in labels(app.scene))


def test_three_players_with_two_computers(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    level = SPEC.ai_levels[0]
    play = through_setup(app, mouse, players=3, computers={1: level, 2: level})
    assert len(play.session.seats) == 3 and play.session.match.rules.target == 25
    rng = random.Random(3)
    for _ in range(12):
        if play.state.is_over:
            break
        if play.state.to_play == 0 and play.state.legal_moves() != ["pass"]:
            play_xoliba_move(mouse, rng.choice(play.state.legal_moves()))
            settle(app)
        else:
            before = len(play.state.history)
            wait_for(app, lambda before=before: len(play.state.history) > before
                     or play.state.is_over, what="a computer move or pass")
            settle(app)
    shoot(app, "xoliba_three_players_app")
    assert len(play.state.history) >= 4


def test_a_match_is_continued_from_the_menu(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    play = through_setup(app, mouse, options=[("Resignation rule", 1)])
    mouse.activate("Resign deal" if "Resign deal" in labels(play) else "Red resigns")
    move = play.state.legal_moves()[0]
    play.play_move(move)
    settle(app)
    mouse.pause()
    mouse.activate("Quit to menu")
    menu = wait_for_scene(app, "MenuScene")
    assert labels(menu)[0].startswith("Continue Xoliba (game 2, move 2)")
    mouse.activate(labels(menu)[0])
    resumed = play_scene(app)
    assert resumed.session.match.scores == [0, 20] and resumed.state.history == [move]


def test_a_solitaire_deal_from_the_setup_screen(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    play = through_setup(app, mouse, players=1)
    assert play.session.match is None and len(play.session.seats) == 1
    assert play.state.players == 1 and "Offer to end" not in labels(play)
    assert all(play.state.board[c] == xoliba.WHITE for c in xoliba.CORNERS)


def test_a_solved_solitaire_says_so(make_app):
    app = make_app()
    mouse = DEVICES["mouse"](app)
    # One capture takes the last blue piece: d5-d4 forms (d4; b2, f2) around e3.
    rows = [".wwrww.", "wwrwrww", "wwwrwww", "wwwwwww", "wwwwbww", "wrwwwrw", ".wwwww."]
    state = SPEC.new_game(seed=1, options={"players": 1, "position": "\n".join(rows)})
    play = PlayScene(app, state, [HUMAN])
    app.push(play)
    step(app, frames=2)
    play_xoliba_move(mouse, state.parse_move("d5-d4"))
    settle(app)
    results = wait_for_scene(app, "ResultsScene")
    assert results.headline == "Solved!"
    assert labels(results) == ["Rematch", "Take back", "Menu", "Replay",
                              "Analyse"]
