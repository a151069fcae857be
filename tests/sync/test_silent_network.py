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
import select
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import SaveFileError, TournamentServerError
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import server as server_module
from scorekeeper.sync.live import Change, LiveFeed
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import SyncStatus, TableSync
from scorekeeper.tournament import TournamentPenalty
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


def test_the_apps_times_are_the_documented_ones() -> None:
    # Every run: the times the slow test above waits out (docs/tournament.md: 10 + 3 + 15 = 28 s at most).
    assert (server_module.PING_AFTER, tournament_pg.ANSWER_TIMEOUT) == (10.0, 15.0)


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


def test_the_referees_store_reads_again_by_itself_after_giving_a_silent_path_up(
    tournament: Tournament, quick: tuple[float, float]
) -> None:
    # Before: every later read failed with "the connection is closed" until the window opened the store again.
    with steps.StallingProxy(tournament.server.port) as proxy:
        store = open_postgresql_store(proxy.url(tournament.referee_url, tournament.server.port))
        try:
            assert store.tournament_names() == ("Test Open",)
            proxy.stall()
            with pytest.raises(SaveFileError, match="did not answer within 1 s"):
                store.tournament_names()
            assert store.tournament_names() == ("Test Open",)  # a new connection through the relay: it passes
            assert store.load().settings.name == "Test Open"
            assert proxy.connections == 2
        finally:
            store.close()


def _end_the_referees_backends(tournament: Tournament) -> int:
    """End every server process of the referee's login (as a restarted server or a reset would); return how many."""
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
            (f"{tournament.database}_referee",),
        ).fetchall()
    return len(rows)


def test_the_referees_store_connects_again_on_the_read_after_its_connection_was_lost(tournament: Tournament) -> None:
    with tournament.store() as store:
        before = store.data_version()
        assert _end_the_referees_backends(tournament) == 1
        with pytest.raises(SaveFileError):
            store.data_version()  # this read finds the connection gone
        assert store.data_version() == before  # the next one connects again
        assert _end_the_referees_backends(tournament) == 1  # one connection: the lost one was not kept


def test_a_transaction_whose_connection_was_lost_is_not_carried_on_over_a_new_one(tournament: Tournament) -> None:
    with tournament.store() as store:
        connection = store._connection  # the store's answered connection (its transactions are BEGIN ... COMMIT)
        connection.execute("BEGIN")
        connection.execute("SELECT 1")
        _end_the_referees_backends(tournament)
        with pytest.raises(psycopg.OperationalError):
            connection.execute("SELECT 1")
        with pytest.raises(psycopg.OperationalError, match="connection to the server was lost"):
            connection.execute("SELECT 2")  # still inside the lost transaction: not sent on a new connection
        with pytest.raises(psycopg.OperationalError, match="connection to the server was lost"):
            connection.execute("ROLLBACK")  # nothing to roll back: the server did
        assert store.tournament_names() == ("Test Open",)  # a new start connects again


def test_a_closed_store_stays_closed(tournament: Tournament) -> None:
    store = tournament.store()
    store.close()
    with pytest.raises(SaveFileError, match="closed"):
        store.tournament_names()


def test_the_referees_live_feed_over_a_silent_path_is_given_up_within_the_answer_time(
    tournament: Tournament, quick: tuple[float, float]
) -> None:
    # Before: the feed heard nothing and said nothing, and the referee's window showed "live" for good.
    ping_after, answer_timeout = quick
    with (
        steps.StallingProxy(tournament.server.port) as proxy,
        LiveFeed.connect(proxy.url(tournament.referee_url, tournament.server.port)) as feed,
    ):
        assert feed.wait(0.1) == ()
        proxy.stall()
        stalled = time.monotonic()
        lost: list[TournamentServerError] = []

        def wait() -> None:
            try:
                feed.wait(60)
            except TournamentServerError as error:
                lost.append(error)

        waiting = threading.Thread(target=wait, daemon=True)
        waiting.start()
        waiting.join(ping_after + answer_timeout + _SLACK_S + 5)
        assert not waiting.is_alive(), "the feed still waits for the server"
        assert time.monotonic() - stalled < ping_after + answer_timeout + _SLACK_S
    assert len(lost) == 1
    assert "did not answer within 1 s: gave up the connection" in str(lost[0])
    assert tournament.server.password not in str(lost[0])


def test_the_live_feeds_sign_of_life_never_waits_for_the_answer(
    tournament: Tournament, quick: tuple[float, float]
) -> None:
    # The window calls keep_alive on its own thread every second: a silent server must not freeze it.
    ping_after, answer_timeout = quick
    with (
        steps.StallingProxy(tournament.server.port) as proxy,
        LiveFeed.connect(proxy.url(tournament.referee_url, tournament.server.port)) as feed,
    ):
        proxy.stall()
        time.sleep(ping_after)
        longest = 0.0
        given_up = time.monotonic() + answer_timeout + _SLACK_S
        lost: list[TournamentServerError] = []
        while time.monotonic() < given_up and not lost:
            started = time.monotonic()
            try:
                feed.keep_alive()
            except TournamentServerError as error:
                lost.append(error)
            longest = max(longest, time.monotonic() - started)
            time.sleep(0.05)
    assert len(lost) == 1
    assert "did not answer" in str(lost[0])
    assert longest < 0.2


def _feed_backend(tournament: Tournament) -> tuple[object, str]:
    """When the referee's one connection (the feed) last changed state, and its last statement."""
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT state_change, query FROM pg_stat_activity WHERE usename = %s",
            (f"{tournament.database}_referee",),
        ).fetchall()
    assert len(rows) == 1
    return rows[0][0], str(rows[0][1])


def test_a_quiet_live_feed_asks_for_a_sign_of_life_and_still_hears_the_next_change(
    tournament: Tournament, quick: tuple[float, float]
) -> None:
    ping_after, _answer_timeout = quick
    with LiveFeed.connect(tournament.referee_url) as feed:
        feed.keep_alive()
        assert _feed_backend(tournament)[1].startswith("LISTEN")  # within PING_AFTER of connecting: nothing sent
        time.sleep(ping_after * 1.5)
        feed.keep_alive()
        deadline = time.monotonic() + 5
        while _feed_backend(tournament)[1] != "" and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _feed_backend(tournament)[1] == ""  # the sign of life: an empty query, no transaction
        select.select([feed.fileno()], [], [], 5.0)
        assert feed.drain() == ()  # the answer is taken in: not a change
        with tournament.store() as store:
            store.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
        assert feed.wait(5.0) == (Change(game=None, what="penalties"),)
        for _second in range(3):  # answered in time, and asked again after each quiet spell: never given up
            time.sleep(ping_after * 1.5)
            feed.keep_alive()
            feed.wait(0.5)
