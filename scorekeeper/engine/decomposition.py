"""Family-neutral decomposition of concealed tiles into sets and a pair.

This module knows tiles and shapes, nothing of yaku, fu or points, so that every scoring family (riichi in
``scorekeeper.engine``, the classical Chinese system in ``scorekeeper.engine.classical``) can share it.

Tiles are given as **counts**: a sequence of 34 ints indexed by :class:`~scorekeeper.engine.tiles.TileKind`
(``counts[TileKind.P5]`` is the number of 5p). Red fives are just fives here.

A **set** is written as one int, a *set code*:

* ``k`` (0..33) is a triplet (pung) of kind ``k``;
* ``RUN + k`` (``RUN`` is 34, ``k`` a number tile whose number is at most 7) is a run (chow) ``k, k+1, k+2``.

Use :func:`is_run`, :func:`set_first` and :func:`set_kinds` rather than the arithmetic. Codes are plain ints so
that readings are cheap to build, hash and compare; :func:`format_set` writes one in mpsz for messages.

A **reading** is ``(pair, sets)``: the kind of the pair (an int 0..33) and the sets as a sorted tuple of set
codes. Every function returns each distinct reading exactly once.

API:

* :func:`decompose` -- every reading of counts into ``n`` sets and one pair (``n`` follows from the tile count:
  ``3n + 2`` tiles). This is the standard "four groups and a pair" shape for a closed hand, and the same with
  fewer sets when some sets were called (melds are not passed here).
* :func:`decompose_with_mask` -- the same, plus a bit mask of the kinds present, for fast tile-set tests.
* :func:`decompose_sets` -- every way to split counts into sets only, no pair (``3n`` tiles).
* :func:`is_complete` -- whether :func:`decompose` would find at least one reading (much faster).
* :func:`is_seven_pairs` -- seven pairs; by default seven *distinct* pairs (riichi; a family that lets four of a
  kind count as two pairs passes ``allow_four=True``).
* :func:`is_thirteen_orphans` -- one of each terminal and honour plus one more of them.
* :func:`completing_kinds` -- the kinds that would complete ``3n + 1`` counts into a standard shape (waits),
  not counting seven pairs or thirteen orphans, which callers test with the two predicates above.

Speed: each suit is decomposed on its own and the result cached by the suit's count tuple (the same counts in
another number suit share the search); a hand's readings are the product of its suits' readings. No objects are
built in the inner loops.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from scorekeeper.errors import InvalidHandError

__all__ = [
    "RUN",
    "Reading",
    "completing_kinds",
    "decompose",
    "decompose_sets",
    "decompose_with_mask",
    "format_set",
    "is_complete",
    "is_run",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "set_first",
    "set_kinds",
]

#: Offset of run codes: ``RUN + k`` is the run starting at kind ``k``.
RUN = 34

#: ``(pair kind, sorted set codes)``.
Reading = tuple[int, tuple[int, ...]]

_SUIT_LETTERS = "mpsz"
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def is_run(code: int) -> bool:
    """Whether a set code is a run (chow) rather than a triplet."""
    return code >= RUN


def set_first(code: int) -> int:
    """The lowest kind of a set: the triplet's kind, or the run's first kind."""
    return code - RUN if code >= RUN else code


def set_kinds(code: int) -> tuple[int, int, int]:
    """The three kinds a set is made of."""
    if code >= RUN:
        first = code - RUN
        return (first, first + 1, first + 2)
    return (code, code, code)


def format_set(code: int) -> str:
    """A set code in mpsz notation, e.g. ``123m`` or ``555z``."""
    kinds = set_kinds(code)
    return "".join(str(k % 9 + 1) for k in kinds) + _SUIT_LETTERS[kinds[0] // 9]


def _check_counts(counts: Sequence[int]) -> None:
    if len(counts) != 34:
        raise InvalidHandError(f"counts must have 34 slots (one per tile kind), got {len(counts)}")


def _search(counts: list[int], first: int, runs: bool, chosen: list[int], out: list[tuple[int, ...]]) -> None:
    """Every split into sets of ``counts`` (changed in place and restored), whose kinds below ``first`` are all
    used, each appended to ``out`` as ``chosen`` plus its sets: a triplet of the lowest kind left first, then a run
    starting there (the order :func:`decompose` has always given)."""
    size = len(counts)
    while first < size and not counts[first]:
        first += 1
    if first == size:
        out.append(tuple(chosen))
        return
    if counts[first] >= 3:
        counts[first] -= 3
        chosen.append(first)
        _search(counts, first, runs, chosen, out)
        chosen.pop()
        counts[first] += 3
    if runs and first + 2 < size and counts[first + 1] and counts[first + 2]:
        counts[first] -= 1
        counts[first + 1] -= 1
        counts[first + 2] -= 1
        chosen.append(RUN + first)
        _search(counts, first, runs, chosen, out)
        chosen.pop()
        counts[first] += 1
        counts[first + 1] += 1
        counts[first + 2] += 1


# The splits into sets of a run of counts, by those counts (a number suit's and the honours' apart: honours make no
# runs), with set codes as if the counts began at kind 0: the same counts elsewhere are the same splits, each code
# plus the kind where they begin (a triplet's ``k`` and a run's ``RUN + k`` alike).
_SPLITS: tuple[dict[tuple[int, ...], tuple[tuple[int, ...], ...]], ...] = ({}, {})


def _splits(counts: tuple[int, ...], runs: bool) -> tuple[tuple[int, ...], ...]:
    cache = _SPLITS[runs]
    splits = cache.get(counts)
    if splits is None:
        out: list[tuple[int, ...]] = []
        _search(list(counts), 0, runs, [], out)
        # The search can reach one split twice (77789: the triplet of 7 then 789, or 789 then the triplet);
        # each is kept once, where it was first found.
        seen: set[tuple[int, ...]] = set()
        unique: list[tuple[int, ...]] = []
        for split in out:
            key = tuple(sorted(split))
            if key not in seen:
                seen.add(key)
                unique.append(split)
        splits = cache[counts] = tuple(unique)
    return splits


def _suit_sets(counts: tuple[int, ...], base: int) -> tuple[tuple[int, ...], ...]:
    """Every split of one suit's counts into sets only (codes offset by ``base``), each once."""
    splits = _splits(counts, base < 27)
    if not base:
        return splits
    return tuple([tuple([base + code for code in split]) for split in splits])


_SuitInfo = tuple[int, tuple[tuple[int, ...], ...], tuple[Reading, ...], int, int, tuple[int, ...]]
_SUIT_CACHES: tuple[dict[tuple[int, ...], _SuitInfo], ...] = ({}, {}, {}, {})
# A suit's part in a whole hand, as a number that adds up over the four suits (see decompose_with_mask): one way
# into sets, several ways into sets, the suit that holds the pair, or no way at all.
_SINGLE, _SEVERAL, _PAIRED, _DEAD = 0, 1, 10, 100
# What a shape allows (as _suit_info's answer, codes from kind 0), by its counts from its first held kind to its
# last, a number suit's and the honours' apart: a shape met in several suits or places is worked out once.
_SHAPES: tuple[dict[tuple[int, ...], _SuitInfo], ...] = ({}, {})


def _shape_info(shape: tuple[int, ...], runs: bool) -> _SuitInfo:
    remainder = sum(shape) % 3
    sets = _splits(shape, runs) if remainder == 0 else ()
    pairs: list[Reading] = []
    if remainder == 2:
        rest = list(shape)
        for kind, count in enumerate(shape):
            if count >= 2:
                rest[kind] -= 2
                for split in _splits(tuple(rest), runs):
                    pairs.append((kind, split))
                rest[kind] += 2
    mask = 0
    for kind, count in enumerate(shape):
        if count:
            mask |= 1 << kind
    if remainder == 2:
        status = _PAIRED if pairs else _DEAD
    elif remainder == 1 or not sets:
        status = _DEAD
    else:
        status = _SINGLE if len(sets) == 1 else _SEVERAL
    info = (remainder, sets, tuple(pairs), mask, status, sets[0] if status == _SINGLE else ())
    _SHAPES[runs][shape] = info
    return info


def _suit_info(index: int, suit: tuple[int, ...]) -> _SuitInfo:
    """What a suit's counts allow, cached per suit (a dict lookup on the count tuple is the whole cost of a known
    suit): the count modulo 3, the sets-only splits, the pair-plus-sets splits, the bits of the kinds held, the
    suit's status (``_SINGLE``, ``_SEVERAL``, ``_PAIRED`` or ``_DEAD``), and its one split when it has only one.

    A new suit is its shape (the counts from its first held kind to its last) moved to where it lies: the first
    pass over many new hands meets each suit's counts once, and filling this table was the largest part of what a
    first pass costs more than a later one (issue 15).
    """
    cache = _SUIT_CACHES[index]
    info = cache.get(suit)
    if info is None:
        first, end = 0, len(suit)
        while first < end and not suit[first]:
            first += 1
        while end > first and not suit[end - 1]:
            end -= 1
        shape = suit[first:end]
        runs = index < 3
        info = _SHAPES[runs].get(shape) or _shape_info(shape, runs)
        shift = 9 * index + first
        if shift:
            # Loops and a C-level map: each comprehension would be a function call on 3.11, and this runs for
            # every new suit of a first pass (issue 15).
            remainder, sets, pairs, mask, status, single = info
            add = shift.__add__
            shifted_sets = []
            for split in sets:
                shifted_sets.append(tuple(map(add, split)))
            shifted_pairs = []
            for pair, split in pairs:
                shifted_pairs.append((shift + pair, tuple(map(add, split))))
            shifted_single = tuple(map(add, single))
            info = (remainder, tuple(shifted_sets), tuple(shifted_pairs), mask << shift, status, shifted_single)
        cache[suit] = info
    return info


def decompose(counts: Sequence[int]) -> tuple[Reading, ...]:
    """Every reading of ``counts`` as sets plus exactly one pair.

    Args:
        counts: 34 counts, totalling ``3n + 2`` for some ``n >= 0``.

    Returns:
        The distinct readings (possibly none), each ``(pair kind, sorted set codes)``.

    Raises:
        InvalidHandError: if ``counts`` does not have 34 slots.
    """
    return decompose_with_mask(counts)[0]


def decompose_with_mask(counts: Sequence[int]) -> tuple[tuple[Reading, ...], int]:
    """:func:`decompose`, plus a bit mask of the kinds present (bit ``k`` set when ``counts[k] > 0``).

    The mask comes free from the per-suit cache; scorers use it to test tile-set conditions (all simples, one
    suit, all honours...) with one ``&``.

    Raises:
        InvalidHandError: if ``counts`` does not have 34 slots.
    """
    if len(counts) != 34:
        _check_counts(counts)
    counts = tuple(counts)
    caches = _SUIT_CACHES
    m = caches[0].get(counts[0:9]) or _suit_info(0, counts[0:9])
    p = caches[1].get(counts[9:18]) or _suit_info(1, counts[9:18])
    s = caches[2].get(counts[18:27]) or _suit_info(2, counts[18:27])
    z = caches[3].get(counts[27:34]) or _suit_info(3, counts[27:34])
    mask = m[3] | p[3] | s[3] | z[3]
    status = m[4] + p[4] + s[4] + z[4]
    if status == _PAIRED:
        # The common case: one suit holds the pair, the others split into sets one way each. Only the paired
        # suit has pair splits and only the others have a single split, so plain sums pick them.
        rest = m[5] + p[5] + s[5] + z[5]
        paired = m[2] or p[2] or s[2] or z[2]
        joined: list[Reading] = []  # a loop, not a comprehension: on Python 3.11 that would be one more call
        for pair, pair_sets in paired:
            joined.append((pair, tuple(sorted(pair_sets + rest))))
        return tuple(joined), mask
    if status >= _DEAD or status // _PAIRED != 1:
        return (), mask
    pair_options: tuple[Reading, ...] = ()
    parts: list[tuple[tuple[int, ...], ...]] = []
    for _, sets, pairs, _, _, _ in (m, p, s, z):
        if pairs:
            pair_options = pairs
        else:
            parts.append(sets)
    a, b, c = parts
    readings: list[Reading] = []
    for pair, pair_sets in pair_options:
        for x, y, z_sets in itertools.product(a, b, c):
            readings.append((pair, tuple(sorted(pair_sets + x + y + z_sets))))
    return tuple(readings), mask


def decompose_sets(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every split of ``counts`` into sets only, no pair (each a sorted tuple of set codes).

    Raises:
        InvalidHandError: if ``counts`` does not have 34 slots.
    """
    _check_counts(counts)
    counts = tuple(counts)
    parts = []
    for index, suit in enumerate((counts[0:9], counts[9:18], counts[18:27], counts[27:34])):
        options = _suit_sets(suit, 9 * index)
        if not options:
            return ()
        parts.append(options)
    return tuple(tuple(sorted(a + b + c + d)) for a, b, c, d in itertools.product(*parts))


def is_complete(counts: Sequence[int]) -> bool:
    """Whether ``counts`` splits into sets plus exactly one pair (the standard shape).

    Raises:
        InvalidHandError: if ``counts`` does not have 34 slots.
    """
    if len(counts) != 34:
        _check_counts(counts)
    counts = tuple(counts)
    pair_seen = False
    for index, suit in enumerate((counts[0:9], counts[9:18], counts[18:27], counts[27:34])):
        remainder, sets, pairs, _, _, _ = _suit_info(index, suit)
        if remainder == 2:
            if pair_seen or not pairs:
                return False
            pair_seen = True
        elif remainder == 1 or not sets:
            return False
    return pair_seen


def is_seven_pairs(counts: Sequence[int], *, allow_four: bool = False) -> bool:
    """Whether ``counts`` is seven pairs (14 tiles).

    Args:
        counts: 34 counts.
        allow_four: let four of a kind count as two pairs (some classical rules); riichi rules do not.
    """
    _check_counts(counts)
    if sum(counts) != 14:
        return False
    if allow_four:
        return all(c in (0, 2, 4) for c in counts)
    return all(c in (0, 2) for c in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """Whether ``counts`` is one of each terminal and honour plus a second of one of them (14 tiles)."""
    _check_counts(counts)
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in _ORPHANS) and sum(counts[k] for k in _ORPHANS) == 14


def completing_kinds(counts: Sequence[int]) -> tuple[int, ...]:
    """The kinds that, added once, make ``counts`` (``3n + 1`` tiles) a standard complete shape.

    A kind already held four times is still listed if it would complete the shape: whether a fifth copy
    exists is the caller's concern (it depends on melds too).

    Raises:
        InvalidHandError: if ``counts`` does not have 34 slots.
    """
    _check_counts(counts)
    work = list(counts)
    out = []
    for kind in range(34):
        # A useful tile is either held already or next to a held tile of the same suit.
        if not work[kind]:
            if kind >= 27:
                continue
            pos = kind % 9
            near = (pos > 0 and work[kind - 1]) or (pos < 8 and work[kind + 1])
            near = near or (pos > 1 and work[kind - 2]) or (pos < 7 and work[kind + 2])
            if not near:
                continue
        work[kind] += 1
        if is_complete(work):
            out.append(kind)
        work[kind] -= 1
    return tuple(out)
