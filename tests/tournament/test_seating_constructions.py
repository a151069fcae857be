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
    perfect_rounds,
    repeat_pairs,
    search_base_blocks,
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


def test_a_field_without_a_construction_gets_none() -> None:
    assert perfect_rounds(20, 5, random.Random(0)) is None
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
