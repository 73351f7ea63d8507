"""Seeded random playouts of every game in every mode (game/testing/playouts.py): 100 games
a mode, each checked at every step, undone, redone, saved and loaded. The bench
(`python -m game.bench playouts`) plays 1,000 a mode with the full checks; here the same
games run with the cheaper QUICK checks, on two processes where the machine has two
cores. The last tests break a game on purpose, to show the checker fails then, and play a
game of the tests' own that the checker knows nothing about."""
from __future__ import annotations

import argparse
import dataclasses
import itertools
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import game.rules
import toy_game
from game.games.catalina import rules as catalina
from game.games.xoliba import rules as xoliba
from game.games.xtic import rules as xtic
from game.testing import playouts as P
from game.testing.playouts import QUICK, PlayoutFailure, playout, registered_modes

GAMES = 100                 # per mode
MODES = list(registered_modes())
JOBS = min(2, os.cpu_count() or 1)


@pytest.fixture(scope="module")
def pool():
    """Worker processes for the playouts (spawned: the test process may hold pygame)."""
    if JOBS < 2:
        yield None
        return
    with ProcessPoolExecutor(JOBS, mp_context=multiprocessing.get_context("spawn")) as workers:
        yield workers


def test_every_game_has_modes_and_every_rule_option_value_is_played():
    assert {mode.game for mode in MODES} == set(game.rules.names())
    assert P.uncovered(MODES) == []
    assert len({mode.name for mode in MODES}) == len(MODES)        # labels name a mode


def test_drawn_options_are_valid_and_the_same_for_a_seed():
    for mode in MODES:
        for seed in (0, 1, 2):
            options = mode.options_for(seed)
            assert options == mode.options_for(seed)
            game.rules.get(mode.game).new_game(seed=seed, options=options)


@pytest.mark.parametrize("mode", MODES, ids=[mode.name for mode in MODES])
def test_random_games_keep_every_invariant(mode, pool):
    index = MODES.index(mode)
    tasks = [(index, seed, QUICK) for seed in range(GAMES)]
    if pool is None:
        results = [P._one(task) for task in tasks]
    else:
        results = list(pool.map(P._one, tasks, chunksize=10))
    failures = [text for _, _, text in results if text]
    assert not failures, f"{len(failures)} of {GAMES} games failed; first:\n" + \
        "\n".join(failures[:3])
    assert sum(moves for moves, _, _ in results) >= GAMES   # games were really played


def test_one_game_reports_what_it_played():
    stats = P.run_mode(P.modes_for("catalina")[0], 3)
    assert stats.moves > 0 and stats.chance > 0 and 0 <= stats.cut <= stats.moves
    assert stats.winner in (None, 0, 1)


# --- the checker fails on broken games --------------------------------------------------
def broken(spec, state_class) -> game.rules.GameSpec:
    """`spec` with another state class (same name, so the game's invariants apply)."""
    fake = dataclasses.replace(spec, state_class=state_class)
    state_class.spec = fake
    return fake


def first_failure(spec, options: dict, label: str, checks=QUICK) -> str:
    for seed in range(30):
        try:
            playout(spec.name, options, seed, label=label, spec=spec, checks=checks)
        except PlayoutFailure as exc:
            return str(exc)
    pytest.fail(f"no playout of {label} failed")


def test_an_undo_that_restores_nothing_fails():
    class ForgetfulXtic(xtic.XticState):
        def _restore(self, snapshot):
            pass

    text = first_failure(broken(xtic.SPEC, ForgetfulXtic), {}, "broken undo")
    # Seed 0 fails at once: undo on a copy (an early spot check), or the undo walk.
    assert text.startswith("xtic [broken undo] seed 0 (options {}), ")
    assert "move" in text and "undo" in text


def test_a_save_that_loses_the_last_move_fails():
    class LossyXoliba(xoliba.XolibaState):
        def to_json(self):
            import json
            data = json.loads(super().to_json())
            data["moves"] = data["moves"][:-1]
            return json.dumps(data)

    text = first_failure(broken(xoliba.SPEC, LossyXoliba), {}, "lossy save")
    assert "xoliba [lossy save] seed" in text and "saving at, move" in text


def test_dice_that_change_after_loading_fail():
    draws = itertools.count()

    class LooseDice(catalina.CatalinaState):
        def dice_rng(self):                 # not from the seed and the step number
            return random.Random(next(draws))

    text = first_failure(broken(catalina.SPEC, LooseDice), {}, "loose dice")
    assert "after loading, move" in text and "own chance step" in text


def test_a_capture_not_counted_breaks_the_game_invariants():
    class Uncounted(xoliba.XolibaState):
        def _apply(self, move):
            mover = self.to_play
            super()._apply(move)
            self.captures[mover] = [0, 0, 0]        # the captures are forgotten

    text = first_failure(broken(xoliba.SPEC, Uncounted), {}, "uncounted")
    assert "playing, move" in text and "not conserved" in text


def test_two_moves_written_alike_fail():
    class Blurred(xtic.XticState):
        def format_move(self, move):       # "b3/9" and "b3/5" both written "b3/?"
            text = super().format_move(move)
            return text if move[0] is None else text.split("/")[0] + "/?"

    text = first_failure(broken(xtic.SPEC, Blurred), {}, "blurred", checks=P.FULL)
    assert "seed 0 " in text
    assert "playing, move 1: two legal moves are written the same" in text


def test_a_crash_in_the_rules_is_a_failure_naming_the_move():
    class Crashing(xtic.XticState):
        def _apply(self, move):
            if len(self.history) == 4:
                raise RuntimeError("boom")
            super()._apply(move)

    text = first_failure(broken(xtic.SPEC, Crashing), {}, "crash")
    assert text.startswith("xtic [crash] seed 0 ") and "playing, move 5" in text
    assert "RuntimeError: boom" in text


# --- a game the checker has never heard of -------------------------------------------------
def test_every_game_record_names_its_playouts():
    for spec in game.rules.in_order():
        assert isinstance(spec.load("playouts"), P.Playouts), spec.name


def test_a_new_game_is_checked_with_no_code_of_its_own():
    """A game whose record names no playouts: modes from its options, the contract's
    checks, undo to the start, redo, save and load and carry on."""
    with toy_game.registered() as spec:
        assert P.playouts_of(spec) is P.GENERIC
        modes = P.modes_of(spec)
        assert [mode.label for mode in modes] == ["standard (defaults)", "pile=10", "pile=21"]
        assert P.uncovered(MODES + modes) == []
        for mode in modes:
            for seed in range(20):
                stats = P.run_mode(mode, seed, P.FULL)
                assert stats.moves > 0 and stats.winner in (0, 1)


def test_a_new_game_with_a_broken_undo_fails_the_generic_checks():
    class Forgetful(toy_game.TakeAwayState):
        def _restore(self, snapshot):
            self.left = snapshot[0]              # whose turn it was is not given back

    with toy_game.registered():
        text = first_failure(broken(toy_game.SPEC, Forgetful), {}, "forgetful")
    assert text.startswith("take-away [forgetful] seed 0 ") and "undo" in text


# --- the bench's report -------------------------------------------------------------------
def bench_args(**changes) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    P.add_arguments(parser)
    return parser.parse_args([f"--{k.replace('_', '-')}={v}" for k, v in changes.items()])


def test_bench_prints_a_row_per_mode_and_passes(capsys):
    assert P.run(bench_args(games=2, game="xtic", jobs=1)) == 0
    out = capsys.readouterr().out
    assert out.count("game_type=") == 3 and "PASS" in out


def test_bench_counts_failures_and_names_the_seed(capsys, monkeypatch):
    real = P.run_mode

    def flaky(mode, seed, checks=P.FULL):
        if seed == 1:
            raise PlayoutFailure(f"{mode.game} [{mode.label}] seed {seed}: made up")
        return real(mode, seed, checks)

    monkeypatch.setattr(P, "run_mode", flaky)
    assert P.run(bench_args(games=3, game="xtic", mode="game_type=torus", jobs=1)) == 1
    out = capsys.readouterr().out
    assert "FAIL: 1 games failed" in out and "seed 1: PlayoutFailure" in out
    assert "--game xtic --mode 'game_type=torus' --seed 1 --games 1" in out
