"""Wins entered as full hands: scored by the engine, checked against the table, with pao from the yaku list."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import IllegalActionError, NotWinningError
from scorekeeper.session import HandWin, RiichiSettlement, Ron, Tsumo
from tests.session.builders import S0, S1, S2, S3, advance, game

# tenhou.net sample hand 2: riichi pinfu, 1 red-less dora and 1 ura: 4 han 30 fu, 7700 for a non-dealer ron.
PINFU = {
    "hand": "456m123456678p88s",
    "melds": [],
    "win": "6p",
    "dora": ["0m"],
    "ura": ["3m"],
    "riichi": True,
}
# tenhou.net sample hand 1: riichi chiitoitsu, 3 han 25 fu: 4800 for a dealer ron.
CHIITOI = {"hand": "112266m6699s3366z", "win": "6z", "dora": ["9p"], "ura": ["2p"], "riichi": True}
DAISANGEN: dict[str, Any] = {
    "hand": "234m11p",
    "melds": [{"type": "pon", "tiles": "555z"}, {"type": "pon", "tiles": "666z"}, {"type": "pon", "tiles": "777z"}],
    "win": "4m",
}


def test_full_hand_ron_scored_by_the_engine_with_winds_filled_in() -> None:
    session = game("tenhou")
    session.declare_riichi(S3)  # seat 3 is North in East 1
    session.apply(Ron(S1, (HandWin.from_input(S3, PINFU),)))
    settlement = session.state.hands[-1].settlement
    assert isinstance(settlement, RiichiSettlement)
    assert settlement.wins[0].value.han == 4
    assert session.state.scores == (25000, 25000 - 7700, 25000, 25000 + 7700)


def test_full_hand_dealer_ron_in_south_round() -> None:
    session = game("tenhou")
    advance(session, 4)
    session.declare_riichi(S0)
    session.apply(Ron(S1, (HandWin.from_input(S0, {**CHIITOI, "seat_wind": "E", "round_wind": "S"}),)))
    assert session.state.hands[-1].deltas == (4800 + 1200, -4800 - 1200, 0, 0)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        pytest.param({**PINFU, "seat_wind": "E"}, "seat_wind='E', but at the table the seat wind is", id="seat-wind"),
        pytest.param({**PINFU, "round_wind": "S"}, "round_wind='S'", id="round-wind"),
        pytest.param({**PINFU, "tsumo": True}, "the win is a ron", id="tsumo-flag"),
        pytest.param({**PINFU, "riichi": False}, "did declare riichi", id="riichi-flag"),
    ],
)
def test_full_hand_conditions_must_agree_with_the_table(hand: dict[str, Any], message: str) -> None:
    session = game("tenhou")
    session.declare_riichi(S3)
    with pytest.raises(IllegalActionError, match=message):
        session.apply(Ron(S1, (HandWin.from_input(S3, hand),)))


def test_full_hand_that_does_not_win_is_refused_with_the_engine_error() -> None:
    session = game("tenhou")
    with pytest.raises(NotWinningError):
        session.apply(Tsumo(HandWin.from_input(S2, {**DAISANGEN, "hand": "235m11p", "win": "5m"})))
    assert not session.state.hands


def test_full_hand_pao_daisangen_tsumo() -> None:
    # Seed 004 6.2: the liable player pays the whole hand on a self-draw.
    session = game("tenhou")
    session.apply(Tsumo(HandWin.from_input(S1, DAISANGEN, pao=S2)))
    assert session.state.scores == (25000, 57000, -7000, 25000)


def test_full_hand_pao_needs_a_liable_yakuman() -> None:
    session = game("tenhou")
    session.declare_riichi(S3)
    with pytest.raises(IllegalActionError, match="pao needs a liable yakuman"):
        session.apply(Ron(S1, (HandWin.from_input(S3, PINFU, pao=S2),)))
