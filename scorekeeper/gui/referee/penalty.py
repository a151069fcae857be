"""The referee's penalty: a kind of the EMA 2025 annex's point penalties (or a free amount), who, and what it needs.

The dialog only asks; the amounts and who gets one are the core's (``Referee.give_penalty``,
``scorekeeper.tournament.penalties``): the kind's amounts fill the points field, late takes minutes, an unfixable
score sheet takes a table (each of its players gets one), a chombo may say which error it was (the core cites it
by the tournament's text: ``scorekeeper.session.chombo_errors``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QDialog, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget

from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel
from scorekeeper.gui.labels import chombo_error_name, format_points
from scorekeeper.session.chombo_errors import CHOMBO_ERROR_RULES, ChomboError
from scorekeeper.tournament import PENALTY_RULES, PenaltyKind, PenaltyRule

__all__ = ["PenaltyAnswer", "TournamentPenaltyDialog"]


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyAnswer:
    """What the referee chose: the kind, and what it needs (None where the kind takes none)."""

    kind: PenaltyKind
    player: str | None = None
    table: int | None = None
    minutes: float | None = None
    points: int | None = None
    reason: str = ""
    error: ChomboError | None = None


class TournamentPenaltyDialog(QDialog):
    """Kind, player (or table), minutes or points, and reason; ``answer()`` returns them."""

    def __init__(
        self,
        names: tuple[str, ...],
        tables: int,
        parent: QWidget | None = None,
        *,
        rules: tuple[PenaltyRule, ...] = PENALTY_RULES,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Referee penalty"))
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("penalty_kind")
        labels = {
            PenaltyKind.FREE: self.tr("Free amount (the referee's discretion)"),
            PenaltyKind.LATE: self.tr("Late: 1,000 a minute, rounded up"),
            PenaltyKind.ALL_LAST_SHEET: self.tr("Misfilled all-last sheet that affected the game: 8,000"),
            PenaltyKind.SCORE_SHEET: self.tr("Unfixable score sheet mistake: 2,000 each player of the table"),
            PenaltyKind.UNSIGNED_SHEET: self.tr("Unsigned score sheet: 2,000"),
            PenaltyKind.OBSTRUCTION: self.tr("Obstruction: 8,000 or 12,000"),
            PenaltyKind.SERIOUS_OBSTRUCTION: self.tr("Serious or repeated obstruction: 12,000 to 48,000"),
        }
        for rule in rules:
            if rule.kind is PenaltyKind.CHOMBO:
                labels[rule.kind] = self.tr("Chombo at a table not in the program: {points}").format(
                    points=format_points(-rule.amounts[0])
                )
        self._rules: list[PenaltyRule] = list(rules)
        for rule in self._rules:
            self.kind_combo.addItem(f"{labels[rule.kind]} ({rule.section})", rule.kind.value)
        self.player_combo = QComboBox()
        self.player_combo.setObjectName("penalty_player")
        for name in names:
            self.player_combo.addItem(name, name)
        self.table_spin = QSpinBox()
        self.table_spin.setObjectName("penalty_table")
        self.table_spin.setRange(1, max(1, tables))
        self.minutes_spin = QDoubleSpinBox()
        self.minutes_spin.setObjectName("penalty_minutes")
        self.minutes_spin.setRange(0.1, 10.0)
        self.minutes_spin.setDecimals(1)
        self.minutes_spin.setValue(1.0)
        self.points_spin = QSpinBox()
        self.points_spin.setObjectName("penalty_points")
        self.points_spin.setRange(-100_000, 100_000)
        self.points_spin.setSingleStep(1000)
        self.points_spin.setValue(-10_000)
        self.error_combo = QComboBox()
        self.error_combo.setObjectName("penalty_chombo_error")
        self.error_combo.addItem(self.tr("Not said"), "")
        for chombo in CHOMBO_ERROR_RULES:
            self.error_combo.addItem(chombo_error_name(chombo.error), chombo.error.value)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("penalty_reason")
        self.reason_edit.setPlaceholderText(self.tr("the kind's, with its section"))
        self.section_label = QLabel()
        form = QFormLayout(self)
        form.addRow(self.tr("Kind"), self.kind_combo)
        form.addRow(self.tr("Player"), self.player_combo)
        form.addRow(self.tr("Table number"), self.table_spin)
        form.addRow(self.tr("Minutes late"), self.minutes_spin)
        form.addRow(self.tr("Points (negative: penalty)"), self.points_spin)
        form.addRow(self.tr("Which error?"), self.error_combo)
        form.addRow(self.tr("Reason"), self.reason_edit)
        self.confirm_button, cancel = primary_and_cancel(self, self.accept)
        form.addRow(button_row(self.confirm_button, cancel))
        self._form = form
        self.kind_combo.currentIndexChanged.connect(self._on_kind_combo_current_index_changed)
        self._on_kind_combo_current_index_changed(0)
        self.resize(560, 300)

    def _rule(self) -> PenaltyRule:
        return self._rules[max(0, self.kind_combo.currentIndex())]

    def _on_kind_combo_current_index_changed(self, _index: int) -> None:
        rule = self._rule()
        late = rule.kind is PenaltyKind.LATE
        fixed = len(rule.amounts) == 1
        self._form.setRowVisible(self.player_combo, not rule.each_player)
        self._form.setRowVisible(self.table_spin, rule.each_player)
        self._form.setRowVisible(self.minutes_spin, late)
        self._form.setRowVisible(self.points_spin, not late and not fixed)
        self._form.setRowVisible(self.error_combo, rule.kind is PenaltyKind.CHOMBO)
        if rule.amounts:
            self.points_spin.setValue(rule.amounts[0])

    def answer(self) -> PenaltyAnswer:
        """The kind and what it needs."""
        rule = self._rule()
        late = rule.kind is PenaltyKind.LATE
        said = str(self.error_combo.currentData() or "")
        error = ChomboError(said) if said and rule.kind is PenaltyKind.CHOMBO else None
        return PenaltyAnswer(
            kind=rule.kind,
            player=None if rule.each_player else str(self.player_combo.currentData()),
            table=self.table_spin.value() if rule.each_player else None,
            minutes=self.minutes_spin.value() if late else None,
            points=None if late or len(rule.amounts) == 1 else self.points_spin.value(),
            reason="" if error is not None else self.reason_edit.text().strip(),
            error=error,
        )
