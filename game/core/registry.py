"""One registry of games. Each entry is the whole record of a game: its rules (the
contract of docs/ENGINE.md) and everything else the app knows about it, so the menu,
setup, play, results, statistics, attract mode, the rules screen, the benches and the
tests read the registry and never name a game.

The parts of a record that need pygame or a computer player (the view, the player, the
rules pages' art...) are references, "module:attribute" texts imported when first used
(`spec.load(...)`), so importing the rules stays headless and quick.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from game.core.json_data import parse_json
from game.core.state import SAVE_FORMAT_VERSION, GameState, many_moves

# A save is an object holding flat lists and an object of options: nothing nests deeper.
MAX_SAVE_DEPTH = 8


@dataclass(frozen=True)
class Option:
    name: str
    values: tuple
    default: Any
    label: str = ""
    value_labels: tuple = ()   # same length as values, for the setup screen
    # Options whose values cannot be listed (a Xoliba position): `check(value)` raises
    # ValueError for a bad value; `values` then lists only the ones setup may offer.
    check: Callable | None = None
    in_setup: bool = True
    # Options that matter only with certain others (Xutoli's chosen targets): the setup
    # screen shows the option only when `applies(options)` is true.
    applies: Callable[[dict], bool] | None = None

    def shown_with(self, options: dict) -> bool:
        """Whether the setup screen (and the play panel) shows this option."""
        return self.in_setup and (self.applies is None or self.applies(options))

    def lists(self, value) -> bool:
        """Whether `value` is one of `values`, by type as well as by value: 2.0 == 2 and
        True == 1 in Python, but a float where the rules count with an int crashes later."""
        return any(type(value) is type(allowed) and value == allowed
                   for allowed in self.values)

    def label_of(self, value) -> str:
        if self.value_labels:
            return self.value_labels[self.values.index(value)]
        return str(value)


@dataclass(frozen=True)
class MenuEntry:
    """A menu button besides the game's own (Xoliba: its solitaire puzzles): `scene` is
    the name the app opens (game/scenes/navigation.py)."""
    label: str
    blurb: str
    scene: str


@dataclass(frozen=True)
class MatchRules:
    """What `extra["match"](options)` gives for a game played in matches
    (game/services/match.py plays them)."""
    target: int
    resignation: bool = False     # a player may resign a deal before its first move
    options: tuple = ()           # the game's options that set these rules: the panel
    #                               shows them as the match's line, not among the options


@dataclass
class Demo:
    """An attract demo, as `extra_demos` make it: the game, the panel's title, the level
    of the computers in every seat, and the moves a replay plays (None: they play)."""
    state: object
    title: str
    level: str
    script: list | None = None


def load_reference(reference: str):
    """The object a "module:attribute" reference names (imported now)."""
    module, _, attribute = reference.partition(":")
    value = import_module(module)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


@dataclass
class GameSpec:
    # --- the rules ------------------------------------------------------------------------
    name: str
    title: str
    blurb: str
    seats: tuple = ()                 # seat names, seat 0 first
    options: tuple = ()
    state_class: type | None = None   # None: the game is not built yet
    ai_levels: tuple = ()             # weakest first; the last one gives the hints
    extra: dict = field(default_factory=dict)
    # The seats a game with these options uses (Xoliba: 1, 2 or 3 of its colours).
    seat_count: Callable[[dict], int] | None = None

    # --- the rest of the record: references ("module:attribute") and plain data ----------
    view: str = ""                # the board view class (a game.views.base.BoardView)
    player: str = ""              # choose_move(state, level_name, rng, should_stop)
    accepts_end: str = ""         # accepts_end(state, seat) -> bool: may a game be ended
    #                               by agreement now (games with an `agree` consent move)
    analysis: str = ""            # the analysis of a position (game.ai.analysis.Assessor)
    ratings: dict = field(default_factory=dict)     # level -> Elo, measured, not chosen:
    #                               the strength bench's ladder (docs/STRENGTH.md); the weakest 0
    rule_pages: str = ""          # the rules screen's pages (game.rule_pages.Page each)
    tutorial: str = ""            # the tutorial's lines, one per move of the player
    tutor_level: str = ""         # the level whose move the tutorial suggests
    demo_options: dict = field(default_factory=dict)    # a demo's or tutorial's game
    extra_demos: tuple = ()       # more attract demos: demo(seed) -> Demo, or None
    menu_entries: tuple = ()      # MenuEntry each, after the game's own button
    scenes: dict = field(default_factory=dict)     # screens of its own (those its menu
    #                               entries open): name -> "module:Class" (game/scenes/navigation.py)
    stats_section: str = ""       # rows of its own on the statistics screen: a class made
    #                               when the screen loads, with .messages and .rows(stats)
    self_checks: tuple = ()       # (name, "module:function") each: checks of its own that
    #                               --self-check runs (game/launch/self_check.py)
    screenshots: tuple = ()       # more screens of it for game/tools/screens.py: "export",
    #                               "branch" (a replay's windows), "analysis_<name>"
    colours: dict = field(default_factory=dict)     # palette entries this game adds:
    #                               name -> {palette name: colour}, "default" for the rest
    sounds: dict = field(default_factory=dict)      # sound cues: name -> recipe reference
    playouts: str = ""            # the playout modes and invariants (game.testing.playouts)
    monkey: str = ""              # start_points() -> the monkey's start points on its own
    #                               screens (game.testing.monkey)
    frames: str = ""              # the frames bench's screens of this game
    benches: dict = field(default_factory=dict)     # its own benches: command name ->
    #                               (module, one-line description), `python -m game.bench NAME`
    strength: str = ""            # its rows and sections of the strength bench
    analysis_bench: str = ""      # the games the analysis bench analyses (a tuple of Sample)
    tactics: str = ""             # its puzzles' kit: goals, proofs, positions to cut them
    #                               from (a game.puzzles.kit.PuzzleKit, game/puzzles/kit.py)
    more_puzzle_sets: dict = field(default_factory=dict)   # puzzle sets of its own
    #                               besides its puzzles (levels/puzzles/<name>.json):
    #                               name -> the reference of the set's kit, like `tactics`
    long_record: str = ""         # long_record(moves) -> a legal record that long (the
    #                               records-fuzz bench times loading it)

    def load(self, part: str):
        """The object the record's reference `part` names ("view", "player"...), or None
        when the game has none."""
        reference = getattr(self, part)
        return load_reference(reference) if reference else None

    @property
    def demo_level(self) -> str:
        """The level computers play at in demos: a middle one."""
        return self.ai_levels[len(self.ai_levels) // 2]

    @property
    def hint_level(self) -> str:
        return self.ai_levels[-1]

    def seats_for(self, options: dict) -> tuple:
        if self.seat_count is None:
            return self.seats
        return self.seats[:self.seat_count(options)]

    @property
    def is_built(self) -> bool:
        return self.state_class is not None

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(name)

    def validate_options(self, options: dict | None) -> dict:
        options = dict(options or {})
        known = {opt.name: opt for opt in self.options}
        for name in options:
            if name not in known:
                names = ", ".join(sorted(known)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.title} (known: {names})")
        full = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if opt.check is not None and not opt.lists(value):
                try:
                    opt.check(value)
                except ValueError as exc:
                    raise ValueError(f"bad value for option {opt.name!r} of {self.title}: "
                                     f"{exc}") from None
            elif not opt.lists(value):
                allowed = ", ".join(repr(v) for v in opt.values)
                raise ValueError(f"bad value {value!r} for option {opt.name!r} of {self.title} "
                                 f"(allowed: {allowed})")
            full[opt.name] = value
        return full

    def new_game(self, seed: int | None = None, options: dict | None = None) -> GameState:
        if not self.is_built:
            raise ValueError(f"{self.title} is not built yet")
        if seed is None:
            seed = random.randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        state = self.state_class(seed, self.validate_options(options))
        return state

    def from_json(self, text: str) -> GameState:
        try:
            data = parse_json(text, MAX_SAVE_DEPTH)
        except ValueError as exc:
            raise ValueError(f"not a saved {self.title} game: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError(f"not a saved {self.title} game: expected a JSON object")
        if data.get("game") != self.name:
            raise ValueError(f"saved game is for {data.get('game')!r}, not {self.name!r}")
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool) \
                or not 1 <= version <= SAVE_FORMAT_VERSION:
            raise ValueError(f"saved game has format {version!r}; this version reads up to "
                             f"{SAVE_FORMAT_VERSION}")
        for key, kind in (("seed", int), ("options", dict), ("moves", list)):
            if not isinstance(data.get(key), kind):
                raise ValueError(f"saved game: {key!r} missing or not a {kind.__name__}")
        state = self.new_game(seed=data["seed"], options=data["options"])
        redo = data.get("redo", [])
        if not isinstance(redo, list):
            raise ValueError("saved game: 'redo' is not a list")
        with many_moves():
            for number, text_move in enumerate(data["moves"], 1):
                try:
                    state.play(state.parse_move(text_move))
                except ValueError as exc:
                    raise ValueError(f"saved game: move {number} ({text_move!r}): "
                                     f"{exc}") from None
            ahead = state.copy() if redo else state
            moves_ahead = []
            for number, text_move in enumerate(redo, 1):
                try:
                    move = ahead.parse_move(text_move)
                except ValueError as exc:
                    raise ValueError(f"saved game: redo move {number} ({text_move!r}): "
                                     f"{exc}") from None
                ahead.play(move)
                moves_ahead.append(move)
        state.redo_stack = list(reversed(moves_ahead))
        return state


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    if spec.state_class is not None:
        spec.state_class.spec = spec
    _REGISTRY[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's own game, after the test)."""
    _REGISTRY.pop(name, None)


def names() -> list[str]:
    return sorted(_REGISTRY)


def in_order() -> list[GameSpec]:
    """Every game in the order they were registered (the attract demos' cycle)."""
    return list(_REGISTRY.values())


def get(name: str) -> GameSpec:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(names())}") from None


def all_specs() -> list[GameSpec]:
    return [_REGISTRY[n] for n in names()]
