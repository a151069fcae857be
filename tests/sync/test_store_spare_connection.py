"""A tournament store whose server connection was lost takes a new one made on another thread (the referee's window
connects off its own thread, then the store reads on what it was handed: TournamentStore.connect_spare/use_spare)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.storage.tournament_store import open_tournament_store
from tests.sync import steps
from tests.tournament_db import Tournament


def test_a_store_that_lost_its_server_reads_on_a_connection_made_on_another_thread(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    with steps.StallingProxy(tournament.server.port) as proxy:
        store = open_postgresql_store(proxy.url(tournament.referee_url, tournament.server.port))
        try:
            proxy.stall()
            with pytest.raises(SaveFileError, match="did not answer within 1 s"):
                store.data_version()
            made: list[object] = []
            worker = threading.Thread(target=lambda: made.append(store.connect_spare()))
            worker.start()
            worker.join(10)
            (spare,) = made
            assert store.use_spare(spare)
            connections = proxy.connections
            assert store.load("Test Open").settings.name == "Test Open"  # on the spare: no connect of its own
            assert proxy.connections == connections
        finally:
            store.close()


def test_a_spare_is_closed_not_taken_while_the_stores_connection_stands(tournament: Tournament) -> None:
    with tournament.store() as store:
        spare = store.connect_spare()
        assert not store.use_spare(spare)
        assert getattr(spare, "closed", False)
        assert store.load("Test Open").settings.name == "Test Open"


def test_a_spare_connection_to_a_server_that_does_not_answer_is_a_save_file_error_within_the_connect_timeout(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournament_pg, "_CONNECT_TIMEOUT_S", 2)
    with steps.StallingProxy(tournament.server.port) as proxy:
        store = open_postgresql_store(proxy.url(tournament.referee_url, tournament.server.port))
        try:
            proxy.hold_new()
            started = time.monotonic()
            with pytest.raises(SaveFileError, match="cannot connect again"):
                store.connect_spare()
            assert time.monotonic() - started < 2 + 2
        finally:
            store.close()


def test_a_file_store_has_no_spare_connection(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        assert store.connect_spare() is None
        assert not store.use_spare(object())
