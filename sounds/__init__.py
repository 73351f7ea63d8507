"""Procedural sound effects and music: numpy synthesis (``synthesise``,
``synthesise_music``, ``synthesis_seconds``) and the pygame-side ``SoundBank`` that plays
them, silently when no audio device is available.

The effects are the common ones and the cues every registered game adds (its record's
``sounds``); ``NAMES`` lists them as the registry stands when it is read.

Importing this package initialises nothing; call ``SoundBank.start()`` once pygame is up.
"""

from sounds import synth
from sounds.bank import SoundBank
from sounds.synth import names, synthesise, synthesise_music, synthesis_seconds


def __getattr__(name: str):
    if name == "NAMES":             # worked out when asked: a game registered later counts
        return synth.names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["NAMES", "SoundBank", "names", "synthesise", "synthesise_music",
           "synthesis_seconds"]
