"""The seating's quality measures (issue 26): table revisits, winds per player, common opponents, kept apart."""

from __future__ import annotations

from scorekeeper.tournament import Seating, TableSeating, quality_report, seat_auto, seating_quality
from tests.tournament.builders import names


def _session(session: int, *tables: str) -> Seating:
    return Seating(
        session=session,
        tables=tuple(TableSeating(k, tuple(t.split())) for k, t in enumerate(tables, start=1)),  # type: ignore[arg-type]
    )


def test_a_player_at_a_table_number_sat_before_is_a_table_revisit() -> None:
    one = _session(1, "a b c d", "e f g h")
    two = _session(2, "a e c g", "b f d h")  # a, c at table 1 again; f, h at table 2 again
    assert seating_quality([one, two]).table_revisits == 4


def test_winds_per_player_are_the_fewest_and_most_sittings_of_one_wind() -> None:
    one = _session(1, "a b c d")
    two = _session(2, "a b c d")
    quality = seating_quality([one, two])
    assert (quality.fewest_same_wind, quality.max_same_wind) == (0, 2)


def test_pairs_who_never_met_are_measured_by_their_common_opponents() -> None:
    # a and e never meet and have all six others in common; b and f never meet and have only a and e in common
    one = _session(1, "a b c d", "e f g h")
    two = _session(2, "a f g h", "e b c d")
    assert seating_quality([one, two], common_opponents=True).fewest_common_opponents == 2
    assert seating_quality([one]).fewest_common_opponents is None  # not asked for


def test_players_of_one_group_meeting_are_counted_when_to_be_kept_apart() -> None:
    one = _session(1, "a b c d", "e f g h")
    clubs = {"a": "X", "b": "X", "e": "X", "c": "Y", "g": "Y"}
    assert seating_quality([one], apart=clubs).apart_meetings == 1


def test_the_report_puts_our_seating_beside_a_random_one() -> None:
    players = names(40)
    history: list[Seating] = []
    for session in range(1, 9):
        history.append(seat_auto(session, players, history=history, sessions=8, seed="report"))
    report = quality_report(history, seed="report")
    assert report.sessions == tuple(range(1, 9))
    assert report.seating.repeat_pairs == 0 < report.random.repeat_pairs
    assert report.seating.max_same_wind == report.seating.fewest_same_wind == 2
    assert report.lines()[0] == "quality of sessions 1-8:  seating   random"
    assert report.to_json()["seating"]["repeat_pairs"] == 0
