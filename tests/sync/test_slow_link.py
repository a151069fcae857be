"""A slow link and a second address to the same server (issue 27, item 3).

A table with 150 queued changes never synced over a 100 ms round trip: the server's ``ANSWER_TIMEOUT`` (15 s)
watchdog covers a whole push, and the push cost a round trip per change. Now a batch costs a fixed number of round
trips whatever its length. Re-joining the same server through another address (its IP instead of its name) made a
second local game for the same table; a table's game is now found by the server's game, not by the address typed.
"""

from __future__ import annotations

import time
from pathlib import Path

from scorekeeper.session.events import HanFuWin, RiichiDeclared, Ron, Tsumo
from scorekeeper.session.seats import Seat
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.sync.table import TableLogin, TableSync, join
from tests.sync import steps
from tests.tournament_db import Tournament

#: Half the round trip the issue measured (100 ms): the relay holds every chunk this long each way.
_ONE_WAY_S = 0.05


def _queue_changes(tournament: Tournament, tmp_path: Path, changes: int) -> tuple[Path, int, str]:
    """Table 1 joined, with ``changes`` queued writes: six hands (riichi, then a win), then undos and redos."""
    store, game_id, login = tournament.join(tmp_path, 1)
    for hand in range(6):
        seat = Seat(hand % 4)
        steps.append(store, game_id, RiichiDeclared(seat))
        win = HanFuWin(seat=seat, han=1, fu=30)
        steps.append(store, game_id, Tsumo(win) if hand % 2 else Ron(Seat((hand + 1) % 4), (win,)))
    for made in range(12, changes):
        (steps.undo if made % 2 == 0 else steps.redo)(store, game_id)
    return store.path, game_id, login.url


def test_150_queued_changes_sync_over_a_100_ms_round_trip(tournament: Tournament, tmp_path: Path) -> None:
    path, game_id, url = _queue_changes(tournament, tmp_path, 150)
    with TableSync(path, url) as local:
        assert local.status().waiting == 150
    with (
        steps.StallingProxy(tournament.server.port, delay=_ONE_WAY_S) as slow,
        TableSync(path, slow.url(url, tournament.server.port)) as sync,
    ):
        started = time.monotonic()
        status = sync.push()
        took = time.monotonic() - started
        assert status.synced, (status, sync.last_error)  # before: "did not answer within 15 s", for ever
    # The whole push (connect, login, the batches, the check for others' writes) in a few dozen round trips, well
    # inside one watchdog period; one round trip per change was 150 * 0.1 s and more.
    assert took < tournament_pg.ANSWER_TIMEOUT / 2, took
    with tournament.referee() as referee, LocalOutbox.open(path) as outbox:
        link = outbox.link_of(game_id)
        assert link is not None
        assert referee.game(link.server_game).applied_op == link.acked_op == link.last_op


def test_rejoining_the_same_server_by_another_address_finds_the_same_game(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    by_name = TableLogin(url=login.url.replace("@127.0.0.1:", "@localhost:"), session=1, table_no=1)
    again = join(store, by_name)
    assert again.game_id == game_id  # before: a second local game for the same table
    assert [game.id for game in store.list_games()] == [game_id]
    steps.append(store, game_id, RiichiDeclared(Seat(1)))
    with TableSync(store.path, by_name.url) as sync:
        assert sync.push().synced
    with LocalOutbox.open(store.path) as outbox:
        (link,) = outbox.links()
    assert "localhost" in link.link  # the link says how the server is reached now
    with tournament.referee() as referee:
        assert referee.game(link.server_game).head == 2
