"""Shared test set-up: headless SDL, an importable project root, a private app home for
every test, and the headless apps every screen test drives (the `make_app` and `app`
fixtures).

The suite runs in several processes at once (pytest-xdist, pyproject.toml's addopts):
nothing here or in a test may share a file, a folder or a port with another test."""
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")     # once per worker process

# Never the player's own folders, and never one shared with another test process: until
# a test's own home (below) is set, LITTLE_ABSTRACTS_HOME is a folder of this process.
_PROCESS_HOME = tempfile.mkdtemp(prefix="little-abstracts-tests-")
os.environ["LITTLE_ABSTRACTS_HOME"] = _PROCESS_HOME
atexit.register(shutil.rmtree, _PROCESS_HOME, ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Imported only now, with the drivers chosen and the project root on sys.path.
import pygame
import pytest

import sounds.bank as sound_bank
from game.app import App
from game.scenes.menu import MenuScene
from game.ui.text import reset_fonts
from scene_driver import step
from sounds.synth import synthesise


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Every test starts with an empty home of its own (settings, saves, records): what
    one test leaves there cannot reach another, whatever ran before it and wherever."""
    monkeypatch.setenv("LITTLE_ABSTRACTS_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _live_games_on_loopback(monkeypatch):
    """A game hosted by any test (the monkey may press Host) listens on 127.0.0.1 only,
    on a free port of its own, and is not announced on the network (multicast); the
    Join screen looks for hosted games on the loopback interface only."""
    from game.net import discovery, live_session
    monkeypatch.setattr(live_session, "BIND_ADDRESS", "127.0.0.1")
    monkeypatch.setattr(live_session, "DEFAULT_PORT", 0)
    monkeypatch.setattr(live_session, "ANNOUNCE", False)
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


@pytest.fixture(autouse=True)
def _pygame_as_every_test_finds_it():
    """Every test finds pygame started and the text caches valid, whatever ran before it
    in its process: an App's shutdown quits pygame, and the fonts cached before die
    with it ("font module quit since font created")."""
    if not (pygame.get_init() and pygame.font.get_init()):
        pygame.init()
        reset_fonts()


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


# The modules that take longest (CPU seconds in a run on the 2-core test machine: 58, 48,
# 43, 40, 34, 32, 31, 22, 16; the whole suite about 565), handed to the workers first so
# that they finish together: with these last (xdist's default order, by number of tests)
# one worker ran on alone for minutes. A module missing here costs only balance.
LONGEST_FIRST = ("test_monkey.py", "test_memory.py", "test_frozen.py", "test_screens_fit.py",
                 "test_xtic_ai.py", "test_playouts.py", "test_scenes.py", "test_replay.py",
                 "test_computer.py")


def pytest_collection_modifyitems(items):
    """The longest modules first (pyproject.toml: --dist loadfile --no-loadscope-reorder
    keeps this order); the others, and every module's own tests, keep theirs."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def pytest_collection_finish(session):
    """What importing the tests made lives for the whole run: out of the garbage
    collector's sight (as the app does after its first frame, App.freeze_startup_objects),
    so the full collection at each change of screen scans only what the tests made."""
    import gc
    gc.collect()
    gc.freeze()
