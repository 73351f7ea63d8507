"""The playouts checker: seeded random games of every registered game in every mode,
checked. `python -m game.bench playouts` runs it (game/bench/playouts.py is its command
line); the test suite (tests/test_playouts.py) runs it with cheaper checks.

For each mode (registered_modes(): a game, the options that set its rules, a label) the
bench plays `--games` random games (seeds `--seed`, `--seed` + 1, ...) through `playout`,
which checks at every step:

* the contract: `to_play` is None exactly when the game is over, and is a seat while it
  is not; `legal_moves()` is a non-empty list of distinct hashable moves while the game
  goes on and empty at its end; every legal move's text (`format_move`) is distinct, and
  a sample of them parses back to the same move (`parse_move`); a chance step offers
  outcomes with probabilities summing to 1, each a legal move; the history grows by one
  per step; the outcome has one score per seat, a seat or None as winner, and a reason;
* each game's own invariants (pieces used once, pieces conserved, claims and decided
  tiles, tile counts against the pool, whose turn it is, who won): its `Playouts`, which
  its record in the registry names (GameSpec.playouts: game/games/<name>/playouts.py). A
  game whose record names none gets the contract's checks only, and modes of its own
  options (default_modes), so a new game is checked with no code here.

Then, for the finished game: undoing every move walks back through exactly the positions
played (the last undo gives back the new game, attribute for attribute), redoing every
move gives the same final game, and saving at a random point (with up to two moves taken
back, so the save holds a redo line too) and loading gives the same position, which the
same random choices then carry on to the same final game, move for move; the game's own
chance steps (Catalina's dice, from the seed and the step number) must not change across
a save and a load. A game whose rules force no end (its Playouts' `endless`: Xoliba's
solitaire) is stopped after ENDLESS_STEPS steps and checked the same way, unfinished.

The random choices: step n of game `seed` draws from random.Random(f"{seed}:{n}") only, so
a loaded game carries on with the same choices. A chance step uses the state's own
`sample_chance()` half of the time, else an outcome of `chance_outcomes()` (weighted by
probability, or uniform, so rare rolls occur too). Moves that need every player's consent
(Xoliba's and unlimited Che's `agree`) are played now and then (CONSENT_RATE).

Any fault raises PlayoutFailure (an AssertionError) naming the game, the mode, the seed,
the options, the move number and what differed; `--game G --mode LABEL --seed S --games 1`
plays that one game again. The bench runs the FULL checks; the test suite plays the first
100 seeds of every mode with the QUICK ones (the same kinds of check, some of them on
every 4th step only; see Checks).
"""
from __future__ import annotations

import functools
import json
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import NamedTuple

import game.rules
from game.core.registry import GameSpec
from game.core.state import IllegalMoveError

CONSENT_RATE = 0.005          # chance per step of playing an offered consent move
MAX_STEPS = 20_000            # a random game longer than this is reported as a fault
ENDLESS_STEPS = 300           # where the playout of a game without a forced end stops
HISTORY_KEYS = ("history", "_undo_snapshots", "redo_stack")


class PlayoutFailure(AssertionError):
    """A checked playout went wrong; the message says where and how to replay it."""


# --- what a game adds to the checks -----------------------------------------------------
def _no_position(state) -> tuple:
    return ()


def _no_invariants(state, fail, scan: bool) -> None:
    """A game with no invariants of its own: the contract's checks only."""


def _not_finished(state, fail) -> None:
    """A game with no checks of its own for a finished game."""


def _ends(options: dict) -> bool:
    return False


@dataclass(frozen=True)
class Playouts:
    """A game's own part of the playouts, named by its record (GameSpec.playouts).

    modes(spec) -> [Mode]: how to play it (None: default_modes, one per value of each rule
    option); position(state): the position as plain values (no history), compared along
    undo, redo and loading; invariants(state, fail, scan): calls fail(text) on a broken
    invariant, run after every step, the parts that walk the history or the move list
    only when `scan` (see Checks.every); finished(state, fail): run once on the finished
    game; endless(options): whether the rules force no end with these options (Xoliba's
    solitaire has neither the 30-move rule nor repetitions, and random play can go round
    in circles for ever: such a playout stops after ENDLESS_STEPS steps and is checked
    unfinished); match_only: options that do not change the rules of one game (Xoliba's
    target score and resignation rule act between the games of a match)."""
    modes: Callable[[GameSpec], list] | None = None
    position: Callable = _no_position
    invariants: Callable = _no_invariants
    finished: Callable = _not_finished
    endless: Callable[[dict], bool] = _ends
    match_only: tuple = ()


GENERIC = Playouts()


def playouts_of(spec: GameSpec) -> Playouts:
    """The game's Playouts, from its record; the contract's checks only (GENERIC) when
    the record names none."""
    return spec.load("playouts") or GENERIC


# --- modes ------------------------------------------------------------------------------
class Mode(NamedTuple):
    """One way of playing a game: fixed options, plus options drawn per game from its
    seed (`vary`: option -> the values to draw from, or a function (rng, options) -> a
    value). Combinations the rules refuse (Xutoli's equal chosen targets) are redrawn."""
    game: str
    options: dict
    label: str
    vary: dict | None = None

    @property
    def name(self) -> str:
        return f"{self.game}: {self.label}"

    def options_for(self, seed: int) -> dict:
        """The options of game `seed` in this mode (the same every time)."""
        if not self.vary:
            return dict(self.options)
        spec = game.rules.get(self.game)
        rng = random.Random(f"playouts-options:{seed}")
        for _ in range(100):
            options = dict(self.options)
            for name, values in self.vary.items():
                options[name] = (values(rng, options) if callable(values)
                                 else rng.choice(values))
            try:
                spec.new_game(seed=seed, options=options)
            except ValueError:
                continue
            return options
        raise ValueError(f"{self.name}: no valid options drawn for seed {seed}")


def each(spec: GameSpec, option: str) -> list[Mode]:
    """One mode per value of `option`, except its default (the game's standard mode)."""
    opt = spec.option(option)
    return [Mode(spec.name, {option: value}, f"{option}={value}")
            for value in opt.values if value != opt.default]


def standard(spec: GameSpec) -> Mode:
    return Mode(spec.name, {}, "standard (defaults)")


def rule_options(spec: GameSpec) -> list:
    """The setup options of a game that change how one game is played."""
    match_only = playouts_of(spec).match_only
    return [opt for opt in spec.options if opt.in_setup and opt.name not in match_only]


def mixed(spec: GameSpec) -> Mode:
    """Every rule option drawn per game: the combinations no other mode plays."""
    return Mode(spec.name, {}, "mixed options",
                {opt.name: opt.values for opt in rule_options(spec)})


def default_modes(spec: GameSpec) -> list[Mode]:
    """The modes of a game whose Playouts lists none: its defaults, each other value of
    each rule option, and (with two or more rule options) all of them drawn per game."""
    modes = [standard(spec)]
    for opt in rule_options(spec):
        modes += each(spec, opt.name)
    if len(rule_options(spec)) > 1:
        modes.append(mixed(spec))
    return modes


def modes_of(spec: GameSpec) -> list[Mode]:
    """A game's modes (its Playouts' or default_modes); an option value that none of them
    plays gets a mode of its own (defaults + that value), so it is never silently left
    out (the test suite checks that nothing stays uncovered)."""
    own = playouts_of(spec).modes
    modes = list(own(spec) if own is not None else default_modes(spec))
    for opt, value in _uncovered(spec, modes):
        if opt.applies is None:
            modes.append(Mode(spec.name, {opt.name: value}, f"{opt.name}={value}"))
    return modes


def all_modes() -> list[Mode]:
    """The modes of every built game, in the registry's order."""
    return [mode for spec in game.rules.in_order() if spec.is_built
            for mode in modes_of(spec)]


@functools.cache
def registered_modes() -> tuple:
    """Every registered game's modes, found once (a process of the bench finds a mode by
    its index here): all_modes() when first asked."""
    return tuple(all_modes())


def uncovered(modes: list[Mode]) -> list[tuple]:
    """(game, option, value) of every rule option value that no mode plays (an option
    counts where it applies: fixed, drawn, or by default)."""
    return [(spec.name, opt.name, value) for spec in game.rules.all_specs() if spec.is_built
            for opt, value in _uncovered(spec, [m for m in modes if m.game == spec.name])]


def _uncovered(spec: GameSpec, modes: list[Mode]) -> list[tuple]:
    return [(opt, value) for opt in rule_options(spec) for value in opt.values
            if not any(_plays(spec, mode, opt, value) for mode in modes)]


def _plays(spec: GameSpec, mode: Mode, opt, value) -> bool:
    vary = mode.vary or {}
    if opt.name in vary:
        return callable(vary[opt.name]) or value in vary[opt.name]
    options = spec.validate_options(mode.options)   # with defaults
    if options[opt.name] != value:
        return False
    if opt.applies is None:
        return True
    # With drawn options the option may apply in some games: try the drawn values.
    return opt.applies(options) or any(
        opt.applies({**options, name: v}) for name, values in vary.items()
        if not callable(values) for v in values)


def modes_for(game_name: str | None = None, label: str | None = None) -> list[Mode]:
    """The modes of a game (or all), with exactly this label, else containing it."""
    found = [m for m in registered_modes() if game_name is None or m.game == game_name]
    if label is not None:
        exact = [m for m in found if m.label == label]
        found = exact or [m for m in found if label.lower() in m.label.lower()]
    if not found:
        raise ValueError(f"no mode of {game_name or 'any game'} matches {label!r}")
    return found


# --- one checked playout ----------------------------------------------------------------
class Checks(NamedTuple):
    """How much checking a playout does beyond what every step always gets.

    parse: legal moves per step parsed back from their text, besides the move played
    (itself a random legal move, so parse=0 still samples one a step).
    every: the checks that cost the move list or the history once more (every legal
    move written differently; the game's history-wide counts; the legal moves compared
    after an undo) run every n-th step (and at the start and the end)."""
    parse: int = 3
    every: int = 1
    redo_all: bool = True   # redo the whole game after undoing it (else the first moves:
                            # the load below carries a replay to the end anyway)


FULL = Checks()                                   # the bench
QUICK = Checks(parse=0, every=4, redo_all=False)  # the test suite


class PlayoutStats(NamedTuple):
    moves: int              # steps in the game's history (chance steps too)
    chance: int             # of which chance steps
    consent: bool           # ended by a consent move
    cut: int                # where it was saved and loaded
    winner: int | None
    stopped: bool = False   # an endless game (Playouts.endless) stopped unfinished


class _Where:
    """Names the game, mode, seed and step of a check, for the failure message."""

    def __init__(self, name: str, label: str, seed: int, options: dict):
        self.head = f"{name} [{label}] seed {seed} (options {options})"
        self.phase, self.step = "start", 0

    def at(self, phase: str, step: int) -> None:
        self.phase, self.step = phase, step

    def fail(self, what: str):
        where = "new game" if self.phase == "start" else f"{self.phase}, move {self.step}"
        raise PlayoutFailure(f"{self.head}, {where}: {what}")


def choose(state, seed: int, step: int, legal: list | None = None):
    """Step `step` of game `seed`: (kind, move, rng), kind "chance" for the state's own
    sample_chance() (move None), else "play". Depends on the seed, the step number and
    the position only; `legal` is state.legal_moves() when the caller has it."""
    rng = random.Random(f"{seed}:{step}")
    if state.is_chance:
        draw = rng.random()
        if draw < 0.5:
            return "chance", None, rng
        outcomes = state.chance_outcomes()
        if draw < 0.75:
            chosen = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            chosen = rng.choice(outcomes)[0]
        return "play", chosen, rng
    consent = state.consent_moves()
    if consent and rng.random() < CONSENT_RATE:
        return "play", rng.choice(consent), rng
    return "play", rng.choice(state.legal_moves() if legal is None else legal), rng


def _refused(action, *args) -> bool:
    """Whether the rules refuse `action(*args)` with IllegalMoveError."""
    try:
        action(*args)
    except IllegalMoveError:
        return True
    return False


def _take_step(state, kind: str, move):
    if kind == "chance":
        return state.sample_chance()
    state.play(move)
    return move


_EMPTY = ({}, ("list", []), set())


def _plain(value, path: frozenset = frozenset()):
    """`value` with every object that compares by identity (a layout, a board) opened up
    into its type and attributes, so two states compare by what they hold. A dict entry
    holding an empty list, dict or set counts as absent (an index bucket that undo
    emptied but did not remove is no difference)."""
    kind = type(value)
    if kind in (dict, list, tuple) or kind.__eq__ is object.__eq__:
        if id(value) in path:
            return "<cycle>"
        inner = path | {id(value)}
        if kind is dict:
            found = ((k, _plain(v, inner)) for k, v in value.items())
            return {k: v for k, v in found if v not in _EMPTY}
        if kind in (list, tuple):
            return kind.__name__, [_plain(v, inner) for v in value]
        if hasattr(value, "__dict__") or hasattr(kind, "__slots__"):
            fields = dict(vars(value)) if hasattr(value, "__dict__") else {}
            for name in getattr(kind, "__slots__", ()):
                if hasattr(value, name):
                    fields[name] = getattr(value, name)
            return kind.__name__, _plain(fields, inner)
    return value


def _state_vars(state) -> dict:
    """The state's attributes but its history, opened up for comparing."""
    return _plain({k: v for k, v in vars(state).items() if k not in HISTORY_KEYS})


def _same_save(state, seed: int, options: dict, history: list, redo: list = ()) -> bool:
    """Whether `state` holds what to_json() writes (seed, options, history, redo line) as
    given: then it saves the same text, without replaying it to find out."""
    full = state.spec.validate_options(options)
    return (state.seed == seed and state.options == full and state.history == list(history)
            and state.redo_stack == list(redo))


def playout(name, options: dict, seed: int, *, label: str = "", spec: GameSpec | None = None,
            checks: Checks = FULL) -> PlayoutStats:
    """Play game `seed` of `name` (a game name; or pass `spec`) with `options` to the end
    at random, checking everything in the module docstring; PlayoutFailure on a fault."""
    spec = spec or game.rules.get(name)
    where = _Where(spec.name, label or "options", seed, options)
    try:
        return _Playout(spec, options, seed, where, checks).run()
    except PlayoutFailure:
        raise
    except Exception as exc:        # a crash is a failure too, named like one
        where.fail(f"unexpected {type(exc).__name__}: {exc}")


class _Playout:
    def __init__(self, spec, options, seed, where, checks):
        self.spec, self.options, self.seed, self.checks = spec, options, seed, checks
        self.where, self.fail = where, where.fail
        full = spec.validate_options(options)
        self.seats = len(spec.seats_for(full))
        own = playouts_of(spec)
        self.position, self.invariants, self.finished = \
            own.position, own.invariants, own.finished
        self.stop_at = ENDLESS_STEPS if own.endless(full) else None

    def new(self):
        return self.spec.new_game(seed=self.seed, options=self.options)

    def observe(self, state, legal=None) -> tuple:
        """The position as the contract shows it, with the game's own position."""
        return self.brief(state) + (tuple(state.legal_moves() if legal is None else legal),)

    def brief(self, state) -> tuple:
        return (len(state.history), state.to_play, state.is_over, state.outcome,
                state.is_chance, self.position(state))

    # --- the whole check ------------------------------------------------------------------
    def run(self) -> PlayoutStats:
        start, state, moves, prints, stats = self.play_forward()
        self.undo_and_redo(start, state, moves, prints)
        cut = self.save_and_load(moves, prints)
        return stats._replace(cut=cut)

    def play_forward(self):
        """Play to the end at random, every step checked."""
        fail, seed = self.fail, self.seed
        start, state = self.new(), self.new()
        if start.to_json() != state.to_json() or _state_vars(state) != _state_vars(start):
            fail("two new games with the same seed and options differ")
        legal = state.legal_moves()
        self.check_step(state, legal, random.Random(f"{seed}:start"), scan=True)
        prints = [self.observe(state, legal)]
        spot = random.Random(f"{seed}:spot").randint(0, 10)
        chance_steps, consent = 0, False
        while not state.is_over:
            step = len(state.history)
            self.where.at("playing", step + 1)
            if step == self.stop_at:
                break
            if step >= MAX_STEPS:
                fail(f"no end after {MAX_STEPS} steps")
            if step == spot:
                self.spot_checks(state, prints[-1])
            kind, move, rng = choose(state, seed, step, legal)
            chance_steps += state.is_chance
            if kind == "play":
                consent = move in state.consent_moves()
                self.check_text(state, move)
            played = _take_step(state, kind, move)
            if len(state.history) != step + 1 or state.history[-1] != played:
                fail(f"the history did not grow by the move {played!r}")
            legal = state.legal_moves()
            self.check_step(state, legal, rng, scan=state.is_over
                            or (step + 1) % self.checks.every == 0)
            prints.append(self.observe(state, legal))
        self.where.at("finished" if state.is_over else "stopped", len(state.history))
        if spot >= len(state.history):
            self.spot_checks(state, prints[-1])
        if state.is_over:
            self.finished(state, fail)
        moves = list(state.history)
        return start, state, moves, prints, PlayoutStats(
            len(moves), chance_steps, consent, 0,
            state.outcome.winner if state.is_over else None, not state.is_over)

    def check_text(self, state, move) -> None:
        text = state.format_move(move)
        if not isinstance(text, str) or not text or text != text.strip():
            self.fail(f"format_move({move!r}) gave {text!r}")
        back = state.parse_move(text)
        if back != move:
            self.fail(f"{text!r} parses to {back!r}, not {move!r}")

    def check_step(self, state, legal, rng, scan: bool) -> None:
        fail, seats = self.fail, self.seats
        over = state.is_over
        if over != (state.outcome is not None) or over != (state.to_play is None):
            fail(f"is_over {over}, outcome {state.outcome}, to_play {state.to_play} disagree")
        if not isinstance(legal, list):
            fail(f"legal_moves() is a {type(legal).__name__}, not a list")
        if over:
            if legal:
                fail(f"the game is over but {len(legal)} moves are legal")
            outcome = state.outcome
            if len(outcome.scores) != seats or not isinstance(outcome.reason, str) \
                    or not outcome.reason or outcome.winner not in (None, *range(seats)):
                fail(f"outcome {outcome} does not fit {seats} seats")
            if state.is_chance or state.consent_moves() or state.chance_outcomes():
                fail("the game is over but a chance step or a consent move is offered")
        else:
            if state.to_play not in range(seats):
                fail(f"to_play {state.to_play} is not one of {seats} seats")
            if not legal:
                fail("the game goes on but no move is legal")
            if len(set(legal)) != len(legal):
                fail("legal_moves() lists a move twice")
            if scan:
                texts = [state.format_move(m) for m in legal]
                if len(set(texts)) != len(texts):
                    twice = sorted({t for t in texts if texts.count(t) > 1})
                    fail(f"two legal moves are written the same: {twice[:3]}")
            for index in rng.sample(range(len(legal)), min(self.checks.parse, len(legal))):
                self.check_text(state, legal[index])
            for move in state.consent_moves():
                self.check_text(state, move)
            if state.is_chance:
                outcomes = state.chance_outcomes()
                if not outcomes or abs(sum(p for _, p in outcomes) - 1) > 1e-9 \
                        or any(p <= 0 for _, p in outcomes):
                    fail(f"chance outcomes' probabilities {[p for _, p in outcomes]}")
                if not {o for o, _ in outcomes} <= set(legal):
                    fail("a chance outcome is not a legal move")
            elif state.chance_outcomes():
                fail("chance outcomes offered when no chance step is due")
        self.invariants(state, fail, scan)

    def spot_checks(self, state, seen: tuple) -> None:
        """Once a game, early: refused moves and texts, a stable move list, copies."""
        fail = self.fail
        if self.observe(state) != seen:
            fail("the position changed without a move (legal_moves() not stable?)")
        if not _refused(state.play, ("no", "such", "move")):
            fail("the non-move ('no', 'such', 'move') was accepted")
        if not _refused(state.parse_move, "?? not a move ??"):
            fail("the text '?? not a move ??' parsed as a move")
        if not state.is_chance and not _refused(state.sample_chance):
            fail("sample_chance() played although no chance step is due")
        if self.observe(state) != seen:
            fail("refused moves changed the game")
        clone = state.copy()
        if self.observe(clone) != seen or clone.history != state.history:
            fail("copy() gives another position")
        if state.is_over:
            return
        clone.play(clone.legal_moves()[0])
        if self.observe(state) != seen:
            fail("playing on a copy changed the original")
        clone.undo()
        if self.observe(clone) != seen:
            fail("undo on a copy does not give back the position")

    def undo_and_redo(self, start, state, moves: list, prints: list) -> None:
        """Undo everything: back through the same positions to the new game; then redo
        everything: the same positions again, to the same final game."""
        fail, total = self.fail, len(moves)
        if state.is_over:
            if not _refused(state.play, moves[-1] if moves else None):
                fail("a move was accepted after the end")
            if self.observe(state) != prints[-1]:
                fail("a refused move changed the game")
        for number in range(total, 0, -1):
            self.where.at("undoing", number)
            undone = state.undo()
            if undone != moves[number - 1]:
                fail(f"undo gave back {undone!r}, not {moves[number - 1]!r}")
            if (self.observe(state) if number % self.checks.every == 0 else
                    self.brief(state) + prints[number - 1][-1:]) != prints[number - 1]:
                fail("the position after undo differs from the one played")
        self.where.at("undone", 0)
        if state.history or state.can_undo or state.redo_stack[::-1] != moves:
            fail("after undoing everything: history left, or the redo line is not the game")
        now, then = _state_vars(state), _state_vars(start)
        if now != then:
            differ = sorted(k for k in now.keys() | then.keys() if now.get(k) != then.get(k))
            fail(f"after undoing everything the state differs from a new game in {differ}")
        redo = total if self.checks.redo_all else min(total, 3)
        for number in range(1, redo + 1):
            self.where.at("redoing", number)
            if state.redo() != moves[number - 1] or self.brief(state) != prints[number][:-1]:
                fail("redo did not give back the position played")
        if redo < total:
            return
        self.where.at("redone", total)
        if not _same_save(state, self.seed, self.options, moves) \
                or self.observe(state) != prints[-1]:
            fail("after redoing everything the game differs from the game played")

    def save_and_load(self, moves: list, prints: list) -> int:
        """Replay the first `cut` moves on a new game, take up to two back (a redo line),
        save, load: the same position, and the same random choices carry the loaded game
        on to the same end (its chance steps too)."""
        fail, seed, total = self.fail, self.seed, len(moves)
        rng = random.Random(f"{seed}:cut")
        cut = rng.randint(0, total)
        back = min(cut, rng.choice((0, 0, 1, 2)))
        self.where.at("saving at", cut)
        part = self.new()
        for move in moves[:cut]:
            part.play(move)
        for _ in range(back):
            part.undo()
        at = cut - back
        if self.observe(part) != prints[at]:
            fail("replaying the moves played does not give the same position")
        saved = part.to_json()
        data = json.loads(saved)
        if data["game"] != self.spec.name or data["seed"] != seed \
                or data["options"] != part.options or len(data["moves"]) != at \
                or len(data["redo"]) != back:
            fail(f"to_json does not hold the game: {saved[:300]}")
        loaded = self.spec.from_json(saved)
        if self.observe(loaded) != prints[at] or \
                not _same_save(loaded, part.seed, part.options, part.history, part.redo_stack):
            fail("the loaded game differs from the saved one (position, options, moves or "
                 "redo line)")
        for step in range(at, total):
            self.where.at("after loading", step + 1)
            kind, move, _ = choose(loaded, seed, step)
            if kind == "play" and move != moves[step]:
                fail(f"the same random choice on the loaded game is "
                     f"{loaded.format_move(move)!r}, not {moves[step]!r} as played")
            played = _take_step(loaded, kind, move)
            if played != moves[step]:
                fail(f"the loaded game's own chance step gave {played!r}, the game had "
                     f"{moves[step]!r}")
        self.where.at("after loading", total)
        if not _same_save(loaded, seed, self.options, moves) \
                or self.observe(loaded) != prints[-1]:
            fail("the loaded game, carried on, differs from the game played")
        return cut


def run_mode(mode: Mode, seed: int, checks: Checks = FULL) -> PlayoutStats:
    """One checked game of a mode (its options drawn from the seed where the mode
    varies them)."""
    return playout(mode.game, mode.options_for(seed), seed, label=mode.label, checks=checks)


# --- the bench (python -m game.bench playouts) ----------------------------------------
def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=1000,
                        help="seeded games per mode (default 1000)")
    parser.add_argument("--game", choices=game.rules.names(), help="only this game's modes")
    parser.add_argument("--mode", help="only the mode with this label (else the modes "
                                       "whose label contains this text)")
    parser.add_argument("--seed", type=int, default=0,
                        help="the first seed; the games use seed, seed + 1, ... (default 0)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default: 2 or the number of CPUs if fewer)")
    parser.add_argument("--parse", type=int, default=FULL.parse,
                        help=f"legal moves parsed back per step, besides the move played "
                             f"(default {FULL.parse})")
    parser.add_argument("--every", type=int, default=FULL.every,
                        help="run the checks that cost a pass over the move list or the "
                             f"history every n-th step (default {FULL.every}: every step)")
    parser.add_argument("--show", type=int, default=5, help="failures printed in full")


def _one(task: tuple) -> tuple:
    """(mode index, seed, Checks) -> (moves, stopped unfinished, failure text or None)."""
    index, seed, checks = task
    try:
        stats = run_mode(registered_modes()[index], seed, checks)
    except Exception as exc:       # PlayoutFailure, or a bad mode
        return 0, False, f"{type(exc).__name__}: {exc}"
    return stats.moves, stats.stopped, None


def run(args) -> int:
    try:
        chosen = modes_for(args.game, args.mode)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    seeds = range(args.seed, args.seed + args.games)
    checks = Checks(parse=args.parse, every=max(1, args.every))
    print(f"Playouts: {args.games} seeded random games per mode (seeds {seeds.start}.."
          f"{seeds.stop - 1}), every step checked; undo, redo, save and load after each "
          f"game; {args.jobs} process{'es' if args.jobs != 1 else ''}")
    print(f"  {'game':9} {'mode':32} {'games':>6} {'moves':>8} {'failures':>8} "
          f"{'seconds':>8}  {'stopped':>7}")
    failures, totals = [], [0, 0, 0, 0.0, 0]
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for mode in chosen:
            index = registered_modes().index(mode)
            tasks = [(index, seed, checks) for seed in seeds]
            started = time.perf_counter()
            if pool is not None:
                results = list(pool.map(_one, tasks, chunksize=max(1, len(tasks) // 40)))
            else:
                results = [_one(task) for task in tasks]
            seconds = time.perf_counter() - started
            moves = sum(m for m, _, _ in results)
            stopped = sum(s for _, s, _ in results)
            bad = [(mode, seed, text) for (_, _, text), seed in zip(results, seeds) if text]
            failures += bad
            row = (len(tasks), moves, len(bad), seconds, stopped)
            print(f"  {mode.game:9} {mode.label[:32]:32} {row[0]:6} {row[1]:8} {row[2]:8} "
                  f"{row[3]:8.1f}  {row[4] or '':>7}", flush=True)
            for i, value in enumerate(row):
                totals[i] += value
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"  {'all':9} {f'{len(chosen)} modes':32} {totals[0]:6} {totals[1]:8} "
          f"{totals[2]:8} {totals[3]:8.1f}  {totals[4] or '':>7}")
    if totals[4]:
        print(f"  (stopped: games whose rules force no end, stopped unfinished after "
              f"{ENDLESS_STEPS} steps and checked as they stood)")
    if failures:
        shown = min(args.show, len(failures))
        print(f"\nFAIL: {len(failures)} games failed; the first {shown}:")
        for mode, seed, text in failures[:args.show]:
            print(f"  seed {seed}: {text}")
            print(f"    replay: python -m game.bench playouts --game {mode.game} "
                  f"--mode {mode.label!r} --seed {seed} --games 1 --jobs 1")
        return 1
    print("\nPASS: no failures")
    return 0

