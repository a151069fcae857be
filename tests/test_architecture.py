"""The architecture's hard line (STYLE.md section 2): the core imports nothing from Qt."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import scorekeeper

CORE_PACKAGES = (
    "scorekeeper.engine",
    "scorekeeper.session",
    "scorekeeper.tournament",
    "scorekeeper.storage",
    "scorekeeper.cli",
)

_PROBE = """
import importlib, importlib.abc, pkgutil, sys

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in {"PySide6", "shiboken6"}:
            raise ImportError("blocked " + fullname)

sys.meta_path.insert(0, Blocker())
for package_name in sys.argv[1:]:
    package = importlib.import_module(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(info.name)
print("imported without Qt")
"""


def test_core_packages_import_with_qt_blocked() -> None:
    """STYLE 2: engine, session, storage and the CLI import with PySide6 and shiboken6 unavailable."""
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, *CORE_PACKAGES], capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "imported without Qt" in result.stdout


def test_no_core_source_mentions_qt() -> None:
    """STYLE 2: no Qt import statement anywhere in the core's source files."""
    root = Path(scorekeeper.__file__).parent
    offenders = []
    for package in ("engine", "session", "tournament", "storage", "cli"):
        for path in (root / package).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                stripped = line.strip()
                if stripped.startswith(("import PySide6", "from PySide6", "import shiboken6", "from shiboken6")):
                    offenders.append(f"{path.relative_to(root)}: {stripped}")
    assert offenders == []


def test_every_core_module_is_found() -> None:
    """The probe above walks real modules: the engine has its tiles module at least."""
    names = {info.name for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper.")}
    assert "scorekeeper.engine.tiles" in names
