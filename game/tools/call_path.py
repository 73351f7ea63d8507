"""The calls from a click to the screen: `python -m game.tools.call_path [games...]
[--all]`.

For each game a headless app opens a play screen (two humans, a seeded position a few
moves in where a move is to be chosen, not rolled or passed) and finds, by clicking over
the board, clicks that make a move. On a fresh screen it makes the same clicks again and
counts the calls in the project's own modules (game, sprites, sounds) during the frame in
which the last one played the move (the button's press, or its release where the view
waits for it to tell a click from a drag): from the button's event (App.step) until the
move is on the screen (the state has played it, and the view's draw of that frame shows
it).

It prints the path as a tree: the steps of a move (the input's translation, the view's
handle, the state's play, the view's on_move and its draw) with their callers, and every
call from the session into a scene or a view (a frontend hook, with the calls it makes
into the screen and the session) or back into the session from inside one of its calls
(a re-entry). A step's own insides are left out (a view's drawing helpers). Then the totals: the calls on the path and their distinct functions,
the hooks and re-entries, and every call of the frame. `--all` prints the whole frame.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile

OWN = ("game.", "sprites.", "sounds.")
SEARCH_STEP = 16            # pixels between two clicks of the search over the board
MAX_CLICKS = 3000           # clicks the search makes before it gives up


class Call:
    def __init__(self, module: str, name: str, parent: Call | None):
        self.module = module
        self.name = name
        self.parent = parent
        self.children: list[Call] = []
        self.step = False           # one of a move's steps (its insides are not shown)
        self.crossing = ""          # "hook" (session -> scene/view) or "re-entry"
        self.plays_the_game = False  # GameState.play on the game shown (not on a copy)

    @property
    def label(self) -> str:
        return f"{self.module}:{self.name}"

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def _is_view(module: str) -> bool:
    """The views' interface or a game's view (game/games/<name>/view.py)."""
    return module.startswith("game.views.") or \
        (module.startswith("game.games.") and module.endswith(".view"))


def _layer(module: str) -> str:
    if module == "game.services.session":
        return "session"
    if module.startswith("game.scenes.") or _is_view(module):
        return "screen"
    return ""


def _is_step(call: Call) -> bool:
    module, name = call.module, call.name
    if module == "game.ui.input" and name.endswith(".translate"):
        return True
    if call.plays_the_game:
        return True
    if _is_view(module) and name.rsplit(".", 1)[-1] in ("handle", "on_move"):
        return True
    # The view's draw called by the screen (not a view's draw calling its base class's).
    return _is_view(module) and name.endswith(".draw") \
        and call.parent is not None and call.parent.module.startswith("game.scenes.")


class Recorder:
    """A tree of the project's calls, by sys.setprofile; `state`: the game shown."""

    def __init__(self, state):
        self.state = state
        self.root = Call("", "frame", None)
        self._stack: list[Call | None] = []      # None: a frame outside the project
        self._current = self.root

    def __enter__(self):
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)

    def _profile(self, frame, event, arg) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__", "")
            if not module.startswith(OWN) or module == __name__:
                self._stack.append(None)
                return
            call = Call(module, frame.f_code.co_qualname, self._current)
            call.plays_the_game = call.name == "GameState.play" \
                and frame.f_locals.get("self") is self.state
            self._current.children.append(call)
            self._stack.append(call)
            self._current = call
        elif event == "return" and self._stack:
            call = self._stack.pop()
            if call is not None:
                self._current = call.parent


def _mark(root: Call) -> None:
    """Mark the steps, the hooks and the re-entries."""
    def visit(call: Call, session_open: bool, screen_after_session: bool) -> None:
        layer = _layer(call.module)
        parent_layer = _layer(call.parent.module) if call.parent is not None else ""
        call.step = _is_step(call)
        if layer == "screen" and parent_layer == "session":
            call.crossing = "hook"
        elif layer == "session" and parent_layer != "session" and screen_after_session:
            call.crossing = "re-entry"
        for child in call.children:
            visit(child, session_open or layer == "session",
                  screen_after_session or (session_open and layer == "screen"))
    for child in root.children:
        visit(child, False, False)


def _path(call: Call) -> list[Call]:
    """The calls on the path under `call`: the steps, the crossings, the calls a hook
    makes into the screen or the session, and their callers."""
    found: list[Call] = []

    def visit(node: Call) -> bool:
        if node.step:
            found.append(node)
            return True
        mark = len(found)
        below = [visit(child) for child in node.children]
        if node.parent is not None and node.parent.crossing == "hook" \
                and (_layer(node.module) or node.module == "game.core.state"):
            below.append(True)          # what a hook does on the screen or the session
        if any(below) or node.crossing:
            found.insert(mark, node)
            return True
        return False
    for child in call.children:
        visit(child)
    return found


def _print_tree(root: Call, shown: set | None) -> None:
    def show(call: Call, depth: int) -> None:
        if shown is not None and id(call) not in shown:
            return
        notes = [word for word in ("step" if call.step else "", call.crossing) if word]
        print(f"{'  ' * depth}{call.label}" + (f"   [{', '.join(notes)}]" if notes else ""))
        if call.step and shown is not None:
            return
        for child in call.children:
            show(child, depth + 1)
    for child in root.children:
        show(child, 0)


# --- the screen and the clicks ------------------------------------------------------------
def _position(spec, seed: int = 4, moves: int = 6):
    """A seeded game `moves` random moves in, where a move is to be chosen."""
    state = spec.new_game(seed=seed, options=spec.demo_options)
    rng = random.Random(seed)
    while not state.is_over and (len(state.history) < moves or state.is_chance
                                 or state.legal_moves() == ["pass"]):
        state.play(state.copy().sample_chance() if state.is_chance
                   else rng.choice([m for m in state.legal_moves() if m != "pass"]
                                   or state.legal_moves()))
    return state


def _open(app, spec, state):
    from game.services.saves import Seat
    app.home()
    human = Seat("human", None)
    app.open("play", state.copy(), [human] * len(spec.seats_for(state.options)))
    for _ in range(90):                 # the screen settles (layers painted, camera still)
        app.step(1 / 60, [])
    return app.scene


def _click(app, pos, state=None):
    """A click at `pos`: the pointer moves there, the button goes down, then up, a frame
    each. Given the `state` shown, returns the Recorder of the frame (the button's down
    or up) that played a move on it, if one did."""
    from game.testing.events import click_event, motion_event, release_event
    app.step(1 / 60, [motion_event(pos)])
    for event in (click_event(pos), release_event(pos)):
        if state is None:
            app.step(1 / 60, [event])
            continue
        moves = len(state.history)
        recorder = Recorder(state)
        with recorder:
            app.step(1 / 60, [event])
        if len(state.history) > moves:
            return recorder
    return None


def _find_clicks(app, spec, state) -> list:
    """Clicks over the board, in a seeded random order, until one makes a move: all of
    them."""
    scene = _open(app, spec, state)
    rect = scene.view.rect
    points = [(x, y) for y in range(rect.top + SEARCH_STEP // 2, rect.bottom, SEARCH_STEP)
              for x in range(rect.left + SEARCH_STEP // 2, rect.right, SEARCH_STEP)]
    random.Random(1).shuffle(points)
    clicks = []
    for pos in points[:MAX_CLICKS]:
        clicks.append(pos)
        _click(app, pos)
        if len(scene.state.history) > len(state.history):
            return clicks
    raise SystemExit(f"{spec.title}: no click over the board made a move")


def count(app, spec, show: str = "path") -> dict:
    state = _position(spec)
    clicks = _find_clicks(app, spec, state)
    scene = _open(app, spec, state)
    for pos in clicks[:-1]:
        _click(app, pos)
    recorder = _click(app, clicks[-1], scene.state)
    if recorder is None or len(scene.state.history) != len(state.history) + 1:
        raise SystemExit(f"{spec.title}: the clicks did not make the move again")
    root = recorder.root
    _mark(root)
    path = _path(root)
    every = list(root.walk())[1:]
    totals = {
        "game": spec.name,
        "move": scene.state.format_move(scene.state.history[-1]),
        "path calls": len(path),
        "path functions": len({call.label for call in path}),
        "hooks": sum(call.crossing == "hook" for call in every),
        "re-entries": sum(call.crossing == "re-entry" for call in every),
        "all calls": len(every),
        "all functions": len({call.label for call in every}),
    }
    print(f"\n== {spec.title}: the click that plays {totals['move']} "
          f"(after {len(clicks) - 1} clicks choosing it)")
    if show != "none":
        _print_tree(root, None if show == "all" else {id(call) for call in path})
    print(f"-- path: {totals['path calls']} calls, {totals['path functions']} distinct "
          f"functions; calls back from the session into the screen: {totals['hooks']}; "
          f"re-entries into the session: {totals['re-entries']}; the whole frame: "
          f"{totals['all calls']} calls, {totals['all functions']} functions")
    return totals


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.call_path")
    parser.add_argument("games", nargs="*", help="(default: every game)")
    parser.add_argument("--all", action="store_true", help="print every call of the frame")
    parser.add_argument("--quiet", action="store_true", help="print only the totals")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="little-abstracts-call-path-")
    os.environ["LITTLE_ABSTRACTS_HOME"] = home
    import game.rules
    from game.app import App
    from game.core import storage
    app = App(headless=True, size=(1280, 720))
    rows = []
    try:
        app.open("menu")
        for name in args.games or [spec.name for spec in game.rules.in_order()]:
            rows.append(count(app, game.rules.get(name),
                              "all" if args.all else "none" if args.quiet else "path"))
    finally:
        app.shutdown()
        storage.writer.wait()
        shutil.rmtree(home, ignore_errors=True)
    print("\ngame      path calls  functions  hooks  re-entries  frame calls")
    for row in rows:
        print(f"{row['game']:<9} {row['path calls']:>10} {row['path functions']:>10} "
              f"{row['hooks']:>6} {row['re-entries']:>11} {row['all calls']:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
