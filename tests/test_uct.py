"""The UCT reference opponent (game/bench/uct.py) and the strength bench's arithmetic and
scheduling (game/bench/strength.py)."""
import math
import random
import time

import pytest

import game.rules
from game.bench import strength, uct

CONFIGS = [("xtic", {"game_type": "normal"}), ("xtic", {"game_type": "nodiags"}),
           ("xtic", {"game_type": "torus"}), ("xoliba", {"players": 2}),
           ("xoliba", {"players": 3}), ("catalina", {}), ("che", {}), ("xutoli", {})]


def advance(state, rng, moves):
    """Random moves (rolls from the game's dice) until `moves` choices were made or the
    game is over; the state waits for a player's move unless over."""
    made = 0
    while not state.is_over:
        if state.is_chance:
            state.sample_chance()
            continue
        if made >= moves:
            break
        state.play(rng.choice(state.legal_moves()))
        made += 1
    return state


@pytest.mark.parametrize("name,options", CONFIGS, ids=lambda v: str(v))
def test_legal_moves_and_state_unchanged(name, options):
    spec = game.rules.get(name)
    rng = random.Random(5)
    for depth in (0, 7):
        state = advance(spec.new_game(seed=3, options=options), rng, depth)
        if state.is_over:
            continue
        before = state.to_json()
        history = list(state.history)
        move = uct.choose(state, rng=random.Random(1), max_iterations=40)
        assert move in state.legal_moves()
        assert state.to_json() == before
        assert state.history == history


def ends_at_once(state, mover, wins: bool) -> list:
    """The legal moves that end the game at once with `mover` winning (`wins`) or with
    `mover` losing (not `wins`)."""
    found = []
    for move in state.legal_moves():
        state.play(move)
        if state.is_over and state.outcome.winner is not None \
                and (state.outcome.winner == mover) == wins:
            found.append(move)
        state.undo()
    return found


def decisive_position(name, options, seeds=range(200), max_moves=40):
    """A position found by random play where some moves win at once and others do not:
    (state, the winning moves)."""
    spec = game.rules.get(name)
    for seed in seeds:
        rng = random.Random(seed)
        state = spec.new_game(seed=seed, options=options)
        while not state.is_over:
            if state.is_chance:
                state.sample_chance()
                continue
            moves = state.legal_moves()
            wins = ends_at_once(state, state.to_play, True) if len(moves) <= max_moves else []
            if wins and len(wins) < len(moves):
                return state, set(wins)
            state.play(rng.choice(moves))
    raise AssertionError(f"no position with an immediate win found in {name}")


@pytest.mark.parametrize("name,options", [("che", {}), ("xutoli", {})], ids=["che", "xutoli"])
def test_takes_an_immediate_win(name, options):
    state, wins = decisive_position(name, options)
    before = state.to_json()
    assert uct.choose(state, rng=random.Random(2), max_iterations=50) in wins
    assert uct.winning_move(state) in wins
    assert state.to_json() == before
    # the search alone rates a winning move highest: every playout through it is a win
    root = uct.search(state, rng=random.Random(2), max_iterations=400)
    for move in wins:
        assert root.children[move].total == root.children[move].visits


def test_avoids_an_immediate_loss():
    # Xtic is misère: a placement can only lose. A late position where some moves do.
    spec = game.rules.get("xtic")
    rng = random.Random(1)
    for seed in range(100):
        state = spec.new_game(seed=seed, options={"game_type": "normal"})
        while not state.is_over:
            moves = state.legal_moves()
            losses = ends_at_once(state, state.to_play, False) if len(moves) <= 40 else []
            if losses and len(losses) < len(moves):
                break
            state.play(rng.choice(moves))
        if not state.is_over:
            break
    moves = state.legal_moves()
    move = uct.choose(state, rng=random.Random(2), max_iterations=max(300, 12 * len(moves)))
    assert move not in losses


def test_catalina_chance_steps():
    spec = game.rules.get("catalina")
    state = spec.new_game(seed=4, options={})
    assert state.is_chance
    with pytest.raises(ValueError):
        uct.choose(state, max_iterations=10)
    # a few claims by UCT, rolls from the game's dice, through chance nodes in the tree
    rng = random.Random(3)
    for _ in range(6):
        while state.is_chance:
            state.sample_chance()
        if state.is_over:
            break
        root = uct.search(state, rng=rng, max_iterations=60)
        assert root.visits == 60
        # below a claim comes a roll: the chance children are the rolls drawn
        rolls = [child for node in root.children.values() for child in node.children]
        assert rolls
        state.play(uct.choose(state, rng=rng, max_iterations=60))


def test_xoliba_three_players():
    spec = game.rules.get("xoliba")
    state = spec.new_game(seed=9, options={"players": 3})
    rng = random.Random(4)
    movers = set()
    for _ in range(6):
        if state.is_over:
            break
        movers.add(state.to_play)
        root = uct.search(state, rng=rng, max_iterations=50)
        assert {child.mover for child in root.children.values()} == {state.to_play}
        state.play(uct.choose(state, rng=rng, max_iterations=50))
    assert len(movers) == 3


def test_rewards():
    Outcome = game.rules.Outcome
    assert uct.rewards(Outcome(1, (0, 12), ""), 2) == [0.0, 1.0]
    assert uct.rewards(Outcome(None, (0.5, 0.5), ""), 2) == [0.5, 0.5]
    assert uct.rewards(Outcome(None, (0, 0), ""), 2) == [0.5, 0.5]
    assert uct.rewards(Outcome(2, (3, 1, 7), ""), 3) == [0.0, 0.0, 1.0]
    assert uct.rewards(Outcome(None, (4, 4, 1), ""), 3) == [0.5, 0.5, 0.0]


def test_cpu_budget():
    state = game.rules.get("xtic").new_game(seed=1, options={"game_type": "normal"})
    state.play(state.legal_moves()[0])
    started = time.process_time()
    uct.choose(state, seconds=0.05, rng=random.Random(1))
    assert time.process_time() - started < 1.0


def test_bradley_terry_recovers_strengths():
    # A beats B 3 games in 4, B beats C 3 in 4, A beats C 9 in 10: strengths 9 : 3 : 1
    results = {(0, 1): (300.0, 400), (1, 2): (300.0, 400), (0, 2): (360.0, 400)}
    theta = strength.bradley_terry(results, 3, prior=0)
    elo = [strength.ELO * t for t in theta]
    assert elo[0] == 0 and elo[1] < 0 and elo[2] < elo[1]
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3), abs=1)     # 190.8
    assert elo[1] - elo[2] == pytest.approx(190.8, abs=1)
    errors = strength.rating_errors(theta, results, prior=0)
    assert errors[0] == 0 and 0 < errors[1] < errors[2] < 1
    # a clean sweep stays finite with the prior
    theta = strength.bradley_terry({(0, 1): (0.0, 10)}, 2)
    assert math.isfinite(theta[1]) and theta[1] > 0


def test_wilson_interval():
    low, high = strength.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = strength.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert strength.wilson(0, 10)[0] == 0 and strength.wilson(10, 10)[1] == 1


def test_play_game_alternates_seats():
    spec = game.rules.get("xtic")
    options = {"game_type": "normal"}
    seen = []

    def first(state):
        seen.append(state.to_play)
        return state.legal_moves()[0]

    def last(state):
        return state.legal_moves()[-1]

    results = strength.match(spec, options, first, last, 4, seed=2)
    assert [seat for _, seat, _, _ in results] == [0, 1, 0, 1]
    seeds = [game_seed for game_seed, _, _, _ in results]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert set(seen) == {0, 1}
    for _, seat, outcome, points in results:
        assert points == strength.score_of(outcome, seat)
    # three seats: each deal from every seat
    assert strength.schedule(6, 3, 1) == [(100_000, 0), (100_000, 1), (100_000, 2),
                                          (100_001, 0), (100_001, 1), (100_001, 2)]


def test_play_game_deterministic_players():
    spec = game.rules.get("catalina")
    players = [lambda s: s.legal_moves()[0], lambda s: s.legal_moves()[-1]]
    a = strength.play_game(spec, {}, players, 7)
    b = strength.play_game(spec, {}, players, 7)
    assert a == b and a is not None


# --- the careful beginner (the ladder's check that the weakest level is no wall) -----------
@pytest.mark.parametrize("name,options", [("che", {}), ("xutoli", {})], ids=["che", "xutoli"])
def test_careful_beginner_takes_a_win_at_once(name, options):
    state, wins = decisive_position(name, options)
    before = state.to_json()
    assert strength.CarefulBeginner(seed=0)(state) in wins
    assert state.to_json() == before


def test_careful_beginner_blocks_in_catalina():
    # Red holds [1,1], [1,2] and two of the top row of [1,3]; Blue rolls 1334, which
    # reaches [1,3][1,3], the tile that would win the game for Red.
    spec = game.rules.get("catalina")
    state = spec.new_game(seed=1, options={})
    for text in ("[1,1][1,1]", "[3,3][3,3]", "[1,1][1,2]", "[3,3][2,2]", "[1,1][1,3]",
                 "[2,1][2,2]", "[1,2][1,1]", "[3,1][2,2]", "[1,2][1,2]", "[3,2][2,2]",
                 "[1,2][1,3]", "[2,3][2,2]", "[1,3][1,1]", "[3,2][1,1]", "[1,3][1,2]"):
        state.play(state.parse_move("roll 4444"))
        state.play(state.parse_move(text))
    state.play(state.parse_move("roll 1334"))
    assert state.to_play == 1
    assert state.format_move(strength.CarefulBeginner(seed=0)(state)) == "[1,3][1,3]"


def test_careful_beginner_never_loses_at_once_when_it_need_not():
    spec = game.rules.get("xtic")
    careful = strength.CarefulBeginner(seed=0)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = spec.new_game(seed=seed, options={"game_type": "normal"})
        while not state.is_over:
            moves = state.legal_moves()
            losses = ends_at_once(state, state.to_play, False) if len(moves) <= 40 else []
            if losses and len(losses) < len(moves):
                assert careful(state) not in losses
                checked += 1
            state.play(rng.choice(moves))
    assert checked >= 10


def test_careful_beginner_sees_a_che_turn_it_can_win():
    # A Che turn is two tiles: when some second tile would win, the first tile it plays
    # is one that a second tile of its own turns into a win.
    spec = game.rules.get("che")
    careful = strength.CarefulBeginner(seed=0)
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = spec.new_game(seed=seed)
        while not state.is_over and checked < 5:
            me, moves = state.to_play, state.legal_moves()
            winning = []
            for move in moves:
                state.play(move)
                if (not state.is_over and state.to_play == me
                        and uct.winning_move(state) is not None):
                    winning.append(move)
                state.undo()
            if winning:
                assert careful(state) in winning
                checked += 1
            state.play(rng.choice(moves))
        if checked >= 5:
            break
    assert checked >= 5


def test_a_following_uct_gets_the_levels_time_from_its_first_move(monkeypatch):
    # Before the level has moved, UCT's budget is the level's time on UCT's own position
    # (timed, not played), not a fixed second: UCT's first moves decide short games.
    spec = game.rules.get("xoliba")
    state = spec.new_game(seed=3, options={"players": 3})
    level = strength.LevelPlayer("hard")
    follower = strength.UCTPlayer(1.0, 1.0, seed=0, follow=level)
    clock = iter([10.0, 10.25, 20.0, 20.75])
    monkeypatch.setattr(strength.time, "process_time", lambda: next(clock))
    before = state.position_text()
    assert follower.budget(state) == 0.25
    assert state.position_text() == before and level.times == []
    assert follower.budget(state) == 0.5                   # the mean of the two trials
    level.times.append(0.125)
    assert follower.budget(state) == 0.125                 # its own moves, once it has any
    assert strength.UCTPlayer(1.0, 1.0, seed=0).budget(state) == 1.0
