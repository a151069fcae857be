"""A label that draws a long text cut to its width with an ellipsis (a player's name on the table).

A new name has at most 24 characters (``scorekeeper.session.names.MAX_NAME``), and even that is wider than a seat
panel at 1280x720 in the name's large type; a stored game or a tournament table may carry a longer one. The label
asks for no more than a few characters' width, draws as much of the name as its width holds with "…" at the end,
and shows the whole name in its tooltip (issue 24: a long name was cut without an ellipsis on the table panel).
It can also draw upside down, for the player across the table.
"""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget

from scorekeeper.gui._compat import override


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as typed: Qt renders a tooltip that looks like markup as rich text, so a
    player called ``<b>Ann</b>`` was shown in bold (tests/gui/test_plain_text.py). Such a text is escaped and
    wrapped as rich text that draws exactly its characters; any other text is left as it is."""
    if not QtGui.Qt.mightBeRichText(text):  # QtGui's Qt namespace holds it, not QtCore's
        return text
    import html  # for such a name only: its entity table is ~2 ms of the cold start (issue 24)

    return f"<p style='white-space:pre'>{html.escape(text)}</p>"


__all__ = ["ElidedLabel"]


class ElidedLabel(QLabel):
    """Plain text, one line, cut to the label's width with an ellipsis; optionally drawn upside down.

    Args:
        elide: cut a text wider than the label (a name); a number is never cut and keeps its full width.
    """

    def __init__(self, parent: QWidget | None = None, *, elide: bool = True) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a player's name, never markup (issue 10)
        self.upside_down = False
        self._elide = elide

    def set_upside_down(self, upside_down: bool) -> None:
        """Draw the text turned half a turn (for the player across the table)."""
        self.upside_down = upside_down
        self.update()

    def shown_text(self) -> str:
        """The text as drawn at the label's width now (cut with "…" when it does not fit)."""
        if not self._elide:
            return self.text()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def is_elided(self) -> bool:
        """Whether the text is cut at the label's width now."""
        return self.shown_text() != self.text()

    @override
    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setToolTip(plain_tooltip(text) if self._elide else "")

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        if not self._elide:
            return hint
        # A few characters and the ellipsis: a long name never widens the panel it is in.
        return QSize(min(hint.width(), self.fontMetrics().horizontalAdvance("MMMM…")), hint.height())

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        return QSize(max(hint.width(), self.minimumSizeHint().width()), hint.height())

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        if not self.upside_down and not self.is_elided():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        if self.upside_down:
            painter.translate(self.width(), self.height())
            painter.rotate(180)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), self.shown_text())
        painter.end()
