"""One English word, two Japanese words: each window shows its own (issue 24, the Japanese referee's window).

The GUI's Japanese comes from ``translations/ja.py`` and the subpackages' own ``ja.py`` (referee, help, players),
merged by source text. Where two tables gave one source different texts, the common table's won everywhere: the
referee's Seating tab headed its table column 卓のルール (New game's "Table" rules), its Players tab was
プレイヤー where the referee's words are 選手, and the help's ruleset title "Tenhou" (the site, 天鳳) read 天和, the
yakuman. Each subpackage's word is now its own contexts'.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.screenshots import build_demo
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.gui.translations import build

pytestmark = pytest.mark.gui


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


def _translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


@pytest.mark.usefixtures("japanese")
def test_the_referees_seating_table_is_headed_table_not_table_rules(qtbot: QtBot, tmp_path: Path) -> None:
    store = build_demo(tmp_path / "demo.db")
    window = RefereeWindow(TournamentController(store))
    qtbot.addWidget(window)
    window.destroyed.connect(store.close)
    header = window.seating_table.horizontalHeaderItem(0)
    assert header is not None
    assert header.text() == "卓"
    assert window.tabs.tabText(0) == "選手"
    assert _translate("NewGameDialog", "Table") == "卓のルール"  # New game's heading of the table rules keeps its own
    QApplication.processEvents()


@pytest.mark.usefixtures("japanese")
def test_the_help_names_the_tenhou_rules_after_the_site_and_the_tiles_the_yakuman() -> None:
    assert _translate("HelpCommon", "Tenhou") == "天鳳"
    assert _translate("Labels", "Tenhou") == "天和"
    assert _translate("EntryWords", "Tenhou") == "天和"


def test_a_word_two_tables_translate_differently_is_each_tables_own_in_its_contexts() -> None:
    texts, by_context = build.japanese()
    contexts = build.collect()
    for package in sorted({path.parent for path in build.GUI.rglob("ja.py")} - {build.HERE}):
        own = build._own_contexts(package)
        assert own, package
        module = ".".join(("scorekeeper", "gui", *package.relative_to(build.GUI).parts, "ja"))
        tables = [t for n, t in vars(import_module(module)).items() if n.startswith("JA")]
        for table in tables:
            for source, text in table.items():
                if isinstance(source, tuple):
                    continue
                for context in own:
                    if source in contexts.get(context, ()):
                        assert by_context.get((context, source), texts[source]) == text, (package.name, context, source)
