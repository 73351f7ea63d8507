"""A tall picture (the statistics' table, a page of the rules) shown in a pygame-gui
scrolling container, from one of its rows.

The picture is painted once by its scene (pygame-gui has no table, and the rules' lines
keep their bullets' indents); the container clips it and gives it a scroll bar. The
keys, the pad and the wheel move it a row at a time (`scroll_to`), the mouse drags the
bar (`dragged_row` tells the scene which row that brought to the top).
"""
from __future__ import annotations

import pygame
import pygame_gui

BAR_WIDTH = 20          # pixels of the container's bar: pygame-gui makes it this wide at
                        # every window size
BAR_GAP = 8             # design pixels between the picture and the bar


class ScrolledPicture:
    def __init__(self, ui, rect: pygame.Rect, picture: pygame.Surface, row_tops: list[int],
                 scale: float):
        """`row_tops`: the y of each row in `picture`, and its height last."""
        self.row_tops = row_tops
        total = row_tops[-1]
        width = picture.get_width()
        self.container = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(rect.x, rect.y, width + round(BAR_GAP * scale) + BAR_WIDTH, rect.h),
            manager=ui, allow_scroll_x=False)
        pygame_gui.elements.UIImage(pygame.Rect(0, 0, width, max(1, total)), picture,
                                    manager=ui, container=self.container)
        # The bar places the picture to a few pixels (it moves in whole pixels of its own,
        # each several of the picture's): a margin under the last row keeps it whole.
        slack = total // max(1, rect.h) + 3
        self.container.set_scrollable_area_dimensions((width, total + slack))
        self._offset = 0

    @property
    def bar(self):
        """The container's scroll bar (None when everything fits)."""
        return self.container.vert_scroll_bar

    def offset(self) -> int:
        """How far down the container shows its picture, in pixels."""
        return -self.container.scrollable_container.relative_rect.y

    def scroll_to(self, row: int) -> None:
        """Show the picture from `row` (as far as the bar goes)."""
        if self.bar is not None:
            self.bar.set_scroll_from_start_percentage(self.row_tops[row] / self.row_tops[-1])
            self.container.update(0)        # the picture follows its bar now
        self._offset = self.offset()

    def dragged_row(self) -> int | None:
        """The row now at the top when the mouse dragged the bar since the last call
        (the last row when dragged to the end), else None."""
        offset = self.offset()
        dragged = offset != self._offset and self.bar is not None and self.bar.grabbed_slider
        self._offset = offset
        if not dragged:
            return None
        if offset + self.container.rect.h >= self.row_tops[-1]:
            return len(self.row_tops) - 2       # at the end: the last row (the scene's
            # own limit then says which row it shows first)
        return min(range(len(self.row_tops) - 1), key=lambda i: abs(self.row_tops[i] - offset))

    def rows_shown(self, first: int) -> int:
        """How many whole rows from `first` the container shows."""
        bottom = self.offset() + self.container.rect.h
        return sum(1 for i in range(first, len(self.row_tops) - 1)
                   if self.row_tops[i + 1] <= bottom)
