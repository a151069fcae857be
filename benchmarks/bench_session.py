"""Benchmark the session and the store: replay a game archive, recompute after an early edit, append latency.

Usage::

    .venv/bin/python benchmarks/bench_session.py [--games 1000] [--store-games 10000] [--appends 2000]

Prints:

* replay: a 1,000-game archive (plausible generated games, tenhou rules) folded from the event log, games per
  second;
* edit: the same games after a referee edit of their first hand, everything after it recomputed, games per second;
* append: the latency of committing one event (its own transaction, WAL) into a database that already holds
  10,000 games, p50/p99/max in milliseconds (target: p99 under 5 ms), with ``synchronous=FULL`` (the default:
  a power cut loses nothing) and ``NORMAL`` (``durable=False``), next to the disk's own write+fsync latency,
  which bounds FULL from below;
* open and load: opening that database (header check, ``quick_check``) and loading one game back.

The database goes to a temporary folder on the same disk as ``--folder`` (default: the system's temp folder).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Event,
    ExhaustiveDraw,
    HandEdited,
    HandRecord,
    HandResult,
    HanFuWin,
    RiichiDeclared,
    Ron,
    Ruleset,
    Seat,
    Session,
    Tsumo,
    Win,
    YakumanWin,
    ruleset,
)
from scorekeeper.storage.store import GameStore

PLAYERS = ("Ann", "Bo", "Chie", "Dai")
_FU = (30, 30, 30, 40, 40, 50, 60, 70)


def random_win(rng: random.Random, seat: int) -> Win:
    """A plausible win: mostly 1-4 han at common fu, sometimes a limit hand, rarely a yakuman."""
    roll = rng.random()
    if roll < 0.01:
        return YakumanWin(seat=Seat(seat), yakuman=1)
    if roll < 0.15:
        return HanFuWin(seat=Seat(seat), han=rng.randint(5, 11), fu=30)
    han = rng.randint(1, 4)
    fu = rng.choice(_FU)
    if han == 1 and fu == 25:
        fu = 30
    return HanFuWin(seat=Seat(seat), han=han, fu=fu)


def random_hand(rng: random.Random) -> tuple[tuple[Seat, ...], HandResult]:
    """The riichi declarations and the result of one plausible hand (who is able to riichi is checked later)."""
    riichi = tuple(Seat(s) for s in range(4) if rng.random() < 0.2)
    roll = rng.random()
    result: HandResult
    if roll < 0.45:
        winner, discarder = rng.sample(range(4), 2)
        wins: tuple[Win, ...] = (random_win(rng, winner),)
        if rng.random() < 0.03:
            second = next(s for s in range(4) if s not in (winner, discarder))
            wins = (*wins, random_win(rng, second))
        result = Ron(Seat(discarder), wins)
    elif roll < 0.80:
        result = Tsumo(random_win(rng, rng.randrange(4)))
    elif roll < 0.98:
        result = ExhaustiveDraw(tuple(Seat(s) for s in sorted(rng.sample(range(4), rng.randint(0, 4)))))
    else:
        result = AbortiveDraw(AbortReason.KYUUSHU)
    return riichi, result


def hand_events(riichi: Sequence[Seat], result: HandResult) -> list[Event]:
    """The events that record one hand: the riichi declarations, then the result."""
    return [*(RiichiDeclared(s) for s in riichi), result]


def generate_game(rng: random.Random, rules: Ruleset, max_hands: int = 40) -> Session:
    """A plausible complete game: random hands played until the table ends the game (or ``max_hands``).

    A hand the table refuses (a riichi without 1000 points...) is drawn again, so every game replays cleanly.
    """
    session = Session(rules, PLAYERS)
    for _ in range(max_hands):
        if session.state.ended:
            break
        for _attempt in range(20):
            riichi, result = random_hand(rng)
            if isinstance(result, ExhaustiveDraw):
                result = ExhaustiveDraw(tuple(sorted(set(result.tenpai) | set(riichi))))
            mark = len(session.events)
            try:
                for event in hand_events(riichi, result):
                    session.apply(event)
                break
            except ScorekeeperError:
                while len(session.events) > mark:
                    session.undo()
    return Session(rules, PLAYERS, session.events)


def early_edit(session: Session) -> HandEdited:
    """A referee's correction of the first hand: a winner's han one higher (or a draw made all-noten)."""
    record = session.state.hands[0].record
    result = record.result
    if isinstance(result, Ron) and isinstance(result.wins[0], HanFuWin):
        first = result.wins[0]
        bumped = HanFuWin(seat=first.seat, han=min(first.han + 1, 13), fu=first.fu)
        result = Ron(result.discarder, (bumped, *result.wins[1:]))
    elif isinstance(result, Tsumo) and isinstance(result.win, HanFuWin):
        result = Tsumo(HanFuWin(seat=result.win.seat, han=min(result.win.han + 1, 13), fu=result.win.fu))
    else:
        result = ExhaustiveDraw(record.riichi)
    return HandEdited(0, HandRecord(record.riichi, result))


def bench_replay(games: int, rng: random.Random) -> list[Session]:
    """Print replay and edit-recompute speeds over a generated archive; return the archive."""
    rules = ruleset("tenhou")
    start = time.perf_counter()
    archive = [generate_game(rng, rules) for _ in range(games)]
    generated = time.perf_counter() - start
    hands = sum(len(s.state.hands) for s in archive)
    events = sum(len(s.events) for s in archive)
    print(f"archive: {games:,} tenhou games, {hands:,} hands, {events:,} events (generated in {generated:.1f} s)")

    start = time.perf_counter()
    for session in archive:
        Session(session.rules, session.players, session.events)
    seconds = time.perf_counter() - start
    print(f"replay: {games / seconds:,.0f} games/s ({hands / seconds:,.0f} hands/s)")

    refused = 0
    start = time.perf_counter()
    for session in archive:
        try:
            session.apply(early_edit(session))
        except ScorekeeperError:
            refused += (
                1  # the edit made a later hand impossible (a bust moved earlier...): refused, recomputed all the same
            )
    seconds = time.perf_counter() - start
    print(f"edit first hand and recompute: {games / seconds:,.0f} games/s ({refused} edits refused by the table)")
    return archive


def bench_archive_in_store(folder: Path, archive: Sequence[Session]) -> None:
    """Print how fast the archive is saved to and loaded back from a database (each load replays the game)."""
    with GameStore.open(folder / "archive.sqlite3") as store:
        start = time.perf_counter()
        ids = [store.start_game(s) for s in archive]
        saved = time.perf_counter() - start
        start = time.perf_counter()
        for game in ids:
            store.load_session(game)
        loaded = time.perf_counter() - start
    print(
        f"store the archive (one transaction per game): {len(ids) / saved:,.0f} games/s; "
        f"load and replay from the database: {len(ids) / loaded:,.0f} games/s"
    )


def fill_store(store: GameStore, games: int, rng: random.Random) -> int:
    """Store ``games`` finished games of about 12 hands and one running game; return the running game's id.

    The fill runs with ``synchronous=OFF`` so that building the fixture takes seconds; the measurement after it
    runs with the store's own FULL setting.
    """
    connection = store._connection  # benchmark only: speed up building the fixture
    connection.execute("PRAGMA synchronous = OFF")
    for _ in range(games):
        events: list[Event] = []
        for _hand in range(rng.randint(8, 16)):
            events += hand_events(*random_hand(rng))
        store.create_game(players=PLAYERS, ruleset="tenhou", events=events, finished=True)
    connection.execute("PRAGMA synchronous = FULL")
    return store.create_game(players=PLAYERS, ruleset="tenhou")


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The sample at ``fraction`` of the sorted samples (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def time_each(action: Callable[[], object], count: int) -> list[float]:
    """Run ``action`` ``count`` times and return each run's duration in milliseconds."""
    durations = []
    for _ in range(count):
        start = time.perf_counter()
        action()
        durations.append((time.perf_counter() - start) * 1000)
    return durations


def fsync_floor(folder: Path, count: int = 300) -> list[float]:
    """The disk's own latency: write 100 bytes and fsync, ``count`` times (milliseconds each)."""
    probe = folder / "fsync.probe"
    with probe.open("wb") as file:

        def write_and_sync() -> None:
            file.write(b"x" * 100)
            file.flush()
            os.fsync(file.fileno())

        durations = time_each(write_and_sync, count)
    probe.unlink()
    return durations


def _figures(samples: Sequence[float]) -> str:
    return (
        f"p50 {percentile(samples, 0.5):.2f} ms, p99 {percentile(samples, 0.99):.2f} ms, "
        f"max {max(samples):.2f} ms, mean {statistics.fmean(samples):.2f} ms"
    )


def bench_store(folder: Path, store_games: int, appends: int, rng: random.Random) -> None:
    """Print the append latency with ``store_games`` games in the database, and open and load times."""
    path = folder / "bench.sqlite3"
    start = time.perf_counter()
    with GameStore.open(path) as store:
        game = fill_store(store, store_games, rng)
    fill_seconds = time.perf_counter() - start
    size_mb = path.stat().st_size / 1e6
    print(f"store: {store_games:,} games, {size_mb:.1f} MB, built in {fill_seconds:.1f} s")
    print(f"disk floor: write 100 bytes + fsync: {_figures(fsync_floor(folder))}")

    for durable in (True, False):
        _bench_mode(path, game, durable=durable, appends=appends, store_games=store_games, rng=rng)


def _bench_mode(path: Path, game: int, *, durable: bool, appends: int, store_games: int, rng: random.Random) -> None:
    """Print append, undo, redo, open and load times with one durability setting."""
    start = time.perf_counter()
    store = GameStore.open(path, durable=durable)
    open_ms = (time.perf_counter() - start) * 1000
    mode = "FULL, the default" if durable else "NORMAL, durable=False"
    events = [e for _ in range(appends) for e in hand_events(*random_hand(rng))][:appends]
    pending = iter(events)
    at = [store.position(game)]
    done: list[Event] = []

    def append() -> None:
        done.append(next(pending))
        at[0] = store.append(game, done[-1], at=at[0])

    def undo_one() -> None:
        at[0] = store.undo(game, done[at[0].head - 1], at=at[0])

    def redo_one() -> None:
        at[0] = store.redo(game, done[at[0].head], at=at[0])

    latencies = time_each(append, appends)
    print(f"append ({mode}): {appends:,} events, one transaction each: {_figures(latencies)}")
    undo = time_each(undo_one, 200)
    redo = time_each(redo_one, 200)
    print(f"  undo: {_figures(undo)}")
    print(f"  redo: {_figures(redo)}")
    listing = time_each(store.list_games, 5)
    print(f"  list all {store_games + 1:,} games: p50 {percentile(listing, 0.5):.0f} ms")
    loads = time_each(lambda: store.load(game), 10)
    print(
        f"  open: {open_ms:.0f} ms (header check, quick_check, WAL setup); "
        f"load the {len(store.load(game).events):,}-event game: p50 {percentile(loads, 0.5):.1f} ms"
    )
    store.close()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the replay archive")
    parser.add_argument("--store-games", type=int, default=10_000, help="games in the database for the append test")
    parser.add_argument("--appends", type=int, default=2000, help="events appended for the latency figures")
    parser.add_argument("--folder", type=Path, default=None, help="where the temporary database goes")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    archive = bench_replay(args.games, rng)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        bench_archive_in_store(Path(folder), archive)
        bench_store(Path(folder), args.store_games, args.appends, rng)


if __name__ == "__main__":
    main()
