"""Point gaps in words: the seat panel's table of what passes a player (the arithmetic: tests/session/test_gaps.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.points import Limit
from scorekeeper.gui.gaps import describe_gaps, describe_hand, format_call
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import Gap, HandNeeded, point_gaps
from scorekeeper.session.rules import ruleset

TENHOU = ruleset("tenhou")
NAMES = ("A", "B", "C", "D")


def gaps_by_other(gaps: tuple[Gap, ...]) -> dict[int, Gap]:
    return {gap.other: gap for gap in gaps}


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
    nowrap = "<th style='white-space:nowrap'>"  # a heading is never broken inside ("他家ロン", issue 24)
    assert f"{nowrap}direct hit</th>{nowrap}other ron</th>{nowrap}tsumo</th>" in text
    assert "<b>A leads by 8,000.</b>" in text  # the leader and the lead
    if not honba and not sticks:  # the figures of test_gap_to_the_leading_dealer_without_honba_or_sticks
        cell = "<td align='center' style='white-space:nowrap'>"
        assert f"{cell}4,500</td>{cell}12,000</td>{cell}1,500/2,900" in text
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


def test_a_tie_is_worded_as_a_tie() -> None:
    gaps = point_gaps((25000, 25000, 25000, 25000), seat=1, dealer=0, rules=TENHOU.hand)
    assert "A has as many points as you." in describe_gaps(gaps, NAMES)


def test_tapping_a_seat_shows_the_gaps_in_plain_words(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(NAMES, TENHOU)
    assert window.controller.declare_riichi(0)  # one stick on the table
    panel = window.table.seat_panels[1]
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
    overlay = window.table.gaps_overlay
    text = overlay.gaps_label.text()
    assert overlay.isVisible() and panel.points_label.isVisible()  # over the table; the points stay
    assert "You lead A (1,000)." in text  # A paid 1,000 for the stick
    assert "counting 0 honba and 1 riichi sticks" in text
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)  # a second tap closes them
    assert not overlay.isVisible()
