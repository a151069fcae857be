"""The built-in yaku reference: every yaku and yakuman of the engine, its han, a plain sentence, an example hand.

Names and han come from the engine (``scorekeeper.engine.yaku``: the :class:`Yaku` enum, ``closed_han``,
``open_han``, ``YAKUMAN``); what a yakuman or renhou is worth under the current rules comes from scoring the
example hand with the engine under those rules (so a double yakuman shows as double only where the ruleset
says so). Nothing about values is typed in here.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.jsonio import hand_from_json
from scorekeeper.engine.points import pay, value_from_yakuman
from scorekeeper.engine.rules import HandRules, RenhouValue, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.yaku import Yaku, closed_han, open_han
from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.help._common import body_label, ruleset_title, title_label
from scorekeeper.gui.help.examples import YakuExample, example_for
from scorekeeper.gui.help.hand_picture import HandPictureWidget
from scorekeeper.gui.help.texts import condition_name, yaku_explanation
from scorekeeper.gui.labels import format_points, limit_name, wind_name, yaku_name

__all__ = ["YakuReferenceDialog", "YakuValueText", "example_score"]

_ROLE_YAKU = Qt.ItemDataRole.UserRole


@dataclass(frozen=True, slots=True)
class YakuValueText:
    """How much a yaku is worth under some rules, for the list (short) and the details (long)."""

    group: int  # sort key of its group: han, or 100 for yakuman
    short: str
    long: str


def example_score(example: YakuExample, rules: HandRules) -> HandScore | None:
    """The engine's score of an example under ``rules``, or None when those rules give it no yaku."""
    hand, _ = hand_from_json(example.to_json())
    try:
        return score_hand(hand, rules)
    except ScorekeeperError:
        return None


class YakuReferenceDialog(QDialog):
    """Every yaku with its value under the current rules, an explanation and an example drawn with our tiles.

    Args:
        rules: the hand rules of the game being played (values shown are for these rules).
    """

    def __init__(self, rules: HandRules | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules or hand_rules("tenhou")
        self.setWindowTitle(self.tr("Yaku"))
        self.setObjectName("yaku_reference")

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Find a yaku…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(self.tr("Type part of a yaku's name to shorten the list."))
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.list = QListWidget()
        self.list.setObjectName("yaku_list")
        self.list.setMinimumWidth(380)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setStyleSheet("QListWidget { font-size: 17px; } QListWidget::item { min-height: 44px; }")
        self.list.currentItemChanged.connect(self._on_list_current_item_changed)

        self.rules_label = QLabel(self.tr("Values under: {rules}").format(rules=ruleset_title(self.rules)))
        self.rules_label.setProperty("role", "muted")
        self.name_label = title_label()
        self.value_label = body_label(pixels=20)
        self.value_label.setObjectName("value_label")
        self.explanation_label = body_label()
        self.explanation_label.setObjectName("explanation_label")
        self.picture = HandPictureWidget(tile_height=60)
        self.example_label = body_label(pixels=15)
        self.example_label.setObjectName("example_label")
        self.example_label.setProperty("role", "muted")
        self.score_label = body_label(pixels=15)
        self.score_label.setObjectName("score_label")

        details = QVBoxLayout()
        details.addWidget(self.rules_label)
        details.addWidget(self.name_label)
        details.addWidget(self.value_label)
        details.addSpacing(8)
        details.addWidget(self.explanation_label)
        details.addSpacing(16)
        example_title = body_label(self.tr("Example"), pixels=17)
        example_title.setStyleSheet("font-weight: bold;")
        details.addWidget(example_title)
        details.addWidget(self.picture)
        details.addWidget(self.example_label)
        details.addWidget(self.score_label)
        details.addStretch(1)

        left = QVBoxLayout()
        left.addWidget(self.filter_edit)
        left.addWidget(self.list, 1)
        body = QHBoxLayout()
        body.addLayout(left)
        body.addSpacing(16)
        body.addLayout(details, 1)
        close = QPushButton(self.tr("Close"))
        close.setObjectName("close_button")
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)

        self._values = {yaku: self.value_text(yaku) for yaku in Yaku}
        self._fill_list()
        self.resize(1100, 640)

    # -- values ---------------------------------------------------------------------------------------------

    def value_text(self, yaku: Yaku) -> YakuValueText:
        """What ``yaku`` is worth under this dialog's rules, in words."""
        if yaku is Yaku.RENHOU:
            return self._renhou_text()
        if yaku.is_yakuman:
            score = example_score(example_for(yaku), self.rules)
            multiplier = next((v.yakuman for v in score.yaku if v.yaku is yaku), 1) if score else 1
            if multiplier >= 2:
                text = self.tr("Double yakuman")
                return YakuValueText(100, text, self.tr("Double yakuman under these rules"))
            if self.rules.aotenjou:
                return YakuValueText(100, self.tr("Yakuman"), self.tr("Yakuman: counts as 13 han (no limits)"))
            value = value_from_yakuman(1, self.rules)
            return YakuValueText(
                100,
                self.tr("Yakuman"),
                self.tr("Yakuman: the top limit, {points} by ron ({dealer} for the dealer)").format(
                    points=format_points(pay(value, dealer=False, tsumo=False).total),
                    dealer=format_points(pay(value, dealer=True, tsumo=False).total),
                ),
            )
        closed, opened = closed_han(yaku), open_han(yaku)
        if yaku is Yaku.TANYAO and not self.rules.open_tanyao:
            opened = None  # EMA/WRC keep kuitan; a custom ruleset may not (engine knob open_tanyao)
        short = self.tr("{n} han").format(n=closed)
        if opened is None:
            long = self.tr("{n} han, closed hand only").format(n=closed)
        elif opened == closed:
            long = self.tr("{n} han, open or closed").format(n=closed)
        else:
            long = self.tr("{closed} han closed, {open} han open (one less after a call)").format(
                closed=closed, open=opened
            )
            short = self.tr("{closed} han ({open} open)").format(closed=closed, open=opened)
        return YakuValueText(closed, short, long)

    def _renhou_text(self) -> YakuValueText:
        match self.rules.renhou:
            case RenhouValue.NONE:
                return YakuValueText(
                    99, self.tr("Not a yaku"), self.tr("Not a yaku under these rules (the condition adds nothing)")
                )
            case RenhouValue.MANGAN:
                return YakuValueText(5, limit_name("mangan"), self.tr("A mangan, unless the hand is worth more"))
            case RenhouValue.FIVE_HAN:
                return YakuValueText(5, self.tr("{n} han").format(n=5), self.tr("5 han, adds up with other yaku"))
            case RenhouValue.YAKUMAN:
                return YakuValueText(100, self.tr("Yakuman"), self.tr("Yakuman under these rules"))

    def _group_title(self, group: int) -> str:
        if group == 100:
            return self.tr("Yakuman")
        if group == 99:
            return self.tr("Not counted under these rules")
        return self.tr("{n} han").format(n=group)

    # -- list -----------------------------------------------------------------------------------------------

    def _fill_list(self) -> None:
        self.list.clear()
        order = sorted(Yaku, key=lambda y: (self._values[y].group, list(Yaku).index(y)))
        group = None
        for yaku in order:
            value = self._values[yaku]
            if value.group != group:
                group = value.group
                header = QListWidgetItem(self._group_title(group))
                header.setFlags(Qt.ItemFlag.NoItemFlags)
                font = header.font()
                font.setBold(True)
                header.setFont(font)
                self.list.addItem(header)
            item = QListWidgetItem(f"{yaku_name(yaku.value)}  ·  {value.short}")
            item.setData(_ROLE_YAKU, yaku.value)
            self.list.addItem(item)
        self.list.setCurrentRow(1)

    def items(self) -> dict[Yaku, QListWidgetItem]:
        """The list item of every yaku (headers left out)."""
        found = {}
        for row in range(self.list.count()):
            item = self.list.item(row)
            value = item.data(_ROLE_YAKU)
            if value:
                found[Yaku(value)] = item
        return found

    def show_yaku(self, yaku: Yaku) -> None:
        """Select ``yaku`` in the list and show it."""
        self.filter_edit.clear()
        self.list.setCurrentItem(self.items()[yaku])

    def current_yaku(self) -> Yaku | None:
        """The yaku shown."""
        item = self.list.currentItem()
        value = item.data(_ROLE_YAKU) if item is not None else None
        return Yaku(value) if value else None

    def _on_filter_edit_text_changed(self, text: str) -> None:
        needle = text.strip().casefold()
        headers: list[QListWidgetItem] = []
        visible_in_group = False
        for row in range(self.list.count()):
            item = self.list.item(row)
            value = item.data(_ROLE_YAKU)
            if not value:
                if headers:
                    headers[-1].setHidden(not visible_in_group)
                headers.append(item)
                visible_in_group = False
                continue
            hit = not needle or needle in yaku_name(value).casefold() or needle in value.replace("_", " ")
            item.setHidden(not hit)
            visible_in_group = visible_in_group or hit
        if headers:
            headers[-1].setHidden(not visible_in_group)
        current = self.list.currentItem()
        if current is None or current.isHidden():
            for row in range(self.list.count()):
                item = self.list.item(row)
                if not item.isHidden() and item.data(_ROLE_YAKU):
                    self.list.setCurrentItem(item)
                    break

    def _on_list_current_item_changed(self, current: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        value = current.data(_ROLE_YAKU) if current is not None else None
        if value:
            self._show(Yaku(value))

    # -- details --------------------------------------------------------------------------------------------

    def _show(self, yaku: Yaku) -> None:
        example = example_for(yaku)
        self.name_label.setText(yaku_name(yaku.value))
        self.value_label.setText(self._values[yaku].long)
        self.explanation_label.setText(yaku_explanation(yaku))
        self.picture.set_hand(example.hand_tiles(), example.win_tile(), example.meld_tiles())
        how = self.tr("Tsumo (self-drawn)") if example.tsumo else self.tr("Ron (on a discard)")
        parts = [
            how,
            self.tr("seat {wind}").format(wind=wind_name(example.seat_wind)),
            self.tr("round {wind}").format(wind=wind_name(example.round_wind)),
            *(condition_name(flag) for flag in example.flags),
        ]
        self.example_label.setText(" · ".join(parts))
        self.score_label.setText(self._score_text(example))

    def _score_text(self, example: YakuExample) -> str:
        rules, score = self.rules, example_score(example, self.rules)
        if score is None:
            rules = hand_rules(example.ruleset)
            score = example_score(example, rules)
        assert score is not None, f"the example of {example.yaku} is no winning hand"  # tests/gui/test_help.py
        yaku = ", ".join(
            yaku_name(v.yaku.value) if v.yakuman else f"{yaku_name(v.yaku.value)} {self.tr('{n} han').format(n=v.han)}"
            for v in score.yaku
        )
        if score.value.han is None:
            value = self.tr("Double yakuman") if score.value.yakuman == 2 else limit_name("yakuman")
        else:
            value = self.tr("{han} han {fu} fu").format(han=score.value.han, fu=score.value.fu)
            if score.value.limit is not None:
                value += f" ({limit_name(score.value.limit.value)})"
        return self.tr("Scored by the engine under {rules}: {yaku} — {value} — {points} points").format(
            rules=ruleset_title(rules), yaku=yaku, value=value, points=format_points(score.points)
        )

    def step(self, delta: int) -> None:
        """Show the next (``delta`` = 1) or previous (-1) yaku still in the list."""
        rows = [
            row
            for row in range(self.list.count())
            if self.list.item(row).data(_ROLE_YAKU) and not self.list.item(row).isHidden()
        ]
        if not rows:
            return
        current = self.list.currentRow()
        later = [row for row in rows if (row - current) * delta > 0]
        if later:
            self.list.setCurrentRow(later[0] if delta > 0 else later[-1])

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        # Up/Down reach the dialog only from the search field (the list uses them itself): move in the list.
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.step(1 if event.key() == Qt.Key.Key_Down else -1)
            return
        super().keyPressEvent(event)
