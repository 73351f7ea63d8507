"""`python -m game.bench solitaire`, the shipped-levels section
(game/games/xoliba/solitaire_bench.py), kept fast: two easy levels solved in this
process, and the report on made-up rows."""
import pytest

from game.games.xoliba import solitaire_bench as B
from game.bench.__main__ import main
from game.games.xoliba.levels import load_levels


def _row(**changes):
    row = {"id": "900", "title": "Made Up", "difficulty": 3, "kind": "deal", "par": 10,
           "par_proven": False, "status": "won", "reason": "searched", "length": 10,
           "first_length": 12, "proven": True, "lower": 10, "nodes": 100,
           "decide_nodes": 50, "decide_seconds": 0.5, "seconds": 1.0}
    row.update(changes)
    return row


def test_two_shipped_levels_decide_won(capsys):
    levels, errors = load_levels()
    assert errors == []
    rows = B.time_levels(levels[:2], budget=2.0)
    assert [r["id"] for r in rows] == [levels[0].id, levels[1].id]
    assert all(r["status"] == "won" and r["length"] <= r["par"] for r in rows)
    assert B.report_levels(rows, verbose=True)
    out = capsys.readouterr().out
    assert f"level {levels[0].id}" in out and "levels: PASS" in out


def test_report_fails_on_a_level_not_won_or_too_slow(capsys):
    assert not B.report_levels([_row(), _row(id="901", status="undecided", reason="budget",
                                             length=None, decide_seconds=30.1)])
    out = capsys.readouterr().out
    assert "901" in out and "not proved winnable" in out and "levels: FAIL" in out
    assert not B.report_levels([_row(decide_seconds=6.0)])     # median over 5 s
    assert "FAIL" in capsys.readouterr().out
    assert not B.report_levels([_row()], errors=["999.txt, line 3: bad"])


def test_report_notes_a_line_shorter_than_par(capsys):
    assert B.report_levels([_row(length=8, par_proven=True)], verbose=True)
    out = capsys.readouterr().out
    assert "line 8 < par 10" in out and "par marked proven" in out


def test_levels_only_and_no_levels_exclude_each_other(capsys):
    with pytest.raises(SystemExit):
        main(["solitaire", "--levels-only", "--no-levels"])


def test_deals_report_the_decided_share_and_memory(capsys):
    import multiprocessing
    from argparse import Namespace
    from concurrent.futures import ProcessPoolExecutor
    # seed 0 is lost by the bound at once, seed 1 by a short search (0.05 s of CPU; the
    # budget is a ceiling for a busy machine). Solved in a process of their own, as the
    # bench does: the peak memory reported (ru_maxrss) must be the solve's, not this
    # process's after the tests before it. Forked from a fresh forkserver: a process
    # spawned from this one would start with this one's peak (Linux keeps it over exec).
    args = Namespace(seed=0, deals=2, budget=30.0, no_shortest=True, verbose=True, jobs=1)
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
        else "spawn"
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(method)) as pool:
        verdicts = B.run_deals(args, pool)
    out = capsys.readouterr().out
    assert "seed    0: lost" in out and "decided          100.0%" in out
    assert [ok for _, ok in verdicts] == [True, True]
    assert "decided within 30 s" in verdicts[0][0] and "peak memory" in verdicts[1][0]


def test_deals_fail_the_target_when_one_is_undecided(capsys, monkeypatch):
    from argparse import Namespace

    def undecided(seed, budget, shortest):
        return {"seed": seed, **_row(status="undecided", reason="budget", peak_mb=600.0)}
    monkeypatch.setattr(B, "solve_deal", undecided)
    verdicts = B.run_deals(Namespace(seed=0, deals=3, budget=1.0, no_shortest=True,
                                     verbose=False, jobs=1), None)
    out = capsys.readouterr().out
    assert "undecided           3" in out and "FAIL" in out
    assert [ok for _, ok in verdicts] == [False, False]
