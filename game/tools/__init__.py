"""Developer tools run as modules, e.g. `python -m game.tools.levels` (the level generator).
Nothing here is imported by the game itself."""
