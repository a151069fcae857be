"""The table window at every size a player drags it to: the History's columns readable, nothing cut or scrolled.

A 1200x700 window on a 1366x768 screen squeezed the History's Result column to 25 px: one word a line ("Ron / Bru /
3 / han"), rows hundreds of pixels tall, the heading "ːsu" and a sideways scroll bar, while the four point columns
kept their full width. Each test shows the window, resizes it as a window manager does, lets it lay out, and
measures what is drawn: the Result column's width, the scroll bar, every score inside its cell, every heading whole,
the table's words whole. With the sample game of ``benchmarks/bench_gui.py`` and a long game (23 hands, 24-character
names, a double ron), English and Japanese.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView
from pytestqt.qtbot import QtBot

from scorekeeper.gui import screenshots
from scorekeeper.gui.app import create_main_window
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.gui.widgets.elided import ElidedLabel
from scorekeeper.session.events import (
    Event,
    ExhaustiveDraw,
    HanFuWin,
    LastHandCalled,
    RiichiDeclared,
    Ron,
    Tsumo,
    ValueWin,
    YakumanWin,
)
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat

pytestmark = pytest.mark.gui

LANGUAGES = [pytest.param(Language.ENGLISH, id="en"), pytest.param(Language.JAPANESE, id="ja")]
#: Window sizes a player drags to (None: the window's least size), and maximized on the common screens (the screen
#: less a 40 px task bar and a 32 px title bar).
SIZES: tuple[QSize | None, ...] = (
    None,
    QSize(1200, 700),
    QSize(1280, 720 - 72),
    QSize(1366, 768 - 72),
    QSize(1600, 900),
    QSize(1920, 1080 - 72),
)
LONG_NAMES = (
    "Bartholomew Fitzgerald-A",
    "Maximiliana Rosenkranz B",
    "Christophe de la Fontain",
    "Dorothea Wilhelmina Kran",
)
#: The least the Result column keeps, in its font's average characters (history.py's _RESULT_CHARACTERS).
READABLE_CHARACTERS = 15


def _long_game() -> list[Event]:
    """23 hands, none ending the game: dealer repeats by tenpai and by wins, riichi, a double ron, a yakuman."""
    events: list[Event] = []
    for hand in range(8):
        dealer, other, third = Seat(hand % 4), Seat((hand + 1) % 4), Seat((hand + 2) % 4)
        events += [
            ExhaustiveDraw((dealer, other)),
            RiichiDeclared(third),
            Ron(other, (HanFuWin(seat=dealer, han=2, fu=40),)),
        ]
        if hand == 3:
            events.append(Ron(third, (HanFuWin(seat=dealer, han=1, fu=30), HanFuWin(seat=other, han=4, fu=30))))
        elif hand == 6:
            events.append(Tsumo(YakumanWin(seat=third, yakuman=1, pao=None)))
        elif hand < 7:
            events.append(Ron(dealer, (HanFuWin(seat=other, han=1, fu=30),)))
    return events


GAMES = [
    pytest.param(screenshots.PLAYERS, screenshots.SAMPLE_EVENTS, id="sample"),
    pytest.param(LONG_NAMES, tuple(_long_game()), id="long"),
]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)
    yield
    install_language(Language.ENGLISH)


@pytest.fixture
def window(
    qtbot: QtBot, tmp_path: Path, language: Language, names: tuple[str, ...], events: tuple[Event, ...]
) -> Iterator[MainWindow]:
    """The table window started in ``language`` with the game of ``names`` and ``events``, shown."""
    install_language(language)
    win = create_main_window(tmp_path, settings=AppSettings(recent_players=names, language=language.value))
    qtbot.addWidget(win)
    win.controller.new_game(names, ruleset("tenhou"))
    for event in events:
        win.controller.apply(event)
    state = win.controller.state
    assert state is not None and not state.ended
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()


def _resize(window: MainWindow, size: QSize | None) -> QSize:
    """Give the window ``size`` (None: its least) as a window manager does, and let it lay out."""
    window.resize(window.minimumSizeHint() if size is None else size)
    for _ in range(3):
        QApplication.processEvents()
    return window.size()


def _text_room(view: QTableView, row: int, column: int) -> int:
    """The width the style gives a cell's text, in the cell as drawn (a grid line narrower than its column)."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    index = view.model().index(row, column)
    delegate = view.itemDelegateForIndex(index)
    assert isinstance(delegate, QStyledItemDelegate)
    delegate.initStyleOption(option, index)
    option.rect = QRect(0, 0, view.columnWidth(column) - (1 if view.showGrid() else 0), view.rowHeight(row))
    rect = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    return rect.width() - 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)


@pytest.mark.parametrize(("names", "events"), GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_result_column_stays_readable_and_every_score_whole_at_every_window_size(
    window: MainWindow, language: Language
) -> None:
    view = window.history.view
    model = view.model()
    header = view.horizontalHeader()
    readable = view.fontMetrics().averageCharWidth() * READABLE_CHARACTERS
    for wanted in SIZES:
        size = _resize(window, wanted)
        where = f"at {size.width()}x{size.height()}"
        if wanted is not None:
            assert size == wanted, f"the window refuses {wanted.width()}x{wanted.height()}: {where}"
        assert view.columnWidth(1) >= readable, f"Result is {view.columnWidth(1)} px {where}"
        assert not view.horizontalScrollBar().isVisible(), f"the History scrolls sideways {where}"
        assert header.length() <= view.viewport().width(), f"the columns are wider than the History {where}"
        for column in range(model.columnCount()):
            heading = model.headerData(column, Qt.Orientation.Horizontal)
            assert header.sectionSizeHint(column) <= header.sectionSize(column), f"{heading!r} is cut {where}"
        for row in range(model.rowCount()):
            for column in range(2, model.columnCount()):
                text = model.index(row, column).data()
                room = _text_room(view, row, column)
                assert view.fontMetrics().horizontalAdvance(text) <= room, f"{text!r} is cut to {room} px {where}"


@pytest.mark.parametrize(("names", "events"), GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_least_window_fits_a_1280x720_screen_and_shows_the_table_whole(
    window: MainWindow, language: Language
) -> None:
    size = _resize(window, None)
    assert size.width() <= 1280 and size.height() <= 720 - 72, f"the least window is {size.width()}x{size.height()}"
    points = {panel.points_label for panel in window.table.seat_panels}
    for label in window.table.findChildren(QLabel):
        if not label.isVisibleTo(window) or not label.text() or label.wordWrap():
            continue
        if label in points:
            assert isinstance(label, ElidedLabel)
            # Never cut: drawn smaller where the panel is narrow, whole and still large.
            font = label.drawn_font()
            drawn = QFontMetrics(font).horizontalAdvance(label.text())
            assert font.pointSizeF() >= 28, f"{label.text()!r} drawn at {font.pointSizeF()} pt"
            assert drawn <= label.contentsRect().width(), f"{label.text()} is cut: {drawn} px in {label.width()}"
        elif not isinstance(label, ElidedLabel):  # a name is cut with "…" and whole in its tooltip
            assert label.contentsRect().width() >= label.sizeHint().width() - 2 * label.margin(), (
                f"{label.text()!r} is cut: {label.contentsRect().width()} < {label.sizeHint().width()} px"
            )


def test_points_too_wide_for_their_label_are_drawn_smaller_whole_never_below_their_least_size(qtbot: QtBot) -> None:
    label = ElidedLabel(elide=False, shrink_to=28)
    qtbot.addWidget(label)
    font = label.font()
    font.setPointSize(36)
    font.setBold(True)
    label.setFont(font)
    label.setText("-12,300")
    full = label.sizeHint().width()
    least = label.minimumSizeHint().width()
    assert least < full
    label.show()
    for width in range(least, full + 20, 3):
        label.resize(width, label.sizeHint().height())
        drawn = label.drawn_font()
        assert 28 <= drawn.pointSizeF() <= 36
        assert QFontMetrics(drawn).horizontalAdvance(label.text()) <= label.contentsRect().width(), width
        if width >= full:
            assert drawn.pointSizeF() == 36  # room enough: its own size


CLASSICAL_GAME = (
    Tsumo(ValueWin(seat=Seat(1), value=120)),
    Tsumo(ValueWin(seat=Seat(2), value=640)),
    Tsumo(ValueWin(seat=Seat(3), value=1000)),
)


@pytest.mark.parametrize(
    ("preset", "events"),
    [
        pytest.param("tenhou", screenshots.SAMPLE_EVENTS, id="riichi"),
        pytest.param("classical", CLASSICAL_GAME, id="classical"),
    ],
)
def test_the_least_window_stays_the_same_through_a_game(
    qtbot: QtBot, tmp_path: Path, preset: str, events: tuple[Event, ...]
) -> None:
    """A window at its least width never grows by itself: the seat panels keep their least width as riichi comes and
    goes (a stick stood in for the Riichi button, 146 px instead of 206), the dealer moves ("South ● Dealer" on a
    side panel of the classical table, which has no Riichi button) and the points change."""
    window = create_main_window(tmp_path, settings=AppSettings(recent_players=screenshots.PLAYERS))
    qtbot.addWidget(window)
    window.controller.new_game(screenshots.PLAYERS, ruleset(preset))
    window.show()
    qtbot.waitExposed(window)
    least = _resize(window, None)
    for event in events:
        window.controller.apply(event)
        for _ in range(3):
            QApplication.processEvents()
        assert window.minimumSizeHint().width() == least.width(), f"after {event}"
        assert window.width() == least.width(), f"after {event}"
    window.close()


@pytest.mark.parametrize(("names", "events"), [GAMES[0]])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_tables_sync_line_leaves_the_least_window_within_a_1280x720_screen(
    window: MainWindow, language: Language
) -> None:
    # Under the action bar the line made the least window 661-672 px tall, against the 648 a 1280x720 screen
    # leaves under a task bar and a title bar: the line went under the task bar.
    window.controller.apply(LastHandCalled())  # the centre's "Time: last hand." line too
    window.link.status.setText("Table 3: every hand is on the server (pushed 12:04).")
    window.link.status.show()
    _resize(window, None)
    assert window.minimumSizeHint().height() <= 720 - 72
    assert window.link.status.isVisible()
    assert window.history_box.isAncestorOf(window.link.status)  # under the History while a game is open


def test_the_sync_line_is_at_the_foot_with_no_game_open_and_under_the_history_with_one(
    qtbot: QtBot, tmp_path: Path
) -> None:
    win = create_main_window(tmp_path, settings=AppSettings())  # nothing stored: no game, the History hidden
    qtbot.addWidget(win)
    win.link.status.setText("Table 3: waiting for the next session.")
    win.link.status.show()
    win.show()
    qtbot.waitExposed(win)
    line = win.link.status
    assert not win.history_box.isVisible()
    assert not win.history_box.isAncestorOf(line) and line.isVisible()
    win.controller.new_game(screenshots.PLAYERS, ruleset("tenhou"))
    QApplication.processEvents()
    assert win.history_box.isAncestorOf(line) and line.isVisible()
    win.close()


def test_dragging_the_splitter_to_an_end_leaves_both_the_table_and_the_history(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent

    win = create_main_window(tmp_path, settings=AppSettings())
    qtbot.addWidget(win)
    win.controller.new_game(screenshots.PLAYERS, ruleset("tenhou"))
    win.show()
    qtbot.waitExposed(win)
    _resize(win, QSize(1366, 768 - 72))
    handle = win.splitter.handle(1)
    for far in (-2000, 2000):  # a stray drag of the handle to either end
        start = QPointF(handle.rect().center())
        for kind, at, buttons in (
            (QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton),
            (QEvent.Type.MouseMove, start + QPointF(far, 0), Qt.MouseButton.LeftButton),
            (QEvent.Type.MouseButtonRelease, start + QPointF(far, 0), Qt.MouseButton.NoButton),
        ):
            global_at = QPointF(handle.mapToGlobal(at.toPoint()))
            event = QMouseEvent(kind, at, global_at, Qt.MouseButton.LeftButton, buttons, Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(handle, event)
        QApplication.processEvents()
        table, history = win.splitter.sizes()
        assert table > 0 and history > 0, (far, table, history)
        assert win.table.width() >= win.table.minimumSizeHint().width()
    win.close()
