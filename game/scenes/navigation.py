"""The scenes by name. Scenes open one another through the app (`app.open("results",
play)`), never by importing each other, so the scenes form no import cycle; a scene's
module is imported when it is first opened. A game's own screens (Xoliba's solitaire
puzzles) are named by its record (GameSpec.scenes)."""
from __future__ import annotations

from game.core.registry import load_reference

SCENES = {
    "menu": "game.scenes.menu:MenuScene",
    "setup": "game.scenes.setup:SetupScene",
    "play": "game.scenes.play:PlayScene",
    "tutorial": "game.scenes.tutorial:tutorial_scene",
    "demo": "game.scenes.attract:DemoScene",
    "results": "game.scenes.results:ResultsScene",
    "pause": "game.scenes.pause:PauseScene",
    "confirm": "game.scenes.confirm:ConfirmScene",
    "rules": "game.scenes.rules:RulesScene",
    "settings": "game.scenes.settings:SettingsScene",
    "stats": "game.scenes.stats:StatsScene",
    "games": "game.scenes.games:GamesScene",
    "replay": "game.scenes.replay:ReplayScene",
    "play_from_here": "game.scenes.record_dialogs:BranchScene",
    "export": "game.scenes.record_dialogs:ExportScene",
    "puzzles": "game.scenes.puzzles:PuzzlesScene",
    "puzzle_play": "game.scenes.puzzle_play:PuzzlePlayScene",
    "mail_invite": "game.scenes.correspondence:InviteScene",
    "mail_send": "game.scenes.correspondence:SendCodeScene",
    "mail_paste": "game.scenes.correspondence:PasteCodeScene",
    "mail_play": "game.scenes.correspondence:CorrespondencePlayScene",
    "host": "game.scenes.live_lobby:HostScene",
    "join": "game.scenes.live_lobby:JoinScene",
    "live_play": "game.scenes.live_play:LivePlayScene",
    "live_continue": "game.scenes.live_play:resumed_live_game",
}


def scenes() -> dict:
    """Every scene's reference by name: the shared ones, then the games' own."""
    import game.rules
    known = dict(SCENES)
    for spec in game.rules.in_order():
        known.update(spec.scenes)
    return known


def scene_class(name: str):
    """The scene class (or a function making the scene) called `name`."""
    known = scenes()
    try:
        return load_reference(known[name])
    except KeyError:
        raise KeyError(f"no scene called {name!r}; known: {', '.join(known)}") from None
