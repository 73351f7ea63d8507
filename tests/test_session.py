"""The session (the midend) without a display: a fake computer answers at once, a
recording frontend stands for the screen."""
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
from game.services.session import Frontend, Session, SessionConfig, seat_named, seat_names

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


class Recorder(Frontend):
    def __init__(self):
        self.calls = []

    def moved(self, move, before):
        self.calls.append(("moved", move))

    def jumped(self):
        self.calls.append(("jumped",))

    def replaced(self):
        self.calls.append(("replaced",))

    def sound(self, name):
        self.calls.append(("sound", name))


SETTINGS = SimpleNamespace(computer_delay=0.5, animation_factor=1.0)


def make(name, seats, options=None, seed=3, config=None, computer=None, match=None):
    state = match.state if match else game.rules.get(name).new_game(seed=seed, options=options)
    frontend = Recorder()
    session = Session(state, seats, computer or FakeComputer(), SETTINGS, match, config,
                      frontend)
    return session, frontend


def run(session, seconds=2.0, dt=0.1):
    for _ in range(round(seconds / dt)):
        session.update(dt, animating=False, on_top=True)


def test_the_computer_answers_after_its_pause_and_undo_takes_back_the_whole_turn(app_home):
    session, frontend = make("xtic", [HUMAN, Seat("computer", "easy")])
    state = session.state
    session.play(state.legal_moves()[0])
    assert session.computer_to_move and not session.humans_turn
    session.update(0.1, animating=False, on_top=True)
    assert len(state.history) == 1                  # still its pause
    run(session)
    assert len(state.history) == 2 and session.humans_turn
    assert [c[0] for c in frontend.calls].count("moved") == 2
    assert session.undo() and len(state.history) == 0 and state.can_redo
    assert ("jumped",) in frontend.calls
    assert session.redo() and len(state.history) == 2
    storage.writer.wait(saves.resume_path())
    resumed, message = saves.load_resume()
    assert message is None and resumed.state.history == state.history


def test_a_finished_game_is_counted_once_and_no_longer_kept(app_home):
    session, _ = make("xtic", [HUMAN, HUMAN])
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
    session, _ = make("xtic", [Seat("computer", "easy")] * 2, config=demo)
    run(session, seconds=30)
    assert session.state.is_over
    assert session.saved_file() is None and not saves.resume_path().exists()
    assert stats.load_stats()[0].is_empty
    tutorial = SessionConfig(keeper=None, records_stats=False, tutorial=("one", "two"))
    session, _ = make("xtic", [HUMAN, Seat("computer", "trivial")], config=tutorial)
    assert session.suggestion(True) == session.state.legal_moves()[0]
    assert session.tutorial_step() == 0


def test_a_script_replays_at_its_pace():
    level_moves = []
    session, _ = make("xtic", [HUMAN, HUMAN], seed=5)
    probe = session.state.copy()
    for _ in range(4):
        move = probe.legal_moves()[0]
        level_moves.append(probe.format_move(move))
        probe.play(move)
    session.replace(session.state, script=level_moves)
    assert not session.humans_turn and session.actions() == []
    run(session, seconds=0.3)
    assert len(session.state.history) == 0          # its pace: 0.35 s against a human
    run(session, seconds=3)
    assert session.state.move_list() == level_moves


def test_hints_come_from_the_strongest_level_and_go_with_the_position(app_home):
    computer = FakeComputer()
    session, _ = make("xtic", [HUMAN, Seat("computer", "easy")], computer=computer)
    assert [a.name for a in session.actions()] == ["hint"]
    computer.answer = session.state.legal_moves()[3]
    session.ask_hint()
    assert session.hint_pending
    session.update(0.1, animating=False, on_top=True)
    assert session.hint_move == computer.answer and computer.level == "perfect"
    # Named for what it is, not for the level: "perfect" proves little before the end.
    assert session.notice.endswith("(the strongest computer's move)")
    session.play(session.state.legal_moves()[0])
    assert session.hint_move is None


def test_offer_to_end_asks_the_humans_and_the_computer_answers(app_home):
    session, _ = make("xoliba", [HUMAN, HUMAN], options={"players": 2})
    question = session.offer_end()
    assert question is not None and question.yes == "Agree"
    question.on_no()
    assert "declined" in session.notice and not session.state.is_over
    question.on_yes()
    assert session.state.is_over
    refused, _ = make("xoliba", [HUMAN, Seat("computer", "easy")], options={"players": 2},
                      computer=FakeComputer(accepts=False))
    assert refused.offer_end() is None and "declines" in refused.notice
    agreed, _ = make("xoliba", [HUMAN, Seat("computer", "easy")], options={"players": 2})
    assert agreed.offer_end() is None and agreed.state.is_over


def test_a_resigned_deal_scores_and_deals_again(app_home):
    spec = game.rules.get("xoliba")
    match = Match.start(spec, {"players": 2, "resignation": True}, seed=4)
    session, frontend = make("xoliba", [HUMAN, Seat("computer", "easy")], match=match)
    first = session.state
    assert "resign" in [a.name for a in session.actions()]
    session.resign(0)
    assert session.state is not first and ("replaced",) in frontend.calls
    assert match.scores[1] == match.rules.target * 40 // 100
    assert "resigned the deal" in session.notice


def test_a_forced_pass_and_a_computer_roll_are_played_for_the_seat():
    session, _ = make("catalina", [Seat("computer", "easy")] * 2, seed=9)
    assert session.state.is_chance
    run(session, seconds=40)
    assert len(session.state.history) > 4
    kinds = {type(move).__name__ for move in session.state.history}
    assert len(kinds) >= 2                          # rolls and claims (or passes)


def test_a_failing_computer_is_reported_and_a_human_takes_over(app_home):
    class Broken(FakeComputer):
        def request(self, state, level):
            self.asked = Reply(error="ValueError: broken\ntraceback")
            return 1
    session, _ = make("xtic", [Seat("computer", "easy"), HUMAN], computer=Broken())
    run(session)
    assert session.ai_error == "ValueError: broken" and session.state.history == []
    session.take_over()
    assert session.ai_error is None and session.names[0] == "Player 1"
    assert session.humans_turn


@pytest.mark.parametrize("name", game.rules.names())
def test_every_game_plays_to_its_end_between_computers(name):
    spec = game.rules.get(name)
    seats = [Seat("computer", spec.ai_levels[0])] * len(spec.seats_for(spec.demo_options))
    config = SessionConfig(keeper=None, records_stats=False, pace=0.0)
    session, _ = make(name, seats, options=spec.demo_options, config=config)
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
