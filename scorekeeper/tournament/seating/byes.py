"""Byes: a field that is not a multiple of four seats as many full tables as it can, and the rest sit out.

Who sits out rotates: a session's byes go to the players who have sat out fewest sessions so far (a session before a
late player came counts as sat out), so nobody sits out twice before everyone has once; players with a fixed table
and seeded players sit out only when everyone else has sat out more (unavoidable); ties are drawn from the seed.

The automatic seating plans the byes with the tables: the field is made up to a multiple of four with stand-in seats
(``model.bye_seat``) held to one table, and whoever the plan seats there sits out. The search already spreads
meetings, so it spreads the byes (sitting out twice is meeting the stand-ins twice); it plans the winds with the bye
as a sitting, so the seated sessions' winds stay as even as the sessions sat allow; and a construction where no pair
meets twice still applies when one stand-in is needed. What the plan gives is then held to the rotation above (a
player the plan would sit out too soon changes places with one whose turn it is), so the rule holds whatever the
search found.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from scorekeeper.errors import TournamentError
from scorekeeper.tournament.seating.methods import seat_auto
from scorekeeper.tournament.seating.model import Seating, TableSeating, bye_seat, is_bye_seat
from scorekeeper.tournament.seating.quality import bye_spread

__all__ = ["bye_spread", "choose_byes", "sat_out", "seat_with_byes", "split_byes"]


def split_byes(players: Sequence[str]) -> tuple[int, int]:
    """How many full tables ``players`` make and how many sit out.

    Raises:
        TournamentError: for fewer than four players.
    """
    if len(players) < 4:
        raise TournamentError(f"{len(players)} players cannot make a table of four")
    return divmod(len(players), 4)


def sat_out(players: Iterable[str], history: Iterable[Seating]) -> dict[str, int]:
    """How many of the seatings in ``history`` each of ``players`` was not seated in (a bye, or not yet come)."""
    counts = dict.fromkeys(players, 0)
    for seating in history:
        seated = set(seating.names)
        for name in counts:
            counts[name] += name not in seated
    return counts


def _turn(
    sat: Mapping[str, int], protected: Collection[str], rng_key: Mapping[str, float]
) -> Callable[[str], tuple[bool, int, float]]:
    """Whose turn to sit out comes first: the unprotected, then the fewest sessions sat out, then the seed's draw."""
    return lambda name: (name in protected, sat.get(name, 0), rng_key[name])


def _draw(players: Sequence[str], seed: int | str, session: int) -> dict[str, float]:
    rng = random.Random(f"byes:{seed}:{session}")
    return {name: rng.random() for name in players}


def choose_byes(
    session: int,
    players: Sequence[str],
    *,
    sat: Mapping[str, int],
    protected: Collection[str] = (),
    seed: int | str = 0,
) -> tuple[str, ...]:
    """Who sits out ``session``: ``len(players) % 4`` players whose turn it is (:func:`sat_out` counts; players in
    ``protected``, fixed tables and seeded players, last; ties drawn from the seed).

    Raises:
        TournamentError: for fewer than four players.
    """
    _, out = split_byes(players)
    key = _turn(sat, protected, _draw(players, seed, session))
    return tuple(sorted(players, key=key)[:out])


def _with_bye_table(seating: Seating) -> Seating:
    """A played seating as the plan saw it: those who sat out at one more table, with stand-ins in the empty seats."""
    if not seating.byes:
        return seating
    seats = (*seating.byes, *(bye_seat(k) for k in range(1, 5 - len(seating.byes))))
    table = TableSeating(len(seating.tables) + 1, (seats[0], seats[1], seats[2], seats[3]))
    return Seating(session=seating.session, tables=(*seating.tables, table))


def _stand_ins(count: int) -> list[str]:
    return [bye_seat(k) for k in range(1, (4 - count % 4) % 4 + 1)]


def seat_with_byes(
    session: int,
    players: Sequence[str],
    *,
    history: Sequence[Seating] = (),
    sessions: int = 1,
    fixed: Mapping[str, int] | None = None,
    seed: int | str = 0,
    effort: float = 1.0,
    roster_at: Callable[[int], Sequence[str]] | None = None,
    apart: Mapping[str, str] | None = None,
    seeded: Iterable[str] = (),
) -> Seating:
    """The automatic seating (:func:`~scorekeeper.tournament.seating.methods.seat_auto`) of a field that is not a
    multiple of four: as many full tables as ``players`` make, the rest on a bye (the seating's ``byes``).

    Args:
        session: the session to seat.
        players: the ranked players in play.
        history: the seatings played (with their byes).
        sessions: how many sessions the tournament has.
        fixed: fixed tables (within the full tables); their players sit out only when unavoidable.
        seed: makes the seating reproducible.
        effort: scales the search.
        roster_at: the ranked players of an earlier session, so a plan made then is followed.
        apart: as ``seat_auto``.
        seeded: seeded players: one per table as ``seat_auto``, and on a bye only when unavoidable.

    Raises:
        TournamentError: for fewer than four players or a fixed table past the full tables.
    """
    tables, _ = split_byes(players)
    every_fixed = dict(fixed or {})
    for name, table in every_fixed.items():
        if name in players and not 1 <= table <= tables:
            raise TournamentError(f"{name} has fixed table {table}, but this session has tables 1 to {tables}")
    stand_ins = _stand_ins(len(players))
    top = frozenset(seeded)
    inner_fixed = {**every_fixed, **dict.fromkeys(stand_ins, tables + 1)}
    played = [_with_bye_table(seating) for seating in history]

    def inner_roster(at: int) -> tuple[Sequence[str], Sequence[str]]:
        assert roster_at is not None
        then = list(roster_at(at))
        return [*then, *_stand_ins(len(then))], ()

    planned = seat_auto(
        session,
        [*players, *stand_ins],
        history=played,
        sessions=sessions,
        fixed=inner_fixed,
        seed=seed,
        effort=effort,
        roster_at=inner_roster if roster_at is not None else None,
        apart=apart,
        seeded=top,
    )
    if not stand_ins:
        return planned
    out = planned.table(tables + 1)  # the stand-ins' fixed table
    byes = [name for name in out.seats if not is_bye_seat(name)]
    full = [list(t.seats) for t in planned.tables[:tables]]
    # Held to the rotation: a player on a bye whose turn has not come changes places with the player whose turn it
    # is (the search makes this rare: sitting out again is meeting the stand-ins again).
    key = _turn(sat_out(players, history), {*every_fixed, *top}, _draw(players, seed, session))
    for k, name in enumerate(byes):
        seated = [p for group in full for p in group if p not in every_fixed]
        due = min(seated, key=key, default=None)
        if due is not None and key(due)[:2] < key(name)[:2]:  # (protected, sat out): the draw decides no swap
            group = next(g for g in full if due in g)
            group[group.index(due)] = name
            byes[k] = due
    return Seating(
        session=session,
        tables=tuple(TableSeating(n, (g[0], g[1], g[2], g[3])) for n, g in enumerate(full, start=1)),
        byes=tuple(byes),
    )
