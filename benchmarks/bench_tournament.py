"""Benchmark a tournament day on one PostgreSQL server: many table processes pushing, one referee listening.

Usage (from the repository root; needs PostgreSQL's initdb, as the tests do)::

    .venv/bin/python benchmarks/bench_tournament.py [--tables 50] [--sessions 8] [--hands 12] [--pace 0.2]

It starts a throw-away server on 127.0.0.1 (tests/pgserver.py), lays out a tournament of ``4 x tables`` players,
and runs each table in its own process: for every session (back to back: a table that finishes a session early
starts the next) it joins its game, then plays up to ``--hands`` hands
(a riichi now and then, a ron, tsumo or draw), each confirmed into the table's own SQLite file and pushed at once,
``--pace`` seconds apart (a real table takes minutes per hand; 0 pushes as fast as the machine allows). Meanwhile
the referee's process listens (LISTEN/NOTIFY) and re-reads the standings on every change.

Prints:

* throughput: events pushed per second over the whole run (all tables at once);
* confirm to standings: from a table's confirm (its local commit) to the referee's ranked standings, as the
  referee's window reads them (``compute_standings(store.load())``), returning with that hand in it, p50/p99/max
  (goal: p99 under 1 s);
* ranked standings: the same read at 200 players x 10 sessions, median of 5 (each game's fold remembered);
* catch-up: one table that queued 500 events offline, the time its first push takes to deliver them all.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session.events import Event, ExhaustiveDraw, HanFuWin, RiichiDeclared, Ron, Tsumo
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.live import LiveFeed
from scorekeeper.sync.setup import create_table_login, install
from scorekeeper.sync.table import TableLogin, TableSync, join
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentSettings, compute_standings
from tests.pgserver import TestServer, start_or_reason


def _result(rng: random.Random) -> Event:
    kind = rng.randrange(5)
    if kind < 2:
        winner, discarder = rng.sample(range(4), 2)
        return Ron(Seat(discarder), (HanFuWin(seat=Seat(winner), han=rng.randint(1, 3), fu=30),))
    if kind < 4:
        return Tsumo(HanFuWin(seat=Seat(rng.randrange(4)), han=rng.randint(1, 3), fu=30))
    return ExhaustiveDraw(tuple(Seat(s) for s in sorted(rng.sample(range(4), rng.randint(1, 3)))))


def _play_hand(store: GameStore, game: int, rng: random.Random) -> int:
    """One hand (maybe a riichi, then a result) committed as the app does; return the events written."""
    session, position = store.load_session_at(game)
    written = 0
    if rng.random() < 0.4:
        seat = Seat(rng.randrange(4))
        try:
            session.apply(RiichiDeclared(seat))
            position = store.append(game, RiichiDeclared(seat), at=position, finished=session.state.ended)
            written += 1
        except ScorekeeperError:
            pass
    while True:
        event = _result(rng)
        try:
            session.apply(event)
        except ScorekeeperError:
            continue
        store.append(game, event, at=position, finished=session.state.ended)
        return written + 1


def _table(table_no: int, urls: dict[str, Any], args: argparse.Namespace) -> None:
    """One table laptop: every session, join, play, push after each hand.

    Writes ``confirms.txt`` in its folder (game, head, confirm time per hand) and ``pushed.txt`` (events pushed):
    files, not queues, because a queue's pipe fills and blocks a process that wants to exit.
    """
    rng = random.Random(table_no)
    folder = Path(urls["folder"]) / f"table{table_no}"
    folder.mkdir()
    store = GameStore.open(folder / "games.sqlite3", durable=False)
    confirms = (folder / "confirms.txt").open("w", encoding="utf-8")
    pushed = 0
    for session in range(1, args.sessions + 1):
        login = TableLogin(url=urls["tables"][table_no], session=session, table_no=table_no)
        joined = join(store, login)
        with TableSync(store.path, login.url) as sync:
            for _hand in range(args.hands):
                if store.load(joined.game_id).finished:
                    break
                pushed += _play_hand(store, joined.game_id, rng)
                confirmed = time.time()  # the hand's result is committed to the table's own file: confirmed
                head = store.position(joined.game_id).head
                sync.push()
                confirms.write(f"{joined.server_game} {head} {confirmed!r}\n")
                if args.pace:
                    time.sleep(args.pace * rng.uniform(0.5, 1.5))
    store.close()
    confirms.close()
    (folder / "pushed.txt").write_text(str(pushed), encoding="utf-8")


def _create(admin: str, tables: int, sessions: int, seed: int) -> None:
    """The tournament: ``4 x tables`` players, every session seated at random."""
    players = [f"P{n:03d}" for n in range(1, 4 * tables + 1)]
    rng = random.Random(seed)
    with open_postgresql_store(admin) as store:
        store.create(
            TournamentSettings(name="Bench Open", preset="tenhou", sessions=sessions), [Player(name=p) for p in players]
        )
        for session in range(1, sessions + 1):
            rng.shuffle(players)
            seats = tuple(
                TableSeating(n, (players[4 * n - 4], players[4 * n - 3], players[4 * n - 2], players[4 * n - 1]))
                for n in range(1, tables + 1)
            )
            store.save_seating(Seating(session=session, tables=seats))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _referee(url: str, stop: Any, seen_path: str) -> None:
    """Listen; on every burst of changes re-read the standings, then note when each (game, head) was reflected."""
    with (
        LiveFeed.connect(url) as feed,
        open_postgresql_store(url) as store,
        Path(seen_path).open("w", encoding="utf-8") as seen,
    ):
        while not stop.is_set():
            changes = feed.wait(0.5)
            if not changes:
                continue
            compute_standings(store.load())  # what the referee's window does on a notification
            done = time.time()
            for change in changes:
                if change.game is not None:
                    seen.write(f"{change.game} {change.head} {done!r}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between a table's hands (0: flat out)")
    args = parser.parse_args()

    server = start_or_reason()
    if isinstance(server, str):
        sys.exit(f"cannot start PostgreSQL: {server}")
    # A SIGTERM (a timeout) ends the run through the finally below, so the server is stopped either way.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    try:
        _run(server, args)
    finally:
        server.destroy()


def _run(server: TestServer, args: argparse.Namespace) -> None:
    admin = server.create_database("bench")
    _create(admin, args.tables, max(args.sessions, 10) + 1, seed=1)
    password = install(admin)
    referee_url = server.url("bench", user="bench_referee", password=password)
    tables = {
        n: server.url("bench", user=f"bench_table{n}", password=create_table_login(admin, n))
        for n in range(1, args.tables + 1)
    }
    with tempfile.TemporaryDirectory(prefix="sync-bench-") as folder:
        context = multiprocessing.get_context("fork")
        stop = context.Event()
        seen_path = str(Path(folder) / "seen.txt")
        listener = context.Process(target=_referee, args=(referee_url, stop, seen_path))
        listener.start()
        time.sleep(1.0)  # the referee is listening before the first push
        urls = {"folder": folder, "tables": tables}
        started = time.monotonic()
        workers = [context.Process(target=_table, args=(n, urls, args)) for n in range(1, args.tables + 1)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        elapsed = time.monotonic() - started
        time.sleep(1.5)  # the last notifications reach the referee
        stop.set()
        listener.join(timeout=10)
        confirmed: dict[tuple[str, int], float] = {}
        for n in range(1, args.tables + 1):
            for line in (Path(folder) / f"table{n}" / "confirms.txt").read_text(encoding="utf-8").splitlines():
                game, head, at = line.split()
                confirmed[(game, int(head))] = float(at)
        reflected: dict[tuple[str, int], float] = {}
        for line in Path(seen_path).read_text(encoding="utf-8").splitlines():
            game, head, at = line.split()
            reflected.setdefault((game, int(head)), float(at))
        latencies = [reflected[key] - at for key, at in confirmed.items() if key in reflected]
        events = sum(
            int((Path(folder) / f"table{n}" / "pushed.txt").read_text(encoding="utf-8"))
            for n in range(1, args.tables + 1)
        )
        print(f"tables {args.tables}, sessions {args.sessions}, hands per game up to {args.hands}, pace {args.pace} s")
        print(f"throughput: {events} events in {elapsed:.1f} s = {events / elapsed:.0f} events/s")
        print(
            "confirm to ranked standings:"
            f" {len(latencies)}/{len(confirmed)} hands seen;"
            f" p50 {statistics.median(latencies) * 1000:.0f} ms, p99 {_percentile(latencies, 0.99) * 1000:.0f} ms,"
            f" max {max(latencies) * 1000:.0f} ms (goal p99 < 1000 ms)"
        )
        _fill_to(tables, args, folder)
        _standings_timing(referee_url)
        _catch_up(tables[1], folder)


def _fill_to(tables: dict[int, str], args: argparse.Namespace, folder: str) -> None:
    """Play the sessions up to 10 that the live run did not, flat out, so the standings hold 10 sessions."""
    rng = random.Random(99)
    for session in range(args.sessions + 1, 11):
        for table_no, url in tables.items():
            path = Path(folder) / f"fill{session}-{table_no}.sqlite3"
            with GameStore.open(path, durable=False) as store:
                joined = join(store, TableLogin(url=url, session=session, table_no=table_no))
                for _hand in range(args.hands):
                    if store.load(joined.game_id).finished:
                        break
                    _play_hand(store, joined.game_id, rng)
                with TableSync(path, url) as sync:
                    sync.push()


def _standings_timing(referee_url: str) -> None:
    ranked = []
    with open_postgresql_store(referee_url) as store:
        players = len(store.load().players)
        for _ in range(5):
            started = time.perf_counter()
            compute_standings(store.load())
            ranked.append(time.perf_counter() - started)
    print(
        f"ranked standings (the referee's window: load every game and fold it, then rank), {players} players x 10"
        f" sessions: median {statistics.median(ranked) * 1000:.0f} ms"
    )


def _catch_up(url: str, folder: str) -> None:
    """A table that queued 500 events offline (a whole session and more), then its first push."""
    path = Path(folder) / "offline.sqlite3"
    rng = random.Random(7)
    with GameStore.open(path, durable=False) as store:
        joined = join(store, TableLogin(url=url, session=11, table_no=1))
        with TableSync(path, url) as sync:
            while sync.status().waiting < 500:
                session, position = store.load_session_at(joined.game_id)
                if session.state.ended:
                    undone = session.undo()
                    store.undo(joined.game_id, undone, at=position, finished=session.state.ended)
                else:
                    _play_hand(store, joined.game_id, rng)
            waiting = sync.status().waiting
            started = time.perf_counter()
            status = sync.push()
            took = time.perf_counter() - started
    print(f"catch-up: {waiting} queued writes delivered in {took:.2f} s (synced: {status.synced})")


if __name__ == "__main__":
    main()
