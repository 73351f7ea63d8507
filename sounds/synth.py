"""Numpy synthesis of the game's sound effects, one small recipe per effect, and of an
optional calm music loop.

Everything here is pure numpy and deterministic (noise comes from fixed seeds), so it can
be tested without an audio device. The effects are the common ones (RECIPES) and the cues
the registered games add (their records' `sounds`, which name the public recipes below). ``synthesise(sample_rate)`` returns float32 mono
waveforms in [-1, 1], each starting and ending in silence (raised-cosine fades) so that
no effect clicks. ``synthesise_music(sample_rate)`` returns the music: a loop whose last
sample runs on into its first (every note that rings past the end is folded back onto the
start), to be played with ``loops=-1``. ``synthesis_seconds()`` times both.
"""

from __future__ import annotations

import time

import numpy as np

FADE_IN_SECONDS = 0.002
FADE_OUT_SECONDS = 0.012

# Equal-tempered pitches used by the recipes, in Hz.
AB3, C4, EB4, G4 = 207.65, 261.63, 311.13, 392.00
C5, D5, E5, G5, A5 = 523.25, 587.33, 659.26, 783.99, 880.00
C6, D6, E6, G6, B6 = 1046.50, 1174.66, 1318.51, 1567.98, 1975.53


def _times(seconds: float, sample_rate: int) -> np.ndarray:
    return np.arange(int(round(seconds * sample_rate))) / sample_rate


def _rise(t: np.ndarray, seconds: float) -> np.ndarray:
    """Raised-cosine ramp from 0 to 1 over ``seconds``, then 1."""
    x = np.clip(t / seconds, 0.0, 1.0)
    return 0.5 - 0.5 * np.cos(np.pi * x)


def _harmonics(frequency, t: np.ndarray, weights, sample_rate: int) -> np.ndarray:
    """Sum of harmonics k*f (k = 1, 2, ...) weighted by ``weights``, leaving out any that
    would come near Nyquist (no aliasing at low sample rates). ``frequency`` may be an
    array (a glide); the phase is integrated."""
    frequency = np.broadcast_to(np.asarray(frequency, dtype=np.float64), t.shape)
    phase = 2.0 * np.pi * np.cumsum(frequency) / sample_rate
    top = float(frequency.max()) if frequency.size else 0.0
    wave = np.zeros_like(t)
    for k, weight in enumerate(weights, start=1):
        if weight and k * top < 0.45 * sample_rate:
            wave += weight * np.sin(k * phase)
    return wave


def _envelope(t: np.ndarray, attack: float, decay: float,
              release: float = FADE_OUT_SECONDS) -> np.ndarray:
    """Soft attack, exponential decay, and a short fade to exactly zero at the end of
    ``t`` so that a part mixed into a longer effect never stops with a click."""
    return _rise(t, attack) * np.exp(-t / decay) * _rise(t[::-1], release)


def _note(frequency, seconds: float, sample_rate: int, weights=(1.0,),
          attack: float = 0.005, decay: float = 0.2) -> np.ndarray:
    """One tone with a click-free envelope."""
    t = _times(seconds, sample_rate)
    return _harmonics(frequency, t, weights, sample_rate) * _envelope(t, attack, decay)


def _band_noise(length: int, sample_rate: int, low: float, high: float,
                rng: np.random.Generator) -> np.ndarray:
    """White noise band-passed in the frequency domain (soft cosine band edges),
    scaled to unit RMS."""
    if length == 0:
        return np.zeros(0)
    spectrum = np.fft.rfft(rng.standard_normal(length))
    freqs = np.fft.rfftfreq(length, 1.0 / sample_rate)
    centre = np.sqrt(low * high)
    width = np.log(high / low) / 2.0
    distance = np.abs(np.log(np.maximum(freqs, 1.0) / centre)) / width
    gain = np.where(distance < 1.0, 0.5 + 0.5 * np.cos(np.pi * distance), 0.0)
    noise = np.fft.irfft(spectrum * gain, n=length)
    rms = np.sqrt(np.mean(noise ** 2))
    return noise / rms if rms > 0 else noise


def _mix(total: np.ndarray, part: np.ndarray, start: float, sample_rate: int,
         gain: float = 1.0) -> None:
    """Add ``part`` into ``total`` beginning at ``start`` seconds (truncating at the end)."""
    offset = int(round(start * sample_rate))
    end = min(len(total), offset + len(part))
    total[offset:end] += gain * part[: end - offset]


def _finish(wave: np.ndarray, sample_rate: int, peak: float) -> np.ndarray:
    """Fade both ends to silence, normalise to ``peak`` and return float32 in [-1, 1]."""
    wave = wave - np.mean(wave)
    n = len(wave)
    t = np.arange(n) / sample_rate
    wave = wave * _rise(t, FADE_IN_SECONDS) * _rise(t[::-1], FADE_OUT_SECONDS)
    top = np.max(np.abs(wave)) if n else 0.0
    if top > 0:
        wave = wave * (peak / top)
    return np.clip(wave, -1.0, 1.0).astype(np.float32)


# --- recipes ---------------------------------------------------------------------------

def _place(sr: int) -> np.ndarray:
    """A wooden piece set down: inharmonic, quickly damped body modes, a low thump with a
    small pitch drop, and a short filtered tap of noise."""
    seconds = 0.16
    t = _times(seconds, sr)
    body = np.zeros_like(t)
    base = 280.0
    for ratio, amp, tau in ((1.0, 1.0, 0.040), (2.57, 0.55, 0.022),
                            (4.21, 0.30, 0.013), (6.33, 0.15, 0.008)):
        if ratio * base < 0.45 * sr:
            body += amp * np.sin(2 * np.pi * ratio * base * t) * np.exp(-t / tau)
    thump_freq = 120.0 * (1.0 + 0.35 * np.exp(-t / 0.012))
    thump = 0.8 * _harmonics(thump_freq, t, (1.0,), sr) * np.exp(-t / 0.030)
    rng = np.random.default_rng(1)
    tap = 0.35 * _band_noise(len(t), sr, 700.0, min(3500.0, 0.45 * sr), rng) * np.exp(-t / 0.004)
    return _finish(body + thump + tap, sr, 0.80)


_BRIGHT = (1.0, 0.0, 0.22, 0.0, 0.09, 0.0, 0.04)     # soft square: odd harmonics
_MELLOW = (1.0, 0.0, 0.11, 0.0, 0.04)                 # triangle-like
_ROUND = (1.0, 0.30, 0.08)                            # sine with a little body


def _win(sr: int) -> np.ndarray:
    """Rising C major arpeggio ending on a held, slightly vibrating C6 over a chord."""
    seconds = 1.25
    total = np.zeros(int(round(seconds * sr)))
    step = 0.085
    for i, pitch in enumerate((C5, E5, G5)):
        _mix(total, _note(pitch, 0.35, sr, _BRIGHT, attack=0.004, decay=0.09), i * step, sr, 0.8)
    start = 3 * step
    t = _times(seconds - start, sr)
    vibrato = 1.0 + 0.004 * np.sin(2 * np.pi * 5.5 * t) * _rise(t, 0.25)
    final = _harmonics(C6 * vibrato, t, _BRIGHT, sr) * _envelope(t, 0.004, 0.35)
    chord = sum(_harmonics(p, t, _ROUND, sr) for p in (E5, G5)) * _envelope(t, 0.02, 0.30)
    _mix(total, final + 0.35 * chord, start, sr)
    return _finish(total, sr, 0.75)


def _loss(sr: int) -> np.ndarray:
    """Falling minor figure; the last note sags a semitone with a slow wobble."""
    seconds = 1.25
    total = np.zeros(int(round(seconds * sr)))
    step = 0.15
    for i, pitch in enumerate((G4, EB4, C4)):
        _mix(total, _note(pitch, 0.40, sr, _MELLOW, attack=0.008, decay=0.12), i * step, sr, 0.9)
    start = 3 * step
    t = _times(seconds - start, sr)
    sag = AB3 * 2.0 ** (-np.clip(t / 0.6, 0.0, 1.0) / 12.0)
    wobble = 1.0 + 0.008 * np.sin(2 * np.pi * 4.0 * t)
    final = _harmonics(sag * wobble, t, _MELLOW, sr) * _envelope(t, 0.010, 0.30)
    _mix(total, final, start, sr)
    return _finish(total, sr, 0.75)


def _menu_move(sr: int) -> np.ndarray:
    """A tiny tick."""
    t = _times(0.045, sr)
    tone = _harmonics(1900.0, t, (1.0, 0.25), sr) * np.exp(-t / 0.007)
    rng = np.random.default_rng(3)
    tick = 0.15 * _band_noise(len(t), sr, 2000.0, min(6000.0, 0.45 * sr), rng) * np.exp(-t / 0.002)
    return _finish(tone + tick, sr, 0.35)


def _menu_confirm(sr: int) -> np.ndarray:
    """A bright two-step blip, up a fifth."""
    seconds = 0.26
    total = np.zeros(int(round(seconds * sr)))
    _mix(total, _note(A5, 0.10, sr, _BRIGHT, attack=0.003, decay=0.035), 0.0, sr, 0.8)
    _mix(total, _note(E6, seconds - 0.055, sr, _BRIGHT, attack=0.003, decay=0.05), 0.055, sr)
    return _finish(total, sr, 0.60)


def _illegal(sr: int) -> np.ndarray:
    """Two low, buzzy thuds."""
    seconds = 0.34
    total = np.zeros(int(round(seconds * sr)))
    t = _times(0.13, sr)
    saw = tuple(1.0 / k for k in range(1, 10))
    envelope = _envelope(t, 0.004, 0.045)
    buzz = _harmonics(98.0, t, saw, sr) * envelope
    body = _harmonics(65.0 * (1.0 + 0.2 * np.exp(-t / 0.015)), t, (1.0,), sr) * envelope
    thud = 0.55 * buzz + 0.8 * body
    _mix(total, thud, 0.0, sr)
    _mix(total, thud, 0.15, sr, 0.85)
    return _finish(total, sr, 0.70)


def _draw(sr: int) -> np.ndarray:
    """Two calm, even notes: C5 then G4."""
    seconds = 0.70
    total = np.zeros(int(round(seconds * sr)))
    _mix(total, _note(C5, 0.45, sr, _ROUND, attack=0.010, decay=0.14), 0.0, sr)
    _mix(total, _note(G4, seconds - 0.22, sr, _ROUND, attack=0.010, decay=0.16), 0.22, sr)
    return _finish(total, sr, 0.60)


def _pass(sr: int) -> np.ndarray:
    """A turn passed: a soft puff of air and one mellow note sinking a fourth."""
    seconds = 0.38
    t = _times(seconds, sr)
    fall = np.clip((t - 0.05) / 0.22, 0.0, 1.0)
    pitch = G5 * (D5 / G5) ** (fall * fall * (3 - 2 * fall))
    note = _harmonics(pitch, t, _MELLOW, sr) * _envelope(t, 0.010, 0.14)
    rng = np.random.default_rng(23)
    puff = _band_noise(len(t), sr, 300.0, 1600.0, rng)
    puff *= np.sin(np.pi * np.clip(t / 0.16, 0.0, 1.0)) ** 2
    return _finish(note + 0.12 * puff, sr, 0.50)


# --- the games' own cues ---------------------------------------------------------------
# Public: each game's record names the cues it adds (GameSpec.sounds, references such as
# "sounds.synth:handover"); synthesise() makes them with the common RECIPES.

def handover(sr: int) -> np.ndarray:
    """A light whoosh that slides upward, then a soft two-partial chime."""
    seconds = 0.72
    total = np.zeros(int(round(seconds * sr)))
    whoosh_seconds = 0.34
    t = _times(whoosh_seconds, sr)
    rng = np.random.default_rng(2)
    top = min(5000.0, 0.45 * sr)
    lower = _band_noise(len(t), sr, 250.0, 1200.0, rng)
    upper = _band_noise(len(t), sr, 1100.0, top, rng)
    slide = t / whoosh_seconds
    swell = np.sin(np.pi * slide) ** 2
    whoosh = ((1.0 - slide) * lower + slide * upper * 0.8) * swell
    _mix(total, whoosh, 0.0, sr, 0.22)
    chime = _note(E6, seconds - 0.20, sr, (1.0, 0.18, 0.05), attack=0.006, decay=0.16)
    chime += _note(B6, seconds - 0.20, sr, (1.0,), attack=0.010, decay=0.10) * 0.35
    _mix(total, chime, 0.20, sr, 0.55)
    return _finish(total, sr, 0.60)


def _knock(sr: int, seconds: float, base: float, modes, tap_band, tap_gain: float,
           rng: np.random.Generator, attack: float = 0.0012) -> np.ndarray:
    """One hard, damped impact: inharmonic body modes (ratio, amplitude, decay) over
    ``base`` Hz plus a short burst of band-passed noise, with a soft onset (no click)."""
    t = _times(seconds, sr)
    body = np.zeros_like(t)
    for ratio, amp, tau in modes:
        if ratio * base < min(8000.0, 0.42 * sr):
            body += amp * np.sin(2 * np.pi * ratio * base * t + rng.uniform(0, np.pi)) \
                * np.exp(-t / tau)
    low, high = tap_band
    tap = _band_noise(len(t), sr, low, min(high, 0.42 * sr), rng) * np.exp(-t / 0.0025)
    return (body + tap_gain * tap) * _rise(t, attack) * _rise(t[::-1], 0.004)


_DIE_MODES = ((1.0, 1.0, 0.010), (1.73, 0.6, 0.007), (2.61, 0.4, 0.005), (3.9, 0.2, 0.003))


def dice_rattle(sr: int) -> np.ndarray:
    """Dice clattering into a tray: five hard little knocks at uneven, shortening
    intervals, each a different pitch and softer than the last, over a faint hiss."""
    seconds = 0.26
    total = np.zeros(int(round(seconds * sr)))
    rng = np.random.default_rng(11)
    start = 0.004
    for i in range(5):
        base = rng.uniform(1400.0, 2400.0)
        knock = _knock(sr, 0.045, base, _DIE_MODES, (1800.0, 6000.0), 0.45, rng)
        _mix(total, knock, start, sr, 0.92 ** i * rng.uniform(0.7, 1.0))
        start += rng.uniform(0.030, 0.060) * (1.0 - 0.08 * i)
    t = _times(seconds, sr)
    hiss = _band_noise(len(t), sr, 2000.0, min(6000.0, 0.42 * sr), rng)
    total += 0.05 * hiss * _rise(t, 0.01) * np.exp(-t / 0.08)
    return _finish(total, sr, 0.55)


def dice_settle(sr: int) -> np.ndarray:
    """One soft wooden knock: the dice come to rest."""
    seconds = 0.12
    t = _times(seconds, sr)
    rng = np.random.default_rng(12)
    knock = _knock(sr, seconds, 520.0, ((1.0, 1.0, 0.028), (2.41, 0.45, 0.014),
                                        (3.93, 0.2, 0.007)), (600.0, 3000.0), 0.2, rng,
                   attack=0.0015)
    thump = 0.6 * np.sin(2 * np.pi * 170.0 * t) * np.exp(-t / 0.022) * _rise(t, 0.002)
    return _finish(knock + thump, sr, 0.45)


def swap(sr: int) -> np.ndarray:
    """Two pieces trading places: two soft tones gliding past each other (one up a
    fourth, one down) over a brief swish."""
    seconds = 0.32
    t = _times(seconds, sr)
    glide = np.clip(t / 0.20, 0.0, 1.0)
    glide = glide * glide * (3 - 2 * glide)
    up = E5 * (A5 / E5) ** glide
    down = A5 * (E5 / A5) ** glide
    envelope = _envelope(t, 0.012, 0.11)
    tones = (_harmonics(up, t, _MELLOW, sr) + 0.8 * _harmonics(down, t, _MELLOW, sr)) * envelope
    rng = np.random.default_rng(21)
    swish = _band_noise(len(t), sr, 900.0, min(4500.0, 0.45 * sr), rng)
    swish *= np.sin(np.pi * np.clip(t / 0.22, 0.0, 1.0)) ** 2
    return _finish(tones + 0.18 * swish, sr, 0.55)


def flip(sr: int) -> np.ndarray:
    """One disc turning over: a tiny upward blip with a soft tap. Short and light, since a
    capture plays it for each disc, a few hundredths of a second apart."""
    seconds = 0.09
    t = _times(seconds, sr)
    pitch = 1050.0 * (1.0 + 0.45 * _rise(t, 0.035))
    blip = _harmonics(pitch, t, _ROUND, sr) * _envelope(t, 0.0025, 0.022)
    rng = np.random.default_rng(22)
    tap = _band_noise(len(t), sr, 1500.0, min(5000.0, 0.45 * sr), rng)
    tap *= _rise(t, 0.0008) * np.exp(-t / 0.0025)
    return _finish(blip + 0.25 * tap, sr, 0.45)


def _bell(frequency: float, seconds: float, sr: int, decay: float) -> np.ndarray:
    """A small bell: the note with a faint inharmonic partial that dies first."""
    t = _times(seconds, sr)
    tone = _harmonics(frequency, t, _ROUND, sr) * _envelope(t, 0.003, decay)
    if 2.76 * frequency < 0.42 * sr:
        tone += 0.22 * np.sin(2 * np.pi * 2.76 * frequency * t) * _envelope(t, 0.002, decay / 3)
    return tone


def triangle(sr: int) -> np.ndarray:
    """A triangle formed: its three corners ring one after another, C6 E6 G6."""
    seconds = 0.60
    total = np.zeros(int(round(seconds * sr)))
    for i, pitch in enumerate((C6, E6, G6)):
        start = i * 0.055
        _mix(total, _bell(pitch, seconds - start, sr, 0.16 + 0.04 * i), start, sr,
             0.8 + 0.1 * i)
    return _finish(total, sr, 0.55)


def region_closed(sr: int) -> np.ndarray:
    """A region closes: a quick rising sweep that lands on a warm C major chord."""
    seconds = 0.78
    total = np.zeros(int(round(seconds * sr)))
    sweep_seconds = 0.17
    t = _times(sweep_seconds, sr)
    sweep = G4 * (C6 / G4) ** (t / sweep_seconds) ** 1.4
    _mix(total, _harmonics(sweep, t, _MELLOW, sr) * _envelope(t, 0.015, 0.5, 0.05),
         0.0, sr, 0.45)
    start = sweep_seconds - 0.02
    t = _times(seconds - start, sr)
    vibrato = 1.0 + 0.003 * np.sin(2 * np.pi * 5.0 * t) * _rise(t, 0.2)
    chord = sum(_harmonics(p * vibrato, t, _ROUND, sr) * w
                for p, w in ((C5, 1.0), (E5, 0.8), (G5, 0.7), (C6, 0.55)))
    _mix(total, chord * _envelope(t, 0.008, 0.26), start, sr, 0.5)
    return _finish(total, sr, 0.65)


def pattern(sr: int) -> np.ndarray:
    """A pattern formed: a quick pentatonic run up to a held, shimmering E6."""
    seconds = 0.66
    total = np.zeros(int(round(seconds * sr)))
    step = 0.048
    for i, pitch in enumerate((G5, A5, C6, D6)):
        _mix(total, _note(pitch, 0.16, sr, _BRIGHT, attack=0.003, decay=0.045), i * step,
             sr, 0.55 + 0.08 * i)
    start = 4 * step
    t = _times(seconds - start, sr)
    shimmer = 1.0 + 0.004 * np.sin(2 * np.pi * 7.0 * t)
    final = _harmonics(E6 * shimmer, t, _BRIGHT, sr) * _envelope(t, 0.003, 0.16)
    final += 0.3 * _harmonics(G6, t, _ROUND, sr) * _envelope(t, 0.01, 0.12)
    _mix(total, final, start, sr, 0.9)
    return _finish(total, sr, 0.60)


# The effects every game shares; each game adds its own cues (see recipes()).
RECIPES = {
    "place": _place,
    "win": _win,
    "loss": _loss,
    "menu_move": _menu_move,
    "menu_confirm": _menu_confirm,
    "illegal": _illegal,
    "draw": _draw,
    "pass": _pass,
}


def recipes() -> dict:
    """Every effect's recipe: the common RECIPES, then the cues of every registered game
    (its record's `sounds`: cue name -> "module:function" reference), in the registry's
    order. A game may not replace a common effect or another game's cue of the same name:
    the first one stays."""
    import game.rules           # headless; imported here so that importing sounds is quick
    from game.core.registry import load_reference
    found = dict(RECIPES)
    for spec in game.rules.in_order():
        for name, reference in spec.sounds.items():
            if name not in found:
                found[name] = load_reference(reference)
    return found


def names() -> tuple[str, ...]:
    """The names of every effect (the common ones and the registered games' cues)."""
    return tuple(recipes())


def __getattr__(name: str):
    # NAMES: the effects' names as the registry stands now (a game registered later
    # adds its cues), so it is worked out when asked for.
    if name == "NAMES":
        return names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _check_rate(sample_rate) -> int:
    sample_rate = int(sample_rate)
    if sample_rate < 8000:
        raise ValueError(f"sample rate {sample_rate} Hz is too low for the sound effects")
    return sample_rate


def synthesise(sample_rate: int) -> dict[str, np.ndarray]:
    """Every effect (see recipes()) as a float32 mono waveform in [-1, 1] at
    ``sample_rate`` Hz."""
    sample_rate = _check_rate(sample_rate)
    return {name: recipe(sample_rate) for name, recipe in recipes().items()}


def synthesise_one(name: str, sample_rate: int) -> np.ndarray:
    """One effect, as synthesise() makes it; ValueError for a name no recipe has."""
    sample_rate = _check_rate(sample_rate)
    recipe = recipes().get(name)
    if recipe is None:
        raise ValueError(f"unknown sound {name!r}; known sounds: {', '.join(names())}")
    return recipe(sample_rate)


# --- the music loop --------------------------------------------------------------------
# Four bars at 80 beats a minute (12 s): a soft pad of three voices per chord, a low root
# at each bar, and a C major pentatonic arpeggio in eighths with a quiet dotted echo. The
# loop is built in a circular buffer: whatever rings past the end continues at the start,
# so the last sample runs on into the first and the loop point cannot be heard.
# It is calm and mellow (nothing above ~4.5 kHz), so it is synthesised at a quarter of the
# usual rate and brought up to the mixer's rate by zero-padding its spectrum, which is
# exact for a periodic signal such as a loop: four times less work, same sound.

MUSIC_BPM = 80
MUSIC_PEAK = 0.55
MUSIC_INNER_RATE = 11025       # the music is built at about this rate, then resampled
# (pad voices, arpeggio in eighths), as MIDI note numbers; the arpeggio keeps to the
# pentatonic C D E G A, the pad moves C - Am - F - G(sus2).
MUSIC_BARS = (
    ((48, 55, 64), (72, 79, 76, 79, 81, 79, 76, 74)),
    ((45, 52, 60), (69, 76, 72, 76, 79, 76, 72, 74)),
    ((41, 48, 57), (69, 72, 76, 72, 74, 72, 69, 67)),
    ((43, 50, 57), (67, 74, 79, 74, 81, 79, 74, 76)),
)
MUSIC_SECONDS = len(MUSIC_BARS) * 4 * 60.0 / MUSIC_BPM


def _midi(note: int) -> float:
    return 440.0 * 2.0 ** ((note - 69) / 12.0)


def _oscillator(frequency: float, n: int, sr: float, weights) -> np.ndarray:
    """A steady tone in float32 (the music is long and float32 is several times faster):
    the phase is kept in whole cycles (precise in float32) and the harmonics come from
    the Chebyshev recurrence sin((k+1)x) = 2 cos(x) sin(kx) - sin((k-1)x)."""
    cycles = np.arange(n, dtype=np.float32) * np.float32(frequency / sr)
    cycles -= np.floor(cycles)
    x = cycles * np.float32(2.0 * np.pi)
    first = np.sin(x)
    wave = np.float32(weights[0]) * first
    twice_cos = np.float32(2.0) * np.cos(x)
    previous, current = np.zeros_like(first), first
    for k, weight in enumerate(weights[1:], start=2):
        if k * frequency >= 0.42 * sr:
            break
        previous, current = current, twice_cos * current - previous
        if weight:
            wave += np.float32(weight) * current
    return wave


def _mix_wrapped(total: np.ndarray, part: np.ndarray, start: float, sr: float,
                 gain: float = 1.0) -> None:
    """Add ``part`` into the loop ``total`` from ``start`` seconds (which may be negative),
    wrapping around its end as often as needed."""
    n = len(total)
    offset = int(round(start * sr)) % n
    part = part * np.float32(gain)
    while len(part):
        count = min(len(part), n - offset)
        total[offset:offset + count] += part[:count]
        part = part[count:]
        offset = 0


def _loop_at_inner_rate(sr: float, n: int) -> np.ndarray:
    """The loop, ``n`` samples at ``sr`` Hz (float32, not normalised)."""
    beat = 60.0 / MUSIC_BPM
    bar = 4 * beat
    eighth = beat / 2
    total = np.zeros(n, dtype=np.float32)

    pad_rise = 1.1
    pad_t = _times(bar + 2 * pad_rise * 0.6, sr)
    pad_env = (_rise(pad_t, pad_rise) * _rise(pad_t[::-1], pad_rise)).astype(np.float32)
    pad_voices: dict[int, np.ndarray] = {}

    def pad_voice(note: int) -> np.ndarray:
        if note not in pad_voices:
            length, f = len(pad_t), _midi(note)
            # two slightly detuned oscillators: a slow, warm beating
            pad_voices[note] = (_oscillator(f * 0.9988, length, sr, (1.0, 0.28, 0.06))
                                + _oscillator(f * 1.0012, length, sr, (1.0, 0.22))) * pad_env
        return pad_voices[note]

    pluck_t = _times(1.3, sr)
    pluck_env = _envelope(pluck_t, 0.006, 0.32, 0.08).astype(np.float32)
    plucks: dict[int, np.ndarray] = {}

    def pluck(note: int) -> np.ndarray:
        if note not in plucks:
            plucks[note] = _oscillator(_midi(note), len(pluck_t), sr,
                                       (1.0, 0.22, 0.07, 0.02)) * pluck_env
        return plucks[note]

    bass_t = _times(bar * 0.9, sr)
    bass_env = _envelope(bass_t, 0.03, 0.9, 0.25).astype(np.float32)

    for index, (pad, arpeggio) in enumerate(MUSIC_BARS):
        start = index * bar
        for voice in pad:
            _mix_wrapped(total, pad_voice(voice), start - pad_rise * 0.6, sr, 0.16)
        bass = _oscillator(_midi(pad[0] - 12), len(bass_t), sr, (1.0, 0.35)) * bass_env
        _mix_wrapped(total, bass, start, sr, 0.30)
        for step, note in enumerate(arpeggio):
            at = start + step * eighth
            accent = 1.0 if step % 4 == 0 else 0.8
            _mix_wrapped(total, pluck(note), at, sr, 0.24 * accent)
            _mix_wrapped(total, pluck(note), at + 3 * eighth, sr, 0.07 * accent)
    return total


def synthesise_music(sample_rate: int) -> np.ndarray:
    """The music loop: float32 mono in [-1, 1], about MUSIC_SECONDS long (a whole
    number of inner-rate samples), seamless when repeated: the end joins the start."""
    sample_rate = _check_rate(sample_rate)
    factor = max(1, round(sample_rate / MUSIC_INNER_RATE))
    inner = _loop_at_inner_rate(sample_rate / factor,
                                int(round(MUSIC_SECONDS * sample_rate / factor)))
    if factor > 1:
        # Periodic band-limited resampling: the spectrum, zero-padded (its Nyquist bin
        # dropped: it cannot be told apart from its alias).
        spectrum = np.fft.rfft(inner)
        spectrum[-1] = 0
        padded = np.zeros(len(inner) * factor // 2 + 1, dtype=spectrum.dtype)
        padded[:len(spectrum)] = spectrum
        loop = np.fft.irfft(padded, len(inner) * factor).astype(np.float32)
    else:
        loop = inner
    loop -= np.float32(np.mean(loop))
    top = float(np.max(np.abs(loop)))
    if top > 0:
        loop *= np.float32(MUSIC_PEAK / top)
    return np.clip(loop, -1.0, 1.0).astype(np.float32)


def synthesis_seconds(sample_rate: int = 44100, repeats: int = 1) -> dict[str, float]:
    """Wall-clock seconds to synthesise every effect ("effects": what start-up pays) and
    the music loop ("music": paid only once the music is turned on) at ``sample_rate``;
    with ``repeats`` > 1, the best of that many runs of each."""
    times = {"effects": float("inf"), "music": float("inf")}
    for _ in range(max(1, int(repeats))):
        started = time.perf_counter()
        synthesise(sample_rate)
        middle = time.perf_counter()
        synthesise_music(sample_rate)
        ended = time.perf_counter()
        times["effects"] = min(times["effects"], middle - started)
        times["music"] = min(times["music"], ended - middle)
    return times
