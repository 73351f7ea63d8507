"""What a seat can be, as the setup screen and the replay's Play from here offer it:
"human", or "computer:<level>" for each of the game's levels; the Seat each choice stands
for, and its label with the level's Elo rating (the game's record's `ratings`)."""
from __future__ import annotations

from game.core.registry import get
from game.services.saves import Seat


def seat_choices(spec) -> list[str]:
    """"human", then "computer:<level>" for each level, weakest first."""
    return ["human"] + [f"computer:{level}" for level in spec.ai_levels]


def seat_of(choice: str) -> Seat:
    return Seat("human", None) if choice == "human" else \
        Seat("computer", choice.split(":", 1)[1])


def choice_of(seat: Seat) -> str:
    """The seat_choices value that stands for `seat`."""
    return f"computer:{seat.level}" if seat.is_computer else "human"


def seat_label(choice: str, game: str | None = None) -> str:
    """"Human", or "Computer — <level>" with the level's Elo rating in `game` when it
    has one."""
    if choice == "human":
        return "Human"
    level = choice.split(":", 1)[1]
    elo = get(game).ratings.get(level) if game else None
    return f"Computer — {level}" + ("" if elo is None else f" · Elo {elo}")
