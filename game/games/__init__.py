"""The games, a package each (game/games/<name>/): everything the app knows of a game
lives in its package, and its record (`SPEC`, in its rules module) names the rest. The
shared code reads the records through the registry and never names a game.

A game's package holds:

    rules.py       its state, moves and notation, and its record, SPEC: everything else
                   below is named by SPEC's "module:attribute" references
    player.py      its computer player, every level
    view.py        its board view, and the rules pages' pictures
    rule_pages.py  its pages of the rules screen
    tutorial.py    its first-game tutorial's lines
    analysis.py    its part of the analysis of a record (game/ai/analysis.py)
    playouts.py    its modes and invariants for the playouts checker
    frames.py      what the frames bench measures of it
    bench.py       its own bench (`python -m game.bench <name>`), and its rows of the
                   strength and analysis benches

and whatever else is its own. Its art is in sprites/ (one module), its sound recipes in
sounds/, both named by its record.

`GAMES` is the one list of them: `import game.rules` registers each package's record in
this order, which is the order of the attract demos' cycle. `truchet` is no game of its
own: it holds what the two tile games, Che and Xutoli, share.
"""

GAMES = ("xtic", "xoliba", "catalina", "che", "xutoli")
