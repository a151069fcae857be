"""``scorekeeper export SOURCE``: write a game as a PDF, a CSV or a game record; or list a database's games.

SOURCE is a scorekeeper database (pick the game with ``--game ID``; without it the games are listed, one a line:
id, state, events, ruleset, last change, players) or a game-record file (``scorekeeper-game`` JSON). Formats:

- ``pdf``: the game's record for people (title, date, venue and table, ruleset and overrides, players, every hand,
  penalties, the final table, the chart) as a PDF with real text, A4 or ``--page-size letter``;
- ``csv``: one row per hand (winners, values, riichi, each player's change) and the final table, for spreadsheets;
- ``record`` (the default for a database): the game-record JSON of issue 3;
- ``hands`` and ``results``: the older machine-oriented CSVs (hand history; final results).

Output goes to ``--output FILE`` (written atomically) or standard output. The database is only read (never
upgraded or created). The exit status is 0 on success, 1 on an error (printed to standard error). PDFs need Qt's
GUI module (PySide6), loaded only for ``--format pdf``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from scorekeeper.errors import SaveFileError, ScorekeeperError
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.session.session import Session
from scorekeeper.storage import (
    GameStore,
    format_game_csv,
    format_hands_csv,
    format_results_csv,
    read_game_record_file,
    write_atomically,
)
from scorekeeper.storage.record_words import RecordLanguage, record_translator

__all__ = ["add_parser", "run"]

_FORMATS = ("pdf", "csv", "record", "hands", "results")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_DATABASE_SUFFIXES = (".sqlite3", ".sqlite", ".db")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write a game as PDF, CSV or a game record (from a database or a record file), or list a database",
        description=(
            "Write one game as a PDF, a CSV or a game record. SOURCE is a scorekeeper database (with --game ID; "
            "without it the games are listed) or a game-record file."
        ),
    )
    parser.add_argument("source", type=Path, metavar="SOURCE", help="a scorekeeper database or a game-record file")
    parser.add_argument("--game", type=int, metavar="ID", help="the game to export from a database")
    parser.add_argument(
        "--format",
        choices=_FORMATS,
        default="record",
        help="pdf: the record for people; csv: hands and final table for spreadsheets; record: game-record JSON "
        "(default); hands, results: the older CSVs",
    )
    parser.add_argument("--output", "-o", type=Path, metavar="FILE", help="write here instead of standard output")
    parser.add_argument("--page-size", choices=("a4", "letter"), default="a4", help="PDF paper (default a4)")
    parser.add_argument("--title", default=None, help="PDF title (default 'Game record', in the --lang language)")
    parser.add_argument("--date", default=None, help="PDF date line (default: the day the game was created)")
    parser.add_argument("--venue", default="", help="PDF: where the game was played")
    parser.add_argument("--table", default="", help="PDF: the table's name or number")
    parser.add_argument(
        "--lang",
        choices=tuple(RecordLanguage),
        default=RecordLanguage.ENGLISH.value,
        help="the language of the PDF's and the CSV's words: en (default) or ja (Japanese)",
    )


def _is_database(path: Path) -> bool:
    """An SQLite file, or one named like a database (the store then says what is wrong with it)."""
    if path.suffix.lower() in _DATABASE_SUFFIXES:
        return True
    with path.open("rb") as handle:
        return handle.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC


def _pdf(session: Session, args: argparse.Namespace, day: str) -> bytes:
    try:
        from scorekeeper.documents import Document, DocumentInfo, PageSize, game_document, pdf_bytes
    except ImportError as error:
        raise ScorekeeperError(f"PDF export needs PySide6 (Qt's GUI module), which cannot be loaded: {error}") from None
    from scorekeeper.session.sheet import game_sheet

    tr = record_translator(args.lang)
    title = tr("Game record") if args.title is None else args.title
    info = DocumentInfo(title=title, date=args.date or day, venue=args.venue, table=args.table)
    document: Document = game_document(game_sheet(session.state), info, tr)
    return pdf_bytes(document, page_size=PageSize(args.page_size))


def _export(session: Session, args: argparse.Namespace, day: str) -> bytes:
    form: str = args.format
    if form == "pdf":
        return _pdf(session, args, day)
    if form == "csv":
        return format_game_csv(session.state, record_translator(args.lang))
    if form == "record":
        text = json.dumps(format_record(record_from_session(session)), indent=2, sort_keys=True, ensure_ascii=False)
        return (text + "\n").encode("utf-8")
    if form == "hands":
        return format_hands_csv(session.state)
    return format_results_csv(session.state)


def _listing(store: GameStore) -> str:
    lines = []
    for game in store.list_games():
        state = "finished" if game.finished else "running"
        ruleset = game.ruleset if isinstance(game.ruleset, str) else json.dumps(game.ruleset, sort_keys=True)
        who = ", ".join(game.players)
        problem = f"  DAMAGED: {game.problem}" if game.problem else ""
        lines.append(f"{game.id}\t{state}\t{game.events} events\t{ruleset}\t{game.updated}\t{who}{problem}")
    return "".join(line + "\n" for line in lines)


def _write(data: bytes, output: Path | None) -> None:
    if output is None or str(output) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        write_atomically(output, data)


def run(args: argparse.Namespace) -> int:
    """Export one game, or list a database's games; report errors on standard error."""
    source: Path = args.source
    try:
        if source.is_dir():
            raise SaveFileError(f"{source}: a folder, not a game-record file or a database", path=source)
        if not source.is_file():
            # Opening would create an empty database: an export never should.
            raise SaveFileError(f"{source}: no such file", path=source)
        try:
            database = _is_database(source)
        except OSError as error:
            raise SaveFileError(f"{source}: cannot read the file: {error.strerror or error}", path=source) from None
        if database:
            # A reading command: never upgrade, create or otherwise write the database (issue 10), so an older
            # program can still open its file afterwards and a read-only folder or medium works.
            with GameStore.open(source, read_only=True) as store:
                if args.game is None:
                    sys.stdout.write(_listing(store))
                    return 0
                session = store.load_session(args.game)
                created = store.summary(args.game).created  # this game's row alone, not the whole list
            data = _export(session, args, created[:10])
        else:
            if args.game is not None:
                raise SaveFileError(f"{source}: --game is for a database; this is a game-record file", path=source)
            session = read_game_record_file(source)
            modified = datetime.datetime.fromtimestamp(source.stat().st_mtime, tz=datetime.UTC)
            data = _export(session, args, modified.date().isoformat())
        _write(data, args.output)
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper export: error: {error}\n")
        return 1
    return 0
