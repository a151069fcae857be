"""The searches behind ``auto``: the opponents' annealing, the winds' balancing and König's edge colouring."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from scorekeeper.tournament.seating.model import Seating

_PERMUTATIONS = tuple(itertools.permutations(range(4)))
_WIND_OVER_COST = 400
# The opponents' search takes 4000 x sqrt(tables) steps per planned session up to this many tables (300 players) and
# no more beyond: past it chance repeats are few (about as many at 10,000 players as at 300) and the search still
# clears them (benchmarks/seating_quality.py: no repeat pair at 2,000 or 10,000 players over 8 or 16 sessions), so
# the largest field allowed (MAX_PLAYERS) seats in seconds.
_SEARCH_TABLES = 75
# Up to this many tables (100 players) the opponents' search runs its steps from a hot start (2.0) to the end, as it
# always did, so a seed seats a club's event as it always has. A larger field starts cooler (_LARGE_FIELD_HOT) and
# stops as soon as no planned pair meets again: a 300-player block of 16 sessions found its first such plan half
# way through its steps and spent the rest moving players among equally good plans (benchmarks/bench_seating.py).
# A league whose pairs must meet again (no early stop) still runs every step.
_SMALL_FIELD_TABLES = 25
_LARGE_FIELD_HOT = 0.5
# The search that evens the winds of a new plan (_even_winds): a repeat meeting weighs as much as this many units of
# wind cost (a player moving from a wind sat twice to one not sat saves 4), the temperature falls from _EVEN_HOT,
# and it takes _EVEN_STEPS steps per planned table.
_MEET_WEIGHT = 1000
_EVEN_HOT = 1000.0
_EVEN_STEPS = 20_000
_EVEN_MAX_STEPS = 100_000
_Node = tuple[object, ...]


def _player_index(plan: Sequence[Sequence[Sequence[str]]], history: Sequence[Seating]) -> dict[str, int]:
    """A number for each player of the plan and of the sessions played, in the order first met."""
    index: dict[str, int] = {}
    for groups in plan:
        for group in groups:
            for name in group:
                index.setdefault(name, len(index))
    for seating in history:
        for name in seating.names:
            index.setdefault(name, len(index))
    return index


def _even_winds(
    plan: Sequence[Sequence[Sequence[str]]],
    history: Sequence[Seating],
    *,
    fixed: Mapping[str, int],
    limit: int,
    rng: random.Random,
    effort: float,
    apart: Sequence[Sequence[str]] = (),
    homes: Sequence[Mapping[str, int]] = (),
) -> tuple[list[list[list[str]]], int]:
    """Search tables and winds together for a plan whose winds came out uneven; return the best plan seen (slot k
    of each table is wind k) and its repeat-meeting cost.

    The cost is ``_MEET_WEIGHT`` per repeat meeting (``c (c - 1) / 2`` for a pair meeting ``c`` times) plus the
    winds' (a player costs ``c * c`` per wind sat ``c`` times and ``_WIND_OVER_COST`` per sitting past ``limit``,
    played and planned). A move swaps two players of two tables of one planned session, and both tables take the
    wind order that costs least given everyone's other sittings. The best plan seen is the one with the fewest
    repeat meetings, then the most even winds; the caller keeps the plan it had unless this one meets nobody more
    often (opponents before winds). ``apart``: groups of players kept apart, each pair counted as having met once
    (as ``_spread_opponents`` counts them), so the search keeps them apart as the first plan did. ``homes``: for
    each planned session, the table (index) each player had in the plan this one replaces (repair.py); a player
    away from it costs 1 (less than any change of the winds' cost, which moves by 2 at least), and of plans as good
    in meetings and winds the best seen is the one that moves fewest.

    Why a search of its own: with a few sessions played, a small field has few seatings where nobody meets again,
    and two players can rarely change tables without meeting someone again; so the search walks through seatings
    with a repeat meeting (hot, a repeat costs about as much as the winds of three players sat unevenly) to find
    the seatings without one whose winds are even.
    """
    index = _player_index(plan, history)
    meetings = _Meetings(len(index))
    winds = [[0, 0, 0, 0] for _ in index]
    for seating in history:
        for table in seating.tables:
            for a, b in itertools.combinations(table.seats, 2):
                meetings.meet(index[a], index[b], 1)
            for wind, name in enumerate(table.seats):
                winds[index[name]][wind] += 1
    _meet_apart(meetings, index, apart)
    seats = [[[index[name] for name in group] for group in groups] for groups in plan]
    for session_seats in seats:
        for row in session_seats:
            for i, j in itertools.combinations(row, 2):
                meetings.meet(i, j, 1)
    stays = {index[name] for name in fixed}
    wants = [{index[name]: t for name, t in home.items() if name in index} for home in homes]
    wants += [{} for _ in range(len(plan) - len(wants))]
    away = sum(
        want.get(player, t) != t
        for session_seats, want in zip(seats, wants, strict=True)
        for t, row in enumerate(session_seats)
        for player in row
    )

    def cost(count: int) -> int:
        return count * count + _WIND_OVER_COST * max(0, count - limit)

    # What one more sitting adds to a player's cost: from c to c + 1, 2c + 1 and _WIND_OVER_COST past the limit.
    adds = [2 * c + 1 + (_WIND_OVER_COST if c >= limit else 0) for c in range(len(history) + len(plan) + 1)]

    def marginals(row: Sequence[int]) -> list[list[int]]:
        """What seating each player of ``row`` on each wind adds to the winds' cost: ``[wind][position]``."""
        return [[adds[winds[player][w]] for player in row] for w in range(4)]

    def cheapest(row: Sequence[int]) -> int:
        east, south, west, north = marginals(row)
        return min(east[a] + south[b] + west[c] + north[d] for a, b, c, d in _PERMUTATIONS)

    def best_order(row: Sequence[int]) -> tuple[int, ...]:
        east, south, west, north = marginals(row)
        return min(_PERMUTATIONS, key=lambda p: east[p[0]] + south[p[1]] + west[p[2]] + north[p[3]])

    def sit(row: Sequence[int], order: Sequence[int], change: int) -> None:
        for w in range(4):
            winds[row[order[w]]][w] += change

    def in_wind_order() -> list[list[list[int]]]:
        return [
            [[row[order[w]] for w in range(4)] for row, order in zip(rows, row_orders, strict=True)]
            for rows, row_orders in zip(seats, orders, strict=True)
        ]

    orders: list[list[tuple[int, ...]]] = []
    for session_seats in seats:  # each table in its cheapest order, one after another
        orders.append([])
        for row in session_seats:
            order = best_order(row)
            sit(row, order, 1)
            orders[-1].append(order)
    meet_cost, wind_cost = meetings.cost(), sum(cost(c) for counts in winds for c in counts)
    best, kept = (meet_cost, wind_cost, away), in_wind_order()
    getrandbits = rng.getrandbits
    sessions, tables = len(seats), len(seats[0])
    # One table: no two tables to swap between, nothing to search.
    steps = int(effort * min(_EVEN_STEPS * sessions * tables, _EVEN_MAX_STEPS)) if tables > 1 else 0
    temperature = _EVEN_HOT
    cooling = (0.02 / temperature) ** (1 / max(1, steps))
    for _ in range(steps):
        temperature *= cooling
        k = _below(getrandbits, sessions)
        t1, t2 = _two_below(getrandbits, tables)
        g1, g2 = seats[k][t1], seats[k][t2]
        x, y = g1[_below(getrandbits, 4)], g2[_below(getrandbits, 4)]
        if x in stays or y in stays:
            continue
        # Taken when the change in cost is below this (the Metropolis rule, its draw made first): a move that
        # adds more repeat meetings than the two tables' winds could make up for is refused before it is costed.
        bound = -temperature * math.log(1.0 - rng.random())
        met = meetings.swap_change(x, y, g1, g2) * _MEET_WEIGHT
        moved = 0
        want = wants[k]
        if want:  # players kept close to an old plan: what the swap changes in the players away from it
            wx, wy = want.get(x), want.get(y)
            moved = (0 if wx is None else (wx != t2) - (wx != t1)) + (0 if wy is None else (wy != t1) - (wy != t2))
            met += moved
        o1, o2 = orders[k][t1], orders[k][t2]
        # What the two tables' sittings add now (each player's count includes this sitting, hence the - 1).
        before = (
            adds[winds[g1[o1[0]]][0] - 1] + adds[winds[g1[o1[1]]][1] - 1]
            + adds[winds[g1[o1[2]]][2] - 1] + adds[winds[g1[o1[3]]][3] - 1]
            + adds[winds[g2[o2[0]]][0] - 1] + adds[winds[g2[o2[1]]][1] - 1]
            + adds[winds[g2[o2[2]]][2] - 1] + adds[winds[g2[o2[3]]][3] - 1]
        )  # fmt: skip
        if met - before >= bound:
            continue
        sit(g1, o1, -1)
        sit(g2, o2, -1)
        i1, i2 = g1.index(x), g2.index(y)
        g1[i1], g2[i2] = y, x
        change = met + cheapest(g1) + cheapest(g2) - before
        g1[i1], g2[i2] = x, y
        if change >= bound:
            sit(g1, o1, 1)
            sit(g2, o2, 1)
            continue
        meetings.swap(x, y, g1, g2)
        g1[i1], g2[i2] = y, x
        o1, o2 = best_order(g1), best_order(g2)
        orders[k][t1], orders[k][t2] = o1, o2
        sit(g1, o1, 1)
        sit(g2, o2, 1)
        meet_cost += (met - moved) // _MEET_WEIGHT
        away += moved
        wind_cost += change - met
        if (meet_cost, wind_cost, away) < best:
            best, kept = (meet_cost, wind_cost, away), in_wind_order()
    names = list(index)
    return [[[names[i] for i in row] for row in session_seats] for session_seats in kept], best[0]


def _meet_apart(meetings: _Meetings, index: Mapping[str, int], apart: Sequence[Sequence[str]]) -> None:
    """Count each pair of a group kept apart (a club, country or team; the seeded players) as having met once, so
    that seating two of them together costs as a repeat meeting."""
    for group in apart:
        for a, b in itertools.combinations([name for name in group if name in index], 2):
            meetings.meet(index[a], index[b], 1)


def _wind_counts(history: Sequence[Seating]) -> dict[str, list[int]]:
    winds: dict[str, list[int]] = {}
    for seating in history:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
    return winds


def _wind_spread(
    plan: Sequence[Sequence[Sequence[str]]], orders: Sequence[Sequence[tuple[int, ...]]], history: Sequence[Seating]
) -> tuple[int, int]:
    """How unevenly the players sit the winds after ``plan``: the sum of the squares of every count (smaller is
    more even), and how many players sit one wind at least two more times than another."""
    winds = _wind_counts(history)
    for groups, session_orders in zip(plan, orders, strict=True):
        for group, order in zip(groups, session_orders, strict=True):
            for wind, index in enumerate(order):
                winds.setdefault(group[index], [0, 0, 0, 0])[wind] += 1
    return (
        sum(c * c for counts in winds.values() for c in counts),
        sum(1 for counts in winds.values() if max(counts) - min(counts) > 1),
    )


def _wind_first(
    names: Sequence[str],
    *,
    tables: int,
    fixed: Mapping[str, int],
    history: Sequence[Seating],
    ahead: int,
    rng: random.Random,
    effort: float,
    apart: Sequence[Sequence[str]] = (),
) -> tuple[list[list[list[str]]], int] | None:
    """Tables for ``ahead`` sessions whose slots are winds given first: each player's winds as even as the history
    allows, every session with ``tables`` players on each wind; then the tables are searched keeping them.

    Returns the groups (slot k of a table is wind k) and their repeat-meeting cost, or None when fixed tables
    cannot be kept.

    The winds: each player is given the winds they sat least (ties at random); while a wind has more players than
    tables over the sessions planned, one player moves from it to a wind short of players, the one whose winds
    that evens the least (each move makes the totals closer, so this ends). Then each player's winds are spread
    over the sessions: the players and ``tables`` copies of each wind make an ``ahead``-regular bipartite
    multigraph, which König's theorem colours with one colour per session.
    """
    counts = _wind_counts(history)
    need: dict[str, list[int]] = {}
    for name in names:
        have = counts.get(name, [0, 0, 0, 0])
        n = [0, 0, 0, 0]
        for _ in range(ahead):
            w = min(range(4), key=lambda w: (have[w] + n[w], rng.random()))
            n[w] += 1
        need[name] = n
    total = ahead * tables
    column = [sum(need[name][w] for name in names) for w in range(4)]
    while column != [total] * 4:
        best: tuple[int, float, str, int, int] | None = None
        for name in names:
            have, n = counts.get(name, [0, 0, 0, 0]), need[name]
            for a in range(4):
                if column[a] <= total or not n[a]:
                    continue
                for b in range(4):
                    if column[b] < total:
                        change = 2 * ((have[b] + n[b]) - (have[a] + n[a])) + 2
                        if best is None or (change, rng.random()) < best[:2]:
                            best = (change, rng.random(), name, a, b)
        assert best is not None, "a wind over its total has a player to move"
        _, _, name, a, b = best
        need[name][a] -= 1
        need[name][b] += 1
        column[a] -= 1
        column[b] += 1
    edges: list[tuple[_Node, _Node]] = []
    sitting: list[tuple[str, int]] = []
    by_wind: list[list[str]] = [[name for name in names for _ in range(need[name][w])] for w in range(4)]
    for w, players in enumerate(by_wind):
        rng.shuffle(players)
        for k, name in enumerate(players):
            edges.append((("player", name), ("wind", w, k % tables)))
            sitting.append((name, w))
    order = list(range(len(edges)))
    rng.shuffle(order)
    colour = _colour_edges(edges, order, ahead)
    classes: list[list[list[str]]] = [[[] for _ in range(4)] for _ in range(ahead)]
    for (name, w), session in zip(sitting, colour, strict=True):
        classes[session][w].append(name)
    plan: list[list[list[str]]] = []
    pinned: list[set[tuple[int, int]]] = []
    for session_classes in classes:
        groups: list[list[str | None]] = [[None, None, None, None] for _ in range(tables)]
        pins: set[tuple[int, int]] = set()
        for w, players in enumerate(session_classes):
            rng.shuffle(players)
            for name in players:
                if name in fixed:
                    t = fixed[name] - 1
                    if groups[t][w] is not None:
                        return None  # two players with one fixed table on one wind
                    groups[t][w] = name
                    pins.add((t, w))
            free = iter(name for name in players if name not in fixed)
            for group in groups:
                if group[w] is None:
                    group[w] = next(free)
        plan.append([[name for name in group if name is not None] for group in groups])
        pinned.append(pins)
    cost = _spread_opponents(plan, pinned, history, rng, effort, same_slot=True, apart=apart)
    return plan, cost


def _even(history: Sequence[Seating]) -> bool:
    """Whether every player has sat every wind equally often in ``history``."""
    winds: dict[str, list[int]] = {}
    for seating in history:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
    return all(len(set(counts)) == 1 for counts in winds.values())


def _spread_opponents(
    plan: list[list[list[str]]],
    pinned: list[set[tuple[int, int]]],
    history: Sequence[Seating],
    rng: random.Random,
    effort: float,
    *,
    same_slot: bool = False,
    apart: Sequence[Sequence[str]] = (),
) -> int:
    """Anneal the planned sessions' tables so that pairs meet as few times as they can (in place); return the cost.

    ``same_slot``: swap only players in the same slot of their tables (the slots are winds: the winds stay as
    they were given). ``apart``: groups of players to keep apart (one club, country or team; the seeded players):
    each pair of a group counts as having met once already, so seating them together costs as a repeat meeting.

    The cost is, over all pairs, ``c (c - 1) / 2`` for ``c`` meetings (played and planned), so a swap's change is
    local: a meeting removed from a pair that met ``c`` times saves ``c - 1``, one added costs ``c``.

    Memory and time grow with the players, not their pairs: players are numbered and each holds a row of the
    players they meet and how often, and a pair whose count falls to nought is dropped, so the rows hold only the
    pairs that meet (about six per player and session). Before, every pair a swap had ever tried was kept: 2,000
    players held 240 MB (report-audit).
    """
    index = _player_index(plan, history)
    meetings = _Meetings(len(index))
    for seating in history:
        for table in seating.tables:
            for a, b in itertools.combinations(table.seats, 2):
                meetings.meet(index[a], index[b], 1)
    _meet_apart(meetings, index, apart)
    floor = meetings.cost()  # what the played sessions cost: a plan in which no pair meets again costs no more
    seats = [[[index[name] for name in group] for group in groups] for groups in plan]
    for numbered_groups in seats:
        for numbered in numbered_groups:
            for i, j in itertools.combinations(numbered, 2):
                meetings.meet(i, j, 1)
    movable = [
        [(t, s) for t in range(len(groups)) for s in range(4) if (t, s) not in pins]
        for groups, pins in zip(plan, pinned, strict=True)
    ]
    steps = int(effort * 4000 * len(plan) * min(len(plan[0]), _SEARCH_TABLES) ** 0.5)
    if same_slot:
        _anneal_keeping_winds(seats, pinned, meetings, rng=rng, steps=steps)
    elif len(plan[0]) > _SMALL_FIELD_TABLES:
        _anneal_tables(seats, movable, meetings, rng=rng, steps=steps, hot=_LARGE_FIELD_HOT, floor=floor)
    else:
        _anneal_tables(seats, movable, meetings, rng=rng, steps=steps)
    names = list(index)
    for groups, numbered_groups in zip(plan, seats, strict=True):
        for group, row in zip(groups, numbered_groups, strict=True):
            group[:] = [names[i] for i in row]
    return meetings.cost()


class _Meetings:
    """How often each pair of players (numbered 0..size-1) meets: row ``a`` maps each player ``a`` meets to the
    count, and a pair that no longer meets is dropped (so memory grows with the meetings, not the pairs)."""

    __slots__ = ("rows",)

    def __init__(self, size: int) -> None:
        self.rows: list[dict[int, int]] = [{} for _ in range(size)]

    def meet(self, a: int, b: int, change: int) -> None:
        row = self.rows[a]
        count = row.get(b, 0) + change
        if count:
            row[b] = self.rows[b][a] = count
        else:
            del row[b], self.rows[b][a]

    def swap_change(self, x: int, y: int, xs: Sequence[int], ys: Sequence[int]) -> int:
        """What the cost changes when ``x`` (at a table with ``xs``) and ``y`` (with ``ys``) change tables."""
        rx, ry = self.rows[x], self.rows[y]
        delta = 0
        for other in xs:
            if other != x:
                delta += ry.get(other, 0) - rx.get(other, 0) + 1
        for other in ys:
            if other != y:
                delta += rx.get(other, 0) - ry.get(other, 0) + 1
        return delta

    def swap(self, x: int, y: int, xs: Sequence[int], ys: Sequence[int]) -> None:
        """``x`` leaves the table of ``xs`` for the table of ``ys`` and ``y`` the other way (counts only)."""
        rows = self.rows
        for leaving, coming, table in ((x, y, xs), (y, x, ys)):
            gone, come = rows[leaving], rows[coming]
            for other in table:
                if other != leaving:
                    row = rows[other]
                    count = gone[other] - 1  # they sat together, so they meet
                    if count:
                        gone[other] = row[leaving] = count
                    else:
                        del gone[other], row[leaving]
                    come[other] = row[coming] = come.get(other, 0) + 1

    def cost(self) -> int:
        """The sum over pairs of ``c (c - 1) / 2``."""
        return sum(count * (count - 1) for row in self.rows for count in row.values()) // 4


def _anneal_tables(
    seats: list[list[list[int]]],
    movable: Sequence[Sequence[tuple[int, int]]],
    meetings: _Meetings,
    *,
    rng: random.Random,
    steps: int,
    hot: float = 2.0,
    floor: int | None = None,
) -> int:
    """The opponents' search: swap two movable players of two tables of one planned session, in place; return the
    steps taken.

    The temperature falls from ``hot`` to 0.02 over the steps; the search stops early when the cost comes down to
    ``floor`` (nothing can be cheaper).

    The draws are ``rng.randrange(sessions)`` and ``rng.sample(movable, 2)`` taken straight from
    ``rng.getrandbits`` the way ``random`` takes them (its ``_randbelow`` and both paths of ``sample``), so a seed
    seats as it did when those calls were made, in a third of the time.
    """
    getrandbits = rng.getrandbits
    uniform = rng.random
    exp = math.exp
    rows = meetings.rows
    sessions = len(seats)
    temperature = hot
    cooling = (0.02 / temperature) ** (1 / max(1, steps))
    cost = meetings.cost()
    # _below and _two_below written out (their calls were a third of a large field's search): the session with
    # sessions.bit_length() bits until below sessions; of a session's n cells the first with n.bit_length() bits
    # until below n, the second, for n <= 21, from the n - 1 left (the last moved into the first's place), else
    # drawn again until below n and not the first.
    session_bits = sessions.bit_length()
    sizes = [len(cells) for cells in movable]
    for step in range(steps):
        if cost == floor:
            return step
        k = getrandbits(session_bits)
        while k >= sessions:
            k = getrandbits(session_bits)
        cells = movable[k]
        n = sizes[k]
        if n < 2:
            continue
        bits = n.bit_length()
        i = getrandbits(bits)
        while i >= n:
            i = getrandbits(bits)
        if n <= 21:
            left = n - 1
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            if j == i:
                j = left
        else:
            j = getrandbits(bits)
            while j >= n or j == i:
                j = getrandbits(bits)
        t1, s1 = cells[i]
        t2, s2 = cells[j]
        if t1 == t2:
            continue
        g1, g2 = seats[k][t1], seats[k][t2]
        x, y = g1[s1], g2[s2]
        rx, ry = rows[x], rows[y]
        delta = 6  # meetings.swap_change(x, y, g1, g2) written out
        for other in g1:
            if other != x:
                delta += ry.get(other, 0) - rx.get(other, 0)
        for other in g2:
            if other != y:
                delta += rx.get(other, 0) - ry.get(other, 0)
        if delta <= 0 or uniform() < exp(-delta / temperature):
            # meetings.swap(x, y, g1, g2) written out (half the search's time went to the calls): x leaves g1 and
            # meets g2, y the other way; a pair at one table meets at least once, so its count is there to lower.
            for other in g1:
                if other != x:
                    row = rows[other]
                    count = rx[other] - 1
                    if count:
                        rx[other] = row[x] = count
                    else:
                        del rx[other], row[x]
                    ry[other] = row[y] = ry.get(other, 0) + 1
            for other in g2:
                if other != y:
                    row = rows[other]
                    count = ry[other] - 1
                    if count:
                        ry[other] = row[y] = count
                    else:
                        del ry[other], row[y]
                    rx[other] = row[x] = rx.get(other, 0) + 1
            g1[s1], g2[s2] = y, x
            cost += delta
        temperature *= cooling
    return steps


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """``Random.randrange(n)`` as ``random`` draws it (``_randbelow``): ``n.bit_length()`` bits until below ``n``."""
    bits = n.bit_length()
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def _two_below(getrandbits: Callable[[int], int], n: int) -> tuple[int, int]:
    """The two positions ``Random.sample(range(n), 2)`` picks, drawn as ``random`` draws them.

    Raises:
        ValueError: for fewer than two positions (one table has no second to swap with: drawing would never end).
    """
    if n < 2:
        raise ValueError(f"two different positions need at least two, got {n}")
    i = _below(getrandbits, n)
    if n <= 21:  # a small population: the second comes from the n - 1 left, the last moved into the first's place
        j = _below(getrandbits, n - 1)
        return i, n - 1 if j == i else j
    j = _below(getrandbits, n)  # a larger one: drawn again until it differs from the first
    while j == i:
        j = _below(getrandbits, n)
    return i, j


def _anneal_keeping_winds(
    seats: list[list[list[int]]],
    pinned: list[set[tuple[int, int]]],
    meetings: _Meetings,
    *,
    rng: random.Random,
    steps: int,
) -> None:
    """The opponents' search with every player's winds kept (slot k of a table is wind k), in place.

    Two moves: two players on one wind in one session change tables; or two players who sit winds a and b in one
    session and b and a in another change places in both (each keeps their winds, the sessions' tables of each
    wind stay full). The second lets the search change which session a player sits which wind.
    """
    where = [{player: (t, s) for t, group in enumerate(groups) for s, player in enumerate(group)} for groups in seats]

    def change(k: int, t1: int, s1: int, t2: int, s2: int) -> int:
        """Swap two seats of session ``k`` and return what it changed in the cost."""
        g1, g2 = seats[k][t1], seats[k][t2]
        x, y = g1[s1], g2[s2]
        delta = 0
        if t1 != t2:
            delta = meetings.swap_change(x, y, g1, g2)
            meetings.swap(x, y, g1, g2)
        g1[s1], g2[s2] = y, x
        where[k][x], where[k][y] = (t2, s2), (t1, s1)
        return delta

    temperature = 1.0
    cooling = (0.02 / temperature) ** (1 / max(1, steps))
    sessions = len(seats)
    getrandbits = rng.getrandbits  # rng.randrange and rng.choice, drawn as random draws them (as _anneal_tables)
    for _ in range(steps):
        k = _below(getrandbits, sessions)
        tables = len(seats[k])
        t1, t2 = _below(getrandbits, tables), _below(getrandbits, tables)
        s1 = _below(getrandbits, 4)
        s2 = s1 if sessions == 1 or rng.random() < 0.5 else _below(getrandbits, 4)
        if (t1, s1) in pinned[k] or (t2, s2) in pinned[k] or (t1 == t2 and s1 == s2):
            continue
        if s1 == s2:
            if t1 == t2:
                continue
            g1, g2 = seats[k][t1], seats[k][t2]
            delta = meetings.swap_change(g1[s1], g2[s2], g1, g2)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                change(k, t1, s1, t2, s2)
        else:
            x, y = seats[k][t1][s1], seats[k][t2][s2]
            others = [
                j
                for j in range(sessions)
                if j != k
                and where[j][x][1] == s2
                and where[j][y][1] == s1
                and where[j][x] not in pinned[j]
                and where[j][y] not in pinned[j]
            ]
            if not others:
                continue
            j = others[_below(getrandbits, len(others))]
            (u1, v1), (u2, v2) = where[j][x], where[j][y]
            delta = change(k, t1, s1, t2, s2) + change(j, u1, v1, u2, v2)
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                change(j, u1, v1, u2, v2)
                change(k, t1, s1, t2, s2)
        temperature *= cooling


def _exact_winds(plan: list[list[list[str]]], rng: random.Random) -> list[list[tuple[int, ...]]]:
    """Wind orders for a whole tournament in which each player sits each wind ``sessions / 4`` times, exactly.

    König's edge-colouring theorem: cut each player's sittings, in session order, into runs of four; the tables and
    these runs make a bipartite multigraph of degree at most 4, whose edges can be coloured with four colours (the
    winds) so that no two edges at a node share one. A table's four players then sit four different winds, and a
    player's run of four sittings gives them each wind once. Edges are coloured one at a time; when the colour free
    at the table is taken at the run, the path alternating the two colours from the run is swapped (it cannot reach
    the table in a bipartite graph), which frees it.
    """
    edges: list[tuple[_Node, _Node]] = []
    sittings: Counter[str] = Counter()
    for k, groups in enumerate(plan):
        for t, group in enumerate(groups):
            for name in group:
                edges.append((("table", k, t), ("run", name, sittings[name] // 4)))
                sittings[name] += 1
    order = list(range(len(edges)))
    rng.shuffle(order)
    colour = _colour_edges(edges, order, 4)
    orders: list[list[tuple[int, ...]]] = []
    e = 0
    for groups in plan:
        orders.append([])
        for _group in groups:
            by_wind = [0, 0, 0, 0]
            for slot in range(4):
                by_wind[colour[e + slot]] = slot
            orders[-1].append(tuple(by_wind))
            e += 4
    return orders


def _colour_edges(edges: Sequence[tuple[_Node, _Node]], order: Sequence[int], colours: int) -> list[int]:
    """Colour the edges of a bipartite multigraph of degree at most ``colours`` so that no two edges at a node
    share a colour (König), taking the edges in ``order``.

    Each edge takes the first colour ``a`` free at its first node; if ``a`` is taken at its second node, the path
    from there alternating ``a`` and ``b`` (the first colour free at the second node) swaps the two. Nodes are
    numbered and each colour holds a list of the edge at each node (-1: none), so a step along a path is a few list
    reads; an edge's ends sum to one number, so the far end is that sum less the near one. Swapping ``a`` and ``b``
    at every node of the path is the same as recolouring its edges: an inner node holds both as path edges, the
    first node lacks ``b`` and the last the colour the path would go on with. The same colours as taking the path's
    edges out and putting them back recoloured, in a third of the time (10,000 players over 8 sessions: 1.3 s ->
    0.4 s of CPU; the colouring of ``_exact_winds`` was most of such a seating's time).
    """
    index: dict[_Node, int] = {}
    ends: list[tuple[int, int]] = []
    both: list[int] = []
    for first, second in edges:
        iu = index.setdefault(first, len(index))
        iv = index.setdefault(second, len(index))
        ends.append((iu, iv))
        both.append(iu + iv)
    at = [[-1] * len(index) for _ in range(colours)]
    colour = [-1] * len(edges)
    free = range(colours)
    for e in order:
        u, v = ends[e]
        a = next(c for c in free if at[c][u] < 0)
        b = next(c for c in free if at[c][v] < 0)
        at_a = at[a]
        if at_a[v] >= 0:
            at_b = at[b]
            node, here, there, now = v, at_a, at_b, b
            while True:
                f = here[node]
                at_a[node], at_b[node] = at_b[node], at_a[node]
                if f < 0:
                    break
                colour[f] = now
                node = both[f] - node
                here, there = there, here
                now = a + b - now
        colour[e] = a
        at_a[u] = at_a[v] = e
    return colour


def _balance_winds(
    plan: list[list[list[str]]], history: Sequence[Seating], sessions: int, rng: random.Random, effort: float
) -> list[list[tuple[int, ...]]]:
    """Give each planned table a wind order so that every player's winds are as even as they can be.

    A player's cost is the sum over winds of ``c * c`` (c: sittings of that wind, played and planned) plus
    ``_WIND_OVER_COST`` per sitting past ``ceil(sessions / 4)``; a move swaps two seats of one planned table.
    Returns, per planned session and table, the indices into the table's group for East, South, West, North.
    """
    limit = max(1, math.ceil(sessions / 4))
    winds: dict[str, list[int]] = {}
    for seating in history:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
    orders: list[list[list[int]]] = []
    for groups in plan:
        orders.append([])
        for group in groups:
            order = [0, 1, 2, 3]
            rng.shuffle(order)
            orders[-1].append(order)
            for wind, index in enumerate(order):
                winds.setdefault(group[index], [0, 0, 0, 0])[wind] += 1

    # A player's cost per wind sat c times, looked up (c is at most every session played and planned).
    cost = [c * c + _WIND_OVER_COST * max(0, c - limit) for c in range(len(history) + len(plan) + 2)]
    # Each planned table (sessions in order, tables in order) as its wind order and its players' wind counts by
    # position in the group: a step reads two lists, not the plan, the orders and the counts by name.
    table_orders = [order for session in orders for order in session]
    table_winds = [[winds[name] for name in group] for groups in plan for group in groups]
    count = len(table_orders)
    steps = int(effort * 300 * count)
    temperature = 2.0
    cooling = (0.02 / temperature) ** (1 / max(1, steps))
    getrandbits = rng.getrandbits
    uniform = rng.random
    exp = math.exp
    bits = count.bit_length()
    for _ in range(steps):
        # rng.choice(tables) and rng.sample(range(4), 2), drawn as random draws them: _below and _two_below
        # written out (the calls were half of a large field's time here): the table with count.bit_length() bits
        # until below count; the first wind with 3 bits until below 4, the second from the 3 left with 2 bits
        # until below 3, the last one (3) moved into the first's place.
        r = getrandbits(bits)
        while r >= count:
            r = getrandbits(bits)
        w1 = getrandbits(3)
        while w1 >= 4:
            w1 = getrandbits(3)
        w2 = getrandbits(2)
        while w2 == 3:
            w2 = getrandbits(2)
        if w2 == w1:
            w2 = 3
        order, rows = table_orders[r], table_winds[r]
        a, b = rows[order[w1]], rows[order[w2]]
        a1, a2, b1, b2 = a[w1], a[w2], b[w1], b[w2]
        delta = cost[a1 - 1] + cost[a2 + 1] + cost[b1 + 1] + cost[b2 - 1] - cost[a1] - cost[a2] - cost[b1] - cost[b2]
        if delta <= 0 or uniform() < exp(-delta / temperature):
            a[w1] -= 1
            a[w2] += 1
            b[w1] += 1
            b[w2] -= 1
            order[w1], order[w2] = order[w2], order[w1]
        temperature *= cooling
    return [[tuple(order) for order in session] for session in orders]
