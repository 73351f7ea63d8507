"""Record files opened, listed and exported (game/records/record_files.py): the file
faults the other user files are tested against, applied to records. A bad record is
refused with a message naming the file and what is wrong (its line when the fault is
inside), and the file stays exactly as it was; an export never overwrites a file and
leaves nothing behind when it fails."""
from __future__ import annotations

import json
import os
import random
import time

import pytest

import game.records
import game.rules
from game.records import kept_games, record_files
from game.core import storage
from samples import finished_record


GOOD = finished_record()
BAD_RECORDS = {
    "empty": (b"", "line 1: not a Little Abstracts game record"),
    "truncated": (GOOD.encode()[:len(GOOD) * 2 // 3].rsplit(b"/", 1)[0],
                  ", line "),
    "corrupt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe garbage", "not a text file"),
    "wrong type": (json.dumps({"game": "xtic", "moves": [1, 2]}).encode(),
                   "line 1: not a Little Abstracts game record"),
    "newer version": (GOOD.replace("format 1", "format 2").encode(),
                      "line 1: 'Little Abstracts game record, format 2'; this version "
                      "reads format 1"),
    "bad seed": (GOOD.replace("Seed: 3", "Seed: abc").encode(),
                 "line 3: 'Seed:' is missing or not a whole number"),
    "unknown game": (GOOD.replace("Game: xtic", "Game: chess").encode(),
                     "line 2: unknown game 'chess'"),
    "unknown option": (GOOD.replace("Option game_type", "Option colour").encode(),
                       "colour"),
    "illegal move": (GOOD.replace("\n3. ", "\n3. z9/1 ").encode(), "line 13: move 3 'z9/1 b3/15' is not legal here"),
    "long line": (GOOD.replace("Date:", "Date: " + "x" * 3000).encode(),
                  "over 2000 characters"),
}


def snapshot(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def test_a_good_record_file_opens_and_replays(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(GOOD)
    state, headers, text = record_files.open_record(path)
    assert text == GOOD and state.is_over and headers["Seat First"] == "You"
    own = {key: value for key, value in headers.items() if key.startswith(("Date", "Seat"))}
    assert game.records.dumps(state, own) == GOOD


@pytest.mark.parametrize("case", BAD_RECORDS)
def test_a_bad_record_file_is_named_and_left_alone(tmp_path, case):
    data, words = BAD_RECORDS[case]
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    before = snapshot(tmp_path)
    with pytest.raises(ValueError) as caught:
        record_files.open_record(path)
    message = str(caught.value)
    assert "bad.txt" in message and words in message, message
    assert snapshot(tmp_path) == before, "a record file is only read"
    (listed,) = record_files.listing(tmp_path)
    # The list checks the whole record: its row says what opening it says, without the
    # file's folder.
    assert listed.game is None and listed.problem and message.endswith(listed.problem)
    assert str(tmp_path) not in listed.problem
    if not message.startswith(str(path)):       # a fault inside the record: loads' own
        with pytest.raises(ValueError) as loaded:
            game.records.loads(data.decode())
        assert listed.problem == str(loaded.value)


def test_a_folder_a_missing_file_and_an_unreadable_one_are_named(tmp_path):
    (tmp_path / "folder.txt").mkdir()
    with pytest.raises(ValueError, match="folder.txt: a folder, not a record file"):
        record_files.open_record(tmp_path / "folder.txt")
    with pytest.raises(ValueError, match="does not exist"):
        record_files.open_record(tmp_path / "gone.txt")
    locked = tmp_path / "locked.txt"
    locked.write_text(GOOD)
    os.chmod(locked, 0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as root: every file is readable")
        with pytest.raises(ValueError, match="cannot be read"):
            record_files.open_record(locked)
    finally:
        os.chmod(locked, 0o600)


def test_a_file_too_big_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "huge.txt"
    path.write_text(GOOD + "\n" * 2_000_000)
    opened = []
    monkeypatch.setattr(type(path), "read_bytes", lambda self: opened.append(self))
    with pytest.raises(ValueError, match="over the 1,000,000"):
        record_files.open_record(path)
    assert not opened


def test_clipboard_text_is_named_as_the_clipboard():
    with pytest.raises(ValueError, match="^the clipboard, line 1"):
        record_files.parse_text("hello")
    state, headers = record_files.parse_text(GOOD)
    assert state.is_over


def test_the_list_is_newest_first_with_what_a_row_shows(tmp_path):
    for number, name in enumerate(("xtic", "che", "catalina")):
        path = tmp_path / f"{name}.txt"
        path.write_text(finished_record(name))
        os.utime(path, (1_700_000_000 + number, 1_700_000_000 + number))
    listed = record_files.listing(tmp_path)
    assert [entry.game for entry in listed] == ["catalina", "che", "xtic"]
    entry = listed[-1]
    state, _ = game.records.loads(finished_record("xtic"))
    assert entry.moves == len(state.history) and entry.players == "You – Computer (easy)"
    assert entry.result in ("You won", "You lost", "Draw") and entry.date.startswith("20")


def test_the_result_listed_is_the_replayed_games(tmp_path):
    """The Result header is not taken on trust: the list says how the moves ended, and a
    record whose Result the moves contradict is faulty."""
    (tmp_path / "good.txt").write_text(GOOD)
    (tmp_path / "odd.txt").write_text(GOOD.replace("Result: First (1 0)", "Result: ??? (0 0)"))
    listed = {entry.path.name: entry for entry in record_files.listing(tmp_path)}
    assert listed["good.txt"].result == "You won" and listed["good.txt"].problem is None
    assert "the result says '???'" in listed["odd.txt"].problem


def write_at(path, text: str, when: int) -> None:
    path.write_text(text)
    os.utime(path, ns=(when, when))


def test_a_file_is_read_and_checked_once_until_it_changes(tmp_path, monkeypatch):
    for number in range(3):
        write_at(tmp_path / f"{number}.txt", finished_record(seed=number), 10**18 + number)
    read, checked = [], []
    read_bytes, loads = type(tmp_path).read_bytes, game.records.loads
    monkeypatch.setattr(type(tmp_path), "read_bytes",
                        lambda self: read.append(self.name) or read_bytes(self))
    monkeypatch.setattr(game.records, "loads", lambda text: checked.append(text) or loads(text))
    first = record_files.listing(tmp_path)
    assert sorted(read) == ["0.txt", "1.txt", "2.txt"] and len(checked) == 3
    assert record_files.listing(tmp_path) == first and len(read) == 3 and len(checked) == 3
    # Changed (the same size, a new time): read and checked again, alone.
    changed = finished_record(seed=1).replace("Seed: 1", "Seed: x")
    write_at(tmp_path / "1.txt", changed, 10**18 + 5)
    listed = record_files.listing(tmp_path)
    assert read[3:] == ["1.txt"] and checked[3:] == [changed]
    assert listed[0].path.name == "1.txt" and "'Seed:'" in listed[0].problem


def test_the_checked_files_kept_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(record_files, "SUMMARIES_KEPT", 2)
    for number in range(4):
        write_at(tmp_path / f"{number}.txt", GOOD, 10**18 + number)
    assert len(record_files.listing(tmp_path)) == 4
    assert record_files.checked_kept() == 2


def test_the_checker_checks_in_a_process_of_its_own(tmp_path):
    write_at(tmp_path / "good.txt", GOOD, 10**18)
    write_at(tmp_path / "bad.txt", GOOD.replace("Seed: 3", "Seed: abc"), 10**18 + 1)
    files = record_files.record_files(tmp_path)
    done = record_files.checker.done
    try:
        record_files.checker.check(files)
        assert record_files.checker.wait(timeout=60)
        assert record_files.checker._process.pid != os.getpid()
    finally:
        record_files.checker.close()
    assert record_files.checker.done == done + 2
    bad, good = (record_files.cached(file) for file in files)
    assert good == record_files.listing(tmp_path)[1] and good.game == "xtic"
    assert bad.problem == "line 3: 'Seed:' is missing or not a whole number"


def test_the_checker_knows_a_game_registered_only_here(tmp_path):
    from sixth_game.rules import SPEC
    game.rules.register(SPEC)
    checker = record_files.Checker()
    try:
        write_at(tmp_path / "tictactoe.txt", finished_record("tictactoe"), 10**18)
        files = record_files.record_files(tmp_path)
        checker.check(files)
        assert checker.wait(timeout=60)
    finally:
        checker.close()
        game.rules.unregister(SPEC.name)
    listed = record_files.cached(files[0])
    assert listed.problem is None and listed.game == "tictactoe"


def test_a_checking_process_that_stops_leaves_its_file_faulty(tmp_path):
    write_at(tmp_path / "long.txt", GOOD + "\n" * 900_000, 10**18)
    (file,) = record_files.record_files(tmp_path)
    checker = record_files.Checker()
    try:
        checker.check([file])
        deadline = time.monotonic() + 60
        while checker._process is None and time.monotonic() < deadline:
            time.sleep(0.01)
        checker._process.kill()                  # (as if it crashed on the file)
        assert checker.wait(timeout=60)
        assert record_files.cached(file).problem == \
            "could not be checked (the checking process stopped)"
    finally:
        checker.close()


# --- export ----------------------------------------------------------------------------
def test_an_export_never_overwrites_a_file(tmp_path):
    (tmp_path / "mine.txt").write_text("the player's own file")
    first = record_files.export(GOOD, tmp_path, "mine")
    second = record_files.export(GOOD, tmp_path, "mine.txt")
    assert (tmp_path / "mine.txt").read_text() == "the player's own file"
    assert first.name == "mine (2).txt" and second.name == "mine (3).txt"
    assert first.read_text() == GOOD == second.read_text()
    assert first.stat().st_mode & 0o777 == record_files.EXPORT_MODE


@pytest.mark.parametrize("name", ["", "  ", "a/b", "..", "x" * 200, "a\\b", "what?"])
def test_a_name_that_cannot_be_a_file_is_refused(tmp_path, name):
    with pytest.raises(ValueError, match="cannot be a file name"):
        record_files.export(GOOD, tmp_path, name)
    assert not list(tmp_path.iterdir())


def test_an_export_to_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(ValueError, match="is not a folder"):
        record_files.export(GOOD, tmp_path / "nowhere", "game")


def test_a_crash_mid_export_leaves_nothing(tmp_path, monkeypatch):
    def crash(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        record_files.export(GOOD, tmp_path, "game")
    assert not list(tmp_path.iterdir()), "no file and no temporary file"


def test_the_export_folders_start_with_the_kept_games(app_home):
    places = record_files.export_folders()
    assert places[0] == ("Kept games", kept_games.games_dir())
    assert places[-1] == ("Home", app_home / "home"), "under the override, not the real one"
    name = record_files.default_name(game.rules.get("che").new_game(seed=1),
                                     "2026-11-25 10:12:13")
    assert name == "che-20261125101213.txt"


def test_kept_games_carry_the_match(app_home):
    from game.services.match import Match
    from game.services.saves import Seat
    match = Match.start(game.rules.get("xoliba"), {"players": 2}, seed=5)
    state = match.state
    rng = random.Random(1)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    kept_games.keep(state, [Seat("human", None), Seat("computer", "easy")],
                    ["You", "Computer (easy)"], 10, match=match)
    storage.writer.wait()
    (path,) = kept_games.kept_files()
    _, headers, _ = record_files.open_record(path)
    assert headers["Match game"] == "1"
    assert headers["Match score"].endswith(f"(to {match.rules.target})")
