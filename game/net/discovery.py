"""Finding hosted live games on the local network: DNS-SD over multicast DNS (RFC 6763
over RFC 6762, what Bonjour and Avahi speak), with the `zeroconf` library.

While a game is hosted, an `Announcement` registers one service of SERVICE_TYPE: its SRV
record gives the port the host listens on, its A records the machine's addresses, and
its TXT record the fields `v` (VERSION), `game` (the game's registry name) and `name`
(the host player's); a game in progress waiting for a player to come back adds `id`
(`game_id`: how that player's app recognises its game when the host came back on another
port) and `back` ("1": the seat is that player's, not a newcomer's). A `Browser` (on the
Join screen, and on a guest waiting for its host) lists the services of that type that
pass `read_service`: everything read from the network is hostile, so each field is
checked and bounded, and an entry that fails is left out (the reason logged).

Each side runs on a thread of its own (and zeroconf's): `start()` and `close()` return
at once, `games()` is a snapshot, and nothing here raises into the caller after
construction: what goes wrong is `error`, a text. docs/NETWORK.md tells the story.
"""
from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import json
import logging
import secrets
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass

from game.rules import names as game_names
from game.services.saves import check_player_name

try:
    import ifaddr
    from zeroconf import (Error as ZeroconfError, IPVersion, ServiceBrowser, ServiceInfo,
                          ServiceStateChange, Zeroconf)
except ImportError:             # an older install: discovery says so, the rest works
    Zeroconf = None

log = logging.getLogger(__name__)

SERVICE_TYPE = "_littleabstracts._tcp.local."   # a DNS-SD service name: 15 letters at most
VERSION = "1"               # the TXT record's `v`: a later layout gets another
TTL = 120                   # seconds: a host gone without its goodbye leaves lists after this
MAX_GAMES = 64              # entries listed at most: a flood of services stops there
MAX_TXT = 1024              # bytes of a TXT record (ours take 40 to 70)
MAX_FIELDS = 16             # keys in a TXT record
MAX_ADDRESSES = 16          # addresses of one service looked at
RESOLVE_MS = 500            # how long the browser asks for a service's records (records
                            # coming later are an update, and asked for again)
ID_DIGITS = 16              # hex digits of a game's id (64 bits)
LABEL_BYTES = 50            # of a service's instance name (DNS allows 63; zeroconf may add "-2")
NOT_INSTALLED = "the zeroconf library is missing (python3 play.py installs it)"
INTERFACES: list[str] | None = None     # the interfaces' addresses used when none are
#                                         given: None, every one (tests: the loopback's)


@dataclass(frozen=True)
class HostedGame:
    name: str               # the host player's name
    game: str               # the game's registry name
    address: str            # where to connect, as text ("192.168.1.20")
    port: int
    game_id: str = ""       # a game in progress (game_id), or "" for a new game
    returning: bool = False     # the game waits for a player coming back: no newcomer


def game_id(game: str, seed: int, host: str) -> str:
    """The id of a live game in progress, which its host announces and its guest computes:
    the first 16 hex digits of SHA-256 over the game, its seed and the host player's name.
    The seed is dealt from both players' secrets (2**31 seeds), so two games share an id
    only by a chance of about one in two billion even with the same game and host name;
    an announcement copying it on purpose gains nothing (the id only says where to try:
    the hello checks the whole game), and nothing in it is secret (the hello carries the
    seed in clear)."""
    text = json.dumps(["little-abstracts live game", game, seed, host])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:ID_DIGITS]


def check_game_id(value: str) -> str:
    """`value` if it is a game's id (16 lower-case hex digits); a ValueError otherwise."""
    if len(value) != ID_DIGITS or any(ch not in "0123456789abcdef" for ch in value):
        raise ValueError(f"the TXT record's id {_short(value)} is not {ID_DIGITS} hex digits")
    return value


def open_zeroconf(interfaces: list[str] | None) -> Zeroconf:
    """Zeroconf on the given interface addresses (tests: ["127.0.0.1"]), or on every
    IPv4 interface. Opening the sockets may fail (OSError): the callers say so."""
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=list(interfaces))


def _short(value, limit: int = 40) -> str:
    """A value from the network, quoted and cut for a message or a log line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _text_field(properties: dict, key: bytes) -> str:
    value = properties.get(key)
    if value is None:
        raise ValueError(f"the TXT record has no {key.decode()}")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"the TXT record's {key.decode()} is not UTF-8") from None


def pick_address(packed: list[bytes]) -> str:
    """The address to connect to among a service's (packed, as in its A and AAAA
    records): IPv4 first, never multicast, unspecified, reserved or IPv6 link-local (which
    needs an interface to mean anything); a ValueError when none is left."""
    usable = []
    for raw in packed[:MAX_ADDRESSES]:
        try:
            address = ipaddress.ip_address(bytes(raw))
        except (TypeError, ValueError):
            continue
        if address.is_multicast or address.is_unspecified \
                or (address.is_reserved and not address.is_loopback) \
                or (address.version == 6 and address.is_link_local):
            continue
        usable.append(address)
    if not usable:
        raise ValueError("no address one can connect to")
    return str(min(usable, key=lambda address: address.version))   # the first IPv4


def read_service(info) -> HostedGame:
    """The hosted game a resolved service (a zeroconf ServiceInfo) describes, each field
    checked; a ValueError naming what is wrong."""
    text = info.text or b""
    if len(text) > MAX_TXT:
        raise ValueError(f"a TXT record of {len(text)} bytes (at most {MAX_TXT})")
    properties = info.properties
    if len(properties) > MAX_FIELDS:
        raise ValueError(f"a TXT record of {len(properties)} keys (at most {MAX_FIELDS})")
    version = _text_field(properties, b"v")
    if version != VERSION:
        raise ValueError(f"version {_short(version)} (this app speaks {VERSION})")
    name = _text_field(properties, b"game")
    if name not in game_names():
        raise ValueError(f"an unknown game {_short(name)}")
    player = check_player_name(_text_field(properties, b"name"))
    # A new game has neither `id` nor `back` (version 1 as first published had neither).
    found_id = check_game_id(_text_field(properties, b"id")) if b"id" in properties else ""
    returning = b"back" in properties
    back = _text_field(properties, b"back") if returning else "1"
    if back != "1":
        raise ValueError(f"the TXT record's back is {_short(back)}, not '1'")
    port = info.port
    if type(port) is not int or not 1 <= port <= 65535:
        raise ValueError(f"port {_short(port)} (1 to 65535)")
    return HostedGame(player, name, pick_address(info.addresses_by_version(IPVersion.All)),
                      port, found_id, returning)


def _unavailable(error: BaseException) -> str:
    return str(error) or type(error).__name__


class _Worker(ABC):
    """A daemon thread that opens zeroconf, does its part until close(), and closes it."""

    def __init__(self, interfaces: list[str] | None):
        self.error = "" if Zeroconf is not None else NOT_INSTALLED
        self._interfaces = interfaces if interfaces is not None else INTERFACES
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Begin (at once; the work is on the thread). Once only: later calls do nothing."""
        if self._thread is not None or self._stop.is_set() or self.error:
            return
        self._thread = threading.Thread(target=self._run, name=type(self).__name__,
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop (at once; the thread sends its goodbyes and closes its sockets within a
        second). Safe to call at any time, again and again."""
        self._stop.set()

    def join(self, timeout: float = 1.0) -> bool:
        """Wait up to `timeout` seconds for the thread to end after close() (tests, and
        quitting the app); whether it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def _run(self) -> None:
        try:
            zc = open_zeroconf(self._interfaces)
        except Exception as error:      # no sockets: no multicast, port taken, no network
            self.error = self._explain(_unavailable(error))
            return
        try:
            self._serve(zc)
        except OSError as error:        # the network as it is (no address, none allowed)
            self.error = self._explain(_unavailable(error))
        except Exception as error:      # the thread never dies with a traceback
            log.warning("%s stopped", type(self).__name__, exc_info=True)
            self.error = self._explain(_unavailable(error))
        finally:
            try:
                zc.close()              # an announcement's goodbyes are sent here
            except Exception:           # best effort: the thread ends all the same
                log.info("closing zeroconf failed", exc_info=True)

    @abstractmethod
    def _serve(self, zc) -> None:
        """Its part (Browser: browse; Announcement: register) until close()."""

    @abstractmethod
    def _explain(self, why: str) -> str:
        """`why` zeroconf could not work, said for its part."""


class Browser(_Worker):
    """The hosted games on the local network, found as they come and go."""

    def __init__(self, *, interfaces: list[str] | None = None):
        super().__init__(interfaces)
        self._games: tuple[HostedGame, ...] = ()    # replaced whole, read by games()
        self._found: dict[str, HostedGame] = {}     # the browser's thread only

    def games(self) -> list[HostedGame]:
        """The hosted games found so far, by player name (a snapshot; never waits)."""
        return list(self._games) if not self._stop.is_set() else []

    def _explain(self, why: str) -> str:
        return f"games on the network cannot be listed here ({why})"

    def _serve(self, zc) -> None:
        browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._changed])
        self._stop.wait()
        browser.cancel()

    def _changed(self, zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        """zeroconf's callback, on its browser thread: a service came, changed or went."""
        if self._stop.is_set():
            return
        if state_change is ServiceStateChange.Removed:
            self._forget(name)
            return
        if name not in self._found and len(self._found) >= MAX_GAMES:
            log.info("skipped %s: already %d games listed", _short(name, 80), MAX_GAMES)
            return
        try:
            info = ServiceInfo(service_type, name)
            if not info.load_from_cache(zeroconf) and not info.request(zeroconf, RESOLVE_MS):
                raise ValueError(f"its records did not come within {RESOLVE_MS} ms")
            found = read_service(info)
        except (ValueError, ZeroconfError) as error:
            log.info("skipped %s: %s", _short(name, 80), error)
            self._forget(name)
            return
        except Exception:               # it would end zeroconf's browser thread
            if not self._stop.is_set():
                log.warning("skipped %s", _short(name, 80), exc_info=True)
            self._forget(name)
            return
        self._found[name] = found
        self._publish()

    def _forget(self, name: str) -> None:
        if self._found.pop(name, None) is not None:
            self._publish()

    def _publish(self) -> None:
        self._games = tuple(sorted(self._found.values(), key=lambda hosted: (
            hosted.name.casefold(), hosted.game, hosted.address, hosted.port)))


class Announcement(_Worker):
    """A hosted game made findable: registered while started, withdrawn at close().
    `game_id` and `returning`: a game in progress waiting for its player to come back."""

    def __init__(self, name: str, game: str, port: int, *, game_id: str = "",
                 returning: bool = False, interfaces: list[str] | None = None):
        super().__init__(interfaces)
        if game not in game_names():
            raise ValueError(f"an unknown game {game!r}")
        if type(port) is not int or not 1 <= port <= 65535:
            raise ValueError(f"port {port!r} (1 to 65535)")
        self.name, self.game, self.port = check_player_name(name), game, port
        self.game_id = check_game_id(game_id) if game_id else ""
        self.returning = returning

    def properties(self) -> dict:
        """The TXT record's fields (about 70 bytes with an id)."""
        fields = {"v": VERSION, "game": self.game, "name": self.name}
        if self.game_id:
            fields["id"] = self.game_id
        if self.returning:
            fields["back"] = "1"
        return fields

    def _explain(self, why: str) -> str:
        return (f"this game cannot be listed on the network ({why}); "
                f"others can still join by its address")

    def addresses(self) -> list[str]:
        """Where others reach this machine: the interfaces given, or every IPv4 address
        but loopback (ifaddr)."""
        if self._interfaces is not None:
            return [address for address in self._interfaces
                    if ipaddress.ip_address(address).version == 4]
        return sorted({ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                       if ip.is_IPv4 and not ipaddress.ip_address(ip.ip).is_loopback})

    def _serve(self, zc) -> None:
        addresses = self.addresses()
        if not addresses:
            raise OSError("no network")
        info = ServiceInfo(
            SERVICE_TYPE, f"{self._label()}.{SERVICE_TYPE}", port=self.port,
            properties=self.properties(),
            server=f"little-abstracts-{secrets.token_hex(4)}.local.",
            host_ttl=TTL, other_ttl=TTL, parsed_addresses=addresses)
        # Registering probes the name for about 1.5 s: on zeroconf's loop, not here,
        # so that close() is heard at once; zeroconf's close sends the goodbyes.
        registering = asyncio.run_coroutine_threadsafe(
            zc.async_register_service(info, allow_name_change=True), zc.loop)
        registering.add_done_callback(self._registered)
        self._stop.wait()
        registering.cancel()

    def _registered(self, registering) -> None:
        if not registering.cancelled() and registering.exception() is not None:
            self.error = self._explain(_unavailable(registering.exception()))

    def _label(self) -> str:
        """The service's instance name, which tools such as avahi-browse show: the player
        and the game, without dots (they separate a DNS name's parts), cut to fit."""
        label = f"{self.name} {self.game}".replace(".", " ")
        while len(label.encode("utf-8")) > LABEL_BYTES:
            label = label[:-1]
        return label.strip()
