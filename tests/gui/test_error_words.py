"""The core's refusals are shown in the window's language: in a Japanese window no refusal met on the common paths
(typing a hand, the table's actions, New tournament, joining a tournament) shows the core's English; an English
window shows the core's sentence exactly as before."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QSpinBox
from pytestqt.qtbot import QtBot

from scorekeeper.engine.classical import classical_rules
from scorekeeper.engine.rules import hand_rules
from scorekeeper.errors import ErrorCode, IllegalActionError, InvalidHandError, ScorekeeperError, TileParseError
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.new_tournament import NewTournamentDialog
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.table_sync import JoinTournamentDialog
from scorekeeper.gui.widgets.classical_entry import ClassicalEntryWidget
from scorekeeper.gui.widgets.hand_entry import HandEntryWidget
from scorekeeper.session.draft import EntryTarget, RiichiDraft
from scorekeeper.session.events import EndGame, RiichiDeclared
from scorekeeper.session.names import PlayerNameError, check_player_names
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.sync.table import JoinedGame, TableLogin
from scorekeeper.tournament import Player, SeatingMethod, TournamentSettings
from tests.gui.conftest import click
from tests.gui.test_referee_window import _Answers
from tests.tournament.builders import names
from tests.tournament_db import Tournament

pytestmark = pytest.mark.gui

NAMES = ("Ann", "Bo", "Chie", "Dai")
#: Kana or kanji: a text a Japanese reader reads (every Japanese wording has some).
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

#: A value for every field any code names.
FIELDS: dict[str, object] = {
    "text": "12x3m",
    "position": 2,
    "hands": 3,
    "reason": "bust",
    "player": "Bo",
    "points": 700,
    "ruleset": "classical",
    "hand": "E2",
    "leaving": "Ann",
    "seat": 1,
    "han": 1,
    "fu": 20,
    "tsumo": True,
    "error": IllegalActionError("inner", code=ErrorCode.NOTHING_TO_UNDO),
    "path": "/data/players.csv",
    "folder": "/data",
    "free": 4096,
    "file": "table3.json",
    "bytes": 10_000_000,
    "byte": 8,
    "server": "spring_table1@127.0.0.1:5432/spring",
    "detail": "timeout expired",
    "table": 1,
    "code_table": 2,
    "session": 1,
    "knob": "start_points",
    "value": 25050,
    "step": 100,
    "uma": (20, 10, -10, -10),
    "tiles": "89m1p",
    "game": 12,
    "name": "Ann",
    "other": "ANN",
    "tile": "1m",
    "copies": 5,
    "melds": 1,
    "count": 6,
    "kans": 0,
    "expected": 14,
    "win": "0m",
    "indicator": "ura",
    "held": 4,
    "allowed": 1,
    "indicators": (("dora", "0m"),),
    "meld": "pon",
    "size": 3,
    "condition": "tenhou",
    "other_condition": "haitei",
    "conditions": "nagashi",
    "extras": "1f",
}


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


def _untranslated(shown: str, error_english: str) -> str | None:
    """Why ``shown`` is not a Japanese reader's text: no Japanese in it, or the core's English sentence in it."""
    if not JAPANESE.search(shown):
        return f"no Japanese in {shown!r}"
    if error_english and error_english in shown:
        return f"the core's English {error_english!r} in {shown!r}"
    return None


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize("code", list(ErrorCode), ids=[code.value for code in ErrorCode])
def test_every_code_is_worded_in_japanese_with_its_fields_filled_in(code: ErrorCode) -> None:
    english = "the core's English sentence"
    shown = error_text(ScorekeeperError(english, code=code, fields=FIELDS))
    assert _untranslated(shown, english) is None
    assert "{" not in shown, shown  # every field the wording names is given


@pytest.mark.parametrize("code", list(ErrorCode), ids=[code.value for code in ErrorCode])
def test_an_english_window_shows_the_core_sentence_as_it_is(code: ErrorCode) -> None:
    error = ScorekeeperError("seat 0 (Ann) has 700 points: riichi needs 1000 under ruleset 'tenhou'", code=code)
    assert error_text(error) == str(error)


@pytest.mark.usefixtures("japanese")
def test_an_error_without_a_code_is_led_by_a_japanese_sentence_for_its_kind() -> None:
    shown = error_text(IllegalActionError("a penalty's reason must be a text"))
    assert shown == "今はこの操作はできません: a penalty's reason must be a text"


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("12x3m", "「12x3m」の 3 文字目 (x) は牌の表記ではありません。牌は数字の後に m・p・s・z を付けて書きます。"),
        ("123m8z", "8z という牌はありません (「123m8z」の 5 文字目)。"),
        ("m12", "「m12」の 1 文字目の「m」の前に数字がありません。"),
    ],
    ids=["unexpected-character", "no-such-tile", "letter-without-digits"],
)
def test_bad_tile_notation_typed_in_the_hand_entry_is_said_in_japanese(qtbot: QtBot, typed: str, expected: str) -> None:
    entry = HandEntryWidget()
    qtbot.addWidget(entry)
    entry.show()
    qtbot.keyClicks(entry.text_field, typed)
    assert entry.text_error.isVisible()
    assert entry.text_error.text() == expected
    with pytest.raises(TileParseError) as refused:
        entry.set_hand_text(typed)
    assert _untranslated(entry.text_error.text(), str(refused.value)) is None


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    ("name", "act", "expected"),
    [
        (
            "riichi twice",
            lambda window: window.controller.apply(RiichiDeclared(Seat(1))),
            "Bo はこの局ですでに立直しています。",
        ),
        (
            "an action after the end",
            lambda window: window.controller.apply(EndGame()) and window.controller.apply(RiichiDeclared(Seat(0))),
            "対局はすでに終了しています (0 局)。",
        ),
        ("redo with nothing undone", lambda window: window.controller.redo(), "やり直せる操作はありません。"),
    ],
    ids=lambda value: value.replace(" ", "-") if isinstance(value, str) and not JAPANESE.search(value) else "",
)
def test_a_table_action_the_session_refuses_is_said_in_japanese(
    window: MainWindow, name: str, act: Callable[[MainWindow], object], expected: str
) -> None:
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.apply(RiichiDeclared(Seat(1)))
    assert not act(window), name
    assert window.message_label.text() == expected


def _new_tournament(qtbot: QtBot, tmp_path: Path, *, name: str, players: Path) -> NewTournamentDialog:
    dialog = NewTournamentDialog(ask_open=lambda _owner: players, ask_save=lambda _owner: tmp_path / "t.db")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edit, name)
    click(qtbot, dialog.browse_button)
    click(qtbot, dialog.create_button)
    assert dialog.created is None
    return dialog


@pytest.mark.usefixtures("japanese")
def test_new_tournament_refusals_are_said_in_japanese(qtbot: QtBot, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn\nBo\nChie\nDai\n", encoding="utf-8")
    dialog = _new_tournament(qtbot, tmp_path, name="", players=players)
    assert dialog.problem_label.text() == "大会名を入力してください。"
    dialog.close()

    dialog = _new_tournament(qtbot, tmp_path, name="Autumn Open", players=tmp_path / "nothing.csv")
    assert dialog.problem_label.text() == f"{tmp_path / 'nothing.csv'}: ファイルを読み込めません。"
    dialog.close()

    latin = tmp_path / "latin.csv"
    latin.write_bytes("name\nJosé\nBo\nChie\nDai\n".encode("latin-1"))
    dialog = _new_tournament(qtbot, tmp_path, name="Autumn Open", players=latin)
    expected = f"{latin}: ファイルは UTF-8 のテキストでなければなりません (8 バイト目が違います)。"
    assert dialog.problem_label.text() == expected
    dialog.close()


def _real_join(login: TableLogin) -> Callable[[], JoinedGame]:
    from scorekeeper.sync.table import reach_table

    reach_table(login)
    raise AssertionError("the test's server refuses every connection")  # pragma: no cover


@pytest.mark.usefixtures("japanese")
def test_a_refused_join_says_both_lines_in_japanese(qtbot: QtBot) -> None:
    with socket.socket() as closed:  # a port nobody listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    dialog = JoinTournamentDialog(join=_real_join)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.server_edit, f"127.0.0.1:{port}")
    qtbot.keyClicks(dialog.tournament_edit, "spring")
    qtbot.keyClicks(dialog.code_edit, "k7qx-m2pd-9tra")
    click(qtbot, dialog.join_button)
    qtbot.waitUntil(lambda: not dialog.connecting, timeout=15_000)
    plain, reason = dialog.status_label.text().split("\n", 1)
    assert plain == (
        f"127.0.0.1:{port} で応答するものがありません。アドレスとポート、サーバーが動いているかを確認してください。"
    )
    server = f"spring_table1@127.0.0.1:{port}/spring"
    assert reason == f"大会サーバー {server}: そのアドレスとポートで接続を受け付けているものがありません。"
    assert not _english_words(reason.replace(server, "")), reason  # libpq's words are not quoted
    dialog.close()


@pytest.mark.usefixtures("japanese")
def test_a_join_with_a_wrong_code_says_both_lines_in_japanese_without_the_drivers_words(
    qtbot: QtBot, tournament: Tournament
) -> None:
    tournament.table_url(1)  # the table's login exists; the code typed is not its code
    dialog = JoinTournamentDialog(join=_reach_only)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.server_edit, f"127.0.0.1:{tournament.server.port}")
    qtbot.keyClicks(dialog.tournament_edit, tournament.database)
    qtbot.keyClicks(dialog.code_edit, "k7qx-m2pd-9tra")
    click(qtbot, dialog.join_button)
    qtbot.waitUntil(lambda: not dialog.connecting, timeout=15_000)
    plain, reason = dialog.status_label.text().split("\n", 1)
    assert plain == "サーバーがこの卓のログインを拒否しました。大会名、卓番号、コードを確認してください。"
    server = f"{tournament.database}_table1@127.0.0.1:{tournament.server.port}/{tournament.database}"
    assert reason == f"大会サーバー {server} がログインを拒否しました。"
    assert "password" not in reason and "k7qx" not in reason.lower()
    dialog.close()


def _reach_only(login: TableLogin) -> Callable[[], JoinedGame]:
    from scorekeeper.sync.table import reach_table

    reach_table(login)
    raise AssertionError("the code typed is wrong: the server refuses the login")  # pragma: no cover


@pytest.mark.usefixtures("japanese")
def test_new_game_refuses_an_uma_that_does_not_add_up_in_japanese(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    first = dialog.knob_widgets["uma"].findChildren(QSpinBox)[0]
    first.setValue(25)
    click(qtbot, dialog.start_button)
    assert dialog.error_label.text() == (
        "ウマ (1位〜4位、千点単位): 4 つの数の合計を 0 にしてください (25, 10, -10, -20 ではなく)。"
    )


@pytest.mark.usefixtures("japanese")
def test_a_chi_that_is_no_run_is_said_in_japanese(qtbot: QtBot) -> None:
    entry = HandEntryWidget()
    qtbot.addWidget(entry)
    entry.show()
    click(qtbot, entry.target_buttons[EntryTarget.CHI])
    for name in ("pick_8m", "pick_9m", "pick_1p"):
        button = entry.picker.findChild(QAbstractButton, name)
        assert button is not None, name
        click(qtbot, button)
    expected = "この手牌はありえません: 89m1p はチーになりません (チーは同じ種類の数牌が 3 枚続いたものです)。"
    assert entry.target_hint.text() == expected


@pytest.mark.usefixtures("japanese")
def test_the_referee_window_says_a_seating_file_it_cannot_read_in_japanese(qtbot: QtBot, tmp_path: Path) -> None:
    answers = _Answers()
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(TournamentSettings(name="Test Open", sessions=2), [Player(name=n) for n in names(8)])
        controller = TournamentController(store)
        shown = RefereeWindow(controller, dialogs=answers.dialogs())
        qtbot.addWidget(shown)
        shown.show()
        shown.tabs.setCurrentIndex(1)
        shown.method_combo.setCurrentIndex(shown.method_combo.findData(SeatingMethod.FILE.value))
        answers.files.append(tmp_path / "missing.csv")
        click(qtbot, shown.seat_button)
        latin = tmp_path / "latin.csv"
        latin.write_bytes(b"table,east,south,west,north\n1,\xff,b,c,d\n")
        answers.files.append(latin)
        click(qtbot, shown.seat_button)
        controller.stop_timer()
        shown.close()
    assert len(answers.errors) == 2
    for shown_text, english in zip(answers.errors, ("cannot read the file", "must be UTF-8 text"), strict=True):
        assert _untranslated(shown_text, english) is None
    assert answers.errors[0] == f"座席: {tmp_path / 'missing.csv'}: ファイルを読み込めません。"


@pytest.mark.usefixtures("japanese")
def test_a_refused_name_is_said_by_its_reason_in_japanese() -> None:
    with pytest.raises(PlayerNameError) as refused:
        check_player_names(("Ann", "ann", "Chie", "Dai"))
    assert error_text(refused.value) == "同じ名前の参加者がいます (大文字と小文字は区別しません)。"


#: English words a Japanese reader may meet in a hand's refusal: the notation's own words (meld types one types in
#: the text field, the ruleset's name, the knob's name) and nothing else.
NOTATION_WORDS = frozenset({"chi", "pon", "minkan", "ankan", "shouminkan", "tenhou"})


def _english_words(shown: str, typed: str = "") -> list[str]:
    """Words of English in ``shown`` (three letters or more), other than the notation's own words and words typed."""
    known = NOTATION_WORDS | set(re.findall(r"[a-z]+", typed.lower()))
    return [word for word in re.findall(r"\b[A-Za-z]{3,}\b", shown) if word.lower() not in known]


def _hand_entry(qtbot: QtBot, *, riichi: bool = False, tsumo: bool = False, seat: str = "S") -> HandEntryWidget:
    entry = HandEntryWidget()
    qtbot.addWidget(entry)
    entry.set_context(rules=hand_rules("tenhou"), tsumo=tsumo, seat_wind=seat, round_wind="E", riichi=riichi)
    entry.show()
    return entry


def _shown(entry: HandEntryWidget) -> str:
    """What the entry says about the hand: the text field's refusal when there is one, else the hand's line."""
    return entry.text_error.text() if entry.text_error.isVisible() else entry.message()


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("11111m234p567s22z 2z", "この手牌はありえません: 1m が 5 枚あります。同じ牌は 4 枚しかありません。"),
        (
            "123m406p789s005m55z",
            "この手牌はありえません: 赤 5 の 0m が 2 枚あります。tenhou の牌には 1 枚しかありません"
            " (ルール設定 red_fives_per_suit)。",
        ),
        ("123m456p11z 1z 124m+chi", "124m はチーになりません (チーは同じ種類の数牌が 3 枚続いたものです)。"),
        ("123m456p11z 1z 12m+pon", "12m はポンになりません。ポンは 3 枚です (2 枚ではありません)。"),
        ("123m456p11z 1z 1122z+ankan", "1122z は暗槓になりません。暗槓は同じ牌 4 枚です。"),
        (
            "123m456p11z 1z 123m+kong",
            "「kong」という副露の種類はありません。種類は chi・pon・minkan・shouminkan・ankan です。",
        ),
    ],
    ids=["fifth-copy", "red-fives", "chi-not-a-run", "pon-of-two", "kan-of-two-kinds", "unknown-meld"],
)
def test_a_bad_hand_typed_in_the_hand_entry_is_said_in_japanese(qtbot: QtBot, typed: str, expected: str) -> None:
    entry = _hand_entry(qtbot)
    qtbot.keyClicks(entry.text_field, typed)
    shown = _shown(entry)
    assert shown == expected
    assert not _english_words(shown, typed), shown
    english = RiichiDraft(hand_rules("tenhou"))
    try:
        english.set_text(typed)
        error = english.evaluation().error
    except ScorekeeperError as refused:
        error = refused
    assert error is not None and error.code is not None
    assert _untranslated(shown, str(error)) is None


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    ("typed", "conditions", "context", "expected"),
    [
        (
            "123m456p111z2z 2z 789s+chi",
            (),
            {"riichi": True},
            "この和了条件は両立しません: 副露した手では立直できません。立直は門前の手だけです。",
        ),
        (
            "123m456p789s111z2z 2z",
            ("tenhou",),
            {"tsumo": True, "seat": "E"},
            "",  # a dealer's tenhou by tsumo: a hand, no refusal (the next case takes the dealer's seat away)
        ),
    ],
    ids=["riichi-then-chi", "tenhou-as-dealer"],
)
def test_win_conditions_that_contradict_the_hand_are_said_in_japanese(
    qtbot: QtBot, typed: str, conditions: tuple[str, ...], context: dict[str, Any], expected: str
) -> None:
    entry = _hand_entry(qtbot, **context)
    qtbot.keyClicks(entry.text_field, typed)
    for name in conditions:
        click(qtbot, entry.condition_boxes[name])
    if not expected:
        assert entry.result() is not None, entry.message()
        entry.set_context(rules=hand_rules("tenhou"), tsumo=True, seat_wind="S", round_wind="E")
        expected = "この和了条件は両立しません: 子の天和はありません。天和は親の第一ツモでの和了です。"
    shown = _shown(entry)
    assert shown == expected
    assert not _english_words(shown), shown


@pytest.mark.usefixtures("japanese")
def test_a_chi_tapped_after_riichi_is_said_in_japanese(qtbot: QtBot) -> None:
    entry = _hand_entry(qtbot, riichi=True)
    qtbot.keyClicks(entry.text_field, "123m456p111z2z")
    click(qtbot, entry.target_buttons[EntryTarget.CHI])
    for name in ("pick_7s", "pick_8s", "pick_9s"):
        button = entry.picker.findChild(QAbstractButton, name)
        assert button is not None, name
        click(qtbot, button)
    assert entry.wait_buttons, entry.message()
    click(qtbot, entry.wait_buttons[0])
    shown = _shown(entry)
    assert shown == "この和了条件は両立しません: 副露した手では立直できません。立直は門前の手だけです。"
    assert not _english_words(shown), shown


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    "code",
    [
        code
        for code in ErrorCode
        if code.value.startswith(("hand_", "meld_", "condition_", "classical_", "extra_"))
        and code is not ErrorCode.CONDITION_UNKNOWN
    ],
    ids=lambda code: code.value,
)
def test_every_hand_refusal_is_worded_without_english_words(code: ErrorCode) -> None:
    fields = FIELDS | {"ruleset": "tenhou"}  # a hand's ruleset (an unknown condition is worded by its own name)
    shown = error_text(InvalidHandError("the engine's English sentence", code=code, fields=fields))
    assert not _english_words(shown), shown


@pytest.mark.usefixtures("japanese")
@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("11111m234p567s22z 2z", "この手は成立しません: 1m が 5 枚あります。同じ牌は 4 枚しかありません。"),
        ("123m406p789s111z2z 2z", "この手は成立しません: 赤 5 (0p) があります。古典ルールには赤 5 がありません。"),
    ],
    ids=["fifth-copy", "red-five"],
)
def test_a_bad_classical_hand_typed_is_said_in_japanese(qtbot: QtBot, typed: str, expected: str) -> None:
    entry = ClassicalEntryWidget()
    qtbot.addWidget(entry)
    entry.set_context(rules=classical_rules("classical"), tsumo=False, seat_wind="S", round_wind="E")
    entry.show()
    qtbot.keyClicks(entry.text_field, typed)
    shown = _shown_classical(entry)
    assert shown == expected
    assert not _english_words(shown), shown


def _shown_classical(entry: ClassicalEntryWidget) -> str:
    return entry.text_error.text() if entry.text_error.isVisible() else entry.message()
