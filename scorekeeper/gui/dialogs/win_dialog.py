"""The win dialog: winner(s), the discarder, each winner's hand value in one of three modes, pao, and a preview.

The three value modes (issue 4, "Entering a win") sit on tabs and can be switched at any time without losing what
was entered in the others: Tiles (the full hand, scored by the engine through ``HandEntryWidget``), Quick (han and
fu, or a number of yakuman) and Yaku list. When the hand has daisangen or daisuushii the dialog asks who fed the
last set (pao) and offers "nobody" (EMA 2016, "Liability"; seed 004). A yakuman entered by count may also carry pao.

Multiple ron is offered as far as the ruleset allows (``TableRules.double_ron`` and ``triple_ron``). The payment
preview comes from the session through the injected ``preview`` callable; the dialog never settles anything.

A game of the classical family (seed 003, issue 6) has two modes instead: Tiles (the full classical hand through
``ClassicalEntryWidget``: no red fives, the extra tiles, the family's conditions and its breakdown; the session
values it with the classical engine) and Value (the value the table called out, the session's ``ValueWin``).

The dialog fits a 1366x768 laptop screen in every mode (issue 4; docs/gui.md, "Fitting a laptop screen"): Ron/Tsumo,
winners and discarder take two lines, the winner tabs show only for a multiple ron, the pao question and the "?"
share the tab bar's line, the preview flows into columns (``PreviewLabel``), and it opens at the size of the
screen's free room (``WinDialog.fit_to_screen``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.classical import ClassicalRules
from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.dialog_buttons import primary_and_cancel
from scorekeeper.gui.dialogs.quick_entry import QuickEntryWidget
from scorekeeper.gui.dialogs.tiles_page import ClassicalTilesPageWidget, TilesPageWidget
from scorekeeper.gui.dialogs.yaku_list import YakuListWidget
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.labels import elide_name, seat_winds
from scorekeeper.gui.widgets.entry_base import TileEntryWidget
from scorekeeper.gui.window_geometry import TITLE_BAR_ALLOWANCE as DEFAULT_TITLE_BAR_ALLOWANCE
from scorekeeper.gui.window_geometry import title_bar_allowance
from scorekeeper.session.draft import HandDraft
from scorekeeper.session.events import (
    MAX_VALUE,
    HandResult,
    HandWin,
    HanFuWin,
    Ron,
    Tsumo,
    ValueWin,
    Win,
    YakumanWin,
)
from scorekeeper.session.families import family_of
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.seats import ROUND_LETTERS, Seat
from scorekeeper.session.state import GameState

__all__ = [
    "FRAME_ALLOWANCE",
    "MAX_OPEN_SIZE",
    "TITLE_BAR_ALLOWANCE",
    "KeptWin",
    "MiddleAreaWidget",
    "PreviewLabel",
    "ValueModes",
    "WinContext",
    "WinDialog",
    "WinDraft",
    "WinValueWidget",
    "WinnerDraft",
]

#: The largest size the dialog opens at, on a big monitor (on a laptop the screen's room decides).
MAX_OPEN_SIZE = QSize(1480, 960)
#: Room kept for the window manager's title bar and frame where the window system has told Qt none (the dialog
#: takes it from the window it opens over where it can: ``window_geometry.title_bar_allowance``).
TITLE_BAR_ALLOWANCE = DEFAULT_TITLE_BAR_ALLOWANCE
FRAME_ALLOWANCE = 4
#: The most characters of a name a winner's or discarder's button and a winner's tab show (a stored game may carry a
#: longer name than a new one takes: issue 24).
_BUTTON_CHARACTERS = 16


class PreviewLabel(QLabel):
    """The payment preview: its lines flow into side-by-side columns of at most three lines.

    A double ron with honba and riichi sticks has eight lines or more; stacked they would push the dialog past a
    laptop screen's height, and the preview must stay visible without scrolling (issue 4). ``text()`` is the
    preview as given (plain lines); a single line (a sentence saying what is missing, an error) wraps as usual.
    """

    #: The most lines in one column.
    LINES = 3
    _GAP = 28

    def _columns(self) -> list[list[str]] | None:
        lines = self.text().split("\n")
        if len(lines) <= self.LINES:
            return None
        return [lines[i : i + self.LINES] for i in range(0, len(lines), self.LINES)]

    def _column_widths(self, columns: list[list[str]]) -> list[int]:
        metrics = self.fontMetrics()
        return [max(metrics.horizontalAdvance(line) for line in column) for column in columns]

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        columns = self._columns()
        if columns is None:
            return super().sizeHint()
        margins = self.contentsMargins()
        width = sum(self._column_widths(columns)) + self._GAP * (len(columns) - 1)
        height = self.fontMetrics().lineSpacing() * self.LINES
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        if self._columns() is None:
            return super().minimumSizeHint()
        return self.sizeHint()

    @override
    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        if self._columns() is None:
            return super().heightForWidth(width)
        return self.sizeHint().height()

    @override
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        columns = self._columns()
        if columns is None:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(self.foregroundRole()))
        area = self.contentsRect()
        spacing = self.fontMetrics().lineSpacing()
        top = area.top() + max(0, (area.height() - spacing * self.LINES) // 2)
        x = area.left()
        for column, width in zip(columns, self._column_widths(columns), strict=True):
            for row, line in enumerate(column):
                painter.drawText(x, top + row * spacing + self.fontMetrics().ascent(), line)
            x += width + self._GAP
        painter.end()


class MiddleAreaWidget(QScrollArea):
    """The winners' pages between the winners line and the buttons: they scroll in height, and only when the
    screen is shorter than they need (issue 12: a double ron by tiles, with its winner tabs, is 26 px taller than
    a 1280x720 screen leaves; the buttons and the preview below never scroll).

    As wide as the pages need (they never scroll sideways); as short as ``MIN_HEIGHT`` when the room is short.
    """

    #: The least height of the middle: the picker's first rows and the text field stay in sight.
    MIN_HEIGHT = 300

    def __init__(self, pages: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("middle_area")
        # Tab goes through the pages, never stops on the area itself (it has no focus ring: issue 24).
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)
        self.setWidget(pages)
        pages.setAutoFillBackground(False)  # setWidget turns it on; the pages show the dialog's background

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        # The pages grow after they are set (winners added, hands entered): their new needs must reach the dialog's
        # layout, which a scroll area does not pass on by itself.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _with_bar(self, size: QSize) -> QSize:
        # Room for the vertical scroll bar, which shows only when the pages are taller than the middle.
        return QSize(size.width() + self.verticalScrollBar().sizeHint().width(), size.height())

    @override
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        pages = self.widget()
        if pages is None:  # pragma: no cover - the dialog always gives it its pages
            return super().sizeHint()
        return self._with_bar(pages.sizeHint().expandedTo(pages.minimumSizeHint()))

    @override
    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        pages = self.widget()
        if pages is None:  # pragma: no cover - the dialog always gives it its pages
            return super().minimumSizeHint()
        needed = self._with_bar(pages.minimumSizeHint())
        return QSize(needed.width(), min(needed.height(), self.MIN_HEIGHT))


@dataclass(slots=True, kw_only=True)
class ValueModes:
    """The value mode last used, per family: the next winner's tabs open there (a table settles on one way).

    The window owns one, made from its settings and saved back after each dialog (no class-level state: each
    window, and each test, has its own).
    """

    riichi: int = 1  # WinValueWidget.QUICK
    classical: int = 0  # WinValueWidget.CLASSICAL_TILES


@dataclass(frozen=True, slots=True, kw_only=True)
class WinnerDraft:
    """One winner's page as it was left: the mode shown and what each mode holds (none of it need be complete)."""

    seat: int
    mode: int
    #: A copy of the Tiles page's hand draft (the session's Qt-free model), in either family.
    tiles: HandDraft[Any]
    #: Quick entry: han, fu, number of yakuman.
    quick: tuple[int | None, int | None, int | None]
    #: Yaku list: open hand, the yaku ticked, the dora count, the fu.
    yaku: tuple[bool, tuple[str, ...], int, int | None]
    #: The classical family's value in points.
    value: int
    pao: int | None

    def holds_anything(self) -> bool:
        """Whether anything was entered on the page (riichi ticked by the table's declaration is not)."""
        tiles = self.tiles
        is_open, ticked, dora, fu = self.yaku
        return bool(
            tiles.tile_count()
            or tiles.dora
            or tiles.ura
            or tiles.extras
            or any(value is not None for value in self.quick)
            or is_open
            or set(ticked) - {"riichi"}
            or dora
            or fu is not None
            or self.value
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class WinDraft:
    """What a win dialog held when it was cancelled: offered back when it opens again for the same hand."""

    tsumo: bool
    discarder: int | None
    winners: tuple[WinnerDraft, ...]
    #: The seat whose page was open.
    shown: int | None


@dataclass(slots=True)
class KeptWin:
    """Where the window keeps the entry of a win dialog cancelled (Cancel, Esc or the close box) for one hand.

    Issue 24: a cancel threw away up to ~20 taps. The window gives the dialog the one for the hand being entered
    (``hand``: the game and the hand's number); the dialog fills it in when cancelled and empties it when
    confirmed, and offers back what it holds when it opens again for that hand.
    """

    hand: Hashable
    draft: WinDraft | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class WinContext:
    """What the dialog needs to know about the table, and the value modes to open in (updated as they change)."""

    names: tuple[str, ...]
    dealer: int
    seat_winds: tuple[str, str, str, str]
    round_wind: str
    riichi: tuple[int, ...]
    ruleset: Ruleset
    modes: ValueModes = field(default_factory=ValueModes)
    #: A recorded result the dialog opens with (Edit hand, issue 12), when it was won the same way (ron/tsumo).
    recorded: HandResult | None = None
    #: The winner and the discarder already chosen on the table (issue 12, fewer taps); both stay changeable.
    winner: int | None = None
    discarder: int | None = None
    #: Where a cancelled dialog's entry is kept for this hand, and offered back from (new hands only).
    kept: KeptWin | None = None

    @classmethod
    def at(
        cls,
        state: GameState,
        index: int | None = None,
        riichi: tuple[int, ...] | None = None,
        *,
        modes: ValueModes | None = None,
    ) -> WinContext:
        """The table now, or as hand ``index`` found it (``GameState.position_before``) with ``riichi`` declared."""
        position = state if index is None else state.position_before(index)
        return cls(
            names=state.players,
            dealer=int(position.dealer),
            seat_winds=seat_winds(int(position.dealer)),
            round_wind=ROUND_LETTERS[position.round_index % 4],
            riichi=tuple(int(s) for s in position.riichi_this_hand) if riichi is None else riichi,
            ruleset=state.rules,
            modes=modes or ValueModes(),
        )


class WinValueWidget(QWidget):
    """One winner's hand value: Tiles, Quick or Yaku list, plus the liable player when there may be one."""

    value_changed = Signal()

    TILES, QUICK, YAKU = 0, 1, 2
    #: The classical family's two modes (issue 6): the full hand by tiles, or the value called out.
    CLASSICAL_TILES, CLASSICAL_VALUE = 0, 1

    def __init__(self, seat: int, context: WinContext, *, tsumo: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.context = context
        self.tsumo = tsumo
        # Han and fu (the riichi family's pages), or one number of table points (the classical family's).
        self.riichi_family = family_of(context.ruleset).values_in_han_fu
        self.modes = QTabWidget()
        self.modes.setObjectName(f"modes_{seat}")
        # Parented here: a classical game shows none of the three, and they must not outlive the dialog as windows.
        self.tiles = TilesPageWidget(self)
        self.classical_tiles: ClassicalTilesPageWidget | None = None
        self.quick = QuickEntryWidget(self)
        self.yaku = YakuListWidget(self)
        # Parented here too: only the classical family's Value tab lays it out (a riichi dialog hides it); unparented,
        # it outlived a failing riichi test as a stray top-level QSpinBox.
        self.value_spin = QSpinBox(self)
        self.value_spin.setObjectName(f"value_{seat}")
        self.value_spin.setRange(0, MAX_VALUE)
        self.value_spin.setSingleStep(10)
        self.value_spin.setMinimumHeight(56)
        # A number, not a line of text: as wide as a big value needs, even when the dialog fills the screen.
        self.value_spin.setMaximumWidth(360)
        self.value_spin.setStyleSheet("QSpinBox { font-size: 22px; }")
        if self.riichi_family:
            # Each mode says in plain words what it asks for (issue 5, "tooltips in plain words").
            tips = (
                self.tr("Tap the tiles of the winning hand: the app finds the yaku, fu and points for you."),
                self.tr("Just tap the han and fu the table counted (or the number of yakuman)."),
                self.tr("Tick the yaku the hand has, count the dora and pick the fu: no tiles needed."),
            )
            for page, title, tip in zip(
                (self.tiles, self.quick, self.yaku),
                (self.tr("Tiles"), self.tr("Quick"), self.tr("Yaku list")),
                tips,
                strict=True,
            ):
                self.modes.setTabToolTip(self.modes.addTab(page, title), tip)
            self.modes.setCurrentIndex(context.modes.riichi)
            self.value_spin.hide()
        else:
            # The classical family (seed 003): the full hand by its tiles (issue 6), or the hand's value in points
            # as the table called it out (session ValueWin).
            self.tiles.hide()
            self.quick.hide()
            self.yaku.hide()
            self.classical_tiles = ClassicalTilesPageWidget()
            self.classical_tiles.value_changed.connect(self._on_page_value_changed)
            tiles_tab = self.modes.addTab(self.classical_tiles, self.tr("Tiles"))
            self.modes.setTabToolTip(
                tiles_tab, self.tr("Tap the tiles of the winning hand: the app works out its points and doubles.")
            )
            page = QWidget()
            page_layout = QVBoxLayout(page)
            page_layout.addWidget(QLabel(self.tr("The hand's value in points, as the table worked it out")))
            page_layout.addWidget(self.value_spin)
            page_layout.addStretch(1)
            value_tab = self.modes.addTab(page, self.tr("Value"))
            self.modes.setTabToolTip(value_tab, self.tr("Type the hand's value in points, as the table worked it out."))
            self.modes.setCurrentIndex(context.modes.classical)
            self.value_spin.valueChanged.connect(self._on_page_value_changed)
        # A small "?" beside the tabs opens the yaku reference (docs/help.md) when the window offers it.
        self.help_button = QToolButton()
        self.help_button.setObjectName(f"yaku_help_{seat}")
        self.help_button.setText("?")
        self.help_button.setToolTip(self.tr("Yaku reference"))
        self.help_button.setAccessibleName(self.tr("Yaku reference"))
        # As tall as the tabs beside it (the tab bar's line holds it) and wider than a finger.
        # (Sizes through the style sheet: the theme's min-height would override a fixed size when it polishes.)
        self.help_button.setStyleSheet(
            "QToolButton { min-height: 36px; max-height: 36px; min-width: 46px; max-width: 46px; padding: 0px; }"
        )
        self.help_button.clicked.connect(self._on_help_button_clicked)
        self._show_yaku: Callable[[], Any] | None = None
        self.help_button.setVisible(False)
        self.pao_label = QLabel(self.tr("Who fed the last set (pao)?"))
        self.pao_label.setProperty("role", "section")
        self.pao_combo = QComboBox()
        self.pao_combo.setObjectName(f"pao_{seat}")
        self.pao_combo.setMinimumWidth(140)
        self.pao_combo.setStyleSheet("QComboBox { min-height: 36px; max-height: 36px; }")
        self.pao_combo.addItem(self.tr("Nobody"), None)
        for other, name in enumerate(context.names):
            if other != seat:
                self.pao_combo.addItem(name, other)
        # The pao question and the "?" share the tab bar's line (the room beside the three tabs), so that neither
        # costs a line of the dialog's height (issue 4: the dialog fits a 1366x768 laptop screen).
        self.corner = QWidget()
        self.corner.setObjectName(f"corner_{seat}")
        corner_row = QHBoxLayout(self.corner)
        corner_row.setContentsMargins(0, 0, 0, 2)
        corner_row.setSpacing(8)
        corner_row.addWidget(self.pao_label)
        corner_row.addWidget(self.pao_combo)
        corner_row.addWidget(self.help_button)
        self.modes.setCornerWidget(self.corner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.modes, 1)
        for page in (self.tiles, self.quick, self.yaku):
            page.value_changed.connect(self._on_page_value_changed)
        self.modes.currentChanged.connect(self._on_page_value_changed)
        self.pao_combo.currentIndexChanged.connect(self._on_page_value_changed)
        self.set_tsumo(tsumo)

    def set_yaku_help(self, show_yaku: Callable[[], Any] | None) -> None:
        """Give the "?" button what opens the yaku reference (riichi games only; hidden without one)."""
        self._show_yaku = show_yaku
        self.help_button.setVisible(self.riichi_family and show_yaku is not None)

    def _on_help_button_clicked(self) -> None:
        if self._show_yaku is not None:
            self._show_yaku()

    def set_tsumo(self, tsumo: bool) -> None:
        """Ron or tsumo changes the valid fu, the conditions and the payments."""
        self.tsumo = tsumo
        if not self.riichi_family:
            hand_rules = self.context.ruleset.game.hand
            if self.classical_tiles is not None and isinstance(hand_rules, ClassicalRules):
                self.classical_tiles.set_context(
                    rules=hand_rules,
                    tsumo=tsumo,
                    seat_wind=self.context.seat_winds[self.seat],
                    round_wind=self.context.round_wind,
                )
            self._on_page_value_changed()
            return
        rules = self.context.ruleset.hand
        dealer = self.seat == self.context.dealer
        self.quick.set_context(rules=rules, tsumo=tsumo, dealer=dealer)
        self.yaku.set_context(rules=rules, tsumo=tsumo, riichi=self.seat in self.context.riichi)
        self.tiles.set_context(
            rules=rules,
            tsumo=tsumo,
            seat_wind=self.context.seat_winds[self.seat],
            round_wind=self.context.round_wind,
            riichi=self.seat in self.context.riichi,
        )
        self._on_page_value_changed()

    def needs_pao_question(self) -> bool:
        """Whether the pao question is shown: the hand has daisangen or daisuushii, or is a yakuman by count."""
        if not self.riichi_family:
            return False  # liability is not part of the classical family (session ValueWin)
        mode = self.modes.currentIndex()
        liable = frozenset(str(y) for y in self.context.ruleset.table.pao_yakuman)  # the ruleset's (EMA 6.2)
        if mode == self.TILES:
            return bool(liable & set(self.tiles.yaku_names()))
        if mode == self.YAKU:
            return bool(liable & set(self.yaku.ticked()))
        return self.quick.yakuman is not None

    def pao(self) -> Seat | None:
        """The liable player chosen, or None ("nobody", or no question asked)."""
        if not self.needs_pao_question():
            return None
        data = self.pao_combo.currentData()
        return None if data is None else Seat(int(data))

    def win(self) -> Win | None:
        """This winner's win as the session records it, or None while the value is incomplete."""
        seat = Seat(self.seat)
        mode = self.modes.currentIndex()
        try:
            if not self.riichi_family:
                if self.classical_tiles is not None and mode == self.CLASSICAL_TILES:
                    return self.classical_tiles.win(seat)
                value = self.value_spin.value()
                return ValueWin(seat=seat, value=value) if value else None
            if mode == self.TILES:
                return self.tiles.win(seat, pao=self.pao())
            if mode == self.QUICK:
                if self.quick.yakuman is not None:
                    return YakumanWin(seat=seat, yakuman=self.quick.yakuman, pao=self.pao())
                chosen = self.quick.han_fu()
                return None if chosen is None else HanFuWin(seat=seat, han=chosen[0], fu=chosen[1])
            count = self.yaku.yakuman_count()
            if count:
                return YakumanWin(seat=seat, yakuman=count, pao=self.pao())
            chosen = self.yaku.han_fu()
            if chosen is None:
                return None
            named = self.yaku.counted()  # kept for statistics (docs/statistics.md)
            return HanFuWin(seat=seat, han=chosen[0], fu=chosen[1], yaku=named)
        except ScorekeeperError:
            return None

    def fill(self, win: Win) -> None:
        """Show a recorded win in the mode it was entered: tiles, han/fu or yakuman count (Quick), or value.

        A han/fu win with its yaku named opens on the Yaku list (ticked, with its fu and the dora the yaku leave),
        any other on Quick. A hand by tiles opens on Tiles with its tiles, in either family (the hand draft loads
        the recorded input).
        """
        if isinstance(win, HandWin):
            if self.riichi_family:
                self.modes.setCurrentIndex(self.TILES)
                self.tiles.entry.set_hand_input(win.input)
            elif self.classical_tiles is not None:
                self.modes.setCurrentIndex(self.CLASSICAL_TILES)
                self.classical_tiles.entry.set_hand_input(win.input)
        elif isinstance(win, YakumanWin):
            self.modes.setCurrentIndex(self.QUICK)
            self.quick.set_yakuman(win.yakuman)
        elif (
            isinstance(win, HanFuWin)
            and win.yaku
            and self.yaku.show_recorded(tuple(str(y) for y in win.yaku), win.han, win.fu)
        ):
            self.modes.setCurrentIndex(self.YAKU)
        elif isinstance(win, HanFuWin):
            self.modes.setCurrentIndex(self.QUICK)
            self.quick.set_han(win.han)
            self.quick.set_fu(win.fu)
        elif isinstance(win, ValueWin):
            self.modes.setCurrentIndex(self.CLASSICAL_VALUE)
            self.value_spin.setValue(win.value)
        if win.pao is not None:
            self.pao_combo.setCurrentIndex(max(0, self.pao_combo.findData(int(win.pao))))
        self._on_page_value_changed()

    def draft(self) -> WinnerDraft:
        """What this winner's page holds now, complete or not (kept when the dialog is cancelled)."""
        entry = self.tiles.entry if self.classical_tiles is None else self.classical_tiles.entry
        data = self.pao_combo.currentData()
        return WinnerDraft(
            seat=self.seat,
            mode=self.modes.currentIndex(),
            tiles=copy.deepcopy(entry.draft),
            quick=(self.quick.han, self.quick.fu, self.quick.yakuman),
            yaku=(self.yaku.open_box.isChecked(), self.yaku.ticked(), self.yaku.dora_spin.value(), self.yaku.fu),
            value=self.value_spin.value(),
            pao=None if data is None else int(data),
        )

    def restore(self, draft: WinnerDraft) -> None:
        """Show a page as it was left (``draft``), in the table's context now (ron or tsumo, riichi declared)."""
        entry = self.tiles.entry if self.classical_tiles is None else self.classical_tiles.entry
        entry.restore_draft(copy.deepcopy(draft.tiles))
        han, fu, yakuman = draft.quick
        if yakuman is not None:
            self.quick.set_yakuman(yakuman)
        else:
            if han is not None:
                self.quick.set_han(han)
            if fu is not None:
                self.quick.set_fu(fu)
        is_open, ticked, dora, yaku_fu = draft.yaku
        self.yaku.open_box.setChecked(is_open)
        for name, box in self.yaku.yaku_boxes.items():
            box.setChecked(name in ticked)
        self.yaku.dora_spin.setValue(dora)
        if yaku_fu is not None:
            self.yaku.set_fu(yaku_fu)
        self.value_spin.setValue(draft.value)
        self.pao_combo.setCurrentIndex(max(0, self.pao_combo.findData(draft.pao)))
        self.modes.setCurrentIndex(draft.mode)
        self.set_tsumo(self.tsumo)  # the table's context now: the draft's tiles under today's riichi and winds

    def _on_page_value_changed(self) -> None:
        if self.riichi_family:
            self.context.modes.riichi = self.modes.currentIndex()
        else:
            self.context.modes.classical = self.modes.currentIndex()
        visible = self.needs_pao_question()
        self.pao_label.setVisible(visible)
        self.pao_combo.setVisible(visible)
        self.value_changed.emit()


class WinDialog(QDialog):
    """Ron or tsumo: winners, discarder, values, pao and the payment preview; ``hand_result()`` builds the event.

    Args:
        context: the table as it stands.
        tsumo: open on tsumo (True) or ron (False); the user can switch.
        preview: the session's settlement preview of a result, as lines of text (raises ScorekeeperError when the
            result is not allowed, and the message is shown instead).
        show_yaku: opens the yaku reference for the "?" button; by default the parent window's
            ``help_menu.show_yaku`` when it has one (docs/help.md), else no button.
    """

    def __init__(
        self,
        context: WinContext,
        *,
        tsumo: bool,
        preview: Callable[[HandResult], str],
        parent: QWidget | None = None,
        show_yaku: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        if show_yaku is None:
            show_yaku = getattr(getattr(parent, "help_menu", None), "show_yaku", None)
        self._show_yaku = show_yaku
        self.setWindowTitle(self.tr("Win"))
        self.context = context
        self._preview = preview
        self.tsumo = tsumo
        self.value_widgets: dict[int, WinValueWidget] = {}
        #: The room the dialog was fitted to (``fit_to_screen``) and whether its Tiles pages are in two columns.
        self._room: QRect | None = None
        self._narrow = False

        self.ron_button = QPushButton(self.tr("Ron"))
        self.ron_button.setObjectName("mode_ron")
        self.ron_button.setToolTip(self.tr("The winner took another player's discard."))
        self.tsumo_button = QPushButton(self.tr("Tsumo"))
        self.tsumo_button.setObjectName("mode_tsumo")
        self.tsumo_button.setToolTip(self.tr("The winner drew the winning tile themselves."))
        kind_group = QButtonGroup(self)
        for button in (self.ron_button, self.tsumo_button):
            button.setCheckable(True)
            kind_group.addButton(button)
        self.ron_button.clicked.connect(lambda: self.set_tsumo(False))
        self.tsumo_button.clicked.connect(lambda: self.set_tsumo(True))

        self.winner_buttons: list[QPushButton] = []
        self.discarder_buttons: list[QPushButton] = []
        self._discarder_group = QButtonGroup(self)
        # Ron/Tsumo, the winners and the discarder in two lines (issue 4: the dialog fits a laptop screen).
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(4)
        kind_row = QHBoxLayout()
        kind_row.setSpacing(4)
        kind_row.addWidget(self.ron_button)
        kind_row.addWidget(self.tsumo_button)
        grid.addLayout(kind_row, 0, 0)
        self.winner_title = QLabel(self.tr("Winner"))
        self.discarder_title = QLabel(self.tr("Discarder"))
        for title in (self.winner_title, self.discarder_title):
            title.setProperty("role", "section")
        grid.addWidget(self.winner_title, 0, 1)
        grid.addWidget(self.discarder_title, 1, 1)
        for seat, name in enumerate(context.names):
            winner = QPushButton(elide_name(name, _BUTTON_CHARACTERS))
            winner.setObjectName(f"winner_{seat}")
            winner.setToolTip(self.tr("Tap the player who won (tap more than one for a double ron)."))
            winner.setCheckable(True)
            winner.clicked.connect(lambda _=False, s=seat: self.toggle_winner(s))
            self.winner_buttons.append(winner)
            grid.addWidget(winner, 0, seat + 2)
            discarder = QPushButton(elide_name(name, _BUTTON_CHARACTERS))
            discarder.setObjectName(f"discarder_{seat}")
            discarder.setToolTip(self.tr("Tap the player whose discard was taken: they pay."))
            discarder.setCheckable(True)
            discarder.clicked.connect(lambda _=False, s=seat: self.set_discarder(s))
            self._discarder_group.addButton(discarder)
            self.discarder_buttons.append(discarder)
            grid.addWidget(discarder, 1, seat + 2)
            grid.setColumnStretch(seat + 2, 1)
        self.discarder: int | None = None
        # A tsumo hides the discarder row but keeps its room: the tabs and value controls sit where they sit for
        # a ron, so a tap meant for them never lands on a tile (issue 12).
        for widget in (self.discarder_title, *self.discarder_buttons):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)

        self.winner_tabs = QTabWidget()
        self.winner_tabs.setObjectName("winner_tabs")
        # One tab per winner, shown only for a multiple ron: one winner needs no tab bar.
        self.winner_tabs.setTabBarAutoHide(True)
        self.winner_tabs.setDocumentMode(True)
        # Tab stops on the tab bar itself, when it shows; the widget would hand the focus to its hidden bar and keep
        # Tab from going further (issue 24: the keyboard never reached the pages).
        self.winner_tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.winner_tabs.setStyleSheet("QTabBar::tab:selected { font-weight: bold; }")
        self.winner_tabs.currentChanged.connect(self._on_winner_tabs_current_changed)
        self.preview_label = PreviewLabel()
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)  # quotes player names
        self.preview_label.setObjectName("preview")
        self.preview_label.setWordWrap(True)
        self.preview_label.setStyleSheet("font-size: 15px;")
        self.confirm_button, cancel = primary_and_cancel(
            self, self._on_confirm_button_clicked, tooltip=self.tr("Record this result. Undo (Ctrl+Z) takes it back.")
        )
        self.cancel_button = cancel
        cancel.setObjectName("cancel_button")

        buttons = QHBoxLayout()
        buttons.addWidget(self.preview_label, 1)
        buttons.addWidget(cancel, 0, Qt.AlignmentFlag.AlignBottom)
        buttons.addWidget(self.confirm_button, 0, Qt.AlignmentFlag.AlignBottom)
        # Buttons keep their 44 px touch height but lose the theme's vertical padding here: eight pixels a line
        # is what lets the dialog, with two winners, fit a 1366x768 screen (issue 4).
        self.setStyleSheet("QPushButton { padding-top: 0px; padding-bottom: 0px; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(grid)
        self.middle_area = MiddleAreaWidget(self.winner_tabs)
        layout.addWidget(self.middle_area, 1)
        layout.addLayout(buttons)
        #: Whether the dialog opened with what was entered before it was last cancelled for this hand.
        self.restored = False
        self.set_tsumo(tsumo)
        if self._offered_back() is not None:
            self.restored = True
            self._restore(context)
        else:
            if context.winner is not None:
                self.toggle_winner(context.winner)
            if context.discarder is not None and not tsumo:
                self.set_discarder(context.discarder)
        recorded = context.recorded
        if recorded is not None and isinstance(recorded, Tsumo) == tsumo:
            self.fill(recorded)
        self.fit_to_screen()

    def _offered_back(self) -> WinDraft | None:
        """The entry kept when the dialog was last cancelled for this hand, if the table still asks for that win (the
        winner tapped on the table, if any, is one of its winners)."""
        kept = self.context.kept
        if kept is None or kept.draft is None or self.context.recorded is not None:
            return None
        if self.context.winner is not None and self.context.winner not in {w.seat for w in kept.draft.winners}:
            return None
        return kept.draft

    def _restore(self, context: WinContext) -> None:
        draft = self._offered_back()
        assert draft is not None
        for winner in draft.winners:
            if winner.seat not in self.value_widgets:
                self.toggle_winner(winner.seat)
            if winner.seat in self.value_widgets:  # a tsumo keeps one winner
                self.value_widgets[winner.seat].restore(winner)
        discarder = context.discarder if context.discarder is not None else draft.discarder
        if discarder is not None and not self.tsumo:
            self.set_discarder(discarder)
        if context.winner is not None:
            self.winner_tabs.setCurrentWidget(self.value_widgets[context.winner])
        elif draft.shown in self.value_widgets:
            self.winner_tabs.setCurrentWidget(self.value_widgets[draft.shown])
        self.refresh()

    def draft(self) -> WinDraft:
        """What the dialog holds now, complete or not."""
        shown = self.winner_tabs.currentWidget()
        return WinDraft(
            tsumo=self.tsumo,
            discarder=self.discarder,
            winners=tuple(widget.draft() for widget in self.value_widgets.values()),
            shown=shown.seat if isinstance(shown, WinValueWidget) else None,
        )

    @override
    def done(self, result: int) -> None:
        # Confirm, Cancel, Esc and the close box all end here: a cancelled entry is kept for this hand (issue 24).
        kept = self.context.kept
        if kept is not None:
            draft = self.draft()
            if result == QDialog.DialogCode.Accepted.value:
                kept.draft = None
            elif any(winner.holds_anything() for winner in draft.winners):
                kept.draft = draft  # a dialog cancelled with nothing entered leaves the kept one as it was
        super().done(result)

    def fit_to_screen(self, room: QRect | None = None) -> None:
        """Open at a size that fits the screen's available room (issue 4: a 1366x768 or 1440x900 laptop).

        The dialog takes the screen's available geometry less the room of a title bar, up to a comfortable
        1480x960 on a large monitor, and never less than its minimum size; it is centred in that room. The tiles
        of the Tiles tab grow into whatever room there is (``HandEntryWidget.fit_tiles``). ``room``: another room
        than the screen's available geometry (the tests' screens).
        """
        if room is None:
            parent = self.parentWidget()
            screen = parent.screen() if parent is not None else self.screen()
            if screen is None:  # pragma: no cover - a platform without screens
                return
            room = screen.availableGeometry()
        self._room = room
        minimum = QSize(self._choose_arrangement(), self.minimumSizeHint().height())
        width = max(min(room.width() - 2 * FRAME_ALLOWANCE, MAX_OPEN_SIZE.width()), minimum.width())
        frame = title_bar_allowance(self)
        height = max(min(room.height() - frame, MAX_OPEN_SIZE.height()), minimum.height())
        self.resize(width, height)
        left = room.x() + max(0, (room.width() - width) // 2)
        top = room.y() + max(0, (room.height() - height - frame) // 2)
        self.move(left, top)

    @override
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        # Pages lay themselves out only once shown (a tab widget defers its layout while hidden), each level passing
        # its new need one level up per turn of the event loop: the width measured before showing was short of the
        # laid-out tiles' (a classical hand with kongs: 32 px, the conditions column cut). Settle them now and open
        # again at the width they need, before the first paint.
        for _ in range(8):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        needed = self.minimumSizeHint().width()
        if self.width() < needed:
            self.resize(needed, self.height())
        elif self._narrow and self._room is not None and self.width() > self._room.width() - 2 * FRAME_ALLOWANCE:
            # Two columns on the Tiles pages: the room's width (the three columns' minimum held it wider till now).
            self.resize(max(needed, self._room.width() - 2 * FRAME_ALLOWANCE), self.height())

    def _choose_arrangement(self) -> int:
        """Three columns on the Tiles pages where the dialog then fits the room's width, else two where they fit;
        return the narrowest the dialog can then be.

        A classical hand with kongs needs 1,180 px in three columns (a riichi hand with four kans 1,350): on a
        1024 or 1280 px screen the dialog ran off the right edge. In two (``TileEntryWidget.set_narrow``) it needs
        about 850 px (a riichi one 1,018, its Yaku list page), the hand line wrapping; a screen narrower than that
        keeps the usual three. Reckoned from the pages' own minimums (hidden pages are laid out only when shown).
        """
        entries = self.findChildren(TileEntryWidget)
        if self._room is None or not entries:
            return self.minimumSizeHint().width()
        # Measured afresh: a hand entered since the last layout (Edit hand fills it in before the dialog opens) has
        # not reached the sizes the layouts keep of a dialog not shown yet.
        for widget in self.findChildren(QWidget):
            widget.updateGeometry()
        for layout in self.findChildren(QLayout):
            layout.invalidate()
        now = self.minimumSizeHint().width()
        # What the dialog adds around its widest Tiles page (where another page is wider, this over-counts).
        around = now - max(entry.minimum_width(narrow=entry.narrow) for entry in entries)
        wide = around + max(entry.minimum_width(narrow=False) for entry in entries)
        two = around + max(entry.minimum_width(narrow=True) for entry in entries)
        # Two columns where the dialog then fits the screen, if only without the frame's allowance.
        narrow = wide > self._room.width() - 2 * FRAME_ALLOWANCE and two <= self._room.width()
        self._narrow = narrow
        for entry in entries:
            entry.set_narrow(narrow)
        return max(two, self.minimumWidth()) if narrow else max(wide, now)

    def _follow_a_growing_hand(self) -> None:
        """A hand entered with kongs after the dialog opened in three columns: two, where three no longer fit the
        room and two do, and the room's width again. Reckoned from the pages' own minimums and the dialog's margin
        around its shown page (the sizes its layouts keep settle only at the next turn of the event loop)."""
        if self._room is None or self._narrow or not self.isVisible():
            return
        entries = [entry for entry in self.findChildren(TileEntryWidget) if entry.isVisible()]
        if not entries:
            return
        around = self.width() - max(entry.width() for entry in entries)
        wide = around + max(entry.minimum_width(narrow=False) for entry in entries)
        two = around + max(entry.minimum_width(narrow=True) for entry in entries)
        room = self._room.width() - 2 * FRAME_ALLOWANCE
        if wide <= room or two > self._room.width():
            return
        self._narrow = True
        for entry in self.findChildren(TileEntryWidget):
            entry.set_narrow(True)
        for _ in range(8):  # each level passes its new need one level up (see showEvent)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.resize(max(two, min(room, MAX_OPEN_SIZE.width())), self.height())

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.isVisible():
            self._keep_on_screen()

    def _keep_on_screen(self) -> None:
        """Move the dialog back into the screen's room when it grew past its right or bottom edge (a hand entered
        with kongs widens the tiles' line; Qt grows the dialog to its content's minimum, never moves it)."""
        screen = self.screen()
        if screen is None:  # pragma: no cover - a platform without screens
            return
        room = screen.availableGeometry()
        left = max(room.x(), min(self.x(), room.right() + 1 - self.width()))
        top = max(room.y(), min(self.y(), room.bottom() + 1 - self.height() - title_bar_allowance(self)))
        if (left, top) != (self.x(), self.y()):
            self.move(left, top)

    def fill(self, result: HandResult) -> None:
        """Show a recorded ron or tsumo: winners, discarder and each winner's value (Edit hand, issue 12).

        The value modes the next new hand opens in stay as they were (a past hand's mode is not a choice).
        """
        remembered = (self.context.modes.riichi, self.context.modes.classical)
        if isinstance(result, Ron):
            self.set_tsumo(False)
            self.set_discarder(int(result.discarder))
            wins = result.wins
        elif isinstance(result, Tsumo):
            self.set_tsumo(True)
            wins = (result.win,)
        else:
            return
        for win in wins:
            if int(win.seat) not in self.value_widgets:
                self.toggle_winner(int(win.seat))
            self.value_widgets[int(win.seat)].fill(win)
        if wins:
            self.winner_tabs.setCurrentIndex(0)
        self.context.modes.riichi, self.context.modes.classical = remembered
        self.refresh()

    def max_winners(self) -> int:
        """How many players may ron one discard under the ruleset."""
        if self.tsumo:
            return 1
        return family_of(self.context.ruleset).most_ron_winners(self.context.ruleset)

    def set_tsumo(self, tsumo: bool) -> None:
        """Switch between ron and tsumo."""
        self.tsumo = tsumo
        self.tsumo_button.setChecked(tsumo)
        self.ron_button.setChecked(not tsumo)
        self.discarder_title.setVisible(not tsumo)
        for button in self.discarder_buttons:
            button.setVisible(not tsumo)
        if tsumo:
            for seat in list(self.value_widgets)[1:]:
                self.toggle_winner(seat)
        for widget in self.value_widgets.values():
            widget.set_tsumo(tsumo)
        self.winner_title.setText(self.tr("Winner") if self.max_winners() == 1 else self.tr("Winners"))
        self.refresh()

    def toggle_winner(self, seat: int) -> None:
        """Add or remove a winner (on tsumo, or when only one may win, the new winner replaces the old)."""
        if seat in self.value_widgets:
            widget = self.value_widgets.pop(seat)
            self.winner_tabs.removeTab(self.winner_tabs.indexOf(widget))
            widget.deleteLater()
        else:
            if len(self.value_widgets) >= self.max_winners():
                oldest = next(iter(self.value_widgets))
                self.toggle_winner(oldest)
            widget = WinValueWidget(seat, self.context, tsumo=self.tsumo)
            for entry in widget.findChildren(TileEntryWidget):
                entry.set_narrow(self._narrow)  # as the other winners' pages (the room chose)
            widget.set_yaku_help(self._show_yaku)
            widget.value_changed.connect(self.refresh)
            self.value_widgets[seat] = widget
            # One page per winner, named for whose hand is entered on it (issue 12: a double ron by tiles).
            name = elide_name(self.context.names[seat], _BUTTON_CHARACTERS)
            self.winner_tabs.addTab(widget, self.tr("{name}'s hand").format(name=name))
            self.winner_tabs.setCurrentWidget(widget)
            self._keep_buttons_last_in_tab_order()
            self._prepare_shown_winner()
            if seat == self.discarder:
                self.discarder = None
        self.refresh()

    def _keep_buttons_last_in_tab_order(self) -> None:
        """Cancel and Confirm last in the Tab order, after the winners' pages (made after them, the pages came last:
        Tab went from the winners to Confirm before the value could be entered; issue 24)."""
        last = self.previousInFocusChain()  # the end of the dialog's chain (it is a ring)
        if last is not None and last is not self.confirm_button:
            QWidget.setTabOrder(last, self.cancel_button)
            QWidget.setTabOrder(self.cancel_button, self.confirm_button)

    def _on_winner_tabs_current_changed(self, _index: int) -> None:
        self._prepare_shown_winner()
        self.refresh()  # the sentence below names the winner whose page is open

    def _prepare_shown_winner(self) -> None:
        """The winner page shown follows what another winner already entered (issue 12, fewer taps).

        A page with nothing entered yet opens in the value mode used last (the first winner's), and gets the dora
        indicators another winner entered: they are the table's, the same for every winner of one discard, so a
        double ron by tiles enters them once. A winner who entered their own keeps them.
        """
        shown = self.winner_tabs.currentWidget()
        if not isinstance(shown, WinValueWidget):
            return
        if shown.riichi_family and shown.win() is None and shown.modes.currentIndex() != self.context.modes.riichi:
            shown.modes.setCurrentIndex(self.context.modes.riichi)
        if any(shown.tiles.entry.indicators()):
            return
        for other in self.value_widgets.values():
            if other is not shown and any(other.tiles.entry.indicators()):
                shown.tiles.entry.set_indicators(*other.tiles.entry.indicators())
                return

    def set_discarder(self, seat: int) -> None:
        """Choose who discarded the winning tile."""
        self.discarder = seat
        if seat in self.value_widgets:
            self.toggle_winner(seat)
        self.refresh()

    def hand_result(self) -> HandResult | None:
        """The result as entered (a Ron or Tsumo), or None while something is missing or the session refuses it."""
        return self._result_or_refusal()[0]

    def _result_or_refusal(self) -> tuple[HandResult | None, str]:
        """The result as entered, or None and the session's reason when it refuses the win (a 2 han 25 fu tsumo...)."""
        if not self.value_widgets:
            return None, ""
        result: HandResult | None
        try:
            result = self._build_result()
        except ScorekeeperError as error:
            return None, error_text(error)
        return result, ""

    def _build_result(self) -> HandResult | None:
        if not self.value_widgets:
            return None
        wins = [w.win() for w in self.value_widgets.values()]
        if any(w is None for w in wins):
            return None
        complete = tuple(w for w in wins if w is not None)
        if self.tsumo:
            return Tsumo(complete[0])
        if self.discarder is None:
            return None
        return Ron(Seat(self.discarder), complete)

    def missing(self) -> str:
        """A plain sentence saying what is still needed before confirming ("" when nothing)."""
        if not self.value_widgets:
            return self.tr("Tap the winner.")
        if not self.tsumo and self.discarder is None:
            return self.tr("Tap who discarded the winning tile.")
        # The sentence names the winner whose page is open (issue 24: after a second winner was tapped, their page
        # was open while it asked for the first winner's value, and the value went to the wrong player). Another
        # winner still without a value is named with the tab that opens their page.
        waiting = [seat for seat, widget in self.value_widgets.items() if widget.win() is None]
        if not waiting:
            return ""
        shown = self.winner_tabs.currentWidget()
        if isinstance(shown, WinValueWidget) and shown.seat in waiting:
            return self.tr("Enter the value of {name}'s hand.").format(name=self.context.names[shown.seat])
        name = self.context.names[waiting[0]]
        tab = self.tr("{name}'s hand").format(name=elide_name(name, _BUTTON_CHARACTERS))
        return self.tr("Now {name}'s value: tap the tab “{tab}” above.").format(name=name, tab=tab)

    def refresh(self) -> None:
        """Update the buttons and the payment preview."""
        # The winners' pages may need another size now (a winner added, a hand entered): the dialog's layout
        # learns it at once (the middle's scroll area would pass it on only at the next event loop turn).
        self.middle_area.updateGeometry()
        self._follow_a_growing_hand()
        for seat, button in enumerate(self.winner_buttons):
            button.setChecked(seat in self.value_widgets)
        for seat, button in enumerate(self.discarder_buttons):
            button.setChecked(seat == self.discarder)
            button.setEnabled(seat not in self.value_widgets)
        result, refusal = self._result_or_refusal()
        if result is None and refusal and not self.missing():
            # The session's own reason (issue 9, section 3: the session judges a win, the dialog shows why).
            self.preview_label.setProperty("role", "error")
            self.preview_label.setText(refusal)
            self.confirm_button.setEnabled(False)
        elif result is None:
            self.preview_label.setProperty("role", "muted")
            back = self.tr("What you entered before you cancelled is back.") if self.restored else ""
            self.preview_label.setText(" ".join(text for text in (back, self.missing()) if text))
            self.confirm_button.setEnabled(False)
        else:
            try:
                self.preview_label.setText(self._preview(result))
                self.preview_label.setProperty("role", "")
                self.confirm_button.setEnabled(True)
            except ScorekeeperError as error:
                self.preview_label.setText(error_text(error))
                self.preview_label.setProperty("role", "error")
                self.confirm_button.setEnabled(False)
        self.preview_label.style().unpolish(self.preview_label)
        self.preview_label.style().polish(self.preview_label)

    def _on_confirm_button_clicked(self) -> None:
        if self.hand_result() is not None:
            self.accept()
