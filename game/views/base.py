"""The interface every board view has: what the play scene and its panel ask of it.

A view draws one game's board in a rect, turns actions into moves, and animates moves
that the session has already applied to the state (drawing never changes the state).
It knows of the app only its `ViewContext`. The abstract methods are the ones every game
must write; the hooks below them have defaults that a game overrides only when it has
more to say.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Hashable

from game.views.move_rounds import round_rows, seat_order


@dataclass
class ViewContext:
    """What a board view draws with, all it knows of the app. The app keeps one for its
    views, and sets its palette and scale again when the settings or the window change
    them."""
    palette: Any                        # sprites.palettes.Palette: the colours
    sounds: Any                         # play(name): the sound cues (sounds.SoundBank)
    settings: Any                       # game.services.settings.Settings: animation_factor (the
    #                                     animations' speed), show_coordinates
    input: Any                          # last_device: keys and pads show a cursor
    scale: float = 1.0                  # the layout's scale to the 1280×720 design size
    background: Callable[[], Any] | None = None     # the window's background picture
    draw_shade: Callable[..., None] | None = None   # (surface, alpha, area): a veil


@dataclass(frozen=True)
class Handled:
    """What a view's handle did with an action: `used` it (a refusal too), or left it to
    the screen (Back then pauses); `move`, when the action completed one, for the screen
    to play."""
    used: bool = True
    move: Hashable | None = None


USED = Handled()
NOT_USED = Handled(used=False)


class BoardView(ABC):
    # The view paints every pixel of its rect (its layer holds the background), so the
    # play scene need not blit the window's background under it.
    paints_its_rect = False

    def __init__(self, context: ViewContext, state, names):
        self.context = context
        self.state = state
        self.names = names          # the seats' names, kept up to date by the session

    # --- what every view writes ------------------------------------------------------
    @abstractmethod
    def layout(self, rect) -> None:
        """Fit the board into `rect` (the window minus the side panel)."""

    @abstractmethod
    def sync(self) -> None:
        """Show the state as it is now, without animation (after undo, redo, a load)."""

    @abstractmethod
    def handle(self, action) -> Handled:
        """Use an action (game/ui/input.py): USED, NOT_USED, or Handled(move=...) when it
        completes a move (only while human_may_move)."""

    @abstractmethod
    def on_move(self, move) -> None:
        """`move` was just played (the state's last move): start its animation, from the
        position before it (`with self.state.before_last_move():`)."""

    @abstractmethod
    def update(self, dt: float) -> None:
        """Advance the animations by `dt` seconds."""

    @property
    @abstractmethod
    def animating(self) -> bool:
        """A move's animation is still running (the computer waits for it)."""

    @abstractmethod
    def draw(self, surface) -> None: ...

    @abstractmethod
    def draw_hint(self, surface, move) -> None:
        """Ring `move` on the board (a hint, or the tutorial's suggestion)."""

    @abstractmethod
    def status(self) -> str:
        """The panel's status line while a human is to move ("Red: pick a piece")."""

    # Drawn as a menu card's miniature (game/scenes/miniatures.py): too small for what is
    # there to be read (the Xtic pool's piece numbers), which the view then leaves out.
    miniature = False

    # Whether a human may move now: the screen showing the view says so before it hands
    # the view an action or draws it (a miniature or a replay: never); a view drawn
    # anywhere else (a test, a picture) assumes so while the game goes on.
    _human_may_move: bool | None = None

    @property
    def human_may_move(self) -> bool:
        if self._human_may_move is not None:
            return self._human_may_move
        return not self.state.is_over

    @human_may_move.setter
    def human_may_move(self, value: bool) -> None:
        self._human_may_move = value

    # --- hooks with defaults ---------------------------------------------------------
    def seat_colour(self, seat: int):
        """The colour of a seat's marker in the panel."""
        seats = self.context.palette.seats
        return seats[seat % len(seats)]

    def info_lines(self) -> list:
        """(text, colour or None) lines the panel shows under the status."""
        return []

    def pass_text(self) -> str | None:
        """The status line for a forced pass (None: the session's words)."""
        return None

    def move_rows(self, texts: list) -> list:
        """The move list's rows (`texts`: the state's move_list): a round a row, a column
        per seat of move_columns (game/views/move_rounds.py). A view that groups its
        rows otherwise (Che: a turn a row) overrides move_columns too."""
        movers = self.state.movers()
        if None in movers:              # dice have no seat: two moves a row
            return [texts[i:i + 2] for i in range(0, len(texts), 2)]
        return round_rows(texts, movers, seat_order(movers, self.state), self.state)

    def move_columns(self) -> list | None:
        """The seat heading each column of move_rows, in the order they play; None when
        the columns are not seats."""
        movers = self.state.movers()
        return None if None in movers else seat_order(movers, self.state)

    def view_actions(self) -> list:
        """(label, callback) of what the view offers besides moves (Xutoli: letters,
        the legend); shown as buttons and in the pause menu."""
        return []
