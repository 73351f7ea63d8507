"""A live game as the screens play it (docs/NETWORK.md): hosting or joining, who sits
where, reconnecting after a drop, and what is kept on disk to come back to the game.

`LivePlay` holds the connection (a `Host` or a `Guest`) and the `LiveGame` over it; the
screens call `update()` every frame (it never waits) and get the LiveGame's events.
A guest whose link dropped tries the host again every RETRY_EVERY seconds, and looks for
its game on the network meanwhile (a host back on another port is followed there); a
host keeps listening, and its game announced, while a seat is empty. Both keep the game
as the suspended game (resume.json, with the remote players' seats) and, beside it,
`live.json`: the role, the host's address and port, the seat and the player's name, so
that Continue in the menu goes back to the same game over the network.
"""
from __future__ import annotations

import socket
import threading

from game.core import storage
from game.net import live
from game.services import saves
from game.services.session import ComputerPlayer, LocalHuman, ResumeSlot, SessionConfig

STANDARD_PORT = 47213           # TCP; the README says to allow it through a firewall
DEFAULT_PORT = STANDARD_PORT    # where a host listens first (the tests: 0, a free one)
BIND_ADDRESS = "0.0.0.0"        # every interface of this machine (the tests: 127.0.0.1)
RETRY_EVERY = 3.0               # seconds between a dropped guest's tries
ANNOUNCE = True                 # list hosted games on the network, and a dropped guest
#                                 looks for its host there (the tests: where they say so)
LIVE_VERSION = 1


def stay_on_this_machine() -> None:
    """Hosting listens on 127.0.0.1 only, on a free port, unannounced, and hosted games
    are looked for on the loopback interface only: for the benches and the screenshots
    (the tests do the same, undone after each)."""
    global BIND_ADDRESS, DEFAULT_PORT, ANNOUNCE
    from game.net import discovery
    BIND_ADDRESS, DEFAULT_PORT, ANNOUNCE = "127.0.0.1", 0, False
    discovery.INTERFACES = ["127.0.0.1"]
MAX_HOST_TEXT = 253             # a host's name or address, as typed


def parse_address(text: str, default_port: int = STANDARD_PORT) -> tuple[str, int]:
    """"192.168.1.5:47213", "myhost", "[fe80::1]:47213" as (host, port); a ValueError
    saying what is wrong otherwise."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address, as its screen shows it "
                         "(such as 192.168.1.5:47213)")
    if len(text) > MAX_HOST_TEXT + 8 or any(ch.isspace() or ord(ch) < 32 for ch in text):
        raise ValueError("an address is one word, such as 192.168.1.5:47213")
    port_text = None
    if text.startswith("["):                    # [IPv6]:port
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError("after ] comes :port")
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:                                       # a name, IPv4, or a bare IPv6 address
        host = text
    if not host:
        raise ValueError("the address has no host before the port")
    port = default_port
    if port_text is not None:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(f"the port must be a number from 1 to 65535, not "
                             f"{port_text[:10]!r}")
        port = int(port_text)
    return host, port


class Addresses:
    """This machine's addresses on the network, found on a thread (a name lookup may be
    slow): `found` is empty until then."""

    def __init__(self):
        self.found: list[str] = []
        threading.Thread(target=self._find, name="addresses", daemon=True).start()

    def _find(self) -> None:
        found = []
        try:
            import ifaddr           # zeroconf's: the interfaces' addresses, no lookup
            for adapter in ifaddr.get_adapters():
                for ip in adapter.ips:
                    if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                        found.append(ip.ip)
        except Exception:           # not installed, or the system would not say
            try:
                found = [ip for ip in socket.gethostbyname_ex(socket.gethostname())[2]
                         if not ip.startswith("127.")]
            except OSError:
                found = []
        self.found = found or ["127.0.0.1"]


class _Watched:
    """A guest's connection, watched for its drop: a link that never connected (a wrong
    address, no host there) says so only in its Dropped, which the LiveGame ignores."""

    def __init__(self, network):
        self.network = network
        self.dropped: live.Dropped | None = None

    @property
    def link(self):
        return self.network.link

    def poll(self) -> list:
        events = self.network.poll()
        for event in events:
            if isinstance(event, live.Dropped):
                self.dropped = event
        return events


class LivePlay:
    """One live game, on the host's side (`hosting`) or a guest's (`joining`)."""

    def __init__(self, role: str, name: str, network, game: live.LiveGame, seats=None,
                 address: tuple | None = None, port: int = 0, heartbeat=live.HEARTBEAT,
                 timeout=live.TIMEOUT):
        self.role = role
        self.name = name                # this player's
        self.network = network
        self.game = game
        self.seats = seats              # saves.Seat each (the host: from the start)
        self.address = address          # a guest: the host's (host, port)
        self.port = port                # a host: the port it listens on
        self.moved_from: int | None = None     # a host: the port asked for, found taken
        self.failed_tries = 0           # a guest: tries to reach the host since the drop
        self.heartbeat, self.timeout = heartbeat, timeout
        self.retry_in: float | None = None     # a dropped guest: seconds to its next try
        self.host_name = ""             # a guest: the host player's, from its hello
        self.left_reason = ""           # why the other side is gone (while waiting)
        self.peer_paused = False
        self.closed = False
        self.announcement = None        # the hosted game listed on the network, if it is
        self._listed: tuple | None = None   # a host: what it is listed as (id, returning)
        self._cannot_list = ""          # a host: why it cannot be listed (tried once)
        self.browser = None             # a dropped guest: the games hosted on the network
        self._cannot_look = False       # a guest: this copy cannot look (tried once)
        self._game_id = ""              # its game's id, as the host announces it (made once)
        self.found_at: tuple | None = None  # a guest: where its game was seen, not yet tried
        self.trying: tuple | None = None    # a guest: where the try under way goes
        self._tried: set = set()        # a guest: where it tried in vain since the drop

    # --- listed on the network (a host), looked for there (a dropped guest) ------------------
    def announce(self) -> str:
        """List the hosted game on the network (game/net/discovery.py, where this copy
        has it) while a remote seat is empty: `update` lists it again when a guest drops,
        as a game waiting for that player to come back, and withdraws it when every seat
        is taken. What stops it, or ""."""
        if not ANNOUNCE or self.role != "host" or self.closed:
            return ""
        if self._cannot_list:
            return self._cannot_list
        try:
            from game.net.discovery import Announcement, game_id
        except ImportError:
            self._cannot_list = "this copy cannot list the game on the network: others " \
                                "join by its address"
            return self._cannot_list
        # A game under way (every seat has had its player) waits for one coming back: its
        # id lets that player's app find it, and no newcomer is offered the seat.
        if self.started and not self._game_id:     # (asked each frame while a seat is empty)
            self._game_id = game_id(self.state.spec.name, self.state.seed, self.name)
        listing = (self._game_id, True) if self.started else ("", False)
        if self.announcement is not None and listing == self._listed:
            return ""
        self._stop_announcing()
        try:
            self.announcement = Announcement(self.name, self.state.spec.name, self.port,
                                             game_id=listing[0], returning=listing[1])
            self.announcement.start()
        except Exception as exc:        # the game is hosted all the same
            self.announcement = None
            self._cannot_list = f"this game cannot be listed on the network ({exc})"
            return self._cannot_list
        self._listed = listing
        return ""

    @property
    def announce_error(self) -> str:
        return getattr(self.announcement, "error", "") or ""

    def _stop_announcing(self) -> None:
        if self.announcement is not None:
            self.announcement.close()
            self.announcement = None
            self._listed = None

    def _look_for_host(self) -> None:
        """A guest whose host is away looks for its game on the network (a Browser, on
        its own thread): a host back on another port announces it there with its id. The
        browser runs from the first failed try until the game goes on, ends or is left."""
        state = self.state
        if not ANNOUNCE or self.closed or self.failed_tries == 0 or self.seats is None \
                or state is None or state.is_over or not self.game.waiting:
            self._stop_looking()
            return
        if self.browser is None:
            if self._cannot_look:
                return
            try:
                from game.net.discovery import Browser, game_id
                self._game_id = game_id(state.spec.name, state.seed, self._host_player())
                self.browser = Browser()
                self.browser.start()
            except Exception:       # not in this copy, or no network: the saved address
                self.browser = None
                self._cannot_look = True
                return
        fresh = [place for place in self._places() if place not in self._tried]
        self.found_at = fresh[0] if fresh else None

    def _places(self) -> list[tuple]:
        """Where the browser sees this game (its id and its game), other than the saved
        address. An announcement may lie: a try there is checked by the hello like any."""
        if self.browser is None:
            return []
        # (a browser that failed lists nothing: the saved address only)
        places = [(found.address, found.port) for found in self.browser.games()
                  if getattr(found, "game_id", "") == self._game_id
                  and found.game == self.state.spec.name]
        return [place for place in dict.fromkeys(places) if place != self.address]

    def _next_try(self) -> tuple:
        """Where a dropped guest tries next: where its game was seen on the network and
        not tried in vain since the drop (`found_at`), else the saved address. Once that
        too was tried in vain, a new round begins: a refused try elsewhere goes back to
        what the browser sees, and the saved address keeps its turn."""
        if self.found_at is not None:
            return self.found_at
        if self.address in self._tried:
            self._tried.clear()
        return self.address

    def _host_player(self) -> str:
        """The host player's name, as the host's announcement hashes it into the game's id:
        from its hello, or the first seat (the host's) kept with the game."""
        if self.host_name:
            return self.host_name
        first = self.seats[0] if self.seats else None
        return first.name if first is not None and first.is_remote and first.name else ""

    def _stop_looking(self) -> None:
        if self.browser is not None:
            self.browser.close()            # never raises; again is harmless
            self.browser = None
        self.found_at = None

    @classmethod
    def hosting(cls, state, seats, name: str, port: int = DEFAULT_PORT,
                address: str = BIND_ADDRESS, heartbeat=live.HEARTBEAT,
                timeout=live.TIMEOUT, deal: bool = True) -> LivePlay:
        """Listen for the players of the remote seats (`seats`' "remote" ones, named once
        they join). The default port if it is free, else any free port (OSError if none).
        `deal`: a new game, dealt with the first guest (False: a game resumed)."""
        remote = [i for i, seat in enumerate(seats) if seat.is_remote]
        local = set(range(len(seats))) - set(remote)
        try:
            host = live.Host(port, address, guests=len(remote), heartbeat=heartbeat,
                             timeout=timeout)
        except OSError:
            if port == 0:
                raise
            host = live.Host(0, address, guests=len(remote), heartbeat=heartbeat,
                             timeout=timeout)
        try:
            game = live.LiveGame.host(host, name, state, local, deal)
        except ValueError:
            host.close()
            raise
        play = cls("host", name, host, game, list(seats), port=host.port,
                   heartbeat=heartbeat, timeout=timeout)
        # Who plays where, as the guests hear it: this screen's seats, and the remote
        # players a resumed game knows by name.
        game.local_names = {index: seat_name for index, seat_name in enumerate(play.names())
                            if index in local}
        game.names = {index: seats[index].name for index in remote if seats[index].name}
        if port and host.port != port:
            play.moved_from = port      # a guest coming back tries the old one: say so
        game.keep, game.kept = play.keep, play.kept
        return play

    @classmethod
    def joining(cls, address: str, port: int, name: str, state=None, seat=None,
                heartbeat=live.HEARTBEAT, timeout=live.TIMEOUT) -> LivePlay:
        """Join the game hosted at `address`:`port` (`state` and `seat`: to come back to
        one). The connection is made on its thread: `update` says how it went."""
        guest = _Watched(live.connect(address, port, heartbeat, timeout))
        game = live.LiveGame.join(guest, name, state, seat)
        play = cls("guest", name, guest, game, address=(address, port),
                   heartbeat=heartbeat, timeout=timeout)
        game.keep, game.kept = play.keep, play.kept
        if state is not None:
            play.seats = play._guest_seats()
        return play

    # --- what the screens ask -----------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def waiting(self) -> bool:
        """A player is missing (not joined yet, or dropped): the game waits. In a game of
        three a guest also waits while the host holds the game (another guest away, or
        the host paused): the game goes on for all together."""
        return self.game.waiting or self.held_by_host

    @property
    def held_by_host(self) -> bool:
        return self.role == "guest" and self.peer_paused and not self.two_sides \
            and not self.game.waiting

    def away(self) -> list[str]:
        """The names of the players whose connection is missing, as far as this side
        knows (a guest whose link is down: the host; else those the host says are away)."""
        if self.role == "guest" and self.game.waiting:
            return [self.host_name or "the host"]
        return [self.seats[seat].name or f"Player {seat + 1}" for seat in self.game.away]

    @property
    def started(self) -> bool:
        """Every seat has had its player (the game can be shown)."""
        return self.seats is not None and self.state is not None \
            and all(not seat.is_remote or seat.name for seat in self.seats)

    def names(self) -> list[str]:
        """Each seat's player as the screens and the kept records name them: this
        player's own name for their seat."""
        names = []
        for seat in self.seats:
            if seat.is_remote:
                names.append(seat.name)
            elif seat.is_computer:
                names.append(f"Computer ({seat.level})")
            else:
                names.append(self.name)
        return names

    def drivers(self, worker) -> list:
        """The session's seat drivers: this screen's human, a computer the host set up,
        and RemoteSeat for the players on other machines."""
        drivers = []
        for index, seat in enumerate(self.seats):
            if index not in self.game.local_seats:
                drivers.append(live.RemoteSeat(self.game, index))
            elif seat.is_computer:
                drivers.append(ComputerPlayer(worker, seat.level))
            else:
                drivers.append(LocalHuman())
        return drivers

    def session_config(self) -> SessionConfig:
        """Kept as a game with remote seats and live.json; every roll comes from both
        sides' secrets (live.RemoteDice)."""
        return SessionConfig(keeper=LiveSlot(self), dice=live.RemoteDice(self.game))

    @property
    def two_sides(self) -> bool:
        """A game of two: a player may resign (a game of three has no resignation)."""
        state = self.state
        return state is not None and len(state.spec.seats_for(state.options)) == 2

    def where(self) -> str:
        """Where the other side connects, or where this one tries to."""
        if self.role == "guest":
            host, port = self.address
            return f"{host}:{port}"
        return f"port {self.port}"

    # --- each frame -----------------------------------------------------------------------
    def update(self, dt: float) -> list:
        """The LiveGame's events since the last frame (never waits); a dropped guest tries
        the host again now and then."""
        if self.closed:
            return []
        events = self.game.update()
        if self.role == "guest" and self.network.dropped is not None:
            dropped, self.network.dropped = self.network.dropped, None
            if not any(isinstance(event, live.Left) for event in events):
                events.append(live.Left(None, dropped.reason))
        for event in events:
            if isinstance(event, live.Joined):
                self._joined(event)
            elif isinstance(event, (live.Left, live.Refused)):
                # A refused rejoin too: the host may not have seen our old link drop yet
                # (its seat still taken), so the guest tries again.
                self.left_reason = event.reason
                self.peer_paused = False
                if self.role == "guest" and self.seats is not None:
                    self.retry_in = RETRY_EVERY
                    self.failed_tries += 1
                    self._tried.add(self.trying or self.address)
            elif isinstance(event, live.PeerPaused):
                self.peer_paused = event.paused
            elif isinstance(event, live.Players) and self.seats is not None:
                self.seats = self._guest_seats()
        if self.role == "host":
            if self.game.waiting:
                self.announce()                 # listed again when a guest dropped
            elif self.announcement is not None:
                self._stop_announcing()         # every seat taken: no longer listed
        else:
            self._look_for_host()
        if self.retry_in is not None:
            self.retry_in -= dt
            if self.retry_in <= 0:
                self.retry_in = None
                self.reconnect()
        return events

    def reconnect(self) -> None:
        """A guest tries the host again (a new link; the game stays as it stands)."""
        if self.role != "guest" or self.closed:
            return
        self.trying = self._next_try()
        self.network = _Watched(live.connect(*self.trying, self.heartbeat, self.timeout))
        self.game.rejoin(self.network)

    def _joined(self, event) -> None:
        self.left_reason = ""
        self.retry_in = None
        self.failed_tries = 0
        if self.role == "host":
            self.seats[event.seat] = saves.Seat("remote", None, _fit_name(event.name))
        else:
            self.host_name = _fit_name(event.name)
            self.seats = self._guest_seats()
            if self.trying is not None and self.trying != self.address:
                self.address = self.trying      # the host moved: Continue goes there too
                self.keep()
            self.trying, self.found_at = None, None
            self._tried.clear()

    def _guest_seats(self) -> list:
        """A guest's seats: its own is the human here; the others are named as the host
        said (`players`), else the host's first seat by the host's hello and the others
        by their number."""
        count = len(self.state.spec.seats_for(self.state.options))
        told = self.game.players[0] if self.game.players else ()
        seats = []
        for index in range(count):
            if index in self.game.local_seats:
                seats.append(saves.Seat("human", None))
                continue
            name = _fit_name(told[index]) if index < len(told) and told[index] else ""
            if not name:
                name = (self.host_name or "Host") if index == 0 else f"Player {index + 1}"
            seats.append(saves.Seat("remote", None, name))
        return seats

    def close(self, reason: str = "the other player left the game") -> None:
        """Leave the game (it stays saved on both sides): a bye on every link, and the
        host stops listening."""
        if self.closed:
            return
        self.closed = True
        self._stop_announcing()
        self._stop_looking()
        self.game.close(reason)
        if isinstance(self.network, live.Host):
            self.network.close()

    # --- kept on disk ---------------------------------------------------------------------
    def keep(self) -> None:
        """live.json now, with the exchange of secrets under way (LiveGame.keep): a
        commitment or a secret leaves only once it is kept (the writer keeps the order of
        writes). Before the game has started there is nothing to come back to."""
        if self.started and not self.state.is_over and not self.closed:
            self.write_live()

    def kept(self) -> bool:
        """What `keep` wrote is on disk (the writer has no write of live.json left)."""
        return not storage.writer.busy(live_path())

    def write_live(self) -> None:
        """live.json, through the writer that keeps the order of writes."""
        storage.writer.write(live_path(), storage.json_bytes(self.saved()))

    def saved(self) -> dict:
        state = self.state
        data = {"version": LIVE_VERSION, "role": self.role, "name": self.name,
                "game": state.spec.name, "seed": state.seed, "port": self.port,
                "fair": self.game.fair_saved()}
        if self.role == "guest":
            data["address"], data["port"] = self.address
            data["seat"] = self.game.seat
        return data


def _fit_name(name: str) -> str:
    """A name the other side sent (the protocol allows 40 characters) as a seat keeps it."""
    try:
        return saves.check_player_name(name[:saves.MAX_PLAYER_NAME])
    except ValueError:
        return "Player"


def live_path():
    return storage.data_dir() / "live.json"


class LiveSlot(ResumeSlot):
    """Keeps a live game as the suspended game (with its remote seats), and live.json
    beside it."""

    def __init__(self, play: LivePlay):
        self.play = play

    def save(self, session) -> None:
        super().save(session)
        if not session.state.is_over:
            self.play.write_live()


def _check_live(data) -> dict:
    """live.json as `saved` wrote it; a ValueError naming what is wrong otherwise."""
    storage.check_version(data, LIVE_VERSION)
    if data.get("role") not in ("host", "guest"):
        raise ValueError("'role' is neither host nor guest")
    saves.check_player_name(data.get("name"))
    port = data.get("port")
    if type(port) is not int or not 0 <= port <= 65535:
        raise ValueError("'port' is not a port number")
    if data.get("fair") is not None:
        live.parse_fair(data["fair"])
    if data["role"] == "guest":
        address = data.get("address")
        if not isinstance(address, str) or not 0 < len(address) <= MAX_HOST_TEXT:
            raise ValueError("'address' is not a host's address")
        seat = data.get("seat")
        if type(seat) is not int or not 0 <= seat < 8:
            raise ValueError("'seat' is not a seat")
    return data


def load_live(resumed) -> tuple[dict | None, str | None]:
    """What live.json says of the suspended game `resumed` (a game with remote seats),
    or (None, why not)."""
    data, message = storage.read_json_file(live_path(), "live game", _check_live,
                                           "The game goes on here.")
    if data is None:
        return None, message or "how to reach the other player was not saved"
    state = resumed.state
    if data.get("game") != state.spec.name or data.get("seed") != state.seed:
        return None, "the saved connection is another game's"
    return data, None


def resume(resumed, name: str, heartbeat=live.HEARTBEAT,
           timeout=live.TIMEOUT) -> LivePlay:
    """Go back to the suspended live game `resumed` over the network: the host listens
    again (on the port it had), a guest connects to the host again. ValueError (or
    OSError) if it cannot."""
    data, why = load_live(resumed)
    if data is None:
        raise ValueError(why)
    if data["role"] == "host":
        play = LivePlay.hosting(resumed.state, resumed.seats, name,
                                data["port"] or DEFAULT_PORT, BIND_ADDRESS, heartbeat,
                                timeout, deal=False)
    else:
        play = LivePlay.joining(data["address"], data["port"], name, resumed.state,
                                data["seat"], heartbeat, timeout)
        play.seats = list(resumed.seats)
    play.game.restore_fair(data.get("fair"))     # the exchange under way, finished as it was
    return play
