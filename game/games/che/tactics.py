"""Che's puzzles (issue 34; what a kit is: game/puzzles/kit.py): win within one or two
turns against any defence, cut from games of the computer levels and proven by an exact
search of whole turns.

The goal. "forced_win" with n = 1 or 2, always from the start of a two-tile turn: the
side to move wins within n of its own turns whatever the opponent plays. A turn is judged
when it is complete, and in the standard game a closed region of your own colour wins
(unless the turn closes one of the opponent's too, which loses: docs/rules/che.md), so
n = 1 is "Win this turn: close a region of your colour": its answers are the first tiles
that some second tile follows to close one of the mover's regions. n = 2 is "Win within 2
turns against any defence": the first tiles of a turn after which every turn of the
opponent leaves a winning turn; a position with a win in one turn is the n = 1 puzzle,
never an n = 2 one. A puzzle needs one to MOST_ANSWERS answers.

The proof, and why the answers are all of them. Every first tile is tried, and after it
every second tile (each pair once when both orders make the same layout). After the
mover's turn every turn of the opponent is tried, each pair of tiles once, until one
refutes it: the opponent's own winning turn first, then its refutations of other turns
of the mover, then the tiles on the cells of the mover's threats, in the mover's colour
(they extend a region instead of closing it). Whether a turn can be won is the computer
player's `_Sim.win_search`, which tries only the tiles that can close a region: a region
closed by a turn holds a vertex whose empty cells that turn filled, so the search is
exact for closed regions (tests/test_che_tactics.py checks it against every pair of
tiles, and the kit's answers against `rules_answers`, every pair of tiles and replies
played on the rules' GameState). A side with no region of two or fewer empty cells has
no winning turn. The search counts its tiles placed and win searches as nodes and gives
up at NODE_BUDGET: then no puzzle, never a guess.

Where it holds. The standard aim only (the group options turn the aim round, and the
win search is not exact for their size limits), a turn's start only (a puzzle's answers
are first tiles), and only where the pool outlasts the n turns and the replies between
them (a run-out is decided by region sizes, which the win search does not look at).

The line (`follow`). After the first tile, the accepted second tiles are those that keep
the win within n turns; the opponent then plays a turn that does not lose at once, the
one the computer players' evaluation rates best (every defence loses next turn: none
holds out longer), and the mover's accepted tiles are proven again.

Explanations and grading. The explanation plays the first answer's turn: what it closes
(n = 1), or the regions it leaves one turn from closing, more than the defence's two
tiles can stop (n = 2). `tempting` counts the first tiles that look like a start and
fail: one turn, the other tiles on the empty cells of the regions one turn can close;
two turns, the other tiles that leave one more region one turn from closing.

Candidates. Self-play of the computer levels (PAIRINGS), medium and hard searching for a
number of polls instead of a time, after OPENING_TILES random tiles that leave no win at
once; the turn starts where the mover has a region with at most two empty cells or two
with at most three, in layouts of at most MOST_LEGAL tiles to try. Each candidate says
which level was to move and whether it won within two turns (a missed win, once the
puzzle is proven). Proving a shipped puzzle again takes 0.01 s of CPU (one turn; 0.04 s
at most) or 0.2 s (two turns; 0.45 s at most), the whole set about 9 s.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from game.ai import SearchTimeout
from game.games.che import player
from game.games.che.player import _Sim, _tile, _TurnSearch
from game.games.che.rules import COLOUR_WORDS, SEATS, SPEC, closed_region_words
from game.games.truchet.layout import xy_of
from game.puzzles.kit import Candidate, Follow, Proof, PuzzleKit

KIND = "forced_win"
MOST_TURNS = 2
MOST_ANSWERS = 4            # a puzzle's answers at most: "few first tiles"
MOST_LEGAL = 60             # candidates: tiles to try at most (a layout a player can read)
NODE_BUDGET = 100_000       # tiles placed and win searches, per proof
FOLLOW_BUDGET = 2_000_000   # the same for a step of a puzzle's line (a worker thread)
KILLERS = 4                 # winning turns (and refutations) remembered per side


NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class OutOfBudget(Exception):
    """The search used its nodes up: nothing is proven."""


def _notation(state, sim, tile) -> str:
    return state.format_move(_tile(sim, *tile))


def _cell_text(cell: int) -> str:
    x, y = xy_of(cell)
    return f"{x},{y}"


class TurnProver:
    """The exact search of whole turns from a state's position (see the module's notes).
    Tiles are (cell, colour) as `_Sim` has them, in the order of legal_moves()."""

    def __init__(self, state, budget: int = NODE_BUDGET):
        self.sim = sim = _Sim(state)
        self.layout = sim.layout
        self.budget = budget
        self.nodes = 0
        self.killers = ([], [])         # per seat: winning turns found, tried first
        self.refuters = ([], [])        # per seat: the opponent's refutations found
        self.partners: dict = {}        # a first tile winning_firsts found -> its second
        sim.poll = self._count          # each win search is a node

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget()

    def place(self, tile) -> None:
        self._count()
        self.sim.place(*tile)

    def tiles(self) -> list:
        return self.sim.tiles()

    # --- one turn -----------------------------------------------------------------------
    def can_win_turn(self, me: int) -> bool:
        """At the start of `me`'s two-tile turn: whether some turn wins it (the winning
        turn found is then `self.killers[me][0]`)."""
        if not self.sim.liberties(self.sim.target(me), 2):
            return False                # nothing to close: no region with 2 empty cells
        killers = self.killers[me]
        for index, turn in enumerate(killers):
            if self._holds_after(turn, lambda: self.sim.result(me) == me):
                killers.insert(0, killers.pop(index))
                return True
        line = self.sim.win_search(me, 2)
        if line:
            killers.insert(0, tuple(line))
            del killers[KILLERS:]
            return True
        return False

    def _holds_after(self, turn, test) -> bool:
        """Whether `turn` can be placed here (each tile on an open cell) and `test()`
        holds after it; the layout is left as it was."""
        mark = self.layout.mark()
        try:
            for tile in turn:
                if tile[0] not in self.layout.frontier:
                    return False
                self.place(tile)
            return test()
        finally:
            self.layout.rollback(mark)

    def winning_seconds(self, me: int, turns: int, most: int | None = None) -> list:
        """After `me`'s first tile: the second tiles after which `me` wins within `turns`
        of its turns (this one included), at most `most` of them."""
        found = []
        for second in self.tiles():
            mark = self.layout.mark()
            self.place(second)
            try:
                if self.turn_done(me, turns):
                    found.append(second)
                    if most is not None and len(found) >= most:
                        break
            finally:
                self.layout.rollback(mark)
        return found

    def turn_done(self, me: int, turns: int) -> bool:
        """After `me`'s complete turn: whether `me` has won, or wins within `turns` - 1 more
        turns of its own against every defence."""
        result = self.sim.result(me)
        if result is not None:
            return result == me
        return turns > 1 and self.refutation(me, turns - 1) is None

    # --- the defence --------------------------------------------------------------------
    def defences(self, me: int) -> Iterator[tuple]:
        """Every turn of the opponent (after `me`'s turn), each layout once, as it is
        placed: yields (first, second) with both tiles down; the caller must not place or
        take back tiles across a yield. The tiles on the cells of `me`'s threats first, in
        `me`'s colour first (they extend its regions instead of closing them)."""
        layout, sim = self.layout, self.sim
        threat_cells = {cell for cell, _ in sim.hot_tiles(me, 2)}

        def order(tiles):
            return sorted(tiles, key=lambda tile: (tile[0] not in threat_cells, tile[1] != me))

        firsts = order(self.tiles())
        seen = set()
        for first in firsts:
            mark = layout.mark()
            self.place(first)
            try:
                for second in order(self.tiles()):
                    pair = frozenset((first, second))
                    if pair in seen:
                        continue            # the same two tiles the other way round
                    seen.add(pair)
                    inner = layout.mark()
                    self.place(second)
                    try:
                        yield first, second
                    finally:
                        layout.rollback(inner)
            finally:
                layout.rollback(mark)

    def refutation(self, me: int, turns: int):
        """After `me`'s complete turn: a turn of the opponent after which `me` does not win
        within `turns` turns (turns <= 1), or None when there is none. The opponent's
        winning turn first, then the refutations found after other turns of `me`."""
        if turns != 1:
            raise ValueError("the defence is searched against one more turn only")
        opp = 1 - me
        if self.can_win_turn(opp):
            return self.killers[opp][0]
        refuters = self.refuters[me]
        for index, turn in enumerate(refuters):
            if self._holds_after(turn, lambda: self._refuted(me)):
                refuters.insert(0, refuters.pop(index))
                return turn
        for turn in self.defences(me):
            if self._refuted(me):
                refuters.insert(0, turn)
                del refuters[KILLERS:]
                return turn
        return None

    def _refuted(self, me: int) -> bool:
        """After the opponent's complete turn: whether `me` cannot win the next one."""
        result = self.sim.result(1 - me)
        if result is not None:
            return result != me
        return not self.can_win_turn(me)

    # --- the first tile -----------------------------------------------------------------
    def winning_firsts(self, me: int, turns: int, most: int | None = None) -> list:
        """At the start of `me`'s turn: the first tiles from which `me` wins within
        `turns` turns (in the order of legal_moves()); the search stops once more than
        `most` are found. A pair of tiles proven either way counts for both orders."""
        layout = self.layout
        proven: dict = {}              # frozenset of a turn's two tiles -> it wins
        found = []
        firsts = self.tiles()
        for first in firsts:
            mark = layout.mark()
            self.place(first)
            try:
                for second in self.tiles():
                    pair = frozenset((first, second))
                    wins = proven.get(pair)
                    if wins is None:
                        inner = layout.mark()
                        self.place(second)
                        try:
                            wins = proven[pair] = self.turn_done(me, turns)
                        finally:
                            layout.rollback(inner)
                    if wins:
                        found.append(first)
                        self.partners[first] = second
                        break
            finally:
                layout.rollback(mark)
            if most is not None and len(found) > most:
                break
        return found


def _turn_start(state) -> bool:
    return state.turn_placed == 0 and state.tiles_owed == 2


def in_scope(state, turns: int) -> bool:
    """Whether the search is exact for `turns` turns of the side to move from the start
    of its turn: the standard aim, a tile down, and a pool that outlasts those turns and
    the replies between them (each of two tiles: the turns stay whole)."""
    if state.is_over or state.inverted or not state.layout.count or not 1 <= turns <= MOST_TURNS:
        return False
    left = state.tiles_left
    return left is None or left > 2 * (2 * turns - 1)


class CheKit(PuzzleKit):
    game = "che"
    goals = {KIND: "Win within {n} turn{s} against any defence."}
    tries = ((KIND, 1), (KIND, 2))
    trial_levels = ("beginner", "easy")     # medium and hard search against the clock

    def goal(self, kind: str, n: int | None) -> str:
        if kind == KIND and n == 1:
            return "Win this turn: close a region of your colour."
        return super().goal(kind, n)

    # --- proof --------------------------------------------------------------------------
    def prove(self, state, kind: str, n: int | None, budget: int = NODE_BUDGET) -> Proof | None:
        if kind != KIND or n is None or not _turn_start(state) or not in_scope(state, n):
            return None
        me = state.to_play
        prover = TurnProver(state, budget)
        try:
            if n == 2 and prover.can_win_turn(me):
                return None                 # the one-turn puzzle, not this one
            answers = prover.winning_firsts(me, n, most=MOST_ANSWERS)
            if not answers or len(answers) > MOST_ANSWERS:
                return None
            explanation = self._explain(state, prover, me, n, answers)
        except OutOfBudget:
            return None
        sim = prover.sim
        tempting = self._tempting(prover, me, n, answers)
        return Proof(answers=tuple(_notation(state, sim, tile) for tile in answers),
                     explanation=explanation, forced=n,
                     measures={"tempting": tempting, "nodes": prover.nodes,
                               "legal": len(prover.tiles())})

    @staticmethod
    def _tempting(prover, me: int, n: int, answers) -> int:
        """The first tiles that look like a start and fail. One turn: the other tiles on
        the empty cells of the mover's regions that one turn can close. Two turns: the
        other tiles that leave one more of the mover's regions one turn from closing."""
        sim, layout = prover.sim, prover.layout
        if n == 1:
            cells = {cell for libs in sim.liberties(me, 2).values() for cell in libs
                     if cell in layout.frontier}
            return sum(1 for cell in cells for colour in (0, 1) if (cell, colour) not in answers)
        threats = len(sim.liberties(me, 2))
        count = 0
        for tile in prover.tiles():
            if tile in answers:
                continue
            mark = layout.mark()
            sim.place(*tile)
            count += len(sim.liberties(me, 2)) > threats
            layout.rollback(mark)
        return count

    def _explain(self, state, prover, me: int, n: int, answers) -> str:
        """One line from the proof: the winning turn of the first answer, what it
        closes (n = 1) or the threats it leaves that no defence meets (n = 2)."""
        sim, layout = prover.sim, prover.layout
        first = answers[0]
        mark = layout.mark()
        try:
            second = prover.partners[first]
            prover.place(first)
            prover.place(second)
            words = f"{_notation(state, sim, first)} then {_notation(state, sim, second)}"
            colour = COLOUR_WORDS[me]
            if n == 1:
                root = next(r for r in layout.closed if layout.root_colour(r) == me)
                line = f"{words} make {closed_region_words(colour, layout.size[root])}"
                if first[1] == second[1] == 1 - me and (first[0], me) not in answers:
                    line += f"; {colour} tiles there would extend it instead"
                return line
            threats = sorted(sorted(libs) for libs in sim.liberties(me, 2).values())
            count = NUMBERS.get(len(threats), str(len(threats)))
            cells = "; ".join(" and ".join(_cell_text(c) for c in libs) for libs in threats)
            opponent = SEATS[1 - me]
            if len(threats) == 1:
                return (f"{words} leave your {colour} region one turn from closing (at "
                        f"{cells}), and no turn of {opponent}'s keeps it open")
            return (f"{words} leave {count} of your {colour} regions one turn from closing "
                    f"({cells}): {opponent}'s two tiles cannot stop them all")
        finally:
            layout.rollback(mark)

    # --- the line -----------------------------------------------------------------------
    def follow(self, state, start: int, kind: str, n: int | None) -> Follow:
        solver = state.movers()[start] if len(state.history) > start else state.to_play
        if state.is_over:
            if state.outcome.winner == solver:
                return Follow(solved=True)
            return Follow(failed=state.outcome.reason)
        played = len(state.history) - start
        turns = n - (played + 2) // 4       # the solver's turns left (the current one too)
        if turns < 1:
            return Follow(failed=f"{SEATS[solver]} has not won within {n} turn"
                                 f"{'s' if n != 1 else ''}")
        prover = TurnProver(state, FOLLOW_BUDGET)
        try:
            if state.to_play == solver:
                if state.turn_placed == 0:
                    tiles = prover.winning_firsts(solver, turns)
                else:
                    tiles = prover.winning_seconds(solver, turns)
                if not tiles:
                    return Follow(failed=f"no tile wins within {turns} turn"
                                         f"{'s' if turns != 1 else ''} any more")
                return Follow(accepted=tuple(_notation(state, prover.sim, tile)
                                             for tile in tiles))
            return Follow(reply=_tile(prover.sim, *self._defence(prover, solver, state)))
        except OutOfBudget:
            return Follow(failed="this line goes beyond the puzzle's search")

    @staticmethod
    def _defence(prover, solver: int, state):
        """The defender's next tile, the solver having one turn left: one that escapes
        when there is one; else one that does not lose at once, the best by the computer
        players' evaluation (in a won puzzle's line every defence loses next turn)."""
        sim, opp = prover.sim, 1 - solver
        if state.turn_placed == 0:
            candidates = ((pair[0], pair) for pair in prover.defences(solver))
        else:
            candidates = _seconds(prover)
        best, best_key = None, None
        for tile, _ in candidates:
            result = sim.result(opp)
            if result == solver:
                key = (0, 0.0)
            elif result is not None or not prover.can_win_turn(solver):
                return tile
            else:
                key = (1, sim.evaluate(opp))
            if best_key is None or key > best_key:
                best, best_key = tile, key
        return best

    # --- candidates ---------------------------------------------------------------------
    def candidates(self, seed: int) -> Iterator[Candidate]:
        rng = random.Random(seed)
        game_number = 0
        while True:
            game_number += 1
            pairing = PAIRINGS[(game_number - 1) % len(PAIRINGS)]
            game_seed = rng.randrange(1 << 30)
            yield from self._games_positions(pairing, game_seed)

    def _games_positions(self, pairing, game_seed: int) -> Iterator[Candidate]:
        """Turn starts of one self-play game worth a proof: the mover has a region with at
        most two empty cells, or two with at most three (a win within two turns makes
        three regions that one turn closes, more than two tiles of the defence can
        stop), in a layout of at most MOST_LEGAL tiles to try. Each says which level was
        to move there and whether it won within two turns."""
        rng = random.Random(game_seed)
        state = _opening(game_seed, rng)
        kept = []                   # (position, level, its turn number)
        opening = len(state.history)
        while not state.is_over:
            me = state.to_play
            # After a level's turn only: the opening's random tiles make no puzzle.
            if len(state.history) > opening and _turn_start(state) and in_scope(state, 1) \
                    and len(state.layout.frontier) * 2 <= MOST_LEGAL and _promising(state):
                kept.append((state.copy(), pairing[me], state.turns))
            for tile in level_turn(state, pairing[me], rng):
                state.play(tile)
        winner, last = state.outcome.winner, state.turns - 1
        names = " v ".join(pairing)
        for position, level, turn in kept:
            me = position.to_play
            later = (last - turn) // 2      # the mover's turns after this one to the end
            if winner == me and later <= 1:
                what = "won on this turn" if later == 0 else "won a turn later"
            else:
                what = "did not win within two turns"
            yield Candidate(position, f"self-play {names} after {OPENING_TILES} random tiles, "
                                      f"seed {game_seed}: {SEATS[me]} "
                                      f"({level}) to move, turn {turn // 2 + 1}, {what}")


def _opening(game_seed: int, rng: random.Random):
    """The game after OPENING_TILES random tiles (the levels alone often grow the same two
    arms away from each other, game after game), drawn again while they leave Light a
    win at once: the levels' play should make the puzzles, not a random blunder."""
    for _ in range(OPENING_DRAWS):
        state = SPEC.new_game(seed=game_seed, options={})
        for _ in range(OPENING_TILES):
            state.play(rng.choice(state.legal_moves()))
        if _Sim(state).win_search(state.to_play, 2) is None:
            break
    return state


def _promising(state) -> bool:
    counts = [len(libs) for libs in _Sim(state).liberties(state.to_play, 3).values()]
    return min(counts, default=3) <= 2 or len(counts) >= 2


def _seconds(prover):
    """(tile, None) for every second tile of the defender, placed in turn (as in
    TurnProver.defences: the caller reads the layout between the yields)."""
    layout = prover.layout
    for tile in prover.tiles():
        mark = layout.mark()
        prover.place(tile)
        try:
            yield tile, None
        finally:
            layout.rollback(mark)


# --- the computer levels' self-play, with node budgets instead of the clock ---------------
# The pairings in turn, Light's level first. The medium and easy levels do not look at
# every defence, so their games hold forced wins; the beginner's blunders leave wins in
# one turn; the hard level's games are the subtler ones, and three times slower.
PAIRINGS = (("medium", "medium"), ("easy", "medium"), ("beginner", "medium"),
            ("medium", "easy"), ("hard", "medium"), ("easy", "easy"),
            ("medium", "beginner"), ("hard", "hard"), ("medium", "hard"))
SEARCH_POLLS = {"medium": 1_500, "hard": 4_000}     # the searches' polls, for their clock
OPENING_TILES = 3           # random tiles before the levels play (Light's first, Dark's turn)
OPENING_DRAWS = 20          # openings drawn at most until one leaves no win at once


class _BudgetedSearch(_TurnSearch):
    """The medium and hard levels' turn search, stopped after a number of polls instead
    of a time: the same moves on every machine."""

    def __init__(self, state, rng, level: str):
        hard = level == "hard"
        super().__init__(state, rng, None, None, defend_check=hard, width=10 if hard else 4)
        self.most_polls = SEARCH_POLLS[level]

    def poll(self) -> None:
        self.polls += 1
        if self.polls > self.most_polls:
            raise SearchTimeout()


def level_turn(state, level: str, rng: random.Random) -> list:
    """The tiles of one whole turn of `level` (as player.py plays it), deterministic."""
    if level in SEARCH_POLLS and state.layout.count:
        search = _BudgetedSearch(state, rng, level)
        try:
            tiles, _ = search.choose()
            return [_tile(search.sim, *tile) for tile in tiles]
        except SearchTimeout:
            pass                    # as search_move: the greedy tile when out of time
    seat, copy, tiles = state.to_play, state.copy(), []
    while copy.to_play == seat and not copy.is_over:
        move = player.choose_move(copy, "easy" if level in SEARCH_POLLS else level, rng)
        copy.play(move)
        tiles.append(move)
    return tiles


KIT = CheKit()


# --- the answers on the rules' GameState, for the tests and the bench --------------------
def rules_answers(state, n: int) -> tuple[str, ...]:
    """The first tiles from which the side to move wins within `n` (1 or 2) turns, found
    by playing every pair of tiles (both orders) and every pair of replies on the rules'
    GameState, none of the search's shortcuts; only whether the last turn can be won is
    asked of the win search (itself checked against every pair of tiles by the tests)."""
    me = state.to_play
    return tuple(state.format_move(first) for first in state.legal_moves()
                 if _first_wins(state, first, me, n))


def _first_wins(state, first, me: int, n: int) -> bool:
    state.play(first)
    try:
        return any(_turn_wins(state, second, me, n) for second in state.legal_moves())
    finally:
        state.undo()


def _turn_wins(state, second, me: int, n: int) -> bool:
    state.play(second)
    try:
        if state.is_over:
            return state.outcome.winner == me
        return n == 2 and all(_defence_fails(state, reply, me) for reply in state.legal_moves())
    finally:
        state.undo()


def _defence_fails(state, reply, me: int) -> bool:
    """The opponent's first tile `reply`: after every second tile, `me` has won or wins
    its next turn."""
    state.play(reply)
    try:
        for second in state.legal_moves():
            state.play(second)
            try:
                if state.is_over:
                    if state.outcome.winner != me:
                        return False
                elif _Sim(state).win_search(me, 2) is None:
                    return False
            finally:
                state.undo()
        return True
    finally:
        state.undo()
