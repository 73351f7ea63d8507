"""The suspended game: written after every move, offered again at the next start.

`resume.json` in the data folder, written atomically. It is offered only when every part
checks: a version this copy reads, a game it knows, the state replayed move by move
through the rules, seats that fit the game, and the match (if any). Otherwise — empty,
cut short, not JSON, a part of the wrong type (`"state": 5`, a move list of numbers), or
a `"version"` above RESUME_VERSION — the whole file is kept aside as
`resume.json.bad-<time>` with a message naming it, and no game is offered to continue.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import game.rules
from game.core import storage
from game.services.match import Match

RESUME_VERSION = 1
SEAT_KINDS = ("human", "computer", "remote")
MAX_PLAYER_NAME = 32            # a remote player's name, as their own app sends it
_NAME_FAULT = re.compile(r"[\x00-\x1f\x7f]")


def check_player_name(name) -> str:
    """A player's name from outside (another machine, a code, a file), stripped; a
    ValueError saying what is wrong with it otherwise."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a player's name is missing")
    if len(name) > MAX_PLAYER_NAME or _NAME_FAULT.search(name):
        raise ValueError(f"a player's name is at most {MAX_PLAYER_NAME} characters of text")
    return name.strip()


@dataclass
class Seat:
    kind: str                   # one of SEAT_KINDS ("remote": a player on another computer)
    level: str | None           # an ai level name for computers
    name: str | None = None     # a remote player's name
    by_code: bool = False       # a remote player whose moves come in correspondence codes

    def to_dict(self) -> dict:
        data = {"kind": self.kind, "level": self.level}
        if self.name is not None:
            data["name"] = self.name
        if self.by_code:
            data["by_code"] = True
        return data

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"


def resume_path():
    return storage.data_dir() / "resume.json"


def _resume_data(state, seats: list[Seat], match=None) -> dict:
    data = {
        "version": RESUME_VERSION,
        "game": state.spec.name,
        "state": state.to_json(),
        "seats": [seat.to_dict() for seat in seats],
    }
    if match is not None:
        data["match"] = match.to_dict()
    return data


def save_resume(state, seats: list[Seat], match=None) -> None:
    """`match`, if given, is the Match the state is the current game of. Written
    atomically; OSError when it cannot be (the old file is then left as it was)."""
    storage.atomic_write_json(resume_path(), _resume_data(state, seats, match))


def save_resume_soon(state, seats: list[Seat], match=None) -> None:
    """As save_resume, by the background writer (the play scene saves after every move:
    its frame does not wait for the disk); storage.writer.error(resume_path()) says why
    the last write failed."""
    storage.writer.write(resume_path(), storage.json_bytes(_resume_data(state, seats, match)))


@dataclass
class Resumed:
    state: object
    seats: list
    match: object = None

    def where(self) -> str:
        """Where the game stands, as the menu and the setup say it: "game 2, move 9"."""
        game_number = f"game {self.match.game_number}, " if self.match else ""
        return f"{game_number}move {len(self.state.history) + 1}"


def _validate(data):
    storage.check_version(data, RESUME_VERSION)
    try:
        spec = game.rules.get(data.get("game"))
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {data.get('game')!r}") from None
    if not spec.is_built:
        raise ValueError(f"{spec.title} cannot be played in this version")
    if not isinstance(data.get("state"), str):
        raise ValueError(f"'state' is {storage.json_type(data.get('state'))}, not a saved game")
    state = spec.from_json(data["state"])
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != len(spec.seats_for(state.options)):
        raise ValueError("the seats are missing or do not fit the game")
    seats = []
    for seat in seats_data:
        seats.append(seat_from_dict(seat, spec))
    match = None
    if "match" in data:
        match_data = data["match"]
        if not isinstance(match_data, dict) or \
                not isinstance(match_data.get("records") or [], list):
            raise ValueError("'match' is not a match with a list of records")
        match = Match.from_dict(spec, state, data["match"])
    return Resumed(state, seats, match)


def seat_from_dict(data, spec) -> Seat:
    """A seat as to_dict wrote it, checked against the game `spec`; ValueError if it is
    not one."""
    if not isinstance(data, dict) or data.get("kind") not in SEAT_KINDS:
        raise ValueError(f"bad seat {str(data)[:80]!r}")
    level = data.get("level")
    if data["kind"] == "computer":
        if level not in spec.ai_levels:
            raise ValueError(f"unknown computer level {str(level)[:40]!r}")
        return Seat("computer", level)
    if data["kind"] == "remote":
        return Seat("remote", None, check_player_name(data.get("name")),
                    by_code=data.get("by_code") is True)
    return Seat("human", None)


def load_resume():
    """(Resumed or None, message or None). A bad file is kept aside."""
    return storage.read_json_file(resume_path(), "suspended game", _validate,
                                  "There is no game to continue.")


def clear_resume_soon() -> None:
    """No game to continue: the file goes, by the background writer (after any save of
    it given before)."""
    storage.writer.write(resume_path(), None)
