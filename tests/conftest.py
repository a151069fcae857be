"""Test-wide settings.

Qt runs offscreen so the suite works on a machine with no screen. With ``SCOREKEEPER_BLOCK_QT=1`` (the Qt-free step
of ``.ci/run``), importing PySide6 or shiboken6 fails, so the engine, session, storage and CLI tests prove that the
core runs where Qt is not importable at all.
"""

import importlib.abc
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class _QtBlocker(importlib.abc.MetaPathFinder):
    """Refuses every import of Qt's Python bindings."""

    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname.split(".", maxsplit=1)[0] in {"PySide6", "shiboken6"}:
            raise ImportError(f"{fullname} is blocked: the core must not need Qt")


if os.environ.get("SCOREKEEPER_BLOCK_QT") == "1":
    sys.meta_path.insert(0, _QtBlocker())
