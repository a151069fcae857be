"""Benchmark who a table's write wakes: the other tables, the writing table itself, the server's backends.

Usage (from the repository root; needs PostgreSQL's initdb, as the tests do)::

    .venv/bin/python benchmarks/bench_sync_notify.py [--tables 25] [--writes 40]

It starts a throw-away server on 127.0.0.1 (tests/pgserver.py), seats ``--tables`` tables, joins each from its own
game store and pushes once (connected and listening), and opens the referee's live feed. Then table 1 makes
``--writes`` writes (a riichi, its undo, ...), each pushed at once; after each, the notifications are given 50 ms to
arrive, the referee's feed is drained and every table runs one push cycle, as the app does every 3 s. Prints, per
write of table 1:

* server transactions (``pg_stat_database.xact_commit`` of the tournament's database, read after the server has
  flushed its statistics), with the connections open and once the tables' connections closed: each listening
  backend reads the notification queue in a transaction of its own, counted when it next answers or closes;
* tables asking the server about a write after it (calls of ``TournamentServer.overtaken``, counted here);
* notifications reaching the tables' laptops (``TournamentServer._note`` reads each one a table's connection got);
* server backends woken: voluntary context switches of the idle tables' backends (``/proc/PID/status``), and of
  the writing table's and the referee's; and the CPU time the idle tables' backends took (``/proc/PID/schedstat``).

Then a second tournament in the same database ("Other Open", one table) makes ``--writes`` writes of its own: its
table's hands (pushed) and its referee's penalties, alternately. Prints what reached the first tournament's referee's
feed per write of the other tournament (notifications, and how often its socket turned readable: each is a wake-up
and a reload of the referee's window), and the context switches of that feed's server backend.

Run it on two commits to compare (copy it into the older checkout); the figures are in docs/tournament.md
("Who a write wakes").
"""

from __future__ import annotations

import argparse
import contextlib
import select
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg

from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import server as server_module
from scorekeeper.sync.live import LiveFeed
from scorekeeper.sync.push import Writer
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.setup import create_table_login, install
from scorekeeper.sync.table import TableLogin, TableSync, join
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentPenalty, TournamentSettings
from tests.pgserver import TestServer, start_or_reason

#: pg_stat_* are flushed by an idle backend within PGSTAT_IDLE_INTERVAL (10 s) of its last transaction.
_STATS_FLUSH_S = 11.0
#: How long a notification is given to reach its listeners after the write commits.
_SETTLE_S = 0.05


def _commits(server: TestServer) -> int:
    # Read from another database, so that the reading itself is not counted.
    with psycopg.connect(server.url("postgres"), autocommit=True) as admin:
        row = admin.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = 'bench'").fetchone()
    assert row is not None
    return int(row[0])


def _backends(server: TestServer) -> dict[str, int]:
    """The process id of each login's backend in the tournament's database (one connection per login here)."""
    with psycopg.connect(server.url("postgres"), autocommit=True) as admin:
        rows = admin.execute(
            "SELECT usename, pid FROM pg_stat_activity WHERE datname = 'bench' AND backend_type = 'client backend'"
        ).fetchall()
    return {str(user): int(pid) for user, pid in rows}


def _switches(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    raise RuntimeError(f"no context switches for process {pid}")


#: Calls of TournamentServer.overtaken: a table asking the server whether the referee wrote to a game it was told of.
_ASKED = [0]
_overtaken = TournamentServer.overtaken


def _counted_overtaken(self: TournamentServer, games: Mapping[str, int]) -> dict[str, Writer]:
    _ASKED[0] += 1
    return _overtaken(self, games)


TournamentServer.overtaken = _counted_overtaken  # type: ignore[method-assign]

#: Notifications that reached a table's laptop (TournamentServer._note reads each one a table's connection got).
_HEARD = [0]
_note = TournamentServer._note


def _counted_note(self: TournamentServer, payload: str) -> None:
    _HEARD[0] += 1
    _note(self, payload)


TournamentServer._note = _counted_note  # type: ignore[method-assign]


def _cpu_ns(pid: int) -> int:
    """Time process ``pid`` has run on a CPU, in nanoseconds (``/proc/PID/schedstat``, first field)."""
    with open(f"/proc/{pid}/schedstat", encoding="ascii") as schedstat:
        return int(schedstat.read().split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--writes", type=int, default=40)
    args = parser.parse_args()
    server = start_or_reason()
    if isinstance(server, str):
        sys.exit(f"cannot start PostgreSQL: {server}")
    try:
        _run(server, args.tables, args.writes)
    finally:
        server.destroy()


_OTHER = ("Q001", "Q002", "Q003", "Q004")


def _feed(url: str) -> LiveFeed:
    """The referee's live feed of "Notify Open" (a program before per-tournament channels takes no name)."""
    try:
        return LiveFeed.connect(url, tournament="Notify Open")  # type: ignore[call-arg,unused-ignore]
    except TypeError:
        return LiveFeed.connect(url)


def _write(store: GameStore, game: int, number: int) -> None:
    """A table's next write (a riichi, then its undo), committed to its file."""
    session, position = store.load_session_at(game)
    if number % 2 == 0:
        event = RiichiDeclared(Seat(0))
        session.apply(event)
        store.append(game, event, at=position, finished=session.state.ended)
    else:
        undone = session.undo()
        store.undo(game, undone, at=position, finished=session.state.ended)


def _run(server: TestServer, tables: int, writes: int) -> None:
    admin = server.create_database("bench")
    players = [f"P{n:03d}" for n in range(1, 4 * tables + 1)]
    with open_postgresql_store(admin) as tournament:
        tournament.create(TournamentSettings(name="Notify Open", preset="tenhou"), [Player(name=p) for p in players])
        tournament.save_seating(
            Seating(
                session=1,
                tables=tuple(
                    TableSeating(n, (players[4 * n - 4], players[4 * n - 3], players[4 * n - 2], players[4 * n - 1]))
                    for n in range(1, tables + 1)
                ),
            )
        )
        tournament.create(TournamentSettings(name="Other Open", preset="tenhou"), [Player(name=p) for p in _OTHER])
        tournament.save_seating(Seating(session=1, tables=(TableSeating(1, _OTHER),)), tournament="Other Open")
    referee_url = server.url("bench", user="bench_referee", password=install(admin))
    with tempfile.TemporaryDirectory(prefix="sync-notify-") as folder, _feed(referee_url) as feed:
        syncs: list[TableSync] = []
        stores: list[GameStore] = []
        games: list[int] = []
        for n in range(1, tables + 1):
            code = create_table_login(admin, n, tournament="Notify Open")
            url = server.url("bench", user=f"bench_table{n}", password=code)
            store = GameStore.open(Path(folder) / f"table{n}.sqlite3", durable=False)
            games.append(join(store, TableLogin(url=url, session=1, table_no=n)).game_id)
            stores.append(store)
            syncs.append(TableSync(store.path, url))
        for sync in syncs:
            assert sync.push().synced
        time.sleep(_SETTLE_S)
        feed.drain()
        for sync in syncs:
            sync.push()
        pids = _backends(server)
        writer, idle = pids["bench_table1"], [pids[f"bench_table{n}"] for n in range(2, tables + 1)]
        referee = pids["bench_referee"]
        writer_store, writer_game = stores[0], games[0]

        def write(number: int) -> None:
            """Table 1's next write (a riichi, then its undo), committed to its file and pushed at once."""
            _write(writer_store, writer_game, number)
            assert syncs[0].push().synced

        # Every listening backend has read the notification queue in transactions of its own (PostgreSQL's), which
        # it counts only when it next answers a statement: a sign of life from every table now, so that what the
        # setup left is counted before the window, not in it (an empty query is not counted as a transaction).
        with _pinging_at_once():
            for sync in syncs:
                sync.push()
        time.sleep(_STATS_FLUSH_S)
        before = _commits(server)
        asked_before, heard_before = _ASKED[0], _HEARD[0]
        switched = {pid: _switches(pid) for pid in (writer, referee, *idle)}
        ran = {pid: _cpu_ns(pid) for pid in idle}
        heard_by_referee = 0
        cycle_times: list[float] = []
        for number in range(writes):
            write(number)
            time.sleep(_SETTLE_S)
            heard_by_referee += len(feed.drain())
            for sync in syncs:
                started = time.perf_counter()
                sync.push()
                cycle_times.append(time.perf_counter() - started)
        time.sleep(_STATS_FLUSH_S)
        transactions = _commits(server) - before
        woke = {pid: _switches(pid) - count for pid, count in switched.items()}
        idle_cpu_us = sum(_cpu_ns(pid) - ns for pid, ns in ran.items()) / 1000
        for sync in syncs:  # a closing backend counts what it had not counted yet
            sync.close()
        time.sleep(1.0)
        all_counted = _commits(server) - before
        print(f"tables {tables} listening and the referee's feed; {writes} writes by table 1, each pushed at once")
        asked = _ASKED[0] - asked_before
        # The push is one transaction; every listening backend then reads the notification queue in a transaction
        # of its own (PostgreSQL's async.c, ProcessIncomingNotify), counted when that backend next answers a
        # statement (the writing table's: at its next push) or closes. So the first figure is the push and the
        # writer's read (plus reads an idle table's sign of life happened to count), the second every listener's.
        print(
            f"server transactions per write: {transactions / writes:.2f} counted while connected;"
            f" {all_counted / writes:.2f} once the tables' connections closed ({len(syncs)} tables listening;"
            f" the referee's feed's reads are counted when it closes)"
        )
        print(f"tables asking the server about a write after it (TournamentServer.overtaken): {asked / writes:.2f}")
        print(f"notifications reaching a table's laptop per write: {(_HEARD[0] - heard_before) / writes:.2f}")
        print(f"the referee's feed: {heard_by_referee / writes:.2f} notifications per write")
        print(
            f"server backends woken per write: idle tables' {sum(woke[p] for p in idle) / writes:.2f}"
            f" ({len(idle)} backends), the writing table's {woke[writer] / writes:.2f},"
            f" the referee's {woke[referee] / writes:.2f}; CPU of the idle tables' backends"
            f" {idle_cpu_us / writes:.0f} us per write ({idle_cpu_us / writes / len(idle):.1f} us each)"
        )
        print(
            f"push cycle at a table after a write: p50 {statistics.median(cycle_times) * 1000:.3f} ms,"
            f" max {max(cycle_times) * 1000:.3f} ms"
        )
        _other_tournament(server, admin, Path(folder), feed, pids["bench_referee"], writes)
        for store in stores:
            store.close()


@contextlib.contextmanager
def _pinging_at_once() -> Iterator[None]:
    """Every listening table asks for a sign of life at its next push cycle."""
    was = server_module.PING_AFTER
    server_module.PING_AFTER = 0.0
    try:
        yield
    finally:
        server_module.PING_AFTER = was


def _other_tournament(server: TestServer, admin: str, folder: Path, feed: LiveFeed, referee: int, writes: int) -> None:
    """The second tournament's writes, and what of them reaches the first tournament's referee's feed."""
    url = server.url("bench", user="bench_t2_table1", password=create_table_login(admin, 1, tournament="Other Open"))
    store = GameStore.open(folder / "other.sqlite3", durable=False)
    game = join(store, TableLogin(url=url, session=1, table_no=1)).game_id
    with TableSync(store.path, url) as sync, open_postgresql_store(admin) as other_referee:
        assert sync.push().synced
        time.sleep(_SETTLE_S)
        feed.drain()
        switched = _switches(referee)
        heard = readable = 0
        for number in range(writes):
            if number % 2 == 0:
                _write(store, game, number // 2)
                assert sync.push().synced
            else:
                penalty = TournamentPenalty(player=_OTHER[number % 4], points=-1000, reason="late")
                other_referee.add_penalty(penalty, tournament="Other Open")
            time.sleep(_SETTLE_S)
            if select.select([feed.fileno()], [], [], 0)[0]:
                readable += 1
            heard += len(feed.drain())
        woke = _switches(referee) - switched
    store.close()
    print(f"another tournament in the database ({writes} writes: its table's hands and its referee's penalties):")
    print(
        f"  the first tournament's referee's feed per write: {heard / writes:.2f} notifications,"
        f" socket readable {readable / writes:.2f} times; its server backend woken {woke / writes:.2f} times"
    )


if __name__ == "__main__":
    main()
