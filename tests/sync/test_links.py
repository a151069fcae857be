"""A table's state at a glance from the server's record: synced, quiet (maybe offline), changes held, not joined."""

from __future__ import annotations

import datetime

from scorekeeper.sync.connection import describe_url
from scorekeeper.sync.server import QUIET_AFTER, LinkState, TableLink

NOW = datetime.datetime(2026, 5, 2, 14, 30, tzinfo=datetime.UTC)


def _link(*, minutes_ago: float | None, joined: bool = True, finished: bool = False, held: int = 0) -> TableLink:
    last = None if minutes_ago is None else NOW - datetime.timedelta(minutes=minutes_ago)
    return TableLink(table_no=1, joined=joined, last_write=last, finished=finished, held=held)


def test_a_table_that_wrote_lately_is_synced() -> None:
    assert _link(minutes_ago=3).state(NOW) is LinkState.SYNCED
    assert _link(minutes_ago=QUIET_AFTER.total_seconds() / 60).state(NOW) is LinkState.SYNCED


def test_a_running_game_without_a_write_for_the_quiet_time_may_be_offline() -> None:
    assert _link(minutes_ago=16).state(NOW) is LinkState.QUIET
    assert _link(minutes_ago=None).state(NOW) is LinkState.QUIET


def test_a_finished_game_stays_synced_however_long_ago() -> None:
    assert _link(minutes_ago=300, finished=True).state(NOW) is LinkState.SYNCED


def test_changes_the_server_holds_back_outrank_the_time() -> None:
    assert _link(minutes_ago=1, held=2).state(NOW) is LinkState.WAITING


def test_a_game_no_table_opened_is_not_joined() -> None:
    assert _link(minutes_ago=1, joined=False).state(NOW) is LinkState.NOT_JOINED


def test_describing_a_malformed_url_says_so_instead_of_raising() -> None:
    """The message of a failed connection describes the URL; urlsplit's ValueError on "[::1" or a port that is not
    a number escaped from inside that error handling (a traceback instead of the connection's reason)."""
    assert describe_url("postgresql://ref:secret@[::1/open") == "a malformed postgresql:// URL"
    assert describe_url("postgresql://ref:secret@host:port/open") == "a malformed postgresql:// URL"
    assert describe_url("postgresql://ref:secret@host:5433/open") == "ref@host:5433/open"
