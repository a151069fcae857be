"""The referee's tables at a glance on a server: each table's game as the server's sync record holds it."""

from __future__ import annotations

import datetime
from pathlib import Path

from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.seats import Seat
from scorekeeper.sync import server as server_module
from scorekeeper.sync.server import QUIET_AFTER, LinkState, TableLink, TournamentServer
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import Tournament


def test_a_table_that_pushed_is_synced_and_one_not_opened_is_not_listed(tournament: Tournament, tmp_path: Path) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with TournamentServer.connect(tournament.referee_url) as referee:
        assert referee.where.startswith(f"{tournament.database}_referee@")
        (link,) = referee.table_links(1)
        assert referee.table_links(2) == ()
    assert (link.table_no, link.joined, link.finished, link.held) == (1, True, False, 0)
    assert link.last_write is not None
    assert link.state(link.last_write) is LinkState.SYNCED
    assert link.state(link.last_write + QUIET_AFTER + datetime.timedelta(seconds=1)) is LinkState.QUIET


def test_a_links_state_reads_what_the_table_did() -> None:
    now = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.UTC)
    base = {"table_no": 1, "joined": True, "last_write": None, "finished": False, "held": 0}
    assert TableLink(**{**base, "joined": False}).state(now) is LinkState.NOT_JOINED  # type: ignore[arg-type]
    assert TableLink(**{**base, "held": 2}).state(now) is LinkState.WAITING  # type: ignore[arg-type]
    assert TableLink(**{**base, "finished": True}).state(now) is LinkState.SYNCED  # type: ignore[arg-type]
    assert TableLink(**base).state(now) is LinkState.QUIET  # type: ignore[arg-type]


def test_a_stored_time_without_a_zone_is_utc_and_one_that_is_no_time_is_none() -> None:
    parse = server_module._parse_time
    assert parse("2026-11-28T12:00:00") == datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.UTC)
    assert parse("not a time") is None
