"""Quick entry: a hand's value as han and fu, or as a number of yakuman, in two taps (issue 4, "Quick entry").

Only the combinations some win has are offered, and this widget keeps no rule of its own: it asks the engine
(``scorekeeper.engine.declared.value_called``) which fu this han can have (the one table of ``engine.han_fu``: 20 fu
only pinfu tsumo, 25 fu chiitoitsu, ...), whether the fu count at this han under the rules (not from 5 han, except
under aotenjou), and what the hand is worth; the value never depends on the order of the taps (issue 24).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.engine.declared import DeclaredValue, value_called
from scorekeeper.engine.han_fu import FU_VALUES
from scorekeeper.engine.points import PointValue, pay
from scorekeeper.engine.rules import HandRules
from scorekeeper.gui.labels import format_points, limit_name

__all__ = ["FU_CHOICES", "HAN_CHOICES", "QuickEntryWidget"]

HAN_CHOICES = tuple(range(1, 14))
#: The engine's fu values, not a copy: the buttons follow the one table.
FU_CHOICES = FU_VALUES
#: Fu buttons per row: all 17 (20 ... 170) in one, narrow (``role=compact``) but still touch targets, so the win
#: dialog keeps fitting a 1366x768 laptop (tests/gui/test_win_dialog_size.py).
_FU_COLUMNS = len(FU_VALUES)
YAKUMAN_CHOICES = (1, 2, 3, 4, 5, 6)


def _section(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "section")
    return label


class QuickEntryWidget(QWidget):
    """Han buttons, fu buttons (only the valid ones enabled) and yakuman buttons; ``value_changed`` on each tap."""

    value_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules: HandRules | None = None
        self.tsumo = False
        self.dealer = False
        self.han: int | None = None
        self.fu: int | None = None
        self.yakuman: int | None = None

        self.han_buttons: dict[int, QPushButton] = {}
        self.fu_buttons: dict[int, QPushButton] = {}
        self.yakuman_buttons: dict[int, QPushButton] = {}
        self._group = QButtonGroup(self)
        self._group.setExclusive(False)

        layout = QVBoxLayout(self)
        layout.addWidget(_section(self.tr("Han")))
        han_grid = QGridLayout()
        for index, han in enumerate(HAN_CHOICES):
            button = self._button(str(han) if han < 13 else self.tr("13+"), f"han_{han}")
            button.clicked.connect(lambda _=False, h=han: self.set_han(h))
            self.han_buttons[han] = button
            han_grid.addWidget(button, index // 7, index % 7)
        layout.addLayout(han_grid)
        layout.addWidget(_section(self.tr("Fu")))
        fu_grid = QGridLayout()
        for index, fu in enumerate(FU_CHOICES):
            button = self._button(str(fu), f"fu_{fu}")
            button.clicked.connect(lambda _=False, f=fu: self.set_fu(f))
            button.setProperty("role", "compact")
            self.fu_buttons[fu] = button
            fu_grid.addWidget(button, index // _FU_COLUMNS, index % _FU_COLUMNS)
        layout.addLayout(fu_grid)
        layout.addWidget(_section(self.tr("Or yakuman")))
        yakuman_grid = QGridLayout()
        for index, count in enumerate(YAKUMAN_CHOICES):
            text = self.tr("Yakuman") if count == 1 else self.tr("{n}× yakuman").format(n=count)
            button = self._button(text, f"yakuman_{count}")
            button.clicked.connect(lambda _=False, n=count: self.set_yakuman(n))
            self.yakuman_buttons[count] = button
            yakuman_grid.addWidget(button, 0, index)
        layout.addLayout(yakuman_grid)
        self.summary_label = QLabel()
        self.summary_label.setProperty("role", "title")
        layout.addWidget(self.summary_label)
        layout.addStretch(1)
        self._refresh()

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setCheckable(True)
        return button

    def set_context(self, *, rules: HandRules, tsumo: bool, dealer: bool) -> None:
        """The ruleset and how the hand was won (which fu are valid, and the payments shown)."""
        self.rules, self.tsumo, self.dealer = rules, tsumo, dealer
        self._refresh()

    def set_han(self, han: int) -> None:
        """Choose the han (leaves yakuman mode); a fu tapped before stays chosen where this han can have it."""
        self.han, self.yakuman = han, None
        self._refresh()

    def set_fu(self, fu: int) -> None:
        """Choose the fu."""
        self.fu, self.yakuman = fu, None
        self._refresh()

    def set_yakuman(self, count: int) -> None:
        """Choose a number of yakuman (leaves han/fu mode)."""
        self.yakuman, self.han, self.fu = count, None, None
        self._refresh()

    def declared(self) -> DeclaredValue | None:
        """The engine's reading of the taps (``value_called``), or None before the rules are known."""
        if self.rules is None:
            return None
        return value_called(han=self.han, fu=self.fu, yakuman=self.yakuman, tsumo=self.tsumo, rules=self.rules)

    def han_fu(self) -> tuple[int, int] | None:
        """The han and the fu recorded (the stand-in where the fu do not count), or None while incomplete."""
        declared = self.declared()
        if declared is None or declared.value is None or declared.fu is None:
            return None
        return declared.han, declared.fu

    def point_value(self) -> PointValue | None:
        """The engine's value of the current choice, or None while incomplete."""
        declared = self.declared()
        return None if declared is None else declared.value

    def _refresh(self) -> None:
        declared = self.declared()
        for han, button in self.han_buttons.items():
            button.setChecked(han == self.han)
        for fu, button in self.fu_buttons.items():
            if self.han is None or declared is None:  # a fu may be tapped first
                button.setChecked(fu == self.fu)
                button.setEnabled(True)
            else:
                button.setChecked(fu == declared.fu and bool(declared.fu_choices))
                button.setEnabled(fu in declared.fu_choices)
        for count, button in self.yakuman_buttons.items():
            button.setChecked(count == self.yakuman)
        value = self.point_value()
        if value is None:
            self.summary_label.setText(self.tr("Choose han and fu, or a number of yakuman."))
        else:
            payment = pay(value, dealer=self.dealer, tsumo=self.tsumo)
            if payment.ron is not None:
                paid = format_points(payment.ron)
            elif payment.all is not None:
                paid = self.tr("{n} all").format(n=format_points(payment.all))
            else:
                assert payment.dealer is not None and payment.non_dealer is not None
                paid = f"{format_points(payment.non_dealer)} / {format_points(payment.dealer)}"
            name = f" — {limit_name(value.limit)}" if value.limit else ""
            if payment.ron is not None:
                text = self.tr("{total} points{limit}").format(total=format_points(payment.total), limit=name)
            else:
                text = self.tr("{total} points{limit} ({paid})").format(
                    total=format_points(payment.total), limit=name, paid=paid
                )
            self.summary_label.setText(text)
        self.value_changed.emit()
