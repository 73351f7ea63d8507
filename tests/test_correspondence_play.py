"""Play by correspondence in the app (game/scenes/correspondence.py): two app sessions in
one process, each with a home of its own, play whole games of every game by passing the
codes through the screens (the clipboard carries them, as a chat would); every button is
reached by the mouse, the keyboard and the gamepad; a code that is refused (garbage, a
damaged or cut code, one read twice, one of another game, a differing history) says why
and changes nothing."""
from __future__ import annotations

import random

import pygame
import pytest

import game.rules
from game.core import storage
from game.net import correspondence as cc
from game.scenes.correspondence import CorrespondencePlayScene
from game.services.settings import Settings
from game.services.stats import load_stats
from game.ui import clipboard
from scene_driver import DEVICES, Mouse, find_item, labels, scene_name, step

FAST = {"animation_speed": "off", "computer_speed": "instant"}
SIZE = (800, 480)               # the smallest window: the quickest frames
WAIT = 0.1


class Friend:
    """One player: an app, its home, its device."""

    def __init__(self, make_app, home, monkeypatch, name, device=Mouse, fast=True):
        self.home = home
        self.monkeypatch = monkeypatch
        self.here()
        self.app = make_app(Settings(player_name=name, **(FAST if fast else {})), SIZE)
        self.device = device(self.app)

    def here(self) -> Friend:
        """This player's app is the one in use: its home is the data folder."""
        self.monkeypatch.setenv(storage.HOME_OVERRIDE, str(self.home))
        return self

    @property
    def scene(self):
        return self.app.scene

    def play(self) -> CorrespondencePlayScene:
        play = next((scene for scene in reversed(self.app.stack)
                     if isinstance(scene, CorrespondencePlayScene)), None)
        assert play is not None, [type(scene).__name__ for scene in self.app.stack]
        return play

    def frames(self, count=1) -> None:
        step(self.app, frames=count, dt=WAIT)

    def until(self, condition, what: str, frames=400) -> None:
        for _ in range(frames):
            if condition():
                return
            self.frames()
        raise AssertionError(f"never {what}; top scene {scene_name(self.app)}")

    def press(self, text: str) -> None:
        self.here()
        self.device.activate(text)


@pytest.fixture
def friends(make_app, tmp_path, monkeypatch):
    def make(devices=(Mouse, Mouse), fast=True):
        return [Friend(make_app, tmp_path / name, monkeypatch, name, device, fast)
                for name, device in zip(("Ada", "Bo"), devices)]
    return make


def invite(ada: Friend, game_name: str, seat=0) -> str:
    """Ada invites from the game's setup screen, at `seat`; the invitation's code (the
    clipboard)."""
    ada.here()
    ada.app.open("setup", game.rules.get(game_name))
    ada.press("By correspondence")
    assert scene_name(ada.app) == "InviteScene"
    if seat:
        ada.device.change("Your seat", 1)
    ada.press("Make the invitation")
    assert scene_name(ada.app) == "SendCodeScene"
    code = ada.scene.code
    assert clipboard.paste() == (code, None)
    assert cc.decode(code)["n"] == 1 and cc.decode(code)["p"] == ["Ada"]
    assert cc.decode(code)["s"] == seat
    ada.press("Done")
    assert scene_name(ada.app) == "GamesScene"
    return code


def paste_from_games(friend: Friend, code: str) -> None:
    """The code pasted from the Games screen: Paste move, Paste from the clipboard."""
    friend.here()
    if scene_name(friend.app) != "GamesScene":
        friend.app.home()
        friend.app.open("games")
    pygame.scrap.put_text(code)
    friend.press("Paste move")
    assert scene_name(friend.app) == "PasteCodeScene"
    friend.press("Paste from the clipboard")


def answer(bo: Friend, code: str) -> str:
    """Bo accepts the invitation and sends the answer (code 2)."""
    paste_from_games(bo, code)
    assert scene_name(bo.app) == "SendCodeScene", bo.scene.problem
    reply = bo.scene.code
    assert cc.decode(reply)["n"] == 2
    bo.press("Done")
    return reply


def start(ada: Friend, bo: Friend, game_name: str) -> None:
    """Invitation, answer, and Ada's game open on the deal."""
    reply = answer(bo, invite(ada, game_name))
    paste_from_games(ada, reply)
    assert scene_name(ada.app) == "CorrespondencePlayScene", ada.scene.problem


def take_turn(friend: Friend, rng, screens=True) -> str | None:
    """The friend plays their turn at random (their rolls thrown by hand) and sends its
    code (through the Send screen, or the play screen's make_code); None when the game
    ended with the friend's last code read."""
    friend.here()
    play = friend.play()
    friend.until(lambda: play.code_seat.waiting and not play.view.animating
                 and (play.human_may_move or play.code_due or play.corr.finished),
                 "ready to move")
    if play.corr.finished:
        return None
    while not play.code_due:
        if play.human_may_move:             # (no animation to wait for at these speeds)
            state = play.state
            play.play_move(state.next_chance() if state.is_chance
                           else rng.choice(state.legal_moves()))
        else:                               # a forced pass, shown for a moment
            friend.frames()
    if not screens:
        return play.make_code()
    play.send_move()
    assert scene_name(friend.app) == "SendCodeScene"
    code = friend.scene.code
    assert clipboard.paste() == (code, None)
    friend.press("Done")
    return code


def receive(friend: Friend, code: str, screens=True) -> None:
    """The code pasted inside the friend's game (Paste move, from the clipboard, or the
    play screen's read_code); or, the first time, from the Games screen."""
    friend.here()
    if not any(isinstance(scene, CorrespondencePlayScene) for scene in friend.app.stack):
        paste_from_games(friend, code)
        assert scene_name(friend.app) == "CorrespondencePlayScene", friend.scene.problem
        return
    play = friend.play()
    while friend.app.scene is not play:          # the results card of a game just sent
        friend.app.pop()
    if not screens:
        play.read_code(code)
        return
    pygame.scrap.put_text(code)
    play.paste_move()
    friend.press("Paste from the clipboard")
    assert friend.app.scene is play, getattr(friend.scene, "problem", "")


@pytest.mark.parametrize("game_name", game.rules.names())
def test_a_whole_game_by_codes_through_the_screens(friends, game_name):
    ada, bo = friends()
    rng = random.Random(game_name)
    start(ada, bo, game_name)
    sender, reader = ada, bo
    # The first codes through the screens, the others through the play screens' calls
    # (a screen opened costs a tenth of a second: a long game's codes would take minutes).
    exchanges = 0
    while (code := take_turn(sender, rng, screens=exchanges < 2)) is not None:
        receive(reader, code, screens=exchanges < 2)
        sender, reader = reader, sender
        exchanges += 1
    states = [friend.here().play().state for friend in (ada, bo)]
    assert states[0].is_over and states[1].is_over
    assert states[0].move_list() == states[1].move_list()
    assert states[0].outcome == states[1].outcome
    for friend in (ada, bo):
        friend.here()
        assert cc.pending_games() == []
        corr = cc.load(friend.play().corr.id)
        assert corr.finished and corr.state.move_list() == states[0].move_list()
        # The game counts once, for the player at this screen, by the friend's name; the
        # kept record names both players.
        other = "Bo" if friend is ada else "Ada"
        counted = load_stats()[0]
        assert [(opponents, tally.played) for _seat, opponents, tally
                in counted.rows_of(game_name)] == [(f"{other} by correspondence", 1)]
        storage.writer.wait()
        kept = sorted((storage.data_dir() / "games").iterdir())
        headers = kept[-1].read_text(encoding="utf-8").split("\n\n")[0]
        assert "Ada" in headers and "Bo" in headers and "You" not in headers, headers
        friend.until(lambda app=friend.app: scene_name(app) == "ResultsScene",
                     "the results card")
        assert "Games" in labels(friend.scene) and "Take back" not in labels(friend.scene)


def test_catalina_rolls_are_both_players_not_the_session_s(friends):
    """The dice come from both players' secrets: the view's throw is replaced by the
    fair roll, and the friend's rolls arrive in their code (the session throws none)."""
    ada, bo = friends()
    start(ada, bo, "catalina")
    rng = random.Random(1)
    receive(bo, take_turn(ada, rng))        # both have the game on screen now
    play = bo.here().play()
    bo.until(lambda: play.code_seat.waiting and not play.view.animating, "shown")
    if not play.human_may_move:             # Ada rolls first
        receive(ada, take_turn(bo, rng))
        ada, bo = bo, ada
        play = bo.here().play()
        bo.until(lambda: play.code_seat.waiting and not play.view.animating, "shown")
    assert play.state.is_chance and play.human_may_move
    fair = play.corr.due_roll()
    other = next(roll for roll, _ in play.state.chance_outcomes() if roll != fair)
    play.play_move(other)                   # whatever the dice drew on this screen
    assert play.state.history[-1] == fair
    code = take_turn(bo, rng)
    # Now the friend is to roll: this screen throws nothing for them.
    assert play.state.is_chance and not play.human_may_move
    before = play.state.move_list()
    bo.frames(20)
    assert play.state.move_list() == before
    receive(ada, code)
    play_a = ada.here().play()
    ada.until(lambda: play_a.code_seat.waiting and not play_a.view.animating, "shown")
    assert play_a.state.move_list() == cc.decode(code)["m"]


def test_the_games_screen_reads_the_correspondence_games_once_when_it_opens(friends,
                                                                             monkeypatch):
    """Opening the Games screen reads each correspondence file once, whether it opens on
    the correspondence games (one waits for the player's move) or on a folder."""
    ada, bo = friends()
    start(ada, bo, "xtic")              # Ada's move: she is to open on her games, Bo not
    reads = []

    def counted(path):
        reads.append(path)
        return read(path)
    read = cc._read
    monkeypatch.setattr(cc, "_read", counted)
    for friend, opens_on_games in ((ada, True), (bo, False)):
        reads.clear()
        friend.here().app.home()
        friend.app.open("games")
        assert friend.scene.correspondence is opens_on_games
        assert len(reads) == 1, reads


def files_of(friend: Friend) -> dict:
    storage.writer.wait()                   # the play screen's saves written
    folder = friend.home / "data" / "correspondence"
    return {path.name: path.read_bytes() for path in folder.glob("*.json")}


def refused(friend: Friend, code: str, message: str, play=None) -> None:
    """The code pasted (in the game `play`, else from the Games screen) is refused with
    `message` on screen, and nothing is changed on disk or on the board."""
    friend.here()
    files = files_of(friend)
    moves = play.state.move_list() if play is not None else None
    pygame.scrap.put_text(code)
    if play is not None:
        play.paste_move()
    else:
        friend.app.home()
        friend.app.open("games")
        friend.press("Paste move")
    friend.press("Paste from the clipboard")
    assert scene_name(friend.app) == "PasteCodeScene"
    assert message in friend.scene.problem and "nothing was changed" in friend.scene.problem
    assert files_of(friend) == files
    if play is not None:
        assert play.state.move_list() == moves
    friend.press("Back")


def test_refused_codes_change_nothing(friends):
    ada, bo = friends()
    start(ada, bo, "xtic")
    code = take_turn(ada, random.Random(3)) if ada.here().play().human_may_move else None
    if code is None:                        # Bo moves first: Ada sends the deal
        code = take_turn(ada, random.Random(3))
    receive(bo, code)
    play = bo.here().play()
    bo.until(lambda: play.code_seat.waiting and not play.view.animating, "shown")
    # Garbage, a dropped character, a cut code, a code read before.
    refused(bo, "hello, is this the code?", "not a Little Abstracts code", play)
    letters = cc.normalise(code)
    broken = letters[:20] + ("A" if letters[20] != "A" else "B") + letters[21:]
    refused(bo, broken, "damaged", play)
    refused(bo, letters[:len(letters) // 2], "", play)
    refused(bo, code, "read or made here already", play)
    # A code for another game, in this one.
    ada2, bo2 = ada, bo
    other = invite(ada2, "xtic")
    refused(bo2, other, "a code for another game", play)
    # The same from the Games screen: garbage, and an invitation given twice.
    refused(bo, "LA1-XT-AAAA", "damaged", None)
    answer(bo, other)
    refused(bo, other, "code 1 was read or made here already", None)


def test_a_history_that_differs_is_refused_naming_the_move(friends):
    ada, bo = friends()
    start(ada, bo, "xtic")
    rng = random.Random(4)
    sender, reader = ada, bo
    for _ in range(3):
        code = take_turn(sender, rng)
        receive(reader, code)
        sender, reader = reader, sender
    code = take_turn(sender, rng)
    body = cc.decode(code)
    play = reader.here().play()
    reader.until(lambda: play.code_seat.waiting and not play.view.animating, "shown")
    first = body["m"][0]
    body["m"] = [first + " "] + body["m"][1:]
    refused(reader, cc.encode(body["g"], body), "the histories differ at move 1", play)


def test_the_clipboard_unavailable_is_said_and_the_code_still_shown(friends, monkeypatch):
    ada, _bo = friends()
    monkeypatch.setattr(clipboard, "copy", lambda text: "The clipboard is not available "
                                                        "here (no clipboard).")
    ada.here()
    ada.app.open("setup", game.rules.get("che"))
    ada.press("By correspondence")
    ada.press("Make the invitation")
    scene = ada.scene
    assert scene.copied.startswith("The clipboard is not available here")
    assert "Read or type the code below" in scene.copied
    assert cc.grouped(scene.code).startswith("LA1-CH")


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_every_button_by_each_device(friends, device):
    """Start, answer, open from the list, play, Send move, Done, Paste move, Copy again
    and Back with one device (the code typed or pasted; typing is the keyboard's)."""
    kind = DEVICES[device]
    ada, bo = friends((kind, kind))
    invite(ada, "xtic", seat=1)             # Ada plays Second: Bo moves first
    answer(bo, clipboard.paste()[0])
    reply = clipboard.paste()[0]
    # Ada types Bo's answer (the keys reach the text field; Enter there ends the typing),
    # then presses "Read the typed code".
    ada.here()
    ada.press("Paste move")
    ada.press("Type a code")
    assert ada.scene.typing_entry() is not None
    ada.scene.code_field.entry.set_text(cc.grouped(reply).replace("\n", " "))
    ada.app.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
    assert ada.scene.typing_entry() is None and scene_name(ada.app) == "PasteCodeScene"
    ada.press("Read the typed code")
    assert scene_name(ada.app) == "CorrespondencePlayScene", ada.scene.problem
    play = ada.play()
    assert play.state.to_play == 0 and play.code_due      # the deal to send, no move
    assert "brings them the deal" in play.status_text()
    send_by_device(ada)
    assert scene_name(ada.app) == "SendCodeScene"
    ada.press("Copy again")
    code = ada.scene.code
    ada.press("Done")
    assert ada.app.scene is play and not play.code_due
    # Bo: the game from the Games screen's list (it is Bo's turn, so the list opens on it).
    bo.here()
    bo.app.home()
    bo.app.open("games")
    games = bo.scene
    assert not games.correspondence         # no game waits for Bo's move, as far as known
    bo.device.change("Folder", -1)          # the last place: the correspondence games
    assert games.correspondence and games.records[0].result == "Ada's turn"
    pygame.scrap.put_text(code)
    row = next(item for item in games.ring.items if item.extra.get("row") == 0)
    if isinstance(bo.device, Mouse):
        bo.device.press(row)
    else:                   # to the list from a button beside it (Right on a selector
        bo.device.focus(find_item(games, "Paste a record"))     # changes its value)
        bo.device.direction("right")
        assert games.ring.current is row
        bo.device.confirm()
    assert scene_name(bo.app) == "PasteCodeScene"       # no deal yet for Bo: the code
    bo.press("Show my last code")                       # (Bo's answer, to send again)
    assert scene_name(bo.app) == "SendCodeScene" and cc.decode(bo.scene.code)["n"] == 2
    bo.press("Done")
    assert scene_name(bo.app) == "PasteCodeScene"
    bo.press("Paste from the clipboard")        # Bo's own code, copied again: refused
    assert "code 2 was read or made here already" in bo.scene.problem
    pygame.scrap.put_text(code)
    bo.press("Paste from the clipboard")
    assert scene_name(bo.app) == "CorrespondencePlayScene", bo.scene.problem
    # Ada's Paste move and Back, Show code and Done, through the pause menu (the panel:
    # the mouse).
    ada.here()
    by_device(ada, "Paste move")
    assert scene_name(ada.app) == "PasteCodeScene"
    ada.press("Back")
    assert ada.app.scene is play
    by_device(ada, "Show code")
    assert scene_name(ada.app) == "SendCodeScene" and ada.scene.code == code
    ada.press("Done")
    assert ada.app.scene is play
    # Bo's game, left and opened again from the list: Show my last code is not offered
    # once the game is dealt; Bo plays and sends by device too.
    bo.here()
    play_b = bo.play()
    bo.until(lambda: play_b.code_seat.waiting and not play_b.view.animating, "shown")
    assert play_b.human_may_move
    play_b.play_move(play_b.state.legal_moves()[0])
    bo.until(lambda: play_b.code_due, "the turn played")
    send_by_device(bo)
    assert scene_name(bo.app) == "SendCodeScene"
    bo.press("Done")


def send_by_device(friend: Friend) -> None:
    """Send move: a click on the panel's button, Enter, or A."""
    friend.here()
    device = friend.device
    if isinstance(device, Mouse):
        device.press(find_item(friend.scene, "Send move"))
    else:
        device.confirm()


def by_device(friend: Friend, label: str) -> None:
    """A button of the game's panel: a click on it, or through the pause menu by keys or
    pad."""
    device = friend.device
    if isinstance(device, Mouse):
        device.press(find_item(friend.scene, label))
        return
    device.pause()
    assert scene_name(friend.app) == "PauseScene"
    assert "Restart" not in labels(friend.scene)
    device.activate(label)


def test_moves_sent_cannot_be_taken_back(friends):
    ada, bo = friends()
    start(ada, bo, "xutoli")
    play = ada.here().play()
    if not play.human_may_move:
        receive(bo, take_turn(ada, random.Random(5)))
        ada, bo = bo, ada
        play = ada.here().play()
        ada.until(lambda: play.code_seat.waiting and not play.view.animating, "shown")
    sent = len(play.state.history)
    play.play_move(play.state.legal_moves()[0])
    ada.frames(2)
    assert play.side.undo_button.enabled
    play.undo()
    assert len(play.state.history) == sent
    play.undo()
    assert len(play.state.history) == sent and "cannot be taken back" in play.session.notice


def test_a_pasted_code_shows_the_friend_s_moves_played(friends):
    """At the usual speeds: the game opened from a pasted code shows the position before
    the friend's moves, then plays them, animated, one after the other."""
    ada, bo = friends(fast=False)
    start(ada, bo, "xtic")
    rng = random.Random(6)
    receive(bo, take_turn(ada, rng))        # Bo's game opens (on the deal, or Ada's move)
    receive(ada, take_turn(bo, rng))
    code = take_turn(ada, rng)
    bo.here()
    bo.app.home()
    paste_from_games(bo, code)              # from the Games screen: the game opens
    play = bo.play()
    new = len(cc.decode(code)["m"]) - len(play.state.history)
    assert new >= 1 and not play.code_seat.waiting
    animated = False
    for _ in range(200):
        bo.frames()
        animated |= play.view.animating
        if play.code_seat.waiting and not play.view.animating:
            break
    assert animated and play.state.move_list() == cc.decode(code)["m"]


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_the_name_friends_see_is_set_in_settings(make_app, device):
    app = make_app(Settings(**FAST), SIZE)
    app.open("settings")
    driver = DEVICES[device](app)
    driver.activate("Your name")
    entry = app.scene.typing_entry()
    assert entry is not None
    entry.set_text("Zoë")
    app.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    assert app.settings.player_name == "Zoë" and app.settings.name_for_friends == "Zoë"
    driver.activate("Your name")
    app.scene.typing_entry().set_text("   ")
    app.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    assert app.settings.player_name == "Zoë" and "not changed" in app.scene.problem
