"""A live game's guest in a process of its own, for the test that kills it
(tests/test_live_screens.py): the app, headless, over 127.0.0.1 only.

    python tests/live_peer.py HOME join PORT    join the game hosted on 127.0.0.1:PORT
    python tests/live_peer.py HOME continue     come back to it with Continue

The player's name is LIVE_PEER_NAME's (Bob by default).
Either way it plays a random legal move whenever its player may, prints each move count
its game reaches, and, when the game is over, "over" and the game's moves as JSON. It
stops by itself after SECONDS whatever happens.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time

SECONDS = 150.0
SLOW_WRITE = 0.03           # seconds each file write takes


def main() -> int:
    home, mode = sys.argv[1], sys.argv[2]
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["LITTLE_ABSTRACTS_HOME"] = home
    from game.app import App
    from game.core import storage
    from game.net import live_session
    # A slow disk: a kill is likely to come while a secret is on its way to it.
    write = storage._write_atomically

    def slow_write(path, data):
        time.sleep(SLOW_WRITE)
        write(path, data)
    storage._write_atomically = slow_write
    from game.scenes.live_play import LivePlayScene
    from game.services.settings import Settings
    live_session.stay_on_this_machine()
    live_session.RETRY_EVERY = 0.2
    app = App(size=(800, 480), headless=True,
              settings=Settings(player_name=os.environ.get("LIVE_PEER_NAME", "Bob"),
                                animation_speed="off",
                                computer_speed="instant"))
    app.open("menu")
    app.step(1 / 60, [])
    if mode == "join":
        app.open("join")
        app.step(1 / 60, [])
        app.scene.address_field.entry.set_text(f"127.0.0.1:{sys.argv[3]}")
        app.scene.join_typed()
    else:
        app.scene.continue_game()
    rng = random.Random(os.getpid())
    shown = -1
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        app.step(1 / 60, [])
        scene = app.scene
        if not isinstance(scene, LivePlayScene):
            time.sleep(0.002)
            continue
        state = scene.state
        if len(state.history) != shown:
            shown = len(state.history)
            print(shown, flush=True)
        if state.is_over:
            print("over", json.dumps(state.move_list()), flush=True)
            return 0
        if scene.human_may_move and not scene.session.must_pass:
            scene.play_move(rng.choice(state.legal_moves()))
        time.sleep(0.002)
    print("timeout", flush=True)
    return 2


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main())
