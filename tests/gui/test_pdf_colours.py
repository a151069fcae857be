"""The game PDF's chart draws each seat in the colour the table gives that seat (issue 24: the colours differed)."""

from __future__ import annotations

import pytest

from scorekeeper.documents._document import SEAT_COLOURS
from scorekeeper.gui.theme import Theme, colors

pytestmark = pytest.mark.gui


def test_the_pdf_chart_draws_each_seat_in_its_colour_on_the_table() -> None:
    # The printed page is light: the light theme's seat lines (the panels' top lines and the app's chart).
    assert colors(Theme.LIGHT).seat_lines == SEAT_COLOURS
