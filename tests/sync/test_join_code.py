"""One join code carries what a table types (issue 23 item 4, issue 27 item 2): server, database, table (of which
tournament), the table's code, and how the connection is secured (the server certificate's pin, or the opt-out).

``server setup`` and ``server code`` print it; a second tournament in one database is joined with it (before, the
join dialog always logged in as ``<db>_table<N>``).
"""

from __future__ import annotations

import json
import socket
import ssl
import threading
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.errors import TournamentError, TournamentServerError
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.join_code import (
    JoinCode,
    certificate_pin,
    fetch_certificate,
    parse_join_code,
    pin_certificate,
)
from scorekeeper.sync.server import TournamentServer
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentSettings
from tests.pgserver import TLS_NAME, make_certificate
from tests.tournament_db import Tournament

_PIN = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "192.168.1.10:5432/spring_open/3/K7QX-M2PD-9TRA",
            JoinCode(
                server="192.168.1.10:5432", database="spring_open", tournament_id=1, table_no=3, code="K7QX-M2PD-9TRA"
            ),
            id="plain",
        ),
        pytest.param(
            f"venue.local:5433/spring_open/2.12/k7qx-m2pd-9tra/pin-{_PIN.lower()}",
            JoinCode(
                server="venue.local:5433",
                database="spring_open",
                tournament_id=2,
                table_no=12,
                code="K7QX-M2PD-9TRA",
                pin=_PIN,
            ),
            id="second-tournament-pinned",
        ),
        pytest.param(
            " 10.0.0.2:5432/spring_open/1/K7QX-M2PD-9TRA/no-tls ",
            JoinCode(
                server="10.0.0.2:5432",
                database="spring_open",
                tournament_id=1,
                table_no=1,
                code="K7QX-M2PD-9TRA",
                tls=False,
            ),
            id="closed-network",
        ),
    ],
)
def test_a_join_code_reads_back_what_it_was_written_from(text: str, expected: JoinCode) -> None:
    parsed = parse_join_code(text)
    assert parsed == expected
    assert parse_join_code(parsed.text()) == parsed


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param("spring_open/3/K7QX-M2PD-9TRA", "parts", id="no-server"),
        pytest.param("h:5432/spring open/3/K7QX-M2PD-9TRA", "database", id="database"),
        pytest.param("h:5432/db/0/K7QX-M2PD-9TRA", "table", id="table-zero"),
        pytest.param("h:5432/db/x/K7QX-M2PD-9TRA", "table", id="table-word"),
        pytest.param("h:5432/db/3/K7QX", "table code", id="short-code"),
        pytest.param("h:5432/db/3/K7QX-M2PD-9TRA/pin-ABC", "pin", id="short-pin"),
        pytest.param("h:5432/db/3/K7QX-M2PD-9TRA/tls-please", "pin-... or no-tls", id="unknown-tail"),
        pytest.param("u:pw@h:5432/db/3/K7QX-M2PD-9TRA", "server", id="credentials-in-server"),
    ],
)
def test_a_text_that_is_no_join_code_is_refused_naming_the_part(text: str, problem: str) -> None:
    with pytest.raises(TournamentError, match=problem):
        parse_join_code(text)


def _printed(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    printed: dict[str, object] = json.loads(capsys.readouterr().out)
    return printed


def test_setup_prints_join_codes_that_join_over_tls_pinned_to_the_servers_certificate(
    tournament: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["server", "setup", "--db", tournament.admin_url, "--tables", "2", "--json"]
    printed = _printed(capsys, [*argv, "--certificate", str(tournament.server.certificate)])
    tables = printed["tables"]
    assert isinstance(tables, list)
    der = ssl.PEM_cert_to_DER_cert(tournament.server.certificate.read_text(encoding="ascii"))
    for entry in tables:
        join = parse_join_code(entry["join_code"])
        assert (join.table_no, join.code, join.pin) == (entry["table"], entry["code"], certificate_pin(der))
        assert join.server == f"127.0.0.1:{tournament.server.port}"
        pin_certificate(join, tmp_path)
        with TournamentServer.connect(join.url(tmp_path)) as server:
            assert server.my_table() == entry["table"]
            assert server._connection.pgconn.ssl_in_use


def test_a_server_presenting_another_certificate_than_the_pinned_one_gets_nothing(
    tournament: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other, _key = make_certificate(tmp_path, TLS_NAME, stem="impostor")
    argv = ["server", "code", "--db", tournament.admin_url, "--table", "1", "--json", "--certificate", str(other)]
    tables = _printed(capsys, argv)["tables"]
    assert isinstance(tables, list)
    join = parse_join_code(tables[0]["join_code"])
    with pytest.raises(TournamentServerError, match="not the one in the join code"):
        pin_certificate(join, tmp_path / "pinned")
    assert not (tmp_path / "pinned").exists()


def test_a_table_of_a_second_tournament_in_the_database_joins_with_its_code(
    tournament: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_postgresql_store(tournament.admin_url) as store:
        players = ("Ida", "Jo", "Kim", "Lu")
        store.create(TournamentSettings(name="Second Open", sessions=2), [Player(name=n) for n in players])
        store.save_seating(Seating(session=1, tables=(TableSeating(1, players),)), tournament="Second Open")
    argv = ["server", "code", "--db", tournament.admin_url, "--table", "1", "--tournament", "Second Open"]
    assert main([*argv, "--no-tls"]) == 0
    out = capsys.readouterr().out
    text = out.strip().rsplit("join code ", 1)[1]
    join = parse_join_code(text)
    assert (join.tournament_id, join.table_no, join.tls) == (2, 1, False)
    assert join.role == f"{tournament.database}_t2_table1"
    with TournamentServer.connect(join.url(tmp_path)) as server:
        assert server.my_table() == 1
        assert server.settings().name == "Second Open"
        assert server.open_game(1, 1).players == players


def test_a_code_cannot_both_pin_a_certificate_and_turn_tls_off() -> None:
    with pytest.raises(TournamentError, match="pins the server's certificate or turns TLS off, not both"):
        JoinCode(server="h:5432", database="d", tournament_id=1, table_no=1, code="C", pin="P", tls=False)


def test_a_no_tls_code_connects_without_tls(tmp_path: Path) -> None:
    join = parse_join_code("10.0.0.2:5432/mahjong/3/ABCD-EFGH-JKLM/no-tls")
    assert join.url(tmp_path).endswith("@10.0.0.2:5432/mahjong?sslmode=disable")


def test_a_server_that_offers_no_tls_is_named_and_no_certificate_is_taken() -> None:
    # A listener that answers PostgreSQL's TLS request with "N" (no TLS), as a server with ssl off does.
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]

        def answer_no() -> None:
            connection, _ = listener.accept()
            with connection:
                connection.recv(8)
                connection.sendall(b"N")

        thread = threading.Thread(target=answer_no)
        thread.start()
        try:
            with pytest.raises(TournamentServerError, match="offers no TLS: its certificate is unknown"):
                fetch_certificate(f"127.0.0.1:{port}", timeout=5)
        finally:
            thread.join(5)


def test_a_server_nobody_answers_at_is_named_as_unreachable() -> None:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
    # The port is closed again: the connection is refused at once.
    with pytest.raises(TournamentServerError, match=f"cannot reach the tournament server 127.0.0.1:{port}"):
        fetch_certificate(f"127.0.0.1:{port}", timeout=5)
