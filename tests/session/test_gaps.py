"""Point gaps: the smallest hand that passes a player (direct hit, third party, tsumo) with honba and sticks.

The arithmetic is the session's (issue 11); tests/gui/test_gaps.py checks its wording.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.session.events import HandResult, HanFuWin, Ron, Tsumo, YakumanWin
from scorekeeper.session.gaps import Gap, HandNeeded, _hands, point_gaps, seat_gaps
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.session.settlement import settle

TENHOU = ruleset("tenhou")
NAMES = ("A", "B", "C", "D")


def gaps_by_other(gaps: tuple[Gap, ...]) -> dict[int, Gap]:
    return {gap.other: gap for gap in gaps}


def test_gap_to_the_leading_dealer_without_honba_or_sticks() -> None:
    # Seat 1 (non-dealer) is 8,000 behind seat 0 (the dealer); tenhou's tables.
    gap = gaps_by_other(point_gaps((33000, 25000, 21000, 21000), seat=1, dealer=0, rules=TENHOU.hand))[0]
    assert gap.difference == 8000
    # A direct hit moves the hand twice: 2 x 3,900 = 7,800 is short, 4,500 (2 han 70 fu) passes.
    assert gap.direct_hit == 4500 and gap.direct_hit_hand is not None and gap.direct_hit_hand.han == 2
    # Off a third player only our score moves; a mangan (8,000) only ties, a haneman passes.
    assert gap.third_party == 12000
    # Tsumo: 1,300/2,600 brings 5,200 and costs the dealer 2,600 (7,800: short); 1,500/2,900 passes.
    assert gap.tsumo_hand is not None
    assert (gap.tsumo_hand.others_pay, gap.tsumo_hand.dealer_pays) == (1500, 2900)


def test_honba_and_riichi_sticks_lower_what_is_needed() -> None:
    # 2 honba (600 on a ron) and one stick (1,000) on the table.
    gap = gaps_by_other(
        point_gaps((33000, 25000, 21000, 20000), seat=1, dealer=0, rules=TENHOU.hand, honba=2, riichi_sticks=1)
    )[0]
    # Direct: 2 x (P + 600) + 1,000 > 8,000, so P > 2,900: 3,200.
    assert gap.direct_hit == 3200
    # Third party: P + 600 + 1,000 > 8,000, so P > 6,400: 7,100 (2 han 110 fu).
    assert gap.third_party == 7100
    assert (gap.honba, gap.riichi_sticks) == (2, 1)


def test_nothing_needed_to_pass_someone_already_behind() -> None:
    gaps = gaps_by_other(point_gaps((30000, 20000, 25000, 25000), seat=0, dealer=0, rules=TENHOU.hand))
    assert all(g.direct_hit == g.third_party == g.tsumo == 0 for g in gaps.values())
    assert all(g.direct_hit_hand is None and not g.valued for g in gaps.values())
    assert gaps[1].difference == -10000


def test_a_gap_beyond_a_yakuman_has_no_hand() -> None:
    gap = gaps_by_other(point_gaps((90000, 0, 5000, 5000), seat=1, dealer=0, rules=TENHOU.hand))[0]
    assert gap.direct_hit_hand is None and gap.third_party_hand is None and gap.tsumo_hand is None


def test_the_classical_family_gets_differences_only() -> None:
    gaps = point_gaps((30000, 20000, 25000, 25000), seat=1, dealer=0, rules=None)
    assert [(g.other, g.difference, g.valued) for g in gaps] == [(0, 10000, False), (2, 5000, False), (3, 5000, False)]


def test_a_tie_is_passed_by_any_win_over_it() -> None:
    gaps = point_gaps((25000, 25000, 25000, 25000), seat=1, dealer=0, rules=TENHOU.hand)
    assert all(g.difference == 0 and g.third_party == 1000 for g in gaps)


def test_seat_gaps_count_the_honba_and_sticks_of_the_state() -> None:
    session = Session(TENHOU, NAMES)
    session.declare_riichi(Seat(0))
    session.draw([Seat(0)])  # A tenpai: A keeps the deal, one honba and the stick stay on the table
    state = session.state
    gaps = seat_gaps(state, 1)
    assert gaps == point_gaps(
        state.scores, 1, int(state.dealer), rules=TENHOU.hand, honba=state.honba, riichi_sticks=state.riichi_sticks
    )
    assert (gaps[0].honba, gaps[0].riichi_sticks) == (1, 1)


def test_seat_gaps_of_a_classical_game_are_differences() -> None:
    state = Session(ruleset("classical"), NAMES).state
    assert all(not gap.valued and gap.difference == 0 for gap in seat_gaps(state, 2))


def _result(hand: HandNeeded, winner: int, *, discarder: int | None) -> HandResult:
    win: YakumanWin | HanFuWin = YakumanWin(seat=Seat(winner), yakuman=1)
    if hand.han is not None:
        win = HanFuWin(seat=Seat(winner), han=hand.han, fu=hand.fu or 30)
    if discarder is None:
        return Tsumo(win)
    return Ron(Seat(discarder), (win,))


def _passes(
    scores: tuple[int, int, int, int],
    hand: HandNeeded,
    seat: int,
    other: int,
    dealer: int,
    honba: int,
    sticks: int,
    discarder: int | None,
) -> bool:
    result = _result(hand, seat, discarder=discarder)
    settlement = settle(TENHOU, result, dealer=Seat(dealer), honba=honba, riichi_sticks=sticks, riichi_this_hand=())
    return scores[seat] + settlement.deltas[seat] > scores[other] + settlement.deltas[other]


@settings(max_examples=60, deadline=None)
@given(
    scores=st.tuples(*(st.integers(0, 600).map(lambda n: n * 100) for _ in range(4))),
    seat=st.integers(0, 3),
    dealer=st.integers(0, 3),
    honba=st.integers(0, 4),
    sticks=st.integers(0, 3),
)
def test_the_hand_named_passes_at_the_table_and_no_cheaper_one_does(
    scores: tuple[int, int, int, int], seat: int, dealer: int, honba: int, sticks: int
) -> None:
    """The session's own settlement (honba, sticks, dealer shares) agrees with every figure given."""
    for gap in point_gaps(scores, seat, dealer, rules=TENHOU.hand, honba=honba, riichi_sticks=sticks):
        if gap.difference < 0:
            continue
        third = next(s for s in range(4) if s not in (seat, gap.other))
        for hand, discarder, tsumo in (
            (gap.direct_hit_hand, gap.other, False),
            (gap.third_party_hand, third, False),
            (gap.tsumo_hand, None, True),
        ):
            table = _hands(TENHOU.hand, dealer=seat == dealer, tsumo=tsumo)
            cheaper = table if hand is None else table[: table.index(hand)]
            if hand is not None:
                assert _passes(scores, hand, seat, gap.other, dealer, honba, sticks, discarder)
            for smaller in cheaper:
                if smaller.total < (hand.total if hand is not None else 10**9):
                    assert not _passes(scores, smaller, seat, gap.other, dealer, honba, sticks, discarder)
