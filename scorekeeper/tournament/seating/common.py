"""The last criterion of a plan: common opponents (issue 26; Martin Lester, "Scheduling Reach Mahjong Tournaments
Using Pseudoboolean Constraints", SAT 2021).

Two players who never meet are compared through the opponents they share: the more they share, the fairer the
comparison of their scores. Lester's criterion is the fewest common opponents of a pair that never met, as high as
possible. It comes after every other criterion: a change is taken only when it makes no pair meet more often
(pairs kept apart counted as met), keeps every player's winds (two players of one wind change tables in one
session, each keeps the wind) and table numbers no worse (no more table revisits), keeps fixed tables, and raises
the fewest common opponents or leaves it and lowers the number of pairs at it.

It is a hill climb over random changes, for fields of up to ``COMMON_MOST_PLAYERS`` (each change taken is
measured over every pair of players; past that size the fewest common opponents of a seating from the search is
nought whatever the order, benchmarks/seating_quality.py, and the climb is left out).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from scorekeeper.tournament.seating.model import Seating
from scorekeeper.tournament.seating.search import _below, _player_index, _two_below

#: The climb runs for fields of up to this many players.
COMMON_MOST_PLAYERS = 64
# Changes tried per planned session and player (each a few dictionary reads; only the changes that pass every
# earlier criterion are measured over all pairs).
_TRIES = 40


def raise_common_opponents(
    groups: list[list[list[str]]],
    orders: Sequence[Sequence[tuple[int, ...]]],
    history: Sequence[Seating],
    *,
    fixed: Mapping[str, int],
    apart: Sequence[Sequence[str]],
    rng: random.Random,
    effort: float,
) -> None:
    """Raise the fewest common opponents of the pairs that never meet in ``history`` and the plan (in place).

    ``groups[k][t]`` is table ``t + 1`` of planned session ``k`` and ``orders[k][t]`` its wind order (the index
    into the group of East, South, West, North); two players with one wind in one session change places.
    """
    index = _player_index(groups, history)
    size = len(index)
    if size > COMMON_MOST_PLAYERS or not groups or len(groups[0]) < 2:
        return
    met = [[0] * size for _ in range(size)]
    sat = [[0] * (len(groups[0]) + 1) for _ in range(size)]  # times each player sat at each table number
    for seating in history:
        for table in seating.tables:
            numbers = [index[name] for name in table.seats]
            for a, b in itertools.combinations(numbers, 2):
                met[a][b] += 1
                met[b][a] += 1
            for a in numbers:
                if table.table < len(sat[a]):
                    sat[a][table.table] += 1
    seats = [[[index[name] for name in group] for group in session] for session in groups]
    for session in seats:
        for t, row in enumerate(session):
            for a, b in itertools.combinations(row, 2):
                met[a][b] += 1
                met[b][a] += 1
            for a in row:
                sat[a][t + 1] += 1
    kept_apart = [set[int]() for _ in range(size)]
    for group in apart:
        present = [index[name] for name in group if name in index]
        for a, b in itertools.permutations(present, 2):
            kept_apart[a].add(b)
    stays = {index[name] for name in fixed if name in index}
    opponents = [sum(1 << b for b in range(size) if met[a][b]) for a in range(size)]

    def measure() -> tuple[int, int]:
        """(the fewest common opponents of a pair that never met, minus how many pairs have that few)."""
        fewest, count = size, 0
        for a in range(size):
            mine = opponents[a]
            for b in range(a + 1, size):
                if not mine >> b & 1:
                    common = (mine & opponents[b]).bit_count()
                    if common < fewest:
                        fewest, count = common, 1
                    elif common == fewest:
                        count += 1
        return fewest, -count

    def move(k: int, t1: int, t2: int, x: int, y: int) -> None:
        """``x`` leaves table ``t1`` for ``t2`` and ``y`` the other way, in session ``k`` (counts and sets)."""
        g1, g2 = seats[k][t1], seats[k][t2]
        for leaving, coming, row in ((x, y, g1), (y, x, g2)):
            for other in row:
                if other in (x, y):
                    continue
                met[leaving][other] -= 1
                met[other][leaving] -= 1
                met[coming][other] += 1
                met[other][coming] += 1
                for a, b in ((leaving, other), (coming, other)):
                    if met[a][b]:
                        opponents[a] |= 1 << b
                        opponents[b] |= 1 << a
                    else:
                        opponents[a] &= ~(1 << b)
                        opponents[b] &= ~(1 << a)
        sat[x][t1 + 1] -= 1
        sat[x][t2 + 1] += 1
        sat[y][t2 + 1] -= 1
        sat[y][t1 + 1] += 1
        i1, i2 = g1.index(x), g2.index(y)
        g1[i1], g2[i2] = y, x

    def meets_more(x: int, y: int, g1: Sequence[int], g2: Sequence[int]) -> int:
        """What the change adds to the pairs' ``c (c - 1) / 2`` (pairs kept apart counted as met once more)."""
        mx, my = met[x], met[y]
        delta = 0
        for other in g1:
            if other != x:
                delta += my[other] + (other in kept_apart[y]) - mx[other] + 1 - (other in kept_apart[x])
        for other in g2:
            if other != y:
                delta += mx[other] + (other in kept_apart[x]) - my[other] + 1 - (other in kept_apart[y])
        return delta

    def revisits_more(x: int, y: int, t1: int, t2: int) -> int:
        """What the change adds to the table revisits (a sitting at a number sat before)."""
        n1, n2 = t1 + 1, t2 + 1
        before = (sat[x][n1] > 1) + (sat[y][n2] > 1)
        after = (sat[x][n2] > 0) + (sat[y][n1] > 0)
        return after - before

    best = measure()
    sessions = len(seats)
    tables = len(seats[0])
    getrandbits = rng.getrandbits
    for _ in range(int(effort * _TRIES * sessions * size)):
        k = _below(getrandbits, sessions)
        t1, t2 = _two_below(getrandbits, tables)
        wind = _below(getrandbits, 4)
        g1, g2 = seats[k][t1], seats[k][t2]
        x, y = g1[orders[k][t1][wind]], g2[orders[k][t2][wind]]
        if x in stays or y in stays or meets_more(x, y, g1, g2) > 0 or revisits_more(x, y, t1, t2) > 0:
            continue
        move(k, t1, t2, x, y)
        now = measure()
        if now > best:
            best = now
        else:
            move(k, t1, t2, y, x)  # back: y is at t1 now
    names = list(index)
    for planned, numbered in zip(groups, seats, strict=True):
        for named, row in zip(planned, numbered, strict=True):
            named[:] = [names[i] for i in row]
