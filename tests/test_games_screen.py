"""The Games screen's list (game/scenes/games.py): every record checked whole, off the
frame loop and once per file until it changes; a faulty one's row gives its reason
beside its shortened name; every column's text fits its column at every window size."""
from __future__ import annotations

import os
import threading

import pytest

import game.records
from game.records import kept_games, record_files
from game.scenes import games as games_module
from game.ui.text import ellipsise_middle, font
from scene_driver import DEVICES, Mouse, find_item, step, wait_for
from samples import finished_record

GOOD = finished_record("xtic")
LONG_NAME = ("a very long file name someone gave this record of a game of xoliba with a "
             "friend.txt")


def loads_fault(data: bytes) -> str:
    """What game.records.loads says is wrong with a faulty record."""
    try:
        game.records.loads(data.decode())
    except ValueError as exc:
        return str(exc)
    raise AssertionError("the record has no fault")


FAULTY = {          # file name: its bytes
    "20261125-100100-xtic.txt": GOOD.replace("Seed: 3", "Seed: abc").encode(),
    "20261125-100200-xtic.txt": GOOD.replace("Option game_type", "Option colour").encode(),
    "20261125-100300-xtic.txt": GOOD.replace("\n3. ", "\n3. z9/1 ").encode(),
    "20261125-100400-xtic.txt": GOOD.encode()[:len(GOOD) * 2 // 3].rsplit(b"/", 1)[0],
    "photo.txt": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe garbage",
}
REASONS = {name: loads_fault(data) for name, data in FAULTY.items() if name != "photo.txt"}
REASONS["photo.txt"] = "not a text file (byte 1 is not UTF-8)"


def keep(files: dict) -> list:
    """The files {name: text or bytes} in the kept games' folder, the first the oldest;
    their paths, newest first (as listed)."""
    folder = kept_games.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, (name, data) in enumerate(files.items()):
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        when = 1_700_000_000 * 10**9 + number * 10**9
        os.utime(path, ns=(when, when))
        paths.append(path)
    return paths[::-1]


def unchecked_rows(scene) -> list:
    return [entry for entry in scene.records if not entry.checked]


def open_games(app, device=None):
    """The Games screen, once every record in its list is checked."""
    (device or Mouse(app)).activate("Games")
    scene = app.scene
    assert type(scene).__name__ == "GamesScene"
    wait_for(app, lambda: not unchecked_rows(scene), what="the records checked")
    step(app)
    return scene


def rows(scene) -> list:
    return [item for item in scene.ring.items if "row" in item.extra]


def press_row(app, device, index: int) -> None:
    scene = app.scene
    item = next(item for item in rows(scene) if item.extra["row"] == index)
    if isinstance(device, Mouse):
        device.press(item)
        return
    if "row" not in scene.ring.current.extra:
        device.focus(find_item(scene, "Paste a record"))
        device.direction("right")                # to the list, nearest row
    while scene.ring.current is not item:
        device.direction("up" if scene.ring.current.extra["row"] > index else "down")
    device.confirm()


def drawn_rows(monkeypatch, app, scene) -> dict:
    """{row index: [(text, rect) drawn in it, left to right]} of the next frame."""
    drawn = []
    original = games_module.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect
    monkeypatch.setattr(games_module, "draw_text", recording)
    step(app)
    monkeypatch.setattr(games_module, "draw_text", original)
    found = {}
    for item in rows(scene):
        box = item.element.rect
        found[item.extra["row"]] = sorted(
            ((text, rect) for text, rect in drawn if box.contains(rect)),
            key=lambda pair: pair[1].x)
    return found


# --- faulty records ----------------------------------------------------------------------
@pytest.mark.parametrize("device_name", tuple(DEVICES))
def test_a_faulty_record_is_listed_with_its_reason_and_opening_it_says_why(
        make_app, device_name):
    paths = keep({"20261125-100000-xtic.txt": GOOD,
                  **FAULTY})
    before = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in paths}
    app = make_app()
    device = DEVICES[device_name](app)
    scene = open_games(app, device)
    assert [entry.path for entry in scene.records] == paths
    assert scene.row_text(len(paths) - 1).startswith("Xtic · You won · ")
    for index, path in enumerate(paths[:-1]):
        entry = scene.records[index]
        assert entry.game is None and entry.problem.startswith(REASONS[path.name]), entry
        assert scene.row_text(index) == f"{path.name} · faulty: {entry.problem}"
        press_row(app, device, index)
        assert app.scene is scene, "a faulty record does not open"
        assert path.name in scene.problem and entry.problem in scene.problem
    step(app)                                    # drawn with the problem
    assert {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in paths} == before
    press_row(app, device, len(paths) - 1)
    assert type(app.scene).__name__ == "ReplayScene"


def test_a_long_name_is_shortened_in_the_middle_and_the_reason_shown(make_app, monkeypatch):
    keep({LONG_NAME: FAULTY["20261125-100100-xtic.txt"]})
    reason = "line 3: 'Seed:' is missing or not a whole number"
    assert REASONS["20261125-100100-xtic.txt"] == reason
    for size in ((800, 480), (1280, 720)):
        app = make_app(size=size)
        scene = open_games(app)
        (name, name_rect), (shown, shown_rect) = drawn_rows(monkeypatch, app, scene)[0]
        assert name != LONG_NAME and "…" in name
        start, end = name.split("…")
        assert LONG_NAME.startswith(start) and LONG_NAME.endswith(end)
        assert len(start) >= 8 and end.endswith("friend.txt")
        assert shown == f"faulty: {reason}", "the reason is shown whole"
        assert name_rect.right < shown_rect.left
        assert shown_rect.right <= rows(scene)[0].element.rect.right


def test_ellipsise_middle_keeps_both_ends_within_the_width(make_app):
    make_app()                                   # (fonts need pygame started)
    for width in (40, 120, 300):
        text = ellipsise_middle(LONG_NAME, 16, width)
        assert font(16).size(text)[0] <= width
        start, end = text.split("…")
        assert LONG_NAME.startswith(start) and LONG_NAME.endswith(end)
        assert abs(len(start) - len(end)) <= 2
    assert ellipsise_middle("short.txt", 16, 300) == "short.txt"


# --- the columns --------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 480), (1200, 720)])
def test_every_column_fits_its_text(make_app, monkeypatch, size):
    paths = keep({"20261125-100000-catalina.txt": finished_record("catalina"),
                  "20261125-100100-xtic.txt": GOOD})
    app = make_app(size=size)
    scene = open_games(app)
    assert scene.records[1].moves >= 100
    drawn = drawn_rows(monkeypatch, app, scene)
    face = font(scene.row_text_size())
    for item in rows(scene):
        index = item.extra["row"]
        columns = scene.columns(scene.records[index], item.element.rect)
        assert [text for text, _ in drawn[index]] == [shown for _, _, shown in columns]
        title, result, players, moves, date = columns
        for column, text, shown in (moves, date, result):
            assert shown == text and face.size(text)[0] <= column.w, (text, column)
        assert moves[1] == f"{scene.records[index].moves} moves"
        for (left, _, _), (right, _, _) in zip(columns, columns[1:]):
            assert left.right < right.left
        for (column, _, _), (_, rect) in zip(columns, drawn[index]):
            assert column.left <= rect.left and rect.right <= column.right
    assert len(paths) == len(drawn)


# --- checking off the frame loop, once per file ------------------------------------------
def big(text: str, size: int = game.records.MAX_BYTES - 10_000) -> str:
    """The record `text` made `size` characters long (blank lines after its moves), by
    default almost as long as a record may be: it takes a while to check."""
    return text + "\n" * (size - len(text))


def held_checks(monkeypatch) -> threading.Event:
    """The checker's answers held back until the event is set: what the screen shows
    while it checks is looked at before any check can end, however busy the machine
    (under load, big records were all checked before the first look)."""
    release = threading.Event()
    ask = record_files.Checker._ask

    def held(self, conn, file):
        release.wait(timeout=60)
        return ask(self, conn, file)
    monkeypatch.setattr(record_files.Checker, "_ask", held)
    return release


def test_records_are_checked_off_the_frame_loop(make_app, monkeypatch):
    keep({f"2026112{number}-100000-xtic.txt": big(GOOD) for number in range(4)})
    release = held_checks(monkeypatch)
    app = make_app()
    Mouse(app).activate("Games")
    scene = app.scene
    step(app)
    assert len(scene.records) == 4 and len(unchecked_rows(scene)) == 4, \
        "the screen is shown without waiting for the checks"
    assert scene.row_text(3).endswith(" · checking…")
    release.set()
    wait_for(app, lambda: not unchecked_rows(scene), what="the records checked")
    assert all(entry.game == "xtic" for entry in scene.records)


def test_leaving_ends_the_checks_at_once(make_app):
    """Back at once: the file being checked is dropped, not finished first."""
    keep({f"2026112{number}-100000-xtic.txt": big(GOOD) for number in range(4)})
    app = make_app()
    Mouse(app).activate("Games")
    files = app.scene.files
    app.scene.on_back()
    assert record_files.checker.wait(timeout=0.2)
    assert not any(record_files.cached(file) for file in files)


def test_a_second_visit_checks_only_the_files_changed(make_app):
    paths = keep({f"2026112{number}-100000-xtic.txt": finished_record(seed=number)
                  for number in range(4)})
    app = make_app()
    scene = open_games(app)
    assert all(entry.game == "xtic" for entry in scene.records)
    scene.on_back()
    done = record_files.checker.done
    scene = open_games(app)
    assert record_files.checker.done == done, "unchanged files are not checked again"
    assert not unchecked_rows(scene)
    scene.on_back()
    changed = finished_record(seed=2).replace("Seed: 2", "Seed: 22x")
    paths[1].write_text(changed)
    when = paths[0].stat().st_mtime_ns + 10**9
    os.utime(paths[1], ns=(when, when))
    scene = open_games(app)
    assert record_files.checker.done == done + 1
    assert scene.records[0].path == paths[1] and "'Seed:'" in scene.records[0].problem


def test_a_filtered_list_drops_the_other_games_once_checked(make_app, monkeypatch):
    keep({"20261120-100000-che.txt": big(finished_record("che"), 200_000),
          "20261121-100000-xtic.txt": big(GOOD, 200_000)})
    release = held_checks(monkeypatch)
    app = make_app()
    mouse = Mouse(app)
    mouse.activate("Games")
    scene = app.scene
    mouse.change("Show", +1)                     # all games -> Catalina Tiles
    mouse.change("Show", +1)                     # -> Che
    assert len(unchecked_rows(scene)) == 2, "still checking: they may be Che's"
    release.set()
    wait_for(app, lambda: not unchecked_rows(scene), what="the records checked")
    assert [entry.game for entry in scene.records] == ["che"] and len(rows(scene)) == 1


def test_a_filter_that_hides_every_record_says_so(make_app):
    """Show: Che over Xtic records said "No finished games yet", as if there were none."""
    keep({"20261125-100000-xtic.txt": GOOD, **FAULTY})
    app = make_app()
    scene = open_games(app)
    scene.set_game("che")
    wait_for(app, lambda: not unchecked_rows(scene), what="the records checked")
    assert scene.records == []
    assert scene.empty_message() == (f"No Che records here; {len(FAULTY) + 1} of other "
                                      f"games or faulty (Show: all games lists them).")
    step(app)
