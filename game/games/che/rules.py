"""Che: duotone Truchet tiles, boardless (docs/rules/che.md, the tile model in truchet.py).

Seats: 0 Light, 1 Dark; colour 0 is Light, colour 1 Dark. A move is one tile, a
`truchet.Tile(x, y, colour, orient)`. Light places the first tile on (0, 0), any of the
four; after that each turn places two tiles (one when only one is left), and `to_play`
stays the same while a turn still owes its second tile. The game is decided after each
complete turn only.

Aims (the player of seat p "owns" colour p):
* standard: a closed region of your own colour wins; if the turn gives both players one,
  the mover loses;
* `group_area = n`: a closed region of the enemy colour wins, and so does an enemy region
  reaching size n; `group_extent = n`: the same with a region whose dominant tiles span
  n columns or n rows. Both options may be set together (either limit counts). If the
  position after a turn is a win for both players, the mover loses.
* the tiles run out with nobody winning: the larger largest region (of your colour, open
  or closed, by size) wins, equal sizes draw. This rule is the same with the group
  options (stated without exception: docs/rules/che.md, Decisions).

Notation: `LL@0,0` for the first tile (colour letter L or D, orientation L or R, cell);
`D@3,-2` for later tiles, the orientation implied. Parsing also accepts a later tile
with its (correct) orientation, and W/B for L/D.
"""
from __future__ import annotations

from game.core.registry import GameSpec, Option
from game.core.state import GameState, IllegalMoveError, Outcome
# Some of these are not used here: views and the computer player import them from here.
from game.games.truchet.layout import (TILE_COLOURS, Tile, TruchetLayout, format_tile,
                                       parse_tile_move)

LIGHT, DARK = 0, 1
AGREE = "agree"         # both players agree to end (unlimited pool only): scored as a run-out
SEATS = ("Light", "Dark")
COLOUR_WORDS = ("light", "dark")
LETTERS = "LD"
PARSE_LETTERS = "LDWB"
TILE_CHOICES = (48, 64, 96, "unlimited")
AREA_CHOICES = (None, 8, 12, 16, 20, 24, 32)
EXTENT_CHOICES = (None, 4, 5, 6, 7, 8, 10)
AI_LEVELS = ("beginner", "easy", "medium", "hard")


def _check_limit(value) -> None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                              or not 1 <= value <= 1000):
        raise ValueError(f"{value!r} is not off (None) or a whole number from 1 to 1000")



def closed_region_words(colour: str, size: int) -> str:
    """A closed region as a player sees it. Size 0 is the small diamond that the corners
    of four tiles enclose (docs/rules/che.md: it counts, closed, with no band in it)."""
    if size == 0:
        return (f"a closed {colour} region: the small {colour} diamond that the corners of "
                f"four tiles enclose")
    return f"a closed {colour} region of {size} tile{'s' if size != 1 else ''}"

class CheState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        tiles = options["tiles"]
        self.pool: int | None = None if tiles == "unlimited" else tiles
        self.area_limit: int | None = options["group_area"]
        self.extent_limit: int | None = options["group_extent"]
        self.inverted = self.area_limit is not None or self.extent_limit is not None
        self.layout = TruchetLayout()
        self.turn_seat = LIGHT          # whose turn it is (also while it owes a tile)
        self.turn_placed = 0            # tiles placed so far in this turn
        self.turns = 0                  # complete turns so far
        self._outcome: Outcome | None = None

    # --- queries ------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return None if self._outcome else self.turn_seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def tiles_left(self) -> int | None:
        """Tiles still in the pool; None for an unlimited pool."""
        return None if self.pool is None else self.pool - self.layout.count

    @property
    def turn_length(self) -> int:
        """How many tiles the current turn places in all (1 or 2)."""
        if self.turns == 0:
            return 1
        left = self.tiles_left
        if left is not None and self.turn_placed + left < 2:
            return self.turn_placed + left
        return 2

    @property
    def tiles_owed(self) -> int:
        """Tiles the player to move still places in this turn (0 when the game is over)."""
        return 0 if self._outcome else self.turn_length - self.turn_placed

    def target_colour(self, seat: int) -> int:
        """The colour whose closed region wins for `seat`: its own, or the enemy's in the
        group_area / group_extent games."""
        return 1 - seat if self.inverted else seat

    def is_win_for(self, seat: int) -> bool:
        """Whether the position is a win for `seat` (looked at after a complete turn)."""
        layout = self.layout
        if layout.closed_count[self.target_colour(seat)]:
            return True
        enemy = 1 - seat
        if self.area_limit is not None and layout.largest[enemy] >= self.area_limit:
            return True
        return self.extent_limit is not None and layout.widest[enemy] >= self.extent_limit

    def largest_sizes(self) -> tuple[int, int]:
        return tuple(self.layout.largest)

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        return self.layout.placements()

    def legal_form(self, move):
        if self._outcome:
            return None
        if move == AGREE:
            return AGREE if self.consent_moves() else None
        return self.layout.legal_tile(move)

    def consent_moves(self) -> list:
        # An unlimited pool never runs out: the players may agree to stop and count.
        if self._outcome or self.pool is not None or not self.layout.count:
            return []
        return [AGREE]

    def move_for(self, x: int, y: int, colour: int) -> Tile | None:
        """The legal tile of dominant `colour` on cell (x, y) (not for the first tile,
        which also chooses its orientation), or None."""
        layout = self.layout
        if self._outcome or not layout.count or not layout.is_open(x, y):
            return None
        return Tile(x, y, colour, layout.orientation_for(x, y, colour))

    # --- changes ------------------------------------------------------------------------
    def _apply(self, move) -> None:
        if move == AGREE:
            self._outcome = self._by_largest("The players agreed to end the game")
            return
        self.layout.place(move)
        self.turn_placed += 1
        if self.turn_placed >= self.turn_length:
            self._end_turn()

    def _end_turn(self) -> None:
        mover = self.turn_seat
        self._outcome = self.decide(mover)
        self.turns += 1
        self.turn_placed = 0
        self.turn_seat = 1 - mover

    def decide(self, mover: int) -> Outcome | None:
        """The result of the position after `mover`'s complete turn, or None."""
        winners = [seat for seat in (LIGHT, DARK) if self.is_win_for(seat)]
        if len(winners) == 2:
            winner = 1 - mover
            return Outcome(winner, _scores(winner),
                           f"{SEATS[mover]}'s turn made a win for both players "
                           f"({self._why(LIGHT)}; {self._why(DARK)}), so {SEATS[mover]} "
                           f"loses: {SEATS[winner]} wins")
        if winners:
            winner = winners[0]
            return Outcome(winner, _scores(winner),
                           f"{SEATS[winner]} wins: {self._why(winner)}")
        if self.tiles_left == 0:
            return self._by_largest("The tiles ran out")
        return None

    def _by_largest(self, why: str) -> Outcome:
        """The end without a winning region: the larger largest region wins."""
        light, dark = self.layout.largest
        sizes = f"largest regions: Light {light}, Dark {dark}"
        if light == dark:
            return Outcome(None, (0.5, 0.5), f"{why}; {sizes}: a draw")
        winner = LIGHT if light > dark else DARK
        return Outcome(winner, _scores(winner), f"{why}; {sizes}: {SEATS[winner]} wins")

    def _why(self, seat: int) -> str:
        layout = self.layout
        target = self.target_colour(seat)
        for root in layout.closed:
            if layout.root_colour(root) == target:
                return closed_region_words(COLOUR_WORDS[target], layout.size[root])
        enemy = 1 - seat
        if self.area_limit is not None and layout.largest[enemy] >= self.area_limit:
            return (f"a {COLOUR_WORDS[enemy]} region of size {layout.largest[enemy]} "
                    f"(the limit is {self.area_limit})")
        return (f"a {COLOUR_WORDS[enemy]} region spanning {layout.widest[enemy]} columns "
                f"or rows (the limit is {self.extent_limit})")

    def _snapshot(self):
        return (self.layout.mark(), self.turn_seat, self.turn_placed, self.turns,
                self._outcome)

    def _restore(self, snapshot) -> None:
        mark, self.turn_seat, self.turn_placed, self.turns, self._outcome = snapshot
        self.layout.rollback(mark)

    # --- notation -----------------------------------------------------------------------
    def format_move(self, move) -> str:
        if move == AGREE:
            return AGREE
        # The first tile carries its orientation; later ones imply it.
        return format_tile(move, LETTERS, with_orientation=not self.layout.count)

    def parse_move(self, text: str):
        if str(text).strip() == AGREE and AGREE in self.consent_moves():
            return AGREE
        if self._outcome:
            raise IllegalMoveError(f"the game is over; {text!r} cannot be played")
        return parse_tile_move(self.layout, text, PARSE_LETTERS, COLOUR_WORDS, "Che")


def _scores(winner: int) -> tuple:
    return (1, 0) if winner == LIGHT else (0, 1)



SPEC = GameSpec(
    name="che",
    title="Che",
    blurb="Duotone Truchet tiles: close a region of your colour.",
    seats=SEATS,
    options=(
        Option("tiles", TILE_CHOICES, 64, "Tiles",
               ("48 tiles", "64 tiles", "96 tiles", "Unlimited")),
        Option("group_area", AREA_CHOICES, None, "Group area limit",
               ("Off",) + tuple(f"{n} tiles" for n in AREA_CHOICES[1:]), check=_check_limit),
        Option("group_extent", EXTENT_CHOICES, None, "Group extent limit",
               ("Off",) + tuple(f"{n} rows or columns" for n in EXTENT_CHOICES[1:]),
               check=_check_limit),
    ),
    state_class=CheState,
    ai_levels=AI_LEVELS,
    # The ladder's Elo ratings (python -m game.bench strength --sections ladder).
    ratings={"beginner": 0, "easy": 552, "medium": 696, "hard": 956},
    view="game.games.truchet.view:TruchetView",
    player="game.games.che.player:choose_move",
    analysis="game.games.che.analysis:ANALYSIS",
    accepts_end="game.games.che.player:accepts_end",
    rule_pages="game.games.che.rule_pages:PAGES",
    tutorial="game.games.che.tutorial:LINES",
    tutor_level="easy",
    colours={"tiles": TILE_COLOURS},
    sounds={"region_closed": "sounds.synth:region_closed"},
    tactics="game.games.che.tactics:KIT",
    playouts="game.games.che.playouts:PLAYOUTS",
    frames="game.games.che.frames:FRAMES",
    benches={"che": ("game.games.che.bench",
                     "Che: rules speed, computer time per tile and strength, frame time "
                     "with 64 tiles")},
    strength="game.games.che.bench:STRENGTH",
    analysis_bench="game.games.che.bench:ANALYSIS_SAMPLES",
    screenshots=("analysis_che",),
    long_record="game.games.che.bench:long_record",
)
