"""What the commands print never drives the terminal (issue 27, 5): a stored game's name may hold an escape sequence
(imported and stored games keep their names as they came) and a file name bytes that are not UTF-8. ``replay``
and the ``export`` game list printed the sequence raw (recolouring or clearing the reader's terminal); a file name
that is not UTF-8 ended ``replay`` in a traceback under a strict UTF-8 output. Now both are written as ``\\uXXXX``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.session.names import escape_controls
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1

_ROOT = Path(__file__).resolve().parents[2]
RED = "\x1b[31mRed\x1b[0m"
CSI = "\x9b2J"  # the one-byte control sequence introducer: clears the screen on terminals that take C1 controls


def _record_with(tmp_path: Path, names: list[str], filename: str = "game.json") -> Path:
    session = game_1()
    record = format_record(record_from_session(session))
    record["players"] = names
    path = tmp_path / filename
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _controls(text: str) -> list[str]:
    return [c for c in text if c not in "\n\t" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)]


def test_escape_controls_writes_every_control_visibly_and_keeps_the_rest() -> None:
    assert escape_controls(RED) == "\\u001b[31mRed\\u001b[0m"
    assert escape_controls("A\u202eB\u2028C\udcffD\x7f") == "A\\u202eB\\u2028C\\udcffD\\u007f"
    assert escape_controls("Zoë 東 \u200d\ttab\nline") == "Zoë 東 \u200d\ttab\nline"
    assert json.loads(f'"{escape_controls(CSI)}"') == CSI  # still a valid JSON string


def test_replay_prints_a_name_with_an_escape_sequence_visibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record_with(tmp_path, [RED, CSI, "Chie", "Dai"])
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert _controls(out) == []
    assert "\\u001b[31mRed\\u001b[0m" in out
    assert "\\u009b2J" in out
    header = next(line for line in out.splitlines() if line.lstrip().startswith("hand"))
    start = next(line for line in out.splitlines() if line.lstrip().startswith("start"))
    assert len(header.rstrip()) - len("  sticks") == len(start.rstrip())  # the columns as wide as what is shown


def test_the_export_game_list_prints_names_visibly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = tmp_path / "games.sqlite3"
    with GameStore.open(database) as store:
        store.create_game(players=(RED, CSI, "Chie", "Dai"), ruleset="tenhou")
    assert main(["export", str(database)]) == 0
    out = capsys.readouterr().out
    assert "Red" in out
    assert _controls(out) == []


@pytest.mark.skipif(sys.platform != "linux", reason="file names of any bytes are a POSIX file system's")
def test_replay_of_a_file_name_that_is_not_utf8_under_a_strict_utf8_output(tmp_path: Path) -> None:
    good = _record_with(tmp_path, ["Ann", "Bo", "Chie", "Dai"])
    named = os.fsencode(tmp_path) + b"/game\xff.json"
    os.rename(good, named)
    broken = os.fsencode(tmp_path) + b"/broken\xff.json"
    Path(os.fsdecode(broken)).write_text("{", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    for args in ([], ["--json"]):
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "replay", *args, os.fsdecode(named), os.fsdecode(broken)],
            cwd=_ROOT,
            env=env,
            check=False,
            capture_output=True,
            timeout=60,
        )
        assert b"Traceback" not in done.stderr, done.stderr
        assert done.returncode == 1  # the broken one
        out = done.stdout.decode("utf-8")  # strict: every byte written is UTF-8
        assert args or "game\\udcff.json" in out  # a game's JSON answer does not name its file
        assert "broken\\udcff.json" in out
