"""Printable documents with real, selectable text: game records, standings, league tables (issue 12).

The one Qt code outside ``scorekeeper.gui``: it uses QtGui only (QTextDocument, QPdfWriter, QPainter), never
widgets, so the command line can write the same PDF as the app without a window (an offscreen
``QGuiApplication`` is made when none exists: :func:`ensure_gui_application`). Import it lazily from the CLI: the
core's Qt-free test run (STYLE 2) never loads it.

What a document says comes from the session (``scorekeeper.session.sheet`` for a game); this package only lays
text, tables and a chart out on A4 or Letter pages. See /work/notes/documents.md (and docs/storage.md) for how
other parts use it::

    doc = Document("Standings", subtitle=("2026-11-23", "Spring open"))
    doc.add_heading("After round 3")
    doc.add_table(("Place", "Player", "Points"), rows, numeric=(0, 2))
    doc.add_chart(names, labels, series)
    doc.write_pdf(path, page_size=PageSize.A4)
"""

from scorekeeper.documents._document import Document, PageSize, ensure_gui_application, pdf_bytes, printed_layout
from scorekeeper.documents._game import DocumentInfo, game_document, write_game_pdf

__all__ = [
    "Document",
    "DocumentInfo",
    "PageSize",
    "ensure_gui_application",
    "game_document",
    "pdf_bytes",
    "printed_layout",
    "write_game_pdf",
]
