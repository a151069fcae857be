"""User-supplied text is never rendered as markup (issue 10, section 4): a player called ``<b>Ann</b>`` is shown
as those characters on every screen, in every label, tooltip and question."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui import screenshots
from scorekeeper.storage.registry import find_players, rename_player

pytestmark = pytest.mark.gui

MARKUP = "<b>Hx</b>"
HOSTILE_PLAYERS = tuple(f"{MARKUP}{n}" for n in range(4))


def _markup_shown(widget: QWidget) -> list[str]:
    """The labels and tooltips under ``widget`` that would render a player's name as markup."""
    found = []
    for child in (widget, *widget.findChildren(QWidget)):
        if isinstance(child, QLabel) and MARKUP in child.text() and child.textFormat() != Qt.TextFormat.PlainText:
            found.append(f"label {child.objectName() or type(child.parent()).__name__}: {child.text()[:40]!r}")
        if MARKUP in child.toolTip():
            found.append(f"tooltip of {child.objectName() or type(child).__name__}: {child.toolTip()[:40]!r}")
    return found


def test_no_screen_renders_a_players_name_as_markup(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(screenshots, "PLAYERS", HOSTILE_PLAYERS)
    before = set(QApplication.topLevelWidgets())
    problems: list[str] = []
    names_seen = 0
    try:
        for name, make in screenshots._screens(tmp_path).items():
            widget, _width, _height = make()
            widget.show()
            QApplication.processEvents()
            texts = [c.text() for c in widget.findChildren(QLabel)]
            names_seen += sum(MARKUP in t or html.escape(MARKUP) in t for t in texts)
            problems += [f"{name}: {problem}" for problem in _markup_shown(widget)]
            widget.close()
    finally:
        for widget in set(QApplication.topLevelWidgets()) - before:
            widget.close()
            widget.deleteLater()
    assert names_seen > 10  # the screens did show the names
    assert problems == []


def test_no_message_box_through_the_static_helpers() -> None:
    """``QMessageBox.warning(...)`` and its kin render their text as rich text when it looks like markup; the app
    builds its boxes with ``setTextFormat(Qt.TextFormat.PlainText)`` instead, as their text may quote a name."""
    gui = Path(screenshots.__file__).parent
    pattern = re.compile(r"QMessageBox\.(warning|critical|question|information|about)\(")
    found = [
        f"{path.relative_to(gui)}:{number}"
        for path in sorted(gui.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []


def test_the_players_window_shows_a_name_in_markup_as_typed(qtbot: QtBot, tmp_path: Path) -> None:
    """The Players window's card wrote the chosen player's name into a rich-text label (issue 27, 5)."""
    from scorekeeper.gui.players.window import PlayersWindow
    from scorekeeper.storage.store import GameStore
    from tests.session.test_statistics import sessions

    with GameStore.open(tmp_path / "games.sqlite3") as store:
        for session in sessions():
            store.start_game(session)
        rename_player(store, find_players(store, "Aki")[0].id, MARKUP)
        window = PlayersWindow(store)
        qtbot.addWidget(window)
        window.show()
        items = window.registry_list.findItems(MARKUP, Qt.MatchFlag.MatchStartsWith)
        assert items
        window.registry_list.setCurrentItem(items[0])
        QApplication.processEvents()
        assert MARKUP in window.name_label.text()
        assert _markup_shown(window) == []
        window.close()
