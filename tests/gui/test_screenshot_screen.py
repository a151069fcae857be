"""The screenshot scripts render on a screen big enough for the sizes they ask for (not the plugin's 800x800)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorekeeper.gui.screenshots import RENDER_SCREEN, use_offscreen_platform

pytestmark = pytest.mark.gui


def test_offscreen_renders_get_a_screen_of_1920x1200(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    use_offscreen_platform()
    platform, _, config = os.environ["QT_QPA_PLATFORM"].partition(":configfile=")
    assert platform == "offscreen"
    (screen,) = json.loads(Path(config).read_text(encoding="utf-8"))["screens"]
    assert (screen["width"], screen["height"]) == (RENDER_SCREEN.width(), RENDER_SCREEN.height()) == (1920, 1200)


def test_another_platform_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    use_offscreen_platform()
    assert os.environ["QT_QPA_PLATFORM"] == "xcb"


def test_the_players_card_for_the_docs_renders_at_a_laptops_size(tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    from scorekeeper.gui.players import screenshots

    card, ratings = screenshots.render(tmp_path)
    assert (card.name, ratings.name) == ("players-card.png", "players-ratings.png")
    assert QImage(str(card)).size().toTuple() == screenshots.CARD_SIZE
    assert QImage(str(ratings)).size().toTuple() == screenshots.CARD_SIZE
