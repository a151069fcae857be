"""Benchmark player ratings (issue 28) over a big store: goal, 10,000 games in under 5 s.

Usage::

    .venv/bin/python benchmarks/bench_ratings.py [--games 10000] [--players 40] [--folder DIR]

It stores ``--games`` plausible finished games (tenhou rules, generated as in bench_stats.py) among ``--players``
people, folds them once (``load_statistics``: the statistics cache the ratings read, as the Players window and
``scorekeeper stats`` have done before), then prints, each the best of a few runs:

* the league table: every player's statistics over every game, from the cache (the read alone, for comparison);
* ratings: ``load_statistics`` plus ``rate_games`` over every game, what ``scorekeeper ratings`` and the Players
  window's Ratings tab do at each read (goal: under 5 s for 10,000 games);
* the rating pass alone (``rate_games`` over lines already read: openskill's Plackett-Luce and tenhou.net's R);

with the ratio of each to the league table.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from bench_stats import best_of, fill

from scorekeeper.session.ratings import rate_games
from scorekeeper.session.statistics import league_table
from scorekeeper.storage.statistics import load_statistics
from scorekeeper.storage.store import GameStore


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    rng = random.Random(28)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        path = Path(folder) / "games.sqlite3"
        started = time.perf_counter()
        with GameStore.open(path, durable=False) as store:
            fill(store, args.games, args.players, rng)
        print(f"stored {args.games:,} games among {args.players} players in {time.perf_counter() - started:.1f} s")
        with GameStore.open(path, durable=False) as store:
            start = time.perf_counter()
            load_statistics(store)
            print(f"statistics folded and cached once in {time.perf_counter() - start:.1f} s")
            league, _ = best_of(3, lambda: league_table(load_statistics(store).games))
            ratings, rated = best_of(3, lambda: rate_games(load_statistics(store).games))
            games = load_statistics(store).games
            alone, _ = best_of(3, lambda: rate_games(games))
    count = len(rated.players)
    print(f"league table (read from the cache):       {league * 1000:8.1f} ms  (1.00)")
    print(
        f"ratings of {len(games):,} games, {count} players:   {ratings * 1000:8.1f} ms  ({ratings / league:.2f} of the"
        f" league table; goal < 5000 ms: {'met' if ratings < 5 else 'NOT met'})"
    )
    print(f"the rating pass alone (lines in memory):  {alone * 1000:8.1f} ms  ({alone / league:.2f})")
    print(f"per game: {alone / max(len(games), 1) * 1e6:.0f} us (openskill Plackett-Luce and tenhou.net R)")


if __name__ == "__main__":
    main()
