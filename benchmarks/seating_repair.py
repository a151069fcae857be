"""Print what a drop-out, a late arrival or a substitute does to an ``auto`` seating: the sessions to come planned
close to the old plan (the repair, issue 26) beside the same sessions planned from scratch.

Usage::

    .venv/bin/python benchmarks/seating_repair.py [--seeds 0,1,2]

Each case seats every session with ``seat_auto`` (the earlier rosters given, as the window and the CLI give them),
once as it is and once with the repair switched off (``_REPAIR_MOST_TABLES = 0``: the new plan made from scratch,
as before), and the same players with nobody leaving or joining (the plan in force). For each it prints, per seed:

* repeat pairs over the whole tournament and players who sit one wind at least two more times than another;
* moved: over the sessions after the change, the players of the plan in force who sit at another table or wind
  in them (``moved_players``), and of those, at another table;
* CPU seconds for all sessions.

docs/tournament.md quotes its output.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from scorekeeper.tournament import Seating, moved_players, seat_auto, seating_quality
from scorekeeper.tournament.seating import methods

_Case = tuple[str, int, int, int, tuple[int, ...], int, int]
# name, players, sessions, after, who leave (indices), how many join, substitutes
CASES: tuple[_Case, ...] = (
    ("32 -> 28, four leave after 2 of 6", 32, 6, 2, (2, 9, 16, 23), 0, 0),
    ("32 -> 28, four leave after 4 of 8", 32, 8, 4, (2, 9, 16, 23), 0, 0),
    ("28 -> 32, four join after 2 of 6", 28, 6, 2, (), 4, 0),
    ("21+3 subs -> 20, one leaves after 2 of 4", 21, 4, 2, (5,), 0, 3),
    ("41+3 subs -> 40, one leaves after 4 of 8", 41, 8, 4, (5,), 0, 3),
    ("32+1 sub, one leaves after 2 of 6 (substitute)", 32, 6, 2, (5,), 0, 1),
    ("100 -> 96, four leave after 2 of 8", 100, 8, 2, (2, 9, 16, 23), 0, 0),
)


def _names(count: int, prefix: str = "P") -> tuple[str, ...]:
    return tuple(f"{prefix}{k:03d}" for k in range(1, count + 1))


def _seat(
    players: Sequence[str], later: Sequence[str], subs: Sequence[str], sessions: int, after: int, seed: str
) -> list[Seating]:
    def roster_at(session: int) -> tuple[Sequence[str], Sequence[str]]:
        return (players if session <= after else later), subs

    history: list[Seating] = []
    for session in range(1, sessions + 1):
        playing, spare = roster_at(session)
        history.append(
            seat_auto(session, playing, spare, history=history, sessions=sessions, seed=seed, roster_at=roster_at)
        )
    return history


def _tables_moved(before: Seating, after: Seating) -> int:
    where = {name: table.table for table in after.tables for name in table.seats}
    return sum(where.get(name, table.table) != table.table for table in before.tables for name in table.seats)


def _uneven(history: Sequence[Seating], players: Sequence[str]) -> int:
    winds = {name: [0, 0, 0, 0] for name in players}
    for seating in history:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                if name in winds:
                    winds[name][wind] += 1
    return sum(1 for counts in winds.values() if max(counts) - min(counts) > 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0,1,2")
    args = parser.parse_args()
    seeds = args.seeds.split(",")
    print("case | way | per seed: repeat pairs / players on a wind 2+ more / moved / at another table / CPU s")
    for name, count, sessions, after, leave, join, spare in CASES:
        players = _names(count)
        subs = _names(spare, "Sub")
        later = tuple(p for k, p in enumerate(players) if k not in leave) + _names(join, "New")
        rows: dict[str, list[str]] = {"repaired": [], "from scratch": []}
        for way, row in rows.items():
            for seed in seeds:
                methods._new_plan.cache_clear()
                methods._block_plan.cache_clear()
                plan = _seat(players, players, subs, sessions, sessions, seed)
                saved = methods._REPAIR_MOST_TABLES
                methods._REPAIR_MOST_TABLES = saved if way == "repaired" else 0
                started = time.process_time()
                try:
                    history = _seat(players, later, subs, sessions, after, seed)
                finally:
                    methods._REPAIR_MOST_TABLES = saved
                took = time.process_time() - started
                quality = seating_quality(history, ignore=subs)
                moved = sum(moved_players(a, b) for a, b in zip(plan[after:], history[after:], strict=True))
                tables = sum(_tables_moved(a, b) for a, b in zip(plan[after:], history[after:], strict=True))
                row.append(f"{quality.repeat_pairs} / {_uneven(history, later)} / {moved} / {tables} / {took:.2f}")
            print(f"{name} | {way} | " + " ; ".join(row))


if __name__ == "__main__":
    main()
