"""The session is the one judge of a han/fu win (issue 9, section 3): the API and records are held to the table."""

from __future__ import annotations

import pytest

from scorekeeper.errors import GameRecordError, InvalidHandError
from scorekeeper.session import Session, ruleset
from scorekeeper.session.events import HanFuWin, Ron, Tsumo
from scorekeeper.session.record import parse_record
from scorekeeper.session.seats import Seat

NAMES = ("a", "b", "c", "d")


@pytest.mark.parametrize(
    ("han", "fu", "rule"),
    [
        pytest.param(1, 20, "20 fu is pinfu by tsumo only", id="1han-20fu-ron"),
        pytest.param(3, 20, "20 fu is pinfu by tsumo only", id="3han-20fu-ron"),
        pytest.param(1, 120, "1 han by ron has at most 110 fu", id="1han-120fu-ron"),
    ],
)
def test_the_session_refuses_an_impossible_ron(han: int, fu: int, rule: str) -> None:
    session = Session(ruleset("tenhou"), NAMES)
    session.draw([Seat(0)])  # the dealer repeats: the hand in play is E1-1
    message = f"E1-1: seat 1's ron: {han} han {fu} fu is not a possible win: {rule}"
    with pytest.raises(InvalidHandError, match=message):
        session.ron(Seat(0), [HanFuWin(seat=Seat(1), han=han, fu=fu)])
    assert len(session.events) == 1


@pytest.mark.parametrize(
    ("han", "fu", "rule"),
    [
        pytest.param(1, 20, "at least 2 han", id="1han-20fu-tsumo"),
        pytest.param(2, 25, "by tsumo it has menzen tsumo too: at least 3 han", id="2han-25fu-tsumo"),
        pytest.param(1, 110, "1 han by tsumo has at most 100 fu", id="1han-110fu-tsumo"),
    ],
)
def test_the_session_refuses_an_impossible_tsumo(han: int, fu: int, rule: str) -> None:
    with pytest.raises(InvalidHandError, match=f"seat 2's tsumo: {han} han {fu} fu is not a possible win") as caught:
        Tsumo(HanFuWin(seat=Seat(2), han=han, fu=fu))
    assert rule in str(caught.value)
    session = Session(ruleset("tenhou"), NAMES)
    with pytest.raises(InvalidHandError, match=f"^E1: seat 2's tsumo: {han} han {fu} fu"):
        session.tsumo(HanFuWin(seat=Seat(2), han=han, fu=fu))
    assert session.events == ()


def test_a_pinfu_tsumo_and_a_chiitoitsu_ron_are_paid() -> None:
    session = Session(ruleset("tenhou"), NAMES)
    session.tsumo(HanFuWin(seat=Seat(1), han=2, fu=20))  # 400/700
    session.ron(Seat(3), [HanFuWin(seat=Seat(2), han=2, fu=25)])  # 1,600
    assert session.state.scores == (24300, 26500, 26200, 23000)


def test_a_record_with_an_impossible_win_is_refused_naming_the_hand() -> None:
    record = {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": list(NAMES),
        "hands": [
            {"riichi": [], "result": {"type": "draw", "tenpai": []}},
            {"riichi": [], "result": {"type": "ron", "from": 0, "wins": [{"seat": 1, "han": 2, "fu": 20}]}},
        ],
    }
    with pytest.raises(GameRecordError, match=r"hand 2.*seat 1's ron: 2 han 20 fu .*pinfu by tsumo only"):
        parse_record(record)
    assert Ron(Seat(0), (HanFuWin(seat=Seat(1), han=2, fu=30),)).wins == (HanFuWin(seat=Seat(1), han=2, fu=30),)
