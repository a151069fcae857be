"""A winning hand drawn with our tile set: concealed tiles, the winning tile set apart, then the melds."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from scorekeeper.engine.hand import MeldKind
from scorekeeper.engine.tiles import Tile
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.tiles import BACK, TileArt, is_dark_palette, tile_pixmap, tile_size

__all__ = ["HandPictureWidget"]

_GAP = 14  # between the hand, the winning tile and each meld
_CAPTION = 18  # room under the tiles for "win", "pon" ...


class HandPictureWidget(QWidget):
    """Draws one hand; the picture scales down (never below 28 px tiles) when the widget is narrow.

    Args:
        tile_height: the preferred tile height in logical pixels.
    """

    def __init__(self, parent: QWidget | None = None, *, tile_height: int = 56) -> None:
        super().__init__(parent)
        self._tile_height = tile_height
        self._hand: tuple[Tile, ...] = ()
        self._win: Tile | None = None
        self._melds: tuple[tuple[MeldKind, tuple[Tile, ...]], ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_hand(
        self,
        hand: tuple[Tile, ...],
        win: Tile | None,
        melds: tuple[tuple[MeldKind, tuple[Tile, ...]], ...] = (),
    ) -> None:
        """Show a hand: ``hand`` without the winning tile, the winning tile, and the melds."""
        self._hand, self._win, self._melds = hand, win, melds
        self.updateGeometry()
        self.update()

    def tiles_shown(self) -> tuple[TileArt, ...]:
        """Every tile face drawn, left to right (the outer tiles of a closed kan are backs), for tests."""
        faces: list[TileArt] = [*self._hand]
        if self._win is not None:
            faces.append(self._win)
        for kind, tiles in self._melds:
            if kind is MeldKind.ANKAN:
                faces.extend((BACK, tiles[1], tiles[2], BACK))
            else:
                faces.extend(tiles)
        return tuple(faces)

    def _groups(self) -> list[tuple[list[TileArt], str, bool]]:
        groups: list[tuple[list[TileArt], str, bool]] = [([*self._hand], "", False)]
        if self._win is not None:
            groups.append(([self._win], self.tr("win"), True))
        for kind, tiles in self._melds:
            faces: list[TileArt] = [BACK, tiles[1], tiles[2], BACK] if kind is MeldKind.ANKAN else [*tiles]
            groups.append((faces, self._meld_name(kind), False))
        return groups

    def _meld_name(self, kind: MeldKind) -> str:
        names = {
            MeldKind.CHI: self.tr("chi"),
            MeldKind.PON: self.tr("pon"),
            MeldKind.MINKAN: self.tr("open kan"),
            MeldKind.SHOUMINKAN: self.tr("added kan"),
            MeldKind.ANKAN: self.tr("closed kan"),
        }
        return names[kind]

    def _width_for(self, height: int) -> int:
        width = tile_size(height).width()
        groups = self._groups()
        return sum(len(faces) * width for faces, _, _ in groups) + _GAP * (len(groups) - 1)

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(self._width_for(self._tile_height) + 8, self._tile_height + _CAPTION + 8)

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(self._width_for(28) + 8, self._tile_height + _CAPTION + 8)

    def _fitted_height(self) -> int:
        height = self._tile_height
        while height > 28 and self._width_for(height) + 8 > self.width():
            height -= 2
        return height

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        height = self._fitted_height()
        width = tile_size(height).width()
        dark = is_dark_palette(self.palette())
        colors = theme.colors()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(13)
        painter.setFont(font)
        x = 4
        top = 4
        dpr = self.devicePixelRatioF()
        for faces, caption, is_win in self._groups():
            left = x
            for face in faces:
                painter.drawPixmap(QPoint(x, top), tile_pixmap(face, height, dpr=dpr, dark=dark))
                x += width
            if is_win:
                painter.setPen(QPen(QColor(colors.dealer), 3))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRect(left - 2, top - 2, width + 4, height + 4), 5, 5)
            if caption:
                painter.setPen(QColor(colors.muted))
                painter.drawText(
                    QRect(left, top + height + 2, x - left, _CAPTION),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    caption,
                )
            x += _GAP
        painter.end()
