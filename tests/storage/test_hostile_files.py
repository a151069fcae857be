"""Hostile files for replay and import (issue 10, section 3): a FIFO or folder is refused at once, a record larger
than any real game is refused by its size (so memory stays bounded), and a flowers-heavy classical record is
answered in linear time. The time budget of the last is measured as a ratio by benchmarks/bench_hostile.py; the
broken settings file is tests/gui/test_settings_file.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.storage.files import MAX_RECORD_BYTES, read_bytes
from scorekeeper.storage.records import import_game_record, read_game_record_file
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS

_ROOT = Path(__file__).resolve().parents[2]

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX only")


def _record(hands: int = 1) -> dict[str, object]:
    hand = {"riichi": [], "result": {"type": "ron", "from": 1, "wins": [{"seat": 0, "han": 1, "fu": 30}]}}
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": list(PLAYERS),
        "hands": [hand] * hands,
    }


@needs_fifo
def test_import_of_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveFileError, match="not a regular file"):
        read_game_record_file(fifo)
    with GameStore.open(tmp_path / "games.sqlite3") as store, pytest.raises(SaveFileError, match="not a regular"):
        import_game_record(store, fifo)


@needs_fifo
def test_replay_of_a_fifo_answers_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "replay", "--json", str(fifo)],
        cwd=_ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # before the fix this blocked forever
        check=False,
    )
    assert done.returncode == 1
    assert "not a regular file" in json.loads(done.stdout)["error"]


def test_a_folder_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="not a regular file \\(a folder\\)"):
        read_bytes(tmp_path)


def test_a_record_larger_than_any_real_game_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(
        SaveFileError, match="larger than 2,000,000 bytes; not a game record \\(a long game is a few KB"
    ):
        read_game_record_file(path)


def test_a_marathon_record_fits_well_under_the_cap() -> None:
    """1,000 hands, every one a riichi full-hand ron with ura dora: the cap leaves room for four such games."""
    win = {"seat": 0, "hand": {"tiles": "123m456p789s11z22z", "win": "2z", "riichi": True, "dora": ["1m", "5p"]}}
    hand = {"riichi": [0, 2], "result": {"type": "ron", "from": 1, "wins": [win]}}
    record = {**_record(), "hands": [hand] * 1000}
    assert len(json.dumps(record)) < MAX_RECORD_BYTES // 4
