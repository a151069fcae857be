"""``server upgrade``: a new program's layout reaches a set-up server without logging anyone out, and is secured.

``server setup`` renews the referee's password and every table's code, so a referee who had to bring a server up
to date in the middle of a tournament used to lose every table's login. ``upgrade`` migrates and secures (row-level
security, the referee's policy, grants, triggers) in one transaction and touches no login. A table a migration adds
is secured by default: the referee reads and writes it, the tables' logins see nothing of it. Checked on a real
PostgreSQL (tests/pgserver.py) with a pretend version 3 (tests/tournament_db.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from scorekeeper.cli import main
from scorekeeper.errors import TournamentServerError
from scorekeeper.storage import tournament_schema as schema
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import _pgschema
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.setup import install, upgrade
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import Player, TournamentSettings
from tests.pgserver import TestServer
from tests.tournament_db import Tournament, pretend_newer_program

#: The layout this program writes, and the pretend next one (pretend_newer_program).
_NOW = schema.CURRENT_VERSION
_NEXT = _NOW + 1


def _server_version(tournament: Tournament) -> int:
    with psycopg.connect(tournament.admin_url) as connection:
        row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    assert row is not None
    return int(row[0])


def _row_security(tournament: Tournament, table: str) -> tuple[bool, bool]:
    """Whether ``table`` has row-level security enabled, and forced (its owner goes through the policies too)."""
    with psycopg.connect(tournament.admin_url) as connection:
        row = connection.execute(
            "SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE oid = %s::regclass", (table,)
        ).fetchone()
    assert row is not None
    return bool(row[0]), bool(row[1])


def test_upgrade_brings_the_tables_up_to_date_and_every_login_and_code_keeps_working(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table_url = tournament.table_url(1)  # a table logged in before the update
    pretend_newer_program(monkeypatch)
    assert main(["server", "upgrade", "--db", tournament.admin_url, "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == {"was": _NOW, "now": _NEXT, "secured": ["pretend_v3"]}
    assert tournament.server.password not in out
    assert _server_version(tournament) == _NEXT
    with open_postgresql_store(tournament.referee_url) as store:  # the referee's password is the same
        assert store.tournament_names() == ("Test Open",)
    with TournamentServer.connect(table_url) as table:  # so is the table's code
        assert table.my_table() == 1


def test_upgrade_says_in_words_what_it_did_and_that_the_logins_stay(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pretend_newer_program(monkeypatch)
    assert main(["server", "upgrade", "--db", tournament.admin_url]) == 0
    assert capsys.readouterr().out == (
        f"tournament tables: version {_NOW} -> {_NEXT}; secured now: pretend_v3;"
        " the referee's password and the tables' codes are unchanged\n"
    )
    assert main(["server", "upgrade", "--db", tournament.admin_url]) == 0
    assert capsys.readouterr().out == (
        f"tournament tables: version {_NEXT}, up to date; every table was secured already;"
        " the referee's password and the tables' codes are unchanged\n"
    )


@pytest.mark.parametrize("command", ["upgrade", "setup"])
def test_a_table_a_migration_adds_is_secured_the_referee_uses_it_and_no_table_login_sees_it(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    table_url = tournament.table_url(1)
    pretend_newer_program(monkeypatch)
    referee_url = tournament.referee_url
    if command == "upgrade":
        upgrade(tournament.admin_url)
    else:  # setup secures it too (and renews the referee's password)
        referee_url = tournament.server.url(
            tournament.database, user=f"{tournament.database}_referee", password=install(tournament.admin_url)
        )
    assert _row_security(tournament, "pretend_v3") == (True, True)
    with psycopg.connect(referee_url, autocommit=True) as referee:
        referee.execute("INSERT INTO pretend_v3 (id) VALUES (7)")
        assert referee.execute("SELECT id FROM pretend_v3").fetchall() == [(7,)]
    with psycopg.connect(table_url, autocommit=True) as table:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            table.execute("SELECT id FROM pretend_v3")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            table.execute("INSERT INTO pretend_v3 (id) VALUES (8)")
    # Even with a grant (a later program's GRANTS), forced row security shows the tables' logins no row of it
    # until a policy of theirs names it.
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        admin.execute(f'GRANT SELECT ON pretend_v3 TO "{tournament.database}_tables"')
    with psycopg.connect(table_url, autocommit=True) as table:
        assert table.execute("SELECT id FROM pretend_v3").fetchall() == []


def test_upgrade_run_again_changes_nothing(tournament: Tournament, monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_newer_program(monkeypatch)
    first = upgrade(tournament.admin_url)
    again = upgrade(tournament.admin_url)
    assert (first.was, first.now, first.secured) == (_NOW, _NEXT, ("pretend_v3",))
    assert (again.was, again.now, again.secured) == (_NEXT, _NEXT, ())


def test_upgrade_on_an_up_to_date_server_keeps_the_tables_working(tournament: Tournament, tmp_path: Path) -> None:
    store, _game_id, login = tournament.join(tmp_path, 1)
    done = upgrade(tournament.admin_url)
    assert (done.was, done.now, done.secured) == (_NOW, _NOW, ())
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced


def test_upgrade_of_a_server_never_set_up_says_to_run_setup_and_changes_nothing(
    pg_server: TestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin_url = pg_server.create_database("sk_upgrade_never_set_up")
    try:
        with open_postgresql_store(admin_url):
            pass  # the tables of this version, no roles
        pretend_newer_program(monkeypatch)
        with pytest.raises(TournamentServerError, match=r"is not set up .* runs `scorekeeper server setup"):
            upgrade(admin_url)
        with psycopg.connect(admin_url) as connection:
            row = connection.execute("SELECT max(version), to_regclass('pretend_v3') FROM schema_version").fetchone()
        assert row == (_NOW, None)  # one transaction: the migration went back with the refusal
    finally:
        with psycopg.connect(pg_server.url(), autocommit=True) as connection:
            connection.execute('DROP DATABASE IF EXISTS "sk_upgrade_never_set_up" WITH (FORCE)')


def test_upgrade_refuses_a_server_newer_than_the_program(tournament: Tournament) -> None:
    with psycopg.connect(tournament.admin_url, autocommit=True) as connection:
        connection.execute(f"UPDATE schema_version SET version = {_NEXT}")
    with pytest.raises(TournamentServerError, match="this program is older than the server"):
        upgrade(tournament.admin_url)


def test_upgrade_with_the_referees_login_is_refused_with_what_to_do(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pretend_newer_program(monkeypatch)
    assert main(["server", "upgrade", "--db", tournament.referee_url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scorekeeper server: error: ")
    assert "`scorekeeper server upgrade --db ADMIN_URL` (with the database owner's or a superuser's URL)" in err
    assert _server_version(tournament) == _NOW


def test_every_table_of_the_layout_has_its_table_policies_decided() -> None:
    assert set(_pgschema.TABLE_POLICIES) == set(_pgschema.layout_tables())
    assert len(_pgschema.layout_tables()) == len(set(_pgschema.layout_tables()))
    assert "schema_version" in _pgschema.layout_tables()


@pytest.fixture
def owner_url(pg_server: TestServer) -> Iterator[str]:
    """A database owned by a login that is no superuser but may create roles (docs/tournament.md: such an owner
    may set a server up); dropped afterwards with its roles."""
    database, owner = "sk_upgrade_owned", "sk_upgrade_owner"
    with psycopg.connect(pg_server.url(), autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {owner} LOGIN CREATEROLE PASSWORD 'owner-pw'")
        connection.execute(f"CREATE DATABASE {database} OWNER {owner}")
    try:
        yield pg_server.url(database, user=owner, password="owner-pw")
    finally:
        with psycopg.connect(pg_server.url(), autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            for (role,) in connection.execute(
                "SELECT rolname FROM pg_roles WHERE rolname LIKE %s", (database + "\\_%",)
            ).fetchall():
                connection.execute(f'DROP ROLE "{role}"')
            connection.execute(f"DROP ROLE {owner}")


def test_an_owner_who_is_not_a_superuser_sets_up_reads_and_upgrades_the_server(
    owner_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_postgresql_store(owner_url) as store:
        store.create(TournamentSettings(name="Owned Open", preset="tenhou"), [Player(name=f"P{n}") for n in range(8)])
    # Row security is forced on every table: without a policy of its own the owner saw no tournament once they were
    # secured, and setup failed at the table codes ("the server holds 0 tournaments").
    assert main(["server", "setup", "--db", owner_url, "--tables", "2", "--json"]) == 0
    assert [t["table"] for t in json.loads(capsys.readouterr().out)["tables"]] == [1, 2]
    with open_postgresql_store(owner_url) as store:
        assert store.tournament_names() == ("Owned Open",)
    with psycopg.connect(owner_url, autocommit=True) as connection:  # as a server an older program set up had it
        for (table,) in connection.execute("SELECT tablename FROM pg_policies WHERE policyname = 'owner_all'"):
            connection.execute(f"DROP POLICY owner_all ON {table}")
    pretend_newer_program(monkeypatch)
    done = upgrade(owner_url)
    assert (done.was, done.now, done.secured) == (_NOW, _NEXT, ("pretend_v3",))
    with psycopg.connect(owner_url) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(_NEXT,)]
