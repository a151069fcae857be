"""Print the seating quality of the ``auto`` method next to a random seating's, for several tournament sizes.

Usage::

    .venv/bin/python benchmarks/seating_quality.py [--sizes 16:4,40:8,100:8,200:10] [--seeds 3]

For each size (players:sessions) and each seed it seats every session with ``seat_auto`` (the first session is
random, the rest planned) and with ``seat_random`` alone, and prints, summed or maxed over the seeds:

* repeat pairs: pairs of players who met more than once (the goal: none);
* max meetings: the most times one pair met;
* max same wind: the most times one player sat one wind (the goal: ceil(sessions / 4));
* wind spread: the largest gap between one player's most and least sat wind;
* seconds: the time ``auto`` took for all sessions (one process, plan cache included).

docs/tournament.md quotes its output.
"""

from __future__ import annotations

import argparse
import math
import time

from scorekeeper.tournament import Seating, seat_auto, seat_random, seating_quality


def _names(count: int) -> tuple[str, ...]:
    return tuple(f"P{k:03d}" for k in range(1, count + 1))


def _auto(players: tuple[str, ...], sessions: int, seed: int) -> list[Seating]:
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=seed))
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16:4,40:8,100:8,200:10", help="players:sessions, comma-separated")
    parser.add_argument("--seeds", type=int, default=3, help="runs per size")
    args = parser.parse_args()
    print(
        f"{'players':>7} {'sessions':>8} {'method':>6} {'repeat pairs':>12} {'max meetings':>12} "
        f"{'max same wind':>13} {'wind goal':>9} {'wind spread':>11} {'seconds':>8}"
    )
    for size in args.sizes.split(","):
        count, sessions = (int(x) for x in size.split(":"))
        players = _names(count)
        for method in ("auto", "random"):
            started = time.perf_counter()
            runs = [
                _auto(players, sessions, seed)
                if method == "auto"
                else [seat_random(k, players, seed=seed) for k in range(1, sessions + 1)]
                for seed in range(args.seeds)
            ]
            seconds = (time.perf_counter() - started) / args.seeds
            qualities = [seating_quality(run) for run in runs]
            print(
                f"{count:>7} {sessions:>8} {method:>6} "
                f"{sum(q.repeat_pairs for q in qualities) / len(qualities):>12.1f} "
                f"{max(q.max_meetings for q in qualities):>12} {max(q.max_same_wind for q in qualities):>13} "
                f"{math.ceil(sessions / 4):>9} {max(q.wind_spread for q in qualities):>11} {seconds:>8.2f}"
            )


if __name__ == "__main__":
    main()
