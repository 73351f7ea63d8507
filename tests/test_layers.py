"""The layers hold: every import goes down the table of layers below (or stays in its
layer), there are no import cycles, nothing under the ui layer imports pygame, the
screens open each other through the app, and the tests take their shared fixtures from
tests/conftest.py."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.tools import imports

# The layers, bottom to top, and the modules in each, named by prefix: a name stands for
# that module and every module under it (a `*` for any one name, as in "game.games.*.view"
# for every game's view), and the longest name that fits a module says its layer. A
# module may import its own layer and the layers below it, never one above.
LAYERS = (
    ("core", ("game", "game.core")),            # `game` itself: the title, version, app id
    # A game's package spans the layers, module by module: its rules, pages and tutorial
    # lines here, its player with the ai, its view with the views, and so on up.
    ("games", ("game.rules", "game.rule_pages", "game.games")),
    ("services", ("game.services", "game.records", "game.games.*.puzzle_progress",
                  "game.puzzles", "game.net")),
    ("ai", ("game.ai", "game.games.*.player", "game.games.*.analysis",
            "game.games.*.solver", "game.games.*.jobs", "game.games.*.tactics",
            "game.games.*.solitaire_tactics",
            "game.puzzles.mistakes")),
    ("ui", ("game.ui", "sprites", "sounds")),
    ("views", ("game.views", "game.games.*.view")),
    ("scenes", ("game.scenes", "game.games.*.puzzles", "game.games.*.puzzle_play")),
    ("app", ("game.app",)),
    ("launch", ("game.launch", "game.__main__", "game.installed")),
    # What tests, benches and developers run; the app never imports it.
    ("tools", ("game.testing", "game.bench", "game.tools", "game.games.*.bench",
               "game.games.*.frames", "game.games.*.playouts", "game.games.*.monkey",
               "game.games.*.solitaire_bench", "game.games.*.level_maker")),
)
NO_PYGAME_BELOW = "ui"          # the layers under the ui run headless

SCENE_HELPERS = {"game.scenes.base", "game.scenes.notices", "game.scenes.play_panel",
                 "game.scenes.miniatures", "game.scenes.scrolled",
                 "game.scenes.seat_choices", "game.scenes.rating_course"}   # parts of screens


def fits(prefix: str, module: str) -> bool:
    """Whether `module` is `prefix` or a module under it."""
    wanted, parts = prefix.split("."), module.split(".")
    return len(parts) >= len(wanted) and all(w in ("*", part) for w, part in zip(wanted, parts))


def layer_name(module: str, layers=LAYERS) -> str | None:
    """The prefix in `layers` that says `module`'s layer (the longest that fits), or None."""
    fitting = [prefix for _layer, prefixes in layers for prefix in prefixes
               if fits(prefix, module)]
    return max(fitting, key=lambda prefix: prefix.count("."), default=None)


def layer_of(module: str) -> int:
    """`module`'s layer, as its place in LAYERS counted from the bottom."""
    name = layer_name(module)
    return next(index for index, (_layer, prefixes) in enumerate(LAYERS) if name in prefixes)


def arrows_up(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import (module, imported) whose imported module sits in a higher layer."""
    return sorted((module, target) for module, targets in graph.items()
                  for target in targets if layer_of(target) > layer_of(module))


def test_every_module_is_in_a_layer():
    # A new module under game/ is named in LAYERS (by its folder), not taken for the core
    # because `game` is a prefix of its name.
    assert [module for module in imports.modules()
            if layer_name(module) in (None, "game") and module != "game"] == []


def test_imports_go_down_the_layers():
    assert arrows_up(imports.graph()) == []


def test_the_checker_finds_an_arrow_up():
    graph = {"game.core.storage": {"game.services.saves"},      # core -> services: up
             "game.services.saves": {"game.core.storage", "game.rules"},
             "game.scenes.menu": {"game.views.base", "game.scenes.base"},
             "game.launch.cli": {"game.app"}}
    assert arrows_up(graph) == [("game.core.storage", "game.services.saves")]


def test_a_star_in_a_prefix_stands_for_any_one_name():
    layers = (("games", ("game.games",)), ("views", ("game.games.*.view",)))
    assert layer_name("game.games.xtic.view", layers) == "game.games.*.view"
    assert layer_name("game.games.xtic.view.parts", layers) == "game.games.*.view"
    assert layer_name("game.games.xtic.rules", layers) == "game.games"
    assert layer_name("game.gamesx", layers) is None


def test_no_import_cycles():
    # The same check from the command line: python -m game.tools.imports
    assert imports.cycles(imports.graph()) == []


def test_the_checker_finds_a_cycle():
    assert imports.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_layers_under_the_ui_import_no_pygame():
    ui = next(index for index, (layer, _) in enumerate(LAYERS) if layer == NO_PYGAME_BELOW)
    headless = [module for module in imports.modules() if layer_of(module) < ui]
    code = ("import sys, importlib, game.rules;"
            f"[importlib.import_module(name) for name in {headless!r}];"
            "[spec.load('player') for spec in game.rules.all_specs()];"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=imports.ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_scenes_open_each_other_through_the_app():
    for module, targets in imports.graph().items():
        if layer_name(module) == "game.scenes":
            # Screens open each other by name through the app; the demo screen, a
            # puzzle's, a correspondence game's and a live game's extend the play screen.
            others = {t for t in targets if t.startswith("game.scenes")} - SCENE_HELPERS
            assert others <= {"game.scenes.play"}, (module, others)
            if others:
                assert module in ("game.scenes.attract", "game.scenes.puzzle_play",
                                  "game.scenes.correspondence",
                                  "game.scenes.live_play"), module


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


def test_no_test_module_imports_another():
    # What tests share lives in conftest.py (fixtures) and in the helper modules
    # (scene_driver, samples, ...), never in a test module another one imports.
    folder = Path(__file__).resolve().parent
    imported = [(path.name, name) for path in sorted(folder.rglob("*.py"))
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                for name in ([alias.name for alias in node.names]
                             if isinstance(node, ast.Import) else
                             [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if name.split(".")[0].startswith("test_")]
    assert imported == []
