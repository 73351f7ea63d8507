"""Xtic, misère Quarto on a 4×4 board (docs/rules/xtic.md): its modules are those of
every game's package (game/games/__init__.py)."""
