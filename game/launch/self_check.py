"""`--self-check`: is this copy of the game whole? Run by the frozen build's test and
by anyone who wants to know whether a build works on their machine.

It opens the window on the menu (headless with SDL_VIDEODRIVER=dummy), checks that the
gamepad support (SDL's game controllers) loaded, runs the games' own checks (Xoliba's:
its solitaire levels load), checks that LAN discovery's library (zeroconf) loaded and reads
a made-up service (no network), checks that the user's config and data folders can be written, and
plays a few moves of every game against the computer, whose moves come from the worker
process (a frozen app must restart itself as that process). The games are played in a
temporary folder, so the player's saves and statistics are never touched. One line per
check; exit code 0 when every check passed."""
from __future__ import annotations

import os
import random
import tempfile
import time

FRAME = 1 / 60
COMPUTER_MOVES = 2                  # per game
TIMEOUT = 60.0                      # seconds for one game's moves


class CheckFailed(Exception):
    """A check that did not pass: the message says what was wrong."""


def run() -> int:
    from game.core import storage

    folders = (storage.config_dir(), storage.data_dir())     # the player's own
    checks = [("user folders", lambda: check_folders(storage, folders))]
    real_home = os.environ.get(storage.HOME_OVERRIDE)
    with tempfile.TemporaryDirectory(prefix="little-abstracts-check-") as home:
        os.environ[storage.HOME_OVERRIDE] = home      # the games below are not the player's
        try:
            checks += game_checks() + [("LAN discovery", check_discovery),
                                       ("menu and games", check_games)]
            failed = 0
            for name, check in checks:
                try:
                    print(f"ok    {name}: {check()}", flush=True)
                except CheckFailed as error:
                    failed += 1
                    print(f"FAIL  {name}: {error}", flush=True)
                except Exception as error:   # each failure is reported
                    failed += 1
                    print(f"FAIL  {name}: {type(error).__name__}: {error}", flush=True)
        finally:
            if real_home is None:
                os.environ.pop(storage.HOME_OVERRIDE, None)
            else:
                os.environ[storage.HOME_OVERRIDE] = real_home
    print("self-check passed" if not failed else f"self-check FAILED ({failed} of "
          f"{len(checks)})", flush=True)
    return 0 if not failed else 1


def check_folders(storage, folders) -> str:
    """The folders the player's settings and saves go to can be written (a probe file,
    written atomically and removed; nothing of theirs is read or changed)."""
    for folder in folders:
        probe = folder / ".self-check"
        storage.atomic_write_text(probe, "written by --self-check\n")
        probe.unlink()
    return "writable: " + ", ".join(str(folder) for folder in folders)


def game_checks() -> list:
    """(name, check) of the games' own checks (their records' `self_checks`, such as
    Xoliba's levels): each returns its line, and raises ValueError saying what failed."""
    import game.rules
    return [(name, _game_check(reference)) for spec in game.rules.in_order()
            for name, reference in spec.self_checks]


def _game_check(reference: str):
    def check() -> str:
        from game.core.registry import load_reference
        try:
            return load_reference(reference)()
        except ValueError as error:
            raise CheckFailed(str(error)) from None
    return check


def check_discovery() -> str:
    """zeroconf loaded whole (its modules are compiled: a build may miss one), and a
    service as a host announces it reads back; nothing is sent or listened to."""
    from game.net import discovery
    if discovery.Zeroconf is None:
        raise CheckFailed(discovery.NOT_INSTALLED)
    import zeroconf

    import game.rules
    name = game.rules.names()[0]
    info = zeroconf.ServiceInfo(
        discovery.SERVICE_TYPE, f"check.{discovery.SERVICE_TYPE}", port=4242,
        properties={"v": discovery.VERSION, "game": name, "name": "Ada"},
        parsed_addresses=["127.0.0.1"])
    found = discovery.read_service(zeroconf.ServiceInfo(
        info.type, info.name, port=info.port, properties=info.text,
        addresses=info.addresses_by_version(zeroconf.IPVersion.All)))
    if found != discovery.HostedGame("Ada", name, "127.0.0.1", 4242):
        raise CheckFailed(f"a service read back as {found}")
    return f"zeroconf {zeroconf.__version__} loaded"


def check_games() -> str:
    import pygame

    import game.rules
    from game.app import App
    from game.services.saves import Seat
    from game.scenes.play import PlayScene
    from game.services.settings import load_settings

    settings, _ = load_settings()
    settings.computer_speed = "instant"
    settings.animation_speed = "off"
    app = App(settings=settings)
    try:
        from game.ui import input as inp
        if inp.sdl_controller is None or not pygame.joystick.get_init():
            raise CheckFailed("gamepad support (SDL's game controllers) did not load")
        pads = f"gamepad support loaded, {pygame.joystick.get_count()} connected"
        app.open("menu")
        app.step(0.0)
        pygame.display.flip()
        worker_pids = set()
        played = []
        for name in game.rules.names():
            spec = game.rules.get(name)
            state = spec.new_game(seed=7, options=spec.demo_options)
            play = PlayScene(app, state, [Seat("human", None),
                                          Seat("computer", spec.ai_levels[0])])
            app.push(play)
            moves = play_against_computer(app, play, random.Random(7))
            pid = app.worker._process.pid if app.worker._process is not None else None
            if pid is None or pid == os.getpid():
                raise CheckFailed(f"{spec.title}: the computer did not move in its worker")
            worker_pids.add(pid)
            played.append(f"{spec.title} {moves}")
            app.home()
        return (f"menu shown ({app.size[0]}x{app.size[1]}); {pads}; computer moves "
                f"through the worker process: " + ", ".join(played))
    finally:
        app.shutdown()


def play_against_computer(app, play, rng) -> int:
    """Random moves for the human (seat 0) until the computer has moved COMPUTER_MOVES
    times; the number of moves the computer made."""
    session = play.session
    start = time.monotonic()
    computer_moves = 0
    while computer_moves < COMPUTER_MOVES and not session.state.is_over:
        if time.monotonic() - start > TIMEOUT:
            raise CheckFailed(f"{session.state.spec.title}: the computer did not answer "
                              f"within {TIMEOUT:.0f} s")
        if session.ai_error:
            raise CheckFailed(f"{session.state.spec.title}: {session.ai_error}")
        before = len(session.state.history)
        # A move of seat 1 that was neither a roll nor a forced pass came from the worker.
        searched = session.state.to_play == 1 and not session.state.is_chance \
            and not session.must_pass
        if play.human_may_move and not session.must_pass:
            state = session.state
            move = state.copy().sample_chance() if state.is_chance \
                else rng.choice(state.legal_moves())
            play.play_move(move)
        app.step(FRAME)
        if searched and len(session.state.history) > before:
            computer_moves += 1
        time.sleep(0.002)
    return computer_moves
