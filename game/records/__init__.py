"""Game records: one plain-text format for every game (docs/RECORDS.md).

    text = dumps(state, headers={"White": "Ada"})
    state, headers = loads(text)

A record is a first line naming the format, header lines `Key: value`, a blank line and
the moves, one a line, numbered, in the game's own notation (Catalina's dice rolls are
moves too: `roll 1334`). The game, its seed and its options make the starting position
(a Xoliba deal comes from the seed), so replaying the moves gives the same positions and
outcome; a record of a game in progress plays on from its last move.

`loads` takes nothing on trust: each fault is a ValueError naming the line and what is
wrong with it (an unknown game or option, a move that is not legal there, garbage), and
a record is bounded in size and line length. No pygame here: the records are read and
written headless, by tests outside the project too.

The package holds the rest of what is done with records: the files the player opens,
lists and exports (record_files) and the finished games kept in the data folder
(kept_games).
"""
from __future__ import annotations

import json
import re

import game.rules
from game.core.json_data import parse_json
from game.core.state import many_moves

FORMAT_LINE = "# Little Abstracts game record, format 1"
MAX_BYTES = 1_000_000           # a record longer than this is refused unread
MAX_LINE = 2_000                # characters in one line (a Xoliba position is 63)
# Header keys the format itself writes: user headers may not take them.
GAME, SEED, RESULT, REASON, OPTION = "Game", "Seed", "Result", "Reason", "Option "
IN_PROGRESS = "*"
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,63}")
# Numbers are ASCII digits: '١٢' (Arabic-Indic) is a number to int() but not to a record.
_MOVE = re.compile(r"([0-9]{1,7})\.[ \t]+(\S.*)")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\ud800-\udfff]")   # a tab is allowed; no lone surrogates
_SEED = re.compile(r"-?[0-9]{1,20}")
MAX_OPTION_DEPTH = 4            # option values are flat: a string, number, bool or null


def dumps(state, headers: dict | None = None) -> str:
    """The game `state` (finished or in progress) as a record, with `headers` (str keys
    and values, one line each) after the game's own."""
    lines = [FORMAT_LINE, f"{GAME}: {state.spec.name}", f"{SEED}: {state.seed}"]
    for name, value in sorted(state.options.items()):
        lines.append(f"{OPTION}{name}: {json.dumps(value)}")
    if state.is_over:
        outcome = state.outcome
        lines.append(f"{RESULT}: {_winner(state)} "
                     f"({' '.join(f'{s:g}' for s in outcome.scores)})")
        lines.append(f"{REASON}: {_one_line(outcome.reason)}")
    else:
        lines.append(f"{RESULT}: {IN_PROGRESS} (in progress)")
    for key, value in (headers or {}).items():
        key, value = str(key), _one_line(str(value))
        if not _KEY.fullmatch(key) or _reserved(key):
            raise ValueError(f"header {key!r}: a header is a name of letters, digits, "
                             f"spaces, - and _, not one of the record's own")
        lines.append(f"{key}: {value}")
    lines.append("")
    lines += [f"{number}. {text}" for number, text in enumerate(state.move_list(), 1)]
    return "\n".join(lines) + "\n"


def loads(text: str):
    """(the state the record ends in, its headers as a dict of str). ValueError naming
    the line for anything malformed, an unknown game or option, or an illegal move."""
    headers, lines, end = _headers(text)
    state = _start(headers)
    expected = 1
    with many_moves():
        for number, line in enumerate(lines[end:], end + 1):
            if not line.strip():
                continue
            match = _MOVE.fullmatch(line.strip())
            if match is None:
                raise ValueError(f"line {number}: expected a numbered move like "
                                 f"'{expected}. ...', got {_clip(line)!r}")
            if int(match.group(1)) != expected:
                raise ValueError(f"line {number}: move number {match.group(1)}, expected "
                                 f"{expected}")
            move_text = match.group(2).strip()
            try:
                state.play(state.parse_move(move_text))
            except ValueError as exc:
                raise ValueError(f"line {number}: move {expected} {move_text!r} is not "
                                 f"legal here: {_clip(str(exc), 200)}") from None
            expected += 1
    _check_result(state, headers)
    return state, headers


def _headers(text: str):
    """(headers, the record's lines, the number of the line ending the headers), the
    format line and every line's length checked."""
    if not isinstance(text, str):
        raise ValueError("a record is text")
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise ValueError(f"the record is over {MAX_BYTES:,} bytes: not read")
    # A byte-order mark (Windows editors write one) is not part of the first line.
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    if lines[0].strip() != FORMAT_LINE:
        first = lines[0].strip()
        if first.startswith("# Little Abstracts game record, format "):
            raise ValueError(f"line 1: {first[2:]!r}; this version reads format 1")
        raise ValueError(f"line 1: not a Little Abstracts game record (expected "
                         f"{FORMAT_LINE!r})")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise ValueError(f"line {number}: over {MAX_LINE} characters")
        if _CONTROL.search(line):
            raise ValueError(f"line {number}: holds control characters (not a record?)")
    headers: dict[str, str] = {}
    number = 1
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if not colon or not _KEY.fullmatch(key.strip()):
            raise ValueError(f"line {number}: expected a header 'Name: value', got "
                             f"{_clip(line)!r}")
        key = key.strip()
        if key in headers:
            raise ValueError(f"line {number}: the header {key!r} is given twice")
        headers[key] = value.strip()
    return headers, lines, number


def _start(headers: dict[str, str]):
    """The starting position the headers name (game, seed, options)."""
    where = {key: number for number, key in enumerate(headers, 2)}
    if GAME not in headers:
        raise ValueError("the record has no 'Game:' header")
    try:
        spec = game.rules.get(headers[GAME])
    except KeyError:
        raise ValueError(f"line {where[GAME]}: unknown game {headers[GAME]!r}; known: "
                         f"{', '.join(game.rules.names())}") from None
    if not _SEED.fullmatch(headers.get(SEED, "")):
        raise ValueError(f"line {where.get(SEED, 2)}: 'Seed:' is missing or not a whole "
                         f"number")
    seed = int(headers[SEED])
    options = {}
    for key, value in headers.items():
        if key.startswith(OPTION):
            name = key[len(OPTION):].strip()
            try:
                options[name] = parse_json(value, MAX_OPTION_DEPTH)
            except ValueError as exc:
                raise ValueError(f"line {where[key]}: option {name!r}: {exc}") from None
            try:
                spec.validate_options({name: options[name]})
            except ValueError as exc:       # it names the option and its allowed values
                raise ValueError(f"line {where[key]}: {_clip(str(exc), 200)}") from None
    try:
        return spec.new_game(seed=seed, options=options)
    except ValueError as exc:
        raise ValueError(f"the options of the record: {exc}") from None


def _winner(state) -> str:
    """The Result header's first word for a finished game: the winning seat or draw."""
    winner = state.outcome.winner
    return "draw" if winner is None else state.spec.seats_for(state.options)[winner]


def _check_result(state, headers: dict[str, str]) -> None:
    """A Result header must agree with the moves (its first word: the winner, `draw`, or
    `*` in progress): a record that claims another ending than its moves is refused."""
    if RESULT not in headers:
        return
    claimed = headers[RESULT].split(" ", 1)[0]
    actual = _winner(state) if state.is_over else IN_PROGRESS
    if claimed != actual:
        line = list(headers).index(RESULT) + 2
        said = "in progress" if actual == IN_PROGRESS else f"{actual!r}"
        raise ValueError(f"line {line}: the result says {_clip(claimed, 20)!r}, but the "
                         f"moves end with {said}")


def _reserved(key: str) -> bool:
    return key in (GAME, SEED, RESULT, REASON) or key.startswith(OPTION)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _clip(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most] + "…"
