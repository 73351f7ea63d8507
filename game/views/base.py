"""The interface every board view has: what the play scene and its panel ask of it.

A view draws one game's board in a rect, turns actions into moves, and animates moves
that the session has already applied to the state (drawing never changes the state).
The abstract methods are the ones every game must write; the hooks below them have
defaults that a game overrides only when it has more to say.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from game.views.move_rounds import round_rows, seat_order


class BoardView(ABC):
    # The view paints every pixel of its rect (its layer holds the background), so the
    # play scene need not blit the window's background under it.
    paints_its_rect = False

    def __init__(self, app, state, names):
        self.app = app
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
    def handle(self, action, can_move: bool):
        """Use an action (game/ui/input.py): returns a move to play (a tuple, or a chance
        outcome), True when the action was used, None when not. `can_move`: a human may
        move now."""

    @abstractmethod
    def capture_before(self):
        """What on_move's animation needs of the position before a move (taken just
        before the move is played; a copy of the state would cost that frame)."""

    @abstractmethod
    def on_move(self, move, before) -> None:
        """A move was played: start its animation."""

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

    # Whether a human may move now: the play screen sets it before drawing; a view drawn
    # anywhere else (a test, a picture) assumes so while the game goes on.
    human_may_move: bool | None = None

    def humans_turn(self) -> bool:
        if self.human_may_move is not None:
            return self.human_may_move
        return not self.state.is_over

    # --- hooks with defaults ---------------------------------------------------------
    def seat_colour(self, seat: int):
        """The colour of a seat's marker in the panel."""
        seats = self.app.palette.seats
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
