"""The sound effects as pygame Sounds, with a silent fallback when there is no audio."""

from __future__ import annotations

import numpy as np
import pygame

from sounds.synth import NAMES, synthesise


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


def to_samples(wave: np.ndarray, size: int, channels: int) -> np.ndarray:
    """A float waveform in [-1, 1] as a contiguous 16-bit sample array for a mixer opened
    with ``size`` (-16 signed, 16 unsigned) and ``channels``: shape (n,) for mono,
    (n, channels) otherwise."""
    if abs(size) != 16:
        raise ValueError(f"unsupported sample size {size}; only 16-bit audio is handled")
    samples = np.round(np.clip(wave, -1.0, 1.0) * 32767.0).astype(np.int16)
    if size > 0:
        samples = (samples.astype(np.int32) + 32768).astype(np.uint16)
    if channels > 1:
        samples = np.repeat(samples[:, np.newaxis], channels, axis=1)
    return np.ascontiguousarray(samples)


class SoundBank:
    """All effects, synthesised once when started.

    Until ``start()`` succeeds (or if it fails) the bank is silent: ``play`` does nothing
    and ``error`` says why. Asking for an effect that does not exist raises ValueError.

    Playing a Sound after ``pygame.mixer.quit()`` crashes pygame-ce 2.5 with a
    segmentation fault, so every call first checks that the mixer is still open in the
    format the Sounds were built for: if it was closed the bank goes silent, if it was
    reopened in another format the Sounds are rebuilt.
    """

    def __init__(self, volume: float = 0.8) -> None:
        self.names: tuple[str, ...] = NAMES
        self.error: str | None = None
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None

    @property
    def available(self) -> bool:
        """Whether ``play`` makes a sound (the mixer is open in the built format)."""
        return bool(self._sounds) and pygame.mixer.get_init() == self._format

    @property
    def volume(self) -> float:
        return self._volume

    def start(self) -> bool:
        """Open the mixer if needed and build every Sound. Returns ``available``."""
        if self.available:
            return True
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            audio_format = pygame.mixer.get_init()
            if not audio_format:
                raise pygame.error("the mixer did not initialise")
            frequency, size, channels = audio_format
            if abs(size) != 16:
                self.error = (f"sound off: the mixer opened a {abs(size)}-bit format, "
                              f"only 16-bit audio is supported")
                return False
            waves = synthesise(frequency)
            sounds = {name: pygame.sndarray.make_sound(to_samples(wave, size, channels))
                      for name, wave in waves.items()}
        except Exception as exc:  # no device, broken driver, missing numpy support...
            self.error = f"sound off: {exc}" if str(exc) else f"sound off: {type(exc).__name__}"
            return False
        for sound in sounds.values():
            sound.set_volume(self._volume)
        self._sounds = sounds
        self._format = audio_format
        self.error = None
        return True

    def _ready(self) -> bool:
        """Whether the Sounds can be used with the mixer as it is now."""
        if not self._sounds:
            return False
        current = pygame.mixer.get_init()
        if current == self._format:
            return True
        self._sounds = {}
        if not current:
            self.error = "sound off: the mixer was closed"
            return False
        return self.start()

    def play(self, name: str) -> None:
        """Play one effect at the current volume (does nothing while silent)."""
        if name not in self.names:
            raise ValueError(f"unknown sound {name!r}; known sounds: {', '.join(self.names)}")
        if self._volume == 0.0 or not self._ready():
            return
        self._sounds[name].play()

    def set_volume(self, volume: float) -> None:
        """Set the volume of every effect, clamped to 0..1."""
        self._volume = _clamp(volume)
        if self._ready():
            for sound in self._sounds.values():
                sound.set_volume(self._volume)
