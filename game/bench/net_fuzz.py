"""`python -m game.bench net-fuzz`: hostile bytes and messages thrown at the live protocol.

Three parts, each counting its cases, what was accepted, refused (a ValueError) and
crashed (anything else, or an exception on a link's thread), the hangs (over --limit
seconds) and the slowest case:

decode   valid frames of every message type, broken --cases ways (bytes flipped,
         deleted, inserted, truncated, spliced; lengths that lie or are huge; deep
         nesting; fields given values of every JSON type; odd versions and types;
         random bytes), given to `decode` and to a `Framer` fed in random chunks.
link     --live-cases of them sent over the loopback interface to a Host: each ends in
         a bye and a Dropped for garbage, too large or version ("refused"), or the link
         stays open while what came is valid or not whole yet, or a valid bye ends it
         ("accepted"); the host must report it dropped within --limit seconds of our
         closing it.
game     --game-cases connections to a hosted game (--game) that say hello, then send
         well-formed messages of random types and values (moves out of turn, skipped
         numbers, answers never asked...): `LiveGame.update` must never raise.
guest    --game-cases guests joining a hostile host of ours: a host's hello, then
         random well-formed messages (welcomes into any seat with any moves...): the
         guest's `LiveGame.update` must never raise.
txt      --txt-cases services as LAN discovery reads them (game/net/discovery.py): TXT
         records of random bytes or of random fields (the right keys with values of
         every kind, huge, non-UTF-8, too many), random ports and addresses, given to
         `read_service`, which must accept them or refuse them with a ValueError.

Everything listens and connects on 127.0.0.1 only. Targets: zero crashes, zero hangs.
"""
from __future__ import annotations

import json
import random
import socket
import sys
import threading
import time
import traceback
from collections import Counter
from functools import partial

LOOPBACK = "127.0.0.1"
REFUSALS = ("garbage", "too large", "version")     # a Dropped's causes when the host refused
JSON_VALUES = [None, True, False, 0, -1, 1.5, 2**64, "", "x" * 300, [], {}, [1, [2]],
               {"a": {"b": 1}}, "\u0000", "é✓\U0001f600", "\ud800"]


def add_arguments(parser) -> None:
    parser.add_argument("--cases", type=int, default=20_000,
                        help="mutated frames given to decode and the Framer (default 20,000)")
    parser.add_argument("--live-cases", type=int, default=150,
                        help="of them sent to a host over loopback (default 150)")
    parser.add_argument("--game-cases", type=int, default=100,
                        help="connections sending random messages to a hosted game "
                             "(default 100)")
    parser.add_argument("--txt-cases", type=int, default=20_000,
                        help="services given to LAN discovery's reader (default 20,000)")
    parser.add_argument("--game", default=None,
                        help="the game hosted (default: the first the registry names)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--limit", type=float, default=2.0,
                        help="most seconds one case may take (default 2)")


# --- the cases --------------------------------------------------------------------------
def random_message(rng: random.Random, ply: int = 1):
    """A well-formed message of a random type, its values plausible or at their limits."""
    from game.net.protocol import MAX_SEAT, make
    moves = ["a1", "b2", "c3-e5", "pass", "agree", "roll 1234", "[1,3][3,1]", "zz", "x" * 64]
    near = rng.choice([ply, ply + 1, ply + 2, 1, 10_000_000])
    import game.rules
    game_ = rng.choice([None, {"name": rng.choice([*game.rules.names(), "nope"]),
                               "options": rng.choice([{}, {"game_type": "torus"}, {"x": 1}]),
                               "seed": rng.choice([0, 7, 2**63 - 1]),
                               "moves": rng.choice([0, ply, 10**6]),
                               "history": rng.choice(["0" * 64, "ab"])}])
    makers = {
        "hello": lambda: make("hello", app="0.1.0", name="Fuzz", role=rng.choice(
            ["host", "guest"]), game=game_, seat=rng.choice([None, 0, 1, MAX_SEAT])),
        "welcome": lambda: make("welcome", seat=rng.randrange(MAX_SEAT + 1),
                                moves=rng.sample(moves, rng.randrange(4))),
        "refuse": lambda: make("refuse", reason="fuzz"),
        "move": lambda: make("move", ply=near, move=rng.choice(moves)),
        "request": lambda: make("request", id=rng.choice([1, 2, 2**31]),
                                kind=rng.choice(["takeback", "offer_end", "resign"]),
                                ply=near - 1, to=rng.choice([0, near - 1, near]),
                                seat=rng.choice([0, 1, 2, MAX_SEAT])),
        "answer": lambda: make("answer", id=rng.choice([1, 2, 99]), accept=rng.random() < .5),
        "verdict": lambda: make("verdict", id=rng.choice([1, 2, 99]),
                                accept=rng.random() < .5),
        "players": lambda: make("players", names=rng.choice([["A", "B"], ["A", "B", "C"],
                                                             ["x" * 40] * 8]),
                                away=rng.choice([[], [0], [1, 2], [MAX_SEAT]])),
        "bye": lambda: make("bye", reason="fuzz"),
        # Commitments (32 bytes) and secrets (16) of the right size or not, for the deal
        # (ply 0) or a roll.
        "commit": lambda: make("commit", ply=rng.choice([0, near]), value=rng.choice(
            ["ab" * 32, "0f" * 16, "ab" * rng.randrange(1, 64)])),
        "reveal": lambda: make("reveal", ply=rng.choice([0, near]), value=rng.choice(
            ["0f" * 16, "ab" * 32, "0f" * rng.randrange(1, 64)])),
    }
    kind = rng.choice(["pause", "resume", "ping", "pong", *makers])
    return makers[kind]() if kind in makers else make(kind)


def _set_field(body: bytes, rng: random.Random) -> bytes:
    data = json.loads(body)
    key = rng.choice(list(data) + ["extra", "v", "type"])
    data[key] = rng.choice(JSON_VALUES + ["move", "hello", 0, 2, -1])
    return json.dumps(data).encode()


def mutate(frame: bytes, rng: random.Random, frames: list) -> tuple[str, bytes]:
    """A hostile variant of `frame` (length prefix included) and its mutation's name."""
    from game.net.protocol import HEADER, MAX_FRAME
    body = frame[4:]
    name = rng.choice(["flip", "delete", "insert", "truncate", "splice", "length", "huge",
                       "nesting", "field", "random", "long"])
    data = bytearray(frame)
    if name == "flip":
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif name == "delete":
        start = rng.randrange(len(data))
        del data[start:start + rng.randint(1, 8)]
    elif name == "insert":
        at = rng.randrange(len(data) + 1)
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    elif name == "truncate":
        data = data[:rng.randrange(len(data))]
    elif name == "splice":
        other = rng.choice(frames)
        data = data[:rng.randrange(len(data) + 1)] + other[rng.randrange(len(other)):]
    elif name == "length":                  # a length that lies about the body
        data[:4] = HEADER.pack(max(0, len(body) + rng.choice([-3, -1, 1, 5])))
    elif name == "huge":
        data[:4] = HEADER.pack(rng.choice([MAX_FRAME + 1, 2**31, 2**32 - 1]))
    elif name == "nesting":
        depth = rng.choice([9, 50, 5000, 100_000])
        inner = b'{"v":1,"type":"ping","x":' + b"[" * depth + b"]" * depth + b"}"
        data = bytearray(HEADER.pack(len(inner)) + inner)
    elif name == "field":
        inner = _set_field(body, rng)
        data = bytearray(HEADER.pack(len(inner)) + inner)
    elif name == "random":
        data = bytearray(rng.randbytes(rng.randint(0, 64)))
    else:                                   # a field as long as the bound allows, or more
        inner = json.dumps({"v": 1, "type": "bye",
                            "reason": "x" * rng.choice([200, 201, MAX_FRAME])}).encode()
        data = bytearray(HEADER.pack(len(inner)) + inner)
    return name, bytes(data)


def valid_frames(rng: random.Random) -> list[bytes]:
    from game.net.protocol import encode
    return [encode(random_message(rng, rng.randint(1, 40))) for _ in range(200)]


# --- running them -------------------------------------------------------------------------
class Tally:
    def __init__(self, name: str):
        self.name = name
        self.verdicts: Counter = Counter()
        self.slowest = (0.0, "")
        self.crashes: list = []
        self.hangs = 0

    def count(self, verdict: str, seconds: float, what: str, limit: float) -> None:
        self.verdicts[verdict] += 1
        if seconds > self.slowest[0]:
            self.slowest = (seconds, what)
        self.hangs += seconds > limit

    def crash(self, what: str, detail: str) -> None:
        self.verdicts["crashed"] += 1
        self.crashes.append((what, detail))

    def line(self) -> str:
        counts = self.verdicts
        return (f"{self.name:<7} {sum(counts.values()):7,} {counts['accepted']:9,} "
                f"{counts['refused']:8,} {counts['crashed']:8,} {self.hangs:6,}   slowest "
                f"{self.slowest[0] * 1000:.1f} ms ({self.slowest[1]})")


def fuzz_decode(cases: list, rng: random.Random, limit: float) -> Tally:
    from game.net.protocol import Framer, decode
    tally = Tally("decode")
    for name, data in cases:
        started = time.perf_counter()
        try:
            decode(data[4:])
            verdict = "accepted"
        except ValueError:
            verdict = "refused"
        except Exception:
            tally.crash(name, traceback.format_exc())
            continue
        framer = Framer()
        try:
            at = 0
            while at < len(data):
                step = rng.randint(1, 64)
                list(framer.feed(data[at:at + step]))
                at += step
        except ValueError:
            pass
        except Exception:
            tally.crash(name + " (framer)", traceback.format_exc())
            continue
        tally.count(verdict, time.perf_counter() - started, name, limit)
    return tally


def fuzz_links(cases: list, limit: float, thread_errors: list) -> Tally:
    """Each case over its own connection to one Host: sent, then the host's answer."""
    from game.net import live
    tally = Tally("link")
    host = live.Host(0, LOOPBACK, guests=1, heartbeat=0.05, timeout=limit)
    try:
        for name, data in cases:
            started = time.perf_counter()
            errors = len(thread_errors)
            with socket.create_connection((LOOPBACK, host.port), timeout=limit) as sock:
                sock.sendall(data)
                dropped = _wait_dropped(host, 0.1)
                if dropped is None:         # valid, or a frame not whole yet: we close
                    sock.close()
                    dropped = _wait_dropped(host, limit)
            seconds = time.perf_counter() - started
            if len(thread_errors) > errors:
                tally.crash(name, thread_errors[-1])
            elif dropped is None:
                tally.count("hang", limit + 1, name, limit)
            else:
                verdict = "refused" if dropped.cause in REFUSALS else "accepted"
                tally.count(verdict, seconds, name, limit + 0.1)
    finally:
        host.close()
    return tally


def _wait_dropped(host, seconds: float):
    from game.net.live import Dropped
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for event in host.poll():
            if isinstance(event, Dropped):
                return event
        time.sleep(0.002)
    return None


def fuzz_game(name: str, count: int, rng: random.Random, limit: float,
              thread_errors: list) -> Tally:
    """Connections to a hosted game: a hello, then random well-formed messages. The game
    is not dealt with the fuzzing guests (a new deal waits for a guest's secret; the
    guest cases meet the deal)."""
    import game.rules
    from game.net import live
    from game.net.protocol import encode, make
    tally = Tally("game")
    host = live.Host(0, LOOPBACK, guests=1, heartbeat=0.05, timeout=limit)
    state = game.rules.get(name).new_game(seed=1)
    hosted = live.LiveGame.host(host, "Bench", state, {0}, deal=False)
    try:
        for case in range(count):
            started = time.perf_counter()
            errors = len(thread_errors)
            hello = make("hello", app="0", name="Fuzz", role="guest", game=None, seat=None)
            frames = [encode(hello)] + [encode(random_message(rng, len(state.history) + 1))
                                        for _ in range(rng.randint(1, 12))]
            what = f"case {case}"
            events: list = []
            try:
                drive = partial(_drive, hosted, state, rng)
                with socket.create_connection((LOOPBACK, host.port), timeout=limit) as sock:
                    _send_driving(sock, frames, events, drive)
                _drive_until_ended(hosted, events, started, limit, drive)
            except ConnectionError:         # refused and closed while we still sent
                pass
            except Exception:
                tally.crash(what, traceback.format_exc())
                continue
            if len(thread_errors) > errors:
                tally.crash(what, thread_errors[-1])
                continue
            # Refused: the game ended the link for what it sent (a bye with the reason);
            # accepted: the link lasted until we closed it, or the guest said bye.
            refused = any(isinstance(event, live.Left) and not event.reason.startswith(
                ("the other side closed", "the other side left", "the connection was lost"))
                for event in events)
            tally.count("hang" if hosted.peers else "refused" if refused else "accepted",
                        time.perf_counter() - started, what, limit)
            if state.is_over:
                state = game.rules.get(name).new_game(seed=case)
                hosted = live.LiveGame.host(host, "Bench", state, {0}, deal=False)
    finally:
        host.close()
    return tally


def fuzz_guest(name: str, count: int, rng: random.Random, limit: float,
               thread_errors: list) -> Tally:
    """A hostile host: each case a guest joining a listener of ours that says a host's
    hello (a game of `name`), then random well-formed messages (welcomes into any seat with
    any moves, moves, requests, commitments and secrets...). Half the guests are new
    (a deal is due), half come back to the game (it is in play once welcomed)."""
    import game.rules
    from game.net import live
    from game.net.protocol import encode, make
    tally = Tally("guest")
    state = game.rules.get(name).new_game(seed=1)
    hello = make("hello", app="0", name="Host", role="host", game=live.describe(state),
                 seat=None)
    with socket.create_server((LOOPBACK, 0)) as server:
        server.settimeout(limit)
        for case in range(count):
            started = time.perf_counter()
            errors = len(thread_errors)
            back = rng.random() < 0.5
            guest = live.LiveGame.join(live.connect(LOOPBACK, server.getsockname()[1],
                                                    heartbeat=0.05, timeout=limit), "Fuzz",
                                       state.copy() if back else None, 1 if back else None)
            what = f"case {case}"
            events: list = []
            try:
                sock, _address = server.accept()
                with sock:
                    # Half the guests are welcomed first, so that what follows meets a
                    # game in play.
                    welcome = [encode(make("welcome", seat=1, moves=[]))] \
                        if rng.random() < 0.5 else []
                    if not back and rng.random() < 0.5:     # the host begins a deal
                        welcome.insert(0, encode(make("commit", ply=0, value="ab" * 32)))
                    frames = [encode(hello), *welcome] + [
                        encode(random_message(rng, rng.randint(1, 3)))
                        for _ in range(rng.randint(1, 12))]
                    _send_driving(sock, frames, events, partial(_drive_guest, guest))
                _drive_until_ended(guest, events, started, limit, partial(_drive_guest, guest))
            except ConnectionError:         # refused and closed while we still sent
                pass
            except Exception:
                tally.crash(what, traceback.format_exc())
                continue
            if len(thread_errors) > errors:
                tally.crash(what, thread_errors[-1])
                continue
            refused = any(isinstance(event, (live.Left, live.Refused)) and
                          not event.reason.startswith(("the other side closed",
                                                       "the connection was lost"))
                          for event in events)
            tally.count("hang" if guest.peers else "refused" if refused else "accepted",
                        time.perf_counter() - started, what, limit)
    return tally


TXT_VALUES = [b"", b"1", b"2", b"xtic", b"che", b"chess", b"Ada", b"Bo \xc3\xa9", b"\xff\xfe",
              b"\x00", b"\x07bell", b"x" * 32, b"x" * 33, b"x" * 250, b"=", b"\xed\xa0\x80"]


def random_service(rng: random.Random):
    """A zeroconf ServiceInfo as a hostile network could fill it: its TXT record random
    bytes or random fields, any port, any addresses."""
    from zeroconf import ServiceInfo

    from game.net.discovery import SERVICE_TYPE, VERSION
    if rng.random() < 0.3:                  # raw TXT bytes: lengths that lie, garbage
        text = rng.randbytes(rng.choice([0, 1, 5, 60, 300, 2000]))
    else:
        fields = {b"v": VERSION.encode(), b"game": b"xtic", b"name": b"Ada"}
        for _ in range(rng.randint(0, 4)):
            key = rng.choice([b"v", b"game", b"name", b"x", rng.randbytes(3)])
            if rng.random() < 0.2:
                fields.pop(key, None)
            else:
                fields[key] = rng.choice(TXT_VALUES + [None, rng.randbytes(rng.randint(0, 250))])
        if rng.random() < 0.1:              # too many keys
            fields.update({b"k%d" % i: b"v" for i in range(rng.choice([13, 20, 100]))})
        text = b"".join(bytes([len(item)]) + item for item in
                        (key if value is None else key + b"=" + value
                         for key, value in fields.items()) if len(item) < 256)
    info = ServiceInfo(SERVICE_TYPE, f"fuzz.{SERVICE_TYPE}", properties=text, addresses=[
        rng.choice([bytes([127, 0, 0, 1]), rng.randbytes(4), rng.randbytes(16),
                    bytes(4), bytes([224, 0, 0, 251]), bytes([255] * 4)])
        for _ in range(rng.choice([0, 1, 2, 40]))])
    info.port = rng.choice([None, -1, 0, 1, 5353, 65535, 65536, 2**40, "80", 1.5, True])
    return info


def fuzz_discovery(count: int, rng: random.Random, limit: float) -> Tally:
    from game.net.discovery import read_service
    tally = Tally("txt")
    for case in range(count):
        info = random_service(rng)
        started = time.perf_counter()
        try:
            read_service(info)
            verdict = "accepted"
        except ValueError:
            verdict = "refused"
        except Exception:
            tally.crash(f"case {case}: {info.text[:60]!r} port {info.port!r}",
                        traceback.format_exc())
            continue
        tally.count(verdict, time.perf_counter() - started, f"case {case}", limit)
    return tally


def _send_driving(sock, frames: list, events: list, drive) -> None:
    """Send each frame, the game driven a moment between them (`drive(seconds)` gives
    its events, gathered in `events` as they come: a send the peer cuts short keeps
    them)."""
    for frame in frames:
        sock.sendall(frame)
        events += drive(0.005)


def _drive_until_ended(live_game, events: list, started: float, limit: float,
                       drive) -> None:
    """Drive the game on until it ends the link, or the case's time is up (a hang)."""
    events += drive(0.02)
    while live_game.peers and time.perf_counter() - started < limit + 1:
        events += drive(0.01)


def _drive_guest(guest, seconds: float) -> list:
    """A guest's frames for a moment: its updates, and the moves it is given."""
    events = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        events += guest.update()
        state = guest.state
        if state is not None and not state.is_over:
            move = guest.roll(state) if state.is_chance else guest.take(state)
            if move is not None:
                state.play(move)
        time.sleep(0.001)
    return events


def _drive(hosted, state, rng: random.Random, seconds: float) -> list:
    """The host's frames for a moment: its updates, and its own moves when it is to move
    and its guest is there (a roll once both secrets are in). Returns the game's events."""
    events = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        events += hosted.update()
        if state.is_chance:
            roll = hosted.roll(state)
            if roll is not None:
                state.play(roll)
        elif not hosted.waiting and not state.is_over and state.to_play == 0:
            state.play(rng.choice(state.legal_moves()))
        move = hosted.take(state)
        if move is not None:
            state.play(move)
        time.sleep(0.001)
    return events


def run(args) -> int:
    import game.rules
    args.game = args.game or game.rules.names()[0]
    game.rules.get(args.game)           # an unknown name: KeyError naming the known ones
    if min(args.cases, args.live_cases, args.game_cases, args.txt_cases) < 0:
        raise SystemExit("--cases, --live-cases, --game-cases and --txt-cases must be 0 "
                         "or more")
    started = time.perf_counter()
    thread_errors: list[str] = []
    threading.excepthook = lambda hook: thread_errors.append(
        "".join(traceback.format_exception(hook.exc_type, hook.exc_value,
                                           hook.exc_traceback)))
    rng = random.Random(f"net-fuzz:{args.seed}")
    frames = valid_frames(rng)
    cases = [("valid", frame) for frame in frames] + \
        [mutate(rng.choice(frames), rng, frames) for _ in range(args.cases)]
    print(f"Net fuzz: {len(frames)} valid frames of every type, {args.cases:,} mutated; "
          f"{args.live_cases} sent to a host, {args.game_cases} connections to a hosted "
          f"game and {args.game_cases} guests of a hostile host ({args.game}) over {LOOPBACK}, "
          f"{args.txt_cases:,} services to LAN discovery; seed {args.seed}, "
          f"limit {args.limit:g} s")
    tallies = [fuzz_decode(cases, rng, args.limit),
               fuzz_links(rng.sample(cases, min(args.live_cases, len(cases))), args.limit,
                          thread_errors),
               fuzz_game(args.game, args.game_cases, rng, args.limit, thread_errors),
               fuzz_guest(args.game, args.game_cases, rng, args.limit, thread_errors),
               fuzz_discovery(args.txt_cases, rng, args.limit)]
    print(f"{'part':<7} {'cases':>7} {'accepted':>9} {'refused':>8} {'crashed':>8} "
          f"{'hangs':>6}")
    for tally in tallies:
        print(tally.line())
        for what, detail in tally.crashes[:3]:
            print(f"\ncrash ({tally.name}, {what}):\n{detail}")
    crashes = sum(len(tally.crashes) for tally in tallies)
    hangs = sum(tally.hangs for tally in tallies)
    print(f"{crashes} crashes, {hangs} hangs ({time.perf_counter() - started:.0f} s in all)")
    print("PASS" if not crashes and not hangs else "FAIL")
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit("run it as: python -m game.bench net-fuzz")
