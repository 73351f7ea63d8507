"""`little_abstracts`: the project as `pip install .` installs it.

site-packages gets this one package, named after the project. The source folder's
packages sit inside it (little_abstracts/game, sprites, sounds and the levels) and keep
importing each other by their own names (`game.…`, `sprites.…`), as they do from the
source folder and in the frozen app: importing this package puts its own folder first
on sys.path. (pyproject.toml maps the folders; this file is game/installed/__init__.py
in the repository and nothing in the source run imports it.)"""
import os
import sys

_FOLDER = os.path.dirname(os.path.abspath(__file__))
if _FOLDER not in sys.path:
    sys.path.insert(0, _FOLDER)


def main() -> int:
    """The `little-abstracts` command (game/launch/cli.py)."""
    import multiprocessing
    multiprocessing.freeze_support()
    from game.launch.cli import main as run
    return run()
