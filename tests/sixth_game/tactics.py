"""Tic-tac-toe's puzzle kit: "win within n turns against any defence", proven by a full
search (the board has at most 9 squares). It shows that a game's puzzles are one kit."""
from __future__ import annotations

import random

import game.rules
from game.puzzles.kit import Candidate, Follow, Proof, PuzzleKit


def wins_within(state, seat: int, turns: int) -> bool:
    """Whether `seat`, to move, wins within `turns` of its own turns against any defence."""
    if turns <= 0:
        return False
    for move in state.legal_moves():
        state.play(move)
        try:
            if _holds(state, seat, turns - 1):
                return True
        finally:
            state.undo()
    return False


def _holds(state, seat: int, turns: int) -> bool:
    """After `seat`'s move: it has won, or it wins within `turns` whatever the reply."""
    if state.is_over:
        return state.outcome.winner == seat
    for reply in state.legal_moves():
        state.play(reply)
        try:
            if not wins_within(state, seat, turns):
                return False
        finally:
            state.undo()
    return True


def winning_moves(state, turns: int) -> list:
    seat, found = state.to_play, []
    for move in state.legal_moves():
        state.play(move)
        try:
            if _holds(state, seat, turns - 1):
                found.append(move)
        finally:
            state.undo()
    return found


class TicTacToeKit(PuzzleKit):
    game = "tictactoe"
    goals = {"forced_win": "Win within {n} turn{s} against any defence."}
    tries = (("forced_win", 1), ("forced_win", 2))
    trial_levels = ("random",)

    def prove(self, state, kind, n):
        moves = winning_moves(state, n)
        if not moves or len(moves) == len(state.legal_moves()) or (
                n > 1 and wins_within(state, state.to_play, n - 1)):
            return None
        answers = tuple(state.format_move(move) for move in moves)
        return Proof(answers, f"{' or '.join(answers)} wins within {n} turns", forced=n,
                     measures={"tempting": len(state.legal_moves()) - len(moves)})

    def follow(self, state, start, kind, n):
        seat = start % 2                            # X moves on even plies
        left = n - sum(1 for ply in range(start, len(state.history)) if ply % 2 == seat)
        if state.is_over:
            return Follow(solved=True) if state.outcome.winner == seat \
                else Follow(failed="the game ended without your win")
        if state.to_play != seat:                   # the defence that holds out longest
            return Follow(reply=max(state.legal_moves(),
                                    key=lambda reply: self._turns_to_win(state, reply, left)))
        moves = winning_moves(state, left)
        if not moves:
            return Follow(failed="the win cannot be forced any more")
        return Follow(accepted=tuple(state.format_move(move) for move in moves))

    @staticmethod
    def _turns_to_win(state, reply, most: int) -> int:
        """The fewest turns in which the attacker wins after `reply` (most + 1: never)."""
        state.play(reply)
        try:
            if state.is_over:                       # the defender won or drew
                return most + 1
            return next((turns for turns in range(1, most + 1)
                         if wins_within(state, state.to_play, turns)), most + 1)
        finally:
            state.undo()

    def candidates(self, seed):
        rng = random.Random(seed)
        spec = game.rules.get(self.game)
        for game_number in range(200):
            state = spec.new_game(seed=game_number, options={})
            while not state.is_over:
                yield Candidate(state.copy(), f"random game {game_number}, move {len(state.history) + 1}")
                state.play(rng.choice(state.legal_moves()))


KIT = TicTacToeKit()
