"""Before a game: who sits in each seat (human or computer at a level) and the options."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.saves import Seat
from game.scenes.base import Scene, draw_text


@dataclass
class Setup:
    seats: list
    options: dict


def seat_choices(spec) -> list[str]:
    return ["human"] + [f"computer:{level}" for level in spec.ai_levels]


def seat_label(choice: str) -> str:
    if choice == "human":
        return "Human"
    return f"Computer — {choice.split(':', 1)[1]}"


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
        self.ring.focus = len(spec.seats) + len(spec.options)   # start on "Start"

    def build(self, size) -> None:
        spec = self.spec
        choices = seat_choices(spec)
        rows = len(spec.seats) + len(spec.options) + 3
        s = self.app.scale
        rects = iter(self.column_rects(rows, width=640, height=48, gap=12, top=round(150 * s)))
        for index, name in enumerate(spec.seats):
            seat = self.setup.seats[index]
            current = "human" if not seat.is_computer else f"computer:{seat.level}"
            self.selector(next(rects), f"{name} player", choices, current,
                          on_change=lambda value, i=index: self.set_seat(i, value),
                          format_value=seat_label)
        for option in spec.options:
            self.selector(next(rects), option.label or option.name, option.values,
                          self.setup.options[option.name],
                          on_change=lambda value, name=option.name: self.set_option(name, value),
                          format_value=option.label_of)
        self.button(next(rects), "Start", self.start)
        self.button(next(rects), "Rules", self.rules)
        self.button(next(rects), "Back", self.app.pop)

    def set_seat(self, index: int, choice: str) -> None:
        if choice == "human":
            self.setup.seats[index] = Seat("human", None)
        else:
            self.setup.seats[index] = Seat("computer", choice.split(":", 1)[1])

    def set_option(self, name: str, value) -> None:
        self.setup.options[name] = value

    def start(self) -> None:
        from game.scenes.play import PlayScene
        self.app.last_setups[self.spec.name] = self.setup
        state = self.spec.new_game(options=self.setup.options)
        self.app.push(PlayScene(self.app, state, list(self.setup.seats)))

    def rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.spec))

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.spec.title, "Set up a game")
        self.draw_ui(surface)
        s = self.app.scale
        sw, sh = self.app.size
        draw_text(surface, "Left/right or click the ‹ › side to change a value",
                  (sw // 2, sh - round(30 * s)), round(16 * s), self.app.palette.text_dim,
                  anchor="center")
