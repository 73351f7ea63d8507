"""Live play over the loopback interface (game/net/live.py): whole games of every game,
drops and reconnections, hostile peers and cheating attempts. Every wait is bounded."""
from __future__ import annotations

import json
import random
import socket
import threading
import time
from types import SimpleNamespace

import pytest

import game.records
import game.rules
from game.net import fair, live, protocol
from game.net.live import (Answered, Dropped, Joined, Left, LiveGame, Refused, Requested,
                           TookBack, history_hash)
from game.net.protocol import make
from game.services.saves import Seat
from game.services.session import LocalHuman, Session, SessionConfig

LOOPBACK = "127.0.0.1"
HEARTBEAT = 0.05
TIMEOUT = 3.0           # a live game's: loose, on a busy machine
SETUP_SECONDS = 20.0
SHORT = 0.4             # the silence a hostile peer is allowed in the tests of drops
SETTINGS = SimpleNamespace(computer_delay=0.0, animation_factor=0.0)


class Side:
    """One app's end of a live game: its LiveGame and, once the game is agreed, its
    session, moving its own seats at random."""

    def __init__(self, live_game: LiveGame, rng: random.Random):
        self.live = live_game
        self.rng = rng
        self.session = None
        self.events: list = []

    def step(self, moving: bool = True) -> None:
        """One frame. `moving` False: this side makes no move of its own (it still plays
        the moves it receives)."""
        self.events += self.live.update()
        state = self.live.state
        if state is None or self.live.waiting:
            return
        if self.session is None or self.session.state is not state:
            seats = [Seat("human", None)] * len(state.spec.seats_for(state.options))
            self.session = Session(state, seats, None, SETTINGS,
                                   config=SessionConfig(keeper=None, records_stats=False),
                                   drivers=self.live.drivers(LocalHuman))
        if state.is_over:
            return
        move = self.next_move(state, moving)
        if move is not None:
            self.session.play(move)

    def next_move(self, state, moving: bool):
        if state.is_chance:         # both sides draw the roll from both secrets
            return self.live.roll(state) if moving else None
        driver = self.session.drivers[state.to_play]
        if driver.by_hand:
            agreed = self.live.take(state)      # an agreed end, played while we are to move
            if agreed is not None:
                return agreed
            legal = state.legal_moves()
            if legal == ["pass"]:
                return "pass"       # forced: each side plays it itself, moving or not
            return self.rng.choice(legal) if moving else None
        if state.legal_moves() == ["pass"]:
            return "pass"           # forced: each side plays it itself
        if not driver.busy:
            driver.start(state)
        return driver.poll(state)

    def took(self, kind) -> list:
        return [event for event in self.events if isinstance(event, kind)]


def run(sides, until, seconds: float = 20.0, moving: bool = True) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"not done in {seconds} s: " + \
            "; ".join(f"{side.live.role}: {side.events[-3:]}" for side in sides)
        for side in sides:
            side.step(moving)
        time.sleep(0.0005)


@pytest.fixture
def hosts():
    """Hosts made by a test, closed after it."""
    made = []

    def make_host(guests: int = 1, timeout: float = TIMEOUT) -> live.Host:
        host = live.Host(0, LOOPBACK, guests=guests, heartbeat=HEARTBEAT, timeout=timeout)
        made.append(host)
        return host
    yield make_host
    for host in made:
        host.close()


def start(host, name="xtic", options=None, seed=7, rng_seed=1):
    state = game.rules.get(name).new_game(seed=seed, options=options or {})
    rng = random.Random(rng_seed)
    host_side = Side(LiveGame.host(host, "Ann", state, {0}), rng)
    guest_side = Side(LiveGame.join(join(host), "Bob"), rng)
    run([host_side, guest_side], lambda: guest_side.took(Joined) and host_side.took(Joined),
        moving=False)
    return host_side, guest_side


def join(host, timeout: float = TIMEOUT) -> live.Guest:
    return live.connect(LOOPBACK, host.port, heartbeat=HEARTBEAT, timeout=timeout)


def same_game(a: Side, b: Side) -> bool:
    return a.live.state is not None and b.live.state is not None and \
        a.live.state.move_list() == b.live.state.move_list()


def over(*sides) -> bool:
    return all(side.live.state is not None and side.live.state.is_over for side in sides) \
        and same_game(sides[0], sides[-1])


@pytest.mark.parametrize("name", ["catalina", "che", "xoliba", "xtic", "xutoli"])
def test_a_whole_game_of_each_game(hosts, name):
    host, guest = start(hosts(), name)
    assert guest.took(Joined) == [Joined(1, "Ann")] and host.took(Joined) == [Joined(1, "Bob")]
    run([host, guest], lambda: over(host, guest), seconds=60)
    assert history_hash(host.live.state) == history_hash(guest.live.state)
    assert host.live.state.outcome == guest.live.state.outcome
    assert not host.took(Left) and not guest.took(Left)


def test_three_players_two_guests_through_the_host(hosts):
    host_link = hosts(guests=2)
    state = game.rules.get("xoliba").new_game(seed=3, options={"players": 3})
    rng = random.Random(2)
    sides = [Side(LiveGame.host(host_link, "Ann", state, {0}), rng),
             Side(LiveGame.join(join(host_link), "Bob"), rng)]
    run(sides, lambda: sides[1].took(Joined), moving=False)
    sides.append(Side(LiveGame.join(join(host_link), "Cy"), rng))
    run(sides, lambda: over(*sides) and same_game(sides[0], sides[1]), seconds=60)
    assert [side.live.seat for side in sides[1:]] == [1, 2]
    assert sides[0].live.names == {1: "Bob", 2: "Cy"}


def test_a_takeback_accepted_and_one_declined(hosts):
    host, guest = start(hosts())
    run([host, guest], lambda: len(host.live.state.history) >= 3, moving=True)
    run([host, guest], lambda: same_game(host, guest), moving=False)
    # After three moves Ann (seat 0, first) made two; she asks to take hers back.
    host.live.request("takeback")
    run([host, guest], lambda: guest.took(Requested), moving=False)
    request = guest.took(Requested)[0]
    assert (request.kind, request.to) == ("takeback", 2)
    assert guest.live.answer(request.id, False) == []
    run([host, guest], lambda: host.took(Answered), moving=False)
    assert host.took(Answered) == [Answered("takeback", False)]
    assert len(host.live.state.history) == 3
    host.live.request("takeback")
    run([host, guest], lambda: len(guest.took(Requested)) == 2, moving=False)
    assert guest.live.answer(guest.took(Requested)[1].id, True) == [TookBack(2)]
    run([host, guest], lambda: host.took(TookBack), moving=False)
    assert len(host.live.state.history) == len(guest.live.state.history) == 2
    run([host, guest], lambda: over(host, guest), seconds=30)


def test_an_offer_to_end_accepted_ends_the_game_on_both_sides(hosts):
    host, guest = start(hosts(), "xoliba", {"players": 2})
    # The deal is new each time: moves until it is the guest's turn (who offers).
    run([host, guest], lambda: len(host.live.state.history) >= 2
        and host.live.state.to_play == 1)
    run([host, guest], lambda: same_game(host, guest), moving=False)
    assert not host.live.state.is_over
    guest.live.request("offer_end")
    run([host, guest], lambda: host.took(Requested), moving=False)
    host.live.answer(host.took(Requested)[0].id, True)
    run([host, guest], lambda: guest.took(Answered), moving=False)
    assert guest.took(Answered) == [Answered("offer_end", True)]
    guest.session.agree_to_end()            # the one who offered plays "agree"
    run([host, guest], lambda: over(host, guest), moving=False)
    assert host.live.state.history[-1] == "agree"


def test_a_resignation_and_a_pause_reach_the_other_side(hosts):
    host, guest = start(hosts(), "che")
    guest.live.request("resign")
    run([host, guest], lambda: host.took(Requested), moving=False)
    assert host.live.answer(host.took(Requested)[0].id, True) == []
    guest.live.set_paused(True)
    host.live.set_paused(True)
    host.live.set_paused(False)
    host.live.set_paused(False)         # told once: the host says what changed
    run([host, guest], lambda: guest.took(Answered) and host.took(live.PeerPaused)
        and len(guest.took(live.PeerPaused)) == 2, moving=False)
    assert guest.took(Answered) == [Answered("resign", True)]
    assert host.took(live.PeerPaused) == [live.PeerPaused(1, True)]
    assert guest.took(live.PeerPaused) == [live.PeerPaused(None, True),
                                           live.PeerPaused(None, False)]
    assert host.live.state.history == []        # carrying it out is the screen's


def test_a_request_open_when_the_link_drops_is_answered_no(hosts):
    host, guest = start(hosts())
    run([host, guest], lambda: len(host.live.state.history) >= 2)
    run([host, guest], lambda: same_game(host, guest), moving=False)
    host.live.request("offer_end")
    run([host, guest], lambda: guest.took(Requested), moving=False)
    cut(guest)
    run([host, guest], lambda: host.took(Answered), moving=False, seconds=5)
    assert host.took(Answered) == [Answered("offer_end", False)]


def three(hosts, seed=3):
    """A game of Xoliba for three: Ann hosts (seat 0), Bob and Cy join (seats 1, 2), and
    a few moves are played."""
    host_link = hosts(guests=2)
    state = game.rules.get("xoliba").new_game(seed=seed, options={"players": 3})
    rng = random.Random(5)
    sides = [Side(LiveGame.host(host_link, "Ann", state, {0}), rng),
             Side(LiveGame.join(join(host_link), "Bob"), rng)]
    run(sides, lambda: sides[1].took(Joined), moving=False)
    sides.append(Side(LiveGame.join(join(host_link), "Cy"), rng))
    run(sides, lambda: sides[2].took(Joined), moving=False)
    run(sides, lambda: len(sides[0].live.state.history) >= 4, seconds=SETUP_SECONDS)
    run(sides, lambda: same_game(sides[0], sides[1]) and same_game(sides[0], sides[2]),
        moving=False)
    return sides


def test_a_request_in_a_game_of_three_needs_both_others(hosts):
    ann, bob, cy = sides = three(hosts)
    moves = len(ann.live.state.history)
    # Bob asks to take his last move back: Ann accepts, Cy declines: nothing changes.
    bob.live.request("takeback")
    run(sides, lambda: ann.took(Requested) and cy.took(Requested), moving=False)
    asked = ann.took(Requested)[0]
    assert (asked.kind, asked.seat) == ("takeback", 1) and cy.took(Requested)[0].seat == 1
    assert ann.live.answer(asked.id, True) == []            # Cy has still to answer
    assert cy.live.answer(cy.took(Requested)[0].id, False) == []
    run(sides, lambda: bob.took(Answered) and ann.took(live.Decided), moving=False)
    assert bob.took(Answered) == [Answered("takeback", False)]
    assert ann.took(live.Decided)[0].accepted is False and not cy.took(live.Decided)
    assert len(ann.live.state.history) == moves
    # Ann asks to take hers back: both accept, and all three go back.
    ann_last = max(index for index, seat in enumerate(ann.live.state.movers()) if seat == 0)
    ann.live.request("takeback")
    run(sides, lambda: len(bob.took(Requested)) == 1 and len(cy.took(Requested)) == 2,
        moving=False)
    assert bob.live.answer(bob.took(Requested)[0].id, True) == []    # the verdict decides
    assert cy.live.answer(cy.took(Requested)[1].id, True) == []
    run(sides, lambda: all(side.took(TookBack) for side in sides), moving=False)
    assert ann.took(Answered) == [Answered("takeback", True)]
    assert [len(side.live.state.history) for side in sides] == [ann_last] * 3
    assert [event.accepted for event in bob.took(live.Decided) + cy.took(live.Decided)] \
        == [True, True]
    # Cy offers to end: both accept; Cy plays "agree" and the game ends for all.
    run(sides, lambda: len(ann.live.state.history) >= ann_last + 2)
    run(sides, lambda: same_game(ann, bob) and same_game(ann, cy), moving=False)
    cy.live.request("offer_end")
    run(sides, lambda: len(ann.took(Requested)) == 2 and len(bob.took(Requested)) == 2,
        moving=False)
    assert ann.live.answer(ann.took(Requested)[1].id, True) == []
    bob.live.answer(bob.took(Requested)[1].id, True)
    run(sides, lambda: cy.took(Answered), moving=False)
    assert cy.took(Answered) == [Answered("offer_end", True)]
    cy.session.agree_to_end()
    run(sides, lambda: over(*sides) and same_game(ann, bob), moving=False)
    assert ann.live.state.history[-1] == "agree"
    assert not any(side.took(Left) for side in sides)


def test_a_game_of_three_has_no_resignation_and_a_request_falls_with_a_drop(hosts):
    ann, bob, cy = sides = three(hosts)
    with pytest.raises(ValueError, match="no resignation"):
        bob.live.request("resign")
    ply = len(bob.live.state.history)       # a resignation sent all the same
    bob.live.mine[9] = ("resign", ply, ply)
    cheat(bob, make("request", id=9, kind="resign", ply=ply, to=ply, seat=1))
    run(sides, lambda: bob.took(Answered), moving=False)
    assert bob.took(Answered) == [Answered("resign", False)]
    assert not ann.took(Requested)          # declined at once, asked of no one
    ann.live.request("offer_end")
    run(sides, lambda: bob.took(Requested) and cy.took(Requested), moving=False)
    bob.live.answer(bob.took(Requested)[0].id, True)
    cut(cy)                                 # Cy's link drops before Cy answers
    run(sides[:2], lambda: ann.took(Answered) and bob.took(live.Decided), moving=False)
    assert ann.took(Answered) == [Answered("offer_end", False)]
    assert bob.took(live.Decided)[0].accepted is False
    assert not ann.live.state.is_over


def test_the_guests_of_a_game_of_three_hear_who_plays_and_who_is_away(hosts):
    ann, bob, cy = sides = three(hosts)
    assert bob.took(live.Players)[-1] == live.Players(("Ann", "Bob", "Cy"), ())
    assert cy.took(live.Players)[-1] == live.Players(("Ann", "Bob", "Cy"), ())
    paused = len(bob.took(live.PeerPaused))
    cut(cy)
    run(sides[:2], lambda: len(bob.took(live.PeerPaused)) > paused, moving=False)
    assert bob.took(live.PeerPaused)[-1].paused
    assert bob.took(live.Players)[-1] == live.Players(("Ann", "Bob", "Cy"), (2,))
    assert bob.live.away == [2]
    with pytest.raises(ValueError, match="not connected"):
        bob.live.request("offer_end")


def test_a_request_in_the_name_of_another_seat_is_refused(hosts):
    ann, bob, cy = sides = three(hosts)
    cheat(bob, make("request", id=1, kind="offer_end", ply=len(bob.live.state.history),
                    to=len(bob.live.state.history), seat=2))
    run(sides, lambda: ann.took(Left), moving=False)
    assert "seat 3, not its own" in ann.took(Left)[0].reason


def test_a_request_needs_the_other_player_here(hosts):
    state = game.rules.get("xtic").new_game(seed=3)
    with pytest.raises(ValueError, match="not connected"):
        LiveGame.host(hosts(), "Ann", state, {0}).request("offer_end")


def test_a_game_over_ipv6_loopback_with_a_set_position():
    try:
        host_link = live.Host(0, "::1", heartbeat=HEARTBEAT, timeout=TIMEOUT)
    except OSError:
        pytest.skip("no IPv6 loopback here")
    position = game.rules.get("xoliba").new_game(seed=4).position_text()
    state = game.rules.get("xoliba").new_game(seed=5, options={"position": position})
    try:
        rng = random.Random(5)
        host = Side(LiveGame.host(host_link, "Ann", state, {0}), rng)
        guest = Side(LiveGame.join(live.connect("::1", host_link.port, HEARTBEAT, TIMEOUT),
                                   "Bob"), rng)
        run([host, guest], lambda: over(host, guest), seconds=30)
        assert guest.live.state.options["position"] == position
    finally:
        host_link.close()


def test_a_game_the_protocol_cannot_carry_is_refused_when_hosting(hosts):
    state = game.rules.get("xtic").new_game(seed=2**70)
    with pytest.raises(ValueError, match="game.seed"):
        LiveGame.host(hosts(), "Ann", state, {0})
    with pytest.raises(ValueError, match="name must be"):
        LiveGame.host(hosts(), "A" * 41, game.rules.get("xtic").new_game(), {0})


# --- drops and reconnections ---------------------------------------------------------------
def cut(guest: Side) -> None:
    """Kill the guest's connection at once, without a bye."""
    guest.live.peers[0].link._sock.shutdown(socket.SHUT_RDWR)


def test_a_dropped_guest_is_reported_and_reconnects_at_the_same_ply(hosts):
    host_link = hosts()
    host, guest = start(host_link, "che")
    run([host, guest], lambda: len(host.live.state.history) >= 6)
    cut(guest)
    run([host, guest], lambda: host.took(Left) and guest.took(Left), moving=False, seconds=5)
    assert host.took(Left)[0].seat == 1 and host.live.waiting and guest.live.waiting
    plies = len(host.live.state.history), len(guest.live.state.history)
    assert abs(plies[0] - plies[1]) <= 1            # one move may have been in flight
    for _ in range(20):                             # the game waits meanwhile
        for side in (host, guest):
            side.step()
    assert (len(host.live.state.history), len(guest.live.state.history)) == plies
    guest.live.rejoin(join(host_link))
    run([host, guest], lambda: len(guest.took(Joined)) == 2 and len(host.took(Joined)) == 2,
        moving=False)
    run([host, guest], lambda: same_game(host, guest), moving=False)   # a lost move resent
    assert len(host.live.state.history) == max(plies)
    run([host, guest], lambda: over(host, guest), seconds=60)


def test_the_host_leaves_and_hosts_again_and_the_game_goes_on(hosts):
    first = hosts()
    host, guest = start(first, "xoliba", {"players": 2})
    run([host, guest], lambda: len(host.live.state.history) >= 4)
    first.close()
    run([host, guest], lambda: guest.took(Left), moving=False, seconds=5)
    assert guest.took(Left)[0].reason == "the other side left: the host closed the game"
    again = hosts()                 # the host's app started again, with its saved game
    saved = host.live.state.copy()
    host = Side(LiveGame.host(again, "Ann", saved, {0}), random.Random(7))
    guest.live.rejoin(join(again))
    run([host, guest], lambda: host.took(Joined) and len(guest.took(Joined)) == 2,
        moving=False)
    run([host, guest], lambda: same_game(host, guest), moving=False)
    run([host, guest], lambda: over(host, guest), seconds=30)


def guest_leaves(host_link, moves: int):
    """A game of Xtic `moves` moves in, then the guest leaves: both sides."""
    host, guest = start(host_link, "xtic")
    run([host, guest], lambda: len(host.live.state.history) >= moves)
    run([host, guest], lambda: same_game(host, guest), moving=False)
    guest.live.close("leaving")
    run([host], lambda: host.took(Left), moving=False)
    return host, guest


def test_a_guest_behind_catches_up_and_a_new_guest_joins_a_game_in_progress(hosts):
    host_link = hosts()
    host, guest = guest_leaves(host_link, 4)
    host.live.state.play(host.live.state.legal_moves()[0])     # Ann's move, unheard
    behind = guest.live.state.copy()
    behind.undo()
    for state in (behind, None):
        late = Side(LiveGame.join(join(host_link), "Bob", state, 1 if state else None),
                    random.Random(3))
        run([host, late], lambda late=late: late.took(Joined), moving=False)
        assert late.live.state.move_list() == host.live.state.move_list()
        late.live.close("again")
        lefts = len(host.took(Left)) + 1
        run([host], lambda lefts=lefts: len(host.took(Left)) == lefts, moving=False)


def test_a_guest_too_far_behind_is_told_so(hosts):
    spec = game.rules.get("che")
    state, _headers = game.records.loads(spec.load("long_record")(2001))
    rng = random.Random(2)
    host = Side(LiveGame.host(hosts(), "Ann", state, {0}), rng)
    late = Side(LiveGame.join(join(host.live.network), "Bob"), rng)
    run([host, late], lambda: late.took(Refused), moving=False)
    assert late.took(Refused) == [Refused("2001 moves behind: too many to send")]
    assert late.live.state is None


def test_another_game_is_refused_and_nothing_changes(hosts):
    host_link = hosts()
    host, _guest = guest_leaves(host_link, 2)
    other = game.rules.get("xtic").new_game(seed=8)
    before = host.live.state.move_list()
    stranger = Side(LiveGame.join(join(host_link), "Eve", other, 1), random.Random(4))
    run([host, stranger], lambda: stranger.took(Refused), moving=False)
    assert "set up differently" in stranger.took(Refused)[0].reason
    assert host.live.state.move_list() == before and other.history == []


def test_the_host_turns_away_a_guest_over_its_seats_and_stops_listening(hosts):
    host_link = hosts()
    host, guest = start(host_link)
    extra = join(host_link)
    dropped = wait_for(extra, Dropped)
    assert dropped.reason == "the other side left: no free seat"
    host_link.close()
    assert not host_link.listening
    late = wait_for(join(host_link), Dropped)
    assert late.cause == "unreachable" and f"port {host_link.port}" in late.reason


def wait_for(source, kind, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for event in source.poll():
            if isinstance(event, kind):
                return event
        time.sleep(0.002)
    raise AssertionError(f"no {kind.__name__} in {seconds} s")


def test_sending_never_waits_on_a_peer_that_does_not_read(hosts):
    host_link = hosts()
    with raw_peer(host_link) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deadline = time.monotonic() + 5
        while not host_link.links and time.monotonic() < deadline:
            time.sleep(0.002)
        link = host_link.links[0]
        message = make("refuse", reason="x" * 200)      # some 230 bytes a frame
        started = time.perf_counter()
        for _ in range(5_000):                          # a megabyte the peer never reads
            link.send(message)
        assert time.perf_counter() - started < 2.0
        assert [type(event) for event in host_link.poll()] == [live.Connected]


# --- hostile peers, over a raw socket --------------------------------------------------------
def raw_peer(host_link) -> socket.socket:
    sock = socket.create_connection((LOOPBACK, host_link.port), timeout=5)
    sock.settimeout(5)
    return sock


def read_bye(sock) -> str:
    """The reason of the bye the host sends before it closes (every read bounded)."""
    framer = protocol.Framer()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        data = sock.recv(65536)
        assert data, "closed without a bye"
        for message in framer.feed(data):
            if message.type == "bye":
                return message["reason"]
    raise AssertionError("no bye")


@pytest.mark.parametrize("sent, cause, words", [
    (b"\x00\x00\x00\x05hello", "garbage", "not JSON"),
    (b"\x7f\xff\xff\xff", "too large", "over the bound"),
    (protocol.HEADER.pack(24) + b'{"v":0,"type":"ping"}   ', "version", "older"),
    (protocol.HEADER.pack(4) + b"\xff\xfe\xfd\xfc", "garbage", "not UTF-8"),
])
def test_a_peer_sending_garbage_gets_a_bye_and_is_dropped(hosts, sent, cause, words):
    host_link = hosts()
    with raw_peer(host_link) as sock:
        sock.sendall(sent)
        assert words in read_bye(sock)
        assert sock.recv(65536) == b""              # and closed
    dropped = wait_for(host_link, Dropped)
    assert dropped.cause == cause and words in dropped.reason


def test_a_silent_peer_is_dropped_after_the_timeout(hosts):
    host_link = hosts(timeout=SHORT)
    started = time.monotonic()
    with raw_peer(host_link) as sock:
        assert read_bye(sock) == f"no word for {SHORT:g} s"
        dropped = wait_for(host_link, Dropped)
    assert dropped.cause == "timeout"
    assert SHORT <= time.monotonic() - started < SHORT + 2


def test_a_peer_cut_mid_message_is_reported_closed(hosts):
    host_link = hosts()
    with raw_peer(host_link) as sock:
        frame = protocol.encode(make("hello", app="0", name="Cut", role="guest", game=None,
                                     seat=None))
        sock.sendall(frame[:len(frame) // 2])
    dropped = wait_for(host_link, Dropped)
    assert dropped.cause == "closed"


def test_a_silent_host_is_dropped_by_the_guest(hosts):
    with socket.create_server((LOOPBACK, 0)) as server:
        server.settimeout(5)
        guest = live.connect(LOOPBACK, server.getsockname()[1], HEARTBEAT, SHORT)
        accepted, _ = server.accept()
        with accepted:
            dropped = wait_for(guest, Dropped)
    assert dropped.cause == "timeout"


# --- cheating ---------------------------------------------------------------------------------
def cheat(side: Side, message) -> None:
    side.live.peers[0].link.send(message)


def refused(host: Side, guest: Side, cheater: Side, words: str) -> None:
    """The cheat is refused: the other side drops the cheater, saying why, and both
    report the game waiting."""
    other = guest if cheater is host else host
    run([host, guest], lambda: other.took(Left) and cheater.took(Left), moving=False,
        seconds=5)
    assert words in other.took(Left)[0].reason
    assert words in cheater.took(Left)[0].reason       # told in the bye


def test_an_illegal_move_is_refused(hosts):
    host, guest = start(hosts())
    run([host, guest], lambda: host.live.state.to_play == 1 and same_game(host, guest),
        moving=True)
    ply = len(host.live.state.history)
    cheat(guest, make("move", ply=ply + 1, move="z9"))
    refused(host, guest, guest, "illegal move 'z9'")
    assert len(host.live.state.history) == ply


def test_a_move_out_of_turn_is_refused(hosts):
    host, guest = start(hosts())
    state = host.live.state
    assert state.to_play == 0                       # Ann's move: Bob plays anyway
    cheat(guest, make("move", ply=1, move=state.format_move(state.legal_moves()[0])))
    refused(host, guest, guest, "out of turn")
    assert state.history == []


def test_a_move_number_that_skips_is_refused(hosts):
    host, guest = start(hosts())
    run([host, guest], lambda: host.live.state.to_play == 1 and same_game(host, guest))
    state = host.live.state
    cheat(guest, make("move", ply=len(state.history) + 2,
                      move=state.format_move(state.legal_moves()[0])))
    refused(host, guest, guest, "skips")


def test_a_roll_sent_by_the_host_is_refused(hosts):
    host, guest = start(hosts(), "catalina")
    state = guest.live.state
    assert state.is_chance
    cheat(host, make("move", ply=1, move=state.format_move(state.legal_moves()[0])))
    refused(host, guest, host, "a roll comes from both sides' secrets")


def test_a_roll_sent_by_a_guest_is_refused(hosts):
    host, guest = start(hosts(), "catalina", {"first": 1})
    state = guest.live.state
    cheat(guest, make("move", ply=1, move=state.format_move(state.legal_moves()[0])))
    refused(host, guest, guest, "a roll comes from both sides' secrets")


class Spy:
    """Every call of a fair.py function, with what it gave."""

    def __init__(self, monkeypatch, name):
        self.calls = []
        real = getattr(fair, name)

        def spied(*args):
            result = real(*args)
            self.calls.append((args, result))
            return result
        monkeypatch.setattr(fair, name, spied)


def test_every_roll_of_a_live_game_comes_from_both_sides_secrets(hosts, monkeypatch):
    sent = []               # (side, type, ply) of every commit and reveal, in order
    real_send = live.Link.send

    def send(link, message):
        if message.type in ("commit", "reveal"):
            sent.append((link.address[1] == port, message.type, message["ply"]))
        return real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    rolls = Spy(monkeypatch, "derive_roll")
    secrets = Spy(monkeypatch, "new_secret")
    host_link = hosts()
    port = host_link.port               # a guest's link goes to the host's port
    host, guest = start(host_link, "catalina")
    run([host, guest], lambda: over(host, guest), seconds=60)
    state = host.live.state
    chance = [index + 1 for index, seat in enumerate(state.movers()) if seat is None]
    assert len(chance) > 5
    drawn = {result for _args, result in secrets.calls}
    for ply in chance:
        calls = [(args, result) for args, result in rolls.calls
                 if json.loads(args[3])[2:4] == ["roll", ply]]
        assert len(calls) == 2          # each side drew it, from the same two secrets
        (_s, first, second, _a), roll = calls[0]
        assert calls[1][0][1:] == calls[0][0][1:] and calls[1][1] == roll
        assert first != second and {first, second} <= drawn
        assert state.history[ply - 1] == roll == guest.live.state.history[ply - 1]
        # Each side committed before either revealed: no one knew the other's secret
        # when its own was fixed.
        order = [(by_guest, kind) for by_guest, kind, at in sent if at == ply]
        assert order.index((True, "reveal")) > order.index((False, "commit"))
        assert order.index((False, "reveal")) > order.index((True, "commit"))


def test_a_new_game_is_dealt_from_both_sides_secrets(hosts, monkeypatch):
    seeds = Spy(monkeypatch, "derive_seed")
    host, guest = start(hosts(), "xoliba", {"players": 2}, seed=7)
    assert len(seeds.calls) == 2
    (first, second, about), seed = seeds.calls[0]
    assert seeds.calls[1] == seeds.calls[0] and first != second
    assert host.live.state.seed == guest.live.state.seed == seed
    assert host.live.state.position_text() == guest.live.state.position_text()
    assert seed != 7                # the seed the host set up is not the deal


def test_a_guest_refuses_a_game_the_host_dealt_alone(hosts):
    host_link = hosts()
    state = game.rules.get("xoliba").new_game(seed=7, options={"players": 2})
    host = Side(LiveGame.host(host_link, "Ann", state, {0}, deal=False), random.Random(1))
    guest = Side(LiveGame.join(join(host_link), "Bob"), random.Random(1))
    run([host, guest], lambda: guest.took(Left), moving=False, seconds=5)
    assert "dealt the game alone" in guest.took(Left)[0].reason
    assert guest.live.state is None


def dealing(hosts, monkeypatch, cut_when):
    """A new game of Xoliba for two, Ann hosting, Bob joining; the link is cut (nothing
    more sent on it) at the first message `cut_when(host_side, message)` picks."""
    host_link = hosts()
    real_send, cut_links = live.Link.send, []

    def send(link, message):
        if link in cut_links:
            return
        if not cut_links and cut_when(link.address[1] != host_link.port, message):
            cut_links.append(link)
            link._sock.shutdown(socket.SHUT_RDWR)
            return
        real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    state = game.rules.get("xoliba").new_game(seed=7, options={"players": 2})
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    guest = Side(LiveGame.join(join(host_link), "Bob"), random.Random(1))
    run([host, guest], lambda: guest.took(Left) and not host.live.peers, moving=False,
        seconds=5)
    return host_link, host, guest


@pytest.mark.parametrize("who", ["Bob again", "a stranger"])
def test_a_guest_dropping_before_its_welcome_comes_back_to_the_same_deal(hosts, monkeypatch,
                                                                          who):
    """The host dealt, but its secret and the welcome never reached Bob: back, Bob gets
    the host's secret again and checks the deal both secrets made. Someone else cannot
    check it, and is told the host must host a new game."""
    host_link, host, guest = dealing(
        hosts, monkeypatch, lambda host_side, message: host_side
        and message.type == "reveal" and message["ply"] == 0)
    assert not host.live.dealing and guest.live.state is None
    assert guest.live._dealt_seed is None and 0 in guest.live.secrets
    dealt = host.live.state.seed
    if who == "a stranger":
        guest = Side(LiveGame.join(join(host_link), "Cy"), random.Random(2))
        run([host, guest], lambda: guest.took(Left), moving=False, seconds=5)
        assert "dealt with another player's secret" in guest.took(Left)[0].reason
        assert guest.live.state is None and host.live.state.seed == dealt
        return
    guest.live.rejoin(join(host_link))
    run([host, guest], lambda: guest.took(Joined), moving=False, seconds=5)
    assert guest.live.state.seed == host.live.state.seed == dealt
    run([host, guest], lambda: over(host, guest), seconds=60)


def test_a_guest_never_learns_the_deal_before_its_secret_is_in(hosts, monkeypatch):
    """A guest that commits and keeps its secret back hears nothing of the host's: it
    cannot see the deal and walk away from it to be dealt again."""
    host_link = hosts()
    real_send = live.Link.send

    def send(link, message):
        guest_side = link.address[1] == host_link.port
        if not (guest_side and message.type == "reveal"):
            real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    state = game.rules.get("xoliba").new_game(seed=7, options={"players": 2})
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    guest = Side(LiveGame.join(join(host_link), "Bob"), random.Random(1))
    run([host, guest], lambda: 0 in host.live.commitments, moving=False, seconds=5)
    deadline = time.monotonic() + 0.3
    run([host, guest], lambda: time.monotonic() > deadline, moving=False)
    assert host.live.dealing and 0 not in guest.live.reveals
    assert guest.live._dealt_seed is None and guest.live.state is None


def test_a_host_dealing_again_after_the_guests_secret_left_is_refused(hosts, monkeypatch):
    """Bob's secret left, but his link was cut before it reached Ann: she deals again
    with a new secret. Bob cannot tell that from a host that saw the deal and did not
    like it: he refuses, saying to join again for a new deal."""
    host_link, host, guest = dealing(
        hosts, monkeypatch, lambda host_side, message: not host_side
        and message.type == "reveal" and message["ply"] == 0)
    assert host.live.dealing and 0 in guest.live.secrets
    guest.live.rejoin(join(host_link))
    run([host, guest], lambda: len(guest.took(Left)) == 2, moving=False, seconds=5)
    assert "began the deal again" in guest.took(Left)[1].reason
    assert guest.live.state is None


def test_nothing_of_an_exchange_leaves_before_it_is_on_disk(hosts):
    """A side's secret (and the other's commitment) goes to disk before its commitment
    (its secret) leaves: until the writer says it is there, the other side hears nothing,
    and the frame loop does not wait meanwhile."""
    host, guest = start(hosts(), "catalina", {"first": 0})
    on_disk, kept = [False], []
    run([host, guest], lambda: len(host.live.state.history) >= 2)     # a roll, a move
    run([host, guest], lambda: same_game(host, guest), moving=False)
    guest.live.keep = lambda: kept.append(len(guest.live.state.history))
    guest.live.kept = lambda: on_disk[0]
    due = len(host.live.state.history) + 1
    assert host.live.state.is_chance
    deadline = time.monotonic() + 0.3
    run([host, guest], lambda: time.monotonic() > deadline, moving=False)
    assert kept and due in guest.live.secrets          # drawn and given to the disk...
    assert due not in host.live.commitments            # ...but not committed to yet
    on_disk[0] = True
    run([host, guest], lambda: len(host.live.state.history) >= due and same_game(host, guest))


def test_a_secret_that_does_not_match_its_commitment_is_refused(hosts, monkeypatch):
    host_link = hosts()
    state = game.rules.get("catalina").new_game(seed=7)
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    monkeypatch.setattr(host.live, "_advance_roll", lambda: None)    # rolls by hand
    guest = Side(LiveGame.join(join(host_link), "Bob"), random.Random(1))
    run([host, guest], lambda: 1 in host.live.commitments, moving=False)
    state = host.live.state
    about = fair.context("catalina", "roll", 1, history_hash(state))
    committed, other = fair.new_secret(), fair.new_secret()
    host.live.secrets[1] = committed
    cheat(host, make("commit", ply=1, value=fair.commitment(committed, about).hex()))
    run([host, guest], lambda: 1 in guest.live.commitments, moving=False)
    cheat(host, make("reveal", ply=1, value=other.hex()))
    refused(host, guest, host, "does not match its commitment")
    assert guest.live.state.history == [] and guest.live.rolls == {}


def test_a_second_commitment_for_the_same_roll_is_refused(hosts):
    host, guest = start(hosts(), "catalina")
    run([host, guest], lambda: 1 in guest.live.commitments, moving=False)
    cheat(host, make("commit", ply=1, value="ab" * 32))
    refused(host, guest, host, "a second commitment")


def test_a_drop_in_the_middle_of_a_roll_resumes_with_the_same_roll(hosts, monkeypatch):
    """The guest has the host's secret, the host not yet the guest's: the guest's app
    stops there. Started again from what it kept, it finishes the same exchange."""
    host_link = hosts()
    real_send, silent = live.Link.send, []

    def send(link, message):        # the guest's reveals never leave its first link
        if not (link in silent and message.type == "reveal" and message["ply"] > 0):
            real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    state = game.rules.get("catalina").new_game(seed=7)
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    first = join(host_link)
    silent.append(first.link)
    guest = Side(LiveGame.join(first, "Bob"), random.Random(1))
    run([host, guest], lambda: 1 in guest.live.rolls, moving=False)
    link = first.link
    roll = guest.live.rolls[1]
    assert 1 not in host.live.rolls and 1 in host.live.commitments
    kept = json.loads(json.dumps(guest.live.fair_saved()))      # as live.json holds it
    link.close("the app stopped")
    run([host], lambda: host.took(Left), moving=False, seconds=5)
    assert host.live.state.history == []
    old = guest.live.state
    restored = game.rules.get("catalina").new_game(seed=old.seed, options=old.options)
    again = LiveGame.join(join(host_link), "Bob", restored, seat=1)
    again.restore_fair(kept)
    guest = Side(again, random.Random(2))
    run([host, guest], lambda: len(host.took(Joined)) == 2 and 1 in host.live.rolls
        and 1 in guest.live.rolls, moving=False)
    assert host.live.rolls[1] == guest.live.rolls[1] == roll
    run([host, guest], lambda: over(host, guest), seconds=60)
    assert host.live.state.history[0] == roll


def test_an_end_by_agreement_without_consent_is_refused(hosts):
    host, guest = start(hosts(), "xoliba", {"players": 2})
    state = host.live.state
    run([host, guest], lambda: state.to_play == 1 and same_game(host, guest))
    cheat(guest, make("move", ply=len(state.history) + 1, move="agree"))
    refused(host, guest, guest, "consent")
    assert not state.is_over


def test_a_second_hello_is_refused(hosts):
    host, guest = start(hosts())
    cheat(guest, make("hello", app="0", name="Bob", role="guest", game=None, seat=None))
    refused(host, guest, guest, "a second hello")


def test_a_message_before_the_handshake_is_refused(hosts):
    host_link = hosts()
    state = game.rules.get("xtic").new_game(seed=1)
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    with raw_peer(host_link) as sock:
        sock.sendall(protocol.encode(make("move", ply=1, move="a1")))
        deadline = time.monotonic() + 5
        while not host.took(Left) and time.monotonic() < deadline:
            host.step()
        assert "before the game was agreed" in read_bye(sock)
    assert state.history == []


def test_the_fuzz_bench_over_loopback_finds_no_crash_or_hang(monkeypatch):
    from game.bench import net_fuzz
    rng = random.Random(6)
    frames = net_fuzz.valid_frames(rng)
    cases = [net_fuzz.mutate(rng.choice(frames), rng, frames) for _ in range(10)]
    errors: list = []           # exceptions on the links' threads
    monkeypatch.setattr(threading, "excepthook", lambda hook: errors.append(hook.exc_value))
    links = net_fuzz.fuzz_links(cases + [("valid", frames[0])], 2.0, errors)
    games = net_fuzz.fuzz_game("xoliba", 8, rng, 2.0, errors)
    guests = net_fuzz.fuzz_guest("catalina", 8, rng, 2.0, errors)
    for tally in (links, games, guests):
        assert tally.crashes == [] and tally.hangs == 0
        assert sum(tally.verdicts.values()) == (11 if tally is links else 8)
    assert errors == []


def test_the_exchange_kept_on_disk_is_read_back_checked():
    kept = {"secrets": {"4": "ab" * 16}, "commitments": {"4": "cd" * 32, "5": "ef" * 32}}
    state = game.rules.get("catalina").new_game(seed=1)
    restored = LiveGame(None, "Bob", state, {1}, "guest", 1)
    restored.restore_fair(json.loads(json.dumps(kept)))
    assert restored.fair_saved() == kept
    assert restored.secrets == {4: bytes.fromhex("ab" * 16)}
    for bad, fault in [([], "not an exchange"), ({"secrets": {}}, "not an exchange"),
                       ({"secrets": {"x": "ab" * 16}, "commitments": {}}, "bytes by move"),
                       ({"secrets": {"1": "ab" * 15}, "commitments": {}}, "bytes by move"),
                       ({"secrets": {}, "commitments": {"1": "zz" * 32}}, "not hexadecimal"),
                       ({"secrets": {str(n): "ab" * 16 for n in range(60)},
                         "commitments": {}}, "not a short table")]:
        with pytest.raises(ValueError, match=fault):
            live.parse_fair(bad)


@pytest.mark.parametrize("case", ["drawn", "forged", "unkept"])
def test_a_guest_behind_a_roll_draws_it_again_from_both_secrets(hosts, monkeypatch, case):
    """The host drew a roll and moved on; the guest, whose link dropped before the host's
    secret reached it, comes back behind: the roll in the welcome is not taken but drawn
    from both secrets again (the host sends its secret again), and must match: a host
    that puts another roll in the welcome is refused. A guest back without the secret
    it committed (its kept exchange lost) refuses the roll too: it cannot tell it from
    a roll the host drew alone."""
    forged = case == "forged"
    host_link = hosts()
    real_send, silent = live.Link.send, []

    def send(link, message):        # the host's secrets never reach the first guest
        if forged and message.type == "welcome" and message["moves"]:
            state = host.live.state
            other = next(move for move in state.copy().chance_outcomes()
                         if state.format_move(move[0]) != message["moves"][0])[0]
            message = make("welcome", seat=message["seat"],
                           moves=[state.format_move(other), *message["moves"][1:]])
        if not (silent and link.address[1] != host_link.port    # the host's side
                and message.type == "reveal" and message["ply"] > 0):
            real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    state = game.rules.get("catalina").new_game(seed=7, options={"first": 0})
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    first = join(host_link)
    silent.append(first.link)
    guest = Side(LiveGame.join(first, "Bob"), random.Random(1))
    run([host, guest], lambda: len(host.live.state.history) >= 2)   # the roll, Ann's move
    assert guest.live.state.history == [] and 1 in guest.live.secrets
    kept = json.loads(json.dumps(guest.live.fair_saved()))
    silent.clear()
    first.link.close("the app stopped")
    run([host], lambda: host.took(Left), moving=False, seconds=5)
    played = list(host.live.state.history)
    old = guest.live.state
    restored = game.rules.get("catalina").new_game(seed=old.seed, options=old.options)
    again = LiveGame.join(join(host_link), "Bob", restored, seat=1)
    if case != "unkept":
        again.restore_fair(kept)
    guest = Side(again, random.Random(2))
    if case != "drawn":
        run([host, guest], lambda: guest.took(Left), moving=False, seconds=5)
        assert "a forged roll" in guest.took(Left)[0].reason
        if case == "unkept":
            assert "drawn without our secret" in guest.took(Left)[0].reason
        assert guest.live.state.history == []
        return
    run([host, guest], lambda: guest.live.state.history[:2] == played[:2])
    run([host, guest], lambda: over(host, guest), seconds=60)


def test_a_host_behind_a_roll_draws_it_when_the_guest_comes_back(hosts, monkeypatch):
    """The guest drew the first roll and moved; the host never had the guest's secret.
    Back, the guest sends its secret again and the host draws the same roll, then takes
    the guest's move that waited for it."""
    host_link = hosts()
    real_send, silent = live.Link.send, []

    def send(link, message):        # the first guest's secrets never leave it
        if not (link in silent and message.type == "reveal" and message["ply"] > 0):
            real_send(link, message)
    monkeypatch.setattr(live.Link, "send", send)
    state = game.rules.get("catalina").new_game(seed=7, options={"first": 1})
    host = Side(LiveGame.host(host_link, "Ann", state, {0}), random.Random(1))
    first = join(host_link)
    silent.append(first.link)
    guest = Side(LiveGame.join(first, "Bob"), random.Random(1))
    run([host, guest], lambda: guest.live.state is not None
        and len(guest.live.state.history) >= 2)                     # the roll, Bob's move
    assert host.live.state.history == []
    played = list(guest.live.state.history)
    first.link.close("the link broke")
    run([host], lambda: host.took(Left), moving=False, seconds=5)
    guest.live.rejoin(join(host_link))
    run([host, guest], lambda: host.live.state.history[:2] == played[:2])
    run([host, guest], lambda: over(host, guest), seconds=60)
