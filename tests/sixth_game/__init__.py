"""A test-only sixth game, plain tic-tac-toe, in the shape of the real five's packages
(game/games/<name>/): its rules and record (rules.py), view, computer player, rules page
and tutorial, and the one line `game.rules.register(SPEC)` that a test runs. Nothing
outside this folder names it: it proves a new game needs no edit to the app
(tests/test_sixth_game.py)."""
