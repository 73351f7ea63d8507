"""Each game lives in its own package, game/games/<name>/: the shared code names no game.

Shared code is every module under game/ outside game/games/, and sprites/ and sounds/
but for the games' art (ART, one module per game at most). It imports nothing of the
games' packages (game.games itself, the list of the games, excepted) and holds no text
equal to a game's name: what it needs of a game it reads from the game's record in the
registry. The test-only sixth game (tests/sixth_game/) has the shape of the real five."""
from __future__ import annotations

import ast
from pathlib import Path

import game.rules
from game.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
# The games' procedural art, painted by the shared painters: game -> its module.
ART = {"xtic": "sprites/xtic_pieces.py", "xoliba": "sprites/xoliba_pieces.py",
       "catalina": "sprites/catalina_pieces.py", "che": "sprites/truchet_tiles.py",
       "xutoli": "sprites/truchet_tiles.py"}


def shared_modules() -> list[Path]:
    games = ROOT / "game" / "games"
    found = [path for path in sorted((ROOT / "game").rglob("*.py"))
             if games not in path.parents]
    found += [path for top in ("sprites", "sounds") for path in sorted((ROOT / top).glob("*.py"))
              if path.relative_to(ROOT).as_posix() not in ART.values()]
    return found


def naming(path: Path) -> list[str]:
    """Where the module at `path` names a game: an import of a game's package, a text
    equal to a game's name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        imported = []
        if isinstance(node, ast.Import):
            imported = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported = [f"{node.module}.{alias.name}" for alias in node.names]
        found += [f"line {node.lineno}: imports {name}" for name in imported
                  if name.startswith("game.games.") and name != "game.games.GAMES"]
        if isinstance(node, ast.Constant) and node.value in GAMES:
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


def test_the_games_are_the_registered_ones_in_their_order():
    assert [spec.name for spec in game.rules.in_order()] == list(GAMES)
    for name in GAMES:
        assert game.rules.get(name).state_class.__module__ == f"game.games.{name}.rules"


def test_no_shared_module_names_a_game():
    modules = shared_modules()
    assert ROOT / "game" / "core" / "registry.py" in modules      # the walk finds them
    assert ROOT / "sprites" / "icon.py" in modules
    named = {path.relative_to(ROOT).as_posix(): naming(path) for path in modules}
    assert {path: lines for path, lines in named.items() if lines} == {}


def test_the_check_finds_a_game_named(tmp_path):
    module = tmp_path / "shared.py"
    module.write_text('from game.games.xtic import rules\nimport game.games.che.player\n'
                      'from game.games import GAMES\nKIND = "xoliba"\nTEXT = "an xoliba"\n',
                      encoding="utf-8")
    assert naming(module) == ["line 1: imports game.games.xtic.rules",
                              "line 2: imports game.games.che.player", "line 4: 'xoliba'"]


def test_each_record_names_its_own_package():
    for spec in game.rules.in_order():
        package = f"game.games.{spec.name}."
        shared = "game.games.truchet."               # what the two tile games share
        for part in ("view", "player", "analysis", "rule_pages", "tutorial", "playouts",
                     "frames", "strength", "analysis_bench"):
            reference = getattr(spec, part)
            assert reference.startswith((package, shared)), (spec.name, part, reference)
            assert spec.load(part) is not None


def test_the_sixth_game_has_the_shape_of_the_real_five():
    sixth = {path.stem for path in (ROOT / "tests" / "sixth_game").glob("*.py")}
    for name in GAMES:
        modules = {path.stem for path in (ROOT / "game" / "games" / name).glob("*.py")}
        assert {"__init__", "rules", "player", "rule_pages", "tutorial"} <= modules, name
    assert {"__init__", "rules", "view", "player", "rule_pages", "tutorial"} <= sixth
