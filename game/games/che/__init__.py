"""Che, the boardless Truchet tile game of closed regions (docs/rules/che.md). Its board
view and what it shares with Xutoli are in game/games/truchet/.

Everything else of the game is in this package:

    rules.py       its state, moves and notation, and its record, SPEC: everything else
                   here is named by SPEC's "module:attribute" references
    player.py      its computer player, every level
    rule_pages.py  its pages of the rules screen
    tutorial.py    its first-game tutorial's lines
    analysis.py    its part of the analysis of a record (game/ai/analysis.py)
    playouts.py    its modes and invariants for the playouts checker
    frames.py      what the frames bench measures of it
    bench.py       its own bench (`python -m game.bench che`), its rows of the strength
                   and analysis benches, and the long record of the records-fuzz bench

Its art is in sprites/, its sounds in sounds/ (named by its record).
"""
