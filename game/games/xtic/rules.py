"""Xtic: misère Quarto on a 4×4 board (docs/rules/xtic.md).

Squares are `a1`..`d4` (file a-d left to right, rank 1-4 bottom to top), index
`(rank-1)*4 + file`. A piece is a 4-bit number; each bit is one property.

A move is `(square, piece)`: place the piece in hand on `square`, then hand over `piece`.
The opening move has `square=None` (`-/9`). A placement that loses the game, or the last
placement with no piece left, hands nothing over (`b3/-`): once four pieces sharing a
property stand in a dangerous line the game is over, so there is no hand-over to choose.
"""
from __future__ import annotations

import re

from game.core.registry import GameSpec, Option
from game.core.state import GameState, IllegalMoveError, Outcome

SIZE = 4
ALL_PIECES = (1 << 16) - 1
FILES = "abcd"

# bit -> (name when 0, name when 1)
PROPERTIES = (("black", "brown"), ("horizontal", "vertical"), ("solid", "hollow"),
              ("round", "square"))

NOTATION = re.compile(r"(-|[a-d][1-4])/(-|1[0-5]|[0-9])")
GAME_TYPES = ("normal", "nodiags", "torus")
SEATS = ("First", "Second")
AI_LEVELS = ("trivial", "easy", "medium", "hard", "very hard", "don't try", "perfect")


def square_index(col: int, row: int) -> int:
    return row * SIZE + col


def square_name(index: int) -> str:
    return f"{FILES[index % SIZE]}{index // SIZE + 1}"


def square_from_name(text: str) -> int:
    if len(text) != 2 or text[0] not in FILES or text[1] not in "1234":
        raise ValueError(f"no square {text!r}")
    return square_index(FILES.index(text[0]), int(text[1]) - 1)


def describe_piece(piece: int) -> str:
    return " ".join(PROPERTIES[bit][(piece >> bit) & 1] for bit in range(4))


def _lines(game_type: str) -> tuple:
    rows = [tuple(square_index(c, r) for c in range(SIZE)) for r in range(SIZE)]
    cols = [tuple(square_index(c, r) for r in range(SIZE)) for c in range(SIZE)]
    if game_type == "nodiags":
        diags = []
    elif game_type == "normal":
        diags = [tuple(square_index(i, i) for i in range(SIZE)),
                 tuple(square_index(SIZE - 1 - i, i) for i in range(SIZE))]
    else:  # torus: every wrapped diagonal in both directions; (i, j) is (row, column)
        diags = [tuple(square_index((i + k) % SIZE, i) for i in range(SIZE)) for k in range(SIZE)]
        diags += [tuple(square_index((k - i) % SIZE, i) for i in range(SIZE)) for k in range(SIZE)]
    return tuple(rows + cols + diags)


LINES = {game_type: _lines(game_type) for game_type in GAME_TYPES}
LINES_THROUGH = {
    game_type: tuple(tuple(line for line in LINES[game_type] if sq in line)
                     for sq in range(SIZE * SIZE))
    for game_type in GAME_TYPES
}


def shared_property(pieces) -> tuple[int, int] | None:
    """(bit, value) of the first property all four pieces share, or None."""
    ones, zeros = 0xF, 0xF
    for piece in pieces:
        ones &= piece
        zeros &= ~piece
    for bit in range(4):
        if ones >> bit & 1:
            return bit, 1
        if zeros >> bit & 1:
            return bit, 0
    return None


def line_name(line: tuple) -> str:
    cols = {sq % SIZE for sq in line}
    rows = {sq // SIZE for sq in line}
    if len(rows) == 1:
        return f"rank {line[0] // SIZE + 1}"
    if len(cols) == 1:
        return f"file {FILES[line[0] % SIZE]}"
    return "diagonal " + "-".join(square_name(sq) for sq in line)


class XticState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.game_type = options["game_type"]
        self.lines_through = LINES_THROUGH[self.game_type]
        self.board = [-1] * (SIZE * SIZE)
        self.hand: int | None = None        # the piece the player to move must place
        self.available = ALL_PIECES         # bitmask of pieces neither placed nor in hand
        self._outcome: Outcome | None = None
        self.losing_lines: tuple = ()       # the lines that ended the game

    # --- queries ------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return None if self._outcome else len(self.history) % 2

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def phase(self) -> str:
        """'choose' for the opening hand-over, else 'place' (the hand-over follows it)."""
        return "choose" if self.hand is None else "place"

    def available_pieces(self) -> list[int]:
        return [p for p in range(16) if self.available >> p & 1]

    def empty_squares(self) -> list[int]:
        return [sq for sq in range(SIZE * SIZE) if self.board[sq] < 0]

    def lines_completed_by(self, square: int, piece: int) -> tuple:
        """The dangerous lines through `square` that `piece` would complete with a shared
        property."""
        found = []
        for line in self.lines_through[square]:
            pieces = [piece if sq == square else self.board[sq] for sq in line]
            if all(p >= 0 for p in pieces) and shared_property(pieces) is not None:
                found.append(line)
        return tuple(found)

    def placement_loses(self, square: int) -> bool:
        return bool(self.lines_completed_by(square, self.hand))

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        if self.hand is None:
            return [(None, p) for p in self.available_pieces()]
        moves = []
        pieces = self.available_pieces()
        for sq in self.empty_squares():
            if not pieces or self.placement_loses(sq):
                moves.append((sq, None))
            else:
                moves.extend((sq, p) for p in pieces)
        return moves

    # --- changes ------------------------------------------------------------------------
    def _apply(self, move) -> None:
        square, piece = move
        mover = self.to_play
        if square is not None:
            placed = self.hand
            self.board[square] = placed
            self.hand = None
            lost = self.lines_completed_by(square, placed)
            if lost:
                self.losing_lines = lost
                bit, value = shared_property([self.board[sq] for sq in lost[0]])
                winner = 1 - mover
                scores = (1, 0) if winner == 0 else (0, 1)
                self._outcome = Outcome(
                    winner, scores,
                    f"{SEATS[mover]} player placed on {square_name(square)} and completed "
                    f"{line_name(lost[0])} of four {PROPERTIES[bit][value]} pieces")
                return
            if all(p >= 0 for p in self.board):
                self._outcome = Outcome(None, (0.5, 0.5), "the board is full with no line of "
                                        "four sharing a property: a draw")
                return
        if piece is not None:
            self.hand = piece
            self.available &= ~(1 << piece)

    def _snapshot(self):
        return (tuple(self.board), self.hand, self.available, self._outcome, self.losing_lines)

    def _restore(self, snapshot) -> None:
        board, self.hand, self.available, self._outcome, self.losing_lines = snapshot
        self.board = list(board)

    # --- notation -----------------------------------------------------------------------
    def format_move(self, move) -> str:
        square, piece = move
        left = "-" if square is None else square_name(square)
        right = "-" if piece is None else str(piece)
        return f"{left}/{right}"

    def parse_move(self, text: str):
        try:
            return super().parse_move(text)
        except IllegalMoveError:
            if not NOTATION.fullmatch(str(text).strip()):
                raise IllegalMoveError(f"{text!r} is not Xtic notation (like 'b3/9', '-/9' "
                                       f"or 'b3/-')") from None
            raise



SPEC = GameSpec(
    name="xtic",
    title="Xtic",
    blurb="Misère Quarto: make your opponent complete a line.",
    seats=SEATS,
    options=(
        Option("game_type", GAME_TYPES, "normal", "Game type",
               ("Normal", "No diagonals", "Torus")),
    ),
    state_class=XticState,
    ai_levels=AI_LEVELS,
    # The ladder's Elo ratings (python -m game.bench strength --sections ladder), in the
    # normal game type.
    ratings={"trivial": 0, "easy": 146, "medium": 356, "hard": 380, "very hard": 508,
             "don't try": 574, "perfect": 795},
    view="game.games.xtic.view:XticView",
    player="game.games.xtic.player:choose_move",
    analysis="game.games.xtic.analysis:ANALYSIS",
    rule_pages="game.games.xtic.rule_pages:PAGES",
    tutorial="game.games.xtic.tutorial:LINES",
    tutor_level="easy",
    colours={
        "piece_black": {"default": (38, 34, 42), "high contrast": (0, 0, 0),
                        "colour-blind safe": (22, 22, 30)},
        "piece_brown": {"default": (158, 84, 38), "high contrast": (150, 70, 0),
                        "colour-blind safe": (196, 128, 24)},
        # the stroke around every piece, visible on squares and panels
        "piece_outline": {"default": (252, 232, 196), "high contrast": (255, 255, 255),
                          "colour-blind safe": (250, 250, 245)},
        # the inner rim that marks brown pieces without colour
        "piece_mark": {"default": (255, 206, 140), "high contrast": (255, 225, 80),
                       "colour-blind safe": (255, 240, 150)},
    },
    sounds={"handover": "sounds.synth:handover"},
    tactics="game.games.xtic.tactics:KIT",
    playouts="game.games.xtic.playouts:PLAYOUTS",
    frames="game.games.xtic.frames:FRAMES",
    benches={"xtic": ("game.games.xtic.bench",
                      "Xtic computer player: time per move, exact solves, strength")},
    strength="game.games.xtic.bench:STRENGTH",
    analysis_bench="game.games.xtic.bench:ANALYSIS_SAMPLES",
    screenshots=("export", "branch", "analysis_xtic"),
)
