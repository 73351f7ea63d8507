"""A plain window telling the player why the game stopped (game/launch/cli.py report_fatal).

It needs nothing but pygame's display and default font, so it still works when the
failure was elsewhere (a missing level file, a broken save folder, a crashed screen). It
is not shown where nobody could close it: a headless video driver, CI or the tests."""
from __future__ import annotations

import os

NO_WINDOW_ENV = ("CI", "PYTEST_CURRENT_TEST", "LITTLE_ABSTRACTS_NO_DIALOG")
SIZE = (720, 320)
MARGIN = 24


def possible() -> bool:
    if any(os.environ.get(name) for name in NO_WINDOW_ENV):
        return False
    return os.environ.get("SDL_VIDEODRIVER", "").lower() not in ("dummy", "offscreen")


def wrap(text: str, font, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line] if line else lines


def show(paragraphs: list[str]) -> None:
    """Show the paragraphs until a key, a click or the window's close button."""
    if not possible():
        return
    import pygame

    from game.ui.window import name_the_window
    pygame.display.quit()           # whatever state the failed start left it in
    name_the_window()               # a dock groups it with the game's launcher too
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("Little Abstracts: it could not go on")
    font = pygame.font.Font(None, 26)
    screen.fill((32, 36, 48))
    y = MARGIN
    for paragraph in paragraphs + ["Press any key or click to close."]:
        for line in wrap(paragraph, font, SIZE[0] - 2 * MARGIN):
            screen.blit(font.render(line, True, (236, 236, 240)), (MARGIN, y))
            y += font.get_linesize()
        y += font.get_linesize() // 2
    pygame.display.flip()
    clock = pygame.time.Clock()
    while True:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                              pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
                pygame.display.quit()
                return
        clock.tick(30)
