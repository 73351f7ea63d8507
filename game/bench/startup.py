"""`python -m game.bench startup`: seconds from launching `python -m game` to the first
menu frame on screen, over several launches (one warm-up launch first, not counted, so
the bytecode caches are written). Each launch is a fresh process: the interpreter, the
imports, the window, the settings, the sound synthesis, the gamepads and the first
frame are all in the figure.

Two source rows: the game module itself, and `python3 play.py` as a player starts it
(the launcher's check of .venv included). `--frozen FOLDER` (default with no folder:
dist/little-abstracts, made by `python3 play.py build`) also launches the standalone
app. The rows alternate launch by launch, so all meet the same machine load.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 1.0                    # seconds, launch to menu
SYNTH_TARGET = 0.3              # seconds, every sound synthesised (effects and music)


SOURCE = [sys.executable, "-m", "game"]
ROOT = Path(__file__).resolve().parents[2]
# What a player runs: the launcher, under the system's python3, checking .venv first.
LAUNCHER = [shutil.which("python3") or sys.executable, str(ROOT / "play.py")]
DEFAULT_FROZEN = ROOT / "dist" / "little-abstracts"


def add_arguments(parser) -> None:
    parser.add_argument("--runs", type=int, default=9, help="launches measured")
    parser.add_argument("--frozen", nargs="?", const=DEFAULT_FROZEN, type=Path, default=None,
                        metavar="FOLDER", help="also time the standalone app in FOLDER "
                        f"(default {DEFAULT_FROZEN}), alternating with the source run")


def launch_seconds(env: dict, command=SOURCE) -> float:
    started = time.time()
    done = subprocess.run([*command, "--time-to-menu"], env=env,
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
    commands = {"source (python -m game)": SOURCE, "source (python3 play.py)": LAUNCHER}
    if args.frozen is not None:
        from game.tools.build import program
        frozen = program(args.frozen)
        if not frozen.exists():
            print(f"No standalone app at {frozen}: make it with `python3 play.py build`.")
            return 1
        commands["standalone app"] = [str(frozen)]
    for command in commands.values():
        launch_seconds(env, command)                    # warm-up
    times = {name: [] for name in commands}
    for _ in range(args.runs):                          # alternating: the same load for each
        for name, command in commands.items():
            times[name].append(launch_seconds(env, command))
    print(f"Start-up, launch to the first menu frame, over {args.runs} launches each "
          f"(video driver {env.get('SDL_VIDEODRIVER', 'default')}):")
    for name, values in times.items():
        print(f"  {name:25} median {statistics.median(values):.3f} s, "
              f"min {min(values):.3f} s, max {max(values):.3f} s")
    median = max(statistics.median(values) for values in times.values())
    from sounds import synth
    runs = [synth.synthesis_seconds(44100) for _ in range(args.runs)]
    effects = statistics.median(r["effects"] for r in runs)
    music = statistics.median(r["music"] for r in runs)
    print(f"Sound synthesis at 44.1 kHz, median of {args.runs}: effects {effects:.3f} s "
          f"(at every start), music loop {music:.3f} s (once it is turned on)")
    verdicts = [(f"median {median:.3f} s <= {TARGET} s to the menu (the slower)",
                 median <= TARGET),
                (f"all synthesis {effects + music:.3f} s <= {SYNTH_TARGET} s",
                 effects + music <= SYNTH_TARGET)]
    print("\nTargets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1
