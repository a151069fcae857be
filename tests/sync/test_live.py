"""Live views: the referee hears of a table's confirmed hand within a second, through LISTEN/NOTIFY."""

from __future__ import annotations

import select
import time
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import TournamentServerError
from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.seats import Seat
from scorekeeper.sync.channels import CHANNEL
from scorekeeper.sync.live import Change, LiveFeed
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import TournamentPenalty, compute_standings
from tests.sync import steps
from tests.tournament_db import Tournament


def test_a_pushed_hand_reaches_the_referee_within_a_second(tournament: Tournament, tmp_path: Path) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    with LiveFeed.connect(tournament.referee_url) as feed, TableSync(store.path, login.url) as sync:
        assert feed.drain() == ()
        confirmed = time.monotonic()
        steps.append(store, game, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
        sync.push()
        changes = feed.wait(5.0)
        heard = time.monotonic()
        with tournament.store() as referee_store:  # what the referee's window reads when told
            rows = {row.player: row.points_tenths for row in compute_standings(referee_store.load()).rows}
    assert heard - confirmed < 1.0
    assert [(c.session, c.table_no, c.head) for c in changes] == [(1, 1, 1)]
    assert rows["Ann"] > 0 > rows["Bo"]


def test_the_feed_socket_turns_readable_for_a_penalty_and_changes_come_in_commit_order(
    tournament: Tournament,
) -> None:
    with LiveFeed.connect(tournament.referee_url) as feed, tournament.store() as store:
        store.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
        readable, _, _ = select.select([feed.fileno()], [], [], 5.0)
        assert readable
        first = feed.wait(5.0)
        store.add_penalty(TournamentPenalty(player="Bo", points=-4000, reason="late"))
        store.drop_player("Hal", after_session=1)
        burst: list[Change] = []
        deadline = time.monotonic() + 5.0
        while len(burst) < 2 and time.monotonic() < deadline:
            burst.extend(feed.wait(deadline - time.monotonic()))
    assert first == (Change(game=None, what="penalties"),)
    assert [c.what for c in burst] == ["penalties", "players"]


def test_a_notification_the_feed_cannot_read_is_still_a_reason_to_redraw(tournament: Tournament) -> None:
    with LiveFeed.connect(tournament.referee_url) as feed, psycopg.connect(tournament.admin_url, autocommit=True) as db:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, "not json"))
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, '{"changed": "penalties"}'))
        changes = feed.wait(5.0)
        deadline = time.monotonic() + 5
        while len(changes) < 2 and time.monotonic() < deadline:
            changes += feed.wait(1.0)
    assert changes == (Change(game=None), Change(game=None, what="penalties"))


def test_a_feed_that_cannot_connect_or_loses_its_server_says_so(tournament: Tournament) -> None:
    dead = tournament.referee_url.replace(f":{tournament.server.port}/", ":1/")
    with pytest.raises(TournamentServerError, match="cannot listen to"):
        LiveFeed.connect(dead)
    feed = LiveFeed.connect(tournament.referee_url)
    try:
        tournament.server.stop(mode="fast")

        def drain_until_lost() -> None:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                feed.drain()
                select.select([feed.fileno()], [], [], 0.2)

        with pytest.raises(TournamentServerError, match="lost the live feed"):
            drain_until_lost()
    finally:
        feed.close()
        tournament.server.start()
        tournament.server.wait_ready()
