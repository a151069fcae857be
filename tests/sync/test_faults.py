"""Sync under faults: whatever breaks, the server's games end equal to the tables' games, and the standings right.

Faults: the connection cut at many points of a push, the server stopped during a push, the table process
SIGKILLed during a push, the server's reply lost after it committed, and a table offline for a whole session.
"""

from __future__ import annotations

import contextlib
import random
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.errors import TournamentServerError
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import compute_standings
from tests.sync.table_process import step
from tests.tournament_db import Tournament

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


def _play(store: GameStore, game: int, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        step(store, game, rng)


def _server_game(store: GameStore, game: int) -> str:
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game)
    assert link is not None
    return link.server_game


def _assert_server_equals_table(tournament: Tournament, stores: dict[int, tuple[GameStore, int]]) -> None:
    """Every table's game equals the server's event for event, and the standings add up the tables' points."""
    expected: dict[str, int] = {}
    with tournament.referee() as referee:
        for store, game in stores.values():
            local = store.load(game)
            remote = referee.game(_server_game(store, game))
            assert remote.session_object().events == local.events
            assert remote.session_object().redo_events == local.redo
            assert remote.finished == local.finished
            points = store.load_session(game).state.standings().points_tenths
            for player, value in zip(local.players, points, strict=True):
                expected[player] = expected.get(player, 0) + value
    # The referee's window and the command line rank the very games the tables pushed, through the tournament store.
    with tournament.store() as tournament_store:
        ranked = compute_standings(tournament_store.load())
    assert {row.player: row.points_tenths for row in ranked.rows if row.games} == expected


class _CuttingProxy:
    """A TCP relay to the server that closes both sides once ``cut_after`` bytes have passed (either way)."""

    def __init__(self, port: int, cut_after: int) -> None:
        self._target = port
        self._budget = cut_after
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self._target))
            self._sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(4096):
                with self._lock:
                    allowed = min(len(data), self._budget)
                    self._budget -= allowed
                sink.sendall(data[:allowed])
                if allowed < len(data):
                    break
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def close(self) -> None:
        self._listener.close()
        for end in self._sockets:
            end.close()


@pytest.fixture
def proxy_factory(tournament: Tournament) -> Iterator[list[_CuttingProxy]]:
    made: list[_CuttingProxy] = []
    yield made
    for proxy in made:
        proxy.close()


@pytest.mark.parametrize("cut_after", [200, 1_500, 4_000, 9_000, 20_000, 60_000])
def test_the_connection_cut_anywhere_in_a_push_loses_and_doubles_nothing(
    tournament: Tournament, tmp_path: Path, proxy_factory: list[_CuttingProxy], cut_after: int
) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    _play(store, game, 60, seed=cut_after)
    proxy = _CuttingProxy(tournament.server.port, cut_after)
    proxy_factory.append(proxy)
    cut_url = login.url.replace(f":{tournament.server.port}/", f":{proxy.port}/")
    with TableSync(store.path, cut_url) as sync:
        sync.push()
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    _assert_server_equals_table(tournament, {1: (store, game)})


def test_the_servers_reply_lost_after_it_committed_changes_nothing_on_retry(
    tournament: Tournament, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    _play(store, game, 30, seed=1)

    def lost(self: LocalOutbox, game_id: int, op: int) -> None:
        raise TournamentServerError("the reply never came")

    with TableSync(store.path, login.url) as sync:
        with monkeypatch.context() as patch:
            patch.setattr(LocalOutbox, "acknowledge", lost)
            assert sync.push().offline_since is not None
        assert sync.status().waiting > 0
        assert sync.push().synced
    _assert_server_equals_table(tournament, {1: (store, game)})


def test_the_server_stopped_during_a_push_then_back(tournament: Tournament, tmp_path: Path) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    _play(store, game, 80, seed=2)
    with TableSync(store.path, login.url) as sync:
        pushing = threading.Thread(target=sync.push)
        pushing.start()
        tournament.server.stop(mode="immediate")
        pushing.join()
        _play(store, game, 5, seed=3)
        assert sync.push().offline_since is not None
        tournament.server.start()
        tournament.server.wait_ready()
        status = sync.push()
        assert status.synced, (status, sync.last_error)
    _assert_server_equals_table(tournament, {1: (store, game)})


def test_the_table_process_killed_during_a_push(tournament: Tournament, tmp_path: Path) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.sync.table_process", str(store.path), str(game), login.url, "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert process.stdout is not None
    pushes = 0
    for line in process.stdout:
        if line.startswith("pushing"):
            pushes += 1
            if pushes == 25:
                break
    process.send_signal(signal.SIGKILL)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL, err
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    _assert_server_equals_table(tournament, {1: (store, game)})


def test_a_table_offline_a_whole_session_catches_up_and_the_standings_are_right(
    tournament: Tournament, tmp_path: Path
) -> None:
    online, online_game, online_login = tournament.join(tmp_path, 1)
    offline, offline_game, offline_login = tournament.join(tmp_path, 2)
    dead = offline_login.url.replace(f":{tournament.server.port}/", ":1/")
    with TableSync(online.path, online_login.url) as up, TableSync(offline.path, dead) as down:
        for round_number in range(12):
            _play(online, online_game, 3, seed=round_number)
            _play(offline, offline_game, 3, seed=100 + round_number)
            assert up.push().synced
            assert down.push().waiting > 0
    with TableSync(offline.path, offline_login.url) as back:
        assert back.push().synced
    _assert_server_equals_table(tournament, {1: (online, online_game), 2: (offline, offline_game)})
