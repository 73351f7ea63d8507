"""Player settings, persisted atomically in the user's config directory.

The sound has two volumes, `effects_volume` and `music_volume` (0 = no music, the
default). Files from before the music had a volume hold the effects' volume as `volume`:
it is read into `effects_volume`, and `volume` is still written beside it, so that an
older copy of the game keeps its volume (it ignores keys it does not know).

The file (`settings.json` in the config folder) is written atomically. One that cannot be
used — empty, cut short, not JSON, not an object, a value of the wrong type or out of its
range (`{"effects_volume": "loud"}`, `{"palette": 5}`), or `"version"` above
SETTINGS_VERSION (a newer copy wrote it) — is rejected whole: it is kept aside as
`settings.json.bad-<time>` (storage.read_json_file), the message names it and every
setting takes its default. Keys this version does not know are ignored (a file without a
"version" is an early version 1 file)."""
from __future__ import annotations

import getpass
from dataclasses import asdict, dataclass, fields
from dataclasses import field as default_of

from game.core import storage
from game.records.kept_games import DEFAULT_KEPT, GAMES_KEPT

ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
ANIMATION_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "off": 0.0}
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
COMPUTER_DELAYS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
PALETTE_CHOICES = ("default", "high contrast", "colour-blind safe")
SETTINGS_VERSION = 1
VOLUME_FIELDS = ("effects_volume", "music_volume")
LEGACY_VOLUME = "volume"          # the effects' volume, before the music had its own
MAX_NAME = 32                     # the player's name (saves.MAX_PLAYER_NAME)


def default_player_name() -> str:
    """The account's name, as a first name is written; "Player" if it has none."""
    try:
        name = getpass.getuser().strip()
    except Exception:               # no account name in the environment
        name = ""
    return player_name_of(name[:MAX_NAME].capitalize()) or "Player"


def player_name_of(value) -> str | None:
    """The player's name as a setting (shown to the other player in a live game)."""
    if isinstance(value, str) and value.strip() and len(value) <= MAX_NAME \
            and value.isprintable():
        return value.strip()
    return None


@dataclass
class Settings:
    effects_volume: float = 0.8
    music_volume: float = 0.0         # 0: the music is off (and never synthesised)
    fullscreen: bool = False
    palette: str = "default"
    animation_speed: str = "normal"
    computer_speed: str = "normal"    # pause between moves when computers play
    show_coordinates: bool = True
    games_kept: int = DEFAULT_KEPT    # finished games kept as records (0: none)
    player_name: str = default_of(default_factory=default_player_name)   # live games' name

    @property
    def volume(self) -> float:
        """The effects' volume, under its old name."""
        return self.effects_volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.effects_volume = value

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self.animation_speed]

    @property
    def computer_delay(self) -> float:
        return COMPUTER_DELAYS[self.computer_speed]

    def to_dict(self) -> dict:
        data = asdict(self)
        data[LEGACY_VOLUME] = self.effects_volume
        data["version"] = SETTINGS_VERSION
        return data


def _is_volume(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1


def _validate(data) -> Settings:
    storage.check_version(data, SETTINGS_VERSION, missing=1)
    settings = Settings()
    problems = []
    if LEGACY_VOLUME in data and "effects_volume" not in data:
        value = data[LEGACY_VOLUME]
        if _is_volume(value):
            settings.effects_volume = float(value)
        else:
            problems.append(f"{LEGACY_VOLUME}={value!r}")
    for field in fields(Settings):
        if field.name not in data:
            continue
        value = data[field.name]
        if field.name in VOLUME_FIELDS:
            ok = _is_volume(value)
        elif field.name == "player_name":
            ok = player_name_of(value) is not None
            value = player_name_of(value) if ok else value
        elif field.type in (bool, "bool"):
            ok = isinstance(value, bool)
        else:
            allowed = {"palette": PALETTE_CHOICES, "animation_speed": ANIMATION_SPEEDS,
                       "computer_speed": COMPUTER_SPEEDS, "games_kept": GAMES_KEPT}[field.name]
            ok = value in allowed and type(value) is type(getattr(settings, field.name))
        if ok:
            setattr(settings, field.name, float(value) if field.name in VOLUME_FIELDS else value)
        else:
            problems.append(f"{field.name}={value!r}")
    if problems:
        raise storage.BadFileError("bad values: " + ", ".join(problems))
    return settings


def settings_path():
    return storage.config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message when the file could not be used."""
    settings, message = storage.read_json_file(settings_path(), "settings", _validate,
                                               "The default settings are used.")
    return settings or Settings(), message


def save_settings(settings: Settings) -> None:
    """Write atomically; OSError when the file cannot be written (the old one is kept)."""
    storage.atomic_write_json(settings_path(), settings.to_dict())
