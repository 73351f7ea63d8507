"""What the frames bench (game/bench/frames.py) measures of Xtic: its start, its move
animations, a losing line under the results card, where its computer searches and where
real moves are played."""
from game.bench.frames import Ending, FrameScreens, Position, Screen, replay_last_move

FRAMES = FrameScreens(
    play=(Screen("{name}: start"),
          Screen("{name}: move animations", moves=9, animate=replay_last_move)),
    results=(Ending("losing line"),),
    searching=Position(3, 8, note=", 8 moves in"),
    moving=Position(3, 6),
)
