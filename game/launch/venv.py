"""`python3 -m game` and `python3 -m game.bench` from a Python without the game's
libraries (the system's python3) run themselves again with the project's `.venv`, the
environment `python3 play.py` sets up. Standard library only."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = ("pygame", "pygame_gui", "numpy")


def venv_python() -> Path:
    if os.name == "nt":
        return ROOT / ".venv" / "Scripts" / "python.exe"
    return ROOT / ".venv" / "bin" / "python"


def run_with_libraries(module: str) -> None:
    """Return when this Python has the libraries; else run `python -m module ARGS` with
    .venv's Python and exit with its code, or exit with what to do."""
    if all(importlib.util.find_spec(name) is not None for name in LIBRARIES):
        return
    python = venv_python()
    in_venv = Path(sys.prefix).resolve() == (ROOT / ".venv").resolve()
    if python.exists() and not in_venv:
        sys.exit(subprocess.call([str(python), "-m", module, *sys.argv[1:]], cwd=ROOT))
    sys.exit(f"python -m {module} needs pygame-ce, pygame-gui and numpy, which this Python "
             f"({sys.executable}) does not have: run `python3 play.py` once, which sets "
             f"up .venv (the benchmarks: `python3 play.py bench ...`).")
