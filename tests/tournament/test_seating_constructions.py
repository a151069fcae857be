"""Seating constructions (issue 26): schedules where no pair meets twice, from geometry and from orbits."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import pytest

from scorekeeper.tournament import Seating, seat_auto, seating_quality
from scorekeeper.tournament.seating.constructions import (
    _KNOWN,
    _rounds_from,
    affine_rounds,
    cube_rounds,
    perfect_rounds,
    repeat_pairs,
    search_base_blocks,
    transversal_rounds,
)
from tests.tournament.builders import names


def _every_session_seats_everyone_once(rounds: Sequence[Sequence[Sequence[int]]], players: int) -> None:
    for tables in rounds:
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == list(range(players))


@pytest.mark.parametrize(("k", "players", "sessions"), [(2, 16, 5), (3, 64, 21)])
def test_the_lines_of_an_affine_space_over_gf4_meet_every_pair_once(k: int, players: int, sessions: int) -> None:
    rounds = affine_rounds(k)
    assert len(rounds) == sessions
    _every_session_seats_everyone_once(rounds, players)
    met = [tuple(sorted(pair)) for tables in rounds for table in tables for pair in itertools.combinations(table, 2)]
    assert len(met) == len(set(met)) == players * (players - 1) // 2


@pytest.mark.parametrize("shape", sorted(_KNOWN))
def test_every_kept_base_table_gives_sessions_where_no_pair_meets_twice(shape: tuple[int, int, int]) -> None:
    n, infinities, m = shape
    rounds = _rounds_from(n, infinities, m, _KNOWN[shape])
    assert len(rounds) == n
    _every_session_seats_everyone_once(rounds, 3 * n + infinities)
    assert repeat_pairs(rounds) == 0


@pytest.mark.parametrize(("n", "infinities", "m"), [(5, 1, 1), (7, 3, 2), (9, 1, 4)])
def test_the_orbit_search_finds_base_tables_of_small_fields(n: int, infinities: int, m: int) -> None:
    blocks = search_base_blocks(n, infinities, m, random.Random(0), nodes=200_000)
    assert blocks is not None
    assert repeat_pairs(_rounds_from(n, infinities, m, blocks)) == 0


@pytest.mark.parametrize(("players", "sessions"), [(20, 5), (32, 9), (44, 11), (100, 25), (128, 33)])
def test_a_resolvable_transversal_design_meets_every_pair_of_two_groups_once(players: int, sessions: int) -> None:
    rounds = transversal_rounds(players)
    assert rounds is not None
    assert len(rounds) == sessions
    _every_session_seats_everyone_once(rounds, players)
    assert repeat_pairs(rounds) == 0


def test_the_cube_construction_seats_thirty_two_players_over_ten_sessions_leaving_each_one_opponent() -> None:
    # The social golfer problem 8-4-10: every player meets 30 of the other 31, so those never met pair everyone off
    # (a resolvable 4-GDD of type 2^16); no other field has this construction.
    rounds = cube_rounds(32)
    assert rounds is not None
    assert len(rounds) == 10
    _every_session_seats_everyone_once(rounds, 32)
    assert repeat_pairs(rounds) == 0
    met = {frozenset(pair) for tables in rounds for table in tables for pair in itertools.combinations(table, 2)}
    unmet = [q for p in range(32) for q in range(32) if p != q and frozenset((p, q)) not in met]
    assert sorted(unmet) == list(range(32))  # each player misses exactly one other
    assert all(cube_rounds(players) is None for players in (16, 24, 28, 36, 64))


def test_thirty_two_players_over_ten_sessions_meet_nobody_twice() -> None:
    # Issue 26 measured 30-33 repeat pairs, and the transversal design's 9 sessions left 16 in the 10th; the
    # published figure is 0. Fewer sessions take the construction's first ones.
    for seed in ("a", "b", "c"):
        quality = seating_quality(_tournament(32, 10, seed))
        assert quality.repeat_pairs == 0
        assert quality.max_same_wind <= math.ceil(10 / 4)
        assert quality.wind_spread <= 1
    assert seating_quality(_tournament(32, 9, "a")).repeat_pairs == 0


def test_thirty_two_players_keep_two_fixed_tables_or_sixteen_pairs_apart_and_meet_nobody_twice() -> None:
    # The pairs never met pair everyone off: two players with fixed tables, or the two members of each of 16
    # teams (a couple, a club of two), are given such a pair of points.
    fixed = {"P001": 2, "P005": 7}
    history = _with(32, 10, fixed=fixed)
    assert all(name in seating.table(table).seats for seating in history for name, table in fixed.items())
    assert seating_quality(history).repeat_pairs == 0
    teams = {name: f"team {k // 2}" for k, name in enumerate(names(32))}
    quality = seating_quality(_with(32, 10, apart=teams), apart=teams)
    assert (quality.repeat_pairs, quality.apart_meetings) == (0, 0)


def test_a_field_without_a_construction_gets_none() -> None:
    assert perfect_rounds(56, 5, random.Random(0)) is None  # 4 x 14, 3 x 18 + 2: none of ours
    assert perfect_rounds(1000, 8, random.Random(0)) is None  # beyond the search's size: the annealing seats it


def _tournament(count: int, sessions: int, seed: str) -> list[Seating]:
    players = names(count)
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed=seed))
    return history


@pytest.mark.parametrize(("count", "sessions"), [(16, 5), (40, 13), (48, 15), (36, 11), (40, 8)])
def test_a_field_with_a_perfect_schedule_never_meets_twice_and_keeps_the_winds_exact(count: int, sessions: int) -> None:
    for seed in ("a", "b"):
        quality = seating_quality(_tournament(count, sessions, seed))
        assert quality.repeat_pairs == 0
        assert quality.max_same_wind <= math.ceil(sessions / 4)
        assert quality.wind_spread <= 1


def test_twenty_four_players_over_eight_sessions_meet_again_less_than_the_published_24() -> None:
    # 7 sessions from the orbits (a resolvable group divisible design of type 3^8), the 8th searched: 18 pairs
    # meet twice (the best published schedule: 24).
    for seed in ("a", "b", "c"):
        assert seating_quality(_tournament(24, 8, seed)).repeat_pairs <= 18


def test_a_constructed_seating_is_reproducible_from_the_seed_and_differs_between_seeds() -> None:
    assert _tournament(40, 4, "x") == _tournament(40, 4, "x")
    assert _tournament(40, 4, "x") != _tournament(40, 4, "y")


def _with(count: int, sessions: int, **kwargs: object) -> list[Seating]:
    players = names(count)
    history: list[Seating] = []
    for session in range(1, sessions + 1):
        history.append(seat_auto(session, players, history=history, sessions=sessions, seed="apart", **kwargs))  # type: ignore[arg-type]
    return history


def test_players_of_one_club_are_kept_apart_and_nobody_meets_twice() -> None:
    players = names(56)
    clubs = {name: f"club {k % 14}" for k, name in enumerate(players)}  # 14 clubs of four
    history = _with(56, 6, apart=clubs)
    quality = seating_quality(history, apart=clubs)
    assert (quality.repeat_pairs, quality.apart_meetings) == (0, 0)
    assert seating_quality(_with(56, 6), apart=clubs).apart_meetings > 0  # what it keeps apart


def test_a_construction_gives_its_points_so_that_clubs_meet_seldom() -> None:
    players = names(40)
    clubs = {name: f"club {k % 10}" for k, name in enumerate(players)}
    kept = seating_quality(_with(40, 8, apart=clubs), apart=clubs)
    assert kept.repeat_pairs == 0  # the construction's sessions, whoever sits where
    assert kept.apart_meetings * 4 < seating_quality(_with(40, 8), apart=clubs).apart_meetings


def test_seeded_players_sit_one_per_table() -> None:
    players = names(56)
    seeded = players[:14]
    history = _with(56, 6, seeded=seeded)
    for seating in history:
        assert all(sum(name in seeded for name in table.seats) == 1 for table in seating.tables)
    assert seating_quality(history).repeat_pairs == 0


def test_players_with_fixed_tables_keep_them_in_a_constructed_seating() -> None:
    # One fixed player a table: they are kept apart like a club, and each session's table holding one takes its
    # number; 48 players over 15 sessions still meet nobody twice.
    fixed = {"P001": 2, "P005": 12}
    history = _with(48, 15, fixed=fixed)
    assert all(name in seating.table(table).seats for seating in history for name, table in fixed.items())
    assert seating_quality(history).repeat_pairs == 0
