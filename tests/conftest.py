"""Test-wide settings.

Qt runs offscreen so the suite works on a machine with no screen. With ``SCOREKEEPER_BLOCK_QT=1`` (the Qt-free step
of ``.ci/run``), importing PySide6 or shiboken6 fails, so the engine, session, storage and CLI tests prove that the
core runs where Qt is not importable at all.
"""

import importlib.abc
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class _QtBlocker(importlib.abc.MetaPathFinder):
    """Refuses every import of Qt's Python bindings."""

    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname.split(".", maxsplit=1)[0] in {"PySide6", "shiboken6"}:
            raise ImportError(f"{fullname} is blocked: the core must not need Qt")


if os.environ.get("SCOREKEEPER_BLOCK_QT") == "1":
    sys.meta_path.insert(0, _QtBlocker())


# -- a real PostgreSQL server for the tournament tests (issue 13) ---------------------------------------------------

from collections.abc import Iterator  # noqa: E402

import pytest  # noqa: E402

from tests.pgserver import TestServer, start_or_reason  # noqa: E402

#: The ``tournament`` fixture (a tournament database on the ``pg_server`` below).
pytest_plugins = ["tests.tournament_db"]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[TestServer]:
    """A PostgreSQL server on 127.0.0.1 for the whole run (tests/pgserver.py), stopped and removed at the end.

    When none can be started, every test that needs it is skipped, and the skip's reason says why (pytest's
    ``-ra`` summary lists it): "PostgreSQL tests skipped: ...". CI sets ``SCOREKEEPER_REQUIRE_PG=1``, which
    makes that an error instead.
    """
    server = start_or_reason()
    if isinstance(server, str) and os.environ.get("SCOREKEEPER_REQUIRE_PG") == "1":
        pytest.fail(f"SCOREKEEPER_REQUIRE_PG=1 but no PostgreSQL server could be started: {server}")
    if isinstance(server, str):
        pytest.skip(f"PostgreSQL tests skipped: no server could be started: {server}")
    try:
        yield server
    finally:
        server.destroy()
