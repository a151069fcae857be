"""The classical family's "Tiles" entry: a winning hand by its tiles, its extra tiles and conditions, valued live.

Issue 6 ("GUI"): for a game of the classical Chinese point-and-double family (seed 003) the tile picker has no red
fives and a row of extra tiles (four seasons, four plants), the conditions offered are the family's own, and the
live breakdown lists each point source and each double with its name, then the points, the doubles and the value.
All scoring is the engine's (:func:`scorekeeper.engine.classical.score_classical`); which conditions can be offered
comes from :func:`scorekeeper.engine.classical.validate_classical_hand`.

The text field uses the riichi entry's notation (docs/tiles.md) plus the extra tiles: ``234p234p2p 2p 333s+pon
1111s+minkan 15f`` (concealed tiles, the winning tile after a space, melds as tiles ``+`` type, extra tiles as
digits ``1``-``8`` before one ``f``).
"""

from __future__ import annotations

import enum
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
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

from scorekeeper.engine.classical import (
    ClassicalHand,
    ClassicalRules,
    ClassicalScore,
    Double,
    ExtraTile,
    PointSource,
    classical_rules,
    format_extras,
    score_classical,
    validate_classical_hand,
)
from scorekeeper.engine.entry_text import EntryText, format_entry_text, parse_entry_text
from scorekeeper.engine.hand import Meld, MeldKind
from scorekeeper.engine.tiles import Tile, Wind, format_tiles
from scorekeeper.errors import InvalidContextError, InvalidHandError, NotWinningError, ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.widgets.flow import FlowLayout
from scorekeeper.gui.widgets.hand_entry import RESULT_MIN_WIDTH, SIDE_MIN_WIDTH
from scorekeeper.gui.widgets.tile_picker import (
    MIN_TILE_HEIGHT,
    TilePickerWidget,
    TileRowWidget,
    fit_tile_height,
    tile_button_size,
)

__all__ = [
    "CLASSICAL_CONDITIONS",
    "ClassicalEntryWidget",
    "ClassicalTarget",
    "classical_breakdown",
]

#: The family's win conditions besides self-drawing (which the win dialog's Ron/Tsumo gives), as the engine and
#: the JSON input name them (seed 003, a(14)-a(19), e(1); scorekeeper.engine.classical.hand).
CLASSICAL_CONDITIONS: tuple[str, ...] = (
    "last_tile_of_wall",
    "replacement_tile",
    "robbing_the_kong",
    "heavenly_hand",
    "one_chance",
    "last_tile_of_kind",
)

_HAND_SIZE = 14
_COLUMN_GAP = 10  # as in hand_entry.py
_LINE_GAP = 6


class ClassicalTarget(enum.StrEnum):
    """Where the next tapped tile goes."""

    HAND = "hand"
    WIN = "win"
    CHOW = "chi"
    PUNG = "pon"
    EXPOSED_KONG = "minkan"
    CONCEALED_KONG = "ankan"


_MELD_SIZE = {
    ClassicalTarget.CHOW: 3,
    ClassicalTarget.PUNG: 3,
    ClassicalTarget.EXPOSED_KONG: 4,
    ClassicalTarget.CONCEALED_KONG: 4,
}


def _t(text: str) -> str:
    return QCoreApplication.translate("ClassicalEntryWidget", text)


def _sort_key(tile: Tile) -> int:
    return int(tile.kind)


def _condition_name(name: str) -> str:
    names = {
        "last_tile_of_wall": _t("Last tile of the wall"),
        "replacement_tile": _t("Replacement tile after a kong"),
        "robbing_the_kong": _t("Robbing the kong"),
        "heavenly_hand": _t("Heavenly hand"),
        "one_chance": _t("One chance (only one tile could win)"),
        "last_tile_of_kind": _t("Last tile of its kind"),
    }
    return names[name]


def _point_name(source: PointSource) -> str:
    names = {
        PointSource.EXPOSED_TRIPLET: _t("Exposed triplet"),
        PointSource.CONCEALED_TRIPLET: _t("Concealed triplet"),
        PointSource.EXPOSED_QUARTET: _t("Exposed quartet"),
        PointSource.CONCEALED_QUARTET: _t("Concealed quartet"),
        PointSource.HONOR_PAIR: _t("Pair of honours"),
        PointSource.SEAT_WIND_PAIR: _t("Pair of the seat wind"),
        PointSource.ROUND_WIND_PAIR: _t("Pair of the round wind"),
        PointSource.DOUBLE_WIND_PAIR: _t("Pair of the double wind"),
        PointSource.EXTRA_TILE: _t("Extra tile"),
        PointSource.SEAT_EXTRA_TILE: _t("Extra tile of the seat"),
        PointSource.ROUND_EXTRA_TILE: _t("Extra tile of the round"),
        PointSource.DOUBLE_EXTRA_TILE: _t("Extra tile of seat and round"),
        PointSource.COMPLETING: _t("Completing the game"),
        PointSource.MAKING_A_PAIR: _t("Winning tile makes the pair"),
        PointSource.ONE_CHANCE_WAIT: _t("One-chance wait"),
        PointSource.SELF_DRAWING: _t("Self-drawing"),
        PointSource.UNIT: _t("Unit (double system alone)"),
    }
    return names[source]


def _double_name(double: Double) -> str:
    """A short name for each double of seed 003, A.2 (its own words and section follow it in the breakdown)."""
    names = {
        Double.ALL_SEQUENCES: _t("All sequences"),
        Double.TWO_SUITS: _t("Two suits"),
        Double.MIXED_STRAIGHT: _t("Mixed straight"),
        Double.FOUR_IN_TRIPLET_AND_SEQUENCE: _t("Four of a number in a triplet and a sequence"),
        Double.OUTSIDE_HAND: _t("Outside hand"),
        Double.ALL_SIMPLES: _t("All simples"),
        Double.TWIN: _t("Twin"),
        Double.YOUNG_AND_OLD: _t("Young and old"),
        Double.THREE_COUSINS: _t("Three cousins"),
        Double.CONCEALED_HAND: _t("Concealed hand"),
        Double.SEAT_WIND: _t("Seat wind"),
        Double.ROUND_WIND: _t("Round wind"),
        Double.DRAGON_SET: _t("Dragon set"),
        Double.LAST_TILE_OF_WALL: _t("Last tile of the wall"),
        Double.ONE_CHANCE: _t("One chance"),
        Double.LAST_TILE_OF_KIND: _t("Last tile of its kind"),
        Double.REPLACEMENT_TILE: _t("Replacement tile"),
        Double.PAIR_258: _t("Pair of 2, 5 or 8"),
        Double.ROBBING_THE_KONG: _t("Robbing the kong"),
        Double.SELF_DRAWING: _t("Self-drawing"),
        Double.SEAT_EXTRA_TILE: _t("Seat season or plant"),
        Double.ROUND_EXTRA_TILE: _t("Round season or plant"),
        Double.ALL_TRIPLETS: _t("All triplets"),
        Double.PURE_STRAIGHT: _t("Pure straight"),
        Double.HALF_FLUSH: _t("Half flush"),
        Double.UNRELATED_TILES: _t("Unrelated tiles"),
        Double.DOUBLE_WIND: _t("Double wind"),
        Double.THREE_CONCEALED_TRIPLETS: _t("Three concealed triplets"),
        Double.TWO_CONCEALED_QUARTETS: _t("Two concealed quartets"),
        Double.ALL_FROM_DISCARDS: _t("All from discards"),
        Double.ALL_SELF_DRAWN: _t("All self-drawn"),
        Double.DOUBLE_EXTRA_TILE: _t("Double season or plant"),
        Double.FOUR_IN_TWO_SEQUENCES_AND_PAIR: _t("Four of a number in two sequences and the pair"),
        Double.SEVEN_PAIRS: _t("Seven pairs"),
        Double.TERMINALS_IN_ALL: _t("Terminals in all"),
        Double.FIVE_KINDS: _t("Five kinds"),
        Double.ALL_ABOVE_FIVE: _t("All above five"),
        Double.ALL_BELOW_FIVE: _t("All below five"),
        Double.FOUR_CONCEALED_TRIPLETS: _t("Four concealed triplets"),
        Double.THREE_CONCEALED_QUARTETS: _t("Three concealed quartets"),
        Double.FLUSH: _t("Flush"),
        Double.DOUBLE_TWINS: _t("Double twins"),
        Double.DOUBLE_YOUNG_AND_OLD: _t("Double young and old"),
        Double.ONE_NUMBER: _t("One number"),
        Double.THIRTEEN_ORPHANS: _t("Thirteen orphans"),
        Double.FOUR_IN_FOUR_SEQUENCES: _t("Four of a number in four sequences"),
        Double.LITTLE_FOUR_WINDS: _t("Little four winds"),
        Double.LITTLE_THREE_DRAGONS: _t("Little three dragons"),
        Double.FOUR_EXTRA_TILES: _t("Four seasons or four plants"),
        Double.HEAVENLY_HAND: _t("Heavenly hand"),
        Double.BIG_FOUR_WINDS: _t("Big four winds"),
        Double.BIG_THREE_DRAGONS: _t("Big three dragons"),
        Double.FOUR_CONCEALED_QUARTETS: _t("Four concealed quartets"),
        Double.ALL_EIGHT_EXTRA_TILES: _t("All eight extra tiles"),
    }
    return names[double]


def _plain_error(error: ScorekeeperError) -> str:
    return _t("This hand cannot be: {reason}.").format(reason=str(error).rstrip("."))


def _group(value: int) -> str:
    return f"{value:,}"


def classical_breakdown(score: ClassicalScore) -> str:
    """Every point source and every double of a classical score with its name, then the totals, as lines of text.

    Used by the live result of :class:`ClassicalEntryWidget`; other screens (the history) may show it too.
    """
    lines: list[str] = []
    if any(item.source is PointSource.UNIT for item in score.point_items):
        lines.append(_t("Double system alone: a unit of {unit}").format(unit=score.points))
    else:
        lines.append(_t("Points"))
        for item in score.point_items:
            tiles = f" {item.tiles}" if item.tiles else ""
            lines.append(f"  {_point_name(item.source)}{tiles}: {item.points}")
        rounded = (
            _t("Total {raw}, rounded to {points}").format(raw=score.raw_points, points=score.points)
            if score.raw_points != score.points
            else _t("Total {points}").format(points=score.points)
        )
        lines.append("  " + rounded)
    lines.append(_t("Doubles"))
    if not score.double_items:
        lines.append("  " + _t("none"))
    for double in score.double_items:
        name = _double_name(double.double)
        detail = f" ({double.detail})" if double.detail else ""
        lines.append(f"  {name}{detail}: {double.doubles}")
        section, _, words = double.double.description.partition(" ")
        # The seed's own words and section, unless the short name already is its words.
        lines.append(f"      {section}" if words.lower() == name.lower() else f"      {section} {words}")
    lines.append(
        "  " + _t("{doubles} double(s): x {multiplier}").format(doubles=score.doubles, multiplier=score.multiplier)
    )
    lines.append(_t("Value {value}").format(value=_group(score.value)))
    if score.limited:
        lines.append(_t("Capped at the limit (uncapped {uncapped})").format(uncapped=_group(score.uncapped)))
    return "\n".join(lines)


class ClassicalEntryWidget(QWidget):
    """Enter a classical winning hand by its tiles and see its value live (see the module docstring).

    Give it the table's context with :meth:`set_context`; read :meth:`result` (the engine's ``ClassicalScore`` or
    None, then :meth:`message` says why), :meth:`hand_input` (the hand as the classical JSON input, docs/classical.md)
    and listen to ``result_changed``.

    Signals:
        result_changed(): the hand, its context or its result changed.
    """

    result_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rules: ClassicalRules = classical_rules("classical")
        self._tsumo = False
        self._seat_wind = Wind.EAST
        self._round_wind = Wind.EAST
        self._concealed: list[Tile] = []
        self._win: Tile | None = None
        self._melds: list[Meld] = []
        self._extras: list[ExtraTile] = []
        self._flags: dict[str, bool] = dict.fromkeys(CLASSICAL_CONDITIONS, False)
        self._pending_chow: list[Tile] = []
        self._target = ClassicalTarget.HAND
        self._result: ClassicalScore | None = None
        self._message = ""
        self._updating = False
        self._fitted_line = 0
        self._build()
        self._refresh()

    # -- construction -------------------------------------------------------------------------------------------

    def _build(self) -> None:
        # The riichi entry's layout (hand_entry.py), so that the win dialog fits a 1366x768 laptop screen
        # (issue 4): on the left the picker with the text field, the targets and the extra tiles held beside it,
        # then the hand and its melds on one line; on the right the conditions and the live breakdown.
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
        self.text_field.setObjectName("classical_mpsz")
        self.text_field.setPlaceholderText(self.tr("Type the tiles, e.g. 234p234p2p 2p 333s+pon 15f"))
        self.text_field.setAccessibleName(self.tr("Hand in mpsz notation, extra tiles as 1f-8f"))
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
        self.target_buttons: dict[ClassicalTarget, QPushButton] = {}
        labels = {
            ClassicalTarget.HAND: self.tr("Hand"),
            ClassicalTarget.WIN: self.tr("Winning tile"),
            ClassicalTarget.CHOW: self.tr("Chow"),
            ClassicalTarget.PUNG: self.tr("Pung"),
            ClassicalTarget.EXPOSED_KONG: self.tr("Exposed kong"),
            ClassicalTarget.CONCEALED_KONG: self.tr("Concealed kong"),
        }
        # The hand and the winning tile on the first line, the four kinds of set below.
        cells = {
            ClassicalTarget.HAND: (0, 0),
            ClassicalTarget.WIN: (0, 1),
            ClassicalTarget.CHOW: (1, 0),
            ClassicalTarget.PUNG: (1, 1),
            ClassicalTarget.EXPOSED_KONG: (2, 0),
            ClassicalTarget.CONCEALED_KONG: (2, 1),
        }
        for target, label in labels.items():
            button = QPushButton(label, self)
            button.setObjectName(f"target_{target.value}")
            button.setCheckable(True)
            button.setMinimumHeight(44)
            button.clicked.connect(lambda _checked=False, t=target: self.set_target(t))
            self.target_group.addButton(button)
            self.target_buttons[target] = button
            targets.addWidget(button, *cells[target])
        side.addLayout(targets)
        self.target_hint = QLabel(self)
        self.target_hint.setObjectName("target_hint")
        self.target_hint.setWordWrap(True)
        side.addWidget(self.target_hint)
        # Made after the text field and the targets (Tab reaches them first), but placed first in its line.
        self.picker = TilePickerWidget(self, red_fives=False, extra_tiles=True, tile_height=MIN_TILE_HEIGHT)
        self.picker.tile_picked.connect(self._on_picker_tile_picked)
        self.picker.extra_picked.connect(self._on_picker_extra_picked)
        top.insertWidget(0, self.picker, 0, Qt.AlignmentFlag.AlignTop)
        # The seasons and plants held sit beside the picker, under its row of extra tiles' reach.
        self.extras_row = TileRowWidget(
            self._on_extra_tile_tapped, self, caption=self.tr("Seasons and plants held (tap to remove)")
        )
        side.addStretch(1)
        side.addWidget(self.extras_row)

        # The captions show inside the rows while they are empty (TileRowWidget): no line of their own.
        self.hand_row = TileRowWidget(
            self._on_hand_tile_tapped, self, caption=self.tr("Hand (tap a tile to remove it)")
        )
        self.meld_row = TileRowWidget(self._on_meld_tile_tapped, self, caption=self.tr("Melds (tap to remove)"))
        self._hand_line = QHBoxLayout()
        self._hand_line.setSpacing(_COLUMN_GAP + 4)
        self._hand_line.addWidget(self.hand_row, 1)
        self._hand_line.addWidget(self.meld_row, 1)
        left.addLayout(self._hand_line)
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
        for name in CLASSICAL_CONDITIONS:
            box = QCheckBox(_condition_name(name), conditions_box)
            box.setObjectName(f"condition_{name}")
            box.setMinimumHeight(44)
            box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            box.toggled.connect(lambda checked, n=name: self._on_condition_toggled(n, checked))
            conditions.addWidget(box)
            self.condition_boxes[name] = box
        right.addWidget(conditions_box)

        self.message_label = QLabel(self)
        self.message_label.setObjectName("message")
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        right.addWidget(self.message_label)

        self.headline_label = QLabel(self)
        self.headline_label.setObjectName("headline")
        self.headline_label.setWordWrap(True)
        headline_font = self.headline_label.font()
        headline_font.setPointSizeF(headline_font.pointSizeF() * 1.6)
        headline_font.setBold(True)
        self.headline_label.setFont(headline_font)
        right.addWidget(self.headline_label)

        self.details_label = QLabel()
        self.details_label.setObjectName("details")
        self.details_label.setWordWrap(True)
        self.details_label.setTextFormat(Qt.TextFormat.PlainText)
        self.details_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The breakdown can run to twenty lines: it scrolls inside the result column (the last resort), and
        # asks for no height, so that it never makes the dialog taller than a laptop screen.
        self.details_area = QScrollArea(self)
        self.details_area.setObjectName("details_area")
        self.details_area.setWidgetResizable(True)
        self.details_area.setFrameShape(QFrame.Shape.NoFrame)
        self.details_area.viewport().setAutoFillBackground(False)
        self.details_area.setWidget(self.details_label)
        self.details_label.setAutoFillBackground(False)
        self.details_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.details_area.setMinimumHeight(96)
        right.addWidget(self.details_area, 1)
        self.target_buttons[ClassicalTarget.HAND].setChecked(True)

    @property
    def tile_height(self) -> int:
        """The height of the tiles drawn now (it grows with the room the widget has, see :meth:`fit_tiles`)."""
        return self.picker.tile_height

    def fit_tiles(self) -> None:
        """Make the tiles as big as the widget's room allows (never below the 44 px touch target).

        The left column holds the picker's five rows and the hand line, each a tile tall; its width holds the
        picker, the column beside it and, to its right, the breakdown. Called on every resize.
        """
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        columns, rows = self.picker.grid_shape()
        side_width = max(SIDE_MIN_WIDTH, self._side_layout.sizeHint().width())
        result_width = max(RESULT_MIN_WIDTH, self._result_layout.minimumSize().width())
        width = self.width() - margins.left() - margins.right() - 2 * _COLUMN_GAP - side_width - result_width
        # The hand line below the picker is a row of tiles, set apart by the column's spacing.
        height = self.height() - margins.top() - margins.bottom() - 1 * (_LINE_GAP - 2)
        tile_height = fit_tile_height(width, height, columns=columns, rows=rows + 1)
        # The hand line (a full hand, or the tiles and melds shown if more) must fit the left column too.
        while tile_height > MIN_TILE_HEIGHT and self._hand_line_width(tile_height) > width + _COLUMN_GAP + side_width:
            tile_height -= 1
        self._fitted_line = self._hand_line_width(MIN_TILE_HEIGHT)
        if tile_height != self.picker.tile_height:
            self.picker.set_tile_height(tile_height)
            for row in (self.hand_row, self.meld_row):
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

    # -- public API ---------------------------------------------------------------------------------------------

    def set_context(self, *, rules: ClassicalRules, tsumo: bool, seat_wind: Wind | str, round_wind: Wind | str) -> None:
        """The hand rules, ron or self-drawn, and the winds; the result is recomputed."""
        self._rules = rules
        self._tsumo = tsumo
        self._seat_wind = Wind(seat_wind)
        self._round_wind = Wind(round_wind)
        # A condition the new context makes impossible is unticked (it is offered again when possible).
        for name in CLASSICAL_CONDITIONS:
            if self._flags[name] and self._context_problems(self._flags):
                self._flags[name] = False
        self.picker.set_extra_tiles(rules.extra_tiles)
        self._refresh()

    def result(self) -> ClassicalScore | None:
        """The engine's score of the hand, or None (then :meth:`message` says why)."""
        return self._result

    def message(self) -> str:
        """Why there is no result ("" when there is one)."""
        return self._message

    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles without the winning tile."""
        return tuple(self._concealed)

    def winning_tile(self) -> Tile | None:
        """The winning tile, once chosen."""
        return self._win

    def melds(self) -> tuple[Meld, ...]:
        """The melds entered."""
        return tuple(self._melds)

    def extras(self) -> tuple[ExtraTile, ...]:
        """The seasons and plants held."""
        return tuple(self._extras)

    def conditions(self) -> dict[str, bool]:
        """The family's conditions as ticked."""
        return dict(self._flags)

    def target(self) -> ClassicalTarget:
        """Where the next tapped tile goes."""
        return self._target

    def hand_input(self) -> dict[str, Any]:
        """The hand as the classical engine's JSON input (docs/classical.md), without a ruleset.

        Raises:
            InvalidHandError: no winning tile yet (and not the all-eight-extra-tiles win).
        """
        if self._win is None and not self._is_eight_extras():
            raise InvalidHandError("the hand has no winning tile yet: tap one, or fill the hand to 14 tiles")
        data: dict[str, Any] = {}
        if self._win is not None:
            data["hand"] = format_tiles([*self._concealed, self._win])
            data["win"] = str(self._win)
        if self._melds:
            data["melds"] = [{"type": m.kind.value, "tiles": format_tiles(m.tiles)} for m in self._melds]
        if self._extras:
            data["flowers"] = format_extras(self._extras)
        data["tsumo"] = self._tsumo
        data["seat_wind"] = self._seat_wind.value
        data["round_wind"] = self._round_wind.value
        data.update({name: True for name, on in self._flags.items() if on})
        return data

    def set_hand_text(self, text: str) -> None:
        """Enter a hand as text (as if typed into the field)."""
        self.text_field.setText(text)
        self._on_text_field_text_edited(text)

    def set_target(self, target: ClassicalTarget) -> None:
        """Choose where the next tapped tile goes."""
        self._target = target
        self._pending_chow.clear()
        self.target_buttons[target].setChecked(True)
        self._refresh_hint()

    def clear(self) -> None:
        """Empty the hand, melds, extra tiles and conditions."""
        self._concealed.clear()
        self._win = None
        self._melds.clear()
        self._extras.clear()
        self._pending_chow.clear()
        self._flags = dict.fromkeys(CLASSICAL_CONDITIONS, False)
        self.set_target(ClassicalTarget.HAND)
        self._refresh()

    # -- taps ---------------------------------------------------------------------------------------------------

    def _tile_count(self) -> int:
        return len(self._concealed) + (self._win is not None) + 3 * len(self._melds)

    def _tiles_in_use(self) -> list[Tile]:
        tiles = [*self._concealed, *(t for m in self._melds for t in m.tiles), *self._pending_chow]
        if self._win is not None:
            tiles.append(self._win)
        return tiles

    def _is_eight_extras(self) -> bool:
        return len(set(self._extras)) == 8 and not self._concealed and not self._melds and self._win is None

    def _on_picker_tile_picked(self, tile: Tile) -> None:
        target = self._target
        if target is ClassicalTarget.WIN:
            if self._win is not None:
                self._concealed.append(self._win)
            self._win = tile
            if self._tile_count() > _HAND_SIZE and self._concealed:
                self._concealed.pop()
            self.set_target(ClassicalTarget.HAND)
        elif target is ClassicalTarget.HAND:
            if self._tile_count() >= _HAND_SIZE:
                return
            if self._tile_count() == _HAND_SIZE - 1:
                self._win = tile
            else:
                self._concealed.append(tile)
        else:
            self._add_to_meld(target, tile)
        self._refresh()

    def _add_to_meld(self, target: ClassicalTarget, tile: Tile) -> None:
        if self._tile_count() + 3 > _HAND_SIZE:
            return
        kind = MeldKind(target.value)
        if target is ClassicalTarget.CHOW:
            self._pending_chow.append(tile)
            if len(self._pending_chow) < 3:
                return
            tiles = tuple(sorted(self._pending_chow, key=_sort_key))
            self._pending_chow.clear()
        else:
            size = _MELD_SIZE[target]
            if self.picker.copies_left(tile) < size:
                return
            tiles = (tile,) * size
        try:
            meld = Meld(kind, tiles)
        except ScorekeeperError as error:
            self._message = _plain_error(error)
            self.message_label.setText(self._message)
            return
        self._melds.append(meld)
        self.set_target(ClassicalTarget.HAND)

    def _on_picker_extra_picked(self, extra: ExtraTile) -> None:
        if extra not in self._extras:
            self._extras.append(extra)
            self._extras.sort(key=lambda e: e.digit)
        self._refresh()

    def _on_hand_tile_tapped(self, position: int) -> None:
        tiles = sorted(self._concealed, key=_sort_key)
        if position < len(tiles):
            tile = tiles[position]
            self._concealed.remove(tile)
            if self._target is ClassicalTarget.WIN:
                if self._win is not None:
                    self._concealed.append(self._win)
                self._win = tile
                self.set_target(ClassicalTarget.HAND)
        else:
            self._win = None
        self._refresh()

    def _on_meld_tile_tapped(self, position: int) -> None:
        offset = 0
        for index, meld in enumerate(self._melds):
            if position < offset + len(meld.tiles):
                del self._melds[index]
                break
            offset += len(meld.tiles)
        self._refresh()

    def _on_extra_tile_tapped(self, position: int) -> None:
        if position < len(self._extras):
            del self._extras[position]
        self._refresh()

    def _on_condition_toggled(self, name: str, checked: bool) -> None:
        if self._updating:
            return
        self._flags[name] = checked
        self._refresh()

    def _on_text_field_text_edited(self, text: str) -> None:
        try:
            entry = parse_entry_text(text, extras=True)
        except ScorekeeperError as error:
            self.text_error.setText(str(error))
            self.text_error.setVisible(True)
            return
        self.text_error.clear()
        self.text_error.setVisible(False)
        self._concealed, self._win, self._melds = list(entry.concealed), entry.win, list(entry.melds)
        self._extras = sorted(dict.fromkeys(entry.extras), key=lambda e: e.digit)
        self._pending_chow.clear()
        self._refresh(keep_text=True)

    # -- computing and showing ----------------------------------------------------------------------------------

    def _context_problems(self, flags: dict[str, bool]) -> list[InvalidHandError | InvalidContextError]:
        problems = validate_classical_hand((), self._melds, None, tsumo=self._tsumo, extras=(), **flags)
        return [p for p in problems if isinstance(p, InvalidContextError)]

    def _possible(self, name: str) -> bool:
        return self._flags[name] or not self._context_problems({**self._flags, name: True})

    def _refresh(self, *, keep_text: bool = False) -> None:
        self._updating = True
        if not keep_text:
            self.text_field.setText(
                format_entry_text(
                    EntryText(
                        concealed=tuple(self._concealed),
                        win=self._win,
                        melds=tuple(self._melds),
                        extras=tuple(self._extras),
                    )
                )
            )
            self.text_error.clear()
            self.text_error.setVisible(False)
        concealed = sorted(self._concealed, key=_sort_key)
        shown: list[Tile] = [*concealed, *([self._win] if self._win is not None else [])]
        self.hand_row.set_tiles(
            shown,
            selected=len(concealed) if self._win is not None else None,
            gaps_before=frozenset({len(concealed)}) if self._win is not None else frozenset(),
        )
        starts: set[int] = set()
        meld_tiles: list[Tile] = []
        for meld in self._melds:
            starts.add(len(meld_tiles))
            meld_tiles.extend(meld.tiles)
        self.meld_row.set_tiles(meld_tiles, gaps_before=frozenset(starts))
        # An empty hand shares the line with the melds (both captions show); a hand with tiles hugs them.
        self._hand_line.setStretchFactor(self.hand_row, 0 if self.hand_row.buttons else 1)
        self._refit_tiles()
        self.extras_row.set_tiles(self._extras)
        self.picker.set_tiles_in_use(self._tiles_in_use())
        self.picker.set_extras_in_use(self._extras)
        offered = {name: self._possible(name) for name in CLASSICAL_CONDITIONS}
        for name, box in self.condition_boxes.items():
            box.setChecked(self._flags[name])
            box.setVisible(offered[name])
        self._updating = False
        self._refresh_hint()
        self._compute()
        self._show_result()
        self.result_changed.emit()

    def _refresh_hint(self) -> None:
        hints = {
            ClassicalTarget.HAND: self.tr(
                "Tap tiles to add them to the hand (the 14th is the winning tile); tap one in the hand to remove it."
            ),
            ClassicalTarget.WIN: self.tr("Tap the winning tile (in the picker or in the hand)."),
            ClassicalTarget.CHOW: self.tr("Tap the three tiles of the chow."),
            ClassicalTarget.PUNG: self.tr("Tap the tile of the pung."),
            ClassicalTarget.EXPOSED_KONG: self.tr("Tap the tile of the exposed kong."),
            ClassicalTarget.CONCEALED_KONG: self.tr("Tap the tile of the concealed kong."),
        }
        text = hints[self._target]
        if self._pending_chow:
            text += " " + format_tiles(self._pending_chow)
        self.target_hint.setText(text)

    def _compute(self) -> None:
        self._result = None
        flags = {name: on for name, on in self._flags.items() if on}
        if not self._is_eight_extras():
            count = self._tile_count()
            if count < _HAND_SIZE:
                self._message = self.tr("{count} more tile(s) needed for a winning hand.").format(
                    count=_HAND_SIZE - count
                )
                return
            if self._win is None:
                self._message = self.tr("Choose the winning tile.")
                return
        try:
            hand = ClassicalHand(
                concealed=(*self._concealed, self._win) if self._win is not None else (),
                melds=tuple(self._melds),
                win=self._win,
                tsumo=self._tsumo,
                seat_wind=self._seat_wind,
                round_wind=self._round_wind,
                extras=tuple(self._extras),
                **flags,
            )
            self._result = score_classical(hand, self._rules)
            self._message = ""
        except NotWinningError:
            self._message = self.tr(
                "Not a winning hand: the tiles do not make four sets and a pair (or a special hand)."
            )
        except ScorekeeperError as error:
            self._message = _plain_error(error)

    def _show_result(self) -> None:
        score = self._result
        self.message_label.setText(self._message)
        self.message_label.setVisible(bool(self._message))
        if score is None:
            self.headline_label.clear()
            self.details_label.clear()
            return
        self.headline_label.setText(
            self.tr("{value} points ({points} x {multiplier})").format(
                value=_group(score.value), points=score.points, multiplier=score.multiplier
            )
        )
        self.details_label.setText(self._details(score))

    def _details(self, score: ClassicalScore) -> str:
        return classical_breakdown(score)
