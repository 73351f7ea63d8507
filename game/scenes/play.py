"""Playing a game: a thin screen over a session (game/services/session.py), which owns the
game. This scene shows the board view and the side panel (play_panel.py), turns actions
into moves and session calls, shows what each call returns happened (the session's
events: it never calls the screen), and opens the results card when a game ends."""
from __future__ import annotations

import pygame

from game.ui import input as inp
from game.services.session import (POSITION_EVENTS, Asked, Jumped, Moved, Problems, Replaced,
                                   SeatsChanged, Session, Sound)
from game.scenes.base import Scene
from game.scenes.play_panel import SidePanel
from game.views import make_view
from sprites.puzzle_icons import Confetti

RESULTS_DELAY = 1.3                # the losing line is shown before the results panel
MIN_PANEL_WIDTH = 240             # pixels: the side panel in the smallest windows


class PlayScene(Scene):
    exit_name = "menu"          # where Quit (pause) and the results card's last button go
    allows_take_back = True     # the results card offers to take the last move back
    allows_restart = True       # the pause menu offers Restart
    undo_label = "Undo"         # the panel's first button (a live game asks: "Undo?")

    def __init__(self, app, state, seats, match=None, config=None, script=None,
                 drivers=None, names=None):
        super().__init__(app)
        counted = config is None or config.records_stats     # not a demo, tutorial, puzzle
        self.session = Session(state, seats, app.worker, app.settings, match, config,
                               script=script,
                               series=app.series_for(state.spec.name, seats) if counted
                               else None, drivers=drivers)
        if names is not None:                   # seats named otherwise than as saved
            self.session.names = list(names)
        self.view = make_view(app.view_context, state, self.session.names)
        self.side = SidePanel(self)
        self.results_timer: float | None = None
        self.celebration: Confetti | None = None    # a win's burst of confetti
        self.celebration_time = 0.0
        self.ring.pointer_only = True

    @property
    def state(self):
        return self.session.state

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if any(seat.is_computer for seat in self.session.seats):
            self.app.worker.warm_up()
        self.view.sync()
        self.session.save()
        if self.state.is_over:
            self.results_timer = 0.0

    def exit(self) -> None:
        self.app.worker.cancel()
        super().exit()

    def leave(self) -> None:
        """Going back to the menu: stop thinking; the game stays saved for later."""
        self.app.worker.cancel()

    def build(self, size) -> None:
        sw, sh = size
        panel_w = max(round(330 * self.app.scale), sw // 4, MIN_PANEL_WIDTH)
        self.panel = pygame.Rect(sw - panel_w, 0, panel_w, sh)
        self.view.layout(pygame.Rect(0, 0, sw - panel_w, sh))
        self.side.build_buttons()
        self.built_actions = [label for label, _ in self.game_actions()]
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        session = self.session
        for button, possible in ((self.side.undo_button, self.state.can_undo),
                                 (self.side.redo_button, self.state.can_redo)):
            button.enabled = session.has_human and possible
            button.refresh()

    # --- what the panel and the pause menu offer ----------------------------------------
    def game_actions(self) -> list:
        """(label, callback) of the game's own actions the humans can take now."""
        callbacks = {"offer_end": lambda action: self.offer_end,
                     "hint": lambda action: self.ask_hint,
                     "resign": lambda action: lambda: self.resign(action.seat)}
        return [(action.label, callbacks[action.name](action))
                for action in self.session.actions()]

    def ask_hint(self) -> None:
        self.show(self.session.ask_hint(self.human_may_move))

    def offer_end(self) -> None:
        self.show(self.session.offer_end())

    def resign(self, seat: int) -> None:
        self.show(self.session.resign(seat))
        if self.session.match is not None and self.session.match.is_over:
            self.app.open("results", self)

    # --- actions --------------------------------------------------------------------------
    @property
    def human_may_move(self) -> bool:
        """The session's word, once the view has shown the last move."""
        return self.session.human_may_move and not self.view.animating

    def handle(self, action) -> None:
        kind = action.kind
        if action.is_pointer and self.ring.handle(action):
            return
        if kind == inp.DEVICE_REMOVED:
            self.pause(unplugged=True)
        elif kind == inp.HINT:
            self.ask_hint()
        elif kind == inp.UNDO:
            self.undo()
        elif kind == inp.REDO:
            self.redo()
        elif kind == inp.PAUSE:
            self.pause()
        elif kind == inp.CONFIRM and self.session.ai_error and not action.is_pointer:
            self.take_over()
        else:
            self.view.human_may_move = self.human_may_move
            handled = self.view.handle(action)
            if handled.move is not None:
                self.play_move(handled.move)
            elif not handled.used and kind == inp.BACK:
                self.pause()

    def play_move(self, move) -> None:
        self.show(self.session.play(move))

    def undo(self) -> None:
        self.show(self.session.undo())

    def redo(self) -> None:
        self.show(self.session.redo())

    def take_over(self) -> None:
        self.show(self.session.take_over())

    def restart(self) -> None:
        self.show(self.session.restart())

    def rematch(self) -> None:
        self.show(self.session.rematch())

    def pause(self, unplugged: bool = False) -> None:
        self.app.open("pause", self, unplugged)

    def exit_to(self) -> None:
        self.leave()
        self.app.home()

    # --- what the session reports happened ------------------------------------------------
    def show(self, events: list) -> None:
        """Show the session's events, in order; after a change of position the screen
        settles (its buttons, the results card's timer, a celebration)."""
        for event in events:
            match event:
                case Moved(move):
                    self.moved(move)
                case Jumped():
                    self.jumped()
                case Replaced():
                    self.replaced()
                case SeatsChanged():
                    self.rebuild()
                case Sound(name):
                    self.app.sounds.play(name)
                case Problems(messages):
                    self.app.messages.extend(messages)
                case Asked(question):
                    self.app.open("confirm", question.title, question.text,
                                  question.yes, lambda: self.show(question.on_yes()),
                                  question.no, lambda: self.show(question.on_no()))
        if any(isinstance(event, POSITION_EVENTS) for event in events):
            self.settled()

    def moved(self, move) -> None:
        self.view.on_move(move)
        self._rebuild_if_actions_changed()

    def jumped(self) -> None:
        self.results_timer = None
        self.view.sync()
        self._rebuild_if_actions_changed()      # e.g. Hint again after a take-back

    def _rebuild_if_actions_changed(self) -> None:
        """The game's own buttons (Hint, Offer to end, Resign) came, went or changed: as
        many as before are relabelled where they stand (a whole new UI takes a few ms of
        the frame), another number is a new UI."""
        if self.ui is None:
            return
        actions = self.game_actions()
        labels = [label for label, _ in actions]
        if labels == self.built_actions:
            return
        buttons = self.side.action_buttons
        if len(buttons) != len(actions):
            self.rebuild()
            return
        for button, (label, callback) in zip(buttons, actions):
            if button.element.text != label:
                button.element.set_text(label)
            button.on_press = callback
        self.built_actions = labels

    def replaced(self) -> None:
        self.view = make_view(self.app.view_context, self.state, self.session.names)
        self.results_timer = None
        self.rebuild()
        self.view.sync()

    def settled(self) -> None:
        self.refresh_buttons()
        if not self.state.is_over:
            self.celebration = None
            return
        self.results_timer = 0.0
        # A burst of confetti; none under reduced motion, whatever the screen celebrates.
        if self.celebration is None and self.app.settings.animation_factor > 0 \
                and self.celebrates():
            palette = self.app.palette
            board = pygame.Rect(0, 0, self.panel.x, self.app.size[1])
            colours = list(palette.confetti) + [palette.accent, (250, 250, 250)]
            self.celebration = Confetti(board, colours, seed=len(self.state.history))
            self.celebration_time = 0.0

    def celebrates(self) -> bool:
        return self.session.celebrates()

    # --- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.update_board(dt)
        if self.results_timer is not None:
            if not self.view.animating:
                self.results_timer += dt
            if self.results_timer >= RESULTS_DELAY and self.app.scene is self:
                self.results_timer = None
                self.app.open("results", self)
            return
        self.show(self.session.update(dt, self.view.animating, self.app.scene is self))

    def update_board(self, dt: float) -> None:
        """The board's animations and the confetti; also run by the results card over
        this screen, so that they finish under it."""
        self.view.update(dt)
        if self.celebration is not None:
            self.celebration_time += dt

    # --- drawing --------------------------------------------------------------------------
    def draw_background(self, surface) -> None:
        # A view that paints its whole rect, and the panel, leave no background to show.
        if not (self.view.paints_its_rect
                and self.view.rect.union(self.panel) == surface.get_rect()):
            super().draw_background(surface)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.view.human_may_move = self.human_may_move
        self.view.draw(surface)
        self.draw_board_overlay(surface)
        self.side.draw(surface)
        self.draw_widgets(surface)

    def shown_hint(self):
        """The move ringed on the board: a hint asked for, else a tutorial's suggestion."""
        session = self.session
        if session.hint_move is not None:
            return session.hint_move
        return session.suggestion(self.human_may_move)

    def draw_board_overlay(self, surface) -> None:
        """Drawn over the board, under the panel (a hint, a celebration)."""
        move = self.shown_hint()
        if move is not None and not self.view.animating:
            self.view.draw_hint(surface, move)
        if self.celebration is not None:
            self.celebration.draw(surface, self.celebration_time, self.app.scale)

    # --- what a variant of the screen (demo, tutorial, puzzle) shows differently -----------
    def panel_title(self) -> str:
        return self.state.spec.title

    def panel_subtitle(self) -> list[str]:
        return self.session.options_summary()

    def panel_heading(self) -> list:
        """(text, colour or None) lines under the subtitle that stay while the game goes
        on (a puzzle's goal): drawn as they are, not in the running text's box, which is
        made again whenever its text changes."""
        return []

    def panel_lines(self) -> list:
        """More (text, colour or None) lines for the side panel, under the status."""
        return []

    def status_text(self) -> str:
        """The session's status line, or the view's words: for a human to move, and for
        a forced pass when it has its own."""
        session, view = self.session, self.view
        text = session.status(self.app.worker.busy)
        if text is None:
            return view.status()
        if session.must_pass:
            return view.pass_text() or text
        return text

    def result_actions(self) -> list:
        """(label, callback) for the results card's first button."""
        return [(self.session.next_label(), self.rematch)]

    def result_headline(self) -> str:
        return self.session.result_headline()

    def result_reason(self) -> str:
        return self.session.result_reason()

    def result_sound(self) -> str:
        return self.session.result_sound()
