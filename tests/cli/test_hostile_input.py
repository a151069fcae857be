"""Issue 10, section 2: ``score --json`` answers every line of any input, and every command ends quietly on ``| head``.

Each test runs the installed command line in a subprocess, as a caller does: the failures these guard against
(RecursionError, UnicodeDecodeError, BrokenPipeError) escaped the per-line handling and killed the process, or
printed a traceback at exit, which only a real process shows.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import EXIT_BROKEN_PIPE
from scorekeeper.cli.score import MAX_ERROR_CHARS, MAX_LINE_BYTES
from scorekeeper.session import HanFuWin, Seat, Session, ruleset
from scorekeeper.storage import GameStore

HAND = {"hand": "234m456p678s34588s", "win": "2m", "seat_wind": "S", "round_wind": "E"}
GOOD = json.dumps(HAND).encode()


def score_json(data: bytes, **env: str) -> tuple[list[dict[str, object]], subprocess.CompletedProcess[bytes]]:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--json"],
        input=data,
        capture_output=True,
        env={**os.environ, **env},
        check=False,
        timeout=60,
    )
    return [json.loads(line) for line in result.stdout.splitlines()], result


def test_json_nested_a_thousand_deep_gets_an_answer_and_the_next_line_too() -> None:
    answers, result = score_json(b"[" * 1000 + b"]" * 1000 + b"\n" + b'{"a":' * 5000 + b"\n" + GOOD + b"\n")
    assert result.returncode == 0 and result.stderr == b""
    assert len(answers) == 3
    for answer in answers[:2]:
        assert answer["ok"] is False and answer["kind"] == "InvalidHandError"
    assert "nested too deeply" in str(answers[1]["error"])
    assert answers[2]["ok"] is True


def test_json_nested_just_below_the_limit_is_refused_with_a_short_message() -> None:
    # Parsed whole, then quoted in the refusal: the quote must neither recurse out nor grow with the input.
    depth = 900
    deep = json.dumps(HAND)[:-1] + ', "melds": ' + "[" * depth + "]" * depth + "}"
    answers, result = score_json(deep.encode() + b"\n" + b"[" * 900 + b"]" * 900 + b"\n")
    assert result.returncode == 0 and len(answers) == 2
    assert all(a["ok"] is False and len(str(a["error"])) < 300 for a in answers)


def test_invalid_utf8_under_a_strict_locale_is_one_refused_line() -> None:
    data = GOOD + b"\n" + GOOD.replace(b"234m", b"\xff34m") + b"\n" + GOOD + b"\n"
    answers, result = score_json(data, LC_ALL="C.UTF-8", PYTHONUTF8="1", PYTHONIOENCODING="utf-8:strict")
    assert result.returncode == 0 and result.stderr == b""
    assert [a["ok"] for a in answers] == [True, False, True]
    assert answers[1]["kind"] == "InvalidHandError"
    assert "not UTF-8" in str(answers[1]["error"]) and "0xff" in str(answers[1]["error"])


def test_a_line_over_the_cap_is_refused_without_echoing_it() -> None:
    long_hand = json.dumps({**HAND, "hand": "1m" * (MAX_LINE_BYTES // 2)}).encode()
    assert len(long_hand) > MAX_LINE_BYTES
    answers, result = score_json(GOOD + b"\n" + long_hand + b"\n" + GOOD + b"\n" + b"x" * 3_000_000)
    assert result.returncode == 0
    assert [a["ok"] for a in answers] == [True, False, True, False]
    for refusal in (answers[1], answers[3]):
        assert "longer than" in str(refusal["error"]) and len(str(refusal["error"])) < 120
    assert b"1m1m1m" not in result.stdout


def test_a_line_at_the_cap_is_read() -> None:
    padded = GOOD[:-1] + b" " * (MAX_LINE_BYTES - len(GOOD)) + b"}"
    assert len(padded) == MAX_LINE_BYTES
    answers, _ = score_json(padded + b"\n")
    assert answers[0]["ok"] is True


@pytest.mark.parametrize(
    "field",
    [
        {"hand": "1m" * 20_000},
        {"hand": ["x"] * 5_000},
        {"win": "z" * 20_000},
        {"melds": [{"type": "chi" * 5_000, "tiles": "123m"}]},
        {"dora": {"k" * 10_000: 1}},
        {"ruleset": "r" * 20_000},
        {"riichi": "yes" * 10_000},
        {"x" * 20_000: 1},
        {"ruleset": "classical", "hand": "9" * 20_000},
    ],
    ids=["long-hand", "hand-list", "long-win", "meld-type", "dora-dict", "ruleset", "flag", "field-name", "classical"],
)
def test_every_echoed_value_is_capped(field: dict[str, object]) -> None:
    answers, _ = score_json(json.dumps({**HAND, **field}).encode() + b"\n")
    assert answers[0]["ok"] is False
    assert len(str(answers[0]["error"])) <= MAX_ERROR_CHARS
    assert len(str(answers[0]["error"])) < 400  # each quoted value is cut, not only the message


def _closed_pipe() -> int:
    """The write end of a pipe whose reader is already gone: every write fails with EPIPE."""
    read, write = os.pipe()
    os.close(read)
    return write


def _record(tmp_path: Path) -> Path:
    record = {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": ["a", "b", "c", "d"],
        "hands": [{"riichi": [], "result": {"type": "draw", "tenpai": [0]}}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _database(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    session = Session(ruleset("tenhou"), ("Ann", "Bo", "Chie", "Dai"))
    session.ron(Seat.SEAT_2, [HanFuWin(seat=Seat.SEAT_1, han=3, fu=40)])
    with GameStore.open(path) as store:
        store.start_game(session)
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["score", "--json"],
        ["score", "234m456p678s34588s", "--win", "2m"],
        ["waits", "234m456p678s3488s"],
        ["replay", "{record}"],
        ["replay", "--json", "{record}"],
        ["export", "{database}"],
        ["export", "{database}", "--game", "1"],
        ["export", "{database}", "--game", "1", "--format", "hands"],
        ["--help"],
        ["score", "--help"],
    ],
    ids=" ".join,
)
def test_broken_pipe_ends_quietly(command: list[str], tmp_path: Path) -> None:
    paths = {"{record}": str(_record(tmp_path)), "{database}": str(_database(tmp_path))}
    argv = [paths.get(arg, arg) for arg in command]
    stdin = (GOOD + b"\n") * 20_000 if command == ["score", "--json"] else b""
    write = _closed_pipe()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "scorekeeper", *argv],
            input=stdin,
            stdout=write,
            stderr=subprocess.PIPE,
            check=False,
            timeout=120,
        )
    finally:
        os.close(write)
    assert result.stderr == b""
    # argparse itself drops a failed write of its help (ArgumentParser._print_message) and exits 0.
    assert result.returncode == (0 if "--help" in command else EXIT_BROKEN_PIPE)


def test_head_reads_the_first_answers_and_the_rest_ends_quietly(tmp_path: Path) -> None:
    hands = tmp_path / "hands.jsonl"
    hands.write_bytes((GOOD + b"\n") * 20_000)
    command = f"{sys.executable} -m scorekeeper score --json < {hands} | head -n 2"
    result = subprocess.run(["sh", "-c", command], capture_output=True, check=False, timeout=120)
    assert result.stderr == b""
    assert len(result.stdout.splitlines()) == 2


@pytest.mark.parametrize(
    "command",
    [
        ["score", "--json"],
        ["score", "--json", "--jobs", "2"],
        ["score", "234m456p678s34588s", "--win", "2m"],
        ["waits", "234m456p678s3488s"],
        ["replay", "{record}"],
        ["replay", "--json", "{record}"],
        ["export", "{record}"],
        ["export", "{database}"],
    ],
    ids=" ".join,
)
def test_closed_standard_output_is_an_error_that_says_so(command: list[str], tmp_path: Path) -> None:
    """``scorekeeper ... >&-``: Python leaves sys.stdout None; replay and waits then printed nothing and exited 0
    (the answers lost, success reported) and export failed with an AttributeError traceback."""
    paths = {"{record}": str(_record(tmp_path)), "{database}": str(_database(tmp_path))}
    argv = [paths.get(arg, arg) for arg in command]
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "scorekeeper", *argv],
        input=GOOD + b"\n",
        capture_output=True,
        check=False,
        timeout=120,
    )
    err = result.stderr.decode()
    assert "Traceback" not in err
    assert result.returncode == 1
    assert f"scorekeeper {command[0]}: error: cannot write the output: standard output is closed" in err


def test_closed_standard_input_reads_as_empty() -> None:
    """``scorekeeper score --json <&-``: no lines, no answers, no AttributeError traceback."""
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", sys.executable, "-m", "scorekeeper", "score", "--json"],
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
