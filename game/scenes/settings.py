"""Settings: the effects' and the music's volume (on sliders), fullscreen, palette,
animation and computer speed, board coordinates, how many finished games are kept as
records, the player's name (shown to the other player in a live game). Saved at once."""
from __future__ import annotations

from game.services import settings as settings_module
from game.records.kept_games import GAMES_KEPT
from game.scenes.base import Scene
from game.ui.text import draw_text

VOLUMES = tuple(round(v / 10, 1) for v in range(11))


class SettingsScene(Scene):
    def build(self, size) -> None:
        st = self.app.settings
        s = self.app.scale
        rects = iter(self.column_rects(10, width=600, height=42, gap=8, top=round(142 * s)))
        volume = min(VOLUMES, key=lambda v: abs(v - st.effects_volume))
        self.slider(next(rects), "Volume", VOLUMES, volume, self.set_volume,
                    lambda v: f"{round(v * 100)}%")
        music = min(VOLUMES, key=lambda v: abs(v - st.music_volume))
        self.slider(next(rects), "Music", VOLUMES, music, self.set_music_volume,
                    lambda v: f"{round(v * 100)}%" if v else "off")
        self.selector(next(rects), "Fullscreen (F11)", (False, True), st.fullscreen,
                      self.set_fullscreen, lambda v: "on" if v else "off")
        self.selector(next(rects), "Palette", settings_module.PALETTE_CHOICES, st.palette,
                      self.set_palette)
        self.selector(next(rects), "Animations", settings_module.ANIMATION_SPEEDS,
                      st.animation_speed, lambda v: self.set_value("animation_speed", v),
                      lambda v: "off (reduced motion)" if v == "off" else v)
        self.selector(next(rects), "Computer speed", settings_module.COMPUTER_SPEEDS,
                      st.computer_speed, lambda v: self.set_value("computer_speed", v))
        self.selector(next(rects), "Board coordinates", (True, False), st.show_coordinates,
                      lambda v: self.set_value("show_coordinates", v),
                      lambda v: "shown" if v else "hidden")
        self.selector(next(rects), "Finished games kept", GAMES_KEPT, st.games_kept,
                      lambda v: self.set_value("games_kept", v),
                      lambda v: "none" if v == 0 else f"the last {v}")
        self.name_field = self.text_field(next(rects), "Your name", st.player_name,
                                          limit=settings_module.MAX_NAME)
        self.button(next(rects), "Back", self.app.pop)

    def typed(self, entry, key) -> None:
        """The name typed: kept if it is one (else the last one comes back)."""
        name = settings_module.player_name_of(entry.get_text())
        if name is None:
            entry.set_text(self.app.settings.player_name)
            self.app.sounds.play("illegal")
            return
        self.set_value("player_name", name)

    def set_value(self, name, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()

    def set_volume(self, value) -> None:
        """The sound effects' volume ("Volume")."""
        self.app.sounds.set_volume(value)
        self.set_value("effects_volume", value)

    def set_music_volume(self, value) -> None:
        """The music loop's volume; 0 stops it (it is synthesised the first time it is
        turned up)."""
        self.app.sounds.set_music_volume(value)
        self.set_value("music_volume", value)

    def set_fullscreen(self, value) -> None:
        self.app.set_fullscreen(value)

    def set_palette(self, value) -> None:
        self.set_value("palette", value)
        self.app.apply_palette()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, "Settings", "changes are saved at once")
        self.draw_ui(surface)
        s = self.app.scale
        sw, sh = self.app.size
        from game.services.settings import settings_path
        draw_text(surface, f"Saved in {settings_path()}", (sw // 2, sh - round(30 * s)),
                  round(14 * s), self.app.palette.text_dim, anchor="center")
        if not self.app.sounds.available:
            reason = self.app.sounds.error or "sound off: no audio device"
            draw_text(surface, reason[:1].upper() + reason[1:], (sw // 2, sh - round(56 * s)),
                      round(15 * s), self.app.palette.highlight_bad, anchor="center")
