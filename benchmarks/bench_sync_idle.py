"""Benchmark what idle table laptops cost the tournament server, and how long closing a table takes.

Usage (from the repository root; needs PostgreSQL's initdb, as the tests do)::

    .venv/bin/python benchmarks/bench_sync_idle.py [--tables 25] [--cycles 40]

It starts a throw-away server on 127.0.0.1 (tests/pgserver.py), seats ``--tables`` tables, joins each from its own
game store and pushes once (connected). Then every table runs ``--cycles`` push cycles with nothing to send, as the
app does every 3 s between hands (here back to back). Prints:

* idle push: the time one ``TableSync.push()`` with nothing queued takes, p50 / p99, on the table's side;
* server transactions per idle cycle and table (``pg_stat_database.xact_commit`` of the tournament's database,
  read after the server has flushed its statistics);
* closing a table while its push waits for a server that takes the connection and never answers (the 5 s connect
  timeout): how long ``TableSync.close()`` takes, from another thread, as the window's close does.

Run it on two commits to compare; the figures are in docs/tournament.md ("Idle tables and closing").
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg

from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.setup import create_table_login, install
from scorekeeper.sync.table import TableLogin, TableSync, join
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentSettings
from tests.pgserver import TestServer, start_or_reason

#: pg_stat_* are flushed by an idle backend within PGSTAT_IDLE_INTERVAL (10 s) of its last transaction.
_STATS_FLUSH_S = 11.0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _commits(server: TestServer) -> int:
    # Read from another database, so that the reading itself is not counted.
    with psycopg.connect(server.url("postgres"), autocommit=True) as admin:
        row = admin.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = 'bench'").fetchone()
    assert row is not None
    return int(row[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--cycles", type=int, default=40)
    args = parser.parse_args()
    server = start_or_reason()
    if isinstance(server, str):
        sys.exit(f"cannot start PostgreSQL: {server}")
    try:
        _run(server, args.tables, args.cycles)
    finally:
        server.destroy()


def _run(server: TestServer, tables: int, cycles: int) -> None:
    admin = server.create_database("bench")
    players = [f"P{n:03d}" for n in range(1, 4 * tables + 1)]
    with open_postgresql_store(admin) as store:
        store.create(TournamentSettings(name="Idle Open", preset="tenhou"), [Player(name=p) for p in players])
        store.save_seating(
            Seating(
                session=1,
                tables=tuple(TableSeating(n, tuple(players[4 * n - 4 : 4 * n])) for n in range(1, tables + 1)),
            )
        )
    install(admin)
    with tempfile.TemporaryDirectory(prefix="sync-idle-") as folder:
        syncs: list[TableSync] = []
        stores: list[GameStore] = []
        for n in range(1, tables + 1):
            url = server.url("bench", user=f"bench_table{n}", password=create_table_login(admin, n))
            store = GameStore.open(Path(folder) / f"table{n}.sqlite3", durable=False)
            join(store, TableLogin(url=url, session=1, table_no=n))
            stores.append(store)
            syncs.append(TableSync(store.path, url))
        for sync in syncs:
            assert sync.push().synced
        time.sleep(_STATS_FLUSH_S)
        before = _commits(server)
        timings: list[float] = []
        for _cycle in range(cycles):
            for sync in syncs:
                started = time.perf_counter()
                sync.push()
                timings.append(time.perf_counter() - started)
        time.sleep(_STATS_FLUSH_S)
        transactions = _commits(server) - before
        print(f"tables {tables}, idle cycles {cycles} each ({tables * cycles} idle pushes)")
        print(
            f"idle push: p50 {statistics.median(timings) * 1000:.3f} ms, p99 {_percentile(timings, 0.99) * 1000:.3f} ms"
        )
        print(
            f"server transactions: {transactions} for {tables * cycles} idle pushes"
            f" = {transactions / (tables * cycles):.2f} per idle cycle and table"
        )
        for sync in syncs:
            sync.close()
        for store in stores:
            store.close()
        _closing(Path(folder) / "table1.sqlite3")


def _closing(path: Path) -> None:
    """Close a table's sync from another thread while its push waits on a server that never answers."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"postgresql://nobody:secret@127.0.0.1:{silent.getsockname()[1]}/nothing"
        sync = TableSync(path, url)

        def push() -> None:
            with contextlib.suppress(ScorekeeperError):  # closed during the push: the queue stays in the outbox
                sync.push()

        pushing = threading.Thread(target=push, daemon=True)
        started = time.perf_counter()
        pushing.start()
        time.sleep(0.5)  # the push is in its connect attempt (the server took the connection and says nothing)
        closing = time.perf_counter()
        sync.close()
        took = time.perf_counter() - closing
        print(f"close during a connect attempt: {took * 1000:.1f} ms (push started {closing - started:.1f} s before)")
    pushing.join()


if __name__ == "__main__":
    main()
