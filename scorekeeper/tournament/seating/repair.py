"""A new plan that stays close to the plan it replaces (issue 26: after a drop-out, a late arrival or a
substitute, the sessions still to come change as few seats as they can).

When the field changes (a drop-out or a late arrival that changes the number of tables, a substitute for whom the
leaver's seats would not do), the sessions to come are planned again from what was played. Planned from scratch,
nearly every player of every session to come sat elsewhere than the referee had announced. The repair starts from
the old plan instead: each session's tables keep the players still in play, the tables that lost the most players
(the highest numbers first) are given up, and their players and the newcomers fill the empty seats. The annealing
then clears the repeat meetings this makes, costing a repeat meeting (or a meeting of players kept apart) as
``_MEET_WEIGHT`` moves and each player who sits at another table than the old plan gave them as one; the winds are
evened from the old plan's winds, a player keeping their old wind where the evenness allows.

Opponents first, then winds, then moves: the caller compares this plan with the one planned from scratch and takes
it only when it has no more repeat meetings and no less even winds (:func:`_wind_key`).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence

from scorekeeper.tournament.seating.model import Seating, TableSeating
from scorekeeper.tournament.seating.search import (
    _PERMUTATIONS,
    _WIND_OVER_COST,
    _balance_winds,
    _below,
    _even_winds,
    _meet_apart,
    _Meetings,
    _player_index,
    _two_below,
    _wind_counts,
)

# A repeat meeting costs as many moves as this: the search gives up a few moves for one repeat meeting fewer but
# seldom a repeat meeting for fewer moves.
_MEET_WEIGHT = 16
# The search's phases: (start temperature, share of the steps), the temperature falling to 0.02 in each; the steps are
# 4000 x sqrt(tables) a session (as the first plan's), tables counted up to _REPAIR_TABLES. Cold alone, a move is
# taken a third as often as not (e^(-1/0.6)) at the start and a repeat meeting almost never; hot then cold, repeat
# meetings are taken as often as by the first plan's search, then the moves brought down again. Measured on 32
# players over 6 sessions (4 leaving after session 2: at one table of session 3, or at four) and 28 joined by 4
# after session 2, seeds 0-5, the 18 cases' repeat meetings and players at another table in sessions 3-6: cold
# 0.6 alone 21 and 593, hot 2.0 alone 7 and 911, hot 2.0 then cold 0.5 4 and 819, hot 4.0 then cold 3 and 959.
_COLD_PHASES = ((0.6, 1.0),)
_HOT_PHASES = ((2.0, 1.0), (0.5, 1.0))
_REPAIR_TABLES = 75


def repair_layout(
    old: Seating, names: Sequence[str], tables: int, fixed: Mapping[str, int], rng: random.Random
) -> tuple[list[list[str]], dict[str, int]] | None:
    """One session of the old plan fitted to the players in play: the groups (index = table number - 1) and, for
    each player who keeps their old table-mates, the table they keep (the target of the search).

    The old tables keep the players still in play. When there are fewer tables now, the tables that lost the most
    players are given up (of those, the ones whose number no longer exists first, then the highest numbers); a
    table kept whose number no longer exists takes the number of one given up. The players of the tables given up
    and the newcomers fill the empty seats in an order drawn from ``rng``. A table holding a player with a fixed
    table keeps its number. None when a fixed player cannot sit at their table.
    """
    present = set(names)
    old_groups = [[name for name in table.seats if name in present] for table in old.tables]
    numbers = [table.table for table in old.tables]
    fixed_at = {name: table - 1 for name, table in fixed.items() if name in present}
    ranked = sorted(
        range(len(old_groups)),
        key=lambda i: (
            not any(name in fixed_at for name in old_groups[i]),
            -len(old_groups[i]),
            numbers[i] > tables,
            numbers[i],
        ),
    )
    kept = sorted(ranked[:tables], key=lambda i: numbers[i])
    given_up = ranked[tables:]
    groups: list[list[str]] = [[] for _ in range(tables)]
    placed: set[int] = set()
    later = []
    for i in kept:
        if numbers[i] <= tables and not groups[numbers[i] - 1]:
            groups[numbers[i] - 1] = list(old_groups[i])
            placed.add(numbers[i] - 1)
        else:
            later.append(i)
    free_numbers = iter(t for t in range(tables) if t not in placed)
    for i in later:
        groups[next(free_numbers)] = list(old_groups[i])
    target = {name: t for t, group in enumerate(groups) for name in group}
    seated = set(target)
    free = [name for i in given_up for name in old_groups[i]]
    freed = set(free)
    free += [name for name in names if name not in seated and name not in freed]
    rng.shuffle(free)
    # fixed players without their table take a seat there first (a newcomer with a fixed table...)
    free.sort(key=lambda name: name not in fixed_at)
    for name in free:
        want = fixed_at.get(name)
        if want is not None and len(groups[want]) < 4:
            groups[want].append(name)
            continue
        t = next(t for t, group in enumerate(groups) if len(group) < 4)
        groups[t].append(name)
    for name, t in fixed_at.items():
        if name in groups[t]:
            continue
        here = next(u for u, group in enumerate(groups) if name in group)
        other = next((n for n in groups[t] if n not in fixed_at), None)
        if other is None:
            return None
        groups[here][groups[here].index(name)] = other
        groups[t][groups[t].index(other)] = name
        target.pop(other, None)
        target.pop(name, None)
    for name in [n for n, t in target.items() if n in fixed_at and t != fixed_at[n]]:
        target.pop(name)
    return groups, {name: t for name, t in target.items() if name in seated}


def anneal_close(
    seats: list[list[list[int]]],
    movable: Sequence[Sequence[tuple[int, int]]],
    meetings: _Meetings,
    targets: Sequence[Mapping[int, int]],
    *,
    rng: random.Random,
    steps: int,
    hot: float = 2.0,
) -> None:
    """The opponents' search with a cost for moving (in place): swap two movable players of two tables of one
    planned session; a repeat meeting costs ``_MEET_WEIGHT``, and a player of session ``k`` with a target table
    (``targets[k]``) costs 1 while at another table."""
    getrandbits = rng.getrandbits
    uniform = rng.random
    sessions = len(seats)
    temperature = hot
    cooling = (0.02 / temperature) ** (1 / max(1, steps))
    for _ in range(steps):
        temperature *= cooling
        k = _below(getrandbits, sessions)
        cells = movable[k]
        if len(cells) < 2:
            continue
        i, j = _two_below(getrandbits, len(cells))
        (t1, s1), (t2, s2) = cells[i], cells[j]
        if t1 == t2:
            continue
        g1, g2 = seats[k][t1], seats[k][t2]
        x, y = g1[s1], g2[s2]
        want = targets[k]
        wx, wy = want.get(x), want.get(y)
        moved = 0
        if wx is not None:
            moved += (wx != t2) - (wx != t1)
        if wy is not None:
            moved += (wy != t1) - (wy != t2)
        delta = _MEET_WEIGHT * meetings.swap_change(x, y, g1, g2) + moved
        if delta <= 0 or uniform() < math.exp(-delta / temperature):
            meetings.swap(x, y, g1, g2)
            g1[s1], g2[s2] = y, x


def home(
    seats: list[list[list[int]]], stays: set[int], meetings: _Meetings, targets: Sequence[Mapping[int, int]]
) -> None:
    """Send players back to their old tables (in place): a player away from their target table changes places with
    a player there whenever that makes no pair meet more often and moves fewer players; until none does."""
    for k, session_seats in enumerate(seats):
        want = targets[k]
        better = True
        while better:
            better = False
            at = {player: (t, s) for t, row in enumerate(session_seats) for s, player in enumerate(row)}
            for x, goal in want.items():
                t1, s1 = at[x]
                if t1 == goal or x in stays:
                    continue
                g1, g2 = session_seats[t1], session_seats[goal]
                for s2, y in enumerate(g2):
                    if y in stays:
                        continue
                    wy = want.get(y)
                    moved = -1 + (0 if wy is None else (wy != t1) - (wy != goal))
                    if moved < 0 and meetings.swap_change(x, y, g1, g2) <= 0:
                        meetings.swap(x, y, g1, g2)
                        g1[s1], g2[s2] = y, x
                        at[x], at[y] = (goal, s2), (t1, s1)
                        better = True
                        break


def repair_winds(
    groups: Sequence[Sequence[Sequence[str]]],
    old: Sequence[Seating],
    history: Sequence[Seating],
    limit: int,
    homes: Sequence[Mapping[str, int]] = (),
) -> list[list[tuple[int, ...]]]:
    """Wind orders for the repaired tables (per session and table, the index into the group of East, South, West,
    North): each table starts from the old plan's winds (a player at their old table, or with their old table-mates
    at the table that took its place, ``homes``, keeps their old wind; the others take the winds left), then each
    table in turn takes the order that evens its players' winds most (a player costs ``c * c`` a wind sat ``c``
    times and ``_WIND_OVER_COST`` a sitting past ``limit``), keeping old winds where that costs nothing, until no
    table changes."""
    winds = _wind_counts(history)
    cost = [c * c + _WIND_OVER_COST * max(0, c - limit) for c in range(len(history) + len(groups) + 2)]
    orders: list[list[tuple[int, ...]]] = []
    was: list[dict[str, int]] = []
    for k, session_groups in enumerate(groups):
        then: dict[str, tuple[int, int]] = {}
        if k < len(old):
            home = homes[k] if k < len(homes) else {}
            then = {name: (home.get(name, t.table - 1), w) for t in old[k].tables for w, name in enumerate(t.seats)}
        was.append({})
        orders.append([])
        for t, group in enumerate(session_groups):
            wind_of = {name: then[name][1] for name in group if name in then and then[name][0] == t}
            order: list[int | None] = [None] * 4
            for index, name in enumerate(group):
                w = wind_of.get(name)
                if w is not None and order[w] is None:
                    order[w] = index
                    was[k][name] = w
            rest = iter(index for index in range(4) if index not in order)
            full = tuple(next(rest) if index is None else index for index in order)
            orders[k].append(full)
            for w, index in enumerate(full):
                winds.setdefault(group[index], [0, 0, 0, 0])[w] += 1
    changed = True
    rounds = 0
    while changed and rounds < 20:
        changed, rounds = False, rounds + 1
        for k, session_groups in enumerate(groups):
            for t, group in enumerate(session_groups):
                counts = [winds[name] for name in group]
                now = orders[k][t]
                for w, index in enumerate(now):
                    counts[index][w] -= 1
                # what seating each player on each wind adds to the winds' cost, and whether it is not their old wind
                adds = [[cost[counts[index][w] + 1] - cost[counts[index][w]] for w in range(4)] for index in range(4)]
                other = [[was[k].get(group[index]) != w for w in range(4)] for index in range(4)]
                best = min(
                    _PERMUTATIONS,
                    key=lambda p: (
                        sum(adds[index][w] for w, index in enumerate(p)),
                        sum(other[index][w] for w, index in enumerate(p)),
                        p != now,
                    ),
                )
                if best != now:
                    orders[k][t] = best
                    changed = True
                for w, index in enumerate(orders[k][t]):
                    counts[index][w] += 1
    return orders


def repaired_plan(
    *,
    old: Sequence[Seating],
    session: int,
    ahead: int,
    names: Sequence[str],
    tables: int,
    fixed: Mapping[str, int],
    history: Sequence[Seating],
    limit: int,
    seed: str,
    effort: float,
    apart: Sequence[Sequence[str]] = (),
) -> tuple[list[Seating], int, int, list[dict[str, int]]] | None:
    """The sessions ``session`` to ``session + ahead - 1`` planned close to ``old`` (the old plan's sessions from
    ``session`` on; sessions past it are laid out at random), with their repeat-meeting cost (pairs kept apart
    counted as met), the least that cost can be (the sessions played's) and each session's old tables of the
    players who keep their table-mates (for :func:`evened`). None when the old plan cannot be fitted (a fixed table
    that cannot be kept)."""
    rng = random.Random(f"{seed}:repair")
    layouts: list[list[list[str]]] = []
    wanted: list[dict[str, int]] = []
    for k in range(ahead):
        if k < len(old):
            fitted = repair_layout(old[k], names, tables, fixed, rng)
            if fitted is None:
                return None
            groups, target = fitted
        else:
            groups, target = _random_layout(names, tables, fixed, rng), {}
        layouts.append(groups)
        wanted.append(target)
    index = _player_index(layouts, history)
    numbered = list(index)
    played = _Meetings(len(index))
    for seating in history:
        for table in seating.tables:
            for a, b in itertools.combinations(table.seats, 2):
                played.meet(index[a], index[b], 1)
    _meet_apart(played, index, apart)
    floor = played.cost()
    stays = {index[name] for name in fixed if name in index}
    targets = [{index[name]: t for name, t in target.items()} for target in wanted]
    steps = int(effort * 4000 * ahead * min(tables, _REPAIR_TABLES) ** 0.5)

    def search(phases: Sequence[tuple[float, float]]) -> tuple[list[list[list[int]]], int, int]:
        """The layouts annealed in ``phases`` (start temperature, share of the steps), then sent home: the seats,
        their cost and the players away from their old tables."""
        meetings = _Meetings(len(index))
        meetings.rows = [dict(row) for row in played.rows]
        seats = [[[index[name] for name in group] for group in groups] for groups in layouts]
        for session_seats in seats:
            for row in session_seats:
                for i, j in itertools.combinations(row, 2):
                    meetings.meet(i, j, 1)
        movable = [
            [(t, s) for t, row in enumerate(session_seats) for s in range(4) if row[s] not in stays]
            for session_seats in seats
        ]
        for hot, share in phases if tables > 1 else ():
            anneal_close(seats, movable, meetings, targets, rng=rng, steps=int(steps * share), hot=hot)
        home(seats, stays, meetings, targets)
        away = sum(
            want.get(player, t) != t
            for session_seats, want in zip(seats, targets, strict=True)
            for t, row in enumerate(session_seats)
            for player in row
        )
        return seats, meetings.cost(), away

    # Cold first: few players move, and where nobody meets again that is as good as it gets. Else hot then cold,
    # which clears more repeat meetings at the price of more moves, and the better of the two is kept.
    seats, cost, away = search(_COLD_PHASES)
    if cost > floor:
        other = search(_HOT_PHASES)
        if (other[1], other[2]) < (cost, away):
            seats, cost, away = other
    final = [[[numbered[i] for i in row] for row in session_seats] for session_seats in seats]

    def seated(orders: Sequence[Sequence[tuple[int, ...]]]) -> list[Seating]:
        return [
            Seating(
                session=session + k,
                tables=tuple(
                    TableSeating(number, (group[order[0]], group[order[1]], group[order[2]], group[order[3]]))
                    for number, (group, order) in enumerate(zip(final[k], orders[k], strict=True), start=1)
                ),
            )
            for k in range(ahead)
        ]

    plan = seated(repair_winds(final, old, history, limit, wanted))
    if wind_key(plan, history, limit) != (0, 0):
        # Evening a table at a time from the old winds can stick (a player past the wind goal whose table cannot
        # give them another wind without sending a table-mate past it): the first plan's wind search fits winds to
        # the same tables, and is taken when it sits them more evenly (the players keep their tables).
        balanced = seated(_balance_winds(final, history, session + ahead - 1, rng, effort))
        if wind_key(balanced, history, limit) < wind_key(plan, history, limit):
            plan = balanced
    return plan, cost, floor, wanted


def evened(
    plan: Sequence[Seating],
    cost: int,
    *,
    history: Sequence[Seating],
    fixed: Mapping[str, int],
    limit: int,
    seed: str,
    effort: float,
    apart: Sequence[Sequence[str]],
    homes: Sequence[Mapping[str, int]],
) -> tuple[list[Seating], int]:
    """A repaired plan whose winds stayed uneven, searched again with tables and winds together from where it is, a
    player away from their old table (``homes``) costing less than any change of the winds (``_even_winds``); the
    plan found when it meets nobody more often and sits the winds more evenly, else ``plan``, with its cost."""
    found, found_cost = _even_winds(
        [[list(t.seats) for t in seating.tables] for seating in plan],
        history,
        fixed=fixed,
        limit=limit,
        rng=random.Random(f"{seed}:repair:even"),
        effort=effort,
        apart=apart,
        homes=homes,
    )
    even = [
        Seating(
            session=seating.session,
            tables=tuple(TableSeating(t, (g[0], g[1], g[2], g[3])) for t, g in enumerate(groups, start=1)),
        )
        for seating, groups in zip(plan, found, strict=True)
    ]
    if (found_cost, wind_key(even, history, limit)) < (cost, wind_key(plan, history, limit)):
        return _home_in_wind(even, history, apart, homes), found_cost
    return list(plan), cost


def _home_in_wind(
    plan: Sequence[Seating],
    history: Sequence[Seating],
    apart: Sequence[Sequence[str]],
    homes: Sequence[Mapping[str, int]],
) -> list[Seating]:
    """``plan`` with players sent back to their old tables where that costs nothing: a player away from it changes
    places with the player of their wind at that table when no pair meets more often (both keep their winds, so
    every player's winds stay as they were); until none does. (The search of tables and winds together weighs a
    move below any change of the winds, so it leaves players away whom nothing keeps there.)"""
    rows = [[list(t.seats) for t in seating.tables] for seating in plan]
    index = _player_index(rows, history)
    meetings = _Meetings(len(index))
    for seating in (*history, *plan):
        for table in seating.tables:
            for a, b in itertools.combinations(table.seats, 2):
                meetings.meet(index[a], index[b], 1)
    _meet_apart(meetings, index, apart)
    names = list(index)
    for k, session_rows in enumerate(rows):
        home = homes[k] if k < len(homes) else {}
        seats = [[index[name] for name in row] for row in session_rows]
        better = True
        while better:
            better = False
            at = {player: (t, w) for t, row in enumerate(seats) for w, player in enumerate(row)}
            for name, goal in home.items():
                x = index.get(name)
                if x is None or x not in at:
                    continue
                t1, w = at[x]
                if t1 == goal:
                    continue
                g1, g2 = seats[t1], seats[goal]
                y = g2[w]
                back = home.get(names[y])
                moved = -1 + (0 if back is None else (back != t1) - (back != goal))
                if moved < 0 and meetings.swap_change(x, y, g1, g2) <= 0:
                    meetings.swap(x, y, g1, g2)
                    g1[w], g2[w] = y, x
                    at[x], at[y] = (goal, w), (t1, w)
                    better = True
        session_rows[:] = [[names[i] for i in row] for row in seats]
    return [
        Seating(
            session=seating.session,
            tables=tuple(TableSeating(t, (r[0], r[1], r[2], r[3])) for t, r in enumerate(session_rows, start=1)),
        )
        for seating, session_rows in zip(plan, rows, strict=True)
    ]


def _random_layout(names: Sequence[str], tables: int, fixed: Mapping[str, int], rng: random.Random) -> list[list[str]]:
    groups: list[list[str]] = [[] for _ in range(tables)]
    for name, table in sorted(fixed.items(), key=lambda item: item[1]):
        if name in names:
            groups[table - 1].append(name)
    free = [name for name in names if name not in fixed]
    rng.shuffle(free)
    for group in groups:
        while len(group) < 4:
            group.append(free.pop())
    return groups


def wind_key(plan: Sequence[Seating], history: Sequence[Seating], limit: int) -> tuple[int, int]:
    """How a plan's winds compare: sittings past ``limit`` (played and planned), then players who sit one wind at
    least two more times than another."""
    winds = _wind_counts([*history, *plan])
    over = sum(max(0, c - limit) for counts in winds.values() for c in counts)
    uneven = sum(1 for counts in winds.values() if max(counts) - min(counts) > 1)
    return over, uneven


def plan_cost(plan: Sequence[Seating], history: Sequence[Seating], apart: Sequence[Sequence[str]] = ()) -> int:
    """The repeat-meeting cost of ``plan`` after ``history`` (``c (c - 1) / 2`` a pair meeting ``c`` times, pairs
    kept apart counted as having met once)."""
    index = _player_index([[list(t.seats) for t in s.tables] for s in plan], history)
    meetings = _Meetings(len(index))
    for seating in (*history, *plan):
        for table in seating.tables:
            for a, b in itertools.combinations(table.seats, 2):
                meetings.meet(index[a], index[b], 1)
    _meet_apart(meetings, index, apart)
    return meetings.cost()
