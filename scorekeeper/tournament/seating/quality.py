"""How good a run of seatings is: repeat meetings and winds."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.tournament.seating.model import Seating

__all__ = ["COMMON_OPPONENTS_MOST", "SeatingQuality", "bye_spread", "moved_players", "seating_quality"]


# Common opponents are reckoned for fields up to this many players (every pair that never met is looked at: 2,000
# players are 2 million pairs, a second); past it the figure is left out (None).
COMMON_OPPONENTS_MOST = 2000


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatingQuality:
    """How good a run of seatings is.

    Attributes:
        repeat_pairs: pairs of players who met more than once.
        repeat_meetings: meetings beyond each pair's first.
        max_meetings: the most times one pair met.
        max_same_wind: the most times one player sat one wind.
        wind_spread: the largest difference, for one player, between their most and least sat wind.
        fewest_same_wind: the fewest times one player sat one wind (with ``max_same_wind``: winds per player,
            min-max).
        table_revisits: sittings at a table number the player had sat at before (issue 26's second quality).
        fewest_common_opponents: of the pairs who never met, the fewest opponents the two had in common (Martin
            Lester's criterion, SAT 2021: a pair that never meets is compared through common opponents); None when
            every pair met, or when not reckoned (``common_opponents`` off, or a field past
            ``COMMON_OPPONENTS_MOST``).
        apart_meetings: meetings of two players to be kept apart (one club, country or team; ``apart``).
        byes: byes per player (fewest, most) when someone sat out (:func:`bye_spread`), else None.
    """

    repeat_pairs: int
    repeat_meetings: int
    max_meetings: int
    max_same_wind: int
    wind_spread: int
    fewest_same_wind: int = 0
    table_revisits: int = 0
    fewest_common_opponents: int | None = None
    apart_meetings: int = 0
    byes: tuple[int, int] | None = None

    def to_json(self) -> dict[str, int | None]:
        """The figures by name (the CLI's ``seat --report --json``)."""
        return {
            "repeat_pairs": self.repeat_pairs,
            "repeat_meetings": self.repeat_meetings,
            "max_meetings": self.max_meetings,
            "winds_min": self.fewest_same_wind,
            "winds_max": self.max_same_wind,
            "wind_spread": self.wind_spread,
            "table_revisits": self.table_revisits,
            "fewest_common_opponents": self.fewest_common_opponents,
            "apart_meetings": self.apart_meetings,
            **({"byes_min": self.byes[0], "byes_max": self.byes[1]} if self.byes is not None else {}),
        }


def seating_quality(
    seatings: Iterable[Seating],
    *,
    ignore: Iterable[str] = (),
    common_opponents: bool = False,
    apart: Mapping[str, str] | None = None,
) -> SeatingQuality:
    """The quality of seatings played one after another; ``ignore`` names (substitutes) are left out.

    ``common_opponents``: reckon ``fewest_common_opponents`` (it looks at every pair that never met). ``apart``:
    each player's group (club, country or team); two players of one group meeting count in ``apart_meetings``.
    """
    seatings = tuple(seatings)
    skip = set(ignore)
    groups = apart or {}
    meetings: Counter[tuple[str, str]] = Counter()
    winds: dict[str, Counter[int]] = {}
    tables: dict[str, set[int]] = {}
    revisits = 0
    for seating in seatings:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                if name not in skip:
                    winds.setdefault(name, Counter())[wind] += 1
                    sat = tables.setdefault(name, set())
                    revisits += table.table in sat
                    sat.add(table.table)
            for a, b in itertools.combinations(sorted(n for n in table.seats if n not in skip), 2):
                meetings[a, b] += 1
    repeats = [count for count in meetings.values() if count > 1]
    apart_meetings = sum(
        count for (a, b), count in meetings.items() if groups.get(a) and groups.get(a) == groups.get(b)
    )
    return SeatingQuality(
        repeat_pairs=len(repeats),
        repeat_meetings=sum(count - 1 for count in repeats),
        max_meetings=max(meetings.values(), default=0),
        max_same_wind=max((max(c.values()) for c in winds.values()), default=0),
        wind_spread=max((max(c[w] for w in range(4)) - min(c[w] for w in range(4)) for c in winds.values()), default=0),
        fewest_same_wind=min((min(c[w] for w in range(4)) for c in winds.values()), default=0),
        table_revisits=revisits,
        fewest_common_opponents=_fewest_common(sorted(winds), meetings) if common_opponents else None,
        apart_meetings=apart_meetings,
        byes=bye_spread(seatings, ignore=skip) if any(s.byes for s in seatings) else None,
    )


def bye_spread(
    seatings: Iterable[Seating], players: Iterable[str] = (), *, ignore: Iterable[str] = ()
) -> tuple[int, int]:
    """Byes per player (fewest, most) over ``seatings``, counting everyone seated or on a bye there (and
    ``players``; ``ignore`` names, substitutes, left out); (0, 0) when nobody sat out."""
    skip = set(ignore)
    counts = dict.fromkeys(players, 0)
    for seating in seatings:
        for name in seating.names:
            counts.setdefault(name, 0)
        for name in seating.byes:
            counts[name] = counts.get(name, 0) + 1
    counts = {name: count for name, count in counts.items() if name not in skip}
    if not any(counts.values()):
        return 0, 0
    return min(counts.values()), max(counts.values())


def _fewest_common(names: list[str], meetings: Mapping[tuple[str, str], int]) -> int | None:
    """The fewest common opponents of a pair that never met (each player's opponents as a bit set)."""
    if len(names) > COMMON_OPPONENTS_MOST:
        return None
    index = {name: k for k, name in enumerate(names)}
    met = [0] * len(names)
    for a, b in meetings:
        met[index[a]] |= 1 << index[b]
        met[index[b]] |= 1 << index[a]
    fewest: int | None = None
    for i in range(len(names)):
        row, mine = met[i], met[i]
        for j in range(i + 1, len(names)):
            if not row >> j & 1:
                common = (mine & met[j]).bit_count()
                if fewest is None or common < fewest:
                    fewest = common
                    if not fewest:
                        return 0
    return fewest


def moved_players(before: Seating, after: Seating) -> int:
    """How many players of ``after`` sit elsewhere than in ``before`` (another table or wind, or not seated there)."""
    where = {name: (table.table, wind) for table in before.tables for wind, name in enumerate(table.seats)}
    return sum(
        where.get(name) != (table.table, wind) for table in after.tables for wind, name in enumerate(table.seats)
    )
