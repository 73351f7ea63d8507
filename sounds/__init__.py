"""Procedural sound effects: numpy synthesis (``synthesise``) and the pygame-side
``SoundBank`` that plays them, silently when no audio device is available.

Importing this package initialises nothing; call ``SoundBank.start()`` once pygame is up.
"""

from sounds.bank import SoundBank
from sounds.synth import NAMES, synthesise

__all__ = ["NAMES", "SoundBank", "synthesise"]
