"""One app per database (issue 10): a second start wakes the running copy; a killed copy leaves no stuck lock;
with the lock held and nobody answering, the window opens read-only with a banner. Two real processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.app import create_main_window
from scorekeeper.gui.instance import SingleInstance
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore

pytestmark = pytest.mark.gui

_ROOT = Path(__file__).resolve().parents[2]


def _hold(tmp_path: Path, *args: str) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.gui.instance_holder", str(tmp_path / "games.sqlite3"), *args],
        cwd=_ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "locked"
    yield process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)
    process.stdout.close()


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another running copy holding the lock of ``tmp_path/games.sqlite3``."""
    yield from _hold(tmp_path)


@pytest.fixture
def starting_holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another copy that has taken the lock and listens 300 ms later, as the app does once its window is painted."""
    yield from _hold(tmp_path, "--listen-after", "300")


def test_a_second_start_wakes_the_running_copy(qtbot: QtBot, tmp_path: Path, holder: subprocess.Popen[str]) -> None:
    second = SingleInstance(tmp_path / "games.sqlite3")
    assert not second.acquire()
    assert second.wake_running()
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "woken"
    assert holder.wait(timeout=30) == 0
    assert second.acquire()  # the running copy has closed: the lock is free again
    second.release()


def test_a_second_start_wakes_a_copy_that_is_not_listening_yet(
    qtbot: QtBot, tmp_path: Path, starting_holder: subprocess.Popen[str]
) -> None:
    """The app listens once its window is painted (issue 24: QtNetwork out of the cold start); a second copy started
    in between (a double click) knocks again until it answers, rather than opening the games read-only."""
    second = SingleInstance(tmp_path / "games.sqlite3")
    assert not second.acquire()
    assert second.wake_running()
    assert starting_holder.stdout is not None
    assert starting_holder.stdout.readline().strip() == "woken"
    assert starting_holder.wait(timeout=30) == 0


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="SIGSTOP is POSIX only")
def test_a_copy_that_hangs_does_not_count_as_woken(qtbot: QtBot, tmp_path: Path, holder: subprocess.Popen[str]) -> None:
    """A running copy that hangs still has its socket listening (the system accepts the connection for it): the
    second start must not take that for an answer and exit showing nothing, but open the games read-only."""
    os.kill(holder.pid, signal.SIGSTOP)
    try:
        second = SingleInstance(tmp_path / "games.sqlite3")
        assert not second.acquire()
        started = time.monotonic()
        assert not second.wake_running()
        assert time.monotonic() - started < 5
    finally:
        os.kill(holder.pid, signal.SIGCONT)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_a_killed_copy_leaves_no_stuck_lock(qtbot: QtBot, tmp_path: Path, holder: subprocess.Popen[str]) -> None:
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    assert (tmp_path / "games.sqlite3.lock").exists()  # left behind by the kill
    instance = SingleInstance(tmp_path / "games.sqlite3")
    assert instance.acquire()
    instance.release()


def test_a_copy_nobody_answers_for_opens_read_only_with_a_banner(qtbot: QtBot, tmp_path: Path) -> None:
    with GameStore.open(default_database_path(tmp_path)) as store:
        store.create_game(players=("Ann", "Bo", "Chie", "Dai"), ruleset="tenhou")
    window = create_main_window(tmp_path, settings=AppSettings(), read_only=True)
    qtbot.addWidget(window)
    window.show()
    assert window.read_only_banner.isVisible()
    assert "Read-only" in window.read_only_banner.text()
    assert window.controller.state is not None  # the unfinished game is shown
    assert not window.controller.apply(RiichiDeclared(Seat(0)))
    assert "Read-only" in window.message_label.text()
    window.close()


def test_a_running_copy_keeps_its_lock_fresh(qtbot: QtBot, tmp_path: Path) -> None:
    """Its heartbeat touches the lock, so an age-based staleness check never takes a live copy's lock."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.gui.instance_holder", str(tmp_path / "games.sqlite3"), "1500", "200"],
        cwd=_ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert process.stdout is not None
    try:
        assert process.stdout.readline().strip() == "locked"
        lock = tmp_path / "games.sqlite3.lock"
        first = lock.stat().st_mtime
        qtbot.waitUntil(lambda: lock.stat().st_mtime > first, timeout=10_000)
        second = SingleInstance(tmp_path / "games.sqlite3", stale_after_ms=1500)
        assert not second.acquire()
    finally:
        process.kill()
        process.wait(timeout=30)
        process.stdout.close()


def test_a_lock_from_a_copy_gone_on_another_computer_is_taken_once_old(qtbot: QtBot, tmp_path: Path) -> None:
    """A holder on another machine cannot be checked by its pid; its lock is stale once not touched for long."""
    holder = SingleInstance(tmp_path / "games.sqlite3")
    assert holder.acquire()
    lock = tmp_path / "games.sqlite3.lock"
    lines = lock.read_bytes().split(b"\n")
    holder.release()
    # QLockFile's lines: pid, application name, host name, machine id, boot id.
    lines[0], lines[2], lines[3] = b"4242", b"elsewhere", b"0" * 32
    lock.write_bytes(b"\n".join(lines))
    fresh = SingleInstance(tmp_path / "games.sqlite3", stale_after_ms=60_000)
    assert not fresh.acquire()  # recently touched: its copy may be running over there
    old = time.time() - 3600
    os.utime(lock, (old, old))
    later = SingleInstance(tmp_path / "games.sqlite3", stale_after_ms=60_000)
    assert later.acquire()
    later.release()
