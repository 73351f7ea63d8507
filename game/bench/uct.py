"""A plain UCT player: the benches' reference opponent (docs/STRENGTH.md).

It knows nothing of any game but the engine contract (docs/ENGINE.md): `legal_moves`,
`play`, `undo`, `to_play`, `is_over`, `outcome`, `is_chance`, `chance_outcomes`. It never
imports a computer player, so it measures them from outside.

One iteration, on one working copy of the position (moves played, then all taken back
with `undo`, chance steps included):

selection   from the root, the child with the best UCB1 value
                mean reward + C * sqrt(ln(parent visits) / child visits)
            while every legal move of a node has a child. At a chance node (a roll due)
            an outcome is drawn from `chance_outcomes()` with the player's own RNG on
            every visit, and the walk goes on in that outcome's child.
expansion   one untried move of the node reached (untried moves are tried in a random
            order) gets its child.
playout     uniformly random legal moves to the end of the game; rolls drawn from
            `chance_outcomes()` with the same RNG. (`sample_chance()` is never used: it
            draws from the game's own seeded dice, so every playout from a copied state
            would roll the same.)
backup      every node on the path adds the reward of the seat that moved into it.

Rewards, one per seat in [0, 1]: the winner 1 and the others 0; without a winner the
seats with the best score share it, 1/2 each (a two-player draw or tie: 1/2 each; a
three-player Xoliba game where two lead together: 1/2 to each of them, 0 to the third).
Xoliba's point scores count only through who won: the search plays to win, not for a
bigger margin.

The move played is the root's most visited one. One addition to the textbook algorithm:
a move that wins at once is played without searching (plain UCT rates every move of a
won position alike and may dawdle; the check costs one play and undo per legal move).

The budget is CPU seconds of this process (`time.process_time()`), so a busy machine
does not shorten the search, or an iteration count (`max_iterations`, for tests);
whichever ends first. At least one iteration is always made.
"""
from __future__ import annotations

import math
import random
import time

UCT_C = 1.0          # exploration constant; how it was chosen: docs/STRENGTH.md ("tune")

__all__ = ["UCT_C", "Node", "choose", "rewards", "search", "winning_move"]


class Node:
    """A position in the tree. `mover` is the seat whose move led here (None below a
    chance step or at the root); `total` is the sum of that seat's rewards."""

    __slots__ = ("mover", "visits", "total", "children", "untried")

    def __init__(self, mover):
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.children = {}
        self.untried = None        # the moves not yet expanded, listed on the first visit


def rewards(outcome, seats: int) -> list:
    """One reward per seat in [0, 1] from a finished game's outcome (see the module's
    docstring)."""
    if outcome.winner is not None:
        return [1.0 if seat == outcome.winner else 0.0 for seat in range(seats)]
    scores = list(outcome.scores)[:seats]
    if len(scores) < seats:
        return [0.5] * seats
    best = max(scores)
    return [0.5 if score == best else 0.0 for score in scores]


def _draw(outcomes: list, rng: random.Random):
    """One chance outcome, drawn with its probability."""
    pick = rng.random() * sum(p for _, p in outcomes)
    for outcome, probability in outcomes:
        pick -= probability
        if pick < 0:
            return outcome
    return outcomes[-1][0]


def search(state, seconds: float | None = None, rng: random.Random | None = None,
           c: float = UCT_C, max_iterations: int | None = None) -> Node:
    """The root of a UCT tree grown from `state` (not changed) within `seconds` of CPU
    time and/or `max_iterations` iterations (at least one)."""
    if state.is_over or state.is_chance:
        raise ValueError("UCT chooses a player's move: the game is over or a roll is due")
    if seconds is None and max_iterations is None:
        raise ValueError("give a budget: seconds, max_iterations or both")
    rng = rng or random.Random()
    work = state.copy()
    seats = len(state.spec.seats_for(state.options))
    root = Node(None)
    deadline = None if seconds is None else time.process_time() + seconds
    iterations = 0
    while True:
        _iterate(work, root, rng, c, seats)
        iterations += 1
        if max_iterations is not None and iterations >= max_iterations:
            break
        if deadline is not None and time.process_time() >= deadline:
            break
    return root


def winning_move(state):
    """The first legal move that ends the game at once with its mover winning, or None."""
    work = state.copy()
    mover = work.to_play
    for move in work.legal_moves():
        work.play(move)
        won = work.is_over and work.outcome.winner == mover
        work.undo()
        if won:
            return move
    return None


def choose(state, seconds: float | None = None, rng: random.Random | None = None,
           c: float = UCT_C, max_iterations: int | None = None, decisive: bool = True):
    """The move UCT plays for `state.to_play`: the root's most visited move (ties go to
    the better mean, then to the order of `legal_moves()`). A single legal move, or (with
    `decisive`) a move that wins at once, is played without searching. The state is never
    changed."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if decisive:
        move = winning_move(state)
        if move is not None:
            return move
    root = search(state, seconds, rng, c, max_iterations)
    order = {move: i for i, move in enumerate(moves)}
    best = max(root.children.items(),
               key=lambda item: (item[1].visits, item[1].total / max(1, item[1].visits),
                                 -order.get(item[0], 0)))
    return best[0]


def _iterate(work, root: Node, rng: random.Random, c: float, seats: int) -> None:
    node = root
    path = [root]
    depth = 0
    # selection and expansion
    while not work.is_over:
        if work.is_chance:
            outcome = _draw(work.chance_outcomes(), rng)
            work.play(outcome)
            depth += 1
            child = node.children.get(outcome)
            if child is None:
                child = node.children[outcome] = Node(None)
            node = child
            path.append(node)
            continue
        if node.untried is None:
            node.untried = work.legal_moves()
            rng.shuffle(node.untried)
        if node.untried:
            move = node.untried.pop()
            mover = work.to_play
            work.play(move)
            depth += 1
            child = node.children[move] = Node(mover)
            path.append(child)
            break
        log_n = math.log(node.visits)
        best, best_value = None, -1.0
        for move, child in node.children.items():
            value = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = move, value
        work.play(best)
        depth += 1
        node = node.children[best]
        path.append(node)
    # playout
    while not work.is_over:
        if work.is_chance:
            work.play(_draw(work.chance_outcomes(), rng))
        else:
            work.play(rng.choice(work.legal_moves()))
        depth += 1
    reward = rewards(work.outcome, seats)
    # backup
    for node in path:
        node.visits += 1
        if node.mover is not None:
            node.total += reward[node.mover]
    for _ in range(depth):
        work.undo()
