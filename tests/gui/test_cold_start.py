"""The cold start (issue 24): what the first screen does not use is imported when first used, not at start."""

from __future__ import annotations

import subprocess
import sys

#: Modules the table window needs only once the user asks for them: Game > Import's report and the records it reads,
#: a tournament table's sync, the tile artwork (the win dialog's tiles), the background worker, PostgreSQL; the
#: classical family (a riichi table's first screen has none of it: session.classical, the classical scorer), the
#: riichi scorer (a hand entered as tiles), the records' formats (export), corrections (Edit hand, Undo), the entry
#: drafts (the win dialog) and the point gaps (a seat's tap); the single-instance socket (QtNetwork, and hashlib for
#: its name) and the wheel guard, which the app installs once its window is painted; html (a name that looks like
#: markup). A module listed counts with its submodules.
_NOT_AT_START = (
    "scorekeeper.session.classical",
    "scorekeeper.engine.classical.scoring",
    "scorekeeper.engine.scoring",
    "scorekeeper.session.record",
    "scorekeeper.storage.records",
    "scorekeeper.session.corrections",
    "scorekeeper.session.draft",
    "scorekeeper.session.gaps",
    "scorekeeper.gui.gaps",
    "scorekeeper.gui.import_report",
    "scorekeeper.storage.imports",
    "scorekeeper.storage.registry",
    "scorekeeper.sync",
    "scorekeeper.gui.tiles",
    "scorekeeper.gui.background",
    "scorekeeper.gui.wheel_guard",
    "PySide6.QtSvg",
    "PySide6.QtNetwork",
    "hashlib",
    "html",
    "psycopg",
)


def test_starting_the_app_imports_none_of_what_the_first_screen_does_not_use() -> None:
    probe = "import sys\nimport scorekeeper.gui.app\nprint(*sorted(sys.modules))\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, check=True, timeout=60, text=True)
    loaded = set(result.stdout.split())
    assert "scorekeeper.gui.main_window" in loaded
    assert sorted(m for m in loaded if m in _NOT_AT_START or m.startswith(tuple(f"{n}." for n in _NOT_AT_START))) == []
