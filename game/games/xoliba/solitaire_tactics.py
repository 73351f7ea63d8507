"""The Xoliba solitaire levels as puzzles (issue 34): the kit of the puzzle set
"solitaire" (levels/puzzles/solitaire.json, written from the level files by
`python -m game.games.xoliba.level_maker puzzles`).

A solitaire puzzle is a whole level: its position is the level's start, its goal is the
rules' win ("Capture every blue piece.", docs/rules/xoliba.md "Solitaire"), and its
answers are EVERY legal first move from which the level can still be won, in any number of
moves. The solver (solver.py) decides the position after each first move within a node
budget; a level with a first move it leaves undecided makes no puzzle (prove gives None),
so every answer list is proven, never estimated.

Proving that a first move loses can take the solver minutes, so the set carries a cheap
certificate (`certify`), checked by `verify` in the test suite through the real rules:
for each answer a whole winning line (every move legal, the last one captures the last
blue piece), and the other first moves, which with the answers must be exactly the legal
first moves. That the others lose is proven again, in full, by the bench:
`python -m game.bench solitaire --puzzles`.

The levels are played in their own screen (puzzle_play.py: stars, par, hints), not move
by move in the Puzzles screen, so `follow` keeps the kit's default (solved once a first
move is played) and the generator cuts no solitaire puzzles (`candidates` is empty).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import game.records
from game.core.state import IllegalMoveError
from game.games.xoliba import solver
from game.games.xoliba.levels import MOVE_SEPARATOR, Level
from game.puzzles.kit import Candidate, Proof, PuzzleKit

KIND = "solitaire"
# The solver's node budget for the position after each first move: enough to decide every
# first move of the shipped levels (the hardest took 1,578,487 nodes, in level 007;
# python -m game.bench solitaire --puzzles reports it).
PROOF_NODES = 6_000_000
# The level's difficulty (1 gentle .. 5 very hard) as the set's grade (game.puzzles.GRADES:
# 1 easy .. 4 very hard): gentle and easy are both "easy".
GRADE_OF_DIFFICULTY = {1: 1, 2: 1, 3: 2, 4: 3, 5: 4}
# A puzzle's rating: 1000 for grade 1, 250 more for each grade above.
BASE_RATING, RATING_PER_GRADE = 1000, 250

# Why a first move loses, as the explanation words it (for one move, for more).
ENDS, BOUND, SEARCHED = "ends", "bound", "searched"
LOSS_WORDS = {ENDS: ("ends the game with blue left", "end the game with blue left"),
              BOUND: ("leaves blue pieces the red left can no longer all capture",
                      "leave blue pieces the red left can no longer all capture"),
              SEARCHED: ("is lost after a search of every line",
                         "are lost after a search of every line")}


@dataclass(frozen=True)
class FirstMove:
    """What the solver proved of one legal first move."""
    notation: str
    status: str             # solver.WON, LOST or UNDECIDED
    line: tuple = ()        # WON: a winning line from the start, this move first (notation)
    loss: str = ""          # LOST: why (ENDS, BOUND or SEARCHED)
    captures: bool = False  # the move captures
    nodes: int = 0          # the solver's nodes for the position it leads to (0: shared)


_DECIDED: dict = {}             # (position text, node budget) -> first_moves(), the last few
_DECIDED_KEPT = 4               # prove then certify the same level: the solver runs once


def first_moves(state, node_budget: int = PROOF_NODES) -> tuple[FirstMove, ...]:
    """Every legal first move of the solitaire `state`, in legal_moves() order, decided
    by the solver within `node_budget` nodes each (moves that lead to the same position,
    the triangle chosen aside, are decided once). A solitaire's future depends on its
    board alone (no repetition or move-count rule), so the answer is kept by position."""
    key = (state.position_text(), node_budget)
    if key not in _DECIDED:
        while len(_DECIDED) >= _DECIDED_KEPT:
            del _DECIDED[next(iter(_DECIDED))]
        _DECIDED[key] = _first_moves(state, node_budget)
    return _DECIDED[key]


def _first_moves(state, node_budget: int) -> tuple[FirstMove, ...]:
    decided: dict = {}          # (red, blue) after the move -> (status, solver line, loss)
    out = []
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        captures = bool(child.last_captured)
        if child.is_over:
            won = child.outcome.winner == 0
            out.append(FirstMove(state.format_move(move), solver.WON if won else solver.LOST,
                                 (state.format_move(move),) if won else (), "" if won else ENDS,
                                 captures))
            continue
        key = solver.masks_of(child.board)
        nodes = 0
        if key not in decided:
            result = solver.solve(key, node_budget=node_budget, shortest=False)
            loss = BOUND if result.reason == "bound" else SEARCHED
            decided[key] = (result.status, result.line, loss)
            nodes = result.nodes
        status, line, loss = decided[key]
        if status == solver.WON:
            out.append(FirstMove(state.format_move(move), status,
                                 (state.format_move(move), *_notation(child, line)),
                                 captures=captures, nodes=nodes))
        else:
            out.append(FirstMove(state.format_move(move), status, loss=loss,
                                 captures=captures, nodes=nodes))
    return tuple(out)


def _notation(state, line) -> list[str]:
    """The solver's moves played on a copy of `state`, each in notation."""
    state = state.copy()
    out = []
    for move in line:
        out.append(state.format_move(move))
        state.play(move)
    return out


def explanation(decided: tuple[FirstMove, ...]) -> str:
    """The answer in a line: how many first moves still win, and what the others do."""
    total = len(decided)
    wins = sum(first.status == solver.WON for first in decided)
    if wins == total:
        return f"All {total} first moves keep the level winnable: any start can still win."
    losses = [first.loss for first in decided if first.status == solver.LOST]
    counted = [(losses.count(loss), LOSS_WORDS[loss]) for loss in (ENDS, BOUND, SEARCHED)
               if loss in losses]
    head = f"{wins} of {total} first moves {'keeps' if wins == 1 else 'keep'} the level winnable"
    if len(counted) == 1:
        others = "the other one" if len(losses) == 1 else f"the other {len(losses)}"
        return f"{head}; {others} {counted[0][1][len(losses) > 1]}."
    why = "; ".join(f"{count} {words[count > 1]}" for count, words in counted)
    return f"{head}; of the other {len(losses)}, {why}."


class SolitaireKit(PuzzleKit):
    """The solitaire levels' kit: one goal, the rules' win, in any number of moves."""

    game = "xoliba"
    goals = {KIND: "Capture every blue piece."}

    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        """Every first move that can still win, decided by the solver within PROOF_NODES
        nodes each; None when a first move is left undecided, or none wins. Unlike the
        other kits' puzzles, every move may win (a gentle lesson): the level is still a
        puzzle, played to its end in its own screen."""
        if kind != KIND or n is not None or not getattr(state, "solitaire", False):
            return None
        decided = first_moves(state)
        if any(first.status == solver.UNDECIDED for first in decided):
            return None
        answers = tuple(first.notation for first in decided if first.status == solver.WON)
        if not answers:
            return None
        return Proof(answers=answers, explanation=explanation(decided), measures={
            "first_moves": len(decided), "winning": len(answers),
            "tempting": sum(first.captures and first.status == solver.LOST
                            for first in decided),
            "nodes": sum(first.nodes for first in decided)})

    def candidates(self, seed: int) -> Iterator[Candidate]:
        """None: the solitaire puzzles are the level files (levels/NNN.txt)."""
        return iter(())

    def certify(self, state, kind: str, n: int | None, proof: Proof) -> dict:
        """A winning line for each answer (in the answers' order, each one's first move is
        its answer) and the other first moves: plain JSON data."""
        decided = {first.notation: first for first in first_moves(state)}
        return {"lines": [MOVE_SEPARATOR.join(decided[answer].line) for answer in proof.answers],
                "others": [first for first in decided if first not in proof.answers]}

    def verify(self, state, puzzle) -> str | None:
        """None when the certificate holds in `state` through the real rules: each answer
        wins along its line, and the answers and the others are the legal first moves."""
        if puzzle.kind != KIND or puzzle.n is not None or puzzle.forced is not None:
            return f"it is not a solitaire puzzle (kind {puzzle.kind!r}, n {puzzle.n}, " \
                   f"forced {puzzle.forced})"
        if puzzle.goal != self.goal(KIND, None):
            return f"its goal is not {self.goal(KIND, None)!r}"
        if not getattr(state, "solitaire", False):
            return "its position is not a solitaire"
        lines, others = puzzle.certificate.get("lines"), puzzle.certificate.get("others")
        if not isinstance(lines, list) or not isinstance(others, list) \
                or not all(isinstance(text, str) for text in lines + others):
            return "its certificate has no lists 'lines' and 'others' of texts"
        legal = [state.format_move(move) for move in state.legal_moves()]
        if sorted(puzzle.answers + tuple(others)) != sorted(legal):
            return "its answers and the other first moves are not the legal first moves"
        if list(puzzle.answers) != [move for move in legal if move in puzzle.answers]:
            return "its answers are not in the order of the legal moves"
        if len(lines) != len(puzzle.answers):
            return f"its certificate has {len(lines)} lines for {len(puzzle.answers)} answers"
        for answer, text in zip(puzzle.answers, lines):
            moves = text.split(MOVE_SEPARATOR)
            if moves[0] != answer:
                return f"the line of answer {answer!r} starts with {moves[0]!r}"
            problem = _replay(state, moves)
            if problem:
                return f"the line of answer {answer!r}: {problem}"
        return None


def _replay(state, moves: list[str]) -> str:
    """What goes wrong when `moves` are played from `state` (not changed) through the
    real rules; "" when each is legal in turn and the last one wins."""
    state = state.copy()
    for index, text in enumerate(moves, 1):
        if state.is_over:
            return f"the game ended before move {index} {text!r}: {state.outcome.reason}"
        try:
            state.play(state.parse_move(text))
        except IllegalMoveError as exc:
            return f"move {index} {text!r} is illegal: {exc}"
    if state.outcome is None or state.outcome.winner != 0:
        return "it does not win"
    return ""


KIT = SolitaireKit()


def level_record(level: Level) -> str:
    """The record of a level's start: its puzzle's position."""
    return game.records.dumps(level.new_game())


def level_puzzle(level: Level, kit: SolitaireKit = KIT) -> dict:
    """The set file's entry of one level (game/puzzles/__init__.py has the format);
    ValueError when the level cannot be proven within the solver's budget."""
    state = level.new_game()
    proof = kit.prove(state, KIND, None)
    if proof is None:
        raise ValueError(f"level {level.id}: no proof (a first move undecided within "
                         f"{PROOF_NODES:,} solver nodes, or none wins)")
    grade = GRADE_OF_DIFFICULTY[level.difficulty]
    return {"id": f"solitaire-{level.id}", "game": "xoliba", "kind": KIND, "n": None,
            "goal": kit.goal(KIND, None), "record": level_record(level),
            "answers": list(proof.answers), "forced": None,
            "explanation": proof.explanation,
            "notes": [f"Par {level.par} moves{' (proven shortest)' if level.par_proven else ''}."],
            "grade": grade,
            "rating": BASE_RATING + RATING_PER_GRADE * (grade - 1),
            "source": f"level {level.id} '{level.title}' ({level.difficulty_name}): "
                      f"{level.source}",
            "measures": {**proof.measures, "par": level.par},
            "certificate": kit.certify(state, KIND, None, proof)}
