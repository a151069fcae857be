"""Export a game from the GUI: the PDF record, the CSV of the hands and the final table, the game-record JSON.

The figures come from the session (``scorekeeper.session.sheet``); the PDF is laid out by ``scorekeeper.documents``
(the same document the command line's ``export --format pdf`` writes), the CSV by storage. Every file is written
atomically (``write_atomically``: temp file, fsync, rename).
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from scorekeeper.session.session import Session
from scorekeeper.storage.files import write_atomically

__all__ = ["export_csv", "export_json", "export_pdf", "suggested_file_name", "translate_document"]

# Characters no file system takes in a name (Windows' list is the longest); a player's name may hold any of them.
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def suggested_file_name(session: Session, suffix: str, day: datetime.date | None = None) -> str:
    """The name a save dialog offers: the day and the players, ``2026-11-23 Aiko Bruno Chen Dana.pdf``."""
    day = day or datetime.date.today()
    names = " ".join(_UNSAFE.sub("_", name).strip() for name in session.players if name.strip())
    return f"{day.isoformat()} {names}".strip()[:200] + suffix


def export_json(session: Session, path: Path) -> None:
    """Write the game as a ``scorekeeper-game`` version 1 record.

    Raises:
        SaveFileError: the file cannot be written.
    """
    # The records' formats are imported when a game is exported, not at the app's start (issue 24).
    from scorekeeper.session.record import format_record, record_from_session

    text = json.dumps(format_record(record_from_session(session)), ensure_ascii=False, indent=2)
    write_atomically(path, (text + "\n").encode("utf-8"))


def export_csv(session: Session, path: Path) -> None:
    """Write the game as CSV: one row per hand, then the final table (``storage.records.format_game_csv``), its
    headings and words in the app's language.

    Raises:
        SaveFileError: the file cannot be written.
    """
    from scorekeeper.storage.records import export_game_csv

    export_game_csv(session, path, translate_document)


def translate_document(text: str) -> str:
    """A record's word in the app's language: Qt's context ``Documents``, whose Japanese is
    ``storage.record_words.JA_RECORDS`` (merged into ``ja.ts`` by ``translations/build.py``)."""
    return QCoreApplication.translate("Documents", text)


def export_pdf(session: Session, path: Path, *, letter: bool = False) -> None:
    """Write the game's record as a PDF with real text (A4, or US Letter), in the app's language.

    Raises:
        SaveFileError: the file cannot be written.
    """
    # Imported here: QTextDocument and the PDF writer stay out of the app's cold start.
    from scorekeeper.documents import DocumentInfo, PageSize, write_game_pdf
    from scorekeeper.session.sheet import game_sheet

    info = DocumentInfo(title=translate_document("Game record"), date=datetime.date.today().isoformat())
    write_game_pdf(
        path,
        game_sheet(session.state),
        info,
        page_size=PageSize.LETTER if letter else PageSize.A4,
        translate=translate_document,
    )
