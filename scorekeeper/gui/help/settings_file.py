"""Where the guide's "don't show at start" choice can live when the caller has no setting for it: ``help.json``.

The main window may keep the choice in its own settings instead; this file is for a caller that wants one line:
``get, put = guide_setting(data_dir)`` and ``install_help_menu(window, settings_get=get, settings_set=put)``.
Bad or missing content reads as "show the guide"; a failed write is ignored (the guide shows again next time,
which costs one tap, while a crash here would cost a game).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["guide_setting"]

_FILE = "help.json"
_KEY = "skip_guide_at_start"


def _read(folder: Path) -> bool:
    try:
        data = json.loads((folder / _FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get(_KEY) is True


def _write(folder: Path, skip: bool) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".help-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({_KEY: skip}, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, folder / _FILE)
    except OSError:
        return


def guide_setting(folder: Path) -> tuple[Callable[[], bool], Callable[[bool], None]]:
    """A (get, set) pair for the "don't show the guide at start" choice, kept in ``folder / help.json``."""
    return (lambda: _read(folder)), (lambda skip: _write(folder, skip))
