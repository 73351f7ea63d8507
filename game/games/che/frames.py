"""What the frames bench (game/bench/frames.py) measures of Che: its start, 64 tiles
zoomed out to fit with the pointer on one (its region outlined) and the last tile popping
in, a winning region, where its computer searches and where real moves are played."""
from game.bench.frames import Ending, FrameScreens, Position, Screen, replay_last_move
from game.games.truchet.frames import point_at_a_tile


def _decided(state) -> bool:
    return state.outcome.winner is not None


# The tile games: 64 tiles zoomed out to fit (an unlimited or large pool, so the game
# goes on), the pointer on a tile (its region outlined), the last tile popping in.
FRAMES = FrameScreens(
    play=(Screen("{name}: start"),
          Screen("{name}: {state.layout.count} tiles, move animations", seed=7, moves=64,
                 options={"tiles": "unlimited"}, prepare=point_at_a_tile,
                 animate=replay_last_move)),
    results=(Ending("winning region", want=_decided, moves=30),),
    searching=Position(7, 9, note=", 9 tiles"),
    moving=Position(7, 40, {"tiles": "unlimited"}),
)
