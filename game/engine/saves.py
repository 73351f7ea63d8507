"""The suspended game: written after every move, offered again at the next start.

`resume.json` in the data folder, written atomically. It is offered only when every part
checks: a version this copy reads, a game it knows, the state replayed move by move
through the rules, seats that fit the game, and the match (if any). Otherwise — empty,
cut short, not JSON, a part of the wrong type (`"state": 5`, a move list of numbers), or
a `"version"` above RESUME_VERSION — the whole file is kept aside as
`resume.json.bad-<time>` with a message naming it, and no game is offered to continue.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.ratings import rating
from game.engine import storage
from game.engine.match import Match
from game.engine.registry import get

RESUME_VERSION = 1


@dataclass
class Seat:
    kind: str            # "human" or "computer"
    level: str | None    # an ai level name for computers

    def to_dict(self) -> dict:
        return {"kind": self.kind, "level": self.level}

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


def seat_choices(spec) -> list[str]:
    """What a seat can be, as the setup and Play from here offer it: "human", then
    "computer:<level>" for each level, weakest first."""
    return ["human"] + [f"computer:{level}" for level in spec.ai_levels]


def seat_of(choice: str) -> Seat:
    return Seat("human", None) if choice == "human" else \
        Seat("computer", choice.split(":", 1)[1])


def choice_of(seat: Seat) -> str:
    """The seat_choices value that stands for `seat`."""
    return f"computer:{seat.level}" if seat.is_computer else "human"


def seat_label(choice: str, game: str | None = None) -> str:
    """"Human", or "Computer — <level>" with the level's Elo rating in `game` when it
    has one (game/ai/ratings.py)."""
    if choice == "human":
        return "Human"
    level = choice.split(":", 1)[1]
    elo = rating(game, level) if game else None
    return f"Computer — {level}" + ("" if elo is None else f" · Elo {elo}")


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
    import game.rules  # noqa: F401 (the games register themselves: `get` must know them)
    storage.check_version(data, RESUME_VERSION)
    try:
        spec = get(data.get("game"))
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
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "computer"):
            raise ValueError(f"bad seat {seat!r}")
        level = seat.get("level")
        if seat["kind"] == "computer" and level not in spec.ai_levels:
            raise ValueError(f"unknown computer level {level!r}")
        seats.append(Seat(seat["kind"], level if seat["kind"] == "computer" else None))
    match = None
    if "match" in data:
        match_data = data["match"]
        if not isinstance(match_data, dict) or \
                not isinstance(match_data.get("records") or [], list):
            raise ValueError("'match' is not a match with a list of records")
        match = Match.from_dict(spec, state, data["match"])
    return Resumed(state, seats, match)


def load_resume():
    """(Resumed or None, message or None). A bad file is kept aside."""
    return storage.read_json_file(resume_path(), "suspended game", _validate,
                                  "There is no game to continue.")


def clear_resume_soon() -> None:
    """No game to continue: the file goes, by the background writer (after any save of
    it given before)."""
    storage.writer.write(resume_path(), None)
