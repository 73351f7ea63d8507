"""Statistics: counting finished games per game, seat and opponent, the solitaire, the
stats.json file (round trip, atomic writes, bad files kept aside) and the stats screen
with each device: scrolling, resetting after a question, going back; screenshots."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from game.services import stats as stats_module
from game.services.saves import Seat
from game.core.state import Outcome
from game.games.xoliba.puzzle_progress import PuzzleProgress, load_progress, save_progress
from game.games.xoliba.levels import LEVELS_FOLDER, load_levels
from game.scenes import stats as stats_scene
from game.services.stats import (STATS_VERSION, Stats, Tally, load_stats, record_finished_game,
                                 save_stats, stats_path)
from samples import DRAW, HUMAN, computer, many_games, won_by
from scene_driver import (DEVICES, find_item, labels, open_stats, scene_name, shoot, step,
                          wheel_event)

LEVELS, _ = load_levels(LEVELS_FOLDER, check_line=False)





def tally(stats, game, seat, opponents) -> Tally:
    return stats.rows[(game, seat, opponents)]


# --- counting ------------------------------------------------------------------------------
def test_a_human_against_the_computer_wins_loses_and_draws():
    stats = Stats()
    stats.record_game("xtic", [HUMAN, computer("hard")], won_by(0))
    stats.record_game("xtic", [HUMAN, computer("hard")], won_by(1))
    stats.record_game("xtic", [HUMAN, computer("hard")], DRAW)
    stats.record_game("xtic", [computer("easy"), HUMAN], won_by(1))
    assert tally(stats, "xtic", "First", "computer hard") == Tally(3, 1, 1, 1)
    assert tally(stats, "xtic", "Second", "computer easy") == Tally(1, 1, 0, 0)
    assert tally(stats, "xtic", "First", "computer hard").win_percent == 33
    assert stats.total("xtic") == Tally(4, 2, 1, 1) and stats.games() == ["xtic"]
    by_level = stats.by_computer_level()
    assert by_level == {"hard": Tally(3, 1, 1, 1), "easy": Tally(1, 1, 0, 0)}


def test_human_against_human_counts_both_seats_and_computers_alone_nothing():
    stats = Stats()
    stats.record_game("che", [HUMAN, HUMAN], won_by(1))
    assert tally(stats, "che", "Light", "human") == Tally(1, 0, 0, 1)
    assert tally(stats, "che", "Dark", "human") == Tally(1, 1, 0, 0)
    stats.record_game("che", [computer("easy"), computer("hard")], won_by(0))
    stats.record_game("che", [computer("easy"), computer("hard")], DRAW)
    assert len(stats.rows) == 2 and stats.by_computer_level() == {}


def test_three_players_name_both_opponents():
    stats = Stats()
    stats.record_game("xoliba", [computer("easy"), HUMAN, computer("expert")], won_by(1))
    assert stats.rows == {("xoliba", "Blue", "computer easy + computer expert"):
                          Tally(1, 1, 0, 0)}
    assert set(stats.by_computer_level()) == {"easy", "expert"}


def test_the_solitaire_counts_solved_and_not_solved():
    stats = Stats()
    stats.record_game("xoliba", [HUMAN], Outcome(0, (1,), "solved"))
    stats.record_game("xoliba", [HUMAN], Outcome(None, (0,), "stuck"))
    stats.record_game("xoliba", [computer("easy")], Outcome(0, (1,), "solved"))
    assert (stats.solitaire_played, stats.solitaire_solved) == (2, 1)
    assert not stats.rows and not stats.is_empty
    stats.clear()
    assert stats.is_empty


# --- the file ------------------------------------------------------------------------------
def filled() -> Stats:
    stats = Stats()
    stats.record_game("xtic", [HUMAN, computer("perfect")], won_by(1))
    stats.record_game("catalina", [HUMAN, HUMAN], DRAW)
    stats.record_game("xoliba", [HUMAN], Outcome(0, (1,), "solved"))
    return stats


def test_round_trip_and_no_file(app_home):
    stats, message = load_stats()
    assert message is None and stats.is_empty
    save_stats(filled())
    loaded, message = load_stats()
    assert message is None and loaded == filled()
    data = json.loads(stats_path().read_text())
    assert data["version"] == STATS_VERSION and stats_path().name == "stats.json"
    assert stats_path().parent == app_home / "data"


def test_record_finished_game_loads_counts_and_saves(app_home):
    assert record_finished_game("xtic", [HUMAN, computer("easy")], won_by(0)) == []
    assert record_finished_game("xtic", [HUMAN, computer("easy")], won_by(0)) == []
    assert load_stats()[0].rows == {("xtic", "First", "computer easy"): Tally(2, 2, 0, 0)}
    stats_path().unlink()
    assert record_finished_game("xtic", [computer(), computer()], DRAW) == []
    assert not stats_path().exists()              # nothing counted, nothing written


def test_a_failing_write_leaves_the_old_file(app_home, monkeypatch):
    save_stats(filled())
    before = stats_path().read_text()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_stats(Stats())
    assert stats_path().read_text() == before
    assert [p.name for p in stats_path().parent.iterdir()] == ["stats.json"]   # no temp left
    messages = record_finished_game("xtic", [HUMAN, computer()], won_by(0))
    assert len(messages) == 1 and "could not be saved" in messages[0] \
        and str(stats_path()) in messages[0]
    assert stats_path().read_text() == before


GOOD_ROW = {"game": "xtic", "seat": "First", "opponents": "human",
            "played": 2, "won": 1, "drawn": 0, "lost": 1}
BAD_FILES = {
    "empty": "",
    "blank": "  \n",
    "truncated": json.dumps(filled().to_dict())[:40],
    "corrupt": "{not json",
    "a list": "[1, 2]",
    "no version": json.dumps({"rows": []}),
    "version as text": json.dumps({"version": "1", "rows": []}),
    "newer version": json.dumps({"version": STATS_VERSION + 1, "rows": []}),
    "rows not a list": json.dumps({"version": 1, "rows": {}}),
    "row not an object": json.dumps({"version": 1, "rows": [5]}),
    "count as text": json.dumps({"version": 1, "rows": [dict(GOOD_ROW, won="1")]}),
    "count as bool": json.dumps({"version": 1, "rows": [dict(GOOD_ROW, played=True,
                                                             won=True, lost=0)]}),
    "negative count": json.dumps({"version": 1, "rows": [dict(GOOD_ROW, drawn=-1, won=2)]}),
    "counts not adding up": json.dumps({"version": 1, "rows": [dict(GOOD_ROW, played=5)]}),
    "seat missing": json.dumps({"version": 1, "rows": [dict(GOOD_ROW, seat=None)]}),
    "row twice": json.dumps({"version": 1, "rows": [GOOD_ROW, GOOD_ROW]}),
    "solitaire not an object": json.dumps({"version": 1, "rows": [], "solitaire": 3}),
    "more solved than played": json.dumps({"version": 1, "rows": [],
                                           "solitaire": {"played": 1, "solved": 2}}),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_is_kept_aside_and_play_goes_on(app_home, case):
    bad = BAD_FILES[case]
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(bad)
    stats, message = load_stats()
    assert stats.is_empty
    assert message and "statistics" in message and str(path) in message
    assert not path.exists()
    kept = sorted(path.parent.glob("stats.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text() == bad and kept[0].name in message
    # Counting goes on from nothing, and the kept file is not touched.
    path.write_text(bad)
    messages = record_finished_game("xtic", [HUMAN, computer()], won_by(0))
    assert len(messages) == 1 and str(path) in messages[0]
    assert load_stats() == (Stats(rows={("xtic", "First", "computer easy"):
                                        Tally(1, 1, 0, 0)}), None)
    assert len(list(path.parent.glob("stats.json.bad-*"))) == 2


def test_a_good_file_with_every_field():
    data = {"version": 1, "rows": [GOOD_ROW], "solitaire": {"played": 3, "solved": 3}}
    stats = stats_module._validate(data)
    assert stats.rows == {("xtic", "First", "human"): Tally(2, 1, 0, 1)}
    assert stats.to_dict() == data


# --- the screen ----------------------------------------------------------------------------


def some_progress() -> PuzzleProgress:
    progress = PuzzleProgress(deals_solved=2)
    for level in LEVELS[:5]:
        progress.record_solved(level, level.par + (0 if level.par % 2 else 1))
    return progress


def page_text(scene) -> list:
    return [" ".join(str(part) for part in row[1:]) for row in scene.rows]


def test_empty_statistics_say_so(make_app):
    app = make_app()
    scene = open_stats(app)
    assert scene.stats.is_empty
    assert "No games finished yet" in page_text(scene)
    assert not any(row[0] in ("row", "header") for row in scene.rows)   # no empty table
    assert "Puzzle levels solved 0 of 46" in page_text(scene)
    assert labels(scene) == ["Reset statistics", "Back"]
    assert not find_item(scene, "Reset statistics").enabled
    shoot(app, "stats_empty")


def test_filled_statistics_and_puzzle_progress(make_app):
    save_stats(many_games())
    save_progress(some_progress())
    app = make_app()
    scene = open_stats(app)
    text = page_text(scene)
    assert "No games finished yet" not in text
    titles = [row[1] for row in scene.rows if row[0] == "title"]
    assert titles == ["Catalina Tiles", "Che", "Xoliba", "Xtic", "Xutoli",
                      "Against the computer", "Xoliba solitaire", "Puzzles"]
    assert "Xtic 15 played · 8 won · 3 drawn · 4 lost · 53% won" in text
    assert "First computer easy ['4', '2', '1', '1', '50%']" in text
    assert "Red computer expert + computer easy ['1', '0', '0', '1', '0%']" in text
    assert "Solitaire games 1 solved of 2 played (50%)" in text
    progress = some_progress()
    assert f"Puzzle levels solved 5 of {len(LEVELS)}" in text
    assert f"Stars earned {progress.total_stars(LEVELS)} of {3 * len(LEVELS)}" in text
    assert "Random deals solved 2" in text
    assert scene.max_scroll() > 0               # does not fit 1280x720: it scrolls
    shoot(app, "stats_filled")


def focus_button(device, scene, text) -> None:
    """The two buttons sit side by side: Left/Right move between them (Up/Down scroll)."""
    item = find_item(scene, text)
    if device.name == "mouse":
        device.focus(item)
    else:
        for _ in range(2):
            if scene.ring.current is item:
                break
            device.direction("left")
    assert scene.ring.current is item


def press_focused(device, scene) -> None:
    if device.name == "mouse":
        device.press(scene.ring.current)
    else:
        device.confirm()


@pytest.mark.parametrize("device_name", list(DEVICES))
def test_scroll_reset_and_back_with_each_device(make_app, device_name):
    save_stats(many_games())
    save_progress(some_progress())
    progress_before = load_progress()[0].to_dict()
    app = make_app()
    device = DEVICES[device_name](app)
    scene = open_stats(app)
    assert scene.ring.current.element.text == "Back"     # a stray press does not reset
    bottom = scene.max_scroll()

    def scroll(down: bool, times: int) -> None:
        for _ in range(times):
            if device_name == "mouse":
                device.send(wheel_event(-1 if down else 1))
            else:
                device.direction("down" if down else "up")
    scroll(True, 3)
    assert scene.scroll == (6 if device_name == "mouse" else 3)
    scroll(True, bottom + 5)
    assert scene.scroll == bottom                          # stops at the end
    scroll(False, bottom + 5)
    assert scene.scroll == 0
    assert scene.ring.current.element.text == "Back"       # scrolling moved no focus

    # Reset: asked first; "Keep them" keeps them.
    focus_button(device, scene, "Reset statistics")
    press_focused(device, scene)
    assert scene_name(app) == "ConfirmScene"
    device.activate("Keep them")
    assert scene_name(app) == "StatsScene" and load_stats()[0] == many_games()
    focus_button(device, scene, "Reset statistics")
    press_focused(device, scene)
    device.activate("Reset")
    assert scene_name(app) == "StatsScene"
    assert load_stats() == (Stats(), None) and stats_path().exists()
    assert load_progress()[0].to_dict() == progress_before        # puzzles untouched
    assert "No games finished yet" in page_text(scene)
    assert not find_item(scene, "Reset statistics").enabled
    assert scene.ring.current.element.text == "Back"
    device.back()
    assert scene_name(app) == "MenuScene"


def test_a_bad_file_is_named_on_the_screen(make_app):
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text("{cut sh")
    app = make_app()
    scene = open_stats(app)
    assert len(scene.messages) == 1 and str(stats_path()) in scene.messages[0]
    assert scene.stats.is_empty and "No games finished yet" in page_text(scene)
    assert list(stats_path().parent.glob("stats.json.bad-*"))
    step(app, frames=2)                                       # draws with the message


def test_a_small_window_still_shows_everything_by_scrolling(make_app):
    save_stats(many_games())
    app = make_app(size=(800, 480))
    scene = open_stats(app)
    keyboard = DEVICES["keyboard"](app)
    for _ in range(scene.max_scroll()):
        keyboard.key(pygame.K_DOWN)
    step(app, frames=2)
    assert scene.scroll == scene.max_scroll() > 0
    assert scene.scroll + scene.visible_rows == len(scene.rows)   # the last row is shown
    for item in scene.ring.items:
        assert app.window.get_rect().contains(item.element.rect)


# --- wired into the app ------------------------------------------------------------------
def test_finished_games_are_counted_once_and_shown_from_the_menu(make_app):
    from game.scenes.play import PlayScene
    from scene_driver import DEVICES, scene_name, step, wait_for_scene
    import game.rules as registry

    app = make_app()
    state = registry.get("xtic").new_game(seed=1)
    for move in [(None, 0), (0, 1), (1, 2), (2, 3)]:     # the next placement loses
        state.play(move)
    play = PlayScene(app, state, [Seat("human", None), Seat("computer", "easy")])
    app.push(play)
    step(app, frames=3)
    ending = (3, None)
    play.play_move(ending)
    assert play.state.is_over
    play.undo()                                            # take it back, finish again
    assert not play.state.is_over
    play.play_move(ending)
    assert play.state.is_over
    loaded, _ = load_stats()
    assert loaded.total("xtic").played == 1
    wait_for_scene(app, "ResultsScene")
    app.pop()
    app.pop()
    keyboard = DEVICES["keyboard"](app)
    keyboard.activate("Statistics")
    assert scene_name(app) == "StatsScene"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_page_is_painted_left_of_its_scroll_bar_with_the_summaries_whole(
        make_app, monkeypatch, size):
    """pygame-gui's bar is 20 pixels at any window size; at 800x480 the table ran 8
    pixels under it, and the games' summaries lost their ends ("53% wo")."""
    stats = many_games()
    stats.rows[("xtic", "First", "computer easy")] = Tally(123456, 61728, 30864, 30864)
    save_stats(stats)
    painted = []
    original = stats_scene.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        if surface is not pygame.display.get_surface():
            painted.append((text, rect))
        return rect
    monkeypatch.setattr(stats_scene, "draw_text", recording)
    app = make_app(size=size)
    scene = open_stats(app)
    page = scene.page
    assert page.bar is not None
    shown = page.bar.rect.x - page.container.rect.x         # the width left of the bar
    assert painted and all(rect.right <= shown for _, rect in painted)
    summaries = [row[2] for row in scene.rows if row[0] == "title" and row[2]]
    assert set(summaries) <= {text for text, _ in painted}
    shoot(app, f"stats_{size[0]}x{size[1]}")
