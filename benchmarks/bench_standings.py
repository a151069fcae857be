"""Time the live standings of a big tournament: every game folded from its log, then again after one change.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_standings.py [--players 200] [--sessions 10] [--hands 7]
        [--store sqlite|postgresql]

Prints the time of ``compute_standings`` the first time (each game's log folded by the session) and after one more
game is added (the others' folds remembered), and their ratio. The games are random han/fu rons under EMA 2016.

With ``--store`` it also times what the referee's window, the command line and the exports do,
``compute_standings(store.load())``, on a tournament store of that size (a file, or a throw-away PostgreSQL server
as tests/pgserver.py starts it): the first read, then a read after each of 20 changes (one hand appended to one
game), median and max, against the same read with every remembered fold, sheet and parsed event forgotten first
(what each read cost before anything was remembered), and their ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.errors import TournamentError
from scorekeeper.session import HanFuWin, Ron, Seat
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import Player, TableGame, Tournament, TournamentSettings, compute_standings, seat_random


def _tournament(players: int, sessions: int, hands: int) -> tuple[Tournament, TableGame]:
    roster = tuple(Player(name=f"P{k:03d}") for k in range(players))
    tournament = Tournament(settings=TournamentSettings(name="Bench", sessions=sessions), players=roster)
    rng = random.Random(1)
    games: list[TableGame] = []
    for session in range(1, sessions + 1):
        seating = seat_random(session, [p.name for p in roster], seed=session)
        tournament = tournament.with_seating(seating)
        for table in seating.tables:
            events = []
            for _ in range(hands):
                winner = rng.randrange(4)
                win = HanFuWin(seat=Seat(winner), han=rng.choice((1, 2, 3)), fu=30)
                events.append(Ron(Seat((winner + 1) % 4), (win,)))
            games.append(
                TableGame(
                    game_id=f"{session}-{table.table}",
                    session=session,
                    table=table.table,
                    players=table.seats,
                    events=tuple(events),
                )
            )
    last = games.pop()
    return dataclasses.replace(tournament, games=tuple(games)), last


def _forget(store: TournamentStore) -> None:
    """Forget every remembered fold, sheet and parsed event: a read as before anything was remembered."""
    from scorekeeper.tournament import model

    for name in ("_fold", "_result"):  # getattr: the same script times the code before _result was added
        cached = getattr(model, name, None)
        if cached is not None:
            cached.cache_clear()
    store._events_read.clear()
    getattr(store, "_games_read", {}).clear()


def _referee_reads(store: TournamentStore, tournament: Tournament, last: TableGame) -> None:
    """Time ``compute_standings(store.load())`` as the referee's window reads it after each change."""
    store.create(tournament.settings, tournament.players)
    for seating in tournament.seatings:
        store.save_seating(seating)
    for game in (*tournament.games, last):
        store.add_game(game)
    _forget(store)
    started = time.perf_counter()
    first = compute_standings(store.load())
    cold = time.perf_counter() - started
    warm: list[float] = []
    forgotten: list[float] = []
    games = store.load().games
    for number, game in enumerate(games[:: max(1, len(games) // 20)][:20]):
        hand = Ron(Seat((number + 1) % 4), (HanFuWin(seat=Seat(number % 4), han=1, fu=30),))
        try:
            store.append_events(game.game_id, len(game.events), [hand])
        except TournamentError:  # the game has ended: another one changes
            continue
        started = time.perf_counter()
        now = compute_standings(store.load())
        warm.append(time.perf_counter() - started)
        _forget(store)
        started = time.perf_counter()
        again = compute_standings(store.load())
        forgotten.append(time.perf_counter() - started)
        assert again == now and now != first
    print(f"referee's read, compute_standings(store.load()), on {store.where}:")
    print(f"  first read (nothing remembered):  {cold * 1000:8.1f} ms")
    print(
        f"  after a change, {len(warm)} changes: median {statistics.median(warm) * 1000:.1f} ms,"
        f" max {max(warm) * 1000:.1f} ms"
    )
    print(
        f"  the same read with nothing remembered: median {statistics.median(forgotten) * 1000:.1f} ms"
        f"  ({statistics.median(forgotten) / statistics.median(warm):.1f}x the time)"
    )


def _with_store(kind: str, tournament: Tournament, last: TableGame) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-standings-") as folder:
        if kind == "sqlite":
            with TournamentStore.open_sqlite(Path(folder) / "bench.db") as store:
                _referee_reads(store, tournament, last)
            return
        from scorekeeper.storage.tournament_pg import open_postgresql_store
        from tests.pgserver import start_or_reason

        server = start_or_reason()
        if isinstance(server, str):
            raise SystemExit(f"no PostgreSQL: {server}")
        try:
            with open_postgresql_store(server.create_database("bench_standings")) as store:
                _referee_reads(store, tournament, last)
        finally:
            server.stop()
            server.destroy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), help="also time the referee's reads on a store")
    args = parser.parse_args()
    tournament, last = _tournament(args.players, args.sessions, args.hands)
    started = time.perf_counter()
    compute_standings(tournament)
    first = time.perf_counter() - started
    tournament = dataclasses.replace(tournament, games=(*tournament.games, last))
    started = time.perf_counter()
    compute_standings(tournament)
    again = time.perf_counter() - started
    print(f"{args.players} players, {args.sessions} sessions, {len(tournament.games)} games of {args.hands} hands")
    print(f"standings, every game folded:      {first * 1000:8.1f} ms")
    print(f"standings after one more game:     {again * 1000:8.1f} ms  ({first / again:.1f}x faster)")
    if args.store:
        _with_store(args.store, dataclasses.replace(tournament, games=tournament.games[:-1]), last)


if __name__ == "__main__":
    main()
