"""The connection to a tournament server is secured (issue 27 item 2): TLS verified against the server's certificate
for a server that is not on this machine, a password only over SCRAM, and no password or code in SQL text.

The test server runs with TLS on and a certificate the test run made (tests/pgserver.py) for ``TLS_NAME``; a test
reaches it under that name with libpq's ``hostaddr``, as a table reaches a server across the venue's network.
"""

from __future__ import annotations

import socket
import struct
import threading
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import TournamentServerError
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.setup import create_table_login, install
from tests.pgserver import TLS_NAME, TestServer, make_certificate
from tests.tournament_db import Tournament


def _elsewhere(tournament: Tournament, *, name: str = TLS_NAME, options: str = "") -> str:
    """The referee's URL to the server under ``name`` (not this machine's name), reached at 127.0.0.1."""
    user = f"{tournament.database}_referee"
    password = tournament.referee_url.split(":")[2].split("@")[0]
    url = f"postgresql://{user}:{password}@{name}:{tournament.server.port}/{tournament.database}?hostaddr=127.0.0.1"
    return f"{url}&{options}" if options else url


def _uses_tls(server: TournamentServer) -> bool:
    return bool(server._connection.pgconn.ssl_in_use)


def test_a_server_elsewhere_is_reached_over_tls_verified_against_its_certificate(tournament: Tournament) -> None:
    url = _elsewhere(tournament, options=f"sslrootcert={tournament.server.certificate}")
    with TournamentServer.connect(url) as server:
        assert _uses_tls(server)
    with open_postgresql_store(url) as store:  # the referee's store: the same connection settings
        assert store.load().settings.name == "Test Open"


def test_a_server_elsewhere_with_no_certificate_given_is_refused(tournament: Tournament) -> None:
    # The default for a server that is not this machine: verify-full against the system's certificate authorities,
    # which do not know a venue's self-signed certificate. Before, the connection was made without checking.
    with pytest.raises(TournamentServerError, match="certificate"):
        TournamentServer.connect(_elsewhere(tournament))


def test_a_server_presenting_another_certificate_is_refused(tournament: Tournament, tmp_path: Path) -> None:
    other, _key = make_certificate(tmp_path, TLS_NAME, stem="impostor")
    with pytest.raises(TournamentServerError, match="certificate"):
        TournamentServer.connect(_elsewhere(tournament, options=f"sslrootcert={other}"))


def test_a_server_reached_under_a_name_its_certificate_does_not_bear_is_refused(tournament: Tournament) -> None:
    url = _elsewhere(tournament, name="elsewhere.test", options=f"sslrootcert={tournament.server.certificate}")
    with pytest.raises(TournamentServerError, match=r"elsewhere\.test"):
        TournamentServer.connect(url)


def test_the_plainly_named_opt_out_connects_without_tls(tournament: Tournament) -> None:
    with TournamentServer.connect(_elsewhere(tournament, options="sslmode=disable")) as server:
        assert not _uses_tls(server)


class _ClearTextAsker:
    """A fake server that asks for the password in clear text and keeps what it is sent."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self.received = b""
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        connection, _ = self._listener.accept()
        with connection:
            connection.settimeout(5)
            while True:
                length, code = struct.unpack("!II", connection.recv(8, socket.MSG_WAITALL))
                if code in {80877103, 80877104}:  # SSLRequest, GSSENCRequest: not here
                    connection.sendall(b"N")
                    continue
                connection.recv(length - 8, socket.MSG_WAITALL)  # the rest of the startup message
                break
            connection.sendall(b"R" + struct.pack("!II", 8, 3))  # AuthenticationCleartextPassword
            try:
                while chunk := connection.recv(4096):
                    self.received += chunk
            except OSError:
                pass

    def close(self) -> None:
        self._listener.close()
        self._thread.join(10)


def test_a_fake_server_asking_for_the_password_in_clear_text_never_gets_it() -> None:
    fake = _ClearTextAsker()
    try:
        with pytest.raises(TournamentServerError):
            TournamentServer.connect(f"postgresql://spring_table1:K7QX-M2PD-9TRA@127.0.0.1:{fake.port}/spring")
    finally:
        fake.close()
    assert b"K7QX" not in fake.received


def test_codes_and_passwords_never_reach_the_servers_statement_log(
    tournament: Tournament, pg_server: TestServer
) -> None:
    with psycopg.connect(pg_server.url(), autocommit=True) as admin:
        admin.execute("ALTER SYSTEM SET log_statement = 'all'")
        admin.execute("SELECT pg_reload_conf()")
    try:
        code = create_table_login(tournament.admin_url, 5)
        password = install(tournament.admin_url)  # the referee's, renewed
        with TournamentServer.connect(tournament.table_url(1)) as table:
            assert table.my_table() == 1
    finally:
        with psycopg.connect(pg_server.url(), autocommit=True) as admin:
            admin.execute("ALTER SYSTEM RESET log_statement")
            admin.execute("SELECT pg_reload_conf()")
    log = (pg_server.folder / "server.log").read_text(encoding="utf-8", errors="replace")
    assert "ALTER ROLE" in log  # the statements were logged, and the secrets are not in them
    for secret in (code, tournament.codes[1], password):
        assert secret not in log
