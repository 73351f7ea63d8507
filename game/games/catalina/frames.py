"""What the frames bench (game/bench/frames.py) measures of Catalina Tiles: the dice
rolling, a roll's claimable tiles with one pointed at, claims animated, a winning line,
where its computer searches and where real moves are played."""
from game.bench.frames import (Ending, FrameScreens, Position, Screen, point_at,
                               replay_last_move)
from game.games.catalina.rules import Claim
from game.games.catalina.view import grid_xy
from game.testing.positions import goes_on


def _throw_dice(app, scene):
    """The dice thrown again and again (the roll due, played for the view to show it and
    taken back)."""
    state = scene.state
    roll = state.next_chance()

    def throw(index):
        if not scene.view.animating:
            state.play(roll)
            scene.view.on_move(roll)
            state.undo()
    return throw


def _roll_pointed(app, scene) -> dict:
    """The roll played: its claimable tiles outlined, one pointed at (the dice laid out
    in its order)."""
    state = scene.state
    state.play(state.next_chance())
    scene.view.sync()
    claims = list(state.claimable())
    if claims:
        point_at(app, scene.view.cell_rect(*grid_xy(claims[0])).center)
    return {"claims": len(claims)}


def _claimed(state) -> bool:
    return isinstance(state.history[-1], Claim)


def _rolled(state) -> bool:
    """A decision due after a roll (not a claim), that need not end the game."""
    return not _claimed(state) and goes_on(state)


FRAMES = FrameScreens(
    # 30 steps in: the dice thrown again and again, then a roll's claimable tiles.
    play=(Screen("{name}: dice rolling", moves=30, until=lambda s: s.is_chance,
                 animate=_throw_dice),
          Screen("{name}: {claims} claimable tiles, one pointed", same_scene=True,
                 prepare=_roll_pointed),
          Screen("{name}: claim animations", moves=40, until=_claimed,
                 animate=replay_last_move)),
    results=(Ending("winning line", want=lambda s: bool(s.winning_line)),),
    searching=Position(3, 30, note=", claimable tiles"),
    moving=Position(3, 40, until=_rolled),
)
