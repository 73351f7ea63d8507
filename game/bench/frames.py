"""`python -m game.bench frames`: render time per frame for each scene, at 1280×720.

Each scene runs headless (dummy video driver) for a number of frames with its animations
going; the time of one frame is the scene's update plus drawing the whole stack, the work
the real loop does between two flips. Also measured while the computer searches in its
worker process, since that shares the machine's two cores with the frame loop.
"""
from __future__ import annotations

import os
import random
import statistics
import tempfile
import time


def _percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def _measure(app, frames, each_frame=None):
    times = []
    for index in range(frames):
        if each_frame:
            each_frame(index)
        start = time.perf_counter()
        app.step(1 / 60, [])
        times.append(time.perf_counter() - start)
    return times


def _play_scene(app, seats, moves=0, seed=3):
    import game.rules
    from game.scenes.play import PlayScene
    state = game.rules.get("xtic").new_game(seed=seed, options={"game_type": "normal"})
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice([m for m in state.legal_moves() if m[0] is None or
                               not state.placement_loses(m[0])] or state.legal_moves()))
    scene = PlayScene(app, state, seats)
    app.reset_to(scene)
    return scene


def _xoliba_scene(app, seats, moves=0, seed=3, players=2):
    import game.rules
    from game.engine.match import Match
    from game.scenes.play import PlayScene
    match = Match.start(game.rules.get("xoliba"), {"players": players}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not match.state.is_over:
            match.state.play(rng.choice(match.state.legal_moves()))
    scene = PlayScene(app, match.state, seats, match)
    app.reset_to(scene)
    return scene


def _replay_last_move(scene):
    """Run the animation of the last move again (every half second in the loop)."""
    def replay(index):
        if index % 30 == 0:
            last = scene.state.history[-1]
            before = scene.state.copy()
            before.undo()
            scene.view.on_move(last, before)
    return replay


def measure(frames: int = 300, size=(1280, 720)) -> list[tuple[str, float, float]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["LITTLE_ABSTRACTS_HOME"] = tempfile.mkdtemp(prefix="bench-frames-")
    from game.app import App
    from game.engine.saves import Seat
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.results import ResultsScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    import game.rules

    app = App(size=size, headless=True)
    humans = [Seat("human", None), Seat("human", None)]
    rows = []

    def record(name, times):
        rows.append((name, statistics.median(times) * 1000, _percentile(times, 0.99) * 1000))

    app.reset_to(MenuScene(app))
    record("menu", _measure(app, frames))
    app.push(SetupScene(app, game.rules.get("xtic")))
    record("setup", _measure(app, frames))
    app.push(RulesScene(app, game.rules.get("xtic")))
    record("rules", _measure(app, frames))
    app.reset_to(SettingsScene(app))
    record("settings", _measure(app, frames))

    scene = _play_scene(app, humans, moves=0)
    record("play xtic: start", _measure(app, frames))

    scene = _play_scene(app, humans, moves=9)
    record("play xtic: move animations", _measure(app, frames, _replay_last_move(scene)))

    scene = _xoliba_scene(app, humans)
    record("play xoliba: start", _measure(app, frames))
    # A capturing move, so the flips animate as well as the swap.
    scene = _xoliba_scene(app, humans, moves=6)
    while not scene.state.last_captured and not scene.state.is_over:
        scene.state.play(random.Random(len(scene.state.history)).choice(scene.state.legal_moves()))
    scene.view.sync()
    record("play xoliba: move + flip animations", _measure(app, frames,
                                                           _replay_last_move(scene)))
    scene = _xoliba_scene(app, humans + [Seat("human", None)], moves=5, players=3)
    view = scene.view
    frm = sorted(view.movable())[0] if view.movable() else None
    if frm is not None:
        view.selected = frm             # a piece selected: its targets and triangles shown
    record("play xoliba 3p: piece selected", _measure(app, frames))

    _catalina_rows(app, humans, frames, record)

    scene = _play_scene(app, humans, moves=9)
    app.push(PauseScene(app, scene))
    record("pause overlay", _measure(app, frames))

    scene = _play_scene(app, humans, moves=0, seed=5)
    rng = random.Random(5)
    while not scene.state.is_over:
        scene.state.play(rng.choice(scene.state.legal_moves()))
    scene.view.sync()
    app.push(ResultsScene(app, scene))
    record("results (losing line pulsing)", _measure(app, frames))

    computer = [Seat("human", None), Seat("computer", "perfect")]
    scene = _play_scene(app, computer, moves=4)   # the human is to move: the scene only draws
    app.worker.warm_up()
    searched = []

    def keep_searching(index):
        # Ask for the computer's move in this position again and again, so every frame is
        # drawn while the worker searches on the other core.
        if app.worker.poll() is not None or not app.worker.busy:
            app.worker.request(scene.state, "don't try")
        searched.append(app.worker.busy)
    times = _measure(app, frames, keep_searching)
    record(f"play xtic: computer searching ({sum(searched)}/{frames})", times)

    level = game.rules.get("xoliba").ai_levels[-1]
    scene = _xoliba_scene(app, [Seat("human", None), Seat("computer", level)], moves=4)
    searched = []

    def keep_searching_xoliba(index):
        if app.worker.poll() is not None or not app.worker.busy:
            app.worker.request(scene.state, level)
        searched.append(app.worker.busy)
    times = _measure(app, frames, keep_searching_xoliba)
    record(f"play xoliba: computer searching ({sum(searched)}/{frames})", times)
    _puzzle_rows(app, frames, record)
    app.shutdown()
    return rows


def _catalina_rows(app, humans, frames, record) -> None:
    """Catalina Tiles 30 steps in: the dice thrown again and again, then a roll's
    claimable tiles outlined with one pointed at (the dice laid out in its order)."""
    import pygame

    import game.ai
    from game.scenes.play import PlayScene
    from game.views.catalina_view import grid_xy

    state = game.rules.get("catalina").new_game(seed=3, options={})
    rng = random.Random(3)
    while len(state.history) < 30 and not state.is_over:
        state.play(state.next_roll() if state.is_chance
                   else game.ai.choose_move(state, "easy", rng))
    scene = PlayScene(app, state, humans)
    app.reset_to(scene)
    for _ in range(5):
        app.step(1 / 60, [])            # the scene's first frames paint its panel and board
    roll = state.next_roll() if state.is_chance else state.history[-1]

    def throw(index):
        if not scene.view.animating:
            scene.view.on_move(roll, state)
    record("play catalina: dice rolling", _measure(app, frames, throw))
    if state.is_chance:
        state.play(roll)
    scene.view.sync()
    claims = list(state.claimable())
    if claims:
        pos = scene.view.cell_rect(*grid_xy(claims[0])).center
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0))])
    record(f"play catalina: {len(claims)} claimable tiles, one pointed",
           _measure(app, frames))


def _puzzle_rows(app, frames, record) -> None:
    """The Xoliba solitaire puzzles: the level grid, a level while the solver thinks about
    a hint (with the arrow of the last one shown), and the solved celebration."""
    from game.puzzle_progress import PuzzleProgress
    from game.scenes.puzzle_play import PuzzleScene
    from game.scenes.puzzles import PuzzleSelectScene

    select = PuzzleSelectScene(app)
    app.reset_to(select)
    record("puzzles: level select", _measure(app, frames))
    levels = select.levels
    level = levels[min(29, len(levels) - 1)]
    scene = PuzzleScene(app, level, PuzzleProgress(), levels)
    app.push(scene)
    scene.state.play(scene.state.parse_move(level.line[0]))
    scene.view.sync()
    scene.request_hint()                    # from the level's line: the arrow is shown
    thinking = []

    def keep_hinting(index):
        # The solver searches in the worker while the arrow pulses and the panel counts.
        if not app.worker.busy:
            app.worker.request_job("solitaire_hint", {"positions": scene._positions()})
        thinking.append(app.worker.busy)
    times = _measure(app, frames, keep_hinting)
    app.worker.cancel()
    record(f"puzzles: hint shown, solver thinking ({sum(thinking)}/{frames})", times)
    first = levels[0]
    scene = PuzzleScene(app, first, PuzzleProgress(), levels)
    app.reset_to(scene)
    scene.play_move(scene.state.parse_move(first.line[0]))
    scene.celebration_time = 0.0
    scene.results_timer = None              # the card would cover the panel: board only

    def celebrate(index):
        scene.celebration_time = (index % 120) / 60   # confetti in flight throughout
    record("puzzles: solved celebration (confetti)", _measure(app, frames, celebrate))


def run(args) -> int:
    rows = measure(frames=args.frames)
    print(f"Render time per frame at 1280×720 ({args.frames} frames each)")
    width = max(len(name) for name, _, _ in rows)
    print(f"{'scene':{width}} {'p50 ms':>8} {'p99 ms':>8}")
    for name, p50, p99 in rows:
        print(f"{name:{width}} {p50:8.2f} {p99:8.2f}")
    return 0


def add_arguments(parser) -> None:
    parser.add_argument("--frames", type=int, default=300, help="frames per scene")
