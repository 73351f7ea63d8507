"""The Xutoli computer players: legal, side-effect free, cancellable; they take a win when
one tile wins, and the searching levels block the opponent's single winning cell.

Wins, losses and blocks are checked by brute force on the public API (play every tile
and look at the outcome), not with the AI's own threat search; the AI's fast formation
check is compared with the rules' full check."""
from __future__ import annotations

import functools
import itertools
import random

import pytest

from game.ai import SearchCancelled
from game.games.xutoli import player as ai_xutoli
from game.games.xutoli import rules as xutoli

SPEC = xutoli.SPEC
LEVELS = SPEC.ai_levels
WHITE, BLUE = 0, 1


def tile_results(state):
    """{tile: winner or 'draw' or None} for every tile (the mover owes one tile)."""
    results = {}
    for move in state.legal_moves():
        state.play(move)
        outcome = state.outcome
        results[move] = None if outcome is None else (
            "draw" if outcome.winner is None else outcome.winner)
        state.undo()
    state.redo_stack.clear()
    return results


def opponent_wins_after(state, move):
    """Whether, after `move`, the opponent has a tile that wins at once."""
    state.play(move)
    try:
        if state.is_over:
            return False
        opp = state.to_play
        return opp in tile_results(state).values()
    finally:
        state.undo()
        state.redo_stack.clear()


def iter_positions(options=None, seed=0, owed=1):
    """Positions from random playouts where the mover owes `owed` tiles, for ever."""
    rng = random.Random(seed)
    while True:
        state = SPEC.new_game(seed=rng.randrange(10_000), options=options or {})
        stop = rng.randrange(4, 40)
        while not state.is_over and len(state.history) < stop:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.tiles_owed == owed:
            yield state


def random_positions(count, options=None, seed=0, owed=1):
    return list(itertools.islice(iter_positions(options, seed, owed), count))


def test_levels_are_ordered_weakest_first():
    assert LEVELS == ai_xutoli.LEVELS and LEVELS[0] == "beginner" and LEVELS[-1] == "hard"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_gives_a_legal_tile_and_leaves_the_state_alone(level):
    positions = (random_positions(2, seed=1) + [SPEC.new_game(seed=3)]
                 + random_positions(1, {"progressive": True}, seed=2, owed=2)
                 + random_positions(1, {"progressive": True}, seed=2, owed=1)
                 + random_positions(1, {"target": "drawn_coloured"}, seed=4)
                 + random_positions(1, {"size": 3}, seed=6))
    for state in positions:
        before = state.to_json()
        move = ai_xutoli.choose_move(state, level, random.Random(0))
        assert move in state.legal_moves()
        assert state.to_json() == before


def test_a_cancelled_search_raises():
    state = random_positions(1, seed=7)[0]
    with pytest.raises(SearchCancelled):
        ai_xutoli.choose_move(state, "hard", random.Random(0), should_stop=lambda: True)


def test_same_rng_same_choice():
    state = random_positions(1, seed=8)[0]
    a = ai_xutoli.choose_move(state, "hard", random.Random(7))
    b = ai_xutoli.choose_move(state, "hard", random.Random(7))
    assert a == b


def positions_with(predicate, count, options=None, seed=0, limit=400):
    found = []
    for state in itertools.islice(iter_positions(options, seed), limit):
        if predicate(state):
            found.append(state)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_a_one_tile_win_whenever_there_is_one(level):
    def has_win(state):
        state.results = tile_results(state)
        return state.to_play in state.results.values()
    positions = positions_with(has_win, 5, seed=9, limit=120)
    assert len(positions) >= 4
    rng = random.Random(1)
    for state in positions:
        move = ai_xutoli.choose_move(state, level, rng)
        assert state.results[move] == state.to_play, state.move_list()


def test_easy_and_hard_never_play_a_tile_that_loses_at_once():
    def has_loss(state):
        state.results = tile_results(state)
        values = list(state.results.values())
        return 1 - state.to_play in values and None in values
    rng = random.Random(2)
    for state in positions_with(has_loss, 4, seed=10, limit=150):
        for level in ("easy", "hard"):
            move = ai_xutoli.choose_move(state, level, rng)
            assert state.results[move] != 1 - state.to_play, (level, state.move_list())


@functools.cache
def block_positions():
    """Positions where the opponent threatens to win next move, the mover cannot win
    now, and some tile leaves the opponent no winning tile (found cheaply with the AI's
    scan, then checked by brute force): [(state, results of every tile)]."""
    found = []
    for state in itertools.islice(iter_positions(seed=11), 300):
        sim = ai_xutoli._Sim(state)
        scan = sim.scan()
        me = state.to_play
        if ai_xutoli._threats(scan, me) or not ai_xutoli._threats(scan, 1 - me):
            continue
        results = tile_results(state)
        if me in results.values():
            continue
        moves = [m for m, r in results.items() if r is None]
        if not all(opponent_wins_after(state, m) for m in moves):
            found.append((state, results))
            if len(found) == 3:
                break
    return found


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_a_single_threat_when_it_can(level):
    positions = block_positions()
    assert len(positions) >= 2
    rng = random.Random(3)
    for state, results in positions:
        move = ai_xutoli.choose_move(state, level, rng)
        assert results[move] is None and not opponent_wins_after(state, move), \
            state.move_list()


@pytest.mark.parametrize("options", [{}, {"rotation": "any"}, {"size": 3},
                                     {"target": "drawn_letter"}, {"progressive": True}])
def test_the_fast_formation_check_agrees_with_the_rules(options):
    checked = 0
    for state in random_positions(6, options, seed=13):
        sim = ai_xutoli._Sim(state)
        have = sim.formations()
        index = ai_xutoli._Index(sim)
        for cell, colour, f0, f1 in sim.scan(index, have):
            move = ai_xutoli._tile(sim, cell, colour)
            mark = state.board.mark()
            state.board.place(move)
            full = [state.has_formation(WHITE), state.has_formation(BLUE)]
            state.board.rollback(mark)
            assert full == [f0, f1], (state.move_list(), move)
            checked += 1
    assert checked > 50
