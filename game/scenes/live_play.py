"""A live game with a player on another machine: the play scene over a LivePlay
(game/net/live_session.py). What differs from a game at one screen:

- the other side's moves (and, on a guest, every roll) arrive over the network;
- Undo asks the other player to take the last move back, and Offer to end and Resign
  are asked too: the other side gets each request as a question (Accept / Decline);
  in a game of three both others are asked, and it stands only if both accept (and
  there is no resignation, as at one screen);
- nothing else changes the game: no redo, no restart, no options, no rematch;
- a dropped connection pauses the game with a message over the board; the game is
  saved on both sides, and goes on where it stood when the other player is back.
"""
from __future__ import annotations

from game.core.state import Outcome
from game.net import live
from game.net.live_session import LivePlay, resume
from game.scenes.play import PlayScene
from game.ui.text import draw_text, wrap_text

# What the other side is asked, and what we asked for.
# After the drop and this many more failed tries, a guest that has not found its host on
# the network (no discovery here, or another network) is told how to follow a host that
# came back on another port.
FOLLOW_AFTER = 3
REQUEST_WORDS = {"takeback": "take back their last move",
                 "offer_end": "end the game now, scored as it stands",
                 "resign": "resign: you win the game"}
ASKED_WORDS = {"takeback": "take back your last move", "offer_end": "end the game now",
               "resign": "resign"}


class LivePlayScene(PlayScene):
    allows_take_back = False
    allows_restart = False
    undo_label = "Undo?"        # a take-back is asked of the other players

    def __init__(self, app, play: LivePlay):
        self.link = play
        self.asking = False             # our request is waiting for its answer
        self.resigned: int | None = None    # the seat that resigned (the game is over)
        self.question = None            # the other side's request being asked here
        self.paused_here = False
        self.awaiting_end = False       # we accepted an offer to end: its agree is coming
        self.awaiting_verdict = False   # a game of three: we accepted, the other may not
        super().__init__(app, play.state, play.seats, config=play.session_config(),
                         drivers=play.drivers(app.worker), names=play.names())

    # --- life cycle -----------------------------------------------------------------------
    def exit(self) -> None:
        self.link.close(f"{self.link.name} left the game")
        super().exit()

    def exit_to(self) -> None:
        self.link.close(f"{self.link.name} left the game")
        super().exit_to()

    def pause(self, unplugged: bool = False) -> None:
        self.link.game.set_paused(True)
        self.paused_here = True
        super().pause(unplugged)

    def resume(self) -> None:
        super().resume()
        if self.paused_here and self.app.scene is self:
            self.paused_here = False
            self.link.game.set_paused(False)

    @property
    def finished(self) -> bool:
        return self.state.is_over or self.resigned is not None

    # --- what the player may do -------------------------------------------------------------
    def ask_hint(self) -> None:
        self.session.notice = "No hints in a live game."
        self.app.sounds.play("illegal")

    @property
    def human_may_move(self) -> bool:
        # No move while a request is open: it would cross the answer.
        return super().human_may_move and not self.link.waiting and self.resigned is None \
            and not self.awaiting_end and not self.asking and not self.awaiting_verdict

    def game_actions(self) -> list:
        """Offer to end (the games with one), asked of the other players, and Resign,
        asked of the other player (a game of three has none, as at one screen)."""
        state = self.state
        if state.is_over or self.resigned is not None:
            return []
        actions = []
        if "agree" in state.consent_moves():
            actions.append(("Offer to end", lambda: self.ask("offer_end")))
        if self.link.two_sides:
            actions.append(("Resign", lambda: self.ask("resign")))
        return actions

    def can_take_back(self) -> bool:
        state = self.state
        return not state.is_over and not self.link.waiting and self.resigned is None \
            and not self.asking and not self.awaiting_verdict \
            and any(seat in self.link.game.local_seats for seat in state.movers())

    def refresh_buttons(self) -> None:
        side = self.side
        side.undo_button.enabled = self.can_take_back()
        side.undo_button.refresh()
        side.redo_button.enabled = False
        side.redo_button.refresh()

    def undo(self) -> None:
        if self.can_take_back():
            self.ask("takeback")
        else:
            self.app.sounds.play("illegal")

    def redo(self) -> None:
        self.app.sounds.play("illegal")

    def restart(self) -> None:
        self.app.sounds.play("illegal")

    def ask(self, kind: str) -> None:
        """Ask the other player (a take-back, an offer to end, a resignation)."""
        if self.asking:
            self.session.notice = "Your last request is still waiting for its answer."
            return
        if self.session.must_pass:
            # Both sides play a forced pass by themselves, each when its screen is free:
            # a request now could cross it.
            self.session.notice = "Not now: a pass is being played. Ask after it."
            self.app.sounds.play("illegal")
            return
        try:
            self.link.game.request(kind)
        except ValueError as exc:
            self.session.notice = f"Not now: {exc}."
            self.app.sounds.play("illegal")
            return
        self.asking = True
        self.session.notice = f"Asked {self.opponent()} to let you {ASKED_WORDS[kind]}… " \
                              f"waiting for the answer."
        self.refresh_buttons()

    def opponent(self) -> str:
        names = [name for seat, name in enumerate(self.session.names)
                 if seat not in self.link.game.local_seats]
        return " and ".join(dict.fromkeys(names)) or "the other player"

    def player(self, seat: int | None) -> str:
        names = self.session.names
        return names[seat] if seat is not None and 0 <= seat < len(names) \
            else self.opponent()

    # --- each frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for event in self.link.update(dt):      # also sends our last move of the game
            self.live_event(event)
        if self.finished:
            self.link.retry_in = None           # a finished game is not joined again
        if (self.link.waiting and not self.finished) or self.resigned is not None:
            # Nothing moves while a player is missing; the board still animates.
            super(PlayScene, self).update(dt)
            self.update_board(dt)
            if self.resigned is not None and self.results_timer is not None:
                self.results_timer += dt
                if self.results_timer >= 1.0 and self.app.scene is self:
                    self.results_timer = None
                    self.app.open("results", self)
            return
        self.take_agreed_end()
        super().update(dt)

    def update_covered(self, dt: float) -> None:
        """Under its question or its pause menu the game keeps hearing the others: a
        host passes their moves and answers on, a question settled by another player's
        no closes, a drop is shown. (Under the results, once the game is over, nothing
        more is heard.)"""
        if self.finished:
            return
        for event in self.link.update(dt):
            self.live_event(event)

    def take_agreed_end(self) -> None:
        """The other side's `agree` after an accepted offer to end may come while a seat
        of ours is to move (no RemoteSeat asks then): the only move the LiveGame lets
        through at such a time."""
        state = self.state
        if state.is_over or state.to_play not in self.link.game.local_seats:
            return
        move = self.link.game.take(state)
        if move is not None:
            self.show(self.session.play(move))

    def live_event(self, event) -> None:
        session = self.session
        match event:
            case live.Requested(request_id, kind, _to, seat):
                self.asked(request_id, kind, seat)
            case live.Answered(kind, accepted):
                self.answered(kind, accepted)
            case live.Decided(request_id, kind, accepted):
                self.decided(request_id, kind, accepted)
            case live.Players():
                session.names[:] = self.link.names()      # the view holds this list
            case live.TookBack(_to):
                self.show(session.jumped())
                session.notice = "The last move was taken back."
            case live.Left():
                self.awaiting_end = self.awaiting_verdict = False
                self.drop_question()
                session.notice = ""
                self.app.sounds.play("illegal")
                self.refresh_buttons()
            case live.Joined(seat, _name):
                session.names[:] = self.link.names()      # the view holds this list
                # (a guest's Joined names its own seat: the host is back)
                back = self.link.host_name or self.opponent() \
                    if seat in self.link.game.local_seats else self.player(seat)
                session.notice = f"{back} is back: the game goes on."
                self.app.sounds.play("menu_confirm")
                self.refresh_buttons()
            case live.PeerPaused(_seat, paused):
                if not self.link.two_sides:     # held for all: said over the board
                    session.notice = ""
                    self.refresh_buttons()
                else:
                    session.notice = f"{self.opponent()} paused their game." if paused \
                        else ""

    def asked(self, request_id: int, kind: str, seat: int | None = None) -> None:
        """The other side's request, as a question over the board."""
        self.drop_question()
        self.question = request_id
        self.app.sounds.play("menu_confirm")
        who = self.player(seat)
        question = f"{who} asks to {REQUEST_WORDS[kind]}."
        if not self.link.two_sides:
            others = [name for index, name in enumerate(self.session.names)
                      if index != seat and index not in self.link.game.local_seats]
            question += f" It stands only if you and {' and '.join(others)} both accept."
            if kind == "takeback":
                question += " Every move since theirs is taken back too."
        self.app.open("confirm", f"{who} asks", question + " Do you accept?",
                      "Accept", lambda: self.answer(request_id, kind, True),
                      "Decline", lambda: self.answer(request_id, kind, False))

    def drop_question(self) -> None:
        """The question asked no longer stands (its link dropped, another came)."""
        if self.question is not None and self.app.scene is not self \
                and type(self.app.scene).__name__ == "ConfirmScene":
            self.app.pop()
        self.question = None

    def answer(self, request_id: int, kind: str, accept: bool) -> None:
        self.question = None
        asked = self.link.game.requests.get(request_id)
        if asked is None:
            self.session.notice = "That request no longer stands."
            return
        stands = asked[1] == len(self.state.history)    # no move since it was asked
        happened = self.link.game.answer(request_id, accept)
        if not accept or not stands:
            self.session.notice = "You declined." if not accept else \
                "The game moved on meanwhile: the request was declined."
            return
        if not self.link.two_sides and not happened:
            # The other player's answer decides it (Decided comes then).
            self.awaiting_verdict = True
            self.session.notice = "You accepted: waiting for the other player's answer."
            self.refresh_buttons()
            return
        for event in happened:
            self.live_event(event)
        if not self.link.two_sides:
            return                      # Decided said what came of it
        if kind == "resign":
            self.carry_out_resignation(resigner_here=False)
        elif kind == "offer_end":
            # No move of ours now: it would cross the other side's `agree`.
            self.awaiting_end = True
            self.session.notice = "You agreed to end the game."

    def answered(self, kind: str, accepted: bool) -> None:
        self.asking = False
        self.refresh_buttons()
        if not accepted:
            self.session.notice = f"{self.opponent()} declined." if self.link.two_sides \
                else "Your request was declined: it needs both other players' yes."
            return
        if kind == "offer_end":
            self.show(self.session.agree_to_end())
        elif kind == "resign":
            self.carry_out_resignation(resigner_here=True)
        # A take-back accepted arrives as TookBack.

    def decided(self, request_id: int, kind: str, accepted: bool) -> None:
        """A game of three: a request we were asked about is decided by everyone's
        answers (a takeback accepted comes as TookBack too)."""
        if self.question == request_id:
            self.drop_question()        # another player's no came first
        self.awaiting_verdict = False
        self.refresh_buttons()
        if not accepted:
            self.session.notice = "The request was declined: the game goes on."
        elif kind == "offer_end":
            self.awaiting_end = True    # the asker's agree is coming
            self.session.notice = "Everyone agreed to end the game."
        elif kind == "takeback":
            self.session.notice = "Everyone accepted: the moves were taken back."

    def carry_out_resignation(self, resigner_here: bool) -> None:
        """A resignation accepted: the game is over, won by the other player; counted,
        kept as a record, and no longer suspended."""
        state = self.state
        local = sorted(self.link.game.local_seats)[0]
        other = 1 - local
        seat = local if resigner_here else other
        self.resigned = seat
        winner = 1 - seat
        reason = f"{self.session.names[seat]} resigned."
        self.session.notice = reason
        scores = tuple(1 if index == winner else 0 for index in range(2))
        self.show(self.session._count(state, Outcome(winner, scores, reason)))
        from game.services import saves
        saves.clear_resume_soon()
        self.link.close("the game is over")
        self.results_timer = 0.0
        self.rebuild()

    # --- what is shown ----------------------------------------------------------------------
    def waiting_text(self) -> str:
        link = self.link
        if not link.waiting or self.finished:
            return ""
        why = f" ({link.left_reason})" if link.left_reason else ""
        if link.held_by_host:
            host = link.host_name or "the host"
            away = " and ".join(link.away())
            if not away:
                return f"{host}, who hosts the game, has paused it for everyone. It goes " \
                       f"on for all where it stood when they come back."
            return f"The game is paused for everyone: the connection to {away} dropped. " \
                   f"{host}, who hosts it, waits for {away} to join again; it goes on for " \
                   f"all where it stood as soon as everyone is back. It is saved here."
        away = " and ".join(link.away()) or self.opponent()
        if link.role == "guest":
            if link.found_at is not None:
                host, port = link.found_at
                return f"The connection to {away} is lost{why}. The game is paused and " \
                       f"saved. {away}'s game is on the network again, now at " \
                       f"{host}:{port}: reconnecting there; it goes on where it stood."
            text = f"The connection to {away} is lost{why}. The game is paused " \
                   f"and saved; trying {link.where()} again every few seconds, and it goes " \
                   f"on where it stood."
            if link.failed_tries >= FOLLOW_AFTER:
                # The host may be back on another port (its own was taken).
                text += f" If {away}'s screen shows another port, join again by its " \
                        f"address: Join in the menu, then the address and port it shows."
            return text
        if link.moved_from is not None:
            return f"Port {link.moved_from} was taken on this computer: the game now " \
                   f"listens on port {link.port}. Waiting for {away}{why}: on this network " \
                   f"their app finds the new port by itself; if it does not, they join " \
                   f"again with this computer's address and port {link.port} (Join in " \
                   f"their menu). The game is paused and saved for everyone."
        return f"Waiting for {away}{why}. The game is paused and saved for everyone; it goes " \
               f"on where it stood when they join again at {link.where()} (Continue in " \
               f"their menu)."

    def status_text(self) -> str:
        if self.link.held_by_host and not self.finished:
            return "Paused for everyone"
        if self.link.waiting and not self.finished:
            return "Paused: a player is missing"
        if self.resigned is not None:
            return f"{self.session.names[self.resigned]} resigned"
        state = self.state
        if state.is_chance and self.session.rolls_arrive and not state.is_over:
            return f"{self.session.names[state.to_play]}: the dice come from both " \
                   f"players' secrets…"
        return super().status_text()

    def panel_lines(self) -> list:
        # While waiting, the whole message is over the board (draw_board_overlay).
        return [(f"Live game with {self.opponent()} ({self.link.where()})", None)]

    def draw_board_overlay(self, surface) -> None:
        super().draw_board_overlay(surface)
        text = self.waiting_text()
        if not text:
            return
        s, ts = self.app.scale, self.app.text_scale
        board = self.view.rect
        size = round(20 * ts)
        lines = wrap_text(text, size, board.w - round(120 * s))
        height = len(lines) * round(28 * ts) + round(36 * s)
        box = board.inflate(-round(60 * s), 0)
        box.h = height
        box.center = board.center
        self.app.draw_shade(surface, 230, box)
        y = box.y + round(18 * s)
        for line in lines:
            draw_text(surface, line, (box.centerx, y + round(12 * ts)), size,
                      self.app.palette.highlight_bad, anchor="center")
            y += round(28 * ts)

    def result_actions(self) -> list:
        return []           # a rematch is a new game hosted again

    def result_headline(self) -> str:
        if self.resigned is not None:
            winner = 1 - self.resigned
            return "You win!" if winner in self.link.game.local_seats \
                else f"{self.session.names[winner]} wins"
        return super().result_headline()

    def result_reason(self) -> str:
        if self.resigned is not None:
            return f"{self.session.names[self.resigned]} resigned"
        return super().result_reason()

    def result_sound(self) -> str:
        if self.resigned is not None:
            return "loss" if self.resigned in self.link.game.local_seats else "win"
        return super().result_sound()


def resumed_live_game(app, resumed):
    """Continue (the menu) of a live game: listen or connect again, then play; if that
    cannot be, the menu says why and the game stays saved."""
    try:
        play = resume(resumed, app.settings.name_for_friends)
    except (OSError, ValueError) as exc:
        return app.make("confirm", "The live game cannot go on now",
                        f"{exc}. It stays saved: try Continue again later.", "OK", None,
                        "Back", None)
    return LivePlayScene(app, play)
