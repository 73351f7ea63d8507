"""The memory bench still runs every section and samples it (a few steps each; its
figures are for `python -m game.bench memory`, never asserted here)."""
from __future__ import annotations

import pytest

from game.bench import memory


def test_every_section_is_run_and_sampled(make_app):
    app = make_app()
    recorder = memory.Recorder(every=60.0)     # forced samples only: each start and end
    for name, run in [("monkey", lambda: memory.monkey_section(app, recorder, 20, 10)),
                      ("attract", lambda: memory.attract_section(app, recorder, 1)),
                      ("resizes", lambda: memory.resizes_section(app, recorder, 2)),
                      ("palettes", lambda: memory.palettes_section(app, recorder, 2)),
                      ("games", lambda: memory.games_section(app, recorder, 2))]:
        recorder.start(name)
        run()
        recorder.peak(name)
    assert list(recorder.curves) == list(memory.SECTIONS)
    attract = recorder.curves["attract"]
    assert any("DemoScene" in label for *_, label in attract), "attract mode never started"
    for curve in recorder.curves.values():
        assert len(curve) >= 2 and all(rss > 0 and pixels > 0 for _, rss, pixels, _, _ in curve)
    assert list(recorder.peaks) == ["monkey, first 10 actions", *memory.SECTIONS]
    assert all(peak > 0 for peak in recorder.peaks.values())
    if not recorder.peak_since_start:           # each step's rise is measured
        for name in ("monkey", "resizes", "palettes", "games"):
            rises, tops = recorder.rises[name], recorder.tops[name]
            assert 0 < len(rises) == len(tops) <= memory.HIGHEST_KEPT
            assert tops[0][1] == max(peak for _, peak, _ in rises + tops)
    assert len(recorder.summary()) == 3 * len(memory.SECTIONS) + 1


# --- the peak resident size (VmHWM) -------------------------------------------------------
MB = 1 << 20


def _touched(size: int) -> bytearray:
    """`size` bytes written to, so they are resident."""
    return bytearray(b"\x01") * size


def _resettable() -> bool:
    from game.testing.memory import reset_peak_rss
    if not reset_peak_rss():
        pytest.skip("the peak resident size cannot be reset here (/proc/self/clear_refs)")
    return True


def test_the_peak_is_read_from_vmhwm_of_the_status_file(tmp_path):
    from game.testing.memory import peak_rss_bytes, rss_bytes
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  900000 kB\nVmHWM:\t  372000 kB\n"
                      "VmRSS:\t  103000 kB\n", encoding="utf-8")
    assert peak_rss_bytes(status) == 372000 * 1024
    assert rss_bytes(status) == 103000 * 1024
    status.write_text("Name:\tpython\nVmRSS:\t  103000 kB\n", encoding="utf-8")
    assert peak_rss_bytes(status) is None
    assert peak_rss_bytes(tmp_path / "none") is None


def test_the_peak_holds_a_moment_that_samples_miss_until_it_is_reset():
    from game.testing.memory import peak_rss_bytes, reset_peak_rss, rss_bytes
    _resettable()
    before = rss_bytes()
    block = _touched(96 * MB)
    del block
    assert rss_bytes() < before + 48 * MB               # gone again: a sample misses it
    assert peak_rss_bytes() >= before + 90 * MB         # the peak keeps it
    assert reset_peak_rss()
    assert peak_rss_bytes() < before + 48 * MB


def test_a_sections_peak_is_reported_with_its_target():
    _resettable()
    recorder = memory.Recorder(every=60.0)
    recorder.start("monkey")
    baseline = recorder.curves["monkey"][0][1]
    block = _touched(96 * MB)
    recorder.peak("monkey, first 20 actions")
    del block
    recorder.sample(force=True)
    recorder.peak("monkey")
    assert max(rss for _, rss, *_ in recorder.curves["monkey"]) < baseline + 48 * MB
    assert recorder.peaks["monkey"] >= baseline + 90 * MB
    assert recorder.peaks["monkey, first 20 actions"] >= baseline + 90 * MB
    verdicts = dict(recorder.summary())
    peak_mb = recorder.peaks["monkey"] / MB
    line = f"monkey: peak RSS {peak_mb:.0f} MB <= {memory.PEAK_LIMIT // MB} MB"
    assert line in verdicts
    assert verdicts[line] == (recorder.peaks["monkey"] <= memory.PEAK_LIMIT)
    assert any(text.startswith("monkey, first 20 actions: peak RSS") for text in verdicts)


def test_a_peak_not_measured_fails_its_target(monkeypatch, capsys):
    """Where there is no /proc (macOS, Windows) the peak is not measured: the target says
    so and fails, rather than passing with 0 MB."""
    import game.testing.memory as measures
    monkeypatch.setattr(measures, "peak_rss_bytes", lambda status=None: None)
    monkeypatch.setattr(measures, "reset_peak_rss", lambda clear_refs=None: False)
    recorder = memory.Recorder(every=60.0)
    recorder.start("palettes")
    recorder.watch(lambda: None, lambda: "a step")
    recorder.peak("palettes")
    verdicts = dict(recorder.summary())
    assert verdicts["palettes: peak RSS not measured here (no /proc/self/status)"] is False
    assert "could not be reset" in capsys.readouterr().out
