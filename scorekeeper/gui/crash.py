"""The last line of defence: an unexpected exception is logged to a file and shown, and nothing is lost.

Every confirmed event is already committed to the SQLite store when the controller reports success (issue 3,
"Storage"), so a crash can only lose what was not yet confirmed. The hook writes the traceback to
``crash.log`` in the user data folder and shows a plain dialog; the app keeps running when it can.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

__all__ = ["CRASH_LOG", "format_crash", "install_excepthook", "show_crash_dialog"]

CRASH_LOG = "crash.log"

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def format_crash(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> str:
    """The log entry for one exception: a UTC time stamp and the full traceback."""
    import datetime  # here: not the cold start's (issue 24)

    stamp = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return f"--- {stamp}\n{''.join(traceback.format_exception(kind, error, tb))}"


def show_crash_dialog(log_path: Path, error: BaseException) -> None:
    """Tell the user, in plain words, that something went wrong and that the game is safe."""
    # Imported when needed: not the cold start's (issue 24; the ``Qt`` namespace alone is ~17 ms of CPU).
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    parent = QApplication.activeWindow()
    text = QCoreApplication.translate(
        "Crash",
        "Something went wrong: {error}\n\nThe game is safe: every confirmed hand is saved. "
        "The details were written to {path}.",
    ).format(error=error, path=log_path)
    box = QMessageBox(
        QMessageBox.Icon.Critical,
        QCoreApplication.translate("Crash", "Unexpected error"),
        text,
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # the error may quote user text
    box.exec()


def install_excepthook(data_dir: Path, show: Callable[[Path, BaseException], None] = show_crash_dialog) -> ExceptHook:
    """Replace ``sys.excepthook``: log to ``data_dir/crash.log``, then ``show`` the error. Returns the old hook."""
    previous = sys.excepthook
    log_path = data_dir / CRASH_LOG

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, error, tb)
            return
        entry = format_crash(kind, error, tb)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            with log_path.open("a", encoding="utf-8") as log:
                log.write(entry)
        except OSError:
            sys.stderr.write(entry)
        try:
            show(log_path, error)
        except Exception:  # the dialog itself failed: the log already has the details
            sys.stderr.write(entry)

    sys.excepthook = hook
    return previous
