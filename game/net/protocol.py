"""The live protocol: versioned JSON messages, one per frame (docs/NETWORK.md).

A frame is a 4-byte big-endian length, then that many bytes of UTF-8 JSON: one object with
"v" (the protocol version), "type" and the fields of its type, no others. A length prefix
rather than newline-delimited JSON: the receiver knows a frame's size before it reads the
frame, so an oversized one is refused from its first four bytes, and it never scans
hostile bytes for the end of a line.

Whatever arrives is hostile until `decode` has checked it: the size, the nesting depth,
the version, the type, and each field's type and range. A fault is a `ProtocolError` (a
ValueError) naming it, with a `cause` the connection reports: "garbage", "too large",
"version".
"""
from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable, Iterator

from game.core.json_data import parse_json

VERSION = 3                      # 2: chance from both sides (commit, reveal); 3: requests
#                                  in a game of three (verdict), who plays where (players)
MAX_FRAME = 64 * 1024            # bytes of JSON in one message
MAX_DEPTH = 8                    # nesting of a message: hello's game options sit at 3
HEADER = struct.Struct(">I")

MAX_NAME = 40                    # a player's name, a game's name, the app's version
MAX_TEXT = 200                   # a reason, an option's text value (Xoliba's position)
MAX_MOVE = 64                    # a move in notation
MAX_PLY = 10_000_000             # more plies than any game holds
MAX_OPTIONS = 32
MAX_SEAT = 7
MAX_HEX = 1024                   # the fair-chance scheme's commits and reveals
MAX_CATCH_UP = 2_000             # moves a welcome may carry to a guest behind


class ProtocolError(ValueError):
    """A message that breaks the protocol; `cause` is "garbage", "too large" or
    "version"."""

    def __init__(self, message: str, cause: str = "garbage"):
        super().__init__(message)
        self.cause = cause


class Message:
    """A checked message: its `type` and its fields (`message["ply"]`)."""

    def __init__(self, type_: str, fields: dict):
        self.type = type_
        self.fields = fields

    def __getitem__(self, name: str):
        return self.fields[name]

    def __eq__(self, other) -> bool:
        return isinstance(other, Message) and (self.type, self.fields) == \
            (other.type, other.fields)

    def __repr__(self) -> str:
        return f"Message({self.type!r}, {self.fields!r})"


# --- field checks: each returns the value or raises ProtocolError naming the fault ------
Check = Callable[[str, object], object]


def _fail(name: str, wanted: str, value) -> ProtocolError:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return ProtocolError(f"{name} must be {wanted}, not {shown}")


_CONTROL = re.compile(r"[\x00-\x1f]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")      # JSON's "\ud800" alone: not a character


def text(most: int, least: int = 1, lines: bool = False) -> Check:
    """A text of `least` to `most` characters, without control characters (but line
    breaks where `lines`)."""
    control = _CONTROL_BUT_NEWLINE if lines else _CONTROL

    def check(name, value):
        if not isinstance(value, str) or not least <= len(value) <= most:
            raise _fail(name, f"a text of {least} to {most} characters", value)
        if control.search(value):
            raise _fail(name, "a text without control characters", value)
        if _SURROGATE.search(value):
            raise _fail(name, "a text of whole characters (no lone surrogate)", value)
        return value
    return check


def integer(least: int, most: int) -> Check:
    def check(name, value):
        # bool is an int in Python; true is not a ply.
        if type(value) is not int or not least <= value <= most:
            raise _fail(name, f"a whole number from {least} to {most}", value)
        return value
    return check


def choice(*values) -> Check:
    def check(name, value):
        if value not in values or type(value) is not type(values[0]):
            raise _fail(name, "one of " + ", ".join(map(repr, values)), value)
        return value
    return check


def boolean(name, value):
    if type(value) is not bool:
        raise _fail(name, "true or false", value)
    return value


_HEX = re.compile(r"[0-9a-f]+")


def hex_text(most: int) -> Check:
    def check(name, value):
        if not isinstance(value, str) or not 1 <= len(value) <= most \
                or not _HEX.fullmatch(value):
            raise _fail(name, f"lower-case hex of 1 to {most} digits", value)
        return value
    return check


def options(name, value):
    """A game's options: names to null, true/false, a whole number or a short text (the
    rules check the values themselves)."""
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise _fail(name, f"an object of at most {MAX_OPTIONS} options", value)
    for key, item in value.items():
        text(MAX_NAME)(f"{name} name", key)
        if item is not None and type(item) not in (bool, int, str):
            raise _fail(f"{name}[{key!r}]", "null, true, false, a number or a text", item)
        if type(item) is int:
            integer(-2**31, 2**31)(f"{name}[{key!r}]", item)
        if type(item) is str:       # Xoliba's position: seven lines of seven points
            text(MAX_TEXT, 0, lines=True)(f"{name}[{key!r}]", item)
    return value


def nullable(check: Check) -> Check:
    def maybe(name, value):
        return None if value is None else check(name, value)
    return maybe


def obj(fields: dict[str, Check]) -> Check:
    def check(name, value):
        if not isinstance(value, dict):
            raise _fail(name, "an object", value)
        return _check_fields(value, fields, name + ".")
    return check


def names_list(name, value):
    """Each seat's player, seat 0 first ("" for a seat whose player is not known)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEAT + 1:
        raise _fail(name, f"a list of 1 to {MAX_SEAT + 1} names", value)
    return [text(MAX_NAME, 0)(f"{name}[{index}]", item) for index, item in enumerate(value)]


def seats_list(name, value):
    if not isinstance(value, list) or len(value) > MAX_SEAT + 1:
        raise _fail(name, f"a list of at most {MAX_SEAT + 1} seats", value)
    seats = [integer(0, MAX_SEAT)(f"{name}[{index}]", item) for index, item in enumerate(value)]
    if len(set(seats)) != len(seats):
        raise _fail(name, "seats without repeats", value)
    return seats


def moves_list(name, value):
    if not isinstance(value, list) or len(value) > MAX_CATCH_UP:
        raise _fail(name, f"a list of at most {MAX_CATCH_UP} moves", value)
    return [text(MAX_MOVE)(f"{name}[{index}]", item) for index, item in enumerate(value)]


HASH = hex_text(64)
PLY = integer(1, MAX_PLY)
COUNT = integer(0, MAX_PLY)

# The game as a side holds it: a new guest sends none; a resumed game names its moves
# so far and the hash of its history (game.net.live.history_hash).
GAME = obj({"name": text(MAX_NAME), "options": options,
            "seed": integer(-2**63, 2**63 - 1),
            "moves": COUNT, "history": HASH})

# type -> its fields and their checks
SCHEMA: dict[str, dict[str, Check]] = {
    "hello": {"app": text(MAX_NAME), "name": text(MAX_NAME),
              "role": choice("host", "guest"), "game": nullable(GAME),
              "seat": nullable(integer(0, MAX_SEAT))},
    "welcome": {"seat": integer(0, MAX_SEAT), "moves": moves_list},
    "refuse": {"reason": text(MAX_TEXT)},
    "move": {"ply": PLY, "move": text(MAX_MOVE)},
    # A request names the seat of the player asking (in a game of three the host passes
    # a guest's on to the other guest, and gathers both answers).
    "request": {"id": integer(1, 2**31), "kind": choice("takeback", "offer_end", "resign"),
                "ply": COUNT, "to": COUNT, "seat": integer(0, MAX_SEAT)},
    "answer": {"id": integer(1, 2**31), "accept": boolean},
    # The host to a guest it asked on another's behalf: what everyone's answers decided.
    "verdict": {"id": integer(1, 2**31), "accept": boolean},
    # The host to its guests: each seat's player, and the seats whose player is away.
    "players": {"names": names_list, "away": seats_list},
    "pause": {},
    "resume": {},
    "ping": {},
    "pong": {},
    "bye": {"reason": text(MAX_TEXT)},
    # Fair chance (fair.py): ply 0 is the deal, ply n the roll that is move n; the value
    # is a commitment (32 bytes) or a secret (16 bytes) in hex, its length checked by
    # LiveGame.
    "commit": {"ply": COUNT, "value": hex_text(MAX_HEX)},
    "reveal": {"ply": COUNT, "value": hex_text(MAX_HEX)},
}


def _check_fields(data: dict, fields: dict[str, Check], prefix: str = "") -> dict:
    missing = [name for name in fields if name not in data]
    extra = [name for name in data if name not in fields]
    if missing:
        raise ProtocolError(f"{prefix}{missing[0]} is missing")
    if extra:
        shown = repr(extra[0]) if len(str(extra[0])) <= 40 else repr(str(extra[0])[:37] + "...")
        raise ProtocolError(f"{prefix}{shown} is not a field here")
    return {name: check(prefix + name, data[name]) for name, check in fields.items()}


def make(type_: str, **fields) -> Message:
    """A message of `type_` with these fields, checked as `decode` checks it."""
    return _checked({"v": VERSION, "type": type_, **fields})


def _checked(data) -> Message:
    if not isinstance(data, dict):
        raise _fail("a message", "a JSON object", data)
    version = data.get("v")
    if type(version) is not int:
        raise _fail("v (the protocol version)", "a whole number", version)
    if version != VERSION:
        side = "older" if version < VERSION else "newer"
        raise ProtocolError(f"protocol version {version}, {side} than this app's "
                            f"({VERSION})", "version")
    type_ = data.get("type")
    if not isinstance(type_, str) or type_ not in SCHEMA:
        raise _fail("type", "a known message type", type_)
    body = {name: value for name, value in data.items() if name not in ("v", "type")}
    return Message(type_, _check_fields(body, SCHEMA[type_]))


def encode(message: Message) -> bytes:
    """The frame of `message`: its length, then its JSON."""
    checked = _checked({"v": VERSION, "type": message.type, **message.fields})
    body = json.dumps({"v": VERSION, "type": checked.type, **checked.fields},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"a {message.type} of {len(body):,} bytes is over the bound "
                            f"({MAX_FRAME:,})", "too large")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> Message:
    """The message in a frame's body (without its length); ProtocolError naming the fault."""
    if not isinstance(body, bytes | bytearray):
        raise ProtocolError(f"expected bytes, not {type(body).__name__}")
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"a message of {len(body):,} bytes is over the bound "
                            f"({MAX_FRAME:,})", "too large")
    try:
        text_ = bytes(body).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"not UTF-8 (byte {exc.start})") from None
    try:
        data = parse_json(text_, MAX_DEPTH)
    except ValueError as exc:
        raise ProtocolError(f"not a message: {exc}") from None
    return _checked(data)


class Framer:
    """Gathers the bytes received and yields each whole message. A frame announcing more
    than MAX_FRAME bytes is refused from its length, before its body is read."""

    def __init__(self):
        self._buffer = bytearray()

    def feed(self, data: bytes) -> Iterator[Message]:
        self._buffer += data
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > MAX_FRAME:
                raise ProtocolError(f"a frame of {length:,} bytes announced, over the bound "
                                    f"({MAX_FRAME:,})", "too large")
            if len(self._buffer) < HEADER.size + length:
                return
            body = bytes(self._buffer[HEADER.size:HEADER.size + length])
            del self._buffer[:HEADER.size + length]
            yield decode(body)

    @property
    def pending(self) -> int:
        """Bytes received that are not a whole frame yet."""
        return len(self._buffer)
