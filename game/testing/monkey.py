"""The monkey: a seeded stream of random input thrown at the whole app (its command line is
`python -m game.bench monkey`, game/bench/monkey.py).

Mouse moves, clicks and drags at random places (half of them aimed at the buttons on
screen), wheel turns, keys, gamepad buttons and sticks, window resizes, focus lost and
regained, gamepads plugged in and pulled out, and pauses of a few seconds in which the
computer plays. The stream is cut into episodes; each starts from the next of the
start points (every scene of every registered game, with each number of players its
options allow, each game's own menu entries and screens such as Xoliba's puzzles (its
record's `monkey`), the settings, ...; see start_points), and from there the random input
goes wherever it leads.

What counts as surviving:
- no exception anywhere (the first one stops the run with the seed, the action number
  and the last actions, so it can be replayed);
- no frozen scene: an episode must end within the watchdog's time (else Python prints
  where it hangs and exits), and a game whose computer is to move must get its move (or
  report the computer's failure) once it is left alone;
- nothing lost: every game on the stack replays from its own saved text, the settings
  and the suspended game always read back without a message, and no file was put aside;
- leaving a game (a new start point, quitting) never leaves a search running.

The test suite runs a short stream (tests/test_monkey.py); the full one is
`python -m game.bench monkey --actions 50000`.
"""
from __future__ import annotations

import faulthandler
import random
import time
from collections import Counter, deque
from functools import partial

from game.testing import events
from game.testing.events import FakePad

EPISODE_ACTIONS = 60                # actions per episode before the next start point
WATCHDOG_SECONDS = 300              # one episode takes seconds; longer means a hang
COMPUTER_MOVE_SECONDS = 60          # left alone, the computer must move within this
FAKE_DEVICE_INDEX = 1000            # device indices from here on are FakePads


class MonkeyFailure(AssertionError):
    """The app crashed, froze or lost something; the message says when and after what."""


# --- where episodes start ---------------------------------------------------------------
def _random_game(name: str, seed: int, moves: int, options=None):
    import game.rules
    state = game.rules.get(name).new_game(seed=seed, options=options or {})
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        if state.is_chance:
            state.sample_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def _play(app, name, seats, seed, moves=0, options=None):
    from game.services.match import Match
    from game.scenes.play import PlayScene
    from game.services.match import match_rules
    import game.rules
    spec = game.rules.get(name)
    options = dict(options or {})
    if match_rules(spec, spec.validate_options(options)):
        match = Match.start(spec, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if match.state.is_over:
                break
            match.state.play(rng.choice(match.state.legal_moves()))
        return PlayScene(app, match.state, seats, match)
    return PlayScene(app, _random_game(name, seed, moves, options), seats)


def _seats(spec, kinds, rng):
    """Seats for `kinds` ("h" human, "c" computer): computers mostly at the weakest level,
    now and then at a random one (the strong ones search long: a cancel must stop them)."""
    from game.services.saves import Seat
    seats = []
    for kind in kinds:
        if kind == "h":
            seats.append(Seat("human", None))
        else:
            levels = spec.ai_levels
            level = levels[0] if rng.random() < 0.8 else rng.choice(levels)
            seats.append(Seat("computer", level))
    return seats


def start_points():
    """(name, factory(app, rng)): the factory gives the scenes to put on the stack,
    bottom first; an entry may be a function making the scene once those below it are
    on the stack (a results card needs its game shown), or opening it itself and giving
    None (a game's own menu entry, opened by the menu)."""
    import game.rules
    from game.scenes.menu import MenuScene

    points = [("menu", lambda app, rng: [MenuScene(app)])]
    specs = [spec for spec in game.rules.all_specs() if spec.is_built]
    for spec in specs:
        name = spec.name
        options = dict(spec.demo_options)       # a two-player game where it has a choice

        def setup(app, rng, spec=spec):
            from game.scenes.setup import SetupScene
            return [MenuScene(app), SetupScene(app, spec)]

        def rules(app, rng, spec=spec):
            from game.scenes.rules import RulesScene
            return [MenuScene(app), RulesScene(app, spec, page=rng.randrange(3))]

        def tutorial(app, rng, spec=spec):
            from game.scenes.tutorial import tutorial_scene
            return [MenuScene(app), tutorial_scene(app, spec)]

        def play(app, rng, spec=spec, kinds="hh", options=options):
            seats = _seats(spec, kinds, rng)
            return [MenuScene(app), _play(app, spec.name, seats, rng.randrange(10_000),
                                          rng.randrange(0, 30), options)]

        def results(app, rng, spec=spec, options=options):
            from game.scenes.results import ResultsScene
            scene = _play(app, spec.name, _seats(spec, "hh", rng), rng.randrange(10_000),
                          10_000, options)
            return [MenuScene(app), scene, lambda: ResultsScene(app, scene)]

        def pause(app, rng, spec=spec, options=options):
            from game.scenes.pause import PauseScene
            scene = _play(app, spec.name, _seats(spec, "hc", rng), rng.randrange(10_000),
                          rng.randrange(0, 10), options)
            return [MenuScene(app), scene, lambda: PauseScene(app, scene)]

        points += [(f"{name} setup", setup), (f"{name} rules", rules),
                   (f"{name} tutorial", tutorial),
                   (f"{name} two humans", play),
                   (f"{name} against the computer",
                    lambda app, rng, play=play: play(app, rng, kinds="hc")),
                   (f"{name} computer first",
                    lambda app, rng, play=play: play(app, rng, kinds="ch")),
                   (f"{name} computers only",
                    lambda app, rng, play=play: play(app, rng, kinds="cc")),
                   (f"{name} results", results), (f"{name} paused", pause)]
    for spec in specs:
        points += _other_seatings(spec)
    for spec in specs:
        points += [(f"{spec.name}: {entry.label}", partial(_menu_entry, entry=entry))
                   for entry in spec.menu_entries]
    for spec in specs:
        if spec.monkey:
            points += spec.load("monkey")()
    points += [
        ("settings", _settings),
        ("statistics", _statistics),
        ("attract demo", _attract),
    ]
    return points


def _other_seatings(spec) -> list:
    """Start points for every other number of seats the game's setup options give
    (Xoliba: three players, and one, a solitaire), each the first value giving it: all
    humans, and humans against computers; a one-seat game starts from its deal."""
    counts = {len(spec.seats_for(spec.validate_options(spec.demo_options)))}
    points = []
    for opt in spec.options:
        for value in opt.values if opt.in_setup else ():
            options = {**spec.demo_options, opt.name: value}
            try:
                seats = len(spec.seats_for(spec.validate_options(options)))
            except ValueError:
                continue
            if seats in counts:
                continue
            counts.add(seats)
            name = f"{spec.name} {opt.label.lower() or opt.name}: {opt.label_of(value)}"
            if seats == 1:
                points.append((name, partial(_seated, spec=spec, kinds="h", options=options,
                                             moves=False)))
                continue
            points += [(name, partial(_seated, spec=spec, kinds="h" * seats, options=options)),
                       (f"{name}, with computers",
                        partial(_seated, spec=spec, kinds="h" + "c" * (seats - 1),
                                options=options))]
    return points


def _seated(app, rng, spec, kinds: str, options: dict, moves: bool = True):
    from game.scenes.menu import MenuScene
    seats = _seats(spec, kinds, rng)
    return [MenuScene(app), _play(app, spec.name, seats, rng.randrange(10_000),
                                  rng.randrange(0, 20) if moves else 0, options)]


def _menu_entry(app, rng, entry):
    """A game's own menu entry (Xoliba: its solitaire puzzles), opened by the menu."""
    from game.scenes.menu import MenuScene
    menu = MenuScene(app)
    return [menu, lambda: menu.open_entry(entry)]


def _settings(app, rng):
    from game.scenes.menu import MenuScene
    from game.scenes.settings import SettingsScene
    return [MenuScene(app), SettingsScene(app)]


def _statistics(app, rng):
    from game.scenes.menu import MenuScene
    from game.scenes.stats import StatsScene
    return [MenuScene(app), StatsScene(app)]


def _attract(app, rng):
    from game.scenes.attract import DemoScene
    from game.scenes.menu import MenuScene
    return [MenuScene(app), DemoScene(app)]


def open_start_point(app, factory, rng, after_reset=None) -> None:
    """Show a start point's scenes on `app`, the stack cleared first (then `after_reset()`,
    if given)."""
    from game.scenes.base import Scene
    first, *above = factory(app, rng)
    app.reset_to(first)
    if after_reset is not None:
        after_reset()
    for scene in above:
        if not isinstance(scene, Scene):
            scene = scene()             # made now; None: it opened itself
        if scene is not None:
            app.push(scene)


# --- the monkey ---------------------------------------------------------------------------
class Monkey:
    """Drives one App with seeded random input; `run(actions)` returns a report."""

    def __init__(self, app, seed: int, episode_actions: int = EPISODE_ACTIONS):
        import pygame
        self.pg = pygame
        self.app = app
        self.seed = seed
        self.rng = random.Random(seed)
        self.episode_actions = episode_actions
        self.points = start_points()
        self.done = 0
        self.recent = deque(maxlen=25)           # the last actions, for a failure report
        self.kinds = Counter()
        self.scenes_seen = Counter()
        self.quits = 0
        self.started = Counter()                 # start point -> episodes begun there
        self.next_pad = 0
        self.pads = {}                           # instance id -> FakePad, plugged in
        self.unplugged = []                      # FakePads that may come back
        self._real_open = app.input._open
        app.input._open = self._open

    # Gamepads: device indices from FAKE_DEVICE_INDEX on are the monkey's FakePads; any
    # other index goes to SDL, which has no such device and reports that.
    def _open(self, device_index: int):
        if device_index < FAKE_DEVICE_INDEX:
            return self._real_open(device_index)
        pad = FakePad(device_index - FAKE_DEVICE_INDEX)
        self.app.input.controllers[pad.instance_id] = pad
        self.pads[pad.instance_id] = pad
        return pad.instance_id

    # --- the stream -------------------------------------------------------------------------
    def run(self, actions: int, progress=None) -> dict:
        faulthandler.enable()
        episode = 0
        try:
            while self.done < actions:
                name, factory = self.points[episode % len(self.points)]
                episode += 1
                faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
                self._start(name, factory)
                count = min(self.episode_actions, actions - self.done)
                for _ in range(count):
                    self._one_action()
                self._end_of_episode(name)
                if progress:
                    progress(self.done, episode)
        finally:
            faulthandler.cancel_dump_traceback_later()
        return {"actions": self.done, "episodes": episode, "quits": self.quits,
                "started": dict(self.started),
                "kinds": dict(self.kinds), "scenes": dict(self.scenes_seen)}

    def _fail(self, what: str, cause=None):
        history = "\n  ".join(self.recent)
        stack = [type(scene).__name__ for scene in self.app.stack]
        raise MonkeyFailure(f"seed {self.seed}, action {self.done}: {what}\n"
                            f"scenes: {stack}\nlast actions:\n  {history}") from cause

    def _start(self, name: str, factory) -> None:
        self.recent.append(f"-- start point: {name}")
        self.started[name] += 1
        open_start_point(self.app, factory, self.rng, self._check_no_search)
        self._step([])

    def _check_no_search(self) -> None:
        if self.app.worker.busy:
            self._fail("a search is still pending after the games were left")

    def _step(self, events, dt=1 / 60) -> None:
        app = self.app
        try:
            app.step(dt, events)
        except Exception as exc:                       # reported with context
            self._fail(f"{type(exc).__name__}: {exc}", exc)
        if not app.running or not app.stack:
            # The player quit: the real loop shuts down, stopping any search. Start over.
            self.quits += 1
            self.recent.append("-- quit; the app starts again")
            app.worker.shutdown()
            app.running = True
            from game.scenes.menu import MenuScene
            app.reset_to(MenuScene(app))
        top = app.scene
        label = type(top).__name__
        state = getattr(top, "state", None)
        if state is not None and hasattr(state, "spec"):
            label += f" {state.spec.name}"
        self.scenes_seen[label] += 1

    # --- one random action --------------------------------------------------------------------
    def _one_action(self) -> None:
        rng = self.rng
        kind = rng.choices(ACTION_KINDS, weights=ACTION_WEIGHTS)[0]
        self.kinds[kind] += 1
        self.done += 1
        getattr(self, f"_do_{kind}")()

    def _log(self, text: str) -> None:
        self.recent.append(f"{self.done}: {text}")

    def _random_pos(self):
        rng = self.rng
        w, h = self.app.size
        scene = self.app.scene
        items = [item for item in getattr(getattr(scene, "ring", None), "items", [])]
        if items and rng.random() < 0.5:
            rect = rng.choice(items).element.rect
            return (rect.centerx + rng.randint(-5, 5), rect.centery + rng.randint(-5, 5))
        return (rng.randrange(-10, w + 10), rng.randrange(-10, h + 10))

    def _do_move(self) -> None:
        pos = self._random_pos()
        self._log(f"mouse to {pos}")
        self._step([events.motion_event(pos)])

    def _do_click(self) -> None:
        pos = self._random_pos()
        button = self.rng.choices((1, 3, 2, 4), weights=(85, 10, 3, 2))[0]
        self._log(f"click {button} at {pos}")
        self._step([events.motion_event(pos), events.click_event(pos, button)])
        self._step([events.release_event(pos, button)])

    def _do_drag(self) -> None:
        start, end = self._random_pos(), self._random_pos()
        self._log(f"drag {start} -> {end}")
        drag = events.drag_events(start, end)
        self._step(drag[:3])
        self._step(drag[3:])

    def _do_wheel(self) -> None:
        y = self.rng.choice((-3, -1, 1, 2))
        self._log(f"wheel {y}")
        self._step([events.wheel_event(y)])

    def _do_key(self) -> None:
        pg, rng = self.pg, self.rng
        key = rng.choice(_keys())
        mod = rng.choices((0, pg.KMOD_SHIFT, pg.KMOD_CTRL), weights=(80, 12, 8))[0]
        self._log(f"key {pg.key.name(key)} mod {mod}")
        self._step([events.key_event(key, mod)])
        self._step([events.key_up_event(key, mod)])

    def _do_pad(self) -> None:
        rng = self.rng
        if not self.pads:
            self._do_plug()
            return
        instance = rng.choice(sorted(self.pads))
        if rng.random() < 0.05:
            instance += 500                             # a pad the app has never seen
        button = rng.randrange(0, 21)
        self._log(f"pad {instance} button {button}")
        self._step([events.pad_event(button, instance)])
        self._step([events.pad_up_event(button, instance)])

    def _do_axes(self) -> None:
        pg, rng = self.pg, self.rng
        if not self.pads:
            self._do_plug()
            return
        pad = self.pads[rng.choice(sorted(self.pads))]
        axis = rng.choice((pg.CONTROLLER_AXIS_LEFTX, pg.CONTROLLER_AXIS_LEFTY,
                           pg.CONTROLLER_AXIS_RIGHTX, pg.CONTROLLER_AXIS_RIGHTY,
                           pg.CONTROLLER_AXIS_TRIGGERLEFT, pg.CONTROLLER_AXIS_TRIGGERRIGHT))
        value = rng.choice((0, 0, rng.randint(-32768, 32767), 32767, -32768))
        pad.axes[axis] = value
        frames = rng.randint(1, 40)
        self._log(f"pad {pad.instance_id} axis {axis} = {value} for {frames} frames")
        for _ in range(frames):
            self._step([])
        if rng.random() < 0.7:
            pad.axes[axis] = 0                          # let go of it

    def _do_resize(self) -> None:
        pg, rng = self.pg, self.rng
        size = rng.choice([(1280, 720), (800, 480), (1920, 1080), (1024, 768)]) \
            if rng.random() < 0.6 else (rng.randint(300, 2000), rng.randint(200, 1200))
        self._log(f"resize to {size}")
        pg.display.set_mode(size, pg.RESIZABLE)         # what the OS does first
        self._step([events.resize_event(*size)])

    def _do_focus(self) -> None:
        pg, rng = self.pg, self.rng
        away = rng.randint(1, 30)
        self._log(f"focus lost for {away} frames")
        self._step([pg.event.Event(pg.WINDOWFOCUSLOST), pg.event.Event(pg.WINDOWLEAVE),
                    pg.event.Event(pg.ACTIVEEVENT, gain=0, state=1)])
        for _ in range(away):
            self._step([])
        self._step([pg.event.Event(pg.WINDOWFOCUSGAINED), pg.event.Event(pg.WINDOWENTER),
                    pg.event.Event(pg.ACTIVEEVENT, gain=1, state=1)])

    def _do_plug(self) -> None:
        pg, rng = self.pg, self.rng
        if self.unplugged and rng.random() < 0.6:
            index = FAKE_DEVICE_INDEX + self.unplugged.pop()      # the same pad comes back
        elif rng.random() < 0.1:
            index = rng.randrange(0, 8)                 # SDL has no such device: a message
        else:
            index = FAKE_DEVICE_INDEX + self.next_pad
            self.next_pad += 1
        self._log(f"gamepad added, device index {index}")
        self._step([pg.event.Event(pg.CONTROLLERDEVICEADDED, device_index=index)])

    def let_go(self) -> None:
        """Unplug the monkey's gamepads (a stick left pushed would keep the app busy) and
        give the app its own gamepad opening back."""
        for instance in sorted(self.pads):
            self.app.step(1 / 60, [events.pad_removed_event(instance)])
        self.pads.clear()
        self.app.input._open = self._real_open

    def _do_unplug(self) -> None:
        rng = self.rng
        if not self.pads:
            self._do_plug()
            return
        instance = rng.choice(sorted(self.pads))
        del self.pads[instance]
        self.unplugged.append(instance)
        self._log(f"gamepad {instance} removed")
        self._step([events.pad_removed_event(instance)])

    def _do_wait(self) -> None:
        # Left alone for a while: animations end, the computer answers, results appear.
        frames = self.rng.randint(3, 40)
        self._log(f"wait {frames} frames of 0.1 s")
        for _ in range(frames):
            self._step([], dt=0.1)
            time.sleep(0.001)

    # --- checks at the end of each episode ------------------------------------------------
    def _end_of_episode(self, name: str) -> None:
        self._computer_keeps_playing()
        self._games_replay()
        self._files_read_back()

    def _computer_keeps_playing(self) -> None:
        """A game whose computer is to move, left alone (not paused), gets its move."""
        from game.scenes.play import PlayScene
        app = self.app
        scene = app.scene
        if not isinstance(scene, PlayScene):
            return
        session = scene.session
        if scene.state.is_over or session.ai_error or session.by_hand_to_move \
                or session.hint_pending:
            return
        state = scene.state
        length = len(state.history)
        deadline = time.monotonic() + COMPUTER_MOVE_SECONDS
        while app.scene is scene and scene.state is state and len(state.history) == length \
                and not session.ai_error:
            if time.monotonic() > deadline:
                self._fail(f"frozen: the computer did not move in {COMPUTER_MOVE_SECONDS} s "
                           f"({state.spec.name}, move {length})")
            self._step([], dt=0.1)
            time.sleep(0.002)

    def _games_replay(self) -> None:
        from game.scenes.play import PlayScene
        for scene in self.app.stack:
            if isinstance(scene, PlayScene):
                state = scene.state
                try:
                    copy = state.spec.from_json(state.to_json())
                except ValueError as exc:
                    self._fail(f"the game on screen does not replay from its save: {exc}", exc)
                if copy.history != state.history or copy.to_play != state.to_play:
                    self._fail("the game on screen differs from its own save")

    def _files_read_back(self) -> None:
        from game.services import saves
        from game.core import storage
        from game.services.settings import load_settings
        _, message = load_settings()
        if message:
            self._fail(f"the settings file no longer reads: {message}")
        _, message = saves.load_resume()
        if message:
            self._fail(f"the suspended game no longer reads: {message}")
        for folder in (storage.config_dir(), storage.data_dir()):
            if folder.is_dir():
                bad = [p.name for p in folder.iterdir() if ".bad-" in p.name]
                if bad:
                    self._fail(f"files were put aside: {bad}")


ACTION_KINDS = ("move", "click", "drag", "wheel", "key", "pad", "axes", "resize", "focus",
                "plug", "unplug", "wait")
ACTION_WEIGHTS = (16, 22, 3, 3, 24, 14, 3, 1.5, 1.5, 1.5, 1.5, 5)


def _keys():
    import pygame
    from game.ui import input as inp
    return sorted(inp.KEY_ACTIONS) + [pygame.K_z, pygame.K_y, pygame.K_q, pygame.K_1,
                                      pygame.K_F1, pygame.K_DELETE, pygame.K_PAGEUP]
