"""How good a run of seatings is: repeat meetings and winds."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.tournament.seating.model import Seating

__all__ = ["SeatingQuality", "seating_quality"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatingQuality:
    """How good a run of seatings is.

    Attributes:
        repeat_pairs: pairs of players who met more than once.
        repeat_meetings: meetings beyond each pair's first.
        max_meetings: the most times one pair met.
        max_same_wind: the most times one player sat one wind.
        wind_spread: the largest difference, for one player, between their most and least sat wind.
    """

    repeat_pairs: int
    repeat_meetings: int
    max_meetings: int
    max_same_wind: int
    wind_spread: int


def seating_quality(seatings: Iterable[Seating], *, ignore: Iterable[str] = ()) -> SeatingQuality:
    """The quality of seatings played one after another; ``ignore`` names (substitutes) are left out."""
    skip = set(ignore)
    meetings: Counter[tuple[str, str]] = Counter()
    winds: dict[str, Counter[int]] = {}
    for seating in seatings:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                if name not in skip:
                    winds.setdefault(name, Counter())[wind] += 1
            for a, b in itertools.combinations(sorted(n for n in table.seats if n not in skip), 2):
                meetings[a, b] += 1
    repeats = [count for count in meetings.values() if count > 1]
    return SeatingQuality(
        repeat_pairs=len(repeats),
        repeat_meetings=sum(count - 1 for count in repeats),
        max_meetings=max(meetings.values(), default=0),
        max_same_wind=max((max(c.values()) for c in winds.values()), default=0),
        wind_spread=max((max(c[w] for w in range(4)) - min(c[w] for w in range(4)) for c in winds.values()), default=0),
    )


# -- making a seating -------------------------------------------------------------------------------------------
