"""The Che computer players: legal, side-effect free, cancellable; the strongest takes a
win when its turn has one, blocks a threat, and avoids a tile that loses at once.

Wins and losses are checked by brute force on the public API (play every tile or pair of
tiles and look at the outcome), not with the AI's own threat search."""
from __future__ import annotations

import random

import pytest

from game.ai import SearchCancelled
from game.games.che import player as ai_che
from game.games.che import rules as che
from game.games.truchet.layout import key_of, xy_of

SPEC = che.SPEC
LEVELS = SPEC.ai_levels
LIGHT, DARK = 0, 1


def play(state, *texts):
    for text in texts:
        state.play(state.parse_move(text))
    return state


def tile_results(state):
    """{tile: winner or 'draw' or None} for every tile when the mover owes one tile."""
    results = {}
    for move in state.legal_moves():
        state.play(move)
        outcome = state.outcome
        results[move] = None if outcome is None else (
            "draw" if outcome.winner is None else outcome.winner)
        state.undo()
    return results


def turn_can_win(state, seat):
    """Whether `seat`, to move at the start of a two-tile turn, can win it."""
    for first in state.legal_moves():
        state.play(first)
        try:
            if state.is_over:
                if state.outcome.winner == seat:
                    return True
                continue
            for second in state.legal_moves():
                state.play(second)
                won = state.outcome is not None and state.outcome.winner == seat
                state.undo()
                if won:
                    return True
        finally:
            state.undo()
    return False


def random_positions(count, owed, options=None, seed=0):
    """Positions from random playouts where the mover owes `owed` tiles."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = SPEC.new_game(seed=rng.randrange(10_000), options=options or {})
        stop = rng.randrange(6, 50)
        while not state.is_over and len(state.history) < stop:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.tiles_owed == owed and state.layout.count:
            found.append(state)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_gives_a_legal_tile_and_leaves_the_state_alone(level):
    for state in random_positions(4, 1, seed=1) + random_positions(4, 2, seed=2) \
            + [SPEC.new_game(seed=3)]:
        before = state.to_json()
        move = ai_che.choose_move(state, level, random.Random(0))
        assert move in state.legal_moves()
        assert state.to_json() == before


def test_levels_are_ordered_weakest_first_and_known():
    assert LEVELS == ai_che.LEVELS and LEVELS[0] == "beginner" and LEVELS[-1] == "hard"


def test_a_cancelled_search_raises():
    state = random_positions(1, 2, seed=4)[0]
    with pytest.raises(SearchCancelled):
        ai_che.choose_move(state, "hard", random.Random(0), should_stop=lambda: True)


def test_out_of_time_before_any_look_ahead_still_gives_a_value(monkeypatch):
    # A busy machine or a short analysis budget: the clock runs out inside the first
    # look-ahead. The search plays its first candidate and values it, never None.
    from game.ai import SearchTimeout

    def out_of_time(*args):
        raise SearchTimeout()

    monkeypatch.setattr(ai_che._TurnSearch, "look_ahead", out_of_time)
    ai_che._plan[0] = None
    for state in random_positions(3, 2, seed=6):
        move, value = ai_che.search_move(state, "hard", random.Random(0))
        assert move in state.legal_moves() and isinstance(value, (int, float))


def test_same_rng_same_choice():
    state = random_positions(1, 2, seed=5)[0]
    a = ai_che.choose_move(state, "hard", random.Random(7))
    b = ai_che.choose_move(state, "hard", random.Random(7))
    assert a == b


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_a_two_tile_win(level):
    # The dark vertex (1,1) has three Light tiles around it: Light light tile closes it.
    state = play(SPEC.new_game(seed=1), "LR@0,0", "L@1,0", "L@0,1", "D@-1,0", "D@0,-1")
    assert state.to_play == DARK and state.tiles_owed == 2
    rng = random.Random(0)
    while state.to_play == DARK:
        state.play(ai_che.choose_move(state, level, rng))
    assert state.outcome is not None and state.outcome.winner == DARK


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_takes_a_one_tile_win_whenever_there_is_one(level):
    checked = 0
    rng = random.Random(11)
    for state in random_positions(60, 1, seed=6):
        mover = state.to_play
        results = tile_results(state)
        if mover not in results.values():
            continue
        move = ai_che.choose_move(state, level, rng)
        assert results[move] == mover, state.move_list()
        checked += 1
        if checked == 6:
            break
    assert checked >= 4


def test_hard_avoids_a_tile_that_loses_at_once():
    checked = 0
    rng = random.Random(12)
    for state in random_positions(60, 1, seed=7):
        mover = state.to_play
        results = tile_results(state)
        losing = {m for m, r in results.items() if r == 1 - mover}
        if not losing or len(losing) == len(results):
            continue
        move = ai_che.choose_move(state, "hard", rng)
        assert move not in losing, state.move_list()
        checked += 1
        if checked == 6:
            break
    assert checked >= 4


def test_hard_blocks_a_one_liberty_threat():
    # After Dark's turn the dark vertex (1,1) has one empty cell left: Light must fill it
    # with a Dark-dominant tile (extending the region) or Dark closes it next turn.
    state = play(SPEC.new_game(seed=1), "LR@0,0", "L@1,0", "L@0,1")
    assert turn_can_win(state.copy(), LIGHT) is False
    rng = random.Random(0)
    while state.to_play == LIGHT:
        state.play(ai_che.choose_move(state, "hard", rng))
    assert not state.is_over
    assert not turn_can_win(state, DARK)


def test_hard_plays_the_last_tile_to_win_on_size():
    # A strip of tiles (no region can close): the last tile decides by region size.
    state = play(SPEC.new_game(seed=1, options={"tiles": 48}), "LL@0,0",
                 *[f"{'D' if x <= 23 else 'L'}@{x},0" for x in range(1, 47)])
    assert state.tiles_left == 1 and state.to_play == LIGHT
    assert state.largest_sizes() == (23, 23)
    results = tile_results(state)
    assert set(results.values()) == {LIGHT, DARK, "draw"}
    for level in ("easy", "medium", "hard"):
        assert results[ai_che.choose_move(state, level, random.Random(0))] == LIGHT


def dark_to_move(*texts):
    state = play(SPEC.new_game(seed=1), *texts)
    assert state.to_play == DARK and state.tiles_owed == 2
    return state


def hard_turn(state):
    rng = random.Random(0)
    seat = state.to_play
    while state.to_play == seat and not state.is_over:
        state.play(ai_che.choose_move(state, "hard", rng))
    return state


def test_hard_as_dark_blocks_an_immediate_light_win():
    # Positions from random playouts, Dark to move, where Light could win its next turn
    # if Dark did nothing about it: hard's turn leaves Light no winning turn (checked by
    # playing every Light turn), whenever Dark has such a turn at all.
    checked = 0
    for state in random_positions(40, 2, seed=21):
        if state.to_play != DARK or state.tiles_left is None or state.tiles_left < 6:
            continue
        sim = ai_che._Sim(state)
        if not sim.win_search(LIGHT, 2):
            continue
        search = ai_che._TurnSearch(state, random.Random(0), None, None, True, 10)
        if all(search.look_ahead(tiles, value) <= -ai_che.WIN / 2
               for tiles, value, decided in search.turns()[:40] if not decided):
            continue                      # no defence among the first turns: skip
        after = hard_turn(state.copy())
        assert after.is_over or not turn_can_win(after, LIGHT), state.move_list()
        checked += 1
        if checked == 3:
            break
    assert checked >= 2


# Dark to move; the turn L@-2,1 L@-3,2 (greedy's) leaves Light no winning turn, but then
# Light's D@2,4 D@1,4 makes threats that no Dark turn meets.
DOUBLE_THREAT = ("LR@0,0", "L@1,0", "L@2,0", "D@0,1", "D@1,-1", "L@1,1", "L@2,-1", "D@2,1",
                 "D@0,-1", "L@-1,-1", "L@2,2", "D@2,3", "D@3,1", "L@3,0", "L@1,2", "D@3,-1",
                 "D@0,2", "L@4,-1", "L@-1,2", "D@-2,2", "D@0,3")
TRAP = ("L@-2,1", "L@-3,2")
FORCING_REPLY = ("D@2,4", "D@1,4")


def dark_can_hold(state) -> bool:
    """Dark to move: some Dark turn after which Light cannot win at once (Light's wins
    by the computer's exact closing search)."""
    for first in state.legal_moves():
        state.play(first)
        try:
            for second in state.legal_moves():
                state.play(second)
                try:
                    if state.is_over:
                        if state.outcome.winner == DARK:
                            return True
                    elif not ai_che._Sim(state).win_search(LIGHT, 2):
                        return True
                finally:
                    state.undo()
        finally:
            state.undo()
    return False


def test_the_double_threat_position_is_a_trap():
    state = play(dark_to_move(*DOUBLE_THREAT), *TRAP)
    assert not state.is_over and not turn_can_win(state, LIGHT)
    play(state, *FORCING_REPLY)
    assert not state.is_over and not dark_can_hold(state)


def test_hard_sees_the_double_threat_and_avoids_it():
    state = dark_to_move(*DOUBLE_THREAT)
    search = ai_che._TurnSearch(state, random.Random(0), None, None, True, 10)
    for text in TRAP:
        move = state.parse_move(text)
        search.sim.place(key_of(move.x, move.y), move.colour)
    assert search.opponent_forces()
    after = hard_turn(state.copy())
    assert [after.format_move(m) for m in after.history[-2:]] != list(TRAP)
    assert not after.is_over and not turn_can_win(after, LIGHT)
    play(after, *FORCING_REPLY)
    assert after.is_over or dark_can_hold(after)


def test_hard_plays_the_second_tile_it_planned():
    state = random_positions(1, 2, seed=5)[0]
    first = ai_che.choose_move(state, "hard", random.Random(3))
    planned = ai_che._plan[0]
    state.play(first)
    assert planned[0] == tuple(state.history)
    assert ai_che.choose_move(state, "hard", random.Random(3)) == planned[1]


def test_the_region_index_gives_the_liberties_of_every_region():
    # The search reads liberties from a region index kept up to date as it places and
    # takes back tiles: compare it with the layout's own regions after every change.
    rng = random.Random(31)

    def expected(layout, colour, most):
        found = {}
        for region in layout.regions():
            if region.closed or (colour is not None and region.colour != colour):
                continue
            libs = {cell for vertex in region.vertices
                    for cell in layout.empty_cells_around(*vertex)}
            if most is None or len(libs) <= most:
                found[region.root] = libs
        return found

    def check(sim):
        for colour in (None, LIGHT, DARK):
            for most in (None, 1, 2, 3, 4, 5):
                got = {root: {xy_of(c) for c in cells}
                       for root, cells in sim.liberties(colour, most).items()}
                assert got == expected(sim.layout, colour, most), (colour, most)

    for state in random_positions(6, 2, seed=32):
        sim = ai_che._Sim(state)
        check(sim)
        marks = []
        for _ in range(30):
            if marks and rng.random() < 0.35:
                sim.layout.rollback(marks.pop())
            else:
                marks.append(sim.layout.mark())
                sim.place(*rng.choice(sim.tiles()))
            check(sim)


# Dark to move (a game of hard against greedy). Most of hard's candidate turns, among them
# the best ones by the evaluation, let Light force a closure: D@-4,1 L@-5,1 (which hard
# played when it looked at its first 40 turns or so) is met by D@-6,3 D@-2,0. The safe
# turns lie deeper in the list.
DEEP_DEFENCE = ("DL@0,0", "L@1,0", "D@2,0", "D@2,-1", "D@-1,0", "L@0,1", "L@3,-1", "D@-1,1",
                "D@3,0", "L@1,-1", "L@1,-2", "D@0,-1", "D@2,-2", "L@-1,-1", "L@-1,-2",
                "D@-2,-1", "D@-1,-3", "L@3,-2", "L@-1,2", "D@4,-2", "D@-2,2", "L@-2,-2",
                "L@3,-3", "D@-2,-3", "D@-3,-1", "L@-3,0", "L@-2,-4", "D@-3,1", "D@-2,-5",
                "L@-3,2", "L@0,2", "D@-3,3", "D@0,3", "L@-4,3", "L@-4,2", "D@-2,3", "D@3,-4",
                "D@-2,1", "L@-4,4", "D@-5,3", "D@-5,2")
DEEP_TRAP = ("D@-4,1", "L@-5,1")


def search_after(state, *texts):
    """A hard-level search on `state` with the tiles `texts` placed in its own layout."""
    search = ai_che._TurnSearch(state, random.Random(0), None, None, True, 10)
    replay = state.copy()
    for text in texts:
        move = replay.parse_move(text)
        replay.play(move)
        search.sim.place(key_of(move.x, move.y), move.colour)
    return search


def test_hard_as_dark_finds_a_safe_turn_deep_in_its_list():
    state = dark_to_move(*DEEP_DEFENCE)
    assert search_after(state, *DEEP_TRAP).opponent_forces()
    after = state.copy()
    for _ in range(2):
        move, _value = ai_che.search_move(after, "hard", random.Random(0), budget=60)
        after.play(move)
    turn = after.move_list()[-2:]
    assert turn != list(DEEP_TRAP)
    assert not after.is_over and not turn_can_win(after, LIGHT)
    assert not search_after(state, *turn).opponent_forces()


def test_when_every_turn_is_forced_hard_leaves_the_fewest_forcing_turns():
    state = dark_to_move(*DEEP_DEFENCE)
    trap = search_after(state, *DEEP_TRAP)
    assert trap.forcing_turns(ai_che.FORCED_COUNT) >= 1
    safe = ("L@-4,-1", "L@-3,-2")
    assert search_after(state, *safe).forcing_turns(ai_che.FORCED_COUNT) == 0

    def tiles(texts):
        replay = state.copy()
        found = []
        for text in texts:
            move = replay.parse_move(text)
            replay.play(move)
            found.append((key_of(move.x, move.y), move.colour))
        return found

    # Given as forced turns, the trap first (the better value): the safe one is chosen.
    search = ai_che._TurnSearch(state, random.Random(0), None, None, True, 10)
    forced = [(tiles(DEEP_TRAP), 50.0), (tiles(safe), -30.0)]
    assert search.least_forced(forced, forced[0][0]) == forced[1][0]
