"""The Games screen, the replay viewer and its windows (Play from here, Export), driven
with the keyboard alone, the mouse alone and the pad alone."""
from __future__ import annotations

import json
import random

import pygame
import pytest

import game.records
from game.ai import analysis
import game.rules
from game.records import kept_games
from game.core import storage
from game.services.saves import Seat
from game.scenes.play import PlayScene
from game.ui import clipboard
from scene_driver import (DEVICES, Gamepad, Keyboard, Mouse, drag, find_item, key_event, step,
                          wait_for)

DEVICE_NAMES = tuple(DEVICES)


def played(name: str, seed: int = 3, moves: int | None = None):
    spec = game.rules.get(name)
    state = spec.new_game(seed=seed, options={"players": 2} if name == "xoliba" else {})
    rng = random.Random(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    return state


def record(name: str = "xtic", seed: int = 3, moves: int | None = None) -> str:
    state = played(name, seed, moves)
    headers = kept_games.record_headers(state, ["You", "Computer (easy)"],
                                        now=1_764_000_000 + seed)
    return game.records.dumps(state, headers)


def keep_some(names=("xtic", "che", "catalina")) -> None:
    folder = kept_games.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for number, name in enumerate(names):
        storage.atomic_write_text(folder / f"2026112{number}-100000-{name}.txt",
                                  record(name, seed=number + 1))


def open_games(app, device) -> None:
    device.activate("Games")
    assert type(app.scene).__name__ == "GamesScene"
    scene = app.scene                       # each record is checked on a thread of its own
    wait_for(app, lambda: all(entry.checked for entry in scene.records), what="the checks")


def rows(scene) -> list:
    return [item for item in scene.ring.items if "row" in item.extra]


def press_first_row(app, device) -> None:
    scene = app.scene
    first = rows(scene)[0]
    if isinstance(device, Mouse):
        device.press(first)
        return
    device.focus(find_item(scene, "Paste a record"))
    device.direction("right")                    # to the list, nearest row
    while scene.ring.current is not first:
        device.direction("up")
    device.confirm()


# --- the Games screen ------------------------------------------------------------------
@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_the_games_screen_lists_filters_and_opens_a_kept_game(make_app, device_name):
    keep_some()
    app = make_app()
    device = DEVICES[device_name](app)
    open_games(app, device)
    scene = app.scene
    assert [scene.records[item.extra["row"]].game for item in rows(scene)] == \
        ["catalina", "che", "xtic"], "newest first"
    device.change("Show", +1)                    # all games -> the first game (Catalina)
    assert [entry.game for entry in scene.records] == ["catalina"]
    device.change("Show", +1)
    assert [entry.game for entry in scene.records] == ["che"]
    press_first_row(app, device)
    assert type(app.scene).__name__ == "ReplayScene"
    assert app.scene.state.spec.name == "che" and app.scene.index == 0
    device.back()
    assert type(app.scene).__name__ == "GamesScene"


def test_a_bad_record_in_the_list_says_why_and_stays(make_app):
    folder = kept_games.games_dir()
    folder.mkdir(parents=True)
    bad = record("xtic").replace("\n3. ", "\n3. z9/1 ")
    (folder / "20261125-100000-xtic.txt").write_text(bad)
    app = make_app()
    device = Mouse(app)
    open_games(app, device)
    press_first_row(app, device)
    scene = app.scene
    assert type(scene).__name__ == "GamesScene"
    assert "20261125-100000-xtic.txt, line 13: move 3" in scene.problem
    assert (folder / "20261125-100000-xtic.txt").read_text() == bad
    step(app, frames=2)                          # drawn with the problem


def test_the_list_scrolls_with_the_focus_and_the_wheel(make_app):
    keep_some(["xtic"] * 30)
    app = make_app(size=(800, 480))
    device = Keyboard(app)
    open_games(app, device)
    scene = app.scene
    assert len(scene.records) == 30 and scene.visible < 30
    # (the focus goes to the list from the controls)
    device.focus(find_item(scene, "Paste a record"))
    device.direction("right")
    while scene.ring.current.extra.get("row") != scene.offset:
        device.direction("up")
    for _ in range(29):
        device.direction("down")
    assert scene.ring.current.extra["row"] == 29 and scene.offset == 30 - scene.visible
    device.direction("down")                     # the end does not wrap
    assert scene.ring.current.extra["row"] == 29
    Mouse(app).send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                       precise_x=0.0, precise_y=1.0, which=0))
    assert scene.offset == 30 - scene.visible - 3


@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_a_record_pasted_from_the_clipboard_opens(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    open_games(app, device)
    assert clipboard.copy("not a record") is None
    device.activate("Paste a record")
    assert "The clipboard holds no record we can open: the clipboard, line 1" in \
        app.scene.problem
    clipboard.copy(record("catalina"))
    device.activate("Paste a record")
    assert type(app.scene).__name__ == "ReplayScene"
    assert app.scene.state.spec.name == "catalina"


def test_a_typed_path_opens_a_record_anywhere(make_app, tmp_path):
    elsewhere = tmp_path / "shared" / "a game.rec"
    elsewhere.parent.mkdir()
    elsewhere.write_text(record("xutoli"))
    app = make_app()
    keyboard = Keyboard(app)
    open_games(app, keyboard)
    scene = app.scene
    keyboard.activate("Open")                    # starts typing in the path's entry
    assert scene.path_field.entry.is_focused
    for char in str(tmp_path / "nothing.txt"):
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text=char)])
    step(app, [key_event(pygame.K_RETURN)])
    assert app.scene is scene and "nothing.txt: does not exist" in scene.problem
    keyboard.activate("Open")
    scene.path_field.entry.set_text(str(elsewhere))
    step(app, [key_event(pygame.K_RETURN)])
    assert type(app.scene).__name__ == "ReplayScene"
    assert app.scene.state.spec.name == "xutoli"


# --- the replay viewer -----------------------------------------------------------------
def open_replay(app, text):
    app.open("replay", text)
    step(app, frames=2)
    return app.scene


# What steps the replay, per device: (the button, (key, modifiers), the pad's button).
STEPS = {
    "forward": (">", (pygame.K_RIGHT, 0), pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
    "back": ("<", (pygame.K_LEFT, 0), pygame.CONTROLLER_BUTTON_DPAD_LEFT),
    "last": (">|", (pygame.K_TAB, 0), pygame.CONTROLLER_BUTTON_RIGHTSHOULDER),
    "first": ("|<", (pygame.K_TAB, pygame.KMOD_LSHIFT), pygame.CONTROLLER_BUTTON_LEFTSHOULDER),
}


def replay_step(device, what: str) -> None:
    label, key, pad_button = STEPS[what]
    if isinstance(device, Mouse):
        device.activate(label)
    elif isinstance(device, Keyboard):
        device.key(*key)
    else:
        device.button(pad_button)


@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_stepping_through_a_record_with_each_device(make_app, device_name):
    text = record("xoliba", seed=2)
    final, _ = game.records.loads(text)
    app = make_app()
    device = DEVICES[device_name](app)
    scene = open_replay(app, text)
    assert scene.index == 0 and scene.total == len(final.history)
    replay_step(device, "forward")
    assert scene.index == 1 and scene.view.animating, "a step forward animates"
    replay_step(device, "forward")
    replay_step(device, "back")
    assert scene.index == 1 and not scene.view.animating
    assert scene.scrubber.index == 1
    replay_step(device, "last")
    assert scene.index == scene.total and scene.state.is_over
    assert scene.state.to_json() == final.to_json()
    replay_step(device, "forward")      # nothing past the end
    assert scene.index == scene.total
    replay_step(device, "first")
    assert scene.index == 0
    start = json.loads(scene.state.to_json())
    assert len(start.pop("redo")) == scene.total, "the moves wait to be stepped again"
    new = json.loads(final.spec.new_game(seed=final.seed, options=final.options).to_json())
    new.pop("redo", None)
    assert start == new


def test_the_mouse_drags_the_scrubber_and_the_move_list_follows(make_app, monkeypatch):
    app = make_app()
    scene = open_replay(app, record("catalina", seed=4))
    slider = scene.scrubber.slider
    knob = slider.sliding_button.rect.center
    drag(app, monkeypatch, knob, (slider.rect.centerx, knob[1]))
    assert abs(scene.index - scene.total // 2) <= scene.total // 10
    assert scene.scrubber.index == scene.index
    before = app.window.copy()
    scene.go_to(scene.index + 2)
    step(app)
    panel = scene.panel
    assert pygame.image.tobytes(before.subsurface(panel), "RGB") != \
        pygame.image.tobytes(app.window.subsurface(panel), "RGB"), \
        "the highlighted move moved"


def test_the_current_move_is_highlighted(make_app):
    app = make_app()
    scene = open_replay(app, record("xtic"))
    scene.go_to(3)
    step(app)
    accent = pygame.Color(*app.palette.accent)
    panel = app.window.subsurface(scene.panel)
    hits = [y for y in range(panel.get_height())
            if panel.get_at((panel.get_width() // 2, y)) == accent]
    assert hits, "a highlighted row"


@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_play_from_here_starts_a_branch_with_the_chosen_seats(make_app, device_name):
    text = record("xtic")                        # You first, the computer (easy) second
    app = make_app()
    device = DEVICES[device_name](app)
    scene = open_replay(app, text)
    scene.go_to(5)
    device.activate("Play from here")
    dialog = app.scene
    assert type(dialog).__name__ == "BranchScene"
    assert dialog.choices == ["human", "computer:easy"]        # as the record has them
    device.change("Second", 1)                   # the level above
    assert dialog.choices == ["human", "computer:medium"]
    device.activate("Play")
    play = app.scene
    assert isinstance(play, PlayScene)
    state = play.state
    assert len(state.history) == 5 and state.options == scene.state.options
    assert state.history == scene.state.history and not state.can_redo
    assert play.session.seats == [Seat("human", None), Seat("computer", "medium")]
    assert scene.total == len(game.records.loads(text)[0].history), "the record stays"


def record_with(name: str, names: list, players: int = 2) -> str:
    spec = game.rules.get(name)
    state = spec.new_game(seed=3, options={"players": players} if name == "xoliba" else {})
    rng = random.Random(3)
    for _ in range(6):
        state.play(rng.choice(state.legal_moves()))
    return game.records.dumps(state, kept_games.record_headers(state, names, now=1))


@pytest.mark.parametrize("name, names, players, seats", [
    ("xtic", ["Computer (hard)", "You"], 2,
     [Seat("computer", "hard"), Seat("human", None)]),
    ("xtic", ["Player 1", "Player 2"], 2, [Seat("human", None), Seat("human", None)]),
    ("xoliba", ["You", "Computer 2 (easy)", "Computer 3 (expert)"], 3,
     [Seat("human", None), Seat("computer", "easy"), Seat("computer", "expert")]),
])
def test_play_from_here_offers_the_records_own_seats(make_app, name, names, players, seats):
    """It used to offer you the seat to move against "medium", whoever sat there."""
    app = make_app()
    scene = open_replay(app, record_with(name, names, players))
    scene.go_to(3)
    keyboard = Keyboard(app)
    keyboard.activate("Play from here")
    keyboard.activate("Play")
    assert app.scene.session.seats == seats


def test_play_from_here_without_the_seats_named_offers_the_seat_to_move(make_app):
    """Names the record does not tie to a seat kind (another program's): the default,
    you at the seat to move against the middle level."""
    app = make_app()
    scene = open_replay(app, record_with("xtic", ["Ada", "Computer (clever)"]))
    scene.go_to(3)
    you = scene.state.to_play
    keyboard = Keyboard(app)
    keyboard.activate("Play from here")
    keyboard.activate("Play")
    seats = app.scene.session.seats
    assert seats[you] == Seat("human", None)
    assert seats[1 - you] == Seat("computer", game.rules.get("xtic").ai_levels[2])


def test_play_from_here_asks_before_replacing_the_suspended_game(make_app):
    from game.services import saves
    app = make_app()
    suspended = played("che", seed=1, moves=4)
    saves.save_resume(suspended, [Seat("human", None), Seat("human", None)])
    scene = open_replay(app, record("xtic"))
    scene.go_to(3)
    keyboard = Keyboard(app)
    keyboard.activate("Play from here")
    keyboard.activate("Play")
    assert type(app.scene).__name__ == "ConfirmScene"
    keyboard.confirm()                           # "Keep it" has the focus
    assert app.scene is scene
    assert saves.load_resume()[0].state.to_json() == suspended.to_json()
    keyboard.activate("Play from here")
    keyboard.activate("Play")
    keyboard.activate("Start the new game")
    assert isinstance(app.scene, PlayScene) and len(app.scene.state.history) == 3


def test_play_from_the_end_says_why_not(make_app):
    app = make_app()
    scene = open_replay(app, record("xtic"))
    scene.last()
    Mouse(app).activate("Play from here")
    assert app.scene is scene and "The game is over here" in scene.notice


# --- export -----------------------------------------------------------------------------
def test_export_with_a_typed_name_to_the_chosen_folder(make_app, app_home):
    tmp_path = storage.user_home()
    assert tmp_path == app_home / "home", "never the real home folder"
    (tmp_path / "Documents").mkdir()
    text = record("che")
    app = make_app()
    device = Keyboard(app)
    scene = open_replay(app, text)
    device.activate("Export")
    dialog = app.scene
    assert dialog.places[dialog.place] == ("Documents", tmp_path / "Documents")
    device.activate("File name")                 # starts typing in the entry
    entry = dialog.name_field.entry
    assert entry.is_focused
    step(app, [key_event(pygame.K_a, pygame.KMOD_LCTRL)])
    for char in "my game":
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text=char)])
    step(app, [key_event(pygame.K_RETURN)])      # ends the typing
    assert not entry.is_focused and entry.get_text().endswith("my game")
    entry.set_text("my game")
    device.activate("Save")
    assert app.scene is scene
    saved = tmp_path / "Documents" / "my game.txt"
    assert saved.read_text() == text and str(saved) in scene.notice


def test_export_by_pad_keeps_the_offered_name_and_never_overwrites(make_app):
    tmp_path = storage.user_home()
    text = record("xtic")
    app = make_app()
    pad = Gamepad(app)
    scene = open_replay(app, text)
    pad.activate("Export")
    name = app.scene.name
    assert app.scene.places[app.scene.place] == ("Home", tmp_path)
    (tmp_path / name).write_text("mine")
    pad.activate("Save")
    assert (tmp_path / name).read_text() == "mine"
    assert (tmp_path / name.replace(".txt", " (2).txt")).read_text() == text
    pad.activate("Export")
    pad.activate("Copy to clipboard")
    assert clipboard.paste() == (text, None) and "clipboard" in scene.notice


def test_a_refused_export_says_why_and_keeps_the_window(make_app):
    tmp_path = storage.user_home()
    app = make_app()
    open_replay(app, record("xtic"))
    Mouse(app).activate("Export")
    dialog = app.scene
    dialog.name_field.entry.set_text("a/b")
    Mouse(app).activate("Save")
    assert app.scene is dialog and "cannot be a file name" in dialog.problem
    assert list(tmp_path.iterdir()) == []


# --- the results card -------------------------------------------------------------------
@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_replay_from_the_results_card_and_back(make_app, device_name):
    app = make_app()
    device = DEVICES[device_name](app)
    state = played("xtic", seed=5)
    app.open("play", state, [Seat("human", None), Seat("human", None)])
    wait_for(app, lambda: type(app.scene).__name__ == "ResultsScene", what="results")
    results = app.scene
    device.activate("Replay")
    replay = app.scene
    assert type(replay).__name__ == "ReplayScene" and not replay.analysing
    assert replay.total == len(state.history)
    assert replay.headers["Seat First"] == "Player 1"
    device.back()
    assert app.scene is results


# --- the analysis ----------------------------------------------------------------------
@pytest.fixture
def quick_analysis(monkeypatch):
    from game.scenes.replay import ANALYSES, ReplayScene
    monkeypatch.setattr(ReplayScene, "analysis_seconds", 0.05)
    ANALYSES.clear()
    yield
    ANALYSES.clear()


@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_analyse_from_the_results_card(make_app, quick_analysis, device_name, monkeypatch):
    app = make_app()
    device = DEVICES[device_name](app)
    state = played("xtic", seed=5)
    app.open("play", state, [Seat("human", None), Seat("human", None)])
    wait_for(app, lambda: type(app.scene).__name__ == "ResultsScene", what="results")
    device.activate("Analyse")
    scene = app.scene
    assert scene.analysing and app.worker.busy
    assert find_item(scene, "Stop analysis")
    scene.last()                                 # not reached yet: the progress line
    step(app, frames=2)
    assert scene.verdict_line().startswith("Analysing…")
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    assert len(scene.assessments) == scene.total + 1
    assert not find_item(scene, "Analysed").enabled
    scene.go_to(scene.total)
    assert scene.verdict_line() == "The game is over."
    hinted = []
    monkeypatch.setattr(scene.view, "draw_hint", lambda surface, move: hinted.append(move))
    scene.go_to(scene.total - 3)
    step(app, frames=2)
    assert hinted and hinted[-1] in scene.state.legal_moves(), "the preferred move, ringed"
    assert "best:" in scene.verdict_line()


def test_the_verdict_says_what_is_proven_and_how_far_the_search_looked(make_app,
                                                                     quick_analysis):
    """Xtic's analysis called a position "Even" when its search had found nothing, and
    the next one "Second wins" (proven): a result is named only when proven, a 0 the
    search did not settle reads "Undecided within 6 moves", and the computer's move is
    "best" only when proven."""
    app = make_app()
    scene = open_replay(app, record("xtic", seed=5))
    scene.start_analysis()
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    seats = scene.state.spec.seats
    kinds = set()
    for index in range(scene.total):
        scene.go_to(index)
        found, line = scene.assessment(), scene.verdict_line()
        assert "Even" not in line and "perfect" not in line
        if found["exact"]:
            winner = [seat for seat, value in zip(seats, found["values"]) if value == 1.0]
            assert line.startswith(f"Proven: {winner[0]} wins" if winner
                                   else "Proven: a draw")
            assert line.endswith(f" · best: {found['move']}")
        else:
            assert line.startswith(f"Undecided within {found['horizon']} moves"
                                   if found["horizon"] else "Undecided (not searched)")
            assert line.endswith(f" · computer's choice: {found['move']}")
        kinds.add((found["exact"], bool(found["horizon"])))
    assert kinds == {(True, False), (False, True), (False, False)}
    # A proven draw (none in this game): named so.
    scene.assessments[1] = {"values": [0.0, 0.0], "move": None, "exact": True,
                            "verdict": None, "horizon": None}
    scene.go_to(1)
    assert scene.verdict_line() == "Proven: a draw"


def test_a_judged_position_is_never_called_proven(make_app, quick_analysis):
    app = make_app()
    scene = open_replay(app, record("catalina", seed=5))
    scene.start_analysis()
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    seats = scene.state.spec.seats
    for index in range(scene.total):
        scene.go_to(index)
        found, line = scene.assessment(), scene.verdict_line()
        if found["exact"]:
            continue
        best = max(range(2), key=found["values"].__getitem__)
        assert line.startswith("About even (judged, not proven)"
                               if abs(found["values"][best]) < 0.1
                               else f"{seats[best]} ahead ({found['values'][best]:+.2f})")
        assert "best:" not in line and "wins" not in line and "draw" not in line


def test_a_blunder_is_marked_in_the_list_and_the_graph(make_app, quick_analysis):
    app = make_app()
    scene = open_replay(app, record("xtic", seed=5))
    scene.start_analysis()
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    values = [a["values"] for a in scene.assessments]
    assert all(len(v) == 2 and abs(v[0] + v[1]) < 1e-9 for v in values)
    assert scene.blunders == analysis.blunders(scene.assessments, scene.movers, game="xtic")
    shown = set(scene.blunder_moves())
    assert shown == set(scene.blunders)
    for index in shown:                          # marked in the list
        scene.go_to(index + 1)
        step(app)
        assert index in scene.blunders
    step(app)


@pytest.mark.parametrize("device_name", DEVICE_NAMES)
def test_the_analysis_can_be_stopped_and_is_stopped_on_leaving(make_app, device_name,
                                                               monkeypatch):
    from game.scenes.replay import ANALYSES, ReplayScene
    ANALYSES.clear()
    monkeypatch.setattr(ReplayScene, "analysis_seconds", 2.0)
    app = make_app()
    device = DEVICES[device_name](app)
    scene = open_replay(app, record("che", seed=2))
    device.activate("Analyse")
    assert scene.analysing and app.worker.busy
    device.activate("Stop analysis")
    assert not scene.analysing and not app.worker.busy
    assert find_item(scene, "Analyse")
    device.activate("Analyse")
    assert app.worker.busy
    device.back()
    assert not app.worker.busy, "leaving the replay stops the analysis"


def test_a_finished_analysis_is_shown_again_at_once(make_app, quick_analysis):
    app = make_app()
    text = record("xtic", seed=6)
    scene = open_replay(app, text)
    scene.start_analysis()
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    app.pop()
    again = open_replay(app, text)
    assert not again.analysing and again.assessments == scene.assessments


def test_a_solitaire_attempt_shows_the_solvers_verdict_after_each_move(make_app,
                                                                       quick_analysis):
    spec = game.rules.get("xoliba")
    state = spec.new_game(seed=2, options={"players": 1})       # a deal it can win
    state.play(state.legal_moves()[0])
    state.play(state.legal_moves()[0])
    app = make_app()
    scene = open_replay(app, game.records.dumps(state))
    scene.start_analysis()
    wait_for(app, lambda: not scene.analysing, timeout=60, what="the analysis")
    words = {"winnable": "Still winnable", "lost": "Cannot be won any more",
             "undecided": "The solver could not decide"}
    for index in range(scene.total + 1):
        scene.go_to(index)
        verdict = scene.assessments[index]["verdict"]
        assert verdict in words and scene.verdict_line().startswith(words[verdict])
    scene.go_to(0)
    assert scene.assessments[0]["verdict"] in ("winnable", "undecided")
    step(app)
