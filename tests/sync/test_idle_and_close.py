"""An idle table costs the server nothing, and closing a table never waits for the network.

An idle table used to ask the server at every push cycle (3 s) whether the referee had written to its game; it
now listens (LISTEN/NOTIFY) and asks only about a game the server announced a write to: the referee's writes and
another laptop's of the same table, not its own pushes (it used to ask once more after every hand). Closing the app
while a push waited on a connect attempt used to wait out the connect timeout (5 s); it now returns at once, and
what was not sent stays in the outbox for the next start.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from scorekeeper.errors import SaveFileError
from scorekeeper.session.events import LastHandCalled, RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.sync.channels import table_channel
from scorekeeper.sync.push import Writer
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import SyncStatus, TableSync
from tests.sync import steps
from tests.tournament_db import Tournament


def _table_backend(tournament: Tournament, table_no: int) -> tuple[object, str]:
    """When the table's one connection last changed state, and its last statement (the admin sees every backend)."""
    role = f"{tournament.database}_table{table_no}"
    deadline = time.monotonic() + 10
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        while True:
            rows = admin.execute(
                "SELECT state_change, query FROM pg_stat_activity WHERE usename = %s", (role,)
            ).fetchall()
            if len(rows) == 1 or time.monotonic() > deadline:  # join's own connection may still be going away
                break
            time.sleep(0.05)
    assert len(rows) == 1
    return rows[0][0], str(rows[0][1])


def test_an_idle_table_sends_nothing_until_the_server_announces_a_write_to_its_game(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced  # connects, listens, asks once about the writes made before it listened
        before = _table_backend(tournament, 1)
        for _cycle in range(5):
            assert sync.push().synced
        assert _table_backend(tournament, 1) == before  # five idle cycles: not one statement
        other_store, other_game, other_login = tournament.join(tmp_path, 2)
        steps.append(other_store, other_game, RiichiDeclared(Seat(0)))
        with TableSync(other_store.path, other_login.url) as other:
            assert other.push().synced
        assert sync.push().synced
        assert _table_backend(tournament, 1) == before  # another table's write: not announced to this one
        with tournament.referee() as referee:
            referee.correct_as_referee(
                link.server_game, (LastHandCalled("time limit"),), version=referee.game(link.server_game).version
            )
        status = steps.push_until(sync, lambda s: bool(s.problem))
        assert "the referee wrote to it" in status.problem
        assert _table_backend(tournament, 1) != before  # announced: asked, and the call is taken
        assert sync.resolve_conflicts() == {game_id: ()}
    session, _position = store.load_session_at(game_id)
    assert session.state.last_hand_called


def test_a_table_hears_of_its_own_games_only(tournament: Tournament, tmp_path: Path) -> None:
    _store, game_id, login = tournament.join(tmp_path, 1)
    other_store, other_game, other_login = tournament.join(tmp_path, 2)
    with LocalOutbox.open(_store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    heard: set[str] = set()
    with TournamentServer.connect(login.url) as table:
        table.listen()
        steps.append(other_store, other_game, RiichiDeclared(Seat(0)))
        with TableSync(other_store.path, other_login.url) as other:  # table 2's write commits first ...
            assert other.push().synced
        with tournament.referee() as referee:  # ... then the referee's to table 1's game
            referee.correct_as_referee(
                link.server_game, (LastHandCalled("time limit"),), version=referee.game(link.server_game).version
            )
        deadline = time.monotonic() + 10
        while link.server_game not in heard and time.monotonic() < deadline:
            heard |= table.heard()
            time.sleep(0.01)
    assert heard == {link.server_game}  # announcements come in commit order: table 2's never came


def test_a_tables_push_is_announced_on_its_channel_with_the_number_the_pushing_laptop_knows(
    tournament: Tournament, tmp_path: Path
) -> None:
    # A table's own push is announced on its channel too, for another laptop of the same table (a spare), with the
    # last change number it applied: the laptop that pushed knows that number and asks nothing
    # (test_a_table_asks_the_server_nothing_after_its_own_write); the referee's write carries none and is asked about.
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    with psycopg.connect(login.url, autocommit=True) as spare:  # table 1's login, listening on its channel
        spare.execute(sql.SQL("LISTEN {}").format(sql.Identifier(table_channel(1, 1))))
        steps.append(store, game_id, RiichiDeclared(Seat(0)))
        with TableSync(store.path, login.url) as sync:  # table 1's own write (head 1) commits first ...
            assert sync.push().synced
        with tournament.referee() as referee:  # ... then the referee's to its game (head 2)
            referee.correct_as_referee(
                link.server_game, (LastHandCalled("time limit"),), version=referee.game(link.server_game).version
            )
        said = [json.loads(n.payload) for n in spare.notifies(timeout=10, stop_after=2)]
        said += [json.loads(n.payload) for n in spare.notifies(timeout=0.2)]
    assert [(s["head"], s.get("op")) for s in said] == [(1, 2), (2, None)]  # one put and one head: change 2


def test_a_table_asks_the_server_nothing_after_its_own_write(
    tournament: Tournament, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[str, ...]] = []
    overtaken = TournamentServer.overtaken

    def counted(self: TournamentServer, games: Mapping[str, int]) -> dict[str, Writer]:
        asked.append(tuple(games))
        return overtaken(self, games)

    monkeypatch.setattr(TournamentServer, "overtaken", counted)
    store, game_id, login = tournament.join(tmp_path, 1)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        assert len(asked) == 1  # once after connecting, for the writes made while it was not listening
        for event in (RiichiDeclared(Seat(0)), RiichiDeclared(Seat(1))):
            steps.append(store, game_id, event)
            assert sync.push().synced
        steps.undo(store, game_id)
        assert sync.push().synced
        for _cycle in range(5):
            time.sleep(0.02)  # time for an announcement to arrive, were there one
            assert sync.push().synced
    assert len(asked) == 1  # before: once more after each of its own three writes


def test_a_table_that_was_not_listening_asks_about_its_games_when_it_connects(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    with tournament.referee() as referee:  # the table's laptop is off: no one listens for this write
        referee.correct_as_referee(
            link.server_game, (LastHandCalled("time limit"),), version=referee.game(link.server_game).version
        )
    with TableSync(store.path, login.url) as sync:
        assert "the referee wrote to it" in sync.push().problem


def test_an_idle_table_whose_server_went_away_says_offline(tournament: Tournament, tmp_path: Path) -> None:
    store, _game_id, login = tournament.join(tmp_path, 1)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        with psycopg.connect(tournament.admin_url, autocommit=True) as admin:  # the server ends the connection
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (f"{tournament.database}_table1",),
            )
        offline = steps.push_until(sync, lambda s: s.offline_since is not None)
        assert offline.offline_since is not None
        assert sync.push().synced  # the next cycle connects again


def test_closing_a_table_during_a_connect_attempt_returns_at_once_and_keeps_its_queue(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    outcome: list[SyncStatus | SaveFileError] = []
    with steps.SilentServer() as silent:
        sync = TableSync(store.path, silent.url)

        def push() -> None:
            try:
                outcome.append(sync.push())
            except SaveFileError as error:
                outcome.append(error)

        pushing = threading.Thread(target=push, name="test-push")
        pushing.start()
        deadline = time.monotonic() + 10
        while not silent.someone_waits() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert silent.someone_waits()
        sync.close()
        assert pushing.is_alive()  # close returned while the push still waits for the server: it did not wait
    pushing.join(timeout=10)  # the silent server is gone: the connect attempt fails, the push ends and closes
    assert not pushing.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], SaveFileError)
    with pytest.raises(SaveFileError, match="closed"):
        sync.status()
    with LocalOutbox.open(store.path) as outbox:
        assert [link.waiting for link in outbox.links()] == [1]  # the riichi, kept for the next start
    with TableSync(store.path, login.url) as again:
        assert again.push().synced
    with tournament.referee() as referee:
        assert referee.games()[0]["head"] == 1
