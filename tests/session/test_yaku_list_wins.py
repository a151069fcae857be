"""A han/fu win entered with the yaku list keeps its yaku (issue 14): the event, the record and the statistics.

The yaku are stored as declared (the dora count is not kept, so the han cannot be re-added exactly); the session
refuses what cannot be the hand: an unknown name, a yakuman, a yaku twice, or yaku worth more han than declared.
"""

from __future__ import annotations

import datetime
import json
from fractions import Fraction

import pytest

from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import GameRecordError, InvalidHandError
from scorekeeper.session import HanFuWin, Seat, Session, ruleset
from scorekeeper.session.events import win_from_json, win_to_json
from scorekeeper.session.record import format_record, parse_record, record_from_session, session_from_record
from scorekeeper.session.statistics import game_lines, league_table

S0, S1, S2, S3 = Seat.SEAT_0, Seat.SEAT_1, Seat.SEAT_2, Seat.SEAT_3
RIICHI_TANYAO = (Yaku.RIICHI, Yaku.TANYAO)


def _game() -> Session:
    """Aki rons Ben with riichi tanyao and one dora (3 han 40 fu), then tsumo 1 han 30 fu called out bare."""
    session = Session(ruleset("tenhou"), ("Aki", "Ben", "Cho", "Dan"))
    session.declare_riichi(S0)
    session.ron(S1, [HanFuWin(seat=S0, han=3, fu=40, yaku=RIICHI_TANYAO)])
    session.tsumo(HanFuWin(seat=S0, han=1, fu=30))
    session.tsumo(HanFuWin(seat=S2, han=2, fu=20, yaku=(Yaku.MENZEN_TSUMO, Yaku.PINFU)))
    session.end_game("time")
    return session


def test_a_yaku_list_win_writes_its_yaku_and_a_bare_han_fu_win_writes_exactly_the_old_keys() -> None:
    named = HanFuWin(seat=S0, han=3, fu=40, yaku=RIICHI_TANYAO)
    assert win_to_json(named) == {"seat": 0, "han": 3, "fu": 40, "yaku": ["riichi", "tanyao"]}
    assert win_from_json(win_to_json(named)) == named
    bare = HanFuWin(seat=S0, han=3, fu=40)
    assert win_to_json(bare) == {"seat": 0, "han": 3, "fu": 40}
    assert win_from_json({"seat": 0, "han": 3, "fu": 40}) == bare


def test_a_record_round_trips_with_and_without_the_yaku_field() -> None:
    session = _game()
    text = json.dumps(format_record(record_from_session(session)))
    obj = json.loads(text)
    assert obj["version"] == 1  # the field is optional within version 1
    wins = [hand["result"].get("wins", [hand["result"].get("win")])[0] for hand in obj["hands"]]
    assert [w.get("yaku") for w in wins] == [["riichi", "tanyao"], None, ["menzen_tsumo", "pinfu"]]
    again = session_from_record(parse_record(obj))
    assert again.state.hands == session.state.hands
    assert format_record(record_from_session(again)) == obj
    # An older record, without any yaku, loads unchanged and pays the same.
    for hand in obj["hands"]:
        result = hand["result"]
        for win in result.get("wins", []) + ([result["win"]] if "win" in result else []):
            win.pop("yaku", None)
    old = session_from_record(parse_record(obj))
    assert old.state.final is not None and session.state.final is not None
    assert old.state.final.scores == session.state.final.scores
    assert format_record(record_from_session(old)) == obj


@pytest.mark.parametrize(
    ("yaku", "message"),
    [
        (("riichi", "no_such_yaku"), "unknown yaku 'no_such_yaku'"),
        (("riichi", "daisangen"), "daisangen is a yakuman"),
        (("riichi", "riichi"), "riichi is named twice"),
        (("chinitsu",), "at least 5 han, more than the 3 han declared"),  # chinitsu is 5 open, 6 closed
    ],
)
def test_the_session_refuses_yaku_that_cannot_be_the_hand(yaku: tuple[str, ...], message: str) -> None:
    with pytest.raises(GameRecordError, match=message):
        win_from_json({"seat": 0, "han": 3, "fu": 40, "yaku": list(yaku)})


def test_declared_yaku_are_counted_at_their_open_han_and_the_rest_is_dora() -> None:
    # honitsu is 3 closed, 2 open: declared as 2 han it can be an open honitsu without dora.
    assert HanFuWin(seat=S0, han=2, fu=30, yaku=(Yaku.HONITSU,)).yaku == (Yaku.HONITSU,)
    with pytest.raises(InvalidHandError, match="at least 2 han"):
        HanFuWin(seat=S0, han=1, fu=30, yaku=(Yaku.HONITSU,))


@pytest.mark.parametrize("bad", [[], "riichi", [1]])
def test_a_malformed_yaku_field_is_a_clear_record_error(bad: object) -> None:
    with pytest.raises(GameRecordError, match="yaku"):
        win_from_json({"seat": 0, "han": 3, "fu": 40, "yaku": bad})


def test_statistics_count_the_yaku_of_wins_entered_with_the_yaku_list() -> None:
    session = _game()
    lines = game_lines(session.state, game_id=1, played=datetime.date(2026, 4, 1), players=list(session.players))
    table = league_table([lines])
    aki, cho = table["Aki"], table["Cho"]
    # Two of Aki's wins: the yaku-list one has yaku, the bare han/fu one has none; neither has a dora reading.
    assert (aki.wins, aki.yaku_wins, aki.detailed_wins) == (2, 1, 0)
    assert aki.yaku_frequencies() == (("riichi", 1, Fraction(1)), ("tanyao", 1, Fraction(1)))
    assert (aki.average_han, aki.average_fu, aki.dora_per_win) == (Fraction(2), Fraction(35), None)
    assert cho.yaku_frequencies() == (("menzen_tsumo", 1, Fraction(1)), ("pinfu", 1, Fraction(1)))
