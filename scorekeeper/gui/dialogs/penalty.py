"""A referee's penalty (or correction) for one player, applied after uma so it never changes the placings.

Issue 3, "Final result": "referee penalties (any amount, with a reason) applied after uma". The session checks the
amount (a non-zero multiple of 100); this dialog only collects it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLineEdit, QSpinBox, QWidget

from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel

__all__ = ["PenaltyDialog"]


class PenaltyDialog(QDialog):
    """Seat, points (negative for a penalty) and reason; ``penalty()`` returns them."""

    def __init__(self, names: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Referee penalty"))
        self.seat_combo = QComboBox()
        self.seat_combo.setObjectName("penalty_seat")
        for seat, name in enumerate(names):
            self.seat_combo.addItem(name, seat)
        self.points_spin = QSpinBox()
        self.points_spin.setObjectName("penalty_points")
        self.points_spin.setRange(-100_000, 100_000)
        self.points_spin.setSingleStep(1000)
        self.points_spin.setValue(-10_000)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("penalty_reason")
        self.reason_edit.setPlaceholderText(self.tr("e.g. slow play"))
        form = QFormLayout(self)
        form.addRow(self.tr("Player"), self.seat_combo)
        form.addRow(self.tr("Points (negative: penalty)"), self.points_spin)
        form.addRow(self.tr("Reason"), self.reason_edit)
        self.confirm_button, cancel = primary_and_cancel(self, self.accept)
        buttons = button_row(self.confirm_button, cancel)
        form.addRow(buttons)
        self.resize(480, 260)

    def penalty(self) -> tuple[int, int, str]:
        """The seat, the points and the reason entered."""
        return int(self.seat_combo.currentData()), self.points_spin.value(), self.reason_edit.text().strip()
