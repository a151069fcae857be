"""``scorekeeper.cli.main`` in-process: no subcommand, a reader gone away, Ctrl-C (the exit statuses a shell sees).

tests/cli/test_hostile_input.py runs the same cases as real processes with a closed pipe; here the dispatch itself
is checked in-process, where its lines are measured.
"""

from __future__ import annotations

import argparse
import io
import json
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


def test_ctrl_c_during_a_command_exits_with_the_interrupted_status(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("scorekeeper.cli.replay.run", interrupted)
    assert main(["replay", "any.json"]) == EXIT_INTERRUPTED  # 128 + SIGINT, without a traceback
