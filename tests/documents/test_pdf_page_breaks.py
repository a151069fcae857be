"""No table row is split over two pages; a table goes on under its header; a heading stays with its section.

Issue 24 item 8: "in the game PDF the last hand row splits across a page break". Reproduced with a long game and
24-character names on A4 (pdftoppm, looked at): hand 4's row began at the foot of page 1 ("Tsumo: Bartholomew")
and ended on page 2 under the repeated header ("FitzgeraldBa (1 han 30 fu)"); the chart's heading ended page 3
and the chart began page 4. Qt breaks a table row between its lines and keeps no heading with what follows it.

Each document here is laid out exactly as it is printed (``printed_layout``: the layout ``QTextDocument.print_``
makes on the PDF writer; the PDF has as many pages) and every row of every table must lie on one page, every
heading on the page of what it heads. ``test_the_check_finds_the_split_rows_of_the_unbroken_layout`` shows the
check finds the splits in the layout as it was before the fix.
"""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtGui import QTextBlock, QTextDocument, QTextTable
from PySide6.QtWidgets import QApplication

from scorekeeper.documents import PageSize, game_document, pdf_bytes, printed_layout
from scorekeeper.documents import _document as document_module
from scorekeeper.errors import ScorekeeperError
from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    ExhaustiveDraw,
    HanFuWin,
    RiichiDeclared,
    Ron,
    Tsumo,
    YakumanWin,
)
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.record_words import record_translator

LONG_NAMES = (
    "Aiko Tanaka-WhitfieldAik",
    "Bartholomew FitzgeraldBa",
    "Chen Wei-Long Harrington",
    "Dagny Oddsdottir-BergDag",
)
SHORT_NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _long_game(seed: int, hands: int, names: tuple[str, ...]) -> Session:
    """A game of up to ``hands`` hands: dealer repeats (honba), draws, riichi, double rons with pao, chombos,
    abortive draws; what the rules refuse is skipped."""
    chance = random.Random(seed)
    session = Session.start(ruleset("ema2016"), names)
    for _ in range(hands * 20):
        if len(session.state.hands) >= hands or session.state.ended:
            break
        dealer = int(session.state.dealer)
        kind = chance.randrange(10)
        try:
            if chance.random() < 0.3:
                for seat in chance.sample(range(4), chance.randrange(1, 3)):
                    session.apply(RiichiDeclared(Seat(seat)))
            if kind < 4:  # the dealer wins again: a repeat, one more honba
                session.apply(Tsumo(HanFuWin(seat=Seat(dealer), han=1, fu=30)))
            elif kind < 5:  # the dealer is tenpai at a draw: a repeat
                tenpai = {dealer, *chance.sample(range(4), chance.randrange(0, 3))}
                session.apply(ExhaustiveDraw(tuple(Seat(s) for s in sorted(tenpai))))
            elif kind < 6:
                loser = chance.randrange(4)
                first, second, feeder = (s for s in range(4) if s != loser)
                wins = (
                    HanFuWin(seat=Seat(first), han=2, fu=40),
                    YakumanWin(seat=Seat(second), yakuman=1, pao=Seat(feeder)),
                )
                session.apply(Ron(Seat(loser), wins))
            elif kind < 8:
                session.apply(Chombo(Seat(chance.randrange(4))))
            elif kind < 9:
                session.apply(AbortiveDraw(list(AbortReason)[chance.randrange(len(AbortReason))]))
            else:
                loser = chance.randrange(4)
                winner = (loser + 1 + chance.randrange(3)) % 4
                session.apply(Ron(Seat(loser), (HanFuWin(seat=Seat(winner), han=chance.randrange(1, 4), fu=30),)))
        except ScorekeeperError:
            continue
    return session


def _page(y: float, height: float) -> int:
    return int(y // height)


def _lines(printed: QTextDocument, block: QTextBlock) -> tuple[float, float]:
    """The top of ``block``'s first line and the bottom of its last, on the laid-out document."""
    top = printed.documentLayout().blockBoundingRect(block).top()
    lines = block.layout()
    last = lines.lineAt(lines.lineCount() - 1)
    return top + lines.lineAt(0).y(), top + last.y() + last.height()


def _split_rows(printed: QTextDocument) -> list[str]:
    """Every body row of every table that starts on one page and ends on another (its first cell's text)."""
    height = printed.pageSize().height()
    found = []
    for frame in printed.rootFrame().childFrames():
        if not isinstance(frame, QTextTable):
            continue
        for row in range(frame.format().headerRowCount(), frame.rows()):
            cells = [frame.cellAt(row, column) for column in range(frame.columns())]
            top = min(_lines(printed, cell.firstCursorPosition().block())[0] for cell in cells)
            bottom = max(_lines(printed, cell.lastCursorPosition().block())[1] for cell in cells)
            if _page(top, height) != _page(bottom - 1, height):
                found.append(cells[0].firstCursorPosition().block().text())
    return found


def _lonely_headings(printed: QTextDocument) -> list[str]:
    """Every section heading printed on another page than the start of what follows it."""
    height = printed.pageSize().height()
    found = []
    block = printed.begin()
    while block.isValid():
        after = block.next()
        heading = block.blockFormat().headingLevel() == 2 and after.isValid()
        if heading and _page(_lines(printed, block)[0], height) != _page(_lines(printed, after)[1] - 1, height):
            found.append(block.text())
        block = after
    return found


def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


CASES = [
    pytest.param(1, 40, LONG_NAMES, "en", PageSize.A4, id="long-names-a4"),
    pytest.param(1, 40, LONG_NAMES, "en", PageSize.LETTER, id="long-names-letter"),
    pytest.param(7, 60, SHORT_NAMES, "en", PageSize.A4, id="long-hanchan-a4"),
    pytest.param(3, 60, LONG_NAMES, "ja", PageSize.A4, id="japanese-a4"),
    pytest.param(5, 30, LONG_NAMES, "ja", PageSize.LETTER, id="japanese-letter"),
]


@pytest.mark.parametrize(("seed", "hands", "names", "language", "page_size"), CASES)
def test_no_hand_row_is_split_over_a_page_break_and_no_heading_ends_a_page(
    qapp: QApplication, seed: int, hands: int, names: tuple[str, ...], language: str, page_size: PageSize
) -> None:
    session = _long_game(seed, hands, names)
    document = game_document(game_sheet(session.state), translate=record_translator(language))
    printed = printed_layout(document, page_size=page_size)
    assert printed.pageCount() > 2
    assert _pdf_pages(pdf_bytes(document, page_size=page_size)) == printed.pageCount()  # the layout that is printed
    assert _split_rows(printed) == []
    assert _lonely_headings(printed) == []
    # Every table piece after a page break starts its page with the header again (Qt repeats a <thead> row).
    for frame in printed.rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            assert frame.format().headerRowCount() == 1


def test_the_check_finds_the_split_rows_of_the_unbroken_layout(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The layout before the fix: nothing moved to the next page.
    monkeypatch.setattr(document_module, "_MOST_BREAKS", 0)
    session = _long_game(1, 40, LONG_NAMES)
    printed = printed_layout(game_document(game_sheet(session.state)), page_size=PageSize.A4)
    assert _split_rows(printed) != []
