"""Ask for one new player's name (a tournament's substitute), saying under the field why a name cannot be taken.

The session judges the name (``scorekeeper.session.names``: empty, a line break or control character, outer
spaces, too long, or a name another player has); this dialog asks it as the name is typed and keeps OK greyed
while it is refused, so nothing is written with a name the tournament would refuse.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QVBoxLayout, QWidget

from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel
from scorekeeper.gui.labels import name_problem_text
from scorekeeper.session.names import NameProblem, validate_player_names

__all__ = ["PlayerNameDialog"]


class PlayerNameDialog(QDialog):
    """One name, checked against the names already ``taken``; ``name()`` returns it (outer spaces dropped)."""

    def __init__(
        self, title: str, taken: Sequence[str] = (), parent: QWidget | None = None, *, label: str | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._taken = tuple(taken)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("player_name")
        self.error_label = QLabel()
        self.error_label.setObjectName("player_name_error")
        self.error_label.setProperty("role", "error")
        self.error_label.setWordWrap(True)
        self.ok_button, cancel = primary_and_cancel(
            self, self._on_ok_button_clicked, text=self.tr("OK"), name="ok_button"
        )
        buttons = button_row(self.ok_button, cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Name") if label is None else label))
        layout.addWidget(self.name_edit)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        self.name_edit.textChanged.connect(self._on_name_edit_text_changed)
        self._on_name_edit_text_changed()
        self.resize(420, self.sizeHint().height())

    def name(self) -> str:
        """The name entered, without outer spaces."""
        return self.name_edit.text().strip()

    def problem(self) -> NameProblem | None:
        """Why the session refuses the name entered, or None."""
        problems = [p for p in validate_player_names([*self._taken, self.name()]) if p.index == len(self._taken)]
        return problems[0] if problems else None

    def _on_name_edit_text_changed(self) -> None:
        problem = self.problem()
        # An empty field is not yet an error: OK is greyed, and nothing is said until something is typed.
        self.error_label.setText("" if problem is None or not self.name_edit.text() else name_problem_text(problem))
        self.ok_button.setEnabled(problem is None)

    def _on_ok_button_clicked(self) -> None:
        if self.problem() is None:
            self.accept()
