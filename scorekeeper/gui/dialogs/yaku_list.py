"""Yaku list entry: tick the yaku, count the dora, pick the fu (for tables that do not enter tiles).

The widget holds no rule: the engine's ``scorekeeper.engine.declared`` says which yaku can be named for this win
(``is_declarable``: closed-only yaku, open tanyao, the kind of win a situational yaku needs, renhou where the ruleset
values it) and what the ticked yaku are worth (``value_declared``: their han, closed and open, and the dora; the fu
the yaku decide, such as pinfu tsumo's 20 and chiitoitsu's 25; whether the fu count at this han under the rules;
renhou and the yakuman multipliers as the ruleset has them). The liable yakuman are the ruleset's
(``TableRules.pao_yakuman``).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.declared import DeclaredValue, is_declarable, value_declared
from scorekeeper.engine.han_fu import FU_VALUES
from scorekeeper.engine.points import PointValue
from scorekeeper.engine.rules import HandRules
from scorekeeper.engine.yaku import YAKUMAN as ENGINE_YAKUMAN
from scorekeeper.engine.yaku import Yaku
from scorekeeper.gui.labels import format_points, limit_name, yaku_name

__all__ = ["YAKUMAN", "YAKU_NAMES", "YakuListWidget"]

#: The yaku that are not yakuman, in the engine's order; renhou is listed apart (its value is a ruleset knob).
YAKU_NAMES: tuple[str, ...] = tuple(y.value for y in Yaku if y not in ENGINE_YAKUMAN and y is not Yaku.RENHOU)

#: The yakuman, in the order the list shows them (each one's multiplier is the engine's ``yakuman_multiplier``).
YAKUMAN: tuple[str, ...] = (
    "kokushi_musou",
    "kokushi_musou_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren_poutou",
    "junsei_chuuren_poutou",
    "suukantsu",
    "tenhou",
    "chiihou",
)
_COLUMNS = 5  # the win dialog is as wide as a laptop screen: five columns keep the list short


#: Fu buttons per row: all 17 (20 ... 170) in one, narrow (``role=compact``) but still touch targets, so the win
#: dialog keeps fitting a 1366x768 laptop (tests/gui/test_win_dialog_size.py).
_FU_COLUMNS = len(FU_VALUES)


class YakuListWidget(QWidget):
    """Check boxes for every yaku and yakuman, an open-hand switch, a dora count and fu buttons."""

    value_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules: HandRules | None = None
        self.tsumo = False
        self.fu: int | None = None
        self.open_box = QCheckBox(self.tr("Open hand (a call was made)"))
        self.open_box.setObjectName("open_hand")
        self.open_box.toggled.connect(self._refresh)
        self.yaku_boxes: dict[str, QCheckBox] = {}
        host = QWidget()
        grid = QGridLayout(host)
        for index, name in enumerate((*YAKU_NAMES, "renhou", *YAKUMAN)):
            box = QCheckBox(yaku_name(name))
            box.setObjectName(f"yaku_{name}")
            box.toggled.connect(self._refresh)
            self.yaku_boxes[name] = box
            grid.addWidget(box, index // _COLUMNS, index % _COLUMNS)
        self.dora_spin = QSpinBox()
        self.dora_spin.setObjectName("dora_count")
        self.dora_spin.setRange(0, 35)
        self.dora_spin.valueChanged.connect(self._refresh)
        self.fu_buttons: dict[int, QPushButton] = {}
        fu_row = QGridLayout()  # the engine's fu values, 20 to 170
        fu_row.addWidget(QLabel(self.tr("Fu")), 0, 0)
        for index, fu in enumerate(FU_VALUES):
            button = QPushButton(str(fu))
            button.setObjectName(f"yaku_fu_{fu}")
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, f=fu: self.set_fu(f))
            button.setProperty("role", "compact")
            self.fu_buttons[fu] = button
            fu_row.addWidget(button, index // _FU_COLUMNS, 1 + index % _FU_COLUMNS)
        for column in range(1, _FU_COLUMNS + 1):
            fu_row.setColumnStretch(column, 1)  # the buttons take the width, not the label
        dora_row = QHBoxLayout()
        dora_row.addWidget(QLabel(self.tr("Dora (incl. red fives and ura)")))
        dora_row.addWidget(self.dora_spin)
        dora_row.addStretch(1)
        self.summary_label = QLabel()
        self.summary_label.setProperty("role", "title")
        self.summary_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.open_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(host)
        # The list takes the room the dialog has and asks for none beyond four lines of boxes: the whole list
        # would make the dialog taller than a laptop screen (issue 4); it scrolls instead.
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        scroll.setMinimumHeight(4 * 48)
        layout.addWidget(scroll, 1)
        layout.addLayout(dora_row)
        layout.addLayout(fu_row)
        layout.addWidget(self.summary_label)
        self._refresh()

    def set_context(self, *, rules: HandRules, tsumo: bool, riichi: bool = False) -> None:
        """The ruleset (renhou, double yakuman, open tanyao), how the hand was won, and the session's riichi."""
        self.rules, self.tsumo = rules, tsumo
        if riichi and not self.yaku_boxes["double_riichi"].isChecked():
            self.yaku_boxes["riichi"].setChecked(True)
        self._refresh()

    def show_recorded(self, yaku: tuple[str, ...], han: int, fu: int) -> bool:
        """Tick a recorded win's yaku and pick its fu and dora count (Edit hand, issue 12).

        The record keeps the yaku, han and fu but not whether the hand was open nor its dora: the closed reading
        is tried first, then the open one; the dora are the han the yaku leave. False (nothing ticked) when no
        reading gives the recorded han and fu.
        """
        for is_open in (False, True):
            self.open_box.setChecked(is_open)
            for name, box in self.yaku_boxes.items():
                box.setChecked(name in yaku)
            self.dora_spin.setValue(0)
            self.fu = fu
            self._refresh()
            dora = han - self.han()
            if self.han() and 0 <= dora <= self.dora_spin.maximum():
                self.dora_spin.setValue(dora)
                if self.han_fu() == (han, fu) and set(self.ticked()) == set(yaku):
                    return True
        self.open_box.setChecked(False)
        for box in self.yaku_boxes.values():
            box.setChecked(False)
        self.dora_spin.setValue(0)
        self.fu = None
        self._refresh()
        return False

    def set_fu(self, fu: int) -> None:
        """Pick the fu."""
        self.fu = fu
        self._refresh()

    def ticked(self) -> tuple[str, ...]:
        """The ticked yaku and yakuman that count for this win, by engine name."""
        return tuple(name for name, box in self.yaku_boxes.items() if box.isChecked() and box.isEnabled())

    def declared(self) -> DeclaredValue | None:
        """The engine's value of what is ticked (``value_declared``), or None before the rules are known."""
        if self.rules is None:
            return None
        return value_declared(
            tuple(Yaku(name) for name in self.ticked()),
            is_open=self.open_box.isChecked(),
            dora=self.dora_spin.value(),
            fu=self.fu,
            tsumo=self.tsumo,
            rules=self.rules,
        )

    def counted(self) -> tuple[Yaku, ...]:
        """The yaku the engine counted (menzen tsumo added on a closed tsumo): what a recorded win names."""
        declared = self.declared()
        return () if declared is None else declared.yaku

    def yakuman_count(self) -> int:
        """The yakuman multiplier of the ticked yakuman (0 when none is ticked)."""
        declared = self.declared()
        return 0 if declared is None else declared.yakuman

    def han(self) -> int:
        """The han of the ticked yaku plus the dora (0 when no yaku is ticked: dora alone is never a yaku)."""
        declared = self.declared()
        return 0 if declared is None else declared.han

    def han_fu(self) -> tuple[int, int] | None:
        """The han and the fu recorded (decided by the yaku, chosen, or the stand-in where the fu do not count),
        or None while incomplete."""
        declared = self.declared()
        if declared is None or declared.value is None or declared.fu is None:
            return None
        return declared.han, declared.fu

    def point_value(self) -> PointValue | None:
        """The engine's value of what is ticked, or None while incomplete."""
        declared = self.declared()
        return None if declared is None else declared.value

    def _refresh(self) -> None:
        rules = self.rules
        for name, box in self.yaku_boxes.items():
            box.setEnabled(
                rules is not None
                and is_declarable(Yaku(name), is_open=self.open_box.isChecked(), tsumo=self.tsumo, rules=rules)
            )
        declared = self.declared()
        implied = self.yaku_boxes[Yaku.MENZEN_TSUMO.value]
        if declared is not None and Yaku.MENZEN_TSUMO in declared.yaku and not implied.isChecked():
            implied.blockSignals(True)  # a closed tsumo has menzen tsumo: shown as the engine counted it
            implied.setChecked(True)
            implied.blockSignals(False)
        choices = () if declared is None else declared.fu_choices
        for fu, button in self.fu_buttons.items():
            button.setChecked(fu == self.fu and fu in choices)
            button.setEnabled(fu in choices)
        value = None if declared is None else declared.value
        if value is None:
            if not self.ticked():
                self.summary_label.setText(self.tr("Tick at least one yaku: dora alone is never a yaku."))
            else:
                self.summary_label.setText(self.tr("{han} han: pick the fu.").format(han=self.han()))
        elif value.han is None:
            self.summary_label.setText(self.tr("{n}× yakuman").format(n=value.yakuman))
        else:
            limit = f" — {limit_name(value.limit)}" if value.limit else ""
            self.summary_label.setText(
                self.tr("{han} han {fu} fu{limit} (base {base})").format(
                    han=value.han, fu=value.fu, limit=limit, base=format_points(value.base)
                )
            )
        self.value_changed.emit()
