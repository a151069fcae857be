"""The tile artwork: SVG bytes per tile, and cached pixmaps and icons at any size, device pixel ratio and theme.

The SVG files next to this module are written by ``resources/tiles/draw_tiles.py`` (our own drawing: no font and
no third-party artwork). For every tile there are four files: light and dark theme, each with or without the
small corner index for beginners ("1m", "E", "Wh" ...). See docs/tiles.md.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Final, Literal

from PySide6.QtCore import QByteArray, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from scorekeeper.engine.classical.extras import ExtraTile
from scorekeeper.engine.tiles import Tile
from scorekeeper.gui._compat import override
from scorekeeper.gui.tile_labels import corner_indices, set_corner_indices

__all__ = [
    "BACK",
    "TILE_ASPECT",
    "TileArt",
    "corner_indices",
    "is_dark_palette",
    "set_corner_indices",
    "tile_file_name",
    "tile_icon",
    "tile_pixmap",
    "tile_size",
    "tile_svg",
]

#: The tile back, for :func:`tile_svg` and friends.
BACK: Final = "back"

#: A face (a :class:`Tile`, red fives included; or a season or plant of the classical family) or the back.
TileArt = Tile | ExtraTile | Literal["back"]

#: Width over height of every tile drawing (the SVG view box is 60 x 80).
TILE_ASPECT: Final = 0.75


def tile_file_name(tile: TileArt, *, dark: bool = False, index: bool = False) -> str:
    """The packaged SVG file of a tile: ``1m.svg``, ``0p-dark.svg``, ``5f.svg``, ``back-dark.svg`` ..."""
    name = BACK if tile == BACK else str(tile)
    return f"{name}{'-dark' if dark else ''}{'-index' if index and name != BACK else ''}.svg"


@functools.cache
def tile_svg(tile: TileArt, *, dark: bool = False, index: bool = False) -> bytes:
    """The SVG document of a tile (read once from the package data, then cached)."""
    return resources.files(__name__).joinpath(tile_file_name(tile, dark=dark, index=index)).read_bytes()


@functools.cache
def _renderer(tile: TileArt, dark: bool, index: bool) -> QSvgRenderer:
    renderer = QSvgRenderer(QByteArray(tile_svg(tile, dark=dark, index=index)))
    assert renderer.isValid(), f"packaged tile art {tile_file_name(tile, dark=dark, index=index)} is not valid SVG"
    return renderer


def tile_size(height: int) -> QSize:
    """The size of a tile drawn ``height`` logical pixels tall."""
    return QSize(round(height * TILE_ASPECT), height)


def _render(tile: TileArt, size: QSize, dpr: float, *, dark: bool, index: bool, dim: bool) -> QImage:
    image = QImage(
        max(1, round(size.width() * dpr)), max(1, round(size.height() * dpr)), QImage.Format.Format_ARGB32_Premultiplied
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    if dim:
        painter.setOpacity(0.3)
    _renderer(tile, dark, index).render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    image.setDevicePixelRatio(dpr)
    return image


@functools.lru_cache(maxsize=2048)
def _cached_pixmap(tile: TileArt, size: tuple[int, int], dpr: float, *, dark: bool, index: bool, dim: bool) -> QPixmap:
    return QPixmap.fromImage(_render(tile, QSize(*size), dpr, dark=dark, index=index, dim=dim))


def tile_pixmap(
    tile: TileArt,
    height: int,
    *,
    dpr: float = 1.0,
    dark: bool = False,
    index: bool | None = None,
    dim: bool = False,
) -> QPixmap:
    """A tile drawn ``height`` logical pixels tall for a screen of device pixel ratio ``dpr`` (cached).

    Args:
        tile: the tile face (red fives included) or :data:`BACK`.
        height: the logical height; the width follows :data:`TILE_ASPECT`.
        dpr: the device pixel ratio (``widget.devicePixelRatioF()``): the pixmap has ``dpr`` times the pixels.
        dark: the dark-theme drawing (see :func:`is_dark_palette`).
        index: with the small corner index ("1m", "E" ...); None follows :func:`set_corner_indices`.
        dim: faded, for a tile that cannot be chosen.
    """
    if index is None:
        index = corner_indices()
    size = tile_size(height)
    return _cached_pixmap(tile, (size.width(), size.height()), round(dpr, 3), dark=dark, index=index, dim=dim)


class _TileIconEngine(QIconEngine):
    """Renders a tile's SVG at whatever size an icon is asked for, so icons stay crisp."""

    def __init__(self, tile: TileArt, *, dark: bool, index: bool | None) -> None:
        super().__init__()
        self._tile = tile
        self._dark = dark
        self._index = index

    @override
    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        height = min(rect.height(), round(rect.width() / TILE_ASPECT))
        pixmap = tile_pixmap(
            self._tile,
            height,
            dpr=painter.device().devicePixelRatioF(),
            dark=self._dark,
            index=self._index,
            dim=mode == QIcon.Mode.Disabled,
        )
        size = tile_size(height)
        top_left = rect.center() - QPoint(size.width() // 2, size.height() // 2)
        painter.drawPixmap(QRect(top_left, size), pixmap)

    @override
    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        height = min(size.height(), round(size.width() / TILE_ASPECT))
        return tile_pixmap(self._tile, height, dark=self._dark, index=self._index, dim=mode == QIcon.Mode.Disabled)

    @override
    def clone(self) -> QIconEngine:
        return _TileIconEngine(self._tile, dark=self._dark, index=self._index)


def tile_icon(tile: TileArt, *, dark: bool = False, index: bool | None = None) -> QIcon:
    """An icon of a tile that renders crisply at any size (disabled mode is faded)."""
    return QIcon(_TileIconEngine(tile, dark=dark, index=index))


def is_dark_palette(palette: QPalette | None = None) -> bool:
    """Whether a palette (by default the application's) has a dark window, so the dark tiles fit it."""
    if palette is None:
        palette = QGuiApplication.palette()
    window: QColor = palette.color(QPalette.ColorRole.Window)
    return window.lightness() < 128
