"""Yaku list entry: tick the yaku, count the dora, pick the fu (for tables that do not enter tiles).

The han of each yaku, closed and open, come from the engine (``scorekeeper.engine.yaku.closed_han`` /
``open_han``: seed 000 and EMA 2016, section 7), so the widget holds no scoring table of its own; so do the yakuman
multipliers (``yakuman_multiplier``: 2 for the double yakuman where the ruleset's ``double_yakuman`` is on), and the
liable yakuman are the ruleset's (``TableRules.pao_yakuman``), and the kind of win a situational yaku needs is the
engine's (``YAKU_WIN_KIND``: haitei only on a tsumo...). The widget only adds up what is ticked; the engine's
``value_from_han_fu`` / ``value_from_yakuman`` value the result.
"""

from __future__ import annotations

from dataclasses import dataclass

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

from scorekeeper.engine.conditions import WinKind
from scorekeeper.engine.han_fu import FU_VALUES, is_valid_han_fu
from scorekeeper.engine.points import PointValue, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules, RenhouValue
from scorekeeper.engine.yaku import YAKU_WIN_KIND, Yaku, closed_han, open_han, yakuman_multiplier
from scorekeeper.engine.yaku import YAKUMAN as ENGINE_YAKUMAN
from scorekeeper.gui.labels import format_points, limit_name, yaku_name

__all__ = ["YAKUMAN", "YAKU_HAN", "YakuListWidget"]


@dataclass(frozen=True, slots=True)
class _YakuHan:
    closed: int
    open: int | None


#: Han closed / open (None: closed only), from the engine; renhou is handled apart (a ruleset knob).
YAKU_HAN: dict[str, _YakuHan] = {
    y.value: _YakuHan(closed_han(y), open_han(y)) for y in Yaku if y not in ENGINE_YAKUMAN and y is not Yaku.RENHOU
}

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
        for index, name in enumerate((*YAKU_HAN, "renhou", *YAKUMAN)):
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
        """The ticked yaku and yakuman, by engine name."""
        return tuple(name for name, box in self.yaku_boxes.items() if box.isChecked() and box.isEnabled())

    def _allowed(self, name: str) -> bool:
        is_open = self.open_box.isChecked()
        rules = self.rules
        needs = YAKU_WIN_KIND.get(Yaku(name))  # the engine's: haitei only on a tsumo, chankan only on a ron...
        if needs is not None and needs is not (WinKind.TSUMO if self.tsumo else WinKind.RON):
            return False
        if name in YAKU_HAN:
            if name == "tanyao" and is_open and rules is not None and not rules.open_tanyao:
                return False
            return not is_open or YAKU_HAN[name].open is not None
        if name == "renhou":
            return not is_open and rules is not None and rules.renhou is not RenhouValue.NONE
        return True

    def yakuman_count(self) -> int:
        """The yakuman multiplier of the ticked yakuman (0 when none is ticked)."""
        rules = self.rules
        names = [
            n
            for n in self.ticked()
            if n in YAKUMAN or (n == "renhou" and rules and rules.renhou is RenhouValue.YAKUMAN)
        ]
        if not names:
            return 0
        double = rules is not None and rules.double_yakuman
        counts = [yakuman_multiplier(Yaku(n), double_yakuman=double) for n in names]
        if rules is not None and not rules.compound_yakuman:
            return max(counts)
        return sum(counts)

    def han(self) -> int:
        """The han of the ticked yaku plus the dora (0 when no yaku is ticked: dora alone is never a yaku).

        Renhou follows the ruleset (engine ``RenhouValue``): ``five_han`` adds 5 han to the rest (WRC); ``mangan``
        makes the hand a mangan unless it is worth more without renhou (EMA 2016), so the han are at least 5.
        """
        is_open = self.open_box.isChecked()
        total = 0
        for name in self.ticked():
            if name in YAKU_HAN:
                value = YAKU_HAN[name]
                total += (value.open or 0) if is_open else value.closed
        if total:
            total += self.dora_spin.value()
        rules = self.rules
        if "renhou" in self.ticked() and rules is not None:
            if rules.renhou is RenhouValue.FIVE_HAN:
                total += closed_han(Yaku.RENHOU) + (0 if total else self.dora_spin.value())
            elif rules.renhou is RenhouValue.MANGAN:
                total = max(total, closed_han(Yaku.RENHOU))
        return total

    def han_fu(self) -> tuple[int, int] | None:
        """The han and fu, or None while incomplete (30 fu stands in from 5 han; chiitoitsu is always 25)."""
        han = self.han()
        if not han:
            return None
        if "chiitoitsu" in self.ticked():
            return han, 25
        if han >= 5:
            return han, self.fu or 30
        if self.fu is None or not is_valid_han_fu(han, self.fu, tsumo=self.tsumo):
            return None
        return han, self.fu

    def point_value(self) -> PointValue | None:
        """The engine's value of what is ticked, or None while incomplete."""
        if self.rules is None:
            return None
        count = self.yakuman_count()
        if count:
            return value_from_yakuman(count, self.rules)
        chosen = self.han_fu()
        return None if chosen is None else value_from_han_fu(chosen[0], chosen[1], self.rules)

    def _refresh(self) -> None:
        for name, box in self.yaku_boxes.items():
            box.setEnabled(self._allowed(name))
        han = self.han()
        for fu, button in self.fu_buttons.items():
            button.setChecked(fu == self.fu)
            button.setEnabled(
                0 < han < 5 and is_valid_han_fu(han, fu, tsumo=self.tsumo) and "chiitoitsu" not in self.ticked()
            )
        value = self.point_value()
        if value is None:
            if not self.ticked():
                self.summary_label.setText(self.tr("Tick at least one yaku: dora alone is never a yaku."))
            else:
                self.summary_label.setText(self.tr("{han} han: pick the fu.").format(han=han))
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
