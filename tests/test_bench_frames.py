"""The frames bench still reaches every screen it measures (a few frames each; its
timings are for `python -m game.bench frames`, never asserted here)."""
from __future__ import annotations

import gc

import game.rules
from game.bench import frames


def test_every_row_is_measured_for_every_game(app_home):
    try:
        rows = frames.measure(frames=2, passes=1)
    finally:
        gc.unfreeze()           # the bench freezes what its app built, as the app does;
        gc.collect()            # the test run's own freeze (conftest.py) is made again
        gc.freeze()
    names = " ".join(row[0] for row in rows)
    for spec in game.rules.in_order():
        assert f"play {spec.name}" in names and f"tutorial {spec.name}" in names
        assert f"live {spec.name}: the peer answering" in names
    assert "games list: 200 records" in names
    assert len(rows) >= 50
