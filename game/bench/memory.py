"""`python -m game.bench memory`: one app, hours of use, and its memory over time.

In one process, one after another (each section can be chosen or scaled down):
- monkey: the monkey's random input over every scene (game/testing/monkey.py);
- attract: the menu left alone, attract mode's demos one after another, stepped at 60
  frames a second on a simulated clock (the frames, the demos and their computer players
  run as in the app; only the waiting between frames is skipped);
- resizes: the window resized to random sizes between 640×400 and 2560×1440 on every
  kind of screen (sizes below the app's minimum are raised to it, as in the app);
- palettes: the palette changed, on every kind of screen;
- games: whole games played to their results screen, every mode of every game in turn,
  random legal moves entered for the players.

Before the sections, a warm-up shows every screen of every game once (their code, fonts
and pictures are loaded then). After it, the resident size of the process (RSS) and the
pixel bytes of the surfaces alive (game/testing/memory.py) are sampled every few seconds;
each section prints its curve, and the targets are checked at every sample: RSS within
RSS_LIMIT and the surfaces within SURFACE_LIMIT.

Samples miss a moment's peak (a screen built, a picture drawn and dropped within a
frame), so each section also reports the process's peak RSS (VmHWM, reset at the start
of the section: every moment counts), within PEAK_LIMIT; the monkey's also over its
first PEAK_CHECKPOINT actions. The monkey's actions, the resizes, the palette changes and
the games are watched one by one: the ones that rose most above the RSS they started
from, and the ones that reached the highest peaks, are listed with the section (the
action, the screens, the window's size).
"""
from __future__ import annotations

import os
import random
import time

from game.bench import headless_home
from game.testing.monkey import Monkey

MB = 1 << 20
RSS_LIMIT = 250 * MB
PEAK_LIMIT = 300 * MB
PEAK_CHECKPOINT = 1_500         # monkey actions: the peak over the first ones, too
HIGHEST_KEPT = 5                # the steps listed with a section in each list
SECTIONS = ("monkey", "attract", "resizes", "palettes", "games")
# The screens' own surfaces, in whole windows of pixels: the background, a veil, the
# board's layers, the UI's buttons and their shape buffers, a results card over a game.
SCREEN_SURFACES = 8


def surface_limit() -> int:
    """The most the live surfaces may hold: every cache full (sprites/surface_cache.py)
    plus what the screens keep for the largest window (SCREEN_SURFACES windows' worth)."""
    from sprites.surface_cache import TOTAL_BUDGET
    return TOTAL_BUDGET + SCREEN_SURFACES * 2560 * 1440 * 4



class Recorder:
    """Samples RSS and live surfaces every `every` seconds; keeps each section's curve,
    its peak RSS and the steps that rose most and went highest."""

    def __init__(self, every: float):
        self.every = every
        self.curves: dict[str, list[tuple]] = {}
        # a section, or its first actions -> its peak RSS (None: not measured, no /proc)
        self.peaks: dict[str, int | None] = {}
        # section -> (rise, peak, what) of the steps that rose most, and that went highest
        self.rises: dict[str, list[tuple]] = {}
        self.tops: dict[str, list[tuple]] = {}
        self.peak_since_start = False   # True where the peak cannot be reset (not Linux)
        self.section = ""
        self.started = time.perf_counter()
        self.last = 0.0
        self._peak = 0                  # the section's peak before the last reset

    def start(self, section: str) -> None:
        from game.testing.memory import reset_peak_rss
        self.section = section
        self.curves[section] = []
        self.rises[section] = []
        self.tops[section] = []
        self._peak = 0
        self.peak_since_start = not reset_peak_rss()
        self.sample(force=True)

    def sample(self, force: bool = False, label: str = "") -> None:
        from game.testing.memory import live_surfaces, rss_bytes
        now = time.perf_counter()
        if not force and now - self.last < self.every:
            return
        self.last = now
        count, pixels = live_surfaces()
        point = (now - self.started, rss_bytes() or 0, pixels, count, label)
        self.curves[self.section].append(point)
        print(f"  {point[0]:7.0f} s  RSS {point[1] / MB:6.1f} MB  surfaces {count:5d}, "
              f"{pixels / MB:6.1f} MB  {label}", flush=True)

    def _section_peak(self) -> int | None:
        from game.testing.memory import peak_rss_bytes
        peak = peak_rss_bytes()
        if peak is None:
            return None
        self._peak = max(self._peak, peak)
        return self._peak

    def peak(self, label: str) -> None:
        """Keep the section's peak RSS so far under `label`."""
        self.peaks[label] = self._section_peak()

    def watch(self, step, describe) -> None:
        """Run `step()`, measuring how far above the RSS it started from the process went
        meanwhile; `describe()`, called after, says what the step was."""
        from game.testing.memory import peak_rss_bytes, reset_peak_rss, rss_bytes
        self._section_peak()                # what came before the step
        before = rss_bytes() or 0
        if not reset_peak_rss():
            step()
            return
        step()
        peak = peak_rss_bytes() or 0
        self._peak = max(self._peak, peak)
        measured = (peak - before, peak, describe())
        for kept, order in ((self.rises[self.section], 0), (self.tops[self.section], 1)):
            kept.append(measured)
            kept.sort(key=lambda entry: -entry[order])
            del kept[HIGHEST_KEPT:]

    def summary(self) -> list[tuple[str, bool]]:
        verdicts = []
        limit = surface_limit()
        print("\nSection     samples   RSS start / max / end (MB)   peak RSS (MB)   surfaces "
              "start / max / end (MB)")
        for name, curve in self.curves.items():
            rss = [p[1] / MB for p in curve]
            pixels = [p[2] / MB for p in curve]
            peak = self.peaks.get(name)
            peak = "     -" if peak is None else f"{peak / MB:6.1f}"
            print(f"{name:10s} {len(curve):8d}   {rss[0]:6.1f} / {max(rss):6.1f} / "
                  f"{rss[-1]:6.1f}        {peak}          {pixels[0]:6.1f} / "
                  f"{max(pixels):6.1f} / {pixels[-1]:6.1f}")
            for title, steps in (("rose most", self.rises), ("went highest", self.tops)):
                if steps.get(name):
                    print(f"  the steps that {title}:")
                for rise, top, what in steps.get(name, []):
                    print(f"    +{rise / MB:5.1f} MB to {top / MB:5.1f} MB: {what}")
            verdicts.append((f"{name}: RSS at most {max(rss):.0f} MB <= {RSS_LIMIT // MB} MB",
                             max(rss) * MB <= RSS_LIMIT))
            verdicts.append((f"{name}: surfaces at most {max(pixels):.0f} MB <= "
                             f"{limit // MB} MB", max(pixels) * MB <= limit))
        for label, peak in self.peaks.items():
            if peak is None:
                verdicts.append((f"{label}: peak RSS not measured here (no "
                                 "/proc/self/status)", False))
                continue
            verdicts.append((f"{label}: peak RSS {peak / MB:.0f} MB <= {PEAK_LIMIT // MB} MB",
                             peak <= PEAK_LIMIT))
        if self.peak_since_start:
            print("(The peak could not be reset between sections here: each is the "
                  "process's peak since it started.)")
        return verdicts


class WatchedMonkey(Monkey):
    """The monkey, each of its actions and each episode's start watched by the recorder,
    which also keeps the peak over the first `checkpoint` actions (if given)."""

    def __init__(self, app, seed: int, recorder: Recorder, checkpoint: int | None = None):
        super().__init__(app, seed)
        self.recorder = recorder
        self.checkpoint = checkpoint

    def _watched(self, step) -> None:
        scene = self._screens()
        self.recorder.watch(step, lambda: f"{self.recent[-1]} ({scene} -> "
                                          f"{self._screens()}, {self.app.size[0]}×"
                                          f"{self.app.size[1]})")

    def _screens(self) -> str:
        return " > ".join(type(scene).__name__ for scene in self.app.visible())

    def _one_action(self) -> None:
        self._watched(super()._one_action)
        if self.done == self.checkpoint:
            self.recorder.peak(f"monkey, first {self.done:,} actions")

    def _start(self, name: str, factory) -> None:
        self._watched(lambda: super(WatchedMonkey, self)._start(name, factory))


# --- the app and its screens ------------------------------------------------------------
def make_app():
    headless_home("memory")
    from game.app import App
    app = App(headless=True)
    app.open("menu")
    app.step(0.0)
    app.freeze_startup_objects()        # as App.run does after its first frame
    return app


def show(app, frames: int, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt, [])


def screens():
    """(name, factory) of every start point of the monkey: every screen of every game."""
    from game.testing.monkey import start_points
    return start_points()


def warm_up(app) -> None:
    from game.testing.monkey import open_start_point
    rng = random.Random(0)
    for _, factory in screens():
        open_start_point(app, factory, rng)
        show(app, 3)
    app.home()
    show(app, 2)


# --- the sections ------------------------------------------------------------------------
def monkey_section(app, recorder, actions: int, checkpoint: int = PEAK_CHECKPOINT) -> None:
    monkey = WatchedMonkey(app, 1, recorder, checkpoint if checkpoint < actions else None)
    monkey.run(actions, lambda done, episodes: recorder.sample(label=f"{done} actions"))
    monkey.let_go()
    recorder.sample(force=True, label=f"{monkey.done} actions")


def attract_section(app, recorder, seconds: float) -> None:
    from game.scenes.attract import DemoScene
    from game.scenes.menu import IDLE_SECONDS
    app.home()
    clock, frame, before = 0.0, 1 / 60, DemoScene.shown

    def label() -> str:
        return (f"{clock / 60:.0f} min, {type(app.scene).__name__}, "
                f"{DemoScene.shown - before} demos")
    while clock < seconds + IDLE_SECONDS:
        app.step(frame, [])
        clock += frame
        recorder.sample(label=label())
    recorder.sample(force=True, label=label())


def resizes_section(app, recorder, count: int) -> None:
    from game.testing.events import resize_window

    def resize(rng):
        resize_window(app, (rng.randint(640, 2560), rng.randint(400, 1440)))
    _changes_on_screens(app, recorder, count, 2, resize, "resizes")
    resize_window(app, (1280, 720))
    show(app, 2)
    recorder.sample(force=True, label=f"{count} resizes, back to 1280×720")


def palettes_section(app, recorder, count: int) -> None:
    from sprites.palettes import PALETTE_NAMES
    names = iter(PALETTE_NAMES * count)

    def change_palette(rng):
        app.settings.palette = next(names)
        app.apply_palette()
    _changes_on_screens(app, recorder, count, 3, change_palette, "palette changes")


def _changes_on_screens(app, recorder, count: int, seed: int, change, what: str) -> None:
    """`change(rng)` `count` times, on another screen of another game every fourth time,
    a sample after each."""
    from game.testing.monkey import open_start_point
    rng = random.Random(seed)
    points = screens()
    for number in range(count):
        if number % 4 == 0:
            open_start_point(app, points[rng.randrange(len(points))][1], rng)

        def change_and_show():
            change(rng)
            show(app, 3)
        screen = type(app.scene).__name__
        recorder.watch(change_and_show,
                       lambda number=number, screen=screen: f"{what} {number + 1} on {screen}, "
                                                            f"to {app.size[0]}×{app.size[1]}")
        recorder.sample(force=True, label=f"{number + 1} {what}, {app.size[0]}×{app.size[1]}")


def games_section(app, recorder, count: int) -> None:
    """`count` games played to their results screen. A game still going after MOVE_LIMIT
    random moves (random Xoliba play can pass for thousands of moves) is left, counted,
    and another is played in its place."""
    import game.rules
    from game.services.saves import Seat
    from game.testing.playouts import all_modes
    modes = all_modes()
    rng = random.Random(4)
    finished = left = 0
    number = 0
    while finished < count:
        mode = modes[number % len(modes)]
        spec = game.rules.get(mode.game)
        options = mode.options_for(number)
        state = spec.new_game(seed=number, options=options)
        seats = [Seat("human", None) for _ in spec.seats_for(spec.validate_options(options))]
        number += 1
        results = []

        def play_game(state=state, seats=seats, results=results):
            app.home()
            results.append(_play_to_results(app, app.open("play", state, seats), rng))
        recorder.watch(play_game, lambda number=number, mode=mode, state=state:
                       f"game {number} ({mode.name}), {len(state.history)} moves")
        if results[0]:
            finished += 1
        else:
            left += 1
        recorder.sample(label=f"{finished} games ({mode.name}), {left} left unfinished")
    app.home()
    recorder.sample(force=True, label=f"{count} games, {left} left unfinished")


MOVE_LIMIT = 600


def _play_to_results(app, play, rng) -> bool:
    """Random legal moves (or rolls) entered as the players would, until the results
    card is up (True) or MOVE_LIMIT moves were played (False)."""
    for _ in range(40 * MOVE_LIMIT):         # frames: an animation that never ends fails
        if app.scene is not play:
            show(app, 5)
            return True
        state = play.state
        if len(state.history) >= MOVE_LIMIT:
            return False
        if not state.is_over and not play.view.animating and play.session.human_may_move:
            move = (state.copy().sample_chance() if state.is_chance
                    else rng.choice(state.legal_moves()))
            play.play_move(move)
        app.step(1 / 20, [])
    raise RuntimeError(f"{play.state.spec.name}: stuck after {len(play.state.history)} moves")


def run(args) -> int:
    app = make_app()
    recorder = Recorder(args.every)
    sections = {
        "monkey": lambda: monkey_section(app, recorder, args.actions),
        "attract": lambda: attract_section(app, recorder, args.attract_minutes * 60),
        "resizes": lambda: resizes_section(app, recorder, args.resizes),
        "palettes": lambda: palettes_section(app, recorder, args.palettes),
        "games": lambda: games_section(app, recorder, args.games),
    }
    try:
        print("Warm-up: every screen of every game once.", flush=True)
        warm_up(app)
        print(f"Load average {_load()} (other processes on the machine).", flush=True)
        for name in args.sections:
            print(f"\n{name}:", flush=True)
            recorder.start(name)
            sections[name]()
            recorder.peak(name)
    finally:
        app.shutdown()
    verdicts = recorder.summary()
    print(f"\nBounds: RSS {RSS_LIMIT // MB} MB; surfaces {surface_limit() // MB} MB "
          f"(every cache full, sprites/surface_cache.py, plus {SCREEN_SURFACES} windows of "
          "2560×1440).")
    print(f"Load average at the end {_load()}.")
    print("Targets:")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


def _load() -> str:
    """The system's load averages over 1, 5 and 15 minutes (where it has them)."""
    try:
        return " / ".join(f"{load:.1f}" for load in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def add_arguments(parser) -> None:
    parser.add_argument("--sections", nargs="+", choices=SECTIONS, default=list(SECTIONS),
                        help="which sections to run, in this order")
    parser.add_argument("--actions", type=int, default=50_000, help="monkey actions")
    parser.add_argument("--attract-minutes", type=float, default=120,
                        help="minutes of attract mode (simulated clock)")
    parser.add_argument("--resizes", type=int, default=200, help="window resizes")
    parser.add_argument("--palettes", type=int, default=100, help="palette changes")
    parser.add_argument("--games", type=int, default=500, help="games played to the end")
    parser.add_argument("--every", type=float, default=15.0,
                        help="seconds between samples")
