"""Print how long the ``auto`` seating takes as the sessions grow, and what it seats, for leagues of many sessions.

Usage::

    .venv/bin/python benchmarks/bench_seating.py [--sizes 40:16,40:200,300:16,300:200] [--whole 40:200] [--cpu]

For each size (players:sessions) it times, in a fresh plan cache:

* first: seating session 1 (the first plan is made);
* next block: seating session PLAN_AHEAD + 1 after the first block was played as planned (the next plan);
* drop-out: seating session 3 after one player left after session 2 and a substitute takes the seat;
* tables change: the same, but one player more and three substitutes, so the leaver takes a table away (a new plan
  is made and, up to 25 tables, searched again for even winds);

and prints each time's ratio to the same players' 16-session tournament: 1.0 means the call does not grow with
the sessions. ``--cpu`` times the process's CPU instead of the wall clock (steadier on a shared machine; to
compare two versions, run this script with ``PYTHONPATH`` at the other checkout). ``--whole`` seats every
session of the sizes given and prints their quality (repeat meetings, the most meetings of one pair against the
fewest any seating can have, the most one player sat one wind against the goal ceil(sessions / 4), and the
largest gap between one player's most and least sat wind).

docs/tournament.md quotes its output.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

from scorekeeper.tournament import PLAN_AHEAD, Seating, seat_auto, seating_quality
from scorekeeper.tournament.seating.methods import _block_plan, _new_plan


def _names(count: int) -> tuple[str, ...]:
    return tuple(f"P{k:03d}" for k in range(1, count + 1))


def _timed(
    players: tuple[str, ...], sessions: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float, float, float]:
    _block_plan.cache_clear()
    started = clock()
    first = seat_auto(1, players, history=(), sessions=sessions, seed=1)
    one = clock() - started
    history = [first]
    for session in range(2, min(sessions, PLAN_AHEAD) + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=1))
    block = math.nan
    if sessions > PLAN_AHEAD:
        _block_plan.cache_clear()
        started = clock()
        seat_auto(PLAN_AHEAD + 1, players, history=history, sessions=sessions, seed=1)
        block = clock() - started
    _block_plan.cache_clear()
    left = players[1:]
    started = clock()
    seat_auto(
        3,
        left,
        ("SUB1",),
        history=history[:2],
        sessions=sessions,
        seed=1,
        roster_at=lambda k: (players if k < 3 else left, ("SUB1",)),
    )
    drop = clock() - started
    _block_plan.cache_clear()
    more, subs = (*players, "EXTRA"), ("SUB1", "SUB2", "SUB3")
    fewer = more[1:]
    two = [seat_auto(1, more, subs, sessions=sessions, seed=1)]
    two.append(seat_auto(2, more, subs, history=two, sessions=sessions, seed=1))
    _new_plan.cache_clear()
    started = clock()
    seat_auto(
        3, fewer, subs, history=two, sessions=sessions, seed=1, roster_at=lambda k: (more if k < 3 else fewer, subs)
    )
    tables = clock() - started
    return one, block, drop, tables


def _whole(players: tuple[str, ...], sessions: int) -> list[Seating]:
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=1))
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40:16,40:200,300:16,300:200", help="players:sessions, comma-separated")
    parser.add_argument("--whole", default="", help="players:sessions to seat whole and rate, comma-separated")
    parser.add_argument("--cpu", action="store_true", help="time the process's CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    print(
        f"{'players':>7} {'sessions':>8} {'first s':>8} {'ratio':>6} {'next block s':>12} "
        f"{'drop-out s':>10} {'ratio':>6} {'tables change s':>15}"
    )
    base: dict[int, tuple[float, float, float, float]] = {}
    for size in args.sizes.split(","):
        count, sessions = (int(x) for x in size.split(":"))
        one, block, drop, tables = _timed(_names(count), sessions, clock)
        if sessions <= PLAN_AHEAD:
            base[count] = (one, block, drop, tables)
        ref = base.get(count, (one, block, drop, tables))
        print(
            f"{count:>7} {sessions:>8} {one:>8.2f} {one / ref[0]:>6.2f} {block:>12.2f} {drop:>10.2f} "
            f"{drop / ref[2]:>6.2f} {tables:>15.2f}"
        )
    if args.whole:
        print()
        print(
            f"{'players':>7} {'sessions':>8} {'repeat meetings':>15} {'max meetings':>12} {'fewest max':>10} "
            f"{'max same wind':>13} {'wind goal':>9} {'wind spread':>11} {'seconds':>8}"
        )
        for size in args.whole.split(","):
            count, sessions = (int(x) for x in size.split(":"))
            started = time.perf_counter()
            run = _whole(_names(count), sessions)
            seconds = time.perf_counter() - started
            quality = seating_quality(run)
            # A player meets 3 others a session; spread over the count - 1 others, some pair meets at least this.
            fewest = math.ceil(3 * sessions / (count - 1))
            print(
                f"{count:>7} {sessions:>8} {quality.repeat_meetings:>15} {quality.max_meetings:>12} {fewest:>10} "
                f"{quality.max_same_wind:>13} {math.ceil(sessions / 4):>9} {quality.wind_spread:>11} {seconds:>8.1f}"
            )


if __name__ == "__main__":
    main()
