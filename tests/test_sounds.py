import os

# Headless, whatever the shell says: the drivers are set before pygame is imported.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import random
import time
from types import SimpleNamespace

import numpy as np
import pygame
import pytest

import sounds
import sounds.bank as sound_bank
from sounds.bank import MUSIC_CHANNEL, to_samples

EXPECTED = {"place", "handover", "win", "loss", "menu_move", "menu_confirm", "illegal", "draw",
            "dice_rattle", "dice_settle", "swap", "flip", "triangle", "region_closed", "pattern",
            "pass"}
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


def test_each_game_brings_its_own_cues():
    """The common effects are the synth's; every other one is a game's (its record's
    `sounds`), so a game added to the registry brings its cues with it."""
    import game.rules
    from sounds import synth
    games = {name: spec.name for spec in game.rules.in_order() for name in spec.sounds}
    assert set(games) == EXPECTED - set(synth.RECIPES)
    assert set(synth.RECIPES) == {"place", "win", "loss", "menu_move", "menu_confirm",
                                  "illegal", "draw", "pass"}
    assert games["handover"] == "xtic" and games["dice_rattle"] == "catalina"


def test_a_game_registered_after_the_start_is_heard_on_first_play(fresh_mixer):
    import game.rules
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    spec = game.rules.GameSpec(name="test-sounds", title="Test sounds", blurb="",
                               sounds={"test_blip": "sounds.synth:flip"})
    with pytest.raises(ValueError, match="test_blip"):
        bank.play("test_blip")
    game.rules.register(spec)
    try:
        assert "test_blip" in bank.names and "test_blip" in sounds.NAMES
        assert "test_blip" not in bank._sounds
        bank.play("test_blip")
        frequency, _, _ = pygame.mixer.get_init()
        wave = sounds.synthesise(frequency)["test_blip"]
        assert np.array_equal(wave, sounds.synthesise(frequency)["flip"])
        assert bank._sounds["test_blip"].get_length() == pytest.approx(len(wave) / frequency,
                                                                       abs=1e-3)
        bank.set_volume(0.25)
        assert bank._sounds["test_blip"].get_volume() == pytest.approx(0.25, abs=0.01)
    finally:
        game.rules.unregister(spec.name)
    assert "test_blip" not in sounds.NAMES


def test_importing_initialises_nothing():
    import subprocess
    import sys

    code = ("import pygame, sounds, sounds.bank, sounds.synth; "
            "assert not pygame.get_init(); assert not pygame.mixer.get_init()")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)


# --- the music loop ----------------------------------------------------------------------
@pytest.fixture(scope="module", params=(22050, 44100, 48000))
def music(request):
    return request.param, sounds.synthesise_music(request.param)


def test_music_is_a_float32_loop_of_8_to_16_seconds(music):
    rate, loop = music
    assert loop.dtype == np.float32 and loop.ndim == 1
    assert np.all(np.isfinite(loop))
    assert 8.0 <= len(loop) / rate <= 16.0
    assert len(loop) / rate == pytest.approx(sounds.synth.MUSIC_SECONDS, abs=0.01)
    assert 0.2 < np.max(np.abs(loop)) <= 1.0
    assert np.sqrt(np.mean(loop.astype(np.float64) ** 2)) > 0.03   # never falls silent
    assert abs(float(np.mean(loop))) < 0.01


def _faded(wave, rate, seconds=0.02):
    """``wave`` with slow raised-cosine fades at both ends (an excerpt of the music does
    not start or end in silence; the click detector must not hear its cut edges)."""
    n = int(seconds * rate)
    ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(n) / n)
    wave = wave.astype(np.float64).copy()
    wave[:n] *= ramp
    wave[-n:] *= ramp[::-1]
    return wave


def _join(loop, rate):
    """The last 0.1 s of the loop followed by its first 0.1 s, as heard when it wraps."""
    n = rate // 10
    return _faded(np.concatenate([loop[-n:], loop[:n]]), rate)


def test_music_loop_point_is_seamless(music):
    rate, loop = music
    wave = loop.astype(np.float64)
    # The step from the last sample to the first is no bigger than any inside the loop.
    assert abs(wave[0] - wave[-1]) <= np.max(np.abs(np.diff(wave))) + 1e-6
    if rate >= 44100:
        assert _worst_high_band(_join(loop, rate), rate) < 2e-5
        assert _worst_high_band(_faded(loop, rate), rate) < 2e-5


def test_a_badly_cut_loop_would_be_caught():
    """The seam test can fail: the same loop cut 0.3 s short clicks where it wraps."""
    rate = 44100
    loop = sounds.synthesise_music(rate)
    cut = loop[: -int(0.3 * rate)]
    assert _worst_high_band(_join(cut, rate), rate) > 2e-5


def test_music_is_deterministic_and_refuses_too_low_rates():
    assert np.array_equal(sounds.synthesise_music(22050), sounds.synthesise_music(22050))
    with pytest.raises(ValueError, match="sample rate"):
        sounds.synthesise_music(4000)


def test_synthesis_seconds_reports_both_parts():
    # What `python -m game.bench startup` reads; the 0.3 s budget is checked there, not
    # here (timings are benchmarks, never unit tests).
    times = sounds.synthesis_seconds()
    assert set(times) == {"effects", "music"}
    assert all(isinstance(v, float) and v > 0 for v in times.values())


# --- the bank's music --------------------------------------------------------------------
@pytest.fixture
def count_music(monkeypatch):
    calls = []

    def counting(rate):
        calls.append(rate)
        return sounds.synthesise_music(rate)

    monkeypatch.setattr(sound_bank, "synthesise_music", counting)
    return calls


def _music_channel():
    return pygame.mixer.Channel(MUSIC_CHANNEL)


def test_music_off_is_never_synthesised(fresh_mixer, count_music):
    bank = sounds.SoundBank(volume=0.5)
    assert bank.music_volume == 0.0
    assert bank.start(), bank.error
    assert count_music == [] and "music" not in bank.synthesis_seconds
    assert bank.synthesis_seconds["effects"] > 0
    assert not bank.music_playing
    bank.set_music_volume(0.0)
    bank.set_volume(0.3)
    assert count_music == []


def test_music_on_at_start_plays_on_its_own_channel(fresh_mixer, count_music):
    bank = sounds.SoundBank(volume=0.8, music_volume=0.4)
    assert bank.start(), bank.error
    assert len(count_music) == 1 and bank.synthesis_seconds["music"] > 0
    assert bank.music_playing
    assert _music_channel().get_sound() is bank._music
    assert bank._music.get_volume() == pytest.approx(0.4, abs=0.01)
    assert bank._music.get_length() == pytest.approx(sounds.synth.MUSIC_SECONDS, abs=0.01)
    for _ in range(12):          # more effects than channels: none takes the music's
        bank.play("flip")
    assert _music_channel().get_sound() is bank._music


def test_music_is_synthesised_lazily_once_and_stopped_by_volume_0(fresh_mixer, count_music):
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    assert count_music == []
    bank.set_music_volume(0.3)
    assert len(count_music) == 1 and bank.music_playing
    bank.set_music_volume(0.6)
    assert bank._music.get_volume() == pytest.approx(0.6, abs=0.01)
    bank.set_music_volume(0.0)
    assert bank.music_volume == 0.0
    _music_channel().stop()      # (the fade-out would end it within MUSIC_FADE_OUT_MS)
    assert not bank.music_playing
    bank.set_music_volume(0.2)
    assert bank.music_playing and len(count_music) == 1    # built once
    bank.set_music_volume(5.0)
    assert bank.music_volume == 1.0
    bank.set_music_volume(-1.0)
    assert bank.music_volume == 0.0


def _wait_until_silent(bank, seconds):
    deadline = time.monotonic() + seconds
    while bank.music_playing and time.monotonic() < deadline:
        time.sleep(0.02)


def test_music_volume_0_fades_the_music_out(fresh_mixer):
    bank = sounds.SoundBank(music_volume=0.5)
    assert bank.start(), bank.error
    time.sleep(0.2)                       # the fade-in is under way
    bank.set_music_volume(0.0)
    assert bank.music_playing             # fading out, not cut off
    _wait_until_silent(bank, sound_bank.MUSIC_FADE_OUT_MS / 1000 + 1.5)
    assert not bank.music_playing


def test_music_turned_off_at_once_stops(fresh_mixer):
    # Straight after the start the fade-in is still at volume 0, where a fade-out would
    # be ignored by SDL_mixer: the music must stop all the same.
    bank = sounds.SoundBank(music_volume=0.5)
    assert bank.start(), bank.error
    bank.set_music_volume(0.0)
    _wait_until_silent(bank, sound_bank.MUSIC_FADE_OUT_MS / 1000 + 1.5)
    assert not bank.music_playing


def test_music_turned_up_again_while_fading_out_keeps_playing(fresh_mixer):
    bank = sounds.SoundBank(music_volume=0.5)
    assert bank.start(), bank.error
    time.sleep(0.2)
    bank.set_music_volume(0.0)
    bank.set_music_volume(0.1)
    time.sleep(sound_bank.MUSIC_FADE_OUT_MS / 1000 + 0.3)
    assert bank.music_playing


def test_music_without_audio_is_silent(fresh_mixer, monkeypatch, count_music):
    def no_device(*args, **kwargs):
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = sounds.SoundBank(music_volume=0.5)
    assert bank.start() is False
    bank.set_music_volume(0.7)
    assert bank.music_volume == 0.7 and not bank.music_playing
    assert count_music == []


def test_music_after_the_mixer_closed_is_silent_and_rebuilt_on_restart(fresh_mixer):
    bank = sounds.SoundBank(music_volume=0.5)
    assert bank.start(), bank.error
    pygame.mixer.quit()
    bank.set_music_volume(0.6)
    assert not bank.music_playing and "closed" in bank.error
    assert bank.start(), bank.error
    assert bank.music_playing


def test_a_failing_music_synthesis_leaves_the_effects(fresh_mixer, monkeypatch):
    def broken(rate):
        raise MemoryError("no room")

    monkeypatch.setattr(sound_bank, "synthesise_music", broken)
    bank = sounds.SoundBank()
    assert bank.start(), bank.error
    bank.set_music_volume(0.5)
    assert not bank.music_playing and "music off" in bank.error
    assert bank.available
    bank.play("place")


# --- settings: two volumes ---------------------------------------------------------------
def _write_settings(data) -> None:
    from game.services.settings import settings_path
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_old_volume_is_read_into_effects_volume(app_home):
    from game.services.settings import load_settings
    _write_settings({"version": 1, "volume": 0.3, "palette": "high contrast"})
    settings, message = load_settings()
    assert message is None
    assert settings.effects_volume == pytest.approx(0.3)
    assert settings.volume == pytest.approx(0.3)           # the old name still reads it
    assert settings.music_volume == 0.0                     # no music unless asked for
    assert settings.palette == "high contrast"


def test_effects_volume_wins_over_the_old_name(app_home):
    from game.services.settings import load_settings
    _write_settings({"version": 1, "volume": 0.3, "effects_volume": 0.6,
                     "music_volume": 0.2})
    settings, message = load_settings()
    assert message is None
    assert (settings.effects_volume, settings.music_volume) == (0.6, 0.2)


def test_both_volumes_are_saved_and_read_back(app_home):
    from game.services.settings import Settings, load_settings, save_settings, settings_path
    save_settings(Settings(effects_volume=0.4, music_volume=0.7))
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["effects_volume"] == 0.4 and data["music_volume"] == 0.7
    assert data["volume"] == 0.4            # for older copies of the game
    assert data["version"] == 1
    settings, message = load_settings()
    assert message is None and settings == Settings(effects_volume=0.4, music_volume=0.7)


@pytest.mark.parametrize("data", [
    {"version": 1, "music_volume": 1.5},
    {"version": 1, "music_volume": -0.1},
    {"version": 1, "music_volume": "loud"},
    {"version": 1, "music_volume": True},
    {"version": 1, "music_volume": None},
    {"version": 1, "effects_volume": 2},
    {"version": 1, "volume": "loud"},
], ids=["above 1", "negative", "text", "bool", "null", "effects above 1", "old name bad"])
def test_bad_volume_means_defaults_and_a_message(app_home, data):
    from game.services.settings import Settings, load_settings, settings_path
    _write_settings(data)
    settings, message = load_settings()
    assert settings == Settings()
    assert message and str(settings_path()) in message
    bad = next(key for key in data if key != "version")
    assert bad in message


def test_settings_from_a_newer_version_are_still_refused(app_home):
    from game.services.settings import Settings, load_settings
    _write_settings({"version": 2, "effects_volume": 0.5, "music_volume": 0.5})
    settings, message = load_settings()
    assert settings == Settings() and "newer version" in message


# --- the settings scene ------------------------------------------------------------------
def test_settings_scene_shows_and_sets_both_volumes(app_home, count_music):
    from game.app import App
    from game.scenes.menu import MenuScene
    from game.services.settings import load_settings
    from tests.scene_driver import Keyboard, find_item, labels, scene_name, step

    app = App(headless=True)
    try:
        app.push(MenuScene(app))
        step(app, frames=2)
        keyboard = Keyboard(app)
        keyboard.activate("Settings")
        assert scene_name(app) == "SettingsScene"
        scene = app.scene
        assert labels(scene)[:2] == ["Volume: 80%", "Music: off"]     # beside their sliders
        assert find_item(scene, "Volume").value == 0.8
        assert find_item(scene, "Music").value == 0.0
        assert count_music == []                      # the music is off: not even built

        keyboard.change("Music", +1)
        assert app.settings.music_volume == pytest.approx(0.1)
        assert app.sounds.music_volume == pytest.approx(0.1)
        assert app.sounds.music_playing and len(count_music) == 1
        keyboard.change("Music", +1)
        keyboard.change("Volume", -1)
        assert app.sounds.volume == pytest.approx(0.7)
        step(app, frames=3)
        settings, message = load_settings()
        assert message is None
        assert settings.music_volume == pytest.approx(0.2)
        assert settings.effects_volume == pytest.approx(0.7)

        keyboard.change("Music", -1)
        keyboard.change("Music", -1)
        assert app.settings.music_volume == 0.0 and app.sounds.music_volume == 0.0
        assert find_item(app.scene, "Music").value == 0.0
        assert len(count_music) == 1
    finally:
        app.shutdown()


# --- the views' sounds -------------------------------------------------------------------
class _Recorder:
    def __init__(self):
        self.played = []

    def play(self, name):
        assert name in sounds.NAMES, name
        self.played.append(name)


def _context(animation="normal"):
    from game.ui import input as inp
    from game.ui.text import reset_fonts
    from game.services.settings import Settings
    from game.views.base import ViewContext
    from sprites.palettes import DEFAULT
    if not pygame.font.get_init():
        pygame.init()
        reset_fonts()
    return ViewContext(DEFAULT, _Recorder(), Settings(animation_speed=animation),
                       SimpleNamespace(last_device=inp.MOUSE))


def _xoliba_capture():
    import game.rules
    from game.games.xoliba.rules import PASS, TRIANGLES, WHITE
    state = game.rules.get("xoliba").new_game(seed=3, options={"players": 2})
    for move in state.legal_moves():
        if move != PASS and any(state.board[q] != WHITE for q in TRIANGLES[move[2]].contents
                                if q != move[0]):
            return state, move
    raise AssertionError("no capturing move")


def test_xoliba_swap_then_triangle_then_a_flip_per_disc():
    from game.games.xoliba.view import XolibaView
    state, move = _xoliba_capture()
    view = XolibaView(_context(), state, ["A", "B"])
    view.layout(pygame.Rect(0, 0, 950, 720))
    state.play(move)
    view.on_move(move)
    played = view.context.sounds.played
    assert played == ["swap"]
    flips = len(view.flips)
    assert flips >= 1
    for _ in range(300):
        view.update(1 / 60)
        if not view.animating:
            break
    assert played == ["swap", "triangle"] + ["flip"] * flips


def test_xoliba_without_animation_and_a_pass():
    from game.games.xoliba.rules import PASS
    from game.games.xoliba.view import XolibaView
    state, move = _xoliba_capture()
    view = XolibaView(_context(animation="off"), state, ["A", "B"])
    view.layout(pygame.Rect(0, 0, 950, 720))
    state.play(move)
    view.on_move(move)
    assert view.context.sounds.played == ["swap", "triangle", "flip"]
    rng = random.Random(0)
    while PASS not in state.legal_moves():    # a seat that cannot form a triangle
        state.play(rng.choice(state.legal_moves()))
    view.context.sounds.played.clear()
    state.play(PASS)
    view.on_move(PASS)                        # nothing changes on the board
    assert view.context.sounds.played == ["pass"]


def test_catalina_skipped_turn_sounds_pass():
    import game.rules
    from game.games.catalina import rules as catalina
    from game.games.catalina.view import CatalinaView
    state = game.rules.get("catalina").new_game(seed=1)
    rng = random.Random(1)
    while state.is_chance or state.legal_moves() != [catalina.PASS]:    # a skipped turn
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    view = CatalinaView(_context(), state, ["A", "B"])
    reason = state.pass_reason()
    state.play(catalina.PASS)
    view.on_move(catalina.PASS)
    assert view.context.sounds.played == ["pass"]
    assert reason and view.skipped == reason        # read in the position before the pass


def _tile_game_sounds(name, view_class, seed):
    """Every sound a random game of Che or Xutoli makes, with the state after each."""
    import game.rules
    state = game.rules.get(name).new_game(seed=seed)
    view = view_class(_context(animation="off"), state, ["A", "B"])
    rng = random.Random(seed)
    heard = []
    while not state.is_over and len(state.history) < 400:
        moves = [m for m in state.legal_moves() if m != "agree"]
        if not moves:
            break
        move = rng.choice(moves)
        before = state.copy()
        state.play(move)
        view.on_move(move)
        heard.append((view.context.sounds.played[-1], before, state.copy()))
    return heard


def test_che_sounds_region_closed_when_a_tile_closes_a_region():
    from game.games.truchet.view import TruchetView
    heard = _tile_game_sounds("che", TruchetView, seed=2)
    assert heard
    for sound, before, after in heard:
        closed = sum(after.layout.closed_count) > sum(before.layout.closed_count)
        assert sound == ("region_closed" if closed else "place")
    assert any(sound == "region_closed" for sound, _, _ in heard)


def test_xutoli_sounds_pattern_when_the_winning_formation_is_made():
    from game.games.xutoli.view import XutoliView
    for seed in range(1, 30):
        heard = _tile_game_sounds("xutoli", XutoliView, seed=seed)
        last = heard[-1][2]
        if last.outcome is not None and last.outcome.winner is not None:
            break
    else:
        raise AssertionError("no random Xutoli game was won")
    assert [sound for sound, _, _ in heard] == ["place"] * (len(heard) - 1) + ["pattern"]
