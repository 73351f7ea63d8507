"""What every scene shares: the Scene interface, text drawing, and a focus ring over
pygame-gui buttons (pygame-gui has no keyboard or gamepad navigation of its own).

A scene sees only actions (game/ui/input.py). Its buttons are pygame-gui elements used for
their look; which one is focused, and pressing it, is ours, so the mouse (pointing moves
the focus, click = press), the keys and the pad all reach every button the same way.
Focus has one look (filled, with the pulsing ring); a button under the pointer that is
not focused (the keys moved on) shows only a lighter outline.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame_gui.core.utility import get_default_manager, set_default_manager

from game.ui import input as inp
from game.ui.shapes import draw_rounded_shapes_lean
from game.ui.text import draw_text
from game.ui.theme import load_theme

# A dialog's window, drawn whole, took pygame-gui 230 MB for a moment; a window made again
# smaller kept its anti-aliasing buffers until collected (game/ui/shapes.py).
draw_rounded_shapes_lean()

SLIDER_LABEL_SHARE = 0.42       # of a slider's row: its label and value, left of the bar
TEXT_LABEL_SHARE = 0.3         # of a text field's row: its label, left of the entry
DIALOG_PAD = 24                 # design pixels: a dialog's margin inside its window

# A rounded pygame-gui button draws each of its looks (normal, hovered, selected,
# pressed) through two anti-aliasing buffers at four times its size, and keeps each look
# as three pictures of its size: at 2560×1440 a wide button's buffers are about 4 MB,
# and a screen of fifty buttons would hold hundreds of megabytes. pygame-gui draws all
# the looks ahead, one per frame, keeping the buffers meanwhile, and drops the buffers
# after the first drawing only (a later redraw, for a new label or a disabled look,
# keeps them for good). Here a button draws only its normal look when made; any other
# is drawn the first time the button takes it (pygame-gui's own path for the disabled
# look), and the buffers go as soon as no drawing is pending (game/ui/shapes.py).
def draw_looks_when_shown(element) -> None:
    """A new button: its other looks drawn on first use, its buffers dropped. (With a
    pygame-gui made otherwise, it draws them ahead as it always did.)"""
    shape = getattr(element, "drawable_shape", None)
    if hasattr(shape, "states_to_redraw_queue") and hasattr(shape, "clean_up_temp_shapes"):
        shape.states_to_redraw_queue.clear()    # not drawn yet: each drawn on first use
        shape.clean_up_temp_shapes()


@dataclass
class Focusable:
    """One thing the focus ring can land on: a button, or a selector of values."""
    element: pygame_gui.elements.UIButton | None      # None once its UI is gone
    on_press: Callable[[], None] | None = None
    values: tuple = ()                      # a selector when not empty
    index: int = 0
    label: str = ""
    format_value: Callable = str
    on_change: Callable | None = None
    enabled: bool = True
    column: int = 0                         # for left/right moves between columns
    extra: dict = field(default_factory=dict)

    @property
    def is_selector(self) -> bool:
        return bool(self.values)

    @property
    def slider(self):
        """The pygame-gui slider beside a selector's label (the volumes), or None."""
        return self.extra.get("slider")

    @property
    def entry(self):
        """The pygame-gui text entry beside a text field's label, or None."""
        return self.extra.get("entry")

    @property
    def area(self) -> pygame.Rect:
        """Where the item is on screen: its element, and its slider or entry if it has
        one."""
        rect = self.element.rect
        beside = self.slider or self.entry
        return rect.union(beside.rect) if beside is not None else rect

    @property
    def value(self):
        return self.values[self.index]

    def refresh(self) -> None:
        if self.element is None:
            return
        if self.slider is not None:
            self.element.set_text(f"{self.label}: {self.format_value(self.value)}")
            if self.slider.get_current_value() != self.index:
                self.slider.set_current_value(self.index)
        elif self.is_selector:
            self.element.set_text(f"{self.label}:  ‹ {self.format_value(self.value)} ›")
        if self.enabled:
            self.element.enable()
        else:
            self.element.disable()

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self.refresh()
        if self.on_change:
            self.on_change(self.value)


class FocusRing:
    """Keyboard/pad/mouse navigation and pressing over a list of Focusables."""

    def __init__(self, app):
        self.app = app
        self.items: list[Focusable] = []
        self.focus = 0
        # Pointer-only rings (the play scene's buttons, reached by keys U/R/P instead)
        # show no focus: the arrows belong to the board cursor there.
        self.pointer_only = False
        # Spatial rings (the game-select's grid of cards and buttons): the arrows go to
        # the nearest item that way, instead of along columns.
        self.spatial = False

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        item.refresh()
        return item

    def clear(self) -> None:
        """Forget the items, which let go of their elements: a scene may keep an item in
        an attribute, and its element would keep the whole UI manager alive."""
        for item in self.items:
            item.element = None
            item.extra.pop("slider", None)
            item.extra.pop("entry", None)
        self.items.clear()
        self.focus = 0

    @property
    def current(self) -> Focusable | None:
        return self.items[self.focus] if self.items else None

    def set_focus(self, index: int) -> None:
        if not self.items:
            return
        index %= len(self.items)
        if index != self.focus:
            self.focus = index
            self.app.sounds.play("menu_move")
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            if i == self.focus and item.enabled and not self.pointer_only:
                item.element.select()
            elif item.enabled:
                item.element.unselect()
                if item.element.hovered and item.element.drawable_shape is not None:
                    # unselect() shows the normal look even under the pointer
                    item.element.drawable_shape.set_active_state("hovered")
            else:  # unselect() would redraw it with the normal look
                item.element.enable()
                item.element.disable()

    def hold_focus_look(self) -> None:
        """The focused button keeps the focus look while the pointer is over it (pygame-gui
        would show its hover look instead): focus looks the same from every device."""
        item = self.current
        if item is None or self.pointer_only or not item.enabled or item.element is None:
            return
        shape = getattr(item.element, "drawable_shape", None)
        if shape is not None:
            shape.set_active_state("selected")

    def focus_item(self, item: Focusable) -> None:
        if item in self.items:
            self.focus = self.items.index(item)
            self._sync()

    def handle(self, action) -> bool:
        """Handle a navigation or pointer action; True when it was used."""
        if not self.items:
            return False
        kind = action.kind
        item = self.current
        if kind in (inp.UP, inp.DOWN) and self.spatial:
            self.set_focus(self._nearest(kind))
            return True
        if kind in (inp.UP, inp.DOWN):
            self._move_vertical(-1 if kind == inp.UP else 1)
            return True
        if kind in (inp.LEFT, inp.RIGHT):
            delta = -1 if kind == inp.LEFT else 1
            if item.is_selector and item.enabled:
                item.step(delta)
                self.app.sounds.play("menu_move")
                return True
            if self.spatial:
                self.set_focus(self._nearest(kind))
                return True
            return self._move_horizontal(delta)
        if kind == inp.CONFIRM:
            self.press(item)
            return True
        if kind == inp.POINTER_MOVE:
            for i, candidate in enumerate(self.items):
                if candidate.area.collidepoint(action.pos) and i != self.focus:
                    self.set_focus(i)
            return False
        if kind == inp.POINTER_CLICK:
            for i, candidate in enumerate(self.items):
                rect = candidate.element.rect
                if candidate.area.collidepoint(action.pos):
                    self.set_focus(i)
                    if not rect.collidepoint(action.pos):
                        return True         # on its slider or entry, which takes the
                    #                           click itself
                    if candidate.is_selector and action.pos[0] < rect.x + rect.w // 3:
                        if candidate.enabled:
                            candidate.step(-1)
                            self.app.sounds.play("menu_move")
                    else:
                        self.press(candidate)
                    return True
            return False
        return False

    def follow_sliders(self) -> None:
        """A slider the mouse moved (pygame-gui handles the drag): its item takes the
        value, as Left/Right would have given it."""
        for item in self.items:
            slider = item.slider
            if slider is None or slider.get_current_value() == item.index:
                continue
            self.focus_item(item)
            item.step(int(slider.get_current_value()) - item.index)
            self.app.sounds.play("menu_move")

    def _nearest(self, kind: str) -> int:
        """The item the arrow `kind` leads to: left and right along the focused item's
        row (wrapping at its ends); up and down to the nearest row that way, to the item
        closest in x there (wrapping to the far row)."""
        here = self.current.element.rect
        rects = [item.element.rect for item in self.items]
        if kind in (inp.LEFT, inp.RIGHT):
            row = [i for i, rect in enumerate(rects)
                   if rect.top < here.bottom and here.top < rect.bottom]
            row.sort(key=lambda i: rects[i].centerx)
            position = row.index(self.focus)
            return row[(position + (1 if kind == inp.RIGHT else -1)) % len(row)]
        down = kind == inp.DOWN
        rows = sorted({rect.centery for rect in rects}, reverse=not down)
        beyond = [y for y in rows if (y > here.centery if down else y < here.centery)]
        row_y = beyond[0] if beyond else rows[0]
        if not beyond and row_y == here.centery:
            return self.focus                   # a single row
        in_row = [i for i, rect in enumerate(rects) if rect.centery == row_y]
        return min(in_row, key=lambda i: abs(rects[i].centerx - here.centerx))

    def _move_vertical(self, delta: int) -> None:
        column = self.current.column
        same = [i for i, it in enumerate(self.items) if it.column == column]
        position = same.index(self.focus)
        self.set_focus(same[(position + delta) % len(same)])

    def _move_horizontal(self, delta: int) -> bool:
        columns = sorted({it.column for it in self.items})
        if len(columns) < 2:
            return False
        here = self.current
        target_column = columns[(columns.index(here.column) + delta) % len(columns)]
        candidates = [i for i, it in enumerate(self.items) if it.column == target_column]
        y = here.element.rect.centery
        best = min(candidates, key=lambda i: abs(self.items[i].element.rect.centery - y))
        self.set_focus(best)
        return True

    def press(self, item: Focusable) -> None:
        if not item.enabled:
            self.app.sounds.play("illegal")
            return
        if item.is_selector:
            item.step(1)
            self.app.sounds.play("menu_move")
            return
        self.app.sounds.play("menu_confirm")
        if item.on_press:
            item.on_press()

    def draw(self, surface) -> None:
        item = self.current
        if item is None or not item.element.visible or self.pointer_only:
            return
        rect = item.area.inflate(10, 10)
        pulse = 0.5 + 0.5 * abs(((pygame.time.get_ticks() / 900) % 2) - 1)
        colour = self.app.palette.accent
        width = 3 if pulse > 0.5 else 2
        pygame.draw.rect(surface, colour, rect, width, border_radius=12)


class Scene:
    """A screen on the app's stack. Draw only draws; update advances animations."""

    transparent = False      # an overlay draws the scene below it first
    # The attributes in which the scene keeps widgets of its own (a window, a scrolling
    # container): let go with the UI, which they would keep alive (dispose_ui).
    held_widgets: tuple[str, ...] = ()

    def __init__(self, app):
        self.app = app
        self.ui: pygame_gui.UIManager | None = None
        self._ui_for = None         # the window size and palette self.ui was made for
        self.ring = FocusRing(app)

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def exit(self) -> None:
        self.dispose_ui()

    def resume(self) -> None:
        """Called when the scene above was popped."""
        self.rebuild()

    def rebuild(self) -> None:
        """(Re)build the UI for the current window size and palette: the scene's manager
        again if they are the ones it was made for, else a new one."""
        size = self.app.size
        focus = self.ring.focus
        self.ring.clear()
        made_for = (size, self.app.palette)
        if self.ui is not None and self._ui_for == made_for:
            self.ui.clear_and_reset()
        else:
            self.dispose_ui()
            self.ui = pygame_gui.UIManager(size, load_theme(self.app.palette, self.app.scale),
                                           enable_live_theme_updates=False)
            self._ui_for = made_for
        self.build(size)
        if self.ring.items:
            self.ring.focus = min(focus, len(self.ring.items) - 1)
            self.ring._sync()

    def build(self, size) -> None:
        """Create this scene's elements (override)."""

    def dispose_ui(self) -> None:
        """Let the UI manager go with everything it made. Its elements, theme and the
        focus ring's callbacks refer to one another (and the callbacks to the scene), so
        only a cyclic collection frees them: the app runs one when a scene leaves or the
        layout changes (App.release_memory). Killing the elements and forgetting the
        manager here leaves nothing else holding on to them."""
        focus = self.ring.focus
        self.ring.clear()
        self.ring.focus = focus             # where the player was, when it is built again
        for name in self.held_widgets:
            setattr(self, name, None)
        ui, self.ui, self._ui_for = self.ui, None, None
        if ui is None:
            return
        ui.get_root_container().kill()
        if get_default_manager() is ui:     # pygame-gui keeps the first manager made
            set_default_manager(None)

    # --- per frame ------------------------------------------------------------------------
    def handle(self, action) -> None:
        if self.ring.handle(action):
            return
        if action.kind in (inp.BACK, inp.POINTER_BACK):
            self.on_back()

    def on_back(self) -> None:
        self.app.pop()

    def widget_event(self, event) -> None:
        """A mouse event, for this scene's widgets (App.process_event)."""
        if self.ui:
            self.ui.process_events(event)

    def update_covered(self, dt: float) -> None:
        """Each frame while another scene is over this one (a live game keeps hearing
        the other players under its questions and its pause menu)."""

    def update(self, dt: float) -> None:
        if self.ui:
            self.ui.update(dt)
            self.ring.follow_sliders()
            self.ring.hold_focus_look()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_ui(surface)

    def draw_ui(self, surface) -> None:
        self.draw_widgets(surface)
        self.ring.draw(surface)

    def draw_widgets(self, surface) -> None:
        """The UI's widgets. pygame-gui finds which are shown in its update, which a scene
        under an overlay does not get: widgets made since (a rebuild at a resize, the
        panel's new text box) are looked for here."""
        if not self.ui:
            return
        group = self.ui.get_sprite_group()
        if group.should_update_visibility:
            group.should_update_visibility = False
            group.update_visibility()
        self.ui.draw_ui(surface)

    # --- helpers --------------------------------------------------------------------------
    def start_unless_it_replaces(self, start) -> None:
        """Call `start` (a new game), first asking if it would take the place of the
        unfinished game the menu offers under Continue ("Keep it" focused)."""
        from game.services import saves
        loaded, _ = saves.load_resume()
        if loaded is None or loaded.state.is_over:
            start()
            return
        self.app.open("confirm", "Start a new game?",
                      f"Your {loaded.state.spec.title} game ({loaded.where()}) is waiting "
                      f"in the menu under Continue. A new game takes its place.",
                      "Start the new game", start, "Keep it", None)

    def draw_background(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))

    def button(self, rect, text, on_press=None, column=0, enabled=True,
               object_id=None, container=None) -> Focusable:
        """A button at `rect` (window coordinates, also inside a `container` such as a
        window); `object_id` names its own entry of the theme (game/ui/themes)."""
        rect = pygame.Rect(rect)
        if container is not None:
            rect.topleft = (rect.x - container.get_container().get_rect().x,
                            rect.y - container.get_container().get_rect().y)
        element = pygame_gui.elements.UIButton(rect, text, manager=self.ui,
                                               object_id=object_id, container=container)
        item = self.ring.add(Focusable(element, on_press, enabled=enabled, column=column))
        draw_looks_when_shown(element)
        return item

    def selector(self, rect, label, values, current, on_change=None, format_value=str,
                 column=0, enabled=True, container=None) -> Focusable:
        rect = pygame.Rect(rect)
        if container is not None:
            inside = container.get_container().get_rect()
            rect.topleft = (rect.x - inside.x, rect.y - inside.y)
        element = pygame_gui.elements.UIButton(rect, label, manager=self.ui,
                                               container=container)
        index = values.index(current) if current in values else 0
        item = self.ring.add(Focusable(element, None, values=tuple(values), index=index,
                                       label=label, format_value=format_value,
                                       on_change=on_change, enabled=enabled, column=column))
        draw_looks_when_shown(element)
        return item

    def slider(self, rect, label, values, current, on_change=None, format_value=str,
               column=0) -> Focusable:
        """A selector whose values are also on a pygame-gui slider: the label and value
        on the row's left, the slider on its right. Left/Right (keys, pad) step it like
        any selector; the mouse drags it."""
        rect = pygame.Rect(rect)
        label_w = round(rect.w * SLIDER_LABEL_SHARE)
        gap = round(12 * self.app.scale)
        item = self.selector((rect.x, rect.y, label_w, rect.h), label, values, current,
                             on_change, format_value, column)
        bar = pygame.Rect(rect.x + label_w + gap, rect.y + rect.h // 5,
                          rect.w - label_w - gap, rect.h - 2 * (rect.h // 5))
        item.extra["slider"] = pygame_gui.elements.UIHorizontalSlider(
            bar, start_value=item.index, value_range=(0, len(values) - 1), manager=self.ui,
            click_increment=1)
        item.refresh()
        return item

    def text_field(self, rect, label, text, limit=120, container=None,
                   prompt=None) -> Focusable:
        """A label button and a pygame-gui text entry beside it, one focus target:
        pressing the label (Enter, A, a click) or clicking the entry starts typing there;
        Enter, Esc or Tab ends it (App.process_event gives the keys to the entry
        meanwhile). The text is `item.entry.get_text()`."""
        rect = pygame.Rect(rect)
        label_w = round(rect.w * TEXT_LABEL_SHARE)
        gap = round(10 * self.app.scale)
        item = self.button((rect.x, rect.y, label_w, rect.h), label, container=container)
        item.on_press = lambda: item.entry.focus()
        place = pygame.Rect(rect.x + label_w + gap, rect.y, rect.w - label_w - gap, rect.h)
        if container is not None:
            inside = container.get_container().get_rect()
            place.topleft = (place.x - inside.x, place.y - inside.y)
        entry = pygame_gui.elements.UITextEntryLine(place, manager=self.ui,
                                                    container=container, initial_text=text,
                                                    placeholder_text=prompt)
        entry.set_text_length_limit(limit)
        item.extra["entry"] = entry
        return item

    def typed(self, entry, key) -> None:
        """Typing in `entry` ended with `key` (Enter, Esc or Tab): a scene may act on it
        (Enter in a path: open it)."""

    def typing_entry(self):
        """The text entry being typed in, or None."""
        for item in self.ring.items:
            if item.entry is not None and item.entry.is_focused:
                return item.entry
        return None

    def dialog(self, title: str, text: str, width: int, buttons: int,
               button_height: int = 50, gap: int = 12):
        """A pygame-gui window centred in the screen: `title` in its title bar, `text` (if
        any) wrapped in a text box, room under it for `buttons` stacked buttons of
        `button_height` design pixels. Returns (window, the buttons' rects in window
        coordinates) for the scene's `button(..., container=window)`."""
        s = self.app.scale
        sw, sh = self.app.size
        pad = round(DIALOG_PAD * s)
        inner_w = round(width * s)
        window = pygame_gui.elements.UIWindow(
            pygame.Rect(0, 0, inner_w + 2 * pad, sh), manager=self.ui,
            window_display_title=title, draggable=False)
        inside = window.get_container().get_rect()
        text_h = 0
        if text:
            box = pygame_gui.elements.UITextBox(
                html.escape(text), pygame.Rect(pad, pad // 2, inner_w, -1), manager=self.ui,
                container=window)
            text_h = box.rect.h + pad // 2
        bh, g = round(button_height * s), round(gap * s)
        column_h = buttons * bh + (buttons - 1) * g
        frame_h = window.rect.h - inside.h          # the title bar and the borders
        height = min(sh - 8, frame_h + pad + text_h + column_h + pad)
        window.set_dimensions((window.rect.w, height))
        # A resized window is drawn plain (no frame) until pygame-gui redraws it a third
        # of a second later: drawn whole now.
        window.rebuild()
        window.set_position(((sw - window.rect.w) // 2, max(4, (sh - height) // 2)))
        inside = window.get_container().get_rect()
        top = inside.y + pad + text_h
        rects = [pygame.Rect(inside.x + pad, top + i * (bh + g), inner_w, bh)
                 for i in range(buttons)]
        return window, rects

    def column_rects(self, count, width=420, height=52, gap=14, top=None):
        """Rects for `count` stacked buttons, centred horizontally, scaled to the window."""
        s = self.app.scale
        w, h, g = round(width * s), round(height * s), round(gap * s)
        sw, sh = self.app.size
        total = count * h + (count - 1) * g
        y0 = (sh - total) // 2 if top is None else top
        return [pygame.Rect((sw - w) // 2, y0 + i * (h + g), w, h) for i in range(count)]

    def draw_title(self, surface, text, subtitle=None, y=None) -> None:
        s = self.app.scale
        sw, sh = self.app.size
        y = round(70 * s) if y is None else y
        draw_text(surface, text, (sw // 2, y), round(54 * s), self.app.palette.accent, True,
                  anchor="center")
        if subtitle:
            draw_text(surface, subtitle, (sw // 2, y + round(48 * s)), round(20 * s),
                      self.app.palette.text_dim, anchor="center")
