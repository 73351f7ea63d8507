"""Tools that drive and check the app and the rules, shared by the test suite (tests/) and
the benchmarks (game/bench/); the tests import these, never the benches.

- events: the raw pygame events a person's input makes, and a fake gamepad (FakePad);
- positions: random positions (moves that keep a game going, a grown Truchet layout);
- playouts: the checker of seeded random games of every registered game (each game's
  modes and invariants come from its record: GameSpec.playouts);
- monkey: a seeded stream of random input thrown at the whole app.
"""
