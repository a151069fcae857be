"""The Swiss seating's order that avoids rematches among near ranks (issue 23 item 4).

A Swiss last session seats the players by the standings, four to a table. Strictly by rank, the day's leaders
often meet again (14 repeat meetings in a 36-player field measured); what referees expect is the Swiss that keeps
near ranks together but swaps a player a few places down when the next in rank already met someone at the table.
:func:`swiss_order` makes that order; :func:`~scorekeeper.tournament.seating.seat_swiss` then seats it as it seats
the strict order (groups of four in order, substitutes and fixed tables as before), so strict rank order stays a
choice (``SeatingMethod.SWISS_STRICT``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.tournament.players import name_key
from scorekeeper.tournament.seating.model import Seating

__all__ = ["SWISS_WINDOW", "swiss_order", "swiss_repeats"]

#: How far down the ranking a table looks for a player who met none of it (the next SWISS_WINDOW still free): a
#: player moves at most that many places from where strict order puts them.
SWISS_WINDOW = 8


def _met(history: Iterable[Seating]) -> set[frozenset[str]]:
    met: set[frozenset[str]] = set()
    for seating in history:
        for table in seating.tables:
            keys = [name_key(n) for n in table.seats]
            met.update(frozenset((a, b)) for i, a in enumerate(keys) for b in keys[i + 1 :])
    return met


def swiss_repeats(
    order: Sequence[str], history: Iterable[Seating] = (), *, history_met: set[frozenset[str]] | None = None
) -> int:
    """How many pairs at the tables ``order`` makes (four in order) met at a table before (in ``history``, or the
    pairs ``history_met`` already gathered)."""
    met = history_met if history_met is not None else _met(history)
    keys = [name_key(n) for n in order]
    return sum(
        frozenset((group[i], b)) in met
        for start in range(0, len(keys) - len(keys) % 4, 4)
        for group in (keys[start : start + 4],)
        for i in range(4)
        for b in group[i + 1 :]
    )


def swiss_order(ranking: Sequence[str], history: Iterable[Seating], *, window: int = SWISS_WINDOW) -> tuple[str, ...]:
    """``ranking`` (best first) reordered so that each table of four, taken in order, holds as few players who met
    before as can be found among the next ``window`` in rank: the best free player heads each table, and each seat
    after goes to the nearest in rank with the fewest meetings with those already there; then players of tables at
    most two apart swap while a swap lowers their meetings. A greedy search, not an optimum: the last tables may
    keep a meeting or two that a wider search would avoid. Players beyond the last full table keep their order
    (substitutes join them)."""
    met = _met(history)
    rest = list(ranking)
    order: list[str] = []
    full = len(rest) - len(rest) % 4
    while len(order) < full:
        group = [rest.pop(0)]
        while len(group) < 4:
            keys = [name_key(n) for n in group]
            candidates = rest[:window]
            best = min(
                range(len(candidates)),
                key=lambda i: (sum(frozenset((name_key(candidates[i]), k)) in met for k in keys), i),
            )
            group.append(rest.pop(best))
        order.extend(group)
    tables = [order[k : k + 4] for k in range(0, full, 4)]
    _improve(tables, met)
    found = (*(name for table in tables for name in table), *rest)
    # Never more meetings than strict rank order has (a greedy search can, on an unlucky day).
    return found if swiss_repeats(found, history_met=met) <= swiss_repeats(ranking, history_met=met) else tuple(ranking)


def _improve(tables: list[list[str]], met: set[frozenset[str]]) -> None:
    """Swap players between tables at most two apart while a swap lowers the meetings of the two (the greedy's
    last tables take what is left; a swap with a near table mends most of it). Each table's head stays."""

    def repeats(table: Sequence[str]) -> int:
        keys = [name_key(n) for n in table]
        return sum(frozenset((a, b)) in met for i, a in enumerate(keys) for b in keys[i + 1 :])

    improved = True
    rounds = 0
    while improved and rounds < 50:
        improved = False
        rounds += 1
        for t in range(len(tables)):
            for u in range(t + 1, min(t + 3, len(tables))):
                before = repeats(tables[t]) + repeats(tables[u])
                if not before:
                    continue
                for i in range(1, 4):
                    for j in range(1, 4):
                        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
                        if repeats(tables[t]) + repeats(tables[u]) < before:
                            improved = True
                            before = repeats(tables[t]) + repeats(tables[u])
                        else:
                            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
