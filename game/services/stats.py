"""Statistics: the games played and won, per game, seat and opponent.

Kept in the user's data directory as `stats.json`, written atomically (a temporary file
renamed into place). A file that cannot be used — empty, cut short, not JSON, any part of
the wrong type or shape (a row that is not an object, a count that is not a whole number,
tallies that do not add up), or a `"version"` above STATS_VERSION — is rejected whole: it
is kept aside as `stats.json.bad-<time>` with a message naming it, and counting starts
again from nothing.

Only people are counted: every human seat of a finished game adds one game to its row,
keyed by (game, the seat's name in that game, the opponents). The opponents read
"computer <level>", "human", "<name> on the network" (a live game's player, counted
by name; their own app counts their seat) or "<name> by correspondence" (the same for a
game played by codes); in a three-player game both, joined by " + ". A game
between computers counts nothing. The Xoliba solitaire (one seat) counts games played
and solved instead. The Xoliba solitaire *puzzles* keep their own progress
(game/games/xoliba/puzzle_progress.py); resetting these statistics leaves it alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core import storage
from game.core.registry import get

STATS_VERSION = 1
MAX_COUNT = 10**9          # more games than anyone plays: a corrupt file
HUMAN = "human"
OPPONENT_JOIN = " + "
REMOTE = " on the network"      # after a remote player's name
BY_CODE = " by correspondence"  # after the name of a friend who plays by codes


def opponent_label(seat) -> str:
    """"computer <level>" for a computer seat, "<name> on the network" for a player on
    another computer (a live game), "<name> by correspondence" for a friend playing by
    codes, "human" for a person at this screen."""
    if seat.is_remote:
        return f"{seat.name}{BY_CODE if seat.by_code else REMOTE}"
    return f"computer {seat.level}" if seat.is_computer else HUMAN


def computer_levels(opponents: str) -> list[str]:
    """The computer levels named in an opponent description (one per computer seat)."""
    return [part[len("computer "):] for part in opponents.split(OPPONENT_JOIN)
            if part.startswith("computer ")]


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    def add(self, result: str) -> None:
        """`result`: "won", "drawn" or "lost"."""
        self.played += 1
        setattr(self, result, getattr(self, result) + 1)

    def merge(self, other: Tally) -> None:
        for name in ("played", "won", "drawn", "lost"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def win_percent(self) -> int | None:
        """Won games as a whole percentage of those played (None before any)."""
        return round(100 * self.won / self.played) if self.played else None


@dataclass
class Stats:
    # (game name, seat name, opponents) -> Tally
    rows: dict = field(default_factory=dict)
    solitaire_played: int = 0
    solitaire_solved: int = 0

    # --- recording ------------------------------------------------------------------------
    def record_game(self, game_name: str, seats: list, outcome) -> None:
        """Count a finished game for every human seat at this screen.

        `game_name` is the spec's name ("xtic"), `seats` the saves.Seat of each seat, seat
        0 first, `outcome` the engine Outcome (`outcome.winner`: a seat, or None for a
        draw or tie). A one-seat game (the Xoliba solitaire) counts as solved when seat 0
        won. Seat names come from the game's spec ("Red", "First")."""
        spec = get(game_name)
        winner = outcome.winner
        if len(seats) == 1:
            if not seats[0].is_computer:
                self.solitaire_played += 1
                self.solitaire_solved += 1 if winner == 0 else 0
            return
        for index, seat in enumerate(seats):
            if seat.is_computer or seat.is_remote:      # a friend counts on their own side
                continue
            seat_name = spec.seats[index] if index < len(spec.seats) else f"Seat {index + 1}"
            opponents = OPPONENT_JOIN.join(opponent_label(other)
                                           for i, other in enumerate(seats) if i != index)
            result = "drawn" if winner is None else "won" if winner == index else "lost"
            self.rows.setdefault((game_name, seat_name, opponents), Tally()).add(result)

    def clear(self) -> None:
        self.rows.clear()
        self.solitaire_played = self.solitaire_solved = 0

    # --- reading --------------------------------------------------------------------------
    @property
    def is_empty(self) -> bool:
        return not self.rows and not self.solitaire_played

    def games(self) -> list[str]:
        """The names of the games with a counted game, in name order."""
        return sorted({game for game, _, _ in self.rows})

    def rows_of(self, game_name: str) -> list[tuple[str, str, Tally]]:
        """(seat, opponents, tally) of one game, in seat order then opponent order."""
        try:
            order = list(get(game_name).seats)
        except KeyError:
            order = []

        def key(row):
            seat = row[0]
            return (order.index(seat) if seat in order else len(order), seat, row[1])
        return sorted(((seat, opp, tally) for (game, seat, opp), tally in self.rows.items()
                       if game == game_name), key=key)

    def total(self, game_name: str | None = None) -> Tally:
        """The tallies of one game (or of every game) added up. (A human-vs-human game
        counts once for each seat.)"""
        total = Tally()
        for (game, _, _), tally in self.rows.items():
            if game_name is None or game == game_name:
                total.merge(tally)
        return total

    def by_computer_level(self) -> dict[str, Tally]:
        """Games against the computer, per level name, over every game. A game against two
        computers counts once for each level it had."""
        levels: dict[str, Tally] = {}
        for (_, _, opponents), tally in self.rows.items():
            for level in dict.fromkeys(computer_levels(opponents)):
                levels.setdefault(level, Tally()).merge(tally)
        return levels

    # --- the file -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        rows = [{"game": game, "seat": seat, "opponents": opponents,
                 "played": t.played, "won": t.won, "drawn": t.drawn, "lost": t.lost}
                for (game, seat, opponents), t in sorted(self.rows.items())]
        return {"version": STATS_VERSION, "rows": rows,
                "solitaire": {"played": self.solitaire_played,
                              "solved": self.solitaire_solved}}


def _count(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_COUNT:
        raise ValueError(f"{what} {value!r} is not a count of games")
    return value


def _text(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} {value!r} is not a name")
    return value


def _validate(data) -> Stats:
    storage.check_version(data, STATS_VERSION)
    stats = Stats()
    rows = data.get("rows", [])
    if not isinstance(rows, list):
        raise ValueError("'rows' is not a list")
    for number, row in enumerate(rows, 1):
        where = f"row {number}:"
        if not isinstance(row, dict):
            raise ValueError(f"{where} {storage.json_type(row)}, not an object")
        key = tuple(_text(row.get(name), f"{where} {name}")
                    for name in ("game", "seat", "opponents"))
        tally = Tally(*(_count(row.get(name), f"{where} {name}")
                        for name in ("played", "won", "drawn", "lost")))
        if tally.won + tally.drawn + tally.lost != tally.played:
            raise ValueError(f"{where} won, drawn and lost do not add up to played")
        if key in stats.rows:
            raise ValueError(f"{where} {' / '.join(key)} is counted twice")
        stats.rows[key] = tally
    solitaire = data.get("solitaire", {"played": 0, "solved": 0})
    if not isinstance(solitaire, dict):
        raise ValueError("'solitaire' is not a JSON object")
    stats.solitaire_played = _count(solitaire.get("played"), "solitaire: played")
    stats.solitaire_solved = _count(solitaire.get("solved"), "solitaire: solved")
    if stats.solitaire_solved > stats.solitaire_played:
        raise ValueError("solitaire: more games solved than played")
    return stats


def stats_path():
    return storage.data_dir() / "stats.json"


def load_stats() -> tuple[Stats, str | None]:
    """The saved statistics (or empty ones) and a message when the file could not be used
    (it is then kept aside as stats.json.bad-<time>)."""
    stats, message = storage.read_json_file(stats_path(), "statistics", _validate,
                                            "Counting starts again from nothing.")
    return stats or Stats(), message


def save_stats(stats: Stats) -> None:
    """Write atomically; raises OSError when the file cannot be written (the old file is
    then left as it was)."""
    storage.atomic_write_json(stats_path(), stats.to_dict())


def record_finished_game(game_name: str, seats: list, outcome) -> list[str]:
    """Load, count one finished game, save: what the play scene calls at a game's end.
    Returns the messages for the player (a file kept aside, a failed write); never raises
    for a file problem. A game without a human seat touches no file."""
    if all(seat.is_computer for seat in seats):
        return []
    stats, message = load_stats()
    messages = [message] if message else []
    stats.record_game(game_name, seats, outcome)
    try:
        save_stats(stats)
    except OSError as exc:
        messages.append(f"The statistics could not be saved in {stats_path()}: {exc}")
    return messages
