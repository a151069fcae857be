"""``scorekeeper stats --tournament DB``: statistics over a tournament store's table games (issue 14).

Figures by hand (EMA 2016: 30000 start, uma 15/5/-5/-15, no oka, tied places share their uma): at table 1 seat 1
rons seat 0 for a mangan, 8000: 38000 22000 30000 30000, so seat 1 is +8.0 + 15 = +23.0, seat 0 -8.0 - 15 = -23.0
and seats 2 and 3 share 2nd and 3rd, 0.0 each. Table 2 is still being played and counts for nobody.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.session import HanFuWin, Ron, Seat
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import TableGame, seat_random
from tests.tournament.builders import ron, roster, settings, table_game


def _tournament(path: Path) -> tuple[tuple[str, str, str, str], tuple[str, str, str, str]]:
    with open_tournament_store(path) as store:
        store.create(settings(dates=("2026-05-02",)), roster(8))
        store.save_seating(seat_random(1, store.load().ranked_in(1), seed=1))
        seating = store.load().seatings[0]
        first, second = seating.table(1).seats, seating.table(2).seats
        assert store.add_game(table_game(1, 1, first, ron(1, 0)))
        unfinished = Ron(Seat(3), (HanFuWin(seat=Seat(2), han=1, fu=30),))
        assert store.add_game(TableGame(game_id="s1-t2", session=1, table=2, players=second, events=(unfinished,)))
    return first, second


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    capsys.readouterr()
    assert main(["stats", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_stats_over_a_tournament_counts_its_finished_table_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.db"
    first, second = _tournament(db)
    players = _stats(capsys, "--tournament", str(db))["players"]
    assert len(players) == 4
    winner, loser = players[0], players[-1]
    assert winner["player"] == first[1]
    assert {p["player"] for p in players[1:3]} == {first[2], first[3]}
    assert [p["points"] for p in players[1:3]] == [0.0, 0.0]
    assert (winner["games"], winner["wins"], winner["hands"], winner["points"]) == (1, 1, 1, 23.0)
    assert (winner["average_win"], winner["largest_win"], winner["places"]) == (8000, 8000, [1, 0, 0, 0])
    assert (loser["player"], loser["deal_ins"], loser["points"], loser["places"]) == (first[0], 1, -23.0, [0, 0, 0, 1])
    assert not set(second) & {p["player"] for p in players}  # table 2 has not finished
    one = _stats(capsys, "--tournament", str(db), "--tournament-name", "Test Open", "--player", first[1].lower())
    assert one["players"] == [winner]
    assert _stats(capsys, "--tournament", str(db), "--since", "2026-05-03")["players"] == []


def test_stats_tournament_errors_are_clear_and_create_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.db"
    assert main(["stats", "--tournament", str(missing)]) == 1
    assert "no such tournament database file" in capsys.readouterr().err
    assert not missing.exists()
    db = tmp_path / "open.db"
    _tournament(db)
    assert main(["stats", "--tournament", str(db), "--db", str(tmp_path / "games.db")]) == 1
    assert "not both" in capsys.readouterr().err
    assert main(["stats", "--tournament", str(db), "--tournament-name", "Other Cup"]) == 1
    assert "Other Cup" in capsys.readouterr().err
    assert main(["stats", "--tournament-name", "Test Open", "--db", str(db)]) == 1
    assert "needs --tournament" in capsys.readouterr().err
