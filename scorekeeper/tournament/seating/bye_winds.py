"""The winds of a plan with byes: a bye is no wind.

The planned winds are exact with the table of those who sit out counted as a table (seating/byes.py), so a player's
bye takes up one of their winds, whichever the colouring gave it: over 5 sessions a player with a bye could sit
East twice and North never, where once each was possible. Here only the tables that play count: two players of one
table change winds while that leaves the players' winds no less even (first how far each player's winds are
from even, squared, then the sum of the squares of every player's counts). Who meets whom and the table numbers
stay; only winds within a table move. Measured (three seeds): players whose winds are not as even as their
sittings allow, 17 x 5 from 10 to 0, 39 x 13 from 89 to 0, 43 x 13 from 61 to 7, 203 x 10 from 33 to 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.tournament.seating.model import Seating, is_bye_seat

__all__ = ["even_bye_winds"]

#: Changes tried per table that plays, and at most (a 10,000-player field would otherwise take 4 million).
_STEPS = 200
_MOST_STEPS = 100_000


def even_bye_winds(
    groups: Sequence[Sequence[Sequence[str]]],
    orders: list[list[tuple[int, ...]]],
    history: Sequence[Seating],
    rng: random.Random,
) -> None:
    """Even the winds of the players of ``groups`` (each session's tables, ``orders[k][t][w]`` the index in the
    table of the player on wind ``w``) counting only tables without a stand-in seat, played ones included (in
    place: ``orders`` changes)."""
    counts: dict[str, list[int]] = {}
    for seating in history:
        for table in seating.tables:
            if not any(map(is_bye_seat, table.seats)):
                for wind, name in enumerate(table.seats):
                    counts.setdefault(name, [0, 0, 0, 0])[wind] += 1
    playing = [
        (k, t)
        for k, session_groups in enumerate(groups)
        for t, group in enumerate(session_groups)
        if not any(map(is_bye_seat, group))
    ]
    for k, t in playing:
        for wind, index in enumerate(orders[k][t]):
            counts.setdefault(groups[k][t][index], [0, 0, 0, 0])[wind] += 1

    def spread(c: Sequence[int]) -> int:
        """How far the player's winds are from even: the most sat past ceil(n / 4), the least short of n // 4."""
        n = sum(c)
        return max(c) - -(-n // 4) + n // 4 - min(c)

    # A walk over changes that leave the winds no less even (how far from even, then the sum of squares); moves
    # that change nothing let a player's uneven winds travel to a table where they can be evened (a hill climb
    # stopped at 0-2 for 17 players over 5 sessions where 1-2 was there to find).
    steps = min(_STEPS * len(playing), _MOST_STEPS)
    for _ in range(steps if playing else 0):
        k, t = playing[rng.randrange(len(playing))]
        v, w = rng.sample(range(4), 2)
        group, order = groups[k][t], list(orders[k][t])
        a, b = counts[group[order[v]]], counts[group[order[w]]]
        was_a, was_b = spread(a), spread(b)
        change = 2 * (a[w] - a[v]) + 2 + 2 * (b[v] - b[w]) + 2  # a: wind v to w, b: w to v; the sum of squares
        a[v], a[w], b[w], b[v] = a[v] - 1, a[w] + 1, b[w] - 1, b[v] + 1
        now_a, now_b = spread(a), spread(b)
        # squared, so that one player far from even costs more than two a little from it
        if (now_a * now_a + now_b * now_b, change) <= (was_a * was_a + was_b * was_b, 0):
            order[v], order[w] = order[w], order[v]
            orders[k][t] = tuple(order)
        else:
            a[v], a[w], b[w], b[v] = a[v] + 1, a[w] - 1, b[w] + 1, b[v] - 1
