"""The session, or "midend" (after Simon Tatham's puzzles): one game being played.

It owns everything about a game in play that is not drawing: the state and the seats,
whose turn it is, asking and cancelling the computer, dice rolls and forced passes, a
scripted replay, hints, offers to end and resignations, undo/redo, keeping the game after
every move, the statistics and the match. It imports no pygame and is tested without a
display (tests/test_session.py); the play scene is a thin screen over it.

What varies between a game, a demo, a tutorial and a puzzle is a `SessionConfig`, not a
subclass. A move flows one way: the screen calls the session, the session plays the move
on the state and returns what happened as a list of events (Moved, Jumped, ...), which the
screen shows; the session never calls the screen. Each seat is moved by its `SeatDriver`:
a human at this screen by hand (through the board view), the computer through the worker.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import game.records
from game.records import kept_games
from game.services import saves, stats
from game.core import storage
from game.services.match import Match, Series, match_rules
from game.core.state import Outcome, PerPosition

HUMAN_VS_COMPUTER_PAUSE = 0.35     # seconds before the computer answers a human
PASS_DELAY = 1.2                   # a forced pass is shown this long before it is played


class ResumeSlot:
    """Keeps the game as the suspended game (resume.json), by the background writer."""
    failure = "The game could not be saved"

    def save(self, session) -> None:
        state, match = session.state, session.match
        if match is not None and not session.match_decided():
            # A finished game of a match stays saved: the next deal follows it.
            saves.save_resume_soon(state, session.seats, match)
        elif state.is_over or match is not None:
            saves.clear_resume_soon()
        else:
            saves.save_resume_soon(state, session.seats)

    def path(self):
        return saves.resume_path()


@dataclass
class SessionConfig:
    """What kind of play a session is. The default is a game the player set up."""
    keeper: object | None = field(default_factory=ResumeSlot)   # save(session), path(),
    #                                       failure; None: nothing is kept (demos, tutorials)
    records_stats: bool = True          # a finished game counts in the statistics
    pace: float | None = None           # seconds before each computer or scripted move,
    #                                       whatever the settings (demos)
    tutorial: tuple = ()                # the tutorial's lines, one per move of seat 0
    dice: object | None = None          # where the rolls come from, a SeatDriver polled
    #                                       for the roll due (None until it is known): by
    #                                       hand, thrown by the human whose roll it is
    #                                       (correspondence); else played as soon as it is
    #                                       known (live). None: the state's own dice


@dataclass(frozen=True)
class Action:
    """Something the humans may do now besides a move: "offer_end", "resign" (a seat's),
    "hint"; the screen shows it as a button and in its pause menu."""
    label: str
    name: str
    seat: int | None = None


@dataclass(frozen=True)
class Question:
    """Something only the humans at the table can answer (an offer to end the game)."""
    title: str
    text: str
    yes: str
    on_yes: Callable
    no: str
    on_no: Callable


# --- what the session reports --------------------------------------------------------------
# Each call that changes the game returns what happened, in order: a list of these events.
@dataclass(frozen=True)
class Moved:
    """A move was played (the view animates it from the position before, which the state
    keeps)."""
    move: object


@dataclass(frozen=True)
class Jumped:
    """The position changed without a move (undo, redo, a rewind): shown as it is."""


@dataclass(frozen=True)
class Replaced:
    """A new state (a restart, the next deal, a rematch, a shown solution)."""


@dataclass(frozen=True)
class SeatsChanged:
    """What the humans can do changed (a seat taken over, the computer failed)."""


@dataclass(frozen=True)
class Sound:
    """A sound cue to play."""
    name: str


@dataclass(frozen=True)
class Problems:
    """Problems the player should hear of (the statistics could not be written)."""
    messages: tuple


@dataclass(frozen=True)
class Asked:
    """A question only the humans at the table can answer (an offer to end the game)."""
    question: Question


POSITION_EVENTS = (Moved, Jumped, Replaced)     # the position shown changed


# --- who moves for a seat ---------------------------------------------------------------
class SeatFailed(Exception):
    """A seat's driver cannot give a move (the computer failed): a human may take over."""


class SeatDriver:
    """Moves for one seat. A seat moved by hand (a human at this screen) plays through the
    board view; any other is asked by the session when it is to move, after its moment's
    pause: `start` once, then `poll` every frame until it gives a move. A new kind of seat
    (a remote player) is a new driver."""
    by_hand = False
    brings_every_move = False   # its rolls and forced passes too come with its moves
    #                             (a remote player's): the session plays none for it

    @property
    def busy(self) -> bool:
        """Started and not answered yet."""
        return False

    def start(self, state) -> None:
        """Find a move for the seat to move in `state`."""

    def poll(self, state):
        """The move found, or None while there is none yet; SeatFailed if it cannot."""
        return None

    def stop(self) -> None:
        """The position changes (undo, a restart): forget the move being found."""

    def accepts_end(self, state, seat: int) -> bool | None:
        """Whether the seat agrees to end the game now; None: its human is asked."""
        return None


class LocalHuman(SeatDriver):
    """A human at this screen: moves by hand, answers questions at the table."""
    by_hand = True


class ComputerPlayer(SeatDriver):
    """The computer at `level`, searching in the worker process."""

    def __init__(self, worker, level: str):
        self.worker = worker
        self.level = level

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def start(self, state) -> None:
        self.worker.request(state, self.level)

    def poll(self, state):
        reply = self.worker.poll()
        if reply is None:
            return None
        if reply.error:
            raise SeatFailed(reply.error.splitlines()[0])
        try:
            return state.parse_move(reply.move_text)
        except ValueError as exc:
            raise SeatFailed(f"the computer chose an impossible move: {exc}") from None

    def stop(self) -> None:
        self.worker.cancel()

    def accepts_end(self, state, seat: int) -> bool:
        return self.worker.accepts_end(state, seat)


def driver_for(seat: saves.Seat, worker) -> SeatDriver:
    """The driver of a seat as it is saved."""
    return ComputerPlayer(worker, seat.level) if seat.is_computer else LocalHuman()


def seat_names(seats) -> list[str]:
    humans = sum(1 for seat in seats if seat.kind == "human")
    computers = sum(1 for seat in seats if seat.is_computer)
    names = []
    for index, seat in enumerate(seats):
        if seat.is_remote:
            names.append(seat.name)
        elif seat.is_computer:
            number = f" {index + 1}" if computers > 1 else ""
            names.append(f"Computer{number} ({seat.level})")
        else:
            names.append("You" if humans == 1 else f"Player {index + 1}")
    return names


def seat_named(name: str, levels) -> saves.Seat | None:
    """The seat a name written by seat_names stands for (a record's `Seat <title>`
    header): "You" or "Player 2" a human, "Computer (hard)" or "Computer 2 (hard)" the
    computer at that level, if it is one of `levels`; None for any other name."""
    if name == "You" or re.fullmatch(r"Player \d+", name):
        return saves.Seat("human", None)
    computer = re.fullmatch(r"Computer(?: \d+)? \((.+)\)", name)
    if computer and computer.group(1) in levels:
        return saves.Seat("computer", computer.group(1))
    return None


class Session:
    def __init__(self, state, seats, computer, settings, match=None,
                 config: SessionConfig | None = None, script: list | None = None,
                 series: Series | None = None, drivers: list | None = None):
        self.state = state
        self.seats = list(seats)            # who sits where, as saved and counted
        self.names = seat_names(self.seats)
        self.match = match                  # a Match when the game is played in matches
        self.series = series                # the running score this game adds to, if any
        if series is not None:
            series.play(state)
        self.computer = computer            # the worker: hints, suggestions, the computer
        self.drivers = list(drivers) if drivers is not None else \
            [driver_for(seat, computer) for seat in self.seats]      # who moves each seat
        self.settings = settings            # computer_delay, animation_factor
        self.config = config or SessionConfig()
        self.script = script                # moves (notation) a replay plays, in order
        self.notice = ""                    # a line about what just happened
        self.ai_error: str | None = None    # why the computer failed (a human may take over)
        self.hint_pending = False           # the computer is finding a hint for a human
        self.hint_move = None               # the hinted move, until the position changes
        self.thinking_time = 0.0
        self.computer_wait = 0.0
        self.pass_wait = 0.0
        self.per_position = PerPosition()
        self._counted = None                # the finished game last counted in the stats

    # --- seats ----------------------------------------------------------------------------
    @property
    def has_human(self) -> bool:
        """A human plays at this screen."""
        return any(driver.by_hand for driver in self.drivers)

    def human_seats(self) -> list:
        return [i for i, driver in enumerate(self.drivers) if driver.by_hand]

    @property
    def by_hand_to_move(self) -> bool:
        """The seat to move is moved by hand (or no seat is to move)."""
        seat = self.state.to_play
        return seat is None or self.drivers[seat].by_hand

    @property
    def human_may_move(self) -> bool:
        """A human at this screen may move now, as far as the game goes (the screen also
        waits for the last move's animation: PlayScene.human_may_move)."""
        return not self.state.is_over and self.script is None and self.by_hand_to_move \
            and not (self.state.is_chance and self.rolls_arrive)

    @property
    def rolls_arrive(self) -> bool:
        """The rolls come from elsewhere and nobody throws them: each is played as soon as
        the dice give it (a live game's, from both sides' secrets)."""
        dice = self.config.dice
        return dice is not None and not dice.by_hand

    @property
    def must_pass(self) -> bool:
        # Asked every frame (update and status line): the legal moves once per position.
        state = self.state
        return self.per_position.get(
            state, "must_pass", lambda: not state.is_over and state.legal_moves() == ["pass"])

    def _stop_seats(self) -> None:
        """The position is about to change under the seats (or the game to end): what
        the worker and the seats' drivers were finding no longer applies."""
        self.computer.cancel()
        for driver in self.drivers:
            driver.stop()

    # --- moves ----------------------------------------------------------------------------
    def play(self, move) -> list:
        """Play `move` (legal: IllegalMoveError otherwise, nothing changed)."""
        self._drop_hint()
        self.state.play(move)
        self.computer_wait = 0.0
        self.pass_wait = 0.0
        self.notice = ""
        return [Moved(move)] + self._after_change()

    def _after_change(self) -> list:
        """After any change of the position: keep the game, count a finished one."""
        self.save()
        if self.series is not None:
            self.series.play(self.state)
        if self.state.is_over:
            return self._count(self.state, self.state.outcome)
        return []

    def undo(self) -> list:
        """Take back moves until a human is to move (a whole turn against the computer)."""
        return self._travel(self.state.undo, lambda: self.state.can_undo)

    def redo(self) -> list:
        return self._travel(self.state.redo, lambda: self.state.can_redo)

    def _travel(self, step, possible) -> list:
        if not self.has_human or not possible():
            return [Sound("illegal")]
        self._stop_seats()
        step()
        while possible() and not self.by_hand_to_move:
            step()
        return self.jumped()

    def jumped(self) -> list:
        """The position was changed by undo, redo or a rewind."""
        self._drop_hint()
        self.notice = ""                # a hint's or a refusal's words were about the last
        self.ai_error = None
        self.computer_wait = 0.0
        return [Jumped(), Sound("menu_move")] + self._after_change()

    def restart(self) -> list:
        """The same game (in a match: the same deal) from its first move."""
        self._stop_seats()
        state = self.state.spec.new_game(seed=self.state.seed, options=self.state.options)
        if self.match is not None:
            self.match.state = state
        return self.replace(state)

    def rematch(self) -> list:
        """After a game: the match's next deal, or a new game (a new match)."""
        self._stop_seats()
        match = self.match
        if match is not None and not self.match_decided():
            match.next_game()
            state = match.state
        elif match is not None:
            self.match = Match.start(self.state.spec, self.state.options)
            state = self.match.state
        else:
            state = self.state.spec.new_game(options=self.state.options)
        self.notice = ""
        return self.replace(state)

    def replace(self, state, script: list | None = None) -> list:
        """Play `state` from now on (a restart, the next deal, a shown solution)."""
        self._drop_hint()
        self.state = state
        self.script = script
        self.ai_error = None
        self.computer_wait = 0.0
        self.pass_wait = 0.0
        return [Replaced()] + self._after_change()

    def take_over(self) -> list:
        """After a computer error: a human plays that seat from now on."""
        seat = self.state.to_play
        if seat is not None:
            self.seats[seat] = saves.Seat("human", None)
            self.drivers[seat] = driver_for(self.seats[seat], self.computer)
            self.names[:] = seat_names(self.seats)
            if self.series is not None:         # another pairing: its score from nothing
                self.series = Series(Series.pairing_of(self.state.spec.name, self.seats))
                self.series.play(self.state)
        self.ai_error = None
        self.save()
        return [SeatsChanged()]

    # --- keeping the game and counting it ----------------------------------------------
    def save(self) -> None:
        if self.config.keeper is not None:
            self.config.keeper.save(self)

    def saved_file(self):
        """The file the session keeps the game in (None: it keeps nothing)."""
        keeper = self.config.keeper
        return keeper.path() if keeper is not None else None

    @property
    def save_error(self) -> str | None:
        """Why the last write of the kept game failed; None once one succeeds."""
        path = self.saved_file()
        error = storage.writer.error(path) if path is not None else None
        return f"{self.config.keeper.failure}: {error}" if error else None

    def _count(self, state, outcome) -> list:
        """A finished game goes into the statistics, and is kept as a record, once
        (taking its last move back and finishing again is the same game)."""
        if not self.config.records_stats or self._counted is state:
            return []
        self._counted = state
        problems = stats.record_finished_game(state.spec.name, self.seats, outcome)
        kept = kept_games.keep(state, self.seats, self.names,
                               getattr(self.settings, "games_kept", kept_games.DEFAULT_KEPT),
                               match=self.match)
        problems += [kept] if kept else []
        if not problems:
            return []
        self.notice = problems[0]
        return [Problems(tuple(problems))]

    def record_text(self) -> str:
        """The game as a record (docs/RECORDS.md), with the kept games' headers."""
        return game.records.dumps(self.state, kept_games.record_headers(
            self.state, self.names, self.match))

    # --- what the humans can do ----------------------------------------------------------
    def actions(self) -> list[Action]:
        """The game's own actions the humans can take now: offering to end a game (games
        with an `agree` consent move), resigning a deal of a match, a hint against the
        computer."""
        actions = []
        state = self.state
        if not self.has_human or state.is_over or self.script is not None:
            return actions
        if self.match is not None and self.match.can_resign():
            humans = self.human_seats()
            for seat in humans:
                label = "Resign deal" if len(humans) == 1 \
                    else f"{state.spec.seats[seat]} resigns"
                actions.append(Action(label, "resign", seat))
        elif "agree" in state.consent_moves():
            actions.append(Action("Offer to end", "offer_end"))
        if self.hints_offered():
            actions.append(Action("Hint", "hint"))
        return actions

    def hints_offered(self) -> bool:
        """Hints are for games against the computer (a human and a computer seat)."""
        return self.has_human and any(seat.is_computer for seat in self.seats)

    def ask_hint(self, human_may_move: bool | None = None) -> list:
        """Ask the strongest level what it would play here, for the human to move.
        `human_may_move`: the screen's (it also waits for its animations)."""
        state = self.state
        may_move = self.human_may_move if human_may_move is None else human_may_move
        if not self.hints_offered() or not may_move or state.is_chance or self.must_pass:
            self.notice = "A hint is for your own turn, against the computer" + \
                (" (after the roll)" if state.is_chance and may_move else "")
            return [Sound("illegal")]
        if self.hint_pending:
            return []
        self.computer.request(state, state.spec.hint_level)
        self.hint_pending = True
        self.thinking_time = 0.0
        self.notice = "Looking for a hint…"
        return []

    def _poll_hint(self, dt: float) -> list:
        self.thinking_time += dt
        reply = self.computer.poll()
        if reply is None:
            return []
        self.hint_pending = False
        if reply.error:
            self.notice = f"No hint: {reply.error.splitlines()[0]}"
            return []
        try:
            move = self.state.parse_move(reply.move_text)
        except ValueError as exc:
            self.notice = f"No hint: {exc}"
            return []
        self.hint_move = move
        # Not the level's name: Xtic's "perfect" proves a move best only near the end.
        self.notice = f"Hint: {self.state.format_move(move)} (the strongest computer's move)"
        return [Sound("menu_confirm")]

    def _drop_hint(self) -> None:
        """A move, an undo or a restart: the hint (and its search) no longer applies."""
        if self.hint_pending:
            self.computer.cancel()
            self.hint_pending = False
        self.hint_move = None

    def offer_end(self) -> list:
        """A human offers to end the game now; every other player must agree. The seats
        not moved by hand answer at once; the other humans are Asked."""
        state = self.state
        if state.is_over:
            return []
        self._stop_seats()
        offerer = state.to_play if self.drivers[state.to_play].by_hand \
            else self.human_seats()[0]
        others = [seat for seat in range(len(self.seats))
                  if seat != offerer and state.in_play(seat)]
        for seat in others:
            refusal = not self.drivers[seat].by_hand and self._refusal(seat)
            if refusal:
                self.notice = refusal
                return [Sound("illegal")]
        humans = [seat for seat in others if self.drivers[seat].by_hand]
        if humans:
            asked = " and ".join(state.spec.seats[seat] for seat in humans)
            return [Asked(Question(
                f"{state.spec.seats[offerer]} offers to end the game",
                f"{asked}: do you agree? The game is then scored as it stands.",
                "Agree", self.agree_to_end, "Decline", self.declined))]
        return self.agree_to_end()

    def _refusal(self, seat: int) -> str | None:
        """Why the seat declines to end the game now, or None if it agrees. An error
        counts as declining."""
        try:
            if self.drivers[seat].accepts_end(self.state, seat):
                return None
        except Exception as exc:                    # reported as a refusal
            return f"{self.names[seat]} could not answer ({type(exc).__name__}: {exc}), " \
                   f"so the game goes on."
        return f"{self.names[seat]} declines to end the game."

    def agree_to_end(self) -> list:
        return self.play("agree")

    def declined(self) -> list:
        self.notice = "The offer to end the game was declined."
        return []

    def resign(self, seat: int) -> list:
        """A human resigns the deal (a match with the resignation rule); a new deal
        follows unless that ended the match (match.is_over)."""
        match = self.match
        if match is None or not match.can_resign():
            return [Sound("illegal")]
        self._stop_seats()
        resigned = self.state
        match.resign(seat)
        record = match.records[-1]
        winner = 1 - seat
        events = self._count(resigned, Outcome(winner, tuple(record.points), "resigned"))
        events += self.replace(match.state)
        self.notice = (f"{self.names[seat]} resigned the deal: {self.names[winner]} scored "
                       f"{record.points[winner]}. A new deal.")
        return events

    # --- the tutorial --------------------------------------------------------------------
    def tutorial_step(self) -> int:
        """How many moves seat 0 has made in this game (the tutorial line to show)."""
        def count():
            replay = self.state.spec.new_game(seed=self.state.seed, options=self.state.options)
            made = 0
            for move in self.state.history:
                made += replay.to_play == 0
                replay.play(move)
            return made
        return self.per_position.get(self.state, "tutorial step", count)

    def suggestion(self, human_may_move: bool):
        """The tutor level's move for the player while the tutorial's lines teach (not a
        roll); None otherwise, or when the computer player fails (the notice says why)."""
        state = self.state
        lines = self.config.tutorial
        if not lines or not human_may_move or state.is_chance or self.must_pass \
                or self.tutorial_step() >= len(lines) - 1:
            return None
        return self.per_position.get(state, "suggestion", self._suggest)

    def _suggest(self):
        # Asked in the frame loop, so a failing computer player must not stop the game.
        try:
            return self.computer.choose_now(self.state, self.state.spec.tutor_level)
        except Exception as exc:                    # shown, then ignored
            self.notice = f"No suggestion this move: {type(exc).__name__}: {exc}"
            return None

    # --- per frame -----------------------------------------------------------------------
    def update(self, dt: float, animating: bool, on_top: bool) -> list:
        """Drive the game: the hint, the seats' moves, rolls, forced passes and a scripted
        replay. `animating`: the screen still shows the last move; `on_top`: nothing
        covers it (a pause menu holds the game)."""
        if self.state.is_over or self.ai_error:
            self.thinking_time = 0.0
            return []
        if self.hint_pending:
            return self._poll_hint(dt)
        if self.script is not None:
            return self._replay(dt, animating, on_top)
        brought = self.state.to_play is not None \
            and self.drivers[self.state.to_play].brings_every_move
        if self.state.is_chance and not brought:
            return self._drive_roll(dt, animating, on_top)
        if self.must_pass and not brought:
            # Passes are forced: shown for a moment, then played for whoever is to move.
            if not animating and on_top:
                self.pass_wait += dt
                if self.pass_wait >= PASS_DELAY * min(1.0, self.settings.animation_factor
                                                      or 0.3):
                    return self.play("pass")
            return []
        if self.by_hand_to_move:
            self.thinking_time = 0.0
            return []
        return self._drive_seat(self.drivers[self.state.to_play], dt, animating)

    def computer_delay(self) -> float:
        if self.config.pace is not None:
            return self.config.pace
        if not self.has_human:
            return self.settings.computer_delay
        return min(HUMAN_VS_COMPUTER_PAUSE, self.settings.computer_delay)

    def _replay(self, dt: float, animating: bool, on_top: bool) -> list:
        """A scripted line (a solitaire replay, a shown solution), a move at a time."""
        if animating or not on_top or not self.script:
            return []
        self.computer_wait += dt
        if self.computer_wait >= self.computer_delay():
            step = len(self.state.history)
            if step < len(self.script):
                return self.play(self.state.parse_move(self.script[step]))
        return []

    def _drive_roll(self, dt: float, animating: bool, on_top: bool) -> list:
        """A chance step (Catalina's dice). The roll is not a choice: rolls that arrive
        are played as soon as they do; otherwise a human throws through the view, and a
        seat not moved by hand has the dice thrown for it after a moment."""
        self.thinking_time = 0.0
        if animating:
            return []
        if not self.rolls_arrive:
            if self.by_hand_to_move or not on_top:
                return []
            self.computer_wait += dt
            if self.computer_wait < self.computer_delay():
                return []
        roll = self.next_roll()
        return [] if roll is None else self.play(roll)

    def next_roll(self):
        """The roll due now: the config's dice's (None while it is not known), else the
        one the state's own dice would draw."""
        dice = self.config.dice
        return dice.poll(self.state) if dice is not None else self.state.next_chance()

    def _drive_seat(self, driver: SeatDriver, dt: float, animating: bool) -> list:
        """Ask the seat's driver for its move after its pause, then wait for it."""
        if not driver.busy:
            if animating:
                return []
            self.computer_wait += dt
            if self.computer_wait < self.computer_delay():
                return []
            self.thinking_time = 0.0
            driver.start(self.state)
            return []
        self.thinking_time += dt
        try:
            move = driver.poll(self.state)
        except SeatFailed as failure:
            self.ai_error = str(failure)
            return [SeatsChanged()]
        return [] if move is None else self.play(move)

    # --- the match and the results -------------------------------------------------------
    def match_decided(self) -> bool:
        """The match is won (with the current game's points, if it is over)."""
        match = self.match
        return match is not None and match.leader(match.scores_after_current(),
                                                  match.rules.target) is not None

    def status(self, thinking: bool) -> str | None:
        """The panel's status line, or None while a human is to move (the view's status
        says what to do). For a forced pass, the session's words (the view may have its
        own: pass_text)."""
        if self.state.is_over:
            return self.result_headline()
        to_play = self.names[self.state.to_play]
        if self.must_pass:
            return f"{to_play} cannot move: a pass"
        if not self.by_hand_to_move:
            if thinking:
                return f"{to_play} is thinking{'.' * (1 + int(self.thinking_time * 3) % 3)}"
            return f"{to_play} to move"
        return None

    def result_headline(self) -> str:
        match = self.match
        if match is not None and self.match_decided():
            winner = match.leader(match.scores_after_current(), match.rules.target)
            return f"{self.names[winner]} {'win' if self.names[winner] == 'You' else 'wins'} " \
                   f"the match!"
        outcome = self.state.outcome
        if outcome is None:
            return ""
        if len(self.seats) == 1:        # a solitaire: solved or not
            return "Solved!" if outcome.winner == 0 else "Not solved"
        if outcome.winner is None:
            return "A tie" if match is not None else "A draw"
        humans = self.human_seats()
        if len(humans) == 1 and outcome.winner == humans[0]:
            return "You win!"
        return f"{self.names[outcome.winner]} wins"

    def result_reason(self) -> str:
        """Why the game ended, how it scored, the match."""
        match = self.match
        outcome = self.state.outcome
        parts = []
        if outcome is not None:
            parts.append(outcome.reason)
        elif match is not None and match.records:
            parts.append(match.records[-1].reason + ".")
        if match is not None:
            scores = match.scores_after_current()
            table = ", ".join(f"{self.state.spec.seats[seat]} {points}"
                              for seat, points in enumerate(scores))
            parts.append(f"Match to {match.rules.target}: {table}.")
        return " ".join(parts)

    def next_label(self) -> str:
        """The results card's first button."""
        if self.match is not None:
            return "Next game" if not self.match_decided() else "New match"
        return "Rematch"

    def result_sound(self) -> str:
        outcome = self.state.outcome
        if len(self.seats) == 1:
            return "win" if outcome is not None and outcome.winner == 0 else "loss"
        if outcome is None or outcome.winner is None:
            return "draw"
        humans = self.human_seats()
        if len(humans) == 1 and outcome.winner != humans[0]:
            return "loss"
        return "win"

    def celebrates(self) -> bool:
        """A finished game is celebrated when a human won it (or, with no human at the
        table, when anyone did: the demos)."""
        winner = self.state.outcome.winner if self.state.outcome else None
        if winner is None:
            return False
        return not self.has_human or self.drivers[winner].by_hand

    def options_summary(self) -> list[str]:
        """The options of the game (and the match), for the panel under the title. The
        options that set a match's rules are the match's line; a game that would be
        played in matches but is played alone (live, by correspondence, a demo) is one
        game: those options do not apply, and the panel says so."""
        spec = self.state.spec
        options = self.state.options
        rules = self.match.rules if self.match is not None else match_rules(spec, options)
        in_match = rules.options if rules is not None else ()
        lines = [" · ".join(f"{spec.option(k).label}: {spec.option(k).label_of(v)}"
                            for k, v in options.items()
                            if spec.option(k).shown_with(options) and k not in in_match)]
        if self.match is not None:
            lines.append(f"Game {self.match.game_number} of a match to {rules.target} points"
                         + (" · resignation rule" if rules.resignation else ""))
        elif rules is not None:
            lines.append("A single game, not a match")
        return lines
