"""A table's state at a glance from the server's record: synced, quiet (maybe offline), changes held, not joined.

The state runs on the server's clock (issue 27, 5): a laptop's clock, or the referee's, set wrong shows no wrong state.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.sync import push as push_module
from scorekeeper.sync import server as server_module
from scorekeeper.sync.connection import describe_url
from scorekeeper.sync.server import QUIET_AFTER, LinkState, TableLink
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import Tournament

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


def test_the_state_runs_on_the_servers_clock_however_the_readers_is_set() -> None:
    # The record was read when the server's clock said NOW and the referee's laptop, an hour fast, said NOW + 1 h.
    fast = NOW + datetime.timedelta(hours=1)
    link = TableLink(
        table_no=1,
        joined=True,
        last_write=NOW - datetime.timedelta(minutes=2),
        finished=False,
        held=0,
        server_now=NOW,
        read_at=fast,
    )
    assert link.state(fast + datetime.timedelta(minutes=3)) is LinkState.SYNCED  # 5 minutes by the server's clock
    assert link.state(fast + datetime.timedelta(minutes=14)) is LinkState.QUIET  # 16


def _skewed(hours: float) -> Callable[[], datetime.datetime]:
    return lambda: datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=hours)


def test_a_laptop_with_a_skewed_clock_shows_synced_to_the_referee(
    tournament: Tournament, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Table 1's laptop is an hour behind, table 2's an hour ahead; both have just pushed. Before, the time of a push
    # was the laptop's: table 1 read "offline? nothing since" an hour ago, and table 2 would read synced for an hour
    # after its laptop went away.
    for table, hours in ((1, -1.0), (2, 1.0)):
        store, game_id, login = tournament.join(tmp_path, table)
        steps.append(store, game_id, RiichiDeclared(Seat(0)))
        laptop_clock = _skewed(hours)
        monkeypatch.setattr(push_module, "now", lambda clock=laptop_clock: clock().isoformat(), raising=False)
        with TableSync(store.path, login.url) as sync:
            assert sync.push().synced
        monkeypatch.undo()
    with tournament.referee() as referee:
        links = {link.table_no: link for link in referee.table_links(1)}
    now = datetime.datetime.now(datetime.UTC)
    assert {table: link.state(now) for table, link in links.items()} == {1: LinkState.SYNCED, 2: LinkState.SYNCED}
    assert links[2].state(now + QUIET_AFTER + datetime.timedelta(minutes=1)) is LinkState.QUIET


def test_a_referee_with_a_skewed_clock_sees_the_right_state(
    tournament: Tournament, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    referee_clock = _skewed(1.0)  # the referee's laptop is an hour fast: its window's "now" and its reads
    monkeypatch.setattr(server_module, "_reader_now", referee_clock, raising=False)
    with tournament.referee() as referee:
        (link,) = referee.table_links(1)
    assert link.state(referee_clock()) is LinkState.SYNCED
