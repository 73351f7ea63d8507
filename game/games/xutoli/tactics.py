"""Xutoli's puzzles (game/puzzles/kit.py): three goals, each proven by an exact search.

Goals, for the side to move (one tile a turn, so a turn is one tile):

complete_pattern  "Win with this tile": the tiles that give the mover a winning formation
                  (two identical patterns on one region of its colour) and not the
                  opponent as well; forced = 1. The answers are every tile that wins at
                  once: each of the mover's tiles is judged.
stop_win          the opponent has a tile that would win at once; the answers are every
                  tile after which it has none (each of our tiles, then each reply
                  judged). A puzzle when one to MOST_ANSWERS tiles do.
forced_win        "Win within 2 turns against any defence" (no tile wins at once): the
                  answers are every tile after which each reply of the opponent leaves a
                  winning tile, found by an AND-OR search over every tile and every reply
                  with a node budget (a node is one position whose every tile is judged);
                  out of budget, no puzzle.

The searches run on the computer player's board (player._Sim: its fast formation check
says which tiles may make a formation, and the rules' full check decides each of those),
so a position's proof takes milliseconds; tests and the bench (python -m game.bench
xutoli --sections puzzles) prove the same answers by playing every tile on the rules'
own GameState. Everything is counted in nodes, never timed: the same position gives the
same proof everywhere.

Positions come from self-play of the four levels, the two searching levels without their
clock (player._Search with no time budget), after a few random opening tiles; a position
where the mover missed a winning tile, or left the opponent one, says so in its source.
Progressive games (two tiles a turn) and Single target games (no pairs) make no puzzles
here.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

import game.ai
import game.rules
from game.games.xutoli import player as ai
from game.games.xutoli.rules import COLOUR_WORDS, SEATS, make_pattern
from game.puzzles.kit import Candidate, Follow, Proof, PuzzleKit

DRAW = ai.DRAW
MOST_ANSWERS = 4                # a goal that more tiles reach is no puzzle
FORCED_TURNS = 2
NODE_BUDGET = 20_000            # positions judged in one proof (a win in 2 needs < 5,000)
MIN_TILES = 5                   # no pattern pair can be near before this many tiles
OPENING_TILES = 3               # random tiles that make each self-play game different
# Self-play pairings, (White, Blue), one game each in turn.
PAIRINGS = (("easy", "medium"), ("medium", "hard"), ("hard", "easy"), ("medium", "medium"),
            ("beginner", "hard"), ("hard", "medium"), ("easy", "hard"), ("hard", "hard"),
            ("medium", "easy"), ("hard", "beginner"))


class OutOfBudget(Exception):
    """The proof needed more than NODE_BUDGET positions."""


class Tactics:
    """The exact tactics of one position, on the computer player's board. Tiles are
    (cell, colour) as the player's `_Sim` has them; results are a seat (that seat wins),
    DRAW, or None (the game goes on)."""

    def __init__(self, state):
        self.sim = ai._Sim(state)
        self.budget = NODE_BUDGET
        self.nodes = 0

    def placed(self, tile):
        return ai._Placed(self.sim, *tile)

    def results(self, mover: int) -> list:
        """[(tile, result)] of every tile `mover` could place now, in the order of the
        rules' legal_moves()."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget()
        sim = self.sim
        index = ai._Index(sim)
        last = sim.left() == 1
        out = []
        for cell, colour in sim.tiles():
            may = sim.check(cell, colour, index)
            if may[0] or may[1]:
                # A formation is possible: the rules' own check decides.
                with self.placed((cell, colour)):
                    result = sim.decide(sim.formations(), mover)
            else:
                result = DRAW if last else None
            out.append(((cell, colour), result))
        return out

    def wins_now(self, mover: int) -> list:
        """The tiles that would win at once for `mover` (moving now, or as if it moved)."""
        return [tile for tile, result in self.results(mover) if result == mover]

    def can_win(self, me: int, turns: int) -> bool:
        """`me` to move: does some tile win within `turns` of its turns against any
        defence?"""
        results = self.results(me)
        if any(result == me for _, result in results):
            return True
        return turns > 1 and any(result is None and self.defence_fails(tile, me, turns)
                                 for tile, result in results)

    def winning_tiles(self, me: int, turns: int) -> list:
        """Every tile of `me` (to move) that wins within `turns` of its turns against
        any defence."""
        return [tile for tile, result in self.results(me)
                if result == me or (result is None and turns > 1
                                    and self.defence_fails(tile, me, turns))]

    def defence_fails(self, tile, me: int, turns: int) -> bool:
        """Does every reply to `me`'s `tile` leave `me` a win within turns - 1 turns?"""
        opp = 1 - me
        with self.placed(tile):
            replies = self.results(opp)
            if any(result not in (None, me) for _, result in replies):
                return False                    # the opponent wins, or the tiles run out
            # Blocks of our winning cells first: they are the likely refutations.
            threats = {cell for cell, _ in self.wins_now(me)}
            replies.sort(key=lambda item: item[0][0] not in threats)
            for reply, result in replies:
                if result == me:
                    continue                    # this reply hands us the game
                with self.placed(reply):
                    if not self.can_win(me, turns - 1):
                        return False
            return True

    def best_reply(self, me: int, turns: int):
        """The opponent to move, `me` with `turns` turns left: the reply that resists
        longest (a win of its own, a draw, an escape, then the slowest win of `me`);
        among equals a block (a tile on a cell where `me` would win now), then the one
        that leaves `me` the fewest winning tiles, then the first in legal order."""
        opp = 1 - me
        threats = {cell for cell, _ in self.wins_now(me)}
        best, best_rank = None, None
        for reply, result in self.results(opp):
            if result == opp:
                rank = (0,)
            elif result == DRAW:
                rank = (1,)
            elif result == me:
                rank = (4,)
            else:
                rank = (2,)
                with self.placed(reply):
                    for k in range(1, turns + 1):
                        wins = self.winning_tiles(me, k)
                        if wins:
                            rank = (3, -k, reply[0] not in threats, len(wins))
                            break
            if best_rank is None or rank < best_rank:
                best, best_rank = reply, rank
        return best


# --- the kit ----------------------------------------------------------------------------
class XutoliKit(PuzzleKit):
    """Win now, stop the win, and win in two against any defence (module docstring)."""

    game = "xutoli"
    goals = {
        "complete_pattern": "Win with this tile: complete a second identical pattern on "
                            "one region of your colour.",
        "stop_win": "Stop the win: after your tile, your opponent must have no tile that "
                    "wins at once.",
        "forced_win": "Win within {n} turns against any defence.",
    }
    tries = (("complete_pattern", 1), ("forced_win", FORCED_TURNS), ("stop_win", None))
    trial_levels = ("beginner", "easy")     # medium and hard think against a clock

    # --- proofs -------------------------------------------------------------------------
    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        if not _playable(state):
            return None
        try:
            if kind == "complete_pattern" and n == 1:
                return _complete_pattern(state)
            if kind == "stop_win" and n is None:
                return _stop_win(state)
            if kind == "forced_win" and n == FORCED_TURNS:
                return _forced_win(state, n)
        except OutOfBudget:
            return None
        return None

    def follow(self, state, start: int, kind: str, n: int | None) -> Follow:
        if kind != "forced_win":
            return super().follow(state, start, kind, n)
        movers = state.movers()
        solver = movers[start] if len(movers) > start else state.to_play
        if state.is_over:
            if state.outcome.winner == solver:
                return Follow(solved=True)
            return Follow(failed=state.outcome.reason)
        turns = n - sum(1 for seat in movers[start:] if seat == solver)
        tactics = Tactics(state)
        try:
            if state.to_play != solver:
                reply = tactics.best_reply(solver, turns)
                return Follow(reply=_move(state, tactics, reply))
            wins = tactics.winning_tiles(solver, turns) if turns > 0 else []
        except OutOfBudget:
            return Follow(failed="the win is too deep to follow here")
        if not wins:
            return Follow(failed=f"{SEATS[solver]} can no longer force a win within "
                                 f"{n} turns")
        return Follow(accepted=_texts(state, tactics, wins))

    def mistake_kinds(self, state):
        return self.tries if _playable(state) else ()

    # --- positions ----------------------------------------------------------------------
    def candidates(self, seed: int) -> Iterator[Candidate]:
        """Each self-play game's positions by kind: the quiet ones first (a win in two,
        the rarest puzzle, to look for), then a win to take and a threat to stop, which
        of these two first changing from game to game, so that the first puzzles proven
        in each game mix the goals."""
        spec = game.rules.get(self.game)
        number = 0
        while True:
            levels = PAIRINGS[number % len(PAIRINGS)]
            rng = random.Random(f"xutoli-puzzles:{seed}:{number}")
            game_seed = seed * 1_000_000 + number
            where = f"self-play {levels[0]} v {levels[1]}, game {game_seed}"
            moves = _self_play(spec.new_game(seed=game_seed), levels, rng)
            one_tile = ("complete_pattern", "stop_win")
            first = ("forced_win", *(one_tile if number % 2 else one_tile[::-1]))
            found = []
            state = spec.new_game(seed=game_seed)
            for ply, move in enumerate(moves):
                if ply >= MIN_TILES and state.tiles_left >= 3:
                    kinds, blunder = _kinds(state, move, moves[ply + 1:ply + 2], levels)
                    source = f"{where}, tile {ply + 1}"
                    if blunder:
                        source = f"{blunder} ({source})"
                    # A position's kind is the last goal it tries (see _kinds).
                    found.append((first.index(kinds[-1][0]), ply,
                                  Candidate(state.copy(), source, kinds)))
                state.play(move)
            for _, _, candidate in sorted(found, key=lambda item: item[:2]):
                yield candidate
            number += 1


KIT = XutoliKit()


# --- the goals --------------------------------------------------------------------------
def _playable(state) -> bool:
    """A position the kit's goals fit: one tile a turn, pairs to make (no Single target),
    a side to move, a layout, and a tile left after the mover's."""
    return (not state.is_over and not state.progressive and state.targets is None
            and state.layout.count > 0 and state.tiles_left >= 2)


def _complete_pattern(state) -> Proof | None:
    tactics = Tactics(state)
    me = state.to_play
    results = tactics.results(me)
    wins = [tile for tile, result in results if result == me]
    if not wins or len(wins) > MOST_ANSWERS:
        return None
    texts = _texts(state, tactics, wins)
    tempting = _near_misses(state, tactics, [tile for tile, result in results
                                             if result != me])
    line = f"{texts[0]} makes {_formation_words(state, texts[0])}"
    if len(texts) > 1:
        line += f" ({_listed(texts[1:])} {_verb(texts[1:], 'wins', 'win')} too)"
    notes = tuple(f"{_text(state, tactics, tile)} also makes a second {name}, but {why}"
                  for tile, name, why in tempting[:2])
    return Proof(texts, line, forced=1, notes=notes,
                 measures={"tempting": len(tempting), "nodes": tactics.nodes,
                           "moves": len(results)})


def _stop_win(state) -> Proof | None:
    tactics = Tactics(state)
    me, opp = state.to_play, 1 - state.to_play
    threats = tactics.wins_now(opp)
    results = tactics.results(me)
    if not threats or any(result == me for _, result in results):
        return None
    threat_cells = {cell for cell, _ in threats}
    stops, failed_blocks = [], []
    for tile, result in results:
        if result is not None:
            continue                            # it ends the game, never in our favour
        with tactics.placed(tile):
            left = tactics.wins_now(opp)
        if not left:
            stops.append(tile)
        elif tile[0] in threat_cells:
            failed_blocks.append((tile, left[0]))
    if not stops or len(stops) > MOST_ANSWERS:
        return None
    texts = _texts(state, tactics, stops)
    name = SEATS[opp]
    parts = [f"{name} threatens {_listed(_texts(state, tactics, threats))}"]
    if failed_blocks:
        block, win = failed_blocks[0]
        parts.append(f"{_text(state, tactics, block)} fills the cell but lets {name} win "
                     f"with {_text(state, tactics, win)}")
    blocks = _texts(state, tactics, [tile for tile in stops if tile[0] in threat_cells])
    others = _texts(state, tactics, [tile for tile in stops if tile[0] not in threat_cells])
    if blocks:
        parts.append(f"{_listed(blocks)} {_verb(blocks, 'blocks', 'block')} it")
    if others:
        # Off the threatened cells a tile stops the win only this way: formations only
        # grow, so each winning tile of the opponent would now give both players one.
        parts.append(f"{_listed(others)} {_verb(others, 'stops', 'stop')} it "
                     f"{'too' if blocks else 'instead'}: then each of {name}'s winning "
                     f"tiles gives you a formation as well, and a tile that gives both "
                     f"players one loses")
    return Proof(texts, "; ".join(parts) + ".",
                 measures={"tempting": len(failed_blocks), "nodes": tactics.nodes,
                           "moves": len(results), "threats": len(threats)})


def _forced_win(state, n: int) -> Proof | None:
    tactics = Tactics(state)
    me = state.to_play
    results = tactics.results(me)
    if any(result == me for _, result in results):
        return None                             # it is won in one turn
    wins, tempting = [], 0
    for tile, result in results:
        if result is not None:
            continue
        if tactics.defence_fails(tile, me, n):
            wins.append(tile)
        else:
            with tactics.placed(tile):
                tempting += bool(tactics.wins_now(me))   # a threat that is not enough
    if not wins or len(wins) > MOST_ANSWERS:
        return None
    texts = _texts(state, tactics, wins)
    line = _forced_words(state, tactics, wins[0], me)
    if len(texts) > 1:
        line += f" ({_listed(texts[1:])} {_verb(texts[1:], 'wins', 'win')} too)"
    return Proof(texts, line, forced=n,
                 measures={"tempting": tempting, "nodes": tactics.nodes,
                           "moves": len(results)})


def _forced_words(state, tactics: Tactics, answer, me: int) -> str:
    """Why `answer` wins in two: its threats, and what the block lets through."""
    opp = 1 - me
    name, text = SEATS[opp], _text(state, tactics, answer)
    with tactics.placed(answer):
        threats = tactics.wins_now(me)
        cells = sorted({cell for cell, _ in threats})
        threat_texts = _texts(state, tactics, threats)
        if len(cells) >= 2:
            return (f"{text} threatens {_listed(threat_texts)}, and {name} can fill only "
                    f"one of those cells")
        if len(threats) == 2:
            return (f"{text} threatens both tiles of one cell ({_listed(threat_texts)}): "
                    f"no tile {name} puts there blocks it")
        replies = tactics.results(opp)
        if threats:
            (block, result), = [(reply, result) for reply, result in replies
                                if reply[0] == cells[0] and reply != threats[0]]
            block_text = _text(state, tactics, block)
            if result is None:
                with tactics.placed(block):
                    follow_up = tactics.wins_now(me)
                return (f"{text} threatens {threat_texts[0]}; the block {block_text} lets "
                        f"you win with {_text(state, tactics, follow_up[0])}")
            return (f"{text} threatens {threat_texts[0]}, and the block {block_text} "
                    f"would make your formation too")
        return f"after {text} every tile {name} can place leaves you a winning tile"


def _near_misses(state, tactics: Tactics, tiles) -> list:
    """[(tile, picture name, why it does not win)] for the tiles among `tiles` that
    complete a block identical to another one they do not overlap: tiles that look like
    a win and are not."""
    sim, me = tactics.sim, state.to_play
    board = sim.board
    groups = board.by_canon if sim.any_rotation else board.by_key
    found = []
    for tile in tiles:
        before = len(board.order)
        with tactics.placed(tile):
            name = None
            for corner in board.order[before:]:
                key = board.blocks[corner]
                group = groups[sim.gkey(key)]
                if any(not board.overlap(corner, other) for other in group):
                    name = make_pattern(key, corner, state.size).name
                    break
            if name is None:
                continue
            formations = sim.formations()
            mine, theirs = formations[me], formations[1 - me]
        if theirs:
            why = f"it gives {SEATS[1 - me]} a winning formation"
        elif not mine:
            why = f"the two are not on one {COLOUR_WORDS[me]} region"
        else:
            continue
        found.append((tile, name, why))
    return found


def _formation_words(state, text: str) -> str:
    """'two blue Xs at 0,0 and 2,0 on one blue region': the formation `text` makes."""
    state.play(state.parse_move(text))
    try:
        formation = state.winning_formation
        first, second = formation.first, formation.second
        return (f"two {first.name}s at {first.x},{first.y} and {second.x},{second.y} "
                f"on one {COLOUR_WORDS[formation.colour]} region")
    finally:
        state.undo()
        state.redo_stack.clear()


# --- moves and words --------------------------------------------------------------------
def _move(state, tactics: Tactics, tile):
    return ai._tile(tactics.sim, *tile)


def _text(state, tactics: Tactics, tile) -> str:
    return state.format_move(_move(state, tactics, tile))


def _texts(state, tactics: Tactics, tiles) -> tuple:
    """The tiles in notation, in the order of legal_moves()."""
    order = {move: i for i, move in enumerate(state.legal_moves())}
    moves = sorted((_move(state, tactics, tile) for tile in tiles), key=order.__getitem__)
    return tuple(state.format_move(move) for move in moves)


def _verb(texts, one: str, more: str) -> str:
    return one if len(texts) == 1 else more


def _listed(texts) -> str:
    texts = list(texts)
    if len(texts) > 3:
        return f"{', '.join(texts[:3])} and {len(texts) - 3} more"
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} and {texts[-1]}"


# --- self-play --------------------------------------------------------------------------
def _level_move(state, level: str, rng: random.Random):
    """The level's tile; the searching levels without their clock, so the same rng gives
    the same tile on any machine."""
    if level in ("beginner", "easy") or not state.layout.count:
        return game.ai.choose_move(state, level, rng)
    search = ai._Search(state, rng, None, None, level)
    return ai._tile(search.sim, *search.root())


def _self_play(state, levels, rng: random.Random) -> list:
    """The tiles of a game from `state` between the two levels, after OPENING_TILES
    random ones."""
    while not state.is_over:
        if len(state.history) < OPENING_TILES:
            move = rng.choice(state.legal_moves())
        else:
            move = _level_move(state, levels[state.to_play], rng)
        state.play(move)
    return list(state.history)


def _kinds(state, played, next_moves, levels) -> tuple:
    """(the goals worth trying here, the mover's blunder in words or "") for the position
    before `played`: a winning tile, else a threat to stop, else a win in two to look for."""
    tactics = Tactics(state)
    me, opp = state.to_play, 1 - state.to_play
    level = levels[me]
    wins = tactics.wins_now(me)
    if wins:
        missed = played not in [_move(state, tactics, tile) for tile in wins]
        return (("complete_pattern", 1),), f"{level} missed the winning tile" if missed else ""
    if tactics.wins_now(opp):
        lost = bool(next_moves)
        if lost:
            state.play(played)
            state.play(next_moves[0])
            lost = state.is_over and state.outcome.winner == opp
            state.undo()
            state.undo()
            state.redo_stack.clear()
        return ((("forced_win", FORCED_TURNS), ("stop_win", None)),
                f"{level} left a winning tile" if lost else "")
    return (("forced_win", FORCED_TURNS),), ""


# --- the same answers on the rules' own GameState ------------------------------------------
def rules_answers(state, kind: str, n: int | None):
    """The answers of goal (kind, n) found by playing every tile and every reply on the
    rules' GameState (play, outcome, undo), with none of the search's shortcuts: what the
    tests and the bench check the kit's proofs against. () when no tile reaches the goal;
    None when the position is not one for that goal (a tile wins at once where a longer
    goal is asked; no threat to stop)."""
    me = state.to_play
    legal = state.legal_moves()
    wins_now = [move for move in legal if _wins_with(state, move, me, 1)]
    if kind == "complete_pattern":
        found = wins_now
    elif wins_now:
        return None
    elif kind == "forced_win":
        found = [move for move in legal if _wins_with(state, move, me, n)]
    elif not _wins_within(state, 1 - me, 1):
        return None
    else:
        found = [move for move in legal if _stops_win(state, move, me)]
    return tuple(state.format_move(move) for move in found)


def _wins_within(state, me: int, turns: int) -> bool:
    return any(_wins_with(state, move, me, turns) for move in state.legal_moves())


def _wins_with(state, move, me: int, turns: int) -> bool:
    """`me` plays `move`: a win within `turns` of its turns against every reply?"""
    state.play(move)
    try:
        if state.is_over:
            return state.outcome.winner == me
        if turns == 1:
            return False
        for reply in state.legal_moves():
            state.play(reply)
            try:
                if state.is_over:
                    won = state.outcome.winner == me
                else:
                    won = _wins_within(state, me, turns - 1)
            finally:
                state.undo()
            if not won:
                return False
        return True
    finally:
        state.undo()
        state.redo_stack.clear()


def _stops_win(state, move, me: int) -> bool:
    state.play(move)
    try:
        return not state.is_over and not _wins_within(state, 1 - me, 1)
    finally:
        state.undo()
        state.redo_stack.clear()
