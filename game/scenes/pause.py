"""The pause overlay, a pygame-gui window: resume, restart, rules, settings, quit to the
menu (and why the game paused itself, when it did)."""
from __future__ import annotations

from game.ui import input as inp
from game.scenes.base import Scene


UNPLUGGED = ("The gamepad was disconnected: plug it back in, or use the keyboard or mouse "
             "to go on.")
PLUGGED_BACK = "A gamepad is connected: press A (or Enter, or click Resume) to go on."


class PauseScene(Scene):
    transparent = True
    held_widgets = ("window",)

    def __init__(self, app, play_scene, unplugged: bool = False):
        super().__init__(app)
        self.play = play_scene
        self.reason = UNPLUGGED if unplugged else ""
        self.window = None

    def build(self, size) -> None:
        # The game's own actions (offer to end, resign a deal) are here too, so a
        # keyboard or gamepad reaches them.
        actions = [(label, callback) for label, callback in self.play.game_actions()
                   if label != "Restart"]           # the puzzles have their own, the same
        actions += self.play.view.view_actions()
        # One window holds the title, the reason and the buttons, so the game's panel
        # (dimmed) never shows between them. A small window: closer, lower buttons.
        count = 4 + self.play.allows_restart + len(actions)
        height, gap = 50, 12
        while True:
            self.window, rects = self.dialog("Paused", self.reason, 400, count, height, gap)
            if self.window.rect.bottom < size[1] - 4 or height <= 34:
                break
            self.window.kill()
            height, gap = height - 2, max(6, gap - 1)
        rects = iter(rects)

        def button(label, callback):
            self.button(next(rects), label, callback, container=self.window)
        button("Resume", self.app.pop)
        for label, callback in actions:
            button(label, lambda callback=callback: self.do(callback))
        if self.play.allows_restart:        # not with a player elsewhere: both play it
            button("Restart", self.restart)
        button("Rules", self.rules)
        button("Settings", self.settings)
        button(f"Quit to {self.play.exit_name}", self.play.exit_to)

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
            self.rebuild()
            return
        super().handle(action)

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 225)
        self.draw_ui(surface)
