"""The replay's two windows: "Play from here" (whom to play against from the position
shown) and "Export" (the record to a file the player names, in a folder they choose, or
to the clipboard). Each is a pygame-gui window over the replay, its rows in our focus
ring, so the keys and the pad reach every one; Esc or B closes it."""
from __future__ import annotations

from game.records import record_files
from game.scenes.base import Scene
from game.scenes.seat_choices import choice_of, seat_choices, seat_label, seat_of
from game.services.saves import Seat
from game.services.session import seat_named
from game.ui import clipboard


class BranchScene(Scene):
    """Play on from the replay's position: who sits in each seat, as the record has them."""
    transparent = True
    held_widgets = ("window",)

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay
        state = replay.state
        spec = state.spec
        self.seat_titles = spec.seats_for(state.options)
        self.offered = seat_choices(spec) if len(self.seat_titles) > 1 else ["human"]
        self.choices = [choice_of(seat) for seat in record_seats(replay.headers, state)]
        self.window = None
        self.ring.focus = len(self.seat_titles)     # on "Play"

    def build(self, size) -> None:
        text = (f"A new game from move {self.replay.index}, with the same options. "
                f"The record stays as it is.")
        rows = len(self.seat_titles)
        self.window, rects = self.dialog("Play from here", text, 560, rows + 2)
        game = self.replay.state.spec.name
        for index, title in enumerate(self.seat_titles):
            self.selector(rects[index], title, self.offered, self.choices[index],
                          lambda choice, i=index: self.set_seat(i, choice),
                          lambda choice: seat_label(choice, game), container=self.window)
        self.button(rects[rows], "Play", self.play, container=self.window)
        self.button(rects[rows + 1], "Cancel", self.app.pop, container=self.window)

    def set_seat(self, index: int, choice: str) -> None:
        self.choices[index] = choice

    def play(self) -> None:
        seats = [seat_of(choice) for choice in self.choices]
        self.app.pop()
        self.replay.start_unless_it_replaces(lambda: self.replay.start_branch(seats))

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 200)
        self.draw_ui(surface)


def record_seats(headers: dict, state) -> list:
    """Who sat in each seat, as the record's `Seat <title>` headers name them (kept and
    exported records do: "You", "Computer (hard)"). A seat they do not name: you at the
    seat to move, the others the computer at a middle level."""
    spec = state.spec
    you = state.to_play if state.to_play is not None else 0
    middle = spec.ai_levels[min(len(spec.ai_levels) - 1, 2)]
    seats = []
    for index, title in enumerate(spec.seats_for(state.options)):
        named = seat_named(headers.get(f"Seat {title}", ""), spec.ai_levels)
        seats.append(named or (Seat("human", None) if index == you
                               else Seat("computer", middle)))
    return seats


class ExportScene(Scene):
    """The record to a new file (never over one already there) or to the clipboard."""
    transparent = True
    held_widgets = ("window",)

    def __init__(self, app, text: str, state, date: str, replay=None):
        super().__init__(app)
        self.text = text
        self.replay = replay
        self.places = record_files.export_folders()
        self.place = 1 if len(self.places) > 1 else 0       # not the kept games' folder
        self.name = record_files.default_name(state, date)
        self.problem = ""
        self.window = None
        self.name_field = None
        self.ring.focus = 2                 # on "Save"

    def build(self, size) -> None:
        text = self.problem or "Save the record as a text file, or copy it."
        self.window, rects = self.dialog("Export the record", text, 620, 5)
        self.selector(rects[0], "Folder", list(range(len(self.places))), self.place,
                      self.set_place, lambda i: self.places[i][0], container=self.window)
        self.name_field = self.text_field(rects[1], "File name", self.name,
                                          container=self.window)
        self.button(rects[2], "Save", self.save, container=self.window)
        self.button(rects[3], "Copy to clipboard", self.copy, container=self.window)
        self.button(rects[4], "Cancel", self.app.pop, container=self.window)

    def set_place(self, index: int) -> None:
        self.place = index

    def _done(self, message: str) -> None:
        self.app.pop()
        if self.replay is not None:
            self.replay.notice = message

    def _refused(self, message: str) -> None:
        self.name = self.name_field.entry.get_text()     # as typed, after the rebuild
        self.problem = message
        self.app.sounds.play("illegal")
        self.rebuild()

    def save(self) -> None:
        self.name = self.name_field.entry.get_text()
        try:
            path = record_files.export(self.text, self.places[self.place][1], self.name)
        except (ValueError, OSError) as exc:
            self._refused(f"Not saved: {exc}")
            return
        self._done(f"Saved as {path}")

    def copy(self) -> None:
        problem = clipboard.copy(self.text)
        if problem:
            self._refused(problem)
            return
        self._done("The record is on the clipboard.")

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 200)
        self.draw_ui(surface)
