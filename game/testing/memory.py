"""Memory as the memory bench and the tests see it: the resident size of the process (now,
and its peak), and the pixels of every pygame surface alive.

Surfaces are not tracked by Python's garbage collector, and their pixels are outside
what tracemalloc sees, so they are found as what tracked objects refer to: every object
the collector tracks (alive, or garbage waiting in a cycle), and everything reachable
from the loaded modules (gc.freeze hides the objects made at startup from
gc.get_objects, the module-level caches among them).
"""
from __future__ import annotations

import gc
import sys

import pygame


STATUS = "/proc/self/status"
CLEAR_REFS = "/proc/self/clear_refs"


def _status_bytes(field: str, status) -> int | None:
    """A size in the process's status file (`field`: its value in kB), or None where there
    is no such file or field."""
    try:
        with open(status, encoding="utf-8") as lines:
            for line in lines:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def rss_bytes(status=STATUS) -> int | None:
    """The resident set size of this process now, from /proc (None where there is none)."""
    return _status_bytes("VmRSS", status)


def peak_rss_bytes(status=STATUS) -> int | None:
    """The largest resident set size this process has had (since it started, or since
    reset_peak_rss): VmHWM, which the kernel keeps; samples of VmRSS miss a moment's peak."""
    return _status_bytes("VmHWM", status)


def reset_peak_rss(clear_refs=CLEAR_REFS) -> bool:
    """Bring the peak (VmHWM) down to the present resident size, so the next reading is the
    peak from now on; False where the kernel offers no such reset (not Linux)."""
    try:
        with open(clear_refs, "w", encoding="ascii") as control:
            control.write("5")
    except OSError:
        return False
    return True


def live_surfaces() -> tuple[int, int]:
    """(how many, their pixel bytes) of the pygame surfaces alive in the process,
    subsurfaces counted as their parents. (Only the sums come back: a list of the
    surfaces, kept by the caller, would keep them alive for the next count.)"""
    found: dict[int, pygame.Surface] = {}
    seen: set[int] = set()
    stack = [sys.modules, *gc.get_objects()]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        for referent in gc.get_referents(obj):
            if isinstance(referent, pygame.Surface):
                owner = referent.get_abs_parent()
                found[id(owner)] = owner
            elif gc.is_tracked(referent) and id(referent) not in seen:
                stack.append(referent)
    stack.clear()
    display = pygame.display.get_surface() if pygame.display.get_init() else None
    if display is not None:
        found[id(display)] = display
    return len(found), sum(surface.get_pitch() * surface.get_height()
                           for surface in found.values())
