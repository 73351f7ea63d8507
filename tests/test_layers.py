"""The layers hold: no import cycles in the project, the rules, the engine and the
computer players import no pygame, the screens open each other through the app, and the
tests take their shared fixtures from tests/conftest.py."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.tools import imports

SCENE_HELPERS = {"game.scenes.base", "game.scenes.notices", "game.scenes.play_panel",
                 "game.scenes.miniatures", "game.scenes.scrolled",
                 "game.scenes.seat_choices"}     # parts of screens


def test_no_import_cycles():
    # The same check from the command line: python -m game.tools.imports
    assert imports.cycles(imports.graph()) == []


def test_the_checker_finds_a_cycle():
    assert imports.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_rules_engine_and_computer_players_import_no_pygame():
    code = ("import sys, game.rules, game.core, game.services, game.services.session, game.ai, game.ai.worker,"
            " game.records;"
            "[spec.load('player') for spec in game.rules.all_specs()];"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=imports.ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_layers_import_only_downwards():
    graph = imports.graph()
    for module, targets in graph.items():
        layer = module.split(".")[:2]
        if layer in (["game", "rules"], ["game", "engine"], ["game", "ai"]):
            assert not {t for t in targets if t.startswith(("game.scenes", "game.views",
                                                            "game.ui", "game.app",
                                                            "sprites", "sounds"))}, module
        if layer in (["game", "views"], ["game", "ui"]):
            assert not {t for t in targets if t.startswith("game.scenes")}, module
        if layer == ["game", "scenes"]:
            # Screens open each other by name through the app; the demo screen extends
            # the play screen.
            others = {t for t in targets if t.startswith("game.scenes")} - SCENE_HELPERS
            assert others <= {"game.scenes.play"}, (module, others)
            if others:
                assert module == "game.scenes.attract", module


def fixtures_defined(tree) -> set[str]:
    """The names of the functions decorated with pytest.fixture (called or not) in `tree`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(target) in ("pytest.fixture", "fixture"):
                    found.add(node.name)
    return found


def test_no_test_module_borrows_a_fixture_from_another():
    # pytest gives every module the fixtures of tests/conftest.py; a fixture imported
    # from a test module instead ties the two modules together for a name nobody calls.
    folder = Path(__file__).resolve().parent
    trees = {path.stem: ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(folder.rglob("*.py"))}
    fixtures = {name: fixtures_defined(tree) for name, tree in trees.items()}
    borrowed = [(name, node.module, alias.name)
                for name, tree in trees.items() for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                for alias in node.names if alias.name in fixtures.get(node.module, ())]
    assert borrowed == []
