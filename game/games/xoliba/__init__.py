"""Xoliba, triangles on an octagonal board for 1, 2 or 3 players (docs/rules/xoliba.md).

Besides the modules of every game's package (game/games/__init__.py), its solitaire and
the solitaire puzzles:

    solver.py           the solitaire solver
    levels.py           the levels of levels/: reading them, the attract demo's replay
    level_maker.py      `python -m game.games.xoliba.level_maker`: making and checking them
    puzzles.py          the puzzles' level grid and deal search, their statistics section
    puzzle_play.py      playing one puzzle
    puzzle_progress.py  the puzzles' progress (puzzles.json)
    jobs.py             the worker's solitaire jobs: a hint, a winnable deal
    solitaire_bench.py  `python -m game.bench solitaire`
    monkey.py           the monkey's start points on the puzzle screens
"""
