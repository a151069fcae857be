"""One player's panel: seat wind, dealer marker, name, big points, riichi stick, the riichi and the Win buttons."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.labels import format_points, wind_name
from scorekeeper.gui.widgets.elided import ElidedLabel
from scorekeeper.session import RiichiRefusal

if TYPE_CHECKING:
    from scorekeeper.session import Gap

__all__ = ["PickRole", "RiichiStickWidget", "SeatPanelWidget"]

#: The points' size (pt), and the smallest they are drawn at when a narrow panel cannot hold them at that size:
#: "-12,300" at 28 pt fits the panel's two buttons' width, so the points never widen a panel in a narrow window.
_POINTS_SIZE = 36
_POINTS_SMALLEST = 28


class PickRole(enum.Enum):
    """A panel's part while the table asks who dealt in (issue 12, fewer taps): a tap then picks, never toggles."""

    NONE = enum.auto()  # the usual table: a tap shows the point gaps
    WINNER = enum.auto()  # the player who won: a tap does nothing
    CANDIDATE = enum.auto()  # may have dealt in: a tap picks this seat


class RiichiStickWidget(QWidget):
    """A 1000-point stick drawn as a white bar with a red dot (the usual riichi stick)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(18)
        self.setAccessibleName(self.tr("Riichi stick"))

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(160, 18)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        c = theme.colors()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = min(self.width() - 4, 180)
        rect = QRectF((self.width() - width) / 2, 2, width, self.height() - 4)
        painter.setPen(QPen(QColor(c.muted), 1))
        painter.setBrush(QColor("#fbfbf7"))
        painter.drawRoundedRect(rect, 6, 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#d32f2f"))
        radius = rect.height() * 0.32
        painter.drawEllipse(rect.center(), radius, radius)
        painter.end()


class SeatPanelWidget(QFrame):
    """One seat: read from across the table, tapped for the point gaps, with one-tap riichi and Win buttons.

    The panel shows what it is told (:meth:`show_seat`); it never changes the game. Its riichi button emits
    ``riichi_requested`` with the seat, its Win button ``win_requested``, and a tap (or Space/Enter when focused)
    asks for the point gaps (``gaps_toggled``: the table shows them over itself, ``gaps_overlay.py``; the panel keeps
    its points and its size, so a stray tap moves nothing); while the table asks who dealt in
    (:meth:`set_pick_role`), a tap on a candidate emits ``picked`` instead and a tap on the winner does nothing, so
    no tap has two meanings at once.

    Signals:
        gaps_toggled(seat, showing): a tap opened or closed this seat's gaps.
        gaps_changed(seat): the gaps shown changed (a new score); the table shows :meth:`gaps_text` again.
    """

    riichi_requested = Signal(int)
    win_requested = Signal(int)
    picked = Signal(int)
    tapped = Signal(int)
    gaps_toggled = Signal(int, bool)
    gaps_changed = Signal(int)

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setProperty("role", "panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # As narrow as its buttons: the points are drawn smaller when they do not fit (``_POINTS_SMALLEST``), so
        # that in a narrow window (1200x700) the table gives the History the room its columns need.
        self.setMinimumHeight(170)
        self.showing_gaps = False
        self._gaps: Callable[[], tuple[Gap, ...]] = tuple
        self._names: tuple[str, ...] = ("", "", "", "")
        self._active = False
        self.pick_role = PickRole.NONE
        self._riichi_usable = True

        self.wind_label = QLabel()
        self.dealer_label = QLabel()
        # Penalties taken after uma at the end (EMA's chombo, a referee's): shown at once, not only at the end.
        self.penalty_label = QLabel()
        self.penalty_label.setObjectName(f"penalty_{seat}")
        self.name_label = ElidedLabel()  # a long name is cut with "…" (issue 24), whole in its tooltip
        self.name_label.setObjectName(f"name_{seat}")
        self.points_label = ElidedLabel(elide=False, shrink_to=_POINTS_SMALLEST)
        self.stick = RiichiStickWidget()
        self.riichi_button = QPushButton(self.tr("Riichi"))
        self.riichi_button.setObjectName(f"riichi_button_{seat}")
        self.riichi_button.setMinimumSize(theme.MIN_TOUCH * 2, theme.MIN_TOUCH)
        self.riichi_button.clicked.connect(self._on_riichi_button_clicked)
        self.riichi_button.setToolTip(self.tr("This player declares riichi and puts a 1,000-point stick on the table."))
        # Ron in two taps from the table (issue 12): Win here, then the seat that dealt in (or Tsumo).
        self.win_button = QPushButton(self.tr("Win"))
        self.win_button.setObjectName(f"win_button_{seat}")
        self.win_button.setMinimumSize(theme.MIN_TOUCH * 2, theme.MIN_TOUCH)
        self.win_button.setCheckable(True)  # checked while the table asks who dealt in: this one won
        self.win_button.clicked.connect(self._on_win_button_clicked)
        self.win_button.setToolTip(
            self.tr("This player won: then tap the seat of the player who dealt in, or Tsumo in the middle.")
        )

        big = QFont()
        big.setPointSize(_POINTS_SIZE)  # with the tighter layout below, a panel fits 170 px (1280x720, issue 12)
        big.setBold(True)
        big.setStyleHint(QFont.StyleHint.Monospace)
        self.points_label.setFont(big)
        self.points_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        name_font = QFont()
        name_font.setPointSize(17)
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        wind_font = QFont()
        wind_font.setPointSize(15)
        wind_font.setBold(True)
        self.wind_label.setFont(wind_font)
        self.dealer_label.setFont(wind_font)
        top = QHBoxLayout()
        top.addWidget(self.wind_label)
        top.addStretch(1)
        top.addWidget(self.penalty_label)
        top.addStretch(1)
        top.addWidget(self.dealer_label)
        bottom = QHBoxLayout()
        bottom.addWidget(self.stick, 1)
        bottom.addWidget(self.riichi_button)
        bottom.addWidget(self.win_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 6, 14, 6)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.name_label, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.points_label)
        layout.addLayout(bottom)
        # The least width, reckoned when made: the widest wind with "● Dealer", points as wide as "-00,000" at
        # their smallest size, and the family's buttons (Riichi and Win, or Win alone: ``show_seat``), whether a
        # stick stands in for Riichi or not. The panel keeps it as the dealer moves, the points change and riichi
        # comes and goes: a window at its least width never grows by itself, and the table's first layout is its
        # last.
        winds = QFontMetrics(wind_font)
        top_words = max(winds.horizontalAdvance(wind_name(wind)) for wind in "ESWN")
        top_words += winds.horizontalAdvance(self.tr("● Dealer")) + 2 * max(top.spacing(), 0)
        smallest = QFont(big)
        smallest.setPointSize(_POINTS_SMALLEST)
        points_words = QFontMetrics(smallest).horizontalAdvance("-00,000") + 1
        self._least_words = max(top_words, points_words) + 4  # 4 to spare
        self._bottom_spacing = max(bottom.spacing(), 0)  # the panel layout's, once the row is in it
        self._least_width = 0
        self._fit_least_width(riichi_game=True)

    def _fit_least_width(self, *, riichi_game: bool) -> None:
        buttons = (self.riichi_button, self.win_button) if riichi_game else (self.win_button,)
        widths = [max(button.minimumWidth(), button.minimumSizeHint().width()) for button in buttons]
        row = sum(widths) + self._bottom_spacing * (len(widths) - 1)
        least = max(self._least_words, row) + 28  # 28: the layout's side margins
        if least != self._least_width:
            self._least_width = least
            self.updateGeometry()

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        return QSize(max(hint.width(), self._least_width), hint.height())

    def show_seat(
        self,
        *,
        name: str,
        wind: str,
        dealer: bool,
        points: int,
        riichi: bool,
        riichi_refusal: RiichiRefusal | None,
        gaps: Callable[[], tuple[Gap, ...]],
        names: tuple[str, ...],
        active: bool = False,
        riichi_game: bool = True,
        penalty: int = 0,
        can_win: bool = True,
    ) -> None:
        """Show one seat's state (wind as "E", "S", "W" or "N"); ``penalty``: points taken after uma, pending.

        ``can_win``: a hand is being played (not after the game's end), so the Win button is on.

        ``gaps`` gives the seat's point gaps (``scorekeeper.session.seat_gaps``) when they are shown: a tap asks,
        a refresh does not (issue 24: the gaps and their module are not the cold start's).

        ``riichi_refusal`` is the session's answer to "may this seat declare riichi?" (``GameState.riichi_refusal``):
        the riichi button is on when it is None and its tooltip says why not otherwise.
        """
        c = theme.colors()
        self._gaps = gaps
        self._names = names
        self._active = active
        self.wind_label.setText(wind_name(wind))
        self.wind_label.setStyleSheet(f"color: {c.seat_lines[self.seat]};")
        self.dealer_label.setText(self.tr("● Dealer") if dealer else "")
        self.dealer_label.setStyleSheet(f"color: {c.dealer};")
        self.name_label.setText(name)
        self.penalty_label.setText(self.tr("{points} after uma").format(points=f"{penalty:+,}") if penalty else "")
        self.penalty_label.setStyleSheet(f"color: {c.negative if penalty < 0 else c.positive}; font-weight: bold;")
        self.points_label.setText(format_points(points))
        self.points_label.setStyleSheet(f"color: {c.negative if points < 0 else c.text};")
        self.stick.setVisible(riichi)
        self.riichi_button.setVisible(not riichi and riichi_game)  # the classical family has no riichi
        self._fit_least_width(riichi_game=riichi_game)
        self._riichi_usable = riichi_refusal in (None, RiichiRefusal.ALREADY_DECLARED)
        self.riichi_button.setEnabled(self._riichi_usable and self.pick_role is PickRole.NONE)
        self.win_button.setEnabled(can_win)
        self.win_button.setToolTip(
            self.tr("This player won: then tap the seat of the player who dealt in, or Tsumo in the middle.")
            if can_win
            else self.tr("The game is over.")
        )
        if riichi_refusal is RiichiRefusal.GAME_ENDED:
            self.riichi_button.setToolTip(self.tr("The game is over."))
        elif riichi_refusal is RiichiRefusal.DEAD_HAND:  # RCR 2016 3.4.7, EMA 2025 3.3.14 (session/state.py)
            self.riichi_button.setToolTip(self.tr("{name}'s hand was declared dead: no riichi.").format(name=name))
        elif riichi_refusal is RiichiRefusal.TOO_FEW_POINTS:
            # The ruleset's riichi_below_1000 knob (tenhou preset: refused below 1,000; session/rules.py).
            self.riichi_button.setToolTip(
                self.tr("Riichi needs 1,000 points: {name} has {points}.").format(
                    name=name, points=format_points(points)
                )
            )
        else:
            self.riichi_button.setToolTip(
                self.tr("This player declares riichi and puts a 1,000-point stick on the table.")
            )
        self.setAccessibleName(f"{wind_name(wind)} {name} {format_points(points)}")
        if self.showing_gaps:
            self.gaps_changed.emit(self.seat)  # the gaps shown follow every change of the game
        self.update()

    def set_facing_across(self, facing: bool) -> None:
        """Draw the name and points upside down, for the player sitting across the table from the laptop."""
        self.name_label.set_upside_down(facing)
        self.points_label.set_upside_down(facing)

    def set_pick_role(self, role: PickRole) -> None:
        """Take part in "who dealt in?" (WINNER or CANDIDATE) or go back to the usual panel (NONE).

        While the table asks, the riichi button is off (a tap meant for the panel never declares riichi), and the
        winner's Win button shows checked.
        """
        self.pick_role = role
        self.win_button.setChecked(role is PickRole.WINNER)
        self.riichi_button.setEnabled(self._riichi_usable and role is PickRole.NONE)
        self.update()

    def _tap(self) -> None:
        """A tap or Space: pick this seat while the table asks who dealt in, else show or hide the gaps."""
        if self.pick_role is PickRole.CANDIDATE:
            self.picked.emit(self.seat)
        elif self.pick_role is PickRole.NONE:
            self.toggle_gaps()
            self.tapped.emit(self.seat)

    def toggle_gaps(self) -> None:
        """Open or close this seat's point gaps (the table shows them: ``gaps_toggled``)."""
        self.set_showing_gaps(not self.showing_gaps)

    def set_showing_gaps(self, showing: bool) -> None:
        """Say whether this seat's gaps are shown (the table closes them when another seat's open)."""
        if showing != self.showing_gaps:
            self.showing_gaps = showing
            self.gaps_toggled.emit(self.seat, showing)

    def gaps_text(self) -> str:
        """The gaps in full (``gui.gaps.describe_gaps``, rich text), worked out afresh for the state last shown."""
        from scorekeeper.gui.gaps import describe_gaps

        return describe_gaps(self._gaps(), self._names)

    def _on_riichi_button_clicked(self) -> None:
        self.riichi_requested.emit(self.seat)

    def _on_win_button_clicked(self) -> None:
        self.win_button.setChecked(self.pick_role is PickRole.WINNER)  # the table decides what shows checked
        self.win_requested.emit(self.seat)

    @override
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self._tap()
            event.accept()
            return
        super().mousePressEvent(event)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._tap()
            return
        super().keyPressEvent(event)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        c = theme.colors()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(c.seat_lines[self.seat]))
        painter.drawRoundedRect(QRectF(0, 0, self.width(), 6), 3, 3)
        if self.pick_role is PickRole.CANDIDATE:
            # "Tap me": a solid accent frame (selection's colour; focus stays dashed blue, drawn over it).
            painter.setPen(QPen(QColor(c.accent), 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(2.5, 2.5, self.width() - 5, self.height() - 5), 12, 12)
        if self.hasFocus():
            # The focus colour, dashed: keyboard focus never looks like a selection (issue 12; theme.py).
            painter.setPen(QPen(QColor(c.focus), 3, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(1.5, 1.5, self.width() - 3, self.height() - 3), 12, 12)
        painter.end()
