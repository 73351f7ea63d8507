"""The system clipboard, through pygame-ce (SDL's clipboard; it needs a window, and a
desktop that has a clipboard). Both calls say why they failed instead of raising."""
from __future__ import annotations

import pygame


def copy(text: str) -> str | None:
    """Put `text` on the clipboard; None when done, else why it could not be."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, OSError) as exc:
        return f"The clipboard is not available here ({exc or 'no clipboard'})."
    return None


def paste() -> tuple[str | None, str | None]:
    """(the clipboard's text, None), or (None, why there is none)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, OSError) as exc:
        return None, f"The clipboard is not available here ({exc or 'no clipboard'})."
    if not text:
        return None, "The clipboard holds no text."
    return text, None
