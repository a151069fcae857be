"""The first-run guide: a few short pages that show where to tap for riichi, ron and tsumo, draws, undo and the
history, and how to enter a hand.

Each page has a title, two or three plain sentences in big text and a picture of the main window drawn by
:class:`TableMapWidget` with the place to tap lit up. The button words in the picture are the app's own
translated words (the main window's contexts), so the picture reads like the real window in either language.
Keyboard: Right / Page Down / Enter for the next page, Left / Page Up for the previous one, Escape closes.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.tiles import parse_tiles
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.help._common import body_label, title_label
from scorekeeper.gui.tiles import is_dark_palette, tile_pixmap, tile_size

__all__ = ["GUIDE_SEATS", "GuideDialog", "GuidePage", "Spot", "TableMapWidget"]


class Spot(enum.Enum):
    """A place in the main window the guide can light up."""

    SEATS = "seats"
    RIICHI = "riichi"
    RON_TSUMO = "ron_tsumo"
    HAND_ENTRY = "hand_entry"
    DRAW = "draw"
    UNDO_HISTORY = "undo_history"
    HELP_MENU = "help_menu"


@dataclass(frozen=True, slots=True)
class GuidePage:
    """One page of the guide."""

    spot: Spot
    title: str
    text: str


def _app_word(context: str, text: str) -> str:
    """A word as the app itself shows it (its translation, without the ``&`` of a menu shortcut)."""
    return re.sub(r"\(&\w\)", "", QCoreApplication.translate(context, text)).replace("&", "")


#: The seats of the guide's table: wind, name and (column, row) in the 3 x 3 grid. As the table seats a new game in
#: East 1 (``table/table_view.py``): the first dealer, East, on the near side, then South to the right, West across
#: and North to the left, in turn order (issue 24: East sat on the left here).
GUIDE_SEATS: tuple[tuple[str, str, tuple[int, int]], ...] = (
    ("E", "Aiko", (1, 2)),
    ("S", "Bruno", (2, 1)),
    ("W", "Chen", (1, 0)),
    ("N", "Dana", (0, 1)),
)


def _wind_word(letter: str) -> str:
    names = {"E": "East", "S": "South", "W": "West", "N": "North"}
    return QCoreApplication.translate("Labels", names[letter])


class TableMapWidget(QWidget):
    """A simplified picture of the main window (or of the win dialog) with one place lit up."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spot = Spot.SEATS
        self.setMinimumSize(560, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_spot(self, spot: Spot) -> None:
        """Light up ``spot``."""
        self.spot = spot
        self.update()

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Keep a 16:9 picture, centred across and at the top, in whatever room there is.
        width = min(self.width() - 4.0, (self.height() - 4.0) * 16 / 9)
        height = width * 9 / 16
        frame = QRectF((self.width() - width) / 2, 2, width, height)
        if self.spot is Spot.HAND_ENTRY:
            self._paint_hand_entry(painter, frame)
        else:
            self._paint_window(painter, frame)
        painter.end()

    # -- drawing helpers --------------------------------------------------------------------------------------

    def _box(self, painter: QPainter, rect: QRectF, text: str, *, lit: bool, pixels: float, radius: float = 6) -> None:
        c = theme.colors()
        if lit:
            painter.setPen(QPen(QColor(c.dealer), 4))
            painter.setBrush(QColor(c.panel_active))
        else:
            painter.setPen(QPen(QColor(c.muted), 1))
            painter.setBrush(QColor(c.panel))
        painter.drawRoundedRect(rect, radius, radius)
        if text:
            painter.setFont(self._fitted_font(text, rect.width() - 8, pixels, bold=lit))
            painter.setPen(QColor(c.text if lit else c.muted))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _fitted_font(self, text: str, width: float, pixels: float, *, bold: bool) -> QFont:
        """The font at ``pixels``, made smaller until ``text`` fits in ``width`` (longer Japanese words)."""
        font = QFont(self.font())
        font.setBold(bold)
        size = max(9, round(pixels))
        while True:
            font.setPixelSize(size)
            if size <= 9 or QFontMetricsF(font).horizontalAdvance(text) <= width:
                return font
            size -= 1

    def _text(self, painter: QPainter, rect: QRectF, text: str, pixels: float, *, bold: bool, color: str) -> None:
        painter.setFont(self._fitted_font(text, rect.width() - 4, pixels, bold=bold))
        painter.setPen(QColor(color))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_window(self, painter: QPainter, frame: QRectF) -> None:
        c = theme.colors()
        spot = self.spot
        unit = frame.height() / 36  # one grid step
        painter.setPen(QPen(QColor(c.muted), 2))
        painter.setBrush(QColor(c.window))
        painter.drawRoundedRect(frame, 10, 10)
        # Menu bar: plain words as in the window; the Help menu boxed when it is the spot.
        words = [
            _app_word("MainWindow", "&Game"),
            _app_word("MainWindow", "&Edit"),
            _app_word("MainWindow", "&View"),
            _app_word("MainWindow", "&Hand"),
            _app_word("HelpMenu", "&Help"),
        ]
        x = frame.left() + unit
        menu_font = QFont(self.font())
        menu_font.setPixelSize(max(9, round(unit * 1.3)))
        for index, word in enumerate(words):
            width = QFontMetricsF(menu_font).horizontalAdvance(word) + unit * 2
            rect = QRectF(x, frame.top() + unit * 0.5, width, unit * 2.4)
            if index == len(words) - 1 and spot is Spot.HELP_MENU:
                self._box(painter, rect, word, lit=True, pixels=unit * 1.3, radius=3)
            else:
                self._text(painter, rect, word, unit * 1.3, bold=False, color=c.text)
            x += width + unit * 0.3
        # The table as the window lays it out: a 3 x 3 grid, the seats around the centre.
        table = QRectF(frame.left() + unit, frame.top() + unit * 3.4, frame.width() * 0.6, unit * 26)
        gap = unit * 0.6
        cell_w = (table.width() - 2 * gap) / 3
        cell_h = (table.height() - 2 * gap) / 3

        def cell(column: int, row: int) -> QRectF:
            return QRectF(table.left() + column * (cell_w + gap), table.top() + row * (cell_h + gap), cell_w, cell_h)

        seats = tuple((cell(column, row), wind, name) for wind, name, (column, row) in GUIDE_SEATS)
        riichi_word = _app_word("SeatPanelWidget", "Riichi")
        win_word = _app_word("SeatPanelWidget", "Win")
        for rect, wind, name in seats:
            self._box(painter, rect, "", lit=spot is Spot.SEATS, pixels=unit)
            top = QRectF(rect.left() + unit * 0.5, rect.top() + unit * 0.2, rect.width() - unit, unit * 2)
            font = QFont(self.font())
            font.setPixelSize(max(9, round(unit * 1.3)))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor(c.dealer if wind == "E" else c.muted))
            painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _wind_word(wind))
            self._text(
                painter,
                QRectF(rect.left(), rect.top() + unit * 1.8, rect.width(), unit * 1.8),
                name,
                unit * 1.3,
                bold=True,
                color=c.text,
            )
            self._text(
                painter,
                QRectF(rect.left(), rect.top() + unit * 3.4, rect.width(), unit * 2.6),
                "25,000",
                unit * 2.2,
                bold=True,
                color=c.text,
            )
            # The panel's Riichi and Win buttons side by side, as on the table (Win: issue 12, fewer taps).
            half = (rect.width() - unit * 1.2 - gap) / 2
            for index, (word, on) in enumerate(
                ((riichi_word, spot is Spot.RIICHI), (win_word, spot is Spot.RON_TSUMO))
            ):
                left = rect.left() + unit * 0.6 + index * (half + gap)
                button = QRectF(left, rect.bottom() - unit * 2.5, half, unit * 2)
                self._box(painter, button, word, lit=on, pixels=unit * 1.1, radius=4)
        centre = cell(1, 1)
        self._box(painter, centre, "", lit=False, pixels=unit)
        label = QCoreApplication.translate("Labels", "{wind} {number}").format(wind=_wind_word("E"), number=1)
        self._text(painter, centre, label, unit * 2, bold=True, color=c.text)
        # The history on the right, with its two buttons.
        history = QRectF(table.right() + unit, table.top(), frame.right() - table.right() - unit * 2, table.height())
        lit = spot is Spot.UNDO_HISTORY
        list_rect = QRectF(history.left(), history.top() + unit * 2.6, history.width(), history.height() - unit * 6.4)
        self._box(painter, list_rect, "", lit=lit, pixels=unit)
        font = QFont(self.font())
        font.setPixelSize(max(9, round(unit * 1.5)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(c.text))
        painter.drawText(
            QRectF(history.left(), history.top(), history.width(), unit * 2.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            _app_word("MainWindow", "History"),
        )
        painter.setPen(QPen(QColor(c.muted), max(1.0, unit * 0.2)))
        for line in range(5):
            y = list_rect.top() + unit * (2 + 2.2 * line)
            painter.drawLine(
                QPoint(round(list_rect.left() + unit), round(y)), QPoint(round(list_rect.right() - unit), round(y))
            )
        half = (history.width() - gap) / 2
        for index, word in enumerate(
            (_app_word("HistoryWidget", "Edit hand…"), _app_word("HistoryWidget", "Delete hand"))
        ):
            rect = QRectF(history.left() + index * (half + gap), history.bottom() - unit * 3, half, unit * 3)
            self._box(painter, rect, word, lit=lit, pixels=unit * 1.1, radius=4)
        # The action bar.
        bar_top = frame.bottom() - unit * 5
        buttons = [
            ("Ron", spot is Spot.RON_TSUMO, 1.0),
            ("Tsumo", spot is Spot.RON_TSUMO, 1.0),
            ("Draw", spot is Spot.DRAW, 1.0),
            ("Abort", spot is Spot.DRAW, 1.0),
            ("Chombo", spot is Spot.DRAW, 1.0),
            ("↶ Undo", lit, 0.8),
            ("↷ Redo", lit, 0.8),
        ]
        available = frame.width() - unit * 2 - gap * (len(buttons) - 1) - unit * 2
        total = sum(weight for _, _, weight in buttons)
        x = frame.left() + unit
        for index, (word, on, weight) in enumerate(buttons):
            if index == 5:
                x += unit * 2  # the gap before Undo, as in the window
            w = available * weight / total
            self._box(
                painter, QRectF(x, bar_top, w, unit * 4), _app_word("ActionBarWidget", word), lit=on, pixels=unit * 1.5
            )
            x += w + gap

    def _paint_hand_entry(self, painter: QPainter, frame: QRectF) -> None:
        c = theme.colors()
        unit = frame.height() / 36
        painter.setPen(QPen(QColor(c.muted), 2))
        painter.setBrush(QColor(c.window))
        painter.drawRoundedRect(frame, 10, 10)
        tabs = (
            _app_word("WinValueWidget", "Tiles"),
            _app_word("WinValueWidget", "Quick"),
            _app_word("WinValueWidget", "Yaku list"),
        )
        x = frame.left() + unit * 1.5
        for word in tabs:
            self._box(
                painter, QRectF(x, frame.top() + unit * 1.5, unit * 12, unit * 4), word, lit=True, pixels=unit * 1.7
            )
            x += unit * 13
        # A hand drawn with our tiles, and the same hand as typed text.
        tiles = parse_tiles("123m406p789s11z")
        height = round(min(unit * 8, (frame.width() - unit * 4) / (len(tiles) * 0.75)))
        width = tile_size(height).width()
        left = frame.center().x() - (len(tiles) * width) / 2
        dark = is_dark_palette(self.palette())
        for index, tile in enumerate(tiles):
            pixmap = tile_pixmap(tile, height, dpr=self.devicePixelRatioF(), dark=dark)
            painter.drawPixmap(QPoint(round(left + index * width), round(frame.top() + unit * 8)), pixmap)
        field = QRectF(frame.center().x() - unit * 14, frame.top() + unit * 18.5, unit * 28, unit * 4)
        self._box(painter, field, "123m406p789s11z", lit=False, pixels=unit * 1.8)
        # Quick entry and yaku list, in words.
        font = QFont(self.font())
        font.setPixelSize(max(9, round(unit * 1.6)))
        painter.setFont(font)
        painter.setPen(QColor(c.text))
        painter.drawText(
            QRectF(frame.left() + unit * 2, frame.top() + unit * 24, frame.width() - unit * 4, unit * 10),
            Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
            QCoreApplication.translate(
                "GuideDialog",
                "m = characters, p = circles, s = bamboo, z = winds and dragons; 0 is a red five.",
            ),
        )


class GuideDialog(QDialog):
    """The first-run guide (also Help ▸ Guide, F1).

    Args:
        skip_next_time: whether the user already chose not to see the guide at start (ticks the box).
        on_skip_changed: called with the box's new state each time the user ticks or unticks it.
    """

    page_changed = Signal(int)

    def __init__(
        self,
        *,
        skip_next_time: bool = False,
        on_skip_changed: Callable[[bool], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Getting started"))
        self.setObjectName("guide")
        self.pages = self._pages()
        self._on_skip_changed = on_skip_changed
        self.index = 0

        self.step_label = QLabel()
        self.step_label.setObjectName("step_label")
        self.step_label.setProperty("role", "muted")
        self.step_label.setStyleSheet("font-size: 17px;")
        self.title_label = title_label()
        self.title_label.setObjectName("title_label")
        self.text_label = body_label(pixels=20)
        self.text_label.setObjectName("text_label")
        self.text_label.setMinimumHeight(96)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.map = TableMapWidget()

        self.skip_box = QCheckBox(self.tr("Don't show this guide at start (F1 opens it any time)"))
        self.skip_box.setObjectName("skip_box")
        self.skip_box.setChecked(skip_next_time)
        self.skip_box.toggled.connect(self._on_skip_box_toggled)
        self.back_button = QPushButton(self.tr("‹ Back"))
        self.back_button.setObjectName("back_button")
        self.back_button.setToolTip(self.tr("Previous page (Left arrow)"))
        self.back_button.clicked.connect(self.back)
        self.next_button = QPushButton()
        self.next_button.setObjectName("next_button")
        self.next_button.setProperty("role", "primary")
        self.next_button.setDefault(True)
        self.next_button.setToolTip(self.tr("Next page (Right arrow or Enter)"))
        self.next_button.clicked.connect(self.forward)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setObjectName("close_button")
        self.close_button.setToolTip(self.tr("Close the guide (Escape)"))
        self.close_button.clicked.connect(self.close)
        for button in (self.back_button, self.next_button, self.close_button):
            button.setMinimumSize(120, 52)

        buttons = QHBoxLayout()
        buttons.addWidget(self.skip_box, 1)
        buttons.addWidget(self.close_button)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        header = QHBoxLayout()
        header.addWidget(self.title_label, 1)
        header.addWidget(self.step_label, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.text_label)
        layout.addWidget(self.map, 1)
        layout.addLayout(buttons)
        self.resize(1000, 760)
        self.show_page(0)

    def _pages(self) -> tuple[GuidePage, ...]:
        return (
            GuidePage(
                Spot.SEATS,
                self.tr("Welcome"),
                self.tr(
                    "This app keeps the score of a riichi mahjong game. The window shows the table from above: "
                    "each player's seat wind, name and points. Tap a player's panel to see how far they are from "
                    "the others."
                ),
            ),
            GuidePage(
                Spot.RIICHI,
                self.tr("Riichi"),
                self.tr(
                    "When a player declares riichi, tap Riichi on that player's panel. The 1,000-point stick goes "
                    "to the table at once. Keyboard: Ctrl+1 to Ctrl+4."
                ),
            ),
            GuidePage(
                Spot.RON_TSUMO,
                self.tr("Ron and Tsumo"),
                self.tr(
                    "Someone won? Tap Ron for a win on another player's discard, Tsumo for a tile they drew "
                    "themselves. Then tap the winner and, for ron, the player who discarded. One tap fewer: Win on "
                    "the winner's panel, then the panel of the player who dealt in (or Tsumo in the middle)."
                ),
            ),
            GuidePage(
                Spot.HAND_ENTRY,
                self.tr("Enter the hand"),
                self.tr(
                    "Give the hand's value on one of three tabs. Tiles: tap the tiles, or type them. Quick: tap "
                    "the han and fu. Yaku list: tick the yaku and count the dora. The payments show before you "
                    "confirm."
                ),
            ),
            GuidePage(
                Spot.DRAW,
                self.tr("No winner"),
                self.tr(
                    "The wall ran out? Tap Draw and tick the players who were ready (tenpai). Abort is for the "
                    "abortive draws your rules allow, Chombo for a penalty."
                ),
            ),
            GuidePage(
                Spot.UNDO_HISTORY,
                self.tr("Undo and history"),
                self.tr(
                    "A mistake? Tap Undo (Ctrl+Z); Redo puts it back. The history lists every hand: double-tap "
                    "one to correct it. Each hand is saved the moment you confirm it."
                ),
            ),
            GuidePage(
                Spot.HELP_MENU,
                self.tr("Help is always here"),
                self.tr(
                    "Press F1 for this guide again. The Help menu also has every yaku with an example, the score "
                    "tables for your rules, and About."
                ),
            ),
        )

    # -- navigation -----------------------------------------------------------------------------------------

    def show_page(self, index: int) -> None:
        """Show page ``index`` (0-based)."""
        self.index = max(0, min(index, len(self.pages) - 1))
        page = self.pages[self.index]
        self.title_label.setText(page.title)
        self.text_label.setText(page.text)
        self.map.set_spot(page.spot)
        self.step_label.setText(self.tr("{n} of {total}").format(n=self.index + 1, total=len(self.pages)))
        self.back_button.setEnabled(self.index > 0)
        last = self.index == len(self.pages) - 1
        self.next_button.setText(self.tr("Start playing") if last else self.tr("Next ›"))
        self.page_changed.emit(self.index)

    def forward(self) -> None:
        """The next page; on the last page, close the guide."""
        if self.index == len(self.pages) - 1:
            self.close()
        else:
            self.show_page(self.index + 1)

    def back(self) -> None:
        """The previous page."""
        self.show_page(self.index - 1)

    def _on_skip_box_toggled(self, checked: bool) -> None:
        if self._on_skip_changed is not None:
            self._on_skip_changed(checked)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_PageDown):
            self.forward()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_PageUp):
            self.back()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self.skip_box.hasFocus():
            self.forward()
        else:
            super().keyPressEvent(event)
