"""What follows every applied write to a game on the server, a table's push or the referee's: the game is replayed
for its hand and scores at a glance, and the write is announced, in the write's own transaction (no Qt)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import psycopg

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session.events import event_from_json
from scorekeeper.session.session import Session
from scorekeeper.sync.channels import table_channel, tournament_channel
from scorekeeper.tournament import TournamentSettings

__all__ = ["SERVER_TIME", "UNREPLAYABLE", "after_write", "replay_bodies", "replay_problem"]

#: How the glance (``game_sync.hand``) begins for a game whose log this program cannot replay.
UNREPLAYABLE = "cannot be replayed"


#: The time of a write as ``games.updated`` holds it (ISO 8601, UTC, microseconds), by the server's clock: an SQL
#: expression for the statement that writes it. Before, the writer's own clock (a table laptop's, for its pushes), so a
#: skewed laptop clock made the referee's "synced / offline?" wrong (issue 27, 5).
SERVER_TIME = "to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"+00:00\"')"


def after_write(
    connection: psycopg.Connection[Any],
    game_id: str,
    *,
    by_table: bool,
    settings_of: Callable[[int], TournamentSettings],
    applied_op: int | None = None,
) -> bool | None:
    """Replay a game's log for its hand and scores at a glance, and announce the change (same transaction).

    Every write is announced on its tournament's channel (:func:`tournament_channel`: the referee's live feed) and on
    the game's table's (:func:`table_channel`). A table's push (``by_table``) names the last change number it applied
    (``applied_op``, ``"op"`` in the announcement): the laptop that pushed it knows that number and asks nothing
    (``TournamentServer.heard``: hearing its own push made a table ask the server once more per hand,
    benchmarks/bench_sync_notify.py), while another laptop of the same table (a spare) hears a number above its own
    and takes the server's copy. ``settings_of`` gives a tournament's settings by its id.

    Returns whether the game has ended, or None when its log cannot be replayed.
    """
    row = connection.execute(
        "SELECT session, table_no, tournament_id, head FROM games WHERE game_id = %s", (game_id,)
    ).fetchone()
    assert row is not None
    session, table_no, tid, head = row
    game = _replay(connection, game_id, settings_of)
    if isinstance(game, str):
        # A log the table accepted but this program does not: keep the rows, leave the scores as they were.
        connection.execute(
            "UPDATE game_sync SET hand = %s WHERE game_id = %s", (f"{UNREPLAYABLE}: {game}"[:200], game_id)
        )
        return None
    state = game.state
    connection.execute(
        "UPDATE game_sync SET hand = %s, scores = %s WHERE game_id = %s",
        ("end" if state.ended else state.hand_label, json.dumps(list(state.scores)), game_id),
    )
    said: dict[str, object] = {"game": game_id, "session": int(session), "table": int(table_no), "head": int(head)}
    if by_table and applied_op is not None:
        said["op"] = applied_op
    payload = json.dumps(said)
    connection.execute("SELECT pg_notify(%s, %s)", (tournament_channel(int(tid)), payload))
    connection.execute("SELECT pg_notify(%s, %s)", (table_channel(int(tid), int(table_no)), payload))
    return state.ended


def replay_problem(
    connection: psycopg.Connection[Any], game_id: str, settings_of: Callable[[int], TournamentSettings]
) -> str:
    """Why the game's log in effect cannot be replayed by this program (an unknown event, an event the rules
    refuse), or empty when it can."""
    game = _replay(connection, game_id, settings_of)
    return game if isinstance(game, str) else ""


def _replay(
    connection: psycopg.Connection[Any], game_id: str, settings_of: Callable[[int], TournamentSettings]
) -> Session | str:
    """The game's log in effect replayed, or why it cannot be."""
    row = connection.execute("SELECT players, head, tournament_id FROM games WHERE game_id = %s", (game_id,)).fetchone()
    assert row is not None
    players_text, head, tid = row
    bodies = connection.execute(
        "SELECT body FROM game_events WHERE game_id = %s AND seq < %s ORDER BY seq", (game_id, head)
    ).fetchall()
    return replay_bodies(settings_of(int(tid)), players_text, (body for (body,) in bodies))


def replay_bodies(settings: TournamentSettings, players_text: str, bodies: Iterable[str | None]) -> Session | str:
    """A log in effect (its event bodies in order) replayed under ``settings``, or why it cannot be."""
    try:
        players = json.loads(players_text)
        return Session(settings.ruleset, players, [event_from_json(json.loads(body or "")) for body in bodies])
    except (ScorekeeperError, ValueError) as error:
        return str(error)
