"""Issue 15: the bulk stages (``read_hands``, ``score_hands``) give each hand exactly what reading and scoring it
alone gives, in order, with a refusal in the hand's place."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.jsonio import read_hand, read_hands, score_to_json
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.scoring import score_hand, score_hands
from scorekeeper.errors import ScorekeeperError
from tests.generate import generate_hands

_AOTENJOU = {"preset": "tenhou", "overrides": {"aotenjou": True}}


def _objects() -> list[dict[str, Any]]:
    """Generated hands under three rulesets (about an eighth have no yaku), and hands refused while being read."""
    objects = list(generate_hands(41, 300, ruleset="tenhou"))
    objects += list(generate_hands(42, 100, ruleset="ema"))
    objects += list(generate_hands(43, 60, ruleset=_AOTENJOU, shapes=("yakuman", "kans")))
    hand = {"hand": "234m456p678s34588s", "win": "2m", "seat_wind": "S", "round_wind": "E"}
    bad: list[dict[str, Any]] = [
        {**hand, "x": 1},  # an unknown field
        {**hand, "hand": "11111m234p567s11z"},  # five copies
        {**hand, "hand": "123m456p789s11234z"},  # not a winning shape: refused by the scorer
        {**hand, "hand": "234m406p678s34588s", "dora": ["0p", "0p"]},  # a red five indicator twice
        {**hand, "ruleset": "nonsense"},
        {**hand, "hand": "234m406p678s34000s", "win": "3s"},  # two red 5s under tenhou: refused by the set check
    ]
    for index, obj in enumerate(bad):
        objects.insert(37 * index + 5, obj)
    return objects


def _one(obj: dict[str, Any]) -> tuple[str, object]:
    try:
        hand, rules = read_hand(obj)
    except ScorekeeperError as error:
        return ("read", (type(error), str(error)))
    try:
        return ("scored", score_to_json(score_hand(hand, rules)))
    except ScorekeeperError as error:
        return ("scored", (type(error), str(error)))


def test_read_hands_and_score_hands_answer_each_hand_as_reading_and_scoring_it_alone() -> None:
    objects = _objects()
    alone = [_one(obj) for obj in objects]
    read = read_hands(objects)
    assert len(read) == len(objects)
    hands = [entry for entry in read if isinstance(entry, tuple)]
    scores = iter(score_hands(hands))
    staged: list[tuple[str, object]] = []
    for entry in read:
        if isinstance(entry, Exception):
            staged.append(("read", (type(entry), str(entry))))
            continue
        score = next(scores)
        if isinstance(score, Exception):
            staged.append(("scored", (type(score), str(score))))
        else:
            staged.append(("scored", score_to_json(score)))
    assert staged == alone
    kinds = {result[0] for result in alone}
    assert kinds == {"read", "scored"}
    assert sum(1 for _, result in alone if isinstance(result, dict)) > 300


def test_bulk_stages_give_errors_back_without_their_tracebacks() -> None:
    # A kept traceback's frames would hold the lists that hold the error: a cycle for the garbage collector.
    rules = hand_rules("tenhou")
    read = read_hands(
        [{"hand": "1m"}, {"hand": "123m456p789s11234z", "win": "1m", "seat_wind": "E", "round_wind": "E"}]
    )
    assert isinstance(read[0], ScorekeeperError)
    assert read[0].__traceback__ is None
    assert isinstance(read[1], tuple)
    scores = score_hands([(read[1][0], rules)])
    assert isinstance(scores[0], ScorekeeperError)
    assert scores[0].__traceback__ is None
