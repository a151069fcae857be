"""The score sheet of EMA 2025 7.5 and the all-last sheet of EMA 2025 3.6 (annex), and a game's signed state.

EMA 2025: 30,000 start and return, uma +15/+5/-5/-15, exact points; a non-dealer mangan ron moves 8,000.
"""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import EndGame, PlayerReplaced, Seat
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import (
    Player,
    Seating,
    TableGame,
    TableSeating,
    TournamentPenalty,
    TournamentSettings,
)
from scorekeeper.tournament.sheets import all_last_sheet, score_sheet
from tests.cli.test_tournament_cli import _run
from tests.tournament.builders import ron
from tests.tournament_db import Tournament as ServerTournament

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))


def _store(tmp_path: Path, preset: str = "ema2025") -> TournamentStore:
    store = TournamentStore.open_sqlite(tmp_path / "t.sqlite")
    store.create(TournamentSettings(name="Open", preset=preset, sessions=2), _PLAYERS)
    store.save_seating(_SEATING)
    # Table 1: B wins a mangan from A, falls ill; Sub deals in a mangan to C. End: A 22,000, seat 30,000, C 38,000,
    # D 30,000 (test_absence_ema). Table 2: no laptop, nothing recorded.
    store.add_game(
        TableGame(
            game_id="s1-t1",
            session=1,
            table=1,
            players=("A", "B", "C", "D"),
            events=(ron(1, 0), PlayerReplaced(seat=Seat.SEAT_1, player="Sub"), ron(2, 1), EndGame("time")),
        )
    )
    store.add_penalty(TournamentPenalty(player="C", points=-2000, reason="unsigned", session=1))
    return store


def test_the_score_sheet_gives_count_uma_penalties_and_final_as_the_standings_credit_them(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        sheet = score_sheet(store.load(), 1, 1)
    got = [(x.player, x.count, x.uma_tenths, x.penalties_tenths, x.final_tenths, x.left) for x in sheet.lines]
    assert got == [
        ("A", 22000, -50, 0, -130, False),  # -8 and the third uma among the three (-5): -13.0
        ("B", 38000, None, 0, -300, True),  # substituted: -15,000 and -15,000 uma (EMA 2025 7.3)
        ("Sub", 30000, -150, 0, -230, False),  # own -8 and -15 uma
        ("C", 38000, 150, -20, 210, False),  # the referee's -2.0 given for session 1
        ("D", 30000, 50, 0, 50, False),
    ]
    assert sheet.recorded and sheet.ended and not sheet.signed


def test_a_table_without_a_game_gets_its_names_and_blank_figures(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        t = store.load()
    sheet = score_sheet(t, 1, 2)
    assert [(x.player, x.count, x.final_tenths) for x in sheet.lines] == [(n, None, None) for n in "EFGH"]
    assert all_last_sheet(t, 1, 2).zones == (("E", "E", None), ("S", "F", None), ("W", "G", None), ("N", "H", None))
    filled = all_last_sheet(t, 1, 1)
    assert [z[2] for z in filled.zones] == [22000, 30000, 38000, 30000]


def test_the_referee_records_a_signed_sheet_and_takes_it_back(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        assert store.sign(1, 1).is_signed(1, 1)
        assert store.load().is_signed(1, 1)
        with pytest.raises(TournamentError, match="no game"):
            store.sign(1, 2)
        assert not store.sign(1, 1, signed=False).is_signed(1, 1)
        assert not store.load().is_signed(1, 1)


def test_the_command_line_signs_a_sheet_and_takes_it_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _store(tmp_path).close()
    db = str(tmp_path / "t.sqlite")
    status, out, err = _run(capsys, "sign", "--db", db, "--session", "1", "--table", "1")
    assert (status, out, err) == (0, "session 1 table 1: score sheet signed by its players\n", "")
    status, out, err = _run(capsys, "sign", "--db", db, "--session", "1", "--table", "1", "--unsigned")
    assert (status, out, err) == (0, "session 1 table 1: score sheet not signed\n", "")
    status, out, err = _run(capsys, "sign", "--db", db, "--session", "1", "--table", "2")
    assert status == 1 and "no game" in err


def test_on_postgresql_a_signature_is_stored_and_a_tables_login_cannot_sign(tournament: ServerTournament) -> None:
    with tournament.store() as store:
        t = store.load()
        game = TableGame(
            game_id="g-sign", session=1, table=1, players=("Ann", "Bo", "Chie", "Dai"), events=(EndGame("t"),)
        )
        store.add_game(game)
        assert store.sign(1, 1).is_signed(1, 1)
        assert t.settings.name == "Test Open"
    with psycopg.connect(tournament.table_url(1), autocommit=True) as connection, pytest.raises(psycopg.Error):
        connection.execute("INSERT INTO game_signatures (game_id, created) VALUES ('g-sign', '')")
