"""A correspondence game at the screen (docs/NETWORK.md, "Correspondence at the
screen"): what the play scene and the paste screen need from correspondence.py, with no
drawing.

The play scene's session plays the very state the `Correspondence` keeps, so each move
of mine is saved in its file (`CodeKeeper`); my rolls come from both players' secrets
(`FairDice`, the session's dice, thrown by hand); the other seat is a
`CodeSeat`, which plays the moves a code brought, one at a time, so the screen shows
them animated, and never waits for anything (a code is pasted when it comes).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core import storage
from game.net import correspondence as cc
from game.services.saves import Seat
from game.services.session import SeatDriver, SeatFailed, SessionConfig


class CodeSeat(SeatDriver):
    """The friend's seat: its moves arrive in codes. `deliver` queues a code's moves
    (their notation); `poll` gives them one by one, rolls and forced passes too (the
    code's rolls were checked against both players' secrets when it was read)."""
    brings_every_move = True

    def __init__(self):
        self.queue: list[str] = []
        self.started = False            # asked for the next move, after its pause

    @property
    def busy(self) -> bool:
        return self.started

    @property
    def waiting(self) -> bool:
        """Nothing left to show: the friend's next code is awaited."""
        return not self.queue

    def deliver(self, moves: list[str]) -> None:
        self.queue.extend(moves)

    def start(self, state) -> None:
        self.started = bool(self.queue)

    def poll(self, state):
        self.started = False
        if not self.queue:
            return None
        text = self.queue.pop(0)
        try:
            return state.parse_move(text)
        except ValueError as exc:       # read_code checked it: a bug if ever seen
            self.queue.clear()
            raise SeatFailed(f"the code's move {text!r} does not fit this game: {exc}") \
                from None

    def stop(self) -> None:
        """The position changes under the seat (only my own unsent moves can be taken
        back, and none of the friend's is then left to show)."""

    def accepts_end(self, state, seat: int) -> bool:
        return False                    # a code carries no consent


class FairDice(SeatDriver):
    """My rolls: thrown by hand at this screen, each the one both players' secrets give
    (`Correspondence.due_roll`: my committed secret and the friend's share), known at
    once. The friend's rolls come in their codes (CodeSeat)."""
    by_hand = True

    def __init__(self, corr: cc.Correspondence):
        self.corr = corr

    def poll(self, state):
        return self.corr.due_roll()


class CodeKeeper:
    """Keeps the session's game in the correspondence file after each move of mine, by
    the background writer (a frame never waits for the disk; the Correspondence's own
    writes wait for it first). While the friend's moves are still being shown, the file
    already holds them all (read_code saved it): nothing is written until the screen has
    caught up, and then the session's state becomes the one the Correspondence keeps."""
    failure = "The game could not be saved"

    def __init__(self, corr: cc.Correspondence, seat: CodeSeat):
        self.corr = corr
        self.seat = seat

    def save(self, session) -> None:
        corr = self.corr
        if session.state is not corr.state:
            if not self.seat.waiting or corr.state is None \
                    or session.state.move_list() != corr.state.move_list():
                return
            corr.state = session.state          # caught up: one state from now on
        storage.writer.write(corr.path, storage.json_bytes(corr.to_dict()))

    def path(self):
        return self.corr.path


def seats_of(corr: cc.Correspondence) -> list[Seat]:
    """Me at my seat, the friend (by name) at the other."""
    seats = [Seat("remote", None, corr.opponent or "Your friend", by_code=True)] * 2
    seats[corr.my_seat] = Seat("human", None)
    return seats


def names_of(corr: cc.Correspondence) -> list[str]:
    """Each seat's player by name, as the screen and the kept record show them (the
    player's own name from the game, not "You": a record names both players)."""
    names = [corr.opponent or "Your friend"] * 2
    names[corr.my_seat] = corr.names[0] if corr.me_inviter else corr.names[1]
    return names


def session_config(corr: cc.Correspondence, seat: CodeSeat) -> SessionConfig:
    return SessionConfig(keeper=CodeKeeper(corr, seat), dice=FairDice(corr))


def shown_before(corr: cc.Correspondence, new_moves: list[str]):
    """The game as it stood before the last code's `new_moves`, to show them played: a
    new state from the deal, with the moves before them."""
    state = corr.state
    start = corr.spec.new_game(seed=state.seed, options=corr.options)
    for text in state.move_list()[:len(state.history) - len(new_moves)]:
        start.play(start.parse_move(text))
    return start


def code_due(corr: cc.Correspondence, state=None) -> bool:
    """Whether a code of mine is due now: my turn's part is played (or there is none:
    the invitation's answer, the deal's reveal, the last move sent)."""
    state = corr.state if state is None else state
    if not corr.my_turn or corr.finished:
        return False
    return state is None or state.is_over or state.to_play != corr.my_seat


@dataclass
class Opened:
    """What a pasted code did: its game, the friend's new moves (to show), and whether
    it was an invitation accepted here (its answer is then due at once)."""
    corr: cc.Correspondence
    moves: list
    accepted: bool = False


def open_code(text: str, my_name: str) -> Opened:
    """Read a pasted code: an invitation starts its game here, a code of a game kept
    here brings the friend's moves. ValueError saying why it is refused, nothing
    changed."""
    game_id = cc.code_game_id(text)
    corr = cc.load(game_id)
    if corr is None:
        return Opened(cc.accept(text, my_name), [], accepted=True)
    received = corr.read_code(text)
    return Opened(corr, received.moves)


def read_into(corr: cc.Correspondence, text: str) -> list[str]:
    """Read a code pasted inside the game `corr` (a code for any other game is
    refused); the friend's new moves."""
    return corr.read_code(text).moves
