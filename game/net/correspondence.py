"""Play by correspondence: each turn travels as a short text code (docs/NETWORK.md,
"Correspondence codes").

Two players, each with a `Correspondence` of their own, kept in the data folder's
`correspondence/<id>.json`. The inviter starts one (`invite`) and sends code 1; the other
player accepts it (`accept`) and answers with code 2; from code 3 on, the code's sender
has played its turn (`play`, and `roll` for a chance step) and `make_code` writes the
game so far; the other reads it (`read_code`) and replies the same way. Odd codes are
the inviter's, even ones the other player's.

A code is hostile until checked: `read_code` refuses, with a ValueError saying why and
without changing anything, text that is not a code or is damaged, a code for another
game, a history that differs from the reader's (naming the move), a code read before or
out of its turn, an illegal move, and a roll that is not the one both players' secrets
give (fair.py: the sender's secret, committed two codes earlier, with the reader's share
sent in the code before).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import secrets
import zlib
from dataclasses import dataclass

import game.rules
from game.core import storage
from game.core.json_data import parse_json
from game.core.state import GameState
from game.net import fair
from game.services.saves import check_player_name

CODE_START = "LA"
CODE_FORMAT = 1              # the digit after "LA": a later format gets a higher one
FILE_VERSION = 1
MAX_CODE_TEXT = 8192         # characters pasted
MAX_BODY_BYTES = 262_144     # the body unpacked (a zlib bomb stops here)
MAX_MOVES = 20_000
MAX_MOVE_TEXT = 200
MAX_DEPTH = 4                # the body nests an object and lists in it, no deeper
MAX_NUMBER = 1_000_000
GROUP, GROUPS_PER_LINE = 5, 6
ID_HEX = 12
HASH_HEX = 16

_BASE32 = re.compile(r"[A-Z2-7]*")


def folder():
    return storage.data_dir() / "correspondence"


def uses_chance(spec) -> bool:
    """Whether the game has chance steps at all (its state answers chance_outcomes):
    only then do codes after the deal carry secrets for rolls."""
    return spec.state_class.chance_outcomes is not GameState.chance_outcomes


def tag(game_name: str) -> str:
    """The code's two letters for a game: the first two of its name."""
    return game_name[:2].upper()


def history_hash(game_id: str, seed: int, options: dict, moves: list) -> str:
    """A fingerprint of the whole game: its id, deal and every move."""
    text = json.dumps([game_id, seed, options, moves], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_HEX]


# --- the code as text --------------------------------------------------------------------


def encode(game_name: str, body: dict) -> str:
    """`LA1-XT-` and the body, compressed, with a CRC-32 of both, in base32."""
    header = f"{CODE_START}{CODE_FORMAT}{tag(game_name)}"
    packed = zlib.compress(json.dumps(body, separators=(",", ":")).encode("utf-8"), 9)
    crc = zlib.crc32(header.encode("ascii") + packed).to_bytes(4, "big")
    letters = base64.b32encode(packed + crc).decode("ascii").rstrip("=")
    return f"{header[:3]}-{header[3:]}-{letters}"


def grouped(code: str) -> str:
    """The code for reading aloud or typing: groups of five, six groups a line (reading
    ignores spaces, dashes and case)."""
    letters = normalise(code)
    head, rest = letters[:5], letters[5:]
    groups = [rest[i:i + GROUP] for i in range(0, len(rest), GROUP)]
    lines = [" ".join(groups[i:i + GROUPS_PER_LINE])
             for i in range(0, len(groups), GROUPS_PER_LINE)]
    return "\n".join([f"{head[:3]}-{head[3:]}", *lines])


def normalise(text: str) -> str:
    return re.sub(r"[\s-]+", "", text).upper()


def decode(text) -> dict:
    """The body of a code, checked as data (its fields are checked by the reader):
    ValueError for text that is not a code, is too long, damaged or from a newer
    version."""
    if not isinstance(text, str):
        raise ValueError("a code is text")
    if len(text) > MAX_CODE_TEXT:
        raise ValueError(f"too long for a code ({len(text)} characters; at most "
                         f"{MAX_CODE_TEXT})")
    letters = normalise(text)
    if not letters.startswith(CODE_START) or len(letters) < 6:
        raise ValueError(f"not a {storage.APP_TITLE} code (a code starts with "
                         f"{CODE_START}{CODE_FORMAT}-)")
    version = letters[2]
    if version.isdigit() and version.isascii() and int(version) > CODE_FORMAT:
        raise ValueError(f"a code from a newer version of {storage.APP_TITLE} (format "
                         f"{version}; this one reads {CODE_FORMAT})")
    header, rest = letters[:5], letters[5:]
    if version != str(CODE_FORMAT) or not _BASE32.fullmatch(rest) or len(rest) % 8 in (1, 3, 6):
        raise ValueError(f"not a {storage.APP_TITLE} code, or damaged (letters A-Z and "
                         f"digits 2-7 follow {header[:3]}-{header[3:]}-)")
    try:
        raw = base64.b32decode(rest + "=" * (-len(rest) % 8))
    except binascii.Error:
        raise ValueError("the code is damaged: its letters do not decode") from None
    packed, crc = raw[:-4], raw[-4:]
    if len(raw) < 5 or zlib.crc32(header.encode("ascii") + packed).to_bytes(4, "big") != crc:
        raise ValueError("the code is damaged: its checksum does not match (a character "
                         "mistyped, missing or added?)")
    unpacker = zlib.decompressobj()
    try:
        data = unpacker.decompress(packed, MAX_BODY_BYTES)
    except zlib.error:
        raise ValueError("the code is damaged: it does not unpack") from None
    if unpacker.unconsumed_tail:
        raise ValueError(f"the code unpacks to more than {MAX_BODY_BYTES} bytes")
    if not unpacker.eof or unpacker.unused_data:
        raise ValueError("the code is damaged: it does not unpack")
    try:
        body = parse_json(data.decode("utf-8"), MAX_DEPTH)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"the code is damaged: its body is not readable ({exc})") from None
    if not isinstance(body, dict):
        raise ValueError("the code is damaged: its body is not an object")
    _check_body(body, header)
    return body


def _kind(value, kind) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


def _hex(body: dict, key: str, digits: int) -> None:
    value = body.get(key)
    if value is not None and not (isinstance(value, str) and len(value) == digits
                                  and re.fullmatch(r"[0-9a-f]*", value)):
        raise ValueError(f"the code is damaged: {key!r} is not {digits} hex digits")


def _check_body(body: dict, header: str) -> None:
    """The body's fields, by type and size; what they mean is the reader's to check."""
    def fault(what):
        return ValueError(f"the code is damaged: {what}")

    known = {"id", "n", "g", "o", "s", "p", "m", "h", "c", "x", "r"}
    if set(body) - known:
        raise fault(f"unknown parts {sorted(set(body) - known)}")
    if not (isinstance(body.get("id"), str) and re.fullmatch(f"[0-9a-f]{{{ID_HEX}}}",
                                                             body["id"])):
        raise fault("no game id")
    if not (_kind(body.get("n"), int) and 1 <= body["n"] <= MAX_NUMBER):
        raise fault("no code number")
    if not isinstance(body.get("g"), str) or tag(body["g"]) != header[3:]:
        raise fault("its game does not match its first letters")
    if not isinstance(body.get("o"), dict):
        raise fault("no options")
    if body.get("s") not in (0, 1) or not _kind(body["s"], int):
        raise fault("no seat for the inviter")
    names = body.get("p")
    if not (isinstance(names, list) and 1 <= len(names) <= 2):
        raise fault("no players' names")
    for name in names:
        check_player_name(name)
    moves = body.get("m", [])
    if not (isinstance(moves, list) and len(moves) <= MAX_MOVES
            and all(isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in moves)):
        raise fault("its moves are not a list of moves")
    _hex(body, "h", HASH_HEX)
    _hex(body, "c", 2 * fair.COMMITMENT_BYTES)
    _hex(body, "x", 2 * fair.SECRET_BYTES)
    _hex(body, "r", 2 * fair.SECRET_BYTES)


def _bytes(value: str | None) -> bytes | None:
    return None if value is None else bytes.fromhex(value)


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.hex()


# --- one correspondence game -------------------------------------------------------------


@dataclass
class Received:
    """What a code brought: its number, the sender's new moves (notation) and whether
    the game is over now."""
    number: int
    moves: list
    over: bool


@dataclass
class Correspondence:
    id: str
    game: str
    options: dict
    inviter_seat: int
    me_inviter: bool
    names: list                        # [inviter, invitee]; the invitee's from code 2
    number: int = 0                    # the last code made or read
    state: GameState | None = None     # from code 3, when the deal is drawn
    moves_in_codes: int = 0            # the moves the last code made or read holds
    my_secret: bytes | None = None     # committed in my last code, revealed in my next
    my_share: bytes | None = None      # given in my last code for the other's next code
    their_commitment: bytes | None = None   # to the secret their next code reveals
    their_share: bytes | None = None        # given for my next code
    last_code: str = ""                # my last code, to send again

    # --- who is who ------------------------------------------------------------------
    @property
    def spec(self):
        return game.rules.get(self.game)

    @property
    def my_seat(self) -> int:
        return self.inviter_seat if self.me_inviter else 1 - self.inviter_seat

    @property
    def opponent(self) -> str | None:
        names = self.names + [None]
        return names[1] if self.me_inviter else names[0]

    def sender_is_inviter(self, number: int) -> bool:
        return number % 2 == 1

    @property
    def my_turn(self) -> bool:
        """Whether the next code is mine to make (my moves first, if the game asks)."""
        return self.sender_is_inviter(self.number + 1) == self.me_inviter

    @property
    def may_move(self) -> bool:
        """Whether I may play a move (or roll) now."""
        state = self.state
        return (self.my_turn and state is not None and not state.is_over
                and state.to_play == self.my_seat)

    @property
    def finished(self) -> bool:
        """Over, and every move of it in a code sent or read."""
        return (self.state is not None and self.state.is_over
                and len(self.state.history) == self.moves_in_codes)

    # --- my turn -----------------------------------------------------------------------
    def play(self, move) -> None:
        """Play my move (not a roll: `roll` draws it); saved at once."""
        if not self.may_move:
            raise ValueError("it is not your turn to move")
        if self.state.is_chance:
            raise ValueError("a roll is due: it comes from both players' secrets (roll)")
        if move in self.state.consent_moves():
            raise ValueError(f"{self.state.format_move(move)!r} needs the other player's "
                             f"consent, which a code does not carry")
        self.state.play(move)
        self.save()

    def roll(self):
        """Play the roll due now, drawn from my committed secret and the other's share
        for this code; returns it."""
        move = self.due_roll()
        self.state.play(move)
        self.save()
        return move

    def play_turn(self, choose) -> None:
        """Play my whole turn: the rolls due, and `choose(legal moves)` for each move
        (benches, screenshots and tests play whole games this way)."""
        while self.may_move:
            if self.state.is_chance:
                self.roll()
            else:
                self.play(choose(self.state.legal_moves()))

    def due_roll(self):
        """The roll due now in my turn, not played (`roll` plays it): ValueError if none
        is."""
        if not (self.may_move and self.state.is_chance):
            raise ValueError("no roll of yours is due")
        return self._fair_roll(self.state, self.number + 1)

    def _secrets_for(self, number: int, sender_secret: bytes, receiver_share: bytes):
        """Both secrets of code `number`, the inviter's first."""
        if self.sender_is_inviter(number):
            return sender_secret, receiver_share
        return receiver_share, sender_secret

    def _fair_roll(self, state, number: int, sender_secret: bytes | None = None,
                   receiver_share: bytes | None = None):
        if sender_secret is None:           # my own code: my secret, their share
            sender_secret, receiver_share = self.my_secret, self.their_share
        first, second = self._secrets_for(number, sender_secret, receiver_share)
        about = fair.context(self.game, self.id, "roll", number, len(state.history))
        return fair.derive_roll(state, first, second, about)

    def _commitment_context(self, number: int) -> bytes:
        return fair.context(self.game, self.id, "secret", number)

    def make_code(self) -> str:
        """The next code, made once my turn is played (saved before it is returned);
        asked again before the other replies, the same code."""
        state = self.state
        if not self.my_turn:            # my last code made, theirs not read yet
            return self.last_code
        if self.finished:
            raise ValueError("the game is over: there is no code to send")
        if state is not None and not state.is_over and state.to_play == self.my_seat:
            raise ValueError("your turn is not over: play your move first")
        number = self.number + 1
        body = {"id": self.id, "n": number, "g": self.game, "o": self.options,
                "s": self.inviter_seat, "p": self.names}
        if state is not None:
            body["m"] = state.move_list()
            body["h"] = history_hash(self.id, state.seed, self.options, body["m"])
            if self.my_secret is not None:
                body["r"] = self.my_secret.hex()
        # Secrets for what comes next: the deal (codes 1 to 3), then the rolls of each
        # later code, if the game has any, while it goes on.
        over = state is not None and state.is_over
        chance = uses_chance(self.spec)
        my_secret = my_share = None
        if not over and (number == 1 or chance):
            my_secret = fair.new_secret()
            body["c"] = fair.commitment(my_secret, self._commitment_context(number + 2)).hex()
        if not over and number >= 2 and (number == 2 or chance):
            my_share = fair.new_secret()
            body["x"] = my_share.hex()
        code = encode(self.game, body)
        self._update(number=number, my_secret=my_secret, my_share=my_share, last_code=code,
                     moves_in_codes=len(state.history) if state else 0)
        return code

    # --- their turn --------------------------------------------------------------------
    def read_code(self, text: str) -> Received:
        """Check a code from the other player and take its moves: ValueError saying why
        it is refused, and nothing changed."""
        body = decode(text)
        self._check_same_game(body)
        number = body["n"]
        if self.state is not None and self.state.is_over:
            raise ValueError("this game is over: no code follows its last move")
        if number <= self.number:
            raise ValueError(f"code {number} was read or made here already (this game is "
                             f"at code {self.number}): a code given twice")
        if self.my_turn:
            raise ValueError(f"it is your turn: code {number} answers a code of yours "
                             f"that was not made yet")
        if number != self.number + 1:
            raise ValueError(f"code {number} comes too early: code {self.number + 1} "
                             f"is due (one is missing)")
        names = list(self.names)
        if number == 2:                 # the answer names its sender
            if len(body["p"]) != 2:
                raise ValueError("code 2 is incomplete: it names no second player")
            names.append(check_player_name(body["p"][1]))
        if body["p"] != names:
            raise ValueError("a code for another game: its players are "
                             f"{' and '.join(body['p'])}")
        chance = uses_chance(self.spec)
        state, new_moves = self.state, []
        if number == 2:         # the deal: my secret of code 1 and their share
            state = self._deal(self.my_secret, _bytes(body.get("x")))
        elif number >= 3:
            state, new_moves = self._their_moves(body, number, chance)
        over = state is not None and state.is_over
        needs_commitment = not over and chance
        needs_share = not over and (chance or number == 2)
        for key, needed, what in (("c", needs_commitment, "a commitment"),
                                  ("x", needs_share, "a share")):
            if needed and body.get(key) is None:
                raise ValueError(f"code {number} is incomplete: {what} for the next "
                                 f"roll or deal is missing")
        self._update(number=number, names=names, state=state,
                     their_commitment=_bytes(body.get("c")) if needs_commitment else None,
                     their_share=_bytes(body.get("x")) if needs_share else None,
                     moves_in_codes=len(state.history) if state else 0)
        return Received(number, new_moves, over)

    def _check_same_game(self, body: dict) -> None:
        if body["id"] != self.id or body["g"] != self.game:
            title = _title(body["g"])
            raise ValueError(f"a code for another game ({title} {body['id']}; this one is "
                             f"{self.spec.title} {self.id})")
        if body["o"] != self.options or body["s"] != self.inviter_seat:
            raise ValueError("a code for another game: its options or seats differ from "
                             "this game's")

    def _deal(self, inviter_secret: bytes, invitee_share: bytes | None):
        """The game's start: its seed from the inviter's secret of code 1 (revealed in
        code 3) and the invitee's share of code 2."""
        if invitee_share is None:
            raise ValueError("code 2 is incomplete: the share for the deal is missing")
        seed = fair.derive_seed(inviter_secret, invitee_share,
                                fair.context(self.game, self.id, "seed"))
        return self.spec.new_game(seed=seed, options=self.options)

    def _their_moves(self, body: dict, number: int, chance: bool):
        """A copy of my game with the sender's moves played, each checked; the moves."""
        revealed = _bytes(body.get("r"))
        if number == 3 or chance:
            if revealed is None:
                raise ValueError(f"code {number} is incomplete: the sender's secret is "
                                 f"missing")
            sender = self.names[0] if self.sender_is_inviter(number) else self.opponent
            fair.check_reveal(self.their_commitment, revealed,
                              self._commitment_context(number),
                              f"{sender}'s secret in code {number}")
        state = self._deal(revealed, self.my_share) if number == 3 else self.state.copy()
        moves, mine = body.get("m"), state.move_list()
        if moves is None or body.get("h") is None:
            raise ValueError(f"code {number} is incomplete: it holds no moves")
        for index, (theirs, ours) in enumerate(zip(moves, mine), 1):
            if theirs != ours:
                raise ValueError(f"the histories differ at move {index}: {ours!r} here, "
                                 f"{theirs!r} in the code")
        if len(moves) < len(mine):
            raise ValueError(f"the code's history stops at move {len(moves)}; this game "
                             f"goes on to move {len(mine)}")
        their_seat = 1 - self.my_seat
        for index, text in enumerate(moves[len(mine):], len(mine) + 1):
            if state.is_over or state.to_play != their_seat:
                raise ValueError(f"move {index} ({text!r}) is not the sender's to play")
            try:
                move = state.parse_move(text)
            except ValueError as exc:
                raise ValueError(f"move {index} ({text!r}) is illegal: {exc}") from None
            if state.format_move(move) != text:     # one text per move: histories compare
                raise ValueError(f"move {index} ({text!r}) is not written as the rules "
                                 f"write it ({state.format_move(move)!r})")
            if state.is_chance:
                fair_move = self._fair_roll(state, number, revealed, self.my_share)
                if move != fair_move:
                    raise ValueError(f"move {index}: {text!r} is not the roll both "
                                     f"players' secrets give "
                                     f"({state.format_move(fair_move)!r}): a forged roll")
            state.play(move)
        if not state.is_over and state.to_play == their_seat:
            raise ValueError(f"code {number} stops in the middle of the sender's turn")
        if body["h"] != history_hash(self.id, state.seed, self.options, moves):
            raise ValueError(f"code {number} does not match its own fingerprint: the "
                             f"deal or the moves were altered")
        return state, moves[len(mine):]

    # --- on disk -----------------------------------------------------------------------
    @property
    def path(self):
        return folder() / f"{self.id}.json"

    def to_dict(self) -> dict:
        return {"version": FILE_VERSION, "id": self.id, "game": self.game,
                "options": self.options, "inviter_seat": self.inviter_seat,
                "me_inviter": self.me_inviter, "names": self.names, "number": self.number,
                "state": None if self.state is None else self.state.to_json(),
                "moves_in_codes": self.moves_in_codes,
                "my_secret": _text(self.my_secret), "my_share": _text(self.my_share),
                "their_commitment": _text(self.their_commitment),
                "their_share": _text(self.their_share), "last_code": self.last_code}

    def save(self) -> None:
        storage.writer.wait(self.path)      # a save the play screen queued goes first
        storage.atomic_write_json(self.path, self.to_dict())

    def _update(self, **changes) -> None:
        """Save the game with `changes`, then take them: if the file cannot be written,
        the game stays as it was (OSError)."""
        storage.writer.wait(self.path)      # a save the play screen queued goes first
        data = {**self.to_dict(), **{key: _text(value) if isinstance(value, bytes) else value
                                     for key, value in changes.items() if key != "state"}}
        if "state" in changes:
            data["state"] = None if changes["state"] is None else changes["state"].to_json()
        storage.atomic_write_json(self.path, data)
        for key, value in changes.items():
            setattr(self, key, value)

    @classmethod
    def from_dict(cls, data) -> Correspondence:
        storage.check_version(data, FILE_VERSION)
        spec = game.rules.get(data["game"])
        state = None if data["state"] is None else spec.from_json(data["state"])
        return cls(id=data["id"], game=spec.name, options=spec.validate_options(data["options"]),
                   inviter_seat=data["inviter_seat"], me_inviter=data["me_inviter"],
                   names=[check_player_name(name) for name in data["names"]],
                   number=data["number"], state=state, moves_in_codes=data["moves_in_codes"],
                   my_secret=_bytes(data["my_secret"]), my_share=_bytes(data["my_share"]),
                   their_commitment=_bytes(data["their_commitment"]),
                   their_share=_bytes(data["their_share"]), last_code=data["last_code"])


def _title(name: str) -> str:
    try:
        return game.rules.get(name).title
    except KeyError:
        return repr(name)


# --- starting, finding and listing -------------------------------------------------------


def invite(game_name: str, options: dict | None, my_name: str, my_seat: int) -> Correspondence:
    """A new game I invite someone to, playing `my_seat`; its first code is `make_code()`."""
    spec = game.rules.get(game_name)
    options = spec.validate_options(options)
    if len(spec.seats_for(options)) != 2:
        raise ValueError(f"a correspondence game is for two players; {spec.title} with "
                         f"these options has {len(spec.seats_for(options))}")
    if my_seat not in (0, 1):
        raise ValueError(f"seat {my_seat!r} is not one of the two")
    corr = Correspondence(id=secrets.token_hex(ID_HEX // 2), game=spec.name, options=options,
                          inviter_seat=my_seat, me_inviter=True, names=[check_player_name(my_name)])
    corr.save()
    return corr


def accept(text: str, my_name: str) -> Correspondence:
    """Take an invitation (code 1): my side of the game, saved; my answer is
    `make_code()`."""
    body = decode(text)
    if body["n"] != 1:
        raise ValueError(f"code {body['n']} of a game not kept here: only an invitation "
                         f"(code 1) starts one")
    if load(body["id"]) is not None:
        raise ValueError("this invitation was accepted here already: a code given twice")
    try:
        spec = game.rules.get(body["g"])
    except KeyError:
        raise ValueError(f"a code for a game this version does not know ({body['g']!r})") \
            from None
    options = spec.validate_options(body["o"])
    if options != body["o"] or len(spec.seats_for(options)) != 2:
        raise ValueError("the invitation's options are not those of a two-player game")
    if body.get("c") is None:
        raise ValueError("code 1 is incomplete: the inviter's commitment is missing")
    corr = Correspondence(id=body["id"], game=spec.name, options=options,
                          inviter_seat=body["s"], me_inviter=False,
                          names=[body["p"][0], check_player_name(my_name)], number=1,
                          their_commitment=_bytes(body["c"]))
    corr.save()
    return corr


def code_game_id(text: str) -> str:
    """The id of the game a code belongs to (the code checked as data)."""
    return decode(text)["id"]


def load(game_id: str) -> Correspondence | None:
    """The game kept under `game_id`; None when there is none (or the file was faulty:
    then it is kept aside, see pending_games)."""
    if not re.fullmatch(f"[0-9a-f]{{{ID_HEX}}}", game_id):
        return None
    corr, _problem = _read(folder() / f"{game_id}.json")
    return corr


def _read(path):
    return storage.read_json_file(path, "correspondence game", Correspondence.from_dict,
                                  fallback="That game cannot be continued here.")


@dataclass
class PendingGame:
    """A row of the Games screen: a correspondence game going on, or a fault."""
    id: str
    title: str
    opponent: str | None
    my_turn: bool
    moves: int
    problem: str | None = None
    game: str = ""              # the game's name ("" for a fault)


def pending_games() -> list[PendingGame]:
    """The correspondence games still going on (or finished with my last code still to
    send), newest first; a faulty file is kept aside and listed with its fault."""
    found = []
    paths = sorted(folder().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
        if folder().is_dir() else []
    for path in paths:
        corr, problem = _read(path)
        if problem is not None:
            found.append(PendingGame(path.stem, "", None, False, 0, problem))
        elif corr is not None and not corr.finished:
            found.append(PendingGame(corr.id, corr.spec.title, corr.opponent, corr.my_turn,
                                     len(corr.state.history) if corr.state else 0,
                                     game=corr.game))
    return found
