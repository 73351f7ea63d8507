"""Catalina Tiles, tic-tac-toe inside tic-tac-toe with four-sided dice
(docs/rules/catalina.md): its modules are those of every game's package
(game/games/__init__.py)."""
