"""What the two "Tiles" entry widgets share: the layout, the tile fitting, and the forwarding of taps to a draft.

A :class:`TileEntryWidget` shows a :class:`scorekeeper.session.draft.HandDraft` (the Qt-free entry model, issue 11)
and forwards every tap and keystroke to it; after each it redraws from the draft (:meth:`TileEntryWidget.refresh`).
It holds no rule: which tiles are left, which conditions are possible and what the hand is worth are the draft's
answers. A family's widget (``hand_entry.py``, ``classical_entry.py``) adds its own lines and its words.

The layout (so that the win dialog fits a 1366x768 laptop screen, issue 4): on the left the picker with the text
field and the targets beside it, then the hand and its melds on one line (and the family's own lines below); on the
right the conditions and the live result, whose details scroll inside their column. The tiles grow with the room
(:meth:`TileEntryWidget.fit_tiles`).
"""

from __future__ import annotations

from typing import Any, ClassVar, assert_never

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
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

from scorekeeper.engine.hand import Meld
from scorekeeper.engine.tiles import Tile
from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.widgets.flow import FlowLayout
from scorekeeper.gui.widgets.tile_picker import (
    MIN_TILE_HEIGHT,
    TilePickerWidget,
    TileRowWidget,
    fit_tile_height,
    tile_button_size,
)
from scorekeeper.session.draft import EntryTarget, HandDraft, Notice, NoticeKind

__all__ = ["COLUMN_GAP", "LINE_GAP", "RESULT_MIN_WIDTH", "SIDE_MIN_WIDTH", "TileEntryWidget"]

_CONTEXT = "TileEntryWidget"
COLUMN_GAP = 10  # between the picker and what is beside it, and between the two columns
LINE_GAP = 6  # between the lines of a column
#: The narrowest the result column (conditions, result, waits) may become when the tiles grow.
RESULT_MIN_WIDTH = 380
#: The narrowest the column beside the picker (text field, targets, hint) may become when the tiles grow.
SIDE_MIN_WIDTH = 330


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class TileEntryWidget(QWidget):
    """The shared view of a hand draft; a family subclass gives the draft, its targets, lines and words.

    Signals:
        result_changed(): the hand, its context or its result changed.
    """

    result_changed = Signal()

    #: The targets' buttons in the grid beside the picker, row by row; a target named twice spans two columns.
    #: A target of the draft not named here is placed by the family (the riichi indicators head their lines).
    TARGET_ROWS: ClassVar[tuple[tuple[EntryTarget, ...], ...]] = ()
    #: How many lines of tiles lie below the picker (the hand line, and the family's own).
    LINES_BELOW_PICKER: ClassVar[int] = 1
    HEADLINE_SCALE: ClassVar[float] = 1.8
    #: The message's and the details' size (the classical breakdown runs long: it keeps the ordinary size).
    TEXT_SCALE: ClassVar[float] = 1.15

    def __init__(self, draft: HandDraft[Any], parent: QWidget | None = None, *, picker: TilePickerWidget) -> None:
        super().__init__(parent)
        self.draft = draft
        self._updating = False
        self._fitted_line = 0
        self._message = ""
        self._build(picker)

    # -- the family's part --------------------------------------------------------------------------------------

    def _target_label(self, target: EntryTarget) -> str:
        raise NotImplementedError

    def _target_hint(self, target: EntryTarget) -> str:
        raise NotImplementedError

    def _condition_label(self, name: str) -> str:
        raise NotImplementedError

    def _build_lines(self, left: QVBoxLayout) -> None:
        """Add the family's own lines below the hand line."""

    def _tile_rows(self) -> tuple[TileRowWidget, ...]:
        """The rows of tiles that grow with the picker."""
        return (self.hand_row, self.meld_row)

    def _refresh_family(self) -> None:
        """Show the family's own parts of the draft (indicators, extra tiles, locked conditions)."""

    def _show_result(self) -> None:
        """Show the draft's evaluation: set ``_message``, the headline and the details."""
        raise NotImplementedError

    def _plain_error(self, error: ScorekeeperError) -> str:
        raise NotImplementedError

    # -- construction -------------------------------------------------------------------------------------------

    def _build(self, picker: TilePickerWidget) -> None:
        outer = QHBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.setSpacing(COLUMN_GAP)
        left = QVBoxLayout()
        left.setSpacing(LINE_GAP)
        outer.addLayout(left, 0)
        top = QHBoxLayout()
        top.setSpacing(COLUMN_GAP)
        left.addLayout(top)
        # The text field, the targets and the hint: beside the picker, or atop the result column when the widget is
        # too narrow for three columns (a 1024 px screen: :meth:`set_narrow`).
        side = QVBoxLayout()
        side.setSpacing(LINE_GAP)
        self._side_layout = side
        top.addLayout(side, 1)
        self._left, self._top = left, top
        self._narrow = False

        field_row = QHBoxLayout()
        self.text_field = QLineEdit(self)
        self.text_field.setMinimumHeight(44)
        self.text_field.textEdited.connect(self._on_text_field_text_edited)
        field_row.addWidget(self.text_field, 1)
        self.clear_button = QPushButton(_t("Clear"), self)
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
        for target in self.draft.targets:
            button = QPushButton(self._target_label(target), self)
            button.setObjectName(f"target_{target.value}")
            button.setCheckable(True)
            button.setMinimumHeight(44)
            button.clicked.connect(lambda _checked=False, t=target: self.set_target(t))
            self.target_group.addButton(button)
            self.target_buttons[target] = button
        for row, line in enumerate(self.TARGET_ROWS):
            for target in dict.fromkeys(line):
                targets.addWidget(self.target_buttons[target], row, line.index(target), 1, line.count(target))
        columns = max((len(line) for line in self.TARGET_ROWS), default=0)
        if self.TARGET_ROWS and len(self.TARGET_ROWS[-1]) < columns:
            # Clear takes the free cell after the last targets: the text field gets the column's whole width (issue
            # 24: with a real Japanese font the field, beside "クリア", was too narrow for a hand at 1280x720).
            field_row.removeWidget(self.clear_button)
            targets.addWidget(self.clear_button, len(self.TARGET_ROWS) - 1, len(self.TARGET_ROWS[-1]))
            self.clear_button.setMinimumHeight(44)
        side.addLayout(targets)
        self.target_hint = QLabel(self)
        self.target_hint.setObjectName("target_hint")
        self.target_hint.setWordWrap(True)
        self.target_hint.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.target_hint, 1)
        # Made after the text field and the targets, so that Tab reaches them first (the focus chain follows the
        # order widgets are made in), but placed first in its line.
        self.picker = picker
        picker.setParent(self)
        picker.tile_picked.connect(lambda tile: self._apply(self.draft.tap_tile, tile))
        picker.extra_picked.connect(lambda extra: self._apply(self.draft.tap_extra, extra))
        top.insertWidget(0, picker, 0, Qt.AlignmentFlag.AlignTop)

        # The captions show inside the rows while they are empty (TileRowWidget): no line of their own.
        self.hand_row = TileRowWidget(
            lambda position: self._apply(self.draft.tap_hand, position),
            self,
            caption=_t("Hand (tap a tile to remove it)"),
        )
        self.meld_row = TileRowWidget(
            lambda position: self._apply(self.draft.tap_meld, position), self, caption=_t("Melds (tap to remove)")
        )
        # The hand and the melds on one line, or the melds on the next when the column is too narrow (kongs).
        self._hand_line = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._hand_line.setSpacing(COLUMN_GAP + 4)
        self._hand_line.addWidget(self.hand_row, 1)
        self._hand_line.addWidget(self.meld_row, 1)
        left.addLayout(self._hand_line)
        self._build_lines(left)
        left.addStretch(1)
        self._build_result(outer)
        self.target_buttons[EntryTarget.HAND].setChecked(True)

    def _build_result(self, outer: QHBoxLayout) -> None:
        right = QVBoxLayout()
        right.setSpacing(LINE_GAP)
        self._result_layout = right
        outer.addLayout(right, 1)
        self._conditions_box = conditions_box = QFrame(self)
        conditions_box.setFrameShape(QFrame.Shape.StyledPanel)
        # Flowed, as many to a line as fit (flow.py): the labels are long, and a grid made the dialog too wide.
        conditions = FlowLayout(conditions_box, spacing=18)
        conditions.setContentsMargins(8, 0, 8, 0)
        self.condition_boxes: dict[str, QCheckBox] = {}
        for name in self.draft.conditions_offered:
            box = QCheckBox(self._condition_label(name), conditions_box)
            box.setObjectName(f"condition_{name}")
            box.setMinimumHeight(44)
            # As wide as its label, so that a tap anywhere on it hits the box (QCheckBox's click area).
            box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            box.toggled.connect(lambda checked, n=name: self._on_condition_toggled(n, checked))
            conditions.addWidget(box)
            self.condition_boxes[name] = box
        right.addWidget(conditions_box)
        conditions_box.installEventFilter(self)

        self.message_label = self._label("message", self.TEXT_SCALE)
        right.addWidget(self.message_label)
        self.headline_label = self._label("headline", self.HEADLINE_SCALE, bold=True)
        right.addWidget(self.headline_label)
        # The breakdown (and the waits) can be long: they scroll inside the result column (the last resort; the
        # headline above and the dialog's payment preview never scroll).
        self.result_holder = QWidget(self)
        self.result_holder_layout = QVBoxLayout(self.result_holder)
        self.result_holder_layout.setContentsMargins(0, 0, 0, 0)
        self.result_holder_layout.setSpacing(LINE_GAP)
        self.details_label = self._label("details", self.TEXT_SCALE)
        self.details_label.setParent(self.result_holder)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_holder_layout.addWidget(self.details_label)
        self.result_area = QScrollArea(self)
        self.result_area.setObjectName("result_area")
        self.result_area.setWidgetResizable(True)
        self.result_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long lines wrap
        self.result_area.setFrameShape(QFrame.Shape.NoFrame)
        self.result_area.viewport().setAutoFillBackground(False)
        self.result_area.setWidget(self.result_holder)
        self.result_holder.setAutoFillBackground(False)  # setWidget turns it on; the column shows the background
        # It takes the room left and asks for none: its length must never make the dialog taller.
        self.result_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.result_area.setMinimumHeight(96)
        right.addWidget(self.result_area, 1)

    def _label(self, name: str, scale: float, *, bold: bool = False) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * scale)
        font.setBold(bold)
        label.setFont(font)
        return label

    # -- public API ---------------------------------------------------------------------------------------------

    def message(self) -> str:
        """The sentence shown when there is no result (why), or empty."""
        return self._message

    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles, the winning tile not included, sorted."""
        return self.draft.sorted_concealed

    def winning_tile(self) -> Tile | None:
        """The winning tile, if chosen."""
        return self.draft.win

    def melds(self) -> tuple[Meld, ...]:
        """The melds built."""
        return self.draft.melds

    def conditions(self) -> dict[str, bool]:
        """The win conditions ticked."""
        return self.draft.conditions

    def target(self) -> EntryTarget:
        """Where the next tapped tile goes."""
        return self.draft.target

    def hand_input(self) -> dict[str, Any]:
        """The hand as the engine's JSON input object (the draft's; see its family's ``hand_input``).

        Raises:
            InvalidHandError: if no winning tile is chosen yet.
        """
        return self.draft.hand_input()

    def set_hand_text(self, text: str) -> None:
        """Enter a hand as if typed in the text field (``123m406p789s11z 789s+chi``).

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        self.draft.set_text(text)
        self.refresh()

    def set_hand_input(self, obj: dict[str, Any]) -> None:
        """Enter a recorded hand: the input object ``hand_input()`` gave (Edit hand, issue 12).

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        self.draft.set_hand_input(obj)
        self.refresh()

    def restore_draft(self, draft: HandDraft[Any]) -> None:
        """Show ``draft`` instead (a hand kept when the win dialog was cancelled); the caller sets its context."""
        self.draft = draft
        self.refresh()

    def set_target(self, target: EntryTarget) -> None:
        """Send the next tapped tiles to the hand, the winning tile, the indicators or a meld being built."""
        self._apply(self.draft.set_target, target)

    def clear(self) -> None:
        """Start again: no tiles, no melds, no indicators, no conditions (the session's riichi stays)."""
        self._apply(self.draft.clear)

    def set_index_visible(self, visible: bool) -> None:
        """Show the small corner indices ("1m", "E" ...) on every tile, for beginners."""
        self.picker.set_index_visible(visible)
        for row in self._tile_rows():
            row.index_visible = visible
        self.refresh()

    @property
    def tile_height(self) -> int:
        """The height of the tiles drawn now (it grows with the room the widget has, see :meth:`fit_tiles`)."""
        return self.picker.tile_height

    def fit_tiles(self) -> None:
        """Make the tiles as big as the widget's room allows (never below the 44 px touch target).

        The left column holds the picker's rows and the lines below it, each a tile tall; its width holds the
        picker, the column beside it and, to its right, the result column. Called on every resize, so the tiles
        follow the window: a 1366x768 screen gets the smallest tiles and a 1440x900 one bigger ones. Narrower than
        three columns need, the column beside the picker goes atop the result column (:meth:`set_narrow`).
        """
        self._arrange_hand_line()
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        columns, rows = self.picker.grid_shape()
        side_width = 0 if self._narrow else max(SIDE_MIN_WIDTH, self._side_layout.sizeHint().width()) + COLUMN_GAP
        result_width = max(RESULT_MIN_WIDTH, self._result_layout.minimumSize().width())
        width = self.width() - margins.left() - margins.right() - COLUMN_GAP - side_width - result_width
        # The lines below the picker are a row of tiles each, set apart by the column's spacing.
        lines = self.LINES_BELOW_PICKER
        height = self.height() - margins.top() - margins.bottom() - lines * (LINE_GAP - 2)
        tile_height = fit_tile_height(width, height, columns=columns, rows=rows + lines)
        # The hand line (a full hand, or the tiles and melds shown if more) must fit the left column too.
        while tile_height > MIN_TILE_HEIGHT and self._hand_line_width(tile_height) > width + side_width:
            tile_height -= 1
        self._fitted_line = self._hand_line_width(MIN_TILE_HEIGHT)
        if tile_height != self.picker.tile_height:
            self.picker.set_tile_height(tile_height)
            for row in self._tile_rows():
                row.set_tile_height(tile_height)

    def minimum_width(self, *, narrow: bool) -> int:
        """The narrowest the widget can be in two columns (``narrow``) or three, at the touch minimum, whichever it
        is in now: what the win dialog compares with the screen's room (``WinDialog.fit_to_screen``)."""
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        side = self._side_layout.minimumSize().width()
        right = max(
            self._conditions_box.minimumSizeHint().width(),
            self.message_label.minimumSizeHint().width(),
            self.headline_label.minimumSizeHint().width(),
        )
        kong = 4 * (tile_button_size(MIN_TILE_HEIGHT).width() + 1)
        if narrow:
            left = max(self.picker.minimumSizeHint().width(), kong)
            right = max(right, side)
        else:
            line = self.hand_row.width_at(MIN_TILE_HEIGHT) + self._hand_line.spacing()
            line += self.meld_row.width_at(MIN_TILE_HEIGHT)
            left = max(self.picker.minimumSizeHint().width() + COLUMN_GAP + side, line)
        for index in range(self._left.count()):
            item = self._left.itemAt(index)
            if item is not None and item.layout() not in (self._top, self._hand_line):
                left = max(left, item.minimumSize().width())  # the family's own lines (the riichi indicators)
        return margins.left() + margins.right() + left + COLUMN_GAP + right

    @property
    def narrow(self) -> bool:
        """Whether the widget is in two columns (see :meth:`set_narrow`)."""
        return self._narrow

    def set_narrow(self, narrow: bool) -> None:
        """Two columns or three. In three (the usual), the text field, targets and hint stand beside the picker and
        the hand line is one line, as wide as it needs. In two, they stand atop the result column, and the hand and
        the melds wrap within the picker's width (the melds on the next line when both do not fit): a classical
        hand with kongs needed 1,180 px in three columns, more than a 1024 or 1280 px screen leaves. The win
        dialog chooses (``WinDialog.fit_to_screen``): two only where three would not fit the screen and two do.
        """
        if narrow != self._narrow:
            self._narrow = narrow
            side = self._side_layout
            (self._result_layout if not narrow else self._top).removeItem(side)
            side.setParent(None)  # a layout joins another only without a parent
            if narrow:
                self._result_layout.insertLayout(0, side)
            else:
                self._top.addLayout(side, 1)
            for row in self._tile_rows():
                row.set_compact(narrow)
            if not narrow:
                self.setMinimumHeight(0)
        self._arrange_hand_line()
        self.updateGeometry()

    def _arrange_hand_line(self) -> None:
        """The melds beside the hand, or (two columns, both wider than the picker) on the next line."""
        direction = QBoxLayout.Direction.LeftToRight
        if self._narrow:
            height = self.picker.tile_height
            one_line = self.hand_row.width_at(height) + self._hand_line.spacing() + self.meld_row.width_at(height)
            if one_line > self.picker.sizeHint().width():
                direction = QBoxLayout.Direction.TopToBottom
        if direction != self._hand_line.direction():
            self._hand_line.setDirection(direction)

    def _hand_line_width(self, tile_height: int) -> int:
        """The width of the hand line at this tile height: the tiles shown, and never less than a full hand."""
        shown = self.hand_row.width_at(tile_height) + COLUMN_GAP + 4 + self.meld_row.width_at(tile_height)
        full = 14 * (tile_button_size(tile_height).width() + 1) + 12
        return max(shown, full)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_tiles()

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self._conditions_box and event.type() == QEvent.Type.Resize:
            self._hold_flowed_height()
        return super().eventFilter(watched, event)

    def _hold_flowed_height(self) -> None:
        """In two columns, ask for the height the conditions take flowed at their width, where it is more than the
        layout counts (two to a line): the dialog's scroll area and tabs ask their pages for a minimum, not a height
        for their width, and the rest of the column would be squeezed."""
        if not self._narrow:
            return
        box = self._conditions_box
        extra = box.heightForWidth(box.width()) - box.minimumSizeHint().height()
        layout = self.layout()
        assert layout is not None
        needed = layout.totalMinimumSize().height() + extra if extra > 0 else 0
        if needed != self.minimumHeight():
            self.setMinimumHeight(needed)

    # -- taps and typing ----------------------------------------------------------------------------------------

    def _apply(self, operation: Any, *args: Any) -> None:
        """Run one of the draft's operations, then show the draft again."""
        operation(*args)
        self.refresh()

    def _on_condition_toggled(self, name: str, checked: bool) -> None:
        if not self._updating:
            self._apply(self.draft.set_condition, name, checked)

    def _on_text_field_text_edited(self, text: str) -> None:
        try:
            self.draft.set_text(text)
        except ScorekeeperError as error:
            self.text_error.setText(error_text(error))
            self.text_error.setVisible(True)
            return
        self.refresh(keep_text=True)

    # -- showing the draft --------------------------------------------------------------------------------------

    def refresh(self, *, keep_text: bool = False) -> None:
        """Show the draft as it stands (after every operation), then emit ``result_changed``."""
        draft = self.draft
        self._updating = True
        try:
            if not keep_text:
                self.text_field.setText(draft.text())
            self.text_error.setText("")
            self.text_error.setVisible(False)
            self.picker.set_tiles_in_use(draft.tiles_in_use())
            self.picker.set_extras_in_use(draft.extras)
            tiles = draft.sorted_concealed
            shown = [*tiles, draft.win] if draft.win is not None else list(tiles)
            selected = len(tiles) if draft.win is not None else None
            self.hand_row.set_tiles(shown, selected=selected, gaps_before=frozenset({len(tiles)}))
            meld_tiles, gaps = draft.meld_row()
            self.meld_row.set_tiles(list(meld_tiles), gaps_before=gaps)
            # An empty hand shares the line with the melds (both captions show); a hand with tiles hugs them.
            self._hand_line.setStretchFactor(self.hand_row, 0 if self.hand_row.buttons else 1)
            if self._fitted_line != self._hand_line_width(MIN_TILE_HEIGHT):
                self.fit_tiles()  # the hand line grew past a full hand's length, or shrank back (kans)
            else:
                self._arrange_hand_line()
            offered = draft.offered_conditions()
            for name, box in self.condition_boxes.items():
                box.setChecked(draft.conditions[name])
                box.setVisible(offered[name])
            self._refresh_family()
            self.target_buttons[draft.target].setChecked(True)
            notice = draft.notice
            self.target_hint.setText(self._target_hint(draft.target) if notice is None else self._notice_text(notice))
            self._show_result()
            self.message_label.setText(self._message)
            self.message_label.setVisible(bool(self._message))
        finally:
            self._updating = False
        self.result_changed.emit()

    def _notice_text(self, notice: Notice) -> str:
        match notice.kind:
            case NoticeKind.HAND_FULL:
                return _t("The hand is full: a winning hand has 14 tiles (a kan counts as 3).")
            case NoticeKind.INDICATORS_FULL:
                return _t("There are at most five indicators (one dora and four kan dora).")
            case NoticeKind.WIN_NOT_IN_FULL_HAND:
                return _t("The hand is full: tap one of its tiles to make it the winning tile.")
            case NoticeKind.NO_ROOM_FOR_MELD:
                return _t("No room for another meld: a winning hand has 14 tiles (a kan counts as 3).")
            case NoticeKind.NOT_ENOUGH_COPIES:
                tile = "" if notice.tile is None else str(notice.tile.kind)
                return _t("Not enough copies of {tile} left for this meld: a set has four.").format(tile=tile)
            case NoticeKind.BAD_MELD:
                assert notice.error is not None
                return self._plain_error(notice.error)
            case _:  # pragma: no cover - every kind is worded above
                assert_never(notice.kind)
