"""Print the seating quality of a field that is not a multiple of four seated with byes beside the same field with
substitutes filling the last table.

Usage::

    .venv/bin/python benchmarks/seating_byes.py [--sizes 17:5,41:8,...] [--seeds A,B,C]

For each size (players:sessions) and seed (a tournament's name) it seats every session one after another, as
``tournament seat --session K`` does: with byes (``seat_with_byes``) and with substitutes (``seat_auto`` with
``-players % 4`` substitutes, who are left out of the figures, as the quality report leaves them out). It prints,
one figure per seed, the pairs of players meeting more than once; then (over the seeds) the most meetings of a pair,
the winds per player (min-max; a player who sat out sits fewer sessions), the byes per player (min-max) and the CPU
seconds of the slowest seed. docs/tournament.md quotes its output.
"""

from __future__ import annotations

import argparse
import time

from scorekeeper.tournament import Seating, bye_spread, seat_auto, seat_with_byes, seating_quality

SIZES = "17:5,18:5,19:5,22:8,26:8,30:8,41:8,42:8,43:8,39:13,41:13,43:13,101:8,203:10"


def _names(count: int, prefix: str = "P") -> tuple[str, ...]:
    return tuple(f"{prefix}{k:04d}" for k in range(1, count + 1))


def _byes(players: tuple[str, ...], sessions: int, seed: str) -> list[Seating]:
    played: list[Seating] = []
    for session in range(1, sessions + 1):
        played.append(
            seat_with_byes(session, players, history=played, sessions=sessions, seed=seed, roster_at=lambda _: players)
        )
    return played


def _substitutes(players: tuple[str, ...], sessions: int, seed: str) -> list[Seating]:
    subs = _names(-len(players) % 4, "Sub")
    played: list[Seating] = []
    for session in range(1, sessions + 1):
        played.append(
            seat_auto(
                session,
                players,
                subs,
                history=played,
                sessions=sessions,
                seed=seed,
                roster_at=lambda _: (players, subs),
            )
        )
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--seeds", default="Autumn Open,Spring Cup,Club Night")
    args = parser.parse_args()
    seeds = args.seeds.split(",")
    print("players x sessions | way | repeat pairs (each seed) | most meetings | winds | byes | seconds")
    for size in args.sizes.split(","):
        count, sessions = (int(x) for x in size.split(":"))
        players = _names(count)
        for way, seat in (("byes", _byes), ("substitutes", _substitutes)):
            repeats, most, low, high, byes, slowest = [], 0, 99, 0, (99, 0), 0.0
            for seed in seeds:
                start = time.process_time()
                played = seat(players, sessions, seed)
                slowest = max(slowest, time.process_time() - start)
                quality = seating_quality(played, ignore=_names(-count % 4, "Sub"))
                repeats.append(quality.repeat_pairs)
                most = max(most, quality.max_meetings)
                low, high = min(low, quality.fewest_same_wind), max(high, quality.max_same_wind)
                spread = bye_spread(played, players)
                byes = (min(byes[0], spread[0]), max(byes[1], spread[1]))
            shown = f"{byes[0]}-{byes[1]}" if way == "byes" else "-"
            print(
                f"{count} x {sessions} | {way} | {' '.join(map(str, repeats))} | {most} | {low}-{high} | {shown} |"
                f" {slowest:.2f}"
            )


if __name__ == "__main__":
    main()
