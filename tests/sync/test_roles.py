"""Who may write what, enforced by PostgreSQL's roles and row-level security, not by our code."""

from __future__ import annotations

import stat
from pathlib import Path

import psycopg
import pytest
from psycopg import errors

from scorekeeper.errors import TournamentServerError
from scorekeeper.session.events import RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import TableSync, load_login, save_login
from scorekeeper.tournament import Seating, TableSeating, TournamentPenalty, compute_standings
from tests.sync import steps
from tests.tournament_db import Tournament


def _two_games(tournament: Tournament, tmp_path: Path) -> tuple[str, str]:
    """Tables 1 and 2 joined; their server game ids."""
    games = []
    for table_no in (1, 2):
        store, _game_id, login = tournament.join(tmp_path, table_no)
        store.close()
        with TournamentServer.connect(login.url) as server:
            games.append(server.open_game(1, table_no).id)
    return games[0], games[1]


def test_a_table_login_cannot_change_another_tables_game(tournament: Tournament, tmp_path: Path) -> None:
    _mine, theirs = _two_games(tournament, tmp_path)
    with psycopg.connect(tournament.table_url(1), autocommit=True) as table:
        assert table.execute("UPDATE games SET head = 5 WHERE game_id = %s", (theirs,)).rowcount == 0
        assert table.execute("DELETE FROM game_events WHERE game_id = %s", (theirs,)).rowcount == 0
        assert table.execute("SELECT count(*) FROM games WHERE game_id = %s", (theirs,)).fetchone() == (0,)
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            table.execute(
                'INSERT INTO game_events (game_id, seq, body) VALUES (%s, 0, \'{"type": "riichi", "seat": 0}\')',
                (theirs,),
            )
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            table.execute("INSERT INTO pushed_ops (game_id, op, kind, seq) VALUES (%s, 1, 'head', 1)", (theirs,))
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute("DELETE FROM games WHERE game_id = %s", (theirs,))
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            table.execute(
                "INSERT INTO games (game_id, tournament_id, session, table_no, players, updated)"
                " VALUES ('forged', 1, 2, 2, '[]', '')"
            )
    with TournamentServer.connect(tournament.table_url(1)) as server:
        op = OutboxOp(op=1, kind="head", seq=0, base=0, finished=False)
        with pytest.raises(TournamentServerError, match=r"row-level security|no game"):
            server.push(theirs, (op,))
    with tournament.referee() as referee:
        assert referee.game(theirs).version == 0


def test_a_table_login_cannot_touch_the_standings(tournament: Tournament, tmp_path: Path) -> None:
    _mine, theirs = _two_games(tournament, tmp_path)
    with psycopg.connect(tournament.table_url(1), autocommit=True) as table:
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute(
                "INSERT INTO penalties (tournament_id, id, player, points, reason, created)"
                " VALUES (1, 99, 'Eve', 50000, 'gift', '')"
            )
        for statement in ("UPDATE penalties SET points = 0", "DELETE FROM penalties", "UPDATE players SET team = 'x'"):
            with pytest.raises(errors.InsufficientPrivilege):
                table.execute(statement)
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute("UPDATE game_scores SET points_tenths = 999")
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            table.execute(
                "INSERT INTO game_scores (game_id, seat, player, points_tenths) VALUES (%s, 0, 'Ann', 999)", (theirs,)
            )
        assert table.execute("DELETE FROM game_scores WHERE game_id = %s", (theirs,)).rowcount == 0
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute(
                "INSERT INTO seats (tournament_id, session, table_no, seat, player) VALUES (1, 2, 1, 0, 'Ann')"
            )
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute("UPDATE table_logins SET table_no = 2")
        with pytest.raises(errors.InsufficientPrivilege):
            table.execute("UPDATE tournaments SET settings = '{}'")


def test_the_referee_writes_penalties_seatings_and_any_game(tournament: Tournament, tmp_path: Path) -> None:
    _mine, theirs = _two_games(tournament, tmp_path)
    seating = Seating(
        session=2,
        tables=(TableSeating(1, ("Ann", "Eve", "Bo", "Fay")), TableSeating(2, ("Chie", "Gus", "Dai", "Hal"))),
    )
    with tournament.store() as store:
        store.save_seating(seating)
        store.add_penalty(TournamentPenalty(player="Eve", points=-20000, reason="slow play", session=1))
        assert store.load().seating(2) == seating
    riichi = dump_json(event_to_json(RiichiDeclared(Seat(0))))
    with tournament.referee() as referee:
        referee.append_as_referee(theirs, riichi, version=referee.game(theirs).version)
        assert referee.game(theirs).head == 1
    with tournament.store() as store:
        rows = {row.player: row for row in compute_standings(store.load()).rows}
    assert rows["Eve"].penalties_tenths == -200


def test_a_wrong_code_is_refused_without_showing_a_password(tournament: Tournament) -> None:
    url = tournament.table_url(1).replace(tournament.codes[1], "WRONG-CODE-1234")
    with pytest.raises(TournamentServerError) as refused:
        TournamentServer.connect(url)
    assert "WRONG-CODE-1234" not in str(refused.value)
    assert "password authentication failed" in str(refused.value)


def test_the_code_is_in_no_game_file_and_the_login_file_is_private(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    store.close()
    saved = tmp_path / "login.json"
    save_login(saved, login)
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert load_login(saved) == login
    code = tournament.codes[1].encode()
    for path in (tmp_path / "table1").iterdir():
        assert code not in path.read_bytes(), path
