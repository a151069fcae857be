"""Point gaps: the smallest hand that passes a player (direct hit, third party, tsumo) with honba and sticks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.points import Limit
from scorekeeper.gui.gaps import Gap, HandNeeded, _hands, describe_gaps, describe_hand, format_call, point_gaps
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HandResult, HanFuWin, Ron, Tsumo, YakumanWin
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
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


def test_a_gap_beyond_a_yakuman_is_said_so() -> None:
    gap = gaps_by_other(point_gaps((90000, 0, 5000, 5000), seat=1, dealer=0, rules=TENHOU.hand))[0]
    assert gap.direct_hit_hand is None and gap.third_party_hand is None and gap.tsumo_hand is None
    assert "not even a yakuman is enough" in describe_gaps((gap,), NAMES)


def test_the_classical_family_gets_differences_only() -> None:
    gaps = point_gaps((30000, 20000, 25000, 25000), seat=1, dealer=0, rules=None)
    text = describe_gaps(gaps, NAMES)
    assert "A leads by 10,000." in text and "direct" not in text and "honba" not in text


@pytest.mark.parametrize(
    ("honba", "sticks", "words"),
    [
        pytest.param(0, 0, "no honba or riichi sticks", id="nothing-on-the-table"),
        pytest.param(3, 2, "counting 3 honba and 2 riichi sticks", id="honba-and-sticks"),
    ],
)
def test_the_words_say_what_the_figure_includes(honba: int, sticks: int, words: str) -> None:
    gaps = point_gaps(
        (33000, 25000, 21000, 21000), seat=1, dealer=0, rules=TENHOU.hand, honba=honba, riichi_sticks=sticks
    )
    text = describe_gaps(gaps, NAMES)
    assert words in text
    assert "<th>direct hit</th><th>other ron</th><th>tsumo</th>" in text
    assert "<b>A leads by 8,000.</b>" in text  # the leader and the lead
    if not honba and not sticks:  # the figures of test_gap_to_the_leading_dealer_without_honba_or_sticks
        assert "4,500</td><td align='center'>12,000</td><td align='center'>1,500/2,900" in text
    assert "You lead C (4,000), D (4,000)." in text


@pytest.mark.parametrize(
    ("hand", "call", "name"),
    [
        pytest.param(HandNeeded(han=3, fu=30, limit=None, ron=3900, total=3900), "3,900", "3 han 30 fu", id="ron"),
        pytest.param(
            HandNeeded(han=3, fu=30, limit=None, dealer_pays=2000, others_pay=1000, total=4000),
            "1,000/2,000",
            "3 han 30 fu",
            id="non-dealer-tsumo",
        ),
        pytest.param(
            HandNeeded(han=5, fu=30, limit=Limit.MANGAN, others_pay=4000, total=12000),
            "4,000 all",
            "Mangan",
            id="dealer",
        ),
    ],
)
def test_a_hand_is_called_as_the_table_calls_it(hand: HandNeeded, call: str, name: str) -> None:
    assert format_call(hand) == call
    assert describe_hand(hand) == name


def test_names_are_not_read_as_markup() -> None:
    gaps = point_gaps((33000, 25000, 21000, 21000), seat=1, dealer=0, rules=TENHOU.hand)
    assert "<b>&lt;i&gt;A leads by 8,000.</b>" in describe_gaps(gaps, ("<i>A", "B", "C", "D"))


def test_a_tie_is_passed_by_any_win_over_it() -> None:
    gaps = point_gaps((25000, 25000, 25000, 25000), seat=1, dealer=0, rules=TENHOU.hand)
    assert all(g.difference == 0 and g.third_party == 1000 for g in gaps)
    assert "A has as many points as you." in describe_gaps(gaps, NAMES)


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


def test_tapping_a_seat_shows_the_gaps_in_plain_words(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(NAMES, TENHOU)
    assert window.controller.declare_riichi(0)  # one stick on the table
    panel = window.table.seat_panels[1]
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
    text = panel.gaps_label.text()
    assert panel.gaps_label.isVisible() and not panel.points_label.isVisible()
    assert "You lead A (1,000)." in text  # A paid 1,000 for the stick
    assert "counting 0 honba and 1 riichi sticks" in text
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)  # a second tap brings the points back
    assert panel.points_label.isVisible() and not panel.gaps_label.isVisible()
