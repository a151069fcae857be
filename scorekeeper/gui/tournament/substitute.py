"""The referee puts a substitute in a player's seat during a game: who leaves, who comes in, why.

The dialog only collects the answer; the tournament checks it (``Tournament.substitution``: a registered player in
play who sits at no other table) and the session keeps the seat's points (``PlayerReplaced``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

__all__ = ["SubstituteDialog"]


class SubstituteDialog(QDialog):
    """Who leaves the table (one of the four sitting now) and who comes in; ``answer()`` returns them."""

    def __init__(
        self, table: int, seated: tuple[str, ...], free: tuple[str, ...], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Substitute a player"))
        note = QLabel(
            self.tr(
                "Table {t}: the substitute plays from the hand in play on and the seat keeps its points. The one who"
                " leaves is credited with what the seat won or lost while they sat; the one who finishes the game"
                " there with the rest, the uma and the place."
            ).format(t=table)
        )
        note.setWordWrap(True)
        note.setObjectName("substitute_note")
        self.leaving_combo = QComboBox()
        self.leaving_combo.setObjectName("substitute_leaving")
        self.leaving_combo.addItems(list(seated))
        self.player_combo = QComboBox()
        self.player_combo.setObjectName("substitute_player")
        self.player_combo.addItems(list(free))
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("substitute_reason")
        self.reason_edit.setPlaceholderText(self.tr("e.g. fell ill"))
        form = QFormLayout(self)
        form.addRow(note)
        form.addRow(self.tr("Leaves the table"), self.leaving_combo)
        form.addRow(self.tr("Comes in"), self.player_combo)
        form.addRow(self.tr("Reason"), self.reason_edit)
        self.confirm_button = QPushButton(self.tr("Confirm"))
        self.confirm_button.setObjectName("confirm_button")
        self.confirm_button.setProperty("role", "primary")
        self.confirm_button.setDefault(True)
        self.confirm_button.setEnabled(bool(seated) and bool(free))
        self.confirm_button.clicked.connect(self.accept)
        cancel = QPushButton(self.tr("Cancel"))
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.confirm_button)
        form.addRow(buttons)
        self.resize(520, 280)

    def answer(self) -> tuple[str, str, str]:
        """Who leaves, who comes in, and the reason entered."""
        return self.leaving_combo.currentText(), self.player_combo.currentText(), self.reason_edit.text().strip()
