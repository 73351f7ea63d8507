"""What a game gives the puzzles: its goals, a proof of each puzzle, the line that follows
an answer, and positions to cut puzzles from (game/puzzles/__init__.py has the shipped
sets, game/tools/puzzles.py the generator, docs/PUZZLES.md the whole).

Every game's package has a `tactics.py` whose `KIT` is a PuzzleKit, named by its record
(`SPEC.tactics`). The kit holds no pygame: the generator, the tests and the Puzzles
screen's worker thread all call it. Everything a kit decides is deterministic: the same
position gives the same proof on every machine (node budgets, never time budgets).

A puzzle is a position, a goal `kind` (with `n`, the number of the solver's own turns it
may take, for goals that have one) and its proof: the accepted first moves. A one-move
goal ("the claim with the best chance") ends with the first move; a multi-move goal
("win within 2 turns against any defence") goes on: the app plays the defender's best
reply, and the accepted moves of the next turn are proven again (`follow`).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Proof:
    """What is proven of a puzzle's position for one goal."""
    answers: tuple[str, ...]        # every accepted first move, in notation, in the order
    #                                 of legal_moves(); never empty, never every move
    explanation: str                # one line shown after the answer ("every other piece
    #                                 lets Second hand back piece 9, which loses on every
    #                                 square"), in the player's words
    forced: int | None = None       # N when the goal is "win within N of your own turns
    #                                 against any defence and any roll", else None
    notes: tuple[str, ...] = ()     # more lines shown after the answer (Catalina: the
    #                                 chance of each claim)
    measures: dict = field(default_factory=dict)   # for grading: "tempting" (moves that
    #                                 look good and fail), "nodes" (the proof's search),
    #                                 anything else of the game's; plain numbers


@dataclass(frozen=True)
class Follow:
    """Where a puzzle's line stands after some moves from its position (see `follow`)."""
    solved: bool = False            # the goal is reached: the puzzle is solved
    accepted: tuple[str, ...] = ()  # the solver is to move: the moves that keep the goal
    #                                 in reach (never empty unless solved or failed)
    reply: object = None            # the defender (or chance) is to move: the move the app
    #                                 plays for it (its best defence; a roll for chance)
    failed: str = ""                # the goal is out of reach now: why, in a line


@dataclass(frozen=True)
class Candidate:
    """A position the generator may cut puzzles from."""
    state: object                   # a GameState (the kit may keep it; it is a copy)
    source: str                     # where it came from, in a line: "self-play hard v
    #                                 medium, seed 12, move 9" / "blunder of easy, ..."
    kinds: tuple[tuple[str, int | None], ...] = ()   # the (kind, n) goals to try here;
    #                                 empty: every goal of the kit (its `tries`)


class PuzzleKit:
    """The base of every game's kit: override `goals`, `prove`, `candidates`, and
    `follow` when a goal has more than one move."""

    game = ""                       # the registry name
    goals: dict[str, str] = {}      # kind -> the goal in the player's words, with {n}
    #                                 for its number of turns: "Win within {n} turns
    #                                 against any defence."
    tries: tuple[tuple[str, int | None], ...] = ()   # the (kind, n) the generator tries
    #                                 on a candidate that names none, in this order
    trial_levels: tuple[str, ...] = ()   # the computer levels the generator asks for a
    #                                 move to grade a puzzle (how often each misses it):
    #                                 only levels whose move depends on nothing but the
    #                                 position and the rng (no clock)

    def goal(self, kind: str, n: int | None) -> str:
        return self.goals[kind].format(n=n, s="" if n == 1 else "s")

    def prove(self, state, kind: str, n: int | None) -> Proof | None:
        """The proof of the goal (kind, n) for the side to move in `state`, or None when
        it makes no puzzle there: no move reaches it, every move does, or the solver's
        budget ran out before it was proven. Deterministic."""
        raise NotImplementedError

    def follow(self, state, start: int, kind: str, n: int | None) -> Follow:
        """The line of a puzzle that began at ply `start` of `state.history`, after the
        moves played since (the solver's answers and the defender's replies). The default
        fits one-move goals: solved once one move was played (the screen plays only an
        accepted first move)."""
        if len(state.history) > start:
            return Follow(solved=True)
        proof = self.prove(state, kind, n)
        return Follow(accepted=proof.answers) if proof else Follow(failed="no move reaches the goal")

    def candidates(self, seed: int) -> Iterator[Candidate]:
        """Positions to cut puzzles from, endlessly or until the game's ideas run out:
        from self-play of its computer levels and from the blunders its analysis marks.
        The same seed gives the same positions in the same order."""
        raise NotImplementedError

    def certify(self, state, kind: str, n: int | None, proof: Proof) -> dict:
        """What the test suite may check instead of proving `proof` again, when proving
        takes long (plain JSON data, stored with the puzzle); {}: the suite proves it
        again. A kit that certifies also proves every puzzle again in its bench."""
        return {}

    def verify(self, state, puzzle) -> str | None:
        """None when the shipped `puzzle` (game.puzzles.Puzzle) holds in `state`, its
        position; else what is wrong, in a line. By default it is proven again and must
        give the same goal, answers and `forced`; a kit that certifies checks the
        certificate here instead."""
        if puzzle.goal != self.goal(puzzle.kind, puzzle.n):
            return f"its goal is not {self.goal(puzzle.kind, puzzle.n)!r}"
        proof = self.prove(state, puzzle.kind, puzzle.n)
        if proof is None:
            return "it is no puzzle: the goal is not proven there"
        if proof.answers != puzzle.answers or proof.forced != puzzle.forced:
            return f"proven again: answers {proof.answers}, forced {proof.forced}"
        return None

    def mistake_kinds(self, state) -> tuple[tuple[str, int | None], ...]:
        """The goals to try at a position where a player blundered in a kept game (their
        own-mistake puzzles): by default every goal the generator tries."""
        return self.tries
