"""The last criterion of a plan: common opponents (issue 26; Martin Lester, "Scheduling Reach Mahjong Tournaments
Using Pseudoboolean Constraints", SAT 2021).

Two players who never meet are compared through the opponents they share: the more they share, the fairer the
comparison of their scores. Lester's criterion is the fewest common opponents of a pair that never met, as high as
possible. It comes after every other criterion: a change is taken only when it makes no pair meet more often
(pairs kept apart counted as met), keeps every player's winds (two players of one wind change tables in one
session, each keeps the wind) and table numbers no worse (no more table revisits), keeps fixed tables, and raises
the fewest common opponents or leaves it and lowers the number of pairs at it.

It is a hill climb, for fields of up to ``COMMON_MOST_PLAYERS``: up to ``_TRY_EVERY_MOST`` players over random
changes, past that over changes aimed at a pair at the fewest (one of the two moves to the table of an opponent of
the other). Each change that passes the other criteria is measured over the pairs of the eight players it touches.
Past ``COMMON_MOST_PLAYERS`` the climb is left out (the pairs alone grow with the square of the field).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from scorekeeper.tournament.seating.model import Seating
from scorekeeper.tournament.seating.search import _below, _player_index, _two_below

#: The climb runs for fields of up to this many players (200 x 10: 1.5 s of CPU with it, 0.2 s without).
COMMON_MOST_PLAYERS = 256
# Changes tried per planned session and player (each a few dictionary reads; only the changes that pass every
# earlier criterion are measured, over the pairs of the eight players they touch).
_TRIES = 40
# Past this many players the changes tried are only those that give a pair at the fewest common opponents one more
# (one of the two moves to the table of an opponent of the other), this many per planned session and player.
_TRY_EVERY_MOST = 64
_TARGETED_TRIES = 4


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

    # Each never-met pair's common opponents (-1: they met) and how many pairs have each count, kept up to date as
    # players change tables (a change touches the pairs of the eight players at the two tables).
    value = [[-1] * size for _ in range(size)]
    counts = [0] * (size + 1)
    for a in range(size):
        mine = opponents[a]
        for b in range(a + 1, size):
            if not mine >> b & 1:
                common = (mine & opponents[b]).bit_count()
                value[a][b] = common
                counts[common] += 1

    def update(players: Sequence[int], undo: list[tuple[int, int, int]]) -> None:
        """Reckon the pairs of ``players`` again (their old values onto ``undo``)."""
        seen = set()
        for a in players:
            seen.add(a)
            mine = opponents[a]
            for b in range(size):
                if b in seen:
                    continue
                i, j = (a, b) if a < b else (b, a)
                new = -1 if mine >> b & 1 else (mine & opponents[b]).bit_count()
                old = value[i][j]
                if new != old:
                    undo.append((i, j, old))
                    value[i][j] = new
                    if old >= 0:
                        counts[old] -= 1
                    if new >= 0:
                        counts[new] += 1

    def restore(undo: list[tuple[int, int, int]]) -> None:
        for i, j, old in reversed(undo):
            new = value[i][j]
            if new >= 0:
                counts[new] -= 1
            if old >= 0:
                counts[old] += 1
            value[i][j] = old

    def level() -> tuple[int, int]:
        fewest = next((c for c, n in enumerate(counts) if n), size)
        return fewest, -counts[fewest] if fewest < size else 0

    best = level()
    sessions = len(seats)
    tables = len(seats[0])
    getrandbits = rng.getrandbits
    where = [{p: t for t, row in enumerate(session) for p in row} for session in seats]
    targeted = size > _TRY_EVERY_MOST
    worst: list[tuple[int, int]] = []
    # One table: no two tables to swap between, nothing to try.
    tries = int(effort * (_TARGETED_TRIES if targeted else _TRIES) * sessions * size) if tables > 1 else 0
    for attempt in range(tries):
        k = _below(getrandbits, sessions)
        if targeted:
            # a change that gives a pair at the fewest common opponents one more: one of the two moves to the
            # table of an opponent of the other, in the place of the player of their wind there
            if not worst or attempt % 64 == 0:
                fewest = best[0]
                worst = [(a, b) for a in range(size) for b in range(a + 1, size) if value[a][b] == fewest]
                if not worst:
                    break
            a, b = worst[_below(getrandbits, len(worst))]
            if getrandbits(1):
                a, b = b, a
            theirs = [z for z in range(size) if opponents[b] >> z & 1 and not opponents[a] >> z & 1 and z != a]
            if not theirs:
                continue
            z = theirs[_below(getrandbits, len(theirs))]
            t1, t2 = where[k][a], where[k][z]
            if t1 == t2:
                continue
            g1, g2 = seats[k][t1], seats[k][t2]
            wind = next(w for w in range(4) if g1[orders[k][t1][w]] == a)
            x, y = a, g2[orders[k][t2][wind]]
            if y == z:
                continue
        else:
            t1, t2 = _two_below(getrandbits, tables)
            wind = _below(getrandbits, 4)
            g1, g2 = seats[k][t1], seats[k][t2]
            x, y = g1[orders[k][t1][wind]], g2[orders[k][t2][wind]]
        if x in stays or y in stays or meets_more(x, y, g1, g2) > 0 or revisits_more(x, y, t1, t2) > 0:
            continue
        touched = [*g1, *g2]
        move(k, t1, t2, x, y)
        undo: list[tuple[int, int, int]] = []
        update(touched, undo)
        now = level()
        if now > best:
            best = now
            where[k][x], where[k][y] = t2, t1
            worst = []
        else:
            restore(undo)
            move(k, t1, t2, y, x)  # back: y is at t1 now
    names = list(index)
    for planned, numbered in zip(groups, seats, strict=True):
        for named, row in zip(planned, numbered, strict=True):
            named[:] = [names[i] for i in row]
