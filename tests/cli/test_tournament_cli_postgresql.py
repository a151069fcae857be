"""The 16-player, 4-session tournament from the command line on PostgreSQL gives the standings it gives on SQLite.

The server is a throw-away one started here on 127.0.0.1 (``initdb`` into ``tmp_path``; as the ``postgres`` user
when the tests run as root, since PostgreSQL refuses root). Without PostgreSQL installed the test is skipped and
says so; with ``SCOREKEEPER_REQUIRE_PG=1`` (CI) that is a failure instead.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_tournament_cli import run_sixteen_player_tournament


def _bin_dir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(candidates[-1]).parent if candidates else None


def _unavailable(reason: str) -> None:
    if os.environ.get("SCOREKEEPER_REQUIRE_PG") == "1":
        pytest.fail(f"SCOREKEEPER_REQUIRE_PG=1 but PostgreSQL cannot be started: {reason}")
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture
def postgresql_url() -> Iterator[str]:
    bin_dir = _bin_dir()
    if bin_dir is None:
        _unavailable("no initdb on PATH or in /usr/lib/postgresql")
    assert bin_dir is not None
    # Not under pytest's tmp_path: its parents are private to the user running the tests, and the server runs as
    # ``postgres`` when that user is root.
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*prefix, *args], capture_output=True, text=True, timeout=120, check=False, stdin=subprocess.DEVNULL
        )

    data = folder / "data"
    made = run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    if made.returncode:
        shutil.rmtree(folder, ignore_errors=True)
        _unavailable(f"initdb failed: {made.stderr.strip()[:300]}")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    started = run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start")
    if started.returncode:
        shutil.rmtree(folder, ignore_errors=True)
        _unavailable(f"the server did not start: {started.stderr.strip()[:300]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def test_the_same_tournament_on_postgresql_and_sqlite_gives_the_same_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], postgresql_url: str
) -> None:
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "postgresql").mkdir()
    on_sqlite = run_sixteen_player_tournament(tmp_path / "sqlite", capsys)
    on_postgresql = run_sixteen_player_tournament(tmp_path / "postgresql", capsys, postgresql_url)
    assert on_postgresql == on_sqlite
    assert len(on_sqlite) == 16
