"""The Xoliba solitaire solver (game/games/xoliba/solver.py) against small positions with
known answers and a brute-force breadth-first search over the real rules."""
import random
from collections import deque

import pytest

import game.rules
from game.games.xoliba import solver as S
from game.games.xoliba import rules as X
from samples import BLUE_ON_CORNER

ONE_CAPTURE_TWO_BLUE = """\
.wrwww.
rwwwwww
wwwbwww
wwwrwww
wwwbwww
wwwwwww
.wrwww."""

REPOSITION_FIRST = """\
.wwrww.
wwrwwww
wwwwwrw
wwwwwww
wwwwbrw
wwwwwww
.wwwww."""

ELEVEN_MOVES = """\
.wwwww.
wbwwwrw
wwwwwww
wwwwwww
wwwwwww
rwwwwrw
.wwwrw."""

TWO_CAPTURES_FIVE_REDS = """\
.wwwww.
wbwwwww
wwwwwww
wwwrwww
wwrwrww
wwrwwbw
.wwwww."""


def board(text):
    return X.parse_position(text, 1)


def replay_wins(text, line):
    """Play `line` through the real XolibaState; True when it ends won."""
    state = game.rules.get("xoliba").new_game(seed=0, options={"players": 1,
                                                                "position": text})
    for move in line:
        assert not state.is_over
        assert move in state.legal_moves(), move
        state.play(move)
    return state.is_over and state.outcome.winner == 0


def brute_force(b, limit=30_000):
    """Shortest winning length by BFS over the real rules (formed_moves, apply_swap), or
    None when no line wins; raises OverflowError past `limit` positions."""
    start = tuple(b)
    if X.BLUE not in start:
        return 0
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        pos, d = queue.popleft()
        for move in X.formed_moves(list(pos), X.RED):
            nxt = list(pos)
            X.apply_swap(nxt, move, solitaire=True)
            if X.BLUE not in nxt:
                return d + 1
            key = tuple(nxt)
            if key not in seen:
                seen.add(key)
                if len(seen) > limit:
                    raise OverflowError
                queue.append((key, d + 1))
    return None


def random_position(rng, reds, blues):
    b = [X.WHITE] * 49
    points = rng.sample(X.POINTS, reds + blues)
    for p in points[:reds]:
        b[p] = X.RED
    for p in points[reds:]:
        b[p] = X.BLUE
    return b


def test_counts_match_the_rules():
    assert len(S.MAXIMAL_CONTENTS) == 16
    assert len(S.CONTENTS) == 176


def test_moves_match_formed_moves_along_random_games():
    spec = game.rules.get("xoliba")
    for seed in range(8):
        b = spec.new_game(seed=seed, options={"players": 1}).board
        red, blue = S.masks_of(b)
        rng = random.Random(seed)
        for _ in range(30):
            legal = X.formed_moves(b, X.RED)
            assert legal == S.moves(red, blue)
            if not legal:
                break
            move = rng.choice(legal)
            X.apply_swap(b, move, solitaire=True)
            red, blue, _ = S.play(red, blue, move)
            assert (red, blue) == S.masks_of(b)


def test_one_capture_wins():
    res = S.solve(board(ONE_CAPTURE_TWO_BLUE))
    assert res.status == "won" and len(res.line) == 1 and res.proven_shortest
    assert replay_wins(ONE_CAPTURE_TWO_BLUE, res.line)


def test_needs_a_repositioning_move_first():
    b = board(REPOSITION_FIRST)
    red, blue = S.masks_of(b)
    assert not any(S.play(red, blue, m)[2] for m in S.moves(red, blue))   # no capture now
    res = S.solve(b)
    assert res.status == "won" and res.proven_shortest and len(res.line) == 2
    assert S.play(red, blue, res.line[0])[2] == 0                         # a quiet move
    assert replay_wins(REPOSITION_FIRST, res.line)
    assert brute_force(b) == 2


def test_longer_line_is_proved_shortest_against_bfs():
    b = board(ELEVEN_MOVES)
    res = S.solve(b, time_budget=20)
    assert res.status == "won" and res.proven_shortest
    assert len(res.line) == brute_force(b, limit=200_000) == 11
    assert replay_wins(ELEVEN_MOVES, res.line)


@pytest.mark.parametrize("text", [BLUE_ON_CORNER, TWO_CAPTURES_FIVE_REDS])
def test_bound_proves_lost(text):
    b = board(text)
    assert S.bound_says_lost(b)
    res = S.solve(b)
    assert res.status == "lost" and res.reason == "bound" and res.nodes == 0
    assert brute_force(b, limit=200_000) is None


def test_real_deals_winning_lines_replay():
    spec = game.rules.get("xoliba")
    won = 0
    for seed in (2, 5, 8):
        state = spec.new_game(seed=seed, options={"players": 1})
        res = S.solve(state.board, time_budget=2, shortest=False)
        if res.status == "won":
            won += 1
            assert replay_wins(X.position_text(state.board), res.line)
    assert won >= 1


def test_undecided_on_a_tiny_budget():
    spec = game.rules.get("xoliba")
    b = spec.new_game(seed=3, options={"players": 1}).board
    assert not S.bound_says_lost(b)
    res = S.solve(b, node_budget=5)
    assert res.status == "undecided" and res.line == [] and res.reason == "budget"
    stopped = S.solve(b, should_stop=lambda: True)
    assert stopped.status == "undecided"


def test_bound_is_sound_and_solver_agrees_with_bfs_on_random_positions():
    rng = random.Random(1234)
    said_lost = checked = 0
    for _ in range(250):
        b = random_position(rng, rng.choice((3, 4, 5)), rng.choice((1, 2, 2, 3)))
        red, blue = S.masks_of(b)
        try:
            truth = brute_force(b, limit=2500)
        except OverflowError:
            continue
        checked += 1
        if S.bound_says_lost(b):
            said_lost += 1
            assert truth is None, X.position_text(b)
        # move_bound is admissible: never above the true shortest length
        if truth is not None:
            assert S.move_bound(red, blue) <= truth, X.position_text(b)
            res = S.solve(b, node_budget=20_000)
            assert res.status == "won"
            if res.proven_shortest:
                assert len(res.line) == truth, X.position_text(b)
        else:
            assert S.solve(b, node_budget=20_000).status in ("lost", "undecided")
    assert checked > 60 and said_lost > 10


def test_hint_and_winning_moves():
    b = board(REPOSITION_FIRST)
    h = S.hint(b)
    assert h.status == "won" and h.move in X.formed_moves(b, X.RED)
    statuses = S.winning_moves(b)
    assert set(statuses) == set(X.formed_moves(b, X.RED))
    assert statuses[h.move] == "won"
    assert S.hint(board(BLUE_ON_CORNER)).status == "lost"


def test_last_winnable_finds_where_the_game_went_wrong():
    b = board(REPOSITION_FIRST)
    line = S.solve(b).line
    after = list(b)
    X.apply_swap(after, line[0], solitaire=True)
    # still winnable twice, then lost (the boards need not be one legal move apart here)
    history = [b, after, board(TWO_CAPTURES_FIVE_REDS), board(BLUE_ON_CORNER)]
    found = S.last_winnable(history, time_budget=5)
    assert found.index == 1 and found.exact and found.move in X.formed_moves(after, X.RED)
    assert S.last_winnable(history[:2]).index == 1
    assert S.last_winnable(history[2:]).index is None


def test_grade_reports_cheap_measures():
    g = S.grade(board(REPOSITION_FIRST), time_budget=5, per_move_budget=1)
    assert g["status"] == "won" and g["length"] == 2 and g["proven_shortest"]
    assert g["captures"] == 1
    assert 0 < g["winning_first_moves"] <= g["first_moves"]
    assert 0 < g["winning_share"] <= 1


def _tight_position(rng):
    """Blue inside one or two triangles (plus a wall, sometimes); red 3k..3k+2 pieces where
    k, the captures needed, is at most 2: a tight position (red // 3 == k) or None."""
    blue = 0
    for _ in range(rng.choice((1, 2))):
        t = rng.randrange(len(X.TRIANGLES))
        inside = list(X.TRIANGLES[t].contents)
        for p in rng.sample(inside, rng.randint(1, min(4, len(inside)))):
            blue |= 1 << p
    if rng.random() < 0.4:
        for p in rng.sample(X.POINTS, rng.randint(1, 6)):
            blue |= 1 << p
    k = S.cover(blue, 4)
    if k > 2:
        return None
    free = [p for p in X.POINTS if not blue >> p & 1]
    red = sum(1 << p for p in rng.sample(free, 3 * max(k, 1) + rng.choice((0, 0, 1, 2))))
    if S.capture_bound(red, blue) != red.bit_count() // 3:
        return None
    b = [X.WHITE] * 49
    for p in X.POINTS:
        b[p] = X.RED if red >> p & 1 else X.BLUE if blue >> p & 1 else X.WHITE
    return b


def test_tight_tables_agree_with_bfs():
    # A tight layer (as many captures needed as red // 3) is decided backwards, from the
    # winning captures: its verdict and its line must match a search over the real rules.
    rng = random.Random(77)
    won = lost = unknown = 0
    while won + lost < 20:
        b = _tight_position(rng)
        if b is None:
            continue
        try:
            truth = brute_force(b, limit=2500)
        except OverflowError:
            continue
        red, blue = S.masks_of(b)
        S._TIGHT_MEMO.clear()
        S._tight_size[0] = 0
        status = S._tight_status(red, blue, S._Budget(None, None, None), 300_000)
        if status is None:
            unknown += 1                # the table is cut short (too big): no verdict
            continue
        assert status[0] == (truth is not None), X.position_text(b)
        if status[0]:
            won += 1
            assert replay_wins(X.position_text(b), status[1]), X.position_text(b)
        else:
            lost += 1
    assert won >= 3 and lost >= 3 and unknown < won + lost


def test_blue_walls_keep_red_out_and_the_bound_knows_it():
    # Red only slides through white points, so a point walled in by blue is out of red's
    # reach until a capture opens the wall. Deal 17's corner g6/f7 is such a pocket: the
    # captures that could take the blue around it need a corner there, so the deal is lost
    # at once (it used to run out of its 30 s).
    spec = game.rules.get("xoliba")
    red, blue = S.masks_of(spec.new_game(seed=17, options={"players": 1}).board)
    reach = S._reach(red, blue)
    pocket = [X.point_from_name(n) for n in ("g6", "f7")]
    assert all(not reach >> p & 1 and not (red | blue) >> p & 1 for p in pocket)
    assert S.cover(blue, 6) <= red.bit_count() // 3 < S.cover(blue, 6, S._reach_key(red, blue))
    res = S.solve((red, blue), time_budget=5)
    assert res.status == "lost" and res.reason == "bound"
    # reach only ever removes triangles: the bound with it is never below the one without
    rng = random.Random(5)
    for _ in range(300):
        b = random_position(rng, rng.randint(3, 9), rng.randint(3, 16))
        red, blue = S.masks_of(b)
        reach = S._reach(red, blue)
        assert reach & red == red and not reach & blue
        assert S.cover(blue, 6, S._reach_key(red, blue)) >= S.cover(blue, 6)


def test_a_search_stops_undecided_at_its_positions_cap(monkeypatch):
    # the cap bounds a solve's memory however fast the machine runs through its budget
    monkeypatch.setattr(S, "_MAX_POSITIONS", 2000)
    b = game.rules.get("xoliba").new_game(seed=81, options={"players": 1}).board
    res = S.solve(b, time_budget=20)
    assert res.status == "undecided" and res.reason == "memory" and res.seconds < 20
