"""Tournament PDFs: the standings with every game (from the command line) and a session's seating."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from scorekeeper.documents import pdf_bytes
from scorekeeper.documents.tournament import seating_document, standings_document
from scorekeeper.session import Chombo, Seat
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import (
    Player,
    Seating,
    TableSeating,
    TournamentPenalty,
    TournamentSettings,
    compute_standings,
    format_tenths,
)
from tests.documents.pdftext import pdf_text
from tests.tournament.builders import ron, table_game

_NAMES = ("Aiko Tanaka", "Bruno Costa", "Chen Wei", "Dana Novak")


def _words(text: str) -> str:
    return " ".join(text.split())


def _tournament_db(path: Path) -> Path:
    with open_tournament_store(path) as store:
        store.create(
            TournamentSettings(name="Autumn Open", venue="Lisbon", sessions=2), [Player(name=n) for n in _NAMES]
        )
        store.save_seating(Seating(session=1, tables=(TableSeating(1, _NAMES),)))
        store.add_game(table_game(1, 1, _NAMES, ron(winner=1, discarder=0)))
        store.add_penalty(TournamentPenalty(player="Chen Wei", points=-20000, reason="late arrival", session=1))
    return path


def test_tournament_export_pdf_holds_the_standings_and_every_game(tmp_path: Path) -> None:
    db = _tournament_db(tmp_path / "open.db")
    out = tmp_path / "standings.pdf"
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}}
    command = [sys.executable, "-m", "scorekeeper", "tournament", "export", "--db", str(db), "--format", "pdf"]
    done = subprocess.run([*command, "-o", str(out)], capture_output=True, text=True, env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    text = _words(pdf_text(out))
    with open_tournament_store(db) as store:
        standings = compute_standings(store.load())
    assert "Autumn Open: Standings" in text
    for row in standings.rows:
        assert row.player in text
        assert format_tenths(row.points_tenths) in text
    for words in ("Penalties", "late arrival", "Games", "South: Bruno Costa 38,000 23.0"):
        assert words in text


def test_a_seating_pdf_has_a_wall_sheet_and_a_card_per_table(qapp: QApplication, tmp_path: Path) -> None:
    db = _tournament_db(tmp_path / "open.db")
    with open_tournament_store(db) as store:
        tournament = store.load()
    seating = tournament.seatings[0]
    out = tmp_path / "seating.pdf"
    out.write_bytes(pdf_bytes(seating_document(tournament, seating)))
    text = _words(pdf_text(out))
    for words in ("Autumn Open: Session 1", "Wall sheet", "Table cards", "Table 1", "East", "North", *_NAMES):
        assert words in text
    # issue 26: the seating's quality beside a random seating's
    for words in ("Seating quality, sessions 1-1", "Pairs met twice or more 0 0", "Winds per player (min-max)"):
        assert words in text


def test_the_standings_pdf_lists_the_penalties_given_at_the_tables_too(qapp: QApplication, tmp_path: Path) -> None:
    # Dana's chombo at table 1 is -20.0 in her penalties column; the penalty list must say where it came from.
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(TournamentSettings(name="Autumn Open", sessions=2), [Player(name=n) for n in _NAMES])
        store.save_seating(Seating(session=1, tables=(TableSeating(1, _NAMES),)))
        store.add_game(table_game(1, 1, _NAMES, Chombo(Seat(3))))
        tournament = store.load()
    out = tmp_path / "standings.pdf"
    out.write_bytes(pdf_bytes(standings_document(tournament)))
    text = _words(pdf_text(out))
    penalties = text[text.index("Penalties Player") : text.index("Games Session")]
    for words in ("Dana Novak", "-20.0", "session 1, Table 1", "chombo in E1"):
        assert words in penalties


def test_the_standings_pdf_writes_fi_as_two_letters(qapp: QApplication, tmp_path: Path) -> None:
    """A ligature glyph went into the PDF's text as one character: "Kofi" read "Koﬁ" (U+FB01), so a name could
    not be searched or copied from the standings (issue 23, 4)."""
    names = ("Kofi Officer", "Bruno Costa", "Chen Wei", "Dana Novak")
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(TournamentSettings(name="Fifth Affair", sessions=2), [Player(name=n) for n in names])
        store.save_seating(Seating(session=1, tables=(TableSeating(1, names),)))
        store.add_game(table_game(1, 1, names, ron(winner=0, discarder=1)))
        tournament = store.load()
    out = tmp_path / "standings.pdf"
    out.write_bytes(pdf_bytes(standings_document(tournament)))
    text = pdf_text(out)
    assert not any("\ufb00" <= c <= "\ufb06" for c in text)
    for words in ("Kofi Officer", "Fifth Affair"):
        assert words in _words(text)


def test_a_seating_pdf_names_who_sits_out_and_counts_the_byes(qapp: QApplication, tmp_path: Path) -> None:
    # issue 26: a tournament with byes prints a "Byes: ..." line under the wall sheet, and the byes per player
    from scorekeeper.storage.record_words import record_translator
    from scorekeeper.tournament import ShortField

    five = (*_NAMES, "Emil Berg")
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(
            TournamentSettings(name="Autumn Open", sessions=2, short_field=ShortField.BYES),
            [Player(name=n) for n in five],
        )
        seating = Seating(session=1, tables=(TableSeating(1, _NAMES),), byes=("Emil Berg",))
        tournament = store.save_seating(seating)
    text = _words(pdf_text_of(pdf_bytes(seating_document(tournament, seating)), tmp_path / "en.pdf"))
    assert "Byes: Emil Berg" in text
    assert "Byes per player (min-max) 0-1" in text
    japanese = pdf_bytes(seating_document(tournament, seating, translate=record_translator("ja")))
    text = _words(pdf_text_of(japanese, tmp_path / "ja.pdf"))
    assert "抜け番: Emil Berg" in text


def pdf_text_of(data: bytes, path: Path) -> str:
    path.write_bytes(data)
    return pdf_text(path)
