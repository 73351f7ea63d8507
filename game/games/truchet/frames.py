"""What the frames bench (game/bench/frames.py) does alike for the tile games."""
from game.bench.frames import point_at


def point_at_a_tile(app, scene) -> None:
    """The pointer on the middle tile of the layout (its region outlined)."""
    layout = scene.state.layout
    tile = layout.tiles()[layout.count // 2]
    point_at(app, scene.view.cell_rect(tile.x, tile.y).center)
