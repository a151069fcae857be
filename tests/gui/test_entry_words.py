"""The Tiles pages' words in Japanese: the target "Hand" is the tiles (手牌), not the round (局) (issue 11 moved
the words to one module, ``gui/widgets/entry_words.py``, and its own translation context)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.engine.classical import classical_rules
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.widgets.classical_entry import ClassicalEntryWidget
from scorekeeper.gui.widgets.hand_entry import EntryTarget, HandEntryWidget

pytestmark = pytest.mark.gui


def test_the_hand_target_and_the_classical_points_read_as_japanese_table_words(qtbot: QtBot) -> None:
    install_language(Language.JAPANESE)
    try:
        riichi = HandEntryWidget()
        qtbot.addWidget(riichi)
        classical = ClassicalEntryWidget()
        qtbot.addWidget(classical)
        classical.set_context(rules=classical_rules("classical"), tsumo=False, seat_wind="S", round_wind="E")
        classical.set_hand_text("112233m1366p 2p 789m+chi")
        assert riichi.target_buttons[EntryTarget.HAND].text() == "手牌"
        assert classical.target_buttons[EntryTarget.HAND].text() == "手牌"
        assert classical.details_label.text().splitlines()[0] == "点"
    finally:
        install_language(Language.ENGLISH)
