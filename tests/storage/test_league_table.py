"""The league table's rows and its CSV (``scorekeeper.storage.statistics``), from the hand-computed small games.

Every figure below is tests/session/test_statistics.py's EXPECTED (worked out by hand from the three games there),
as the league table shows it: averages rounded half away from zero, rates in percent, points signed.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

from scorekeeper.session.statistics import PlayerTotals, league_table
from scorekeeper.storage.statistics import LEAGUE_COLUMNS, format_league_csv, league_row, write_league_csv
from tests.session.test_statistics import finished_lines


def _rows() -> dict[str, tuple[str, ...]]:
    return {name: league_row(name, totals).texts for name, totals in league_table(finished_lines()).items()}


def test_a_league_row_shows_the_hand_computed_figures_as_the_table_prints_them() -> None:
    rows = _rows()
    # Aki: 3 games (2 firsts, 1 second), +98.1 (32.7 a game), 8 hands, 1 tsumo win of 32000, 2 deal-ins, 1 riichi.
    assert rows["Aki"] == (
        "Aki", "3", "2", "1", "0", "0", "1.333", "+98.1", "+32.7", "0", "0", "8",
        "12.5%", "1", "25.0%", "12.5%", "32000", "32000",
    )  # fmt: skip
    # Dan: a minus total is not signed with a plus; 1 win in 6 hands is 16.7%; a bust and a chombo.
    assert rows["Dan"][7:13] == ("-91.0", "-45.5", "1", "1", "6", "16.7%")
    # Cho: 1 win in 7 hands, 14.2857...% -> 14.3%; Eve: 1 game, -17.1.
    assert rows["Cho"][12] == "14.3%"
    assert rows["Eve"][6:9] == ("3.000", "-17.1", "-17.1")


def test_a_league_row_keeps_exact_values_for_sorting() -> None:
    (aki, _, _, _, _, _, average_place, points, per_game, *_) = league_row(
        "Aki", league_table(finished_lines())["Aki"]
    ).values
    assert (aki, average_place, points, per_game) == ("Aki", Fraction(4, 3), Fraction(981, 10), Fraction(327, 10))


def test_a_player_without_games_or_wins_has_blank_averages_and_no_largest_win() -> None:
    row = league_row("New", PlayerTotals())
    assert row.texts == ("New", "0", "0", "0", "0", "0", "", "0.0", "", "0", "0", "0", "", "0", "", "", "", "")
    assert row.values[6] is None  # no average place to sort by


def test_the_league_csv_has_a_heading_row_one_row_a_player_and_names_guarded_against_formulas(tmp_path: Path) -> None:
    table = league_table(finished_lines())
    rows = [league_row("=HYPERLINK()", table["Aki"]), league_row("Ben", table["Ben"])]
    data = format_league_csv(rows)
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark
    assert b"\r\n" in data  # RFC 4180 line ends
    heading, aki, ben = csv.reader(io.StringIO(data.decode("utf-8-sig")))
    assert heading == [title for _, title in LEAGUE_COLUMNS]
    assert aki[0] == "'=HYPERLINK()"  # a spreadsheet shows it as text instead of running it
    assert aki[1:] == list(rows[0].texts[1:])
    assert ben == list(rows[1].texts)
    path = tmp_path / "league.csv"
    write_league_csv(path, rows)
    assert path.read_bytes() == data
