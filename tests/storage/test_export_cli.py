"""``scorekeeper export``: list the games of a database, export one as a record or CSV, clear errors."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import export
from scorekeeper.session import HanFuWin, Seat, Session, ruleset
from scorekeeper.storage import GameStore
from tests.sample_game import SAMPLE_GAME
from tests.storage.conftest import PLAYERS


def _run(*argv: str) -> int:
    # Built here rather than through scorekeeper.cli.main, whose subcommand list the lead maintains.
    parser = argparse.ArgumentParser(prog="scorekeeper")
    subparsers = parser.add_subparsers(dest="command")
    export.add_parser(subparsers)
    return export.run(parser.parse_args(["export", *argv]))


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    session = Session(ruleset("tenhou"), PLAYERS)
    session.declare_riichi(Seat.SEAT_0)
    session.ron(Seat.SEAT_2, [HanFuWin(seat=Seat.SEAT_1, han=3, fu=40)])
    with GameStore.open(path) as store:
        store.start_game(session)
        session.end_game("time")
        store.start_game(session)
    return path


def test_list_games(database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(str(database)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("2\tfinished\t3 events\ttenhou\t")
    assert lines[0].endswith("Ann, Bo, Chie, Dai")
    assert lines[1].startswith("1\trunning\t2 events\ttenhou\t")


def test_export_record_to_stdout(database: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert _run(str(database), "--game", "1") == 0
    record = json.loads(capsysbinary.readouterr().out)
    assert record["format"] == "scorekeeper-game"
    assert record["hands"] == [
        {"riichi": [0], "result": {"type": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 40}]}}
    ]


@pytest.mark.parametrize(("form", "start"), [("record", b"{"), ("hands", b"\xef\xbb\xbfhand,"), ("results", b"\xef")])
def test_export_to_file(database: Path, tmp_path: Path, form: str, start: bytes) -> None:
    out = tmp_path / f"game.{form}"
    assert _run(str(database), "--game", "2", "--format", form, "--output", str(out)) == 0
    assert out.read_bytes().startswith(start)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["--game", "9"], "there is no game 9", id="unknown-game"),
        pytest.param(["--game", "1", "--format", "results"], "no final result yet", id="results-of-running-game"),
    ],
)
def test_errors_go_to_stderr(database: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert _run(str(database), *argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_missing_database_is_not_created(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(str(tmp_path / "none.sqlite3")) == 1
    assert "no such file" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.sqlite3").write_text("hello", encoding="utf-8")
    assert _run(str(tmp_path / "x.sqlite3")) == 1
    assert "not a scorekeeper database" in capsys.readouterr().err


def _record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    return path


def test_export_record_file_as_csv(tmp_path: Path) -> None:
    out = tmp_path / "game.csv"
    assert _run(str(_record_file(tmp_path)), "--format", "csv", "-o", str(out)) == 0
    text = out.read_bytes().decode("utf-8-sig")
    assert text.startswith("hand,label,honba,replay,result,winners")
    assert "\r\nfinal table\r\n" in text


def test_export_database_game_as_csv(database: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert _run(str(database), "--game", "1", "--format", "csv") == 0
    assert b"standings (game not ended)" in capsysbinary.readouterr().out


def test_game_option_on_a_record_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(str(_record_file(tmp_path)), "--game", "1") == 1
    assert "--game is for a database" in capsys.readouterr().err


def test_a_broken_record_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert _run(str(tmp_path / "bad.json"), "--format", "csv") == 1
    assert "bad.json: not a game record" in capsys.readouterr().err


def test_a_pdf_export_without_qt_is_a_clear_error_and_writes_nothing(
    database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The PDF writer is Qt's; a machine without PySide6's GUI module gets told so instead of a traceback.
    monkeypatch.setitem(sys.modules, "scorekeeper.documents", None)  # importing it now raises ImportError
    out = tmp_path / "game.pdf"
    assert _run(str(database), "--game", "2", "--format", "pdf", "--output", str(out)) == 1
    assert capsys.readouterr().err.startswith(
        "scorekeeper export: error: PDF export needs PySide6 (Qt's GUI module), which cannot be loaded: "
    )
    assert not out.exists()


def test_a_folder_as_source_is_named_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export somedir`` said "no such file" of a folder that is there."""
    assert _run(str(tmp_path)) == 1
    assert (
        capsys.readouterr().err
        == f"scorekeeper export: error: {tmp_path}: a folder, not a game-record file or a database\n"
    )
