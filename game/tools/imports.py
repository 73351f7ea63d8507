"""The import graph of the project's packages, and its cycles.

    python -m game.tools.imports          # prints every cycle; exit code 1 if there is one

Every `import` counts, at the top of a module or inside a function: an import put inside
a function to dodge a cycle still ties the two modules together. A module importing
its own package's `__init__` (every `from game.x import y` runs game/x/__init__.py first)
is not counted as an edge back, since Python runs a package before its modules anyway.
tests/test_layers.py keeps the graph free of cycles.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "sprites", "sounds")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imported(path: Path, name: str, known: dict) -> set[str]:
    """The project modules `path` (module `name`) imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.add(full if full in known else base)
    edges = set()
    for target in targets:
        while target and target not in known:      # `import game.games.xtic.rules` -> the module
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(target + "."):
            edges.add(target)
    return edges


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, name, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found = []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def main() -> int:
    found = cycles(graph())
    for group in found:
        print("import cycle:", " -> ".join(group))
    if not found:
        print(f"no import cycles among {len(modules())} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
