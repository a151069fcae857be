"""Live views: the referee hears of a table's confirmed hand within a second, through LISTEN/NOTIFY."""

from __future__ import annotations

import select
import time
from pathlib import Path

from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.seats import Seat
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
