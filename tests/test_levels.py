"""The Xoliba solitaire levels (levels/*.txt, game/games/xoliba/levels.py): every shipped
level loads, and its stored line, replayed through the real rules, wins in par moves;
malformed files give a LevelError naming the file and the line, and never stop the other
levels from loading."""
import re

import pytest

from game.games.xoliba import solver as S
from game.games.xoliba import rules as X
from game.games.xoliba.levels import (DIFFICULTY_NAMES, LEVELS_FOLDER, Level, LevelError,
                                      format_level, level_files, load_levels, new_solitaire,
                                      parse_level, read_level)

ONE_CAPTURE = """\
.wrwww.
rwwwwww
wwwbwww
wwwrwww
wwwbwww
wwwwwww
.wrwww."""


@pytest.fixture(scope="module")
def shipped():
    levels, errors = load_levels()
    return levels, errors


# --- the shipped levels --------------------------------------------------------------------
def test_every_shipped_file_loads(shipped):
    levels, errors = shipped
    assert errors == []
    assert len(levels) == len(level_files()) >= 40


def test_ids_unique_and_files_numbered(shipped):
    levels, _ = shipped
    ids = [level.id for level in levels]
    assert len(set(ids)) == len(ids)
    for level in levels:
        assert level.name.endswith(f"/{level.id}.txt")
        assert level.title.strip()


def test_every_stored_line_wins_in_par_moves(shipped):
    """Independent of the loader's own check: replay each line move by move."""
    levels, _ = shipped
    for level in levels:
        state = new_solitaire(level.position)
        assert not state.is_over, level.name
        assert level.par == len(level.line), level.name
        for text in level.line:
            assert not state.is_over, f"{level.name}: the game ended before {text!r}"
            state.play(state.parse_move(text))
        assert state.outcome is not None and state.outcome.winner == 0, level.name
        assert state.pieces(X.BLUE) == 0, level.name


def test_difficulty_runs_from_gentle_to_very_hard(shipped):
    levels, _ = shipped
    difficulties = [level.difficulty for level in levels]
    assert difficulties == sorted(difficulties)
    assert difficulties[0] == 1 and difficulties[-1] == 5
    assert set(difficulties) == set(DIFFICULTY_NAMES)
    assert levels[0].par <= 5
    # the very hard tier needs long lines
    assert min(level.par for level in levels if level.difficulty == 5) > \
        max(level.par for level in levels[:5])


def test_real_deals_are_the_backbone(shipped):
    levels, _ = shipped
    deals = [level for level in levels if level.kind == "deal"]
    assert len(deals) * 2 > len(levels)
    for level in deals:
        board = X.parse_position(level.position, 1)
        assert X.counts(board)[:2] == [17, 17], level.name
        assert X.counts(board)[3] == 3 + 8, level.name       # 3 white + the 8 corners
        assert all(board[p] == X.WHITE for p in X.CORNERS), level.name
    for level in levels:
        assert level.kind in ("deal", "lesson"), level.name
        assert level.par_proven is not None, level.name
        if level.kind == "lesson":
            assert level.par_proven, level.name


def test_shipped_files_are_in_canonical_form(shipped):
    """Each file is exactly what format_level writes for it (one format everywhere)."""
    levels, _ = shipped
    for level in levels:
        text = (LEVELS_FOLDER / f"{level.id}.txt").read_text(encoding="utf-8")
        assert format_level(level) == text, level.name


# --- the format ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_text():
    board = X.parse_position(ONE_CAPTURE, 1)
    result = S.solve(board, time_budget=5)
    assert result.won and result.proven_shortest
    state = new_solitaire(ONE_CAPTURE)
    line = []
    for move in result.line:
        line.append(state.format_move(move))
        state.play(move)
    level = Level(id="900", title="Test", difficulty=1, par=len(line), line=line,
                  position=ONE_CAPTURE, par_proven=True, kind="lesson")
    return format_level(level)


def test_format_round_trip(good_text):
    level = parse_level(good_text, "x.txt")
    assert level.id == "900" and level.difficulty == 1 and level.difficulty_name == "gentle"
    assert format_level(level) == good_text
    assert parse_level(good_text.encode("utf-8"), "x.txt").line == level.line


def test_lenient_forms_are_accepted(good_text):
    text = good_text.replace("difficulty: 1 gentle", "difficulty: gentle")
    text = "\n# a comment\n\n" + text.replace("\n", "\n\n")
    assert parse_level(text, "x.txt").difficulty == 1


TWO_CAPTURES = """\
.wwbww.
wwwwrww
wwwrwww
wwrwwww
wwwwrww
wrrbwww
.wwrww."""


@pytest.fixture(scope="module")
def two_captures():
    """(position, winning line in notation) of a small two-capture position."""
    board = X.parse_position(TWO_CAPTURES, 1)
    result = S.solve(board, time_budget=5)
    assert result.won and len(result.line) >= 2
    state = new_solitaire(TWO_CAPTURES)
    moves = []
    for move in result.line:
        moves.append(state.format_move(move))
        state.play(move)
    return TWO_CAPTURES, moves


def test_line_may_be_split_over_several_line_keys(two_captures):
    position, moves = two_captures
    text = format_level(Level(id="1", title="Split", difficulty=2, par=len(moves),
                              line=moves, position=position), moves_per_line=1)
    assert text.count("line: ") == len(moves) >= 2
    assert parse_level(text, "split.txt").line == moves


def test_non_winning_line(two_captures):
    """The line stops one move short: every move legal, but blue is left."""
    position, moves = two_captures
    short = moves[:-1]
    text = format_level(Level(id="1", title="Short", difficulty=1, par=len(short),
                              line=short, position=position))
    with pytest.raises(LevelError) as info:
        parse_level(text, "levels/short.txt")
    name, line, problem = _where(str(info.value))
    assert name == "levels/short.txt" and "does not win" in problem
    assert line == _line_of(text, "line:")


def _where(message):
    match = re.match(r"^(.+?), line (\d+): (.+)$", message)
    assert match, message
    return match.group(1), int(match.group(2)), match.group(3)


def _line_of(text, starts):
    if starts is None:                          # the last line
        return len(text.rstrip("\n").splitlines())
    for number, row in enumerate(text.splitlines(), 1):
        if row.startswith(starts):
            return number
    raise AssertionError(starts)


MALFORMED = {
    "missing title": (lambda t: re.sub(r"title: .*\n", "", t), "board:", "missing 'title:'"),
    "unknown key": (lambda t: t.replace("title:", "titel:"), "titel:", "unknown key"),
    "duplicate key": (lambda t: t.replace("par_proven:", "par: 77\npar_proven:"), "par: 77",
                      "twice"),
    "bad difficulty": (lambda t: t.replace("difficulty: 1 gentle", "difficulty: 9"),
                       "difficulty:", "not 1 to 5"),
    "wrong difficulty word": (lambda t: t.replace("difficulty: 1 gentle", "difficulty: 1 hard"),
                              "difficulty:", "gentle"),
    "par not a number": (lambda t: re.sub(r"par: \d+", "par: many", t), "par:", "whole number"),
    "wrong par": (lambda t: re.sub(r"par: (\d+)", lambda m: f"par: {int(m.group(1)) + 1}", t),
                  "par:", "but the line has"),
    "bad par_proven": (lambda t: t.replace("par_proven: yes", "par_proven: maybe"),
                       "par_proven:", "yes or no"),
    "board line too short": (lambda t: t.replace("\nrwwwwww\n", "\nrwwwww\n"), "rwwwww",
                             "has 6 characters"),
    "bad board character": (lambda t: t.replace("\nwwwbwww\n", "\nwwwxwww\n"), "wwwxwww",
                            "'x'"),
    "green on a solitaire board": (lambda t: t.replace("\nwwwbwww\n", "\nwwwgwww\n"),
                                   "wwwgwww", "'g'"),
    "missing corner filled": (lambda t: t.replace(".wrwww.", "wwrwww."), "wwrwww.",
                              "missing corner"),
    "board cut short": (lambda t: t[:t.index("wwwwwww\n.wrwww.")], None, "lines, not 7"),
    "no blue": (lambda t: t.replace("wwwbwww", "wwwwwww"), "board:", "no blue"),
    "red cannot move": (lambda t: t.replace(".wrwww.", ".wwwww."), "board:", "before the first"),
    "not a key line": (lambda t: t.replace("title: Test", "title Test"), "title Test",
                       "key: value"),
    "illegal move": (lambda t: re.sub(r"line: [a-g][1-7]-[a-g][1-7]", "line: a2-a3", t),
                     "line:", "illegal"),
    "not notation": (lambda t: re.sub(r"line: [a-g][1-7]-[a-g][1-7]", "line: hello", t),
                     "line:", "not Xoliba notation"),
    "empty move": (lambda t: re.sub(r"line: (.*)\n", r"line: \1 / / \n", t, count=1),
                   "line:", "empty move"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_level_names_file_and_line(good_text, case):
    change, starts, words = MALFORMED[case]
    text = change(good_text)
    assert text != good_text
    with pytest.raises(LevelError) as info:
        parse_level(text, "levels/bad.txt")
    name, line, problem = _where(str(info.value))
    assert name == "levels/bad.txt"
    assert line == _line_of(text, starts), str(info.value)
    assert words in problem, str(info.value)
    assert info.value.line == line and isinstance(info.value, ValueError)


def test_move_after_the_win(good_text):
    rows = good_text.splitlines()
    number = max(i for i, row in enumerate(rows) if row.startswith("line:"))
    rows[number] += " / a2-a3"
    text = re.sub(r"par: (\d+)", lambda m: f"par: {int(m.group(1)) + 1}", "\n".join(rows))
    with pytest.raises(LevelError) as info:
        parse_level(text, "after.txt")
    assert "after the game ended" in str(info.value)
    assert _where(str(info.value))[1] == number + 1


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"   \n\n  \n", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "UTF-8"),
    (b"id: 1\ntitle: \x00\x01\x02\n", "control character"),
])
def test_empty_and_binary_files(data, words, tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(data)
    with pytest.raises(LevelError) as info:
        read_level(path)
    name, line, problem = _where(str(info.value))
    assert name.endswith("junk.txt") and line >= 1 and words in problem


def test_folder_with_one_bad_file_loads_the_others(good_text, tmp_path):
    (tmp_path / "001.txt").write_text(good_text.replace("id: 900", "id: 001"), encoding="utf-8")
    (tmp_path / "002.txt").write_text(good_text.replace("id: 900", "id: 002"), encoding="utf-8")
    (tmp_path / "003.txt").write_text(good_text.replace("id: 900", "id: 003")
                                      .replace("\nrwwwwww\n", "\nrwwww\n"), encoding="utf-8")
    (tmp_path / "README.md").write_text("not a level", encoding="utf-8")
    levels, errors = load_levels(tmp_path)
    assert [level.id for level in levels] == ["001", "002"]
    assert len(errors) == 1
    name, line, problem = _where(errors[0])
    assert name.endswith("003.txt") and line == _line_of(good_text, "rwwwwww")


def test_duplicate_id_is_reported(good_text, tmp_path):
    (tmp_path / "a.txt").write_text(good_text, encoding="utf-8")
    (tmp_path / "b.txt").write_text(good_text, encoding="utf-8")
    levels, errors = load_levels(tmp_path)
    assert len(levels) == 1 and len(errors) == 1
    assert "already used" in errors[0] and _where(errors[0])[0].endswith("b.txt")


def test_missing_folder(tmp_path):
    levels, errors = load_levels(tmp_path / "nowhere")
    assert levels == [] and len(errors) == 1


def test_rules_layer_stays_headless():
    import subprocess
    import sys
    code = ("import sys, game.games.xoliba.levels as L; L.load_levels(); "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=LEVELS_FOLDER.parent).returncode == 0


# --- reprove (game/games/xoliba/level_maker.py) ------------------------------------------
def _detour_line(position):
    """A 3-move winning line of `position`: two moves that capture nothing, then the win."""
    red, blue = S.masks_of(X.parse_position(position, 1))
    for first in S.moves(red, blue):
        red1, blue1, cap1 = S.play(red, blue, first)
        if cap1:
            continue
        for second in S.moves(red1, blue1):
            red2, blue2, cap2 = S.play(red1, blue1, second)
            if cap2:
                continue
            for third in S.moves(red2, blue2):
                if S.play(red2, blue2, third)[1] == 0:
                    return [first, second, third]
    return None


def test_reprove_shortens_a_lengthened_par(tmp_path, capsys):
    """Level 001 stored with a 3-move detour and par_proven no: reprove gives par 1 back,
    proved, keeps the other keys, and a dry run afterwards changes nothing."""
    import dataclasses
    from game.games.xoliba import level_maker as tool
    original = read_level(LEVELS_FOLDER / "001.txt")
    detour = _detour_line(original.position)
    assert detour is not None
    long_line = tool.notation(original.position, detour)
    lengthened = dataclasses.replace(original, par=3, line=long_line, par_proven=False,
                                     measures=original.measures.replace("score 1.61",
                                                                        "score 3.33"))
    path = tmp_path / "001.txt"
    path.write_text(format_level(lengthened), encoding="utf-8", newline="\n")
    assert read_level(path).par == 3

    # --dry-run reports, writes nothing
    assert tool.main(["reprove", "--folder", str(tmp_path), "--time", "5", "--jobs", "1",
                      "--dry-run"]) == 0
    assert "par 3 -> 1" in capsys.readouterr().out
    assert read_level(path).par == 3

    assert tool.main(["reprove", "--folder", str(tmp_path), "--time", "5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "001  First Capture    par 3 -> 1 (not proven -> proven)" in out
    assert "1 changed" in out
    level = read_level(path)
    assert level.par == len(level.line) == 1 and level.par_proven is True
    for key in ("id", "title", "difficulty", "kind", "source", "position"):
        assert getattr(level, key) == getattr(original, key), key
    assert level.measures == original.measures      # lower bound 1, captures 1, score 1.61
    assert path.read_text(encoding="utf-8") == format_level(level)
    assert [p.name for p in tmp_path.iterdir()] == ["001.txt"]      # no temporary file left

    # already shortest and proved: nothing to do
    before = path.read_bytes()
    assert tool.main(["reprove", "--folder", str(tmp_path), "--time", "5", "--jobs", "1",
                      "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "par 1 unchanged (proven)" in out and "0 would change" in out
    assert path.read_bytes() == before


def test_reprove_never_lengthens_and_proves_par():
    from game.games.xoliba import level_maker as tool
    level = read_level(LEVELS_FOLDER / "001.txt")
    level.par_proven = False
    longer = dict(status=S.WON, line=["a"] * 2, proven=False, lower_bound=1, captures=1)
    assert tool.improve(level, dict(longer, lower_bound=0)) is None
    proved = tool.improve(level, longer)                # lower bound 1 >= par 1: proved
    assert proved.par == 1 and proved.par_proven and proved.line == level.line
    assert tool.improve(level, dict(status=S.UNDECIDED, proven=False,
                                     lower_bound=0)) is None
    assert tool.parse_ids("18, 024,30-32") == {18, 24, 30, 31, 32}
    measures = ("winning first moves 8 of 21 (38%), decision nodes 2416, captures 5, "
                "first line found 39, lower bound 13, score 28.02")
    assert tool.update_measures(measures, 14, 14, 4) == measures.replace(
        "captures 5", "captures 4").replace("lower bound 13", "lower bound 14").replace(
        "score 28.02", "score 26.91")
    assert tool.update_measures("free text", 14, 14) == "free text"
