"""Push: a table's game reaches the server event for event; retries, duplicates and reordering change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import SyncConflictError
from scorekeeper.session.events import (
    HanFuWin,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Tsumo,
    event_from_json,
    event_to_json,
)
from scorekeeper.session.seats import Seat
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import TableGame, compute_standings
from tests.sync import steps
from tests.tournament_db import PLAYERS, Tournament


def _play(store: GameStore, game_id: int, hands: int) -> None:
    """A few hands: riichi, then a ron or a tsumo, turn by turn."""
    for hand in range(hands):
        seat = Seat(hand % 4)
        steps.append(store, game_id, RiichiDeclared(seat))
        if hand % 2:
            steps.append(store, game_id, Tsumo(HanFuWin(seat=seat, han=2, fu=30)))
        else:
            steps.append(store, game_id, Ron(Seat((hand + 1) % 4), (HanFuWin(seat=seat, han=3, fu=40),)))


def _same_game(store: GameStore, game_id: int, tournament: Tournament, server_game: str) -> None:
    local = store.load(game_id)
    with tournament.referee() as referee:
        remote = referee.game(server_game)
    bodies = tuple(dump_json(event_to_json(e)) for e in (*local.events, *local.redo))
    assert remote.bodies == bodies
    assert remote.head == len(local.events)
    assert remote.finished == local.finished


def _server_game(store: GameStore, game_id: int) -> str:
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    return link.server_game


def test_pushed_game_equals_the_table_game_event_for_event(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    _play(store, game_id, 3)
    with TableSync(store.path, login.url) as sync:
        assert sync.status().waiting == 6
        status = sync.push()
    assert status.synced, status
    _same_game(store, game_id, tournament, _server_game(store, game_id))


def test_undo_redo_and_a_new_event_after_undo_travel_the_same_way(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    _play(store, game_id, 2)
    with TableSync(store.path, login.url) as sync:
        sync.push()
        steps.undo(store, game_id)
        steps.undo(store, game_id)
        steps.redo(store, game_id)
        sync.push()
        _same_game(store, game_id, tournament, _server_game(store, game_id))
        steps.append(store, game_id, RiichiDeclared(Seat(3)))  # drops the redo list, reuses an undone position
        assert sync.push().synced
    _same_game(store, game_id, tournament, _server_game(store, game_id))


def test_the_same_changes_delivered_twice_change_nothing(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, _login = tournament.join(tmp_path, 1)
    server_game = _server_game(store, game_id)
    _play(store, game_id, 2)
    with LocalOutbox.open(store.path) as outbox:
        ops = outbox.pending(game_id)
    with tournament.referee() as referee:
        first = referee.push(server_game, ops)
        before = referee.game(server_game)
        again = referee.push(server_game, ops)
        half = referee.push(server_game, ops[: len(ops) // 2])
        after = referee.game(server_game)
    assert first.applied_op == again.applied_op == half.applied_op == ops[-1].op
    assert after == before
    assert not first.conflict and not again.conflict


def test_changes_arriving_out_of_order_wait_for_the_missing_ones(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, _login = tournament.join(tmp_path, 1)
    server_game = _server_game(store, game_id)
    _play(store, game_id, 3)
    with LocalOutbox.open(store.path) as outbox:
        ops = outbox.pending(game_id)
    late, early = ops[:5], ops[5:]
    with tournament.referee() as referee:
        waiting = referee.push(server_game, early)
        assert waiting.applied_op == 0
        assert referee.game(server_game).bodies == ()
        done = referee.push(server_game, late)
    assert done.applied_op == ops[-1].op
    with LocalOutbox.open(store.path) as outbox:
        outbox.acknowledge(game_id, done.applied_op)
    _same_game(store, game_id, tournament, server_game)


def test_a_referee_correction_and_a_table_write_at_once_cannot_both_win(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    server_game = _server_game(store, game_id)
    _play(store, game_id, 1)
    with TableSync(store.path, login.url) as sync:
        sync.push()
        with tournament.referee() as referee:
            version = referee.game(server_game).version
            steps.append(store, game_id, RiichiDeclared(Seat(2)))  # the table, on the old position
            penalty = dump_json(event_to_json(RefereePenalty(seat=Seat(1), points=-1000, reason="late")))
            referee.append_as_referee(server_game, penalty, version=version)  # the referee, on the same one
        status = sync.push()
        assert "changed on the server" in status.problem
        assert status.waiting == 1
        refused = sync.take_server_copy(game_id)
        assert [event_from_json(json.loads(b)) for b in refused] == [RiichiDeclared(Seat(2))]
        assert sync.status().waiting == 0
        steps.append(store, game_id, RiichiDeclared(Seat(2)))  # offered again, confirmed again
        assert sync.push().synced
    local = store.load(game_id)
    assert local.events[-2:] == (RefereePenalty(seat=Seat(1), points=-1000, reason="late"), RiichiDeclared(Seat(2)))
    _same_game(store, game_id, tournament, server_game)


def test_a_referee_write_built_on_an_old_version_is_refused(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    server_game = _server_game(store, game_id)
    with tournament.referee() as referee:
        version = referee.game(server_game).version
        _play(store, game_id, 1)
        with TableSync(store.path, login.url) as sync:
            sync.push()
        penalty = dump_json(event_to_json(RefereePenalty(seat=Seat(1), points=-1000, reason="late")))
        with pytest.raises(SyncConflictError, match="changed since it was read"):
            referee.append_as_referee(server_game, penalty, version=version)
    _same_game(store, game_id, tournament, server_game)


def test_a_table_offline_for_a_session_catches_up_by_itself(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    dead = login.url.replace(f":{tournament.server.port}/", ":1/")  # nothing listens on port 1
    with TableSync(store.path, dead) as offline:
        for _ in range(4):  # 8 hands: a ninth would be after the game's end, which the server refuses
            _play(store, game_id, 2)
            status = offline.push()
            assert status.offline_since is not None
        assert status.waiting == 16
        assert "cannot reach" in offline.last_error
        assert tournament.codes[1] not in offline.last_error
    with TableSync(store.path, login.url) as online:
        assert online.push().synced
    _same_game(store, game_id, tournament, _server_game(store, game_id))


def test_a_game_recorded_from_a_file_can_be_corrected_on_the_server(tournament: Tournament) -> None:
    win = Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),))
    with tournament.store() as store:
        store.add_game(TableGame(game_id="s1-t2-file", session=1, table=2, players=PLAYERS[2], events=(win,)))
    with tournament.referee() as referee:
        game = referee.game("s1-t2-file")
        assert (game.head, game.version) == (1, 0)
        riichi = dump_json(event_to_json(RiichiDeclared(Seat(2))))
        assert referee.append_as_referee("s1-t2-file", riichi, version=0) == 1
        held = referee.game("s1-t2-file")
    server = dict(zip(held.players, held.session_object().state.standings().points_tenths, strict=True))
    with tournament.store() as store:
        tournament_now = store.load()
    assert next(g for g in tournament_now.games if g.game_id == "s1-t2-file").events == (win, RiichiDeclared(Seat(2)))
    ranked = compute_standings(tournament_now)
    assert {row.player: row.points_tenths for row in ranked.rows if row.games} == server


def test_two_laptops_joined_to_one_table_lose_nothing(tournament: Tournament, tmp_path: Path) -> None:
    # A spare laptop joins table 1 while the first is still on; both enter a change with the same number. The
    # server took the second as a duplicate of the first: the spare said "Synced" and its event was in no
    # standings. Now its push is refused, and taking the server's copy gives its event back to offer again.
    (tmp_path / "first").mkdir()
    (tmp_path / "spare").mkdir()
    first, first_game, login = tournament.join(tmp_path / "first", 1)
    steps.append(first, first_game, RiichiDeclared(Seat(1)))
    with TableSync(first.path, login.url) as sync:
        assert sync.push().synced
    spare, spare_game, _ = tournament.join(tmp_path / "spare", 1)
    steps.append(first, first_game, RiichiDeclared(Seat(0)))
    steps.append(spare, spare_game, RiichiDeclared(Seat(2)))
    with TableSync(first.path, login.url) as sync:
        assert sync.push().synced
    with TableSync(spare.path, login.url) as sync:
        status = sync.push()
        assert not status.synced
        assert "another laptop of this table" in status.problem
        refused = sync.resolve_conflicts()
    assert [event_from_json(json.loads(body)) for body in refused[spare_game]] == [RiichiDeclared(Seat(2))]
    _same_game(first, first_game, tournament, _server_game(first, first_game))
    _same_game(spare, spare_game, tournament, _server_game(spare, spare_game))
