"""Every History row shows all of its wrapped lines (issue 24: every Japanese screen checked with a real font).

Under Xvfb at 1280x720 in Japanese the History cut a double ron's row to "…30 符、支払い …": Qt's size hint for
a wrapped row was a few pixels short of the lines it then drew (the Japanese fallback font's lines are taller and not
whole pixels, and the cell drawn is a grid line narrower than the hint's), so the last line was elided. Here each
cell is drawn as the view draws it, once in its row and once with room to spare: the row must show all of it
(the same pixels, a mere 100 px lower in the taller cell, as the text is centred in height).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QTableView
from pytestqt.qtbot import QtBot

from scorekeeper.gui import screenshots
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.theme import Theme, apply_theme

pytestmark = pytest.mark.gui

LANGUAGES = [pytest.param(Language.ENGLISH, id="en"), pytest.param(Language.JAPANESE, id="ja")]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    install_language(Language.ENGLISH)


def _drawn(view: QTableView, row: int, column: int, height: int) -> QImage:
    """The cell as the view's delegate draws it into a cell ``height`` px tall, the cell's width less its grid line."""
    index = view.model().index(row, column)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    width = view.columnWidth(column) - (1 if view.showGrid() else 0)
    option.rect = QRect(0, 0, width, height)
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    view.itemDelegateForIndex(index).paint(painter, option, index)
    painter.end()
    return image


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "size", [pytest.param((1280, 720 - 72), id="1280x720"), pytest.param((1366, 696), id="1366x768")]
)
def test_every_history_row_shows_all_its_lines(
    qtbot: QtBot, tmp_path: Path, language: Language, size: tuple[int, int]
) -> None:
    install_language(language)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)
    window = screenshots._window(tmp_path, screenshots.SAMPLE_EVENTS)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    for _ in range(3):
        QApplication.processEvents()
    view = window.history.view
    model = view.model()
    for row in range(model.rowCount()):
        height = view.rowHeight(row) - (1 if view.showGrid() else 0)
        for column in range(model.columnCount()):
            shown = _drawn(view, row, column, height)
            # Drawn 200 px taller, the cell's text (centred in height) moves 100 px down, whole.
            whole = _drawn(view, row, column, height + 200).copy(0, 100, shown.width(), height)
            text = model.index(row, column).data(Qt.ItemDataRole.DisplayRole)
            assert shown == whole, f"row {row} column {column} cut in a {height} px cell: {text!r}"
    window.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_history_row_shows_all_its_lines_at_every_window_width(
    qtbot: QtBot, tmp_path: Path, language: Language
) -> None:
    """Qt draws a wrapped line only when the next would fit at the same height: a double ron's Japanese lines over a
    shorter Latin last line ("Chen") lost that line, cut to "…支払い …", at some widths of the Result column (a
    1280x720 screen maximized, a window of 1200 px); each window width from the least to 1700 px, 7 px apart."""
    install_language(language)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)
    window = screenshots._window(tmp_path, screenshots.SAMPLE_EVENTS)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    view = window.history.view
    model = view.model()
    widths = set()
    for width in range(window.minimumSizeHint().width(), 1700, 7):
        window.resize(width, 696)
        for _ in range(3):
            QApplication.processEvents()
        widths.add(view.columnWidth(1))
        for row in range(model.rowCount()):
            height = view.rowHeight(row) - (1 if view.showGrid() else 0)
            shown = _drawn(view, row, 1, height)
            whole = _drawn(view, row, 1, height + 200).copy(0, 100, shown.width(), height)
            text = model.index(row, 1).data(Qt.ItemDataRole.DisplayRole)
            assert shown == whole, f"at {width} px, row {row} cut in a {height} px cell: {text!r}"
    assert len(widths) > 50  # the Result column took many widths
    window.close()
