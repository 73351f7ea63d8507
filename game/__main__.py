"""`python -m game` runs the command line (game/cli.py): with no arguments, the app.

The frozen app starts here too. freeze_support comes first: the computer players' worker
is a spawned process, which in a frozen app is this same program started again with
multiprocessing's arguments; freeze_support runs the worker and exits in that case.
"""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main
    sys.exit(main())
