"""The tile picker: every tile as a big button, tap to add; a kind whose copies are all in use is greyed out.

A set has four copies of each kind (seed 000, "The tiles"); with red fives in play one five of each number suit
is the red one (the Tenhou and M-League sets: one red 5m, 5p and 5s), so there are then three ordinary fives and
one red five per suit. The picker only greys out what cannot be taken; whether a hand is valid is the engine's
business (:func:`scorekeeper.engine.hand.validate_tiles`).

For the classical family (seed 003) the picker runs without red fives (the family has none) and with a fifth row:
the eight extra tiles, four seasons and four plants, one copy each (``extra_tiles=True``); tapping one emits
``extra_picked``.

Tile buttons scale: :func:`fit_tile_height` gives the tallest tile with which a block of buttons fits a given
room, never below the 44 px touch target, so that the win dialog fits a 1366x768 laptop screen and uses the
room of a larger one (issue 4, "Look and feel"). :class:`TileRowWidget` is the row of tiles the entry widgets show
(the hand, the melds, the indicators), with a muted caption in place of the tiles while it is empty.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QAbstractButton, QGridLayout, QLabel, QSizePolicy, QWidget

from scorekeeper.engine.classical.extras import ExtraTile
from scorekeeper.engine.tiles import Tile, TileKind
from scorekeeper.gui._compat import override
from scorekeeper.gui.tiles import TILE_ASPECT, TileArt, is_dark_palette, tile_pixmap
from scorekeeper.session.draft import copies_left

__all__ = [
    "MAX_TILE_HEIGHT",
    "MIN_TILE_HEIGHT",
    "TileButtonWidget",
    "TilePickerWidget",
    "TileRowWidget",
    "fit_tile_height",
    "picker_tiles",
    "tile_button_size",
]

#: The smallest tile button: 44 px wide (a comfortable touch target, issue 4 "Look and feel"), so 59 px tall.
MIN_TILE_HEIGHT = 59
#: The largest tile the entry widgets grow to on a big screen (72 px wide): larger only takes room from the result.
MAX_TILE_HEIGHT = 96
_MARGIN = 3
#: The spacing between the picker's buttons.
_SPACING = 2


def tile_button_size(height: int) -> QSize:
    """The size of a tile button whose tile is ``height`` px tall (the tile plus its margin)."""
    return QSize(round(height * TILE_ASPECT) + 2 * _MARGIN, height + 2 * _MARGIN)


def fit_tile_height(width: int, height: int, *, columns: int, rows: int, spacing: int = _SPACING) -> int:
    """The tallest tile (MIN_TILE_HEIGHT to MAX_TILE_HEIGHT) with which rows x columns tile buttons fit the room.

    A room too small for the smallest tile still gets it: the touch target comes first (issue 4).
    """
    for tile_height in range(MAX_TILE_HEIGHT, MIN_TILE_HEIGHT, -1):
        size = tile_button_size(tile_height)
        fits_width = columns * size.width() + (columns - 1) * spacing <= width
        fits_height = rows * size.height() + (rows - 1) * spacing <= height
        if fits_width and fits_height:
            return tile_height
    return MIN_TILE_HEIGHT


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
        self._index: bool | None = None  # None: the app-wide View > Tile labels choice
        self._badge = 0
        self._selected = False
        self._gap = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # At most its size hint, at least the touch target: a layout short of room squeezes the tile (drawn to
        # fit, keeping its shape) until the entry widget picks a smaller tile height on its next resize.
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
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

    @property
    def gap(self) -> int:
        """The space left on the tile's left (see :meth:`set_gap`)."""
        return self._gap

    def set_gap(self, gap: int) -> None:
        """Leave ``gap`` pixels of space on the left (to set a tile apart, e.g. the winning tile)."""
        if gap != self._gap:
            self._gap = gap
            self.updateGeometry()
            self.update()

    def set_tile_height(self, height: int) -> None:
        """Change the tile's height (never below the touch-target minimum)."""
        height = max(height, MIN_TILE_HEIGHT)
        if height != self._height:
            self._height = height
            self.updateGeometry()
            self.update()

    @property
    def tile_height(self) -> int:
        """The height of the tile drawn (the button adds a small margin)."""
        return self._height

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return tile_button_size(self._height) + QSize(self._gap, 0)

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return tile_button_size(MIN_TILE_HEIGHT) + QSize(self._gap, 0)

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
    used when red fives are in play (the count is the hand draft's, ``scorekeeper.session.draft.copies_left``).
    Arrow keys move between the buttons.

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
        self._red_fives_per_suit: tuple[int, int, int] = (1, 1, 1)
        self._extra_tiles = extra_tiles
        self._in_use: tuple[Tile, ...] = ()
        self._used: Counter[TileKind] = Counter()
        self._red_used: Counter[TileKind] = Counter()
        self._extras_used: frozenset[ExtraTile] = frozenset()
        self._buttons: dict[Tile | ExtraTile, TileButtonWidget] = {}
        self._grid: list[list[TileButtonWidget]] = []
        # Never wider or taller than its buttons: the room around it goes to the rest of the entry widget.
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(_SPACING)
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

    def set_red_fives(self, enabled: bool, per_suit: tuple[int, int, int] = (1, 1, 1)) -> None:
        """Offer the red fives (``per_suit`` of each suit's four fives, man, pin, sou; the rest ordinary), or hide
        them."""
        self._red_fives = enabled
        self._red_fives_per_suit = per_suit
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
        self._in_use = tuple(tiles)
        self._used = Counter()
        self._red_used = Counter()
        for tile in self._in_use:
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

    @property
    def tile_height(self) -> int:
        """The height of the tiles drawn."""
        return next(iter(self._buttons.values())).tile_height

    def grid_shape(self) -> tuple[int, int]:
        """The columns and rows of buttons shown (the red fives' column and the extra tiles' row only if offered)."""
        columns = 9 + (1 if self._red_fives else 0)
        rows = 4 + (1 if self._extra_tiles else 0)
        return columns, rows

    def fit_tile_height(self, width: int, height: int) -> int:
        """The tallest tile with which the picker fits ``width`` x ``height`` (see :func:`fit_tile_height`)."""
        columns, rows = self.grid_shape()
        return fit_tile_height(width, height, columns=columns, rows=rows)

    def copies_left(self, tile: Tile | ExtraTile) -> int:
        """How many more copies of this exact tile (red or not; or this extra tile) the set still holds."""
        if isinstance(tile, ExtraTile):
            return 0 if tile in self._extras_used or not self._extra_tiles else 1
        return copies_left(  # the hand draft's count (issue 11)
            tile, self._in_use, red_fives=self._red_fives, red_fives_per_suit=self._red_fives_per_suit
        )

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


class TileRowWidget(QWidget):
    """A row of tile buttons (the hand, the melds, the indicators); tapping one reports its position.

    Buttons are kept and reused from one change to the next (only their tile changes), so that a tap repaints a
    few tiles instead of building the row again: the live result must follow a tap within a frame (issue 4,
    "Performance"). While the row is empty it shows its caption in a muted colour, so that the caption costs no
    line of its own (the win dialog must fit a laptop screen).

    A compact row (the entry's two columns, :meth:`set_compact`) narrower than its tiles wraps onto more lines, at a
    gap where it can (a meld, the winning tile, stays whole on its line), and asks for their height: a classical
    hand with kongs is 15 tiles and more, wider than a 1024 or 1280 px screen leaves beside the result column.
    """

    _GAP = 12
    #: Between tiles, and between wrapped lines.
    _SPACING = 1
    _LINE_SPACING = 2

    def __init__(self, on_tap: Callable[[int], None], parent: QWidget | None = None, *, caption: str = "") -> None:
        super().__init__(parent)
        self._on_tap = on_tap
        self._tile_height = MIN_TILE_HEIGHT
        self._lines = 1
        #: The size hints the layout was last told of (``_place`` tells it again when they change).
        self._needed = (QSize(), QSize())
        self._compact = False
        self._run_starts: frozenset[int] = frozenset()  # positions set apart by a gap (the winning tile, a meld)
        self.caption = QLabel(caption, self)
        self.caption.setProperty("role", "muted")
        self._pool: list[TileButtonWidget] = []
        self.buttons: list[TileButtonWidget] = []
        self.index_visible = False
        self.setAccessibleName(caption)
        # As tall as its lines (sizeHint), as wide as the layout gives it, down to a kong (minimumSizeHint).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def _button(self, position: int, tile: TileArt) -> TileButtonWidget:
        while len(self._pool) <= position:
            index = len(self._pool)
            button = TileButtonWidget(tile, self, height=self._tile_height)
            button.clicked.connect(lambda _checked=False, p=index: self._on_tap(p))
            self._pool.append(button)
        return self._pool[position]

    def set_tiles(
        self,
        tiles: Sequence[TileArt],
        *,
        selected: int | None = None,
        gaps_before: frozenset[int] = frozenset(),
    ) -> None:
        """Show these tiles, marking one as selected and leaving a gap before some positions."""
        self._run_starts = frozenset(p for p in gaps_before if 0 < p < len(tiles))
        for position, tile in enumerate(tiles):
            button = self._button(position, tile)
            button.set_gap(self._GAP if position in self._run_starts else 0)
            button.set_tile(tile)
            button.setObjectName(f"tile_{position}_{tile}")
            button.set_index_visible(self.index_visible)
            button.set_selected(position == selected)
            if button.isHidden():
                button.show()
        for button in self._pool[len(tiles) :]:
            if not button.isHidden():
                button.hide()
        self.buttons = self._pool[: len(tiles)]
        self._place()

    def _line_height(self) -> int:
        return tile_button_size(self._tile_height).height()

    def _runs(self) -> list[list[int]]:
        """The positions in runs that a wrap keeps together: a new run starts at each gap."""
        runs: list[list[int]] = []
        for position in range(len(self.buttons)):
            if not runs or position in self._run_starts:
                runs.append([])
            runs[-1].append(position)
        return runs

    def _arrange(self, width: int, *, place: bool) -> int:
        """Lay the buttons out in lines of ``width`` (only count them unless ``place``); return the lines used.

        A run that does not fit the rest of its line starts the next one, without the gap that set it apart; a run
        longer than a whole line (a concealed hand on a narrow screen) breaks between its tiles.
        """
        tile = tile_button_size(self._tile_height).width()
        x = y = 0
        lines = 1
        for run in self._runs():
            gap = self._GAP if run[0] in self._run_starts else 0
            if x > 0 and x + gap + len(run) * (tile + self._SPACING) - self._SPACING > width:
                x, y, lines = 0, y + self._line_height() + self._LINE_SPACING, lines + 1
            for position in run:
                gap = self._GAP if position in self._run_starts and x > 0 else 0
                if x > 0 and x + gap + tile > width:
                    x, y, lines, gap = 0, y + self._line_height() + self._LINE_SPACING, lines + 1, 0
                if place:
                    button = self.buttons[position]
                    button.set_gap(gap)
                    button.setGeometry(QRect(QPoint(x, y), QSize(gap + tile, self._line_height())))
                x += gap + tile + self._SPACING
        return lines

    def _place(self) -> None:
        """Put the buttons in lines of the row's width (one line unless compact); ask for another size when the
        size the row needs changed (its lines, or its tiles' width).

        Asking only when the lines changed left the row at the width its layout last measured: laid out once while
        empty (as the win dialog opens), it kept width 0 and the tiles tapped into it were never seen (issue 24).
        """
        width = self.width() if self._compact else 1 << 20  # not compact: as main's row, squeezed, never wrapped
        self._lines = self._arrange(width, place=True) if self.buttons else 1
        self.caption.setGeometry(self.rect())
        self._show_caption()
        needed = (self.sizeHint(), self.minimumSizeHint())
        if needed != self._needed:
            self._needed = needed
            self.updateGeometry()

    def _show_caption(self) -> None:
        # Only while the row is empty, and only whole: a caption cut off mid-word reads worse than none.
        fits = self.caption.fontMetrics().horizontalAdvance(self.caption.text()) <= self.width()
        visible = not self.buttons and fits
        if visible != self.caption.isVisibleTo(self):
            self.caption.setVisible(visible)

    def set_compact(self, compact: bool) -> None:
        """Ask for no more width than a kong's and wrap in what the row gets (the entry's two columns), or (not
        compact, the usual) for the width of all its tiles on one line."""
        if compact != self._compact:
            self._compact = compact
            self._place()
            self.updateGeometry()

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        height = self._lines * self._line_height() + (self._lines - 1) * self._LINE_SPACING
        width = self.minimumSizeHint().width() if self._compact else self.width_at(self._tile_height)
        return QSize(width, height)

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        height = self._lines * self._line_height() + (self._lines - 1) * self._LINE_SPACING
        if not self._compact:
            return QSize(self.width_at(MIN_TILE_HEIGHT), height)  # every tile at the touch minimum, on one line
        # Compact: down to the widest run, but a longer run than a kong (a concealed hand) may break.
        kong = 4 * (tile_button_size(self._tile_height).width() + self._SPACING)
        step = tile_button_size(self._tile_height).width() + self._SPACING
        widest = max((len(run) * step for run in self._runs()), default=0)
        return QSize(min(widest, kong), height)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._place()

    def width_at(self, tile_height: int) -> int:
        """The width the row's tiles (and their gaps) take on one line when drawn ``tile_height`` px tall."""
        step = tile_button_size(tile_height).width() + self._SPACING
        return len(self.buttons) * step + self._GAP * len(self._run_starts)

    def set_tile_height(self, height: int) -> None:
        """Draw the tiles ``height`` px tall (never below the touch minimum)."""
        self._tile_height = max(height, MIN_TILE_HEIGHT)
        for button in self._pool:
            button.set_tile_height(self._tile_height)
        self._place()
        self.updateGeometry()
