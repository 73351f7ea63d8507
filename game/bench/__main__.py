"""`python -m game.bench <command>`: see game/bench/__init__.py for the command registry."""
from __future__ import annotations

import argparse
import importlib
import sys

from game.bench import commands


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python3 play.py bench",
                                     description="Benchmarks of Little Abstracts.")
    subparsers = parser.add_subparsers(dest="command", metavar="command", required=True)
    known = commands()
    for name, (module_name, help_text) in known.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        if argv and argv[0] == name:        # import only the command that will run
            importlib.import_module(module_name).add_arguments(sub)
    args = parser.parse_args(argv)
    return importlib.import_module(known[args.command][0]).run(args)


if __name__ == "__main__":
    from game.launch.venv import run_with_libraries
    run_with_libraries("game.bench")
    sys.exit(main())
