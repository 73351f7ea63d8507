"""Xoliba solitaire levels: reading, checking and loading the files of `levels/`.

One small UTF-8 text file per level (the format is documented in levels/README.md):

    # comment lines and blank lines are ignored
    format: 1                  (optional; absent means 1)
    id: 007
    title: Two Ways In
    difficulty: 2 easy
    par: 5
    par_proven: yes
    kind: lesson
    source: deal seed 1017, 3 of 17 blue and 9 of 17 red kept
    measures: winning first moves 4 of 11 (36%), decision nodes 52
    line: c3-e5 / d4-f6 a5,e1 / b2-b4
    line: e1-e3
    board:
    .wwrww.
    (six more lines of 7 characters, rank 7 first)

Every file is checked in full when it is read: the header keys, the board (the position
text of docs/rules/xoliba.md, solitaire: r b w and '.'), par == the number of moves of the line,
and the line itself, replayed through the real rules (XolibaState, players=1): each move
must be legal in turn, and the last one must win. A fault raises LevelError naming the
file, the line of the file and what is wrong; `load_levels` skips such files, keeps their
messages and returns every good level.

`format:` is the level format the file is written in (LEVEL_FORMAT, absent = 1). A file
with a higher one needs a newer version of the game: it is skipped with a message saying
so, before any other key is looked at (a newer format may have keys this one does not
know). Level files are the game's own data, read-only: nothing here (or in the app) ever
moves, renames or writes one, a bad one included — it is skipped and left as it is.

No pygame here: the rules layer runs headless.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.registry import Demo
from game.core.state import IllegalMoveError

LEVELS_FOLDER = Path(__file__).resolve().parents[3] / "levels"
SUFFIX = ".txt"
MOVE_SEPARATOR = " / "
DIFFICULTY_NAMES = {1: "gentle", 2: "easy", 3: "medium", 4: "hard", 5: "very hard"}
LEVEL_FORMAT = 1                # the highest `format:` this version reads
REQUIRED = ("id", "title", "difficulty", "par", "line", "board")
OPTIONAL = ("format", "par_proven", "kind", "source", "measures")
KEYS = REQUIRED + OPTIONAL
REPEATABLE = ("line",)
MAX_BYTES = 64 * 1024
BOARD_ROWS = 7


class LevelError(ValueError):
    """A malformed level file. str(error) reads "<file>, line <n>: <what is wrong>"."""

    def __init__(self, name: str, line: int | None, problem: str):
        self.name, self.line, self.problem = name, line, problem
        where = f"{name}, line {line}" if line else name
        super().__init__(f"{where}: {problem}")


@dataclass
class Level:
    id: str
    title: str
    difficulty: int                     # 1 (gentle) … 5 (very hard)
    par: int                            # moves of the stored winning line
    line: list                          # the winning line, one notation string per move
    position: str                       # 7 lines of 7 characters, rank 7 first
    par_proven: bool | None = None      # the solver proved no shorter line wins (None: not said)
    kind: str = ""                      # "lesson" (fewer pieces) or "deal" (the real set-up)
    source: str = ""
    measures: str = ""
    name: str = ""                      # the file it came from
    extra: dict = field(default_factory=dict)

    @property
    def difficulty_name(self) -> str:
        return DIFFICULTY_NAMES[self.difficulty]

    def new_game(self, seed: int = 0):
        """A solitaire XolibaState set up on this level's board."""
        return new_solitaire(self.position, seed)


def solitaire_spec():
    """The game the puzzles are played in: Xoliba, with one player."""
    import game.rules
    return game.rules.get("xoliba")


def new_solitaire(position: str, seed: int = 0):
    return solitaire_spec().new_game(seed=seed, options={"players": 1, "position": position})


def line_notation(position: str, line) -> list[str]:
    """Moves (frm, to, triangle) played from `position`, each in notation (formatted in
    the position it is played in: the triangle is named only where there is a choice)."""
    state = new_solitaire(position)
    out = []
    for move in line:
        out.append(state.format_move(move))
        state.play(move)
    return out


def _is_number(text: str) -> bool:
    """A whole number in ASCII digits ("²".isdigit() is true, but int() refuses it)."""
    return text.isascii() and text.isdigit()


def _parse_difficulty(value: str) -> int:
    words = value.split(None, 1)
    if words and _is_number(words[0]):
        number = int(words[0])
        if number not in DIFFICULTY_NAMES:
            raise ValueError(f"difficulty {number} is not 1 to 5")
        if len(words) > 1 and words[1].strip().lower() != DIFFICULTY_NAMES[number]:
            raise ValueError(f"difficulty {number} is {DIFFICULTY_NAMES[number]!r}, "
                             f"not {words[1].strip()!r}")
        return number
    for number, word in DIFFICULTY_NAMES.items():
        if value.strip().lower() == word:
            return number
    raise ValueError(f"difficulty {value!r} is not a number 1 to 5 or one of "
                     f"{', '.join(DIFFICULTY_NAMES.values())}")


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_BYTES:
        raise LevelError(name, None, f"the file is too big for a level ({len(data)} bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise LevelError(name, line, f"not UTF-8 text (byte {data[exc.start]:#04x} at "
                                     f"offset {exc.start})") from None
    for number, row in enumerate(text.splitlines(), 1):
        bad = next((c for c in row if ord(c) < 32 and c not in "\t"), None)
        if bad is not None:
            raise LevelError(name, number, f"control character {bad!r}: not a level text file")
    return text


def _check_format(rows: list, name: str) -> int:
    """The file's `format:` (1 when absent). LevelError for a value that is not a whole
    number from 1, or one above LEVEL_FORMAT (the file needs a newer version)."""
    for number, raw in enumerate(rows, 1):
        key, colon, value = raw.strip().partition(":")
        if not colon or key.strip().lower() != "format":
            continue
        value = value.strip()
        if not _is_number(value) or int(value) < 1:
            raise LevelError(name, number, f"format must be a whole number from 1, not "
                                           f"{value[:20]!r}")
        if int(value) > LEVEL_FORMAT:
            raise LevelError(name, number, f"it needs a newer version of Little Abstracts "
                                           f"(level format {int(value)}; this one reads up "
                                           f"to {LEVEL_FORMAT})")
        return int(value)
    return 1


def parse_level(text, name: str = "<level>", check_line: bool = True) -> Level:
    """One level from its file text (str, or bytes as read from disk). LevelError, naming
    `name` and the line, for the first fault. With check_line the stored line is replayed
    through the real rules and must win."""
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text), name)
    elif not isinstance(text, str):
        raise LevelError(name, None, f"level text must be str or bytes, not "
                                     f"{type(text).__name__}")
    rows = text.splitlines()
    if not any(row.strip() for row in rows):
        raise LevelError(name, 1, "the file is empty (no level in it)")
    _check_format(rows, name)
    values: dict = {}
    where: dict = {}
    moves: list = []                    # (file line, notation)
    board_rows: list = []
    board_line = None
    number = 0
    while number < len(rows):
        raw = rows[number]
        number += 1
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if ":" not in stripped:
            raise LevelError(name, number, f"expected 'key: value', found {stripped[:40]!r}")
        key, value = (part.strip() for part in stripped.split(":", 1))
        key = key.lower()
        if key not in KEYS:
            raise LevelError(name, number, f"unknown key {key!r} (known: {', '.join(KEYS)})")
        if key in where and key not in REPEATABLE:
            raise LevelError(name, number, f"key {key!r} given twice (first on line "
                                           f"{where[key]})")
        where.setdefault(key, number)
        if key == "board":
            if value:
                raise LevelError(name, number, "'board:' stands alone; the 7 board lines "
                                               "follow it")
            board_line = number
            while len(board_rows) < BOARD_ROWS:
                if number >= len(rows):
                    raise LevelError(name, number, f"the board has {len(board_rows)} lines, "
                                                   f"not {BOARD_ROWS}")
                row = rows[number].strip()
                number += 1
                if not row or row.startswith("#"):
                    continue
                board_rows.append((number, row))
            continue
        if key == "line":
            if not value:
                raise LevelError(name, number, "empty 'line:'")
            for part in value.split("/"):
                move = " ".join(part.split())
                if not move:
                    raise LevelError(name, number, "an empty move between '/' separators")
                moves.append((number, move))
            continue
        if not value:
            raise LevelError(name, number, f"empty value for {key!r}")
        values[key] = value
    last = max((n for n, row in enumerate(rows, 1) if row.strip()), default=1)
    for key in REQUIRED:
        if key not in where:
            at = board_line if board_line is not None and key != "board" else last
            raise LevelError(name, at, f"missing '{key}:'" + (" (expected before the board)"
                                                              if at == board_line else ""))

    def fail(key, problem):
        raise LevelError(name, where[key], problem)

    try:
        difficulty = _parse_difficulty(values["difficulty"])
    except ValueError as exc:
        fail("difficulty", str(exc))
    if not _is_number(values["par"]):
        fail("par", f"par must be a whole number, not {values['par']!r}")
    par = int(values["par"])
    par_proven = None
    if "par_proven" in values:
        answer = values["par_proven"].lower()
        if answer not in ("yes", "no"):
            fail("par_proven", f"par_proven is yes or no, not {values['par_proven']!r}")
        par_proven = answer == "yes"

    # The board: the position text, checked by the rules' own parser.
    from game.games.xoliba import rules as xoliba
    position = "\n".join(row for _, row in board_rows)
    for offset, (row_number, row) in enumerate(board_rows):
        if len(row) != 7:
            raise LevelError(name, row_number, f"board line {offset + 1} ({row!r}) has "
                                               f"{len(row)} characters, not 7")
    try:
        board = xoliba.parse_position(position, 1)
    except ValueError as exc:
        line = board_line
        message = str(exc)
        for offset in range(BOARD_ROWS):
            if f"position line {offset + 1}" in message:
                line = board_rows[offset][0]
                message = message.replace(f"position line {offset + 1}",
                                          f"board line {offset + 1}")
        raise LevelError(name, line, message) from None
    if not any(board[p] == xoliba.BLUE for p in xoliba.POINTS):
        raise LevelError(name, board_line, "the board holds no blue piece: nothing to solve")

    if par != len(moves):
        fail("par", f"par is {par} but the line has {len(moves)} moves")
    if par < 1:
        fail("par", "par must be at least 1")
    level = Level(id=values["id"], title=values["title"], difficulty=difficulty, par=par,
                  line=[m for _, m in moves], position=position, par_proven=par_proven,
                  kind=values.get("kind", ""), source=values.get("source", ""),
                  measures=values.get("measures", ""), name=name, extra={"lines": where})
    if check_line:
        _replay(level, moves, name)
    return level


def _replay(level: Level, moves: list, name: str) -> None:
    state = level.new_game()
    if state.is_over:
        raise LevelError(name, level.extra["lines"]["board"],
                         f"the game is over before the first move: {state.outcome.reason}")
    for index, (number, text) in enumerate(moves, 1):
        if state.is_over:
            raise LevelError(name, number, f"move {index} {text!r} comes after the game "
                                           f"ended: {state.outcome.reason}")
        try:
            state.play(state.parse_move(text))
        except IllegalMoveError as exc:
            raise LevelError(name, number, f"move {index} {text!r} is illegal: {exc}") from None
    outcome = state.outcome
    if outcome is None or outcome.winner != 0:
        blue = state.pieces(1)
        why = outcome.reason if outcome else f"{blue} blue piece{'s' if blue != 1 else ''} left"
        raise LevelError(name, moves[-1][0], f"the line does not win: {why}")


def read_level(path, check_line: bool = True) -> Level:
    """One level file; LevelError (naming the file) if it cannot be read or is malformed."""
    path = Path(path)
    name = _display_name(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise LevelError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    return parse_level(data, name, check_line)


def _display_name(path: Path) -> str:
    parent = path.parent.name
    return f"{parent}/{path.name}" if parent else path.name


def level_files(folder=None) -> list:
    folder = Path(folder) if folder is not None else LEVELS_FOLDER
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file())
    except OSError:
        return []


def load_levels(folder=None, check_line: bool = True) -> tuple[list, list]:
    """Every level of `folder` (default: the project's levels/), in file-name order, and
    the messages of the files that could not be loaded (each names its file and line).
    A missing folder gives no levels and one message. The files are only read: a bad one
    is skipped and left exactly as it is."""
    folder = Path(folder) if folder is not None else LEVELS_FOLDER
    if not folder.is_dir():
        return [], [f"{folder}: no level folder"]
    levels, errors, seen = [], [], {}
    for path in level_files(folder):
        try:
            level = read_level(path, check_line)
        except LevelError as exc:
            errors.append(str(exc))
            continue
        except Exception as exc:    # one odd file must not hide the others
            errors.append(str(LevelError(_display_name(path), None,
                                         f"cannot be read ({type(exc).__name__}: {exc})")))
            continue
        if level.id in seen:
            errors.append(str(LevelError(level.name, level.extra["lines"]["id"],
                                         f"id {level.id!r} is already used by "
                                         f"{seen[level.id]}")))
            continue
        seen[level.id] = level.name
        levels.append(level)
    return levels, errors


def format_level(level: Level, moves_per_line: int = 8) -> str:
    """The file text of a level (what the generator writes; parse_level reads it back)."""
    out = ["# Xoliba solitaire level (format: levels/README.md)",
           f"id: {level.id}",
           f"title: {level.title}",
           f"difficulty: {level.difficulty} {DIFFICULTY_NAMES[level.difficulty]}",
           f"par: {level.par}"]
    if level.par_proven is not None:
        out.append(f"par_proven: {'yes' if level.par_proven else 'no'}")
    for key in ("kind", "source", "measures"):
        if getattr(level, key):
            out.append(f"{key}: {getattr(level, key)}")
    for start in range(0, len(level.line), moves_per_line):
        out.append("line: " + MOVE_SEPARATOR.join(level.line[start:start + moves_per_line]))
    out.append("board:")
    out.extend(level.position.splitlines())
    return "\n".join(out) + "\n"


def solitaire_demo(seed: int):
    """An attract demo (Xoliba's record): a level's winning line replayed, or None when
    there are no level files."""
    levels, _ = load_levels()
    if not levels:
        return None
    level = levels[seed % len(levels)]
    return Demo(level.new_game(), f"Solitaire: {level.title}", "solution",
                script=list(level.line))


def deal_level(deal: dict) -> Level:
    """A random deal (as the worker found it) as a level, its par the solver's line."""
    return Level(id=f"deal-{deal['seed']}", title=f"Random deal {deal['seed']}", difficulty=3,
                 par=len(deal["line"]), line=list(deal["line"]), position=deal["position"],
                 par_proven=bool(deal.get("proven")), kind="random")


def self_check() -> str:
    """--self-check's line on the levels (its record's `self_checks`): how many load, and
    from where; ValueError says what is wrong."""
    if not LEVELS_FOLDER.is_dir():
        raise ValueError(f"the levels folder is missing: {LEVELS_FOLDER}")
    levels, problems = load_levels()
    if problems:
        raise ValueError(f"{len(problems)} bad level files, first: {problems[0]}")
    if not levels:
        raise ValueError(f"no solitaire levels in {LEVELS_FOLDER}")
    return f"{len(levels)} solitaire levels in {LEVELS_FOLDER}"
