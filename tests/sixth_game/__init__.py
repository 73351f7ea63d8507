"""A test-only sixth game, plain tic-tac-toe: three modules (rules, view, player) and the
one line `game.rules.register(SPEC)` that a test runs. Nothing outside this folder names it:
it proves a new game needs no edit to the app (tests/test_sixth_game.py)."""
