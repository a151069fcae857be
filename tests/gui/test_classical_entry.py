"""The classical "Tiles" entry (issue 6): picker without red fives and with extra tiles, melds, conditions offered
only when possible, the mpsz field in sync, and the live breakdown of seed 003's points and doubles."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.classical import CLASSICAL_CONDITION_NAMES, ExtraTile, classical_rules, score_json
from scorekeeper.engine.tiles import Tile
from scorekeeper.errors import InvalidHandError
from scorekeeper.gui.widgets.classical_entry import (
    ClassicalEntryWidget,
    ClassicalTarget,
)

pytestmark = pytest.mark.gui

# Seed 003, C: the two worked examples (tiles as in tests/engine/classical/test_seed_examples.py).
EXAMPLE_1 = "112233m1366p 2p 789m+chi"  # on a discard: 20 points x 2^5 = 640
EXAMPLE_2 = "2222334p 4p 333s+pon 1111s+minkan"  # on a discard: 40 points x 72 = 2,880


@pytest.fixture
def entry(qtbot: QtBot) -> ClassicalEntryWidget:
    widget = ClassicalEntryWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=classical_rules("classical"), tsumo=False, seat_wind="S", round_wind="E")
    widget.show()
    return widget


def _tap(qtbot: QtBot, entry: ClassicalEntryWidget, *tiles: str | ExtraTile) -> None:
    for tile in tiles:
        button = entry.picker.button(tile if isinstance(tile, ExtraTile) else Tile.parse(tile))
        assert button.isVisible() and button.isEnabled(), tile
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _visible_conditions(entry: ClassicalEntryWidget) -> set[str]:
    return {name for name, box in entry.condition_boxes.items() if box.isVisibleTo(entry)}


def test_picker_has_the_extra_tiles_and_no_red_fives(entry: ClassicalEntryWidget) -> None:
    assert all(entry.picker.button(extra).isVisibleTo(entry) for extra in ExtraTile)
    assert not any(entry.picker.button(Tile.parse(red)).isVisibleTo(entry) for red in ("0m", "0p", "0s"))


@pytest.mark.parametrize(
    ("text", "value", "points", "doubles"),
    [(EXAMPLE_1, 640, 20, 5), (EXAMPLE_2, 2880, 40, 9)],
    ids=["seed-example-1-640", "seed-example-2-2880"],
)
def test_seed_examples_typed_in(entry: ClassicalEntryWidget, text: str, value: int, points: int, doubles: int) -> None:
    entry.set_hand_text(text)
    score = entry.result()
    assert score is not None, entry.message()
    assert (score.value, score.points, score.doubles) == (value, points, doubles)
    assert entry.message() == ""
    assert entry.headline_label.text().startswith(f"{value:,} points")


def test_breakdown_names_every_point_source_and_double(entry: ClassicalEntryWidget) -> None:
    entry.set_hand_text(EXAMPLE_2)
    details = entry.details_label.text()
    for line in (
        "Exposed triplet 333s: 2",
        "Exposed quartet 1111s: 16",
        "Completing the game: 20",
        "Total 38, rounded to 40",
        "Two suits: 1",
        "All below five: 3",
        "Twin (234p): 1",
        "a(7) A twin set",
        "9 double(s): x 72",
        "Value 2,880",
    ):
        assert line in details


def test_taps_build_the_hand_and_the_14th_tile_is_the_winning_tile(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    _tap(qtbot, entry, "1m", "2m", "3m", "1m", "2m", "3m", "1p", "3p", "6p", "6p")
    qtbot.mouseClick(entry.target_buttons[ClassicalTarget.CHOW], Qt.MouseButton.LeftButton)
    _tap(qtbot, entry, "9m", "7m")
    assert entry.target_hint.text().endswith(" 97m")  # the chow so far
    _tap(qtbot, entry, "8m", "2p")
    assert entry.winning_tile() == Tile.parse("2p")
    assert entry.text_field.text() == EXAMPLE_1
    score = entry.result()
    assert score is not None and score.value == 640


def test_typing_and_tapping_stay_in_sync(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    entry.text_field.setFocus()
    qtbot.keyClicks(entry.text_field, "123m 26f")
    assert entry.concealed() == tuple(Tile.parse(t) for t in ("1m", "2m", "3m"))
    assert entry.extras() == (ExtraTile.SUMMER, ExtraTile.ORCHID)
    assert not entry.picker.button(ExtraTile.SUMMER).isEnabled()
    _tap(qtbot, entry, ExtraTile.SPRING)
    assert entry.text_field.text() == "123m 126f"
    qtbot.mouseClick(entry.extras_row.buttons[0], Qt.MouseButton.LeftButton)  # tap to remove
    assert entry.extras() == (ExtraTile.SUMMER, ExtraTile.ORCHID)
    assert entry.message() == "11 more tile(s) needed for a winning hand."


def test_a_typing_error_is_shown_and_leaves_the_hand_as_it_was(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    entry.set_hand_text(EXAMPLE_1)
    entry.text_field.setFocus()
    qtbot.keyClicks(entry.text_field, " 9f")
    assert "9f" in entry.text_error.text()
    assert entry.result() is not None and entry.result().value == 640  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456p789s11z23z 4z", "Not a winning hand"),
        ("123m406p789s111z2z 2z", "red fives"),
        ("12m", "12 more tile(s)"),
    ],
    ids=["not-winning", "red-five", "incomplete"],
)
def test_a_plain_sentence_says_why_there_is_no_value(entry: ClassicalEntryWidget, text: str, expected: str) -> None:
    entry.set_hand_text(text)
    assert entry.result() is None
    assert expected in entry.message()
    assert entry.message_label.text() == entry.message()


def test_extra_tiles_score_points_and_the_seat_tile_doubles(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    entry.set_hand_text(EXAMPLE_2)
    _tap(qtbot, entry, ExtraTile.SUMMER, ExtraTile.WINTER)  # South's season (2) and another
    details = entry.details_label.text()
    assert "Extra tile of the seat 2f: 8" in details and "Extra tile 4f: 4" in details
    assert "Seat season or plant (2f): 1\n      a(21)\n" in details


def test_all_eight_extra_tiles_win_without_a_hand(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    _tap(qtbot, entry, *ExtraTile)
    score = entry.result()
    assert score is not None and str(score.shape) == "all_eight_extra_tiles"
    data = entry.hand_input()
    assert "win" not in data and data["flowers"] == "12345678f"


def test_hand_input_scores_the_same_through_the_json_interface(entry: ClassicalEntryWidget) -> None:
    entry.set_hand_text(EXAMPLE_2 + " 2f")
    data = entry.hand_input()
    assert data["seat_wind"] == "S" and data["round_wind"] == "E" and data["tsumo"] is False
    answer = score_json({"ruleset": "classical", **data})
    assert answer["ok"] and answer["value"] == entry.result().value  # type: ignore[union-attr]


def test_hand_input_needs_a_winning_tile(entry: ClassicalEntryWidget) -> None:
    entry.set_hand_text("123m")
    with pytest.raises(InvalidHandError, match="no winning tile"):
        entry.hand_input()


def test_conditions_are_offered_only_when_possible(entry: ClassicalEntryWidget) -> None:
    # On a discard: the wall's last tile, a replacement tile and a heavenly hand are drawn, so not offered.
    entry.set_hand_text(EXAMPLE_1)
    assert _visible_conditions(entry) == {"robbing_the_kong", "one_chance", "last_tile_of_kind"}
    entry.set_context(rules=classical_rules("classical"), tsumo=True, seat_wind="S", round_wind="E")
    # Self-drawn: no robbing the kong; no replacement tile without a kong; no heavenly hand with a chow.
    assert _visible_conditions(entry) == {"last_tile_of_wall", "one_chance", "last_tile_of_kind"}
    entry.set_hand_text(EXAMPLE_2)
    assert "replacement_tile" in _visible_conditions(entry)
    entry.set_hand_text("123m456m789m123p5p 5p")
    assert "heavenly_hand" in _visible_conditions(entry)


def test_a_ticked_condition_counts_and_hides_what_it_contradicts(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    entry.set_context(rules=classical_rules("classical"), tsumo=True, seat_wind="S", round_wind="E")
    entry.set_hand_text(EXAMPLE_2)
    box = entry.condition_boxes["replacement_tile"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(12, box.height() // 2))
    assert entry.conditions()["replacement_tile"]
    assert "last_tile_of_wall" not in _visible_conditions(entry)
    assert "Replacement tile" in entry.details_label.text()
    assert entry.hand_input()["replacement_tile"] is True
    # Back to a discard: the replacement tile is impossible, so it is unticked.
    entry.set_context(rules=classical_rules("classical"), tsumo=False, seat_wind="S", round_wind="E")
    assert not entry.conditions()["replacement_tile"]
    assert set(entry.conditions()) == set(CLASSICAL_CONDITION_NAMES)


def test_double_system_alone_shows_the_unit(entry: ClassicalEntryWidget) -> None:
    entry.set_context(rules=classical_rules("classical-doubles"), tsumo=False, seat_wind="S", round_wind="E")
    entry.set_hand_text(EXAMPLE_1)
    score = entry.result()
    assert score is not None and score.value == 10 * 32
    assert "Double system alone: a unit of 10" in entry.details_label.text()


def test_melds_by_taps_and_tap_to_remove(qtbot: QtBot, entry: ClassicalEntryWidget) -> None:
    qtbot.mouseClick(entry.target_buttons[ClassicalTarget.CONCEALED_KONG], Qt.MouseButton.LeftButton)
    _tap(qtbot, entry, "7z")
    qtbot.mouseClick(entry.target_buttons[ClassicalTarget.PUNG], Qt.MouseButton.LeftButton)
    _tap(qtbot, entry, "1z")
    assert [m.kind.value for m in entry.melds()] == ["ankan", "pon"]
    assert not entry.picker.button(Tile.parse("7z")).isEnabled()
    assert entry.text_field.text() == "7777z+ankan 111z+pon"
    qtbot.mouseClick(entry.meld_row.buttons[0], Qt.MouseButton.LeftButton)
    assert [m.kind.value for m in entry.melds()] == ["pon"]
