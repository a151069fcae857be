"""The newcomer's help: the first-run guide, the yaku reference, the score tables, About, and the Help menu."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication, QMainWindow, QPushButton, QWidget
from pytestqt.qtbot import QtBot

import scorekeeper
from scorekeeper.engine.jsonio import score_json
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.yaku import YAKUMAN, Yaku
from scorekeeper.gui.help import guide_setting, install_help_menu
from scorekeeper.gui.help.about import LICENSE_TEXT, AboutDialog
from scorekeeper.gui.help.examples import YAKU_EXAMPLES, YakuExample
from scorekeeper.gui.help.guide import GuideDialog, Spot
from scorekeeper.gui.help.ja import JA_HELP, install_help_translator, remove_help_translator
from scorekeeper.gui.help.menu import HelpMenu
from scorekeeper.gui.help.score_tables import ScoreTablesDialog
from scorekeeper.gui.help.tables import FU_ROWS, HAN_COLUMNS, is_possible, limit_rows, score_table
from scorekeeper.gui.help.yaku_reference import YakuReferenceDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.theme import MIN_TOUCH, Theme, apply_theme
from scorekeeper.gui.translations.build import _strings_in
from tests.gui.conftest import click

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
HELP_DIR = REPO / "scorekeeper" / "gui" / "help"


@pytest.fixture(autouse=True)
def _english_light(qapp: QApplication) -> None:
    apply_theme(qapp, Theme.LIGHT)  # the style sheet sets the 44 px touch targets, as in the app
    # Another test may have left the Japanese translation installed: these tests read the English text.
    install_language(Language.ENGLISH)
    remove_help_translator()


# -- the yaku examples, checked by the engine ------------------------------------------------------------------


def test_every_engine_yaku_has_one_example_in_engine_order() -> None:
    assert [example.yaku for example in YAKU_EXAMPLES] == list(Yaku)


@pytest.mark.parametrize("example", YAKU_EXAMPLES, ids=[str(e.yaku) for e in YAKU_EXAMPLES])
def test_yaku_example_scores_its_yaku(example: YakuExample) -> None:
    result = score_json(example.to_json())
    assert result["ok"], result
    names = [entry["name"] for entry in result["yaku"]]
    assert example.yaku.value in names
    if example.yaku in YAKUMAN:
        assert result["yakuman"] >= 1


# -- score tables: computed from the engine, checked against the riichi book --------------------------------------

# Seed 000, "Scoring tables" (Tenhou-style: no kiriage): (ron, "non-dealer-dealer" tsumo) by fu row, 1-4 han.
_BOOK_NON_DEALER: dict[int, list[tuple[int | None, str | None] | None]] = {
    20: [None, (None, "400-700"), (None, "700-1300"), (None, "1300-2600")],
    25: [None, (1600, None), (3200, "800-1600"), (6400, "1600-3200")],
    30: [(1000, "300-500"), (2000, "500-1000"), (3900, "1000-2000"), (7700, "2000-3900")],
    40: [(1300, "400-700"), (2600, "700-1300"), (5200, "1300-2600"), (8000, "2000-4000")],
    50: [(1600, "400-800"), (3200, "800-1600"), (6400, "1600-3200"), (8000, "2000-4000")],
    60: [(2000, "500-1000"), (3900, "1000-2000"), (7700, "2000-3900"), (8000, "2000-4000")],
    70: [(2300, "600-1200"), (4500, "1200-2300"), (8000, "2000-4000"), (8000, "2000-4000")],
    80: [(2600, "700-1300"), (5200, "1300-2600"), (8000, "2000-4000"), (8000, "2000-4000")],
    90: [(2900, "800-1500"), (5800, "1500-2900"), (8000, "2000-4000"), (8000, "2000-4000")],
    100: [(3200, "800-1600"), (6400, "1600-3200"), (8000, "2000-4000"), (8000, "2000-4000")],
    110: [(3600, None), (7100, "1800-3600"), (8000, "2000-4000"), (8000, "2000-4000")],
}
_BOOK_DEALER: dict[int, list[tuple[int | None, int | None] | None]] = {
    20: [None, (None, 700), (None, 1300), (None, 2600)],
    25: [None, (2400, None), (4800, 1600), (9600, 3200)],
    30: [(1500, 500), (2900, 1000), (5800, 2000), (11600, 3900)],
    40: [(2000, 700), (3900, 1300), (7700, 2600), (12000, 4000)],
    50: [(2400, 800), (4800, 1600), (9600, 3200), (12000, 4000)],
    60: [(2900, 1000), (5800, 2000), (11600, 3900), (12000, 4000)],
    70: [(3400, 1200), (6800, 2300), (12000, 4000), (12000, 4000)],
    80: [(3900, 1300), (7700, 2600), (12000, 4000), (12000, 4000)],
    90: [(4400, 1500), (8700, 2900), (12000, 4000), (12000, 4000)],
    100: [(4800, 1600), (9600, 3200), (12000, 4000), (12000, 4000)],
    110: [(5300, None), (10600, 3600), (12000, 4000), (12000, 4000)],
}


def test_non_dealer_table_is_the_riichi_books() -> None:
    table = score_table(hand_rules("tenhou"), dealer=False)
    for row, fu in zip(table, FU_ROWS, strict=True):
        if fu > 110:
            continue  # the book's tables stop at 110 fu; the rows above are checked below
        for cell, expected in zip(row, _BOOK_NON_DEALER[fu], strict=True):
            tsumo = None if cell.tsumo is None else f"{cell.tsumo.non_dealer}-{cell.tsumo.dealer}"
            got = None if cell.ron is None and tsumo is None else (cell.ron, tsumo)
            assert got == expected, (cell.han, fu)


def test_dealer_table_is_the_riichi_books() -> None:
    table = score_table(hand_rules("tenhou"), dealer=True)
    for row, fu in zip(table, FU_ROWS, strict=True):
        if fu > 110:
            continue  # the book's tables stop at 110 fu; the rows above are checked below
        for cell, expected in zip(row, _BOOK_DEALER[fu], strict=True):
            tsumo = None if cell.tsumo is None else cell.tsumo.all
            got = None if cell.ron is None and tsumo is None else (cell.ron, tsumo)
            assert got == expected, (cell.han, fu)


@pytest.mark.parametrize(
    ("preset", "ron", "limit"),
    [("tenhou", 7700, None), ("mleague", 8000, "mangan"), ("ema2016", 7700, None), ("ema2025", 8000, "mangan")],
    ids=["tenhou-no-kiriage", "mleague-kiriage", "ema2016-no-kiriage", "ema2025-kiriage"],
)
def test_kiriage_mangan_shows_in_4_han_30_fu(preset: str, ron: int, limit: str | None) -> None:
    cell = score_table(hand_rules(preset), dealer=False)[FU_ROWS.index(30)][HAN_COLUMNS.index(4)]
    assert cell.ron == ron
    assert (cell.limit.value if cell.limit else None) == limit


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "possible"),
    [
        (1, 20, True, False),
        (2, 20, False, False),
        (2, 20, True, True),
        (1, 25, False, False),
        (2, 25, True, False),
        (3, 25, True, True),
        (1, 110, True, False),
        (1, 110, False, True),
        (1, 30, False, True),
    ],
    ids=[
        "20fu-1han-tsumo",
        "20fu-ron",
        "20fu-2han-tsumo",
        "25fu-1han",
        "25fu-2han-tsumo",
        "25fu-3han-tsumo",
        "110fu-1han-tsumo",
        "110fu-1han-ron",
        "30fu-1han-ron",
    ],
)
def test_impossible_han_fu_combinations(han: int, fu: int, tsumo: bool, possible: bool) -> None:
    assert is_possible(han, fu, tsumo=tsumo) is possible


def test_limit_hands_are_the_beginner_lessons() -> None:
    # Seed 001, limit table: name, han, non-dealer ron / tsumo, dealer ron / tsumo.
    rows = limit_rows(hand_rules("tenhou"))
    got = [
        (
            str(r.limit),
            r.han_from,
            r.han_to,
            r.ron,
            (r.tsumo.non_dealer, r.tsumo.dealer),
            r.dealer_ron,
            r.dealer_tsumo.all,
        )
        for r in rows
        if r.multiplier == 1
    ]
    assert got == [
        ("mangan", 5, 5, 8000, (2000, 4000), 12000, 4000),
        ("haneman", 6, 7, 12000, (3000, 6000), 18000, 6000),
        ("baiman", 8, 10, 16000, (4000, 8000), 24000, 8000),
        ("sanbaiman", 11, 12, 24000, (6000, 12000), 36000, 12000),
        ("yakuman", 13, None, 32000, (8000, 16000), 48000, 16000),
    ]


def test_limit_hands_without_counted_yakuman_end_at_sanbaiman() -> None:
    # Seed 001 footnote: "In some rulesets, any hand with 11 or more han is worth sanbaiman" (EMA 2016, 6.1).
    rows = {(str(r.limit), r.multiplier): r for r in limit_rows(hand_rules("ema2016"))}
    assert (rows[("sanbaiman", 1)].han_from, rows[("sanbaiman", 1)].han_to) == (11, None)
    assert rows[("yakuman", 1)].han_from is None
    assert ("yakuman", 2) not in rows  # EMA: a single yakuman at most


def test_no_limit_rows_under_aotenjou() -> None:
    assert limit_rows(hand_rules("tenhou", {"aotenjou": True})) == ()


# -- the score tables window ---------------------------------------------------------------------------------


def test_score_tables_dialog_starts_with_the_games_rules_and_switches(qtbot: QtBot) -> None:
    dialog = ScoreTablesDialog(hand_rules("mleague"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.cell_text(dealer=False, han=4, fu=30) == "8,000\n2,000 / 4,000"
    assert dialog.is_limit_cell(dealer=False, han=4, fu=30)
    assert "Kiriage" in dialog.notes_label.text()
    assert dialog.cell_text(dealer=True, han=1, fu=30) == "1,500\n500 all"
    assert dialog.cell_text(dealer=False, han=1, fu=20) == "—"
    tenhou = next(i for i in range(dialog.rules_combo.count()) if dialog.rules_combo.itemText(i) == "Tenhou")
    dialog.rules_combo.setCurrentIndex(tenhou)
    assert dialog.cell_text(dealer=False, han=4, fu=30) == "7,700\n2,000 / 3,900"
    assert not dialog.is_limit_cell(dealer=False, han=4, fu=30)
    assert "Kiriage" not in dialog.notes_label.text()
    assert dialog.limit_table.rowCount() == 6  # mangan .. yakuman and double yakuman (Tenhou stacks yakuman)


# -- the yaku reference ------------------------------------------------------------------------------------------


def test_yaku_reference_lists_every_yaku_and_shows_its_example(qtbot: QtBot) -> None:
    dialog = YakuReferenceDialog(hand_rules("tenhou"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert set(dialog.items()) == set(Yaku)
    dialog.show_yaku(Yaku.SANSHOKU_DOUJUN)
    assert dialog.current_yaku() is Yaku.SANSHOKU_DOUJUN
    assert dialog.value_label.text() == "2 han closed, 1 han open (one less after a call)"
    assert dialog.explanation_label.text() == "The same run in all three suits."
    assert len(dialog.picture.tiles_shown()) == 14
    assert "2,600 points" in dialog.score_label.text()
    dialog.show_yaku(Yaku.SUUKANTSU)
    assert len(dialog.picture.tiles_shown()) == 18  # four kans
    assert dialog.picture.tiles_shown()[2] == "back"  # a closed kan shows its outer tiles face down


def test_yaku_reference_values_follow_the_rules(qtbot: QtBot) -> None:
    tenhou = YakuReferenceDialog(hand_rules("tenhou"))
    qtbot.addWidget(tenhou)
    assert tenhou.value_text(Yaku.RENHOU).short == "Not a yaku"
    assert tenhou.value_text(Yaku.KOKUSHI_MUSOU_13).short == "Yakuman"
    assert tenhou.value_text(Yaku.TANYAO).long == "1 han, open or closed"
    custom = YakuReferenceDialog(hand_rules("tenhou", {"double_yakuman": True, "open_tanyao": False}))
    qtbot.addWidget(custom)
    assert custom.value_text(Yaku.KOKUSHI_MUSOU_13).short == "Double yakuman"
    assert custom.value_text(Yaku.KOKUSHI_MUSOU).short == "Yakuman"
    assert custom.value_text(Yaku.TANYAO).long == "1 han, closed hand only"
    wrc = YakuReferenceDialog(hand_rules("wrc2022"))
    qtbot.addWidget(wrc)
    assert wrc.value_text(Yaku.RENHOU).short == "5 han"


def test_yaku_reference_renhou_example_falls_back_to_a_ruleset_that_values_it(qtbot: QtBot) -> None:
    dialog = YakuReferenceDialog(hand_rules("tenhou"))
    qtbot.addWidget(dialog)
    dialog.show_yaku(Yaku.RENHOU)
    assert "WRC 2022" in dialog.score_label.text()


def test_yaku_reference_search_by_typing(qtbot: QtBot) -> None:
    dialog = YakuReferenceDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.filter_edit, "kokushi")
    visible = [y for y, item in dialog.items().items() if not item.isHidden()]
    assert set(visible) == {Yaku.KOKUSHI_MUSOU, Yaku.KOKUSHI_MUSOU_13}
    assert dialog.current_yaku() is Yaku.KOKUSHI_MUSOU
    qtbot.keyClick(dialog.filter_edit, Qt.Key.Key_Down)  # arrows move in the list while typing
    assert dialog.current_yaku() is Yaku.KOKUSHI_MUSOU_13
    qtbot.keyClick(dialog.filter_edit, Qt.Key.Key_Up)
    assert dialog.current_yaku() is Yaku.KOKUSHI_MUSOU
    dialog.filter_edit.clear()
    assert all(not item.isHidden() for item in dialog.items().values())


def test_yaku_list_rows_are_touch_sized(qtbot: QtBot) -> None:
    dialog = YakuReferenceDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.list.visualItemRect(dialog.items()[Yaku.RIICHI]).height() >= MIN_TOUCH


# -- the guide -------------------------------------------------------------------------------------------------


def test_guide_pages_by_taps(qtbot: QtBot) -> None:
    dialog = GuideDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    spots = [dialog.map.spot]
    assert not dialog.back_button.isEnabled()
    for _ in range(len(dialog.pages) - 1):
        click(qtbot, dialog.next_button)
        spots.append(dialog.map.spot)
    assert spots == [page.spot for page in dialog.pages]
    assert {Spot.RIICHI, Spot.RON_TSUMO, Spot.HAND_ENTRY, Spot.DRAW, Spot.UNDO_HISTORY} <= set(spots)
    assert dialog.next_button.text() == "Start playing"
    click(qtbot, dialog.back_button)
    assert dialog.index == len(dialog.pages) - 2
    click(qtbot, dialog.next_button)
    click(qtbot, dialog.next_button)
    assert not dialog.isVisible()


def test_guide_pages_by_keys(qtbot: QtBot) -> None:
    dialog = GuideDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Right)
    qtbot.keyClick(dialog, Qt.Key.Key_PageDown)
    assert dialog.index == 2
    qtbot.keyClick(dialog, Qt.Key.Key_Left)
    assert dialog.index == 1
    assert dialog.step_label.text() == f"2 of {len(dialog.pages)}"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_guide_buttons_are_touch_sized(qtbot: QtBot) -> None:
    dialog = GuideDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    for button in dialog.findChildren(QPushButton):
        assert button.height() >= MIN_TOUCH, button.objectName()
    assert dialog.skip_box.height() >= MIN_TOUCH


# -- the Help menu: one call from the main window ------------------------------------------------------------------


class _Setting:
    def __init__(self, value: bool = False) -> None:
        self.value = value
        self.calls: list[bool] = []

    def get(self) -> bool:
        return self.value

    def set(self, value: bool) -> None:
        self.value = value
        self.calls.append(value)


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[QMainWindow]:
    main = QMainWindow()
    main.setCentralWidget(QWidget())
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()


def _install(window: QMainWindow, setting: _Setting, preset: str | None = "mleague") -> HelpMenu:
    return install_help_menu(
        window,
        settings_get=setting.get,
        settings_set=setting.set,
        hand_rules=lambda: hand_rules(preset) if preset else None,
    )


def test_help_menu_in_the_menu_bar_with_shortcuts(window: QMainWindow) -> None:
    menu = _install(window, _Setting())
    assert menu.menu.menuAction() in window.menuBar().actions()
    assert [a.text() for a in menu.menu.actions() if not a.isSeparator()] == [
        "&Guide",
        "&Yaku",
        "&Score tables",
        "&About Scorekeeper",
    ]
    assert menu.guide_action.shortcut().toString() == "F1"
    assert all(a in window.actions() for a in (menu.guide_action, menu.yaku_action, menu.tables_action))


def test_first_run_guide_until_dont_show_again_is_ticked(qtbot: QtBot, window: QMainWindow) -> None:
    setting = _Setting()
    menu = _install(window, setting)
    guide = menu.show_first_run_guide()
    assert isinstance(guide, GuideDialog)
    assert guide.isVisible()
    click(qtbot, guide.skip_box)
    assert setting.calls == [True]
    click(qtbot, guide.close_button)
    assert menu.show_first_run_guide() is None
    assert not guide.isVisible()
    # F1 still opens it, at its first page, with the box ticked.
    guide.show_page(3)
    window.activateWindow()
    menu.guide_action.trigger()
    assert guide.isVisible()
    assert guide.index == 0
    assert guide.skip_box.isChecked()


def test_help_windows_open_modeless_once_each(window: QMainWindow) -> None:
    menu = _install(window, _Setting(value=True))
    menu.yaku_action.trigger()
    menu.tables_action.trigger()
    menu.about_action.trigger()
    assert set(menu.dialogs) == {"yaku", "tables", "about"}
    for dialog in menu.dialogs.values():
        assert dialog.isVisible()
        assert not dialog.isModal()
    first = menu.dialogs["tables"]
    menu.tables_action.trigger()
    assert menu.dialogs["tables"] is first
    assert isinstance(first, ScoreTablesDialog)
    assert first.rules == hand_rules("mleague")
    yaku = menu.dialogs["yaku"]
    assert isinstance(yaku, YakuReferenceDialog)
    assert yaku.rules == hand_rules("mleague")
    for dialog in menu.dialogs.values():
        dialog.close()


def test_help_without_a_riichi_game_shows_tenhou(window: QMainWindow) -> None:
    menu = _install(window, _Setting(value=True), preset=None)
    tables = menu.show_tables()
    assert isinstance(tables, ScoreTablesDialog)
    assert tables.rules == hand_rules("tenhou")
    tables.close()


def test_help_in_a_classical_game_shows_the_riichi_presets(window: QMainWindow) -> None:
    from scorekeeper.session.rules import ruleset

    classical = ruleset("classical")
    menu = install_help_menu(
        window, settings_get=lambda: True, settings_set=lambda _: None, hand_rules=lambda: classical.hand
    )
    tables = menu.show_tables()
    assert isinstance(tables, ScoreTablesDialog)
    assert tables.rules == hand_rules("tenhou")
    tables.close()


def test_help_from_inside_a_modal_dialog_belongs_to_it(qtbot: QtBot, window: QMainWindow) -> None:
    from PySide6.QtWidgets import QDialog

    menu = _install(window, _Setting(value=True))
    modal = QDialog(window)
    qtbot.addWidget(modal)
    modal.setModal(True)
    modal.show()
    assert QApplication.activeModalWidget() is modal
    yaku = menu.show_yaku()
    assert yaku.parent() is modal
    assert "yaku" not in menu.dialogs
    yaku.close()
    modal.close()


def test_guide_setting_file_round_trip(tmp_path: Path) -> None:
    get, put = guide_setting(tmp_path / "data")
    assert get() is False
    put(True)
    assert get() is True
    put(False)
    assert get() is False
    (tmp_path / "data" / "help.json").write_text("{not json", encoding="utf-8")
    assert get() is False


# -- About -----------------------------------------------------------------------------------------------------


def test_about_names_version_license_and_sources(qtbot: QtBot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert scorekeeper.__version__ in dialog.version_label.text()
    assert "MIT" in dialog.license_label.text()
    sources = " ".join(dialog.sources())
    for name in ("EMA", "2016", "2025", "WRC 2022", "Tenhou", "M-League", "seed 000", "seed 003", "seed 004"):
        assert name in sources
    assert not dialog.license_text.isVisible()
    click(qtbot, dialog.license_button)
    assert dialog.license_text.isVisible()
    assert dialog.license_text.toPlainText() == LICENSE_TEXT


def test_license_text_is_the_repositorys() -> None:
    assert (REPO / "LICENSE").read_text(encoding="utf-8") == LICENSE_TEXT


# -- translation -------------------------------------------------------------------------------------------------


def test_every_help_string_has_japanese() -> None:
    strings = {text for path in HELP_DIR.glob("*.py") for context, text in _strings_in(path) if context != "Labels"}
    assert strings - set(JA_HELP) == set()


def test_help_in_japanese(qtbot: QtBot, window: QMainWindow) -> None:
    QLocale.setDefault(QLocale(QLocale.Language.Japanese))
    try:
        menu = _install(window, _Setting())
        assert menu.menu.title() == "ヘルプ(&H)"
        guide = menu.show_guide()
        assert isinstance(guide, GuideDialog)
        assert guide.title_label.text() == "ようこそ"
        assert QCoreApplication.translate("YakuHelp", "Four kans.") == "槓子 4 つ。"
        guide.close()
    finally:
        remove_help_translator()
        QLocale.setDefault(QLocale(QLocale.Language.English))
    assert QCoreApplication.translate("HelpMenu", "&Help") == "&Help"


def test_help_translator_leaves_other_strings_alone(qapp: QApplication) -> None:
    install_help_translator()
    QLocale.setDefault(QLocale(QLocale.Language.Japanese))
    try:
        assert QCoreApplication.translate("MainWindow", "Close") == "Close"  # not a help context
        assert QCoreApplication.translate("AboutDialog", "Close") == "閉じる"
    finally:
        QLocale.setDefault(QLocale(QLocale.Language.English))
    # Back in English (as install_language(ENGLISH) leaves it), the translator stays silent.
    assert QCoreApplication.translate("AboutDialog", "Close") == "Close"
    remove_help_translator()


# -- screenshots ---------------------------------------------------------------------------------------------------


def test_screenshots_render_light_and_dark_in_both_languages(tmp_path: Path) -> None:
    from scorekeeper.gui.help.screenshots import render_all

    written = render_all(tmp_path, ["guide-2", "tables-limits"])
    assert sorted(p.name for p in written) == sorted(
        f"help-{screen}-{theme}-{language}.png"
        for screen in ("guide-2", "tables-limits")
        for theme in ("light", "dark")
        for language in ("en", "ja")
    )
    assert all(p.stat().st_size > 5000 for p in written)


def test_rows_above_110_fu_follow_the_engines_one_table() -> None:
    # Issue 9, section 3: the help asks the engine's table, which runs to 170 fu. 1 han has no such win; 2 han
    # 120 fu is 1,920 base (7,700 without kiriage); from 130 fu, and at 3 or 4 han, a mangan.
    table = score_table(hand_rules("tenhou"), dealer=False)
    rows = {fu: row for row, fu in zip(table, FU_ROWS, strict=True)}
    assert FU_ROWS[-1] == 170
    assert all(rows[fu][0].ron is None and rows[fu][0].tsumo is None for fu in FU_ROWS if fu > 110)
    assert rows[120][1].ron == 7700
    assert all(rows[fu][han].ron == 8000 for fu in FU_ROWS if fu >= 130 for han in (1, 2, 3))
