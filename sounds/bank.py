"""The sound effects and the optional music loop as pygame Sounds, with a silent fallback
when there is no audio."""

from __future__ import annotations

import time

import numpy as np
import pygame

from sounds.synth import names, synthesise, synthesise_music, synthesise_one

MUSIC_CHANNEL = 0              # reserved for the music: effects never take it
MUSIC_FADE_IN_MS = 1200
MUSIC_FADE_OUT_MS = 400


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
    """All effects, synthesised once when started, and the music loop, synthesised the
    first time it is wanted (never while the music volume stays at 0).

    Until ``start()`` succeeds (or if it fails) the bank is silent: ``play`` does nothing
    and ``error`` says why. Asking for an effect that does not exist raises ValueError.
    The effects are the common ones and every registered game's cues (``names``); the cues
    of a game registered after the start are synthesised the first time they are played.
    The effects and the music have separate volumes (``volume`` and ``music_volume``); a
    music volume of 0 stops the music. The music loops on its own reserved mixer channel.

    Playing a Sound after ``pygame.mixer.quit()`` crashes pygame-ce 2.5 with a
    segmentation fault, so every call first checks that the mixer is still open in the
    format the Sounds were built for: if it was closed the bank goes silent, if it was
    reopened in another format the Sounds are rebuilt.

    ``synthesis_seconds`` holds what the synthesis took: "effects" after a start, "music"
    once the music was built.
    """

    def __init__(self, volume: float = 0.8, music_volume: float = 0.0) -> None:
        self.error: str | None = None
        self.synthesis_seconds: dict[str, float] = {}
        self._volume = _clamp(volume)
        self._music_volume = _clamp(music_volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_stopping = False
        self._format: tuple[int, int, int] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Every effect the bank plays: the common ones and the registered games' cues."""
        return names()

    @property
    def available(self) -> bool:
        """Whether ``play`` makes a sound (the mixer is open in the built format)."""
        return bool(self._sounds) and pygame.mixer.get_init() == self._format

    @property
    def volume(self) -> float:
        """The effects' volume."""
        return self._volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def music_playing(self) -> bool:
        """Whether the music loop is playing (it is while its volume is above 0 and the
        mixer works)."""
        if self._music is None or not self._ready():
            return False
        channel = pygame.mixer.Channel(MUSIC_CHANNEL)
        return channel.get_sound() is self._music and bool(channel.get_busy())

    def start(self) -> bool:
        """Open the mixer if needed and build every Sound (and the music, if its volume
        is above 0). Returns ``available``."""
        if self.available:
            return True
        self._sounds = {}
        self._music = None
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
            started = time.perf_counter()
            waves = synthesise(frequency)
            self.synthesis_seconds["effects"] = time.perf_counter() - started
            sounds = {name: pygame.sndarray.make_sound(to_samples(wave, size, channels))
                      for name, wave in waves.items()}
            if pygame.mixer.get_num_channels() <= MUSIC_CHANNEL + 1:
                pygame.mixer.set_num_channels(8)
            pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
        except Exception as exc:  # no device, broken driver, missing numpy support...
            self.error = f"sound off: {exc}" if str(exc) else f"sound off: {type(exc).__name__}"
            return False
        for sound in sounds.values():
            sound.set_volume(self._volume)
        self._sounds = sounds
        self._format = audio_format
        self.error = None
        self._apply_music()
        return True

    def _ready(self) -> bool:
        """Whether the Sounds can be used with the mixer as it is now."""
        if not self._sounds:
            return False
        current = pygame.mixer.get_init()
        if current == self._format:
            return True
        self._sounds = {}
        self._music = None
        if not current:
            self.error = "sound off: the mixer was closed"
            return False
        return self.start()

    def play(self, name: str) -> None:
        """Play one effect at the current volume (does nothing while silent)."""
        if name not in self._sounds and name not in self.names:
            raise ValueError(f"unknown sound {name!r}; known sounds: {', '.join(self.names)}")
        if self._volume == 0.0 or not self._ready():
            return
        sound = self._sounds.get(name) or self._build(name)
        if sound is not None:
            sound.play()

    def _build(self, name: str) -> pygame.mixer.Sound | None:
        """The Sound of a cue the start did not make (its game was registered since),
        synthesised now and kept; None (and ``error`` says why) if that fails."""
        frequency, size, channels = self._format
        try:
            sound = pygame.sndarray.make_sound(
                to_samples(synthesise_one(name, frequency), size, channels))
        except Exception as exc:  # the other effects still work
            self.error = f"sound {name!r} off: {exc}"
            return None
        sound.set_volume(self._volume)
        self._sounds[name] = sound
        return sound

    def set_volume(self, volume: float) -> None:
        """Set the volume of every effect, clamped to 0..1."""
        self._volume = _clamp(volume)
        if self._ready():
            for sound in self._sounds.values():
                sound.set_volume(self._volume)

    def set_music_volume(self, volume: float) -> None:
        """Set the music's volume, clamped to 0..1: above 0 the loop plays (it is
        synthesised the first time), 0 fades it out."""
        self._music_volume = _clamp(volume)
        if self._ready():
            self._apply_music()

    def _apply_music(self) -> None:
        """Start, adjust or stop the music to match its volume (the mixer is ready)."""
        channel = pygame.mixer.Channel(MUSIC_CHANNEL)
        if self._music_volume == 0.0:
            if self._music is not None and channel.get_sound() is self._music:
                if channel.get_volume() > 0:
                    channel.fadeout(MUSIC_FADE_OUT_MS)
                else:   # still silent at the start of its fade-in (a fade-out is ignored)
                    channel.stop()
                self._music_stopping = True
            return
        try:
            if self._music is None:
                frequency, size, channels = self._format
                started = time.perf_counter()
                wave = synthesise_music(frequency)
                self.synthesis_seconds["music"] = time.perf_counter() - started
                self._music = pygame.sndarray.make_sound(to_samples(wave, size, channels))
            self._music.set_volume(self._music_volume)
            if (self._music_stopping or channel.get_sound() is not self._music
                    or not channel.get_busy()):
                # (a fade-out under way cannot be called off: the loop starts again)
                channel.play(self._music, loops=-1, fade_ms=MUSIC_FADE_IN_MS)
                self._music_stopping = False
        except Exception as exc:  # the effects still work without the music
            self._music = None
            self.error = f"music off: {exc}" if str(exc) else f"music off: {type(exc).__name__}"
