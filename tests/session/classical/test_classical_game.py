"""A classical game (seed 003) at the table: a full game replayed from its record, with hand-computed expectations.

Table rules (docs/classical.md, "Settlement"): each of the three others pays the winner the hand's value, East
paying and receiving double; East keeps the deal after winning and after a draw, otherwise the deal passes right;
back at seat 0 the round wind advances; no riichi sticks, no honba; the final points are each player's change
from the start (2,000 by default).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine.classical import Double
from scorekeeper.session import (
    ClassicalHandSettlement,
    EndReason,
    ExhaustiveDraw,
    Family,
    HandWin,
    RiichiSettlement,
    Ron,
    Seat,
    Session,
    Tsumo,
    ValueWin,
    format_record,
    parse_record,
    record_from_session,
    ruleset,
    session_from_record,
)

S0, S1, S2, S3 = Seat
PLAYERS = ["Ann", "Bo", "Cy", "Di"]

# Seed 003, C, first example: 20 points (22 rounded) x 2^5 doubles = 640, won on a discard (the hand's tiles are
# tests/engine/classical/test_seed_examples.py's EXAMPLE_1).
EXAMPLE_1 = {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]}
# Seed 003, C, second example: 40 points (38 rounded) x 72 (nine doubles, the slam rule) = 2,880 (EXAMPLE_2).
EXAMPLE_2 = {
    "hand": "234p234p22p",
    "win": "4p",
    "melds": [{"type": "pon", "tiles": "333s"}, {"type": "minkan", "tiles": "1111s"}],
}


def _ron(discarder: int, seat: int, **win: Any) -> dict[str, Any]:
    return {"riichi": [], "result": {"type": "ron", "from": discarder, "wins": [{"seat": seat, **win}]}}


def _tsumo(seat: int, **win: Any) -> dict[str, Any]:
    return {"riichi": [], "result": {"type": "tsumo", "win": {"seat": seat, **win}}}


DRAW = {"riichi": [], "result": {"type": "draw", "tenpai": []}}

# An East-and-South game ("rounds": 2), every step computed by hand from 2,000 each.
GAME: list[tuple[dict[str, Any], str, tuple[int, int, int, int]]] = [
    # E1, East = seat 0. Seat 1 wins seed example 1 (640) on seat 2's discard: East pays double (1,280), the two
    # others 640 each; the discarder pays no more than the others. East did not win: the deal passes to seat 1.
    (_ron(2, 1, hand=EXAMPLE_1), "E1", (720, 4560, 1360, 1360)),
    # E2, East = seat 1, self-drawn, called out as 100: East receives double (200) from each. East keeps the deal.
    (_tsumo(1, value=100), "E2", (520, 5160, 1160, 1160)),
    # E2 again: a draw. No payments (no noten payments in this family); East keeps the deal after a draw.
    (DRAW, "E2", (520, 5160, 1160, 1160)),
    # E2 again: seat 3 wins seed example 2 (2,880) on seat 0's discard: East (seat 1) pays 5,760, seats 0 and 2
    # 2,880 each. The deal passes to seat 2.
    (_ron(0, 3, hand=EXAMPLE_2), "E2", (-2360, -600, -1720, 12680)),
    # E3, East = seat 2. Seat 0 self-draws 60: East pays 120, the others 60. The deal passes to seat 3.
    (_tsumo(0, value=60), "E3", (-2120, -660, -1840, 12620)),
    # E4, East = seat 3, who deals in 200 to seat 2: East pays 400, the others 200. The deal passes back to seat 0:
    # the round wind advances to South.
    (_ron(3, 2, value=200), "E4", (-2320, -860, -1040, 12220)),
    # S1, East = seat 0: a draw; East keeps the deal.
    (DRAW, "S1", (-2320, -860, -1040, 12220)),
    # S1 again: seat 1 self-draws 40: East (seat 0) pays 80, the others 40. The deal passes.
    (_tsumo(1, value=40), "S1", (-2400, -700, -1080, 12180)),
    # S2, East = seat 1: seat 2 wins 100 on East's discard: East pays 200, the others 100.
    (_ron(1, 2, value=100), "S2", (-2500, -900, -680, 12080)),
    # S3, East = seat 2: seat 3 wins 80 on seat 0's discard: East pays 160, the others 80.
    (_ron(0, 3, value=80), "S3", (-2580, -980, -840, 12400)),
    # S4, East = seat 3: seat 0 wins 1,000 on seat 1's discard: East pays 2,000, the others 1,000. The deal would
    # pass back to seat 0 after the last round wind: the game ends ("rounds": 2).
    (_ron(1, 0, value=1000), "S4", (1420, -1980, -1840, 10400)),
]
FINAL_SCORES = (1420, -1980, -1840, 10400)
FINAL_PLACES = (2, 4, 3, 1)  # placement by score
FINAL_POINTS = (1420 - 2000, -1980 - 2000, -1840 - 2000, 10400 - 2000)  # the change from the start; no uma


def _record(hands: list[dict[str, Any]], rules: Any = None) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": rules if rules is not None else {"preset": "classical", "overrides": {"rounds": 2}},
        "players": PLAYERS,
        "hands": hands,
    }


def test_full_classical_game_replayed_from_its_record() -> None:
    state = parse_record(_record([hand for hand, _, _ in GAME])).replay()
    assert state.rules.family is Family.CLASSICAL
    assert [h.label for h in state.hands] == [label for _, label, _ in GAME]
    assert [h.scores for h in state.hands] == [scores for _, _, scores in GAME]
    assert all(h.honba == 0 and h.riichi_sticks == 0 for h in state.hands)
    assert all(sum(h.scores) == 4 * 2000 for h in state.hands)
    assert state.ended and state.end_reason is EndReason.LAST_HAND
    assert state.label == "S4"  # an ended game keeps the last hand's label
    final = state.final
    assert final is not None
    assert final.scores == FINAL_SCORES
    assert final.places == FINAL_PLACES
    assert tuple(p // 10 for p in final.points_tenths) == FINAL_POINTS
    assert sum(final.points_tenths) == 0


def test_a_classical_settlement_carries_only_what_the_classical_game_has() -> None:
    # Issue 11: the family has no honba, no riichi sticks and no han/fu wins (seed 003), so its settlement type has
    # no field for them; the shared shape (the base Settlement) is what every family's history reads.
    names = {field.name for field in dataclasses.fields(ClassicalHandSettlement)}
    assert names == {"result", "transfers", "deltas", "dealer_repeats", "values"}
    riichi_only = {"wins", "honba_after", "riichi_sticks_after", "abort", "replayed"}
    assert riichi_only <= {field.name for field in dataclasses.fields(RiichiSettlement)}


def test_a_classical_settlement_names_its_winner_and_a_draw_none() -> None:
    session = Session(ruleset("classical"), PLAYERS)
    won = session.preview(Tsumo(ValueWin(seat=S2, value=100)))
    assert won.winners == (S2,)
    assert won.deltas == (-200, -100, 400, -100)  # East (seat 0) pays double
    assert session.preview(ExhaustiveDraw(())).winners == ()


def test_full_classical_game_settlement_explains_the_engine_value() -> None:
    state = parse_record(_record([hand for hand, _, _ in GAME[:1]])).replay()
    settlement = state.hands[0].settlement
    assert isinstance(settlement, ClassicalHandSettlement)
    (value,) = settlement.values
    assert value.seat == S1 and value.value == 640
    assert value.score is not None and value.score.doubles == 5
    assert Double.ONE_CHANCE in {item.double for item in value.score.double_items}
    assert {(t.payer, t.points) for t in settlement.transfers} == {(S0, 1280), (S2, 640), (S3, 640)}


def test_full_classical_game_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "classical.json"
    path.write_text(json.dumps(_record([hand for hand, _, _ in GAME])), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == [
        {"label": label, "honba": 0, "scores": list(scores), "riichi_sticks": 0} for _, label, scores in GAME
    ]
    assert out["ended"] is True
    assert out["final"] == {"scores": list(FINAL_SCORES), "places": list(FINAL_PLACES), "points": list(FINAL_POINTS)}
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "S4-0" in text and "  +8,400" in text


def test_hand_after_the_classical_game_ended_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "late.json"
    path.write_text(json.dumps(_record([*(hand for hand, _, _ in GAME), DRAW])), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert "hand 12" in out["error"] and "already ended" in out["error"]


def test_four_round_winds_by_default_east_passes_after_north_four() -> None:
    """The default game lasts East, South, West and North: sixteen passes of the deal when East never repeats."""
    # Seat 0 deals first; each hand the next seat wins on the dealer's discard, so the deal always passes.
    hands = []
    dealer = 0
    for _ in range(16):
        winner = (dealer + 1) % 4
        hands.append(_ron(dealer, winner, value=10))
        dealer = winner
    state = parse_record(_record(hands, "classical")).replay()
    labels = [h.label for h in state.hands]
    assert labels[:5] == ["E1", "E2", "E3", "E4", "S1"]
    assert labels[-4:] == ["N1", "N2", "N3", "N4"]
    assert state.ended and state.end_reason is EndReason.LAST_HAND


def test_classical_doubles_preset_values_the_hand_as_unit_times_doubles() -> None:
    """Seed 003, B, the double system alone: a unit of 10 (our knob) x 2^5 doubles for example 1 = 320."""
    state = parse_record(_record([_ron(2, 1, hand=EXAMPLE_1)], "classical-doubles")).replay()
    assert state.hands[0].deltas == (-640, 4 * 320, -320, -320)


def test_uma_knob_adds_a_placement_bonus_tied_seats_share_the_place_and_split_its_uma() -> None:
    rules = {
        "preset": "classical",
        "overrides": {"rounds": 1, "uma": [300, 100, -100, -300], "dealer_repeats_on_draw": False},
    }
    # E1: seat 1 wins 100 on East's discard: East (seat 0) pays 200, seats 2 and 3 100. E2-E4: draws, and with
    # dealer_repeats_on_draw off the deal passes each time: the East round ("rounds": 1) ends after E4.
    hands = [_ron(0, 1, value=100), DRAW, DRAW, DRAW]
    state = parse_record(_record(hands, rules)).replay()
    assert [h.label for h in state.hands] == ["E1", "E2", "E3", "E4"]
    final = state.final
    assert final is not None
    assert final.scores == (1800, 2400, 1900, 1900)
    assert final.places == (4, 1, 2, 2)  # seats 2 and 3 tie for second
    # Change from 2,000 plus uma; the tied seats split second and third place's uma (+100 - 100 = 0 each).
    assert tuple(p // 10 for p in final.points_tenths) == (-200 - 300, 400 + 300, -100 + 0, -100 + 0)
    assert sum(final.points_tenths) == 0


def test_four_way_tie_shares_first_place() -> None:
    # Each seat wins 10 once on the dealer's discard and pays 10 + 10 + 20 (East) or 20 as East: all end at 2,000.
    hands = [_ron(d, (d + 1) % 4, value=10) for d in range(4)]
    final = parse_record(_record(hands, {"preset": "classical", "overrides": {"rounds": 1}})).replay().final
    assert final is not None
    assert final.scores == (2000, 2000, 2000, 2000)
    assert final.places == (1, 1, 1, 1)
    assert final.points_tenths == (0, 0, 0, 0)


def test_session_api_for_a_classical_game_with_undo_redo_and_an_edit() -> None:
    session = Session(ruleset("classical"), PLAYERS)
    session.ron(S2, [HandWin.from_input(S1, EXAMPLE_1)])
    assert session.state.scores == (720, 4560, 1360, 1360)
    session.tsumo(ValueWin(seat=S1, value=100))
    after_two = session.state
    session.undo()
    assert session.state.scores == (720, 4560, 1360, 1360)
    session.redo()
    assert session.state == after_two
    # A referee's correction: the first hand was worth 320, not 640. Everything after is recomputed.
    session.edit_hand(0, parse_record(_record([_ron(2, 1, value=320)])).hands[0])
    assert session.state.hands[0].scores == (2000 - 640, 2000 + 1280, 2000 - 320, 2000 - 320)
    assert session.state.scores == (1360 - 200, 3280 + 600, 1680 - 200, 1680 - 200)
    record = record_from_session(session)
    again = parse_record(json.loads(json.dumps(format_record(record))))
    assert again == record
    assert session_from_record(again).state.scores == session.state.scores


def test_full_hand_conditions_are_filled_from_the_table_and_checked() -> None:
    session = Session(ruleset("classical"), PLAYERS)
    # The table says seat 1 is South in East 1 and won on a discard: the hand may say so, and may not say otherwise.
    session.preview(Ron(S2, (HandWin.from_input(S1, {**EXAMPLE_1, "seat_wind": "S", "round_wind": "E"}),)))
    with pytest.raises(ValueError, match="seat_wind='W'"):
        session.preview(Ron(S2, (HandWin.from_input(S1, {**EXAMPLE_1, "seat_wind": "W"}),)))
    with pytest.raises(ValueError, match="tsumo=True"):
        session.preview(Ron(S2, (HandWin.from_input(S1, {**EXAMPLE_1, "tsumo": True}),)))
    tsumo = session.preview(Tsumo(HandWin.from_input(S1, EXAMPLE_1)))
    assert isinstance(tsumo, ClassicalHandSettlement)
    assert tsumo.values[0].score is not None and tsumo.values[0].score.raw_points == 24  # 22 + 2 for self-drawing
