"""Play by correspondence (game/net/correspondence.py): two players in one process, each
with a home folder of their own, pass codes as text; whole games of every game end in the
same position on both sides; every hostile code is refused with a clear message and
changes nothing."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import game.rules
from game.bench import codes_fuzz
from game.core import storage
from game.net import correspondence as cc

NAMES = ("Ada", "Bo")


class Table:
    """Two players' homes, and the code on its way from one to the other."""

    def __init__(self, tmp_path, monkeypatch, game_name, options=None, seed=1):
        self.homes = [tmp_path / "ada", tmp_path / "bo"]
        self.monkeypatch = monkeypatch
        self.rng = random.Random(seed)
        self.at(0)
        inviter = cc.invite(game_name, options, NAMES[0], 0)
        self.id = inviter.id
        self.code = inviter.make_code()
        self.at(1)
        self.code = cc.accept(self.code, NAMES[1]).make_code()
        self.reader = 0                 # whose turn it is to read `code`

    def at(self, side: int) -> None:
        self.monkeypatch.setenv(storage.HOME_OVERRIDE, str(self.homes[side]))

    def side(self, side: int) -> cc.Correspondence:
        """That player's game, as kept on their disk."""
        self.at(side)
        return cc.load(self.id)

    def exchange(self) -> bool:
        """The reader reads the code, plays its turn (random moves, fair rolls) and makes
        the next code; False when the code read ended the game."""
        corr = self.side(self.reader)
        corr.read_code(self.code)
        if corr.finished:
            return False
        corr.play_turn(self.rng.choice)
        self.code = corr.make_code()
        self.reader = 1 - self.reader
        return True

    def until_code(self, number: int) -> None:
        """Exchange until `code` is code `number`, not read yet."""
        while cc.decode(self.code)["n"] < number:
            self.exchange()


def forge(code: str, **changes) -> str:
    """The code with parts of its body replaced, encoded again with a good checksum: what
    a cheat (or another program) could send."""
    body = cc.decode(code)
    body.update(changes)
    return cc.encode(body["g"], body)


def refused(table: Table, code: str, message: str) -> None:
    """The reader refuses `code` with `message`, and its game (memory and disk) stays."""
    corr = table.side(table.reader)
    before, on_disk = corr.to_dict(), corr.path.read_bytes()
    with pytest.raises(ValueError, match=message):
        corr.read_code(code)
    assert corr.to_dict() == before
    assert corr.path.read_bytes() == on_disk


@pytest.mark.parametrize("game_name", game.rules.names())
def test_a_whole_game_by_correspondence_ends_alike_on_both_sides(tmp_path, monkeypatch,
                                                               game_name):
    table = Table(tmp_path, monkeypatch, game_name)
    lengths = [len(table.code)]
    while table.exchange():
        lengths.append(len(table.code))
    first, second = table.side(0), table.side(1)
    assert first.state.is_over and second.state.is_over
    assert first.state.move_list() == second.state.move_list()
    assert first.state.outcome == second.state.outcome
    assert first.state.seed == second.state.seed
    # The rolls' secrets are random, so a game's length is too: the longest Catalina
    # games (up to 81 claims, a roll before each) have reached 1,027 characters.
    assert max(lengths) < 1400, lengths
    assert cc.pending_games() == []
    table.at(1)
    with pytest.raises(ValueError, match="this game is over: no code follows"):
        second.read_code(forge(table.code, n=second.number + 1))


def test_the_grouped_code_reads_back_in_any_case_and_spacing(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    grouped = cc.grouped(table.code)
    assert grouped.splitlines()[0] == "LA1-XT"
    assert all(len(group) <= 5 for group in grouped.split()[1:])
    typed = grouped.lower().replace("\n", " - ")
    assert cc.decode(typed) == cc.decode(table.code)
    assert cc.code_game_id(typed) == table.id          # which kept game a paste is for
    table.code = typed
    assert table.exchange()
    assert cc.decode(table.code)["n"] == 3


def test_damaged_codes_are_refused(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "catalina")
    table.until_code(5)
    code = table.code
    changed = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    refused(table, changed, "damaged: its checksum does not match")
    refused(table, code[:-7], "damaged")
    refused(table, "Hello, here is my move: e4", "not a Little Abstracts code")
    refused(table, "LA2-CA-" + code[7:], "a code from a newer version")
    refused(table, "x" * (cc.MAX_CODE_TEXT + 1), "too long for a code")
    refused(table, code.replace("LA1-CA", "LA1-XT"), "damaged")


def test_a_code_for_another_game_is_refused(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    other = Table(tmp_path / "other", monkeypatch, "xtic", seed=2)
    refused(table, other.code, "a code for another game")
    refused(table, forge(table.code, o={"game_type": "torus"}),
            "a code for another game: its options or seats differ")
    refused(table, forge(table.code, s=1), "its options or seats differ")
    refused(table, forge(table.code, p=["Cy", "Bo"]),
            "a code for another game: its players are Cy and Bo")
    refused(table, forge(table.code, p=["Ada"]), "code 2 is incomplete: it names no second")


def test_a_differing_history_is_refused_naming_the_move(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    table.until_code(6)
    sender = table.side(1 - table.reader)
    body = cc.decode(table.code)
    moves = list(body["m"])
    replay = game.rules.get("xtic").new_game(seed=sender.state.seed)
    for text in moves[:1]:
        replay.play(replay.parse_move(text))
    other = next(m for m in replay.legal_moves() if replay.format_move(m) != moves[1])
    moves[1] = replay.format_move(other)
    forged = forge(table.code, m=moves,
                   h=cc.history_hash(table.id, sender.state.seed, sender.options, moves))
    refused(table, forged, rf"the histories differ at move 2: {body['m'][1]!r} here")
    refused(table, forge(table.code, m=body["m"][:1]), "the code's history stops at move 1")


def test_a_code_given_twice_or_out_of_order_is_refused(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "catalina")
    table.until_code(5)
    code = table.code
    table.exchange()
    table.reader = 1 - table.reader        # the same code again, to the same player
    refused(table, code, "code 5 was read or made here already.*a code given twice")
    table.reader = 1 - table.reader
    refused(table, forge(table.code, n=8), "code 8 comes too early: code 6 is due")


def test_an_illegal_move_is_refused(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    table.until_code(6)
    sender = table.side(1 - table.reader)
    moves = cc.decode(table.code)["m"]
    moves = moves[:-1] + [moves[-3]]                   # a cell taken already
    forged = forge(table.code, m=moves,
                   h=cc.history_hash(table.id, sender.state.seed, sender.options, moves))
    refused(table, forged, rf"move {len(moves)} \({moves[-1]!r}\) is illegal")
    refused(table, forge(table.code, m=moves[:-1] + ["nonsense"]), "is illegal")
    spaced = moves[:-1] + [" " + cc.decode(table.code)["m"][-1]]
    refused(table, forge(table.code, m=spaced), "is not written as the rules write it")
    refused(table, forge(table.code, h="0" * cc.HASH_HEX),
            "does not match its own fingerprint")


def test_a_forged_roll_is_refused(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "catalina", seed=3)
    table.until_code(6)
    body = cc.decode(table.code)
    refused(table, forge(table.code, r="ab" * 16),
            "secret in code 6 does not match its commitment: a forged or replayed reveal")
    # The sender's own secret with another roll than the one both secrets give.
    sender = table.side(1 - table.reader)
    moves = list(body["m"])
    index = max(i for i, text in enumerate(moves) if text.startswith("roll"))
    moves[index] = "roll 4444" if moves[index] != "roll 4444" else "roll 1111"
    forged = forge(table.code, m=moves,
                   h=cc.history_hash(table.id, sender.state.seed, sender.options, moves))
    refused(table, forged, rf"move {index + 1}: {moves[index]!r} is not the roll both "
                           r"players' secrets give .*: a forged roll")


def test_a_roll_is_drawn_not_chosen(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "catalina")
    table.until_code(2)
    corr = table.side(0)
    assert corr.state is None and not corr.my_turn
    corr.read_code(table.code)
    assert corr.may_move and corr.state.is_chance
    with pytest.raises(ValueError, match="a roll is due: it comes from both players"):
        corr.play(corr.state.legal_moves()[0])
    corr.roll()
    with pytest.raises(ValueError, match="no roll of yours is due"):
        corr.roll()


def test_a_move_that_needs_consent_is_not_played_alone(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xoliba")
    corr = table.side(0)
    corr.read_code(table.code)
    if not corr.may_move:               # the other player moves first in this deal
        code = corr.make_code()
        corr = table.side(1)
        corr.read_code(code)
    assert corr.may_move
    [agree] = corr.state.consent_moves()
    with pytest.raises(ValueError, match="needs the other player's consent"):
        corr.play(agree)
    assert not corr.state.is_over


def test_turns_are_kept(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    table.until_code(4)
    waiting = table.side(1 - table.reader)
    assert not waiting.my_turn and not waiting.may_move
    assert waiting.make_code() == table.code            # sent again, unchanged
    with pytest.raises(ValueError, match="not your turn to move"):
        waiting.play(waiting.state.legal_moves()[0])
    reader = table.side(table.reader)
    reader.read_code(table.code)
    with pytest.raises(ValueError, match="your turn is not over"):
        reader.make_code()


def test_pending_games_say_whose_turn_it_is(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "che")
    table.until_code(4)
    table.side(table.reader).read_code(table.code)
    [mine] = cc.pending_games()
    assert (mine.id, mine.title, mine.opponent, mine.my_turn) == (table.id, "Che", "Bo", True)
    table.at(1 - table.reader)
    [theirs] = cc.pending_games()
    assert (theirs.opponent, theirs.my_turn, theirs.moves) == ("Ada", False, mine.moves)


def test_a_faulty_file_is_listed_with_its_fault_and_kept_aside(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xtic")
    corr = table.side(1)
    corr.path.write_text('{"version": 1, "game": 5}', encoding="utf-8")
    [row] = cc.pending_games()
    assert row.id == table.id and "could not be used" in row.problem
    assert not corr.path.exists()
    assert list(corr.path.parent.glob(f"{table.id}.json.bad-*"))


def test_an_invitation_is_accepted_once(tmp_path, monkeypatch):
    table = Table(tmp_path, monkeypatch, "xoliba")
    table.at(0)
    invitation = cc.load(table.id).last_code
    table.at(1)
    with pytest.raises(ValueError, match="accepted here already"):
        cc.accept(invitation, "Bo")
    with pytest.raises(ValueError, match="only an invitation"):
        cc.accept(table.code, "Cy")


def test_games_for_more_or_fewer_than_two_are_refused():
    with pytest.raises(ValueError, match="for two players; Xoliba with these options has 3"):
        cc.invite("xoliba", {"players": 3}, "Ada", 0)


def test_hostile_codes_are_refused_never_a_crash(tmp_path, monkeypatch):
    """The codes-fuzz bench's ways, a few cases each, on the codes of two games."""
    monkeypatch.setenv(storage.HOME_OVERRIDE, str(tmp_path))     # the bench moves it
    material, _lengths = codes_fuzz.play_games(1, 1, str(tmp_path), names=["catalina", "xtic"])
    codes = [code for _reader, code in material]
    rng = random.Random(1)
    verdicts = Counter()
    for way, mutate in codes_fuzz.MUTATIONS.items():
        for _ in range(15):
            reader, code = rng.choice(material)
            verdict = codes_fuzz.read(reader, mutate(code, rng, codes))
            assert not verdict.startswith("crashed"), (way, verdict)
            verdicts[verdict] += 1
    assert verdicts["refused"] > 10 * len(codes_fuzz.MUTATIONS)
