"""The game's PDF has real text (issue 12): every name, every hand label and the final points can be read back."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

import scorekeeper.documents
from scorekeeper.documents import Document, DocumentInfo, PageSize, game_document, pdf_bytes
from scorekeeper.session.record import parse_record, session_from_record
from scorekeeper.session.sheet import game_sheet
from tests.documents.pdftext import pdf_text, read_pdf_text
from tests.sample_game import NAMES, SAMPLE_GAME

#: The page's width and height in points: A4 is 210 x 297 mm, Letter 8.5 x 11 inches.
MEDIA_BOXES = {"a4": (595, 842), "letter": (612, 792)}


def _media_box(data: bytes) -> tuple[int, int]:
    found = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert found is not None
    return round(float(found.group(1))), round(float(found.group(2)))


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_export_game_json_as_pdf_holds_names_labels_and_final_points(tmp_path: Path, page: str) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    out = tmp_path / "game.pdf"
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}}
    # A fresh process with no display and no Qt platform set: the command makes its own offscreen application.
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "export", str(record), "--format", "pdf", "--page-size", page,
         "--venue", "Riverside club", "--table", "3", "-o", str(out)],
        capture_output=True, text=True, env=env, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert _media_box(data) == MEDIA_BOXES[page]
    text = _words(pdf_text(out))
    for name in NAMES:
        assert name in text
    for label in ("E1", "E1-1", "E2", "E2-1", "E2-2", "(replay)", "E3"):
        assert label in text
    for points in ("+19.4", "-4.8", "-14.7", "-24.9"):
        assert points in text
    for line in ("Ruleset: ema2016", "Venue: Riverside club", "Table: 3", "Final table", "late arrival"):
        assert line in text
    # A cell's lines may be read between other cells' words: each line on its own.
    for line in ("Ron: Bruno (2 han 30 fu);", "Dana (Yakuman, pao Chen)", "Chombo: Dana (-20,000", "after uma)"):
        assert line in text


def test_own_pdf_reader_reads_the_same_words(qapp: QApplication) -> None:
    # The fallback for machines without pdftotext: it must find the same facts in the same PDF.
    sheet = game_sheet(session_from_record(parse_record(SAMPLE_GAME)).state)
    data = pdf_bytes(game_document(sheet, DocumentInfo(date="2026-11-23")), page_size=PageSize.A4)
    text = _words(read_pdf_text(data))
    assert "Game record" in text
    assert "2026-11-23" in text
    for word in (*NAMES, "E2-2", "+19.4", "-24.9", "Penalties after uma"):
        assert word in text


def test_free_text_is_never_read_as_markup(qapp: QApplication) -> None:
    document = Document("<b>Cup</b> & more", subtitle=("<i>venue</i>",))
    document.add_table(("Player", "Reason"), [("<script>", "late & loud")])
    text = _words(read_pdf_text(pdf_bytes(document)))
    assert "<b>Cup</b> & more" in text
    assert "<i>venue</i>" in text
    assert "<script>" in text
    assert "late & loud" in text


def test_a_document_for_standings_and_league_tables(qapp: QApplication, tmp_path: Path) -> None:
    # The API the tournament and statistics PDFs use (/work/notes/documents.md).
    document = Document("Standings", subtitle=("Round 3",))
    document.add_heading("After round 3")
    document.add_paragraph("Two tables played.")
    document.add_table(("Place", "Player", "Points"), [(1, "Aiko", "+45.0"), (2, "Bruno", "-12.3")], numeric=(0, 2))
    document.add_chart(("Aiko", "Bruno"), ("", "R1", "R2"), ((0, 0), (10, -10), (45, -12)))
    path = tmp_path / "standings.pdf"
    document.write_pdf(path, page_size=PageSize.LETTER)
    text = _words(pdf_text(path))
    for word in ("Standings", "Round 3", "After round 3", "Two tables played.", "Aiko", "+45.0", "-12.3"):
        assert word in text
    assert _media_box(path.read_bytes()) == MEDIA_BOXES["letter"]


def test_documents_use_no_widgets() -> None:
    # The command line loads this package without a window system: QtCore and QtGui only.
    root = Path(scorekeeper.documents.__file__).parent
    imports = {
        match
        for path in root.glob("*.py")
        for match in re.findall(r"from PySide6\.(\w+)", path.read_text(encoding="utf-8"))
    }
    assert imports <= {"QtCore", "QtGui"}
    assert imports


def test_a_long_name_heading_its_column_wraps_and_the_hands_table_stays_on_the_page(qapp: QApplication) -> None:
    """A name heads its player's column in the hands table, whose headings kept their line as numbers do: a
    42-character name made that column wider than the page, so the Result column was one letter wide (13 pages for
    33 hands, no result readable) and Qt's layout took quadratic time (1,000 hands, a 100-character name: 518 s)."""
    long_name = "Jean-Baptiste Emmanuel Zorg de la Fontaine"
    hands = [{"riichi": [], "result": {"type": "draw", "tenpai": [1]}}] * 30
    record = {**SAMPLE_GAME, "players": [long_name, "Bo", "Chie", "Di"], "hands": hands}
    record.pop("penalties")
    record.pop("end")
    sheet = game_sheet(session_from_record(parse_record(record)).state)
    data = pdf_bytes(game_document(sheet, DocumentInfo(date="2026-11-24")), page_size=PageSize.A4)
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) <= 3  # pages, not the /Pages tree
    assert _words(read_pdf_text(data)).count("Draw: tenpai Bo") == 30
