"""JSON that comes from outside (a record's option values, a save file): parsed as data,
bounded in nesting depth, and only ever a ValueError when malformed.

`json.loads` recurses once per level of nesting: 2,000 opening brackets raise
RecursionError, and so does a few hundred when the caller is already deep in the stack.
The depth is counted first, without recursion, so nothing deeper than `max_depth` reaches
the parser.
"""
from __future__ import annotations

import json
import re

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { in `text`, brackets inside strings not counted."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: str, max_depth: int):
    """The value `text` holds; ValueError if it is not JSON or nests deeper than
    `max_depth` (NaN and Infinity, which are not JSON, are refused too)."""
    if not isinstance(text, str):
        raise ValueError(f"expected JSON text, not {type(text).__name__}")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise ValueError(f"nested {depth} deep (at most {max_depth})")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:      # max_depth leaves room, but the caller may be deep already
        raise ValueError("nested too deeply to read here") from None


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON value")
