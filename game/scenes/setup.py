"""Before a game: who sits in each seat (human or computer at a level) and the options."""
from __future__ import annotations

from dataclasses import dataclass

from game.services.match import Match, match_rules
from game.services.saves import Seat
from game.scenes.base import Scene
from game.scenes.seat_choices import choice_of, seat_choices, seat_label, seat_of
from game.ui.text import draw_text, wrap_text


@dataclass
class Setup:
    seats: list
    options: dict


def default_setup(spec) -> Setup:
    level = spec.ai_levels[min(2, len(spec.ai_levels) - 1)] if spec.ai_levels else None
    seats = [Seat("human", None)] + [Seat("computer", level) if level else Seat("human", None)
                                     for _ in spec.seats[1:]]
    return Setup(seats, {opt.name: opt.default for opt in spec.options})


class SetupScene(Scene):
    def __init__(self, app, spec):
        super().__init__(app)
        self.spec = spec
        self.setup = app.last_setups.get(spec.name) or default_setup(spec)
        self.ring.focus = len(self.seats()) + len(self.options())   # start on "Start"
        self.problem = ""       # why Start refused the options (until one is changed)

    def seats(self) -> tuple:
        """The seat names of a game with the chosen options (Xoliba: 1 to 3 players)."""
        return self.spec.seats_for(self.setup.options)

    def options(self) -> list:
        return [option for option in self.spec.options
                if option.shown_with(self.setup.options)]

    def build(self, size) -> None:
        spec = self.spec
        # A one-player game (the Xoliba solitaire) is for a human.
        choices = seat_choices(spec) if len(self.seats()) > 1 else ["human"]
        # Row sizes for the most rows the game's options can show, so rows that come and
        # go (Xutoli's targets) never move the row being clicked.
        most = len(self.seats()) + sum(1 for o in spec.options if o.in_setup) + 3
        height, gap = (48, 12) if most <= 8 else (42, 8) if most <= 10 else (40, 6)
        rows = len(self.seats()) + len(self.options()) + 3
        live = len(self.seats()) > 1        # a solitaire is not hosted
        s = self.app.scale
        rects = iter(self.column_rects(rows, width=640, height=height, gap=gap,
                                       top=round(140 * s)))
        for index, name in enumerate(self.seats()):
            seat = self.setup.seats[index]
            current = choice_of(seat)
            if current not in choices:
                current = "human"
                self.set_seat(index, current)
            self.selector(next(rects), f"{name} player", choices, current,
                          on_change=lambda value, i=index: self.set_seat(i, value),
                          format_value=lambda choice: seat_label(choice, spec.name))
        for option in self.options():
            self.selector(next(rects), option.label or option.name, option.values,
                          self.setup.options[option.name],
                          on_change=lambda value, name=option.name: self.set_option(name, value),
                          format_value=option.label_of)
        row = next(rects)
        if live:        # Start here, Host for players elsewhere, or invite one by codes
            third = (row.w - round(24 * s)) // 3
            for column, (label, action) in enumerate((
                    ("Start", self.start), ("Host", self.host),
                    ("By correspondence", self.by_correspondence))):
                self.button((row.x + column * (third + round(12 * s)), row.y, third, row.h),
                            label, action, column=column)
        else:
            self.button(row, "Start", self.start)
        row = next(rects)           # the rules and the tutorial side by side
        half = (row.w - round(12 * s)) // 2
        self.button((row.x, row.y, half, row.h), "Rules", self.rules, column=0)
        self.button((row.right - half, row.y, half, row.h), "Tutorial", self.tutorial,
                    column=1)
        self.button(next(rects), "Back", self.app.pop)

    def set_seat(self, index: int, choice: str) -> None:
        self.problem = ""
        self.setup.seats[index] = seat_of(choice)

    def set_option(self, name: str, value) -> None:
        seats_before, options_before = self.seats(), self.options()
        self.setup.options[name] = value
        self.problem = ""
        if self.seats() != seats_before or self.options() != options_before:
            # Rows of seats (and options) come and go: keep the focus on this option.
            self.ring.focus = len(self.seats()) + [o.name for o in self.options()].index(name)
            self.rebuild()

    def start(self) -> None:
        """Start the game set up; first ask, if it would replace a suspended game."""
        self.start_unless_it_replaces(self.start_new)

    def start_new(self) -> None:
        self.app.last_setups[self.spec.name] = self.setup
        seats = list(self.setup.seats[:len(self.seats())])
        # Options that are each fine can still clash (Xutoli: both players given the same
        # target): the game refuses them, and the player is told which, here.
        try:
            if match_rules(self.spec, self.spec.validate_options(self.setup.options)):
                match = Match.start(self.spec, self.setup.options)
                state = match.state
            else:
                match, state = None, self.spec.new_game(options=self.setup.options)
        except ValueError as exc:
            self.problem = f"Cannot start: {exc}. Change an option, then Start."
            self.app.sounds.play("illegal")
            return
        self.app.open("play", state, seats, match)

    def by_correspondence(self) -> None:
        """Invite a friend to this game with these options, by codes sent."""
        self.app.last_setups[self.spec.name] = self.setup
        self.app.open("mail_invite", self.spec, self.setup.options)

    def host(self) -> None:
        """Host the game set up for players on other computers (game/scenes/live_lobby):
        the first seat is this player's; every other seat set to Human is a player who
        joins over the network (the second, if none is); computers stay computers. One
        game, not a match."""
        self.start_unless_it_replaces(self.host_new)

    def host_new(self) -> None:
        self.app.last_setups[self.spec.name] = self.setup
        seats = list(self.setup.seats[:len(self.seats())])
        remote = [i for i, seat in enumerate(seats) if i > 0 and not seat.is_computer] or [1]
        seats = [Seat("human", None) if i == 0 else Seat("remote", None) if i in remote
                 else seat for i, seat in enumerate(seats)]
        try:
            state = self.spec.new_game(options=self.setup.options)
        except ValueError as exc:
            self.problem = f"Cannot host: {exc}. Change an option, then Host."
            self.app.sounds.play("illegal")
            return
        self.app.open("host", state, seats)

    def tutorial(self) -> None:
        self.app.open("tutorial", self.spec)

    def rules(self) -> None:
        self.app.open("rules", self.spec)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.spec.title, "Set up a game")
        self.draw_ui(surface)
        s = self.app.scale
        sw, sh = self.app.size
        draw_text(surface, "Left/right or click the ‹ › side to change a value",
                  (sw // 2, sh - round(30 * s)), round(16 * s), self.app.palette.text_dim,
                  anchor="center")
        if self.problem:
            size = round(17 * s)
            lines = wrap_text(self.problem, size, sw - round(80 * s))
            y = sh - round(56 * s) - (len(lines) - 1) * round(22 * s)
            for line in lines:
                draw_text(surface, line, (sw // 2, y), size, self.app.palette.highlight_bad,
                          anchor="center")
                y += round(22 * s)
