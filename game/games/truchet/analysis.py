"""What the tile games' analyses share (game/ai/analysis.py): reading a search's value."""
from __future__ import annotations

from game.ai.analysis import for_mover, sign, squash


def tile_game_values(state, move, raw, win, scale):
    """(values, move, exact, horizon) from the search's value `raw`: +-win is a turn won
    (or every turn lost) now, exact; beyond +-win/8 the search sees a forced result a turn
    or two on (threats that cannot all be met), +-1 but not proven; below, the evaluation,
    squashed with `scale`."""
    if abs(raw) >= win:
        return for_mover(state, sign(raw)), move, True, None
    if abs(raw) >= win / 8:
        return for_mover(state, sign(raw)), move, False, None
    return for_mover(state, squash(raw, scale)), move, False, None
