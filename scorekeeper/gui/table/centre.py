"""The centre of the table: round and hand, honba and riichi sticks on the table, and the rotate button.

While the table asks who dealt in (a panel's Win button, issue 12) the centre asks it, with Tsumo and Cancel.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.gui._compat import override
from scorekeeper.gui.labels import elide_name, round_name
from scorekeeper.gui.theme import MIN_TOUCH

__all__ = ["CentreWidget"]


class CentreWidget(QFrame):
    """Round label (``East 1``), honba and sticks, big; ``rotate_requested`` asks the table to turn a quarter.

    Once the game has ended it says so in large type, with a Results button (``results_requested``): the results
    are one tap away from the table (issue 12).
    """

    rotate_requested = Signal()
    results_requested = Signal()
    tsumo_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "panel")
        self.round_label = QLabel()
        self.counters_label = QLabel()
        self.status_label = QLabel()
        self.rotate_button = QPushButton(self.tr("⟲ Rotate"))
        self.rotate_button.setObjectName("rotate_button")
        self.rotate_button.setMinimumSize(MIN_TOUCH * 2, MIN_TOUCH)
        self.rotate_button.setToolTip(self.tr("Turn the table so another seat faces this side"))
        self.rotate_button.clicked.connect(self.rotate_requested)
        self.results_button = QPushButton(self.tr("Results"))
        self.results_button.setObjectName("centre_results_button")
        self.results_button.setProperty("role", "primary")
        self.results_button.setMinimumSize(MIN_TOUCH * 3, MIN_TOUCH)
        self.results_button.setToolTip(self.tr("Show the final results: places, uma/oka, points and the chart."))
        self.results_button.clicked.connect(self.results_requested)
        self.results_button.hide()
        # "Who dealt in?": shown instead of the round while the table asks (show_question).
        self.question_label = QLabel()
        self.question_label.setObjectName("who_dealt_in")
        self.question_label.setWordWrap(True)
        self.question_label.setTextFormat(Qt.TextFormat.PlainText)  # quotes a player's name
        self.question_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.question_label.setStyleSheet("font-size: 18px; font-weight: bold;")
        self.tsumo_button = QPushButton(self.tr("Tsumo"))
        self.tsumo_button.setObjectName("centre_tsumo_button")
        self.tsumo_button.setMinimumSize(MIN_TOUCH * 2, MIN_TOUCH)
        self.tsumo_button.setToolTip(self.tr("Nobody dealt in: the winner drew the winning tile themselves."))
        self.tsumo_button.clicked.connect(self.tsumo_requested)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("centre_cancel_button")
        self.cancel_button.setMinimumSize(MIN_TOUCH * 2, MIN_TOUCH)
        self.cancel_button.setToolTip(self.tr("Nobody won after all: back to the table (Esc)."))
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.question_row = QWidget()
        question_buttons = QHBoxLayout(self.question_row)
        question_buttons.setContentsMargins(0, 0, 0, 0)
        question_buttons.addWidget(self.tsumo_button, 1)  # the two share the centre's width: no text cut off
        question_buttons.addWidget(self.cancel_button, 1)
        self.question_label.hide()
        self.question_row.hide()

        font = QFont()
        font.setPointSize(28)
        font.setBold(True)
        self.round_label.setFont(font)
        counters = QFont()
        counters.setPointSize(17)
        self.counters_label.setFont(counters)
        # At least as wide as the counters (and 240 px): 240 px cut "Honba 1 · Sticks 1" at both ends once the seat
        # panels no longer held the middle column wider (a 1200x700 window). Reckoned when made, so that the table's
        # first layout, before the first round's words are set, already has the room (``minimumSizeHint``).
        # The label's own least width for such words (the frame's border, once styled, is in the 4 px to spare).
        self.counters_label.setText(self._counters_text(8, 8))
        words = self.counters_label.minimumSizeHint().width()
        self._least = QSize(max(240, words + 12 + 4), 170)  # 12: the layout's margins below
        self.status_label.setProperty("role", "muted")
        self.status_label.setWordWrap(True)
        for label in (self.round_label, self.counters_label, self.status_label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.rotate_row = rotate_row = QHBoxLayout()
        rotate_row.addStretch(1)
        rotate_row.addWidget(self.results_button)
        rotate_row.addWidget(self.rotate_button)
        rotate_row.addStretch(1)
        layout = QVBoxLayout(self)
        # Tight margins and spacing: with a real Japanese font (its lines are taller than Latin ones), the round, the
        # counters, a called last hand and Rotate fill the 177 px a 1280x720 screen leaves the centre (issue 24).
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setSpacing(0)
        layout.addStretch(1)
        layout.addWidget(self.round_label)
        layout.addWidget(self.counters_label)
        layout.addWidget(self.status_label)
        layout.addLayout(rotate_row)
        layout.addWidget(self.question_label)
        layout.addWidget(self.question_row)
        layout.addStretch(1)
        self._ended = False
        self._counters = True

    def show_round(
        self,
        *,
        label: str,
        honba: int,
        riichi_sticks: int,
        status: str = "",
        counters: bool = True,
        ended: bool = False,
        alert: bool = False,
    ) -> None:
        """Show the hand's label (``E1``), the honba and the riichi sticks (``counters``: the family has them).

        ``ended``: the game is over: "Game over" in large type and the Results button instead of the counters.
        ``alert``: the status must be read from across the table (time called: the last hand), bold and large.
        """
        self._ended, self._counters = ended, counters
        self.round_label.setText(self.tr("Game over") if ended else round_name(label))
        self.counters_label.setText(self._counters_text(honba, riichi_sticks))
        self.status_label.setText(status)
        # The theme's "error" role (its red, bold) reads from across the table; a property change needs a re-polish.
        self.status_label.setProperty("role", "error" if alert else "muted")
        self.status_label.setStyleSheet("font-size: 18px;" if alert else "")
        self.status_label.style().unpolish(self.status_label)
        self.status_label.style().polish(self.status_label)
        self._show_parts()

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return super().minimumSizeHint().expandedTo(self._least)

    def _counters_text(self, honba: int, sticks: int) -> str:
        return self.tr("Honba {honba}   ·   Sticks {sticks}").format(honba=honba, sticks=sticks)

    @property
    def asking(self) -> bool:
        """Whether the centre asks who dealt in."""
        return self.question_label.isVisibleTo(self)

    def show_question(self, winner: str | None) -> None:
        """Ask who dealt in a win by ``winner`` (a name), with Tsumo and Cancel; None goes back to the round."""
        if winner is not None:
            self.question_label.setText(
                # A stored game's long name is cut: the question stays within the centre (issue 24).
                self.tr("{name} won. Who dealt in? Tap that player's seat.").format(name=elide_name(winner, 16))
            )
        self.question_label.setVisible(winner is not None)
        self.question_row.setVisible(winner is not None)
        self._show_parts()

    def _show_parts(self) -> None:
        asking = self.asking
        self.round_label.setVisible(not asking)
        self.counters_label.setVisible(self._counters and not self._ended and not asking)
        self.results_button.setVisible(self._ended and not asking)
        self.rotate_button.setVisible(not asking)
        self.status_label.setVisible(bool(self.status_label.text()) and not asking)
