"""Playing a game: the board view, whose turn, the move list, undo/redo, the computer.

The scene owns the game state and the seats. Moves are applied to the state at once and
animated afterwards by the view. The computer searches in the worker process; the scene
polls it each frame, so the screen keeps animating while it thinks.
"""
from __future__ import annotations

import pygame

from game import input as inp
from game import stats
from game.engine import saves, storage
from game.engine.match import Match
from game.engine.state import Outcome, PerPosition
from game.scenes.base import Scene, draw_text, fit_text, wrap_text
from game.views import make_view
from sprites.puzzle_icons import Confetti

HUMAN_VS_COMPUTER_PAUSE = 0.35     # seconds before the computer answers a human
RESULTS_DELAY = 1.3                # the losing line is shown before the results panel
PASS_DELAY = 1.2                   # a forced pass is shown this long before it is played


def seat_names(seats) -> list[str]:
    humans = sum(1 for seat in seats if not seat.is_computer)
    computers = len(seats) - humans
    names = []
    for index, seat in enumerate(seats):
        if seat.is_computer:
            number = f" {index + 1}" if computers > 1 else ""
            names.append(f"Computer{number} ({seat.level})")
        else:
            names.append("You" if humans == 1 else f"Player {index + 1}")
    return names


class PlayScene(Scene):
    records_stats = True        # finished games count in the statistics (not demos, puzzles)
    saves_game = True           # kept as the suspended game (not demos, tutorials)

    def __init__(self, app, state, seats, match=None):
        super().__init__(app)
        self.match = match                  # a Match when the game is played in matches
        self.state = state
        self.seats = list(seats)
        self.names = seat_names(self.seats)
        self.view = make_view(app, state, self.names)
        self.computer_wait = 0.0
        self.thinking_time = 0.0
        self.ai_error: str | None = None
        self.results_timer: float | None = None
        self.notice = ""                    # a line about what just happened (a declined offer)
        self.hint_pending = False           # the worker is finding a hint for a human
        self.hint_move = None               # the hinted move, shown until a move is made
        self._counted = None                # the finished game last counted in the stats
        self.per_position = PerPosition()   # the move list, per position
        self.celebration: Confetti | None = None    # a win's burst of confetti
        self.celebration_time = 0.0
        self.pass_wait = 0.0
        self.ring.pointer_only = True

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if any(seat.is_computer for seat in self.seats):
            self.app.worker.warm_up()
        self.view.sync()
        self._save()
        if self.state.is_over:
            self.results_timer = 0.0

    def exit(self) -> None:
        self.app.worker.cancel()
        super().exit()

    def leave(self) -> None:
        """Going back to the menu: stop thinking; the game stays saved for later."""
        self.app.worker.cancel()

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        panel_w = max(round(330 * s), sw // 4)
        self.panel = pygame.Rect(sw - panel_w, 0, panel_w, sh)
        self.view.layout(pygame.Rect(0, 0, sw - panel_w, sh))
        bw = (panel_w - round(40 * s)) // 3
        bh = round(44 * s)
        y = sh - bh - round(18 * s)
        x0 = self.panel.x + round(12 * s)
        self.undo_button = self.button((x0, y, bw - 4, bh), "Undo", self.undo, column=0)
        self.redo_button = self.button((x0 + bw + 4, y, bw - 4, bh), "Redo", self.redo,
                                       column=1)
        self.button((x0 + 2 * (bw + 4), y, bw - 4, bh), "Pause", self.pause, column=2)
        self.takeover_button = None
        if self.ai_error:
            self.takeover_button = self.button(
                (self.panel.x + round(12 * s), y - bh - round(12 * s), panel_w - round(24 * s), bh),
                "Take over this seat", self.take_over, column=0)
        self.action_buttons = []
        actions = self.game_actions()
        if actions and not self.ai_error:
            aw = (panel_w - round(24 * s)) // len(actions)
            ay = y - bh - round(10 * s)
            for i, (label, callback) in enumerate(actions):
                self.action_buttons.append(self.button(
                    (x0 + i * aw, ay, aw - 6, bh), label, callback, column=i))
        # The view's own buttons (Xutoli: letters, legend) in a row above the others.
        self.view_buttons = []
        view_actions = self.view_actions()
        if view_actions:
            above = self.action_buttons or ([self.takeover_button] if self.takeover_button
                                            else [self.undo_button])
            vy = above[0].element.rect.y - bh - round(10 * s)
            vw = (panel_w - round(24 * s)) // len(view_actions)
            for i, (label, callback) in enumerate(view_actions):
                self.view_buttons.append(self.button(
                    (x0 + i * vw, vy, vw - 6, bh), label, callback, column=i))
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        self.undo_button.enabled = self._has_human() and self.state.can_undo
        self.redo_button.enabled = self._has_human() and self.state.can_redo
        self.undo_button.refresh()
        self.redo_button.refresh()

    # --- seats ----------------------------------------------------------------------------
    def _human_seats(self) -> list:
        return [i for i, seat in enumerate(self.seats) if not seat.is_computer]

    def _has_human(self) -> bool:
        return any(not seat.is_computer for seat in self.seats)

    def _computer_to_move(self) -> bool:
        seat = self.state.to_play
        return seat is not None and self.seats[seat].is_computer

    @property
    def human_to_move(self) -> bool:
        return (not self.state.is_over and not self._computer_to_move()
                and not self.view.animating)

    # --- actions --------------------------------------------------------------------------
    def handle(self, action) -> None:
        kind = action.kind
        if action.is_pointer and self.ring.handle(action):
            return
        if kind == inp.DEVICE_REMOVED:
            from game.scenes.pause import UNPLUGGED
            self.pause(UNPLUGGED)
            return
        if kind == inp.HINT:
            self.ask_hint()
            return
        if kind == inp.UNDO:
            self.undo()
            return
        if kind == inp.REDO:
            self.redo()
            return
        if kind == inp.PAUSE:
            self.pause()
            return
        if kind == inp.CONFIRM and self.ai_error and not action.is_pointer:
            self.take_over()
            return
        result = self.view.handle(action, self.human_to_move)
        if isinstance(result, tuple):
            self.play_move(result)
        elif result is None and kind == inp.BACK:
            self.pause()

    def play_move(self, move) -> None:
        self._drop_hint()
        before = self.view.capture_before()     # for the move's animation
        actions_before = self._action_labels()
        self.state.play(move)
        self.view.on_move(move, before)
        self.computer_wait = 0.0
        self.pass_wait = 0.0
        self.notice = ""
        if self._action_labels() != actions_before:
            self.rebuild()
        self._after_change()

    def _action_labels(self) -> list:
        return [label for label, _ in self.game_actions()]

    def _after_change(self) -> None:
        self._refresh_buttons()
        self._save()
        if self.state.is_over:
            self.results_timer = 0.0
            self._count(self.state, self.state.outcome)
            if self.celebration is None and self.celebrates():
                self._celebrate()
        else:
            self.celebration = None

    def celebrates(self) -> bool:
        """A finished game is celebrated when a human won it (or, with no human at the
        table, when anyone did: the demos), unless motion is off."""
        winner = self.state.outcome.winner
        if winner is None or self.app.settings.animation_factor <= 0:
            return False
        return not self._has_human() or not self.seats[winner].is_computer

    def _celebrate(self) -> None:
        palette = self.app.palette
        board = pygame.Rect(0, 0, self.panel.x, self.app.size[1])
        self.celebration = Confetti(board, list(palette.discs[:2]) + [palette.accent,
                                                                       (250, 250, 250)],
                                    seed=len(self.state.history))
        self.celebration_time = 0.0
    def _count(self, state, outcome) -> None:
        """A finished game goes into the statistics once (taking its last move back and
        finishing again is the same game)."""
        if not self.records_stats or self._counted is state:
            return
        self._counted = state
        problems = stats.record_finished_game(state.spec.name, self.seats, outcome)
        if problems:
            self.notice = problems[0]
            self.app.messages.extend(problems)

    def _save(self) -> None:
        """The game goes to the suspended-game slot, by the background writer."""
        if not self.saves_game:
            return
        if self.match is not None and not self._match_decided():
            # A finished game of a match stays saved: the next deal follows it.
            # (A solitaire or Xtic game is saved alone.)
            saves.save_resume_soon(self.state, self.seats, self.match)
        elif self.state.is_over or self.match is not None:
            saves.clear_resume_soon()
        else:
            saves.save_resume_soon(self.state, self.seats)

    save_failure = "The game could not be saved"

    def saved_file(self):
        """The file this scene saves to (None: it saves nothing)."""
        return saves.resume_path() if self.saves_game else None

    @property
    def save_error(self) -> str | None:
        """Why the last write of the scene's file failed; None once one succeeds."""
        path = self.saved_file()
        error = storage.writer.error(path) if path is not None else None
        return f"{self.save_failure}: {error}" if error else None

    # --- matches, offers to end, resigning ---------------------------------------------
    def _match_decided(self) -> bool:
        """The match is won (with the current game's points, if it is over)."""
        match = self.match
        return match is not None and match.leader(match.scores_after_current(),
                                                  match.rules.target) is not None

    def game_actions(self) -> list:
        """(label, callback) of the game's own actions the humans can take now: offering
        to end a game (Xoliba; Che with an unlimited pool), resigning a Xoliba deal, a
        hint against the computer. Also listed in the pause menu."""
        actions = []
        state = self.state
        if not self._has_human() or state.is_over:
            return actions
        if self.match is not None and self.match.can_resign():
            for seat in self._human_seats():
                label = "Resign deal" if len(self._human_seats()) == 1 \
                    else f"{state.spec.seats[seat]} resigns"
                actions.append((label, lambda seat=seat: self.resign(seat)))
        elif "agree" in state.consent_moves():
            actions.append(("Offer to end", self.offer_end))
        if self.hints_offered():
            actions.append(("Hint", self.ask_hint))
        return actions

    def view_actions(self) -> list:
        """(label, callback) of what the board view offers besides moves (Xutoli: the
        letters on the board, the legend of the patterns); also in the pause menu."""
        return self.view.view_actions() if hasattr(self.view, "view_actions") else []

    # --- hints ----------------------------------------------------------------------------
    def hints_offered(self) -> bool:
        """Hints are for games against the computer (a human and a computer seat)."""
        return self._has_human() and any(seat.is_computer for seat in self.seats)

    def ask_hint(self) -> None:
        """Ask the strongest level what it would play here, for the human to move."""
        state = self.state
        if not self.hints_offered() or not self.human_to_move or state.is_chance \
                or self.must_pass:
            self.app.sounds.play("illegal")
            self.notice = "A hint is for your own turn, against the computer" + \
                (" (after the roll)" if state.is_chance and self.human_to_move else "")
            return
        if self.hint_pending:
            return
        self.app.worker.request(state, state.spec.ai_levels[-1])
        self.hint_pending = True
        self.thinking_time = 0.0
        self.notice = "Looking for a hint…"

    def _poll_hint(self, dt: float) -> None:
        self.thinking_time += dt
        reply = self.app.worker.poll()
        if reply is None:
            return
        self.hint_pending = False
        if reply.error:
            self.notice = f"No hint: {reply.error.splitlines()[0]}"
            return
        try:
            move = self.state.parse_move(reply.move_text)
        except ValueError as exc:
            self.notice = f"No hint: {exc}"
            return
        self.hint_move = move
        level = self.state.spec.ai_levels[-1]
        self.notice = f"Hint: {self.state.format_move(move)} (the {level} computer's move)"
        self.app.sounds.play("menu_confirm")

    def _drop_hint(self) -> None:
        """A move, an undo or a restart: the hint (and its search) no longer applies."""
        if self.hint_pending:
            self.app.worker.cancel()
            self.hint_pending = False
        self.hint_move = None

    def offer_end(self) -> None:
        """A human offers to end the game now; every other player must agree."""
        state = self.state
        if state.is_over:
            return
        self.app.worker.cancel()
        offerer = state.to_play if not self.seats[state.to_play].is_computer \
            else self._human_seats()[0]
        active = getattr(state, "active", [True] * len(self.seats))   # seats still playing
        others = [seat for seat in range(len(self.seats)) if seat != offerer and active[seat]]
        for seat in others:
            refusal = self.seats[seat].is_computer and self._computer_refusal(seat)
            if refusal:
                self.notice = refusal
                self.app.sounds.play("illegal")
                return
        humans = [seat for seat in others if not self.seats[seat].is_computer]
        if humans:
            from game.scenes.confirm import ConfirmScene
            asked = " and ".join(state.spec.seats[seat] for seat in humans)
            self.app.push(ConfirmScene(
                self.app, f"{state.spec.seats[offerer]} offers to end the game",
                f"{asked}: do you agree? The game is then scored as it stands.",
                "Agree", self._agree_to_end, "Decline", self._declined))
            return
        self._agree_to_end()

    def _computer_refusal(self, seat: int) -> str | None:
        """Why the computer in `seat` declines to end the game now, or None if it agrees.
        Asked here, not in the worker (it is quick); an error counts as declining."""
        import game.ai      # here, not at start-up: the menu does not need the players
        try:
            if game.ai.accepts_end(self.state, seat):
                return None
        except Exception as exc:                    # noqa: BLE001 - reported as a refusal
            return f"{self.names[seat]} could not answer ({type(exc).__name__}: {exc}), " \
                   f"so the game goes on."
        return f"{self.names[seat]} declines to end the game."

    def _agree_to_end(self) -> None:
        self.play_move("agree")

    def _declined(self) -> None:
        self.notice = "The offer to end the game was declined."

    def resign(self, seat: int) -> None:
        match = self.match
        if match is None or not match.can_resign():
            self.app.sounds.play("illegal")
            return
        self.app.worker.cancel()
        resigned = self.state
        match.resign(seat)
        record = match.records[-1]
        winner = 1 - seat
        self._count(resigned, Outcome(winner, tuple(record.points), "resigned"))
        self.notice = (f"{self.names[seat]} resigned the deal: {self.names[winner]} scored "
                       f"{record.points[winner]}. A new deal.")
        self.state = match.state
        self._reset_view()
        if match.is_over:
            from game.scenes.results import ResultsScene
            self.app.push(ResultsScene(self.app, self))

    def undo(self) -> None:
        """Take back moves until a human is to move (a whole turn against the computer)."""
        self._travel(self.state.undo, lambda: self.state.can_undo)

    def redo(self) -> None:
        self._travel(self.state.redo, lambda: self.state.can_redo)

    def _travel(self, step, possible) -> None:
        if not self._has_human() or not possible():
            self.app.sounds.play("illegal")
            return
        self.app.worker.cancel()
        step()
        while possible() and self._computer_to_move():
            step()
        self._after_undo_redo()

    def _after_undo_redo(self) -> None:
        self._drop_hint()
        self.results_timer = None
        self.ai_error = None
        self.computer_wait = 0.0
        self.view.sync()
        self.app.sounds.play("menu_move")
        self._after_change()

    def pause(self, reason: str = "") -> None:
        from game.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self, reason))

    def restart(self) -> None:
        """The same game (in a match: the same deal) from its first move."""
        self.app.worker.cancel()
        self.state = self.state.spec.new_game(seed=self.state.seed, options=self.state.options)
        if self.match is not None:
            self.match.state = self.state
        self._reset_view()

    def rematch(self) -> None:
        """After a game: the match's next deal, or a new game (a new match)."""
        self.app.worker.cancel()
        match = self.match
        if match is not None and not self._match_decided():
            match.next_game()
            self.state = match.state
        elif match is not None:
            self.match = Match.start(self.state.spec, self.state.options)
            self.state = self.match.state
        else:
            self.state = self.state.spec.new_game(options=self.state.options)
        self.notice = ""
        self._drop_hint()
        self._reset_view()

    def _reset_view(self) -> None:
        self.view = make_view(self.app, self.state, self.names)
        self.results_timer = None
        self.ai_error = None
        self.computer_wait = 0.0
        self.pass_wait = 0.0
        self.rebuild()
        self.view.sync()
        self._after_change()

    def take_over(self) -> None:
        """After a computer error: a human plays that seat from now on."""
        seat = self.state.to_play
        if seat is not None:
            self.seats[seat] = saves.Seat("human", None)
            self.names = seat_names(self.seats)
            self.view.names = self.names
        self.ai_error = None
        self.rebuild()
        self._save()

    # --- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)
        if self.celebration is not None:
            self.celebration_time += dt
        if self.results_timer is not None:
            if not self.view.animating:
                self.results_timer += dt
            if self.results_timer >= RESULTS_DELAY and self.app.scene is self:
                self.results_timer = None
                from game.scenes.results import ResultsScene
                self.app.push(ResultsScene(self.app, self))
            return
        if self.state.is_over or self.ai_error:
            self.thinking_time = 0.0
            return
        if self.hint_pending:
            self._poll_hint(dt)
            return
        if self.state.is_chance:
            self._drive_roll(dt)
            return
        if self.must_pass:
            # Passes are forced: shown for a moment, then played for whoever is to move.
            if not self.view.animating and self.app.scene is self:
                self.pass_wait += dt
                if self.pass_wait >= PASS_DELAY * min(1.0, self.app.settings.animation_factor
                                                      or 0.3):
                    self.play_move("pass")
            return
        if not self._computer_to_move():
            self.thinking_time = 0.0
            return
        self._drive_computer(dt)

    @property
    def must_pass(self) -> bool:
        # Asked every frame (update and status line): the legal moves once per position.
        state = self.state
        return self.per_position.get(
            state, "must_pass", lambda: not state.is_over and state.legal_moves() == ["pass"])

    def _computer_delay(self) -> float:
        if not self._has_human():
            return self.app.settings.computer_delay
        return min(HUMAN_VS_COMPUTER_PAUSE, self.app.settings.computer_delay)

    def _drive_roll(self, dt: float) -> None:
        """A chance step (Catalina's dice). The dice are the game's own, not a choice: the
        computer's are thrown for it after a moment; a human throws through the view."""
        self.thinking_time = 0.0
        if not self._computer_to_move() or self.view.animating or self.app.scene is not self:
            return
        self.computer_wait += dt
        if self.computer_wait >= self._computer_delay():
            self.play_move(self.state.copy().sample_chance())     # the roll it would draw

    def _drive_computer(self, dt: float) -> None:
        worker = self.app.worker
        if not worker.busy:
            if self.view.animating:
                return
            self.computer_wait += dt
            if self.computer_wait < self._computer_delay():
                return
            self.thinking_time = 0.0
            worker.request(self.state, self.seats[self.state.to_play].level)
            return
        self.thinking_time += dt
        reply = worker.poll()
        if reply is None:
            return
        if reply.error:
            self.ai_error = reply.error.splitlines()[0]
            self.rebuild()
            return
        try:
            move = self.state.parse_move(reply.move_text)
        except ValueError as exc:
            self.ai_error = f"the computer chose an impossible move: {exc}"
            self.rebuild()
            return
        self.play_move(move)

    def result_headline(self) -> str:
        match = self.match
        if match is not None and self._match_decided():
            winner = match.leader(match.scores_after_current(), match.rules.target)
            return f"{self.names[winner]} {'win' if self.names[winner] == 'You' else 'wins'} " \
                   f"the match!"
        outcome = self.state.outcome
        if outcome is None:
            return ""
        if len(self.seats) == 1:        # a solitaire: solved or not
            return "Solved!" if outcome.winner == 0 else "Not solved"
        if outcome.winner is None:
            return "A tie" if match is not None else "A draw"
        humans = [i for i, seat in enumerate(self.seats) if not seat.is_computer]
        if len(humans) == 1:
            return "You win!" if outcome.winner == humans[0] else f"{self.names[outcome.winner]} wins"
        return f"{self.names[outcome.winner]} wins"

    def result_reason(self) -> str:
        """The results card's text: why the game ended, how it scored, the match."""
        match = self.match
        outcome = self.state.outcome
        parts = []
        if outcome is not None:
            parts.append(outcome.reason)
        elif match is not None and match.records:
            parts.append(match.records[-1].reason + ".")
        if match is not None:
            scores = match.scores_after_current()
            table = ", ".join(f"{self.state.spec.seats[seat]} {points}"
                              for seat, points in enumerate(scores))
            parts.append(f"Match to {match.rules.target}: {table}.")
        return " ".join(parts)

    def result_actions(self) -> list:
        """(label, callback) for the results card's first button."""
        if self.match is not None and not self._match_decided():
            return [("Next game", self.rematch)]
        if self.match is not None:
            return [("New match", self.rematch)]
        return [("Rematch", self.rematch)]

    def result_sound(self) -> str:
        outcome = self.state.outcome
        if len(self.seats) == 1:
            return "win" if outcome is not None and outcome.winner == 0 else "loss"
        if outcome is None or outcome.winner is None:
            return "draw"
        humans = [i for i, seat in enumerate(self.seats) if not seat.is_computer]
        if len(humans) == 1 and outcome.winner != humans[0]:
            return "loss"
        return "win"

    # --- drawing --------------------------------------------------------------------------
    def draw_background(self, surface) -> None:
        # A view that paints every pixel of its rect (Che's and Xutoli's layer of tiles
        # holds the background) and the opaque panel beside it leave none of the window's
        # background to show: its blit (a third of a settled frame) is spared.
        view = self.view
        if not (getattr(view, "paints_its_rect", False)
                and view.rect.union(self.panel) == surface.get_rect()):
            super().draw_background(surface)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.view.draw(surface)
        self.draw_board_overlay(surface)
        self._draw_panel(surface)
        if self.ui:
            self.ui.draw_ui(surface)

    def _draw_panel(self, surface) -> None:
        """The side panel, drawn again only when what it shows changed: else the last
        drawing is blitted (it is opaque; the buttons are drawn over it afterwards)."""
        key = self._panel_key()
        cache = getattr(self, "_panel_cache", None)
        if cache is not None and cache[0] == key and cache[1].get_size() == self.panel.size:
            surface.blit(cache[1], self.panel)
            return
        self._paint_panel(surface)
        self._panel_cache = (key, surface.subsurface(self.panel).copy())

    def _panel_key(self) -> tuple:
        state = self.state
        view = self.view
        return (state.position_key(), state.to_play,
                tuple(self.names), self._status_text(), self.notice, self.save_error,
                self.ai_error, tuple(self.panel_lines()), tuple(view.info_lines())
                if hasattr(view, "info_lines") else (), self.panel_title(),
                tuple(self.panel_subtitle()), tuple(self.panel), self.app.palette.name,
                tuple(self.match.scores) if self.match is not None else None,
                len(self.action_buttons), len(self.view_buttons),
                self.takeover_button is not None)

    def _panel_ground(self) -> pygame.Surface:
        """The panel's plain colour as a surface: blitting it is several times faster
        than filling a part of the window (SDL fills part of a row slowly)."""
        key = (self.panel.size, tuple(self.app.palette.panel))
        cached = getattr(self, "_ground", None)
        if cached is None or cached[0] != key:
            ground = pygame.Surface(self.panel.size)
            if pygame.display.get_surface() is not None:
                ground = ground.convert()
            ground.fill(self.app.palette.panel)
            self._ground = cached = key, ground
        return cached[1]

    def _paint_panel(self, surface) -> None:
        palette = self.app.palette
        s = self.app.scale
        panel = self.panel
        surface.blit(self._panel_ground(), panel)
        pygame.draw.line(surface, palette.panel_border, panel.topleft, panel.bottomleft, 2)
        x = panel.x + round(18 * s)
        width = panel.w - round(36 * s)
        y = round(16 * s)
        spec = self.state.spec
        draw_text(surface, fit_text(self.panel_title(), round(30 * s), width, True), (x, y),
                  round(30 * s), palette.accent, True)
        y += round(40 * s)
        lines = self.panel_subtitle()
        for line in [part for text in lines for part in wrap_text(text, round(15 * s), width)][:3]:
            draw_text(surface, line, (x, y), round(15 * s), palette.text_dim)
            y += round(20 * s)
        y += round(10 * s)
        match_scores = self.match.scores if self.match is not None else None
        for seat, name in enumerate(self.names):
            turn = seat == self.state.to_play
            colour = self.view.seat_colour(seat) if hasattr(self.view, "seat_colour") \
                else palette.seats[seat % len(palette.seats)]
            pygame.draw.circle(surface, colour, (x + round(8 * s), y + round(12 * s)), round(7 * s))
            label = f"{spec.seats[seat]}: {name}"
            label_width = width - round(24 * s)
            if match_scores is not None:
                points = str(match_scores[seat])
                draw_text(surface, points, (panel.right - round(40 * s), y), round(18 * s),
                          palette.text, True, anchor="topright")
                label_width -= round(56 * s)
            draw_text(surface, fit_text(label, round(18 * s), label_width, turn),
                      (x + round(24 * s), y), round(18 * s),
                      palette.text if turn else palette.text_dim, turn)
            if turn:
                tip = (panel.right - round(30 * s), y + round(12 * s))
                pygame.draw.polygon(surface, palette.accent, [
                    tip, (tip[0] + round(12 * s), tip[1] - round(8 * s)),
                    (tip[0] + round(12 * s), tip[1] + round(8 * s))])
            y += round(28 * s)
        y += round(8 * s)
        if self.match is not None:
            draw_text(surface, "match points", (panel.right - round(40 * s), y - round(4 * s)),
                      round(13 * s), palette.text_dim, anchor="topright")
            y += round(16 * s)
        status = self._status_text()
        for line in wrap_text(status, round(17 * s), width)[:3]:
            draw_text(surface, line, (x, y), round(17 * s), palette.accent)
            y += round(23 * s)
        if self.notice:
            for line in wrap_text(self.notice, round(15 * s), width)[:2]:
                draw_text(surface, line, (x, y), round(15 * s), palette.text)
                y += round(20 * s)
        for text, colour in self.panel_lines():
            for line in wrap_text(text, round(16 * s), width)[:4]:
                draw_text(surface, line, (x, y), round(16 * s), colour or palette.text)
                y += round(21 * s)
        if hasattr(self.view, "info_lines"):
            y += round(4 * s)
            for text, colour in self.view.info_lines():
                for line in wrap_text(text, round(15 * s), width)[:2]:
                    draw_text(surface, line, (x, y), round(15 * s), colour or palette.text_dim)
                    y += round(20 * s)
        if self.ai_error:
            text = (f"The computer failed: {self.ai_error}. Press Enter / A, or the "
                    f"button, to play its seat yourself.")
            for line in wrap_text(text, round(15 * s), width)[:5]:
                draw_text(surface, line, (x, y), round(15 * s), palette.highlight_bad)
                y += round(20 * s)
        y += round(10 * s)
        draw_text(surface, "Moves", (x, y), round(17 * s), palette.text, True)
        y += round(26 * s)
        self._draw_moves(surface, x, y, width)
        if self.save_error:
            draw_text(surface, self.save_error[:60], (x, self.undo_button.element.rect.y - round(26 * s)),
                      round(13 * s), palette.highlight_bad)

    # --- what a variant of the scene (the puzzles) changes -----------------------------
    def panel_title(self) -> str:
        return self.state.spec.title

    def panel_subtitle(self) -> list[str]:
        """The options of the game (and the match) under the title."""
        spec = self.state.spec
        lines = [" · ".join(f"{spec.option(k).label}: {spec.option(k).label_of(v)}"
                            for k, v in self.state.options.items()
                            if spec.option(k).shown_with(self.state.options)
                            and (self.match is None or k not in
                                                            ("target", "resignation")))]
        if self.match is not None:
            rules = self.match.rules
            lines.append(f"Game {self.match.game_number} of a match to {rules.target} points"
                         + (" · resignation rule" if rules.resignation else ""))
        return lines

    def panel_lines(self) -> list:
        """More (text, colour or None) lines for the side panel, under the status."""
        return []

    def shown_hint(self):
        """The move ringed on the board as a hint (None: none)."""
        return self.hint_move

    def draw_board_overlay(self, surface) -> None:
        """Drawn over the board, under the panel (a hint, a celebration)."""
        move = self.shown_hint()
        if move is not None and not self.view.animating:
            self.view.draw_hint(surface, move)
        if self.celebration is not None:
            self.celebration.draw(surface, self.celebration_time, self.app.scale)

    exit_name = "menu"          # where Quit (pause) and the results card's last button go
    allows_take_back = True     # the results card offers to take the last move back

    def exit_to(self) -> None:
        self.leave()
        from game.scenes.menu import MenuScene
        self.app.reset_to(MenuScene(self.app))

    def _status_text(self) -> str:
        if self.state.is_over:
            return self.result_headline()
        if self.must_pass:
            if hasattr(self.view, "pass_text"):         # Catalina: the roll and why
                return self.view.pass_text()
            return f"{self.names[self.state.to_play]} cannot form a triangle: a pass"
        if self._computer_to_move():
            if self.app.worker.busy:
                dots = "." * (1 + int(self.thinking_time * 3) % 3)
                return f"{self.names[self.state.to_play]} is thinking{dots}"
            return f"{self.names[self.state.to_play]} to move"
        return self.view.status()

    def _draw_moves(self, surface, x, y, width) -> None:
        palette = self.app.palette
        s = self.app.scale
        size = round(16 * s)
        line_h = round(21 * s)
        bottom = self.undo_button.element.rect.y - round(34 * s)
        if self.view_buttons:
            bottom = self.view_buttons[0].element.rect.y - round(10 * s)
        elif self.takeover_button is not None:
            bottom = self.takeover_button.element.rect.y - round(10 * s)
        elif self.action_buttons:
            bottom = self.action_buttons[0].element.rect.y - round(10 * s)
        texts = self._move_texts()
        if hasattr(self.view, "move_rows"):         # Che: a row per turn
            pairs = self.view.move_rows(texts)
        else:
            pairs = [texts[i:i + 2] for i in range(0, len(texts), 2)]
        rows = max(1, (bottom - y) // line_h)
        first = max(0, len(pairs) - rows)
        for number, pair in enumerate(pairs[first:], first + 1):
            draw_text(surface, f"{number:>2}.", (x, y), size, palette.text_dim)
            for column, text in enumerate(pair):
                draw_text(surface, text, (x + round(44 * s) + column * width // 2.4, y), size,
                          palette.text)
            y += line_h

    def _move_texts(self) -> list[str]:
        # The move list is rebuilt only when the history changes.
        return self.per_position.get(self.state, "moves", self.state.move_list)
