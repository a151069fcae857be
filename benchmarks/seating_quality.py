"""Print the seating quality of the ``auto`` method beside a random seating's and the best published figures.

Usage::

    .venv/bin/python benchmarks/seating_quality.py [--sizes 16:5,24:8,...] [--seeds A,B,C]

For each size (players:sessions) and each seed (a tournament's name) it seats every session with ``seat_auto``, as
``tournament seat --session K`` does one after another, and a random seating of each session, and prints:

* repeat pairs: pairs of players who met more than once, one figure per seed (the goal: none where a schedule
  without them exists);
* random: the same for random seatings (the mean over the seeds);
* published: the best published schedule's figure (issue 26's table: the World Riichi app's pre-generated schedules,
  Miller's social-golfer solutions, Lester's pseudo-Boolean schedules); "-" where the issue gives none;
* most meetings, winds per player (min-max over the seeds; exact when every player sits every wind
  sessions / 4 times), table revisits and the fewest common opponents of a pair that never met (the worst seed;
  "all met" when every pair met in some seed);
* seconds: the CPU time ``auto`` took for all sessions of one seed (the slowest seed; one process, one core).

docs/tournament.md quotes its output.
"""

from __future__ import annotations

import argparse
import time

from scorekeeper.tournament import Seating, seat_auto, seat_random, seating_quality
from scorekeeper.tournament.seating.quality import COMMON_OPPONENTS_MOST

# Issue 26's table: the best published number of pairs meeting twice or more.
PUBLISHED = {(40, 8): "0", (40, 13): "0", (32, 10): "0", (48, 15): "0", (24, 8): "24", (16, 5): "0"}
SIZES = "16:5,24:8,32:10,40:8,40:13,48:15,100:8,200:10,2000:8"


def _names(count: int) -> tuple[str, ...]:
    return tuple(f"P{k:04d}" for k in range(1, count + 1))


def _auto(players: tuple[str, ...], sessions: int, seed: str) -> list[Seating]:
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=seed))
    return history


def _common(common: list[int | None], count: int) -> str:
    if count > COMMON_OPPONENTS_MOST:
        return "-"  # not reckoned
    return "all met" if None in common else str(min(c for c in common if c is not None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES, help="players:sessions, comma-separated")
    parser.add_argument("--seeds", default="Autumn Open,Spring Cup,Club Night", help="seeds, comma-separated")
    args = parser.parse_args()
    seeds = args.seeds.split(",")
    print(
        "| players x sessions | repeat pairs (each seed) | random | published | most meetings | winds per player "
        "| table revisits | fewest common opponents | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        count, sessions = (int(x) for x in size.split(":"))
        players = _names(count)
        qualities = []
        seconds = 0.0
        for seed in seeds:
            started = time.process_time()
            run = _auto(players, sessions, seed)
            seconds = max(seconds, time.process_time() - started)
            qualities.append(seating_quality(run, common_opponents=True))
        drawn = [
            seating_quality([seat_random(k, players, seed=seed) for k in range(1, sessions + 1)]).repeat_pairs
            for seed in seeds
        ]
        common = [q.fewest_common_opponents for q in qualities]
        print(
            f"| {count} x {sessions} | {' '.join(str(q.repeat_pairs) for q in qualities)} "
            f"| {sum(drawn) / len(drawn):.0f} | {PUBLISHED.get((count, sessions), '-')} "
            f"| {max(q.max_meetings for q in qualities)} "
            f"| {min(q.fewest_same_wind for q in qualities)}-{max(q.max_same_wind for q in qualities)} "
            f"| {max(q.table_revisits for q in qualities)} "
            f"| {_common(common, count)} | {seconds:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
