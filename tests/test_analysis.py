"""Game analysis (game/ai/analysis.py, docs/ANALYSIS.md): every position of a record
assessed by the strongest level, values per seat in -1..1, the moves that threw a game
away; Xtic's exact values, Xoliba solitaire verdicts, and the worker's analysis job
(progress, result, cancel). Small budgets keep the file quick."""
from __future__ import annotations

import random
import time

import pytest

import game.records
import game.rules
from game.ai import SearchCancelled
from game.ai import analysis
from game.games.xoliba import solver as xoliba_solver
from game.ai.worker import AIWorker
from samples import BLUE_ON_CORNER  # a solitaire position proved lost

QUICK = 0.05                    # seconds per position in the playout tests

# (bench-like name, game, options, moves of the playout)
PLAYOUTS = [
    ("xtic", "xtic", {"game_type": "torus"}, 17),
    ("xoliba", "xoliba", {"players": 2}, 10),
    ("xoliba3", "xoliba", {"players": 3}, 9),
    ("solitaire", "xoliba", {"players": 1}, 6),
    ("catalina", "catalina", {}, 16),
    ("che", "che", {}, 10),
    ("xutoli", "xutoli", {}, 10),
]

# Xtic, 7 empty squares, the player to move (seat 1) wins with c2/3; a1/2 loses.
XTIC_WON = """\
# Little Abstracts game record, format 1
Game: xtic
Seed: 3
Option game_type: "normal"
Result: * (in progress)

1. -/7
2. c3/1
3. b3/15
4. c1/9
5. a3/13
6. d4/10
7. d3/11
8. d2/8
9. b1/0
10. a4/5
"""



def playout(name: str, options: dict, moves: int, seed: int = 4):
    """A seeded random game of at most `moves` moves (dice from the game's seed)."""
    state = game.rules.get(name).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over and len(state.history) < moves:
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def check_assessment(state, assessment) -> None:
    values = assessment["values"]
    seats = analysis.seat_count(state)
    assert len(values) == seats
    assert all(-1.0 <= v <= 1.0 for v in values)
    if seats == 2:
        assert values[1] == -values[0]
    if state.is_over:
        assert assessment["exact"] and assessment["move"] is None
        assert values == analysis.finished_values(state)
    elif state.is_chance:
        assert assessment["move"] is None
    elif assessment["verdict"] is not None:          # solitaire: a winning move only
        assert assessment["verdict"] in ("winnable", "lost", "undecided")
        if assessment["move"] is not None:
            assert state.parse_move(assessment["move"]) in state.legal_moves()
    else:
        assert state.parse_move(assessment["move"]) in state.legal_moves()
    # The horizon of a value that says nothing (Xtic's 0 when no result was found):
    # never with a proven value, nor with a judgement of the evaluation.
    horizon = assessment["horizon"]
    if horizon is not None:
        assert not assessment["exact"] and set(values) == {0.0}
        assert isinstance(horizon, int) and horizon >= 0


def positions(state) -> list:
    """A copy of every position of the game `state` has played, from its start."""
    replay = state.spec.new_game(seed=state.seed, options=state.options)
    found = [replay.copy()]
    for move in state.history:
        replay.play(move)
        found.append(replay.copy())
    return found


@pytest.mark.parametrize("label, name, options, moves", PLAYOUTS,
                         ids=[row[0] for row in PLAYOUTS])
def test_every_position_of_a_playout_is_assessed(label, name, options, moves):
    state = playout(name, options, moves)
    reports = []
    result = analysis.analyse_record(game.records.dumps(state), report=reports.append,
                                     seconds=QUICK)
    states = positions(state)
    assert len(states) == len(state.history) + 1
    assert len(result["assessments"]) == len(states)
    assert [r["done"] for r in reports] == list(range(1, len(states) + 1))
    assert {r["total"] for r in reports} == {len(states)}
    assert [r["assessment"] for r in reports] == result["assessments"]
    for position, assessment in zip(states, result["assessments"]):
        check_assessment(position, assessment)
    movers = result["movers"]
    assert len(movers) == len(state.history)
    for position, mover in zip(states, movers):
        assert mover == (None if position.is_chance else position.to_play)
    assert all(movers[i] is not None for i in result["blunders"])
    assert result["blunders"] == analysis.blunders(result["assessments"], movers, game=name)
    if name == "catalina":
        assert None in movers                        # the dice rolls are there


def test_assess_leaves_the_state_alone_and_a_finished_game_is_exact():
    state = playout("xtic", {"game_type": "normal"}, 17, seed=9)
    assert state.is_over
    before = state.to_json()
    assessment = analysis.assess(state, QUICK)
    assert state.to_json() == before
    winner = state.outcome.winner
    expected = [0.0, 0.0] if winner is None else [1.0 if s == winner else -1.0
                                                   for s in range(2)]
    assert assessment == {"values": expected, "move": None, "exact": True, "verdict": None,
                          "horizon": None}


def test_finished_values_three_players_and_solitaire():
    class Finished:
        def __init__(self, winner, scores):
            self.outcome = type("O", (), {"winner": winner, "scores": scores})()
    assert analysis.finished_values(Finished(2, (3, 1, 7))) == [-1.0, -1.0, 1.0]
    assert analysis.finished_values(Finished(None, (5, 5, 2))) == [0.0, 0.0, -1.0]
    assert analysis.finished_values(Finished(None, (0.5, 0.5))) == [0.0, 0.0]
    assert analysis.finished_values(Finished(0, (1,))) == [1.0]
    assert analysis.finished_values(Finished(None, (0,))) == [-1.0]


# --- Xtic: exact values and a thrown-away win -------------------------------------------------
def test_xtic_won_endgame_is_exact_and_a_losing_move_is_a_blunder():
    state, _ = game.records.loads(XTIC_WON)
    me = state.to_play
    won = analysis.assess(state, 1.0)
    assert won["exact"] and won["values"][me] == 1.0 and won["values"][1 - me] == -1.0
    best = state.copy()
    best.play(best.parse_move(won["move"]))
    kept = analysis.assess(best, 1.0)
    assert kept["exact"] and kept["values"][me] == 1.0
    thrown = state.copy()
    thrown.play(thrown.parse_move("a1/2"))
    lost = analysis.assess(thrown, 1.0)
    assert lost["exact"] and lost["values"][me] == -1.0
    assert analysis.blunders([won, lost], [me]) == [0]
    assert analysis.blunders([won, kept], [me]) == []
    # The whole record: the last move (a4/5) left seat 1 a won position, so it is no blunder.
    result = analysis.analyse_record(XTIC_WON + "11. a1/2\n", seconds=1.0)
    assert result["assessments"][-2]["values"][me] == 1.0
    assert 10 in result["blunders"] and result["movers"][10] == me


def xtic_after(seed: int, empties: int):
    """A seeded random Xtic game played on until `empties` squares are empty."""
    state = game.rules.get("xtic").new_game(seed=seed)
    rng = random.Random(seed)
    while state.board.count(-1) > empties:
        state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    return state


def test_xtic_says_whether_a_zero_is_a_proven_draw_or_nothing_found():
    """An Xtic 0 is a draw only when the solver reached the end; otherwise nothing was
    found within the search's horizon, which the assessment names (its real depth)."""
    from game.games.xtic import player as ai
    open_game = analysis.assess(xtic_after(1, 13), 0.5)         # 13 empty squares
    assert open_game["values"] == [0.0, 0.0] and not open_game["exact"]
    assert open_game["horizon"] == ai.FALLBACK_DEPTH == 6
    drawn = analysis.assess(xtic_after(0, 8), 2.0)                # solved: a draw
    assert drawn["values"] == [0.0, 0.0] and drawn["exact"] and drawn["horizon"] is None
    # A solve cut short by its budget keeps the 6-move search's 0: undecided, not drawn.
    cut = analysis.assess(xtic_after(0, 10), 0.001)
    assert not cut["exact"] and cut["horizon"] == 6
    # The opening hand-over is not searched (every piece is alike).
    first = analysis.assess(game.rules.get("xtic").new_game(seed=1), 0.5)
    assert not first["exact"] and first["horizon"] == 0
    # A win found is proven and needs no horizon.
    won = analysis.assess(game.records.loads(XTIC_WON)[0], 1.0)
    assert won["exact"] and won["horizon"] is None


def test_judged_values_have_no_horizon():
    """The other games' values between the proven ones are the evaluation's judgement."""
    for name, options, moves in (("xoliba", {"players": 2}, 6), ("catalina", {}, 9),
                                 ("che", {}, 5), ("xutoli", {}, 5)):
        state = playout(name, options, moves)
        assessment = analysis.assess(state, QUICK)
        assert not state.is_over and assessment["horizon"] is None, name


# --- blunders on hand-made assessments --------------------------------------------------------
def values(*per_seat):
    return {"values": list(per_seat), "move": None, "exact": False, "verdict": None,
            "horizon": None}


def test_blunders_count_drops_of_the_movers_value_but_never_dice():
    assessments = [values(0.2, -0.2), values(0.1, -0.1), values(-0.6, 0.6),
                   values(-0.6, 0.6), values(0.5, -0.5), values(-0.4, 0.4)]
    movers = [0, 1, None, 1, 0]
    # move 0: 0.2 -> 0.1 (small); move 1: seat 1 gains; move 2: a roll (ignored even
    # though seat 0 dropped 0.7 there); move 3: seat 1 0.6 -> -0.5; move 4: 0.5 -> -0.4.
    assert analysis.blunders(assessments, movers) == [3, 4]
    assert analysis.blunders(assessments, movers, threshold=1.0) == [3]
    assert analysis.blunders(assessments, movers, threshold=0.05) == [0, 3, 4]
    three = [values(0.0, 0.0, 0.0), values(-0.6, 0.3, 0.3), values(-0.6, 0.3, -0.1)]
    assert analysis.blunders(three, [0, 2]) == [0]          # seat 2 fell 0.4 only
    assert analysis.blunders([values(1.0, -1.0), values(0.5, -0.5)], [0]) == [0]


def test_xtic_blunders_need_exact_values_on_both_sides():
    unknown = values(0.0, 0.0)
    lost = dict(values(-1.0, 1.0), exact=True)
    drawn = dict(values(0.0, 0.0), exact=True)
    assert analysis.blunders([unknown, lost], [0], game="xtic") == []
    assert analysis.blunders([drawn, lost], [0], game="xtic") == [0]
    assert analysis.blunders([unknown, lost], [0], game="che") == [0]


# --- Xoliba solitaire verdicts -----------------------------------------------------------------
def test_solitaire_winnable_deal_gives_a_winning_move():
    # The solver proves these in about 0.4 s of CPU and stops there; the budget is only a
    # ceiling, wide enough for a machine shared with other work (2 s of wall clock was
    # not, with the suite running on every core).
    state = game.rules.get("xoliba").new_game(seed=2, options={"players": 1})
    a = analysis.assess(state, 30.0)
    assert a == {"values": [1.0], "move": a["move"], "exact": True, "verdict": "winnable",
                 "horizon": None}
    state.play(state.parse_move(a["move"]))
    after = analysis.assess(state, 30.0)
    assert after["verdict"] == "winnable" and after["values"] == [1.0]


def test_solitaire_lost_and_undecided(monkeypatch):
    spec = game.rules.get("xoliba")
    lost = spec.new_game(seed=0, options={"players": 1, "position": BLUE_ON_CORNER})
    assert analysis.assess(lost, 1.0) == {"values": [-1.0], "move": None, "exact": True,
                                          "verdict": "lost", "horizon": None}
    real_solve = xoliba_solver.solve
    monkeypatch.setattr(xoliba_solver, "solve",
                        lambda board, **kw: real_solve(board, node_budget=5, **kw))
    deal = spec.new_game(seed=3, options={"players": 1})
    assert analysis.assess(deal, 1.0) == {"values": [0.0], "move": None, "exact": False,
                                          "verdict": "undecided", "horizon": None}


# --- the chance steps, forced moves, cancelling -----------------------------------------------
def test_catalina_roll_and_pass_positions():
    state = playout("catalina", {}, 12)
    while not state.is_chance:
        state.sample_chance() if state.is_chance else state.play(state.legal_moves()[0])
    roll = analysis.assess(state, QUICK)
    assert roll["move"] is None and not roll["exact"]
    roller = state.to_play
    assert roll["values"][roller] == -roll["values"][1 - roller]


def test_should_stop_cancels():
    state = playout("xoliba", {"players": 2}, 4)
    with pytest.raises(SearchCancelled):
        analysis.assess(state, 5.0, should_stop=lambda: True)
    text = game.records.dumps(state)
    with pytest.raises(SearchCancelled):
        analysis.analyse_record(text, seconds=5.0, should_stop=lambda: True)


def test_a_bad_record_raises_naming_the_line():
    with pytest.raises(ValueError, match="line 1"):
        analysis.analyse_record("not a record")
    bad = XTIC_WON.replace("4. c1/9", "4. c3/9")        # c3 is taken
    with pytest.raises(ValueError, match="line 10"):
        analysis.analyse_record(bad)


def test_every_game_has_a_budget():
    for spec in game.rules.all_specs():
        assert analysis.seconds_for(spec.new_game(seed=1)) > 0
    solitaire = game.rules.get("xoliba").new_game(seed=1, options={"players": 1})
    assert analysis.seconds_for(solitaire) > 0


# --- the worker job ---------------------------------------------------------------------------
def test_analyse_job_in_this_process():
    text = game.records.dumps(playout("che", {}, 5))
    reports = []
    result = analysis.analyse_job({"record": text, "seconds": QUICK}, reports.append)
    assert len(result["assessments"]) == 6 and reports[-1]["done"] == 6
    assert set(result) == {"assessments", "movers", "blunders"}


def wait_for(worker, condition, seconds=60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        reply = worker.poll()
        if condition(reply):
            return reply
        time.sleep(0.02)
    raise AssertionError("the worker did not answer in time")


ANALYSE = "game.ai.analysis:analyse_job"           # the worker's job


def test_analyse_job_through_the_worker_reports_progress_and_can_be_cancelled():
    worker = AIWorker()
    try:
        state = playout("xtic", {"game_type": "normal"}, 6)
        text = game.records.dumps(state)
        worker.request_job(ANALYSE, {"record": text, "seconds": QUICK})
        reply = wait_for(worker, lambda r: r is not None)
        assert reply.error is None, reply.error
        result = reply.result
        assert len(result["assessments"]) == 7 and len(result["movers"]) == 6
        assert result == analysis.analyse_record(text, seconds=QUICK)
        assert worker.progress["done"] == worker.progress["total"] == 7
        assert not worker.busy

        # A long analysis (a minute at 1 s per position), cancelled after its first report.
        long_game = playout("xoliba", {"players": 2}, 60, seed=1)
        worker.request_job(ANALYSE, {"record": game.records.dumps(long_game),
                                     "seconds": 1.0})
        wait_for(worker, lambda r: worker.progress is not None)
        assert worker.busy and worker.progress["done"] >= 1
        assert worker.progress["done"] < worker.progress["total"]
        worker.cancel()
        assert not worker.busy and not worker.process_alive

        worker.request_job(ANALYSE, {"record": "garbage"})
        reply = wait_for(worker, lambda r: r is not None)
        assert reply.error and "ValueError" in reply.error and "line 1" in reply.error
    finally:
        worker.shutdown()


def test_a_long_record_is_analysed_walking_one_replay_not_a_copy_per_position(monkeypatch):
    """A copy of every position made a 60,000-tile Che record's analysis quadratic in time
    and memory; the walk hands each position to assess in turn, copying none."""
    from game.core.state import GameState
    from game.games.che.bench import long_record
    seen = []

    def fake_assess(state, seconds, should_stop=None):
        seen.append(len(state.history))
        return {"values": [0.0, 0.0], "move": None, "exact": False}

    monkeypatch.setattr(analysis, "assess", fake_assess)
    monkeypatch.setattr(GameState, "copy", lambda self: pytest.fail("a position copied"))
    result = analysis.analyse_record(long_record(500))
    assert seen == list(range(501))
    assert result["movers"] == [0] + [1, 1, 0, 0] * 124 + [1, 1, 0]
