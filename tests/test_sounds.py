import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

import sounds  # noqa: E402
from sounds.bank import to_samples  # noqa: E402

EXPECTED = {"place", "handover", "win", "loss", "menu_move", "menu_confirm", "illegal", "draw",
            "dice_rattle", "dice_settle"}
LONGEST = {"win": 1.5, "loss": 1.5}  # seconds; every other effect is at most 0.8 s
RATES = (22050, 44100, 48000)


@pytest.fixture(scope="module", params=RATES)
def waves(request):
    return request.param, sounds.synthesise(request.param)


def test_every_effect_is_synthesised(waves):
    _, effects = waves
    assert set(effects) == EXPECTED
    assert set(sounds.NAMES) == EXPECTED


def test_waveforms_are_finite_float32_in_range_and_audible(waves):
    _, effects = waves
    for name, wave in effects.items():
        assert wave.dtype == np.float32 and wave.ndim == 1, name
        assert np.all(np.isfinite(wave)), name
        assert np.max(np.abs(wave)) <= 1.0, name
        assert np.max(np.abs(wave)) > 0.2, name
        assert np.sqrt(np.mean(wave.astype(np.float64) ** 2)) > 0.02, name
        assert abs(float(np.mean(wave))) < 0.01, f"{name} has a DC offset"


def test_durations_are_short(waves):
    rate, effects = waves
    for name, wave in effects.items():
        seconds = len(wave) / rate
        assert 0.02 < seconds <= LONGEST.get(name, 0.8), (name, seconds)


def test_effects_start_and_end_in_silence(waves):
    rate, effects = waves
    for name, wave in effects.items():
        assert abs(wave[0]) < 1e-3 and abs(wave[-1]) < 1e-3, name
        head = wave[: max(2, rate // 4000)]  # the first quarter millisecond
        tail = wave[-max(2, rate // 500):]  # the last two milliseconds
        assert np.max(np.abs(head)) < 0.05, name
        assert np.max(np.abs(tail)) < 0.02, name


def _worst_high_band(wave, rate, cutoff=14000.0, frame=512):
    """The loudest burst above ``cutoff`` Hz in any short window, relative to the peak.
    The recipes keep their content well below it, so energy up there means a click
    (a note cut off mid-swing somewhere inside the effect)."""
    window = np.hanning(frame)
    freqs = np.fft.rfftfreq(frame, 1.0 / rate)
    padded = np.concatenate([np.zeros(frame), wave.astype(np.float64), np.zeros(frame)])
    starts = np.arange(0, len(padded) - frame, frame // 4)
    frames = padded[starts[:, None] + np.arange(frame)] * window
    spectra = np.abs(np.fft.rfft(frames, axis=1))[:, freqs >= cutoff]
    return np.sqrt(np.sum(spectra ** 2, axis=1)).max() / (np.max(np.abs(wave)) * frame / 4)


@pytest.mark.parametrize("rate", (44100, 48000))
def test_no_clicks_inside_effects(rate):
    for name, wave in sounds.synthesise(rate).items():
        assert _worst_high_band(wave, rate) < 2e-5, name


def test_synthesis_is_deterministic():
    first, second = sounds.synthesise(22050), sounds.synthesise(22050)
    for name in EXPECTED:
        assert np.array_equal(first[name], second[name]), name


def test_too_low_sample_rate_is_refused():
    with pytest.raises(ValueError, match="sample rate"):
        sounds.synthesise(4000)


@pytest.mark.parametrize("size, channels, dtype, shape", [
    (-16, 1, np.int16, (5,)),
    (-16, 2, np.int16, (5, 2)),
    (16, 2, np.uint16, (5, 2)),
    (-16, 6, np.int16, (5, 6)),
])
def test_samples_match_the_mixer_format(size, channels, dtype, shape):
    wave = np.array([0.0, 1.0, -1.0, 0.5, 2.0], dtype=np.float32)
    samples = to_samples(wave, size, channels)
    assert samples.dtype == dtype and samples.shape == shape
    assert samples.flags["C_CONTIGUOUS"]
    column = samples if channels == 1 else samples[:, -1]
    signed = column.astype(np.int32) - (32768 if size > 0 else 0)
    assert list(signed) == [0, 32767, -32767, 16384, 32767]


def test_other_sample_sizes_are_refused():
    with pytest.raises(ValueError, match="16-bit"):
        to_samples(np.zeros(4, np.float32), 8, 2)


@pytest.fixture
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("mixer_args", [
    {},
    {"channels": 1},
    {"size": 16},
    {"frequency": 22050, "channels": 2},
])
def test_bank_plays_every_effect_with_the_dummy_driver(fresh_mixer, mixer_args):
    if mixer_args:
        pygame.mixer.init(**mixer_args)
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    assert bank.available and bank.error is None
    assert set(bank.names) == EXPECTED
    frequency, _, _ = pygame.mixer.get_init()
    lengths = {name: len(wave) / frequency for name, wave in sounds.synthesise(frequency).items()}
    for name in bank.names:
        bank.play(name)
        assert bank._sounds[name].get_length() == pytest.approx(lengths[name], abs=1e-3)
    assert bank.start()  # a second start keeps the Sounds it has


def test_bank_opens_the_mixer_itself(fresh_mixer):
    assert not pygame.mixer.get_init()
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    assert pygame.mixer.get_init()


def test_set_volume_clamps_and_applies_to_every_sound(fresh_mixer):
    bank = sounds.SoundBank(volume=3.0)
    assert bank.volume == 1.0
    assert bank.start(), bank.error
    for requested, expected in ((0.5, 0.5), (-2.0, 0.0), (7.0, 1.0), (0.25, 0.25)):
        bank.set_volume(requested)
        assert bank.volume == expected
        for sound in bank._sounds.values():
            assert sound.get_volume() == pytest.approx(expected, abs=0.01)
    bank.set_volume(0.0)
    bank.play("place")  # muted: a no-op


def test_set_volume_before_start_is_kept(fresh_mixer):
    bank = sounds.SoundBank()
    bank.set_volume(0.3)
    assert bank.start(), bank.error
    assert bank._sounds["win"].get_volume() == pytest.approx(0.3, abs=0.01)


def test_failing_mixer_means_silence(fresh_mixer, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = sounds.SoundBank()
    assert bank.start() is False
    assert not bank.available
    assert "audio device" in bank.error
    for name in bank.names:
        bank.play(name)
    bank.set_volume(0.5)
    assert bank.volume == 0.5


def test_mixer_that_does_not_come_up_means_silence(fresh_mixer, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: None)
    bank = sounds.SoundBank()
    assert bank.start() is False
    assert bank.error


def test_format_other_than_16_bit_means_silence(fresh_mixer, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, 8, 2))
    bank = sounds.SoundBank()
    assert bank.start() is False
    assert not bank.available
    assert "16-bit" in bank.error
    bank.play("win")


def test_play_after_the_mixer_closed_is_silent_not_a_crash(fresh_mixer):
    # A pygame-ce 2.5 Sound played after mixer.quit() segfaults the interpreter.
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    pygame.mixer.quit()
    assert not bank.available
    bank.play("place")
    bank.set_volume(0.4)
    assert "closed" in bank.error
    assert bank.start(), bank.error  # a new start opens the mixer again
    bank.play("place")


def test_mixer_reopened_in_another_format_rebuilds_the_sounds(fresh_mixer):
    pygame.mixer.init(frequency=44100, channels=2)
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, channels=1)
    bank.play("handover")
    assert bank.available
    assert pygame.sndarray.array(bank._sounds["handover"]).ndim == 1


def test_unknown_effect_is_a_value_error_naming_the_known_ones(fresh_mixer):
    silent = sounds.SoundBank()
    with pytest.raises(ValueError, match="menu_confirm"):
        silent.play("explosion")
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    with pytest.raises(ValueError, match="place"):
        bank.play("Place")


def test_importing_initialises_nothing():
    import subprocess
    import sys

    code = ("import pygame, sounds, sounds.bank, sounds.synth; "
            "assert not pygame.get_init(); assert not pygame.mixer.get_init()")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)
