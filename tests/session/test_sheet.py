"""The game sheet: the rows and figures a record shows are the session's own (issue 12, "Records")."""

from __future__ import annotations

from scorekeeper.engine.points import Limit
from scorekeeper.session import HanFuWin, Seat, Session, ruleset
from scorekeeper.session.record import parse_record, session_from_record
from scorekeeper.session.sheet import ResultKind, game_sheet
from tests.sample_game import NAMES, SAMPLE_GAME
from tests.session.test_statistics import game_1


def _session() -> Session:
    return session_from_record(parse_record(SAMPLE_GAME))


def test_every_hand_has_a_row_with_the_sessions_deltas_and_scores() -> None:
    session = _session()
    sheet = game_sheet(session.state)
    assert [row.number for row in sheet.hands] == [1, 2, 3, 4, 5, 6, 7]
    assert [row.hand_label for row in sheet.hands] == ["E1", "E1-1", "E2", "E2-1", "E2-2", "E2-2", "E3"]
    for row, entry in zip(sheet.hands, session.state.hands, strict=True):
        assert row.deltas == entry.deltas
        assert row.scores == entry.scores
        assert row.riichi_sticks == entry.riichi_sticks
    assert sheet.series == (sheet.start, *(h.scores for h in session.state.hands))
    assert sheet.labels[1:] == tuple(row.hand_label for row in sheet.hands)


def test_the_hand_after_a_chombo_is_marked_as_its_replay() -> None:
    sheet = game_sheet(_session().state)
    assert [row.replay for row in sheet.hands] == [False, False, False, False, False, True, False]


def test_an_after_uma_chombo_shows_the_pending_ema_penalty() -> None:
    # EMA 2016: a chombo costs 20,000 points taken after uma, not at the hand (seed 002, EMA presets).
    row = game_sheet(_session().state).hands[4]
    assert row.kind == ResultKind.CHOMBO
    assert row.chombo == Seat.SEAT_3
    assert row.chombo_after_uma
    assert row.chombo_points == -20000
    assert row.deltas == (0, 0, 0, 0)


def test_a_reverse_mangan_chombo_shows_what_the_offender_paid() -> None:
    session = Session(ruleset("tenhou", {"chombo": "reverse_mangan"}), NAMES)
    session.chombo(Seat.SEAT_1)
    row = game_sheet(session.state).hands[0]
    assert not row.chombo_after_uma
    assert row.chombo_points == session.state.hands[0].deltas[1] < 0


def test_double_ron_lists_both_winners_with_values_and_pao() -> None:
    row = game_sheet(_session().state).hands[3]
    assert row.kind == ResultKind.RON
    assert row.discarder == Seat.SEAT_0
    assert row.winners == (Seat.SEAT_1, Seat.SEAT_3)
    bruno, dana = row.wins
    assert (bruno.han, bruno.fu, bruno.yakuman, bruno.pao) == (2, 30, 0, None)
    assert (dana.han, dana.fu, dana.yakuman, dana.pao) == (None, None, 1, Seat.SEAT_2)
    assert game_sheet(_session().state).hands[1].wins[0].limit is Limit.MANGAN


def test_final_table_is_the_sessions_result_in_place_order() -> None:
    state = _session().state
    final = state.final
    assert final is not None
    sheet = game_sheet(state)
    assert sheet.ended
    assert [row.place for row in sheet.final] == [1, 2, 3, 4]
    for row in sheet.final:
        assert row.score == final.scores[row.seat]
        assert row.points_tenths == final.points_tenths[row.seat]
    assert {row.seat: row.penalties for row in sheet.final} == {
        Seat.SEAT_0: 0,
        Seat.SEAT_1: -5000,
        Seat.SEAT_2: 0,
        Seat.SEAT_3: -20000,
    }
    assert [p.reason for p in sheet.penalties] == ["chombo in E2", "late arrival"]


def test_a_running_game_shows_its_standings() -> None:
    session = Session(ruleset("tenhou"), NAMES)
    session.tsumo(HanFuWin(seat=Seat.SEAT_2, han=5, fu=30))
    sheet = game_sheet(session.state)
    assert not sheet.ended
    assert [row.score for row in sheet.final] == sorted(session.state.scores, reverse=True)


def test_a_modified_preset_is_named_so() -> None:
    assert game_sheet(Session(ruleset("tenhou"), NAMES).state).ruleset_name == "tenhou"
    modified = game_sheet(Session(ruleset("tenhou", {"chombo_points": 8000}), NAMES).state)
    assert modified.ruleset_name == "tenhou (modified)"
    assert modified.overrides == (("chombo_points", 8000),)


def test_each_kind_of_result_has_its_row_abort_chombo_nagashi_and_pao() -> None:
    # tests/session/test_statistics.py's game 1 (tenhou), worked out there by hand: a double ron, a kyuushu abort,
    # a reverse-mangan chombo (4000 to the dealer, 2000 to each other), the replayed hand's nagashi mangan with the
    # dealer tenpai, and a pao yakuman tsumo.
    sheet = game_sheet(game_1().state)
    rows = sheet.hands
    assert [r.kind for r in rows] == ["ron", "abort", "chombo", "nagashi", "tsumo"]
    assert [r.hand_label for r in rows] == ["E1", "E2", "E2-1", "E2-1", "E2-2"]  # each hand at its own honba
    assert [r.replay for r in rows] == [False, False, False, True, False]
    assert (rows[0].discarder, rows[0].winners) == (Seat.SEAT_0, (Seat.SEAT_2, Seat.SEAT_3))
    assert rows[1].abort == "kyuushu" and rows[0].abort is None
    assert (rows[2].chombo, rows[2].chombo_points, rows[2].chombo_after_uma) == (Seat.SEAT_3, -8000, False)
    assert (rows[3].nagashi, rows[3].tenpai) == ((Seat.SEAT_2,), (Seat.SEAT_1,))
    (pao_win,) = rows[4].wins
    assert (pao_win.seat, pao_win.yakuman, pao_win.pao) == (Seat.SEAT_0, 1, Seat.SEAT_3)
