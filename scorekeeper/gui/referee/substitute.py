"""The referee puts a substitute in a player's seat during a game (who leaves, who comes in, why), or takes a
substitution out again.

The dialogs only collect the answer; the tournament checks it (``Tournament.substitution``: a registered player in
play who sits at no other table) and the session keeps the seat's points (``PlayerReplaced``). Taking one out
(``SubstitutionRemoved``) is what a correction that would end the game before the substitute came in needs first;
the dialog shows what the session says each who sat at the seat is credited with before and after
(``Tournament.substitution_removal``), worded by the window.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QWidget

from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel

__all__ = ["SubstituteDialog", "TakeOutSubstitutionDialog"]


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
        self.confirm_button, cancel = primary_and_cancel(self, self.accept)
        self.confirm_button.setEnabled(bool(seated) and bool(free))
        buttons = button_row(self.confirm_button, cancel)
        form.addRow(buttons)
        self.resize(520, 280)

    def answer(self) -> tuple[str, str, str]:
        """Who leaves, who comes in, and the reason entered."""
        return self.leaving_combo.currentText(), self.player_combo.currentText(), self.reason_edit.text().strip()


class TakeOutSubstitutionDialog(QDialog):
    """Which substitution of a table's game to take out, what that changes, and why; ``answer()`` returns the
    choice's index and the reason."""

    def __init__(self, table: int, options: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        """``options``: each substitution that can be taken out, as (its line, what taking it out changes)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Take out a substitution"))
        self._details = [detail for _, detail in options]
        note = QLabel(
            self.tr(
                "Table {t}: the game goes on as if whoever sat there before had played on; they are credited with"
                " the seat's result again. Do this before a correction that would end the game before the"
                " substitute came in, or for a substitution entered by mistake."
            ).format(t=table)
        )
        note.setWordWrap(True)
        note.setObjectName("take_out_note")
        self.substitution_combo = QComboBox()
        self.substitution_combo.setObjectName("take_out_substitution")
        self.substitution_combo.addItems([line for line, _ in options])
        self.change_label = QLabel()
        self.change_label.setObjectName("take_out_change")
        self.change_label.setWordWrap(True)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("take_out_reason")
        self.reason_edit.setPlaceholderText(self.tr("e.g. hand 4 corrected: the game ended before"))
        form = QFormLayout(self)
        form.addRow(note)
        form.addRow(self.tr("Substitution"), self.substitution_combo)
        form.addRow(self.tr("What changes"), self.change_label)
        form.addRow(self.tr("Reason"), self.reason_edit)
        self.confirm_button, cancel = primary_and_cancel(self, self.accept)
        self.confirm_button.setEnabled(bool(options))
        buttons = button_row(self.confirm_button, cancel)
        form.addRow(buttons)
        self.substitution_combo.currentIndexChanged.connect(self._on_substitution_combo_current_index_changed)
        self._on_substitution_combo_current_index_changed(self.substitution_combo.currentIndex())
        self.resize(560, 250)

    def _on_substitution_combo_current_index_changed(self, index: int) -> None:
        self.change_label.setText(self._details[index] if 0 <= index < len(self._details) else "")

    def answer(self) -> tuple[int, str]:
        """The chosen substitution's index in the options, and the reason entered."""
        return self.substitution_combo.currentIndex(), self.reason_edit.text().strip()
