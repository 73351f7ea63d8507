"""The pause overlay: resume, restart, rules, settings, quit to the menu."""
from __future__ import annotations

from game import input as inp
from game.scenes.base import Scene


UNPLUGGED = ("The gamepad was disconnected: plug it back in, or use the keyboard or mouse "
             "to go on.")
PLUGGED_BACK = "A gamepad is connected: press A (or Enter, or click Resume) to go on."


class PauseScene(Scene):
    transparent = True

    def __init__(self, app, play_scene, unplugged: bool = False):
        super().__init__(app)
        self.play = play_scene
        self.reason = UNPLUGGED if unplugged else ""

    def build(self, size) -> None:
        # The game's own actions (offer to end, resign a deal) are here too, so a
        # keyboard or gamepad reaches them.
        actions = [(label, callback) for label, callback in self.play.game_actions()
                   if label != "Restart"]           # the puzzles have their own, the same
        actions += self.play.view.view_actions()
        rects = iter(self.column_rects(5 + len(actions), width=400, height=50, gap=12))
        self.button(next(rects), "Resume", self.app.pop)
        for label, callback in actions:
            self.button(next(rects), label, lambda callback=callback: self.do(callback))
        self.button(next(rects), "Restart", self.restart)
        self.button(next(rects), "Rules", self.rules)
        self.button(next(rects), "Settings", self.settings)
        self.button(next(rects), f"Quit to {self.play.exit_name}", self.play.exit_to)

    def do(self, callback) -> None:
        self.app.pop()
        callback()

    def restart(self) -> None:
        self.app.pop()
        self.play.restart()

    def rules(self) -> None:
        self.app.open("rules", self.play.state.spec)

    def settings(self) -> None:
        self.app.open("settings")

    def handle(self, action) -> None:
        if action.kind == inp.PAUSE:
            self.app.pop()
            return
        if action.kind == inp.DEVICE_ADDED and self.reason == UNPLUGGED:
            self.reason = PLUGGED_BACK
            return
        super().handle(action)

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 225)
        title = "Paused"
        self.draw_title(surface, title, self.reason or None, y=round(110 * self.app.scale))
        self.draw_ui(surface)
