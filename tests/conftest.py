"""Shared test set-up: headless SDL, an importable project root, and a private app home."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture
def app_home(tmp_path, monkeypatch):
    """Point LITTLE_ABSTRACTS_HOME at a fresh temporary folder and return it."""
    monkeypatch.setenv("LITTLE_ABSTRACTS_HOME", str(tmp_path))
    return tmp_path


def pytest_collection_finish(session):
    """What importing the tests made lives for the whole run: out of the garbage
    collector's sight (as the app does after its first frame, App.freeze_startup_objects),
    so the full collection at each change of screen scans only what the tests made."""
    import gc
    gc.collect()
    gc.freeze()
