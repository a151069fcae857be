"""A server whose path goes silent (no reset; every byte taken, none answered) is given up, and the table says so.

TCP keepalives (10 s idle, 3 probes 5 s apart) and a 20 s send timeout find a network whose packets vanish. A path
that still takes and acknowledges every byte and forwards nothing (a hung router, NAT box or proxy: the nearest hop
answers the keepalive probes) is found by neither: a push waited for its answer for ever, and an idle table said
"Synced" for ever. Every exchange with the server now has ``ANSWER_TIMEOUT`` seconds to be answered, and a listening
table that has heard nothing for ``PING_AFTER`` seconds asks for a sign of life. Tested through a loopback relay that
stops forwarding (``steps.StallingProxy``); the kernel's settings are read back from the socket.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import server as server_module
from scorekeeper.sync.live import LiveFeed
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import SyncStatus, TableSync
from tests.sync import steps
from tests.tournament_db import Tournament

#: Room for a loaded machine (2 cores shared by several test runs) on top of the times under test.
_SLACK_S = 2.0


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> tuple[float, float]:
    """Short times for the mechanism under test: (PING_AFTER, ANSWER_TIMEOUT)."""
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3, raising=False)  # raising: the test fails before, not errs
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0, raising=False)
    return 0.3, 1.0


def _within(seconds: float, call: Callable[[], SyncStatus]) -> SyncStatus:
    """``call()``'s status, failing (not hanging) if it has not returned within ``seconds``."""
    outcome: list[SyncStatus] = []
    worker = threading.Thread(target=lambda: outcome.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still waiting for the server after {seconds:g} s"
    return outcome[0]


def test_an_idle_table_whose_server_goes_silent_says_offline_within_the_answer_time(
    tournament: Tournament, tmp_path: Path, quick: tuple[float, float]
) -> None:
    ping_after, answer_timeout = quick
    store, _game, login = tournament.join(tmp_path, 1)
    with (
        steps.StallingProxy(tournament.server.port) as proxy,
        TableSync(store.path, proxy.url(login.url, tournament.server.port)) as sync,
    ):
        assert sync.push().synced  # connected and listening through the relay
        proxy.stall()
        stalled = time.monotonic()
        status = steps.push_until(sync, lambda s: s.offline_since is not None, timeout=10)
        took = time.monotonic() - stalled
        assert status.offline_since is not None
        assert took < ping_after + answer_timeout + _SLACK_S
        assert "did not answer within 1 s: gave up the connection" in sync.last_error
        assert sync.push().synced  # the next cycle connects again, and a new connection's path works


def test_a_push_into_a_silent_path_is_given_up_within_the_answer_time_and_the_hand_waits(
    tournament: Tournament, tmp_path: Path, quick: tuple[float, float]
) -> None:
    _ping_after, answer_timeout = quick
    store, game, login = tournament.join(tmp_path, 1)
    with (
        steps.StallingProxy(tournament.server.port) as proxy,
        TableSync(store.path, proxy.url(login.url, tournament.server.port)) as sync,
    ):
        assert sync.push().synced
        proxy.stall()
        steps.append(store, game, RiichiDeclared(Seat(0)))
        started = time.monotonic()
        status = _within(answer_timeout + _SLACK_S + 5, sync.push)  # before: waited for ever
        assert time.monotonic() - started < answer_timeout + _SLACK_S
        assert status.offline_since is not None
        assert status.waiting == 1  # the riichi stays queued in the table's file
        assert sync.push().synced  # a new connection: it goes
    with tournament.referee() as referee:
        assert referee.games()[0]["head"] == 1  # exactly once


@pytest.mark.slow
def test_an_idle_table_says_offline_within_half_a_minute_of_its_server_going_silent(
    tournament: Tournament, tmp_path: Path
) -> None:
    # The documented times (docs/tournament.md): a sign of life asked for after PING_AFTER (10 s) of silence, given
    # ANSWER_TIMEOUT (15 s); the app's cycle (3 s) adds at most one cycle. Cycles run back to back here.
    assert (server_module.PING_AFTER, tournament_pg.ANSWER_TIMEOUT) == (10.0, 15.0)
    store, _game, login = tournament.join(tmp_path, 1)
    with (
        steps.StallingProxy(tournament.server.port) as proxy,
        TableSync(store.path, proxy.url(login.url, tournament.server.port)) as sync,
    ):
        assert sync.push().synced
        proxy.stall()
        stalled = time.monotonic()
        status = steps.push_until(sync, lambda s: s.offline_since is not None, timeout=45)
        took = time.monotonic() - stalled
    assert status.offline_since is not None
    assert 10.0 + 15.0 - 1.0 < took < 28.0


def test_every_server_connection_carries_keepalives_and_a_send_timeout(tournament: Tournament) -> None:
    # What finds a network whose packets vanish (a pulled cable): the kernel's settings, read back from the socket.
    with (
        TournamentServer.connect(tournament.table_url(1)) as table,
        socket.socket(fileno=os.dup(table.fileno())) as connection,
    ):
        assert connection.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 10  # before: the kernel's 2 hours
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL) == 5
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == 3
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 20_000


def _last_statement(tournament: Tournament) -> tuple[object, str]:
    """When table 1's one connection last changed state, and its last statement (the admin sees every backend)."""
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT state_change, query FROM pg_stat_activity WHERE usename = %s",
            (f"{tournament.database}_table1",),
        ).fetchall()
    assert len(rows) == 1
    return rows[0][0], str(rows[0][1])


def test_an_idle_table_asks_for_a_sign_of_life_only_after_hearing_nothing_for_a_while(
    tournament: Tournament, tmp_path: Path, quick: tuple[float, float]
) -> None:
    ping_after, _answer_timeout = quick
    store, _game, login = tournament.join(tmp_path, 1)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        before = _last_statement(tournament)
        for _cycle in range(3):
            assert sync.push().synced
        assert _last_statement(tournament) == before  # within PING_AFTER of the server's last word: nothing sent
        time.sleep(ping_after * 1.5)
        assert sync.push().synced
        when, statement = _last_statement(tournament)
    assert when != before[0]
    assert statement == ""  # the sign of life: an empty query, no transaction


def test_one_watchdog_gives_up_an_exchange_at_its_deadline_and_none_disarmed_in_time() -> None:
    fired: list[str] = []
    late = tournament_pg.WATCHDOG.arm(30.0, lambda: fired.append("late"))
    tournament_pg.WATCHDOG.arm(0.05, lambda: fired.append("early"))  # earlier than the thread's next wake
    disarmed = tournament_pg.WATCHDOG.arm(0.05, lambda: fired.append("disarmed"))
    tournament_pg.WATCHDOG.disarm(disarmed)
    deadline = time.monotonic() + 5
    while not fired and time.monotonic() < deadline:
        time.sleep(0.01)
    tournament_pg.WATCHDOG.disarm(late)
    time.sleep(0.1)
    assert fired == ["early"]


def test_the_referees_live_feed_carries_keepalives_and_a_send_timeout(tournament: Tournament) -> None:
    with LiveFeed.connect(tournament.referee_url) as feed, socket.socket(fileno=os.dup(feed.fileno())) as connection:
        assert connection.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 10  # before: the kernel's 2 hours
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 20_000


def test_the_referees_store_over_a_silent_path_gives_up_within_the_answer_time_instead_of_freezing(
    tournament: Tournament, quick: tuple[float, float]
) -> None:
    _ping_after, answer_timeout = quick
    with steps.StallingProxy(tournament.server.port) as proxy:
        store = open_postgresql_store(proxy.url(tournament.referee_url, tournament.server.port))
        try:
            assert store.tournament_names() == ("Test Open",)
            proxy.stall()
            refused: list[BaseException] = []

            def read() -> None:
                try:
                    store.tournament_names()
                except SaveFileError as error:
                    refused.append(error)

            started = time.monotonic()
            reading = threading.Thread(target=read, daemon=True)
            reading.start()
            reading.join(answer_timeout + _SLACK_S + 5)
            assert not reading.is_alive(), "the read still waits for the server"  # before: for ever (the window froze)
            assert time.monotonic() - started < answer_timeout + _SLACK_S
        finally:
            store.close()
    assert len(refused) == 1
    assert "did not answer within 1 s: gave up the connection" in str(refused[0])
    assert tournament.server.password not in str(refused[0])


def test_the_referees_store_on_the_server_carries_keepalives_and_a_send_timeout(tournament: Tournament) -> None:
    with tournament.store() as store:
        fileno = store._connection._connection.fileno()  # type: ignore[attr-defined]
        with socket.socket(fileno=os.dup(fileno)) as connection:
            assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 10  # before: the kernel's 2 hours
            assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 20_000
