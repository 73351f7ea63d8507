"""Screenshots of the screens, for docs/screens/ and for looking at a change:
`python -m game.tools.screens OUT [--prefix after_] [--size 1280x720] [names...]`.

Each screen is opened headless (SDL's dummy drivers) in a fresh, private data folder,
from a fixed position (a seeded game a dozen moves in, a whole seeded game for a results
card), left to settle for a second of frames and saved as OUT/<prefix><name>.png.
Without names, every screen below is saved.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import game.rules

GAMES = tuple(spec.name for spec in game.rules.in_order())
# A screen is named <kind> or <kind>_<game>; the games' records add screens of their own.
SCREENS = ("menu", "settings", "stats", "puzzles", "solitaire", "puzzle", "demo", "confirm",
           "games", "host", "join", "joinlist", "live", "liverequest", "livedrop", "liveheld",
           "liveask3", "livemoved", "livefollow",
           *(f"{kind}_{name}" for kind in ("puzzle", "solved") for name in GAMES),
           *(name for spec in game.rules.in_order() for name in spec.screenshots),
           *(f"{kind}_{name}" for kind in ("setup", "play", "pause", "results", "replay",
                                           "rules", "tutorial") for name in GAMES),
           # By correspondence: the invitation, a code to send, a code refused, a game
           # waiting for the friend's code, the games going on in the Games screen.
           "invite", "send", "paste", "correspondence", "pending")


def _played(spec, moves: int | None):
    """A seeded game of `spec`, `moves` random moves in (None: to its end)."""
    state = spec.new_game(seed=4, options=spec.demo_options)
    rng = random.Random(4)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice(state.legal_moves()))
    return state


def _some_statistics():
    """Finished games of every game against each computer level, and against friends on
    the network and by correspondence (the table's rows)."""
    from game.services.saves import Seat
    from game.core.state import Outcome
    from game.services.stats import Stats
    stats = Stats()
    rng = random.Random(7)
    for spec in game.rules.all_specs():
        for level in spec.ai_levels:
            seats = [Seat("human", None)] + [Seat("computer", level)] * \
                (len(spec.seats_for({})) - 1)
            for _ in range(rng.randint(1, 5)):
                winner = rng.choice([None] + list(range(len(seats))))
                stats.record_game(spec.name, seats, Outcome(winner, (), "shown"))
        # A friend played live, and one by correspondence: counted by name.
        if len(spec.seats_for({})) == 2:
            for friend in (Seat("remote", None, "Bob"), Seat("remote", None, "Bo", by_code=True)):
                for winner in (0, 1, 1):
                    stats.record_game(spec.name, [Seat("human", None), friend],
                                      Outcome(winner, (), "shown"))
    return stats


def _record(spec, moves: int | None = None) -> str:
    """A record of a seeded game of `spec`, as a kept game's."""
    import game.records
    from game.records.kept_games import record_headers
    state = _played(spec, moves)
    names = ["You", f"Computer ({spec.ai_levels[0]})", "Computer 2"][:len(
        spec.seats_for(state.options))]
    return game.records.dumps(state, record_headers(state, names, now=1_764_000_000))


def _kept_games() -> None:
    """A kept record of each game, and a file that is no record."""
    from game.records import kept_games
    from game.core import storage
    folder = kept_games.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for number, spec in enumerate(game.rules.all_specs()):
        storage.atomic_write_text(folder / f"2026112{number}-1000{number}-{spec.name}.txt",
                                  _record(spec))
    storage.atomic_write_text(folder / "notes.txt", "not a record\n")


def _replay(app, spec, index: int, analyse: bool = False) -> None:
    import time
    app.open("replay", _record(spec), analyse)
    deadline = time.monotonic() + 180
    while app.scene.analysing and time.monotonic() < deadline:
        app.step(1 / 60, [])
        time.sleep(0.02)
    app.scene.go_to(min(index, app.scene.total - 1))


def _solve(app, scene, most_frames: int = 3000) -> None:
    """Play the puzzle's accepted moves (the defence replying) until it is solved."""
    for _ in range(most_frames):
        if scene.solved:
            return
        follow = scene.line.follow(scene.state)
        if follow is not None and follow.accepted and scene.human_may_move:
            scene.play_move(scene.state.parse_move(follow.accepted[0]))
        app.step(1 / 30, [])
        time.sleep(0.002)           # the line's thread works meanwhile
    raise RuntimeError(f"{scene.puzzle.id} was not solved")


def _correspondence(game_name: str, moves: int):
    """A correspondence game with "Bo" (kept in a folder beside this one), at my turn
    once it is `moves` moves in: my side of it, as kept here (None if it ended
    before)."""
    from game.core import storage
    from game.net import correspondence as cc
    homes = [os.environ[storage.HOME_OVERRIDE]]
    homes.append(homes[0] + "-friend")
    shutil.rmtree(homes[1], ignore_errors=True)
    rng = random.Random(4)

    def at(side: int):
        os.environ[storage.HOME_OVERRIDE] = homes[side]

    at(0)
    corr = cc.invite(game_name, None, "Ada", 0)
    code = corr.make_code()
    at(1)
    code = cc.accept(code, "Bo").make_code()
    reader = 0
    while True:
        at(reader)
        corr = cc.load(corr.id)
        corr.read_code(code)
        if corr.state.is_over:
            return None
        if reader == 0 and len(corr.state.history) >= moves:
            return corr
        corr.play_turn(rng.choice)
        code = corr.make_code()
        reader = 1 - reader


def _correspondence_in(moves: int, chance: bool = False, my_move: bool = False):
    """The first game (of those with chance steps, if `chance`) whose correspondence
    game reaches `moves` moves at my turn (and, if `my_move`, goes on after my move,
    played): my side of it."""
    from game.net.correspondence import uses_chance
    for name in GAMES:
        if not chance or uses_chance(game.rules.get(name)):
            corr = _correspondence(name, moves)
            if corr is not None and my_move:
                _my_move(corr)
            if corr is not None and not corr.state.is_over:
                return corr
    raise RuntimeError(f"no correspondence game reached {moves} moves")


def _my_move(corr):
    """My turn played (the first move listed) in the game kept here."""
    corr.play_turn(lambda moves: moves[0])


class _ShownGames:
    """Hosted games as game/net/discovery.py's Browser lists them (made up: the
    screenshots never look at the network)."""
    error = ""

    def start(self) -> None:
        pass

    def games(self) -> list:
        from types import SimpleNamespace
        return [SimpleNamespace(name="Ann", game=GAMES[0], address="192.168.1.20",
                                port=47213),
                SimpleNamespace(name="Cy", game=GAMES[-1], address="192.168.1.31",
                                port=47213)]

    def close(self) -> None:
        pass


def _seatings(spec) -> list:
    """Each value of the setup options that changes the number of seats, as options."""
    found = [{}]
    for option in spec.options:
        if option.in_setup:
            found += [{option.name: value} for value in option.values
                      if spec.seats_for({option.name: value}) != spec.seats_for({})]
    return found


def _live(app, kind: str, spec=None) -> None:
    """A live game of `spec` (by default the last game) hosted here over 127.0.0.1, Bob's
    side played in this process: a dozen moves in; then Bob asks for a take-back, or his
    connection is cut."""
    import socket
    from game.net import live, live_session
    from game.services.saves import Seat
    from game.testing.positions import keeping_move
    live_session.stay_on_this_machine()
    app.settings.player_name = "Ann"
    spec = spec or game.rules.get(GAMES[-1])
    app.open("host", spec.new_game(seed=4), [Seat("human", None), Seat("remote", None)])
    hosting = app.scene
    bob = live.LiveGame.join(live.connect("127.0.0.1", hosting.link.port), "Bob")
    rng = random.Random(4)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        bob.update()
        app.step(1 / 60, [])
        time.sleep(0.002)
        scene = app.scene
        if scene is hosting or bob.state is None:
            continue
        if len(scene.state.history) >= 12 and len(bob.state.history) == 12:
            break
        state = bob.state
        # Ann's move once checked, or the roll both secrets give
        theirs = bob.roll(state) if state.is_chance else bob.take(state)
        if theirs is not None:
            state.play(theirs)
        elif len(state.history) < 12 and state.to_play in bob.local_seats \
                and not state.is_over and not state.is_chance:
            state.play(keeping_move(state, rng) or rng.choice(state.legal_moves()))
        elif scene.human_may_move and len(scene.state.history) < 12:
            scene.play_move(keeping_move(scene.state, rng)
                            or rng.choice(scene.state.legal_moves()))
    if kind == "liverequest":
        bob.request("takeback")
    elif kind == "livedrop":
        bob.network.link._sock.shutdown(socket.SHUT_RDWR)
    for _ in range(30):
        bob.update()
        app.step(1 / 60, [])
        time.sleep(0.005)


def _live_held(app, kind: str = "liveheld") -> None:
    """Bob's side of a game for three (the game with the most seats) hosted by Ann over
    127.0.0.1 (Ann's and Cy's games played in this process, no screen), once Cy's
    connection is cut: paused for all ("liveheld"); or once Cy offers to end the game,
    which Ann accepted: Bob is asked ("liveask3")."""
    import socket
    from game.net import live, live_session
    live_session.stay_on_this_machine()
    app.settings.player_name = "Bob"
    state = max((spec.new_game(seed=4, options={**spec.demo_options, **options})
                 for spec in game.rules.in_order() for options in _seatings(spec)),
                key=lambda state: len(state.spec.seats_for(state.options)))
    host = live.Host(0, "127.0.0.1", guests=len(state.spec.seats_for(state.options)) - 1)
    ann = live.LiveGame.host(host, "Ann", state, {0})
    app.open("join")
    app.scene.join_now("127.0.0.1", host.port, "Ann")
    cy = live.LiveGame.join(live.connect("127.0.0.1", host.port), "Cy")
    deadline = time.monotonic() + 10
    cut = False
    while time.monotonic() < deadline:
        ann.update()
        cy.update()
        app.step(1 / 60, [])
        time.sleep(0.002)
        link = getattr(app.scene, "link", None)
        if cut and kind == "liveask3" and ann.requests:
            ann.answer(next(iter(ann.requests)), True)
        if type(app.scene).__name__ == "ConfirmScene":
            break                       # Bob is asked
        if type(app.scene).__name__ != "LivePlayScene":
            continue
        if not cut and not link.waiting and kind == "liveask3":
            cy.request("offer_end")
            cut = True
        elif not cut and not link.waiting:
            cy.network.link._sock.shutdown(socket.SHUT_RDWR)
            cut = True
        elif cut and link.held_by_host:
            break
    for _ in range(30):
        ann.update()
        app.step(1 / 60, [])
        time.sleep(0.005)


def _live_moved(app) -> None:
    """Ann's game (of the last game) come back through Continue with its port taken by another
    program (a listener of this process on 127.0.0.1): Bob must join on the new port."""
    import socket
    from game.net import live_session
    from game.services.saves import Seat
    live_session.stay_on_this_machine()
    app.settings.player_name = "Ann"
    taken = socket.create_server(("127.0.0.1", 0))
    try:
        state = _played(game.rules.get(GAMES[-1]), 6)
        play = live_session.LivePlay.hosting(
            state, [Seat("human", None), Seat("remote", None, "Bob")], "Ann",
            taken.getsockname()[1], "127.0.0.1")
    finally:
        taken.close()
    app.open("live_play", play)


def _live_follow(app) -> None:
    """Bob's side of a game (of the last game) whose host, Ann, left and came back on
    another port (hers taken by a listener of this process): Ann's game announced on the
    loopback interface only, and found there by Bob's app, which reconnects to it. Ann's
    side is played in this process, no screen, and stops answering once Bob found her."""
    import socket
    from game.net import live_session
    from game.services.saves import Seat
    live_session.stay_on_this_machine()
    live_session.ANNOUNCE = True            # over 127.0.0.1 only (stay_on_this_machine)
    app.settings.player_name = "Bob"
    played = _played(game.rules.get(GAMES[-1]), 6)
    ann_seats = [Seat("human", None), Seat("remote", None, "Bob")]
    ann = live_session.LivePlay.hosting(played.copy(), ann_seats, "Ann", 0, "127.0.0.1",
                                        deal=False)
    bob = live_session.LivePlay.joining("127.0.0.1", ann.port, "Bob", played.copy(), 1)
    bob.seats = [Seat("remote", None, "Ann"), Seat("human", None)]
    deadline = time.monotonic() + 10
    while (ann.waiting or bob.waiting) and time.monotonic() < deadline:
        ann.update(1 / 60)
        bob.update(1 / 60)
        time.sleep(0.002)
    app.open("live_play", bob)
    old_port = ann.port
    ann.close("Ann left the game")
    taken = socket.create_server(("127.0.0.1", old_port))     # another program's, now
    back = live_session.LivePlay.hosting(played.copy(), ann_seats, "Ann", old_port,
                                         "127.0.0.1", deal=False)
    app.scene.kept_for_the_screenshot = (taken, back)   # open until the process ends
    deadline = time.monotonic() + 10
    while bob.found_at is None and time.monotonic() < deadline:
        back.update(1 / 60)                 # announced again, with its new port
        app.step(1 / 60, [])
        time.sleep(0.01)


def open_screen(app, name: str) -> None:
    from game.services.saves import Seat
    kind, _, game_name = name.partition("_")
    spec = game.rules.get(game_name) if game_name else next(
        (spec for spec in game.rules.in_order() if name in spec.screenshots), None)
    human = Seat("human", None)
    if kind == "settings":
        app.open("settings")
    elif kind == "stats":
        from game.services.stats import save_stats
        save_stats(_some_statistics())
        app.open("stats")
    elif kind == "puzzles":
        app.open("puzzles")
    elif kind == "solitaire":
        app.open("solitaire")
    elif kind == "puzzle" and spec is None:         # a solitaire level
        app.open("solitaire")
        app.scene.open_level(0)
    elif kind in ("puzzle", "solved"):              # a game's first puzzle (solved)
        from game.puzzles import load_set
        from game.puzzles.progress import load_progress
        app.open("puzzle_play", load_set(spec.name)[0][0], load_progress()[0])
        if kind == "solved":
            _solve(app, app.scene)
    elif kind == "demo":
        app.open("demo")
    elif kind == "host":
        from game.net import live_session
        # Nothing listens beyond this machine, nothing is announced on the network.
        live_session.stay_on_this_machine()
        app.settings.player_name = "Ann"
        # The game with the most seats, every other seat a player who joins.
        state = max((spec.new_game(options={**spec.demo_options, **options})
                     for spec in game.rules.in_order() for options in _seatings(spec)),
                    key=lambda state: len(state.spec.seats_for(state.options)))
        count = len(state.spec.seats_for(state.options))
        app.open("host", state, [human] + [Seat("remote", None) for _ in range(count - 1)])
    elif kind == "join":
        app.open("join")            # without a list of hosted games: this copy's
    elif kind == "joinlist":
        app.open("join", _ShownGames())
    elif kind in ("live", "liverequest", "livedrop"):
        _live(app, kind, game.rules.get(game_name) if game_name else None)
    elif kind in ("liveheld", "liveask3"):
        _live_held(app, kind)
    elif kind == "livemoved":
        _live_moved(app)
    elif kind == "livefollow":
        _live_follow(app)
    elif kind == "setup":
        app.open("setup", spec)
    elif kind == "rules":
        app.open("rules", spec, 1)
    elif kind == "tutorial":
        app.open("tutorial", spec)
    elif kind == "play":
        app.open("play", _played(spec, 12), [human, Seat("computer", spec.ai_levels[0])])
    elif kind == "pause":
        app.open("play", _played(spec, 12), [human, human])
        app.scene.pause()
    elif kind == "results":
        app.open("play", _played(spec, None), [human, Seat("computer", spec.ai_levels[0])])
        app.open("results", app.scene)
    elif kind == "confirm":
        app.open("stats")
        app.scene.ask_reset()
    elif kind == "games":
        from game.records import record_files
        _kept_games()
        app.open("games")
        record_files.checker.wait()     # every record checked, not "checking…"
    elif kind in ("replay", "analysis"):
        _replay(app, spec, 10, analyse=kind == "analysis")
    elif kind == "export":
        _replay(app, spec, 6)
        app.scene.export()
    elif kind == "branch":
        _replay(app, spec, 5)
        app.scene.play_from_here()
    elif kind == "invite":
        spec = game.rules.get(GAMES[-1])
        app.open("mail_invite", spec, {option.name: option.default for option in spec.options})
    elif kind == "send":
        corr = _correspondence_in(10, chance=True, my_move=True)
        app.open("mail_send", corr, corr.make_code(), None)
    elif kind == "paste":
        app.open("mail_paste")
        app.scene.read("LA1-AA-MFRGG-ZDFMZ-TGQ4D")
    elif kind == "correspondence":
        corr = _correspondence_in(12, my_move=True)
        corr.make_code()
        app.open("mail_play", corr)
    elif kind == "pending":
        _correspondence_in(6, chance=True)
        _correspondence_in(2, my_move=True)
        app.open("games")
    elif kind != "menu":
        raise SystemExit(f"unknown screen {name!r}: one of {', '.join(SCREENS)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.screens")
    parser.add_argument("out", type=Path)
    parser.add_argument("names", nargs="*", default=list(SCREENS))
    parser.add_argument("--prefix", default="")
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_intermixed_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # A fresh data folder at a fixed place, so that screens naming it compare equal.
    home = Path(tempfile.gettempdir()) / "little-abstracts-screens"
    shutil.rmtree(home, ignore_errors=True)
    os.environ["LITTLE_ABSTRACTS_HOME"] = str(home)
    import pygame

    from game.app import App
    from game.scenes.menu import MenuScene
    width, height = (int(part) for part in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(headless=True, size=(width, height))
    try:
        app.push(MenuScene(app))
        for name in args.names:
            app.home()
            app.step(1 / 60, [])
            open_screen(app, name)
            for _ in range(60):
                app.step(1 / 60, [])
            app.draw(app.window)
            path = args.out / f"{args.prefix}{name}.png"
            pygame.image.save(app.window, str(path))
            print(path)
    finally:
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
