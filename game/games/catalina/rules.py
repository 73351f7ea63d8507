"""Catalina Tiles: nested tic-tac-toe, claimed with four dice (docs/rules/catalina.md).

Seats: 0 Red, 1 Blue; the option `first` says who starts. Tile `[R,C][r,c]` is row R,
column C of the large grid and row r, column c of the small grid inside it, all 1-3,
row 1 at the top (the seed's notation, also the move notation).

A turn is two steps in the history:
* a chance step, the roll: a `Roll((d1, d2, d3, d4))` with the four d4 sorted (the order
  the dice fell in does not matter to the rules), written `roll 1233`. While the state
  waits for it, `is_chance` is True, `to_play` is the player about to roll, and
  `legal_moves()` lists the 35 possible rolls (so `play`, `parse_move` and saved games
  treat a roll like any move); `chance_outcomes()` gives them with their probabilities
  and `sample_chance()` rolls with the game's dice (seeded by the game's seed and the
  number of steps so far, so undo and replay roll the same dice again);
* the claim, a `Claim(R, C, r, c)` written `[1,3][3,1]`, or `pass` when the roll reaches
  no claimable tile (the turn is skipped; `pass_reason()` says why).

A 4 is a wildcard for 1, 2 or 3: a roll reaches tile (a, b, c, d) when every die that is
not a 4 can be matched to a coordinate of the same value (the 4s take the rest).

Decisions (docs/rules/catalina.md, "Decisions"): three in a row in a small grid wins
that large tile; a small grid in which no line can be completed by either player any more
is decided at once by the counts of claimed tiles in it, or is dead on equal counts (dead
tiles count for nobody and block large lines). Three large tiles in a row win the game;
when every large tile is decided without that, more large tiles win, equal is a draw.

For views: `dice`, `claimable()` / `claim_routes(move)` (which orderings of the dice,
and which values for the 4s, reach a tile), `pass_reason()`, `tile_owner`, `small_grid`,
`large_owner` / `large_tiles()` (a seat, DEAD or None for open), `decided_reason`,
`small_line`, `large_counts()`, `winning_line`.
"""
from __future__ import annotations

import random
import re
from itertools import permutations
from typing import NamedTuple

from game.core.registry import GameSpec, Option
from game.core.state import GameState, IllegalMoveError, Outcome

RED, BLUE = 0, 1
DEAD = 2                     # a large tile decided for nobody
SEATS = ("Red", "Blue")
PASS = "pass"
AI_LEVELS = ("beginner", "easy", "medium", "hard")

# The eight lines of a 3x3 grid as cell indices (row-major, 0 = top left) and as masks.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6))
LINE_MASKS = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)
LINE_NAMES = ("the top row", "the middle row", "the bottom row", "the left column",
              "the middle column", "the right column",
              "the diagonal from the top left", "the diagonal from the top right")
# The lines through each cell, as indices into LINES.
LINES_THROUGH = tuple(tuple(i for i, line in enumerate(LINES) if cell in line)
                      for cell in range(9))
FULL = (1 << 9) - 1


class Claim(NamedTuple):
    """Tile [R,C][r,c], 1-based, row 1 at the top."""
    R: int
    C: int
    r: int
    c: int

    @property
    def big(self) -> int:
        return (self.R - 1) * 3 + self.C - 1

    @property
    def small(self) -> int:
        return (self.r - 1) * 3 + self.c - 1

    @property
    def cell(self) -> int:
        """0..80: big * 9 + small."""
        return self.big * 9 + self.small


class Roll(NamedTuple):
    """Four d4, sorted. A 1-tuple, so it never equals a Claim."""
    dice: tuple


CLAIMS = tuple(Claim(b // 3 + 1, b % 3 + 1, s // 3 + 1, s % 3 + 1)
               for b in range(9) for s in range(9))        # by cell index


def _roll_probability(dice: tuple) -> float:
    orders = len(set(permutations(dice)))
    return orders / 256


ROLLS = tuple(Roll((a, b, c, d)) for a in range(1, 5) for b in range(a, 5)
              for c in range(b, 5) for d in range(c, 5))
ROLL_PROBABILITY = {roll: _roll_probability(roll.dice) for roll in ROLLS}


def reaches(dice: tuple, values: tuple) -> bool:
    """Whether some ordering of `dice` (4 = any of 1, 2, 3) spells `values`."""
    for face in (1, 2, 3):
        if dice.count(face) > values.count(face):
            return False
    return True


# roll -> the cells it names on an empty board, in notation order; and per large tile
# the mask of its small cells the roll names (the computer player's view of a roll).
REACH = {roll: tuple(cell for cell, claim in enumerate(CLAIMS) if reaches(roll.dice, claim))
         for roll in ROLLS}
REACH_MASKS = {roll: tuple(sum(1 << (cell - 9 * big) for cell in cells if cell // 9 == big)
                           for big in range(9))
               for roll, cells in REACH.items()}


def grid_result(mine: int, theirs: int) -> int | None:
    """For a small grid where `mine` just claimed: None while open, else the owner seen
    from `mine`: 0 = mine, 1 = theirs, DEAD. (Masks of the two players' tiles.)"""
    for line in LINE_MASKS:
        if line & mine == line:
            return 0
    for line in LINE_MASKS:
        if not (line & mine and line & theirs):
            return None          # someone can still complete this line
    a, b = mine.bit_count(), theirs.bit_count()
    return 0 if a > b else 1 if b > a else DEAD


def format_claim(claim: Claim) -> str:
    return f"[{claim.R},{claim.C}][{claim.r},{claim.c}]"


def format_dice(dice: tuple) -> str:
    return " ".join(map(str, dice))


def _list_words(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


CLAIM_TEXT = re.compile(r"\[\s*([1-3])\s*,\s*([1-3])\s*\]\s*\[\s*([1-3])\s*,\s*([1-3])\s*\]")
ROLL_TEXT = re.compile(r"roll\s*([1-4])\D*([1-4])\D*([1-4])\D*([1-4])")


class CatalinaState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.turn_seat: int = options["first"]
        self.roll: Roll | None = None
        # marks[seat][big]: mask of the small cells `seat` claimed in that large tile.
        self.marks = [[0] * 9, [0] * 9]
        self.large: list = [None] * 9          # None open, a seat, or DEAD
        self.how: list = [None] * 9            # why each large tile was decided
        self.lines: list = [None] * 9          # the small three in a row, if any
        self.winning_line: tuple | None = None  # large cells of the winning three
        self._outcome: Outcome | None = None

    # --- the contract -------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return None if self._outcome else self.turn_seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_chance(self) -> bool:
        return self._outcome is None and self.roll is None

    def chance_outcomes(self) -> list:
        if not self.is_chance:
            return []
        return [(roll, ROLL_PROBABILITY[roll]) for roll in ROLLS]

    def dice_rng(self) -> random.Random:
        """The game's dice for the next roll: from the seed and the steps so far only."""
        return random.Random(f"catalina-dice:{self.seed}:{len(self.history)}")

    def next_chance(self) -> Roll:
        """The roll `sample_chance()` would play now (without playing it)."""
        if not self.is_chance:
            raise IllegalMoveError("no roll is due: " + ("the game is over" if self._outcome
                                                         else "a claim is due"))
        rng = self.dice_rng()
        return Roll(tuple(sorted(rng.randint(1, 4) for _ in range(4))))

    def sample_chance(self) -> Roll:
        roll = self.next_chance()
        self.play(roll)
        return roll

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        if self.roll is None:
            return list(ROLLS)
        return self.claims_for(self.roll) or [PASS]

    def claims_for(self, roll: Roll) -> list:
        """The tiles `roll` lets the player to move claim now (empty: the turn is
        skipped)."""
        large, red, blue = self.large, self.marks[RED], self.marks[BLUE]
        found = []
        for cell in REACH[roll]:
            big, bit = divmod(cell, 9)
            if large[big] is None and not (red[big] | blue[big]) >> bit & 1:
                found.append(CLAIMS[cell])
        return found

    # --- for views ----------------------------------------------------------------------
    @property
    def dice(self) -> tuple | None:
        """The current roll's four dice (sorted), or None while a roll is due."""
        return None if self.roll is None else self.roll.dice

    def tile_owner(self, R: int, C: int, r: int, c: int) -> int | None:
        claim = Claim(R, C, r, c)
        for seat in (RED, BLUE):
            if self.marks[seat][claim.big] >> claim.small & 1:
                return seat
        return None

    def small_grid(self, R: int, C: int) -> list:
        """The 3x3 owners (seat or None) of large tile [R,C], rows top first."""
        return [[self.tile_owner(R, C, r, c) for c in (1, 2, 3)] for r in (1, 2, 3)]

    def large_owner(self, R: int, C: int):
        """RED, BLUE, DEAD, or None while the large tile is open."""
        return self.large[(R - 1) * 3 + C - 1]

    def large_tiles(self) -> list:
        """large_owner of the nine large tiles, row-major."""
        return list(self.large)

    def decided_reason(self, R: int, C: int) -> str | None:
        """How large tile [R,C] was decided, or None while open."""
        return self.how[(R - 1) * 3 + C - 1]

    def small_line(self, R: int, C: int) -> tuple | None:
        """The three Claims of the three in a row that won large tile [R,C], if any."""
        return self.lines[(R - 1) * 3 + C - 1]

    def large_counts(self) -> tuple:
        """(Red's large tiles, Blue's, dead ones)."""
        return (self.large.count(RED), self.large.count(BLUE), self.large.count(DEAD))

    def claimable(self) -> dict:
        """For the current roll: {claim: claim_routes(claim)} of every legal claim."""
        if self.roll is None or self._outcome:
            return {}
        return {claim: self.claim_routes(claim) for claim in self.claims_for(self.roll)}

    def claim_orderings(self, claim: Claim, dice: tuple | None = None) -> list:
        """The orderings of the dice (faces, in coordinate order R, C, r, c) that spell
        `claim`, a 4 standing for the coordinate it is put on. Board-blind."""
        dice = self.dice if dice is None else dice
        if dice is None:
            return []
        return sorted(faces for faces in set(permutations(dice))
                      if all(f == v or f == 4 for f, v in zip(faces, claim)))

    def claim_routes(self, claim: Claim, dice: tuple | None = None) -> list:
        """Readable ways the current roll reaches `claim`, one per ordering of the dice:
        'dice 1 2 3 3' or 'dice 4 2 3 4, the 4s as 1 and 1'."""
        routes = []
        for faces in self.claim_orderings(claim, dice):
            text = "dice " + format_dice(faces)
            wild = [str(v) for f, v in zip(faces, claim) if f == 4]
            if wild:
                text += (", the 4 as " if len(wild) == 1 else ", the 4s as ") + \
                    _list_words(wild)
            routes.append(text)
        return routes

    def pass_reason(self) -> str | None:
        """Why the turn is skipped, when the only move is `pass`; else None."""
        if self._outcome or self.roll is None or self.claims_for(self.roll):
            return None
        named = [CLAIMS[cell] for cell in REACH[self.roll]]
        taken = [format_claim(c) for c in named if self.large[c.big] is None]
        decided = [format_claim(c) for c in named if self.large[c.big] is not None]
        parts = []
        if taken:
            parts.append(_claimed_words(taken))
        if decided:
            parts.append(_decided_words(decided))
        return (f"{SEATS[self.turn_seat]} rolled {format_dice(self.roll.dice)} and cannot "
                f"claim a tile: {'; '.join(parts)}. The turn is skipped.")

    # --- changes ------------------------------------------------------------------------
    def _apply(self, move) -> None:
        if isinstance(move, Roll):
            self.roll = move
            return
        self.roll = None
        mover = self.turn_seat
        self.turn_seat = 1 - mover
        if move == PASS:
            return
        big, bit = move.big, move.small
        self.marks[mover][big] |= 1 << bit
        mine, theirs = self.marks[mover][big], self.marks[1 - mover][big]
        result = grid_result(mine, theirs)
        if result is None:
            return
        owner = mover if result == 0 else 1 - mover if result == 1 else DEAD
        self.large[big] = owner
        line = next((ln for ln, mask in zip(LINES, LINE_MASKS) if mask & mine == mask), None)
        if line is not None:
            self.lines[big] = tuple(CLAIMS[big * 9 + s] for s in line)
            self.how[big] = f"{SEATS[mover]}: three in a row ({LINE_NAMES[LINES.index(line)]})"
        else:
            red, blue = self.marks[RED][big].bit_count(), self.marks[BLUE][big].bit_count()
            counts = f"Red {red}, Blue {blue}"
            if owner == DEAD:
                self.how[big] = f"dead: no line can be completed, equal tiles ({counts})"
            else:
                self.how[big] = (f"{SEATS[owner]}: no line can be completed, more tiles "
                                 f"({counts})")
        self._outcome = self._decide(big, owner)

    def _decide(self, big: int, owner) -> Outcome | None:
        large = self.large
        if owner != DEAD:
            for index, line in enumerate(LINES):
                if big in line and all(large[b] == owner for b in line):
                    self.winning_line = line
                    return Outcome(owner, _scores(owner),
                                   f"{SEATS[owner]} wins with three large tiles in a row "
                                   f"({LINE_NAMES[index]})")
        if None in large:
            return None
        red, blue, dead = self.large_counts()
        counts = f"Red holds {red} large tiles, Blue {blue}" + (f", {dead} dead" if dead else "")
        if red == blue:
            return Outcome(None, (0.5, 0.5),
                           f"Every large tile is decided with no three in a row; {counts}: "
                           f"a draw")
        winner = RED if red > blue else BLUE
        return Outcome(winner, _scores(winner),
                       f"Every large tile is decided with no three in a row; {counts}: "
                       f"{SEATS[winner]} wins")

    def _snapshot(self):
        return (self.turn_seat, self.roll, tuple(self.marks[RED]), tuple(self.marks[BLUE]),
                tuple(self.large), tuple(self.how), tuple(self.lines), self.winning_line,
                self._outcome)

    def _restore(self, snapshot) -> None:
        (self.turn_seat, self.roll, red, blue, large, how, lines, self.winning_line,
         self._outcome) = snapshot
        self.marks = [list(red), list(blue)]
        self.large, self.how, self.lines = list(large), list(how), list(lines)

    # --- notation -----------------------------------------------------------------------
    def format_move(self, move) -> str:
        if isinstance(move, Roll):
            return "roll " + "".join(map(str, move.dice))
        if move == PASS:
            return PASS
        return format_claim(move)

    def parse_move(self, text: str):
        wanted = str(text).strip().lower()
        if self._outcome:
            raise IllegalMoveError(f"the game is over; {text!r} cannot be played")
        roll_match = ROLL_TEXT.fullmatch(wanted)
        claim_match = CLAIM_TEXT.fullmatch(wanted)
        if roll_match:
            if self.roll is not None:
                raise IllegalMoveError(f"{text!r}: the dice are rolled already; a claim is due")
            return Roll(tuple(sorted(int(d) for d in roll_match.groups())))
        if self.roll is None:
            raise IllegalMoveError(f"{text!r}: a roll is due (like 'roll 1233')")
        if wanted == PASS:
            if self.claims_for(self.roll):
                raise IllegalMoveError(f"cannot pass: the roll {format_dice(self.roll.dice)} "
                                       f"allows a claim")
            return PASS
        if not claim_match:
            raise IllegalMoveError(f"{text!r} is not Catalina notation (like '[1,3][3,1]', "
                                   f"'pass' or 'roll 1233')")
        claim = Claim(*(int(g) for g in claim_match.groups()))
        if claim in self.claims_for(self.roll):
            return CLAIMS[claim.cell]
        name = format_claim(claim)
        if not reaches(self.roll.dice, claim):
            why = f"the roll {format_dice(self.roll.dice)} does not reach it"
        elif self.large[claim.big] is not None:
            why = f"large tile [{claim.R},{claim.C}] is decided"
        else:
            why = "it is claimed already"
        raise IllegalMoveError(f"cannot claim {name}: {why}")


def _claimed_words(names: list) -> str:
    if len(names) > 6:
        return f"the {len(names)} tiles it names in open large tiles are all claimed"
    verb = "is" if len(names) == 1 else "are"
    return f"{_list_words(names)} {verb} claimed already"


def _decided_words(names: list) -> str:
    if len(names) > 6:
        return f"{len(names)} more lie in decided large tiles"
    verb = "lies" if len(names) == 1 else "lie"
    return f"{_list_words(names)} {verb} in decided large tiles"


def _scores(winner: int) -> tuple:
    return (1, 0) if winner == RED else (0, 1)



SPEC = GameSpec(
    name="catalina",
    title="Catalina Tiles",
    blurb="Nested tic-tac-toe, claimed with four dice.",
    seats=SEATS,
    options=(
        Option("first", (RED, BLUE), RED, "Who starts", ("Red", "Blue")),
    ),
    state_class=CatalinaState,
    ai_levels=AI_LEVELS,
    # The ladder's Elo ratings (python -m game.bench strength --sections ladder).
    ratings={"beginner": 0, "easy": 363, "medium": 586, "hard": 839},
    view="game.games.catalina.view:CatalinaView",
    player="game.games.catalina.player:choose_move",
    analysis="game.games.catalina.analysis:ANALYSIS",
    rule_pages="game.games.catalina.rule_pages:PAGES",
    tutorial="game.games.catalina.tutorial:LINES",
    tutor_level="easy",
    colours={
        # Red's crosses and Blue's rings (the seats' names), as Xoliba's red and blue
        "claims": {"default": ((226, 62, 52), (52, 124, 236)),
                   "high contrast": ((255, 32, 32), (32, 112, 255)),
                   "colour-blind safe": ((213, 94, 0), (0, 114, 178))},
    },
    sounds={"dice_rattle": "sounds.synth:dice_rattle",
            "dice_settle": "sounds.synth:dice_settle"},
    tactics="game.games.catalina.tactics:KIT",
    playouts="game.games.catalina.playouts:PLAYOUTS",
    frames="game.games.catalina.frames:FRAMES",
    benches={"catalina": ("game.games.catalina.bench",
                          "Catalina Tiles: computer time per claim and strength against "
                          "random and greedy")},
    strength="game.games.catalina.bench:STRENGTH",
    analysis_bench="game.games.catalina.bench:ANALYSIS_SAMPLES",
)
