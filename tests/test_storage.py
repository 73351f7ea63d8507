"""game.core.storage: app folders, atomic writes, and reading files that may be bad."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core import storage


def siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def kept_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.bad-*"))


# --- folders --------------------------------------------------------------------------------
def test_dirs_honour_home_override(app_home):
    config, data = storage.config_dir(), storage.data_dir()
    assert config.is_relative_to(app_home)
    assert data.is_relative_to(app_home)
    assert config != data


def test_dirs_follow_a_changed_override(app_home, monkeypatch, tmp_path_factory):
    other = tmp_path_factory.mktemp("other-home")
    monkeypatch.setenv("LITTLE_ABSTRACTS_HOME", str(other))
    assert storage.config_dir().is_relative_to(other)
    assert storage.data_dir().is_relative_to(other)
    assert not storage.config_dir().is_relative_to(app_home)


def test_dirs_without_override(monkeypatch, tmp_path):
    monkeypatch.delenv("LITTLE_ABSTRACTS_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    config, data = storage.config_dir(), storage.data_dir()
    assert "little-abstracts" in str(config) and "little-abstracts" in str(data)
    if storage.sys.platform.startswith("linux"):
        assert config.is_relative_to(tmp_path / "xdg-config")
        assert data.is_relative_to(tmp_path / "xdg-data")


# --- atomic writes ---------------------------------------------------------------------------
def test_atomic_write_creates_folders_and_writes(app_home):
    path = storage.data_dir() / "deep" / "saves" / "game.json"
    storage.atomic_write_text(path, "héllo ✓\n")
    assert path.read_bytes() == "héllo ✓\n".encode()
    assert siblings(path) == ["game.json"]


def test_atomic_write_replaces_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "settings.json"
    for text in ("first", "second, longer text", "3"):
        storage.atomic_write_text(path, text)
        assert path.read_text(encoding="utf-8") == text
        assert siblings(path) == ["settings.json"]


def test_atomic_write_accepts_str_path(tmp_path):
    storage.atomic_write_text(str(tmp_path / "a.txt"), "x")
    assert (tmp_path / "a.txt").read_text() == "x"


def test_crash_at_rename_keeps_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    storage.atomic_write_text(path, "old contents")

    def crash(*args, **kwargs):
        raise OSError("simulated crash")

    monkeypatch.setattr(storage.os, "replace", crash)
    with pytest.raises(OSError, match="simulated crash"):
        storage.atomic_write_text(path, "new contents")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents"
    assert siblings(path) == ["settings.json"]


def test_crash_while_writing_keeps_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    storage.atomic_write_text(path, "old contents")

    def crash(fd):
        raise KeyboardInterrupt  # even a non-Exception interruption cleans up

    monkeypatch.setattr(storage.os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        storage.atomic_write_text(path, "new contents")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents"
    assert siblings(path) == ["settings.json"]


def test_crash_on_first_write_leaves_nothing(tmp_path, monkeypatch):
    path = tmp_path / "new.json"
    monkeypatch.setattr(storage.os, "replace", lambda *a: (_ for _ in ()).throw(OSError("x")))
    with pytest.raises(OSError):
        storage.atomic_write_text(path, "data")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_json_round_trip(tmp_path):
    path = tmp_path / "data.json"
    data = {"b": [1, 2, {"c": None}], "a": "ü", "n": 1.5}
    storage.atomic_write_json(path, data)
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert storage.read_json_file(path, "test") == (data, None)
    assert path.exists()


# --- reading ------------------------------------------------------------------------------
def test_read_missing_file(tmp_path):
    assert storage.read_json_file(tmp_path / "nothing.json", "settings") == (None, None)
    assert list(tmp_path.iterdir()) == []


def test_read_good_file_with_validate(tmp_path):
    path = tmp_path / "scores.json"
    path.write_text('{"x": 1}', encoding="utf-8")
    data, message = storage.read_json_file(path, "scores", validate=lambda d: {**d, "y": 2})
    assert data == {"x": 1, "y": 2} and message is None
    assert siblings(path) == ["scores.json"]


def require_dict(data):
    if not isinstance(data, dict):
        raise ValueError(f"expected an object, got {type(data).__name__}")
    return data


BAD_CONTENTS = {
    "empty": b"",
    "blank": b"  \n\t\n",
    "truncated": b'{"volume": 0.5, "names": ["a", "b',
    "garbage": bytes(range(256)) * 3,
    "bad-utf8": b'{"name": "\xff\xfe"}',
    "trailing": b'{"a": 1} extra',
    "wrong-type": b"[1, 2, 3]",
}


@pytest.mark.parametrize("kind", sorted(BAD_CONTENTS))
def test_bad_file_is_kept_aside_with_message(tmp_path, kind):
    path = tmp_path / "settings.json"
    original = BAD_CONTENTS[kind]
    path.write_bytes(original)
    data, message = storage.read_json_file(path, "settings", validate=require_dict)
    assert data is None
    assert isinstance(message, str)
    assert str(path) in message or path.name in message
    assert "settings" in message
    assert not path.exists()
    kept = kept_copies(path)
    assert len(kept) == 1
    assert kept[0].read_bytes() == original
    assert kept[0].name in message
    # the next read finds no file and gives defaults quietly
    assert storage.read_json_file(path, "settings", validate=require_dict) == (None, None)


def test_validate_message_is_reported(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1]", encoding="utf-8")
    _, message = storage.read_json_file(path, "settings", validate=require_dict)
    assert "expected an object" in message


def test_bad_files_are_never_overwritten(tmp_path):
    path = tmp_path / "settings.json"
    contents = [b"", b"{", b"\x00\x01", b"[", b"nope"]
    for original in contents:
        path.write_bytes(original)
        data, message = storage.read_json_file(path, "settings")
        assert data is None and message
    kept = kept_copies(path)
    assert len(kept) == len(contents)
    assert sorted(p.read_bytes() for p in kept) == sorted(contents)


def test_keep_aside_returns_new_path(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"abc")
    target = storage.keep_aside(path)
    assert target.parent == tmp_path
    assert target.name.startswith("x.json.bad-")
    assert target.read_bytes() == b"abc"
    assert not path.exists()


def test_directory_in_place_of_file_is_reported(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    (path / "inner").write_text("keep me")
    data, message = storage.read_json_file(path, "settings")
    assert data is None and message
    kept = [p for p in tmp_path.iterdir() if p.name != "settings.json"]
    # whatever was there is not lost
    assert any((p / "inner").exists() for p in kept if p.is_dir()) or (path / "inner").exists()


def test_write_then_read_through_app_home(app_home):
    path = storage.config_dir() / "settings.json"
    storage.atomic_write_json(path, {"sound": False})
    assert storage.read_json_file(path, "settings", validate=require_dict) == \
        ({"sound": False}, None)
    assert os.listdir(path.parent) == ["settings.json"]
