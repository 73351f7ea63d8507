"""What the frames bench (game/bench/frames.py) measures of Xoliba: its start, moves with
flips (two and three players), a piece selected, the final triangles, where its computer
searches and where real moves are played, its demo, and its own screens: the solitaire
puzzles."""
from game.bench.frames import (Ending, FrameScreens, Position, Screen, replay_last_move,
                               show, timed)


def _captured(state) -> bool:
    return bool(state.last_captured)


def _select_piece(app, scene) -> None:
    """A piece selected: its targets and triangles shown."""
    view = scene.view
    frm = sorted(view.movable())[0] if view.movable() else None
    if frm is not None:
        view.selected = frm


def _puzzle_rows(app, frames, record) -> None:
    """Its own screens, the solitaire puzzles: the level grid, a level while the solver
    thinks about a hint (with the arrow of the last one shown), and the solved
    celebration."""
    from game.games.xoliba.puzzle_progress import PuzzleProgress
    from game.games.xoliba.puzzle_play import PuzzleScene
    from game.games.xoliba.puzzles import PuzzleSelectScene

    select = show(app, PuzzleSelectScene(app))
    record("puzzles: level select", timed(app, frames))
    levels = select.levels
    level = levels[min(29, len(levels) - 1)]
    scene = PuzzleScene(app, level, PuzzleProgress(), levels)
    app.push(scene)
    scene.state.play(scene.state.parse_move(level.line[0]))
    scene.view.sync()
    scene.request_hint()                    # from the level's line: the arrow is shown
    thinking = []

    def keep_hinting(index):
        # The solver searches in the worker while the arrow pulses and the panel counts.
        if not app.worker.busy:
            app.worker.request_job("game.games.xoliba.jobs:solitaire_hint",
                                   {"positions": scene._positions()})
        thinking.append(app.worker.busy)
    for index in range(5):
        keep_hinting(index)
        app.step(1 / 30, [])
    thinking.clear()
    times = timed(app, frames, keep_hinting)
    app.worker.cancel()
    record(f"puzzles: hint shown, solver thinking ({sum(thinking)}/{len(thinking)})", times,
           "search")
    first = levels[0]
    scene = PuzzleScene(app, first, PuzzleProgress(), levels)
    app.reset_to(scene)
    scene.session.play(scene.state.parse_move(first.line[0]))
    scene.celebration_time = 0.0
    scene.results_timer = None              # the card would cover the panel: board only
    for _ in range(5):
        app.step(1 / 30, [])

    def celebrate(index):
        scene.celebration_time = (index % 120) / 60   # confetti in flight throughout
    record("puzzles: solved celebration (confetti)", timed(app, frames, celebrate))


FRAMES = FrameScreens(
    # A capturing move, so the flips animate as well as the swap.
    play=(Screen("{name}: start"),
          Screen("{name}: move + flip animations", moves=6, until=_captured,
                 animate=replay_last_move),
          Screen("{name} 3p: piece selected", moves=5, options={"players": 3},
                 prepare=_select_piece),
          Screen("{name} 3p: move + flip animations", moves=8, options={"players": 3},
                 until=_captured, animate=replay_last_move)),
    results=(Ending("final triangles"),),
    searching=Position(3, 4, note=", 4 moves in"),
    moving=Position(3, 10),
    demo=True,
    more=_puzzle_rows,
)
