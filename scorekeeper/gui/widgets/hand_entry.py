"""The "Tiles" way of giving a hand's value: tap the tiles in, see the engine's result live.

A tile picker; the hand shown as tiles (tap a tile to remove it); a meld builder (chi, pon, open kan, closed kan,
added kan, red fives included); the winning tile; dora and kan-dora indicators; ura indicators only with riichi;
the win conditions offered only when the engine says they are possible; an mpsz text field kept in sync both
ways. On every change the widget asks the engine (:func:`scorekeeper.engine.scoring.score_hand`, or
:func:`scorekeeper.engine.waits.list_waits` for a hand one tile short) and shows the yaku, dora, fu, limit and
payments, or a plain sentence saying why there is no result yet. No scoring happens here (STYLE 6).

The text field reads ``123m406p789s11z 789s+chi 5555z+ankan``: the concealed tiles first, then each meld as its
tiles, ``+`` and its type (``chi``, ``pon``, ``minkan``, ``ankan``, ``shouminkan``). When the tiles make a full
hand, the last concealed tile written is the winning tile (the widget always writes it last).
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.entry_text import EntryText, format_entry_text, parse_entry_text
from scorekeeper.engine.fu import FuReason
from scorekeeper.engine.hand import Hand, Meld, MeldKind, validate_hand
from scorekeeper.engine.points import Payment
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, RenhouValue, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, TileKind, Wind, format_tiles, parse_tiles
from scorekeeper.engine.waits import Refusal, Wait, list_waits
from scorekeeper.errors import (
    InvalidContextError,
    InvalidHandError,
    NotWinningError,
    NoYakuError,
    ScorekeeperError,
    TileParseError,
)
from scorekeeper.gui._compat import override
from scorekeeper.gui.labels import format_points, limit_name, yaku_name
from scorekeeper.gui.tiles import TILE_ASPECT, is_dark_palette, tile_pixmap
from scorekeeper.gui.widgets.flow import FlowLayout
from scorekeeper.gui.widgets.tile_picker import (
    MIN_TILE_HEIGHT,
    TilePickerWidget,
    TileRowWidget,
    fit_tile_height,
    tile_button_size,
)

__all__ = ["CONDITIONS", "EntryTarget", "HandEntryWidget"]

#: The win conditions, in the order they are offered (names as in the engine and the JSON input).
CONDITIONS = CONDITION_NAMES

_HAND_SIZE = 14
_MAX_INDICATORS = 5  # one dora and four kan dora (seed 000, "Dora")
_FIVES = frozenset({TileKind.M5, TileKind.P5, TileKind.S5})
_COLUMN_GAP = 10  # between the picker and what is beside it, and between the two columns
_LINE_GAP = 6  # between the lines of a column
#: The narrowest the result column (conditions, result, waits) may become when the tiles grow.
RESULT_MIN_WIDTH = 380
#: The narrowest the column beside the picker (text field, targets, hint) may become when the tiles grow.
SIDE_MIN_WIDTH = 330


class EntryTarget(enum.StrEnum):
    """Where the next tapped tile goes."""

    HAND = "hand"
    WIN = "win"
    DORA = "dora"
    URA = "ura"
    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    SHOUMINKAN = "shouminkan"


def _t(text: str) -> str:
    return QCoreApplication.translate("HandEntryWidget", text)


def _sort_key(tile: Tile) -> tuple[int, bool]:
    return (int(tile.kind), tile.red)


def _fu_reason_name(reason: FuReason) -> str:
    names = {
        FuReason.BASE: _t("base"),
        FuReason.CHIITOITSU: _t("seven pairs"),
        FuReason.CLOSED_RON: _t("closed ron"),
        FuReason.TSUMO: _t("tsumo"),
        FuReason.EDGE_WAIT: _t("edge wait"),
        FuReason.CLOSED_WAIT: _t("closed wait"),
        FuReason.PAIR_WAIT: _t("pair wait"),
        FuReason.OPEN_PINFU: _t("open pinfu"),
        FuReason.OPEN_TRIPLET_SIMPLE: _t("open triplet of simples"),
        FuReason.OPEN_TRIPLET_TERMINAL_OR_HONOR: _t("open triplet of terminals or honours"),
        FuReason.CLOSED_TRIPLET_SIMPLE: _t("closed triplet of simples"),
        FuReason.CLOSED_TRIPLET_TERMINAL_OR_HONOR: _t("closed triplet of terminals or honours"),
        FuReason.OPEN_KAN_SIMPLE: _t("open kan of simples"),
        FuReason.OPEN_KAN_TERMINAL_OR_HONOR: _t("open kan of terminals or honours"),
        FuReason.CLOSED_KAN_SIMPLE: _t("closed kan of simples"),
        FuReason.CLOSED_KAN_TERMINAL_OR_HONOR: _t("closed kan of terminals or honours"),
        FuReason.DRAGON_PAIR: _t("dragon pair"),
        FuReason.SEAT_WIND_PAIR: _t("seat wind pair"),
        FuReason.ROUND_WIND_PAIR: _t("round wind pair"),
        FuReason.DOUBLE_WIND_PAIR: _t("double wind pair"),
    }
    return names.get(reason, reason.value)


def _condition_name(name: str) -> str:
    names = {
        "riichi": _t("Riichi"),
        "double_riichi": _t("Double riichi"),
        "ippatsu": _t("Ippatsu"),
        "haitei": _t("Haitei (last tile drawn)"),
        "houtei": _t("Houtei (last discard)"),
        "rinshan": _t("Rinshan (kan replacement tile)"),
        "chankan": _t("Chankan (robbing a kan)"),
        "tenhou": _t("Tenhou"),
        "chiihou": _t("Chiihou"),
        "renhou": _t("Renhou"),
    }
    return names[name]


def _figures(score: HandScore) -> str:
    """What the table calls out: "Mangan", "Yakuman x2" or "3 han 40 fu"."""
    value = score.value
    if value.han is None:
        if value.yakuman > 1:
            return _t("{limit} x{n}").format(limit=limit_name("yakuman"), n=value.yakuman)
        return limit_name("yakuman")
    figures = _t("{han} han {fu} fu").format(han=value.han, fu=value.fu)
    if value.limit is not None:
        return _t("{limit} ({figures})").format(limit=limit_name(value.limit.value), figures=figures)
    return figures


def _headline(score: HandScore) -> str:
    return _t("{figures} — {points}").format(figures=_figures(score), points=format_points(score.points))


def _payment_text(payment: Payment) -> str:
    if payment.ron is not None:
        return _t("Ron: {points} from the discarder").format(points=format_points(payment.ron))
    if payment.all is not None:
        return _t("Tsumo: {points} from each player").format(points=format_points(payment.all))
    assert payment.dealer is not None and payment.non_dealer is not None
    return _t("Tsumo: {dealer} from the dealer, {other} from each other player").format(
        dealer=format_points(payment.dealer), other=format_points(payment.non_dealer)
    )


def _short_payment(payment: Payment) -> str:
    if payment.ron is not None:
        return format_points(payment.ron)
    if payment.all is not None:
        return _t("{points} all").format(points=format_points(payment.all))
    assert payment.dealer is not None and payment.non_dealer is not None
    return f"{format_points(payment.non_dealer)}/{format_points(payment.dealer)}"


def _plain_error(error: ScorekeeperError) -> str:
    """A plain sentence for an engine refusal, with the engine's own words (quoting the input) after it."""
    detail = str(error)
    if isinstance(error, NoYakuError):
        return _t("No yaku: the hand is complete but has no yaku, so it cannot win (dora alone is not a yaku).")
    if isinstance(error, NotWinningError):
        return _t("Not a winning hand: the tiles do not make four sets and a pair, seven pairs or thirteen orphans.")
    if isinstance(error, InvalidContextError):
        return _t("These win conditions cannot go together: {detail}.").format(detail=detail)
    if isinstance(error, InvalidHandError):
        return _t("This hand cannot exist: {detail}.").format(detail=detail)
    return detail


def _refusal_text(refusal: Refusal) -> str:
    if issubclass(refusal.error, NoYakuError):
        return _t("no yaku")
    return _t("cannot win")


def _rules_json(rules: HandRules) -> str | dict[str, Any]:
    """The ruleset as the JSON input names it: the preset's name, or a preset with overrides."""
    if rules.name in PRESET_NAMES and rules.name != "custom" and hand_rules(rules.name) == rules:
        return rules.name
    base = hand_rules("tenhou")
    overrides: dict[str, Any] = {}
    for field in dataclasses.fields(rules):
        if field.name == "name":
            continue
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            overrides[field.name] = value.value if isinstance(value, enum.Enum) else value
    return {"preset": "tenhou", "overrides": overrides}


class HandEntryWidget(QWidget):
    """Enter a winning hand by its tiles and see its value live (see the module docstring and docs/tiles.md).

    Give it the table's context with :meth:`set_context`; read :meth:`result` (the engine's ``HandScore`` or
    None), :meth:`hand_input` (the hand as the engine's JSON input object) and listen to ``result_changed``.

    Signals:
        result_changed(): the hand, its context or its result changed.
    """

    result_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rules: HandRules = hand_rules("tenhou")
        self._tsumo = False
        self._seat_wind = Wind.EAST
        self._round_wind = Wind.EAST
        self._session_riichi = False
        self._concealed: list[Tile] = []
        self._win: Tile | None = None
        self._melds: list[Meld] = []
        self._dora: list[Tile] = []
        self._ura: list[Tile] = []
        self._flags: dict[str, bool] = dict.fromkeys(CONDITIONS, False)
        self._pending_chi: list[Tile] = []
        self._target = EntryTarget.HAND
        self._result: HandScore | None = None
        self._waits: tuple[Wait, ...] = ()
        self._message = ""
        self._notice = ""
        self._updating = False
        self._fitted_line = 0
        self._build()
        self._refresh()

    # -- construction -------------------------------------------------------------------------------------------

    def _build(self) -> None:
        # Two columns, so that the win dialog fits a 1366x768 laptop screen (issue 4): on the left the picker with
        # the text field and the targets beside it, then the hand and its melds on one line and the indicators on
        # the next; on the right the conditions and the live result. The tiles grow with the room (_fit_tiles).
        outer = QHBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.setSpacing(_COLUMN_GAP)
        left = QVBoxLayout()
        left.setSpacing(_LINE_GAP)
        outer.addLayout(left, 0)

        top = QHBoxLayout()
        top.setSpacing(_COLUMN_GAP)
        left.addLayout(top)
        side = QVBoxLayout()
        side.setSpacing(_LINE_GAP)
        self._side_layout = side
        top.addLayout(side, 1)

        field_row = QHBoxLayout()
        self.text_field = QLineEdit(self)
        self.text_field.setObjectName("mpsz")
        self.text_field.setPlaceholderText(self.tr("Type the tiles, e.g. 123m406p789s11z 789s+chi"))
        self.text_field.setAccessibleName(self.tr("Hand in mpsz notation"))
        self.text_field.setMinimumHeight(44)
        self.text_field.textEdited.connect(self._on_text_field_text_edited)
        field_row.addWidget(self.text_field, 1)
        self.clear_button = QPushButton(self.tr("Clear"), self)
        self.clear_button.setMinimumSize(QSize(64, 44))
        self.clear_button.clicked.connect(self.clear)
        field_row.addWidget(self.clear_button)
        side.addLayout(field_row)
        self.text_error = QLabel(self)
        self.text_error.setObjectName("text_error")
        self.text_error.setWordWrap(True)
        self.text_error.setStyleSheet("color: #c62828;")
        self.text_error.setVisible(False)
        side.addWidget(self.text_error)

        targets = QGridLayout()
        targets.setSpacing(4)
        self.target_group = QButtonGroup(self)
        self.target_group.setExclusive(True)
        self.target_buttons: dict[EntryTarget, QPushButton] = {}
        labels = {
            EntryTarget.HAND: self.tr("Hand"),
            EntryTarget.WIN: self.tr("Winning tile"),
            EntryTarget.DORA: self.tr("Dora indicator"),
            EntryTarget.URA: self.tr("Ura indicator"),
            EntryTarget.CHI: self.tr("Chi"),
            EntryTarget.PON: self.tr("Pon"),
            EntryTarget.MINKAN: self.tr("Open kan"),
            EntryTarget.ANKAN: self.tr("Closed kan"),
            EntryTarget.SHOUMINKAN: self.tr("Added kan"),
        }
        # Where each target sits in the grid beside the picker: the hand and the winning tile, then the melds.
        # The indicator targets head their own rows below (each is the caption of its row).
        cells = {
            EntryTarget.HAND: (0, 0, 1),
            EntryTarget.WIN: (0, 1, 2),
            EntryTarget.CHI: (1, 0, 1),
            EntryTarget.PON: (1, 1, 1),
            EntryTarget.MINKAN: (1, 2, 1),
            EntryTarget.ANKAN: (2, 0, 1),
            EntryTarget.SHOUMINKAN: (2, 1, 1),
        }
        for target, label in labels.items():
            button = QPushButton(label, self)
            button.setObjectName(f"target_{target.value}")
            button.setCheckable(True)
            button.setMinimumHeight(44)
            button.clicked.connect(lambda _checked=False, t=target: self.set_target(t))
            self.target_group.addButton(button)
            self.target_buttons[target] = button
            if target in cells:
                row, column, span = cells[target]
                targets.addWidget(button, row, column, 1, span)
        side.addLayout(targets)
        self.target_hint = QLabel(self)
        self.target_hint.setObjectName("target_hint")
        self.target_hint.setWordWrap(True)
        self.target_hint.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.target_hint, 1)
        # Made after the text field and the targets, so that Tab reaches them first (the focus chain follows the
        # order widgets are made in), but placed first in its line.
        self.picker = TilePickerWidget(self, tile_height=MIN_TILE_HEIGHT)
        self.picker.tile_picked.connect(self._on_picker_tile_picked)
        top.insertWidget(0, self.picker, 0, Qt.AlignmentFlag.AlignTop)

        # The captions show inside the rows while they are empty (TileRowWidget): no line of their own.
        self.hand_row = TileRowWidget(
            self._on_hand_tile_tapped, self, caption=self.tr("Hand (tap a tile to remove it)")
        )
        self.meld_row = TileRowWidget(self._on_meld_tile_tapped, self, caption=self.tr("Melds (tap to remove)"))
        self.dora_row = TileRowWidget(self._on_dora_tile_tapped, self, caption=self.tr("Dora and kan dora indicators"))
        self.ura_row = TileRowWidget(self._on_ura_tile_tapped, self, caption=self.tr("Ura dora indicators"))
        self._hand_line = QHBoxLayout()
        self._hand_line.setSpacing(_COLUMN_GAP + 4)
        self._hand_line.addWidget(self.hand_row, 1)
        self._hand_line.addWidget(self.meld_row, 1)
        left.addLayout(self._hand_line)
        indicators = QHBoxLayout()
        indicators.setSpacing(_COLUMN_GAP)
        indicators.addWidget(self.target_buttons[EntryTarget.DORA])
        indicators.addWidget(self.dora_row, 1)
        indicators.addWidget(self.target_buttons[EntryTarget.URA])
        indicators.addWidget(self.ura_row, 1)
        left.addLayout(indicators)
        left.addStretch(1)

        right = QVBoxLayout()
        right.setSpacing(_LINE_GAP)
        self._result_layout = right
        outer.addLayout(right, 1)
        conditions_box = QFrame(self)
        conditions_box.setFrameShape(QFrame.Shape.StyledPanel)
        # Flowed, as many to a line as fit (flow.py): the labels are long, and a grid made the dialog too wide.
        conditions = FlowLayout(conditions_box, spacing=18)
        conditions.setContentsMargins(8, 0, 8, 0)
        self.condition_boxes: dict[str, QCheckBox] = {}
        for name in CONDITIONS:
            box = QCheckBox(_condition_name(name), conditions_box)
            box.setObjectName(f"condition_{name}")
            box.setMinimumHeight(44)
            # As wide as its label, so that a tap anywhere on it hits the box (QCheckBox's click area).
            box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            box.toggled.connect(lambda checked, n=name: self._on_condition_toggled(n, checked))
            conditions.addWidget(box)
            self.condition_boxes[name] = box
        right.addWidget(conditions_box)

        self.message_label = QLabel(self)
        self.message_label.setObjectName("message")
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.message_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.message_label.setFont(font)
        right.addWidget(self.message_label)

        self.headline_label = QLabel(self)
        self.headline_label.setObjectName("headline")
        self.headline_label.setWordWrap(True)
        headline_font = self.headline_label.font()
        headline_font.setPointSizeF(headline_font.pointSizeF() * 1.8)
        headline_font.setBold(True)
        self.headline_label.setFont(headline_font)
        right.addWidget(self.headline_label)

        # The breakdown and the waits can be long: they scroll inside the result column (the last resort; the
        # headline above and the dialog's payment preview never scroll).
        holder = QWidget(self)
        holder_layout = QVBoxLayout(holder)
        holder_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.setSpacing(_LINE_GAP)
        self.details_label = QLabel(holder)
        self.details_label.setObjectName("details")
        self.details_label.setWordWrap(True)
        self.details_label.setTextFormat(Qt.TextFormat.PlainText)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        details_font = self.details_label.font()
        details_font.setPointSizeF(details_font.pointSizeF() * 1.15)
        self.details_label.setFont(details_font)
        holder_layout.addWidget(self.details_label)
        self.waits_caption = QLabel(self.tr("Waits (tap one to make it the winning tile)"), holder)
        holder_layout.addWidget(self.waits_caption)
        self.waits_area = QWidget(holder)
        self.waits_layout = QVBoxLayout(self.waits_area)
        self.waits_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.addWidget(self.waits_area)
        holder_layout.addStretch(1)
        self.result_area = QScrollArea(self)
        self.result_area.setObjectName("result_area")
        self.result_area.setWidgetResizable(True)
        self.result_area.setFrameShape(QFrame.Shape.NoFrame)
        self.result_area.viewport().setAutoFillBackground(False)
        self.result_area.setWidget(holder)
        holder.setAutoFillBackground(False)  # setWidget turns it on; the column shows the dialog's background
        # It takes the room left and asks for none: its length must never make the dialog taller.
        self.result_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.result_area.setMinimumHeight(96)
        right.addWidget(self.result_area, 1)
        self.wait_buttons: list[QPushButton] = []
        self.target_buttons[EntryTarget.HAND].setChecked(True)

    # -- public API ---------------------------------------------------------------------------------------------

    def set_context(
        self,
        *,
        rules: HandRules,
        tsumo: bool,
        seat_wind: Wind | str,
        round_wind: Wind | str,
        riichi: bool = False,
    ) -> None:
        """Tell the widget about the table: ruleset, ron or tsumo, winds, and whether the winner is in riichi.

        With ``riichi`` the riichi box is ticked and locked (the session knows it); double riichi stays
        available.
        """
        self._rules = rules
        self._tsumo = tsumo
        self._seat_wind = Wind(seat_wind)
        self._round_wind = Wind(round_wind)
        if riichi and not self._flags["double_riichi"]:
            self._flags["riichi"] = True
        elif self._session_riichi and not riichi:
            # The riichi came from the session, which now says there is none.
            self._flags["riichi"] = False
        self._session_riichi = riichi
        if not rules.red_fives:
            # Without red fives in the ruleset a red five is an ordinary five (rules.py, red_fives).
            self._concealed = [Tile(t.kind) for t in self._concealed]
            self._win = None if self._win is None else Tile(self._win.kind)
            self._melds = [Meld(m.kind, tuple(Tile(t.kind) for t in m.tiles)) for m in self._melds]
            self._dora = [Tile(t.kind) for t in self._dora]
            self._ura = [Tile(t.kind) for t in self._ura]
            self._pending_chi = [Tile(t.kind) for t in self._pending_chi]
        self.picker.set_red_fives(rules.red_fives)
        self._refresh()

    def result(self) -> HandScore | None:
        """The engine's score of the hand entered, or None while there is none (see :meth:`message`)."""
        return self._result

    def message(self) -> str:
        """The sentence shown when there is no result (why), or empty."""
        return self._message

    def waits(self) -> tuple[Wait, ...]:
        """The waits listed for a hand one tile short, with their values by ron and by tsumo."""
        return self._waits

    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles, the winning tile not included, sorted."""
        return tuple(sorted(self._concealed, key=_sort_key))

    def winning_tile(self) -> Tile | None:
        """The winning tile, if chosen."""
        return self._win

    def melds(self) -> tuple[Meld, ...]:
        """The melds built."""
        return tuple(self._melds)

    def dora_indicators(self) -> tuple[Tile, ...]:
        """The dora and kan dora indicators."""
        return tuple(self._dora)

    def ura_indicators(self) -> tuple[Tile, ...]:
        """The ura dora indicators (kept only while riichi is on)."""
        return tuple(self._ura) if self._riichi_on() else ()

    def conditions(self) -> dict[str, bool]:
        """The win conditions ticked."""
        return dict(self._flags)

    def target(self) -> EntryTarget:
        """Where the next tapped tile goes."""
        return self._target

    def hand_input(self) -> dict[str, Any]:
        """The hand as the engine's JSON input object (``scorekeeper score --json``, issue 2).

        Raises:
            InvalidHandError: if no winning tile is chosen yet.
        """
        if self._win is None:
            raise InvalidHandError("no winning tile chosen yet")
        obj: dict[str, Any] = {
            "hand": format_tiles([*sorted(self._concealed, key=_sort_key), self._win]),
            "melds": [{"type": m.kind.value, "tiles": format_tiles(m.tiles)} for m in self._melds],
            "win": str(self._win),
            "tsumo": self._tsumo,
            "seat_wind": self._seat_wind.value,
            "round_wind": self._round_wind.value,
            "dora": [str(t) for t in self._dora],
            "ura": [str(t) for t in self.ura_indicators()],
            "ruleset": _rules_json(self._rules),
        }
        obj.update({name: True for name, on in self._flags.items() if on})
        return obj

    def set_hand_text(self, text: str) -> None:
        """Enter a hand as if typed in the text field (``123m406p789s11z 789s+chi``).

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        entry = parse_entry_text(text)
        self._concealed, self._win, self._melds = list(entry.concealed), entry.win, list(entry.melds)
        self._pending_chi = []
        self._refresh()

    def set_hand_input(self, obj: dict[str, Any]) -> None:
        """Enter a recorded hand: the engine's input object ``hand_input()`` gave (Edit hand, issue 12).

        The hand's tiles, winning tile, melds, indicators and conditions; the table's context (tsumo, winds,
        the session's riichi) stays as ``set_context`` set it.

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        tiles = list(parse_tiles(str(obj.get("hand", ""))))
        win = Tile.parse(str(obj["win"])) if obj.get("win") else None
        if win is not None and tiles and tiles[-1] == win:
            tiles.pop()  # hand_input() writes the winning tile last
        melds = [Meld(MeldKind(str(m["type"])), parse_tiles(str(m["tiles"]))) for m in obj.get("melds", ())]
        self._concealed, self._win, self._melds = tiles, win, melds
        self._dora = [Tile.parse(str(t)) for t in obj.get("dora", ())]
        self._ura = [Tile.parse(str(t)) for t in obj.get("ura", ())]
        self._flags = {name: bool(obj.get(name, False)) for name in CONDITIONS}
        self._pending_chi = []
        self._refresh()

    def indicators(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The dora and ura dora indicators entered (the ura kept even while riichi is off: they are the table's)."""
        return tuple(self._dora), tuple(self._ura)

    def set_indicators(self, dora: tuple[Tile, ...], ura: tuple[Tile, ...]) -> None:
        """Enter the table's indicators, as another winner of the same discard entered them (a double ron)."""
        self._dora, self._ura = list(dora), list(ura)
        self._refresh()

    def set_target(self, target: EntryTarget) -> None:
        """Send the next tapped tiles to the hand, the winning tile, the indicators or a meld being built."""
        self._target = target
        self._pending_chi = []
        self.target_buttons[target].setChecked(True)
        self._notice = ""
        self._refresh()

    def set_index_visible(self, visible: bool) -> None:
        """Show the small corner indices ("1m", "E" ...) on every tile, for beginners."""
        self.picker.set_index_visible(visible)
        for row in (self.hand_row, self.meld_row, self.dora_row, self.ura_row):
            row.index_visible = visible
        self._refresh()

    @property
    def tile_height(self) -> int:
        """The height of the tiles drawn now (it grows with the room the widget has, see :meth:`fit_tiles`)."""
        return self.picker.tile_height

    def fit_tiles(self) -> None:
        """Make the tiles as big as the widget's room allows (never below the 44 px touch target).

        The left column holds the picker's rows, the hand line and the indicator line, each a tile tall; its
        width holds the picker, the column beside it and, to its right, the result column. Called on every
        resize, so the tiles follow the window: a 1366x768 screen gets the smallest tiles and a 1440x900 one
        bigger ones.
        """
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        columns, rows = self.picker.grid_shape()
        side_width = max(SIDE_MIN_WIDTH, self._side_layout.sizeHint().width())
        result_width = max(RESULT_MIN_WIDTH, self._result_layout.minimumSize().width())
        width = self.width() - margins.left() - margins.right() - 2 * _COLUMN_GAP - side_width - result_width
        # The two lines below the picker are a row of tiles each, set apart by the column's spacing.
        height = self.height() - margins.top() - margins.bottom() - 2 * (_LINE_GAP - 2)
        tile_height = fit_tile_height(width, height, columns=columns, rows=rows + 2)
        # The hand line (a full hand, or the tiles and melds shown if more) must fit the left column too.
        while tile_height > MIN_TILE_HEIGHT and self._hand_line_width(tile_height) > width + _COLUMN_GAP + side_width:
            tile_height -= 1
        self._fitted_line = self._hand_line_width(MIN_TILE_HEIGHT)
        if tile_height != self.picker.tile_height:
            self.picker.set_tile_height(tile_height)
            for row in (self.hand_row, self.meld_row, self.dora_row, self.ura_row):
                row.set_tile_height(tile_height)

    def _hand_line_width(self, tile_height: int) -> int:
        """The width of the hand line at this tile height: the tiles shown, and never less than a full hand."""
        shown = self.hand_row.width_at(tile_height) + _COLUMN_GAP + 4 + self.meld_row.width_at(tile_height)
        full = 14 * (tile_button_size(tile_height).width() + 1) + 12
        return max(shown, full)

    def _refit_tiles(self) -> None:
        """Fit the tiles again when the hand line grew past a full hand's length, or shrank back (kans)."""
        if self._fitted_line != self._hand_line_width(MIN_TILE_HEIGHT):
            self.fit_tiles()

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_tiles()

    def clear(self) -> None:
        """Start again: no tiles, no melds, no indicators, no conditions (riichi stays if the session says so)."""
        self._concealed, self._win, self._melds = [], None, []
        self._dora, self._ura, self._pending_chi = [], [], []
        self._flags = dict.fromkeys(CONDITIONS, False)
        self._flags["riichi"] = self._session_riichi
        self._notice = ""
        self.set_target(EntryTarget.HAND)

    # -- tile counting ------------------------------------------------------------------------------------------

    def _tile_count(self) -> int:
        """Tiles toward the 14 of a winning hand: a meld counts 3 (a kan's fourth tile is a replacement)."""
        return len(self._concealed) + (self._win is not None) + 3 * len(self._melds) + len(self._pending_chi)

    def _tiles_in_use(self) -> list[Tile]:
        tiles = [*self._concealed, *self._dora, *self._ura, *self._pending_chi]
        if self._win is not None:
            tiles.append(self._win)
        for meld in self._melds:
            tiles.extend(meld.tiles)
        return tiles

    def _riichi_on(self) -> bool:
        return self._flags["riichi"] or self._flags["double_riichi"]

    # -- taps ---------------------------------------------------------------------------------------------------

    def _on_picker_tile_picked(self, tile: Tile) -> None:
        self._notice = ""
        target = self._target
        if target is EntryTarget.HAND:
            self._add_to_hand(tile)
        elif target is EntryTarget.WIN:
            self._make_winning(tile)
        elif target in (EntryTarget.DORA, EntryTarget.URA):
            indicators = self._dora if target is EntryTarget.DORA else self._ura
            if len(indicators) >= _MAX_INDICATORS:
                self._notice = self.tr("There are at most five indicators (one dora and four kan dora).")
            else:
                indicators.append(tile)
        else:
            self._add_to_meld(MeldKind(target.value), tile)
        self._refresh()

    def _add_to_hand(self, tile: Tile) -> None:
        if self._tile_count() >= _HAND_SIZE:
            self._notice = self.tr("The hand is full: a winning hand has 14 tiles (a kan counts as 3).")
            return
        self._concealed.append(tile)
        if self._win is None and self._tile_count() == _HAND_SIZE:
            # The last tile tapped into a full hand is the winning tile, as when the tile is drawn or called.
            self._win = self._concealed.pop()

    def _make_winning(self, tile: Tile) -> None:
        if tile in self._concealed:
            self._concealed.remove(tile)
            if self._win is not None:
                self._concealed.append(self._win)
            self._win = tile
        elif self._win is not None or self._tile_count() < _HAND_SIZE:
            self._win = tile
        else:
            self._notice = self.tr("The hand is full: tap one of its tiles to make it the winning tile.")
            return
        self.set_target(EntryTarget.HAND)

    def _add_to_meld(self, kind: MeldKind, tile: Tile) -> None:
        if self._tile_count() + (1 if kind is MeldKind.CHI else 3) > _HAND_SIZE:
            self._notice = self.tr("No room for another meld: a winning hand has 14 tiles (a kan counts as 3).")
            self._pending_chi = []
            return
        if kind is MeldKind.CHI:
            self._pending_chi.append(tile)
            if len(self._pending_chi) < 3:
                return
            tiles = tuple(self._pending_chi)
            self._pending_chi = []
        else:
            size = 4 if kind.is_kan else 3
            picked = self._copies_for_meld(tile, size)
            if picked is None:
                self._notice = self.tr("Not enough copies of {tile} left for this meld: a set has four.").format(
                    tile=str(tile.kind)
                )
                return
            tiles = picked
        try:
            meld = Meld(kind, tiles)
        except InvalidHandError as error:
            self._notice = _plain_error(error)
            return
        self._melds.append(meld)
        self.set_target(EntryTarget.HAND)

    def _copies_for_meld(self, tile: Tile, size: int) -> tuple[Tile, ...] | None:
        """The tapped tile and ``size - 1`` more of its kind that are still free, or None if there are too few.

        Ordinary copies come first; the red five is taken only when the ordinary ones run out (with red fives in
        play the set holds three ordinary fives and one red, so a kan of fives always holds the red one).
        """
        ordinary = Tile(tile.kind)
        free_ordinary = self.picker.copies_left(ordinary) - (0 if tile.red else 1)
        red: Tile | None = None
        free_red = 0
        if tile.kind in _FIVES and self.picker.red_fives:
            red = Tile(tile.kind, red=True)
            free_red = self.picker.copies_left(red) - (1 if tile.red else 0)
        need = size - 1
        take_ordinary = min(need, free_ordinary)
        take_red = min(need - take_ordinary, max(free_red, 0))
        if take_ordinary + take_red < need:
            return None
        reds = [red] * take_red if red is not None else []
        return (tile, *[ordinary] * take_ordinary, *reds)

    def _on_hand_tile_tapped(self, position: int) -> None:
        self._notice = ""
        tiles = sorted(self._concealed, key=_sort_key)
        if position >= len(tiles):
            # The winning tile, shown last.
            if self._target is not EntryTarget.WIN:
                self._win = None
        elif self._target is EntryTarget.WIN:
            self._make_winning(tiles[position])
        else:
            self._concealed.remove(tiles[position])
        self._refresh()

    def _on_meld_tile_tapped(self, position: int) -> None:
        self._notice = ""
        if self._pending_chi and position >= sum(len(m.tiles) for m in self._melds):
            self._pending_chi = []
        else:
            offset = 0
            for meld in list(self._melds):
                if position < offset + len(meld.tiles):
                    self._melds.remove(meld)
                    break
                offset += len(meld.tiles)
        self._refresh()

    def _on_dora_tile_tapped(self, position: int) -> None:
        del self._dora[position]
        self._refresh()

    def _on_ura_tile_tapped(self, position: int) -> None:
        del self._ura[position]
        self._refresh()

    def _on_condition_toggled(self, name: str, checked: bool) -> None:
        if self._updating:
            return
        self._flags[name] = checked
        self._refresh()

    def _on_text_field_text_edited(self, text: str) -> None:
        try:
            entry = parse_entry_text(text)
        except (TileParseError, InvalidHandError) as error:
            self.text_error.setText(str(error))
            self.text_error.setVisible(True)
            return
        self.text_error.setText("")
        self.text_error.setVisible(False)
        self._concealed, self._win, self._melds = list(entry.concealed), entry.win, list(entry.melds)
        self._pending_chi = []
        self._notice = ""
        self._refresh(keep_text=True)

    def _on_wait_clicked(self, kind: TileKind) -> None:
        self._notice = ""
        self._win = Tile(kind)
        self._refresh()

    # -- refresh ------------------------------------------------------------------------------------------------

    def _possible_conditions(self) -> dict[str, bool]:
        """Which conditions the engine allows with the others as ticked (tile problems are ignored here)."""
        win = self._win or Tile(TileKind.M1)

        def context_problems(flags: dict[str, bool]) -> int:
            problems = validate_hand(
                self._concealed, self._melds, win, self._tsumo, self._seat_wind, self._dora, (), **flags
            )
            return sum(1 for p in problems if p.error is InvalidContextError)

        baseline = context_problems(self._flags)
        possible: dict[str, bool] = {}
        for name in CONDITIONS:
            if self._flags[name]:
                possible[name] = True
                continue
            trial = dict(self._flags)
            trial[name] = True
            if name == "double_riichi":
                trial["riichi"] = False
            possible[name] = context_problems(trial) <= baseline
        if self._rules.renhou is RenhouValue.NONE:
            # Renhou is not a yaku in this ruleset (rules.py, RenhouValue.NONE: Tenhou, M-League, EMA 2016).
            possible["renhou"] = self._flags["renhou"]
        return possible

    def _refresh(self, *, keep_text: bool = False) -> None:
        self._updating = True
        try:
            if not keep_text:
                self.text_field.setText(
                    format_entry_text(
                        EntryText(concealed=tuple(self._concealed), win=self._win, melds=tuple(self._melds))
                    )
                )
                self.text_error.setText("")
                self.text_error.setVisible(False)
            self.picker.set_tiles_in_use(self._tiles_in_use())
            self._refresh_rows()
            self._refresh_conditions()
            self._refresh_targets()
            self._compute()
            self._show_result()
        finally:
            self._updating = False
        self.result_changed.emit()

    def _refresh_rows(self) -> None:
        tiles = sorted(self._concealed, key=_sort_key)
        shown = [*tiles, self._win] if self._win is not None else tiles
        self.hand_row.set_tiles(
            shown,
            selected=len(tiles) if self._win is not None else None,
            gaps_before=frozenset({len(tiles)}),
        )
        meld_tiles = [t for m in self._melds for t in m.tiles] + self._pending_chi
        gaps: set[int] = set()
        position = 0
        for meld in self._melds:
            if position:
                gaps.add(position)
            position += len(meld.tiles)
        if self._pending_chi and position:
            gaps.add(position)
        self.meld_row.set_tiles(meld_tiles, gaps_before=frozenset(gaps))
        # An empty hand shares the line with the melds (both captions show); a hand with tiles hugs them.
        self._hand_line.setStretchFactor(self.hand_row, 0 if self.hand_row.buttons else 1)
        self._refit_tiles()
        self.dora_row.set_tiles(self._dora)
        riichi = self._riichi_on()
        self.ura_row.set_tiles(self._ura if riichi else [])
        self.ura_row.setVisible(riichi)

    def _refresh_conditions(self) -> None:
        if self._flags["double_riichi"]:
            self._flags["riichi"] = False
        possible = self._possible_conditions()
        shown = {name: possible[name] or self._flags[name] for name in CONDITIONS}
        # The session's riichi is a fact of the table: shown ticked and locked (double riichi may replace it).
        if self._session_riichi and self._flags["double_riichi"]:
            shown["riichi"] = False
        for name, box in self.condition_boxes.items():
            box.setChecked(self._flags[name])
            box.setVisible(shown[name])
        self.condition_boxes["riichi"].setEnabled(not self._session_riichi)

    def _refresh_targets(self) -> None:
        riichi = self._riichi_on()
        self.target_buttons[EntryTarget.URA].setVisible(riichi)
        if not riichi and self._target is EntryTarget.URA:
            self._target = EntryTarget.HAND
        self.target_buttons[self._target].setChecked(True)
        hints = {
            EntryTarget.HAND: self.tr("Tap tiles to add them to the hand; tap a tile in the hand to remove it."),
            EntryTarget.WIN: self.tr("Tap the winning tile (in the picker or in the hand)."),
            EntryTarget.DORA: self.tr("Tap the dora indicators (kan dora too)."),
            EntryTarget.URA: self.tr("Tap the ura dora indicators."),
            EntryTarget.CHI: self.tr("Tap the three tiles of the chi ({n} of 3).").format(n=len(self._pending_chi)),
            EntryTarget.PON: self.tr("Tap the tile of the pon (a red five if it holds one)."),
            EntryTarget.MINKAN: self.tr("Tap the tile of the open kan."),
            EntryTarget.ANKAN: self.tr("Tap the tile of the closed kan."),
            EntryTarget.SHOUMINKAN: self.tr("Tap the tile of the added kan."),
        }
        self.target_hint.setText(self._notice or hints[self._target])

    def _compute(self) -> None:
        """Ask the engine: a score for a full hand, the waits for a hand one tile short, else why not."""
        self._result = None
        self._waits = ()
        self._message = ""
        count = self._tile_count()
        riichi = self._riichi_on()
        ura = tuple(self._ura) if riichi else ()
        if self._pending_chi:
            self._message = self.tr("Finish the chi: tap {n} more tile(s).").format(n=3 - len(self._pending_chi))
            return
        if count == _HAND_SIZE and self._win is not None:
            try:
                hand = Hand(
                    concealed=(*self._concealed, self._win),
                    melds=tuple(self._melds),
                    win=self._win,
                    tsumo=self._tsumo,
                    seat_wind=self._seat_wind,
                    round_wind=self._round_wind,
                    dora=tuple(self._dora),
                    ura=ura,
                    **self._flags,
                )
                self._result = score_hand(hand, self._rules)
            except ScorekeeperError as error:
                self._message = _plain_error(error)
            return
        if count == _HAND_SIZE - 1 and self._win is None:
            try:
                self._waits = list_waits(
                    self._concealed,
                    self._melds,
                    seat_wind=self._seat_wind,
                    round_wind=self._round_wind,
                    rules=self._rules,
                    dora=self._dora,
                    ura=ura,
                    **self._flags,
                )
            except ScorekeeperError as error:
                self._message = _plain_error(error)
                return
            if self._waits:
                self._message = self.tr("13 tiles: the hand is ready. Tap a wait to make it the winning tile.")
            else:
                self._message = self.tr("13 tiles, but no tile completes this hand: it is not ready (not tenpai).")
            return
        if count == 0:
            self._message = self.tr("Enter the winning hand: tap the tiles below or type them.")
        elif count < _HAND_SIZE:
            self._message = self.tr("{n} tile(s) so far: a winning hand has 14 (a kan counts as 3).").format(n=count)
        else:
            self._message = self.tr("Too many tiles: {n}; a winning hand has 14 (a kan counts as 3).").format(n=count)

    def _show_result(self) -> None:
        self.message_label.setText(self._message)
        self.message_label.setVisible(bool(self._message))
        score = self._result
        if score is None:
            self.headline_label.setText("")
            self.details_label.setText("")
        else:
            self.headline_label.setText(_headline(score))
            self.details_label.setText(self._details(score))
        self.headline_label.setVisible(score is not None)
        self.details_label.setVisible(score is not None)
        self._show_waits()

    def _details(self, score: HandScore) -> str:
        lines: list[str] = []
        for item in score.yaku:
            if item.yakuman:
                lines.append(self.tr("{name}: yakuman x{n}").format(name=yaku_name(item.yaku.value), n=item.yakuman))
            else:
                lines.append(self.tr("{name}: {han} han").format(name=yaku_name(item.yaku.value), han=item.han))
        for count, label in (
            (score.dora, self.tr("Dora")),
            (score.aka, self.tr("Red fives")),
            (score.ura, self.tr("Ura dora")),
        ):
            if count:
                lines.append(self.tr("{name}: {han} han").format(name=label, han=count))
        if score.fu_breakdown:
            raw = sum(item.fu for item in score.fu_breakdown)
            parts = ", ".join(f"{_fu_reason_name(item.reason)} {item.fu}" for item in score.fu_breakdown)
            if score.fu is not None and raw != score.fu:
                lines.append(
                    self.tr("{fu} fu (rounded up from {raw}): {parts}").format(fu=score.fu, raw=raw, parts=parts)
                )
            else:
                lines.append(self.tr("{fu} fu: {parts}").format(fu=raw, parts=parts))
        lines.append(_payment_text(score.payment))
        return "\n".join(lines)

    def _show_waits(self) -> None:
        # Buttons are reused (see _TileRowWidget): building widgets on every tap would cost more than scoring.
        while len(self.wait_buttons) < len(self._waits):
            index = len(self.wait_buttons)
            button = QPushButton(self.waits_area)
            button.setMinimumHeight(MIN_TILE_HEIGHT + 4)
            button.setIconSize(QSize(round(MIN_TILE_HEIGHT * TILE_ASPECT), MIN_TILE_HEIGHT))
            button.setStyleSheet("text-align: left; padding-left: 6px;")
            button.clicked.connect(lambda _checked=False, i=index: self._on_wait_clicked(self._waits[i].kind))
            self.waits_layout.insertWidget(index, button)
            self.wait_buttons.append(button)
        dark = is_dark_palette(self.palette())
        for index, button in enumerate(self.wait_buttons):
            if index >= len(self._waits):
                button.hide()
                continue
            wait = self._waits[index]
            name = f"wait_{wait.kind}"
            if button.objectName() != name or button.property("dark") != dark:
                button.setObjectName(name)
                button.setProperty("dark", dark)
                button.setIcon(
                    QIcon(tile_pixmap(Tile(wait.kind), MIN_TILE_HEIGHT, dpr=self.devicePixelRatioF(), dark=dark))
                )
            button.setText(self._wait_text(wait))
            button.show()
        self.waits_caption.setVisible(bool(self._waits))
        self.waits_area.setVisible(bool(self._waits))

    def _wait_text(self, wait: Wait) -> str:
        def part(value: HandScore | Refusal) -> str:
            if isinstance(value, Refusal):
                return _refusal_text(value)
            return _t("{figures}: {payment}").format(figures=_figures(value), payment=_short_payment(value.payment))

        return self.tr("{tile}   Ron: {ron}\n        Tsumo: {tsumo}").format(
            tile=str(wait.kind), ron=part(wait.ron), tsumo=part(wait.tsumo)
        )
