"""Schedules in which no pair of players meets twice, from mathematics (issue 26).

Players are numbered 0..v-1 here; :mod:`methods` gives the numbers names at random from the tournament's seed.

Four constructions:

* ``4^k`` players: the lines of the affine space AG(k, 4) over GF(4). Each direction (a point of PG(k-1, 4)) splits
  the ``4^k`` points into parallel lines of four, and two points lie on one line only: ``(4^k - 1) / 3``
  sessions (16 players over 5, 64 over 21, 256 over 85) in which everyone meets everyone else exactly once.
* ``3n + 1`` players (``n`` = 1 mod 4) and ``3n + 3`` players (``n`` = 3 mod 4), ``n`` sessions: the finite players
  are pairs ``(x, a)`` with ``x`` in Z_n and ``a`` in Z_3, plus one or three players apart ("infinite" points).
  Session ``t`` is session 0 with ``t`` added to every ``x``; session 0 is invariant under
  ``mu: (x, a) -> (m x, a + 1)`` (``m^3 = 1`` mod ``n``; the three infinite points taken round). The group the two
  generate moves pairs of players in orbits, and a session-0 seating where no two pairs at a table share an orbit
  is a schedule where no pair meets twice (one orbit is every pair's meetings over the ``n`` sessions). So only a
  few base tables are searched (a backtracking over orbits, from :func:`search_base_blocks`), not ``n`` sessions:
  40 players over 13 sessions is a resolvable (40, 4, 1) design found this way (the group of order 39 with
  ``m = 3``), 48 over 15 a resolvable group divisible design of type 3^16 (the three players of an orbit ``(x, *)``
  never meet, nor the three infinite points), 24 over 7 one of type 3^8.

* ``4q`` players (``q`` a prime power from 4 to 64 that we build GF(q) for): a resolvable transversal design, ``q``
  sessions (one more when 4 divides q): 20 over 5, 32 over 9, 44 over 11, 52 over 13, 100 over 25. The four groups
  of ``q`` never meet among themselves, so sessions past these meet again.
* 32 players over 10 sessions (the social golfer problem 8-4-10): the points are ``(g, a)`` with ``g`` in the group
  Z_2^3 (three bits, added by XOR) and ``a`` one of four classes, and every session is invariant under adding any
  ``g``. Six sessions seat one player of each class at a table (:data:`_CUBE_TRANSVERSALS`), three pair the classes
  and one splits each class into two cosets of a subgroup of order four; nobody meets twice, and the pairs that
  never meet are ``(g, a)`` and ``(g + c, a)`` (a resolvable 4-GDD of type 2^16): see :func:`cube_rounds`.

:func:`perfect_rounds` takes the construction giving the most sessions (:func:`perfect_round_choices` lists them
all). The base tables of the sizes in :data:`_KNOWN` were found by our own search (``search_base_blocks`` with
the seed given beside each); they are kept so that a 48-player event does not search for seconds each time. Every
one is checked by the tests (:func:`_rounds_from`, then :func:`repeat_pairs`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

__all__ = [
    "affine_rounds",
    "cube_rounds",
    "orbit_rounds",
    "perfect_round_choices",
    "perfect_rounds",
    "repeat_pairs",
    "search_base_blocks",
    "transversal_rounds",
]

Rounds = list[list[list[int]]]

# GF(4) = {0, 1, w, w + 1} as 0..3: addition is XOR, multiplication by table.
_GF4_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)

# (n, infinite points, m) -> base tables (point numbers: (x, a) is a * n + x, the infinite points 3n, 3n + 1, ...),
# found by search_base_blocks(n, infinities, m, random.Random(seed)) with the seed in the comment.
_KNOWN: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {
    (7, 3, 2): ((0, 8, 1, 5), (2, 23, 13, 17)),  # seed 0: 24 players, 7 sessions
    (9, 1, 4): ((1, 11, 12, 15), (2, 19, 14, 7)),  # seed 0: 28 players, 9 sessions
    (11, 3, 1): ((0, 14, 6, 4), (1, 27, 18, 35), (2, 31, 10, 30)),  # seed 0: 36 players, 11 sessions
    (13, 1, 9): ((1, 12, 18, 21), (3, 10, 24, 15), (4, 9, 20, 19)),  # seed 3: 40 players, 13 sessions
    (15, 3, 1): ((0, 23, 22, 40), (1, 6, 42, 9), (2, 45, 28, 41), (3, 14, 34, 5)),  # seed 54: 48 players, 15
    (17, 1, 1): ((1, 6, 14, 33), (2, 26, 12, 42), (3, 41, 32, 21), (5, 30, 27, 28)),  # seed 74, nodes 200,000: 52
    (19, 3, 11): ((0, 6, 10, 18), (1, 56, 40, 22), (4, 49, 21, 44), (5, 24, 53, 58), (11, 48, 46, 35)),  # seed 31: 60
}

# The budget of the search at run time for a size not in _KNOWN: restarts of so many backtracking nodes each.
_RESTARTS = 12
_NODES = 20_000
# ... and only up to this many players: the orbits of a field's pairs are reckoned first (a second at 200 players),
# and past a hundred players the opponents' search finds seatings without a repeat meeting for the sessions a
# tournament has anyway (benchmarks/seating_quality.py). The affine spaces are built up to 4^4 players.
_SEARCH_PLAYERS = 120
_AFFINE_MOST = 4


def affine_rounds(k: int) -> Rounds:
    """The ``(4^k - 1) / 3`` parallel classes of lines of AG(k, 4): point ``p`` has coordinates the base-4 digits."""
    size = 4**k
    points = [tuple((p >> (2 * i)) & 3 for i in range(k)) for p in range(size)]
    number = {point: p for p, point in enumerate(points)}
    rounds: Rounds = []
    for direction in points:
        lead = next((c for c in direction if c), 0)
        if lead != 1:  # one direction per point of PG(k - 1, 4): the first non-zero coordinate is 1
            continue
        seen: set[int] = set()
        lines: list[list[int]] = []
        for p, point in enumerate(points):
            if p in seen:
                continue
            line = [
                number[tuple(c ^ _GF4_MUL[scalar][d] for c, d in zip(point, direction, strict=True))]
                for scalar in range(4)
            ]
            seen.update(line)
            lines.append(line)
        rounds.append(lines)
    return rounds


# GF(q) for q = p^k as polynomials over GF(p) (an element is its coefficients as base-p digits) modulo an
# irreducible polynomial (its coefficients below the leading one, lowest first).
_IRREDUCIBLE: dict[int, tuple[int, tuple[int, ...]]] = {
    4: (2, (1, 1)),  # x^2 + x + 1
    8: (2, (1, 1, 0)),  # x^3 + x + 1
    16: (2, (1, 1, 0, 0)),  # x^4 + x + 1
    32: (2, (1, 0, 1, 0, 0)),  # x^5 + x^2 + 1
    9: (3, (1, 0)),  # x^2 + 1
    27: (3, (1, 2, 0)),  # x^3 + 2x + 1
    25: (5, (3, 0)),  # x^2 + 3
    49: (7, (1, 0)),  # x^2 + 1
}
_TD_MOST = 64


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """GF(q)'s addition and multiplication tables, or None when q is no prime power we build (primes, and
    _IRREDUCIBLE's)."""
    if q in _IRREDUCIBLE:
        p, low = _IRREDUCIBLE[q]
        k = len(low)
    elif q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1)):
        p, low, k = q, (), 1
    else:
        return None

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(k)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * k - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % p
        for top in range(2 * k - 2, k - 1, -1):  # x^k = -(low), from the top down
            c, product[top] = product[top], 0
            for i, d in enumerate(low):
                product[top - k + i] = (product[top - k + i] - c * d) % p
        return number(product[:k])

    add = [
        [number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q)] for a in range(q)
    ]
    mul = [[times(a, b) for b in range(q)] for a in range(q)]
    return add, mul


def transversal_rounds(players: int) -> Rounds | None:
    """A resolvable transversal design for ``players = 4q`` (q a prime power, at least 4): point ``(g, x)`` (group g
    of 4, x in GF(q)) is ``g * q + x``; session ``r`` seats at table ``c`` the points ``(g, c + r e_g)`` for four
    distinct elements ``e_g``. Two points of different groups meet in the one session ``r = (x - y) / (e_g - e_h)``,
    two of one group never: ``q`` sessions, one more when ``q`` is a multiple of four (each group split into tables:
    its players had never met)."""
    q, rest = divmod(players, 4)
    if rest or q < 4 or q > _TD_MOST:
        return None
    field = _field(q)
    if field is None:
        return None
    add, mul = field
    rounds: Rounds = [
        [[g * q + add[c][mul[r][g]] for g in range(4)] for c in range(q)] for r in range(q)
    ]  # e_g = g: 0, 1, 2, 3 are distinct elements of GF(q)
    if q % 4 == 0:
        rounds.append([[g * q + x + i for i in range(4)] for g in range(4) for x in range(0, q, 4)])
    return rounds


# Six sessions of cube_rounds, each a vector (t_0, t_1, t_2, t_3) of Z_2^3 (an element is its three bits): the
# session's tables are {(g + t_a, a) : a = 0..3} for each g. They were found by a backtracking over such vectors in
# lexicographic order (t_0 = 0, each pair of classes meeting at six distinct differences t_a + t_b), checking the
# conditions of cube_rounds' other four sessions at each leaf: the first solution, after 99 nodes (0.05 s).
_CUBE_TRANSVERSALS = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 4), (0, 3, 4, 6), (0, 4, 1, 5), (0, 5, 7, 1))


def cube_rounds(players: int) -> Rounds | None:
    """Ten sessions for 32 players in which no pair meets twice, or None for any other field.

    Point ``(g, a)`` (``g`` in Z_2^3, class ``a`` in 0..3) is ``8 a + g``; every session is invariant under
    adding an element of Z_2^3 to every ``g``, so a pair of players in classes ``a``, ``b`` is known by its class
    pair and difference ``g_a + g_b``: 7 differences within a class, 8 between two classes. The sessions:

    * six "transversal" ones (:data:`_CUBE_TRANSVERSALS`): each pair of classes meets at six distinct differences;
    * three that pair the classes (01|23, 02|13, 03|12): classes ``a`` and ``b`` sit at the four tables
      ``{(g, a), (g + h, a), (g + d, b), (g + d + h, b)}``, where ``d`` and ``d + h`` are the two differences the
      transversal sessions left to ``a`` and ``b`` (``h`` their sum); this also meets difference ``h`` within
      both classes;
    * one splitting each class into the two cosets of a subgroup ``H_a`` of order four, meeting its three
      differences.

    The leave ``c`` (the difference never met within a class) is the sum of all 24 elements of the transversal
    vectors; class ``a`` must meet every difference but ``0`` and ``c`` exactly once, so ``H_a`` is ``{0}`` with
    the three differences its ``h`` leave (asserted: they must make a subgroup). Counting what each kind of session
    meets leaves three splits of the ten sessions, 8 + 0 + 2, 4 + 6 + 0 and this 6 + 3 + 1; the first needs two
    subgroups of order four meeting only in 0 and the second a leave of 0 (the sum of all of Z_2^3 is 0)."""
    if players != 32:
        return None
    pairs = list(itertools.combinations(range(4), 2))
    rounds: Rounds = [[[8 * a + (g ^ t[a]) for a in range(4)] for g in range(8)] for t in _CUBE_TRANSVERSALS]
    leave = 0
    for vector in _CUBE_TRANSVERSALS:
        for t in vector:
            leave ^= t
    twins: dict[tuple[int, int], tuple[int, int]] = {}  # (a, b) -> (d, h)
    for a, b in pairs:
        d, other = sorted(set(range(8)) - {t[a] ^ t[b] for t in _CUBE_TRANSVERSALS})
        twins[a, b] = (d, d ^ other)
    for (a, b), (c, e) in zip(pairs[:3], reversed(pairs[3:]), strict=True):  # 01|23, 02|13, 03|12
        tables: list[list[int]] = []
        for u, v in ((a, b), (c, e)):
            d, h = twins[u, v]
            tables.extend(
                [8 * u + g, 8 * u + (g ^ h), 8 * v + (g ^ d), 8 * v + (g ^ d ^ h)] for g in range(8) if g < g ^ h
            )
        rounds.append(tables)
    tables = []
    for a in range(4):
        subgroup = sorted(set(range(8)) - {leave} - {twins[pair][1] for pair in pairs if a in pair})
        assert len(subgroup) == 4 and subgroup[0] == 0 and subgroup[1] ^ subgroup[2] == subgroup[3]
        cosets = {tuple(sorted(g ^ x for x in subgroup)) for g in range(8)}
        tables.extend([8 * a + g for g in coset] for coset in sorted(cosets))
    rounds.append(tables)
    return rounds


def _generators(n: int, infinities: int, m: int) -> tuple[list[int], list[int], list[list[int]]]:
    """The session step ``sigma`` (x + 1), the symmetry ``mu`` and the tables fixed in session 0."""
    finite = 3 * n
    sigma = [(p // n) * n + (p % n + 1) % n for p in range(finite)] + list(range(finite, finite + infinities))
    mu = [((p // n + 1) % 3) * n + (m * (p % n)) % n for p in range(finite)]
    if infinities == 3:
        return sigma, [*mu, finite + 1, finite + 2, finite], []
    # one infinite point: fixed by mu, at a table with the orbit (0, *) in every session
    return sigma, [*mu, finite], [[finite, 0, n, 2 * n]]


def _powers(permutation: Sequence[int]) -> list[list[int]]:
    identity = list(range(len(permutation)))
    out = [identity]
    while True:
        step = [permutation[p] for p in out[-1]]
        if step == identity:
            return out
        out.append(step)


def _rounds_from(n: int, infinities: int, m: int, blocks: Sequence[Sequence[int]]) -> Rounds:
    """Session 0 (the fixed tables, each base table and its images under mu) moved on by ``sigma``, ``n`` times."""
    sigma, mu, fixed = _generators(n, infinities, m)
    mus = _powers(mu)
    base = [list(b) for b in fixed] + [[image[p] for p in block] for block in blocks for image in mus]
    rounds: Rounds = []
    step = list(range(len(sigma)))
    for _ in range(n):
        rounds.append([[step[p] for p in table] for table in base])
        step = [sigma[p] for p in step]
    return rounds


def search_base_blocks(
    n: int, infinities: int, m: int, rng: random.Random, *, nodes: int = _NODES
) -> tuple[tuple[int, ...], ...] | None:
    """Base tables for :func:`_rounds_from` in which no two pairs share an orbit, by backtracking (``nodes`` at
    most); None when none was found within them.

    A base table takes one point from each of four orbits of ``mu`` (its images under ``mu`` take the others);
    the first point of each table is the first free orbit's first point (tables are unordered, and a table and
    its images are one choice).
    """
    sigma, mu, fixed = _generators(n, infinities, m)
    size = len(sigma)
    mus = _powers(mu)
    group = [[s[p] for p in g] for s in _powers(sigma) for g in mus]  # sigma^t after mu^s
    full = len(group)
    orbit: dict[tuple[int, int], int] = {}
    regular: list[bool] = []
    for p, q in itertools.combinations(range(size), 2):
        if (p, q) in orbit:
            continue
        members = {(min(g[p], g[q]), max(g[p], g[q])) for g in group}
        for pair in members:
            orbit[pair] = len(regular)
        regular.append(len(members) == full)  # a pair some move keeps in place would meet again
    used: set[int] = set()
    taken: set[int] = set()
    for table in fixed:
        for p, q in itertools.combinations(table, 2):
            used.add(orbit[min(p, q), max(p, q)])
        taken.update(table)
    orbits: list[list[int]] = []
    for p in range(size):
        if p not in taken:
            images = sorted({g[p] for g in mus})
            taken.update(images)
            orbits.append(images)
    if len(orbits) % 4:
        return None
    of = {p: k for k, images in enumerate(orbits) for p in images}
    free = set(range(len(orbits)))
    tables: list[list[int]] = [[] for _ in range(len(orbits) // 4)]
    budget = [nodes]

    def place(t: int) -> bool:
        if t == len(tables):
            return True
        table = tables[t]
        if len(table) == 4:
            return place(t + 1)
        if table:
            candidates = [p for k in sorted(free) for p in orbits[k]]
            rng.shuffle(candidates)
        else:
            candidates = [orbits[min(free)][0]]
        for p in candidates:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            new: list[int] = []
            for q in table:
                o = orbit[min(p, q), max(p, q)]
                if not regular[o] or o in used or o in new:
                    break
                new.append(o)
            else:
                used.update(new)
                table.append(p)
                free.discard(of[p])
                if place(t):
                    return True
                table.pop()
                free.add(of[p])
                used.difference_update(new)
        return False

    if not place(0):
        return None
    return tuple(tuple(table) for table in tables)


def _shapes(players: int) -> list[tuple[int, int, int]]:
    """The (n, infinite points, m) that seat ``players``, the known first, then the non-trivial multipliers."""
    shapes: list[tuple[int, int, int]] = []
    for infinities, residue in ((1, 1), (3, 3)):
        n, rest = divmod(players - infinities, 3)
        if rest or n < 5 or n % 4 != residue:
            continue
        multipliers = [m for m in range(2, n) if pow(m, 3, n) == 1] + [1]
        shapes.extend((n, infinities, m) for m in multipliers)
    shapes.sort(key=lambda shape: shape not in _KNOWN)
    return shapes


def orbit_rounds(players: int, rng: random.Random) -> Rounds | None:
    """``n`` sessions for ``3n + 1`` or ``3n + 3`` players where no pair meets twice, or None when no shape fits or
    the search's budget found none."""
    for n, infinities, m in _shapes(players):
        blocks = _KNOWN.get((n, infinities, m))
        for _ in range(0 if blocks or players > _SEARCH_PLAYERS else _RESTARTS):
            blocks = search_base_blocks(n, infinities, m, rng)
            if blocks:
                break
        if blocks:
            return _rounds_from(n, infinities, m, blocks)
    return None


def perfect_rounds(players: int, rounds: int, rng: random.Random) -> Rounds | None:
    """Up to ``rounds`` sessions for ``players`` (a multiple of four) in which no pair meets twice, from the best
    construction there is (the most sessions), or None. Fewer sessions than asked when the construction gives
    fewer (24 players: 7 of 8); the caller searches the rest."""
    choices = perfect_round_choices(players, rounds, rng)
    return choices[0] if choices else None


def perfect_round_choices(players: int, rounds: int, rng: random.Random) -> list[Rounds]:
    """Every construction that seats ``players`` (up to ``rounds`` sessions each), the most sessions first: the
    caller takes the first whose points it can give its players (fixed tables)."""
    k = 1
    while 4**k < players and k < _AFFINE_MOST:
        k += 1
    if 4**k == players:  # everyone meets everyone: nothing gives more (and the orbits' search would take seconds)
        return [affine_rounds(k)[:rounds]]
    found = [each for each in (cube_rounds(players), orbit_rounds(players, rng), transversal_rounds(players)) if each]
    found.sort(key=len, reverse=True)
    return [each[:rounds] for each in found]


def repeat_pairs(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """How many pairs meet more than once in ``rounds``."""
    seen: set[tuple[int, int]] = set()
    again: set[tuple[int, int]] = set()
    for tables in rounds:
        for table in tables:
            for p, q in itertools.combinations(sorted(table), 2):
                (again if (p, q) in seen else seen).add((p, q))
    return len(again)
