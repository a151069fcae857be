"""The score tables window: non-dealer and dealer, ron and tsumo, 20-110 fu x 1-4 han, and the limit hands.

Every figure comes from :mod:`scorekeeper.gui.help.tables`, which asks ``scorekeeper.engine.points``; the
ruleset picker starts on the game's own rules, so kiriage mangan (and every other knob) shows as the game
scores it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.points import Limit, Payment
from scorekeeper.engine.rules import HandRules, KazoeLimit, hand_rules
from scorekeeper.gui import theme
from scorekeeper.gui.help._common import RULE_PRESETS, body_label, ruleset_title
from scorekeeper.gui.help.tables import FU_ROWS, HAN_COLUMNS, limit_rows, mangan_thresholds, score_table
from scorekeeper.gui.labels import format_points, limit_name

__all__ = ["ScoreTablesDialog"]


def _table(rows: int, columns: int) -> QTableWidget:
    table = QTableWidget(rows, columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setWordWrap(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setMinimumSectionSize(44)
    table.setStyleSheet("QTableView { font-size: 17px; } QHeaderView::section { font-size: 16px; }")
    return table


class ScoreTablesDialog(QDialog):
    """Score tables for one ruleset at a time (starting with the game's own).

    Args:
        rules: the hand rules of the game being played.
    """

    def __init__(self, rules: HandRules | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Score tables"))
        self.setObjectName("score_tables")
        self._game_rules = rules
        self.rules = rules or hand_rules("tenhou")

        self.rules_combo = QComboBox()
        self.rules_combo.setObjectName("rules_combo")
        self.rules_combo.setToolTip(self.tr("Show the tables of another ruleset"))
        if rules is not None:
            self.rules_combo.addItem(self.tr("This game ({rules})").format(rules=ruleset_title(rules)), rules)
        for name in RULE_PRESETS:
            if rules is None or name != rules.name:
                self.rules_combo.addItem(ruleset_title(name), hand_rules(name))
        self.rules_combo.currentIndexChanged.connect(self._on_rules_combo_current_index_changed)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Rules")))
        top.addWidget(self.rules_combo)
        top.addStretch(1)

        self.non_dealer_table = _table(len(FU_ROWS), len(HAN_COLUMNS))
        self.non_dealer_table.setObjectName("non_dealer_table")
        self.dealer_table = _table(len(FU_ROWS), len(HAN_COLUMNS))
        self.dealer_table.setObjectName("dealer_table")
        self.limit_table = _table(0, 5)
        self.limit_table.setObjectName("limit_table")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.non_dealer_table, self.tr("Non-dealer"))
        self.tabs.addTab(self.dealer_table, self.tr("Dealer"))
        self.tabs.addTab(self.limit_table, self.tr("Limit hands"))

        self.legend_label = body_label(pixels=15)
        self.legend_label.setObjectName("legend_label")
        self.notes_label = body_label(pixels=15)
        self.notes_label.setObjectName("notes_label")
        close = QPushButton(self.tr("Close"))
        close.setObjectName("close_button")
        close.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addWidget(self.notes_label, 1)
        bottom.addWidget(close, 0, Qt.AlignmentFlag.AlignBottom)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.legend_label)
        layout.addLayout(bottom)
        self.resize(900, 820)
        self._fill()

    def set_rules(self, rules: HandRules) -> None:
        """Show the tables of ``rules``."""
        self.rules = rules
        self._fill()

    def _on_rules_combo_current_index_changed(self, index: int) -> None:
        rules = self.rules_combo.itemData(index)
        if isinstance(rules, HandRules):
            self.set_rules(rules)

    # -- text -----------------------------------------------------------------------------------------------

    def _tsumo_text(self, payment: Payment) -> str:
        if payment.all is not None:
            return self.tr("{n} all").format(n=format_points(payment.all))
        assert payment.non_dealer is not None and payment.dealer is not None
        return f"{format_points(payment.non_dealer)} / {format_points(payment.dealer)}"

    def _han_header(self, han: int) -> str:
        return self.tr("{n} han").format(n=han)

    # -- filling --------------------------------------------------------------------------------------------

    def _fill(self) -> None:
        c = theme.colors()
        limit_brush = QBrush(QColor(c.panel_active))
        for table, dealer in ((self.non_dealer_table, False), (self.dealer_table, True)):
            table.setHorizontalHeaderLabels([self._han_header(h) for h in HAN_COLUMNS])
            table.setVerticalHeaderLabels([self.tr("{n} fu").format(n=fu) for fu in FU_ROWS])
            for row, cells in enumerate(score_table(self.rules, dealer=dealer)):
                for column, cell in enumerate(cells):
                    if cell.ron is None and cell.tsumo is None:
                        item = QTableWidgetItem("—")
                        item.setToolTip(self.tr("No hand has this han and fu."))
                        item.setForeground(QBrush(QColor(c.muted)))
                    else:
                        ron = format_points(cell.ron) if cell.ron is not None else "—"
                        tsumo = self._tsumo_text(cell.tsumo) if cell.tsumo is not None else "—"
                        item = QTableWidgetItem(f"{ron}\n{tsumo}")
                        tip = self.tr("{han} han {fu} fu: ron {ron}, tsumo {tsumo}").format(
                            han=cell.han, fu=cell.fu, ron=ron, tsumo=tsumo
                        )
                        if cell.limit is not None:
                            item.setBackground(limit_brush)
                            tip += " · " + limit_name(cell.limit.value)
                        item.setToolTip(tip)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    table.setItem(row, column, item)
        self._fill_limits()
        self.legend_label.setText(
            self.tr(
                "In each cell: top, ron (the discarder pays it all); bottom, tsumo (each non-dealer / the dealer "
                "pays; a dealer's tsumo is paid the same by all three). Shaded cells are mangan. Honba and riichi "
                "sticks come on top."
            )
        )
        self.notes_label.setText(self._notes())

    def _fill_limits(self) -> None:
        table = self.limit_table
        rows = limit_rows(self.rules)
        table.setRowCount(len(rows))
        table.setHorizontalHeaderLabels(
            [
                self.tr("Han"),
                self.tr("Non-dealer ron"),
                self.tr("Non-dealer tsumo"),
                self.tr("Dealer ron"),
                self.tr("Dealer tsumo"),
            ]
        )
        labels = []
        for index, row in enumerate(rows):
            name = limit_name(row.limit.value)
            if row.multiplier == 2:
                name = self.tr("Double yakuman")
            labels.append(name)
            if row.multiplier == 2:
                han = (
                    self.tr("a double yakuman yaku, or two")
                    if self.rules.double_yakuman
                    else self.tr("two yakuman yaku")
                )
            elif row.han_from is None:
                han = self.tr("yakuman yaku")
            elif row.han_to is None:
                han = self.tr("{n}+ han").format(n=row.han_from)
            elif row.han_to == row.han_from:
                han = self.tr("{n} han").format(n=row.han_from)
            else:
                han = self.tr("{a}-{b} han").format(a=row.han_from, b=row.han_to)
            texts = (
                han,
                format_points(row.ron),
                self._tsumo_text(row.tsumo),
                format_points(row.dealer_ron),
                self._tsumo_text(row.dealer_tsumo),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if column == 0:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                table.setItem(index, column, item)
        table.setVerticalHeaderLabels(labels)

    def _notes(self) -> str:
        rules = self.rules
        if rules.aotenjou:
            return self.tr("No limits under these rules (aotenjou): the figures keep growing with han and fu.")
        below = ", ".join(self.tr("{han} han from {fu} fu").format(han=h, fu=f) for h, f in mangan_thresholds(rules))
        notes = [self.tr("Mangan below 5 han: {list}.").format(list=below)]
        if rules.kiriage_mangan:
            notes.append(self.tr("Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan."))
        if rules.kazoe is KazoeLimit.YAKUMAN:
            notes.append(self.tr("13 han or more without a yakuman yaku counts as a yakuman."))
        else:
            notes.append(self.tr("13 han or more without a yakuman yaku stays a sanbaiman."))
        return " ".join(notes)

    def cell_text(self, *, dealer: bool, han: int, fu: int) -> str:
        """The text shown for ``han`` and ``fu`` (for tests)."""
        table = self.dealer_table if dealer else self.non_dealer_table
        item = table.item(FU_ROWS.index(fu), HAN_COLUMNS.index(han))
        assert item is not None
        return item.text()

    def is_limit_cell(self, *, dealer: bool, han: int, fu: int) -> bool:
        """Whether a cell is shaded as mangan (for tests)."""
        cells = score_table(self.rules, dealer=dealer)
        return cells[FU_ROWS.index(fu)][HAN_COLUMNS.index(han)].limit is Limit.MANGAN
