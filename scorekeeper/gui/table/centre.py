"""The centre of the table: round and hand, honba and riichi sticks on the table, and the rotate button."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.gui.labels import round_name
from scorekeeper.gui.theme import MIN_TOUCH

__all__ = ["CentreWidget"]


class CentreWidget(QFrame):
    """Round label (``East 1``), honba and sticks, big; ``rotate_requested`` asks the table to turn a quarter.

    Once the game has ended it says so in large type, with a Results button (``results_requested``): the results
    are one tap away from the table (issue 12).
    """

    rotate_requested = Signal()
    results_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "panel")
        self.setMinimumSize(240, 170)
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

        font = QFont()
        font.setPointSize(28)
        font.setBold(True)
        self.round_label.setFont(font)
        counters = QFont()
        counters.setPointSize(17)
        self.counters_label.setFont(counters)
        self.status_label.setProperty("role", "muted")
        self.status_label.setWordWrap(True)
        for label in (self.round_label, self.counters_label, self.status_label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        rotate_row = QHBoxLayout()
        rotate_row.addStretch(1)
        rotate_row.addWidget(self.results_button)
        rotate_row.addWidget(self.rotate_button)
        rotate_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.round_label)
        layout.addWidget(self.counters_label)
        layout.addWidget(self.status_label)
        layout.addLayout(rotate_row)
        layout.addStretch(1)

    def show_round(
        self,
        *,
        label: str,
        honba: int,
        riichi_sticks: int,
        status: str = "",
        counters: bool = True,
        ended: bool = False,
    ) -> None:
        """Show the hand's label (``E1``), the honba and the riichi sticks (``counters``: the family has them).

        ``ended``: the game is over: "Game over" in large type and the Results button instead of the counters.
        """
        self.round_label.setText(self.tr("Game over") if ended else round_name(label))
        self.counters_label.setText(
            self.tr("Honba {honba}   ·   Sticks {sticks}").format(honba=honba, sticks=riichi_sticks)
        )
        self.counters_label.setVisible(counters and not ended)
        self.results_button.setVisible(ended)
        self.status_label.setText(status)
        self.status_label.setVisible(bool(status))
