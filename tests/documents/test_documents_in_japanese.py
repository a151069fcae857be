"""The records in Japanese (issue 12): the PDF's and the CSV's words follow the language, the figures do not.

The app passes Qt's translator (context ``Documents``, built from ``storage.record_words.JA_RECORDS``); the command
line passes ``record_translator`` for ``export --lang``. English stays as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from scorekeeper.documents import DocumentInfo, game_document, pdf_bytes
from scorekeeper.documents.tournament import seating_document
from scorekeeper.gui.exports import export_csv, export_pdf
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.translations.build import document_strings
from scorekeeper.session.record import parse_record, session_from_record
from scorekeeper.session.session import Session
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.record_words import JA_RECORDS, record_translator
from scorekeeper.storage.tournament_store import open_tournament_store
from tests.documents.pdftext import pdf_text, read_pdf_text
from tests.documents.test_tournament_pdf import _tournament_db
from tests.sample_game import NAMES, SAMPLE_GAME

#: Japanese words of the sample game's record (headings, the ruleset line, a ron, the pao, the chombo after uma),
#: compared without white space: a reader may break Japanese text where the font's script runs change.
JAPANESE_PDF = (
    "対局記録",
    "参加者",
    "最終結果",
    "ルール:ema2016",
    "ロン:Aiko(3翻40符)",
    "役満、包Chen",
    "チョンボ:Dana(ウマの後-20,000)",
)
ENGLISH_PDF = ("Gamerecord", "Players", "Finaltable", "Penaltiesafteruma", "Ruleset:ema2016", "Ron:Bruno(2han30fu)")


def _compact(text: str) -> str:
    """The text without spaces, in NFKC: with a real Japanese font (Noto Sans CJK), one glyph draws both 示 and the
    Kangxi radical ⽰ (U+2F70), and Qt's PDF writer names each glyph by its lowest character, so the PDF's text reads
    掲⽰⽤ for 掲示用 (drawn right; copied or searched as radicals: docs/storage.md). NFKC maps the radicals back.
    Before a Japanese font was installed on the test machines, the glyphs were boxes and this went unseen."""
    return unicodedata.normalize("NFKC", "".join(text.split()))


def _session() -> Session:
    return session_from_record(parse_record(SAMPLE_GAME))


@pytest.fixture
def japanese(qapp: QApplication) -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)  # no Japanese left installed for the next test


def test_every_word_of_the_records_has_japanese() -> None:
    missing = [text for text in document_strings() if text not in JA_RECORDS]
    assert not missing, f"add Japanese to scorekeeper/storage/record_words.py for {missing}"


def test_a_japanese_pdf_has_japanese_words_and_the_same_figures(qapp: QApplication) -> None:
    sheet = game_sheet(_session().state)
    # Our own reader of Qt's PDFs (the other tests read through pdftotext where it is installed).
    japanese = game_document(sheet, DocumentInfo(title="対局記録"), record_translator("ja"))
    ja = _compact(read_pdf_text(pdf_bytes(japanese)))
    en = _compact(read_pdf_text(pdf_bytes(game_document(sheet, DocumentInfo(), record_translator("en")))))
    for word in JAPANESE_PDF:
        assert word in ja
    for word in ENGLISH_PDF:
        assert word in en
        assert word not in ja
    for figure in (*NAMES, "E2-2", "+19.4", "-24.9"):
        assert figure in ja and figure in en
    assert not any("\u3040" <= ch <= "\u9fff" for ch in en)  # not one Japanese character in English


def test_the_app_in_japanese_saves_a_japanese_pdf_and_csv(japanese: None, tmp_path: Path) -> None:
    session = _session()
    export_pdf(session, tmp_path / "game.pdf")
    text = _compact(pdf_text(tmp_path / "game.pdf"))
    for word in JAPANESE_PDF:
        assert word in text
    export_csv(session, tmp_path / "game.csv")
    csv_text = (tmp_path / "game.csv").read_bytes().decode("utf-8-sig")
    header = csv_text.splitlines()[0].split(",")
    assert header[:7] == ["番号", "局", "本場", "やり直し", "結果", "和了者", "放銃者"]
    assert f"{NAMES[0]} 増減" in header
    assert "最終結果" in csv_text and "ロン" in csv_text and "チョンボ" in csv_text


def test_the_app_in_english_saves_english_records(qapp: QApplication, tmp_path: Path) -> None:
    install_language(Language.ENGLISH)
    session = _session()
    export_pdf(session, tmp_path / "game.pdf")
    text = _compact(pdf_text(tmp_path / "game.pdf"))
    for word in ENGLISH_PDF:
        assert word in text
    export_csv(session, tmp_path / "game.csv")
    assert (tmp_path / "game.csv").read_bytes().decode("utf-8-sig").startswith("hand,label,honba,replay,result")


def test_export_lang_ja_writes_a_japanese_pdf_from_the_command_line(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(SAMPLE_GAME), encoding="utf-8")
    out = tmp_path / "game.pdf"
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}}
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "export", str(record), "--format", "pdf", "--lang", "ja", "-o", str(out)],
        capture_output=True, text=True, env=env, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = _compact(pdf_text(out))
    for word in JAPANESE_PDF:
        assert word in text
    for name in NAMES:
        assert name in text


def test_tournament_standings_in_japanese_from_the_command_line(tmp_path: Path) -> None:
    # The referee's window passes the app's translator; the command line takes --lang, like export.
    db = _tournament_db(tmp_path / "open.db")
    out = tmp_path / "standings.pdf"
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}}
    command = [sys.executable, "-m", "scorekeeper", "tournament", "export", "--db", str(db), "--format", "pdf"]
    done = subprocess.run(
        [*command, "--lang", "ja", "-o", str(out)], capture_output=True, text=True, env=env, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    text = _compact(pdf_text(out))
    for words in ("AutumnOpen:順位表", "順位", "罰符", "latearrival", "南:BrunoCosta38,00023.0"):
        assert words in text
    assert "Standings" not in text


def test_a_seating_in_japanese(qapp: QApplication, tmp_path: Path) -> None:
    with open_tournament_store(_tournament_db(tmp_path / "open.db")) as store:
        tournament = store.load()
    seating = tournament.seatings[0]
    text = _compact(read_pdf_text(pdf_bytes(seating_document(tournament, seating, translate=record_translator("ja")))))
    # Headings are bold, which the Japanese font has not: Qt draws each run twice, and our reader reads both.
    for words in ("第1回戦", "掲示用", "座席表", "1番卓", "AikoTanaka1東", "東AikoTanaka"):
        assert words in text
