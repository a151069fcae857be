"""Hand entry follows the ruleset's red fives per suit (rules.py ``red_fives_per_suit``): the draft offers as many
red fives of a suit as the set holds, and a hand entered under one set and then scored under a smaller one is
refused by name."""

from __future__ import annotations

from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.tiles import Tile, parse_tiles
from scorekeeper.session.draft import DraftStatus, RiichiDraft, copies_left

_RED_5P = Tile.parse("0p")
_PLAIN_5P = Tile.parse("5p")


def test_a_tenhou_set_has_one_red_and_three_ordinary_fives_per_suit() -> None:
    assert copies_left(_RED_5P, (), red_fives=True) == 1
    assert copies_left(_RED_5P, parse_tiles("0p"), red_fives=True) == 0
    assert copies_left(_PLAIN_5P, parse_tiles("555p"), red_fives=True) == 0


def test_a_set_with_two_red_5p_offers_a_second_red_5p_and_two_ordinary() -> None:
    two_red_5p = (1, 2, 1)
    assert copies_left(_RED_5P, parse_tiles("0p"), red_fives=True, red_fives_per_suit=two_red_5p) == 1
    assert copies_left(_RED_5P, parse_tiles("00p"), red_fives=True, red_fives_per_suit=two_red_5p) == 0
    assert copies_left(_PLAIN_5P, parse_tiles("5p"), red_fives=True, red_fives_per_suit=two_red_5p) == 1
    assert copies_left(Tile.parse("0m"), parse_tiles("0m"), red_fives=True, red_fives_per_suit=two_red_5p) == 0


def test_the_draft_takes_a_second_red_5p_only_when_the_ruleset_set_has_two() -> None:
    tenhou = RiichiDraft(hand_rules("tenhou"))
    tenhou.tap_tile(_RED_5P)
    assert tenhou.copies_left(_RED_5P) == 0
    two = RiichiDraft(hand_rules("tenhou", {"red_fives_per_suit": [1, 2, 1]}))
    two.tap_tile(_RED_5P)
    assert two.copies_left(_RED_5P) == 1
    two.tap_tile(_RED_5P)
    assert two.copies_left(_RED_5P) == 0


def test_a_hand_with_two_red_5p_is_refused_once_the_ruleset_says_the_set_has_one() -> None:
    draft = RiichiDraft(hand_rules("tenhou", {"red_fives_per_suit": [1, 2, 1]}))
    for tile in parse_tiles("234m55m005p345s678s"):
        draft.tap_tile(tile)
    evaluation = draft.evaluation()
    assert evaluation.status is DraftStatus.SCORED
    assert evaluation.score is not None and evaluation.score.aka == 2
    draft.set_context(rules=hand_rules("tenhou"), tsumo=False, seat_wind="S", round_wind="E")
    refused = draft.evaluation()
    assert refused.status is DraftStatus.REFUSED
    assert str(refused.error).startswith("two red 5p: the tenhou set has one")
