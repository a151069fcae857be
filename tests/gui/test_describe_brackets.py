"""Edit hand says what a hand was in one line: a limit hand's value in brackets reads "(Mangan, 4 han)", not
"(Mangan (4 han))" (the report of lane ui2)."""

from __future__ import annotations

import pytest

from scorekeeper.gui.describe import describe_result, describe_value
from scorekeeper.session import Session
from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import RiichiSettlement

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def test_a_limit_hands_value_in_brackets_has_no_brackets_of_its_own() -> None:
    session = Session(ruleset("tenhou"), NAMES)
    result = Ron(Seat(0), (HanFuWin(seat=Seat(1), han=4, fu=40),))
    session.ron(Seat(0), result.wins)
    hand = session.state.hands[0]
    assert describe_result(result, NAMES, hand.settlement) == "Ron: Bruno (Mangan, 4 han) from Aiko"
    settlement = hand.settlement
    assert isinstance(settlement, RiichiSettlement)
    value = settlement.wins[0].value
    assert describe_value(value) == "Mangan (4 han)"  # on its own line, as the win's detail shows it


def test_a_value_below_mangan_reads_as_before() -> None:
    session = Session(ruleset("tenhou"), NAMES)
    result = Ron(Seat(0), (HanFuWin(seat=Seat(1), han=2, fu=30),))
    session.ron(Seat(0), result.wins)
    assert describe_result(result, NAMES, session.state.hands[0].settlement) == "Ron: Bruno (2 han 30 fu) from Aiko"
