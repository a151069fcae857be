"""The Players screen's charts, drawn with QPainter in the theme's colours (no plotting package for a few bars).

Each chart shows figures the core computed (``scorekeeper.session.statistics``); it only scales and draws them.
Every chart can be saved as a PNG at its own size or a given one (:meth:`ChartWidget.save_png`), and repaints in
the current theme's colours (light or dark) each time it is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.errors import SaveFileError
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override

__all__ = ["ChartWidget", "PlaceChartWidget", "PointsChartWidget", "RatesChartWidget", "YakuChartWidget"]

_MARGIN = 10


class ChartWidget(QWidget):
    """A titled chart: subclasses draw their figures inside :meth:`plot_area` in :meth:`draw`."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.setMinimumSize(280, 190)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(title)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(420, 240)

    def has_data(self) -> bool:
        """Whether there is anything to draw (otherwise the chart says so)."""
        raise NotImplementedError

    def empty_text(self) -> str:
        """What the chart says when it has nothing to draw."""
        return QCoreApplication.translate("ChartWidget", "No games in this selection")

    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        """Draw the figures inside ``area``."""
        raise NotImplementedError

    def paint(self, painter: QPainter, width: int, height: int) -> None:
        """Paint the whole chart (background, title, figures) on ``painter`` at ``width`` x ``height``."""
        c = theme.colors()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(QRectF(0, 0, width, height), QColor(c.panel))
        font = QFont(self.font())
        font.setPointSize(10)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(c.text))
        painter.drawText(QRectF(_MARGIN, 4, width - 2 * _MARGIN, 20), Qt.AlignmentFlag.AlignLeft, self.title)
        font.setBold(False)
        font.setPointSize(9)
        painter.setFont(font)
        area = QRectF(_MARGIN, 28, width - 2 * _MARGIN, height - 28 - _MARGIN)
        if not self.has_data():
            painter.setPen(QColor(c.muted))
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.empty_text())
            return
        self.draw(painter, area, c)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        self.paint(painter, self.width(), self.height())
        painter.end()

    def render_image(self, size: QSize | None = None) -> QImage:
        """The chart as an image, at ``size`` (default: its current size, or its size hint if not laid out)."""
        target = size or (self.size() if self.width() > 0 and self.isVisible() else self.sizeHint())
        ratio = 2.0  # sharp on high-density screens and in documents
        image = QImage(
            int(target.width() * ratio), int(target.height() * ratio), QImage.Format.Format_ARGB32_Premultiplied
        )
        image.setDevicePixelRatio(ratio)
        image.fill(QColor(theme.colors().panel))
        painter = QPainter(image)
        self.paint(painter, target.width(), target.height())
        painter.end()
        return image

    def save_png(self, path: Path, size: QSize | None = None) -> None:
        """Save the chart as a PNG file.

        Raises:
            SaveFileError: the file cannot be written, or its name does not end in ``.png``.
        """
        # The format follows the file name (PySide's typed ``format`` argument is refused at run time).
        if Path(path).suffix.lower() != ".png" or not self.render_image(size).save(str(path)):
            raise SaveFileError(f"{path}: cannot write the chart", path=Path(path))


def _percent(share: float) -> int:
    """A share as a whole percentage, halves up (as the card rounds)."""
    return int(100 * share + 0.5)


def _nice_step(span: float, lines: int = 5) -> float:
    """A round grid step (1, 2 or 5 times a power of ten) giving about ``lines`` grid lines over ``span``."""
    raw = max(span, 1e-9) / lines
    power = 10.0 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    while power > raw:
        power /= 10
    for factor in (1, 2, 5, 10):
        if power * factor >= raw:
            return power * factor
    return power * 10


class PlaceChartWidget(ChartWidget):
    """How many times the player came 1st, 2nd, 3rd and 4th: four bars with counts and shares."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Places"), parent)
        self.places: tuple[int, ...] = (0, 0, 0, 0)

    def set_places(self, places: Sequence[int]) -> None:
        """Set the counts of 1st, 2nd, 3rd and 4th places."""
        self.places = tuple(places)
        self.update()

    @override
    def has_data(self) -> bool:
        return sum(self.places) > 0

    @override
    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        total = sum(self.places)
        top = max(self.places)
        plot = QRectF(area.left(), area.top() + 16, area.width(), area.height() - 36)
        slot = plot.width() / 4
        names = (self.tr("1st"), self.tr("2nd"), self.tr("3rd"), self.tr("4th"))
        shades = (colors.positive, colors.accent, colors.dealer, colors.negative)
        for index, count in enumerate(self.places):
            height = plot.height() * count / top if top else 0
            bar = QRectF(plot.left() + slot * index + slot * 0.18, plot.bottom() - height, slot * 0.64, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(shades[index]))
            painter.drawRect(bar)
            painter.setPen(QColor(colors.text))
            share = _percent(count / total)
            painter.drawText(
                QRectF(bar.left() - 10, bar.top() - 18, bar.width() + 20, 16),
                Qt.AlignmentFlag.AlignCenter,
                f"{count} ({share}%)",
            )
            painter.drawText(
                QRectF(plot.left() + slot * index, plot.bottom() + 4, slot, 16),
                Qt.AlignmentFlag.AlignCenter,
                names[index],
            )


class PointsChartWidget(ChartWidget):
    """Points per game in the order played (dots and thin bars) with a moving average (a line)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Points per game"), parent)
        self.points: tuple[float, ...] = ()
        self.average: tuple[float, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.average_games = 0

    def set_games(self, points: Sequence[float], average: Sequence[float], labels: Sequence[str], window: int) -> None:
        """Set each game's points, the moving average over ``window`` games, and the games' labels (dates)."""
        self.points, self.average, self.labels = tuple(points), tuple(average), tuple(labels)
        self.average_games = window
        self.update()

    @override
    def has_data(self) -> bool:
        return bool(self.points)

    @override
    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        low = min(0.0, *self.points)
        high = max(0.0, *self.points)
        step = _nice_step(high - low)
        low = (low // step) * step
        high = -((-high) // step) * step
        if high == low:
            high = low + step
        plot = QRectF(area.left() + 44, area.top() + 20, area.width() - 50, area.height() - 40)

        def y_of(value: float) -> float:
            return plot.bottom() - plot.height() * (value - low) / (high - low)

        count = len(self.points)

        def x_of(index: int) -> float:
            return plot.left() + plot.width() * (index + 0.5) / count

        value = low
        while value <= high + step / 2:
            y = y_of(value)
            painter.setPen(QPen(QColor(colors.muted), 1, Qt.PenStyle.SolidLine if value == 0 else Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(colors.muted))
            painter.drawText(QRectF(area.left(), y - 8, 40, 16), Qt.AlignmentFlag.AlignRight, f"{value:+g}")
            value += step
        bar = max(1.0, min(10.0, plot.width() / count * 0.5))
        for index, points in enumerate(self.points):
            x = x_of(index)
            shade = QColor(colors.positive if points >= 0 else colors.negative)
            painter.setPen(QPen(shade, bar))
            painter.drawLine(QPointF(x, y_of(0)), QPointF(x, y_of(points)))
        painter.setPen(QPen(QColor(colors.seat_lines[1]), 3))
        for index in range(1, len(self.average)):
            painter.drawLine(
                QPointF(x_of(index - 1), y_of(self.average[index - 1])), QPointF(x_of(index), y_of(self.average[index]))
            )
        fits = max(1, int(plot.width() // (painter.fontMetrics().horizontalAdvance("2026-12-31") + 16)))
        every = max(1, -(-count // fits))
        painter.setPen(QColor(colors.muted))
        for index, label in enumerate(self.labels):
            if index % every == 0:
                x = x_of(index)
                painter.drawText(QRectF(x - 40, plot.bottom() + 4, 80, 16), Qt.AlignmentFlag.AlignCenter, label)
        legend = self.tr("Moving average of {n} games").format(n=self.average_games)
        painter.setPen(QPen(QColor(colors.seat_lines[1]), 3))
        painter.drawLine(QPointF(plot.left(), area.top() + 8), QPointF(plot.left() + 18, area.top() + 8))
        painter.setPen(QColor(colors.text))
        painter.drawText(QPointF(plot.left() + 24, area.top() + 12), legend)


class RatesChartWidget(ChartWidget):
    """The player's rates beside the club's: pairs of horizontal bars, the value written at each bar's end."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Rates per hand, against the club"), parent)
        self.rows: tuple[tuple[str, float | None, float | None], ...] = ()
        self.player = ""

    def set_rates(self, player: str, rows: Sequence[tuple[str, float | None, float | None]]) -> None:
        """Set (label, player's rate, club's rate) rows; rates are fractions (0.25 is 25%), None for none."""
        self.player, self.rows = player, tuple(rows)
        self.update()

    @override
    def has_data(self) -> bool:
        return any(p is not None for _, p, _ in self.rows)

    @override
    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        top = max([v for _, p, c in self.rows for v in (p, c) if v is not None] + [0.01])
        label_width = 78
        legend_y = area.top() + 8
        entries = ((self.player, colors.seat_lines[1]), (self.tr("Club"), colors.muted))
        x = area.left() + label_width
        for name, shade in entries:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(shade))
            painter.drawRect(QRectF(x, legend_y - 5, 14, 10))
            painter.setPen(QColor(colors.text))
            painter.drawText(QPointF(x + 18, legend_y + 4), name)
            x += 40 + painter.fontMetrics().horizontalAdvance(name)
        plot = QRectF(area.left() + label_width, area.top() + 22, area.width() - label_width - 56, area.height() - 22)
        row_height = plot.height() / max(len(self.rows), 1)
        for index, (label, mine, club) in enumerate(self.rows):
            y = plot.top() + row_height * index
            painter.setPen(QColor(colors.text))
            painter.drawText(
                QRectF(area.left(), y, label_width - 6, row_height),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            bar_height = min(16.0, row_height * 0.36)
            for offset, value, shade in ((0, mine, colors.seat_lines[1]), (1, club, colors.muted)):
                bar_y = y + row_height / 2 - bar_height + offset * (bar_height + 2) - 1
                width = plot.width() * (value or 0) / top
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(shade))
                painter.drawRect(QRectF(plot.left(), bar_y, width, bar_height))
                painter.setPen(QColor(colors.text))
                text = "-" if value is None else f"{100 * value:.1f}%"
                painter.drawText(
                    QRectF(plot.left() + width + 4, bar_y - 2, 60, bar_height + 4),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    text,
                )


class YakuChartWidget(ChartWidget):
    """The most frequent yaku of the player's wins with known yaku (entered as tiles or with the yaku list)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Yaku of the wins with known yaku"), parent)
        self.rows: tuple[tuple[str, int, float], ...] = ()
        self.wins = 0
        self.games = 0

    def set_yaku(self, rows: Sequence[tuple[str, int, float]], wins: int, limit: int = 8, *, games: int = 0) -> None:
        """Set (yaku name, count, share of the wins) rows, most frequent first; only the first ``limit`` show.
        ``games`` is how many games the selection holds (the chart says why it is empty)."""
        self.rows, self.wins, self.games = tuple(rows)[:limit], wins, games
        self.update()

    @override
    def has_data(self) -> bool:
        return bool(self.rows)

    @override
    def empty_text(self) -> str:
        # Games but no win whose yaku are known (wins entered as han and fu, or none at all): say that, not "no games".
        if self.games:
            return self.tr("No win with known yaku in this selection")
        return super().empty_text()

    @override
    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        metrics = painter.fontMetrics()
        label_width = min(area.width() * 0.45, 12 + max(metrics.horizontalAdvance(name) for name, _, _ in self.rows))
        painter.setPen(QColor(colors.muted))
        painter.drawText(
            QRectF(area.left(), area.top(), area.width(), 16),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("{n} wins with known yaku").format(n=self.wins),
        )
        plot = QRectF(area.left() + label_width, area.top() + 20, area.width() - label_width - 70, area.height() - 20)
        row_height = plot.height() / max(len(self.rows), 1)
        for index, (name, count, share) in enumerate(self.rows):
            y = plot.top() + row_height * index
            painter.setPen(QColor(colors.text))
            painter.drawText(
                QRectF(area.left(), y, label_width - 8, row_height),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(label_width - 8)),
            )
            bar_height = min(18.0, row_height * 0.7)
            width = plot.width() * share
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(colors.accent))
            painter.drawRect(QRectF(plot.left(), y + (row_height - bar_height) / 2, width, bar_height))
            painter.setPen(QColor(colors.text))
            painter.drawText(
                QRectF(plot.left() + width + 4, y, 70, row_height),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                f"{count} ({_percent(share)}%)",
            )
