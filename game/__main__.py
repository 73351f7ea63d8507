"""`python -m game` runs the command line (game/launch/cli.py): with no arguments, the app.
Started by a Python without the game's libraries, it runs again with .venv's.

The frozen app starts here too. freeze_support comes first: the computer players' worker
is a spawned process, which in a frozen app is this same program started again with
multiprocessing's arguments; freeze_support runs the worker and exits in that case.
"""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    if not getattr(sys, "frozen", False):
        from game.launch.venv import run_with_libraries
        run_with_libraries("game")          # the system's python3: use .venv
    from game.launch.cli import main
    sys.exit(main())
