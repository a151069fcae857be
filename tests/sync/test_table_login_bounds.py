"""A table's login writes only its own table's game of a session it is seated in, with that seating's players
(issue 27 item 1): enforced by PostgreSQL's row-level security, tried here with plain SQL as the table's login.

Before, a table's login could insert a game for its table number in any session with any players: a player who
never sat there went to the top of the standings, and the referee could not seat that session any more.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest
from psycopg import errors, sql

from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.sync.channels import table_channel, tournament_channel
from scorekeeper.sync.setup import upgrade
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import PLAYERS, Tournament

_INSERT_GAME = (
    "INSERT INTO games (game_id, tournament_id, session, table_no, players, head, finished, updated)"
    " VALUES (%s, 1, %s, %s, %s, 0, 0, '')"
)


def _insert(table_url: str, game_id: str, *, session: int, table_no: int, players: tuple[str, ...]) -> None:
    with psycopg.connect(table_url, autocommit=True) as table:
        table.execute(_INSERT_GAME, (game_id, session, table_no, json.dumps(list(players))))


def test_a_table_cannot_write_a_game_for_a_session_it_is_not_seated_in(tournament: Tournament) -> None:
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _insert(tournament.table_url(1), "forged-s2", session=2, table_no=1, players=PLAYERS[1])


def test_a_table_cannot_write_a_game_with_players_not_its_seating(tournament: Tournament) -> None:
    other = ("Eve", "Bo", "Chie", "Dai")  # a player of table 2 in Ann's seat
    for players in (other, PLAYERS[2], tuple(reversed(PLAYERS[1])), PLAYERS[1][:3]):
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            _insert(tournament.table_url(1), "forged-s1", session=1, table_no=1, players=players)
    with tournament.store() as store:
        assert store.load().games == ()


def test_a_table_cannot_write_another_tables_game_even_with_that_tables_seating(tournament: Tournament) -> None:
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _insert(tournament.table_url(1), "forged-t2", session=1, table_no=2, players=PLAYERS[2])


def test_a_table_writes_its_own_game_with_its_seating(tournament: Tournament, tmp_path: Path) -> None:
    _insert(tournament.table_url(1), "own-s1-t1", session=1, table_no=1, players=PLAYERS[1])
    with psycopg.connect(tournament.table_url(1), autocommit=True) as table:
        assert table.execute("UPDATE games SET head = 0, updated = 'now' WHERE game_id = 'own-s1-t1'").rowcount == 1
    store, game_id, login = tournament.join(tmp_path, 1)  # the app's own path takes the same game
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced


def test_a_forged_notification_writes_nothing_and_stops_no_table(tournament: Tournament, tmp_path: Path) -> None:
    # PostgreSQL has no privilege for NOTIFY: any login may send on any channel. What a notification makes a
    # listener do is read: table 2 asks the server whether its game was overtaken and finds it was not.
    store, game_id, login = tournament.join(tmp_path, 2)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        with tournament.referee() as referee:
            (theirs,) = [g["id"] for g in referee.games() if g["table"] == 2]
            before = referee.game(theirs)
        payload = json.dumps({"game": theirs, "session": 1, "table": 2, "head": 0})
        with psycopg.connect(tournament.table_url(1), autocommit=True) as table:
            for channel in (table_channel(1, 2), tournament_channel(1)):
                table.execute("SELECT pg_notify(%s, %s)", (channel, payload))
                table.execute(sql.SQL("NOTIFY {}, {}").format(sql.Identifier(channel), sql.Literal(payload)))
        status = steps.push_until(sync, lambda s: False, timeout=0.5)
        assert status.synced, status
    with tournament.referee() as referee:
        assert referee.game(theirs) == before


def test_upgrade_binds_the_tables_of_a_server_set_up_before(tournament: Tournament) -> None:
    # The games policy of servers set up before issue 27: a table's own table number, any session, any players.
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        for policy in ("tables_read", "tables_insert", "tables_update"):
            admin.execute(sql.SQL("DROP POLICY {} ON games").format(sql.Identifier(policy)))
        tables = sql.Identifier(f"{tournament.database}_tables")
        admin.execute(
            sql.SQL(
                "CREATE POLICY tables_own ON games TO {} USING (EXISTS (SELECT 1 FROM table_logins l"
                " WHERE l.role = current_user AND l.tournament_id = games.tournament_id"
                " AND l.table_no = games.table_no)) WITH CHECK (true)"
            ).format(tables)
        )
    _insert(tournament.table_url(1), "forged-before", session=2, table_no=1, players=PLAYERS[2])
    upgrade(tournament.admin_url)
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _insert(tournament.table_url(1), "forged-after", session=3, table_no=1, players=PLAYERS[2])
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        policies = {
            str(r[0]) for r in admin.execute("SELECT policyname FROM pg_policies WHERE tablename = 'games'").fetchall()
        }
    assert policies == {"referee_all", "owner_all", "tables_read", "tables_insert", "tables_update"}
