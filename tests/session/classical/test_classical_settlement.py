"""Settlement and East rotation of the classical family (scorekeeper.session.classical)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.classical import classical_rules
from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import IllegalActionError, InvalidRulesetError
from scorekeeper.session.classical import (
    ClassicalTableRules,
    LoserSettlement,
    advance_classical,
    classical_game_rules,
    settle_classical_draw,
    settle_classical_win,
    value_classical_win,
)
from scorekeeper.session.events import HandWin
from scorekeeper.session.seats import Seat, seat_wind

S0, S1, S2, S3 = Seat
HAND = classical_rules("classical")
DEFAULT = ClassicalTableRules()


def test_each_of_three_pays_the_winner_east_pays_double() -> None:
    s = settle_classical_win(winner=S1, dealer=S0, value=640, hand_rules=HAND, rules=DEFAULT)
    assert s.deltas == (-1280, 640 + 1280 + 640, -640, -640)
    assert not s.dealer_repeats


def test_east_wins_and_receives_double_from_each_and_keeps_the_deal() -> None:
    s = settle_classical_win(winner=S0, dealer=S0, value=640, hand_rules=HAND, rules=DEFAULT)
    assert s.deltas == (3 * 1280, -1280, -1280, -1280)
    assert s.dealer_repeats


def test_east_double_capped_at_the_limit_when_asked() -> None:
    limited = classical_rules("classical", {"limit": 1000})
    capped = ClassicalTableRules(cap_east_double=True)
    s = settle_classical_win(winner=S2, dealer=S0, value=1000, hand_rules=limited, rules=capped)
    assert s.deltas == (-1000, -1000, 3000, -1000)
    uncapped = settle_classical_win(winner=S2, dealer=S0, value=1000, hand_rules=limited, rules=DEFAULT)
    assert uncapped.deltas == (-2000, -1000, 4000, -1000)


def test_without_east_double_everyone_pays_the_value() -> None:
    s = settle_classical_win(
        winner=S2, dealer=S0, value=100, hand_rules=HAND, rules=ClassicalTableRules(east_double=False)
    )
    assert s.deltas == (-100, -100, 300, -100)


def test_losers_settle_among_themselves_the_difference_doubled_with_east() -> None:
    rules = ClassicalTableRules(losers=LoserSettlement.LOSERS_SETTLE)
    s = settle_classical_win(
        winner=S1, dealer=S0, value=100, hand_rules=HAND, rules=rules, loser_values={S0: 40, S2: 10, S3: 10}
    )
    # Winner: 200 from East, 100 each from S2 and S3. Losers: East (40) gets 2 x 30 from S2 and from S3.
    assert s.deltas == (-200 + 60 + 60, 400, -100 - 60, -100 - 60)


def test_losers_values_refused_when_only_the_winner_is_paid() -> None:
    with pytest.raises(IllegalActionError, match="settle only with the winner"):
        settle_classical_win(winner=S1, dealer=S0, value=100, hand_rules=HAND, rules=DEFAULT, loser_values={S2: 10})


@pytest.mark.parametrize(
    ("value", "loser_values"),
    [pytest.param(-1, {}, id="negative-value"), pytest.param(10, {S1: 5}, id="winner-as-loser")],
)
def test_bad_settlement_input(value: int, loser_values: dict[Seat, int]) -> None:
    rules = ClassicalTableRules(losers=LoserSettlement.LOSERS_SETTLE)
    with pytest.raises(IllegalActionError):
        settle_classical_win(winner=S1, dealer=S0, value=value, hand_rules=HAND, rules=rules, loser_values=loser_values)


def test_draw_pays_nothing_and_east_keeps_the_deal_by_default() -> None:
    assert settle_classical_draw(DEFAULT).deltas == (0, 0, 0, 0)
    assert settle_classical_draw(DEFAULT).dealer_repeats
    assert not settle_classical_draw(ClassicalTableRules(dealer_repeats_on_draw=False)).dealer_repeats


def test_seat_winds_follow_the_dealer() -> None:
    assert [seat_wind(seat, S1) for seat in Seat] == [Wind.NORTH, Wind.EAST, Wind.SOUTH, Wind.WEST]


# Seed 003, C, first example (tests/engine/classical/test_seed_examples.py's EXAMPLE_1).
_EXAMPLE_1 = {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]}


@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_a_classical_hand_takes_its_seat_wind_from_the_seats(dealer: Seat) -> None:
    # The classical settlement asks session.seats.seat_wind, as the riichi bridge does: one rule for both families.
    rules = classical_game_rules("classical")
    winner = Seat(2)
    wind = seat_wind(winner, dealer)
    left_out = value_classical_win(
        HandWin.from_input(winner, _EXAMPLE_1), rules, dealer=dealer, round_wind=Wind.EAST, tsumo=False
    )
    stated = value_classical_win(
        HandWin.from_input(winner, {**_EXAMPLE_1, "seat_wind": wind.value}),
        rules,
        dealer=dealer,
        round_wind=Wind.EAST,
        tsumo=False,
    )
    assert left_out == stated
    other = next(w for w in Wind if w is not wind)
    with pytest.raises(IllegalActionError, match=rf"the seat wind is \('{wind.value}'\)"):
        value_classical_win(
            HandWin.from_input(winner, {**_EXAMPLE_1, "seat_wind": other.value}),
            rules,
            dealer=dealer,
            round_wind=Wind.EAST,
            tsumo=False,
        )


def test_east_rotation_through_four_rounds_then_the_game_ends() -> None:
    passes = settle_classical_win(winner=S1, dealer=S0, value=10, hand_rules=HAND, rules=DEFAULT)
    round_index, dealer, ended = 0, S0, False
    seen = []
    while not ended:
        seen.append((round_index, dealer))
        round_index, dealer, ended = advance_classical(round_index, dealer, passes.dealer_repeats, DEFAULT)
    assert len(seen) == 16
    assert seen[4] == (1, S0)  # South 1
    assert seen[-1] == (3, S3)  # North 4
    assert (round_index, dealer) == (3, S3)  # an ended game keeps the last hand's position


def test_east_repeats_after_winning() -> None:
    won = settle_classical_win(winner=S2, dealer=S2, value=10, hand_rules=HAND, rules=DEFAULT)
    assert advance_classical(1, S2, won.dealer_repeats, DEFAULT) == (1, S2, False)


def test_rounds_knob() -> None:
    with pytest.raises(InvalidRulesetError):
        ClassicalTableRules(rounds=5)
    one_round = ClassicalTableRules(rounds=1)
    draw = settle_classical_draw(ClassicalTableRules(dealer_repeats_on_draw=False))
    assert advance_classical(0, S3, draw.dealer_repeats, one_round)[2]


@settings(max_examples=200)
@given(
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Seat)),
    st.integers(0, 5000),
    st.lists(st.integers(0, 3000), min_size=3, max_size=3),
    st.booleans(),
    st.booleans(),
)
def test_settlement_is_zero_sum(
    winner: Seat, dealer: Seat, value: int, values: list[int], losers_settle: bool, cap: bool
) -> None:
    rules = ClassicalTableRules(
        losers=LoserSettlement.LOSERS_SETTLE if losers_settle else LoserSettlement.WINNER_ONLY, cap_east_double=cap
    )
    losers = [seat for seat in Seat if seat != winner]
    loser_values = dict(zip(losers, values, strict=True)) if losers_settle else None
    hand = classical_rules("classical", {"limit": 1000})
    s = settle_classical_win(
        winner=winner, dealer=dealer, value=min(value, 1000), hand_rules=hand, rules=rules, loser_values=loser_values
    )
    assert sum(s.deltas) == 0
    assert s.deltas[winner] >= 0


def test_negative_loser_value_is_refused() -> None:
    rules = ClassicalTableRules(losers=LoserSettlement.LOSERS_SETTLE)
    with pytest.raises(IllegalActionError, match="negative"):
        settle_classical_win(winner=S1, dealer=S0, value=10, hand_rules=HAND, rules=rules, loser_values={S2: -5})
