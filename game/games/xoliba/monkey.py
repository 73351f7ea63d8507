"""The monkey's start points on Xoliba's own screens (game/testing/monkey.py; its record's
`monkey`): a random puzzle level, over the level grid."""
from __future__ import annotations


def start_points() -> list:
    return [("puzzle level", _puzzle_level)]


def _puzzle_level(app, rng):
    from game.games.xoliba.puzzle_play import PuzzleScene
    from game.games.xoliba.puzzle_progress import load_progress
    from game.games.xoliba.puzzles import PuzzleSelectScene
    from game.scenes.menu import MenuScene
    select = PuzzleSelectScene(app)
    level = select.levels[rng.randrange(len(select.levels))]
    progress, _ = load_progress()
    return [MenuScene(app), select,
            lambda: PuzzleScene(app, level, progress, select.levels)]
