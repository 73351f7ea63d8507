"""LAN discovery (game/net/discovery.py): hosted games announced and found over multicast
DNS on the loopback interface only (zeroconf restricted to 127.0.0.1: its multicast
goes out on lo and nowhere else), every wait bounded; hostile services left out; no
exception when zeroconf cannot start.

Another process on this machine may announce the same service type on lo at the same
time (another test run): each test looks only for the names it made up."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time

import pytest
from zeroconf import ServiceInfo, Zeroconf

from game.net import discovery
from game.net.discovery import SERVICE_TYPE, Announcement, Browser, read_service

LOOPBACK = ["127.0.0.1"]
WAIT = 6.0          # seconds for a service to be found (registering takes about 1.5 s)


def unique(name: str) -> str:
    return f"{name} {secrets.token_hex(3)}"


def wait_for(condition, seconds: float = WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def listed(browser: Browser, names) -> dict:
    return {hosted.name: hosted for hosted in browser.games() if hosted.name in names}


@pytest.fixture
def browser():
    found = Browser(interfaces=LOOPBACK)
    found.start()
    yield found
    found.close()
    assert found.join(1.0), "the browser did not close within a second"


@pytest.fixture
def announce():
    made = []

    def make(name: str, game: str, port: int) -> Announcement:
        announcement = Announcement(name, game, port, interfaces=LOOPBACK)
        announcement.start()
        made.append(announcement)
        return announcement
    yield make
    for announcement in made:
        announcement.close()
    assert all(announcement.join(1.0) for announcement in made)


def test_an_announced_game_is_found_with_its_fields_and_goes_at_close(browser, announce):
    name = unique("Ada")
    hosting = announce(name, "xtic", 40123)
    assert wait_for(lambda: name in listed(browser, {name}))
    assert listed(browser, {name})[name] == discovery.HostedGame(name, "xtic", "127.0.0.1",
                                                                 40123)
    assert hosting.error == "" and browser.error == ""
    started = time.monotonic()
    hosting.close()
    assert time.monotonic() - started < 0.05            # close() does not wait
    assert hosting.join(1.0), "the announcement did not close within a second"
    assert wait_for(lambda: name not in listed(browser, {name}), 2.0)   # its goodbye


def test_several_games_are_listed_by_name_and_one_leaving_leaves_the_others(browser,
                                                                              announce):
    games = {unique("Bo"): ("che", 40201), unique("Cy"): ("xoliba", 40202),
             unique("Di"): ("catalina", 40203)}
    hosting = {name: announce(name, game, port) for name, (game, port) in games.items()}
    assert wait_for(lambda: len(listed(browser, games)) == 3)
    assert {name: (hosted.game, hosted.port) for name, hosted
            in listed(browser, games).items()} == games
    mine = [hosted.name for hosted in browser.games() if hosted.name in games]
    assert mine == sorted(games, key=str.casefold)
    leaving = min(games)
    hosting[leaving].close()
    assert wait_for(lambda: set(listed(browser, games)) == set(games) - {leaving}, 3.0)


def test_a_browser_started_late_finds_a_game_announced_before_it(browser, announce):
    name = unique("Eve")
    hosting = announce(name, "xutoli", 40301)
    assert wait_for(lambda: name in listed(browser, {name}))     # registered by now
    late = Browser(interfaces=LOOPBACK)
    late.start()
    try:
        assert wait_for(lambda: name in listed(late, {name}), 4.0)
        assert hosting.error == ""
    finally:
        late.close()
        assert late.join(1.0)
    assert late.games() == []                           # closed: nothing listed


def test_a_game_waiting_for_its_player_is_found_with_its_id(browser):
    name, game_id = unique("Flo"), discovery.game_id("che", 12345, "Flo")
    hosting = Announcement(name, "che", 40401, game_id=game_id, returning=True,
                           interfaces=LOOPBACK)
    hosting.start()
    try:
        assert wait_for(lambda: name in listed(browser, {name}))
        assert listed(browser, {name})[name] == discovery.HostedGame(
            name, "che", "127.0.0.1", 40401, game_id, True)
        assert len(b"".join(f"{k}={v}".encode() for k, v
                            in hosting.properties().items())) < 80     # kept small
    finally:
        hosting.close()
        assert hosting.join(1.0)


def test_a_games_id_is_sixteen_hex_digits_from_the_game_its_seed_and_its_host():
    made = discovery.game_id("xtic", 7, "Ann")
    assert made == discovery.game_id("xtic", 7, "Ann")
    assert len(made) == 16 and discovery.check_game_id(made) == made
    others = {discovery.game_id("che", 7, "Ann"), discovery.game_id("xtic", 8, "Ann"),
              discovery.game_id("xtic", 7, "Bob"), discovery.game_id("xtic", 7, "Ann ")}
    assert made not in others and len(others) == 4


# --- hostile services ---------------------------------------------------------------------
def hostile_services(tag: str) -> dict:
    """name -> (TXT properties, port, addresses) of services that must be left out."""
    good = {"v": "1", "game": "xtic", "name": f"Ok {tag}"}
    return {
        f"huge {tag}": ({**good, **{f"k{i}": "x" * 200 for i in range(6)}}, 40401, None),
        f"many keys {tag}": ({**good, **{f"k{i}": "1" for i in range(20)}}, 40402, None),
        f"no game {tag}": ({"v": "1", "name": f"Ng {tag}"}, 40403, None),
        f"no name {tag}": ({"v": "1", "game": "xtic"}, 40404, None),
        f"no version {tag}": ({"game": "xtic", "name": f"Nv {tag}"}, 40405, None),
        f"version 2 {tag}": ({**good, "v": "2"}, 40406, None),
        f"port 0 {tag}": (good, 0, None),
        f"unknown game {tag}": ({**good, "game": "chess"}, 40407, None),
        f"long name {tag}": ({**good, "name": "x" * 200}, 40408, None),
        f"blank name {tag}": ({**good, "name": "   "}, 40409, None),
        f"control name {tag}": ({**good, "name": "Ada\x07"}, 40410, None),
        f"not utf8 {tag}": ({**good, "name": b"\xff\xfe"}, 40411, None),
        f"multicast {tag}": (good, 40412, ["224.0.0.1"]),
    }


def test_hostile_services_are_left_out_and_a_good_one_beside_them_is_listed(browser,
                                                                           caplog):
    caplog.set_level(logging.INFO, logger="game.net.discovery")
    tag = secrets.token_hex(3)
    hostile = hostile_services(tag)
    good_name = unique("Fay")
    # each its own host name: the A records of one name are shared by its services
    services = [ServiceInfo(SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=port,
                            properties=properties, server=f"fuzz-{number}-{tag}.local.",
                            parsed_addresses=addresses or LOOPBACK)
                for number, (label, (properties, port, addresses))
                in enumerate(hostile.items())]
    services.append(ServiceInfo(SERVICE_TYPE, f"good {tag}.{SERVICE_TYPE}", port=40499,
                                properties={"v": "1", "game": "che", "name": good_name},
                                server=f"fuzz-{tag}.local.", parsed_addresses=LOOPBACK))
    responder = Zeroconf(interfaces=LOOPBACK)
    try:
        # all at once, on zeroconf's loop, without probing (the names are made up here)
        for info in services:
            asyncio.run_coroutine_threadsafe(responder.async_register_service(
                info, cooperating_responders=True), responder.loop).result(2.0)

        def skipped() -> set:
            messages = {record.getMessage() for record in caplog.records}
            return {label for label in hostile if any(message.startswith(
                f"skipped {discovery._short(f'{label}.{SERVICE_TYPE}', 80)}: ")
                for message in messages)}
        assert wait_for(lambda: skipped() == set(hostile) and good_name in listed(
            browser, {good_name})), f"not seen: {set(hostile) - skipped()}"
        assert [hosted.name for hosted in browser.games()
                if tag in hosted.name or hosted.port in range(40401, 40413)] == []
        assert listed(browser, {good_name})[good_name].port == 40499
        assert browser.error == ""
    finally:
        responder.close()


# --- reading a service ----------------------------------------------------------------------
def service(properties, port=40000, addresses=("127.0.0.1",)) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"x.{SERVICE_TYPE}", port=port, properties=properties,
                       parsed_addresses=list(addresses))


GOOD = {"v": "1", "game": "xtic", "name": "  Ada  "}


def test_read_service_takes_a_good_service_and_strips_the_name():
    assert read_service(service(GOOD)) == discovery.HostedGame("Ada", "xtic", "127.0.0.1",
                                                               40000)
    assert read_service(service({**GOOD, "later": "ignored"}, port=65535)).port == 65535
    waiting = read_service(service({**GOOD, "id": "0123456789abcdef", "back": "1"}))
    assert (waiting.game_id, waiting.returning) == ("0123456789abcdef", True)


@pytest.mark.parametrize(("properties", "port", "addresses", "message"), [
    ({**GOOD, "k": "x" * 250, "l": "x" * 250, "m": "x" * 250, "n": "x" * 250}, 1, None,
     "bytes (at most 1024)"),
    ({**GOOD, **{f"k{i}": None for i in range(14)}}, 1, None, "keys (at most 16)"),
    ({"game": "xtic", "name": "Ada"}, 1, None, "no v"),
    ({**GOOD, "v": "0"}, 1, None, "version '0'"),
    ({**GOOD, "v": None}, 1, None, "no v"),
    ({**GOOD, "game": "chess"}, 1, None, "unknown game 'chess'"),
    ({**GOOD, "game": "x" * 200}, 1, None, "unknown game 'xxxxx"),
    ({"v": "1", "name": "Ada"}, 1, None, "no game"),
    ({**GOOD, "name": "x" * 33}, 1, None, "at most 32"),
    ({**GOOD, "name": ""}, 1, None, "missing"),
    ({**GOOD, "name": "A\nB"}, 1, None, "at most 32"),
    ({**GOOD, "name": b"\xc3"}, 1, None, "not UTF-8"),
    ({**GOOD, "id": "0123456789abcde"}, 1, None, "id '0123456789abcde' is not 16 hex"),
    ({**GOOD, "id": "0123456789abcdef0"}, 1, None, "is not 16 hex digits"),
    ({**GOOD, "id": "0123456789ABCDEF"}, 1, None, "is not 16 hex digits"),
    ({**GOOD, "id": "0123456789abcdeg"}, 1, None, "is not 16 hex digits"),
    ({**GOOD, "id": "f" * 200}, 1, None, "is not 16 hex digits"),
    ({**GOOD, "id": ""}, 1, None, "is not 16 hex digits"),
    ({**GOOD, "id": None}, 1, None, "no id"),
    ({**GOOD, "id": b"\xff" * 16}, 1, None, "id is not UTF-8"),
    ({**GOOD, "back": "yes"}, 1, None, "back is 'yes', not '1'"),
    ({**GOOD, "back": None}, 1, None, "no back"),
    (GOOD, 0, None, "port 0"),
    (GOOD, None, None, "port None"),
    (GOOD, 1, [], "no address"),
    (GOOD, 1, ["0.0.0.0", "224.0.0.251", "255.255.255.255", "fe80::1", "ff02::fb"],
     "no address"),
])
def test_read_service_refuses_what_is_wrong(properties, port, addresses, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_service(service(properties, port, ("127.0.0.1",) if addresses is None
                             else addresses))


def test_an_address_is_ipv4_first_and_one_can_connect_to():
    assert discovery.pick_address([bytes(16), bytes([224, 0, 0, 1]),
                                   bytes([0] * 15 + [1]), bytes([10, 0, 0, 7])]) == "10.0.0.7"
    assert discovery.pick_address([b"\x00" * 15 + b"\x01"]) == "::1"
    assert discovery.pick_address([b"abc", bytes([127, 0, 0, 1])]) == "127.0.0.1"


def test_the_fuzz_bench_finds_no_crash_in_two_thousand_services():
    import random

    from game.bench import net_fuzz
    tally = net_fuzz.fuzz_discovery(2000, random.Random(3), limit=2.0)
    assert tally.crashes == [] and tally.hangs == 0
    assert tally.verdicts["accepted"] and tally.verdicts["refused"]


# --- when it cannot work ------------------------------------------------------------------
def test_when_zeroconf_cannot_start_both_say_why_and_nothing_raises(monkeypatch):
    def no_sockets(interfaces):
        raise OSError(98, "Address already in use")
    monkeypatch.setattr(discovery, "open_zeroconf", no_sockets)
    browser = Browser(interfaces=LOOPBACK)
    hosting = Announcement("Ada", "xtic", 40501, interfaces=LOOPBACK)
    for part in (browser, hosting):
        part.start()
        assert part.join(1.0)
        assert "Address already in use" in part.error
        part.start()                                    # once only: nothing more happens
        part.close()
        part.close()
    assert "games on the network cannot be listed" in browser.error
    assert "others can still join by its address" in hosting.error
    assert browser.games() == []


def test_without_the_library_both_say_so_and_start_does_nothing(monkeypatch):
    monkeypatch.setattr(discovery, "Zeroconf", None)
    browser, hosting = Browser(), Announcement("Ada", "xtic", 40502)
    for part in (browser, hosting):
        assert part.error == discovery.NOT_INSTALLED
        part.start()
        assert part._thread is None
        part.close()
    assert browser.games() == []


def test_an_announcement_with_no_network_says_so(monkeypatch):
    monkeypatch.setattr(Announcement, "addresses", lambda self: [])    # no IPv4 address
    hosting = Announcement("Ada", "xtic", 40503, interfaces=LOOPBACK)
    hosting.start()
    assert hosting.join(1.0)                            # it stops by itself
    assert "no network" in hosting.error
    hosting.close()


def test_closing_before_starting_and_while_registering_is_quiet():
    early = Announcement("Ada", "xtic", 40504, interfaces=LOOPBACK)
    early.close()
    early.start()                                       # closed: never starts
    assert early._thread is None and early.join(0.1)
    hosting = Announcement(unique("Gus"), "che", 40505, interfaces=LOOPBACK)
    hosting.start()
    time.sleep(0.3)                                     # still probing its name
    started = time.monotonic()
    hosting.close()
    assert hosting.join(1.0) and time.monotonic() - started < 1.0
    assert hosting.error == ""


@pytest.mark.parametrize(("name", "game", "port"), [
    ("Ada", "chess", 40000), ("Ada", "xtic", 0), ("Ada", "xtic", 70000),
    ("Ada", "xtic", "80"), ("", "xtic", 40000), ("x" * 40, "xtic", 40000)])
def test_an_announcement_of_a_bad_game_is_refused_at_once(name, game, port):
    with pytest.raises(ValueError):
        Announcement(name, game, port, interfaces=LOOPBACK)
    with pytest.raises(ValueError, match="16 hex digits"):
        Announcement("Ada", "xtic", 40000, game_id="xyz", interfaces=LOOPBACK)


def test_the_service_type_and_a_label_fit_dns_sd():
    from zeroconf import BadTypeInNameException, service_type_name
    assert service_type_name(SERVICE_TYPE) == SERVICE_TYPE
    hosting = Announcement("Ünïcødé.Ü" * 3, "catalina", 40000, interfaces=LOOPBACK)
    label = hosting._label()
    assert "." not in label and len(label.encode("utf-8")) <= discovery.LABEL_BYTES
    assert service_type_name(f"{label}.{SERVICE_TYPE}") == SERVICE_TYPE
    with pytest.raises(BadTypeInNameException):
        service_type_name("_little-abstracts._tcp.local.")     # 16 letters: too long
