"""How far a player is from the others (the point gaps), shown over the table where it has room.

A tap on a seat panel used to replace the panel's points with a cramped table of gaps with its own scroll bar, and
the panel grew, so the whole table jumped under a stray tap (issue 24). The gaps now open in this card, laid over
the table (it is no part of its layout: nothing moves) on the side away from the tapped panel, which keeps
showing its points: two thirds of the table's height or width, room for the three columns without breaking a
word ("他家ロン"). A tap on the card, on the same panel again, or Esc closes it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.labels import elide_name

__all__ = ["GapsOverlayWidget"]

#: The widest the card gets (px): wider, the lines of the table read poorly.
_MAX_WIDTH = 640


class GapsOverlayWidget(QFrame):
    """The gaps of one seat over the table; ``close_requested`` on a tap or Esc (the table closes it)."""

    close_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gaps_overlay")
        self.setProperty("role", "panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        #: The seat whose gaps are shown, or None while closed.
        self.seat: int | None = None
        self.title_label = QLabel()
        self.title_label.setObjectName("gaps_title")
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # a player's name
        self.title_label.setStyleSheet("font-size: 17px; font-weight: bold;")
        self.gaps_label = QLabel()
        self.gaps_label.setObjectName("gaps_text")
        self.gaps_label.setTextFormat(Qt.TextFormat.RichText)  # describe_gaps escapes the names it quotes
        self.gaps_label.setWordWrap(True)
        self.gaps_label.setStyleSheet("font-size: 15px;")
        self.gaps_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Only when the table is very small: the card is as tall as its text up to the room it has, then scrolls.
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.gaps_label)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll_area.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        self.hint_label = QLabel(self.tr("Tap to close."))
        self.hint_label.setProperty("role", "muted")
        self.hint_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(6)
        layout.addWidget(self.title_label)
        layout.addWidget(self.scroll_area, 1)
        layout.addWidget(self.hint_label)
        self.hide()

    def show_gaps(self, seat: int, name: str, text: str, room: QRect) -> None:
        """Show seat ``seat``'s gaps (``text``, rich text from ``describe_gaps``) in the middle of ``room``."""
        self.seat = seat
        # Framed in the seat's colour (its panel's top line): the card is read as that panel's, above the others.
        colour = theme.colors().seat_lines[seat]
        self.setStyleSheet(f"QFrame#gaps_overlay {{ border: 3px solid {colour}; border-radius: 12px; }}")
        self.title_label.setText(self.tr("How far {name} is from the others").format(name=elide_name(name)))
        self.gaps_label.setText(text)
        self.place(room)
        self.show()
        self.raise_()

    def place(self, room: QRect) -> None:
        """As wide as the room allows (up to a comfortable width), as tall as the text, in the room's middle."""
        width = min(room.width(), _MAX_WIDTH)
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        frame = self.frameWidth() + self.scroll_area.frameWidth()
        inner = width - margins.left() - margins.right() - 2 * frame
        text_height = self.gaps_label.heightForWidth(inner)
        needed = (
            margins.top()
            + self.title_label.sizeHint().height()
            + text_height
            + self.hint_label.sizeHint().height()
            + 2 * layout.spacing()
            + margins.bottom()
            + 2 * frame
            + 8  # rounding of the lines' heights: a scroll bar for a pixel would hide half a column
        )
        height = min(needed, room.height())
        self.setGeometry(
            room.x() + (room.width() - width) // 2, room.y() + (room.height() - height) // 2, width, height
        )

    def close_gaps(self) -> None:
        """Hide the card."""
        self.seat = None
        self.hide()

    @override
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self.close_requested.emit()
            event.accept()
            return
        super().mousePressEvent(event)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.close_requested.emit()
            return
        super().keyPressEvent(event)
