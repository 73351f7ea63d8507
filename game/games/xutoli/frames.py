"""What the frames bench (game/bench/frames.py) measures of Xutoli: 64 tiles with the
letters shown, the legend card, a winning pair and path, a single target matched, where
its computer searches and where real moves are played."""
from game.bench.frames import Ending, FrameScreens, Position, Screen, replay_last_move
from game.games.truchet.frames import point_at_a_tile


def _letters(app, scene) -> None:
    point_at_a_tile(app, scene)
    scene.view.show_letters = True


def _legend(app, scene) -> None:
    scene.view.show_letters = False
    scene.view.show_legend = True


def _decided(state) -> bool:
    return state.outcome.winner is not None


def _won_by_pair(state) -> bool:
    formation = state.winning_formation
    return formation is not None and formation.second is not None


FRAMES = FrameScreens(
    play=(Screen("{name}: {state.layout.count} tiles, letters, move animations", seed=7,
                 moves=64, options={"tiles": 128}, prepare=_letters,
                 animate=replay_last_move),
          Screen("{name}: legend card open", same_scene=True, prepare=_legend)),
    results=(Ending("winning pair and path", _won_by_pair, {"tiles": 128}, 30),
             Ending("single target matched, flashing", _decided,
                    {"target": "drawn_letter", "tiles": 128}, 0)),
    searching=Position(3, 15, note=", 15 tiles"),
    moving=Position(7, 40, {"tiles": 128}),
)
