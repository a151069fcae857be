"""A layout that lines its widgets up left to right and starts a new line when the next one does not fit.

The entry widgets show their win conditions with it: the labels are long ("Rinshan (kan replacement tile)", "One
chance (only one tile could win)"), and a fixed grid of two columns made the result column, and so the win dialog,
wider than a 1366 px laptop screen (issue 4). Flowed, the column is as narrow as its widest box and as many boxes
share a line as fit; hidden boxes (conditions not possible now) leave no holes.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

from scorekeeper.gui._compat import override

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Widgets in reading order, wrapped into as many lines as the width needs (height for width)."""

    def __init__(self, parent: QWidget | None = None, *, spacing: int = 8, line_spacing: int = 0) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._line_spacing = line_spacing

    @override
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt's name
        self._items.append(item)

    @override
    def count(self) -> int:
        return len(self._items)

    @override
    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt's name
        return self._items[index] if 0 <= index < len(self._items) else None

    @override
    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt's name
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    @override
    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt's name
        return Qt.Orientation(0)

    @override
    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    @override
    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        return self._arrange(QRect(0, 0, width, 0), place=False)

    @override
    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    @override
    def minimumSize(self) -> QSize:  # noqa: N802 - Qt's name
        # As narrow as the widest box; as tall as the boxes two to a line. A layout that asks for the height at
        # the width it gives (QBoxLayout does) gets the true height; a hidden tab, which is measured by its
        # minimum, does not claim the height of one box a line (it would make the win dialog too tall).
        widest = 0
        for item in self._shown():
            widest = max(widest, item.minimumSize().width())
        margins = self.contentsMargins()
        return QSize(widest + margins.left() + margins.right(), self.heightForWidth(self._two_a_line()))

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.minimumSize()

    def _two_a_line(self) -> int:
        """The width that holds the two widest boxes side by side."""
        widths = sorted((item.sizeHint().width() for item in self._shown()), reverse=True)
        margins = self.contentsMargins()
        return sum(widths[:2]) + (self._spacing if len(widths) > 1 else 0) + margins.left() + margins.right()

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``place``); return the height used."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        x, y = area.x(), area.y()
        line_height = 0
        for item in self._shown():
            size = (
                item.sizeHint().boundedTo(QSize(area.width(), item.sizeHint().height())).expandedTo(item.minimumSize())
            )
            if x > area.x() and x + size.width() > area.right() + 1:
                x = area.x()
                y += line_height + self._line_spacing
                line_height = 0
            if place:
                item.setGeometry(QRect(QPoint(x, y), size))
            x += size.width() + self._spacing
            line_height = max(line_height, size.height())
        return y + line_height - rect.y() + margins.bottom()
