"""`python -m game.bench monkey`: a seeded stream of random input thrown at the whole app.

The monkey itself (the start points, the actions, what counts as surviving) is
game/testing/monkey.py, which the test suite runs too (tests/test_monkey.py); the full
stream is `python -m game.bench monkey --actions 50000`.
"""
from __future__ import annotations

import time

from game.bench import headless_home
from game.testing.monkey import Monkey, MonkeyFailure


# --- the bench command ---------------------------------------------------------------------
def make_app():
    """An app in a fresh, empty home folder, showing the menu: a real one (not headless),
    so F11 switches its window to fullscreen and back and the screens crossfade."""
    headless_home("monkey")
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(headless=False)
    app.push(MenuScene(app))
    return app


def run(args) -> int:
    app = make_app()
    monkey = Monkey(app, args.seed)
    started = time.perf_counter()

    def progress(done, episodes):
        if episodes % 50 == 0:
            print(f"  {done} actions, {episodes} episodes, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    try:
        report = monkey.run(args.actions, progress)
    except MonkeyFailure as failure:
        print(f"FAILED after {monkey.done} of {args.actions} actions:\n{failure}")
        if failure.__cause__ is not None:
            import traceback
            traceback.print_exception(failure.__cause__)
        return 1
    finally:
        app.shutdown()
    seconds = time.perf_counter() - started
    print(f"Monkey, seed {args.seed}: survived {report['actions']} of {args.actions} actions "
          f"in {report['episodes']} episodes ({seconds:.0f} s); the player quit "
          f"{report['quits']} times and the app started again.")
    print("Actions: " + ", ".join(f"{kind} {count}" for kind, count
                                  in sorted(report["kinds"].items())))
    print(f"Scenes seen ({len(report['scenes'])}): " + ", ".join(
        f"{name} {count}" for name, count in sorted(report["scenes"].items())))
    return 0


def add_arguments(parser) -> None:
    parser.add_argument("--actions", type=int, default=50_000, help="random actions to survive")
    parser.add_argument("--seed", type=int, default=1, help="seed of the action stream")
