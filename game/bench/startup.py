"""`python -m game.bench startup`: seconds from launching `python -m game` to the first
menu frame on screen, over several launches (one warm-up launch first, not counted, so
the bytecode caches are written). Each launch is a fresh process: the interpreter, the
imports, the window, the settings, the sound synthesis, the gamepads and the first
frame are all in the figure.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 1.0                    # seconds, launch to menu
SYNTH_TARGET = 0.3              # seconds, every sound synthesised (effects and music)


def add_arguments(parser) -> None:
    parser.add_argument("--runs", type=int, default=9, help="launches measured")


def launch_seconds(env: dict) -> float:
    started = time.time()
    done = subprocess.run([sys.executable, "-m", "game", "--time-to-menu"], env=env,
                          capture_output=True, text=True, timeout=60)
    for line in done.stdout.splitlines():
        if line.startswith("menu shown at "):
            return float(line.split()[-1]) - started
    raise RuntimeError(f"the game did not report its menu: {done.stderr.strip()[-400:]}")


def run(args) -> int:
    env = dict(os.environ)
    if sys.platform.startswith("linux") and not env.get("DISPLAY") \
            and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")      # no screen: measure headless
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["LITTLE_ABSTRACTS_HOME"] = tempfile.mkdtemp(prefix="bench-startup-")
    launch_seconds(env)                                 # warm-up
    times = [launch_seconds(env) for _ in range(args.runs)]
    median, worst = statistics.median(times), max(times)
    print(f"Start-up, launch to the first menu frame, over {args.runs} launches "
          f"(video driver {env.get('SDL_VIDEODRIVER', 'default')}): median {median:.3f} s, "
          f"min {min(times):.3f} s, max {worst:.3f} s")
    from sounds import synth
    runs = [synth.synthesis_seconds(44100) for _ in range(args.runs)]
    effects = statistics.median(r["effects"] for r in runs)
    music = statistics.median(r["music"] for r in runs)
    print(f"Sound synthesis at 44.1 kHz, median of {args.runs}: effects {effects:.3f} s "
          f"(at every start), music loop {music:.3f} s (once it is turned on)")
    verdicts = [(f"median {median:.3f} s <= {TARGET} s to the menu", median <= TARGET),
                (f"all synthesis {effects + music:.3f} s <= {SYNTH_TARGET} s",
                 effects + music <= SYNTH_TARGET)]
    print("\nTargets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1
