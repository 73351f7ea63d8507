"""Reliability of the files: settings.json, resume.json, puzzles.json, stats.json and the
level files of levels/.

Each player's file is tried empty, cut short, corrupt, of the wrong type and from a newer
version, through its real loader in a private app home: a message names the file, the
defaults are used, the original bytes are kept in exactly one `<name>.bad-<time>` beside
it, and the next save writes a good file that loads cleanly. Values of the wrong type deep
inside a good file are rejected the same way, and never raise. Every writer, interrupted
mid-write, leaves the old file and no temporary file. A bad level file is named (file and
line), the other levels still load, and the file is left exactly as it was. Finally each
message reaches the player's screen (menu, puzzle screen, statistics screen), at
1280×720 and 800×480.
"""
from __future__ import annotations

import html
import copy
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest

import game.rules
from game.services import settings as settings_module
from game.games.xoliba import puzzle_progress
from game.services import stats as stats_module
from game.services import saves
from game.core import storage
from game.services.match import Match
from game.games.xoliba import levels as xoliba_levels
from game.games.xoliba.levels import LEVEL_FORMAT, LEVELS_FOLDER, load_levels
from game.ui.text import font
from game.ui.theme import NOTICE
from game.scenes.notices import notice_size, notice_width
from scene_driver import Keyboard, scene_name, step

NEWER = "was written by a newer version of Little Abstracts"
LEVELS, _ = load_levels(LEVELS_FOLDER, check_line=False)


# --- the four files the app owns ----------------------------------------------------------
@dataclass
class FileKind:
    name: str                       # the file's name
    path: Callable                  # () -> Path
    load: Callable                  # () -> (value, message)
    save_good: Callable             # () -> None: the app saves something good
    is_default: Callable            # value -> bool: what the app uses for a missing file
    loaded_good: Callable           # value -> bool: the good save read back
    version: int                    # the format this version writes (and reads up to)
    good: Callable                  # () -> a good file's JSON data


def _xtic_state():
    state = game.rules.get("xtic").new_game(seed=1)
    state.play((None, 4))
    return state


def _good_resume() -> dict:
    spec = game.rules.get("xoliba")
    match = Match.start(spec, {"resignation": True}, seed=5)
    match.resign(0)
    match.state.play(match.state.legal_moves()[0])
    return {"version": saves.RESUME_VERSION, "game": "xoliba", "state": match.state.to_json(),
            "seats": [{"kind": "human", "level": None},
                      {"kind": "computer", "level": spec.ai_levels[-1]}],
            "match": match.to_dict()}


def _good_stats() -> dict:
    stats = stats_module.Stats()
    stats.rows[("xtic", "First", "computer easy")] = stats_module.Tally(3, 1, 1, 1)
    stats.rows[("che", "Light", "human")] = stats_module.Tally(2, 2, 0, 0)
    stats.solitaire_played, stats.solitaire_solved = 4, 1
    return stats.to_dict()


def _good_progress() -> dict:
    deal_from = LEVELS[10]
    return puzzle_progress.PuzzleProgress(
        best={"001": 2, "002": 5}, attempts={"003": LEVELS[2].line[:1]},
        deal={"seed": 4242, "position": deal_from.position, "line": deal_from.line,
              "proven": True, "moves": deal_from.line[:1]},
        deals_solved=3).to_dict()


KINDS = {
    "settings": FileKind(
        "settings.json", settings_module.settings_path, settings_module.load_settings,
        lambda: settings_module.save_settings(settings_module.Settings(effects_volume=0.25,
                                                                       palette="high contrast")),
        lambda value: value == settings_module.Settings(),
        lambda value: value.effects_volume == 0.25 and value.palette == "high contrast",
        settings_module.SETTINGS_VERSION,
        lambda: settings_module.Settings(music_volume=0.5, show_coordinates=False).to_dict()),
    "resume": FileKind(
        "resume.json", saves.resume_path, saves.load_resume,
        lambda: saves.save_resume(_xtic_state(), [saves.Seat("human", None),
                                                  saves.Seat("human", None)]),
        lambda value: value is None,
        lambda value: value is not None and value.state.to_json() == _xtic_state().to_json(),
        saves.RESUME_VERSION, _good_resume),
    "puzzles": FileKind(
        "puzzles.json", puzzle_progress.progress_path, puzzle_progress.load_progress,
        lambda: puzzle_progress.save_progress(puzzle_progress.PuzzleProgress(best={"001": 3})),
        lambda value: value.to_dict() == puzzle_progress.PuzzleProgress().to_dict(),
        lambda value: value.best == {"001": 3},
        puzzle_progress.PROGRESS_VERSION, _good_progress),
    "stats": FileKind(
        "stats.json", stats_module.stats_path, stats_module.load_stats,
        lambda: stats_module.save_stats(stats_module.Stats(solitaire_played=2,
                                                           solitaire_solved=1)),
        lambda value: value == stats_module.Stats(),
        lambda value: (value.solitaire_played, value.solitaire_solved) == (2, 1),
        stats_module.STATS_VERSION, _good_stats),
}


def good_bytes(kind: FileKind) -> bytes:
    return (json.dumps(kind.good(), indent=2) + "\n").encode("utf-8")


BAD_CASES = {
    "empty": lambda kind: b"",
    "truncated": lambda kind: good_bytes(kind)[:len(good_bytes(kind)) // 2],
    "corrupt": lambda kind: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe garbage",
    "wrong type": lambda kind: b"[1, 2, 3]\n",
    "newer version": lambda kind: json.dumps(
        dict(kind.good(), version=kind.version + 2)).encode("utf-8"),
}


def kept_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.bad-*"))


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def assert_rejected(kind: FileKind, original: bytes, value, message) -> Path:
    """The file was refused: defaults, a message naming it, the bytes kept once aside."""
    path = kind.path()
    assert kind.is_default(value), value
    assert message and kind.name in message and str(path) in message, message
    assert not path.exists()
    kept = kept_copies(path)
    assert len(kept) == 1, kept
    assert kept[0].read_bytes() == original
    assert kept[0].name in message
    assert sorted(p.name for p in path.parent.iterdir()) == [kept[0].name], \
        "nothing but the kept copy (no temporary file)"
    return kept[0]


# --- the matrix: file kind x bad content --------------------------------------------------
def test_the_good_files_load(app_home):
    """The control case: the good documents the bad ones are made from load cleanly."""
    for kind in KINDS.values():
        write(kind.path(), good_bytes(kind))
        value, message = kind.load()
        assert message is None and not kind.is_default(value), kind.name
        assert kind.path().read_bytes() == good_bytes(kind)


@pytest.mark.parametrize("case", BAD_CASES)
@pytest.mark.parametrize("kind_name", KINDS)
def test_a_bad_file_is_kept_aside_and_defaults_are_used(app_home, kind_name, case):
    kind = KINDS[kind_name]
    original = BAD_CASES[case](kind)
    write(kind.path(), original)
    value, message = kind.load()
    kept = assert_rejected(kind, original, value, message)
    if case == "newer version":
        assert f"{NEWER} (format {kind.version + 2}; this one reads up to {kind.version})" \
            in message, message
    else:
        assert "could not be used" in message
    # The next save writes a good file, which loads cleanly; the kept copy is untouched.
    kind.save_good()
    value, message = kind.load()
    assert message is None and kind.loaded_good(value)
    assert kept.read_bytes() == original
    assert sorted(p.name for p in kind.path().parent.iterdir()) == \
        sorted([kind.name, kept.name])


@pytest.mark.parametrize("kind_name", KINDS)
def test_each_bad_file_gets_its_own_copy(app_home, kind_name):
    kind = KINDS[kind_name]
    contents = [BAD_CASES[case](kind) for case in BAD_CASES]
    for original in contents:
        write(kind.path(), original)
        value, message = kind.load()
        assert kind.is_default(value) and message
    kept = kept_copies(kind.path())
    assert sorted(p.read_bytes() for p in kept) == sorted(contents)


# --- wrong types deep inside ----------------------------------------------------------------
WRONG_TYPES = {
    "settings": [
        {"version": 1, "effects_volume": "loud"},
        {"version": 1, "palette": 5},
        {"version": 1, "palette": ["default"]},
        {"version": 1, "music_volume": 2},
        {"version": 1, "fullscreen": "yes"},
        {"version": 1, "animation_speed": None},
        {"version": "1"},
        {"version": True},
        {"version": 0},
        "settings",
        5,
    ],
    "resume": [
        dict(_good_resume(), state=5),
        dict(_good_resume(), state=["xoliba"]),
        dict(_good_resume(), state=json.dumps({"game": "xoliba", "format": 1, "seed": 1,
                                               "options": {}, "moves": [1, 2]})),
        dict(_good_resume(), state=json.dumps({"game": "xoliba", "format": 1, "seed": 1,
                                               "options": {}, "moves": "c3-e5"})),
        dict(_good_resume(), state=json.dumps({"game": "xoliba", "format": 1, "seed": "1",
                                               "options": {}, "moves": []})),
        dict(_good_resume(), seats="two"),
        dict(_good_resume(), seats=[5, 5]),
        dict(_good_resume(), game=5),
        dict(_good_resume(), game=["xoliba"]),
        dict(_good_resume(), match="x"),
        dict(_good_resume(), match={"seed": 1, "records": 5}),
        dict(_good_resume(), match={"seed": 1, "records": [{"seed": "x"}]}),
        dict(_good_resume(), version=None),
    ],
    "puzzles": [
        {"version": 1, "best": "x"},
        {"version": 1, "best": {"001": "x"}},
        {"version": 1, "best": {"001": True}},
        {"version": 1, "best": {"001": -3}},
        {"version": 1, "attempts": []},
        {"version": 1, "attempts": {"001": [1, 2]}},
        {"version": 1, "deal": 5},
        {"version": 1, "deal": {"seed": True, "position": "x", "line": []}},
        {"version": 1, "deal": {"seed": 1, "position": "x", "line": "c3-e5"}},
        {"version": 1, "deals_solved": -1},
        {"version": 1, "deals_solved": "2"},
    ],
    "stats": [
        {"version": 1, "rows": {}},
        {"version": 1, "rows": [["xtic", "First"]]},
        {"version": 1, "rows": [{"game": 5, "seat": "First", "opponents": "human",
                                 "played": 1, "won": 1, "drawn": 0, "lost": 0}]},
        {"version": 1, "rows": [{"game": "xtic", "seat": "First", "opponents": "human",
                                 "played": "3", "won": 1, "drawn": 1, "lost": 1}]},
        {"version": 1, "rows": [{"game": "xtic", "seat": "First", "opponents": "human",
                                 "played": 3, "won": 1, "drawn": 1, "lost": 0}]},
        {"version": 1, "solitaire": []},
        {"version": 1, "solitaire": {"played": 1, "solved": 2}},
        {"version": 1.0, "rows": []},
    ],
}
WRONG_CASES = [(kind, index) for kind, cases in WRONG_TYPES.items()
               for index in range(len(cases))]


@pytest.mark.parametrize("kind_name,index", WRONG_CASES,
                         ids=[f"{kind}-{index}" for kind, index in WRONG_CASES])
def test_a_value_of_the_wrong_type_rejects_the_whole_file(app_home, kind_name, index):
    kind = KINDS[kind_name]
    original = json.dumps(WRONG_TYPES[kind_name][index]).encode("utf-8")
    write(kind.path(), original)
    value, message = kind.load()
    assert_rejected(kind, original, value, message)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data[:2]):
            yield from _paths(value, prefix + (index,))


def _replaced(data, path, value):
    if not path:
        return value
    data = copy.deepcopy(data)
    here = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return data


ODD_VALUES = [None, True, -1, 2.5, 10**30, "x", "", [], {}, [1], {"a": 1}]


@pytest.mark.parametrize("kind_name", KINDS)
def test_any_part_replaced_by_any_type_never_raises(app_home, kind_name):
    """Every part of a good file, replaced by a value of each JSON type: the loader either
    accepts the file (and leaves it) or refuses it whole (kept aside, named) — it never
    raises."""
    kind = KINDS[kind_name]
    good = kind.good()
    path = kind.path()
    tried = 0
    for where in _paths(good):
        for odd in ODD_VALUES:
            original = json.dumps(_replaced(good, where, odd)).encode("utf-8")
            write(path, original)
            value, message = kind.load()
            if message is None:
                assert path.read_bytes() == original and not kept_copies(path)
            else:
                assert kind.is_default(value) and str(path) in message, (where, odd)
                kept = kept_copies(path)
                assert [p.read_bytes() for p in kept] == [original]
                kept[0].unlink()
            tried += 1
    assert tried > 50


def test_a_non_number_in_a_file_is_reported(app_home):
    # json reads NaN and Infinity; a volume must still be a number from 0 to 1.
    path = settings_module.settings_path()
    write(path, b'{"version": 1, "effects_volume": NaN, "music_volume": Infinity}')
    settings, message = settings_module.load_settings()
    assert settings == settings_module.Settings() and "effects_volume" in message


def test_a_deeply_nested_file_is_reported(app_home):
    path = stats_module.stats_path()
    original = b"[" * 100_000 + b"]" * 100_000
    write(path, original)
    stats, message = stats_module.load_stats()
    assert stats == stats_module.Stats() and "stats.json" in message
    assert [p.read_bytes() for p in kept_copies(path)] == [original]


def test_a_folder_in_place_of_a_file_is_kept_aside(app_home):
    path = settings_module.settings_path()
    path.mkdir(parents=True)
    (path / "inner.txt").write_text("keep me")
    settings, message = settings_module.load_settings()
    assert settings == settings_module.Settings() and "settings.json" in message
    kept = kept_copies(path)
    assert len(kept) == 1 and (kept[0] / "inner.txt").read_text() == "keep me"


def test_a_settings_file_without_a_version_is_an_early_one(app_home):
    write(settings_module.settings_path(), b'{"volume": 0.4, "palette": "high contrast"}')
    settings, message = settings_module.load_settings()
    assert message is None and settings.effects_volume == 0.4
    assert settings.palette == "high contrast"


@pytest.mark.parametrize("kind_name", ["resume", "puzzles", "stats"])
def test_a_file_without_a_version_is_refused(app_home, kind_name):
    kind = KINDS[kind_name]
    data = kind.good()
    del data["version"]
    original = json.dumps(data).encode("utf-8")
    write(kind.path(), original)
    value, message = kind.load()
    assert_rejected(kind, original, value, message)
    assert "no 'version'" in message


# --- writes: a crash mid-write leaves the old file -------------------------------------------
def _crash(*args, **kwargs):
    raise OSError("simulated crash")


CRASH_POINTS = {
    "while writing": "fsync",        # the data is written but not yet safe on disk
    "at the rename": "replace",      # the new file is complete but not yet in place
}


@pytest.mark.parametrize("point", CRASH_POINTS)
@pytest.mark.parametrize("kind_name", KINDS)
def test_a_crash_mid_write_leaves_the_old_file(app_home, monkeypatch, kind_name, point):
    kind = KINDS[kind_name]
    old = good_bytes(kind)
    write(kind.path(), old)
    with monkeypatch.context() as patch:
        patch.setattr(storage.os, CRASH_POINTS[point], _crash)
        with pytest.raises(OSError, match="simulated crash"):
            kind.save_good()
    assert kind.path().read_bytes() == old
    assert [p.name for p in kind.path().parent.iterdir()] == [kind.name], "no stray temp file"
    value, message = kind.load()
    assert message is None and not kind.is_default(value)


@pytest.mark.parametrize("kind_name", KINDS)
def test_a_crash_on_the_first_write_leaves_nothing(app_home, monkeypatch, kind_name):
    kind = KINDS[kind_name]
    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "replace", _crash)
        with pytest.raises(OSError):
            kind.save_good()
    assert not kind.path().exists()
    assert list(kind.path().parent.iterdir()) == []
    value, message = kind.load()
    assert message is None and kind.is_default(value)


@pytest.mark.parametrize("kind_name", KINDS)
def test_a_save_keeps_the_files_permissions(app_home, kind_name):
    kind = KINDS[kind_name]
    write(kind.path(), good_bytes(kind))
    os.chmod(kind.path(), 0o640)
    kind.save_good()
    assert kind.path().stat().st_mode & 0o777 == 0o640


# --- the background writer: the game saved after every move, off the frame ------------------
@pytest.fixture
def held_writes(monkeypatch):
    """The background writer held in its flush to disk until `release()` (a slow disk);
    `flushes` counts the files it flushed."""
    gate = threading.Event()
    flushes = []
    real_fsync = storage.os.fsync

    def slow_fsync(fd):
        if threading.current_thread().name == "file writer":
            assert gate.wait(10), "the test never released the writer"
        flushes.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(storage.os, "fsync", slow_fsync)
    yield SimpleNamespace(release=gate.set, flushes=flushes,
                          release_soon=lambda: threading.Timer(0.3, gate.set).start())
    gate.set()
    storage.writer.wait()


def test_background_writes_land_in_order_newest_last(app_home, held_writes):
    path = app_home / "data" / "resume.json"
    storage.writer.write(path, b"1")
    time.sleep(0.1)                                 # "1" is being written (held)
    storage.writer.write(path, b"2")
    storage.writer.write(path, b"3")                # "2" never needs writing
    held_writes.release()
    storage.writer.wait(path)
    assert path.read_bytes() == b"3" and len(held_writes.flushes) == 2
    storage.writer.write(path, None)                # removal, in turn
    storage.writer.wait()
    assert not path.exists()
    storage.writer.write(path, None)
    storage.writer.write(path, b"4")                # a removal then a write: the write
    storage.writer.wait()
    assert path.read_bytes() == b"4"
    assert [p.name for p in path.parent.iterdir()] == ["resume.json"], "no temporary file"


def test_a_direct_write_waits_for_the_background_one(app_home, held_writes):
    """puzzles.json is written by both: a level's attempt in the background, the puzzle
    screen directly. The older background write must not land over the newer one."""
    path = app_home / "data" / "puzzles.json"
    storage.writer.write(path, b"older, from the background")
    held_writes.release_soon()
    storage.atomic_write_bytes(path, b"newer, direct")
    storage.writer.wait()
    assert path.read_bytes() == b"newer, direct"


def test_reading_waits_for_the_background_write(app_home, held_writes):
    saves.save_resume_soon(_xtic_state(), [saves.Seat("human", None)] * 2)
    held_writes.release_soon()
    resumed, message = saves.load_resume()
    assert message is None and resumed.state.history == [(None, 4)]


def test_a_failed_background_write_is_reported_and_keeps_the_old_file(app_home, monkeypatch):
    path = saves.resume_path()
    write(path, b"old")
    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "replace", _crash)
        storage.writer.write(path, b"new")
        storage.writer.wait()
        assert storage.writer.error(path) == "simulated crash"
    assert path.read_bytes() == b"old"
    assert [p.name for p in path.parent.iterdir()] == ["resume.json"], "no temporary file"
    storage.writer.write(path, b"new")
    storage.writer.wait()
    assert storage.writer.error(path) is None and path.read_bytes() == b"new"


def test_closing_the_app_waits_for_the_last_save(make_app, held_writes):
    app = make_app()
    state = game.rules.get("xtic").new_game(seed=1)
    from game.scenes.play import PlayScene
    app.push(PlayScene(app, state, [saves.Seat("human", None)] * 2))
    step(app, frames=2)
    app.scene.play_move((None, 4))
    held_writes.release_soon()
    app.shutdown()
    saved = json.loads(saves.resume_path().read_bytes())    # read as it is, no waiting
    assert game.rules.get("xtic").from_json(saved["state"]).history == [(None, 4)]


WRITES = re.compile(r"""\.write_text\(|\.write_bytes\(|json\.dump\(|os\.replace\(|os\.rename\(|"""
                    r"""shutil\.(copy|move)|\bopen\([^)]*['"][rbt]*[wax+]""")


def test_the_app_writes_only_through_storage():
    """The audit as a test: no module of the game (the developer tools included) nor of
    sprites/ or sounds/ writes, renames or copies a file itself; storage.py does it all
    (a temporary file, then a rename)."""
    root = Path(__file__).resolve().parent.parent
    offenders = []
    for folder in ("game", "sprites", "sounds"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name == "storage.py" and path.parent.name == "core":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                # /proc/self/clear_refs is the kernel's switch that resets the peak
                # resident size (game/testing/memory.py), not a file kept on disk.
                if WRITES.search(code) and "open(clear_refs," not in code:
                    offenders.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert not offenders, offenders


# --- level files -------------------------------------------------------------------------
def _level_text(number: int) -> str:
    return (LEVELS_FOLDER / f"{number:03}.txt").read_text(encoding="utf-8")


BAD_LEVELS = {
    "empty": b"",
    "truncated": _level_text(4).encode()[:len(_level_text(4).encode()) - 30],
    "corrupt": b"id: 004\ntitle: \x89PNG\r\n\x1a\n\x00\xff\xfe",
    "wrong type": _level_text(4).replace("par: ", "par: five ").encode(),
    "json": json.dumps({"id": "004", "par": 3}).encode(),
    "newer version": ("format: 2\nshape: hexagon\n" + _level_text(4)).encode(),
    "newer version, format later": (_level_text(4).replace("title:", "colour: 3\ntitle:")
                                    + "format: 7\n").encode(),
}


@pytest.fixture
def level_folder(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    for number in (1, 2, 3):
        shutil.copy(LEVELS_FOLDER / f"{number:03}.txt", folder)
    return folder


def _snapshot(folder: Path) -> dict:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


@pytest.mark.parametrize("case", BAD_LEVELS)
def test_a_bad_level_file_is_named_skipped_and_left_alone(level_folder, case):
    (level_folder / "004.txt").write_bytes(BAD_LEVELS[case])
    before = _snapshot(level_folder)
    levels, errors = load_levels(level_folder)
    assert [level.id for level in levels] == ["001", "002", "003"]
    assert len(errors) == 1 and errors[0].startswith("levels/004.txt, line "), errors
    if case.startswith("newer version"):
        assert "needs a newer version of Little Abstracts" in errors[0]
        assert f"this one reads up to {LEVEL_FORMAT}" in errors[0]
    assert _snapshot(level_folder) == before, "level files are never moved or written"


def test_the_format_line_is_named(level_folder):
    (level_folder / "004.txt").write_text("# a comment\n\nformat: 3\n" + _level_text(4))
    _, errors = load_levels(level_folder)
    assert errors == ["levels/004.txt, line 3: it needs a newer version of Little Abstracts "
                      f"(level format 3; this one reads up to {LEVEL_FORMAT})"]


@pytest.mark.parametrize("value", ["1", " 1 "])
def test_format_1_is_this_format(level_folder, value):
    (level_folder / "004.txt").write_text(f"format:{value}\n" + _level_text(4))
    levels, errors = load_levels(level_folder)
    assert not errors and [level.id for level in levels][-1] == "004"
    assert levels[-1].line == LEVELS[3].line


@pytest.mark.parametrize("value", ["0", "x", "1.5", "²", ""])
def test_a_format_that_is_not_a_number_is_named(level_folder, value):
    (level_folder / "004.txt").write_text(f"format: {value}\n" + _level_text(4))
    levels, errors = load_levels(level_folder)
    assert len(levels) == 3 and len(errors) == 1
    assert errors[0].startswith("levels/004.txt, line 1: format must be a whole number")


def test_the_shipped_levels_need_no_format_line():
    assert LEVEL_FORMAT == 1 and "format" in xoliba_levels.OPTIONAL
    for path in xoliba_levels.level_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        assert not any(line.startswith("format:") for line in lines), path.name


def test_a_level_file_that_cannot_be_read_is_named(level_folder):
    bad = level_folder / "004.txt"
    bad.write_text(_level_text(4))
    os.chmod(bad, 0)
    try:
        if os.access(bad, os.R_OK):
            pytest.skip("running as a user who reads every file")
        levels, errors = load_levels(level_folder)
        assert len(levels) == 3 and len(errors) == 1 and "004.txt" in errors[0]
    finally:
        os.chmod(bad, 0o644)
    assert bad.read_text() == _level_text(4)


# --- on the screen -----------------------------------------------------------------------
SIZES = [(1280, 720), (800, 480)]


def notice_text(scene) -> str:
    return " ".join(line for line, _ in scene.notices)


def assert_notices_readable(app, scene, what: str, others=()) -> None:
    """The notice panel is drawn inside the window, clear of the buttons (and `others`),
    its text no smaller than the minimum and no line wider than the panel."""
    step(app, frames=2)
    panel = scene.notice_panel
    assert panel is not None, f"{what}: no notice panel drawn"
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(panel), f"{what}: the panel {panel} leaves the window"
    for item in scene.ring.items:
        assert not panel.colliderect(item.element.rect), \
            f"{what}: the panel covers the button {item.element.text!r}"
    for rect in others:
        assert not panel.colliderect(rect), f"{what}: the panel covers {rect}"
    face = font(notice_size(app))
    assert notice_size(app) >= 13
    for line, _ in scene.notices:
        assert face.size(line)[0] <= notice_width(app), line
    boxes = [element for element in scene.ui.get_sprite_group().sprites()
             if isinstance(element, pygame_gui.elements.UITextBox)
             and NOTICE in element.object_ids]
    assert len(boxes) == 1 and boxes[0].rect == panel, f"{what}: one pygame-gui text box"
    assert boxes[0].scroll_bar is None, f"{what}: the box shows its lines whole"
    shown = re.sub(r"<[^>]+>", "\n", boxes[0].html_text)
    assert [line for line in shown.split("\n") if line] == \
        [html.escape(line) for line, _ in scene.notices], f"{what}: a line a line"


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "800x480"])
def test_the_menu_shows_the_settings_and_resume_messages(make_app, size):
    write(settings_module.settings_path(), b'{"version": 1, "palette": 5}')
    write(saves.resume_path(), b'{"version": 9, "game": "xtic"}')
    app = make_app(size=size)
    menu = app.scene
    assert scene_name(app) == "MenuScene"
    text = notice_text(menu)
    assert "settings.json" in text and "resume.json" in text
    assert "palette=5" in text and NEWER in text
    assert_notices_readable(app, menu, "menu")


def test_the_menu_keeps_the_start_of_every_notice_when_space_is_short(make_app):
    write(settings_module.settings_path(), b"")
    saves.save_resume(_xtic_state(), [saves.Seat("human", None), saves.Seat("human", None)])
    app = make_app(size=(800, 480))
    long_path = "/home/somebody/" + "a-very-long-folder-name/" * 6 + "stats.json"
    app.messages += [f"The statistics could not be saved in {long_path}: disk full",
                     "Fullscreen is not available here (test).",
                     "A fourth notice, to crowd the panel further."]
    step(app, frames=2)
    menu = app.scene
    firsts = [line for line, first in menu.notices if first]
    assert len(firsts) == len(app.messages), "every notice shows (its first line at least)"
    assert firsts[0].startswith("The settings file")
    assert_notices_readable(app, menu, "crowded menu")


def test_menu_notices_go_once_the_player_has_left_the_menu(make_app):
    write(settings_module.settings_path(), b"{")
    app = make_app()
    assert any("settings.json" in m for m in app.messages)
    keyboard = Keyboard(app)
    keyboard.activate("Settings")
    app.messages.append("A notice that came while the settings were shown.")
    keyboard.back()
    assert scene_name(app) == "MenuScene"
    step(app, frames=2)
    assert app.messages == ["A notice that came while the settings were shown."]
    assert notice_text(app.scene) == app.messages[0]
    keyboard.activate("Statistics")
    keyboard.back()
    step(app, frames=2)
    assert not app.messages and app.scene.notice_panel is None


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "800x480"])
def test_the_puzzle_screen_names_a_bad_progress_file_and_bad_levels(make_app, level_folder,
                                                                    size):
    from game.games.xoliba.puzzles import PuzzleSelectScene
    (level_folder / "004.txt").write_text("format: 2\n" + _level_text(4))
    (level_folder / "005.txt").write_bytes(b"")
    (level_folder / "006.txt").write_text(_level_text(6).replace("par: ", "par: x"))
    write(puzzle_progress.progress_path(), b'{"version": 1, "best": {"001": "x"}}')
    app = make_app(size=size)
    select = PuzzleSelectScene(app, level_folder)
    app.push(select)
    assert len(select.levels) == 3
    text = notice_text(select)
    assert "puzzles.json" in text and "levels/004.txt, line 1" in text
    assert "levels/005.txt, line 1" in text and "levels/006.txt, line" in text
    tiles = [item.element.rect for item in select.tiles]
    assert_notices_readable(app, select, "puzzles", tiles)
    assert select.notice_panel.top >= select.info_y


def test_the_puzzle_screen_with_every_level_and_a_bad_one_stays_usable(make_app,
                                                                       tmp_path):
    from game.games.xoliba.puzzles import PuzzleSelectScene
    folder = tmp_path / "all"
    shutil.copytree(LEVELS_FOLDER, folder)
    (folder / "047.txt").write_text("format: 2\nid: 047\n")
    write(puzzle_progress.progress_path(), b"[]")
    app = make_app(size=(800, 480))
    select = PuzzleSelectScene(app, folder)
    app.push(select)
    assert len(select.levels) == len(LEVELS)
    assert "047.txt" in notice_text(select) and "puzzles.json" in notice_text(select)
    assert_notices_readable(app, select, "all levels",
                            [item.element.rect for item in select.tiles])
    assert min(item.element.rect.h for item in select.tiles) >= 30


def test_an_unplayable_saved_deal_is_dropped_with_a_copy_kept(make_app):
    from game.games.xoliba.puzzles import PuzzleSelectScene
    path = puzzle_progress.progress_path()
    data = {"version": 1, "best": {"001": 2},
            "deal": {"seed": 77, "position": "nonsense", "line": ["c3-e5"], "moves": []}}
    original = json.dumps(data).encode()
    write(path, original)
    progress, message = puzzle_progress.load_progress()
    assert message is None and progress.deal["seed"] == 77     # the shape is fine
    app = make_app()
    select = PuzzleSelectScene(app)
    app.push(select)
    assert select.progress.deal is None and select.progress.best == {"001": 2}
    assert "puzzles.json" in notice_text(select) and "random deal 77" in notice_text(select)
    assert not any(label.startswith("Continue deal") for label in
                   (item.element.text for item in select.ring.items))
    kept = kept_copies(path)
    assert [p.read_bytes() for p in kept] == [original]
    reloaded, message = puzzle_progress.load_progress()
    assert message is None and reloaded.deal is None and reloaded.best == {"001": 2}
    assert_notices_readable(app, select, "dropped deal",
                            [item.element.rect for item in select.tiles])


def test_a_playable_saved_deal_has_no_problem():
    data = _good_progress()
    assert puzzle_progress.deal_problem(data["deal"]) is None
    bad_line = dict(data["deal"], line=data["deal"]["line"][:-1])
    assert "does not win" in puzzle_progress.deal_problem(bad_line)
    illegal = dict(data["deal"], line=["a1-a2"])
    assert "does not replay" in puzzle_progress.deal_problem(illegal)


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "800x480"])
def test_the_statistics_screen_names_a_bad_file(make_app, size):
    from game.scenes.stats import StatsScene
    write(stats_module.stats_path(), b'{"version": 1, "rows": [["xtic", "First"]]}')
    write(puzzle_progress.progress_path(), b'{"version": 5}')
    app = make_app(size=size)
    scene = StatsScene(app)
    app.push(scene)
    text = " ".join(line for line, _ in scene._message_lines())
    assert "stats.json" in text and "puzzles.json" in text and NEWER in text
    assert scene.stats.is_empty
    step(app, frames=2)
    assert scene.notice_panel is not None
    assert scene.notice_panel.top >= scene._area().bottom
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(scene.notice_panel)
    for item in scene.ring.items:
        assert not scene.notice_panel.colliderect(item.element.rect)
    face = font(notice_size(app))
    for line, _ in scene._message_lines():
        assert face.size(line)[0] <= notice_width(app)


def test_a_suspended_game_with_an_option_of_another_type_is_set_aside(app_home):
    """`"players": 2.0` in resume.json compared equal to 2 and crashed the rules later;
    it is refused by type, named, and the file kept aside as any bad file is."""
    import game.rules
    from game.services import saves
    state = game.rules.get("xoliba").new_game(seed=5, options={"players": 2})
    saves.save_resume(state, [saves.Seat("human", None)] * 2)
    path = saves.resume_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    saved = json.loads(data["state"])
    saved["options"]["players"] = 2.0
    data["state"] = json.dumps(saved)
    original = json.dumps(data).encode("utf-8")
    write(path, original)
    resumed, message = saves.load_resume()
    assert resumed is None
    assert "bad value 2.0 for option 'players' of Xoliba" in message
    assert not path.exists() and [p.read_bytes() for p in kept_copies(path)] == [original]


def test_a_remote_players_seat_is_saved_with_their_name_and_checked_when_read(app_home):
    """A player on another computer is a seat of its own kind, named as their app named
    them; a name that is not a short line of text is refused with the file."""
    seats = [saves.Seat("human", None), saves.Seat("remote", None, "Ada")]
    saves.save_resume(_xtic_state(), seats)
    resumed, message = saves.load_resume()
    assert message is None and resumed.seats == seats
    from game.services.session import seat_names
    assert seat_names(seats) == ["You", "Ada"]
    spec = game.rules.get("xtic")
    for bad in ({"kind": "remote"}, {"kind": "remote", "name": "x" * 33},
                {"kind": "remote", "name": "a\nb"}, {"kind": "remote", "name": 5},
                {"kind": "robot"}):
        with pytest.raises(ValueError):
            saves.seat_from_dict(bad, spec)
