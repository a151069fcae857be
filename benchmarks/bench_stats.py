"""Benchmark player statistics over a big store, beside the time to replay the same games.

Usage::

    .venv/bin/python benchmarks/bench_stats.py [--games 10000] [--players 40] [--folder DIR]

It stores ``--games`` plausible finished games (tenhou rules, generated as in bench_session.py) among
``--players`` people, then prints, each the best of a few runs:

* replay: every stored game loaded and folded from its event log (``GameStore.load_session``), the work the
  statistics would redo each time without their cache;
* first statistics: ``load_statistics`` on a fresh store: every game folded once and its lines cached;
* league table: every player over every game, from the cache (goal: under 1 s);
* one player's card: one player's figures, history, head to head, from the cache (goal: under 100 ms);
* the club average the card compares with (all games, from the cache), computed once per selection;

with the ratio of each to the replay time.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bench_session import generate_game

from scorekeeper.session import Session, ruleset
from scorekeeper.session.statistics import club_totals, head_to_head, league_table, player_history, player_statistics
from scorekeeper.storage.statistics import load_statistics
from scorekeeper.storage.store import GameStore

T = TypeVar("T")


def best_of(runs: int, work: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``runs`` runs, in seconds, and the last result."""
    best = float("inf")
    result: T
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def fill(store: GameStore, games: int, players: int, rng: random.Random) -> None:
    """Store ``games`` finished games among ``players`` named people, a few days apart."""
    rules = ruleset("tenhou")
    names = [f"Player {k:02d}" for k in range(players)]
    for number in range(games):
        game = generate_game(rng, rules)
        if not game.state.ended:
            game.end_game("")
        table = rng.sample(names, 4)
        session = Session(rules, table, game.events)
        day = 1 + number % 28
        month = 1 + (number // 28) % 12
        store.start_game(session, created=f"2026-{month:02d}-{day:02d}T19:00:00+00:00")


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    rng = random.Random(14)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        path = Path(folder) / "games.sqlite3"
        started = time.perf_counter()
        with GameStore.open(path, durable=False) as store:
            fill(store, args.games, args.players, rng)
        print(f"stored {args.games:,} games among {args.players} players in {time.perf_counter() - started:.1f} s")
        with GameStore.open(path, durable=False) as store:
            ids = [game.id for game in store.list_games()]
            replay, _ = best_of(2, lambda: [store.load_session(i).state for i in ids])
            start = time.perf_counter()
            load_statistics(store)
            first = time.perf_counter() - start

            def table() -> int:
                return len(league_table(load_statistics(store).games))

            league, count = best_of(5, table)
            stored = load_statistics(store)
            someone = next(iter(stored.names))

            def card() -> int:
                games = load_statistics(store, player=int(someone)).games
                totals = player_statistics(games, someone)
                player_history(games, someone)
                head_to_head(games, someone, min_games=2)
                return totals.games

            card_time, card_games = best_of(5, card)
            club, _ = best_of(5, lambda: club_totals(load_statistics(store).games))
        print(f"replay of every game (load and fold): {replay * 1000:8.1f} ms  (1.00)")
        print(f"first statistics (fold and cache):    {first * 1000:8.1f} ms  ({first / replay:.2f} of replay)")
        print(
            f"league table, {count} players:          {league * 1000:8.1f} ms  ({league / replay:.3f} of replay;"
            f" goal < 1000 ms: {'met' if league < 1 else 'NOT met'})"
        )
        print(
            f"one player's card ({card_games} games):     {card_time * 1000:8.1f} ms  ({card_time / replay:.4f} of"
            f" replay; goal < 100 ms: {'met' if card_time < 0.1 else 'NOT met'})"
        )
        print(f"club average (all games):             {club * 1000:8.1f} ms  ({club / replay:.3f} of replay)")


if __name__ == "__main__":
    main()
