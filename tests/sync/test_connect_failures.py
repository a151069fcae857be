"""A connection to the tournament server that fails is told apart by the stage it reached (no answer, no such host,
nothing listening, the login refused), never by the driver's words, which libpq writes in the laptop's language:
the error's code says it, the English message is what it was."""

from __future__ import annotations

import socket
import threading

import psycopg
import pytest

from scorekeeper.errors import ErrorCode, TournamentServerError
from scorekeeper.sync import connection as connection_module
from scorekeeper.sync.server import TournamentServer
from tests.pgserver import TestServer
from tests.sync import steps
from tests.tournament_db import Tournament


def _refusal(url: str, *, probe: bool = True) -> TournamentServerError:
    with pytest.raises(TournamentServerError) as refused:
        TournamentServer.connect(url, probe=probe)
    return refused.value


def _free_port() -> int:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        return int(closed.getsockname()[1])


def test_a_wrong_table_code_is_a_refused_login(tournament: Tournament) -> None:
    url = tournament.table_url(1)
    wrong = url.replace(url.split(":")[2].split("@")[0], "WRONG-CODE-0000")
    error = _refusal(wrong)
    assert error.code is ErrorCode.SERVER_LOGIN_REFUSED
    assert str(error).startswith("cannot reach the tournament server ")
    assert "WRONG-CODE" not in str(error)  # never the code
    assert str(error.fields["detail"]) in str(error)


def test_a_tournament_name_with_no_database_is_a_refused_login(pg_server: TestServer) -> None:
    error = _refusal(pg_server.url("no_such_tournament"))
    assert error.code is ErrorCode.SERVER_LOGIN_REFUSED
    assert str(error).startswith("cannot reach the tournament server sk_admin@127.0.0.1:")


def test_a_port_nobody_listens_on_refuses_the_connection() -> None:
    port = _free_port()
    error = _refusal(f"postgresql://spring_table1:code@127.0.0.1:{port}/spring")
    assert error.code is ErrorCode.SERVER_CONNECTION_REFUSED
    assert str(error).startswith(f"cannot reach the tournament server spring_table1@127.0.0.1:{port}/spring: ")
    # Without the probe (a table's background reconnects) the stage stays unnamed: no second connection is made.
    unprobed = _refusal(f"postgresql://spring_table1:code@127.0.0.1:{port}/spring", probe=False)
    assert unprobed.code is ErrorCode.SERVER_UNREACHABLE
    assert str(unprobed) == str(error)


def test_a_host_name_that_resolves_to_nothing_is_no_such_host() -> None:
    error = _refusal("postgresql://spring_table1:code@no-such-host.invalid:5432/spring")  # RFC 2606: never resolves
    assert error.code is ErrorCode.SERVER_UNKNOWN_HOST
    assert error.fields["server"] == "spring_table1@no-such-host.invalid:5432/spring"


def test_a_server_that_never_answers_is_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection_module, "CONNECT_TIMEOUT", 1)
    with steps.SilentServer() as silent:
        error = _refusal(silent.url)
    assert error.code is ErrorCode.SERVER_NO_ANSWER


def test_something_else_listening_that_hangs_up_is_unreachable_without_a_stage() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    # Closing the listener wakes no accept() blocked on it (the join below waited its whole 5 s): the loop looks
    # at ``over`` between short accepts instead.
    listener.settimeout(0.05)
    over = threading.Event()

    def hang_up() -> None:
        while not over.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:  # the listener closed: the test is over
                return
            connection.close()

    thread = threading.Thread(target=hang_up, daemon=True)
    thread.start()
    try:
        error = _refusal(f"postgresql://spring_table1:code@127.0.0.1:{port}/spring")
    finally:
        over.set()
        thread.join(timeout=5)
        listener.close()
    assert not thread.is_alive()
    assert error.code is ErrorCode.SERVER_UNREACHABLE


def test_a_drivers_reason_keeps_every_line_of_it_on_one() -> None:
    # Issue 23 item 4: the offline messages kept only the driver's last line, which for a server that went away
    # was "before or while processing the request." (and one copy kept only the first).
    from scorekeeper.storage.tournament_pg import driver_reason
    from scorekeeper.sync.connection import reason

    error = psycopg.OperationalError(
        "server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n"
        "\tbefore or while processing the request."
    )
    words = (
        "server closed the connection unexpectedly This probably means the server terminated abnormally before or "
        "while processing the request."
    )
    assert reason(error) == words
    assert driver_reason(error) == words
    assert driver_reason(psycopg.OperationalError("")) == "OperationalError"
    assert driver_reason(psycopg.OperationalError("x" * 1000), limit=10) == "x" * 9 + "…"


def test_a_failure_before_the_driver_tried_is_told_by_what_the_address_names() -> None:
    # No libpq connection at all (psycopg failed first): a local socket has no address to look at, and a name that
    # resolves means the server was reachable by name but not by the driver.
    failed = psycopg.OperationalError("could not connect")
    assert connection_module._connect_failure("postgresql://u@/db?host=/tmp", failed, probe=True) is (
        ErrorCode.SERVER_UNREACHABLE
    )
    assert connection_module._connect_failure("postgresql://u@127.0.0.1:1/db", failed, probe=True) is (
        ErrorCode.SERVER_UNREACHABLE
    )
