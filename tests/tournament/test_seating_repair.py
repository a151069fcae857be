"""Seating after a drop-out, a late arrival or a substitute (issue 26): the sessions played stay, the sessions to
come move as few players as they can, and the constraints of the first plan are kept."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.referee import Referee
from scorekeeper.tournament import (
    Player,
    Seating,
    SeatingMethod,
    ShortField,
    TournamentSettings,
    moved_players,
    seat_auto,
    seating_quality,
)
from scorekeeper.tournament.seating.search import _two_below
from tests.tournament.builders import names


def _club_event_with_a_drop_out(seed: int, clubs: Mapping[str, str]) -> tuple[list[Seating], tuple[str, ...]]:
    """21 players and three substitutes over 4 sessions, the 6th leaving after session 2 (one table fewer)."""
    players = names(21)
    left = players[:5] + players[6:]
    substitutes = names(3, "Sub")

    def roster_at(session: int) -> tuple[Sequence[str], Sequence[str]]:
        return (players if session <= 2 else left), substitutes

    history: list[Seating] = []
    for session in range(1, 5):
        playing, subs = roster_at(session)
        history.append(
            seat_auto(session, playing, subs, history=history, sessions=4, seed=seed, roster_at=roster_at, apart=clubs)
        )
    return history, substitutes


@pytest.mark.parametrize("seed", range(4))
def test_a_club_event_with_a_drop_out_after_session_2_keeps_the_clubs_apart_as_before(seed: int) -> None:
    # The new plan made at the drop-out searched its winds (_even_winds, _wind_first) without the clubs: 4-10
    # meetings of club-mates in sessions 3 and 4 where sessions 1 and 2 had none. Every step of a new plan now
    # counts a club meeting as a repeat meeting, as the first plan does.
    clubs = {name: f"club {k % 7}" for k, name in enumerate(names(21))}
    history, substitutes = _club_event_with_a_drop_out(seed, clubs)
    before = seating_quality(history[:2], apart=clubs, ignore=substitutes)
    after = seating_quality(history, apart=clubs, ignore=substitutes)
    assert before.apart_meetings == after.apart_meetings == 0


def _first_plan(count: int, sessions: int, seed: int) -> list[Seating]:
    """Every session of ``count`` players seated by ``auto`` with nobody leaving: the plan in force."""
    players = names(count)
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=seed))
    return history


def _seated_with(
    players: Sequence[str], later: Sequence[str], sessions: int, after: int, seed: int, substitutes: Sequence[str] = ()
) -> list[Seating]:
    """Every session seated by ``auto``: ``players`` up to session ``after``, ``later`` from then on."""

    def roster_at(session: int) -> tuple[Sequence[str], Sequence[str]]:
        return (players if session <= after else later), substitutes

    history: list[Seating] = []
    for session in range(1, sessions + 1):
        playing, subs = roster_at(session)
        history.append(
            seat_auto(session, playing, subs, history=history, sessions=sessions, seed=seed, roster_at=roster_at)
        )
    return history


def _at_another_table(before: Seating, after: Seating) -> set[str]:
    """The players of ``before`` who sit at another table number in ``after`` (or not at all)."""
    where = {name: table.table for table in after.tables for name in table.seats}
    return {name for table in before.tables for name in table.seats if where.get(name) != table.table}


@pytest.mark.parametrize("seed", range(3))
def test_four_players_of_one_table_leaving_a_32_player_field_move_nobody_else(seed: int) -> None:
    # 32 players over 2 sessions; the four who sit at table 8 of session 2 in the plan leave after session 1 and no
    # substitute is taken (28 play at 7 tables). By hand: the plan's session 2 without table 8 seats the 28 at
    # tables 1-7, nobody meeting anyone again (the plan had no repeat), so the repair keeps it: nobody moves.
    # Planned from scratch, 24-27 of the 28 sat elsewhere.
    plan = _first_plan(32, 2, seed)
    leavers = set(plan[1].table(8).seats)
    later = [name for name in names(32) if name not in leavers]
    history = _seated_with(names(32), later, 2, 1, seed)
    assert history[0] == plan[0]  # the session played stays
    assert moved_players(plan[1], history[1]) == 0
    assert history[1].tables == plan[1].tables[:7]


@pytest.mark.parametrize("seed", range(3))
def test_four_players_of_table_3_leaving_move_only_table_8_to_its_number(seed: int) -> None:
    # As above, but the four of table 3 leave: a table fewer, so the last table's players take number 3, in the
    # same winds (by hand: 4 players at another table number, no pair meets again, nobody else moves).
    plan = _first_plan(32, 2, seed)
    leavers = set(plan[1].table(3).seats)
    later = [name for name in names(32) if name not in leavers]
    history = _seated_with(names(32), later, 2, 1, seed)
    assert moved_players(plan[1], history[1]) == 4
    assert history[1].table(3).seats == plan[1].table(8).seats
    assert seating_quality(history).repeat_pairs == 0


@pytest.mark.parametrize("seed", range(6))
def test_a_late_arrival_growing_28_to_32_moves_three_players(seed: int) -> None:
    # 28 players over 3 sessions; four late players join from session 2 (8 tables). By hand: the four newcomers
    # have met nobody, so they can sit together at table 8 once while the 28 keep their planned seats; but not in
    # both sessions, so in one of them three newcomers go to three other tables and the three players they replace
    # sit at table 8: at least 3 of the 28 sit at another table than planned, over sessions 2 and 3. The repair
    # reaches that bound, meets nobody twice and sits nobody on a wind twice; planned from scratch, 22-28 of the 28
    # sat elsewhere in each session.
    plan = _first_plan(28, 3, seed)
    later = [*names(28), *names(4, "Late")]
    history = _seated_with(names(28), later, 3, 1, seed)
    assert history[0] == plan[0]
    assert len(_at_another_table(plan[1], history[1])) + len(_at_another_table(plan[2], history[2])) == 3
    quality = seating_quality(history)
    assert (quality.repeat_pairs, quality.max_same_wind) == (0, 1)


def test_a_substitute_for_a_drop_out_moves_one_player_as_before() -> None:
    # A substitute takes the leaver's planned seats (issue 26's "1 moves"): the substitute is the only one
    # seated elsewhere than the plan said, in every session left.
    plan = _first_plan(32, 4, 0)
    later = [name for name in names(32) if name != "P007"]
    history = _seated_with(names(32), later, 4, 2, 0, substitutes=("Sub001",))
    for planned, seated in zip(plan[2:], history[2:], strict=True):
        assert moved_players(planned, seated) == 1
        assert _at_another_table(planned, seated) == {"P007"}


@st.composite
def _changes(draw: st.DrawFn) -> tuple[int, int, int, tuple[str, ...], tuple[str, ...], int]:
    """A field of 8-40 players over 2-6 sessions whose roster changes after session ``after``: some leave, some
    join (the field stays a multiple of four, so the tables change or the roster does)."""
    tables = draw(st.integers(min_value=2, max_value=10))
    sessions = draw(st.integers(min_value=2, max_value=6))
    after = draw(st.integers(min_value=1, max_value=sessions - 1))
    players = names(4 * tables)
    leaving = draw(st.integers(min_value=0, max_value=min(8, 4 * tables - 4)))
    left = tuple(draw(st.permutations(players))[:leaving])
    joining = draw(st.integers(min_value=0 if leaving else 1, max_value=8))
    joining += -(4 * tables - leaving + joining) % 4
    return tables, sessions, after, left, names(joining, "New"), draw(st.integers(min_value=0, max_value=99))


@settings(max_examples=30, deadline=None)
@given(change=_changes())
def test_a_repaired_plan_keeps_the_played_sessions_and_never_meets_more_than_planning_from_scratch(
    change: tuple[int, int, int, tuple[str, ...], tuple[str, ...], int],
) -> None:
    from scorekeeper.tournament.seating.methods import _new_plan, _plan
    from scorekeeper.tournament.seating.repair import plan_cost

    tables, sessions, after, left, joined, seed = change
    players = names(4 * tables)
    plan = _plan(
        session=1, names=players, tables=tables, fixed={}, history=(), sessions=sessions, seed=str(seed), effort=0.2
    )
    played = tuple(plan[:after])
    now = tuple(name for name in players if name not in left) + joined
    repaired = _new_plan(
        now,
        tables=len(now) // 4,
        fixed=(),
        sessions=sessions,
        start=after + 1,
        history=played,
        seed=str(seed),
        effort=0.2,
        old=tuple(plan[after:]),
    )
    scratch = _plan(
        session=after + 1,
        names=now,
        tables=len(now) // 4,
        fixed={},
        history=played,
        sessions=sessions,
        seed=f"auto:{seed}:{after + 1}",
        effort=0.2,
    )
    assert tuple(plan[:after]) == played  # the played sessions are not touched
    assert [s.session for s in repaired] == list(range(after + 1, sessions + 1))
    for seating in repaired:
        assert sorted(seating.names) == sorted(now)
        assert [t.table for t in seating.tables] == list(range(1, len(now) // 4 + 1))
    ours, theirs = seating_quality((*played, *repaired)), seating_quality((*played, *scratch))
    assert (plan_cost(repaired, played), ours.repeat_pairs) <= (plan_cost(scratch, played), theirs.repeat_pairs)


def _fewest_common(plan: Sequence[Seating]) -> tuple[int, int]:
    """The fewest common opponents of a pair that never met, and how many pairs have that few."""
    opponents: dict[str, set[str]] = {}
    for seating in plan:
        for table in seating.tables:
            for a in table.seats:
                opponents.setdefault(a, set()).update(b for b in table.seats if b != a)
    common = [
        len(opponents[a] & opponents[b])
        for a, b in itertools.combinations(sorted(opponents), 2)
        if b not in opponents[a]
    ]
    return min(common), common.count(min(common))


def test_common_opponents_are_raised_last_without_giving_up_any_other_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    # Lester's criterion as the search's last step (common.py): 36 players over 6 sessions, the fewest common
    # opponents of a pair that never met is 6 either way, but 3 pairs have so few, not 6; repeats, winds and table
    # revisits are no worse.
    from scorekeeper.tournament.seating import common
    from scorekeeper.tournament.seating.methods import _plan

    def plan() -> list[Seating]:
        return _plan(session=1, names=names(36), tables=9, fixed={}, history=(), sessions=6, seed="x", effort=1.0)

    climbed = plan()
    monkeypatch.setattr(common, "COMMON_MOST_PLAYERS", 0)
    left = plan()
    assert (_fewest_common(climbed), _fewest_common(left)) == ((6, 3), (6, 6))
    ours, theirs = seating_quality(climbed), seating_quality(left)
    assert ours.repeat_pairs == theirs.repeat_pairs == 0
    assert (ours.fewest_same_wind, ours.max_same_wind) == (theirs.fewest_same_wind, theirs.max_same_wind)
    assert ours.table_revisits <= theirs.table_revisits


def test_a_larger_field_raises_its_fewest_common_opponents_from_none(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past 64 players only changes aimed at a pair at the fewest common opponents are tried (one of the two moves
    # to the table of an opponent of the other): 80 players over 8 sessions had a pair sharing no opponent; now the
    # fewest is 3 (14 pairs), with nobody meeting twice and no more table revisits.
    from scorekeeper.tournament.seating import common
    from scorekeeper.tournament.seating.methods import _plan

    def plan() -> list[Seating]:
        return _plan(session=1, names=names(80), tables=20, fixed={}, history=(), sessions=8, seed="x", effort=1.0)

    climbed = plan()
    monkeypatch.setattr(common, "COMMON_MOST_PLAYERS", 0)
    left = plan()
    assert (_fewest_common(climbed), _fewest_common(left)) == ((3, 14), (0, 1))
    ours, theirs = seating_quality(climbed), seating_quality(left)
    assert ours.repeat_pairs == theirs.repeat_pairs == 0
    assert (ours.fewest_same_wind, ours.max_same_wind) == (theirs.fewest_same_wind, theirs.max_same_wind)
    assert ours.table_revisits <= theirs.table_revisits


def test_two_tables_are_never_drawn_from_one_the_draw_is_refused_instead_of_never_ending() -> None:
    # A one-table field has no second table to swap with: drawing two different positions out of one looped for
    # ever (a referee's window hung seating a one-table field); the searches now skip it and the draw refuses it.
    rng = random.Random(0)
    with pytest.raises(ValueError, match="at least two"):
        _two_below(rng.getrandbits, 1)
    assert _two_below(rng.getrandbits, 2) in {(0, 1), (1, 0)}


@pytest.mark.parametrize(("count", "short_field"), [(4, "substitutes"), (5, "byes"), (6, "byes"), (7, "byes")])
def test_a_one_table_field_is_seated_for_every_session_and_after_a_drop_out(
    tmp_path: Path, count: int, short_field: str
) -> None:
    settings = TournamentSettings(name="Small", sessions=4, short_field=ShortField(short_field))
    store = TournamentStore.open_sqlite(tmp_path / "t.sqlite")
    store.create(settings, [Player(name=n) for n in names(count)])
    with Referee(store, owns_store=True) as referee:
        for session in (1, 2):
            referee.seat(session, SeatingMethod.AUTO)
        if count > 4:
            referee.drop_out(names(count)[0], after_session=2)
        for session in (3, 4):
            referee.seat(session, SeatingMethod.AUTO)
        t = referee.load()
    for session in (1, 2, 3, 4):
        seating = t.seating(session)
        assert seating is not None and len(seating.tables) == 1
