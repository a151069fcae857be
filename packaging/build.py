"""Build the installable one-folder bundle: ``python packaging/build.py``.

Writes ``dist/scorekeeper-<version>-<platform>/`` (PyInstaller ``--onedir``: it starts about 1.4 s faster than
``--onefile``, which unpacks itself on every start) and, on Linux, a ``.tar.gz`` of it beside, holding the binary,
the tile art and translations as package data, a ``.desktop`` entry and the icon in SVG and PNG sizes.

Needs the ``packaging`` extra: ``pip install -e ".[packaging]"``. On Windows and macOS the same command works
(PyInstaller builds for the platform it runs on); see ``packaging/README.md`` for their platform-specific parts.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)

# Qt modules the program never uses: leaving them out keeps the bundle small and its start fast. QtNetwork is used
# (QLocalServer/QLocalSocket: a second start wakes the running window, scorekeeper/gui/instance.py).
EXCLUDED_MODULES = (
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtSql",
    "PySide6.QtTest",
    "PySide6.QtConcurrent",
    "PySide6.QtDBus",
    "PySide6.QtXml",
    "PySide6.QtDesigner",
    "PySide6.QtUiTools",
    "PySide6.QtHelp",
    "tkinter",
    "mahjong",
    "hypothesis",
    "pytest",
)


def _version() -> str:
    namespace: dict[str, str] = {}
    exec((ROOT / "scorekeeper" / "__init__.py").read_text(encoding="utf-8"), namespace)
    return namespace["__version__"]


def platform_tag() -> str:
    """A short name for this platform and machine, e.g. ``linux-x86_64``."""
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system().lower())
    return f"{system}-{platform.machine().lower()}"


def render_icons(out_dir: Path) -> list[Path]:
    """Render packaging/icon.svg to PNGs of the usual sizes (and copy the SVG) into ``out_dir``."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(["build"])
    out_dir.mkdir(parents=True, exist_ok=True)
    svg = PACKAGING / "icon.svg"
    shutil.copy2(svg, out_dir / "scorekeeper.svg")
    renderer = QSvgRenderer(str(svg))
    written = []
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        path = out_dir / f"scorekeeper-{size}.png"
        if not image.save(str(path)):
            raise SystemExit(f"could not write {path}")
        written.append(path)
    return written


def mypyc_runtimes(distribution: str) -> list[str]:
    """The top-level ``<hash>__mypyc`` modules a mypyc-compiled distribution's extension modules import by name.

    PyInstaller's analysis does not see that import (it happens inside the compiled code), so the bundle lacks the
    module unless it is named as a hidden import: openskill's wheels are compiled this way (issue 28).
    """
    from importlib.metadata import PackageNotFoundError, files

    try:
        listed = files(distribution) or []
    except PackageNotFoundError:
        return []
    return sorted({f.name.split(".", 1)[0] for f in listed if "/" not in str(f) and "__mypyc" in f.name})


def build(*, clean: bool) -> Path:
    """Run PyInstaller and assemble the bundle folder; return its path."""
    version = _version()
    name = f"scorekeeper-{version}-{platform_tag()}"
    dist = ROOT / "dist"
    work = ROOT / "build" / "pyinstaller"
    target = dist / name
    if clean and target.exists():
        shutil.rmtree(target)
    icons = render_icons(work / "icons")
    args = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--onedir",
        "--name",
        "scorekeeper",
        "--distpath",
        str(work / "dist"),
        "--workpath",
        str(work / "build"),
        "--specpath",
        str(work),
        "--collect-data",
        "scorekeeper",
        "--collect-submodules",
        "scorekeeper",
        "--log-level",
        "WARN",
    ]
    if platform.system() == "Windows":
        args += ["--icon", str(work / "icons" / "scorekeeper-256.png")]
    for module in mypyc_runtimes("openskill"):
        args += ["--hidden-import", module]
    for module in EXCLUDED_MODULES:
        args += ["--exclude-module", module]
    args.append(str(PACKAGING / "entry.py"))
    subprocess.run(args, check=True, cwd=ROOT)
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(work / "dist" / "scorekeeper", target, symlinks=True)
    share = target / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copy2(PACKAGING / "linux" / "scorekeeper.desktop", share / "applications" / "scorekeeper.desktop")
    for icon in icons:
        size = icon.stem.rsplit("-", 1)[1]
        icon_dir = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        icon_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(icon, icon_dir / "scorekeeper.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy2(PACKAGING / "icon.svg", scalable / "scorekeeper.svg")
    for extra in ("LICENSE", "README.md"):
        if (ROOT / extra).exists():
            shutil.copy2(ROOT / extra, target / extra)
    if platform.system() == "Linux":
        shutil.copy2(PACKAGING / "linux" / "install.sh", target / "install.sh")
        with tarfile.open(dist / f"{name}.tar.gz", "w:gz") as archive:
            archive.add(target, arcname=name)
    return target


def main() -> int:
    """Build the bundle and print where it is."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--no-clean", action="store_true", help="keep an existing bundle folder")
    args = parser.parse_args()
    target = build(clean=not args.no_clean)
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
