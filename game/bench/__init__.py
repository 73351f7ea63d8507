"""Benchmarks, run as `python -m game.bench <command> [options]`.

Each command lives in its own module, imported only when that command runs, and
provides `add_arguments(parser)` and `run(args) -> int` (the exit status). To add one,
write the module and list it in COMMANDS, or for a game's own bench, in its record
(`benches`). Benchmarks measure; they are never unit tests.
"""

# command name -> (module, one-line description); each game's own benches are named by its
# record (GameSpec.benches)
COMMANDS = {
    "startup": ("game.bench.startup", "Seconds from launching the game to its first menu "
                                      "frame"),
    "monkey": ("game.bench.monkey", "Random mouse, keys, pad, resizes and devices thrown at "
                                    "every scene: the actions survived"),
    "playouts": ("game.bench.playouts", "Seeded random games of every game and mode: "
                                        "invariants, undo to the start, save and load"),
    "memory": ("game.bench.memory", "Memory over hours of use in one app: monkey, attract "
                                    "mode, resizes, palettes, whole games"),
    "frames": ("game.bench.frames", "Render time per frame (p50/p99) of every scene at "
                                    "1280×720"),
    "analysis": ("game.bench.analysis", "Analysing a 60-move game of each game: seconds per "
                                        "game (median)"),
    "records-fuzz": ("game.bench.records_fuzz", "Hostile game records: valid ones of every "
                                                "game broken 20,000 ways, only ValueError; "
                                                "a 0.99 MB record's load time"),
    "net-fuzz": ("game.bench.net_fuzz", "Hostile bytes and messages thrown at the live "
                                        "protocol, a host and a hosted game over loopback: "
                                        "only ValueError, no hang"),
    "codes-fuzz": ("game.bench.codes_fuzz", "Hostile correspondence codes: codes of whole "
                                            "games broken 20,000 ways, only ValueError, no "
                                            "hang; the codes' lengths"),
    "strength": ("game.bench.strength", "Strongest levels against a UCT reference opponent, "
                                        "UCT tuning, a rated ladder of every level"),
}


def commands() -> dict:
    """Every command: the games' own (their records' `benches`, in the registry's order),
    then the shared ones."""
    import game.rules
    found = {}
    for spec in game.rules.in_order():
        found.update(spec.benches)
    return {**found, **COMMANDS}


def headless_home(name: str) -> None:
    """Before a bench builds an App: no window and no sound device (SDL's dummy drivers,
    unless a driver was asked for), and a fresh, empty home folder of its own."""
    import os
    import tempfile
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["LITTLE_ABSTRACTS_HOME"] = tempfile.mkdtemp(prefix=f"{name}-")
    # A game hosted by a bench (the monkey may press Host) listens on this machine only,
    # unannounced; the Join screen looks for games on loopback only.
    from game.net import live_session
    live_session.stay_on_this_machine()
