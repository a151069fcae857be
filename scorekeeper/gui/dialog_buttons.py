"""The buttons that end a dialog: its one primary action (Confirm, Save correction, Open…) and Cancel.

Nine dialogs built this pair by hand, line for line (issue 24): the primary button is the default (Enter presses it),
styled by the theme's ``primary`` role and named for tests; Cancel rejects. A dialog still lays the pair out as it
needs (beside a preview, under a form): :func:`button_row` is the usual row, Cancel then the primary button, right.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QHBoxLayout, QPushButton, QWidget

__all__ = ["button_row", "primary_and_cancel"]

_CONTEXT = "DialogButtons"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def primary_and_cancel(
    dialog: QDialog,
    on_primary: Callable[[], object],
    *,
    text: str | None = None,
    name: str = "confirm_button",
    tooltip: str = "",
) -> tuple[QPushButton, QPushButton]:
    """The dialog's primary button, calling ``on_primary`` (``dialog.accept``, or a check that accepts), and Cancel.

    Args:
        dialog: the dialog the buttons end (Cancel rejects it).
        on_primary: what the primary button does.
        text: the primary button's words, translated by the caller; "Confirm" when not given.
        name: the primary button's object name (tests find it by it).
        tooltip: what the primary button does, if it needs saying.
    """
    primary = QPushButton(_t("Confirm") if text is None else text)
    primary.setObjectName(name)
    if tooltip:
        primary.setToolTip(tooltip)
    primary.setProperty("role", "primary")
    primary.setDefault(True)
    primary.clicked.connect(lambda _checked=False: on_primary())
    cancel = QPushButton(_t("Cancel"))
    cancel.clicked.connect(dialog.reject)
    return primary, cancel


def button_row(primary: QPushButton, cancel: QPushButton, *, lead: QWidget | None = None) -> QHBoxLayout:
    """Cancel, then the primary button, at the right of a row (after ``lead``, which takes the free width, if given)."""
    row = QHBoxLayout()
    if lead is None:
        row.addStretch(1)
    else:
        row.addWidget(lead, 1)
    row.addWidget(cancel)
    row.addWidget(primary)
    return row
