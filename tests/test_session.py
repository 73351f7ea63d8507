"""The session (the midend) without a display: a fake computer answers at once, and each
call returns what happened (its events), which the tests read as the screen would."""
from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

import game.rules
from game.services import stats
from game.services import saves
from game.core import storage
from game.services.match import Match
from game.services.saves import Seat
from game.services.session import (Asked, Jumped, LocalHuman, Moved, Replaced, SeatDriver,
                                   SeatFailed, SeatsChanged, Session, SessionConfig, Sound,
                                   seat_named, seat_names)

HUMAN = Seat("human", None)


@dataclass
class Reply:
    move_text: str | None = None
    error: str | None = None


class FakeComputer:
    """Answers a request at the next poll with a random legal move (or a set answer)."""

    def __init__(self, accepts=True):
        self.asked = None
        self.level = None               # the level last asked
        self.answer = None
        self.cancelled = 0
        self.accepts = accepts

    @property
    def busy(self):
        return self.asked is not None

    def request(self, state, level):
        self.level = level
        move = self.answer or random.Random(len(state.history)).choice(state.legal_moves())
        self.asked = Reply(state.format_move(move))
        return 1

    def poll(self):
        reply, self.asked = self.asked, None
        return reply

    def cancel(self):
        self.asked = None
        self.cancelled += 1

    def accepts_end(self, state, seat):
        return self.accepts

    def choose_now(self, state, level):
        return state.legal_moves()[0]


SETTINGS = SimpleNamespace(computer_delay=0.5, animation_factor=1.0)


def make(name, seats, options=None, seed=3, config=None, computer=None, match=None,
         drivers=None):
    state = match.state if match else game.rules.get(name).new_game(seed=seed, options=options)
    return Session(state, seats, computer or FakeComputer(), SETTINGS, match, config,
                   drivers=drivers)


def run(session, seconds=2.0, dt=0.1) -> list:
    """The session's frames for `seconds`: the events they returned."""
    events = []
    for _ in range(round(seconds / dt)):
        events += session.update(dt, animating=False, on_top=True)
    return events


def test_the_computer_answers_after_its_pause_and_undo_takes_back_the_whole_turn(app_home):
    session = make("xtic", [HUMAN, Seat("computer", "easy")])
    state = session.state
    move = state.legal_moves()[0]
    assert session.play(move) == [Moved(move)]
    assert not session.human_may_move
    assert session.update(0.1, animating=False, on_top=True) == []
    assert len(state.history) == 1                  # still its pause
    assert run(session) == [Moved(state.history[1])]
    assert len(state.history) == 2 and session.human_may_move
    assert session.undo() == [Jumped(), Sound("menu_move")]
    assert len(state.history) == 0 and state.can_redo
    assert session.undo() == [Sound("illegal")]    # nothing left to take back
    assert session.redo() == [Jumped(), Sound("menu_move")] and len(state.history) == 2
    storage.writer.wait(saves.resume_path())
    resumed, message = saves.load_resume()
    assert message is None and resumed.state.history == state.history


def test_a_finished_game_is_counted_once_and_no_longer_kept(app_home):
    session = make("xtic", [HUMAN, HUMAN])
    rng = random.Random(2)
    while not session.state.is_over:
        session.play(rng.choice(session.state.legal_moves()))
    session.undo()
    session.play(session.state.redo_stack[-1])          # finished again: the same game
    storage.writer.wait(saves.resume_path())
    assert not saves.resume_path().exists()
    counted, _ = stats.load_stats()
    assert sum(t.played for _, _, t in counted.rows_of("xtic")) == 2      # both seats, once


def test_demo_and_tutorial_configurations_keep_and_count_nothing(app_home):
    demo = SessionConfig(keeper=None, records_stats=False, pace=0.2)
    session = make("xtic", [Seat("computer", "easy")] * 2, config=demo)
    run(session, seconds=30)
    assert session.state.is_over
    assert session.saved_file() is None and not saves.resume_path().exists()
    assert stats.load_stats()[0].is_empty
    tutorial = SessionConfig(keeper=None, records_stats=False, tutorial=("one", "two"))
    session = make("xtic", [HUMAN, Seat("computer", "trivial")], config=tutorial)
    assert session.suggestion(True) == session.state.legal_moves()[0]
    assert session.tutorial_step() == 0


def test_a_script_replays_at_its_pace():
    level_moves = []
    session = make("xtic", [HUMAN, HUMAN], seed=5)
    probe = session.state.copy()
    for _ in range(4):
        move = probe.legal_moves()[0]
        level_moves.append(probe.format_move(move))
        probe.play(move)
    assert session.replace(session.state, script=level_moves) == [Replaced()]
    assert not session.human_may_move and session.actions() == []
    run(session, seconds=0.3)
    assert len(session.state.history) == 0          # its pace: 0.35 s against a human
    run(session, seconds=3)
    assert session.state.move_list() == level_moves


def test_hints_come_from_the_strongest_level_and_go_with_the_position(app_home):
    computer = FakeComputer()
    session = make("xtic", [HUMAN, Seat("computer", "easy")], computer=computer)
    assert [a.name for a in session.actions()] == ["hint"]
    computer.answer = session.state.legal_moves()[3]
    assert session.ask_hint() == []
    assert session.hint_pending
    assert session.update(0.1, animating=False, on_top=True) == [Sound("menu_confirm")]
    assert session.hint_move == computer.answer and computer.level == "perfect"
    # Named for what it is, not for the level: "perfect" proves little before the end.
    assert session.notice.endswith("(the strongest computer's move)")
    session.play(session.state.legal_moves()[0])
    assert session.hint_move is None


def test_offer_to_end_asks_the_humans_and_the_computer_answers(app_home):
    session = make("xoliba", [HUMAN, HUMAN], options={"players": 2})
    [asked] = session.offer_end()
    question = asked.question
    assert isinstance(asked, Asked) and question.yes == "Agree"
    assert question.on_no() == []
    assert "declined" in session.notice and not session.state.is_over
    assert question.on_yes()[0] == Moved("agree")
    assert session.state.is_over
    refused = make("xoliba", [HUMAN, Seat("computer", "easy")], options={"players": 2},
                   computer=FakeComputer(accepts=False))
    assert refused.offer_end() == [Sound("illegal")] and "declines" in refused.notice
    agreed = make("xoliba", [HUMAN, Seat("computer", "easy")], options={"players": 2})
    assert agreed.offer_end()[0] == Moved("agree") and agreed.state.is_over


def test_a_resigned_deal_scores_and_deals_again(app_home):
    spec = game.rules.get("xoliba")
    match = Match.start(spec, {"players": 2, "resignation": True}, seed=4)
    session = make("xoliba", [HUMAN, Seat("computer", "easy")], match=match)
    first = session.state
    assert "resign" in [a.name for a in session.actions()]
    assert Replaced() in session.resign(0)
    assert session.state is not first
    assert match.scores[1] == match.rules.target * 40 // 100
    assert "resigned the deal" in session.notice


def test_a_forced_pass_and_a_computer_roll_are_played_for_the_seat():
    session = make("catalina", [Seat("computer", "easy")] * 2, seed=9)
    assert session.state.is_chance
    run(session, seconds=40)
    assert len(session.state.history) > 4
    kinds = {type(move).__name__ for move in session.state.history}
    assert len(kinds) >= 2                          # rolls and claims (or passes)


class SetDice(SeatDriver):
    """Dice from elsewhere: no roll until `roll` is set, then that one."""

    def __init__(self, by_hand):
        self.by_hand = by_hand
        self.roll = None

    def poll(self, state):
        return self.roll


@pytest.mark.parametrize("by_hand", [False, True])
def test_the_configs_dice_give_every_roll_arriving_or_thrown_by_hand(by_hand):
    """A live game's dice arrive (played as soon as known, nobody throws them); a
    correspondence game's are thrown by the human, the roll the dice's."""
    dice = SetDice(by_hand)
    config = SessionConfig(keeper=None, records_stats=False, dice=dice)
    session = make("catalina", [HUMAN, HUMAN], seed=9, config=config)
    assert session.state.is_chance
    assert session.rolls_arrive is not by_hand
    assert session.human_may_move is by_hand
    assert session.next_roll() is None and run(session) == []
    own = session.state.next_chance()
    dice.roll = next(roll for roll, _ in session.state.chance_outcomes() if roll != own)
    if by_hand:
        assert run(session) == []                   # waits for the human's throw
        assert session.next_roll() == dice.roll
        session.play(session.next_roll())
    else:
        assert run(session, seconds=0.1) == [Moved(dice.roll)]
    assert session.state.history == [dice.roll]


def test_the_panel_names_the_match_or_says_a_game_is_played_alone():
    """A game of a match shows the match's line instead of its options; the same game
    played alone (live, by correspondence, from a replay) says so and names no match."""
    spec = game.rules.get("xoliba")
    options = {"players": 2, "resignation": True}
    match = Match.start(spec, options, seed=1)
    in_match = make("xoliba", [HUMAN] * 2, match=match)
    assert in_match.options_summary() == ["Players: Two",
                                          "Game 1 of a match to 50 points · resignation rule"]
    alone = make("xoliba", [HUMAN] * 2, options=options)
    assert alone.options_summary() == ["Players: Two", "A single game, not a match"]
    solitaire = make("xoliba", [HUMAN], options={"players": 1})
    assert solitaire.options_summary() == ["Players: One (solitaire)"]
    assert make("xtic", [HUMAN] * 2).options_summary() == ["Game type: Normal"]


def test_a_failing_computer_is_reported_and_a_human_takes_over(app_home):
    class Broken(FakeComputer):
        def request(self, state, level):
            self.asked = Reply(error="ValueError: broken\ntraceback")
            return 1
    session = make("xtic", [Seat("computer", "easy"), HUMAN], computer=Broken())
    assert run(session) == [SeatsChanged()]
    assert session.ai_error == "ValueError: broken" and session.state.history == []
    assert session.take_over() == [SeatsChanged()]
    assert session.ai_error is None and session.names[0] == "Player 1"
    assert session.human_may_move


@pytest.mark.parametrize("name", game.rules.names())
def test_every_game_plays_to_its_end_between_computers(name):
    spec = game.rules.get(name)
    seats = [Seat("computer", spec.ai_levels[0])] * len(spec.seats_for(spec.demo_options))
    config = SessionConfig(keeper=None, records_stats=False, pace=0.0)
    session = make(name, seats, options=spec.demo_options, config=config)
    for _ in range(3000):
        if session.state.is_over:
            break
        session.update(0.1, animating=False, on_top=True)
    assert session.state.is_over and session.result_headline()


@pytest.mark.parametrize("seats", [
    [Seat("human", None), Seat("computer", "hard")],
    [Seat("computer", "easy"), Seat("human", None)],
    [Seat("human", None), Seat("human", None)],
    [Seat("human", None), Seat("computer", "easy"), Seat("computer", "expert")],
])
def test_a_seats_name_tells_the_seat_back(seats):
    """A record keeps the seats by their names (Seat headers); Play from here reads them."""
    levels = ("easy", "hard", "expert")
    assert [seat_named(name, levels) for name in seat_names(seats)] == seats
    assert seat_named("Ada", levels) is None
    assert seat_named("Computer (clever)", levels) is None


class ScriptedSeat(SeatDriver):
    """A kind of seat the app does not have: it plays the moves it is given, in order,
    one frame after it is asked."""

    def __init__(self, moves):
        self.moves = list(moves)
        self.asked = False

    @property
    def busy(self):
        return self.asked

    def start(self, state):
        self.asked = True

    def poll(self, state):
        if not self.moves:
            raise SeatFailed("out of moves")
        self.asked = False
        return state.parse_move(self.moves.pop(0))


def test_a_new_kind_of_seat_is_one_driver(app_home):
    """A driver plugs into a seat without another change: the session asks it when its
    seat is to move, after the pause, plays what it gives, and reports its failure."""
    script = ["a1/5", "b1/6", "c1/7"]
    session = make("xtic", [HUMAN, HUMAN], drivers=[LocalHuman(), ScriptedSeat(script)],
                   config=SessionConfig(keeper=None, records_stats=False))
    state = session.state
    assert session.play(state.parse_move("-/0")) == [Moved(state.history[0])]
    assert not session.human_may_move and session.status(thinking=False) == "Player 2 to move"
    events = run(session)
    assert [state.format_move(event.move) for event in events] == ["a1/5"]
    assert session.human_may_move and session.status(thinking=False) is None
    session.play(state.parse_move("a2/8"))
    run(session)
    assert state.move_list() == ["-/0", "a1/5", "a2/8", "b1/6"]


def test_a_failing_seat_stops_the_game_until_a_human_takes_over(app_home):
    session = make("xtic", [HUMAN, HUMAN], drivers=[LocalHuman(), ScriptedSeat([])],
                   config=SessionConfig(keeper=None, records_stats=False))
    session.play(session.state.parse_move("-/0"))
    assert run(session) == [SeatsChanged()]
    assert session.ai_error == "out of moves" and len(session.state.history) == 1
    session.take_over()
    assert session.human_may_move and isinstance(session.drivers[1], LocalHuman)
