"""Live play over the network: the connection (Host, connect, Link), the game over it
(LiveGame) and the seat of the player on the other machine (RemoteSeat).
docs/NETWORK.md tells the whole story.

Each link has a thread of its own that reads, writes, answers pings and keeps the
heartbeat; the frame loop only calls methods that never wait (`poll`, `send`,
`update`, `take`), which pass messages through thread-safe queues.
"""
from __future__ import annotations

import hashlib
import json
import queue
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

import game
import game.rules
from game.net import fair, protocol
from game.net.protocol import ProtocolError, make
from game.services.session import SeatDriver

HEARTBEAT = 2.0         # seconds between pings
TIMEOUT = 10.0          # seconds of silence after which the peer is dropped
CONNECT_TIMEOUT = 5.0
FLUSH_TIMEOUT = 1.0     # at most this long to send a bye before closing
READ_SIZE = 65536
MAX_INCOMING = 32       # moves received ahead of the position (a flood is refused)
FAIR_WINDOW = 16        # plies a roll's secrets are kept after it, for a side behind
FORCED_PASS = "pass"    # the only legal move when a player cannot move: never sent


# --- what the connection reports ------------------------------------------------------
@dataclass(frozen=True)
class Connected:
    link: Link


@dataclass(frozen=True)
class Received:
    link: Link
    message: protocol.Message


@dataclass(frozen=True)
class Dropped:
    """The link is closed. `cause`: "closed" (the other side closed the connection),
    "left" (it said bye), "timeout", "garbage", "too large", "version", "lost" (a network
    error), "unreachable" (the connection could not be made)."""
    link: Link
    reason: str
    cause: str


def _drain(events: queue.SimpleQueue) -> list:
    drained = []
    while True:
        try:
            drained.append(events.get_nowait())
        except queue.Empty:
            return drained


class Link:
    """One peer over one TCP connection, served by a thread of its own. `send` queues a
    message (checked at once: a bad message raises ValueError here, not on the thread);
    the thread reports Connected, Received and at last one Dropped to `events`, unless
    this side closed the link (`close`)."""

    def __init__(self, events: queue.SimpleQueue, *, sock: socket.socket | None = None,
                 address: tuple | None = None, heartbeat: float = HEARTBEAT,
                 timeout: float = TIMEOUT):
        self._events = events
        self._sock = sock
        self.address = address if sock is None else sock.getpeername()[:2]
        self.heartbeat = heartbeat
        self.timeout = timeout
        self._outgoing: queue.SimpleQueue = queue.SimpleQueue()  # frames, or a bye's reason
        self._wake_reader, self._wake_writer = socket.socketpair()
        self._wake_writer.setblocking(False)
        self._waking = False
        self.is_open = True
        self._thread = threading.Thread(target=self._run, name=f"link {self.address}",
                                        daemon=True)
        self._thread.start()

    def send(self, message: protocol.Message) -> None:
        """Queue a message (never waits). Dropped silently once the link is closed: its
        Dropped event says why."""
        frame = protocol.encode(message)
        if self.is_open:
            self._outgoing.put(frame)
            self._wake()

    def close(self, reason: str) -> None:
        """Say bye with `reason` and close (on the thread, within FLUSH_TIMEOUT)."""
        if self.is_open:
            self._outgoing.put(str(reason)[:protocol.MAX_TEXT] or "closed")
            self._wake()

    def join(self, timeout: float) -> bool:
        """Wait for the thread to end (tests and shutting down); whether it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _wake(self) -> None:
        if self._waking:        # a wake is on its way: the thread will find this too
            return
        self._waking = True
        try:
            self._wake_writer.send(b"\0")
        except OSError:         # the link is gone
            pass

    # --- on the link's thread -----------------------------------------------------------
    def _run(self) -> None:
        try:
            if self._sock is None:
                try:
                    self._sock = socket.create_connection(self.address, CONNECT_TIMEOUT)
                except OSError as exc:
                    self._drop(f"could not connect to {self.address[0]} port "
                               f"{self.address[1]}: {exc.strerror or exc}", "unreachable")
                    return
            self._events.put(Connected(self))
            self._serve()
        except OSError as exc:
            self._drop(f"the connection was lost: {exc}", "lost")
        finally:
            if self._sock is not None:
                self._sock.close()
            self._wake_reader.close()
            self._wake_writer.close()

    def _drop(self, reason: str, cause: str) -> None:
        self.is_open = False
        self._events.put(Dropped(self, reason, cause))

    def _serve(self) -> None:
        sock = self._sock
        sock.setblocking(False)
        framer = protocol.Framer()
        pending = bytearray()
        heard = pinged = time.monotonic()
        with selectors.DefaultSelector() as selector:
            selector.register(sock, selectors.EVENT_READ)
            selector.register(self._wake_reader, selectors.EVENT_READ)
            while True:
                while True:
                    try:
                        item = self._outgoing.get_nowait()
                    except queue.Empty:
                        break
                    if isinstance(item, str):           # close(): a bye, then done
                        self.is_open = False
                        self._say_bye(pending, item)
                        return
                    pending += item
                selector.modify(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE
                                                              if pending else 0))
                now = time.monotonic()
                wait = max(0.0, min(pinged + self.heartbeat, heard + self.timeout) - now)
                for key, mask in selector.select(wait):
                    if key.fileobj is self._wake_reader:
                        self._wake_reader.recv(4096)
                        self._waking = False    # after the read, before the queue's
                        continue
                    if mask & selectors.EVENT_WRITE and pending:
                        try:
                            del pending[:sock.send(pending)]
                        except BlockingIOError:
                            pass
                        except OSError as exc:
                            self._drop(f"the connection was lost: {exc}", "lost")
                            return
                    if mask & selectors.EVENT_READ:
                        try:
                            data = sock.recv(READ_SIZE)
                        except BlockingIOError:
                            continue
                        except OSError as exc:
                            self._drop(f"the connection was lost: {exc}", "lost")
                            return
                        if not data:
                            self._drop("the other side closed the connection", "closed")
                            return
                        try:
                            for message in framer.feed(data):
                                heard = time.monotonic()
                                if message.type == "ping":
                                    pending += protocol.encode(make("pong"))
                                elif message.type == "bye":
                                    self._drop(f"the other side left: {message['reason']}",
                                               "left")
                                    return
                                elif message.type != "pong":
                                    self._events.put(Received(self, message))
                        except ProtocolError as exc:
                            self._say_bye(pending, str(exc))
                            self._drop(f"the other side sent {exc.cause}: {exc}", exc.cause)
                            return
                now = time.monotonic()
                if now - heard > self.timeout:
                    self._say_bye(pending, f"no word for {self.timeout:g} s")
                    self._drop(f"no word from the other side for {self.timeout:g} s",
                               "timeout")
                    return
                if now - pinged >= self.heartbeat:
                    pending += protocol.encode(make("ping"))
                    pinged = now

    def _say_bye(self, pending: bytearray, reason: str) -> None:
        """Send what is queued and a bye, for at most FLUSH_TIMEOUT; the link then closes."""
        pending += protocol.encode(make("bye", reason=reason[:protocol.MAX_TEXT]))
        deadline = time.monotonic() + FLUSH_TIMEOUT
        try:
            self._sock.setblocking(True)
            while pending and time.monotonic() < deadline:
                self._sock.settimeout(max(0.01, deadline - time.monotonic()))
                del pending[:self._sock.send(pending)]
        except OSError:         # the peer is gone: nothing more to tell it
            pass


class Guest:
    """This side's end of a game hosted elsewhere: one link, made by `connect`."""

    def __init__(self, address: str, port: int, heartbeat: float, timeout: float):
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self.link = Link(self._events, address=(address, port), heartbeat=heartbeat,
                         timeout=timeout)

    def poll(self) -> list:
        return _drain(self._events)


def connect(address: str, port: int, heartbeat: float = HEARTBEAT,
            timeout: float = TIMEOUT) -> Guest:
    """Join a host (never waits: Connected or Dropped arrives through `poll`)."""
    return Guest(address, port, heartbeat, timeout)


class Host:
    """Listens on `address`, `port` (0: a free port, then `self.port`) until `close`, and
    accepts up to `guests` links at a time; one more is told "no free seat" and closed."""

    def __init__(self, port: int = 0, address: str = "127.0.0.1", guests: int = 1,
                 heartbeat: float = HEARTBEAT, timeout: float = TIMEOUT):
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        self._listener = socket.create_server((address, port), family=family, backlog=4)
        self._listener.settimeout(0.05)       # the accepting thread notices close() soon
        self.address = address
        self.port = self._listener.getsockname()[1]
        self.guests = guests
        self.heartbeat = heartbeat
        self.timeout = timeout
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self.links: list[Link] = []
        self._listening = True
        self._thread = threading.Thread(target=self._accept, name=f"host :{self.port}",
                                        daemon=True)
        self._thread.start()

    @property
    def listening(self) -> bool:
        return self._listening

    def poll(self) -> list:
        """The links' events since the last poll (never waits)."""
        return _drain(self._events)

    def close(self) -> None:
        """Stop listening, and close every link with a bye."""
        self._listening = False
        self._thread.join(1.0)
        for link in self.links:
            link.close("the host closed the game")

    def _accept(self) -> None:
        with self._listener:
            while self._listening:
                try:
                    sock, _address = self._listener.accept()
                except TimeoutError:
                    continue
                except OSError:
                    return
                self.links = [link for link in self.links if link.is_open]
                if len(self.links) >= self.guests:
                    self._turn_away(sock)
                    continue
                try:
                    self.links.append(Link(self._events, sock=sock,
                                           heartbeat=self.heartbeat, timeout=self.timeout))
                except OSError:         # gone before it was served
                    sock.close()

    @staticmethod
    def _turn_away(sock: socket.socket) -> None:
        with sock:
            try:
                sock.settimeout(FLUSH_TIMEOUT)
                sock.sendall(protocol.encode(make("bye", reason="no free seat")))
            except OSError:
                pass


# --- the game's identity and history ----------------------------------------------------
def history_hash(state, count: int | None = None) -> str:
    """A hash of the game (its name, seed and options) and its first `count` moves (all
    by default): two sides holding the same hash hold the same game."""
    moves = state.move_list()
    count = len(moves) if count is None else count
    text = json.dumps([state.spec.name, state.seed, state.options, moves[:count]],
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def describe(state) -> dict:
    """The game as hello's `game` field names it."""
    return {"name": state.spec.name, "options": dict(state.options), "seed": state.seed,
            "moves": len(state.history), "history": history_hash(state)}


def compare(theirs: dict, state) -> tuple[str, str]:
    """How the game another side describes (a hello's `game`) stands to ours: ("same",
    ...), ("behind", ...) (theirs is ours without the last moves), ("ahead", ...) (they
    hold more moves: they check that ours begins theirs), or ("different", why)."""
    if theirs["name"] != state.spec.name:
        return "different", f"the other side plays {theirs['name']}, not {state.spec.name}"
    if theirs["seed"] != state.seed or theirs["options"] != state.options:
        return "different", "the other side's game was set up differently"
    ours = len(state.history)
    if theirs["moves"] > ours:
        return "ahead", f"the other side is {theirs['moves'] - ours} moves ahead"
    if theirs["history"] != history_hash(state, theirs["moves"]):
        return "different", f"the histories differ within the first {theirs['moves']} moves"
    if theirs["moves"] == ours:
        return "same", "the same game, at the same move"
    return "behind", f"the other side is {ours - theirs['moves']} moves behind"


def parse_fair(data) -> tuple[dict, dict]:
    """An exchange of secrets as LiveGame.fair_saved wrote it: (our secrets, the other
    side's commitments) by ply; a ValueError naming what is wrong otherwise."""
    if not isinstance(data, dict) or set(data) != {"secrets", "commitments"}:
        raise ValueError("'fair' is not an exchange of secrets")
    tables = []
    for key, size in (("secrets", fair.SECRET_BYTES), ("commitments", fair.COMMITMENT_BYTES)):
        table = data[key]
        if not isinstance(table, dict) or len(table) > MAX_INCOMING + FAIR_WINDOW + 1:
            raise ValueError(f"'fair.{key}' is not a short table")
        parsed = {}
        for ply, value in table.items():
            if not (isinstance(ply, str) and ply.isdigit() and len(ply) < 9
                    and isinstance(value, str) and len(value) == 2 * size):
                raise ValueError(f"'fair.{key}' holds something else than {size} bytes by "
                                 f"move")
            try:
                parsed[int(ply)] = bytes.fromhex(value)
            except ValueError:
                raise ValueError(f"'fair.{key}' is not hexadecimal") from None
        tables.append(parsed)
    return tables[0], tables[1]


# --- the game over the links -------------------------------------------------------------
@dataclass(frozen=True)
class Joined:
    """A remote player took `seat` (on a guest: the host welcomed us into ours)."""
    seat: int
    name: str


@dataclass(frozen=True)
class Left:
    """The player of `seat` is gone (a guest: the host, seat None) and the game waits."""
    seat: int | None
    reason: str


@dataclass(frozen=True)
class Refused:
    """The host turned us away (or we turned the host's game down): nothing changed."""
    reason: str


@dataclass(frozen=True)
class Requested:
    """The player of `seat` asks (`kind`: takeback, offer_end, resign); answer with
    LiveGame.answer(id, accept)."""
    id: int
    kind: str
    to: int
    seat: int | None = None


@dataclass(frozen=True)
class Answered:
    """Our request was answered. Accepted, a takeback is already done (the position
    changed: show it), an offer to end is played as the move "agree", a resignation is the
    screen's to carry out."""
    kind: str
    accepted: bool


@dataclass(frozen=True)
class Decided:
    """In a game of three, a request we were asked about is decided: accepted only if
    both players asked accepted (a takeback accepted also comes as TookBack)."""
    id: int
    kind: str
    accepted: bool


@dataclass(frozen=True)
class Players:
    """A guest hears from the host who plays each seat, and whose player is away."""
    names: tuple
    away: tuple


@dataclass(frozen=True)
class TookBack:
    """The game went back to `to` moves by an accepted takeback."""
    to: int


@dataclass(frozen=True)
class PeerPaused:
    """The other side paused its screen, or came back (a guest: the host, seat None,
    which also holds the game for all while a player is missing)."""
    seat: int | None
    paused: bool


@dataclass
class _Peer:
    link: Link
    since: float
    seat: int | None = None        # None until its hello is answered
    name: str = ""
    sent: int = 0                  # moves of our history this peer holds
    held: bool = False             # the host told this guest the game is paused
    hello: object = None           # a new guest's hello, answered once the deal is made
    players: tuple | None = None   # the host: who plays where, as this guest last heard it
    committed: set = field(default_factory=set)    # plies we sent our commitment for
    revealed: set = field(default_factory=set)     # plies we revealed our secret for


@dataclass
class _Poll:
    """A request in a game of three, gathered by the host: it stands only if every other
    player accepts it."""
    kind: str
    ply: int
    to: int
    seat: int                      # the asking player's
    asker: _Peer | None            # None: the host's own request
    asker_id: int                  # the asker's number for it
    asked: list                    # the guests asked (each hears the verdict)
    waiting: set                   # who has still to answer: guests' seats, "host"


@dataclass
class _Incoming:
    ply: int
    text: str
    peer: _Peer
    move: object = None            # the move, once checked in its position
    checked: bool = False


class LiveGame:
    """One game played over links: the host's (every remote seat over its own link) or a
    guest's (every other seat through the host, who passes moves on between guests).

    Each frame: `update()` sends the moves played here since the last frame, reads the
    links, checks the moves received and returns what happened (Joined, Left, Refused,
    Requested, Answered, TookBack, PeerPaused). `take(state)` gives the next move
    received once it is due and checked legal (RemoteSeat asks it). A move out of turn,
    an illegal one, or one whose number skips ends the link with a bye saying so.
    Chance comes from both sides (fair.py; docs/NETWORK.md, "Fair chance, live"): a new
    game's seed is dealt from the host's and the first guest's secrets before the guest
    is welcomed, and each roll from both sides' secrets, committed and then revealed once
    the roll is due. `roll(state)` gives a roll once both secrets are in; a roll is never
    sent as a move. The secrets and commitments of an exchange under way are kept
    (`fair_saved`, called through `keep` before a commitment or a reveal leaves) so that
    a resumed game finishes the same exchange."""

    def __init__(self, network, name: str, state, local_seats, role: str, seat=None):
        self.network = network              # a Host or a Guest: poll()
        self.name = name
        self.state = state                  # None on a new guest until it is welcomed
        self.local_seats = set(local_seats)
        self.role = role
        self.seat = seat                    # a guest's seat
        self.peers: list[_Peer] = []
        self.incoming: list[_Incoming] = []
        self.origin: dict[int, _Peer] = {}  # ply index -> the peer whose move it was
        self.names: dict[int, str] = {}
        self.requests: dict[int, tuple] = {}    # id -> (kind, ply, to, peer): theirs, open
        self.mine: dict[int, tuple] = {}        # id -> (kind, ply, to): ours, unanswered
        # A game of three: the host gathers every request's answers (id -> _Poll); a guest
        # that accepted one waits for the verdict (id -> (kind, ply, to)).
        self.polls: dict[int, _Poll] = {}
        self.verdicts: dict[int, tuple] = {}
        self.local_names: dict[int, str] = {}  # the host: its own seats' players
        self.own_seat = seat                    # the seat of the player at this screen
        self.players: tuple | None = None       # a guest: (names, away) as the host said
        self._next_id = 1
        self._agreed_end: int | None = None     # the ply an accepted offer to end is played at
        self._host_game: dict | None = None     # a guest: the game the host's hello named
        self._host_name = ""
        self._paused_here = False               # the host's own screen is paused
        self._events: list = []
        # Fair chance: by ply (0: the deal; n: the roll that is move n).
        self.secrets: dict[int, bytes] = {}         # ours, committed to
        self.commitments: dict[int, bytes] = {}     # the other side's
        self.reveals: dict[int, bytes] = {}         # the other side's secrets
        self.rolls: dict[int, object] = {}          # the rolls both secrets give
        self.keep = None        # called when the exchange must be on disk before it goes on
        self.kept = None        # says whether what keep() wrote is on disk yet (None: yes)
        self.dealing = False    # a host: the seed is still to be dealt with the first guest
        self._dealer: _Peer | None = None           # the host: the guest it deals with
        self._deal_about = b""                      # the deal's context
        self._dealt_seed: int | None = None         # a guest: the seed our deal gave
        self._deal_reveal = None    # the host: its secret for the deal made, until it begins
        self._about: tuple[int, bytes] | None = None    # the roll due's context, kept
        self._expected_roll: tuple[int, str] | None = None  # a welcome's roll, to check
        # Checked now: a name or a game the protocol cannot carry (a seed out of range,
        # an option too long) is a ValueError when hosting or joining, not later.
        self._hello_message()

    @classmethod
    def host(cls, host: Host, name: str, state, local_seats, deal: bool = True) -> LiveGame:
        """The host's side; `deal`: a new game, whose seed is dealt with the first guest
        (False: a game resumed)."""
        live_game = cls(host, name, state, local_seats, "host")
        live_game.dealing = deal and not state.history
        live_game.own_seat = min(local_seats)
        live_game.local_names = {seat: name for seat in local_seats}   # LivePlay names its
        #                                                                 computers
        return live_game

    @classmethod
    def join(cls, guest: Guest, name: str, state=None, seat: int | None = None) -> LiveGame:
        """A guest: `state` and `seat` to resume a game, None for a new one."""
        return cls(guest, name, state, {seat} if seat is not None else set(), "guest", seat)

    def rejoin(self, guest: Guest) -> None:
        """A guest connects again after a drop: the same game over a new link."""
        for peer in list(self.peers):
            self._forget(peer)
        self.network = guest
        self._host_game = None
        self._expected_roll = None
        # Dropped during the deal: our part of it is kept, and the host must finish the
        # same deal (_deal_message).

    # --- what the screens ask ---------------------------------------------------------------
    @property
    def remote_seats(self) -> list[int]:
        if self.state is None:
            return []
        return [seat for seat in range(self.seat_count) if seat not in self.local_seats]

    @property
    def seat_count(self) -> int:
        return len(self.state.spec.seats_for(self.state.options))

    @property
    def away(self) -> list[int]:
        """The remote seats whose player is not connected (a guest: as the host last said;
        a guest whose own link is down knows only that the host is gone: `waiting`)."""
        if self.role == "guest":
            return list(self.players[1]) if self.players and not self.waiting else []
        present = {peer.seat for peer in self.peers}
        return [seat for seat in self.remote_seats if seat not in present]

    @property
    def waiting(self) -> bool:
        """A remote seat has no player connected: the game waits."""
        if self.role == "guest":
            return not any(peer.seat is not None for peer in self.peers)
        present = {peer.seat for peer in self.peers}
        return any(seat not in present for seat in self.remote_seats)

    def drivers(self, local_driver) -> list:
        """The session's drivers: `local_driver()` for the seats here, RemoteSeat for the
        others."""
        return [local_driver() if seat in self.local_seats else RemoteSeat(self, seat)
                for seat in range(self.seat_count)]

    def take(self, state):
        """The next move received, when it is due in `state` and checked; else None. The
        caller plays it at once."""
        if not self.incoming or not self.incoming[0].checked \
                or self.incoming[0].ply != len(state.history) + 1:
            return None
        incoming = self.incoming.pop(0)
        self.origin[incoming.ply - 1] = incoming.peer
        return incoming.move

    def roll(self, state):
        """The roll due in `state` once both sides' secrets are in; else None."""
        if not state.is_chance:
            return None
        return self.rolls.get(len(state.history) + 1)

    def fair_saved(self) -> dict:
        """The exchange under way, as live.json keeps it: our secrets and the other
        side's commitments, by ply."""
        return {"secrets": {str(ply): value.hex() for ply, value in self.secrets.items()},
                "commitments": {str(ply): value.hex()
                                for ply, value in self.commitments.items()}}

    def restore_fair(self, data) -> None:
        """Take back an exchange `fair_saved` kept (ValueError naming what is wrong)."""
        if data is not None:
            self.secrets, self.commitments = parse_fair(data)

    def request(self, kind: str) -> None:
        """Ask the other side: "takeback" (back to before our last move), "offer_end",
        "resign". The answer comes as Answered. In a game of three both others must
        accept: the host asks them, and answers once both have (a game of three has no
        resignation: a player offers to end it)."""
        state = self.state
        three = self.seat_count > 2
        if three and kind == "resign":
            raise ValueError("a game of three has no resignation: offer to end it instead")
        if self.waiting or self.away:
            raise ValueError("a player is not connected")
        ply = len(state.history)
        to = ply
        if kind == "takeback":
            movers = state.movers()
            ours = [index for index, seat in enumerate(movers) if seat in self.local_seats]
            if not ours:
                raise ValueError("there is no move of ours to take back")
            to = ours[-1]
        request_id = self._new_id()
        self.mine[request_id] = (kind, ply, to)
        if self.role == "host" and three:
            guests = [peer for peer in self.peers if peer.seat is not None]
            self.polls[request_id] = _Poll(kind, ply, to, self.own_seat, None, request_id,
                                           guests, {peer.seat for peer in guests})
        self._send_all(make("request", id=request_id, kind=kind, ply=ply, to=to,
                            seat=self.own_seat))

    def _new_id(self) -> int:
        request_id, self._next_id = self._next_id, self._next_id + 1
        return request_id

    def answer(self, request_id: int, accept: bool) -> list:
        """Answer the other side's request (a Requested event). Between two players a
        takeback accepted is done here at once; in a game of three once both asked have
        accepted (the host's verdict). Returns what happened (TookBack, Decided)."""
        if request_id not in self.requests:
            return []                               # its link has dropped meanwhile
        kind, ply, to, peer = self.requests.pop(request_id)
        still = ply == len(self.state.history)      # no move since it was asked
        accept = accept and still
        poll = self.polls.get(request_id)
        if poll is not None:        # the host, asked about a guest's request
            poll.waiting.discard("host")
            if accept and poll.waiting:
                return []
            before = len(self._events)
            self._settle(request_id, accept)
            happened = self._events[before:]
            del self._events[before:]
            return happened
        peer.link.send(make("answer", id=request_id, accept=accept))
        if not accept:
            return []
        if self.seat_count > 2:     # a guest: the host says what both answers decided
            self.verdicts[request_id] = (kind, ply, to)
            return []
        if kind == "takeback":
            return [self._take_back(to)]
        if kind == "offer_end":
            self._agreed_end = ply + 1
        return []

    def _settle(self, request_id: int, accepted: bool, declined_by: _Peer | None = None) -> None:
        """The host decides a request of a game of three (every answer in, or one no):
        the asker hears the answer, the guests asked the verdict (but the one whose no
        decided it), and the host carries it out."""
        poll = self.polls.pop(request_id)
        accepted = accepted and poll.ply == len(self.state.history)
        if poll.asker is None:
            self.mine.pop(request_id, None)
            self._events.append(Answered(poll.kind, accepted))
        else:
            if poll.asker in self.peers:
                poll.asker.link.send(make("answer", id=poll.asker_id, accept=accepted))
            self.requests.pop(request_id, None)     # the host's question, if still open
            self._events.append(Decided(request_id, poll.kind, accepted))
        for peer in poll.asked:
            if peer in self.peers and peer is not declined_by:
                peer.link.send(make("verdict", id=request_id, accept=accepted))
        if accepted and poll.kind == "takeback":
            self._events.append(self._take_back(poll.to))
        elif accepted and poll.kind == "offer_end" and poll.asker is not None:
            self._agreed_end = poll.ply + 1

    def set_paused(self, paused: bool) -> None:
        if self.role == "host":
            self._paused_here = paused
            self._tell_held()
        else:
            self._send_all(make("pause" if paused else "resume"))

    @property
    def held(self) -> bool:
        """The host holds the game for every guest: its screen is paused or a player is
        missing (in a game of three, the guests still there must not move either)."""
        return self.role == "host" and (self._paused_here or self.waiting)

    def _tell_held(self) -> None:
        """Each guest hears "pause" when the host holds the game, "resume" when it goes
        on (a guest that joins while it is held hears it once welcomed)."""
        held = self.held
        for peer in self.peers:
            if peer.seat is not None and peer.held != held:
                peer.link.send(make("pause" if held else "resume"))
                peer.held = held

    def _tell_players(self) -> None:
        """Each guest hears who plays each seat and whose player is away, whenever that
        changes (before "pause", so that a guest held knows for whom)."""
        if self.state is None:
            return
        names = [(self.local_names.get(seat) or self.names.get(seat, ""))[:protocol.MAX_NAME]
                 for seat in range(self.seat_count)]
        players = (names, self.away)
        for peer in self.peers:
            if peer.seat is not None and peer.players != players:
                peer.link.send(make("players", names=names, away=players[1]))
                peer.players = players

    def close(self, reason: str) -> None:
        for peer in self.peers:
            peer.link.close(reason)
        self.peers = []

    # --- each frame -------------------------------------------------------------------------
    def update(self) -> list:
        self._send_new_moves()
        for event in self.network.poll():
            if isinstance(event, Connected):
                self._connected(event.link)
            elif isinstance(event, Dropped):
                self._dropped(event.link, event.reason)
            else:
                self._received(event.link, event.message)
        self._check_incoming()
        if self.role == "host":
            self._time_out_hellos()
            self._tell_players()
            self._tell_held()
            self._deal_with_next()
        self._advance_roll()
        events, self._events = self._events, []
        return events

    def _send_all(self, message) -> None:
        for peer in self.peers:
            if peer.seat is not None:
                peer.link.send(message)

    def _send_new_moves(self) -> None:
        """The moves played since each peer last heard (ours and, on the host, those of
        the other guests), numbered by ply."""
        state = self.state
        if state is None:
            return
        moves = movers = None
        for peer in self.peers:
            if peer.seat is None or peer.sent >= len(state.history):
                continue
            moves = moves or state.move_list()
            movers = movers or state.movers()
            for index in range(peer.sent, len(moves)):
                # A roll is never sent: each side draws it from both secrets.
                if self.origin.get(index) is not peer and moves[index] != FORCED_PASS \
                        and movers[index] is not None:
                    peer.link.send(make("move", ply=index + 1, move=moves[index]))
            peer.sent = len(moves)

    def _peer(self, link: Link) -> _Peer | None:
        return next((peer for peer in self.peers if peer.link is link), None)

    def _hello_message(self) -> protocol.Message:
        game_ = describe(self.state) if self.state is not None else None
        return make("hello", app=game.__version__, name=self.name, role=self.role,
                    game=game_, seat=self.seat)

    def _connected(self, link: Link) -> None:
        self.peers.append(_Peer(link, time.monotonic()))
        link.send(self._hello_message())

    def _dropped(self, link: Link, reason: str) -> None:
        peer = self._peer(link)
        if peer is None:
            return
        self._forget(peer)
        if peer.seat is not None or self.role == "guest":
            self._events.append(Left(peer.seat if self.role == "host" else None, reason))

    def _forget(self, peer: _Peer) -> None:
        """A peer is gone: its moves not played yet, its requests, and ours to it (with
        two sides, the only one), answered no."""
        self.peers.remove(peer)
        if peer is self._dealer:        # the deal starts again with the next guest
            self._dealer = None
            self._forget_exchange(0)
        self.incoming = [item for item in self.incoming if item.peer is not peer]
        for request_id in [key for key, item in self.requests.items() if item[3] is peer]:
            del self.requests[request_id]
        if peer.seat is not None:
            # A game of three: a request this player asked, or was asked, falls: no.
            for request_id, poll in list(self.polls.items()):
                if poll.asker is peer or peer in poll.asked:
                    self._settle(request_id, False)
            self._events += [Answered(kind, False) for kind, _ply, _to in self.mine.values()]
            self.mine.clear()
            self.verdicts.clear()

    def _refuse(self, peer: _Peer, reason: str) -> None:
        """End the link: it broke the rules of the game."""
        peer.link.close(reason)
        self._forget(peer)
        self._events.append(Left(peer.seat if self.role == "host" else None, reason))

    def _time_out_hellos(self) -> None:
        now = time.monotonic()
        for peer in list(self.peers):
            if peer.seat is None and now - peer.since > peer.link.timeout:
                peer.link.close("no hello" if peer.hello is None else "the deal was not "
                                "finished in time")
                self._forget(peer)

    def _received(self, link: Link, message: protocol.Message) -> None:
        peer = self._peer(link)
        if peer is None:
            return
        kind = message.type
        if kind == "hello":
            self._hello(peer, message)
        elif kind in ("commit", "reveal") and message["ply"] == 0:
            self._deal_message(peer, message)
        elif peer.seat is None and not (kind in ("welcome", "refuse") and self.role == "guest"):
            self._refuse(peer, f"a {kind} before the game was agreed")
        elif kind == "welcome":
            self._welcome(peer, message)
        elif kind == "refuse":
            self._events.append(Refused(message["reason"]))
            link.close("refused")
            self._forget(peer)
        elif kind == "move":
            self._move(peer, message)
        elif kind == "request":
            self._request(peer, message)
        elif kind == "answer":
            self._answer(peer, message)
        elif kind == "verdict":
            self._verdict(peer, message)
        elif kind == "players":
            self._players(peer, message)
        elif kind in ("pause", "resume"):
            self._events.append(PeerPaused(peer.seat if self.role == "host" else None,
                                           kind == "pause"))
        elif kind == "commit":
            self._commit(peer, message)
        elif kind == "reveal":
            self._reveal(peer, message)

    # --- the handshake ---------------------------------------------------------------------
    def _hello(self, peer: _Peer, message) -> None:
        if peer.seat is not None:
            self._refuse(peer, "a second hello")
        elif message["role"] == self.role:
            self._refuse(peer, f"both sides are the {self.role}")
        elif self.role == "guest":
            if message["game"] is None:
                self._refuse(peer, "the host has no game")
            else:
                self._host_game = message["game"]
                self._host_name = message["name"]
        elif self.dealing:          # answered once the seed is dealt
            peer.hello = message
        else:
            self._admit(peer, message)

    def _admit(self, peer: _Peer, hello) -> None:
        """The host answers a guest's hello: a seat and the moves it lacks, or a refusal."""
        state = self.state
        taken = {other.seat for other in self.peers if other.seat is not None}
        free = [seat for seat in self.remote_seats if seat not in taken]
        wanted = hello["seat"]
        if wanted is not None and wanted not in free:
            return self._turn_away(peer, f"seat {wanted} is not free")
        if not free:
            return self._turn_away(peer, "no free seat")
        theirs = hello["game"]
        count = 0
        if theirs is not None:
            verdict, why = compare(theirs, state)
            if verdict == "different":
                return self._turn_away(peer, why)
            count = min(theirs["moves"], len(state.history))
        seat = wanted if wanted is not None else free[0]
        if theirs is None and self._deal_reveal is not None and not state.history \
                and self.seat_count == 2:
            peer.link.send(self._deal_reveal)   # the dealer, back: it checks the deal
        missing = state.move_list()[count:]
        try:        # the moves it lacks must fit one message
            peer.link.send(make("welcome", seat=seat, moves=missing))
        except ProtocolError:
            return self._turn_away(peer, f"{len(missing)} moves behind: too many to send")
        peer.seat = seat
        peer.name = hello["name"]
        peer.sent = len(state.history)
        self.names[seat] = peer.name
        self._events.append(Joined(seat, peer.name))

    def _turn_away(self, peer: _Peer, reason: str) -> None:
        peer.link.send(make("refuse", reason=reason))
        peer.link.close(reason)
        self.peers.remove(peer)

    def _welcome(self, peer: _Peer, message) -> None:
        """A guest is welcomed: it builds the game if new, plays the moves it lacked, and
        checks that it now holds the host's game."""
        host_game = self._host_game
        if host_game is None:
            return self._refuse(peer, "a welcome before the host's hello")
        seat = message["seat"]
        if self.seat is not None and seat != self.seat:
            return self._refuse(peer, f"welcomed into seat {seat}, not ours ({self.seat})")
        if self._dealt_seed is not None and host_game["seed"] != self._dealt_seed:
            return self._refuse(peer, "the host's game is not the deal both secrets gave: "
                                      "a forged deal")
        resuming = self.state is not None
        if self.state is None:
            try:
                spec = game.rules.get(host_game["name"])
                state = spec.new_game(seed=host_game["seed"], options=host_game["options"])
            except (KeyError, ValueError) as exc:
                return self._refuse(peer, f"the host's game cannot be played here: {exc}")
            # A new game of two is dealt with us; a third player takes the first two's.
            if self._dealt_seed is None and host_game["moves"] == 0 \
                    and len(spec.seats_for(host_game["options"])) == 2:
                return self._refuse(peer, "the host dealt the game alone: a new game is "
                                          "dealt from both sides' secrets")
            self.state = state
        state = self.state
        seats = len(state.spec.seats_for(state.options))
        if seat >= seats:
            return self._refuse(peer, f"welcomed into seat {seat + 1} of a game of {seats}")
        moves = list(message["moves"])
        deferred = False
        while moves:        # the moves we lack, checked as we play them
            text = moves.pop(0)
            ply = len(state.history) + 1
            if state.is_chance and ply in self.secrets:
                # A roll we committed to: drawn here from both secrets, not taken; the
                # moves after it wait for it as moves received do.
                if len(moves) > MAX_INCOMING:
                    return self._refuse(peer, f"{len(moves)} moves after a roll to draw")
                self._expected_roll = (ply, text)
                self.incoming = [_Incoming(ply + 1 + index, later, peer)
                                 for index, later in enumerate(moves)]
                deferred = True
                break
            if state.is_chance and resuming:
                # A roll of our game we never committed to (each commitment is kept
                # before it leaves): the host drew it alone. A guest new to the game
                # takes the rolls before it as the game's history.
                return self._refuse(peer, f"the host's roll {text!r} of move {ply} was drawn "
                                          f"without our secret: a forged roll")
            try:
                state.play(state.parse_move(text))
            except ValueError as exc:
                return self._refuse(peer, f"the host's move {text!r} is not legal here: {exc}")
        verdict, why = compare(host_game, state)
        # behind: we hold moves it has not heard; ahead: its moves after a roll wait
        if verdict not in ("same", "behind") and not (deferred and verdict == "ahead"):
            return self._refuse(peer, f"not the host's game: {why}")
        self.seat = self.own_seat = seat
        self.local_seats = {seat}
        peer.seat = seat
        peer.name = self._host_name
        peer.sent = host_game["moves"]
        self._events.append(Joined(seat, peer.name))

    # --- moves -------------------------------------------------------------------------------
    def _move(self, peer: _Peer, message) -> None:
        last = self.incoming[-1].ply if self.incoming else len(self.state.history)
        if message["ply"] <= last:
            return self._refuse(peer, f"move {message['ply']} out of turn or out of order "
                                      f"(move {last} was the last)")
        if len(self.incoming) >= MAX_INCOMING:
            return self._refuse(peer, f"more than {MAX_INCOMING} moves ahead")
        self.incoming.append(_Incoming(message["ply"], message["move"], peer))

    def _check_incoming(self) -> None:
        """Check the next move received once it is due: its sender may move now, and it
        is legal in our own position."""
        state = self.state
        if not self.incoming or self.incoming[0].checked:
            return
        incoming = self.incoming[0]
        due = len(state.history) + 1
        if incoming.ply < due:      # a move was played here meanwhile
            return self._refuse(incoming.peer, f"move {incoming.ply} out of turn")
        if incoming.ply > due:
            # Only a forced pass or a roll, which each side plays itself, may stand between.
            if state.is_over or not (state.is_chance or state.legal_moves() == [FORCED_PASS]):
                self._refuse(incoming.peer, f"move {incoming.ply} skips: move {due} is due")
            return
        fault = self._fault(incoming)
        if fault:
            return self._refuse(incoming.peer, fault)
        incoming.checked = True

    def _fault(self, incoming: _Incoming) -> str | None:
        """Why the move received may not be played now, or None."""
        state = self.state
        text = incoming.text
        if text.strip() == FORCED_PASS:
            return "a pass is never sent: each side plays a forced pass itself"
        if state.is_over:
            return f"move {text!r} after the end of the game"
        try:
            move = state.parse_move(text)
        except ValueError as exc:
            return f"illegal move {text!r}: {exc}"
        seat = state.to_play
        if move in state.consent_moves():
            if self._agreed_end != incoming.ply:
                return f"{text!r} needs every player's consent"
            self._agreed_end = None
        elif state.is_chance:
            return f"roll {text!r} sent as a move: a roll comes from both sides' secrets, " \
                   f"never from one side"
        elif self.role == "host" and seat != incoming.peer.seat:
            return f"move {text!r} out of turn: seat {seat + 1} is to move"
        elif self.role == "guest" and seat in self.local_seats:
            return f"move {text!r} out of turn: it is our move"
        incoming.move = move
        return None

    # --- requests ----------------------------------------------------------------------------
    def _request(self, peer: _Peer, message) -> None:
        kind, ply, to, seat = message["kind"], message["ply"], message["to"], message["seat"]
        state = self.state
        three = self.seat_count > 2
        if self.role == "host" and seat != peer.seat:
            return self._refuse(peer, f"a request in the name of seat {seat + 1}, not its own")
        if self.role == "guest" and (seat in self.local_seats or seat >= self.seat_count):
            return self._refuse(peer, f"a request in the name of seat {seat + 1}")
        if ply != len(state.history) or to > ply or (three and kind == "resign") \
                or (self.role == "host" and three and self.waiting) \
                or any(item[3] is peer for item in self.requests.values()):
            # Asked about another position (a move crossed it), a resignation in a game
            # of three, with a player away, or a second while the first is open:
            # declined at once.
            peer.link.send(make("answer", id=message["id"], accept=False))
            return
        if self.role == "host" and three:
            # Asked of the host and of the other guest: the host gathers both answers.
            request_id = self._new_id()
            asked = [other for other in self.peers
                     if other.seat is not None and other is not peer]
            self.polls[request_id] = _Poll(kind, ply, to, seat, peer, message["id"], asked,
                                           {other.seat for other in asked} | {"host"})
            for other in asked:
                other.link.send(make("request", id=request_id, kind=kind, ply=ply, to=to,
                                     seat=seat))
            self.requests[request_id] = (kind, ply, to, peer)
            self._events.append(Requested(request_id, kind, to, seat))
            return
        self.requests[message["id"]] = (kind, ply, to, peer)
        self._events.append(Requested(message["id"], kind, to, seat))

    def _answer(self, peer: _Peer, message) -> None:
        request_id = message["id"]
        poll = self.polls.get(request_id) if self.role == "host" else None
        if poll is not None:        # a guest's answer to a request it was asked by the host
            if peer not in poll.asked or peer.seat not in poll.waiting:
                return self._refuse(peer, f"an answer to request {request_id}, not asked "
                                          f"of it")
            poll.waiting.discard(peer.seat)
            if not message["accept"]:
                self._settle(request_id, False, declined_by=peer)
            elif not poll.waiting:
                self._settle(request_id, True)
            return
        asked = self.mine.pop(request_id, None)
        if asked is None and self.seat_count > 2 and request_id < self._next_id:
            return      # a request of a game of three decided before this answer came
        if asked is None:
            return self._refuse(peer, f"an answer to request {request_id}, never asked")
        kind, ply, to = asked
        accepted = message["accept"] and ply == len(self.state.history)
        self._events.append(Answered(kind, accepted))
        if accepted and kind == "takeback":
            self._events.append(self._take_back(to))

    def _verdict(self, peer: _Peer, message) -> None:
        """A guest hears what a request of a game of three came to: carried out if
        everyone accepted, with the position unchanged since."""
        request_id = message["id"]
        if self.role == "host":
            return self._refuse(peer, "a verdict from a guest: the host decides requests")
        asked = self.verdicts.pop(request_id, None)
        if asked is None:
            open_ = self.requests.pop(request_id, None)    # our question, not answered yet
            if open_ is None or message["accept"]:
                return self._refuse(peer, f"a verdict on request {request_id}, not one "
                                          f"we accepted")
            self._events.append(Decided(request_id, open_[0], False))
            return
        kind, ply, to = asked
        accepted = message["accept"] and ply == len(self.state.history)
        self._events.append(Decided(request_id, kind, accepted))
        if accepted and kind == "takeback":
            self._events.append(self._take_back(to))
        elif accepted and kind == "offer_end":
            self._agreed_end = ply + 1

    def _players(self, peer: _Peer, message) -> None:
        if self.role == "host":
            return self._refuse(peer, "who plays where is the host's to say")
        names, away = message["names"], message["away"]
        if len(names) != self.seat_count or any(seat >= self.seat_count or
                                               seat in self.local_seats for seat in away):
            return self._refuse(peer, "the players of another game's seats")
        self.players = (tuple(names), tuple(away))
        self._events.append(Players(*self.players))

    def _take_back(self, to: int) -> TookBack:
        state = self.state
        while len(state.history) > to:
            state.undo()
        state.redo_stack.clear()
        self.incoming = []
        self.origin = {index: peer for index, peer in self.origin.items() if index < to}
        for peer in self.peers:
            peer.sent = min(peer.sent, to)
            peer.committed = {ply for ply in peer.committed if ply <= to}
            peer.revealed = {ply for ply in peer.revealed if ply <= to}
        for table in (self.secrets, self.commitments, self.reveals, self.rolls):
            for ply in [ply for ply in table if ply > to]:
                del table[ply]
        self._about = None
        self._expected_roll = None
        return TookBack(to)

    # --- fair chance (fair.py): commit, then reveal -------------------------------------
    def _kept(self) -> None:
        """The exchange goes on disk before anything of it leaves (a resumed game must
        finish the same exchange, not draw again): `_advance_roll` sends nothing more
        until it is there (`_on_disk`)."""
        if self.keep is not None:
            self.keep()

    def _on_disk(self) -> bool:
        return self.kept is None or self.kept()

    def _forget_exchange(self, ply: int) -> None:
        for table in (self.secrets, self.commitments, self.reveals):
            table.pop(ply, None)

    def _fair_value(self, peer: _Peer, message, size: int) -> bytes | None:
        """The message's value as `size` bytes, or None (the peer is refused)."""
        value = message["value"]
        if len(value) != 2 * size:
            what = "commitment" if message.type == "commit" else "secret"
            self._refuse(peer, f"a {what} of {len(value) / 2:g} bytes, not {size}")
            return None
        return bytes.fromhex(value)

    def _deal_with_next(self) -> None:
        """The host deals a new game with the first guest waiting: it commits to its
        secret first."""
        if not self.dealing or self._dealer is not None:
            return
        waiting = [peer for peer in self.peers if peer.hello is not None]
        if not waiting:
            return
        self._dealer = waiting[0]
        self._forget_exchange(0)
        self._deal_about = fair.context(self.state.spec.name, "seed",
                                        history_hash(self.state))
        self.secrets[0] = fair.new_secret()
        self._dealer.link.send(make("commit", ply=0, value=fair.commitment(
            self.secrets[0], self._deal_about).hex()))

    def _deal_message(self, peer: _Peer, message) -> None:
        """A commit or reveal of the deal (ply 0): the host's to its dealer, a new
        guest's to the host before its welcome. The guest commits and reveals first; the
        host reveals once it has dealt, so a guest never learns the deal while it could
        still walk away from it (and be dealt again)."""
        if self.role == "host":
            return self._deal_as_host(peer, message)
        kind = message.type
        if self.state is not None or self._host_game is None:
            return self._refuse(peer, f"a {kind} for a deal: this game is dealt already")
        if kind == "commit":
            value = self._fair_value(peer, message, fair.COMMITMENT_BYTES)
            if value is None or self.commitments.get(0) == value:
                return                  # (the same, sent again: answered already)
            if 0 in self.commitments or self._dealt_seed is not None:
                # Back after a drop, the host deals afresh although our secret left:
                # it may have seen the deal and not liked it.
                return self._refuse(peer, "the host began the deal again after our secret "
                                          "was sent: join again for a new deal")
            self.commitments[0] = value     # the host committed: ours, then our secret
            self._deal_about = fair.context(self._host_game["name"], "seed",
                                            self._host_game["history"])
            self.secrets[0] = fair.new_secret()
            peer.link.send(make("commit", ply=0, value=fair.commitment(
                self.secrets[0], self._deal_about).hex()))
            peer.link.send(make("reveal", ply=0, value=self.secrets[0].hex()))
            return
        value = self._fair_value(peer, message, fair.SECRET_BYTES)
        if value is None or self._dealt_seed is not None:
            return                      # (sent again to a guest back after a drop)
        if 0 not in self.commitments:
            return self._refuse(peer, "this game was dealt with another player's secret, "
                                      "who left before it began: the host must host a new "
                                      "game")
        seed = self._deal_seed(peer, value)
        if seed is not None:
            self._dealt_seed = seed
            self._forget_exchange(0)

    def _deal_seed(self, peer: _Peer, value: bytes) -> int | None:
        """The seed both secrets give, once the other side's is checked against its
        commitment (else None: the peer is refused)."""
        try:
            fair.check_reveal(self.commitments[0], value, self._deal_about,
                              "the other side's secret for the deal")
        except ValueError as exc:
            self._refuse(peer, str(exc))
            return None
        first, second = (self.secrets[0], value) if self.role == "host" \
            else (value, self.secrets[0])
        return fair.derive_seed(first, second, self._deal_about)

    def _deal_as_host(self, peer: _Peer, message) -> None:
        kind = message.type
        if not self.dealing or peer is not self._dealer:
            return self._refuse(peer, f"a {kind} for a deal not asked for")
        if kind == "commit":
            value = self._fair_value(peer, message, fair.COMMITMENT_BYTES)
            if value is None:
                return
            if 0 in self.commitments:
                return self._refuse(peer, "a second commitment for the deal")
            self.commitments[0] = value
            return
        value = self._fair_value(peer, message, fair.SECRET_BYTES)
        if value is None:
            return
        if 0 not in self.commitments:
            return self._refuse(peer, "a secret for the deal before its commitment")
        seed = self._deal_seed(peer, value)
        if seed is None:
            return
        # Our secret, kept until the game begins: a dealer that drops before its welcome
        # gets it again when it comes back (a new guest cannot check the deal: refused).
        self._deal_reveal = make("reveal", ply=0, value=self.secrets[0].hex())
        peer.link.send(self._deal_reveal)
        self._forget_exchange(0)
        self.state = self.state.spec.new_game(seed=seed, options=self.state.options)
        self.dealing = False
        self._dealer = None
        for waiting in [other for other in self.peers if other.hello is not None]:
            hello, waiting.hello = waiting.hello, None
            waiting.link.send(self._hello_message())    # the game as dealt
            self._admit(waiting, hello)

    def _commit(self, peer: _Peer, message) -> None:
        """The other side's commitment to its secret for the roll of move `ply`: kept
        (on disk before we reveal ours), never replaced."""
        ply = message["ply"]
        due = len(self.state.history) + 1
        value = self._fair_value(peer, message, fair.COMMITMENT_BYTES)
        if value is None:
            return
        held = self.commitments.get(ply)
        if ply < due and held == value and ply in self.secrets:
            # The other side is behind (back after a drop): it still lacks our secret
            # for a roll we drew. It committed before, so it cannot change its part.
            if ply not in peer.revealed:
                peer.revealed.add(ply)
                peer.link.send(make("reveal", ply=ply, value=self.secrets[ply].hex()))
            return
        if not due <= ply <= due + MAX_INCOMING:
            return self._refuse(peer, f"a commitment for move {ply}, not a roll to come "
                                      f"(move {due} is due)")
        if held == value:           # sent again after a drop: the same
            return
        if held is not None:
            return self._refuse(peer, f"a second commitment for the roll of move {ply}, "
                                      f"not the one it made first")
        if len([at for at in self.commitments if at >= due]) >= MAX_INCOMING:
            return self._refuse(peer, f"more than {MAX_INCOMING} commitments ahead")
        self.commitments[ply] = value
        self._kept()

    def _reveal(self, peer: _Peer, message) -> None:
        """The other side's secret for the roll of move `ply`, checked when the roll is
        drawn (`_advance_roll`)."""
        ply = message["ply"]
        if ply <= len(self.state.history) and ply in self.secrets:
            return                  # a roll drawn already: sent again after a drop
        if ply not in self.secrets or ply not in self.commitments:
            return self._refuse(peer, f"a secret for the roll of move {ply} before both "
                                      f"sides committed")
        value = self._fair_value(peer, message, fair.SECRET_BYTES)
        if value is not None:
            self.reveals[ply] = value

    def _roll_about(self, due: int) -> bytes:
        """The roll's context: the game, the move, and the history before it."""
        if self._about is None or self._about[0] != due:
            state = self.state
            self._about = (due, fair.context(state.spec.name, "roll", due,
                                             history_hash(state)))
        return self._about[1]

    def _advance_roll(self) -> None:
        """The roll due, one step further: our secret drawn and kept, then committed;
        revealed once the other side's commitment is in; the roll drawn once its secret
        is in and matches."""
        state = self.state
        if state is None or self.dealing:
            return
        due = len(state.history) + 1
        for table in (self.secrets, self.commitments, self.reveals):
            for ply in [ply for ply in table if ply < due - FAIR_WINDOW]:
                del table[ply]
        for ply in [ply for ply in self.rolls if ply < due]:
            del self.rolls[ply]
        if state.is_over or not state.is_chance:
            return
        seated = [peer for peer in self.peers if peer.seat is not None]
        if len(seated) != 1:        # rolls are between two sides; one is missing
            return
        peer = seated[0]
        mine = self.secrets.get(due)
        if mine is None:
            mine = self.secrets[due] = fair.new_secret()
            self._kept()
        if not self._on_disk():
            # Our secret (or the other side's commitment) is not on disk yet: a side killed
            # now must come back to the same exchange. A frame or two; nothing waits.
            return
        if due not in peer.committed:
            peer.committed.add(due)
            peer.link.send(make("commit", ply=due, value=fair.commitment(
                mine, self._roll_about(due)).hex()))
        if due not in self.commitments:
            return
        if due not in peer.revealed:
            peer.revealed.add(due)
            peer.link.send(make("reveal", ply=due, value=mine.hex()))
        theirs = self.reveals.get(due)
        if theirs is None or due in self.rolls:     # drawn: sent again after a drop
            return
        about = self._roll_about(due)
        try:
            fair.check_reveal(self.commitments[due], theirs, about,
                              f"the other side's secret for the roll of move {due}")
        except ValueError as exc:
            return self._refuse(peer, str(exc))
        first, second = (mine, theirs) if self.role == "host" else (theirs, mine)
        roll = fair.derive_roll(state, first, second, about)
        if self._expected_roll is not None and self._expected_roll[0] == due:
            text, self._expected_roll = self._expected_roll[1], None
            if text != state.format_move(roll):
                return self._refuse(peer, f"the host's roll {text!r} of move {due} is not "
                                          f"the one both secrets give: a forged roll")
        self.rolls[due] = roll


class RemoteSeat(SeatDriver):
    """The seat of a player on another machine: its moves come over the network, checked
    legal in our own position by the LiveGame before the session plays them."""

    def __init__(self, live: LiveGame, seat: int):
        self.live = live
        self.seat = seat

    @property
    def busy(self) -> bool:
        # Always waiting for its move: the session plays it as soon as it is here, with
        # none of the pause it leaves before a computer's.
        return True

    def poll(self, state):
        if state.to_play != self.seat:
            return None
        return self.live.take(state)


class RemoteDice(SeatDriver):
    """Both sides' dice in a live game (SessionConfig.dice): every roll is drawn from
    both sides' secrets (LiveGame.roll), none until both are in. Not thrown by hand: the
    session plays each roll as soon as it is here."""

    def __init__(self, live: LiveGame):
        self.live = live

    def poll(self, state):
        return self.live.roll(state)
