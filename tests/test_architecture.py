"""The architecture's hard lines (STYLE.md section 2): the core imports nothing from Qt, and the GUI's modules import
one another without a circle (issue 24: the main window, its parts and the referee's window were one 13-file circle)."""

import ast
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


GUI = Path(scorekeeper.__file__).parent / "gui"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GUI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _gui_imports() -> dict[str, set[str]]:
    """Each GUI module and the GUI modules it imports anywhere: at the top, in a function, or for the type checker
    only (a circle of type-only imports is still two modules that each need the other to be understood).

    ``from scorekeeper.gui.x import y`` names the module ``x.y`` when there is one, else ``x``; importing a module also
    runs its packages' ``__init__`` (except the importer's own packages, which are being imported already).
    """
    modules = {_module_name(path): path for path in GUI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
                for alias in node.names:
                    inner = f"{node.module}.{alias.name}"
                    targets.add(inner if inner in modules else node.module)
        own = {name.rsplit(".", n)[0] for n in range(1, name.count(".") + 1)}
        found: set[str] = set()
        for target in targets:
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]  # import a.b.c of a non-module c: the module a.b
            if target not in modules or target == name:
                continue
            found.add(target)
            parts = target.split(".")
            found.update(".".join(parts[:n]) for n in range(3, len(parts)) if ".".join(parts[:n]) not in own)
        graph[name] = found - {name, "scorekeeper.gui"}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_gui_modules_import_one_another_without_a_circle() -> None:
    """Issue 24: no import circle in ``scorekeeper.gui``: the app makes the windows, the windows' parts get what they
    need instead of the window, and the table window and the referee's window do not import each other."""
    assert _circles(_gui_imports()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    """The check above can fail: a two-module circle and a three-module one are found, a chain is not."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert _circles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_the_import_reader_sees_the_gui_packages() -> None:
    """The graph is read from real modules: the app imports the main window, the referee's window its controller."""
    graph = _gui_imports()
    assert "scorekeeper.gui.main_window" in graph["scorekeeper.gui.app"]
    assert "scorekeeper.gui.referee.controller" in graph["scorekeeper.gui.referee.window"]
