"""``scorekeeper.cli.main`` in-process: no subcommand, a reader gone away, Ctrl-C (the exit statuses a shell sees).

tests/cli/test_hostile_input.py runs the same cases as real processes with a closed pipe; here the dispatch itself
is checked in-process, where its lines are measured.
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, main
from tests.sample_game import SAMPLE_GAME


class _GoneReader(io.StringIO):
    """Standard output whose reader has gone away (``head`` closed the pipe)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_no_subcommand_prints_the_help_to_stderr_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: scorekeeper")
    assert "replay" in err and "export" in err


def test_a_reader_gone_away_ends_the_command_with_the_broken_pipe_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "g.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", _GoneReader())
    assert main(["replay", str(record)]) == EXIT_BROKEN_PIPE  # 128 + SIGPIPE, as a shell reports it


class _GoneFileReader(io.TextIOWrapper):
    """Standard output on a real file descriptor whose reader has gone away."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("with_file", [pytest.param(False, id="no-fileno"), pytest.param(True, id="real-fileno")])
def test_silencing_a_gone_reader_leaves_no_descriptor_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_file: bool
) -> None:
    """After a broken pipe, stdout is pointed at the null device; the null device's own descriptor is closed,
    whether stdout has a file descriptor (it is redirected) or not (a capture: nothing to redirect)."""
    record = tmp_path / "g.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    opened: list[int] = []
    closed: list[int] = []
    real_open, real_close = os.open, os.close

    def tracked_open(path: str, flags: int, mode: int = 0o777) -> int:
        descriptor = real_open(path, flags, mode)
        if path == os.devnull:
            opened.append(descriptor)
        return descriptor

    def tracked_close(descriptor: int) -> None:
        if descriptor in opened:
            closed.append(descriptor)
        real_close(descriptor)

    monkeypatch.setattr(os, "open", tracked_open)
    monkeypatch.setattr(os, "close", tracked_close)
    with open(tmp_path / "out.txt", "wb") as raw:
        stdout = _GoneFileReader(raw, encoding="utf-8") if with_file else _GoneReader()
        monkeypatch.setattr(sys, "stdout", stdout)
        assert main(["replay", str(record)]) == EXIT_BROKEN_PIPE
        monkeypatch.undo()
        if with_file:
            assert opened, "stdout with a file descriptor is pointed at the null device"
        assert sorted(closed) == sorted(opened), f"opened {opened}, closed only {closed}"
        if isinstance(stdout, io.TextIOWrapper):
            stdout.detach()  # the file is closed by its own ``with``, not twice


def test_ctrl_c_during_a_command_exits_with_the_interrupted_status(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("scorekeeper.cli.replay.run", interrupted)
    assert main(["replay", "any.json"]) == EXIT_INTERRUPTED  # 128 + SIGINT, without a traceback


class _FullDiskBytes(io.BytesIO):
    def write(self, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


class _FullDisk(io.StringIO):
    """Standard output on a full disk (``> /dev/full``): every write fails with ENOSPC, text or bytes."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = _FullDiskBytes()

    @property
    def buffer(self) -> io.BytesIO:
        return self.bytes

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["export"]], ids=" ".join)
def test_output_on_a_full_disk_is_an_error_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """The answers could not be written: status 1 and a message that says why (it was an OSError traceback)."""
    record = tmp_path / "g.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main([*command, str(record)]) == 1
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert err == f"scorekeeper {command[0]}: error: cannot write the output: No space left on device\n"


def test_an_os_error_naming_a_file_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing(args: argparse.Namespace) -> int:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", "gone.json")

    monkeypatch.setattr("scorekeeper.cli.replay.run", failing)
    assert main(["replay", "gone.json"]) == 1
    assert capsys.readouterr().err == "scorekeeper replay: error: gone.json: No such file or directory\n"


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["tournament", "create", "--db", "{db}", "--name", "\udcff", "--sessions", "1"], id="name"),
        pytest.param(["tournament", "add-player", "--db", "{db}", "--name", "A\udce9"], id="add-player"),
        pytest.param(["score", "234m456p678s34588s", "--win", "2m", "--dora", "\udcff"], id="score-dora"),
    ],
)
def test_an_argument_that_is_not_utf8_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Bytes a Latin-1 terminal sends (``--name $'A\\xe9'``) reach Python as lone surrogates; storing such a name
    failed with a UnicodeEncodeError traceback. A file path may hold any bytes and is not checked."""
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn\nBo\nCy\nDi\n", encoding="utf-8")
    args = [str(tmp_path / "t.db") if arg == "{db}" else arg for arg in argv]
    if argv[1] == "create":
        args += ["--players", str(players)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "is not UTF-8 text" in err and "Traceback" not in err
    assert not (tmp_path / "t.db").exists()


def test_a_database_path_that_is_not_utf8_is_still_a_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    database = os.fsdecode(os.fsencode(tmp_path) + b"/\xff.sqlite3")
    assert main(["import", "--db", database, str(record)]) == 0
    assert "imported 1 game(s)" in capsys.readouterr().out
