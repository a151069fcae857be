"""The answer line ``score --json`` writes is the answer dict written compactly, byte for byte (issue 15).

``score_line`` puts an accepted hand's line together from parts written once per shared value (point values,
payments, yaku and fu items); these tests hold it to ``json.dumps(score_to_json(score), separators=(",", ":"))``
over generated hands of every preset and of the knobs that make values of their own (aotenjou, double yakuman,
renhou), and check that the JSON reader's red-five count (the 0s of the text and each meld's own) is the tiles'.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.engine import jsonio
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.jsonio import hand_from_json, score_line, score_to_json
from scorekeeper.engine.rules import PRESET_NAMES
from scorekeeper.engine.scoring import score_hand
from scorekeeper.errors import ScorekeeperError
from tests.generate import generate_hands

RULESETS: list[str | dict[str, Any]] = [
    *PRESET_NAMES,
    {"preset": "tenhou", "overrides": {"aotenjou": True}},
    {"preset": "tenhou", "overrides": {"double_yakuman": True, "compound_yakuman": True}},
    {"preset": "ema2016", "overrides": {"renhou": "mangan"}},
    {"preset": "tenhou", "overrides": {"renhou": "yakuman"}},
]


def _compact(score_dict: dict[str, Any]) -> bytes:
    return json.dumps(score_dict, separators=(",", ":")).encode() + b"\n"


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r if isinstance(r, str) else json.dumps(r))
def test_answer_line_is_the_answer_dict_written_compactly(ruleset: str | dict[str, Any]) -> None:
    scored = 0
    for obj in generate_hands(15, 600, ruleset=ruleset):
        try:
            hand, rules = hand_from_json(obj)
            score = score_hand(hand, rules)
        except ScorekeeperError:
            continue
        # Twice: the first writes the parts, the second reads them back.
        assert score_line(score) == _compact(score_to_json(score)), obj
        assert score_line(score) == _compact(score_to_json(score)), obj
        scored += 1
    assert scored > 300


def test_aotenjou_yakuman_values_are_not_kept_as_parts() -> None:
    # An aotenjou yakuman's point value is made for its hand alone: keeping each would fill the table for nothing.
    obj = {
        "hand": "111222333z44z555z",
        "win": "5z",
        "tsumo": True,
        "seat_wind": "E",
        "round_wind": "E",
        "ruleset": {"preset": "tenhou", "overrides": {"aotenjou": True}},
    }
    hand, rules = hand_from_json(obj)
    before = len(jsonio._HEADS)
    for _ in range(3):
        score = score_hand(hand, rules)
        assert score.value.exact
        assert score_line(score) == _compact(score_to_json(score))
    assert len(jsonio._HEADS) == before


@pytest.mark.parametrize(
    ("text", "melds", "win"),
    [
        ("123m406p789s11z", [{"type": "chi", "tiles": "406s"}], "0p"),
        ("05m05p05s11223344z", [], "5m"),
        (
            "234m55p",
            [{"type": "pon", "tiles": "505s"}, {"type": "chi", "tiles": "340m"}, {"type": "pon", "tiles": "777z"}],
            "2m",
        ),
        ("123456789m11p", [{"type": "chi", "tiles": "406p"}], "1p"),
    ],
)
def test_red_fives_read_from_the_text_are_the_tiles_red_fives(text: str, melds: list[dict[str, str]], win: str) -> None:
    obj = {"hand": text, "melds": melds, "win": win, "tsumo": True, "seat_wind": "S", "round_wind": "E"}
    hand, _ = hand_from_json(obj)
    rebuilt = Hand(
        concealed=hand.concealed,
        melds=hand.melds,
        win=hand.win,
        tsumo=True,
        seat_wind=hand.seat_wind,
        round_wind=hand.round_wind,
    )
    assert hand._red == rebuilt._red == text.count("0") + sum(meld["tiles"].count("0") for meld in melds)
