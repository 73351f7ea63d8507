"""Before a live game: hosting one (HostScene, from a game's setup) and joining one
(JoinScene, from the menu). Both poll their connection each frame, never waiting on it,
and hand it to the live play scene (live_play.py) once every seat has its player."""
from __future__ import annotations

from game.net import live
from game.net.live_session import Addresses, LivePlay, parse_address
from game.scenes.base import Scene
from game.ui.text import draw_text, wrap_text

LIST_EVERY = 0.5            # seconds between two looks at the games found on the network
MOST_LISTED = 5             # hosted games shown at once


class HostScene(Scene):
    """A game set up, waiting for the players of its remote seats: the listener is open
    only while this screen (then the game) is."""

    def __init__(self, app, state, seats, port=None, address=None):
        super().__init__(app)
        from game.net import live_session
        self.state = state
        self.handed_over = False
        self.problem = ""
        self.link: LivePlay | None = None
        self.addresses = Addresses()
        self.listing = ""
        try:
            self.link = LivePlay.hosting(
                state, seats, app.settings.name_for_friends,
                live_session.DEFAULT_PORT if port is None else port,
                live_session.BIND_ADDRESS if address is None else address)
        except (OSError, ValueError) as exc:
            self.problem = f"This game cannot be hosted: {exc}"
            return
        self.listing = self.link.announce()      # why it is not listed, or ""

    def build(self, size) -> None:
        s = self.app.scale
        sw, sh = size
        rect = self.column_rects(1, width=420, height=50, top=sh - round(110 * s))[0]
        self.button(rect, "Stop hosting" if self.link else "Back", self.app.pop)

    def on_back(self) -> None:
        self.app.pop()

    def exit(self) -> None:
        if self.link is not None and not self.handed_over:
            self.link.close("the host stopped hosting")
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        link = self.link
        if link is None:
            return
        for event in link.update(dt):
            if isinstance(event, live.Joined):
                self.app.sounds.play("menu_confirm")
            elif isinstance(event, live.Left) and event.seat is not None:
                link.seats[event.seat].name = None      # free again until someone joins
        if link.started and not link.waiting:
            self.handed_over = True
            self.app.switch_to("live_play", link)

    def seat_lines(self) -> list[str]:
        spec = self.state.spec
        lines = []
        for index, title in enumerate(spec.seats_for(self.state.options)):
            seat = self.link.seats[index]
            if seat.is_remote:
                who = seat.name or "waiting for a player…"
            elif seat.is_computer:
                who = f"the computer ({seat.level})"
            else:
                who = f"{self.link.name} (you, here)"
            lines.append(f"{title}: {who}")
        return lines

    def draw(self, surface) -> None:
        self.draw_background(surface)
        palette = self.app.palette
        self.draw_title(surface, self.state.spec.title, "Hosting a live game")
        s = self.app.scale
        sw, sh = self.app.size
        y = round(170 * s)
        if self.problem:
            for line in wrap_text(self.problem, round(20 * s), sw - round(160 * s)):
                draw_text(surface, line, (sw // 2, y), round(20 * s), palette.highlight_bad,
                          anchor="center")
                y += round(28 * s)
            self.draw_ui(surface)
            return
        port = self.link.port
        found = self.addresses.found
        where = ", ".join(f"{address}:{port}" for address in found[:3]) if found \
            else f"this computer's address, port {port}"
        listing = self.listing or self.link.announce_error
        lines = [("On the other computer: Join in the menu, then pick this game from the "
                  "list or type", palette.text, 20),
                 (where, palette.accent, 30),
                 (f"(TCP port {port} must be allowed through this computer's firewall)",
                  palette.text_dim, 16),
                 (listing[:1].upper() + listing[1:], palette.highlight_bad, 16)]
        lines += [(line, palette.text, 22) for line in self.seat_lines()]
        lines.append(("The game starts when every seat has its player.", palette.text_dim,
                      18))
        for text, colour, size in lines:
            if text:
                draw_text(surface, text, (sw // 2, y), round(size * s), colour,
                          anchor="center")
            y += round((size + 14) * s)
        self.draw_ui(surface)


def _started(browser=None):
    """The network's list of hosted games (`browser`, else game/net/discovery.py's),
    started; (None, why) where it cannot be had."""
    if browser is None:
        try:
            from game.net.discovery import Browser
        except ImportError:
            return None, "Finding hosted games on the network is not available in this " \
                         "copy: type the host's address."
    try:
        browser = browser or Browser()
        browser.start()
    except Exception as exc:        # no network, no multicast: said on the screen
        return None, f"Finding hosted games on the network failed: {exc}"
    return browser, ""


class JoinScene(Scene):
    """Join a live game: pick one hosted on the network, or type the host's address."""

    def __init__(self, app, browser=None):
        super().__init__(app)
        self.browser, self.note = _started(browser)
        self.listed: list = []          # the hosted games shown, as the browser gave them
        self.list_wait = 0.0
        self.address_text = ""
        self.link: LivePlay | None = None
        self.joining = ""               # whose game is being joined (shown meanwhile)
        self.problem = ""
        self.handed_over = False
        self._refresh_list()

    # --- the list of hosted games -----------------------------------------------------------
    def _found(self) -> list:
        """The new games found. A game under way waiting for its player to come back is
        left out: its seat is that player's (who comes back with Continue), not a
        stranger's."""
        if self.browser is None:
            return []
        try:
            found = list(self.browser.games())
        except Exception as exc:        # a browser that failed: said, and typing still works
            self.note = f"Finding hosted games failed: {exc}"
            return []
        return [hosted for hosted in found
                if not getattr(hosted, "returning", False)][:MOST_LISTED]

    def _refresh_list(self) -> bool:
        """Look at the games found again; whether the list shown changed."""
        games = self._found()
        key = [(g.name, g.game, g.address, g.port) for g in games]
        if key == [(g.name, g.game, g.address, g.port) for g in self.listed]:
            return False
        self.listed = games
        return True

    @staticmethod
    def game_label(found) -> str:
        import game.rules
        try:
            title = game.rules.get(found.game).title
        except KeyError:
            title = str(found.game)
        return f"{found.name}: {title}  ({found.address}:{found.port})"

    # --- layout -----------------------------------------------------------------------------
    def build(self, size) -> None:
        s = self.app.scale
        rows = 3 + len(self.listed)
        rects = iter(self.column_rects(rows + 1, width=720, height=46, gap=10,
                                       top=round(150 * s)))
        self.address_field = self.text_field(next(rects), "Address", self.address_text,
                                             limit=270, prompt="host:port, as its screen "
                                                               "shows it")
        if self.link is None:
            self.button(next(rects), "Join this address", self.join_typed)
        else:
            self.button(next(rects), "Cancel joining", self.cancel)
        next(rects)                     # the list's heading
        for found in self.listed:
            self.button(next(rects), self.game_label(found),
                        lambda found=found: self.join(found.address, found.port,
                                                      found.name))
        self.button(next(rects), "Back", self.app.pop)

    def typed(self, entry, key) -> None:
        self.address_text = entry.get_text()
        import pygame
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join_typed()

    def join_typed(self) -> None:
        self.address_text = self.address_field.entry.get_text()
        try:
            host, port = parse_address(self.address_text)
        except ValueError as exc:
            self.problem = f"That address will not do: {exc}."
            self.app.sounds.play("illegal")
            return
        self.join(host, port, f"{host}:{port}")

    def join(self, host: str, port: int, whose: str) -> None:
        """Join, first asking if the game would take the place of the one the menu
        offers under Continue."""
        self.start_unless_it_replaces(lambda: self.join_now(host, port, whose))

    def join_now(self, host: str, port: int, whose: str) -> None:
        self.cancel(rebuild=False)
        self.problem = ""
        try:
            self.link = LivePlay.joining(host, port, self.app.settings.name_for_friends)
        except (OSError, ValueError) as exc:
            self.problem = f"Cannot join: {exc}"
            self.app.sounds.play("illegal")
            return
        self.joining = whose
        self.rebuild()

    def cancel(self, rebuild: bool = True) -> None:
        if self.link is not None:
            self.link.close(f"{self.app.settings.name_for_friends} stopped joining")
            self.link = None
            self.joining = ""
            if rebuild:
                self.rebuild()

    # --- life cycle -------------------------------------------------------------------------
    def exit(self) -> None:
        if not self.handed_over:
            self.cancel(rebuild=False)
        if self.browser is not None:
            try:
                self.browser.close()
            except Exception:       # already closed, or failing: nothing more to stop
                pass
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.list_wait += dt
        if self.list_wait >= LIST_EVERY:
            self.list_wait = 0.0
            if self._refresh_list():
                self.rebuild()
        link = self.link
        if link is None:
            return
        for event in link.update(dt):
            if isinstance(event, (live.Refused, live.Left)):
                self.problem = f"Could not join {self.joining}: {event.reason}."
                self.app.sounds.play("illegal")
                self.cancel()
                return
        if link.started and not link.waiting:
            self.handed_over = True
            self.app.switch_to("live_play", link)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        palette = self.app.palette
        self.draw_title(surface, "Join a game", "a live game hosted on this network")
        s = self.app.scale
        sw, sh = self.app.size
        # The list's heading sits in the row left free for it (build).
        rows = self.column_rects(4 + len(self.listed), width=720, height=46, gap=10,
                                 top=round(150 * s))
        heading = rows[2]
        if self.listed:
            text = "Games hosted on this network:"
        elif self.browser is not None:
            text = getattr(self.browser, "error", "") or \
                "Looking for games hosted on this network…"
        else:
            text = self.note
        draw_text(surface, text, heading.center, round(18 * s), palette.text_dim,
                  anchor="center")
        self.draw_ui(surface)
        y = sh - round(80 * s)
        if self.joining:
            message, colour = f"Joining {self.joining}… (the game starts when the host " \
                              f"welcomes you)", palette.accent
        else:
            message, colour = self.problem or (self.note if self.listed else ""), \
                palette.highlight_bad
        for line in wrap_text(message, round(18 * s), sw - round(120 * s)):
            draw_text(surface, line, (sw // 2, y), round(18 * s), colour, anchor="center")
            y += round(24 * s)
