"""The referee's window: seat a session, record games, penalties, substitutes, drop-outs, the timer, exports."""

from __future__ import annotations

import datetime
import json
import os
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.errors import TournamentError
from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
from scorekeeper.gui.referee.correction import copy_for_correction, corrections_made
from scorekeeper.gui.referee.penalty import PenaltyAnswer, TournamentPenaltyDialog
from scorekeeper.gui.referee.substitute import SubstituteDialog
from scorekeeper.session import EndGame, HandDeleted, Session, format_record, record_from_session, ruleset
from scorekeeper.session.events import (
    Chombo,
    Event,
    ExhaustiveDraw,
    HanFuWin,
    LastHandCalled,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    event_from_json,
)
from scorekeeper.session.seats import Seat
from scorekeeper.storage import GameStore
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import (
    PenaltyKind,
    Player,
    SeatingMethod,
    TableGame,
    TimeLimitRule,
    TournamentPenalty,
    TournamentSettings,
)
from tests.pgserver import TestServer
from tests.sync import steps
from tests.tournament.builders import names, ron
from tests.tournament_db import Tournament


class _Answers:
    """Scripted answers to the window's questions, and the errors it showed."""

    def __init__(self) -> None:
        self.files: deque[Path | None] = deque()
        self.texts: deque[str | None] = deque()
        self.secrets: deque[str | None] = deque()
        self.penalties: deque[PenaltyAnswer | None] = deque()
        self.substitutes: deque[tuple[str, str, str] | None] = deque()
        self.offered: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
        self.errors: list[str] = []
        self.confirms: deque[bool] = deque()
        self.questions: list[str] = []

    def _substitute(self, table: int, seated: tuple[str, ...], free: tuple[str, ...]) -> tuple[str, str, str] | None:
        self.offered.append((table, seated, free))
        return self.substitutes.popleft()

    def dialogs(self) -> RefereeDialogs:
        return RefereeDialogs(
            open_file=lambda _parent, _title, _filter: self.files.popleft(),
            save_file=lambda _parent, _title, _filter: self.files.popleft(),
            text=lambda _parent, _title, _label: self.texts.popleft(),
            secret=lambda _parent, _title, _label: self.secrets.popleft(),
            penalty=lambda _parent, _names, _tables, _rules: self.penalties.popleft(),
            player_name=lambda _parent, _title, _taken: self.texts.popleft(),
            error=lambda _parent, text: self.errors.append(text),
            substitute=lambda _parent, table, seated, free: self._substitute(table, seated, free),
            confirm=lambda _parent, _title, text: self._confirm(text),
        )

    def _confirm(self, text: str) -> bool:
        self.questions.append(text)
        return self.confirms.popleft()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TournamentStore]:
    with open_tournament_store(tmp_path / "open.db") as opened:
        players = [Player(name=n, country="FR", team="Red" if k % 2 else "Blue") for k, n in enumerate(names(8))]
        opened.create(
            TournamentSettings(
                name="Test Open",
                sessions=2,
                time_limit_minutes=90,
                time_limit_rule=TimeLimitRule.FINISH_HAND,
                teams=True,
            ),
            [*players, Player(name="Sub001", substitute=True)],
        )
        yield opened


@pytest.fixture
def answers() -> _Answers:
    return _Answers()


@pytest.fixture
def window(qtbot: QtBot, store: TournamentStore, answers: _Answers) -> Iterator[RefereeWindow]:
    controller = TournamentController(store)
    shown = RefereeWindow(controller, dialogs=answers.dialogs())
    qtbot.addWidget(shown)
    shown.show()
    yield shown
    controller.stop_timer()
    shown.close()
    shown.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _record(tmp_path: Path, seats: tuple[str, ...], winner: int) -> Path:
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(winner, (winner + 1) % 4))
    game.apply(EndGame("time limit"))
    path = tmp_path / f"game-{seats[0]}.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    return path


def test_a_referee_seats_a_session_records_the_games_and_sees_the_standings(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    assert window.seating_table.rowCount() == 2
    seating = window.controller.seating()
    assert seating is not None
    window.tabs.setCurrentIndex(2)
    for table in seating.tables:
        answers.files.append(_record(tmp_path, table.seats, winner=1))
        window.record_table_spin.setValue(table.table)
        qtbot.mouseClick(window.record_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    assert window.tables_summary.text() == "2 of 2 tables finished"
    assert not window.seat_button.isEnabled()  # a session with games keeps its seating
    window.tabs.setCurrentIndex(3)
    assert window.standings_table.rowCount() == 8
    top = window.standings_table.item(0, 2)
    assert top is not None
    assert top.text() == "23.0"  # EMA 2016: a mangan ron, +8.0 and the +15 uma
    assert window.teams_table.isVisible()


def test_a_penalty_reaches_the_standings_and_the_penalty_list(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers
) -> None:
    answers.penalties.append(PenaltyAnswer(kind=PenaltyKind.FREE, player="P003", points=-20000, reason="late"))
    window.tabs.setCurrentIndex(4)
    qtbot.mouseClick(window.penalty_button, Qt.MouseButton.LeftButton)
    assert window.penalties_table.rowCount() == 1
    points = window.penalties_table.item(0, 1)
    assert points is not None
    assert points.text() == "-20.0"
    last = window.controller.standings.rows[-1]
    assert (last.player, last.points_tenths) == ("P003", -200)


def test_a_substitute_and_a_drop_out(qtbot: QtBot, window: RefereeWindow, answers: _Answers) -> None:
    answers.texts.append("Sub002")
    qtbot.mouseClick(window.add_substitute_button, Qt.MouseButton.LeftButton)
    assert window.players_table.rowCount() == 10
    window.players_table.selectRow(0)
    window.session_spin.setValue(2)
    qtbot.mouseClick(window.drop_out_button, Qt.MouseButton.LeftButton)
    player = window.controller.tournament.players[0]
    assert player.dropped_after == 1
    role = window.players_table.item(0, 5)
    assert role is not None
    assert role.text() == "dropped out after session 1"


@pytest.mark.parametrize("seat_again", [True, False], ids=["seated-again", "left-as-it-is"])
def test_a_drop_out_after_the_next_session_was_seated_offers_to_seat_it_again(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, store: TournamentStore, tmp_path: Path, seat_again: bool
) -> None:
    # Issue 23 item 4: the player stayed seated, and their game in that session was accepted.
    window.controller.seat(SeatingMethod.AUTO)
    window.session_spin.setValue(2)
    window.controller.seat(SeatingMethod.AUTO)
    leaving = window.controller.tournament.players[0].name
    window.players_table.selectRow(0)
    answers.confirms.append(seat_again)
    qtbot.mouseClick(window.drop_out_button, Qt.MouseButton.LeftButton)  # after session 1
    assert answers.questions == [
        f"{leaving} is seated in session 2, which was seated before this drop-out. Seat session 2 again without them?"
    ]
    seating = window.controller.tournament.seating(2)
    assert seating is not None
    assert (leaving in seating.names) is not seat_again
    assert answers.errors == []
    if not seat_again:
        # The game of that session with them at the table is refused now (the mirror of the drop-out's check).
        table = next(t for t in seating.tables if leaving in t.seats)
        window.session_spin.setValue(2)
        answers.files.append(_record(tmp_path, table.seats, 1))
        window.record_table_spin.setValue(table.table)
        qtbot.mouseClick(window.record_button, Qt.MouseButton.LeftButton)
        assert len(answers.errors) == 1
        assert f"{leaving} dropped out after session 1: seat session 2 again without them" in answers.errors[0]


def test_a_refused_action_shows_its_reason(qtbot: QtBot, window: RefereeWindow, answers: _Answers) -> None:
    answers.texts.append("p001")  # a name already taken, ignoring case
    qtbot.mouseClick(window.add_substitute_button, Qt.MouseButton.LeftButton)
    assert len(answers.errors) == 1
    assert "listed twice" in answers.errors[0]


def test_the_session_clock_counts_down_and_says_when_time_is_up(qtbot: QtBot, window: RefereeWindow) -> None:
    now = [1000.0]
    window.controller._now = lambda: now[0]
    assert window.timer_label.text() == "90:00"
    qtbot.mouseClick(window.start_timer_button, Qt.MouseButton.LeftButton)
    now[0] += 61
    window.controller.timer_ticked.emit()
    assert window.timer_label.text() == "88:59"
    now[0] += 90 * 60
    window.controller.timer_ticked.emit()
    assert window.timer_label.text() == "Time is up"


def test_end_the_games_now_under_finish_hand_makes_the_hand_in_play_the_last_and_the_table_enters_it(
    qtbot: QtBot, window: RefereeWindow, store: TournamentStore, tmp_path: Path
) -> None:
    # The rule this tournament names, finish_hand: the game is not ended at once (its table could not enter the
    # hand it is finishing); it is told the hand in play is the last, and the table's next hand ends it.
    assert window.controller.tournament.settings.time_limit_rule is TimeLimitRule.FINISH_HAND
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    game = Session(ruleset("ema2016"), seating.tables[0].seats)
    game.apply(ron(1, 0))
    path = tmp_path / "running.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    window.controller.record_game(1, path)
    assert window.controller.standings.games_running == 1
    qtbot.mouseClick(window.end_games_button, Qt.MouseButton.LeftButton)
    assert window.controller.standings.games_running == 1
    assert window.cards[0].state_label.text() == "playing E2, last hand"
    told = window.controller.tournament.game(1, 1)
    assert told is not None and told.events[-1] == LastHandCalled("time limit")
    qtbot.mouseClick(window.end_games_button, Qt.MouseButton.LeftButton)  # a second press changes nothing
    again = window.controller.tournament.game(1, 1)
    assert again is not None and again.events == told.events
    # The table finishes its hand and sends it: accepted, and the game is over with the sheet of an end after it.
    store.append_events(told.game_id, len(told.events), (RiichiDeclared(Seat(2)), ExhaustiveDraw((Seat(2),))))
    window.controller.reload()
    assert window.controller.standings.games_running == 0
    assert window.cards[0].state_label.text() == "finished"
    done = window.controller.tournament.game(1, 1)
    assert done is not None
    state = done.state(window.controller.tournament.settings)
    plain = Session(ruleset("ema2016"), seating.tables[0].seats, (*game.events, *done.events[-2:], EndGame("")))
    assert state.final == plain.state.final


def test_end_the_games_now_under_stop_now_ends_the_running_games_at_once(qtbot: QtBot, tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "stop.db") as store:
        settings = TournamentSettings(name="Stop Open", sessions=1, time_limit_rule=TimeLimitRule.STOP_NOW)
        store.create(settings, [Player(name=n) for n in names(4)])
        controller = TournamentController(store)
        controller.seat(SeatingMethod.AUTO)
        seating = controller.seating()
        assert seating is not None
        game = Session(ruleset("ema2016"), seating.tables[0].seats)
        game.apply(ron(1, 0))
        path = tmp_path / "running.json"
        path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
        assert controller.record_game(1, path)
        assert controller.end_games_at_time_limit() == 1
        assert controller.standings.games_running == 0
        controller.deleteLater()


def test_exports_write_files(qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path) -> None:
    target = tmp_path / "ema.csv"
    answers.files.append(target)
    window.tabs.setCurrentIndex(3)
    button = window.findChild(QWidget, "export_ema_button")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert target.read_bytes().decode("utf-8-sig").startswith("rank,player,ema_id,country,points,base_rank")


def test_the_main_window_opens_the_referee_window_from_the_tournament_menu(
    qtbot: QtBot, tmp_path: Path, store: TournamentStore
) -> None:
    from scorekeeper.gui.app import create_main_window
    from scorekeeper.gui.main_window import Dialogs
    from scorekeeper.gui.settings import AppSettings

    main = create_main_window(
        tmp_path / "data",
        settings=AppSettings(),
        dialogs=Dialogs(ask_tournament_path=lambda _parent: tmp_path / "open.db", new_game=lambda _p, _s: None),
    )
    qtbot.addWidget(main)
    action = next(a for a in main.findChildren(QAction) if a.text() == "&Referee's window…")
    action.trigger()
    referees = [w for w in QApplication.topLevelWidgets() if isinstance(w, RefereeWindow) and w.isVisible()]
    assert len(referees) == 1
    assert referees[0].windowTitle() == "Referee: Test Open"
    referees[0].close()  # deletes itself on close, closing its store
    main.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_correction_made_in_the_table_view_reaches_the_tournament_game(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    window.controller.record_game(1, _record(tmp_path, seating.tables[0].seats, winner=1))
    winner = seating.tables[0].seats[1]
    before = next(r for r in window.controller.standings.rows if r.player == winner).points_tenths
    assert before == 230
    window.dialogs.correct = lambda _parent, _game, _settings: (HandDeleted(0),)  # the ron never happened
    window.tabs.setCurrentIndex(2)
    window.record_table_spin.setValue(1)
    qtbot.mouseClick(window.correct_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    after = next(r for r in window.controller.standings.rows if r.player == winner).points_tenths
    assert after == 0  # no hand left: four tied on 30,000 share the uma (+15 +5 -5 -15) evenly


def test_corrections_are_the_events_added_after_the_recorded_log(tmp_path: Path) -> None:
    settings = TournamentSettings(name="T")
    seats = names(4)
    game = TableGame(
        game_id="g", session=1, table=1, players=(seats[0], seats[1], seats[2], seats[3]), events=(ron(1, 0),)
    )
    game_id = copy_for_correction(tmp_path, game, settings)
    with GameStore.open(default_database_path(tmp_path)) as games:
        session = games.load_session(game_id)
        session.apply(HandDeleted(0))
        games.append(game_id, HandDeleted(0), at=1)
    assert corrections_made(tmp_path, game_id, game.events) == (HandDeleted(0),)
    with pytest.raises(TournamentError, match="undoing recorded events"):
        corrections_made(tmp_path, game_id, (*game.events, ron(2, 0)))


def test_a_game_recorded_by_another_program_shows_without_a_reload(
    qtbot: QtBot, window: RefereeWindow, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    seats = seating.tables[0].seats
    with open_tournament_store(tmp_path / "open.db") as other:  # the command line, a second laptop...
        other.add_game(TableGame(game_id="other", session=1, table=1, players=seats, events=(ron(1, 0),)))
    qtbot.waitUntil(lambda: window.controller.standings.games_running == 1, timeout=3000)


def test_the_wall_sheet_and_table_cards_print_to_pdf(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    target = tmp_path / "seating.pdf"
    answers.files.append(target)
    qtbot.mouseClick(window.print_seating_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    assert target.read_bytes().startswith(b"%PDF-")


def test_on_postgresql_a_penalty_given_elsewhere_shows_within_a_second(qtbot: QtBot, pg_server: TestServer) -> None:
    url = pg_server.create_database(f"sk_referee{os.getpid()}")
    with open_tournament_store(url) as server:
        server.create(TournamentSettings(name="Server Open", sessions=2), [Player(name=n) for n in names(8)])
        controller = TournamentController(server)
        shown = RefereeWindow(controller, dialogs=_Answers().dialogs())
        qtbot.addWidget(shown)
        with open_tournament_store(url) as other:  # a second referee laptop
            other.add_penalty(TournamentPenalty(player="P002", points=-5000, reason="phone at the table"))
        qtbot.waitUntil(lambda: shown.penalties_table.rowCount() == 1, timeout=3000)
        shown.close()
        shown.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_on_a_server_the_window_listens_instead_of_polling(qtbot: QtBot, pg_server: TestServer) -> None:
    import psycopg

    from scorekeeper.sync.channels import CHANNEL

    url = pg_server.create_database(f"sk_live{os.getpid()}")
    with open_tournament_store(url) as server:
        server.create(TournamentSettings(name="Live Open", sessions=2), [Player(name=n) for n in names(8)])
        controller = TournamentController(server, live_url=url)
        shown = RefereeWindow(controller, dialogs=_Answers().dialogs())
        qtbot.addWidget(shown)
        assert controller.listening
        with open_tournament_store(url) as other:
            other.add_penalty(TournamentPenalty(player="P002", points=-5000, reason="phone at the table"))
        with psycopg.connect(url, autocommit=True) as announcer:  # what the server's write announces
            announcer.execute("SELECT pg_notify(%s, %s)", (CHANNEL, '{"penalty": "P002"}'))
        qtbot.waitUntil(lambda: shown.penalties_table.rowCount() == 1, timeout=3000)
        controller.stop_listening()
        assert not controller.listening
        shown.close()
        shown.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_new_tournament_from_the_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    from scorekeeper.gui.referee.new_tournament import NewTournamentDialog

    players = tmp_path / "players.csv"
    players.write_text("name,team\n" + "".join(f"{n},Red\n" for n in names(8)), encoding="utf-8")
    target = tmp_path / "autumn.db"
    dialog = NewTournamentDialog(ask_open=lambda _owner: players, ask_save=lambda _owner: target)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert dialog.created is None
    assert "name must not be empty" in dialog.problem_label.text()
    qtbot.keyClicks(dialog.name_edit, "Autumn Open")
    dialog.sessions_spin.setValue(6)
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert dialog.created is not None
    path, settings, roster = dialog.created
    assert (path, settings.name, settings.sessions, settings.preset) == (target, "Autumn Open", 6, "ema2016")
    assert [p.name for p in roster] == list(names(8))
    dialog.close()


def test_the_main_window_creates_a_tournament_and_opens_its_referee_window(qtbot: QtBot, tmp_path: Path) -> None:
    from scorekeeper.gui.app import create_main_window
    from scorekeeper.gui.main_window import Dialogs
    from scorekeeper.gui.settings import AppSettings

    target = tmp_path / "autumn.db"
    settings = TournamentSettings(name="Autumn Open", sessions=4)
    roster = tuple(Player(name=n) for n in names(8))
    main = create_main_window(
        tmp_path / "data",
        settings=AppSettings(),
        dialogs=Dialogs(new_tournament=lambda _parent: (target, settings, roster), new_game=lambda _p, _s: None),
    )
    qtbot.addWidget(main)
    action = next(a for a in main.findChildren(QAction) if a.text() == "&New tournament…")
    action.trigger()
    referees = [w for w in QApplication.topLevelWidgets() if isinstance(w, RefereeWindow) and w.isVisible()]
    assert len(referees) == 1
    assert referees[0].players_table.rowCount() == 8
    referees[0].close()
    main.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    with open_tournament_store(target) as store:
        assert store.load().settings == settings


def test_a_seating_file_that_cannot_be_read_is_a_message_not_a_crash(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.tabs.setCurrentIndex(1)
    window.method_combo.setCurrentIndex(window.method_combo.findData(SeatingMethod.FILE.value))
    answers.files.append(tmp_path / "missing.csv")
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"table,east,south,west,north\n1,\xff,b,c,d\n")
    answers.files.append(binary)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    assert len(answers.errors) == 2
    assert "missing.csv" in answers.errors[0]
    assert "must be UTF-8 text" in answers.errors[1]
    assert window.controller.seating() is None


def _referee_window(qtbot: QtBot, store: TournamentStore, url: str, answers: _Answers) -> RefereeWindow:
    shown = RefereeWindow(TournamentController(store, server_url=url), dialogs=answers.dialogs())
    qtbot.addWidget(shown)
    shown.tabs.setCurrentIndex(2)
    shown.record_table_spin.setValue(1)
    return shown


def _close(shown: RefereeWindow) -> None:
    shown.controller.shutdown()
    shown.close()
    shown.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_on_a_server_a_correction_bumps_the_games_version_and_the_standings(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path
) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    answers = _Answers()
    with tournament.store() as store, tournament.referee() as referee:
        shown = _referee_window(qtbot, store, tournament.referee_url, answers)
        game = shown.controller.tournament.game(1, 1)
        assert game is not None
        before = referee.game(game.game_id).version
        late = RefereePenalty(seat=Seat(1), points=-1000, reason="late")
        shown.dialogs.correct = lambda _parent, _game, _settings: (late,)
        qtbot.mouseClick(shown.correct_button, Qt.MouseButton.LeftButton)
        assert answers.errors == []
        held = referee.game(game.game_id)
        assert held.version == before + 1
        assert event_from_json(json.loads(held.bodies[-1])) == late
        folded = dict(zip(held.players, held.session_object().state.standings().points_tenths, strict=True))
        ranked = {row.player: row.points_tenths for row in shown.controller.standings.rows if row.games}
        assert folded == ranked  # the window's standings took the correction: the server's game folded
        # The table, still on the old position, writes: its push is refused, it takes the server's copy.
        steps.append(table, game_id, RiichiDeclared(Seat(2)))
        with TableSync(table.path, login.url) as sync:
            assert "changed on the server" in sync.push().problem
            sync.take_server_copy(game_id)
        assert table.load(game_id).events[-1] == late
        _close(shown)


def test_on_a_server_a_correction_refused_when_the_table_pushed_during_it(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path
) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    answers = _Answers()
    with tournament.store() as store, tournament.referee() as referee:
        shown = _referee_window(qtbot, store, tournament.referee_url, answers)
        game = shown.controller.tournament.game(1, 1)
        assert game is not None

        def table_pushes_meanwhile(_parent: QWidget, _game: TableGame, _settings: TournamentSettings) -> tuple[Event]:
            steps.append(table, game_id, RiichiDeclared(Seat(2)))
            with TableSync(table.path, login.url) as sync:
                assert sync.push().synced
            return (HandDeleted(0),)

        shown.dialogs.correct = table_pushes_meanwhile
        qtbot.mouseClick(shown.correct_button, Qt.MouseButton.LeftButton)
        assert len(answers.errors) == 1
        assert "changed since its game was read" in answers.errors[0]
        held = referee.game(game.game_id)
        assert [event_from_json(json.loads(body)) for body in held.bodies] == [*table.load(game_id).events]
        _close(shown)


def test_on_a_file_every_table_is_local(qtbot: QtBot, window: RefereeWindow) -> None:
    window.tabs.setCurrentIndex(2)
    window.controller.seat(SeatingMethod.AUTO)
    assert [card.link_label.text() for card in window.cards] == ["local (no server)"] * 2


def test_on_a_server_each_table_shows_synced_offline_held_or_not_joined(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path
) -> None:
    import psycopg

    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with tournament.store() as store:
        shown = _referee_window(qtbot, store, tournament.referee_url, _Answers())

        def links() -> list[str]:
            return [card.link_label.text() for card in shown.cards]

        qtbot.waitUntil(lambda: links()[0].startswith("synced at "))  # read in the background
        assert links()[1] == "not joined"
        assert shown.cards[0].link_label.styleSheet() == ""
        with psycopg.connect(tournament.admin_url, autocommit=True) as admin:  # an hour without a word from table 1
            admin.execute("UPDATE games SET updated = %s WHERE table_no = 1", ("2026-01-01T09:00:00+00:00",))
        shown.controller.reload()
        quiet = "offline? nothing since " + datetime.datetime(2026, 1, 1, 9, tzinfo=datetime.UTC).astimezone().strftime(
            "%H:%M"
        )
        qtbot.waitUntil(lambda: links()[0] == quiet)
        assert "bold" in shown.cards[0].link_label.styleSheet()
        other, other_id, _other_login = tournament.join(tmp_path, 2)  # table 2 joins; changes 2.. arrive, 1 is late
        steps.append(other, other_id, RiichiDeclared(Seat(0)))
        steps.append(other, other_id, RiichiDeclared(Seat(1)))
        with LocalOutbox.open(other.path) as outbox:
            link = outbox.link_of(other_id)
            ops = outbox.pending(other_id)
        assert link is not None
        with tournament.referee() as referee:
            referee.push(link.server_game, ops[1:])
        shown.controller.reload()
        qtbot.waitUntil(lambda: links()[1] == f"{len(ops) - 1} changes held on the server")
        _close(shown)


def test_on_a_server_the_referee_makes_a_table_code_that_logs_in(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path
) -> None:
    from scorekeeper.sync.server import TournamentServer

    answers = _Answers()
    with tournament.store() as store:
        shown = _referee_window(qtbot, store, tournament.referee_url, answers)
        assert not shown.code_button.isHidden()
        shown.record_table_spin.setValue(2)
        answers.secrets.append("not an address")
        qtbot.mouseClick(shown.code_button, Qt.MouseButton.LeftButton)
        assert answers.errors == ["Table code: the admin address is a postgresql:// URL"]
        answers.secrets.append(tournament.admin_url)
        qtbot.mouseClick(shown.code_button, Qt.MouseButton.LeftButton)
        text = shown.code_label.text()
        assert text.startswith("Table 2: code ")
        code = text.removeprefix("Table 2: code ").split(" ")[0]
        url = tournament.server.url(tournament.database, user=f"{tournament.database}_table2", password=code)
        with TournamentServer.connect(url) as table:
            assert table.my_table() == 2
        _close(shown)


def test_on_a_file_there_is_no_table_code(qtbot: QtBot, window: RefereeWindow) -> None:
    assert window.code_button.isHidden()


def test_the_penalty_list_shows_a_chombo_at_a_table_where_it_was_given(
    qtbot: QtBot, window: RefereeWindow, store: TournamentStore
) -> None:
    # The standings' penalties column counts it; the Penalties tab must show where it came from and why.
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    table = seating.tables[1]
    store.add_game(
        TableGame(game_id="s1-t2", session=1, table=2, players=table.seats, events=(Chombo(Seat(2)), EndGame("t")))
    )
    window.controller.reload()
    window.tabs.setCurrentIndex(4)
    rows = [
        tuple(cell.text() for column in range(4) if (cell := window.penalties_table.item(row, column)) is not None)
        for row in range(window.penalties_table.rowCount())
    ]
    assert rows == [(table.seats[2], "-20.0", "session 1, Table 2", "chombo in E1")]
    row = next(r for r in window.controller.standings.rows if r.player == table.seats[2])
    assert row.penalties_tenths == -200


def test_end_the_games_now_names_a_table_that_wrote_meanwhile_and_tells_it_by_itself(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, store: TournamentStore, tmp_path: Path
) -> None:
    # Table 1 sends a hand after the window last read it: its end is refused (the window had an old copy), but
    # table 2 must still be ended; before, the first refusal stopped the loop and table 2 kept running.
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    for table in seating.tables:
        game = Session(ruleset("ema2016"), table.seats)
        game.apply(ron(1, 0))
        path = tmp_path / f"running{table.table}.json"
        path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
        assert window.controller.record_game(table.table, path)
    first = window.controller.tournament.game(1, 1)
    assert first is not None
    store.append_events(first.game_id, len(first.events), (RiichiDeclared(Seat(2)),))
    # The retry 0.2 s after a refusal instead of the app's TIME_CALL_RETRY_MS (2 s): what it does is under test here.
    window.controller._time_call_timer.setInterval(200)
    qtbot.mouseClick(window.end_games_button, Qt.MouseButton.LeftButton)
    # Not an error to read and act on (issue 23 item 4: a missed table played on): the window says in words which
    # table is not told yet, and tells it by itself on a fresh read.
    assert answers.errors == []
    assert window.time_call_label.text() == "Tables not told the time yet (trying again): 1"
    t = window.controller.tournament
    second, first_now = t.game(1, 2), t.game(1, 1)
    assert second is not None and first_now is not None
    assert second.state(t.settings).last_hand_called
    assert first_now.state(t.settings).last_hand_reason is None

    def every_table_told() -> bool:
        t = window.controller.tournament
        return all(g.state(t.settings).last_hand_called for g in t.games)

    qtbot.waitUntil(every_table_told, timeout=10_000)
    assert window.time_call_label.text() == ""
    first_now = window.controller.tournament.game(1, 1)
    assert first_now is not None
    assert first_now.events[-2] == RiichiDeclared(Seat(2))  # the table's write kept, the call after it
    assert answers.errors == []


def test_the_penalties_tab_exports_the_corrections(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, store: TournamentStore, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    seats = seating.tables[0].seats
    store.add_game(TableGame(game_id="s1-t1", session=1, table=1, players=seats, events=(ron(1, 0), HandDeleted(0))))
    window.controller.reload()
    target = tmp_path / "corrections.csv"
    answers.files.append(target)
    window.tabs.setCurrentIndex(4)
    button = window.findChild(QWidget, "export_corrections_button")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    lines = target.read_bytes().decode("utf-8-sig").splitlines()
    changes = zip(seats, ("23.0", "-23.0", "0.0", "0.0"), strict=True)
    assert lines[1:] == [f"1,1,s1-t1,1,deleted,1 (E1),{name},{change}" for name, change in changes]


def _running(tmp_path: Path, seats: tuple[str, ...]) -> Path:
    """A game record with one hand played (seat 1 won a mangan from seat 0), not ended."""
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(1, 0))
    path = tmp_path / f"running-{seats[0]}.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    return path


def test_a_referee_puts_a_substitute_in_a_seat_mid_game_and_the_leaver_scores_as_the_texts_say(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    seats = seating.tables[0].seats
    window.controller.record_game(1, _running(tmp_path, seats))
    window.tabs.setCurrentIndex(2)
    window.record_table_spin.setValue(1)
    answers.substitutes.append((seats[1], "Sub001", "fell ill"))
    qtbot.mouseClick(window.substitute_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    assert answers.offered == [(1, seats, ("Sub001",))]
    game = window.controller.tournament.game(1, 1)
    assert game is not None
    assert game.state(window.controller.tournament.settings).players[1] == "Sub001"
    assert f"Sub001 for {seats[1]}  38,000" in window.cards[0].seats_label.text()
    rows = {row.player: row for row in window.controller.standings.rows}
    assert rows[seats[1]].points_tenths == -300  # -15,000 and -15,000 uma (RCR 2016 5.8), not the seat's +8.0
    assert "Sub001" not in rows


def test_a_substitute_for_a_table_with_no_game_is_a_message(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    window.tabs.setCurrentIndex(2)
    qtbot.mouseClick(window.substitute_button, Qt.MouseButton.LeftButton)
    assert answers.errors == ["Table 1 has no game yet: seat the substitute instead."]
    assert answers.offered == []


def test_the_substitute_dialog_returns_who_leaves_and_who_comes_in(qtbot: QtBot) -> None:
    dialog = SubstituteDialog(3, ("Ann", "Bo", "Cy", "Di"), ("Sam", "Lee"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.leaving_combo.setCurrentIndex(2)
    dialog.player_combo.setCurrentIndex(1)
    qtbot.keyClicks(dialog.reason_edit, "fell ill")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
    assert dialog.answer() == ("Cy", "Lee", "fell ill")
    dialog.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_substitute_dialog_cannot_confirm_with_nobody_free(qtbot: QtBot) -> None:
    dialog = SubstituteDialog(1, ("Ann", "Bo", "Cy", "Di"), ())
    qtbot.addWidget(dialog)
    assert not dialog.confirm_button.isEnabled()
    dialog.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_on_a_server_a_substitute_reaches_the_table_at_its_next_push(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path
) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    answers = _Answers()
    with tournament.store() as store, tournament.referee() as referee:
        store.add_player(Player(name="Sam Reyes", substitute=True))
        shown = _referee_window(qtbot, store, tournament.referee_url, answers)
        answers.substitutes.append(("Chie", "Sam Reyes", "fell ill"))
        qtbot.mouseClick(shown.substitute_button, Qt.MouseButton.LeftButton)
        assert answers.errors == []
        game = shown.controller.tournament.game(1, 1)
        assert game is not None
        held = referee.game(game.game_id)
        assert event_from_json(json.loads(held.bodies[-1])) == PlayerReplaced(
            seat=Seat(2), player="Sam Reyes", reason="fell ill"
        )
        # The table has nothing queued: its next push learns the referee wrote, and it takes the server's copy.
        with TableSync(table.path, login.url) as sync:
            assert "changed on the server" in sync.push().problem
            sync.take_server_copy(game_id)
        stored = table.load(game_id)
        assert stored.events[-1] == PlayerReplaced(seat=Seat(2), player="Sam Reyes", reason="fell ill")
        assert table.load_session(game_id).state.players == ("Ann", "Bo", "Sam Reyes", "Dai")
        _close(shown)


def test_a_referee_disqualifies_a_player_mid_game_and_is_told_to_put_a_substitute_in(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    seats = seating.tables[0].seats
    window.controller.record_game(1, _running(tmp_path, seats))
    window.tabs.setCurrentIndex(0)
    row = [p.name for p in window.controller.tournament.players].index(seats[1])
    window.players_table.selectRow(row)
    answers.texts.append("cheating")
    qtbot.mouseClick(window.disqualify_button, Qt.MouseButton.LeftButton)
    player = window.controller.tournament.player(seats[1])
    assert (player.dropped_after, player.disqualified) == (1, "cheating")  # out after the session they sit in
    assert answers.errors == [
        f"{seats[1]} sits in a game of this session: put a substitute in their seat (Substitute a player…)."
    ]
    role = window.players_table.item(row, 5)
    assert role is not None and role.text() == "disqualified after session 1"
    last = window.standings_table.item(window.standings_table.rowCount() - 1, 1)
    assert last is not None and last.text() == f"{seats[1]} (disqualified)"  # RCR 2016 5.8: the bottom


def test_a_late_penalty_is_chosen_by_its_kind_and_minutes_and_costs_1000_a_minute_rounded_up(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers
) -> None:
    # EMA 2025 7.2: 2.5 minutes late is 3,000 points; the reason names the section.
    answers.penalties.append(PenaltyAnswer(kind=PenaltyKind.LATE, player="P003", minutes=2.5))
    window.tabs.setCurrentIndex(4)
    qtbot.mouseClick(window.penalty_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    given = window.controller.tournament.penalties[-1]
    assert (given.player, given.points, given.kind, given.session) == ("P003", -3000, PenaltyKind.LATE, 1)
    assert given.reason == "late to the session, 2.5 min (EMA 2025 7.2)"


def test_the_penalty_dialog_asks_what_each_kind_needs(qtbot: QtBot) -> None:
    dialog = TournamentPenaltyDialog(("Aiko", "Bruno"), 4)
    qtbot.addWidget(dialog)
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("score_sheet"))
    dialog.table_spin.setValue(3)
    assert dialog.answer() == PenaltyAnswer(kind=PenaltyKind.SCORE_SHEET, table=3)
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("obstruction"))
    assert dialog.points_spin.value() == -8000
    dialog.points_spin.setValue(-12000)
    assert dialog.answer() == PenaltyAnswer(kind=PenaltyKind.OBSTRUCTION, player="Aiko", points=-12000)
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("late"))
    dialog.minutes_spin.setValue(9.5)
    assert dialog.answer() == PenaltyAnswer(kind=PenaltyKind.LATE, player="Aiko", minutes=9.5)


def test_the_seating_tab_shows_the_quality_beside_a_random_seatings(qtbot: QtBot, window: RefereeWindow) -> None:
    # Issue 26: under the seating, the quality of the sessions seated so far, a random seating's in brackets.
    window.tabs.setCurrentIndex(1)
    assert window.seating_quality_label.text() == ""  # nothing seated yet
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    window.session_spin.setValue(2)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    text = window.seating_quality_label.text()
    # 8 players at 2 tables: a second session seats two of each first-session table together, 4 pairs again
    assert text.startswith("Quality of sessions 1-2 (a random seating in brackets): Pairs met twice or more: 4 (")
    assert "winds per player: 0-1 (" in text
    assert "table revisits: " in text and "fewest common opponents of a pair never met: " in text


def test_a_session_seated_again_shows_the_quality_before_and_after_and_who_moved(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers
) -> None:
    # Issue 26: session 2 was seated, then P003 drops out after session 1 and the referee has session 2 seated
    # again (the drop-out's question): the substitute takes P003's planned seat (1 of 8 moves), and the Seating tab
    # shows the quality before and after.
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    window.session_spin.setValue(2)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    assert "Seated again" not in window.seating_quality_label.text()
    window.players_table.selectRow(2)
    answers.confirms.append(True)
    qtbot.mouseClick(window.drop_out_button, Qt.MouseButton.LeftButton)  # after session 1
    assert answers.questions[-1].startswith("P003 is seated in session 2")
    text = window.seating_quality_label.text()
    assert text.startswith("Seated again: 1 of 8 players changed seats. Before → after: pairs met twice or more 4 → ")
    assert "winds per player 0-1 → 0-1" in text
    assert "\nQuality of sessions 1-2 (a random seating in brackets):" in text
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)  # the same seating again: nobody moves
    assert window.seating_quality_label.text().startswith("Seated again: 0 of 8 players changed seats.")
    window.session_spin.setValue(1)  # another session: its own quality only
    assert not window.seating_quality_label.text().startswith("Seated again")


def test_a_referee_records_a_signed_sheet_and_prints_both_sheets(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    path = _running(tmp_path, seating.tables[0].seats)
    window.controller.record_game(1, path)
    game = window.controller.tournament.game(1, 1)
    assert game is not None
    window.controller.referee.correct(game, [EndGame("time limit")])
    window.controller.check_for_changes()
    window.tabs.setCurrentIndex(2)
    window.record_table_spin.setValue(1)
    answers.confirms.append(True)
    qtbot.mouseClick(window.sign_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    assert window.controller.tournament.is_signed(1, 1)
    assert window.cards[0].state_label.text() == "finished, sheet signed"
    window.tabs.setCurrentIndex(1)
    for button, name in ((window.score_sheets_button, "score.pdf"), (window.all_last_button, "all-last.pdf")):
        answers.files.append(tmp_path / name)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")
    assert answers.errors == []
