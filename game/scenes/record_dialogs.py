"""The replay's two windows: "Play from here" (whom to play against from the position
shown) and "Export" (the record to a file the player names, in a folder they choose, or
to the clipboard). Each is a pygame-gui window over the replay, its rows in our focus
ring, so the keys and the pad reach every one; Esc or B closes it."""
from __future__ import annotations

from game.engine import record_files
from game.scenes.base import Scene
from game.engine.saves import Seat, seat_choices, seat_label, seat_of
from game.ui import clipboard


class BranchScene(Scene):
    """Play on from the replay's position: your seat and your opponent."""
    transparent = True
    held_widgets = ("window",)

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay
        state = replay.state
        self.seat_titles = state.spec.seats_for(state.options)
        self.you = state.to_play if state.to_play is not None else 0
        self.opponents = seat_choices(state.spec)
        self.opponent = self.opponents[min(len(self.opponents) - 1, 3)]   # a middle level
        self.window = None
        self.ring.focus = 2                 # on "Play"

    def build(self, size) -> None:
        text = (f"A new game from move {self.replay.index}, with the same options. "
                f"The record stays as it is.")
        self.window, rects = self.dialog("Play from here", text, 560, 4)
        self.selector(rects[0], "You play", list(range(len(self.seat_titles))), self.you,
                      self.set_you, lambda i: self.seat_titles[i], container=self.window)
        game = self.replay.state.spec.name
        self.selector(rects[1], "Against", self.opponents, self.opponent, self.set_opponent,
                      lambda choice: seat_label(choice, game), container=self.window)
        self.button(rects[2], "Play", self.play, container=self.window)
        self.button(rects[3], "Cancel", self.app.pop, container=self.window)

    def set_you(self, seat: int) -> None:
        self.you = seat

    def set_opponent(self, choice: str) -> None:
        self.opponent = choice

    def play(self) -> None:
        seats = opponent_seats(len(self.seat_titles), self.you, self.opponent)
        self.app.pop()
        self.replay.start_unless_it_replaces(lambda: self.replay.start_branch(seats))

    def draw(self, surface) -> None:
        self.app.draw_shade(surface, 200)
        self.draw_ui(surface)


def opponent_seats(seat_count: int, you: int, opponent: str) -> list:
    """The seats of a game from here: `you` a human, the others `opponent` (a
    saves.seat_choices value)."""
    return [Seat("human", None) if i == you else seat_of(opponent)
            for i in range(seat_count)]


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
