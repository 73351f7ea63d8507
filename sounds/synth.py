"""Numpy synthesis of the game's sound effects: one small recipe per effect.

Everything here is pure numpy and deterministic (noise comes from fixed seeds), so it can
be tested without an audio device. ``synthesise(sample_rate)`` returns float32 mono
waveforms in [-1, 1], each starting and ending in silence (raised-cosine fades) so that
no effect clicks.
"""

from __future__ import annotations

import numpy as np

FADE_IN_SECONDS = 0.002
FADE_OUT_SECONDS = 0.012

# Equal-tempered pitches used by the recipes, in Hz.
AB3, C4, EB4, G4 = 207.65, 261.63, 311.13, 392.00
C5, E5, G5, A5 = 523.25, 659.26, 783.99, 880.00
C6, E6, B6 = 1046.50, 1318.51, 1975.53


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


def _handover(sr: int) -> np.ndarray:
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


def _dice_rattle(sr: int) -> np.ndarray:
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


def _dice_settle(sr: int) -> np.ndarray:
    """One soft wooden knock: the dice come to rest."""
    seconds = 0.12
    t = _times(seconds, sr)
    rng = np.random.default_rng(12)
    knock = _knock(sr, seconds, 520.0, ((1.0, 1.0, 0.028), (2.41, 0.45, 0.014),
                                        (3.93, 0.2, 0.007)), (600.0, 3000.0), 0.2, rng,
                   attack=0.0015)
    thump = 0.6 * np.sin(2 * np.pi * 170.0 * t) * np.exp(-t / 0.022) * _rise(t, 0.002)
    return _finish(knock + thump, sr, 0.45)


RECIPES = {
    "place": _place,
    "handover": _handover,
    "win": _win,
    "loss": _loss,
    "menu_move": _menu_move,
    "menu_confirm": _menu_confirm,
    "illegal": _illegal,
    "draw": _draw,
    "dice_rattle": _dice_rattle,
    "dice_settle": _dice_settle,
}

NAMES: tuple[str, ...] = tuple(RECIPES)


def synthesise(sample_rate: int) -> dict[str, np.ndarray]:
    """Every effect as a float32 mono waveform in [-1, 1] at ``sample_rate`` Hz."""
    sample_rate = int(sample_rate)
    if sample_rate < 8000:
        raise ValueError(f"sample rate {sample_rate} Hz is too low for the sound effects")
    return {name: recipe(sample_rate) for name, recipe in RECIPES.items()}
