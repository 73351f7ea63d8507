"""`python -m game.bench codes-fuzz`: hostile correspondence codes thrown at the reader.

First whole games of every game are played by correspondence between two players of
this process (random moves, fair rolls), --games of each, in a home folder of the
bench's own: the lengths of their codes are printed (median and longest per game). Every
code of those games, with the reader's side as it stood before reading it, is the
material: --cases codes are then made from them in the ways below and each is read by
a fresh copy of that reader (an invitation by `accept`):

  bitflip    bits of the packed body flipped (the letters encoded again)
  letters    letters changed, deleted, inserted, swapped, the case and spaces changed
  truncate   the code cut short
  splice     two codes joined, or one inside another
  header     the first letters changed (another game, another format, no header)
  huge       text far over the limit, or just under it
  garbage    random text, Unicode, control characters, nothing, not text at all
  bomb       a good checksum around a zlib bomb (megabytes of one byte)
  deep       a good checksum around JSON nested thousands deep
  fields     a good checksum around a body with a part given every JSON type, huge
             numbers, long texts, unknown games, parts missing or added
  moves      a good checksum around a body whose moves are changed, cut, repeated,
             replaced by nonsense or by thousands of moves

Targets: zero exceptions other than ValueError (crashes), zero cases over --limit
seconds (hangs: each case is cut off by a timer at the limit). Printed: the cases per
way, accepted / refused / crashed / hung, the slowest case, and the first crashes'
tracebacks.
"""
from __future__ import annotations

import base64
import copy
import gc
import json
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
import traceback
import zlib
from collections import Counter, defaultdict

JSON_VALUES = (None, True, False, 0, -1, 2**70, 1.5, "", "x" * 5000, [], [1, [2]], {},
               {"a": {"b": 1}})


def add_arguments(parser) -> None:
    parser.add_argument("--cases", type=int, default=20_000,
                        help="hostile codes read (default 20,000)")
    parser.add_argument("--games", type=int, default=3,
                        help="correspondence games of each game played first (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--limit", type=float, default=2.0,
                        help="most seconds one code may take (default 2)")


class Hang(Exception):
    """The timer cut a case off at the limit."""


def _on_timer(_signum, _frame):
    raise Hang


# --- the material: whole games by correspondence ----------------------------------------


def _at(home: str) -> None:
    os.environ["LITTLE_ABSTRACTS_HOME"] = home


def play_games(games: int, seed: int, folder: str, names=None):
    """Whole correspondence games of every game (or of `names`), the players' homes in
    `folder`: [(reader before reading, code)] and {game title: [code lengths]}."""
    import game.rules
    from game.net import correspondence as cc

    material, lengths = [], defaultdict(list)
    rng = random.Random(f"codes-fuzz:{seed}")
    for name in names or game.rules.names():
        for _ in range(games):
            homes = [tempfile.mkdtemp(dir=folder), tempfile.mkdtemp(dir=folder)]
            _at(homes[0])
            inviter = cc.invite(name, None, "Ada", rng.randrange(2))
            code = inviter.make_code()
            material.append((None, code))
            _at(homes[1])
            sides = [inviter, cc.accept(code, "Bo")]
            code = sides[1].make_code()
            title = sides[0].spec.title
            lengths[title] += [len(sides[0].last_code), len(code)]
            reader = 0
            while True:
                _at(homes[reader])
                corr = sides[reader]
                material.append((copy.deepcopy(corr), code))
                corr.read_code(code)
                if corr.finished:
                    break
                corr.play_turn(rng.choice)
                code = corr.make_code()
                lengths[title].append(len(code))
                reader = 1 - reader
    return material, lengths


# --- the ways to break a code -------------------------------------------------------------


def _with_body(code: str, body) -> str:
    """A code with this body (any JSON value) and a good checksum; its first letters
    those of the body's game when it names one in ASCII letters."""
    from game.net import correspondence as cc
    head = cc.normalise(code)[:5]
    name = body.get("g") if isinstance(body, dict) else None
    if isinstance(name, str) and cc.tag(name).isascii() and cc.tag(name).isalpha():
        head = head[:3] + cc.tag(name)
    return _letters(head, zlib.compress(json.dumps(body).encode("utf-8")))


def _with_packed(code: str, packed: bytes) -> str:
    from game.net import correspondence as cc
    return _letters(cc.normalise(code)[:5], packed)


def _letters(header: str, packed: bytes) -> str:
    crc = zlib.crc32(header.encode("ascii") + packed).to_bytes(4, "big")
    return f"{header[:3]}-{header[3:]}-" + \
        base64.b32encode(packed + crc).decode("ascii").rstrip("=")


def _body(code: str) -> dict:
    from game.net import correspondence as cc
    return cc.decode(code)


def bitflip(code, rng, codes):
    letters = code.split("-", 2)[2]
    raw = bytearray(base64.b32decode(letters + "=" * (-len(letters) % 8)))
    for _ in range(rng.randint(1, 4)):
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    if rng.random() < 0.5:      # the checksum mended: the flip reaches the unpacking
        return _with_packed(code, bytes(raw[:-4]))
    return code[:7] + base64.b32encode(bytes(raw)).decode("ascii").rstrip("=")


def letters(code, rng, codes):
    text = list(code)
    for _ in range(rng.randint(1, 5)):
        at = rng.randrange(len(text))
        how = rng.randrange(5)
        if how == 0:
            text[at] = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567018 -=\n")
        elif how == 1:
            del text[at]
        elif how == 2:
            text.insert(at, rng.choice("ABZ27 -\t\n"))
        elif how == 3 and at + 1 < len(text):
            text[at], text[at + 1] = text[at + 1], text[at]
        else:
            text[at] = text[at].lower()
    return "".join(text)


def truncate(code, rng, codes):
    return code[:rng.randrange(len(code))]


def splice(code, rng, codes):
    other = rng.choice(codes)
    at = rng.randrange(len(code))
    return code[:at] + other + (code[at:] if rng.random() < 0.5 else "")


def header(code, rng, codes):
    rest = code.split("-", 2)[2]
    head = rng.choice(["LA1-ZZ", "LA9-CA", "LA0-XT", "XX1-CA", "LA1", "", "LA1-", "la1-ch",
                       "LA١-XT", "LA1-X", "LA1-XTT"])
    return f"{head}-{rest}"


def huge(code, rng, codes):
    from game.net import correspondence as cc
    size = rng.choice([cc.MAX_CODE_TEXT, cc.MAX_CODE_TEXT + 1, 100_000, 2_000_000])
    filler = rng.choice(["A", "7", " ", "-", code])
    return (code + filler * (size // len(filler) + 1))[:size]


def garbage(code, rng, codes):
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(200)))
    if kind == 1:
        return "".join(chr(rng.randrange(0, 0x20)) for _ in range(rng.randrange(50)))
    if kind == 2:
        return rng.choice(["", " ", "-", "LA1-", "LA1-CA-", "LA1-CA-A", "\ud800", "LA1-CA-\x00"])
    if kind == 3:
        return rng.choice([None, 5, b"LA1-CA-AAAA", ["LA1"], 1.5])
    if kind == 4:
        return "LA1-" + code[4:6] + "-" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
                                                  for _ in range(rng.randrange(1, 600)))
    return code.encode("utf-8").hex()


_BOMBS: dict = {}


def bomb(code, rng, codes):
    kind = (rng.choice([b"0", b" ", b"["]), rng.choice([300_000, 3_000_000, 30_000_000]))
    if kind not in _BOMBS:                   # packing 30 MB takes a while: once each
        _BOMBS[kind] = zlib.compress(kind[0] * kind[1], 9)
    return _with_packed(code, _BOMBS[kind])


def deep(code, rng, codes):
    depth = rng.choice([5, 50, 5_000, 50_000])
    nested = "[" * depth + "]" * depth
    body = _body(code)
    key = rng.choice(["o", "m", "p", "top"])
    text = nested if key == "top" else json.dumps({**body, key: 0}).replace(
        f'"{key}": 0', f'"{key}": {nested}')
    return _with_packed(code, zlib.compress(text.encode("utf-8")))


def fields(code, rng, codes):
    body = _body(code)
    how = rng.randrange(4)
    key = rng.choice(["id", "n", "g", "o", "s", "p", "m", "h", "c", "x", "r"])
    if how == 0:
        body[key] = rng.choice(JSON_VALUES)
    elif how == 1:
        body.pop(key, None)
    elif how == 2:
        body[rng.choice(["zz", "version", "__proto__"])] = rng.choice(JSON_VALUES)
    else:
        body.update(rng.choice([{"g": "chess"}, {"n": 0}, {"n": -5}, {"n": 10**30},
                                {"o": {"nope": 1}}, {"p": ["A" * 40]}, {"p": ["\x01"]},
                                {"p": []}, {"s": 2}, {"id": "ZZ"}, {"c": "00"},
                                {"r": "g" * 32}, {"h": "0" * 16}]))
    return _with_body(code, body)


def moves(code, rng, codes):
    body = _body(code)
    listed = list(body.get("m") or ["-"])
    how = rng.randrange(6)
    if how == 0 and listed:
        listed[rng.randrange(len(listed))] = rng.choice(listed)
    elif how == 1:
        listed = listed[:rng.randrange(len(listed) + 1)]
    elif how == 2:
        listed += listed[-rng.randint(1, 3):]
    elif how == 3:
        listed.append(rng.choice(["", "pass", "roll 4444", "roll 9999", "agree", "a1/0",
                                  "[9,9][9,9]", "x" * 199, "\u202e", "a1-a2 b1,b2"]))
    elif how == 4:
        listed += [rng.choice(listed)] * rng.choice([100, 5_000, 20_000])
    else:
        rng.shuffle(listed)
    body["m"] = listed
    return _with_body(code, body)


MUTATIONS = {fn.__name__: fn for fn in (bitflip, letters, truncate, splice, header, huge,
                                        garbage, bomb, deep, fields, moves)}


# --- reading ---------------------------------------------------------------------------


def read(reader, text) -> str:
    """'accepted', 'refused' (ValueError) or 'crashed: <traceback>'."""
    from game.net import correspondence as cc
    try:
        if reader is None:
            corr = cc.accept(text, "Fuzz")
            corr.path.unlink()          # the next invitation is new here again
        else:
            # A shallow copy: reading replaces the reader's parts, never changes them.
            copy.copy(reader).read_code(text)
        return "accepted"
    except ValueError:
        return "refused"
    except Hang:
        raise
    except Exception:
        return "crashed: " + traceback.format_exc()


def run(args) -> int:
    if args.cases < 0 or args.games < 1:
        raise SystemExit("--cases must be 0 or more and --games 1 or more")
    started = time.perf_counter()
    folder = tempfile.mkdtemp(prefix="codes-fuzz-")
    material, lengths = play_games(args.games, args.seed, folder)
    # The material (hundreds of games' states) stays for the whole run: out of the
    # collector's scans, which would otherwise land on whichever case allocates most.
    gc.freeze()
    _at(tempfile.mkdtemp(dir=folder))
    print(f"Codes fuzz: {args.games} correspondence games of each game, {len(material)} "
          f"codes; {args.cases:,} hostile codes; seed {args.seed}, limit {args.limit:g} s")
    print(f"{'code lengths':<16} {'codes':>6} {'median':>7} {'longest':>8}")
    for title, found in lengths.items():
        print(f"{title:<16} {len(found):6} {statistics.median(found):7.0f} {max(found):8}")
    codes = [code for _reader, code in material]
    rng = random.Random(f"codes-fuzz-cases:{args.seed}")
    per_way: dict[str, Counter] = defaultdict(Counter)
    slowest, crashes, hangs = (0.0, ""), [], []
    signal.signal(signal.SIGALRM, _on_timer)
    for case in range(args.cases):
        reader, code = rng.choice(material)
        way = rng.choice(list(MUTATIONS))
        text = MUTATIONS[way](code, rng, codes)
        begun = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.limit)
        try:
            verdict = read(reader, text)
        except Hang:
            verdict = "hung"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - begun
        if seconds > slowest[0]:
            slowest = (seconds, way)
        if verdict.startswith("crashed"):
            crashes.append((case, way, text, verdict))
            verdict = "crashed"
        if verdict == "hung":
            hangs.append((case, way))
        per_way[way][verdict] += 1
    total: Counter = sum(per_way.values(), Counter())
    print(f"{'way':<10} {'cases':>7} {'accepted':>9} {'refused':>8} {'crashed':>8} {'hung':>5}")
    for way in MUTATIONS:
        counts = per_way[way]
        print(f"{way:<10} {sum(counts.values()):7,} {counts['accepted']:9,} "
              f"{counts['refused']:8,} {counts['crashed']:8,} {counts['hung']:5,}")
    print(f"{'all':<10} {args.cases:7,} {total['accepted']:9,} {total['refused']:8,} "
          f"{total['crashed']:8,} {total['hung']:5,}   slowest {slowest[0]:.3f} s "
          f"({slowest[1]})")
    for case, way, text, detail in crashes[:5]:
        print(f"\ncrash in case {case} ({way}): {str(text)[:200]!r}\n{detail}")
    for case, way in hangs[:5]:
        print(f"hang: case {case} ({way}) cut off at {args.limit:g} s")
    print(f"{len(crashes)} crashes, {len(hangs)} hangs "
          f"({time.perf_counter() - started:.0f} s in all)")
    shutil.rmtree(folder, ignore_errors=True)
    failed = bool(crashes or hangs)
    print("PASS" if not failed else "FAIL")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit("run it as: python -m game.bench codes-fuzz")
