"""The push: a table's queued changes of its game taken by the server, in one transaction (no Qt).

A table sends the queued changes of its game (:mod:`scorekeeper.storage.outbox`) numbered 1, 2, 3... The server
stores them under (game, number) in ``pushed_ops``, ignoring numbers it already has, so a retry or a duplicate
changes nothing (a number it holds with a different change is another laptop of the same table: that push is
refused whole, see :func:`take_push`); then it applies, in order, every whole unit (the rows one local write
changed, closed by a ``head`` row) that follows the last number it applied. Rows that arrived out of order wait for
the missing numbers.

**Stale writes.** Every write to a server game, by a table or the referee, adds one to ``game_sync.version``; the
version right after the table's own last write is ``game_sync.table_version``. A table's unit is built on that
position: it applies only while ``version == table_version`` and the server's head is the unit's ``base`` head.
If the referee corrected the game in between (``version != table_version``), or another laptop of the same table
wrote to it (the versions agree, the head moved), the unit is refused: the push reports a conflict that names whose
write it met (:class:`Writer`), and the table takes the server's copy and offers its refused events again.

**A unit the server cannot take.** Each unit is applied in a savepoint and the game replayed with it; a unit whose
rows the database refuses (not an event of a type the server takes, ``scorekeeper.sync.setup``) or that leaves a
log this program cannot replay (an event after the game's end, a damaged file's row, a newer program's event kind)
is rolled back and refused with the reason (``PushResult.conflict``, ``met`` None): the table stops that game and
takes the server's copy as after a conflict. Before (issue 23 item 1), it was taken, and loading the tournament
failed for the referee, the standings and every export.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import psycopg

from scorekeeper.errors import TournamentServerError
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.sync.applied import SERVER_TIME, UNREPLAYABLE, after_write, replay_bodies, replay_problem
from scorekeeper.sync.connection import reason
from scorekeeper.tournament import TournamentSettings

__all__ = ["PushResult", "PushedOp", "Writer", "forget_refused", "take_push"]


class PushedOp(NamedTuple):
    """One pushed change as ``pushed_ops`` holds it (the game's id aside): what :class:`OutboxOp` carries, with
    ``finished`` as the column's 0/1."""

    op: int
    kind: str
    seq: int
    body: str | None
    base: int | None
    finished: int | None

    @classmethod
    def of(cls, change: OutboxOp) -> PushedOp:
        """The row of a table's queued change."""
        finished = None if change.finished is None else int(change.finished)
        return cls(change.op, change.kind, change.seq, change.body, change.base, finished)


_COLUMNS = "op, kind, seq, body, base, finished"


class Writer(enum.StrEnum):
    """Whose write a refused unit met on the server."""

    REFEREE = "referee"  # the referee (its window or the command line) wrote since this table's last write
    OTHER_LAPTOP = "other_laptop"  # another laptop joined to the same table wrote first


@dataclass(frozen=True, slots=True, kw_only=True)
class PushResult:
    """What the server made of a push.

    Attributes:
        applied_op: the last change number it has applied for the game (the table may drop everything up to it).
        conflict: why it refused the next unit (the game moved on since the table's last write), or empty.
        met: whose write the refused unit met (None when nothing was refused).
    """

    applied_op: int
    conflict: str = ""
    met: Writer | None = None


def take_push(
    connection: psycopg.Connection[Any],
    game_id: str,
    ops: Sequence[OutboxOp],
    *,
    where: str,
    settings_of: Callable[[int], TournamentSettings],
) -> PushResult:
    """Store a table's queued changes of ``game_id`` and apply what can be applied, inside the caller's transaction.

    Duplicates are ignored and gaps wait (see the module docstring). Returns the last applied number and, if the
    next unit was built on a position the game has left, why. ``where`` names the server for messages;
    ``settings_of`` gives a tournament's settings by its id (for the replay after the write).

    Raises:
        TournamentServerError: no such game this login may write.
        psycopg.Error: the server refuses (another table's game: row-level security) or the connection broke.
    """
    rows = [PushedOp.of(change) for change in ops]
    clash = _clash(connection, game_id, rows)
    if clash is not None:
        # Not a duplicate: another laptop of this table (a spare joined while the first was still on) wrote this
        # number first. Take nothing from this push, and acknowledge nothing from the clash on: the table takes the
        # server's copy and offers its own events again, as after a referee's correction.
        row = connection.execute("SELECT applied_op FROM game_sync WHERE game_id = %s", (game_id,)).fetchone()
        applied = 0 if row is None else int(row[0])
        return PushResult(
            applied_op=min(applied, clash - 1),
            conflict=(
                f"game {game_id}: change {clash} on the server was written by another laptop of this table"
                " (a second laptop joined it): this laptop's changes from there were not taken"
            ),
            met=Writer.OTHER_LAPTOP,
        )
    if rows:  # one statement whatever the batch's length: a round trip per row cost a slow link the push
        connection.execute(
            f"INSERT INTO pushed_ops (game_id, {_COLUMNS}) SELECT %s, * FROM unnest("
            "%s::bigint[], %s::text[], %s::bigint[], %s::text[], %s::bigint[], %s::bigint[])"
            " ON CONFLICT (game_id, op) DO NOTHING",
            (game_id, *(list(column) for column in zip(*rows, strict=True))),
        )
    row = connection.execute(
        "SELECT g.head, s.version, s.table_version, s.applied_op FROM games g"
        " JOIN game_sync s ON s.game_id = g.game_id WHERE g.game_id = %s FOR UPDATE",
        (game_id,),
    ).fetchone()
    if row is None:
        raise TournamentServerError(f"{where} has no game {game_id} that this login may write")
    head, version, table_version, applied = (int(v) for v in row)
    waiting = [
        PushedOp(*r)
        for r in connection.execute(
            f"SELECT {_COLUMNS} FROM pushed_ops WHERE game_id = %s AND op > %s ORDER BY op", (game_id, applied)
        ).fetchall()
    ]
    # A game already shown as "cannot be replayed" (a row written around the push, by psql) takes its table's units
    # as before: refusing them would stop the table until the referee cuts the game back, which it must anyway.
    glance = connection.execute("SELECT hand FROM game_sync WHERE game_id = %s", (game_id,)).fetchone()
    check = glance is None or not str(glance[0] or "").startswith(UNREPLAYABLE)
    unit: list[PushedOp] = []
    units: list[list[PushedOp]] = []  # the whole units that follow the last applied one and may apply, in order
    conflict = ""
    met: Writer | None = None
    start_version = version
    for pushed in waiting:
        if pushed.op != applied + sum(map(len, units)) + len(unit) + 1:
            break  # a gap: the missing numbers have not arrived yet
        unit.append(pushed)
        if pushed.kind != "head":
            continue
        if version != table_version or head != pushed.base:
            met = Writer.REFEREE if version != table_version else Writer.OTHER_LAPTOP
            who = "the referee wrote to it" if met is Writer.REFEREE else "another laptop of this table wrote to it"
            conflict = (
                f"game {game_id} changed on the server since this table's last write: {who}"
                f" (server at event {head}, version {version}; the table wrote on event {pushed.base})"
            )
            break
        units.append(unit)
        head, version = pushed.seq, version + 1
        table_version = version
        unit = []
    taken, refused = _apply_units(connection, game_id, units, check=check, settings_of=settings_of)
    if refused:
        first, last = units[taken][0].op, units[taken][-1].op
        conflict, met = f"game {game_id}: the server cannot take this table's changes {first}-{last}: {refused}", None
    if taken:
        applied, version = units[taken - 1][-1].op, start_version + taken
        connection.execute(
            "UPDATE game_sync SET version = %s, table_version = %s, applied_op = %s WHERE game_id = %s",
            (version, version, applied, game_id),
        )
        after_write(connection, game_id, by_table=True, settings_of=settings_of, applied_op=applied)
    return PushResult(applied_op=applied, conflict=conflict, met=met)


def _apply_units(
    connection: psycopg.Connection[Any],
    game_id: str,
    units: Sequence[Sequence[PushedOp]],
    *,
    check: bool,
    settings_of: Callable[[int], TournamentSettings],
) -> tuple[int, str]:
    """Apply ``units`` in order, in a fixed number of statements whatever their number; return how many were taken
    and why the next one was refused (empty when all were taken).

    Before, each change cost a round trip or two (and each unit a savepoint and a replay read back from the
    database), so a table with 150 queued changes behind a 100 ms round trip outlived the 15 s answer time on every
    try and never synced (issue 27, 3). Now, with ``check``, the units are replayed in memory on the game's rows
    read once (:func:`_replayable`), and those that replay are written together in one savepoint (:func:`_write`);
    only when the database refuses a row there (its check on event rows: ``scorekeeper.sync.setup``) are they taken
    again one at a time (:func:`_apply_unit`), to refuse exactly the unit that holds it with the database's words.
    """
    if not units:
        return 0, ""
    taken, refused = _replayable(connection, game_id, units, settings_of) if check else (len(units), "")
    try:
        with connection.transaction():
            # The refused unit too, so that the database's own check has its say first (its words name the row).
            _write(connection, game_id, units[: taken + 1 if refused else taken])
            if refused:
                raise _RefusedError(refused)  # rolls the savepoint back
    except psycopg.errors.CheckViolation:
        for index, unit in enumerate(units):
            why = _apply_unit(connection, game_id, unit, check=check, settings_of=settings_of)
            if why:
                return index, why
        return len(units), ""
    except _RefusedError:
        if taken:
            with connection.transaction():
                _write(connection, game_id, units[:taken])
    return taken, refused


def _replayable(
    connection: psycopg.Connection[Any],
    game_id: str,
    units: Sequence[Sequence[PushedOp]],
    settings_of: Callable[[int], TournamentSettings],
) -> tuple[int, str]:
    """How many of ``units`` leave, each after the ones before it, a log this program replays; and why the next one
    does not (empty when all do). Reads the game's rows once and replays in memory."""
    row = connection.execute("SELECT players, tournament_id FROM games WHERE game_id = %s", (game_id,)).fetchone()
    assert row is not None
    players_text, tid = row
    rows = dict(connection.execute("SELECT seq, body FROM game_events WHERE game_id = %s", (game_id,)).fetchall())
    settings = settings_of(int(tid))
    for index, unit in enumerate(units):
        for change in unit[:-1]:
            if change.kind == "put":
                rows[change.seq] = change.body
            else:
                rows.pop(change.seq, None)
        problem = replay_bodies(settings, players_text, (rows[seq] for seq in sorted(rows) if seq < unit[-1].seq))
        if isinstance(problem, str):
            return index, f"it cannot be replayed: {problem}"
    return len(units), ""


def _write(connection: psycopg.Connection[Any], game_id: str, units: Sequence[Sequence[PushedOp]]) -> None:
    """Write ``units`` to the game: each event row as its last put or drop in them says, then the last head."""
    last: dict[int, PushedOp] = {}
    for unit in units:
        last.update((change.seq, change) for change in unit[:-1])
    dropped = [seq for seq, change in last.items() if change.kind == "drop"]
    put = [change for change in last.values() if change.kind == "put"]
    if dropped:
        connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq = ANY(%s)", (game_id, dropped))
    if put:
        connection.execute(
            "INSERT INTO game_events (game_id, seq, body) SELECT %s, * FROM unnest(%s::bigint[], %s::text[])"
            " ON CONFLICT (game_id, seq) DO UPDATE SET body = EXCLUDED.body",
            (game_id, [change.seq for change in put], [change.body for change in put]),
        )
    head_row = units[-1][-1]
    connection.execute(
        f"UPDATE games SET head = %s, finished = %s, updated = {SERVER_TIME} WHERE game_id = %s",
        (head_row.seq, int(bool(head_row.finished)), game_id),
    )


class _RefusedError(Exception):
    """A unit the server cannot take (inside :func:`_apply_unit`'s savepoint, which it rolls back)."""


def _apply_unit(
    connection: psycopg.Connection[Any],
    game_id: str,
    unit: Sequence[PushedOp],
    *,
    check: bool,
    settings_of: Callable[[int], TournamentSettings],
) -> str:
    """Apply one unit (its rows, then its ``head`` row) in a savepoint; return why it was refused, or empty.

    Refused, nothing of it stays: an event row the database refuses (not an event of a type this server takes:
    ``scorekeeper.sync.setup``), or, with ``check``, a log this program cannot replay once the unit is in (an event
    after the game's end, a damaged file's row, an event kind of a newer program). Issue 23 item 1: such a unit
    taken locked the referee out of the whole tournament.
    """
    head_row = unit[-1]
    try:
        with connection.transaction():
            for change in unit[:-1]:
                if change.kind == "put":
                    connection.execute(
                        "INSERT INTO game_events (game_id, seq, body) VALUES (%s, %s, %s)"
                        " ON CONFLICT (game_id, seq) DO UPDATE SET body = EXCLUDED.body",
                        (game_id, change.seq, change.body),
                    )
                else:
                    connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq = %s", (game_id, change.seq))
            connection.execute(
                f"UPDATE games SET head = %s, finished = %s, updated = {SERVER_TIME} WHERE game_id = %s",
                (head_row.seq, int(bool(head_row.finished)), game_id),
            )
            problem = replay_problem(connection, game_id, settings_of) if check else ""
            if problem:
                raise _RefusedError(f"it cannot be replayed: {problem}")
    except _RefusedError as refused:
        return str(refused)
    except psycopg.errors.CheckViolation as error:
        return error.diag.message_primary or reason(error)
    return ""


def _clash(connection: psycopg.Connection[Any], game_id: str, rows: Sequence[PushedOp]) -> int | None:
    """The first pushed change number the server already holds with a different change, or None.

    A number the server has with the same change is a retry or a duplicate delivery (ignored); with another change
    it was written by another laptop joined to the same table, and taking this one would lose it.
    """
    if not rows:
        return None
    held = {
        int(r[0]): PushedOp(*r)
        for r in connection.execute(
            f"SELECT {_COLUMNS} FROM pushed_ops WHERE game_id = %s AND op >= %s AND op <= %s",
            (game_id, min(r.op for r in rows), max(r.op for r in rows)),
        ).fetchall()
    }
    clashes = [r.op for r in rows if r.op in held and held[r.op] != r]
    return min(clashes) if clashes else None


def forget_refused(connection: psycopg.Connection[Any], game_id: str) -> None:
    """After a conflict: drop the table's refused changes and accept the server's copy as the new base (inside the
    caller's transaction)."""
    connection.execute(
        "DELETE FROM pushed_ops WHERE game_id = %s AND op > (SELECT applied_op FROM game_sync WHERE game_id = %s)",
        (game_id, game_id),
    )
    connection.execute("UPDATE game_sync SET table_version = version WHERE game_id = %s", (game_id,))
