"""``scorekeeper server setup|upgrade|code``: prepare a tournament's PostgreSQL database for the referee and the tables.

* ``setup --db ADMIN_URL --tables N [--json]``: the roles, row-level security and change triggers (issue 13), the
  referee's password and one code per table, printed once (the codes are the tables' passwords; nothing stores
  them but PostgreSQL, as hashes). Run it after ``scorekeeper tournament create --db ADMIN_URL ...``.
* ``upgrade --db ADMIN_URL [--json]``: bring a set-up server's tables to this program's version (a new program with
  a new layout) and secure any table that has no row security yet, in one transaction; every login and code stays
  as it is, so the tables and the referee carry on (``setup`` would renew them all).
* ``code --db ADMIN_URL --table T [--json]``: a new code for one table (a lost or leaked one stops working).

``setup`` and ``code`` print each table's join code, exactly what the table types in **Join a tournament table**
(``scorekeeper.sync.join_code``: server, database, table, code and how the connection is secured). ``--address
HOST:PORT`` is the server as the tables reach it (default: the admin URL's); ``--certificate FILE`` pins the
server's own (self-signed) certificate in the code; ``--no-tls`` is the opt-out for a closed venue network.

``ADMIN_URL`` is a superuser's or the database owner's with CREATEROLE. Errors print
``scorekeeper server: error: ...`` (never a password) and exit 1.
"""

from __future__ import annotations

import argparse
import json
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.sync.setup import TableCode

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``server`` subcommand."""
    parser = subparsers.add_parser(
        "server",
        help="prepare a tournament's PostgreSQL server: logins for the referee and each table",
        description="Prepare a tournament's PostgreSQL database: roles, row-level security, table codes.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    setup = actions.add_parser("setup", help="roles, policies, the referee's password and every table's code")
    setup.add_argument("--tables", type=int, required=True, metavar="N", help="how many tables play")
    upgrade = actions.add_parser(
        "upgrade", help="bring the server's tables up to date and secure them; every login and code stays"
    )
    code = actions.add_parser("code", help="a new code for one table")
    code.add_argument("--table", type=int, required=True, metavar="T")
    for sub in (setup, upgrade, code):
        sub.add_argument("--db", required=True, metavar="URL", help="postgresql:// URL of an admin of the database")
        sub.add_argument("--tournament", metavar="NAME", help="which tournament (needed when DB holds several)")
        sub.add_argument("--json", action="store_true", help="print JSON")
    for sub in (setup, code):
        sub.add_argument(
            "--address", metavar="HOST:PORT", help="the server as the tables reach it (default: the --db URL's)"
        )
        secured = sub.add_mutually_exclusive_group()
        secured.add_argument(
            "--certificate",
            type=Path,
            metavar="FILE",
            help="the server's own (self-signed) TLS certificate, PEM: its fingerprint goes in the join codes",
        )
        secured.add_argument(
            "--no-tls", action="store_true", help="a closed venue network: the tables connect without TLS"
        )


def _join_codes(args: argparse.Namespace, issued: Sequence[TableCode]) -> dict[int, str]:
    """Each table's join code, as the table types it.

    Raises:
        ScorekeeperError: the certificate file cannot be read.
    """
    from scorekeeper.storage.tournament_pg import describe_url
    from scorekeeper.sync.join_code import JoinCode, certificate_pin

    pin = ""
    if args.certificate is not None:
        try:
            der = ssl.PEM_cert_to_DER_cert(args.certificate.read_text(encoding="ascii"))
        except (OSError, ValueError) as error:
            raise ScorekeeperError(f"{args.certificate}: not a PEM certificate: {error}") from None
        pin = certificate_pin(der)
    server = args.address or urlsplit(describe_url(args.db)).netloc.rpartition("@")[2] or "localhost:5432"
    return {
        made.table_no: JoinCode(
            server=server,
            database=made.database,
            tournament_id=made.tournament_id,
            table_no=made.table_no,
            code=made.code,
            pin=pin,
            tls=not args.no_tls,
        ).text()
        for made in issued
    }


def run(args: argparse.Namespace) -> int:
    """Run the action; 0 on success, 1 with a message on standard error."""
    from scorekeeper.sync.connection import describe_url
    from scorekeeper.sync.setup import install, issue_table_code, upgrade

    try:
        if not str(args.db).startswith(("postgresql://", "postgres://")):
            raise ScorekeeperError(f"--db must be a postgresql:// URL, got {str(args.db)[:40]!r}")
        if args.action == "upgrade":
            done = upgrade(args.db)
        elif args.action == "setup":
            if args.tables < 1:
                raise ScorekeeperError(f"--tables must be 1 or more, got {args.tables}")
            referee = install(args.db)
            issued = [issue_table_code(args.db, n, tournament=args.tournament) for n in range(1, args.tables + 1)]
        else:
            referee = ""
            issued = [issue_table_code(args.db, args.table, tournament=args.tournament)]
        joins = {} if args.action == "upgrade" else _join_codes(args, issued)
    except (ScorekeeperError, ValueError) as error:
        print(f"scorekeeper server: error: {error}", file=sys.stderr)
        return 1
    if args.action == "upgrade":
        if args.json:
            print(json.dumps({"was": done.was, "now": done.now, "secured": list(done.secured)}))
        else:
            moved = f"version {done.was} -> {done.now}" if done.was != done.now else f"version {done.now}, up to date"
            secured = f"secured now: {', '.join(done.secured)}" if done.secured else "every table was secured already"
            print(f"tournament tables: {moved}; {secured}; the referee's password and the tables' codes are unchanged")
        return 0
    database = describe_url(args.db).rsplit("/", 1)[-1]
    if args.json:
        out: dict[str, object] = {
            "tables": [{"table": m.table_no, "code": m.code, "join_code": joins[m.table_no]} for m in issued]
        }
        if referee:
            out["referee"] = {"user": f"{database}_referee", "password": referee}
        print(json.dumps(out))
        return 0
    if referee:
        print(f"referee: user {database}_referee, password {referee}")
    for made in issued:
        print(f"table {made.table_no}: code {made.code}, join code {joins[made.table_no]}")
    return 0
