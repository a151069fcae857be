"""The tournament server's layout on PostgreSQL, its roles and its row-level security.

One database holds one tournament. Its roles are named after the database (``<db>_referee``, ``<db>_tables`` and
one login per table, ``<db>_table<N>``), so several tournaments can share a server without sharing rights.

Who may write what is PostgreSQL's business, not only ours (issue 13): the table logins are members of
``<db>_tables``, which may read and write the rows of games whose ``table_no`` is the login's own table (the
policies look the login up in ``table_logins``), may read the tournament's scores, and may not touch penalties,
seatings or the logins at all; ``<db>_referee`` reads everything and writes penalties, seatings, games and
corrections. Row-level security is forced on every table, so even the tables' owner goes through the policies
(only a superuser bypasses them: the admin who installs the layout).
"""

from __future__ import annotations

#: The layout version this program writes (``sk_meta.schema``).
SCHEMA_VERSION = 1

TABLES = (
    """
    CREATE TABLE sk_meta (
        key text PRIMARY KEY,
        value jsonb NOT NULL
    )
    """,
    """
    CREATE TABLE table_logins (
        role name PRIMARY KEY,
        table_no integer NOT NULL UNIQUE CHECK (table_no > 0)
    )
    """,
    """
    CREATE TABLE seatings (
        session integer NOT NULL CHECK (session > 0),
        table_no integer NOT NULL CHECK (table_no > 0),
        seat integer NOT NULL CHECK (seat BETWEEN 0 AND 3),
        player text NOT NULL,
        PRIMARY KEY (session, table_no, seat),
        UNIQUE (session, player)
    )
    """,
    """
    CREATE TABLE games (
        id bigserial PRIMARY KEY,
        session integer NOT NULL CHECK (session > 0),
        table_no integer NOT NULL CHECK (table_no > 0),
        players jsonb NOT NULL,
        ruleset jsonb NOT NULL,
        head integer NOT NULL DEFAULT 0 CHECK (head >= 0),
        finished boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT 0,
        table_version bigint NOT NULL DEFAULT 0,
        applied_op bigint NOT NULL DEFAULT 0,
        hand text NOT NULL DEFAULT '',
        scores jsonb NOT NULL DEFAULT '[]',
        updated timestamptz NOT NULL DEFAULT now(),
        UNIQUE (session, table_no)
    )
    """,
    """
    CREATE TABLE game_events (
        game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        body text NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    """
    CREATE TABLE pushed_ops (
        game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        op bigint NOT NULL CHECK (op >= 1),
        kind text NOT NULL CHECK (kind IN ('put', 'drop', 'head')),
        seq integer NOT NULL,
        body text,
        base integer,
        finished boolean,
        PRIMARY KEY (game_id, op)
    )
    """,
    """
    CREATE TABLE game_scores (
        game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat integer NOT NULL CHECK (seat BETWEEN 0 AND 3),
        player text NOT NULL,
        points_tenths integer NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
    "CREATE INDEX game_scores_by_player ON game_scores (player)",
    """
    CREATE TABLE penalties (
        id bigserial PRIMARY KEY,
        player text NOT NULL,
        session integer CHECK (session > 0),
        points integer NOT NULL,
        reason text NOT NULL,
        created timestamptz NOT NULL DEFAULT now()
    )
    """,
)

#: The game's own rows: a table login sees and writes them only for its own table's games.
_OWN_GAME = "game_id IN (SELECT id FROM games)"
_OWN_TABLE = "table_no = (SELECT l.table_no FROM table_logins l WHERE l.role = current_user)"

#: Policies, with ``{referee}`` and ``{tables}`` standing for the two group roles.
POLICIES = ("CREATE POLICY referee_all ON {table} TO {referee} USING (true) WITH CHECK (true)",)

TABLE_POLICIES = {
    "table_logins": ("CREATE POLICY own_login ON table_logins FOR SELECT TO {tables} USING (role = current_user)",),
    "seatings": ("CREATE POLICY read_seating ON seatings FOR SELECT TO {tables} USING (" + _OWN_TABLE + ")",),
    "games": (
        "CREATE POLICY own_games ON games TO {tables} USING (" + _OWN_TABLE + ") WITH CHECK (" + _OWN_TABLE + ")",
    ),
    "game_events": (
        "CREATE POLICY own_events ON game_events TO {tables} USING (" + _OWN_GAME + ") WITH CHECK (" + _OWN_GAME + ")",
    ),
    "pushed_ops": (
        "CREATE POLICY own_ops ON pushed_ops TO {tables} USING (" + _OWN_GAME + ") WITH CHECK (" + _OWN_GAME + ")",
    ),
    "game_scores": (
        "CREATE POLICY read_scores ON game_scores FOR SELECT TO {tables} USING (true)",
        "CREATE POLICY own_scores_insert ON game_scores FOR INSERT TO {tables} WITH CHECK (" + _OWN_GAME + ")",
        "CREATE POLICY own_scores_delete ON game_scores FOR DELETE TO {tables} USING (" + _OWN_GAME + ")",
    ),
    "sk_meta": ("CREATE POLICY read_meta ON sk_meta FOR SELECT TO {tables} USING (true)",),
    "penalties": (),
}

#: What each group may do at all (the policies then narrow it to rows).
GRANTS = (
    "GRANT CONNECT ON DATABASE {database} TO {referee}, {tables}",
    "GRANT USAGE ON SCHEMA public TO {referee}, {tables}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {referee}",
    "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {referee}",
    "GRANT SELECT ON sk_meta, table_logins, seatings, game_scores TO {tables}",
    "GRANT SELECT, INSERT ON games TO {tables}",
    "GRANT UPDATE (head, finished, version, table_version, applied_op, hand, scores, updated) ON games TO {tables}",
    "GRANT USAGE ON SEQUENCE games_id_seq TO {tables}",
    "GRANT SELECT, INSERT, UPDATE, DELETE ON game_events, pushed_ops TO {tables}",
    "GRANT INSERT, DELETE ON game_scores TO {tables}",
)
