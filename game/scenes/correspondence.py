"""Play by correspondence at the screen (docs/NETWORK.md, "Correspondence at the screen"):
the invitation (from the setup screen), a correspondence game (the play screen, with
Send move and Paste move), the code to send, and the code pasted or typed.

The rules of the codes are game/net/correspondence.py's, the glue with the session
game/net/correspondence_play.py's; these screens only show them and take the player's
choices, by mouse, keys or pad (typing a code is the only thing done with keys alone).
"""
from __future__ import annotations

import pygame

from game.net import correspondence as cc
from game.net import correspondence_play as cp
from game.scenes.base import Scene
from game.scenes.play import PlayScene
from game.services.saves import MAX_PLAYER_NAME, check_player_name
from game.services.session import LocalHuman
from game.ui import clipboard
from game.ui import input as inp
from game.ui.text import draw_text, wrap_text

CODE_SIZE = 30          # design pixels: the code's letters, for reading aloud
LEAST_CODE_SIZE = 13    # a long game's code is made smaller to fit, never below this


def open_games(app) -> None:
    """Back to the Games screen, on the correspondence games."""
    app.home()
    games = app.open("games")
    if not games.correspondence:
        games.set_place(len(games.places) - 1)


def draw_lines(scene, surface, text: str, top: int, size: int, colour, width=None) -> int:
    """`text` wrapped and centred from `top`; the y under it."""
    s, ts = scene.app.scale, scene.app.text_scale
    sw = scene.app.size[0]
    width = width or sw - round(120 * s)
    for line in wrap_text(text, round(size * ts), width):
        draw_text(surface, line, (sw // 2, top), round(size * ts), colour, anchor="midtop")
        top += round(size * 1.35 * ts)
    return top


# --- starting a game -----------------------------------------------------------------------
class InviteScene(Scene):
    """From the setup screen: my seat and my name, then the invitation's code."""

    def __init__(self, app, spec, options: dict):
        super().__init__(app)
        self.spec = spec
        self.options = dict(options)
        self.seat = 0
        self.name = app.settings.name_for_friends
        self.name_field = None
        self.problem = ""
        self.ring.focus = 2                 # on "Make the invitation"

    def build(self, size) -> None:
        seats = self.spec.seats_for(self.options)
        rects = iter(self.column_rects(4, width=640, height=50, gap=14,
                                       top=round(170 * self.app.scale)))
        self.selector(next(rects), "Your seat", list(range(len(seats))), self.seat,
                      self.set_seat, lambda i: seats[i] if i < len(seats) else "?")
        self.name_field = self.text_field(next(rects), "Your name", self.name,
                                          limit=MAX_PLAYER_NAME,
                                          prompt="the name your friend sees")
        self.button(next(rects), "Make the invitation", self.invite)
        self.button(next(rects), "Back", self.app.pop)

    def set_seat(self, index: int) -> None:
        self.seat = index

    def typed(self, entry, key) -> None:
        self.name = entry.get_text()

    def invite(self) -> None:
        self.name = self.name_field.entry.get_text()
        try:
            name = check_player_name(self.name)
            corr = cc.invite(self.spec.name, self.options, name, self.seat)
            code = corr.make_code()
        except (ValueError, OSError) as exc:
            self.problem = f"No invitation: {exc}."
            self.app.sounds.play("illegal")
            self.rebuild()
            return
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()
        self.app.switch_to("mail_send", corr, code, None)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.spec.title, "Play by correspondence")
        self.draw_ui(surface)
        palette = self.app.palette
        s = self.app.scale
        y = self.ring.items[-1].element.rect.bottom + round(24 * s)
        y = draw_lines(self, surface,
                       "The invitation is a code: send it to your friend (chat, e-mail, "
                       "reading it aloud). They paste it with Paste move on their Games "
                       "screen and send a code back; from then on each of you sends a code "
                       "after each turn.", y, 17, palette.text_dim)
        if self.problem:
            draw_lines(self, surface, self.problem, y + round(8 * s), 17,
                       palette.highlight_bad)


# --- the code to send ----------------------------------------------------------------------
class SendCodeScene(Scene):
    """A code made: copied to the clipboard (or why it could not be) and shown in
    groups, to read aloud or type. `back_to_game`: Done goes back to the game under it
    (else to the Games screen)."""

    def __init__(self, app, corr, code: str, back_to_game):
        super().__init__(app)
        self.corr = corr
        self.code = code
        self.number = cc.decode(code)["n"]
        self.lines = cc.grouped(code).splitlines()
        self.back_to_game = back_to_game
        self.copied = ""
        self.ring.focus = 1                 # on "Done"

    def enter(self) -> None:
        self.copy()
        super().enter()

    def copy(self) -> None:
        problem = clipboard.copy(self.code)
        friend = self.corr.opponent or "your friend"
        self.copied = problem + " Read or type the code below." if problem else \
            f"The code is on the clipboard: paste it into a message to {friend}."

    def heading(self) -> tuple[str, str]:
        number = self.number
        friend = self.corr.opponent or "your friend"
        if number == 1:
            return "Send the invitation", f"{self.corr.spec.title} with a friend"
        if number == 2:
            return "Send your answer", f"to {friend}'s invitation: the game starts with " \
                                       f"their next code"
        if self.corr.state is not None and self.corr.state.is_over:
            return "Send your last move", f"to {friend}: the game is over"
        return "Send your move", f"to {friend}: code {number} of this game"

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        w, h, gap = round(300 * s), round(50 * s), round(20 * s)
        y = sh - h - round(30 * s)
        self.button((sw // 2 - w - gap // 2, y, w, h), "Copy again", self.copy_again,
                    column=0)
        self.button((sw // 2 + gap // 2, y, w, h), "Done", self.done, column=1)

    def copy_again(self) -> None:
        self.copy()

    def done(self) -> None:
        if self.back_to_game:
            self.app.pop()
        else:
            open_games(self.app)

    def on_back(self) -> None:
        self.done()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        title, subtitle = self.heading()
        self.draw_title(surface, title, subtitle)
        palette = self.app.palette
        s = self.app.scale
        sw, sh = self.app.size
        y = draw_lines(self, surface, self.copied, round(150 * s), 18, palette.text)
        lines = self.lines
        bottom = self.ring.items[0].element.rect.y - round(16 * s) if self.ring.items \
            else sh
        room = bottom - y - round(16 * s)
        size = max(LEAST_CODE_SIZE * s, min(CODE_SIZE * s, room / (len(lines) * 1.3)))
        step = round(size * 1.3)
        y += round(16 * s)
        for line in lines:
            draw_text(surface, line, (sw // 2, y), round(size), palette.accent, True,
                      anchor="midtop")
            y += step
        self.draw_ui(surface)


# --- the code pasted -----------------------------------------------------------------------
class PasteCodeScene(Scene):
    """A code from the friend, pasted from the clipboard or typed (Enter reads it).
    From the Games screen any code (an invitation starts its game here); for a game
    (`corr`, and its screen `play` if it is open) only that game's."""

    def __init__(self, app, corr=None, play=None):
        super().__init__(app)
        self.corr = corr
        self.play = play
        self.typed_code = ""
        self.code_field = None
        self.problem = ""
        self.ring.focus = 1                 # on "Paste from the clipboard"

    def build(self, size) -> None:
        count = 5 if self.corr is not None and self.corr.last_code else 4
        rects = iter(self.column_rects(count, width=720, height=50, gap=14,
                                       top=round(190 * self.app.scale)))
        self.code_field = self.text_field(next(rects), "Type a code", self.typed_code,
                                          limit=cc.MAX_CODE_TEXT,
                                          prompt="letters and digits, then Enter")
        self.button(next(rects), "Paste from the clipboard", self.paste)
        self.button(next(rects), "Read the typed code", self.read_typed)
        if count == 5:
            self.button(next(rects), "Show my last code", self.show_last)
        self.button(next(rects), "Back", self.app.pop)

    def typed(self, entry, key) -> None:
        self.typed_code = entry.get_text()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed_code.strip():
            self.read(self.typed_code)

    def paste(self) -> None:
        text, problem = clipboard.paste()
        if problem:
            self.refuse(problem)
            return
        self.read(text)

    def read_typed(self) -> None:
        self.typed_code = self.code_field.entry.get_text()
        if not self.typed_code.strip():
            self.refuse("Type the code first (select the field: Enter, A or a click).")
            return
        self.read(self.typed_code)

    def show_last(self) -> None:
        self.app.open("mail_send", self.corr, self.corr.last_code, True)

    def refuse(self, message: str) -> None:
        self.problem = message
        self.app.sounds.play("illegal")
        self.rebuild()

    def read(self, text: str) -> None:
        """Read the code: refused with the reason, nothing changed; else the game it
        belongs to is shown with the friend's new moves."""
        try:
            if self.play is not None:
                self.play.read_code(text)
                self.app.pop()
                return
            if self.corr is not None:
                opened = cp.Opened(self.corr, cp.read_into(self.corr, text))
            else:
                opened = cp.open_code(text, self.app.settings.name_for_friends)
            reply = opened.corr.make_code() if opened.accepted else None
        except ValueError as exc:
            self.refuse(f"Refused, nothing was changed: {exc}.")
            return
        except OSError as exc:
            self.refuse(f"The game could not be saved, nothing was changed: {exc}.")
            return
        self.app.sounds.play("menu_confirm")
        if reply is not None:               # an invitation accepted: the answer is due
            self.app.switch_to("mail_send", opened.corr, reply, None)
        else:
            self.app.switch_to("mail_play", opened.corr, opened.moves)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        corr = self.corr
        subtitle = "a code from your friend: an invitation, or their move" if corr is None \
            else f"{corr.spec.title} with {corr.opponent or 'your friend'}: their code " \
                 f"{corr.number + 1}"
        self.draw_title(surface, "Paste move", subtitle)
        self.draw_ui(surface)
        palette = self.app.palette
        s = self.app.scale
        y = self.ring.items[-1].element.rect.bottom + round(24 * s)
        y = draw_lines(self, surface, "Copy the code your friend sent, then Paste from "
                       "the clipboard; or type it (spaces, dashes and case do not matter).",
                       y, 17, palette.text_dim)
        if self.problem:
            draw_lines(self, surface, self.problem, y + round(8 * s), 17,
                       palette.highlight_bad)


# --- the game ------------------------------------------------------------------------------
class CorrespondencePlayScene(PlayScene):
    """A correspondence game: my seat moved by hand, the friend's by the codes pasted
    (`new_moves`: those of the code just read, shown played)."""
    allows_take_back = False            # only my moves not sent yet (Undo)
    allows_restart = False

    def __init__(self, app, corr, new_moves=()):
        self.corr = corr
        self.code_seat = cp.CodeSeat()
        new_moves = list(new_moves)
        state = cp.shown_before(corr, new_moves) if new_moves else corr.state
        drivers = [self.code_seat, self.code_seat]
        drivers[corr.my_seat] = LocalHuman()
        super().__init__(app, state, cp.seats_of(corr),
                         config=cp.session_config(corr, self.code_seat), drivers=drivers,
                         names=cp.names_of(corr))
        self.code_seat.deliver(new_moves)

    # --- what the player can do -----------------------------------------------------------
    @property
    def code_due(self) -> bool:
        """My turn is played (or I have none to play): its code is to send."""
        return self.code_seat.waiting and cp.code_due(self.corr, self.state)

    @property
    def awaiting_code(self) -> bool:
        return self.code_seat.waiting and not self.corr.my_turn and not self.corr.finished

    def game_actions(self) -> list:
        """Send move when my turn is played, Paste move while the friend's code is
        awaited (and my last code again)."""
        if self.code_due:
            return [("Send move", self.send_move)]
        if self.awaiting_code:
            return [("Paste move", self.paste_move), ("Show code", self.show_code)]
        return []

    def send_move(self) -> None:
        """The code of my turn, copied and shown."""
        code = self.make_code()
        if code is not None:
            self.app.open("mail_send", self.corr, code, True)

    def make_code(self) -> str | None:
        """The code of my turn (None, and the notice says why, if there is none)."""
        try:
            code = self.corr.make_code()
        except (ValueError, OSError) as exc:
            self.session.notice = f"No code: {exc}"
            self.app.sounds.play("illegal")
            return None
        self.session.notice = ""
        self._rebuild_if_actions_changed()
        self.refresh_buttons()
        if self.state.is_over:
            self.results_timer = 0.0        # the card again, with Games, once it is sent
        return code

    def show_code(self) -> None:
        self.app.open("mail_send", self.corr, self.corr.last_code, True)

    def paste_move(self) -> None:
        self.app.open("mail_paste", self.corr, self)

    def read_code(self, text: str) -> None:
        """A code pasted for this game: its moves are shown played; ValueError (nothing
        changed) if it is refused."""
        moves = cp.read_into(self.corr, text)
        self.code_seat.deliver(moves)
        self.session.notice = ""
        self._rebuild_if_actions_changed()

    def handle(self, action) -> None:
        # Enter or A does what is due when the board has nothing to play.
        if action.kind == inp.CONFIRM and not action.is_pointer \
                and not self.human_may_move and self.game_actions():
            self.game_actions()[0][1]()
            return
        super().handle(action)

    def play_move(self, move) -> None:
        if self.state.is_chance:            # thrown here, the roll both secrets give
            move = self.session.next_roll()
        super().play_move(move)

    def undo(self) -> None:
        if len(self.state.history) <= self.corr.moves_in_codes:
            self.session.notice = "Moves sent in a code cannot be taken back."
            self.app.sounds.play("illegal")
            return
        super().undo()

    def restart(self) -> None:
        self.session.notice = "A correspondence game cannot be started again."
        self.app.sounds.play("illegal")

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        undo = self.side.undo_button
        if undo is not None and undo.element is not None:
            undo.enabled = len(self.state.history) > self.corr.moves_in_codes
            undo.refresh()

    # --- what the screen says -------------------------------------------------------------
    def status_text(self) -> str:
        friend = self.corr.opponent or "your friend"
        if not self.state.is_over:
            if self.code_due and len(self.state.history) == self.corr.moves_in_codes:
                return f"{friend} moves first: Send move (Enter / A) makes the code " \
                       f"that brings them the deal."
            if self.code_due:
                return "Your turn is played: Send move (Enter / A) makes its code."
            if self.awaiting_code:
                return f"Waiting for {friend}'s code: Paste move (Enter / A) when it " \
                       f"comes."
        return super().status_text()

    def panel_subtitle(self) -> list[str]:
        return super().panel_subtitle() + [f"By correspondence with {self.corr.opponent}"]

    def result_actions(self) -> list:
        if self.code_due:
            return [("Send move", self.send_move)]
        return [("Games", lambda: open_games(self.app))]
