"""The Swiss that avoids rematches among near ranks, and strict rank order as a choice (issue 23 item 4)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournament import Seating, TableSeating, seat_swiss, swiss_order, swiss_repeats
from scorekeeper.tournament.seating.swiss import SWISS_WINDOW
from tests.tournament.builders import names


def _tables(session: int, order: tuple[str, ...]) -> Seating:
    return Seating(
        session=session,
        tables=tuple(
            TableSeating(k + 1, (order[4 * k], order[4 * k + 1], order[4 * k + 2], order[4 * k + 3]))
            for k in range(len(order) // 4)
        ),
    )


def test_strict_order_sits_the_leaders_together_again_and_the_swiss_does_not() -> None:
    # Sixteen players; in session 1 P001-P004 sat together (and so on): ranked in that same order for the last
    # session, strict rank order gives every table the same four again, 24 repeat meetings.
    ranking = names(16)
    history = [_tables(1, ranking)]
    assert swiss_repeats(ranking, history) == 24
    order = swiss_order(ranking, history)
    assert swiss_repeats(order, history) <= 2  # a greedy search: the last table may keep a meeting
    assert order[0] == "P001"  # the leader heads table 1
    assert sorted(order) == sorted(ranking)
    moved = max(abs(order.index(name) - ranking.index(name)) for name in ranking)
    assert moved <= SWISS_WINDOW + 3


def test_without_history_the_swiss_is_strict_rank_order() -> None:
    ranking = names(13)  # a remainder: kept in order after the last full table
    assert swiss_order(ranking, []) == ranking


def test_the_swiss_seating_is_seated_as_the_strict_one_is() -> None:
    ranking = names(16)
    history = [_tables(1, ranking)]
    seating = seat_swiss(2, swiss_order(ranking, history), history=history, sessions=2)
    met = {frozenset(p) for t in history[0].tables for p in itertools.combinations(t.seats, 2)}
    again = sum(frozenset(p) in met for t in seating.tables for p in itertools.combinations(t.seats, 2))
    assert again == swiss_repeats(swiss_order(ranking, history), history) <= 2


@given(st.integers(min_value=2, max_value=10), st.integers(min_value=0, max_value=2**32 - 1))
def test_the_swiss_never_adds_rematches_to_strict_order(tables: int, seed: int) -> None:
    # The greedy picks the fewest meetings seat by seat; it never does worse than strict order over random days.
    ranking = names(4 * tables)
    rng = random.Random(seed)
    history = []
    for session in (1, 2):
        shuffled = list(ranking)
        rng.shuffle(shuffled)
        history.append(_tables(session, tuple(shuffled)))
    order = swiss_order(ranking, history)
    assert sorted(order) == sorted(ranking)
    assert order[0] == ranking[0]
    assert swiss_repeats(order, history) <= swiss_repeats(ranking, history)
