"""``tournament create --short-field byes``: the seat command prints who sits out, the report counts byes per player,
and the standings show each player's byes (issue 26)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_tournament_cli import _create, _record, _run

_Capture = pytest.CaptureFixture[str]


def test_a_tournament_with_byes_seats_its_full_tables_and_prints_who_sits_out(tmp_path: Path, capsys: _Capture) -> None:
    db = _create(tmp_path, capsys, 18, "--short-field", "byes", "--bye-score", "zero")
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "1")
    assert status == 0, err
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["table 1", "table 2", "table 3", "table 4", "byes"]
    first_byes = lines[-1].removeprefix("byes: ").split(", ")
    assert len(first_byes) == 2
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "2", "--report", "--json")
    assert status == 0, err
    shown = json.loads(out)
    assert len(shown["tables"]) == 4 and len(shown["byes"]) == 2 and set(shown["byes"]).isdisjoint(first_byes)
    assert (shown["quality"]["seating"]["byes_min"], shown["quality"]["seating"]["byes_max"]) == (0, 1)
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "2", "--report")
    assert any(line.split()[:4] == ["byes", "per", "player", "(min-max)"] for line in out.splitlines())
    seating = shown["tables"][0]["seats"]
    assert (
        _run(capsys, "record", "--db", db, "--session", "2", "--table", "1", str(_record(tmp_path, seating, 2, 1)))[0]
        == 0
    )
    status, out, err = _run(capsys, "standings", "--db", db)
    assert status == 0, err
    bye_lines = [line for line in out.splitlines() if line.split()[1] in {*first_byes, *shown["byes"]}]
    assert len(bye_lines) == 4 and all("games, 1 bye" in line for line in bye_lines)
    status, out, err = _run(capsys, "standings", "--db", db, "--json")
    rows = json.loads(out)["standings"]
    assert sorted(name for r in rows if r.get("byes") for name in [r["player"]]) == sorted(
        [*first_byes, *shown["byes"]]
    )
