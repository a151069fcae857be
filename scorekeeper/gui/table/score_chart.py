"""The four scores over the game as a line chart, drawn with QPainter (no chart library needed)."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.gui import theme
from scorekeeper.gui._compat import override

__all__ = ["ScoreChartWidget"]


class ScoreChartWidget(QWidget):
    """Scores after each hand, one coloured line per seat, with the players' names as the legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names: tuple[str, ...] = ("", "", "", "")
        self.labels: tuple[str, ...] = ()
        self.series: tuple[tuple[int, int, int, int], ...] = ()
        self.setMinimumSize(360, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Score chart"))

    def set_scores(
        self, names: tuple[str, ...], labels: tuple[str, ...], series: tuple[tuple[int, int, int, int], ...]
    ) -> None:
        """Set the points of each seat at the start (first entry) and after every hand."""
        self.names, self.labels, self.series = names, labels, series
        self.update()

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(640, 300)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        c = theme.colors()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(c.panel))
        font = QFont(self.font())
        font.setPointSize(9)
        painter.setFont(font)
        if not self.series:
            painter.setPen(QColor(c.muted))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No hands yet"))
            painter.end()
            return
        values = [v for row in self.series for v in row]
        low = min(*values, 0) // 5000 * 5000
        high = -(-max(values) // 5000) * 5000
        if high == low:
            high = low + 5000
        plot = QRectF(58, 28, self.width() - 74, self.height() - 58)

        def point(index: int, value: int) -> QPointF:
            steps = max(len(self.series) - 1, 1)
            return QPointF(
                plot.left() + plot.width() * index / steps, plot.bottom() - plot.height() * (value - low) / (high - low)
            )

        step = 5000 if high - low <= 60000 else 10000
        for value in range(low, high + 1, step):
            y = point(0, value).y()
            painter.setPen(QPen(QColor(c.muted), 1, Qt.PenStyle.SolidLine if value == 0 else Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(c.muted))
            painter.drawText(QRectF(0, y - 8, plot.left() - 6, 16), Qt.AlignmentFlag.AlignRight, f"{value // 1000}k")
        labels = ("", *self.labels)
        every = max(1, len(labels) // 12)
        for index, label in enumerate(labels):
            if label and index % every == 0:
                x = point(index, low).x()
                painter.drawText(QRectF(x - 20, plot.bottom() + 4, 40, 16), Qt.AlignmentFlag.AlignCenter, label)
        for seat in range(4):
            painter.setPen(QPen(QColor(c.seat_lines[seat]), 3))
            points = [point(i, row[seat]) for i, row in enumerate(self.series)]
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
            for p in points:
                painter.drawEllipse(p, 2.5, 2.5)
        x = plot.left()
        for seat, name in enumerate(self.names):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(c.seat_lines[seat]))
            painter.drawRect(QRectF(x, 8, 14, 10))
            painter.setPen(QColor(c.text))
            painter.drawText(QPointF(x + 18, 18), name)
            x += 22 + painter.fontMetrics().horizontalAdvance(name) + 18
        painter.end()
