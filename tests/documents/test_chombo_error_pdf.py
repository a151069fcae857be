"""The game PDF says which error a chombo was, with the section of the game's text (issue 25, 3), in English and in
Japanese (the records' words)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from scorekeeper.documents import DocumentInfo, PageSize, game_document, pdf_bytes
from scorekeeper.session import Chombo, EndGame, Seat, Session
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.session.rules import ruleset
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.record_words import record_translator
from tests.documents.pdftext import read_pdf_text


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_game_pdf_names_the_chombos_error_and_section(qapp: QApplication) -> None:
    session = Session(
        ruleset("ema2025"),
        ("Aiko", "Bruno", "Chen", "Dana"),
        [Chombo(Seat(3), error=ChomboError.NOTEN_RIICHI), EndGame("time limit")],
    )
    sheet = game_sheet(session.state)
    english = _words(read_pdf_text(pdf_bytes(game_document(sheet, DocumentInfo()), page_size=PageSize.A4)))
    assert "riichi on a noten hand (EMA 2025 6.6.2)" in english
    assert "chombo in E1 (riichi on a noten hand, EMA 2025 6.6.2)" in english  # the penalty's reason
    ja = record_translator("ja")
    japanese = _words(read_pdf_text(pdf_bytes(game_document(sheet, DocumentInfo(), ja), page_size=PageSize.A4)))
    assert "ノーテンリーチ" in japanese and "EMA 2025 6.6.2" in japanese  # the reader spaces Japanese words
