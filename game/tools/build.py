"""`python3 play.py build [--out FOLDER]`: the standalone app for the OS it runs on.

Made with PyInstaller (maintained, and pygame-ce and pygame-gui ship hooks for it) as a
one-folder app: `little-abstracts/` holding the program, Python, the libraries, the
levels and the icon, so it starts without Python or a network, and an archive of that
folder (.tar.gz on Linux and macOS, .zip on Windows). On Windows the program is
`little-abstracts.exe`, without a console window; on macOS there is also
`little-abstracts.app`. PyInstaller does not cross-compile: build on each OS for it.

The entry is game/__main__.py, whose freeze_support lets the computer players' worker
(a spawned process: the same program started again) run frozen. The game's modules are
all collected (scenes and games are found by name at run time), except the benchmarks,
the test helpers and these tools. pygame-gui's Chinese, Japanese and Korean fonts (38 MB)
are left out: the game's text is English only.

The frozen app keeps its settings and saves in the same user folders as the source run
(game/core/storage.py) and finds its levels inside its own folder."""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THEMES = ROOT / "game" / "ui" / "themes"      # the widgets' theme files, one per palette
NAME = "little-abstracts"
LEFT_OUT = ("game.bench", "game.testing", "game.tools", "pytest", "hypothesis", "_pytest",
            "tkinter", "PyInstaller")
# Collected whole, and every package of game/ not left out. Most of zeroconf's modules
# are compiled (Cython), and PyInstaller does not see what a compiled module imports:
# zeroconf 0.154 imports nothing it misses, a later one might.
COLLECTED = ("sprites", "sounds", "zeroconf")
UNUSED_FONTS = ("NotoSansJP-*", "NotoSansKR-*", "NotoSansSC-*")
ICON_SIZE = 256


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 play.py build",
                                     description="Make the standalone app for this OS.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="folder for the app and its archive (default: dist/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401 (only whether it can be imported)
    except ImportError:
        print("PyInstaller is missing: `python3 play.py build` installs it into .venv "
              "(requirements-test.txt).", file=sys.stderr)
        return 1
    started = time.perf_counter()
    try:
        app, archive = build(args.out.resolve())
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"\nBuilt {app} ({folder_bytes(app) / 2**20:.0f} MB) in {seconds:.0f} s")
    print(f"Archive {archive} ({archive.stat().st_size / 2**20:.0f} MB)")
    print(f"Try it: {program(app)} --self-check")
    return 0


class BuildError(Exception):
    """The build could not be made: the message says at which step."""


def build(out: Path) -> tuple[Path, Path]:
    """Build into `out`; (the app's folder, the archive)."""
    work = ROOT / "build" / "pyinstaller"
    icons = work / "icon"
    icon = write_icons(icons)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir",
               "--log-level", "WARN", "--name", NAME,
               "--distpath", str(out), "--workpath", str(work), "--specpath", str(work),
               "--paths", str(ROOT),
               "--add-data", f"{ROOT / 'levels'}{os.pathsep}levels",
               "--add-data", f"{THEMES}{os.pathsep}{THEMES.relative_to(ROOT).as_posix()}",
               "--add-data", f"{icons / (NAME + '.png')}{os.pathsep}."]
    if sys.platform in ("win32", "darwin"):
        command += ["--windowed", "--icon", str(icon)]   # no console; the .app on macOS
    if sys.platform == "darwin":
        command += ["--osx-bundle-identifier", "org.little-abstracts.game"]
    for package in COLLECTED + game_packages():
        command += ["--collect-submodules", package]
    for module in LEFT_OUT:
        command += ["--exclude-module", module]
    command.append(str(ROOT / "game" / "__main__.py"))
    done = subprocess.run(command, cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"PyInstaller stopped with exit code {done.returncode}")
    app = out / NAME
    if not program(app).exists():
        raise BuildError(f"PyInstaller finished but {program(app)} is not there")
    prune_fonts(app)
    return app, make_archive(app)


def game_packages() -> tuple:
    """The packages of game/ the app loads by name (its games, scenes and views)."""
    return tuple(f"game.{path.parent.name}" for path in sorted((ROOT / "game").glob("*/__init__.py"))
                 if f"game.{path.parent.name}" not in LEFT_OUT)


def program(app: Path) -> Path:
    return app / (NAME + (".exe" if sys.platform == "win32" else ""))


def write_icons(folder: Path) -> Path:
    """The game's icon as PNG, and as the format this OS's program icon needs (ICO on
    Windows, ICNS on macOS, both holding the PNG as they allow); the one to embed."""
    from game.core.storage import atomic_write_bytes
    from sprites.icon import icon_png
    png_path = folder / f"{NAME}.png"
    png = icon_png(ICON_SIZE)
    atomic_write_bytes(png_path, png)
    if sys.platform == "win32":
        path = folder / f"{NAME}.ico"
        # ICONDIR, one ICONDIRENTRY (0 = 256 px), then the PNG itself.
        atomic_write_bytes(path, struct.pack("<HHH", 0, 1, 1)
                           + struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(png), 22) + png)
        return path
    if sys.platform == "darwin":
        path = folder / f"{NAME}.icns"
        chunk = b"ic08" + struct.pack(">I", len(png) + 8) + png        # 256 px PNG
        atomic_write_bytes(path, b"icns" + struct.pack(">I", len(chunk) + 8) + chunk)
        return path
    return png_path


def prune_fonts(app: Path) -> None:
    for data in app.rglob("pygame_gui/data"):
        for pattern in UNUSED_FONTS:
            for font in data.glob(pattern):
                font.unlink()


def make_archive(app: Path) -> Path:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    from game import __version__
    base = app.parent / f"{NAME}-{__version__}-{system}-{platform.machine().lower()}"
    kind = "zip" if sys.platform == "win32" else "gztar"
    bundle = app.with_name(f"{NAME}.app")       # macOS: the .app is what people open
    shipped = bundle if sys.platform == "darwin" and bundle.exists() else app
    return Path(shutil.make_archive(str(base), kind, root_dir=app.parent,
                                    base_dir=shipped.name))


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


if __name__ == "__main__":
    sys.exit(main())
