"""Xoliba, triangles on an octagonal board for 1, 2 or 3 players, and its solitaire
puzzles (docs/rules/xoliba.md).

Everything of the game is in this package:

    rules.py       its state, moves and notation, and its record, SPEC: everything else
                   here is named by SPEC's "module:attribute" references
    player.py      its computer player, every level
    view.py        its board view, and the rules pages' pictures
    rule_pages.py  its pages of the rules screen
    tutorial.py    its first-game tutorial's lines
    analysis.py    its part of the analysis of a record (game/ai/analysis.py)
    playouts.py    its modes and invariants for the playouts checker
    frames.py      what the frames bench measures of it
    bench.py       its own bench (`python -m game.bench xoliba`), and its rows of the
                   strength and analysis benches
    solver.py      the solitaire solver
    levels.py      the solitaire levels of levels/ (reading them, the attract demo)
    level_maker.py `python -m game.games.xoliba.level_maker`: making and checking them
    puzzles.py     the puzzles' level grid and deal search, their statistics section
    puzzle_play.py playing one puzzle
    puzzle_progress.py  the puzzles' progress (puzzles.json)
    jobs.py        the worker's solitaire jobs: a hint, a winnable deal
    solitaire_bench.py  `python -m game.bench solitaire`
    monkey.py      the monkey's start points on the puzzle screens

Its art is in sprites/, its sounds in sounds/ (named by its record).
"""
