"""The file choosers every window uses: Qt's open and save dialogs, answering with a ``Path`` or None.

One place for the shape of the question (an empty answer is a cancel), so that the main window's openers, the
referee's window and the Players window ask alike; each caller names the title, the filters and where to start.

Where a caller gives no folder (a bare file name, or nothing), the chooser starts in the folder last chosen in this
run, else in the user's documents folder: never in the folder the program happened to be started from (issue 24:
the save dialogs opened in the current folder).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QWidget

__all__ = ["ask_open_file", "ask_save_file", "start_folder"]

#: The folder of the file last chosen (opened or saved) in this run.
_last_folder: Path | None = None


def start_folder() -> Path | None:
    """Where a chooser starts: the folder last chosen in this run, else the documents folder, else the home folder
    (None if none is there).

    A documents folder that does not exist (a fresh account, a small Linux install) is not offered: Qt's chooser
    took its name for the file's and the referee's seating export offered to save a file named "Documents" in the
    home folder (seen under Xvfb, issue 24).
    """
    if _last_folder is not None and _last_folder.is_dir():
        return _last_folder
    for location in (QStandardPaths.StandardLocation.DocumentsLocation, QStandardPaths.StandardLocation.HomeLocation):
        folder = QStandardPaths.writableLocation(location)
        if folder and Path(folder).is_dir():
            return Path(folder)
    return None


def _start(start: str) -> str:
    """``start`` as a place to open: a bare file name (or nothing) goes into :func:`start_folder`."""
    if start and Path(start).parent != Path():
        return start  # the caller named a folder
    folder = start_folder()
    if folder is None:
        return start
    return str(folder / start) if start else str(folder)


def _chosen(name: str) -> Path | None:
    global _last_folder  # noqa: PLW0603 - the run's last folder, as file choosers remember it
    if not name:
        return None
    path = Path(name)
    _last_folder = path.parent
    return path


def ask_open_file(parent: QWidget, title: str, filters: str, start: str = "") -> Path | None:
    """Ask for a file to open; None when cancelled. ``filters`` as Qt writes them (``"CSV files (*.csv)"``)."""
    from PySide6.QtWidgets import QFileDialog  # imported when asked: not the cold start's (issue 24)

    name, _ = QFileDialog.getOpenFileName(parent, title, _start(start), filters)
    return _chosen(name)


def ask_save_file(parent: QWidget, title: str, filters: str, start: str = "") -> Path | None:
    """Ask where to save, starting at ``start`` (a folder or a suggested file name); None when cancelled."""
    from PySide6.QtWidgets import QFileDialog

    name, _ = QFileDialog.getSaveFileName(parent, title, _start(start), filters)
    return _chosen(name)
