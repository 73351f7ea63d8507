"""The memory bench still runs every section and samples it (a few steps each; its
figures are for `python -m game.bench memory`, never asserted here)."""
from __future__ import annotations

from game.bench import memory


def test_every_section_is_run_and_sampled(make_app):
    app = make_app()
    recorder = memory.Recorder(every=60.0)     # forced samples only: each start and end
    for name, run in [("monkey", lambda: memory.monkey_section(app, recorder, 20)),
                      ("attract", lambda: memory.attract_section(app, recorder, 1)),
                      ("resizes", lambda: memory.resizes_section(app, recorder, 2)),
                      ("palettes", lambda: memory.palettes_section(app, recorder, 2)),
                      ("games", lambda: memory.games_section(app, recorder, 2))]:
        recorder.start(name)
        run()
    assert list(recorder.curves) == list(memory.SECTIONS)
    attract = recorder.curves["attract"]
    assert any("DemoScene" in label for *_, label in attract), "attract mode never started"
    for curve in recorder.curves.values():
        assert len(curve) >= 2 and all(rss > 0 and pixels > 0 for _, rss, pixels, _, _ in curve)
    assert len(recorder.summary()) == 2 * len(memory.SECTIONS)
