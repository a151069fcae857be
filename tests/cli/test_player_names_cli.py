"""``scorekeeper tournament create``/``add-player`` refuse a player's name the session refuses a new game, with a
clear error and status 1, writing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.storage.tournament_store import open_tournament_store

_Capture = pytest.CaptureFixture[str]


def _create(tmp_path: Path, capsys: _Capture, names: list[str]) -> tuple[int, str, str]:
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"{n}\n" for n in names), encoding="utf-8")
    argv = [
        "tournament",
        "create",
        "--db",
        str(tmp_path / "open.db"),
        "--name",
        "Open",
        "--players",
        str(players),
        "--sessions",
        "2",
    ]
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_create_refuses_a_players_csv_with_a_name_that_shows_nothing(tmp_path: Path, capsys: _Capture) -> None:
    names = [f"P{k}" for k in range(7)] + ["\u200b"]
    status, out, err = _create(tmp_path, capsys, names)
    assert (status, out) == (1, "")
    assert "players CSV line 9: a player has no name ('\\u200b'): every player needs a name" in err
    assert "Traceback" not in err


def test_create_refuses_a_players_csv_with_a_name_twice(tmp_path: Path, capsys: _Capture) -> None:
    status, out, err = _create(tmp_path, capsys, ["Ann", "Bo", "Cy", "ANN"])
    assert (status, out) == (1, "")
    assert "'ANN' is listed twice (names must differ, ignoring case)" in err


def test_add_player_refuses_a_name_with_a_direction_override(tmp_path: Path, capsys: _Capture) -> None:
    assert _create(tmp_path, capsys, [f"P{k}" for k in range(8)])[0] == 0
    status = main(["tournament", "add-player", "--db", str(tmp_path / "open.db"), "--name", "\u202eP1", "--substitute"])
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert "a player's name '\\u202eP1' holds a line break or control character" in err
    with open_tournament_store(tmp_path / "open.db") as store:
        assert len(store.load().players) == 8


def test_replay_and_import_still_read_a_record_whose_names_a_new_game_would_refuse(
    tmp_path: Path, capsys: _Capture
) -> None:
    # Written before names were judged: refusing it at load would hide the game, so only creation asks.
    record = {"format": "scorekeeper-game", "version": 1, "ruleset": "tenhou", "players": ["Ann", "ann", "", "Di\nx"]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps({**record, "hands": []}), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert main(["import", "--db", str(tmp_path / "games.db"), str(path)]) == 0
    capsys.readouterr()
