"""Developer tools run as modules, e.g. `python -m game.tools.screens` (screenshots of every
screen). Nothing here is imported by the game itself."""
