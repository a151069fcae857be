"""Point gaps: what a player needs to pass another (direct hit, third party, tsumo)."""

from __future__ import annotations

import pytest

from scorekeeper.gui.gaps import point_gaps


def test_gap_to_a_player_ahead_names_the_three_ways_to_pass() -> None:
    # Seat 1 (non-dealer) is 8,000 behind seat 0 (the dealer).
    gaps = {g.other: g for g in point_gaps((33000, 25000, 21000, 21000), seat=1, dealer=0)}
    gap = gaps[0]
    assert gap.difference == 8000
    assert gap.direct_hit == 4100  # a ron off the leader moves the value twice: more than 4,000
    assert gap.third_party == 8100  # only our score moves
    # A non-dealer's tsumo: the dealer pays half the value (seed 000), so value * 2 > 8,000.
    assert gap.tsumo == 4100


@pytest.mark.parametrize(
    ("seat", "dealer", "other", "expected_tsumo"),
    [
        pytest.param(1, 0, 2, 5400, id="non-dealer-vs-non-dealer-pays-a-quarter"),
        pytest.param(0, 0, 2, 4900, id="dealer-tsumo-each-pays-a-third"),
        pytest.param(1, 2, 2, 4100, id="passing-the-dealer-who-pays-half"),
    ],
)
def test_tsumo_gap_counts_the_share_the_other_pays(seat: int, dealer: int, other: int, expected_tsumo: int) -> None:
    scores = [25000, 25000, 25000, 25000]
    scores[other] += 4000
    scores[seat] -= 4000
    gaps = {g.other: g for g in point_gaps((scores[0], scores[1], scores[2], scores[3]), seat=seat, dealer=dealer)}
    assert gaps[other].difference == 8000
    assert gaps[other].tsumo == expected_tsumo


def test_no_points_needed_to_pass_someone_already_behind() -> None:
    gaps = {g.other: g for g in point_gaps((30000, 20000, 25000, 25000), seat=0, dealer=0)}
    assert all(g.direct_hit == g.third_party == g.tsumo == 0 for g in gaps.values())
    assert gaps[1].difference == -10000
