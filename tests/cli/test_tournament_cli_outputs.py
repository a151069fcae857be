"""``scorekeeper tournament``: what it prints and exports for one recorded game, and its create options.

The game (``tests/cli/test_tournament_cli.py``'s ``_record`` for session 1, table 1; ema2016: 30000 start, no oka,
uma 15/5/-5/-15, tied seats share their uma; seed 000 payments): P003 (seat 2) rons P004 for 2 han 30 fu, 2000;
then P001 rons P003 for 2 han 30 fu, 2000 (P002 deals). Final scores 32000 30000 30000 28000: P001 +2.0 + 15 =
+17.0, P002 and P003 0.0 (sharing 5 and -5), P004 -2.0 - 15 = -17.0. A penalty of -2000 puts P004 on -19.0.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorekeeper.session import Session, format_record, record_from_session, ruleset
from scorekeeper.storage.tournament_store import open_tournament_store
from tests.cli.test_tournament_cli import _create, _record, _run
from tests.tournament.builders import names, ron

_Capture = pytest.CaptureFixture[str]


def _one_game(tmp_path: Path, capsys: _Capture, *extra: str) -> str:
    """An 8-player tournament (with ``extra`` create options) whose table 1 of session 1 played the game above."""
    db = _create(tmp_path, capsys, 8, *extra)
    seating = tmp_path / "seating.csv"
    seating.write_text("table,east,south,west,north\n1,P001,P002,P003,P004\n2,P005,P006,P007,P008\n", encoding="utf-8")
    assert _run(capsys, "seat", "--db", db, "--session", "1", "--method", "file", str(seating))[0] == 0
    game = str(_record(tmp_path, list(names(4)), 1, 1))
    assert _run(capsys, "record", "--db", db, "--session", "1", "--table", "1", game)[0] == 0
    return db


def _csv_rows(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # a byte-order mark, so spreadsheets read UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_standings_as_text_show_points_games_penalties_and_teams(tmp_path: Path, capsys: _Capture) -> None:
    db = _one_game(tmp_path, capsys, "--teams")
    penalty = ["penalty", "--db", db, "--player", "P004", "--points", "-2000", "--reason", "late"]
    assert _run(capsys, *penalty) == (0, "penalty -2.0 for P004 (the tournament): late\n", "")
    status, out, err = _run(capsys, "standings", "--db", db)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "   1  P001  17.0  1 games"
    assert "  P004  -19.0  1 games  (penalties -2.0)" in lines[7]
    # Teams (the players CSV: P001, P004, P007 Blue; the rest Red) sum their members: Red 0.0, Blue -2.0.
    assert lines[8:] == ["team   1  Red  0.0", "team   2  Blue  -2.0"]


def test_the_standings_csv_lists_the_teams_below_the_players(tmp_path: Path, capsys: _Capture) -> None:
    db = _one_game(tmp_path, capsys, "--teams")
    path = tmp_path / "standings.csv"
    assert _run(capsys, "export", "--db", db, "--format", "csv", "-o", str(path)) == (0, f"wrote {path}\n", "")
    rows = _csv_rows(path)
    assert rows[1][:5] == ["1", "P001", "17.0", "1", "0.0"]
    blank = rows.index([])
    assert rows[blank + 1] == ["rank", "team", "points", "members"]
    # Level teams share the rank: Blue +17.0 - 17.0 + 0.0, Red 0.0.
    assert rows[blank + 2] == ["1", "Blue", "0.0", "P001, P007, P004"]
    assert rows[blank + 3][:3] == ["1", "Red", "0.0"]


def test_the_games_csv_has_a_row_per_seat_with_its_player_score_and_points(tmp_path: Path, capsys: _Capture) -> None:
    db = _one_game(tmp_path, capsys)
    path = tmp_path / "games.csv"
    assert _run(capsys, "export", "--db", db, "--format", "games-csv", "-o", str(path))[0] == 0
    header, *rows = _csv_rows(path)
    assert header == [
        "session",
        "table",
        "game",
        "state",
        "hands",
        "seat",
        "player",
        "first hand",
        "hands played",
        "score",
        "points",
        "place",
        "left",
    ]
    assert all(row[:2] == ["1", "1"] and row[3:5] == ["finished", "2"] for row in rows)
    assert [row[5:] for row in rows] == [
        ["east", "P001", "1", "2", "32000", "17.0", "1", ""],
        ["south", "P002", "1", "2", "30000", "0.0", "2", ""],
        ["west", "P003", "1", "2", "30000", "0.0", "2", ""],
        ["north", "P004", "1", "2", "28000", "-17.0", "4", ""],
    ]


def test_create_stores_the_ruleset_overrides_and_seats_a_fixed_player_at_their_table(
    tmp_path: Path, capsys: _Capture
) -> None:
    db = _create(tmp_path, capsys, 8, "--override", "uma=[20,10,-10,-20]", "--fixed", "P001=2")
    with open_tournament_store(db) as store:
        rules = store.load().settings.ruleset
    assert rules.overrides_dict() == {"uma": [20, 10, -10, -20]}
    assert rules.table.uma == (20, 10, -10, -20)
    status, out, _ = _run(capsys, "seat", "--db", db, "--session", "1", "--method", "random", "--seed", "7")
    assert status == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["table 1", "table 2"]
    assert "P001" in lines[1]
    assert sorted(n for line in lines for n in line.split(": ")[1].split(", ")) == list(names(8))


@pytest.mark.parametrize(
    ("option", "message"),
    [
        pytest.param(
            ["--override", "uma=[20,10"],
            "--override 'uma=[20,10': the value must be JSON (e.g. uma=[20,10,-10,-20])",
            id="override",
        ),
        pytest.param(["--fixed", "P001"], "--fixed 'P001': write NAME=TABLE", id="fixed-no-table"),
        pytest.param(["--fixed", "P001=two"], "--fixed 'P001=two': write NAME=TABLE", id="fixed-not-a-number"),
    ],
)
def test_a_malformed_create_option_is_a_clear_error_and_creates_nothing(
    tmp_path: Path, capsys: _Capture, option: list[str], message: str
) -> None:
    db = tmp_path / "open.db"
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn\nBo\nCy\nDi\n", encoding="utf-8")
    argv = ["create", "--db", str(db), "--name", "Open", "--players", str(players), "--sessions", "2", *option]
    status, out, err = _run(capsys, *argv)
    assert (status, out) == (1, "")
    assert err == f"scorekeeper tournament: error: {message}\n"
    assert not db.exists()


def test_a_game_played_under_another_ruleset_is_refused_naming_both(tmp_path: Path, capsys: _Capture) -> None:
    db = _create(tmp_path, capsys, 8)
    assert _run(capsys, "seat", "--db", db, "--session", "1")[0] == 0
    game = Session(ruleset("tenhou"), list(names(4)))
    game.apply(ron(0, 1))
    path = tmp_path / "tenhou.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    status, out, err = _run(capsys, "record", "--db", db, "--session", "1", "--table", "1", str(path))
    assert (status, out) == (1, "")
    assert err.endswith(': the game was played under ruleset "tenhou", the tournament\'s is "ema2016"\n')
    with open_tournament_store(db) as store:
        assert store.load().games == ()
