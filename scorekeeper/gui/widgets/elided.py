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
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
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
        elide: cut a text wider than the label (a name); a number is never cut.
        shrink_to: for a number (``elide`` False), the smallest point size it may be drawn at: a number wider than
            the label is drawn in a smaller font, whole, rather than widening the label (0: it keeps its full width).
            A seat panel's points in a narrow window (a 1200x700 window: the table gives the History room).
    """

    def __init__(self, parent: QWidget | None = None, *, elide: bool = True, shrink_to: int = 0) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a player's name, never markup (issue 10)
        self.upside_down = False
        self._elide = elide
        self._shrink_to = 0 if elide else shrink_to

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

    def drawn_font(self) -> QFont:
        """The font the text is drawn in at the label's width now: the label's own, or for a number wider than the
        label (``shrink_to``) the largest smaller size down to ``shrink_to`` that holds it whole."""
        font = self.font()
        room = self.contentsRect().width() - 2 * self.margin()
        width = self.fontMetrics().horizontalAdvance(self.text())
        if not self._shrink_to or width <= room or font.pointSizeF() <= 0:
            return font
        size = max(font.pointSizeF() * room / width, float(self._shrink_to))
        smaller = QFont(font)
        smaller.setPointSizeF(size)
        # Text widths do not scale exactly with the size (hinting): step down until it holds.
        while size > self._shrink_to and QFontMetrics(smaller).horizontalAdvance(self.text()) > room:
            size = max(size - 0.5, float(self._shrink_to))
            smaller.setPointSizeF(size)
        return smaller

    @override
    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setToolTip(plain_tooltip(text) if self._elide else "")

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        if self._shrink_to and self.font().pointSizeF() > self._shrink_to:
            # The text at the smallest size it may be drawn at, and the label's margins as they are.
            smallest = QFont(self.font())
            smallest.setPointSize(self._shrink_to)
            text = self.fontMetrics().horizontalAdvance(self.text())
            return QSize(hint.width() - text + QFontMetrics(smallest).horizontalAdvance(self.text()) + 1, hint.height())
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
        font = self.font()
        if self._shrink_to:
            font = self.drawn_font()
        if not self.upside_down and not self.is_elided() and font == self.font():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        if self.upside_down:
            painter.translate(self.width(), self.height())
            painter.rotate(180)
        painter.setFont(font)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), self.shown_text())
        painter.end()
