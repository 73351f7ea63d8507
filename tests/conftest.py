"""Shared test set-up: headless SDL, an importable project root, a private app home, and
the headless apps every screen test drives (the `make_app` and `app` fixtures)."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Imported only now, with the drivers chosen and the project root on sys.path.
import pytest

import sounds.bank as sound_bank
from game.app import App
from game.scenes.menu import MenuScene
from scene_driver import step
from sounds.synth import synthesise


@pytest.fixture
def app_home(tmp_path, monkeypatch):
    """Point LITTLE_ABSTRACTS_HOME at a fresh temporary folder and return it."""
    monkeypatch.setenv("LITTLE_ABSTRACTS_HOME", str(tmp_path))
    return tmp_path


_WAVES: dict = {}


def _synthesise_once(sample_rate):
    """The sound effects are the same every time: build them once for the whole run."""
    if sample_rate not in _WAVES:
        _WAVES[sample_rate] = synthesise(sample_rate)
    return _WAVES[sample_rate]


@pytest.fixture
def make_app(app_home, monkeypatch):
    """Builds headless apps showing the menu; every one is shut down at the end."""
    monkeypatch.setattr(sound_bank, "synthesise", _synthesise_once)
    apps = []

    def make(settings=None, size=None):
        kwargs = {"headless": True, "settings": settings}
        if size is not None:
            kwargs["size"] = size
        app = App(**kwargs)
        apps.append(app)
        app.push(MenuScene(app))
        step(app, frames=2)
        return app

    yield make
    for app in reversed(apps):
        app.shutdown()


@pytest.fixture
def app(make_app):
    """One headless app showing the menu."""
    return make_app()


def pytest_collection_finish(session):
    """What importing the tests made lives for the whole run: out of the garbage
    collector's sight (as the app does after its first frame, App.freeze_startup_objects),
    so the full collection at each change of screen scans only what the tests made."""
    import gc
    gc.collect()
    gc.freeze()
