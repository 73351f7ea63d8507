"""Xoliba: triangles on an octagonal board, for 1, 2 or 3 players (docs/rules/xoliba.md).

The board is a 7×7 grid of points without its four corner points: 45 points. A point's
index is `rank * 7 + file` (file a-g = 0-6, rank 1-7 = 0-6); the four missing corners
are never used. A cell holds a seat (0 red, 1 blue, 2 green) or WHITE.

A move is `(frm, to, triangle)`: the mover's piece on `frm` swaps with the white on
`to`, and `triangle` (an index into TRIANGLES) is the triangle of accepted shape it
forms, chosen by the mover when the swap forms several. The coloured pieces inside it
are captured (turned white). A forced pass is the move "pass"; ending a game by
agreement is the move "agree" (an offer the other players accepted; never listed among
the legal moves, since it needs everyone's consent).

The pure functions on a plain board list (`formed_moves`, `apply_swap`, ...) are what
the computer player searches with; `XolibaState` adds turns, passes, the end of the
game and the scoring on top of them.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from game.core.registry import GameSpec, MatchRules, Option
from game.core.state import GameState, IllegalMoveError, Outcome

SIDE = 7
FILES = "abcdefg"
RED, BLUE, GREEN, WHITE = 0, 1, 2, 3
COLOUR_NAMES = ("Red", "Blue", "Green")
LETTERS = "rbgw"
MISSING = frozenset({0, 6, 42, 48})                       # a1, g1, a7, g7
POINTS = tuple(i for i in range(SIDE * SIDE) if i not in MISSING)
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
SIZE_NAMES = {0: "none", 1: "small", 2: "medium", 3: "large"}
PASS = "pass"
AGREE = "agree"
NO_CAPTURE_LIMIT = 30
REPETITIONS = 3


def on_board(col: int, row: int) -> bool:
    return 0 <= col < SIDE and 0 <= row < SIDE and row * SIDE + col not in MISSING


def point_name(index: int) -> str:
    return f"{FILES[index % SIDE]}{index // SIDE + 1}"


def point_from_name(text: str) -> int:
    if len(text) == 2 and text[0] in FILES and text[1] in "1234567":
        index = (int(text[1]) - 1) * SIDE + FILES.index(text[0])
        if index not in MISSING:
            return index
    raise ValueError(f"no point {text!r} on the Xoliba board")


def _outline() -> tuple:
    """The 20 points of the octagon's outline: the outer files and ranks."""
    return tuple(i for i in POINTS if i % SIDE in (0, SIDE - 1) or i // SIDE in (0, SIDE - 1))


CORNERS = tuple(point_from_name(n) for n in ("b1", "f1", "a2", "g2", "a6", "g6", "b7", "f7"))
EDGES = _outline()

# RAYS[p]: for each of the 8 directions, the points from p outward (p excluded).
RAYS = {}
for _p in POINTS:
    _rays = []
    for _dc, _dr in DIRECTIONS:
        _col, _row, _ray = _p % SIDE + _dc, _p // SIDE + _dr, []
        while on_board(_col, _row):
            _ray.append(_row * SIDE + _col)
            _col, _row = _col + _dc, _row + _dr
        if _ray:
            _rays.append(tuple(_ray))
    RAYS[_p] = tuple(_rays)


@dataclass(frozen=True)
class Triangle:
    corners: tuple      # (apex, hypotenuse end, hypotenuse end)
    size: int           # 1, 2, 3: hypotenuse of 3, 5, 7 points
    points: tuple       # every point on its sides and inside
    contents: tuple     # points minus the corners


def _triangles() -> tuple:
    """Every right isosceles triangle with its hypotenuse horizontal or vertical."""
    found = []
    for size in (1, 2, 3):
        for p in POINTS:
            x, y = p % SIDE, p // SIDE
            # Hypotenuse from (x, y) along +x (apex up or down) or along +y (left or right).
            for along, apex_side in (((1, 0), (0, 1)), ((1, 0), (0, -1)),
                                     ((0, 1), (1, 0)), ((0, 1), (-1, 0))):
                ax, ay = along
                sx, sy = apex_side
                end = (x + 2 * size * ax, y + 2 * size * ay)
                apex = (x + size * ax + size * sx, y + size * ay + size * sy)
                cells = []
                for k in range(size + 1):          # rows parallel to the hypotenuse
                    for j in range(k, 2 * size - k + 1):
                        cells.append((x + j * ax + k * sx, y + j * ay + k * sy))
                if not all(on_board(cx, cy) for cx, cy in cells):
                    continue
                def index(c):
                    return c[1] * SIDE + c[0]
                corners = (index(apex), index((x, y)), index(end))
                points = tuple(sorted(index(c) for c in cells))
                contents = tuple(q for q in points if q not in corners)
                found.append(Triangle(corners, size, points, contents))
    return tuple(found)


TRIANGLES = _triangles()
# AT_CORNER[p]: (triangle index, other corner, other corner) for every triangle with a corner on p.
AT_CORNER = {p: tuple((t, *[c for c in tri.corners if c != p])
                      for t, tri in enumerate(TRIANGLES) if p in tri.corners)
             for p in POINTS}
BY_SIZE_DESC = tuple(sorted(range(len(TRIANGLES)), key=lambda t: -TRIANGLES[t].size))


def triangle_label(t: int, corner: int) -> str:
    """The two corners other than `corner`, sorted: the notation's triangle choice."""
    return ",".join(sorted(point_name(c) for c in TRIANGLES[t].corners if c != corner))


# --- pure board functions (the computer player uses these too) ----------------------
# Move generation is the computer player's inner loop, so it is written for speed: the
# other two corners of each triangle at a white are tested before any ray is walked
# (most whites form nothing), with no helper calls in between.
def formed_moves(board, seat: int) -> list:
    """Every (frm, to, triangle) swap of `seat` that forms a triangle, sorted."""
    moves = []
    append = moves.append
    for to in POINTS:
        if board[to] != WHITE:
            continue
        formed = None
        for t, a, b in AT_CORNER[to]:
            if board[a] == seat and board[b] == seat:
                if formed is None:
                    formed = [(a, b, t)]
                else:
                    formed.append((a, b, t))
        if formed is None:
            continue
        for ray in RAYS[to]:
            for frm in ray:
                cell = board[frm]
                if cell == WHITE:
                    continue
                if cell == seat:
                    for a, b, t in formed:
                        if frm != a and frm != b:
                            append((frm, to, t))
                break
    moves.sort()
    return moves


def can_move(board, seat: int) -> bool:
    """Whether `seat` has a move: formed_moves(board, seat) is not empty."""
    for to in POINTS:
        if board[to] != WHITE:
            continue
        formed = None
        for _t, a, b in AT_CORNER[to]:
            if board[a] == seat and board[b] == seat:
                if formed is None:
                    formed = [(a, b)]
                else:
                    formed.append((a, b))
        if formed is None:
            continue
        for ray in RAYS[to]:
            for frm in ray:
                cell = board[frm]
                if cell == WHITE:
                    continue
                if cell == seat:
                    for a, b in formed:
                        if frm != a and frm != b:
                            return True
                break
    return False


def apply_swap(board, move, solitaire: bool = False) -> list:
    """Play `move` on `board` in place; returns [(point, colour), ...] of the captured
    pieces (in solitaire also the three corners, turned white after a capture)."""
    frm, to, t = move
    mover = board[frm]
    board[to], board[frm] = mover, WHITE
    captured = [(q, board[q]) for q in TRIANGLES[t].contents if board[q] != WHITE]
    for q, _ in captured:
        board[q] = WHITE
    if solitaire and captured:
        for q in TRIANGLES[t].corners:
            captured.append((q, board[q]))
            board[q] = WHITE
    return captured


def biggest_triangle(board, seat: int) -> int | None:
    """Index of a biggest triangle of accepted shape with all three corners `seat`'s."""
    for t in BY_SIZE_DESC:
        a, b, c = TRIANGLES[t].corners
        if board[a] == seat and board[b] == seat and board[c] == seat:
            return t
    return None


def counts(board) -> list:
    """Pieces per colour: [red, blue, green, white]."""
    result = [0, 0, 0, 0]
    for p in POINTS:
        result[board[p]] += 1
    return result


# --- positions as text (docs/rules/xoliba.md) ------------------------------------------
def parse_position(text: str, players: int) -> list:
    """A board from 7 lines of 7 characters, rank 7 first: r b g w, '.' on the missing
    corners. ValueError naming the line and column of the first fault."""
    if not isinstance(text, str):
        raise ValueError(f"position must be text, not {type(text).__name__}")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != SIDE:
        raise ValueError(f"position needs {SIDE} lines of {SIDE} characters, found "
                         f"{len(lines)} lines")
    allowed = "rbw" if players < 3 else "rbgw"
    board = [WHITE] * (SIDE * SIDE)
    for number, line in enumerate(lines, 1):
        if len(line) != SIDE:
            raise ValueError(f"position line {number} ({line!r}) has {len(line)} characters, "
                             f"not {SIDE}")
        row = SIDE - number
        for col, char in enumerate(line):
            index = row * SIDE + col
            if index in MISSING:
                if char != ".":
                    raise ValueError(f"position line {number}, column {col + 1}: the missing "
                                     f"corner must be '.', not {char!r}")
                continue
            if char not in allowed:
                raise ValueError(f"position line {number}, column {col + 1}: {char!r} is not "
                                 f"one of {', '.join(allowed)} ({players} players)")
            board[index] = LETTERS.index(char)
    return board


def position_text(board) -> str:
    rows = []
    for row in range(SIDE - 1, -1, -1):
        rows.append("".join("." if row * SIDE + col in MISSING else LETTERS[board[row * SIDE + col]]
                            for col in range(SIDE)))
    return "\n".join(rows)


def deal(rng: random.Random, players: int) -> list:
    board = [WHITE] * (SIDE * SIDE)
    if players == 1:
        pieces = [RED] * 17 + [BLUE] * 17 + [WHITE] * 3
        free = [p for p in POINTS if p not in CORNERS]
    elif players == 2:
        pieces = [RED] * 17 + [BLUE] * 17 + [WHITE] * 11
        free = list(POINTS)
    else:
        pieces = [RED] * 12 + [BLUE] * 12 + [GREEN] * 12 + [WHITE] * 9
        free = list(POINTS)
    rng.shuffle(pieces)
    for point, piece in zip(free, pieces):
        board[point] = piece
    return board


def turn_order(board, players: int, rng: random.Random) -> tuple[list, str]:
    """Seats in playing order by the first-mover rule, and why the first one starts."""
    on_corners = [sum(board[p] == s for p in CORNERS) for s in range(players)]
    on_edges = [sum(board[p] == s for p in EDGES) for s in range(players)]
    draw = list(range(players))
    rng.shuffle(draw)
    order = sorted(range(players), key=lambda s: (on_corners[s], on_edges[s], draw.index(s)))
    first, rest = order[0], order[1:]
    name = COLOUR_NAMES[first]
    if all(on_corners[first] < on_corners[s] for s in rest):
        against = " and ".join(str(on_corners[s]) for s in rest)
        reason = f"{name} starts: fewer pieces on corners ({on_corners[first]} against {against})"
    elif all(on_edges[first] < on_edges[s] for s in rest if on_corners[s] == on_corners[first]):
        reason = (f"{name} starts: as few pieces on corners ({on_corners[first]}) and fewer on "
                  f"edges ({on_edges[first]})")
    else:
        reason = f"{name} starts: equal on corners and edges, so {name} won the draw"
    return order, reason


class XolibaState(GameState):
    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)
        self.players = players = options["players"]
        self.solitaire = players == 1
        rng = random.Random(seed)
        if options["position"] is None:
            board = deal(rng, players)
        else:
            board = parse_position(options["position"], players)
        first = options["first"]
        if first is not None and first >= players:
            raise ValueError(f"first={first} is not a seat of a {players}-player game")
        order, reason = turn_order(board, players, rng)
        if first is not None:
            # The seat named starts; the others follow in seat order.
            order = [(first + k) % players for k in range(players)]
            reason = f"{COLOUR_NAMES[first]} starts, as set up"
        if self.solitaire:
            order, reason = [RED], "Red moves; blue never moves"
        self.board = board
        self.order = order
        self.first_reason = reason
        self.start_counts = counts(board)
        self.active = [True] * players           # False once a three-player seat is out
        self.passed = [False] * players          # passed on their previous turn
        self.captures = [[0] * 3 for _ in range(players)]   # captures[capturer][colour]
        self.turn = 0                            # index into order of the player to move
        self.quiet_moves = 0                     # consecutive moves without a capture
        self.last_captured: list = []            # [(point, colour)] of the last move
        self.events: list = []                   # what the last move caused, in words
        self._outcome: Outcome | None = None
        self.end_cause = ""
        self._seen: list = []
        self._seen_count: Counter = Counter()
        self._settle(after_move=False)

    # --- queries ------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return None if self._outcome else self.order[self.turn]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def position_text(self) -> str:
        return position_text(self.board)

    def pieces(self, seat: int) -> int:
        return sum(self.board[p] == seat for p in POINTS)

    def repetitions(self) -> int:
        """How often the current position (board and player to move) has occurred."""
        return self._seen_count[self._position_key()] if self._outcome is None else 0

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        moves = formed_moves(self.board, self.to_play)
        return moves if moves else [PASS]

    def triangles_formed(self, frm: int, to: int) -> list:
        """The triangles the swap of the piece on `frm` with the white on `to` forms (read
        off the board: parsing formats every legal move, so this must stay cheap)."""
        board, seat = self.board, self.board[frm]
        return [t for t, a, b in AT_CORNER[to]
                if board[a] == seat and board[b] == seat and frm != a and frm != b]

    # --- changes ------------------------------------------------------------------------
    def in_play(self, seat: int) -> bool:
        return self.active[seat]

    def consent_moves(self) -> list:
        return [] if self.solitaire or self._outcome else [AGREE]

    def _apply(self, move) -> None:
        mover = self.to_play
        self.events = []
        self.last_captured = []
        if move == AGREE:
            self._end("the players agreed to end the game")
            return
        if move == PASS:
            self.passed[mover] = True
            self.events.append(f"{COLOUR_NAMES[mover]} cannot form a triangle and passes")
            self._settle(after_move=True)
            return
        self.passed[mover] = False
        captured = apply_swap(self.board, move, self.solitaire)
        self.last_captured = captured
        if self.solitaire:
            captured = [(q, c) for q, c in captured if q in TRIANGLES[move[2]].contents]
        for _, colour in captured:
            self.captures[mover][colour] += 1
        self.quiet_moves = 0 if captured else self.quiet_moves + 1
        self._settle(after_move=True)

    def _settle(self, after_move: bool) -> None:
        """After a move (or at the start): eliminations, the end of the game, and whose
        turn it is, passing over seats that are out."""
        board = self.board
        if self.solitaire:
            blue, red = self.pieces(BLUE), self.pieces(RED)
            if blue == 0:
                self._end("every blue piece is captured")
            elif red < 3 or not can_move(board, RED):
                self._end("red cannot form a triangle" if red >= 3 else
                          "red has fewer than three pieces")
            return
        if self.players == 2:
            for seat in (RED, BLUE):
                if self.pieces(seat) < 3:
                    self._end(f"{COLOUR_NAMES[seat]} has fewer than three pieces")
                    return
        else:
            for seat in range(3):
                if self.active[seat] and self.pieces(seat) < 3:
                    self._eliminate(seat, "has fewer than three pieces")
            if sum(self.active) < 2:
                self._end_last_standing()
                return
        if after_move:
            self.turn = (self.turn + 1) % len(self.order)
        while True:
            seat = self.order[self.turn]
            if not self.active[seat]:
                self.turn = (self.turn + 1) % len(self.order)
                continue
            if not self.passed[seat] or can_move(board, seat):
                break
            if self.players == 2:
                self._end(f"{COLOUR_NAMES[seat]} passed and still cannot form a triangle")
                return
            self._eliminate(seat, "passed and still cannot form a triangle")
            if sum(self.active) < 2:
                self._end_last_standing()
                return
            self.turn = (self.turn + 1) % len(self.order)
        if self.quiet_moves >= NO_CAPTURE_LIMIT:
            self._end(f"{NO_CAPTURE_LIMIT} moves in a row without a capture")
            return
        key = self._position_key()
        self._seen.append(key)
        self._seen_count[key] += 1
        if self._seen_count[key] >= REPETITIONS:
            self._end("the same position occurred for the third time")

    def _position_key(self):
        return bytes(self.board), self.order[self.turn]

    def _eliminate(self, seat: int, why: str) -> None:
        """A three-player seat is out: its pieces turn white, captured by nobody."""
        self.active[seat] = False
        for p in POINTS:
            if self.board[p] == seat:
                self.board[p] = WHITE
        self.events.append(f"{COLOUR_NAMES[seat]} {why} and is out")

    def _end_last_standing(self) -> None:
        left = [s for s in range(3) if self.active[s]]
        self._end(f"only {COLOUR_NAMES[left[0]]} can still play" if left else
                  "no player can still play")

    def _end(self, cause: str) -> None:
        self.end_cause = cause
        if self.solitaire:
            won = self.pieces(BLUE) == 0
            self._outcome = Outcome(0 if won else None, (1 if won else 0,),
                                    f"Solved: {cause}." if won else
                                    f"Lost: {cause} with {self.pieces(BLUE)} blue left.")
        elif self.players == 2:
            self._outcome = self._score_two(cause)
        else:
            self._outcome = self._score_three(cause)

    def biggest_sizes(self) -> list:
        sizes = []
        for seat in range(self.players):
            t = biggest_triangle(self.board, seat)
            sizes.append(0 if t is None else TRIANGLES[t].size)
        return sizes

    def score_explanation(self) -> list:
        """One sentence per seat on its biggest triangle (two players)."""
        lines = []
        sizes = self.biggest_sizes()
        for seat, size in enumerate(sizes):
            other = 1 - seat
            lost = self.start_counts[other] - self.pieces(other)
            name, enemy = COLOUR_NAMES[seat], COLOUR_NAMES[other].lower()
            if size == 0:
                lines.append(f"{name} has no triangle")
            else:
                lines.append(f"{name}'s biggest triangle is {SIZE_NAMES[size]}: {size} "
                             f"point{'s' if size > 1 else ''} × {lost} captured {enemy} "
                             f"piece{'s' if lost != 1 else ''} = {size * lost}")
        return lines

    def _score_two(self, cause: str) -> Outcome:
        sizes = self.biggest_sizes()
        explanation = self.score_explanation()
        if sizes[0] == sizes[1]:
            what = "no triangle" if sizes[0] == 0 else f"a {SIZE_NAMES[sizes[0]]} triangle"
            return Outcome(None, (0, 0), f"Game over: {cause}. Both have {what} at most: "
                                         f"a tie, nobody scores.")
        winner = 0 if sizes[0] > sizes[1] else 1
        loser = 1 - winner
        # Every enemy piece captured in the game, whoever captured it.
        lost = self.start_counts[loser] - self.pieces(loser)
        points = sizes[winner] * lost
        scores = tuple(points if s == winner else 0 for s in range(2))
        return Outcome(winner, scores, f"Game over: {cause}. {explanation[winner]}; "
                                       f"{explanation[loser][0].lower()}{explanation[loser][1:]}.")

    def _score_three(self, cause: str) -> Outcome:
        scores = tuple(sum(self.captures[s][c] for c in range(3) if c != s) for s in range(3))
        best = max(scores)
        leaders = [s for s in range(3) if scores[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        summary = ", ".join(f"{COLOUR_NAMES[s]} {scores[s]}" for s in range(3))
        return Outcome(winner, scores, f"Game over: {cause}. Enemy pieces captured: {summary}.")

    def _snapshot(self):
        return (tuple(self.board), self.turn, tuple(self.active), tuple(self.passed),
                tuple(tuple(row) for row in self.captures), self.quiet_moves,
                tuple(self.last_captured), tuple(self.events), self._outcome, self.end_cause,
                len(self._seen))

    def _restore(self, snapshot) -> None:
        (board, self.turn, active, passed, captures, self.quiet_moves, last_captured, events,
         self._outcome, self.end_cause, seen) = snapshot
        self.board = list(board)
        self.active, self.passed = list(active), list(passed)
        self.captures = [list(row) for row in captures]
        self.last_captured, self.events = list(last_captured), list(events)
        while len(self._seen) > seen:
            self._seen_count[self._seen.pop()] -= 1

    # --- notation -----------------------------------------------------------------------
    def format_move(self, move) -> str:
        if move in (PASS, AGREE):
            return move
        frm, to, t = move
        text = f"{point_name(frm)}-{point_name(to)}"
        if self._outcome is None and len(self.triangles_formed(frm, to)) > 1:
            text += " " + triangle_label(t, to)
        return text

    def parse_move(self, text: str):
        if str(text).strip() in self.consent_moves():
            return AGREE
        try:
            return super().parse_move(text)
        except IllegalMoveError:
            if not _NOTATION_RE.fullmatch(str(text).strip()):
                raise IllegalMoveError(f"{text!r} is not Xoliba notation (like 'c3-e5', "
                                       f"'c3-e5 a5,e1' or 'pass')") from None
            raise


_NOTATION_RE = re.compile(r"[a-g][1-7]-[a-g][1-7]( [a-g][1-7],[a-g][1-7])?|pass|agree")


def _check_position(value) -> None:
    if value is not None:
        parse_position(value, 3)



TARGETS = ("standard", 15, 25, 35, 50, 75, 100)


def match_rules(options: dict):
    """Two and three players play matches (solitaire does not)."""
    players = options["players"]
    if players == 1:
        return None
    target = options["target"]
    if target == "standard":
        target = 50 if players == 2 else 25
    return MatchRules(target, options["resignation"] and players == 2,
                      ("target", "resignation"))

def _in_matches(options: dict) -> bool:
    return options.get("players", 2) > 1


SPEC = GameSpec(
    name="xoliba",
    title="Xoliba",
    blurb="Triangles on an octagonal board, for 1, 2 or 3 players.",
    seats=COLOUR_NAMES,
    options=(
        Option("players", (2, 3, 1), 2, "Players", ("Two", "Three", "One (solitaire)")),
        # A solitaire is one deal: no match.
        Option("target", TARGETS, "standard", "Match to",
               ("50 points (25 for three)",) + tuple(f"{t} points" for t in TARGETS[1:]),
               applies=_in_matches),
        Option("resignation", (False, True), False, "Resignation rule", ("Off", "On"),
               applies=_in_matches),
        Option("position", (None,), None, "Position", check=_check_position, in_setup=False),
        Option("first", (None, 0, 1, 2), None, "First mover",
               ("By the rule", "Red", "Blue", "Green"), in_setup=False),
    ),
    state_class=XolibaState,
    ai_levels=("beginner", "easy", "medium", "hard", "expert"),
    # The ladder's Elo ratings (python -m game.bench strength --sections ladder), for two
    # players.
    ratings={"beginner": 0, "easy": 258, "medium": 390, "hard": 526, "expert": 687},
    view="game.games.xoliba.view:XolibaView",
    player="game.games.xoliba.player:choose_move",
    analysis="game.games.xoliba.analysis:ANALYSIS",
    accepts_end="game.games.xoliba.player:accepts_end",
    rule_pages="game.games.xoliba.rule_pages:PAGES",
    tutorial="game.games.xoliba.tutorial:LINES",
    tutor_level="easy",
    demo_options={"players": 2},
    extra_demos=("game.games.xoliba.levels:solitaire_demo",),
    # The solitaire's level select opens from the Puzzles screen, as the set's screen.
    scenes={"solitaire": "game.games.xoliba.puzzles:PuzzleSelectScene",
            "deal_search": "game.games.xoliba.puzzles:DealSearchScene",
            "puzzle": "game.games.xoliba.puzzle_play:PuzzleScene"},
    stats_section="game.games.xoliba.puzzles:PuzzleStatistics",
    self_checks=(("levels", "game.games.xoliba.levels:self_check"),),
    colours={
        # the red, blue and green faces of the discs (the seats' names); colour-blind
        # safe: vermillion, blue and bluish green, told apart by their marks as well
        "discs": {"default": ((226, 62, 52), (52, 124, 236), (56, 178, 84)),
                  "high contrast": ((255, 32, 32), (32, 112, 255), (0, 220, 0)),
                  "colour-blind safe": ((213, 94, 0), (0, 114, 178), (0, 158, 115))},
    },
    sounds={"swap": "sounds.synth:swap", "flip": "sounds.synth:flip",
            "triangle": "sounds.synth:triangle"},
    playouts="game.games.xoliba.playouts:PLAYOUTS",
    monkey="game.games.xoliba.monkey:start_points",
    frames="game.games.xoliba.frames:FRAMES",
    benches={"xoliba": ("game.games.xoliba.bench",
                        "Xoliba computer player: move generation, time per move, "
                        "strength"),
             "solitaire": ("game.games.xoliba.solitaire_bench",
                           "Xoliba solitaire solver: deals proved winnable, lost, "
                           "undecided; line lengths")},
    strength="game.games.xoliba.bench:STRENGTH",
    analysis_bench="game.games.xoliba.bench:ANALYSIS_SAMPLES",
    seat_count=lambda options: options.get("players", 2),
    tactics="game.games.xoliba.tactics:KIT",
    # The solitaire levels, as puzzles.
    more_puzzle_sets={"solitaire": "game.games.xoliba.solitaire_tactics:KIT"},
    extra={"match": match_rules},
)
