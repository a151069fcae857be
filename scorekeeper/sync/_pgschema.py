"""The tournament server's roles, grants and row-level security on PostgreSQL.

The tables are the tournament store's (``scorekeeper/storage/tournament_schema.py``, the one description for SQLite
and PostgreSQL, version 2 adds the sync tables). This module adds what only a server has: who may do what.

Roles are named after the database: ``<db>_referee`` (a login), ``<db>_tables`` (a group) and one login per table,
``<db>_table<N>`` (tournament 1; ``<db>_t<T>_table<N>`` for a further tournament in the same database), a member of
``<db>_tables`` and listed in ``table_logins`` with its tournament and table.

Who may write what is PostgreSQL's business, not only ours (issue 13): the tables' group may read and write the
rows of games whose (tournament, table) is its login's own, read its own table's seats, the tournament's settings
and everyone's scores (the live standings), and nothing else: no penalties, no players, no seats to write, no other
table's game. The referee reads and writes everything. Row-level security is forced on every table, so even the
tables' owner goes through the policies (only a superuser bypasses them); the owner (the admin who installs the
layout, a superuser or the database's owner with CREATEROLE) has a policy that lets it do everything, as an owner
may anyway. ``server setup`` and ``server upgrade`` secure every table of the layout that is not secured yet
(:func:`layout_tables`), in the transaction that creates it.
"""

from __future__ import annotations

from scorekeeper.storage import tournament_schema


def layout_tables() -> tuple[str, ...]:
    """Every table of the tournament store's layout, in the order the migrations create them.

    Read from the one description (``tournament_schema.MIGRATIONS``) at each call, so a table a future migration
    adds is secured by ``server upgrade`` / ``server setup`` without being listed here: forced row-level security
    and the referee's policy, and for the tables' group nothing (no policy, no grant) until :data:`TABLE_POLICIES`
    and :data:`GRANTS` say otherwise. ``game_scores`` is no longer written or read; it is still in the layout, so
    still locked down like the rest.
    """
    return tuple(
        step.name
        for steps in tournament_schema.MIGRATIONS
        for step in steps
        if isinstance(step, tournament_schema.CreateTable)
    )


_MY_TABLE = (
    "EXISTS (SELECT 1 FROM table_logins l WHERE l.role = current_user"
    " AND l.tournament_id = {alias}tournament_id AND l.table_no = {alias}table_no)"
)
#: A game's players are its table's seating in its session, East first (issue 27 item 1: before, a table's login
#: could write a game for its table number in any session, with any players). ``players`` is the JSON text the store
#: writes (a list of names); a session where the table is not seated aggregates to NULL, which is never equal.
_SEATED = (
    "games.players::jsonb = (SELECT jsonb_agg(s.player ORDER BY s.seat) FROM seats s"
    " WHERE s.tournament_id = games.tournament_id AND s.session = games.session AND s.table_no = games.table_no)"
)
_MY_GAME = "game_id IN (SELECT g.game_id FROM games g)"  # the games policy applies inside: own games only
_MY_TOURNAMENT = "{alias}tournament_id IN (SELECT l.tournament_id FROM table_logins l WHERE l.role = current_user)"

#: Per table, the tables' group's policies (``{tables}`` stands for the group role). A table of the layout that is
#: not listed gets none: the tables' logins see none of its rows (tests/sync/test_upgrade.py checks that every
#: table of this program's layout is listed, so that leaving one out is a decision, not an oversight).
TABLE_POLICIES: dict[str, tuple[str, ...]] = {
    "schema_version": ("CREATE POLICY tables_read ON schema_version FOR SELECT TO {tables} USING (true)",),
    "tournaments": (
        "CREATE POLICY tables_read ON tournaments FOR SELECT TO {tables} USING ("
        "id IN (SELECT l.tournament_id FROM table_logins l WHERE l.role = current_user))",
    ),
    "players": (),
    "seats": (
        "CREATE POLICY tables_read ON seats FOR SELECT TO {tables} USING (" + _MY_TABLE.format(alias="seats.") + ")",
    ),
    "games": (
        "CREATE POLICY tables_read ON games FOR SELECT TO {tables} USING (" + _MY_TABLE.format(alias="games.") + ")",
        "CREATE POLICY tables_insert ON games FOR INSERT TO {tables} WITH CHECK ("
        + _MY_TABLE.format(alias="games.")
        + " AND "
        + _SEATED
        + ")",
        "CREATE POLICY tables_update ON games FOR UPDATE TO {tables} USING ("
        + _MY_TABLE.format(alias="games.")
        + ") WITH CHECK ("
        + _MY_TABLE.format(alias="games.")
        + " AND "
        + _SEATED
        + ")",
    ),
    "game_events": (
        f"CREATE POLICY tables_own ON game_events TO {{tables}} USING ({_MY_GAME}) WITH CHECK ({_MY_GAME})",
    ),
    "penalties": (),
    "game_sync": (f"CREATE POLICY tables_own ON game_sync TO {{tables}} USING ({_MY_GAME}) WITH CHECK ({_MY_GAME})",),
    "pushed_ops": (f"CREATE POLICY tables_own ON pushed_ops TO {{tables}} USING ({_MY_GAME}) WITH CHECK ({_MY_GAME})",),
    "game_scores": (
        "CREATE POLICY tables_read ON game_scores FOR SELECT TO {tables} USING ("
        + _MY_TOURNAMENT.format(alias="game_scores.")
        + ")",
        f"CREATE POLICY tables_insert ON game_scores FOR INSERT TO {{tables}} WITH CHECK ({_MY_GAME})",
        f"CREATE POLICY tables_delete ON game_scores FOR DELETE TO {{tables}} USING ({_MY_GAME})",
    ),
    "disqualifications": (),  # the referee's alone, as penalties
    "penalty_kinds": (),  # the referee's alone, as penalties
    "game_signatures": (),  # the referee's alone: a table cannot sign for its players
    "byes": (),  # the referee's alone, as the seating is written (a table reads only its own table's seats)
    "table_logins": ("CREATE POLICY tables_read ON table_logins FOR SELECT TO {tables} USING (role = current_user)",),
}

#: The referee's policy, on every table.
REFEREE_POLICY = "CREATE POLICY referee_all ON {table} TO {referee} USING (true) WITH CHECK (true)"
#: The tables' owner's (the admin who set the server up), on every table: row security is forced, so without it an
#: owner who is not a superuser would see no row of its own tables.
OWNER_POLICY = "CREATE POLICY owner_all ON {table} TO {owner} USING (true) WITH CHECK (true)"

#: What each group may do at all (the policies then narrow it to rows).
GRANTS = (
    "REVOKE ALL ON DATABASE {database} FROM PUBLIC",
    "GRANT CONNECT ON DATABASE {database} TO {referee}, {tables}",
    "GRANT USAGE ON SCHEMA public TO {referee}, {tables}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {referee}",
    "GRANT SELECT ON schema_version, tournaments, seats, table_logins, game_scores TO {tables}",
    "GRANT SELECT, INSERT ON games TO {tables}",
    "GRANT UPDATE (head, finished, updated) ON games TO {tables}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON game_events, pushed_ops TO {tables}",
    "GRANT SELECT, INSERT, UPDATE ON game_sync TO {tables}",
    "GRANT INSERT, DELETE ON game_scores TO {tables}",
)
