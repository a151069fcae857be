"""A FIFO (or a device, or a folder) where the database should be is refused at once (issue 27, 5): the app's start
and ``import`` opened it to read its header and waited for ever for a writer. Each case runs in a child process
with a timeout, so a regression fails instead of hanging the suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.records import write_game_record_file
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1

_ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX only")


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def test_the_store_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "games.sqlite3"
    os.mkfifo(fifo)
    done = _run(
        "import sys; from pathlib import Path; from scorekeeper.storage.store import GameStore\n"
        "try:\n    GameStore.open(Path(sys.argv[1]))\nexcept Exception as e:\n    print(type(e).__name__, e)\n",
        str(fifo),
    )
    assert done.stdout.startswith("SaveFileError"), done
    assert "a pipe or device" in done.stdout


def test_the_store_refuses_a_folder_in_words(tmp_path: Path) -> None:
    folder = tmp_path / "games.sqlite3"
    folder.mkdir()
    with pytest.raises(SaveFileError, match=r"not a database file \(a folder\)"):
        GameStore.open(folder)


def test_import_into_a_fifo_says_so_and_stops(tmp_path: Path) -> None:
    fifo = tmp_path / "games.sqlite3"
    os.mkfifo(fifo)
    record = tmp_path / "game.json"
    write_game_record_file(record, game_1())
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "import", "--db", str(fifo), str(record)],
        cwd=_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "a pipe or device" in done.stderr


@pytest.mark.gui
def test_the_apps_start_with_a_fifo_for_its_database_stops_with_an_error(tmp_path: Path) -> None:
    os.mkfifo(default_database_path(tmp_path))
    done = _run(
        "import sys; from pathlib import Path\n"
        "from scorekeeper.gui.app import create_application, create_main_window\n"
        "from scorekeeper.gui.settings import AppSettings\n"
        "create_application([])\n"
        "try:\n    create_main_window(Path(sys.argv[1]), settings=AppSettings())\n"
        "except Exception as e:\n    print(type(e).__name__, e)\n",
        str(tmp_path),
    )
    assert done.stdout.startswith("SaveFileError"), done
