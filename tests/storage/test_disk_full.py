"""A full disk is said in words, with the space left (issue 27, 5: at the start, a full disk said only "disk I/O
error"). A real full disk: a 64 KiB tmpfs mounted for the test (root only; skipped where it cannot be mounted)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.errors import ErrorCode, SaveFileError
from scorekeeper.storage.store import GameStore

PLAYERS = ("Ann", "Bo", "Chie", "Dai")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "small"
    folder.mkdir()
    mount = shutil.which("mount")
    if mount is None or os.geteuid() != 0:
        pytest.skip("a small disk for the test needs mount and root")
    done = subprocess.run(
        [mount, "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> None:
    """Take every free byte of the disk."""
    handle = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(handle, b"\0" * 1024)
    except OSError:
        pass
    finally:
        os.close(handle)


def _create_games_until_it_fails(store: GameStore) -> None:
    for _ in range(500):
        store.create_game(players=PLAYERS, ruleset="tenhou")


def test_opening_a_new_database_on_a_full_disk_says_the_disk_is_full(small_disk: Path) -> None:
    _fill(small_disk)
    with pytest.raises(SaveFileError, match=r"is full \(\d+ bytes free\)") as raised:
        GameStore.open(small_disk / "games.sqlite3")
    assert raised.value.code is ErrorCode.DISK_FULL
    assert raised.value.fields["folder"] == str(small_disk)


def test_a_write_on_a_full_disk_says_the_disk_is_full_and_keeps_what_was_there(small_disk: Path) -> None:
    with GameStore.open(small_disk / "games.sqlite3") as store:
        first = store.create_game(players=PLAYERS, ruleset="tenhou")
        _fill(small_disk)
        with pytest.raises(SaveFileError) as raised:
            _create_games_until_it_fails(store)
        assert raised.value.code is ErrorCode.DISK_FULL, raised.value
        assert "is full" in str(raised.value)
        assert store.load(first).players == PLAYERS
