"""The score sheets (EMA 2025 7.5) and all-last sheets (EMA 2025 3.6) as PDF, from the command line (a process of
its own, as a referee runs it) and in Japanese."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from scorekeeper.documents import pdf_bytes
from scorekeeper.documents.tournament import all_last_document, score_sheets_document
from scorekeeper.storage.record_words import record_translator
from tests.documents.pdftext import pdf_text
from tests.tournament.test_sheets import _store


def _words(text: str) -> str:
    return " ".join(text.split())


def _sheets(tmp_path: Path, kind: str) -> str:
    db = tmp_path / "t.sqlite"
    out = tmp_path / f"{kind}.pdf"
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}}
    command = [sys.executable, "-m", "scorekeeper", "tournament", "sheets", "--db", str(db), "--session", "1"]
    done = subprocess.run(
        [*command, "--kind", kind, "-o", str(out)], capture_output=True, text=True, env=env, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return _words(pdf_text(out))


def test_the_score_sheets_pdf_has_each_table_a_line_to_sign_and_the_signed_state(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        store.sign(1, 1)
    text = _sheets(tmp_path, "score")
    # The reader gives a table's cells in its own order: each player's figures, in their order.
    for words in (
        "Open: Score sheets, session 1",
        "Final count Uma Penalties Final score",
        "Signature",
        "-5.0 0.0 -13.0",  # A: 22,000
        "38,000 0.0 -30.0",  # B (left)
        "C 38,000 15.0 -2.0 21.0",
        "Signed by the players (recorded by the referee).",
        "No game recorded for this table: fill in by hand.",
    ):
        assert words in text, words


def test_the_all_last_sheets_pdf_is_filled_where_the_game_is_recorded_and_blank_elsewhere(tmp_path: Path) -> None:
    _store(tmp_path).close()
    text = _sheets(tmp_path, "all-last")
    assert "West A 22,000" in text and "East C 38,000" in text
    assert "East E __________" in text


def test_the_sheets_in_japanese(qapp: QApplication, tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        tournament = store.load()
    ja = record_translator("ja")
    score = tmp_path / "score.pdf"
    score.write_bytes(pdf_bytes(score_sheets_document(tournament, 1, translate=ja)))
    text = _words(pdf_text(score))
    assert "点数表" in text and "署名" in text and "最終持ち点" in text and "-13.0" in text
    sheet = tmp_path / "all-last.pdf"
    sheet.write_bytes(pdf_bytes(all_last_document(tournament, 1, tables=(2,), translate=ja)))
    assert "オーラス" in _words(pdf_text(sheet))  # (the CJK radicals of a PDF font come out as other code points)
