"""Hostile game records: valid records of every game and mode, and the ways to break
them. Used by the records-fuzz bench (game/bench/records_fuzz.py, tens of thousands of
cases) and by a smaller hypothesis test in the suite (tests/test_records_fuzz.py).

`valid_records(seed)` plays seeded random games of every mode of every game (game/
testing/playouts.py lists the modes) and writes each, finished or cut off in progress,
with game.records.dumps. `mutate(text, rng, others)` breaks one in one of MUTATIONS'
ways. `check(text)` loads it and says what happened: "loaded", "refused" (a ValueError,
the only exception game.records.loads may raise) or "crashed" with the exception; the
seconds it took are the bench's to judge.
"""
from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable
from typing import NamedTuple

import game.records
import game.rules
from game.testing.playouts import all_modes

MAX_PLIES = 90                  # a random game stops here (Che with no pool never ends)

# Digits of other scripts: Arabic-Indic, Devanagari, fullwidth, Bengali, mathematical bold.
OTHER_DIGITS = ("٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "０１２３４５６７８９", "০১২৩৪৫৬৭৮৯",
                "".join(chr(0x1D7CE + d) for d in range(10)))
ODD_TEXT = ("\x00", "\ud800", "\udfff", "\u202e", "\ufeff", "\u0301", "\U0001F600", "\u2028",
            "\x85", "\t", "\r", "\x7f", "é", "ß", "\u00a0")
# Option values of every JSON type, and JSON that is not quite JSON.
JSON_VALUES = ("2", "2.0", "3.0", "0.0", "1e999", "-0", "true", "false", "null", '"2"',
               '"normal"', '""', "[]", "{}", "[2]", '{"a": 1}', "NaN", "Infinity",
               "-Infinity", "9" * 5000, "1" + "0" * 400, '"\\ud800"', "[" * 2000,
               "[" * 990 + "]" * 990, "{" * 1500, '[{"a": ' * 600, "'normal'", "02", "+2",
               "0x10", "1_000", "２", '"unlimited"', '"torus"', "64.0", "-1", "1e2")


class Result(NamedTuple):
    verdict: str                # "loaded", "refused" or "crashed"
    seconds: float
    detail: str                 # the ValueError's text, or the crash's traceback


def check(text: str) -> Result:
    started = time.perf_counter()
    try:
        state, headers = game.records.loads(text)
        verdict, detail = "loaded", _use(state, headers)
    except ValueError as exc:
        verdict, detail = "refused", str(exc)
    except BaseException:       # a crash is what the fuzzing looks for
        verdict, detail = "crashed", traceback.format_exc(limit=6)
    return Result(verdict, time.perf_counter() - started, detail)


def _use(state, headers) -> str:
    """A loaded record used as the app uses it: saved again and read back, listed,
    played on, undone. An option or move that loads but breaks this is a crash (an
    AssertionError here names what differs)."""
    text = game.records.dumps(state, {k: v for k, v in headers.items()
                                      if not game.records._reserved(k)})
    again, _ = game.records.loads(text)
    assert again.move_list() == state.move_list(), "saved again, the moves differ"
    restored = state.spec.from_json(state.to_json())
    assert restored.move_list() == state.move_list(), "the save's moves differ"
    if state.is_chance:
        state.sample_chance()
    elif not state.is_over:
        state.play(state.legal_moves()[-1])
    if state.history:
        state.undo()
    state.copy()
    return ""


# --- valid records ----------------------------------------------------------------------
def random_game(mode, seed: int, plies: int):
    """A seeded random game of `mode` (chance steps drawn, consent moves never), played
    to its end or `plies` moves."""
    import game.rules
    rng = random.Random(f"record-fuzz:{mode.name}:{seed}")
    state = game.rules.get(mode.game).new_game(seed=seed, options=mode.options_for(seed))
    while not state.is_over and len(state.history) < plies:
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def valid_records(seed: int = 1, per_mode: int = 2) -> list[str]:
    """Records of `per_mode` games of every mode of every game: some played to their end
    (or MAX_PLIES), some cut off early, some with extra headers."""
    records = []
    for mode in all_modes():
        for index in range(per_mode):
            rng = random.Random(f"record-fuzz-length:{mode.name}:{seed}:{index}")
            plies = MAX_PLIES if index % 2 == 0 else rng.randrange(0, 12)
            state = random_game(mode, seed * 1000 + index, plies)
            headers = {"Date": "2026-11-27", "Players": "You | Computer (easy)"} \
                if index % 3 == 0 else None
            records.append(game.records.dumps(state, headers))
    return records


# --- mutations --------------------------------------------------------------------------
def _lines(text: str) -> list[str]:
    return text.split("\n")


def _split(text: str) -> tuple[list[str], list[str]]:
    """(the head's lines, the rest), at the first blank line."""
    lines = _lines(text)
    blank = lines.index("") if "" in lines else len(lines)
    return lines[:blank], lines[blank:]


def flip_bytes(text, rng, others):
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", "surrogateescape")      # bad UTF-8 -> lone surrogates


def delete_bytes(text, rng, others):
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 3)):
        if data:
            start = rng.randrange(len(data))
            del data[start:start + rng.choice((1, 1, 2, 5, 20))]
    return data.decode("utf-8", "surrogateescape")


def truncate(text, rng, others):
    return text[:rng.randrange(len(text) + 1)]


def splice(text, rng, others):
    other = rng.choice(others)
    return text[:rng.randrange(len(text) + 1)] + other[rng.randrange(len(other) + 1):]


def splice_lines(text, rng, others):
    """The head of one record on the moves of another (another game, mode or seed)."""
    head, _ = _split(text)
    _, moves = _split(rng.choice(others))
    return "\n".join(head + moves)


def shuffle_headers(text, rng, others):
    head, rest = _split(text)
    first, headers = head[:1], head[1:]
    rng.shuffle(headers)
    if rng.random() < 0.3:
        first, headers = [], first + headers
        rng.shuffle(headers)
    return "\n".join(first + headers + rest)


def repeat_header(text, rng, others):
    head, rest = _split(text)
    if len(head) < 2:
        return text + text
    line = rng.choice(head[1:])
    head.insert(rng.randrange(1, len(head) + 1), line)
    return "\n".join(head + rest)


def drop_line(text, rng, others):
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def swap_moves(text, rng, others):
    head, rest = _split(text)
    moves = [i for i, line in enumerate(rest) if ". " in line]
    if len(moves) < 2:
        return text + "\n1. a1"
    i, j = rng.sample(moves, 2)
    mode = rng.random()
    if mode < 0.4:      # swap the moves' texts, keep the numbers
        a, b = rest[i].split(". ", 1), rest[j].split(". ", 1)
        rest[i], rest[j] = f"{a[0]}. {b[1]}", f"{b[0]}. {a[1]}"
    elif mode < 0.7:    # a move played twice
        rest.insert(j, rest[i])
    else:               # a move of another record
        other_moves = [line for line in _split(rng.choice(others))[1] if ". " in line]
        if other_moves:
            rest[i] = rest[i].split(". ", 1)[0] + ". " + \
                rng.choice(other_moves).split(". ", 1)[1]
    return "\n".join(head + rest)


def huge_number(text, rng, others):
    """A number of the record (seed, move number, coordinate, piece, option) made huge,
    negative or long."""
    spots = [i for i, c in enumerate(text) if c.isdigit() and c.isascii()]
    if not spots:
        return text + "9" * 30
    at = rng.choice(spots)
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    number = rng.choice(("9" * rng.choice((8, 20, 21, 400, 1999)), "-" + "9" * 12, "0" * 50,
                         str(2 ** 63), str(2 ** 21), str(2 ** 22 + 1), "-2097152",
                         "4194304", "1e9", "99999999999999999999999"))
    return text[:at] + number + text[end:]


def odd_unicode(text, rng, others):
    """Digits of another script in place of ASCII ones, or odd characters put in."""
    if rng.random() < 0.5:
        digits = rng.choice(OTHER_DIGITS)
        spots = [i for i, c in enumerate(text) if c.isdigit() and c.isascii()]
        chars = list(text)
        for i in rng.sample(spots, min(len(spots), rng.randint(1, 3))):
            chars[i] = digits[int(chars[i])]
        return "".join(chars)
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(ODD_TEXT) + text[at:]


def nul_bytes(text, rng, others):
    at = rng.randrange(len(text) + 1)
    return text[:at] + "\x00" * rng.choice((1, 1, 8)) + text[at:]


def option_value(text, rng, others):
    """An option's value replaced by a value of another JSON type (or not JSON); or an
    option added that the game does not have, or one taken out."""
    head, rest = _split(text)
    options = [i for i, line in enumerate(head) if line.startswith("Option ")]
    roll = rng.random()
    if options and roll < 0.8:
        i = rng.choice(options)
        name = head[i].split(":", 1)[0]
        head[i] = f"{name}: {rng.choice(JSON_VALUES)}"[:game.records.MAX_LINE]
    elif options and roll < 0.9:
        del head[rng.choice(options)]
    else:
        head.insert(min(3, len(head)), f"Option {rng.choice(('players', 'size', 'x', 'tiles', 'first'))}: {rng.choice(JSON_VALUES)}"[:game.records.MAX_LINE])
    return "\n".join(head + rest)


def other_game(text, rng, others):
    """The Game header names another game (or none, or garbage)."""
    names = [spec.name for spec in game.rules.in_order()]
    head, rest = _split(text)
    for i, line in enumerate(head):
        if line.startswith("Game: "):
            head[i] = "Game: " + rng.choice((*names, "chess", "", names[0].upper(),
                                             names[0] + " ", "x" * 1000))
    return "\n".join(head + rest)


def result_header(text, rng, others):
    head, rest = _split(text)
    for i, line in enumerate(head):
        if line.startswith("Result: "):
            head[i] = "Result: " + rng.choice(("*", "draw (0.5 0.5)", "Red (1 0)",
                                               "First (1 0)", "", "Second", "Light (0 1)"))
    return "\n".join(head + rest)


def long_line(text, rng, others):
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] += rng.choice(("x", " ", "9", "[")) * rng.choice((1990, 2001, 5000))
    return "\n".join(lines)


def line_endings(text, rng, others):
    return rng.choice((text.replace("\n", "\r\n"), text.replace("\n", "\r"),
                       "\ufeff" + text, text.replace("\n", "\n\n"), text.rstrip("\n"),
                       text.replace(". ", ".\t"), text.replace(": ", ":")))


MUTATIONS: dict[str, Callable] = {
    f.__name__: f for f in (flip_bytes, delete_bytes, truncate, splice, splice_lines,
                            shuffle_headers, repeat_header, drop_line, swap_moves,
                            huge_number, odd_unicode, nul_bytes, option_value, other_game,
                            result_header, long_line, line_endings)}


def mutate(text: str, rng: random.Random, others: list[str]) -> tuple[str, str]:
    """(the name of the mutation, the mutated text): one to three mutations in a row."""
    names = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        name = rng.choice(list(MUTATIONS))
        text = MUTATIONS[name](text, rng, others)
        names.append(name)
    return "+".join(names), text


def option_sweep(records: list[str]):
    """(name, text) for every option line of every record given each of JSON_VALUES:
    every option of every game meets every JSON type, not only by chance."""
    for text in records:
        head, rest = _split(text)
        for i, line in enumerate(head):
            if line.startswith("Option "):
                name = line.split(":", 1)[0]
                for value in JSON_VALUES:
                    changed = head[:i] + [f"{name}: {value}"[:game.records.MAX_LINE]] + head[i + 1:]
                    yield "option_sweep", "\n".join(changed + rest)
