"""The file choosers every window uses: Qt's open and save dialogs, answering with a ``Path`` or None.

One place for the shape of the question (an empty answer is a cancel), so that the main window's openers, the
referee's window and the Players window ask alike; each caller names the title, the filters and where to start.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

__all__ = ["ask_open_file", "ask_save_file"]


def ask_open_file(parent: QWidget, title: str, filters: str) -> Path | None:
    """Ask for a file to open; None when cancelled. ``filters`` as Qt writes them (``"CSV files (*.csv)"``)."""
    name, _ = QFileDialog.getOpenFileName(parent, title, "", filters)
    return Path(name) if name else None


def ask_save_file(parent: QWidget, title: str, filters: str, start: str = "") -> Path | None:
    """Ask where to save, starting at ``start`` (a folder or a suggested file name); None when cancelled."""
    name, _ = QFileDialog.getSaveFileName(parent, title, start, filters)
    return Path(name) if name else None
