"""The games, a package each (game/games/<name>/): everything the app knows of a game
lives in its package, and its record (`SPEC`, in its rules module) names the rest. The
shared code reads the records through the registry and never names a game.

`GAMES` is the one list of them: `import game.rules` registers each package's record in
this order, which is the order of the attract demos' cycle. `truchet` is no game of its
own: it holds what the two tile games, Che and Xutoli, share.
"""

GAMES = ("xtic", "xoliba", "catalina", "che", "xutoli")
