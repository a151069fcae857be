"""The seating methods: ``random``, ``auto`` (planned ahead, followed while the tournament keeps to the plan)
and ``swiss``."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from scorekeeper.errors import TournamentError
from scorekeeper.tournament.seating.bye_winds import even_bye_winds
from scorekeeper.tournament.seating.common import raise_common_opponents
from scorekeeper.tournament.seating.constructions import perfect_round_choices
from scorekeeper.tournament.seating.model import Seating, TableSeating, bye_table_order, is_bye_seat
from scorekeeper.tournament.seating.quality import seating_quality
from scorekeeper.tournament.seating.repair import evened, plan_cost, repaired_plan, wind_key
from scorekeeper.tournament.seating.search import (
    _PERMUTATIONS,
    _WIND_OVER_COST,
    _balance_winds,
    _even,
    _even_winds,
    _exact_winds,
    _spread_opponents,
    _wind_first,
    _wind_spread,
)

__all__ = ["PLAN_AHEAD", "seat_auto", "seat_random", "seat_swiss"]

#: The most sessions planned together. A league of 200 sessions planned at once took a minute at 300 players (the
#: search's steps grow with the sessions planned); planned 16 at a time, no call takes longer than a 16-session
#: tournament's first one (benchmarks/bench_seating.py). 16 is a multiple of four, so a block that keeps to its plan
#: leaves every player's winds exact; tournaments of up to 16 sessions are planned whole, as before.
PLAN_AHEAD = 16
# How many wind schedules a new plan after a drop-out tries before it keeps the tables found first (each try is one
# search of the tables, as long as the first; the winds given first rarely allow the fewest repeat meetings).
_WIND_FIRST_TRIES = 2
# ... and only up to this many tables (100 players): a small field is where a drop-out leaves winds uneven, and the
# tries would triple the time of a large field's new plan.
_WIND_FIRST_TABLES = 25
# ... and only for a plan of this many sessions at most: with few sessions left the winds of the sessions played
# weigh most and giving them first helps (21 players and 3 substitutes, one leaving after session 2 of 4, seeds 0-7:
# 26 players on a wind unevenly without the tries, 13 with them); over more sessions the search of tables and winds
# together does as well alone (41 players over 16 sessions, 61 over 8, 101 over 16: the same figures) and the tries
# took two thirds of the time (a 40-player drop-out in session 2 of 16: 2.5 s of CPU with them).
_WIND_FIRST_AHEAD = 4
# How many changes of two players' points a construction's seating tries to keep groups apart (_keep_apart).
_APART_STEPS = 20_000
# What a table number costs a group that may not take it (a fixed table's number; _numbered).
_FIXED_MISS = 1000
# The planned tables are numbered against table revisits up to this many tables (400 players): the numbering
# compares every two tables (2,000 players over 8 sessions took 1.8 s with it, 0.4 s without).
_RENUMBER_TABLES = 100
# A new plan is made close to the plan it replaces (repair.py) up to this many tables (400 players); past it the plan
# is made from scratch as before: the repair's wind pass compares every wind order of every table, and a drop-out
# that changed the tables of 10,000 players took 14.4 s of CPU with it, 5.5 s without (bench_seating.py).
_REPAIR_MOST_TABLES = 100


def _table_count(players: Sequence[str], substitutes: Sequence[str], fixed: Mapping[str, int]) -> int:
    if not players:
        raise TournamentError("nobody to seat: the tournament has no player left in this session")
    tables = math.ceil(len(players) / 4)
    need = tables * 4 - len(players)
    if need > len(substitutes):
        raise TournamentError(
            f"{len(players)} players need {need} substitute{'s' if need != 1 else ''} to make {tables} tables of "
            f"four, and {len(substitutes)} {'is' if len(substitutes) == 1 else 'are'} registered: add substitutes"
        )
    per_table = Counter(fixed.values())
    for name, table in fixed.items():
        if not 1 <= table <= tables:
            raise TournamentError(f"{name} has fixed table {table}, but this session has tables 1 to {tables}")
    full = [table for table, count in per_table.items() if count > 4]
    if full:
        raise TournamentError(f"more than four players have fixed table {full[0]}")
    return tables


def _roster(players: Sequence[str], substitutes: Sequence[str], fixed: Mapping[str, int]) -> tuple[list[str], int]:
    tables = _table_count(players, substitutes, fixed)
    return [*players, *substitutes[: tables * 4 - len(players)]], tables


def _fixed_in_play(fixed: Mapping[str, int], names: Sequence[str]) -> dict[str, int]:
    present = set(names)
    return {name: table for name, table in fixed.items() if name in present}


class _Costs:
    """The winds sat so far, and the cheapest way to give a table's four players the four winds (Swiss)."""

    def __init__(self, history: Iterable[Seating], sessions: int, session: int) -> None:
        self.winds: dict[str, list[int]] = {}
        for seating in history:
            for table in seating.tables:
                for wind, name in enumerate(table.seats):
                    self.winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
        # The goal so far: by session k nobody sits a wind more than ceil(k / 4) times, so the winds stay even
        # all along and the last sessions are not left with four players who all still need the same wind.
        self.limit = max(1, math.ceil(min(session, sessions) / 4))

    def wind_cost(self, name: str, wind: int) -> int:
        count = self.winds.get(name, (0, 0, 0, 0))[wind]
        return 2 * count + 1 + (_WIND_OVER_COST if count + 1 > self.limit else 0)

    def best_order(self, group: Sequence[str]) -> tuple[int, tuple[int, ...]]:
        """The cheapest wind order of a table: (cost, permutation giving each seat's index into ``group``)."""
        costs = [[self.wind_cost(name, wind) for wind in range(4)] for name in group]
        best = min(_PERMUTATIONS, key=lambda perm: sum(costs[perm[w]][w] for w in range(4)))
        return sum(costs[best[w]][w] for w in range(4)), best


def _layout(
    names: Sequence[str], tables: int, fixed: Mapping[str, int], rng: random.Random
) -> tuple[list[list[str]], set[tuple[int, int]]]:
    """A random split of ``names`` into tables, fixed players at their tables; also the pinned (table, slot)s."""
    groups: list[list[str]] = [[] for _ in range(tables)]
    pinned: set[tuple[int, int]] = set()
    for name, table in sorted(fixed.items(), key=lambda item: item[1]):
        pinned.add((table - 1, len(groups[table - 1])))
        groups[table - 1].append(name)
    free = [name for name in names if name not in fixed]
    rng.shuffle(free)
    for group in groups:
        while len(group) < 4:
            group.append(free.pop())
    return groups, pinned


def _ordered(session: int, groups: Sequence[Sequence[str]], costs: _Costs) -> Seating:
    tables = []
    for number, group in enumerate(groups, start=1):
        _, perm = costs.best_order(group)
        tables.append(TableSeating(number, (group[perm[0]], group[perm[1]], group[perm[2]], group[perm[3]])))
    return Seating(session=session, tables=tuple(tables))


def seat_random(
    session: int,
    players: Sequence[str],
    substitutes: Sequence[str] = (),
    *,
    fixed: Mapping[str, int] | None = None,
    seed: int | str = 0,
) -> Seating:
    """A random seating (the first session's): tables and winds shuffled; substitutes only to fill the last seats.

    Raises:
        TournamentError: when the players cannot make full tables with the substitutes there are, or a fixed table
            does not exist.
    """
    names, tables = _roster(players, substitutes, fixed or {})
    rng = random.Random(f"random:{seed}:{session}")
    groups, _ = _layout(names, tables, _fixed_in_play(fixed or {}, names), rng)
    out = []
    for number, group in enumerate(groups, start=1):
        order = list(group)
        rng.shuffle(order)
        out.append(TableSeating(number, (order[0], order[1], order[2], order[3])))
    return Seating(session=session, tables=tuple(out))


def seat_auto(
    session: int,
    players: Sequence[str],
    substitutes: Sequence[str] = (),
    *,
    history: Sequence[Seating] = (),
    sessions: int = 1,
    fixed: Mapping[str, int] | None = None,
    seed: int | str = 0,
    effort: float = 1.0,
    roster_at: Callable[[int], tuple[Sequence[str], Sequence[str]]] | None = None,
    apart: Mapping[str, str] | None = None,
    seeded: Iterable[str] = (),
) -> Seating:
    """A seating that avoids repeat opponents and balances winds given the earlier sessions' seatings.

    The sessions still to come are planned together, up to ``PLAN_AHEAD`` at a time (a session seated alone can
    leave the last sessions with no way out), and this session's part of the plan is returned; the next call plans
    again from what was played.

    Args:
        session: the session to seat (1-based).
        players: the ranked players in play.
        substitutes: the substitutes available, in the order they are called on.
        history: the seatings already played (any order).
        sessions: how many sessions the tournament has (sets the wind balance's goal).
        fixed: fixed tables for the players who need them.
        seed: makes the search reproducible.
        effort: scales the number of search steps.
        roster_at: the ranked players and substitutes of an earlier session (as ``players`` and ``substitutes``),
            so that after a drop-out the plan made before it can be found again and a substitute can take the
            leaver's place in it; without it a drop-out always plans again.
        apart: each player's group (club, country or team) whose players are kept apart as far as possible (a
            meeting of two of them costs as a repeat meeting; the quality report counts those left).
        seeded: players (invited professionals...) seated one per table as far as possible (as ``apart``).

    Raises:
        TournamentError: as :func:`seat_random`.
    """
    names, tables = _roster(players, substitutes, fixed or {})
    every_fixed = fixed or {}
    fixed = _fixed_in_play(every_fixed, names)
    played = tuple(sorted(history, key=lambda seating: seating.session))
    last = max(sessions, session)
    groups = _apart_groups(apart or {}, seeded)

    def new_plan(
        at: int, at_names: Sequence[str], at_tables: int, old: Sequence[Seating] | None = None
    ) -> tuple[Seating, ...]:
        """The plan made at session ``at`` from what was played before it (a plan set aside there), kept close to
        ``old`` (the sessions from ``at`` on of the plan it replaces) where that costs no repeat meeting or wind."""
        return _new_plan(
            tuple(at_names),
            tables=at_tables,
            fixed=tuple(sorted(_fixed_in_play(every_fixed, at_names).items())),
            sessions=sessions,
            start=at,
            history=played[: at - 1],
            seed=str(seed),
            effort=effort,
            apart=groups,
            old=tuple(old or ()),
        )

    def roster_of(at: int) -> tuple[list[str], int]:
        """Session ``at``'s roster and tables, or none when ``roster_at`` cannot give them."""
        if roster_at is None:
            return [], 0
        try:
            then_players, then_substitutes = roster_at(at)
            return _roster(then_players, then_substitutes, every_fixed)
        except TournamentError:
            return [], 0

    # Follow the plan while the tournament keeps to it. Planned as a whole, the winds can be balanced exactly: split
    # each player's sittings into sets of four and the players' sets and the tables make a regular bipartite
    # multigraph, which König's theorem splits into four perfect matchings, one per wind. A league of many sessions
    # is planned in blocks of PLAN_AHEAD sessions (a multiple of four, so each block's winds are exact too), each
    # from what was played before it: the time of a call no longer grows with the sessions. The first plan's first
    # session is a random draw (nothing has been played yet to steer it).
    if [s.session for s in played] == list(range(1, session)):
        start = (session - 1) // PLAN_AHEAD * PLAN_AHEAD + 1
        plan_names, plan_tables = (names, tables) if roster_at is None or start == session else roster_of(start)
        if plan_names:
            plan: tuple[Seating, ...] | None = _block_plan(
                tuple(plan_names),
                tables=plan_tables,
                fixed=tuple(sorted(_fixed_in_play(every_fixed, plan_names).items())),
                sessions=last,
                start=start,
                history=played[: start - 1],
                seed=str(seed),
                effort=effort,
                apart=groups,
            )
            origin = start
            # A session that left the plan in force (a drop-out that changed the tables, a substitute for whom
            # planning again did better, a Swiss or prescripted session) was seated from a new plan made there, or
            # not by `auto`; the sessions after it follow that new plan while they keep to it, as they follow the
            # block's. Before, each session after such a change was planned again on its own, so the winds a new plan
            # had evened over the sessions left were not kept (report-seating: 1-7 players on one wind twice).
            for at in range(start + 1, session) if roster_at is not None else ():
                done = played[origin - 1 : at]
                kept = plan is not None and len(plan) > len(done)
                if kept and plan is not None and _follows(plan[: len(done) + 1], done, names) is not None:
                    continue
                at_names, at_tables = roster_of(at)
                again = new_plan(at, at_names, at_tables, _rest(plan, at - origin)) if at_names else None
                plan, origin = (again, at) if again is not None and again[0] == played[at - 1] else (None, at)
            done = played[origin - 1 :]
            if plan is not None and len(plan) > len(done):
                if plan[: len(done)] == done and set(plan[len(done)].names) == set(names):
                    return plan[len(done)]
                renamed = _renamed(plan[: len(done) + 1], done, names, fixed)
                if renamed is not None:
                    # As good as the plan was for this session (a long tournament's plan may hold repeat meetings
                    # it cannot avoid): taken without planning again; else only if planning again does no better.
                    cost = _drawbacks(renamed, played, last, groups)
                    if cost <= _drawbacks(plan[len(done)], (*played[: origin - 1], *plan[: len(done)]), last, groups):
                        return renamed
                    again = new_plan(session, names, tables, plan[len(done) :])
                    if cost <= _drawbacks(again[0], played, last, groups):
                        return renamed
                    return again[0]
            # The plan in force is set aside here (a drop-out or a late arrival that changes the tables...): the new
            # plan stays as close to it as it can (repair.py).
            return new_plan(session, names, tables, _rest(plan, session - origin))[0]
    return new_plan(session, names, tables)[0]


def _rest(plan: Sequence[Seating] | None, played: int) -> Sequence[Seating]:
    """The sessions of ``plan`` after the first ``played`` (none when there is no plan in force)."""
    return plan[played:] if plan is not None else ()


def _apart_groups(apart: Mapping[str, str], seeded: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    """The groups of players to keep apart: each non-empty group of ``apart`` with two players or more, and the
    seeded players."""
    by_group: dict[str, list[str]] = {}
    for name, group in apart.items():
        if group:
            by_group.setdefault(group, []).append(name)
    out = [tuple(sorted(names)) for _, names in sorted(by_group.items()) if len(names) > 1]
    top = tuple(sorted(set(seeded)))
    return (*out, top) if len(top) > 1 else tuple(out)


def _follows(plan: Sequence[Seating], done: Sequence[Seating], present: Iterable[str]) -> dict[str, str] | None:
    """Who sat for whom when the sessions played kept to the plan but for players of the plan who are no longer in
    play (``present``) replaced by players the plan did not seat; None when they did not keep to it."""
    here = set(present)
    planned = {name for seating in plan for name in seating.names}
    taken: dict[str, str] = {}
    for ours, theirs in zip(plan, done, strict=False):
        if len(ours.tables) != len(theirs.tables):
            return None
        for mine, real in zip(ours.tables, theirs.tables, strict=True):
            for want, sat in zip(mine.seats, real.seats, strict=True):
                if want == sat:
                    continue
                if want in here or sat in planned or taken.setdefault(want, sat) != sat:
                    return None
    return taken


def _renamed(
    plan: Sequence[Seating], done: Sequence[Seating], names: Sequence[str], fixed: Mapping[str, int]
) -> Seating | None:
    """The plan's next session with substitutes in the seats of the players who left, if the sessions played so far
    kept to the plan but for such substitutions; else None.

    A substitute called in for a player who dropped out sits where the plan put the leaver, in every session left:
    the plan's winds were exact, so the substitute's are too, and nobody else moves (report-tourney: planning
    again after a drop-out left 4-8 of 19 players on one wind twice).
    """
    taken = _follows(plan, done, names)
    if taken is None:
        return None
    present = set(names)
    target = plan[len(done)]
    if len(target.tables) != math.ceil(len(names) / 4):
        return None
    planned = set(target.names)  # once: built per name, it made a 10,000-player drop-out take 8 s here
    gone = [name for name in target.names if name not in present]
    came = [name for name in names if name not in planned]
    if not gone or len(gone) != len(came):
        return None
    mapping = {old: new for old, new in taken.items() if old in gone and new in came}
    spare = iter(name for name in came if name not in mapping.values())
    for old in gone:
        if old not in mapping:
            mapping[old] = next(spare)
    tables = tuple(
        TableSeating(
            t.table,
            (
                mapping.get(t.seats[0], t.seats[0]),
                mapping.get(t.seats[1], t.seats[1]),
                mapping.get(t.seats[2], t.seats[2]),
                mapping.get(t.seats[3], t.seats[3]),
            ),
        )
        for t in target.tables
    )
    seating = Seating(session=target.session, tables=tables)
    for name, table in fixed.items():
        if name not in seating.table(table).seats:
            return None
    return seating


def _drawbacks(
    seating: Seating, played: Sequence[Seating], last: int, apart: Sequence[Sequence[str]] = ()
) -> tuple[int, int]:
    """What a session's seating costs after ``played``: repeat meetings and meetings of players kept apart
    (``apart``'s groups, each such meeting as a repeat), then sittings past the wind goal."""
    quality_before = seating_quality(played)
    quality_after = seating_quality((*played, seating))
    limit = max(1, math.ceil(last / 4))
    winds: Counter[tuple[str, int]] = Counter()
    for earlier in (*played, seating):
        for table in earlier.tables:
            for wind, name in enumerate(table.seats):
                winds[name, wind] += 1
    over = sum(max(0, winds[name, wind] - limit) for table in seating.tables for wind, name in enumerate(table.seats))
    member: dict[str, set[int]] = {}
    for g, group in enumerate(apart):
        for name in group:
            member.setdefault(name, set()).add(g)
    kept_apart = sum(
        len(member.get(a, set()) & member.get(b, set()))
        for table in seating.tables
        for a, b in itertools.combinations(table.seats, 2)
    )
    return quality_after.repeat_meetings - quality_before.repeat_meetings + kept_apart, over


@functools.lru_cache(maxsize=8)
def _block_plan(
    names: tuple[str, ...],
    *,
    tables: int,
    fixed: tuple[tuple[str, int], ...],
    sessions: int,
    start: int,
    history: tuple[Seating, ...],
    seed: str,
    effort: float,
    apart: tuple[tuple[str, ...], ...] = (),
) -> tuple[Seating, ...]:
    """Sessions ``start`` to the block's end, planned together after ``history`` (kept: the next session's call
    finds the same plan). The first block's seed is the one whole-tournament plans had, so tournaments of up to
    PLAN_AHEAD sessions seat as they always did."""
    return tuple(
        _plan(
            session=start,
            names=names,
            tables=tables,
            fixed=dict(fixed),
            history=history,
            sessions=min(sessions, start + PLAN_AHEAD - 1),
            seed=f"auto:{seed}:plan" if start == 1 else f"auto:{seed}:plan:{start}",
            effort=effort,
            exact=True,
            apart=apart,
        )
    )


@functools.lru_cache(maxsize=8)
def _new_plan(
    names: tuple[str, ...],
    *,
    tables: int,
    fixed: tuple[tuple[str, int], ...],
    sessions: int,
    start: int,
    history: tuple[Seating, ...],
    seed: str,
    effort: float,
    apart: tuple[tuple[str, ...], ...] = (),
    old: tuple[Seating, ...] = (),
) -> tuple[Seating, ...]:
    """The plan made at session ``start`` after ``history`` when the plan in force was set aside (kept: the next
    sessions' calls look for it to follow it).

    With ``old`` (the set-aside plan's sessions from ``start`` on), the plan is also made close to it
    (:func:`repaired_plan`: players keep their old tables and winds where they can), and that plan is taken unless
    the plan made from scratch has fewer repeat meetings (pairs kept apart counted as met), or as many and fewer
    pairs meeting again, or as many and more even winds (:func:`wind_key`). When the close plan meets nobody again
    and sits the winds evenly, nothing can do better and the plan from scratch is not made."""

    def scratch() -> list[Seating]:
        return _plan(
            session=start,
            names=names,
            tables=tables,
            fixed=dict(fixed),
            history=history,
            sessions=sessions,
            seed=f"auto:{seed}:{start}",
            effort=effort,
            apart=apart,
        )

    ahead = min(PLAN_AHEAD, max(1, sessions - start + 1))
    limit = max(1, math.ceil((start + ahead - 1) / 4))
    repaired = None
    if old and tables <= _REPAIR_MOST_TABLES:
        repaired = repaired_plan(
            old=old[:ahead],
            session=start,
            ahead=ahead,
            names=names,
            tables=tables,
            fixed=dict(fixed),
            history=history,
            limit=limit,
            seed=f"auto:{seed}:{start}",
            effort=effort,
            apart=apart,
        )
    if repaired is None:
        return tuple(scratch())
    close, cost, floor, homes = repaired
    key = wind_key(close, history, limit)
    if cost == floor and key == (0, 0):
        return _bye_tables_ordered(close)
    other = scratch()

    def pairs(plan: Sequence[Seating]) -> int:
        return seating_quality((*history, *plan)).repeat_pairs

    rival = (plan_cost(other, history, apart), pairs(other), wind_key(other, history, limit))
    if (cost, pairs(close)) <= rival[:2] and key > rival[2] and tables <= _WIND_FIRST_TABLES:
        # as good in meetings but less even in winds: searched again, tables and winds together (repair.evened;
        # only then, for it is the slowest step: 100 players over 8 sessions 3.0 s instead of 1.3 s when run always)
        close, cost = evened(
            close,
            cost,
            history=history,
            fixed=dict(fixed),
            limit=limit,
            seed=f"auto:{seed}:{start}",
            effort=effort,
            apart=apart,
            homes=homes,
        )
        key = wind_key(close, history, limit)
    if (cost, pairs(close), key) <= rival:
        return _bye_tables_ordered(close)
    return tuple(other)


def _bye_tables_ordered(plan: Sequence[Seating]) -> tuple[Seating, ...]:
    """``plan`` with the table of those who sit out in one order whatever its winds (seating/byes.py), as ``_plan``
    gives it."""
    return tuple(
        Seating(session=s.session, tables=tuple(TableSeating(t.table, bye_table_order(t.seats)) for t in s.tables))
        for s in plan
    )


def _unordered(session: int, groups: Sequence[Sequence[str]]) -> Seating:
    return Seating(
        session=session,
        tables=tuple(TableSeating(t, (g[0], g[1], g[2], g[3])) for t, g in enumerate(groups, start=1)),
    )


def _numbered(
    groups: list[list[str]], sat: Mapping[str, set[int]], fixed: Mapping[str, int] | None = None
) -> list[list[str]]:
    """``groups`` in the order of table numbers that seats the fewest players at a number they sat at before: each
    group at the free number its players sat at least (the groups that sat at the most numbers first), then two
    tables' numbers swapped while that seats fewer players again. A group holding a player with a fixed table
    takes that table's number (``fixed``: 1-based, one player per table), and no other group takes it."""
    count = len(groups)
    wanted = {number - 1 for number in (fixed or {}).values()}
    own = [next((fixed[name] - 1 for name in group if fixed and name in fixed), None) for group in groups]
    cost = [
        [
            sum(t in sat.get(name, ()) for name in group)
            + (_FIXED_MISS if (own[g] is not None and own[g] != t) or (own[g] is None and t in wanted) else 0)
            for t in range(count)
        ]
        for g, group in enumerate(groups)
    ]
    at: list[int] = [-1] * count  # group -> number
    free = set(range(count))
    for g in sorted(range(count), key=lambda g: (own[g] is None, -sum(len(sat.get(n, ())) for n in groups[g]))):
        at[g] = min(free, key=lambda t: (cost[g][t], t))
        free.discard(at[g])
    better = True
    while better:
        better = False
        for g, h in itertools.combinations(range(count), 2):
            if cost[g][at[h]] + cost[h][at[g]] < cost[g][at[g]] + cost[h][at[h]]:
                at[g], at[h] = at[h], at[g]
                better = True
    final: list[list[str]] = [[] for _ in range(count)]
    for g, t in enumerate(at):
        final[t] = groups[g]
    return final


def _renumbered(
    groups: list[list[list[str]]],
    orders: list[list[tuple[int, ...]]],
    history: Sequence[Seating],
    fixed: Mapping[str, int],
) -> None:
    """Number each planned session's tables against table revisits (``_numbered``, the table numbers sat in
    ``history`` and the sessions before counted), keeping fixed tables; the tables' wind orders move with them (in
    place). Only the numbers change: who meets whom and the winds stay."""
    sat: dict[str, set[int]] = {}
    for seating in history:
        for table in seating.tables:
            for name in table.seats:
                sat.setdefault(name, set()).add(table.table - 1)
    for k, session_groups in enumerate(groups):
        final = _numbered(session_groups, sat, fixed)
        index = {id(group): g for g, group in enumerate(session_groups)}
        orders[k] = [orders[k][index[id(group)]] for group in final]
        groups[k] = final
        for number, group in enumerate(final):
            for name in group:
                sat.setdefault(name, set()).add(number)


def _keep_apart(
    order: list[str], rounds: Sequence[Sequence[Sequence[int]]], apart: Sequence[Sequence[str]], rng: random.Random
) -> None:
    """Give the construction's points (``order[p]`` sits at point p) to the players so that players of one group
    meet as seldom as they can: two players change points while that seats no more of them together (in place).
    The construction's sessions meet nobody twice whoever sits where, so only the groups' meetings count."""
    meets: list[set[int]] = [set() for _ in order]
    for tables in rounds:
        for table in tables:
            for p, q in itertools.combinations(table, 2):
                meets[p].add(q)
                meets[q].add(p)
    at = {name: p for p, name in enumerate(order)}
    mates: dict[str, list[str]] = {}
    for group in apart:
        present = [name for name in group if name in at]
        for name in present:
            mates.setdefault(name, []).extend(other for other in present if other != name)

    def cost(name: str) -> int:
        here = meets[at[name]]
        return sum(at[other] in here for other in mates.get(name, ()))

    size = len(order)
    for _ in range(_APART_STEPS if mates else 0):
        p, q = rng.randrange(size), rng.randrange(size)
        a, b = order[p], order[q]
        if p == q or (a not in mates and b not in mates):
            continue
        before = cost(a) + cost(b)
        order[p], order[q], at[a], at[b] = b, a, q, p
        if cost(a) + cost(b) > before:
            order[p], order[q], at[a], at[b] = a, b, p, q


def _constructed(
    names: Sequence[str],
    ahead: int,
    rng: random.Random,
    apart: Sequence[Sequence[str]] = (),
    fixed: Mapping[str, int] | None = None,
) -> list[list[list[str]]]:
    """The first sessions of a plan from a construction where no pair meets twice (constructions.py), names given
    to its points at random, each session's tables numbered so that players sit at a table number again as seldom
    as the order allows (the search plans the sessions after them). Empty when no construction fits the field.

    Players with fixed tables (one a table) are kept apart like a club, and each session's table holding one takes
    its number. When two of them would still meet, the construction giving the next most sessions is tried (the
    10 sessions of 32 players keep only two players apart: everyone meets 30 of the other 31); empty when none is
    left (the search seats such a field)."""
    for rounds in perfect_round_choices(len(names), ahead, rng):
        out = _given(rounds, names, rng, apart, fixed)
        if out:
            return out
    return []


def _given(
    rounds: Sequence[Sequence[Sequence[int]]],
    names: Sequence[str],
    rng: random.Random,
    apart: Sequence[Sequence[str]],
    fixed: Mapping[str, int] | None,
) -> list[list[list[str]]]:
    """``rounds`` with names given to their points (_constructed), or empty when players with fixed tables meet."""
    order = list(names)
    rng.shuffle(order)
    pinned = tuple(sorted(fixed or {}))
    groups_apart = [*apart, pinned] if len(pinned) > 1 else list(apart)
    if groups_apart:
        _keep_apart(order, rounds, groups_apart, rng)
    sat: dict[str, set[int]] = {}
    out: list[list[list[str]]] = []
    for tables in rounds:
        groups = [[order[p] for p in table] for table in tables]
        final = _numbered(groups, sat, fixed)
        if any(name not in final[table - 1] for name, table in (fixed or {}).items()):
            return []
        for number, group in enumerate(final):
            for name in group:
                sat.setdefault(name, set()).add(number)
        out.append(final)
    return out


def _plan(
    *,
    session: int,
    names: Sequence[str],
    tables: int,
    fixed: Mapping[str, int],
    history: Sequence[Seating],
    sessions: int,
    seed: str,
    effort: float,
    exact: bool = False,
    apart: Sequence[Sequence[str]] = (),
) -> list[Seating]:
    """Seatings for sessions ``session`` to the last (at least one, at most ``PLAN_AHEAD``), planned together after
    ``history``. ``exact``: the winds of the planned sessions are made exact whenever every player's winds so far
    are (a block after a block that kept to its plan); otherwise they are balanced against the history."""
    rng = random.Random(seed)
    ahead = min(PLAN_AHEAD, max(1, sessions - session + 1))
    plan = [_layout(names, tables, fixed, rng) for _ in range(ahead)]
    built: list[list[list[str]]] = []
    if tables > 1 and not history and len(set(fixed.values())) == len(fixed):  # at most one fixed player a table
        built = _constructed(names, ahead, random.Random(f"{seed}:construction"), apart, fixed)
    groups = [*built, *(layout for layout, _ in plan[len(built) :])]
    cost = 0
    if tables > 1 and len(built) < ahead:
        # the sessions a construction gave are played sessions to the search of the rest
        before = (*history, *(_unordered(session + k, tables) for k, tables in enumerate(built)))
        cost = _spread_opponents(
            groups[len(built) :], [pinned for _, pinned in plan[len(built) :]], before, rng, effort, apart=apart
        )
    if not history or (exact and _even(history)):
        orders = _exact_winds(groups, rng)
    else:
        orders = _balance_winds(groups, history, session + ahead - 1, rng, effort)
        # After a drop-out (or a Swiss or prescripted session) the tables were found first and the winds fitted
        # to them, which left some players on one wind twice (report-tourney: 4-8 of 19). Up to 25 tables, search
        # again two ways: tables and winds together from the plan found (_even_winds), then the winds first, as
        # even as the history allows, and the tables keeping them (_wind_first). Each is taken when it costs no
        # more repeat meetings and sits the winds more evenly: opponents before winds (issue 13 names avoiding
        # repeat opponents first), so a player sits a wind twice only where evening it would make players meet
        # again (docs/tournament.md, "After a drop-out").
        straight: list[list[tuple[int, ...]]] = [[(0, 1, 2, 3)] * tables for _ in range(ahead)]
        searched = 1 < tables <= _WIND_FIRST_TABLES
        if searched and _wind_spread(groups, orders, history)[1] > 0:  # someone sits a wind two more than another
            even_groups, even_cost = _even_winds(
                groups,
                history,
                fixed=fixed,
                limit=max(1, math.ceil((session + ahead - 1) / 4)),
                rng=random.Random(f"{seed}:even"),
                effort=effort,
                apart=apart,
            )
            if (even_cost, _wind_spread(even_groups, straight, history)) <= (
                cost,
                _wind_spread(groups, orders, history),
            ):
                groups, orders, cost = even_groups, straight, even_cost
        uneven = _wind_spread(groups, orders, history)[1] > 0
        for attempt in range(_WIND_FIRST_TRIES if uneven and searched and ahead <= _WIND_FIRST_AHEAD else 0):
            other = _wind_first(
                names,
                tables=tables,
                fixed=fixed,
                history=history,
                ahead=ahead,
                rng=random.Random(f"{seed}:winds:{attempt}"),
                effort=effort,
                apart=apart,
            )
            if other is not None and other[1] <= cost:
                other_groups, other_cost = other
                if (other_cost, _wind_spread(other_groups, straight, history)) <= (
                    cost,
                    _wind_spread(groups, orders, history),
                ):
                    groups, orders = other_groups, straight
                break
    if not built and tables <= _RENUMBER_TABLES:  # a construction's sessions are numbered already
        _renumbered(groups, orders, history, fixed)
    # Last, common opponents (Lester's criterion): changes that keep everything above raise the fewest common
    # opponents of a pair that never meets (common.py; fields of up to 64 players).
    raise_common_opponents(
        groups, orders, history, fixed=fixed, apart=apart, rng=random.Random(f"{seed}:common"), effort=effort
    )
    # A bye is no wind (bye_winds.py): after the common opponents' changes, which may move a player to or from the
    # table of those who sit out; only winds within the tables that play move here.
    if any(is_bye_seat(name) for session_groups in groups for group in session_groups for name in group):
        even_bye_winds(groups, orders, history, random.Random(f"{seed}:byes"))  # a bye is no wind (bye_winds.py)
    return [
        Seating(
            session=session + k,
            tables=tuple(
                # the table of those who sit out in one order whatever its winds (seating/byes.py)
                TableSeating(
                    number, bye_table_order((group[order[0]], group[order[1]], group[order[2]], group[order[3]]))
                )
                for number, (group, order) in enumerate(zip(groups[k], orders[k], strict=True), start=1)
            ),
        )
        for k in range(ahead)
    ]


def seat_swiss(
    session: int,
    ranking: Sequence[str],
    substitutes: Sequence[str] = (),
    *,
    history: Sequence[Seating] = (),
    sessions: int = 1,
    fixed: Mapping[str, int] | None = None,
) -> Seating:
    """The Swiss seating: the players in standings order, four to a table (the top four at table 1...).

    Substitutes fill the last tables' seats. Winds are balanced within each table; a table holding a player with a
    fixed table takes that table's number.

    Raises:
        TournamentError: as :func:`seat_random`, or when two players with different fixed tables would share one.
    """
    names, tables = _roster(ranking, substitutes, fixed or {})
    fixed = _fixed_in_play(fixed or {}, names)
    groups = [names[4 * k : 4 * k + 4] for k in range(tables)]
    numbers: dict[int, int] = {}
    for index, group in enumerate(groups):
        wanted = {fixed[name] for name in group if name in fixed}
        if len(wanted) > 1:
            raise TournamentError(f"the Swiss seating puts players with fixed tables {sorted(wanted)} at one table")
        if wanted:
            numbers[index] = wanted.pop()
    free_numbers = iter(sorted(set(range(1, tables + 1)) - set(numbers.values())))
    for index in range(tables):
        if index not in numbers:
            numbers[index] = next(free_numbers)
    costs = _Costs(history, sessions, session)
    ordered = _ordered(session, groups, costs)
    return Seating(
        session=session,
        tables=tuple(TableSeating(numbers[k], t.seats) for k, t in enumerate(ordered.tables)),
    )


# -- CSV -------------------------------------------------------------------------------------------------------
