"""A game with a substitute in the game's own records (the readable CSV and the game PDF): each hand names who
sat at each seat in that hand, and the seat's result is credited as the standings credit it (``seat_shares``).

Before, every hand named the players who sat at the end: a hand won before the substitute came in read as theirs.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from scorekeeper.cli.replay import format_text
from scorekeeper.session import Chombo, Seat, seat_shares
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.records import format_game_csv, format_results_csv
from tests.session.builders import S1, S2, S3, game, hf
from tests.session.test_statistics_substitution import _substituted


def _csv(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def _tenths(text: str) -> int:
    return round(float(text) * 10)


def test_the_readable_csv_names_who_sat_in_each_hand_and_credits_each_player_as_the_standings_do() -> None:
    state = _substituted().state
    rows = _csv(format_game_csv(state))
    header = rows[0]
    assert "Bo / Sub change" in header and "Bo / Sub score" in header
    winners, discarder, riichi = header.index("winners"), header.index("discarder"), header.index("riichi")
    hands = rows[1:5]
    assert [(h[winners], h[discarder], h[riichi]) for h in hands] == [
        ("Bo", "Cy", ""),
        ("Ann", "", "Bo"),  # Bo's riichi in E2, before he left
        ("Sub", "Di", "Sub"),
        ("Cy", "Sub", ""),
    ]
    start = rows.index(["players credited"])
    assert rows[start + 1] == ["seat", "player", "first hand", "points"]
    credited = rows[start + 2 : start + 7]
    shares = seat_shares(state)
    assert [(int(r[0]) - 1, r[1], int(r[2]) - 1, _tenths(r[3])) for r in credited] == [
        (s.seat, s.player, s.first_hand, s.points_tenths + s.penalties_tenths) for s in shares
    ]
    final = state.final
    assert final is not None
    for seat in Seat:
        assert sum(_tenths(r[3]) for r in credited if int(r[0]) - 1 == seat) == final.points_tenths[seat]
    # The final table is each seat's result, named by everyone who sat there.
    table = rows[rows.index(["final table"]) + 2 : start - 1]
    assert sorted(r[2] for r in table) == ["Ann", "Bo / Sub", "Cy", "Di"]


def test_the_results_csv_names_a_shared_seat_by_all_who_sat_there() -> None:
    rows = _csv(format_results_csv(_substituted().state))
    assert [r[1] for r in rows[1:5]] == ["Ann", "Bo / Sub", "Cy", "Di"]


def test_a_chombo_after_uma_made_before_leaving_is_the_leavers_penalty_on_the_record() -> None:
    session = game("ema2016")
    session.ron(S2, [hf(1, 3, 30)])
    session.apply(Chombo(S1))
    session.replace_player(S1, "Sub")
    session.ron(S3, [hf(2, 1, 30)])
    session.end_game("time")
    sheet = game_sheet(session.state)
    assert sheet.penalty_players == ("Bo",)
    rows = _csv(format_game_csv(session.state))
    start = rows.index(["penalties after uma"])
    assert rows[start + 2][:3] == ["2", "Bo", "-20000"]


def test_a_game_without_a_substitute_has_no_credit_section_and_the_same_names() -> None:
    session = game("tenhou")
    session.ron(S2, [hf(1, 3, 30)])
    session.end_game("time")
    sheet = game_sheet(session.state)
    assert not sheet.substituted
    assert sheet.seat_names == sheet.players == sheet.starting_players
    assert ["players credited"] not in _csv(format_game_csv(session.state))


def test_replay_heads_a_shared_seat_by_both_and_says_who_is_credited_with_what() -> None:
    state = _substituted().state
    text = format_text(Path("game.json"), state)
    assert "Bo / Sub" in text.splitlines()[1]
    credited = next(line for line in text.splitlines() if line.strip().startswith("credited:"))
    for share in seat_shares(state):
        points = share.points_tenths + share.penalties_tenths
        sign = "+" if points > 0 else "-" if points < 0 else ""
        words = f"{share.player} {sign}{abs(points) // 10}.{abs(points) % 10} (from hand {share.first_hand + 1})"
        assert words in credited
