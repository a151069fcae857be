"""``scorekeeper tournament substitute``: a substitute takes a player's seat in a running game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session import Session, format_record, record_from_session, ruleset
from tests.cli.test_tournament_cli import _create, _run
from tests.tournament.builders import ron

_Capture = pytest.CaptureFixture[str]


def _running_game(tmp_path: Path, capsys: _Capture) -> tuple[str, list[str]]:
    """A 16-player tournament whose session 1 table 1 played one hand (seat 1 won a mangan from seat 0)."""
    db = _create(tmp_path, capsys)
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "1", "--json")
    assert (status, err) == (0, "")
    seats: list[str] = json.loads(out)["tables"][0]["seats"]
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(1, 0, han=5))
    path = tmp_path / "running.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    assert _run(capsys, "record", "--db", db, "--session", "1", "--table", "1", str(path))[0] == 0
    assert _run(capsys, "add-player", "--db", db, "--name", "Sam Reyes", "--substitute")[0] == 0
    return db, seats


def test_a_substitute_takes_a_seat_in_a_running_game_and_the_leaver_keeps_what_they_won(
    tmp_path: Path, capsys: _Capture
) -> None:
    db, seats = _running_game(tmp_path, capsys)
    leaving = seats[1]
    status, out, err = _run(
        capsys, "substitute", "--db", db, "--session", "1", "--table", "1", "--leaving", leaving.lower(),
        "--player", "sam reyes", "--reason", "fell ill",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == f"session 1 table 1: Sam Reyes takes seat 1 from {leaving} from the hand in play on\n"
    status, out, _ = _run(capsys, "standings", "--db", db, "--json")
    rows = {row["player"]: row for row in json.loads(out)["standings"]}
    assert "Sam Reyes" not in rows
    assert rows[leaving]["points"] == 8.0  # the seat's mangan while they sat, no uma (our reading)


@pytest.mark.parametrize(
    ("leaving", "player", "message"),
    [
        pytest.param("Nobody", "Sam Reyes", "does not sit there now", id="leaving-not-there"),
        pytest.param(None, "Stranger", "not a player of this tournament", id="unregistered"),
    ],
)
def test_a_bad_substitution_is_a_clear_error(
    tmp_path: Path, capsys: _Capture, leaving: str | None, player: str, message: str
) -> None:
    db, seats = _running_game(tmp_path, capsys)
    argv = ["--session", "1", "--table", "1", "--leaving", leaving or seats[0], "--player", player]
    status, out, err = _run(capsys, "substitute", "--db", db, *argv)
    assert (status, out) == (1, "")
    assert message in err
