"""One event this program cannot replay must not lock the referee out (issue 23 item 1): the three ways in.

A newer program's event kind, a damaged laptop file, and ``psql`` with a table's code. The database refuses an
event row that is not an event of a known type, whoever writes it; the push replays each unit before it takes it;
what still gets in (a well-formed event the rules refuse, written with ``psql``) is held apart on load
(tests/sync/test_unreplayable_load.py).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import psycopg
import pytest
from psycopg import errors

from scorekeeper.session.events import EndGame, RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import LocalOutbox, OutboxOp
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import Tournament


def _server_game(store_path: Path, game_id: int) -> str:
    with LocalOutbox.open(store_path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    return link.server_game


@pytest.mark.parametrize(
    "body",
    [
        pytest.param('{"type": "bogus"}', id="unknown-type"),
        pytest.param('{"seat": 0}', id="no-type"),
        pytest.param('[{"type": "riichi"}]', id="not-an-object"),
        pytest.param("riichi", id="not-json"),
        pytest.param('{"type": 7}', id="type-not-text"),
    ],
)
def test_the_database_refuses_a_table_login_writing_a_row_that_is_no_event(
    tournament: Tournament, tmp_path: Path, body: str
) -> None:
    store, game_id, _login = tournament.join(tmp_path, 1)
    server_game = _server_game(store.path, game_id)
    with psycopg.connect(tournament.table_url(1), autocommit=True) as table:
        with pytest.raises(errors.CheckViolation, match=r"not an event of a type this server takes|is not JSON"):
            table.execute("INSERT INTO game_events (game_id, seq, body) VALUES (%s, 0, %s)", (server_game, body))
        table.execute(
            "INSERT INTO game_events (game_id, seq, body) VALUES (%s, 0, %s)",
            (server_game, dump_json(event_to_json(RiichiDeclared(Seat(0))))),
        )
        with pytest.raises(errors.CheckViolation):
            table.execute("UPDATE game_events SET body = %s WHERE game_id = %s", (body, server_game))
    with tournament.store() as tournament_store:
        tournament_store.load()


def test_a_newer_programs_event_kind_is_refused_by_the_push_and_nothing_is_taken(tournament: Tournament) -> None:
    with tournament.referee() as referee:
        game_id = referee.open_game(1, 1).id
    future = json.dumps({"type": "dora_bet", "seat": 0, "points": 1000})
    with TournamentServer.connect(tournament.table_url(1)) as table:
        result = table.push(
            game_id,
            (
                OutboxOp(op=1, kind="put", seq=0, body=future),
                OutboxOp(op=2, kind="head", seq=1, base=0, finished=False),
            ),
        )
        held = table.game(game_id)
    assert result.applied_op == 0
    assert "not an event of a type this server takes" in result.conflict
    assert (held.head, held.bodies) == (0, ())
    with tournament.store() as store:
        assert store.load().games[0].events == ()


def test_a_damaged_laptop_file_is_refused_by_the_push(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, RiichiDeclared(Seat(0)))
    steps.append(store, game_id, EndGame("time"), finished=True)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        # The file damaged (a bad write, a hand edit): a riichi after the game's end, which the app never writes.
        with sqlite3.connect(store.path) as raw:
            raw.execute(
                "INSERT INTO events (game_id, seq, body) VALUES (?, 2, ?)",
                (game_id, dump_json(event_to_json(RiichiDeclared(Seat(1))))),
            )
            raw.execute("UPDATE games SET head = 3 WHERE id = ?", (game_id,))
        raw.close()
        status = sync.push()
    assert "cannot be replayed" in status.problem, status
    with tournament.store() as tournament_store:
        (game,) = tournament_store.load().games
    assert game.events == (RiichiDeclared(Seat(0)), EndGame("time"))


def test_a_riichi_after_the_games_end_is_refused_by_the_push(tournament: Tournament) -> None:
    end, riichi = (dump_json(event_to_json(e)) for e in (EndGame("time"), RiichiDeclared(Seat(2))))
    with tournament.referee() as referee:
        game_id = referee.open_game(1, 1).id
    with TournamentServer.connect(tournament.table_url(1)) as table:
        first = table.push(
            game_id,
            (
                OutboxOp(op=1, kind="put", seq=0, body=end),
                OutboxOp(op=2, kind="head", seq=1, base=0, finished=True),
                OutboxOp(op=3, kind="put", seq=1, body=riichi),
                OutboxOp(op=4, kind="head", seq=2, base=1, finished=True),
            ),
        )
        held = table.game(game_id)
    assert first.applied_op == 2
    assert "changes 3-4" in first.conflict and "cannot be replayed" in first.conflict
    assert (held.head, held.bodies) == (1, (end,))


def test_every_event_type_the_program_writes_is_one_the_server_takes() -> None:
    # The database's check is written from EVENT_TYPES: an event kind added to the program but not to the list would
    # be refused by every server (tests/session's round trips would not notice).
    import inspect
    import re

    from scorekeeper.session import events

    written = set(re.findall(r'"type": "([a-z_]+)"', inspect.getsource(events)))
    assert written == set(events.EVENT_TYPES)
