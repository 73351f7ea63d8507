"""Matches: games one after another until a player reaches a points target. Series: the
running score of games one pairing plays one after another (Rematch), with no target.

A game spec that plays in matches gives `spec.extra["match"](options)`, returning
`MatchRules` for those options (Xoliba: 50 points for two players, 25 for three; the
resignation rule). A match never changes a game's rules: it adds up each finished game's
`outcome.scores` and deals the next game from its own seed sequence, so a whole match
replays from its seed and the move lists.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.core.registry import MatchRules

RESIGN_SHARE = 40      # percent of the target the opponent scores when a deal is resigned


@dataclass
class GameRecord:
    seed: int
    moves: list
    points: tuple                 # what each seat scored with this game
    reason: str
    resigned_by: int | None = None

    def to_dict(self) -> dict:
        return {"seed": self.seed, "moves": list(self.moves), "points": list(self.points),
                "reason": self.reason, "resigned_by": self.resigned_by}


def match_rules(spec, options: dict) -> MatchRules | None:
    make = spec.extra.get("match")
    return make(options) if make else None


@dataclass
class Match:
    spec: object
    options: dict
    rules: MatchRules
    seed: int
    records: list = field(default_factory=list)
    state: object = None

    def __post_init__(self):
        if self.state is None:
            self.state = self.spec.new_game(seed=self.game_seed(0), options=self.options)

    @classmethod
    def start(cls, spec, options: dict, seed: int | None = None) -> Match:
        options = spec.validate_options(options)
        rules = match_rules(spec, options)
        if rules is None:
            raise ValueError(f"{spec.title} is not played in matches")
        if seed is None:
            seed = random.randrange(2**31)
        return cls(spec, options, rules, seed)

    # --- the score ----------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.spec.seats_for(self.options))

    @property
    def scores(self) -> list:
        total = [0] * self.seats
        for record in self.records:
            for seat, points in enumerate(record.points):
                total[seat] += points
        return total

    def scores_after_current(self) -> list:
        """The scores with the current game's result added, if it is over."""
        total = self.scores
        if self.state.is_over:
            for seat, points in enumerate(self.state.outcome.scores):
                total[seat] += points
        return total

    @staticmethod
    def leader(scores, target: int) -> int | None:
        """The match winner for these scores: at or over the target and alone in the lead."""
        best = max(scores)
        leaders = [seat for seat, points in enumerate(scores) if points == best]
        return leaders[0] if best >= target and len(leaders) == 1 else None

    @property
    def winner(self) -> int | None:
        return self.leader(self.scores, self.rules.target)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def game_number(self) -> int:
        return len(self.records) + 1

    # --- moving on ----------------------------------------------------------------------
    def game_seed(self, number: int) -> int:
        return random.Random(f"match:{self.seed}:{number}").randrange(2**31)

    def can_resign(self) -> bool:
        return (self.rules.resignation and self.seats == 2 and not self.state.history
                and not self.is_over)

    def resign(self, seat: int) -> None:
        """`seat` gives up this deal before its first move: the opponent scores 40% of the
        target (rounded down) and a new deal follows."""
        if not self.can_resign():
            raise ValueError("a deal can only be resigned before its first move, with the "
                             "resignation rule on")
        points = [0, 0]
        points[1 - seat] = self.rules.target * RESIGN_SHARE // 100
        name = self.spec.seats[seat]
        self.records.append(GameRecord(self.state.seed, [], tuple(points),
                                       f"{name} resigned the deal", seat))
        self._deal()

    def next_game(self) -> None:
        """Record the finished game and deal the next one."""
        if not self.state.is_over:
            raise ValueError("the current game is not over")
        if self.is_over:
            raise ValueError("the match is over")
        outcome = self.state.outcome
        self.records.append(GameRecord(self.state.seed, self.state.move_list(),
                                       tuple(outcome.scores), outcome.reason))
        self._deal()

    def record_final_game(self) -> None:
        """Record the game that ended the match (no new deal follows)."""
        if self.state.is_over and self.leader(self.scores_after_current(),
                                              self.rules.target) is not None:
            outcome = self.state.outcome
            self.records.append(GameRecord(self.state.seed, self.state.move_list(),
                                           tuple(outcome.scores), outcome.reason))

    def _deal(self) -> None:
        self.state = self.spec.new_game(seed=self.game_seed(len(self.records)),
                                        options=self.options)

    # --- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"seed": self.seed, "records": [r.to_dict() for r in self.records]}

    @classmethod
    def from_dict(cls, spec, state, data) -> Match:
        """The match around `state` (the current game, restored separately)."""
        if not isinstance(data, dict) or not isinstance(data.get("seed"), int):
            raise ValueError("the match has no seed")
        records = []
        for number, item in enumerate(data.get("records") or [], 1):
            try:
                points = tuple(int(p) for p in item["points"])
                resigned = item.get("resigned_by")
                if resigned is not None and not isinstance(resigned, int):
                    raise ValueError
                records.append(GameRecord(int(item["seed"]), list(item["moves"]), points,
                                          str(item["reason"]), resigned))
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"game {number} of the match is malformed") from None
        rules = match_rules(spec, state.options)
        if rules is None:
            raise ValueError(f"{spec.title} is not played in matches")
        seats = len(spec.seats_for(state.options))
        if any(len(r.points) != seats for r in records):
            raise ValueError("the match scores do not fit the number of players")
        return cls(spec, dict(state.options), rules, data["seed"], records, state)


@dataclass
class Series:
    """The games one pairing (a game, and who sits in each seat at which level) plays one
    after another, by Rematch or by choosing the same seats again: their running score,
    each finished game's `outcome.scores` added up. A game counts once it is over, and no
    longer if it is taken back while it is still the one played."""
    pairing: tuple
    games: int = 0                  # the games finished before the one played
    scores: list = field(default_factory=list)
    current: object = None          # the game played now (a state)

    @staticmethod
    def pairing_of(game: str, seats) -> tuple:
        return (game, tuple((seat.kind, seat.level) for seat in seats))

    def play(self, state) -> None:
        """`state` is the game played now: the one before it counts if it was finished."""
        if state is self.current:
            return
        if self.current is not None and self.current.is_over:
            self.games, self.scores = self.totals()
        self.current = state

    def totals(self) -> tuple[int, list]:
        """(games, each seat's points), the game played now counted if it is over."""
        if self.current is None or not self.current.is_over:
            return self.games, list(self.scores)
        scores = self.current.outcome.scores
        before = self.scores or [0] * len(scores)
        return self.games + 1, [a + b for a, b in zip(before, scores)]
