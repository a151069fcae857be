"""Crash safety: a writer killed with SIGKILL at random moments loses nothing it confirmed.

The writer (``tests/storage/crash_writer.py``) plays a game through a session and the store, printing each step
before doing it and ``done`` after the commit. The test keeps a model of the log from those lines; after every kill
the database must pass ``PRAGMA integrity_check`` and hold exactly the confirmed log, or the confirmed log plus the
one step in flight (committed but not yet reported). Then the next writer resumes the same game as a session.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.session import event_from_json
from scorekeeper.storage.store import GameStore

_ROOT = Path(__file__).resolve().parents[2]
_KILLS = 25

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


class _Log:
    """The test's model of the stored log: events in effect and the redo list (next to redo first)."""

    def __init__(self) -> None:
        self.created = False
        self.events: list[Any] = []
        self.redo: list[Any] = []

    def copy(self) -> _Log:
        other = _Log()
        other.created, other.events, other.redo = self.created, list(self.events), list(self.redo)
        return other

    def apply(self, step: dict[str, Any]) -> None:
        match step["op"]:
            case "create":
                self.created = True
            case "append":
                self.events.append(event_from_json(step["event"]))
                self.redo = []
            case "undo":
                self.redo.insert(0, self.events.pop())
            case "redo":
                self.events.append(self.redo.pop(0))
            case other:
                raise AssertionError(f"unknown step {other!r}")


def _run_writer(db_path: Path, seed: int, lifetime: float, *, from_first_step: bool) -> list[str]:
    """Run a writer and kill it ``lifetime`` seconds after its start, or after its first step if
    ``from_first_step`` (so that a slow start on a busy machine does not eat the time meant for writing)."""
    command = [sys.executable, "-m", "tests.storage.crash_writer", str(db_path), str(seed)]
    return _run_and_kill(command, lifetime, from_first_step=from_first_step)


def _run_and_kill(command: list[str], lifetime: float, *, from_first_step: bool) -> list[str]:
    """Run ``command``, SIGKILL it ``lifetime`` seconds after its start (or after its first line of output if
    ``from_first_step``) and return every line it printed."""
    environment = {**os.environ, "PYTHONPATH": str(_ROOT)}
    process = subprocess.Popen(
        command,
        cwd=_ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    with process:
        first = process.stdout.readline() if from_first_step else ""
        time.sleep(lifetime)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        # Read the rest through the same file object as the first line, never with ``communicate()``: that reads
        # the pipe's descriptor directly, so the lines ``readline()`` had already buffered beyond the first one
        # (a busy machine lets the writer run ahead) would be lost, and the model would miss confirmed steps.
        # The writer is dead, so both pipes hold all they will ever hold and reading one to its end cannot block.
        out = first + process.stdout.read()
        err = process.stderr.read()
    assert process.returncode == -signal.SIGKILL, f"the writer ended by itself: {err}"
    return out.splitlines()


def test_every_line_the_writer_printed_reaches_the_model() -> None:
    # On a busy machine the writer runs ahead: its first lines reach the pipe together, and reading the first one
    # buffers the others. They are confirmed steps: losing them made the model miss steps the file holds.
    script = "import time; print('try a', 'done', 'try b', 'done', 'try c', sep='\\n', flush=True); time.sleep(60)"
    assert _run_and_kill([sys.executable, "-c", script], 0.2, from_first_step=True) == [
        "try a",
        "done",
        "try b",
        "done",
        "try c",
    ]


def _follow(confirmed: _Log, lines: list[str]) -> tuple[_Log, _Log | None]:
    """Apply the writer's report to the model: the confirmed log, and the log with the step in flight, if any."""
    pending: _Log | None = None
    for line in lines:
        if line.startswith("try "):
            pending = confirmed.copy()
            pending.apply(json.loads(line[4:]))
        elif line == "done":
            assert pending is not None
            confirmed, pending = pending, None
        else:
            raise AssertionError(f"unexpected writer output {line!r}")
    return confirmed, pending


def test_sigkill_at_random_moments_loses_nothing_confirmed(tmp_path: Path) -> None:
    db_path = tmp_path / "games.sqlite3"
    rng = random.Random(20261121)
    confirmed = _Log()
    steps = 0
    for kill in range(_KILLS):
        # Some kills land while Python starts or the file is being created, most in the middle of writing.
        # One kill in five counts from the start; the others from the first step.
        # Up to 0.4 s of writing (a step takes a few milliseconds: each kill still lands at a random point of one,
        # after tens of steps; 0.8 s made the test twice as long for the same spread of moments).
        lines = _run_writer(db_path, seed=kill, lifetime=rng.uniform(0.05, 0.4), from_first_step=kill % 5 != 0)
        confirmed, pending = _follow(confirmed, lines)
        steps += lines.count("done")
        with GameStore.open(db_path) as store:
            assert store.validate_integrity() == ()
            game = store.unfinished_game()
            if game is None:
                assert not confirmed.created, f"after kill {kill}: the confirmed game is gone"
                continue
            stored = store.load(game)
        found = (list(stored.events), list(stored.redo))
        candidates = [(confirmed.events, confirmed.redo)]
        if pending is not None:
            candidates.append((pending.events, pending.redo))
        assert found in candidates, f"after kill {kill}: the log differs from what the writer confirmed"
        if pending is not None and found == candidates[1]:
            confirmed = pending  # committed just before the kill, not yet reported
        confirmed.created = True
    assert steps >= _KILLS, f"only {steps} steps written: the kills came too early to test much"
    # The figures docs/storage.md quotes (seen with ``pytest -s``).
    print(
        f"crash safety: {_KILLS} SIGKILLs, {steps:,} confirmed steps checked, final log {len(confirmed.events)} events"
    )
    # The game resumes: the session comes back from the file and play goes on.
    with GameStore.open(db_path) as store:
        game = store.unfinished_game()
        assert game is not None
        session, at = store.load_session_at(game)
        assert (list(session.events), list(session.redo_events)) == (confirmed.events, confirmed.redo)
        session.undo()
        at = store.save_session(game, session, at=at)
        assert store.load_session(game).redo_events[:1] == session.redo_events[:1]
        session.redo()
        store.save_session(game, session, at=at)
        assert store.load_session(game).events == session.events
