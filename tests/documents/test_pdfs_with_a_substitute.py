"""The PDFs of a game with a substitute (Qt writes PDFs, so these live with the documents' tests, not storage's):
the tournament PDF gives each player who sat a line with the standings' points, and the game PDF names who sat in
each hand and credits each player. The games and their figures are those of the storage tests named below.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from scorekeeper.documents import game_document, pdf_bytes
from scorekeeper.documents.tournament import standings_document
from scorekeeper.session import seat_shares
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.tournament_export import seat_spells
from scorekeeper.tournament import format_tenths
from tests.documents.pdftext import pdf_text
from tests.session.test_statistics_substitution import _substituted
from tests.storage.test_exports_with_a_substitute import _tournament


def test_the_tournament_pdf_gives_each_player_who_sat_a_line_with_the_standings_points(
    qapp: QApplication, tmp_path: Path
) -> None:
    tournament = _tournament()
    out = tmp_path / "standings.pdf"
    out.write_bytes(pdf_bytes(standings_document(tournament)))
    text = " ".join(pdf_text(out).split())
    games = text[text.index("Games Session") :]
    # Table 1 ends A 22,000, south 38,000, C 38,000, D 22,000: south and C share 1st and 2nd (+8.0 +10 each), A
    # and D 3rd and 4th (-18.0 each); south's -2.0 after B's chombo is B's +8.0 (two hands, left at 38,000) less
    # the chombo's 20.0, Sub's -8.0 (one hand, left at 30,000) and Sub2's 18.0 (the rest, with the uma).
    for line in (
        "East: A 22,000 -18.0",
        "South: B (hands 1-2, left) 38,000 -12.0",
        "South: Sub (hand 3, left) 30,000 -8.0",
        "South: Sub2 (from hand 4) 38,000 18.0",
        "West: C 38,000 18.0",
        "North: D 22,000 -18.0",
        "East: E 42,000 27.0",
        "North: H 30,000 0.0",
    ):
        assert line in games, games
    for spell in seat_spells(tournament.games[0], tournament.settings):
        assert f"{spell.player} " in games and format_tenths(spell.points_tenths) in games


def test_the_game_pdf_names_who_sat_in_each_hand_and_credits_each_player(qapp: QApplication, tmp_path: Path) -> None:
    state = _substituted().state
    out = tmp_path / "game.pdf"
    out.write_bytes(pdf_bytes(game_document(game_sheet(state))))
    text = " ".join(pdf_text(out).split())
    players = text[text.index("Players") : text.index("Final table")]
    assert "Bo 25,000" in players and "Sub (from hand 3)" in players
    hands = text[text.index("Hands") :]
    assert "Ron: Bo (3 han 30 fu) from Cy" in hands
    assert "Ron: Sub (1 han 30 fu) from Di" in hands
    assert "Ron: Cy (3 han 30 fu) from Sub" in hands
    credited = text[text.index("Players credited") :]
    for share in seat_shares(state):
        assert share.player in credited
