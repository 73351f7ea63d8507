"""Procedural sound effects and music: numpy synthesis (``synthesise``,
``synthesise_music``, ``synthesis_seconds``) and the pygame-side ``SoundBank`` that plays
them, silently when no audio device is available.

Importing this package initialises nothing; call ``SoundBank.start()`` once pygame is up.
"""

from sounds.bank import SoundBank
from sounds.synth import NAMES, synthesise, synthesise_music, synthesis_seconds

__all__ = ["NAMES", "SoundBank", "synthesise", "synthesise_music", "synthesis_seconds"]
