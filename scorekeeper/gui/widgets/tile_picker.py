"""The tile picker: every tile as a big button, tap to add; a kind whose copies are all in use is greyed out.

A set has four copies of each kind (seed 000, "The tiles"); with red fives in play one five of each number suit
is the red one (the Tenhou and M-League sets: one red 5m, 5p and 5s), so there are then three ordinary fives and
one red five per suit. The picker only greys out what cannot be taken; whether a hand is valid is the engine's
business (:func:`scorekeeper.engine.hand.validate_tiles`).

For the classical family (seed 003) the picker runs without red fives (the family has none) and with a fifth row:
the eight extra tiles, four seasons and four plants, one copy each (``extra_tiles=True``); tapping one emits
``extra_picked``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractButton, QGridLayout, QSizePolicy, QWidget

from scorekeeper.engine.classical.extras import ExtraTile
from scorekeeper.engine.tiles import Tile, TileKind
from scorekeeper.gui._compat import override
from scorekeeper.gui.tiles import TILE_ASPECT, TileArt, is_dark_palette, tile_pixmap

__all__ = ["MIN_TILE_HEIGHT", "TileButtonWidget", "TilePickerWidget", "picker_tiles"]

#: The smallest tile button: 44 px wide (a comfortable touch target, issue 4 "Look and feel"), so 59 px tall.
MIN_TILE_HEIGHT = 59
_MARGIN = 3
_FIVES = (TileKind.M5, TileKind.P5, TileKind.S5)


def picker_tiles() -> tuple[tuple[Tile, ...], ...]:
    """The picker's rows: manzu, pinzu and souzu 1..9 each followed by its red five, then the seven honours."""
    rows: list[tuple[Tile, ...]] = []
    for suit_start in (0, 9, 18):
        numbers = tuple(Tile(TileKind(suit_start + n)) for n in range(9))
        rows.append((*numbers, Tile(TileKind(suit_start + 4), red=True)))
    rows.append(tuple(Tile(TileKind(27 + n)) for n in range(7)))
    return tuple(rows)


class TileButtonWidget(QAbstractButton):
    """A button showing one tile (or the back), at least 44 px wide; faded when disabled.

    It draws the tile from the packaged SVG at its own size and device pixel ratio, in the dark drawing when its
    palette is dark. A small number in the corner shows how many copies are in use (``set_badge``).
    """

    def __init__(self, tile: TileArt, parent: QWidget | None = None, *, height: int = 64) -> None:
        super().__init__(parent)
        self._tile = tile
        self._height = max(height, MIN_TILE_HEIGHT)
        self._index = False
        self._badge = 0
        self._selected = False
        self._gap = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(str(tile))
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    @property
    def tile(self) -> TileArt:
        """The tile shown."""
        return self._tile

    def set_tile(self, tile: TileArt) -> None:
        """Show another tile."""
        if tile != self._tile:
            self._tile = tile
            self.setAccessibleName(str(tile))
            self.update()

    @property
    def badge(self) -> int:
        """The number shown in the corner (0: none)."""
        return self._badge

    def set_badge(self, count: int) -> None:
        """Show a small count in the corner (0 hides it)."""
        if count != self._badge:
            self._badge = count
            self.update()

    def set_index_visible(self, visible: bool) -> None:
        """Draw the tile with its small corner index ("1m", "E" ...) for beginners."""
        if visible != self._index:
            self._index = visible
            self.update()

    def set_selected(self, selected: bool) -> None:
        """Mark the tile (e.g. the winning tile) with a coloured frame."""
        if selected != self._selected:
            self._selected = selected
            self.update()

    @property
    def selected(self) -> bool:
        """Whether the tile is marked (see :meth:`set_selected`)."""
        return self._selected

    def set_gap(self, gap: int) -> None:
        """Leave ``gap`` pixels of space on the left (to set a tile apart, e.g. the winning tile)."""
        if gap != self._gap:
            self._gap = gap
            self.updateGeometry()
            self.update()

    def set_tile_height(self, height: int) -> None:
        """Change the tile's height (never below the touch-target minimum)."""
        self._height = max(height, MIN_TILE_HEIGHT)
        self.updateGeometry()
        self.update()

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(round(self._height * TILE_ASPECT) + 2 * _MARGIN + self._gap, self._height + 2 * _MARGIN)

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.isEnabled():
            self.animateClick()
            return
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            # Let the picker move in its grid (QAbstractButton would move in focus-chain order instead).
            event.ignore()
            return
        super().keyPressEvent(event)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = self.rect().adjusted(_MARGIN + self._gap, _MARGIN, -_MARGIN, -_MARGIN)
        height = min(area.height(), round(area.width() / TILE_ASPECT))
        width = round(height * TILE_ASPECT)
        target = QRect(QPoint(area.center().x() - width // 2, area.center().y() - height // 2), QSize(width, height))
        if self.isDown():
            target.translate(0, 1)
        pixmap = tile_pixmap(
            self._tile,
            height,
            dpr=self.devicePixelRatioF(),
            dark=is_dark_palette(self.palette()),
            index=self._index,
            dim=not self.isEnabled(),
        )
        painter.drawPixmap(target, pixmap)
        highlight = self.palette().highlight().color()
        if self._selected:
            painter.setPen(QPen(QColor("#e0a000"), 3))
            painter.drawRoundedRect(QRectF(target).adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
        if self.hasFocus():
            painter.setPen(QPen(highlight, 2, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1 + self._gap, 1, -1, -1), 6, 6)
        if self._badge:
            self._paint_badge(painter, target)
        painter.end()

    def _paint_badge(self, painter: QPainter, target: QRect) -> None:
        diameter = 18
        circle = QRectF(target.right() - diameter + 3, target.bottom() - diameter + 3, diameter, diameter)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#37474f"))
        painter.drawEllipse(circle)
        font = QFont(self.font())
        font.setPixelSize(12)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, str(self._badge))


class TilePickerWidget(QWidget):
    """All 34 tiles and the three red fives (and optionally the eight extra tiles) as big buttons; tap to pick one.

    The caller tells the picker which tiles are in use (:meth:`set_tiles_in_use`): a kind whose four copies are
    used is greyed out, and so is a red five already used, or an ordinary five whose three ordinary copies are
    used when red fives are in play. Arrow keys move between the buttons.

    Signals:
        tile_picked(Tile): a tile was tapped.
        extra_picked(ExtraTile): an extra tile (season or plant) was tapped (only with ``extra_tiles``).
    """

    tile_picked = Signal(object)
    extra_picked = Signal(object)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        red_fives: bool = True,
        tile_height: int = 64,
        extra_tiles: bool = False,
    ) -> None:
        super().__init__(parent)
        self._red_fives = red_fives
        self._extra_tiles = extra_tiles
        self._used: Counter[TileKind] = Counter()
        self._red_used: Counter[TileKind] = Counter()
        self._extras_used: frozenset[ExtraTile] = frozenset()
        self._buttons: dict[Tile | ExtraTile, TileButtonWidget] = {}
        self._grid: list[list[TileButtonWidget]] = []
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        rows: list[tuple[Tile | ExtraTile, ...]] = [*picker_tiles(), tuple(ExtraTile)]
        for row, tiles in enumerate(rows):
            buttons: list[TileButtonWidget] = []
            for column, tile in enumerate(tiles):
                button = TileButtonWidget(tile, self, height=tile_height)
                button.setObjectName(f"pick_{tile}")
                button.clicked.connect(lambda _checked=False, t=tile: self._on_button_clicked(t))
                layout.addWidget(button, row, column)
                self._buttons[tile] = button
                buttons.append(button)
            self._grid.append(buttons)
        self._refresh()

    # -- public API ---------------------------------------------------------------------------------------------

    def button(self, tile: Tile | ExtraTile) -> TileButtonWidget:
        """The button of a tile (for keyboard focus and tests)."""
        return self._buttons[tile]

    def buttons(self) -> tuple[TileButtonWidget, ...]:
        """Every button, row by row (the extra tiles' only when they are offered)."""
        return tuple(b for t, b in self._buttons.items() if self._extra_tiles or not isinstance(t, ExtraTile))

    @property
    def red_fives(self) -> bool:
        """Whether the red fives are offered."""
        return self._red_fives

    def set_red_fives(self, enabled: bool) -> None:
        """Offer the red fives (and then allow only three ordinary fives per suit), or hide them."""
        self._red_fives = enabled
        self._refresh()

    @property
    def extra_tiles(self) -> bool:
        """Whether the row of extra tiles (seasons and plants) is offered."""
        return self._extra_tiles

    def set_extra_tiles(self, enabled: bool) -> None:
        """Offer the eight extra tiles of the classical family (a fifth row), or hide them."""
        self._extra_tiles = enabled
        self._refresh()

    def set_extras_in_use(self, extras: Iterable[ExtraTile]) -> None:
        """Tell the picker which extra tiles are held: each exists once, so a held one greys out."""
        self._extras_used = frozenset(extras)
        self._refresh()

    def set_tiles_in_use(self, tiles: Iterable[Tile]) -> None:
        """Tell the picker every tile already placed (hand, melds, indicators): it greys out what is exhausted."""
        self._used = Counter()
        self._red_used = Counter()
        for tile in tiles:
            self._used[tile.kind] += 1
            if tile.red:
                self._red_used[tile.kind] += 1
        self._refresh()

    def set_index_visible(self, visible: bool) -> None:
        """Show the small corner indices ("1m", "E" ...) on every tile."""
        for button in self._buttons.values():
            button.set_index_visible(visible)

    def set_tile_height(self, height: int) -> None:
        """Resize every tile button (never below the touch minimum)."""
        for button in self._buttons.values():
            button.set_tile_height(height)

    def copies_left(self, tile: Tile | ExtraTile) -> int:
        """How many more copies of this exact tile (red or not; or this extra tile) the set still holds."""
        if isinstance(tile, ExtraTile):
            return 0 if tile in self._extras_used or not self._extra_tiles else 1
        kind = tile.kind
        total_left = 4 - self._used[kind]
        if kind not in _FIVES or not self._red_fives:
            return max(0, total_left) if not tile.red else 0
        if tile.red:
            return max(0, min(total_left, 1 - self._red_used[kind]))
        ordinary_used = self._used[kind] - self._red_used[kind]
        return max(0, min(total_left, 3 - ordinary_used))

    def is_available(self, tile: Tile | ExtraTile) -> bool:
        """Whether a tap on this tile would add a copy that exists."""
        return self.copies_left(tile) > 0

    # -- internals ----------------------------------------------------------------------------------------------

    def _refresh(self) -> None:
        for tile, button in self._buttons.items():
            if isinstance(tile, ExtraTile):
                button.setVisible(self._extra_tiles)
                button.setEnabled(self.is_available(tile))
                continue
            if tile.red:
                button.setVisible(self._red_fives)
            button.setEnabled(self.is_available(tile))
            used = self._red_used[tile.kind] if tile.red else self._used[tile.kind] - self._red_used[tile.kind]
            button.set_badge(used)

    def _on_button_clicked(self, tile: Tile | ExtraTile) -> None:
        if self.is_available(tile):
            if isinstance(tile, ExtraTile):
                self.extra_picked.emit(tile)
            else:
                self.tile_picked.emit(tile)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        move = moves.get(Qt.Key(event.key()))
        focused = self.focusWidget()
        if move is None or not isinstance(focused, TileButtonWidget):
            super().keyPressEvent(event)
            return
        row, column = next(
            (r, c) for r, buttons in enumerate(self._grid) for c, b in enumerate(buttons) if b is focused
        )
        for _ in range(40):
            row = (row + move[0]) % len(self._grid)
            if move[1]:
                column = (column + move[1]) % len(self._grid[row])
            column = min(column, len(self._grid[row]) - 1)
            candidate = self._grid[row][column]
            if candidate.isEnabled() and candidate.isVisibleTo(self):
                candidate.setFocus(Qt.FocusReason.TabFocusReason)
                break
        event.accept()
