"""Xtic, misère Quarto on a 4×4 board (docs/rules/xtic.md).

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
    bench.py       its own bench (`python -m game.bench xtic`), and its rows of the
                   strength and analysis benches

Its art is in sprites/, its sounds in sounds/ (named by its record).
"""
