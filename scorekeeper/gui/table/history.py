"""The history panel: every hand with its label, result and each player's change; edit, delete or insert one.

The item model is a thin adapter over ``GameState.hands`` (STYLE 6). Editing, deleting and inserting a forgotten
hand go through the controller as events (``HandEdited`` / ``HandDeleted`` / ``HandInserted``), so they are
undoable like anything else.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QResizeEvent, QShowEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.describe import (
    describe_classical_values,
    describe_hand_row,
    describe_hand_wins,
    describe_settlement,
)
from scorekeeper.gui.labels import elide_name, format_signed, short_label
from scorekeeper.session.families import family_of
from scorekeeper.session.sheet import HandRow, game_sheet
from scorekeeper.session.state import GameState, HandEntry

__all__ = ["HistoryTableModel", "HistoryWidget"]

_FIXED_COLUMNS = 2
_POINT_COLUMNS = range(_FIXED_COLUMNS, _FIXED_COLUMNS + 4)
#: The most characters of a name a point column's heading shows ("Barthol…"; a substitute's "Bo / Sam", each name
#: 3 fewer and at least 5), and the fewest it is cut to when the column has no room for more (a narrow window:
#: ``HistoryWidget._fit_columns``).
_HEADING_CHARACTERS = 9
_FEWEST_HEADING_CHARACTERS = 4
#: The detail under the list grows with its text up to this height (px), then scrolls.
_DETAIL_MAX_HEIGHT = 320
#: The Result column is never narrower than this many of its font's average characters: "Ron: Bruno 3 han" on a
#: line. Narrower, it broke one word a line ("Ron / Bru / 3 / han") and its heading read "ːsu" (a 1200x700 window).
_RESULT_CHARACTERS = 15
#: Room beyond the least goes to the Result column up to this many characters before a long name's heading gets
#: more of its name: with 24-character names at 1366x768 the headings took it and Result wrapped to seven lines.
_RESULT_COMFORT = 24
#: The widest points a point column keeps room for, whatever the hands so far: the History's least width (and so
#: the window's) does not grow as the game goes on. Wider points widen their column.
_WIDEST_POINTS = "+00,000"


def wrapped_text_height(text: str, option: QStyleOptionViewItem, width: int) -> int:
    """How tall a cell must be for the view to draw all of ``text`` wrapped to ``width`` in ``option``'s font.

    Each line is as tall as the fonts it uses (a Japanese line takes the taller line of the fallback font). And Qt
    draws a line whole only when the line after it would fit at the same height; else it cuts that line with "…"
    and draws nothing below: a Japanese line followed by a shorter Latin last line ("Chen") needs room for a
    Japanese line there (issue 24: at 1280x720 a double ron's row read "…支払い …" at some widths of the column).
    """
    wrap = QTextOption()
    wrap.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout = QTextLayout(text.replace("\n", "\u2028"), option.font)  # one layout, as the view lays it out
    layout.setTextOption(wrap)
    layout.beginLayout()
    top = needed = above = 0.0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        if top:  # the line above was not the last: it needed room for one of its own height below it
            needed = max(needed, top + above)
        above = line.height()
        top += above
    layout.endLayout()
    return math.ceil(max(top, needed))


class WrappedRowsDelegate(QStyledItemDelegate):
    """Asks for a row tall enough for all of its wrapped lines (issue 24: at 1280x720 in Japanese the History cut
    a double ron's last line to "支払い …": Qt's own size hint was a few pixels short of the lines it then drew,
    whose heights come from the fallback Japanese font and are not whole pixels).

    Each height is worked out once per text, width and font while the model holds the same hands: the view asks
    for every cell several times as it lays the columns out (issue 24: ~30 ms of the table's cold start before).
    """

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self._heights: dict[tuple[str, int, str], int] = {}
        view.model().modelReset.connect(self._heights.clear)  # a refresh, a new theme: ask again

    @override
    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        hint = super().sizeHint(option, index)
        text = index.data(Qt.ItemDataRole.DisplayRole)
        widget = option.widget
        if not isinstance(text, str) or not text or option.rect.width() <= 0 or widget is None:
            return hint
        key = (text, option.rect.width(), option.font.key())
        needed = self._heights.get(key)
        if needed is None:
            needed = self._heights[key] = self._height(text, option, index, widget)
        return hint.expandedTo(QSize(hint.width(), needed))

    def _height(
        self, text: str, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex, widget: QWidget
    ) -> int:
        # The text's rectangle in a cell of this width, less the margins the style draws the text within.
        cell = QStyleOptionViewItem(option)
        self.initStyleOption(cell, index)
        cell.rect = QRect(0, 0, option.rect.width(), 10_000)
        style = widget.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, cell, widget)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        grid = 1 if isinstance(widget, QTableView) and widget.showGrid() else 0  # the cell drawn is 1 px narrower
        lines = wrapped_text_height(text, option, text_rect.width() - grid - 2 * margin)
        return lines + cell.rect.height() - text_rect.height() + 2  # a pixel above and below


#: The points' alignment (a flag made once: or-ing Qt's flags costs a few microseconds a cell).
_POINTS_ALIGNMENT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
#: The roles :meth:`HistoryTableModel.data` answers, as plain ints (a Qt enum's member costs a lookup each time).
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ROLES = frozenset((_DISPLAY, _FOREGROUND, _ALIGNMENT, _TOOLTIP))


class HistoryTableModel(QAbstractTableModel):
    """One row per finished hand: label, result, and the four players' changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hands: tuple[HandEntry, ...] = ()
        self.rows: tuple[HandRow, ...] = ()
        self.names: tuple[str, ...] = ("", "", "", "")
        self.classical = False
        #: Each cell's text, made when first asked for: the view asks for every cell many times as it lays the
        #: rows out (issue 24: the table's cold start).
        self._texts: dict[tuple[int, int], str] = {}
        self._brushes = (QBrush(), QBrush(), QBrush())
        #: How many characters of its names each point column's heading shows (``set_heading_limits``).
        self.heading_limits: tuple[int, ...] = (_HEADING_CHARACTERS,) * 4

    def set_heading_limits(self, limits: tuple[int, ...]) -> None:
        """Show at most ``limits[i]`` characters of the names heading point column ``i`` (cut with "…")."""
        if limits != self.heading_limits:
            self.heading_limits = limits
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, _FIXED_COLUMNS, _FIXED_COLUMNS + 3)

    def set_state(self, state: GameState | None) -> None:
        """Show the hands of ``state``."""
        self.beginResetModel()
        self._texts.clear()
        c = theme.colors()  # a new theme comes with a refresh
        self._brushes = (QBrush(QColor(c.positive)), QBrush(QColor(c.negative)), QBrush(QColor(c.text)))
        self.hands = () if state is None else state.hands
        # The rows say what happened as the session worked it out: values, payers, pao, chombo costs, replays, and
        # who sat at each seat in that hand (a hand before a substitute came in was the leaver's).
        sheet = None if state is None else game_sheet(state)
        self.rows = () if sheet is None else sheet.hands
        # The classical family has no tenpai at a draw: its draws read "Draw".
        self.classical = state is not None and not family_of(state.rules).has_tenpai_at_draw
        # A seat's column is everyone who sat there, in order ("Bo / Sub").
        self.names = ("", "", "", "") if sheet is None else sheet.seat_names
        self.endResetModel()

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's name
        return 0 if parent.isValid() else len(self.hands)

    @override
    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's name
        return 0 if parent.isValid() else _FIXED_COLUMNS + 4

    @override
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # noqa: N802 - Qt's name
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.ToolTipRole and section >= _FIXED_COLUMNS:
            return self.names[section - _FIXED_COLUMNS]
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if section == 0:
            return self.tr("Hand")
        if section == 1:
            return self.tr("Result")
        # A point column is as wide as its heading: a long name is cut (issue 24: it pushed the columns behind a
        # sideways scroll bar at 1280x720); the tooltip has it whole.
        # A seat a substitute took is headed by both ("Bruno / Sub"): each name is cut on its own, so both show.
        parts = self.names[section - _FIXED_COLUMNS].split(" / ")
        limit = self.heading_limits[section - _FIXED_COLUMNS]
        if len(parts) == 1:
            return elide_name(parts[0], limit)
        return " / ".join(elide_name(part, max(limit - 3, 5)) for part in parts)

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # The view asks each cell for eight roles, many times over as it lays the rows out: the roles this model
        # has nothing for are answered first (issue 24: the cold start).
        if role not in _ROLES or not index.isValid():
            return None
        hand = self.hands[index.row()]
        column = index.column()
        if role == _DISPLAY:
            key = (index.row(), column)
            text = self._texts.get(key)
            if text is None:
                text = self._texts[key] = self._text(index.row(), column)
            return text
        if role == _FOREGROUND and column >= _FIXED_COLUMNS:
            delta = hand.deltas[column - _FIXED_COLUMNS]
            positive, negative, text_brush = self._brushes
            return positive if delta > 0 else negative if delta < 0 else text_brush
        if role == _ALIGNMENT and column >= _FIXED_COLUMNS:
            return _POINTS_ALIGNMENT
        if role == _TOOLTIP:
            return self.explain(index.row())
        return None

    def _text(self, index: int, column: int) -> str:
        hand = self.hands[index]
        row = self.rows[index]
        if column == 0:
            label = short_label(hand.label, hand.honba)
            # The hand replayed after a chombo has the chombo's label: say which is which (issue 12).
            return self.tr("{label}\n(replay)").format(label=label) if row.replay else label
        if column == 1:
            return describe_hand_row(row, row.players, classical=self.classical)
        delta = hand.deltas[column - _FIXED_COLUMNS]
        return format_signed(delta) if delta else ""

    def explain(self, row: int, *, scores: bool = True) -> str:
        """Hand ``row`` explained: how each win's value was found, who paid whom, and the scores after it.

        The tooltip of every cell of the row; the history's detail shows the same when the row is chosen (a tap),
        so nothing needs hover (issue 4, "Look and feel"; issue 6, "every value explained"). A riichi hand entered
        as tiles lists its yaku, dora and fu; a classical one its points and doubles.
        """
        hand = self.hands[row]
        names = self.rows[row].players  # who sat at each seat in this hand
        parts = [
            describe_hand_wins(hand, names),
            describe_classical_values(hand.settlement, names),
            describe_settlement(hand.settlement, names),
        ]
        if scores:
            parts.append(self.tr("Scores after: {scores}").format(scores=", ".join(f"{s:,}" for s in hand.scores)))
        return "\n".join(part for part in parts if part)


class HistoryWidget(QWidget):
    """The hand list and its Edit / Delete / Insert buttons; their signals carry the selected hand's index."""

    edit_requested = Signal(int)
    delete_requested = Signal(int)
    insert_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryTableModel(self)
        self.view = QTableView()
        self.view.setObjectName("history_view")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(36)
        # Long rows wrap onto more lines rather than being cut ("...fro...", issue 12).
        self.view.setWordWrap(True)
        self.view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view.setItemDelegate(WrappedRowsDelegate(self.view))
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The columns are sized here (``_fit_columns``), not by Qt's ResizeToContents: that kept every point column
        # as wide as its heading and left the Result column what remained, down to nothing.
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        #: The least widths of the Hand column, each point column and the Result column, and the point columns'
        #: headings' whole widths (``_fit_columns``).
        self._least: tuple[int, tuple[int, ...], int] = (0, (), 0)
        #: The widths are measured again when next needed (new hands, a new font), in the view's own font: the
        #: theme's (its style sheet's 14 px) only once the view is polished, as it is shown.
        self._measured = False
        self._headings: tuple[int, ...] = ()
        # "activated" is a double click or Enter on the selected row: the same for touch, mouse and keyboard.
        self.view.activated.connect(self._on_view_activated)
        self.detail_label = QLabel()
        self.detail_label.setObjectName("history_detail")
        self.detail_label.setWordWrap(True)
        self.detail_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # A classical hand's breakdown is twenty lines or more: it scrolls below the list rather than squeezing it.
        self.detail_area = QScrollArea()
        self.detail_area.setObjectName("history_detail_area")
        self.detail_area.setWidget(self.detail_label)
        self.detail_area.setWidgetResizable(True)
        self.detail_area.setFrameShape(QFrame.Shape.NoFrame)
        self.detail_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.detail_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.edit_button = QPushButton(self.tr("Edit hand…"))
        self.edit_button.setObjectName("edit_hand_button")
        self.edit_button.setToolTip(
            self.tr("Correct the chosen hand: who declared riichi and how it ended. Later hands are recomputed.")
        )
        self.edit_button.clicked.connect(self._on_edit_button_clicked)
        self.delete_button = QPushButton(self.tr("Delete hand"))
        self.delete_button.setObjectName("delete_hand_button")
        self.delete_button.setProperty("role", "danger")
        self.delete_button.setToolTip(self.tr("Remove the chosen hand as if it never happened. Undo brings it back."))
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        self.insert_button = QPushButton(self.tr("Insert hand before…"))
        self.insert_button.setObjectName("insert_hand_button")
        self.insert_button.setToolTip(
            self.tr("Enter a hand someone forgot to record, played just before the chosen one.")
        )
        self.insert_button.clicked.connect(self._on_insert_button_clicked)
        #: The buttons' rows, right-aligned; one row while the widget is wide enough, else more (``_flow_buttons``).
        self.button_rows = QVBoxLayout()
        self._rows: list[list[QPushButton]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.detail_area)
        layout.addLayout(self.button_rows)
        self._flow_buttons()
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        self._update_buttons()

    def set_state(self, state: GameState | None) -> None:
        """Show the hands of ``state`` (the newest row stays in view)."""
        self.model.set_state(state)
        self._fit_columns(measure=True)
        self.view.scrollToBottom()
        self._update_buttons()

    def _fit_columns(self, *, measure: bool = False) -> None:
        """Size the columns to the room the view has: each point column as wide as its points (never cut: a cut
        score reads as a wrong one), the Result column at least :data:`_RESULT_CHARACTERS` wide, and what is left
        to Result up to :data:`_RESULT_COMFORT`, then to the point columns' headings (a long name's is cut with "…"
        while there is no room), then to Result again.

        The History asks for the room of its least widths (:meth:`minimumSizeHint`), so the splitter and the window
        never squeeze it below them: no column is squeezed and nothing scrolls sideways (a 1200x700 window
        squeezed Result to 25 px, one word a line, behind a sideways scroll bar).
        """
        if measure:  # new hands or a new font: else the widths measured last still hold
            self._measured = False
            self.updateGeometry()  # the splitter asks again
        if not self.isVisible():
            return  # sized as it shows (``showEvent``), in the font it shows in
        header = self.view.horizontalHeader()
        hand, points, result = self._least_now()
        if not points:
            return
        wants = [max(heading - width, 0) for heading, width in zip(self._headings, points, strict=True)]
        comfort = result * _RESULT_COMFORT // _RESULT_CHARACTERS
        spare = max(self._room() - hand - sum(points) - comfort, 0)
        wanted = sum(wants)
        header.resizeSection(0, hand)
        widths = [
            width + (want if wanted <= spare else want * spare // wanted)
            for width, want in zip(points, wants, strict=True)
        ]
        for column, width in zip(_POINT_COLUMNS, widths, strict=True):
            header.resizeSection(column, width)
        self._cut_headings(widths)

    def _cut_headings(self, widths: list[int]) -> None:
        """Cut each name's heading to as many characters as its column's width holds, with "…" (the header's own
        cutting measured the text narrower than the theme's bold and padded heading draws it: "Barthol…" lost the
        edge of its B)."""
        header = self.view.horizontalHeader()
        limits = [_HEADING_CHARACTERS] * 4
        self.model.set_heading_limits(tuple(limits))
        for offset, (column, width) in enumerate(zip(_POINT_COLUMNS, widths, strict=True)):
            while limits[offset] > _FEWEST_HEADING_CHARACTERS and header.sectionSizeHint(column) > width:
                limits[offset] -= 1
                self.model.set_heading_limits(tuple(limits))

    def _least_now(self) -> tuple[int, tuple[int, ...], int]:
        """The least widths (``_least_widths``), measured again if the hands or the font changed since."""
        if not self._measured:
            self._least = self._least_widths()
            # Measured in the theme's font only once the view is polished (it is as the window shows).
            self._measured = self.view.testAttribute(Qt.WidgetAttribute.WA_WState_Polished)
        return self._least

    def _room(self) -> int:
        """The width the columns share: the view's, less its frame and a vertical scroll bar (whether shown or not,
        so that one appearing never narrows the columns into a sideways scroll)."""
        return self.view.width() - self._chrome()

    def _least_widths(self) -> tuple[int, tuple[int, ...], int]:
        """The Hand column's width (its labels and heading), each point column's (its points, at least
        :data:`_WIDEST_POINTS`, and its heading cut to its fewest characters) and the Result column's least
        (:data:`_RESULT_CHARACTERS`); the point columns' whole headings' widths go to ``_headings``."""
        view = self.view
        metrics = view.fontMetrics()
        # A cell's text is drawn inside the style's margin on each side, in a cell a grid line narrower.
        padding = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1) + 2
        model = self.model
        rows = range(model.rowCount())
        lines = (line for row in rows for line in str(model.data(model.index(row, 0))).split("\n"))
        labels = max((metrics.horizontalAdvance(line) for line in lines), default=0)
        header = view.horizontalHeader()
        hand = max(header.sectionSizeHint(0), labels + padding)
        least_points = metrics.horizontalAdvance(_WIDEST_POINTS)
        points = tuple(
            max((metrics.horizontalAdvance(str(model.data(model.index(row, column)))) for row in rows), default=0)
            for column in _POINT_COLUMNS
        )
        # A heading is cut no further than its fewest characters: the column keeps their room (a shared seat's
        # "Bruno / Sub" is wider than its points).
        model.set_heading_limits((_FEWEST_HEADING_CHARACTERS,) * 4)
        fewest = [header.sectionSizeHint(column) for column in _POINT_COLUMNS]
        model.set_heading_limits((_HEADING_CHARACTERS,) * 4)
        self._headings = tuple(header.sectionSizeHint(column) for column in _POINT_COLUMNS)
        result = metrics.averageCharWidth() * _RESULT_CHARACTERS
        widths = (max(width, least_points) + padding for width in points)
        return hand, tuple(max(width, heading) for width, heading in zip(widths, fewest, strict=True)), result

    def _chrome(self) -> int:
        """The view's width besides its columns: its frame and a vertical scroll bar (shown or not)."""
        return 2 * self.view.frameWidth() + self.view.verticalScrollBar().sizeHint().width()

    def selected_index(self) -> int | None:
        """The selected hand's index, or None."""
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def select(self, index: int) -> None:
        """Select a hand (keyboard and tests)."""
        self.view.selectRow(index)

    def _update_buttons(self) -> None:
        index = self.selected_index()
        self.edit_button.setEnabled(index is not None)
        self.delete_button.setEnabled(index is not None)
        self.insert_button.setEnabled(index is not None)
        if index is None or index >= len(self.model.hands):
            self.detail_label.setText("")
            self._fit_detail()
            return
        hand = self.model.hands[index]
        names = self.model.rows[index].players
        scores = "   ".join(f"{name} {points:,}" for name, points in zip(names, hand.scores, strict=True))
        after = self.tr("After {label}: {scores}").format(label=short_label(hand.label, hand.honba), scores=scores)
        explained = self.model.explain(index, scores=False)
        self.detail_label.setText(f"{after}\n{explained}" if explained else after)
        self._fit_detail()

    def _fit_detail(self) -> None:
        """Make the detail as tall as its text, up to :data:`_DETAIL_MAX_HEIGHT` (then it scrolls)."""
        if not self.detail_label.text():
            self.detail_area.setFixedHeight(0)
            return
        width = max(self.detail_area.width() - self.detail_area.verticalScrollBar().sizeHint().width(), 200)
        self.detail_area.setFixedHeight(min(self.detail_label.heightForWidth(width) + 4, _DETAIL_MAX_HEIGHT))

    def _flow_buttons(self) -> None:
        """Put Insert, Edit and Delete in as few right-aligned rows as the width holds, each as wide as its words.

        A row narrower than its buttons would squeeze them below their words (the theme's ``min-width`` lets the
        layout): at 1280x720 in English the one row lacked 9 px and each word lost 2-3 px of its box. The last
        row fills first, so they read Insert, Edit, Delete wherever they wrap.
        """
        spacing = max(self.button_rows.spacing(), 0)
        rows: list[list[QPushButton]] = [[]]
        used = 0
        for button in (self.delete_button, self.edit_button, self.insert_button):
            need = button.sizeHint().width()
            if rows[0] and used + spacing + need > self.width():
                rows.insert(0, [])
                used = 0
            used += (spacing if rows[0] else 0) + need
            rows[0].insert(0, button)
        if rows == self._rows:
            return
        self._rows = rows
        while (item := self.button_rows.takeAt(0)) is not None:
            row = item.layout()
            if row is not None:
                while row.takeAt(0) is not None:
                    pass
                row.deleteLater()
        for buttons in rows:
            row = QHBoxLayout()
            row.addStretch(1)
            for button in buttons:
                row.addWidget(button)
            self.button_rows.addLayout(row)

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """Room for the columns' least widths (``_fit_columns``) and the widest button: the buttons wrap
        (``_flow_buttons``), so one row of them is not the minimum."""
        hint = super().minimumSizeHint()
        buttons = (self.insert_button, self.edit_button, self.delete_button)
        hand, points, result = self._least_now()
        columns = hand + sum(points) + result + self._chrome()
        others = (columns, self.view.minimumSizeHint().width(), self.detail_area.minimumSizeHint().width())
        return QSize(max(*others, *(b.sizeHint().width() for b in buttons)), hint.height())

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_columns()
        self._flow_buttons()
        self._fit_detail()

    @override
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fit_columns()

    @override
    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._flow_buttons()  # a theme's font or padding changes how wide the words are
            self._fit_columns(measure=True)

    def _on_view_activated(self, index: QModelIndex) -> None:
        self.edit_requested.emit(index.row())

    def _on_edit_button_clicked(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.edit_requested.emit(index)

    def _on_delete_button_clicked(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.delete_requested.emit(index)

    def _on_insert_button_clicked(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.insert_requested.emit(index)
