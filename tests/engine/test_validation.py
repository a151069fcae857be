"""Every contradiction issue 2 lists is refused with ``{"ok": false}``, the exception's class, and a message naming it.

Issue 2: "Every contradiction is refused with a message that names it: a fifth copy of a tile, wrong tile count for
the number of kans, a malformed meld, a winning tile not in the hand, riichi with an open hand, ippatsu without
riichi, chankan with tsumo, haitei together with rinshan, tenhou for a non-dealer, and so on." The classes follow
STYLE.md section 4: InvalidHandError for tiles, InvalidContextError for contradictory conditions. A message
"names" the contradiction when it contains the words a person would look for (checked case-insensitively, each
alternative group must match).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import pytest

from tests.builders import ankan, chi, hand, meld, minkan, pon, score

_PLAIN = "222789m23466789s"  # a complete closed hand, 9m wins two-sided


class Refusal(NamedTuple):
    id: str
    obj: Any
    kind: str
    words: tuple[str, ...]  # regexes, each must occur in the message


REFUSALS = [
    # --- tiles (InvalidHandError) ---
    Refusal(
        "fifth-copy-concealed", hand("234m55555p678s999s", win="5p"), "InvalidHandError", (r"5p", r"fi(ve|fth)|5 ")
    ),
    Refusal(
        "fifth-copy-with-a-meld",
        hand("234m55p678s999s", win="5p", melds=[pon("555p")]),
        "InvalidHandError",
        (r"5p", r"fi(ve|fth)|5 "),
    ),
    Refusal(
        "fifth-copy-counting-a-red-five",
        hand("234m05555p678s999s", win="5p"),
        "InvalidHandError",
        (r"5p", r"fi(ve|fth)|5 "),
    ),
    Refusal("fifth-copy-of-an-honour", hand("234m678s99s77777z", win="7z"), "InvalidHandError", (r"7z", r"fi(ve|fth)")),
    Refusal("thirteen-tiles-no-melds", hand("22789m23466789s", win="9m"), "InvalidHandError", (r"count|13|tiles",)),
    Refusal("fifteen-tiles-no-melds", hand("2222789m23466789s", win="9m"), "InvalidHandError", (r"count|15|tiles",)),
    Refusal(
        "wrong-count-for-one-kan-14-concealed",
        hand(_PLAIN, win="9m", melds=[ankan("1111p")]),
        "InvalidHandError",
        (r"count|tiles", r"kan|meld"),
    ),
    Refusal(
        "wrong-count-for-two-kans",
        hand("789m23466789s", win="9m", melds=[ankan("1111p"), minkan("9999p")]),
        "InvalidHandError",
        (r"count|tiles", r"kan|meld"),
    ),
    Refusal(
        "kan-given-as-three-tiles",
        hand("789m23466789s", win="9m", melds=[minkan("222m")]),
        "InvalidHandError",
        (r"malformed|meld", r"minkan|kan"),
    ),
    Refusal(
        "pon-given-as-four-tiles",
        hand("789m23466789s", win="9m", melds=[pon("2222m")]),
        "InvalidHandError",
        (r"malformed|meld", r"pon"),
    ),
    Refusal(
        "chi-not-consecutive",
        hand("789m23466789s", win="9m", melds=[chi("135m")]),
        "InvalidHandError",
        (r"malformed|meld", r"chi"),
    ),
    Refusal(
        "chi-of-honours",
        hand("789m23466789s", win="9m", melds=[chi("123z")]),
        "InvalidHandError",
        (r"malformed|meld", r"chi"),
    ),
    Refusal(
        "chi-across-suits",
        hand("789m23466789s", win="9m", melds=[chi("89m1p")]),
        "InvalidHandError",
        (r"malformed|meld", r"chi"),
    ),
    Refusal(
        "pon-of-different-tiles",
        hand("789m23466789s", win="9m", melds=[pon("123m")]),
        "InvalidHandError",
        (r"malformed|meld", r"pon"),
    ),
    Refusal(
        "unknown-meld-type",
        hand("789m23466789s", win="9m", melds=[meld("kong", "2222m")]),
        "InvalidHandError",
        (r"kong", r"meld"),
    ),
    Refusal(
        "five-melds",
        hand("5s", win="5s", melds=[pon("111m"), pon("222m"), pon("333m"), pon("444m"), pon("555m")]),
        "InvalidHandError",
        (r"meld|count|tiles",),
    ),
    Refusal("winning-tile-not-in-hand", hand(_PLAIN, win="1p"), "InvalidHandError", (r"1p", r"win")),
    Refusal(
        "red-winning-tile-but-only-plain-five-held",
        hand("234m567p88p345678s", win="0p"),
        "InvalidHandError",
        (r"0p|red", r"win"),
    ),
    # --- contradictory conditions (InvalidContextError) ---
    Refusal(
        "riichi-on-open-hand",
        hand("11m345p234789s", win="3p", melds=[pon("777z")], riichi=True),
        "InvalidContextError",
        (r"riichi", r"open"),
    ),
    Refusal(
        "double-riichi-on-open-hand",
        hand("11m345p234789s", win="3p", melds=[pon("777z")], double_riichi=True),
        "InvalidContextError",
        (r"riichi", r"open"),
    ),
    Refusal(
        "ippatsu-without-riichi", hand(_PLAIN, win="9m", ippatsu=True), "InvalidContextError", (r"ippatsu", r"riichi")
    ),
    Refusal(
        "chankan-with-tsumo",
        hand(_PLAIN, win="9m", tsumo=True, chankan=True),
        "InvalidContextError",
        (r"chankan", r"tsumo"),
    ),
    Refusal(
        "haitei-with-rinshan",
        hand("789m23466789s", win="9m", tsumo=True, haitei=True, rinshan=True, melds=[ankan("2222m")]),
        "InvalidContextError",
        (r"haitei", r"rinshan"),
    ),
    Refusal(
        "haitei-by-ron",
        hand(_PLAIN, win="9m", haitei=True, riichi=True),
        "InvalidContextError",
        (r"haitei", r"ron|self"),
    ),
    Refusal(
        "houtei-by-tsumo", hand(_PLAIN, win="9m", tsumo=True, houtei=True), "InvalidContextError", (r"houtei", r"tsumo")
    ),
    Refusal(
        "rinshan-by-ron",
        hand("789m23466789s", win="9m", rinshan=True, melds=[ankan("2222m")]),
        "InvalidContextError",
        (r"rinshan", r"ron|self|draw"),
    ),
    Refusal(
        "rinshan-without-a-kan",
        hand(_PLAIN, win="9m", tsumo=True, rinshan=True),
        "InvalidContextError",
        (r"rinshan", r"kan|kong"),
    ),
    Refusal(
        "chankan-with-houtei",
        hand(_PLAIN, win="9m", chankan=True, houtei=True),
        "InvalidContextError",
        (r"chankan", r"houtei"),
    ),
    Refusal(
        "tenhou-for-a-non-dealer",
        hand(_PLAIN, win="9m", tsumo=True, seat="S", tenhou=True),
        "InvalidContextError",
        (r"tenhou", r"dealer"),
    ),
    Refusal(
        "tenhou-by-ron",
        hand(_PLAIN, win="9m", seat="E", tenhou=True),
        "InvalidContextError",
        (r"tenhou", r"ron|self|draw"),
    ),
    Refusal(
        "tenhou-with-a-meld",
        hand("11m345p234789s", win="3p", tsumo=True, seat="E", melds=[pon("777z")], tenhou=True),
        "InvalidContextError",
        (r"tenhou", r"meld|call"),
    ),
    Refusal(
        "chiihou-for-the-dealer",
        hand(_PLAIN, win="9m", tsumo=True, seat="E", chiihou=True),
        "InvalidContextError",
        (r"chiihou", r"dealer"),
    ),
    Refusal(
        "renhou-for-the-dealer",
        hand(_PLAIN, win="9m", seat="E", renhou=True),
        "InvalidContextError",
        (r"renhou", r"dealer"),
    ),
    Refusal(
        "renhou-by-tsumo", hand(_PLAIN, win="9m", tsumo=True, renhou=True), "InvalidContextError", (r"renhou", r"tsumo")
    ),
    Refusal(
        "tenhou-with-riichi",
        hand(_PLAIN, win="9m", tsumo=True, seat="E", tenhou=True, riichi=True),
        "InvalidContextError",
        (r"tenhou", r"riichi"),
    ),
    Refusal(
        "chankan-on-a-tile-the-hand-holds-twice",
        hand("222789m23466789s", win="2m", chankan=True),
        "InvalidContextError",
        (r"chankan", r"2m"),
    ),
    Refusal(
        "ippatsu-with-rinshan",
        hand("789m23466789s", win="9m", tsumo=True, riichi=True, ippatsu=True, rinshan=True, melds=[ankan("2222p")]),
        "InvalidContextError",
        (r"ippatsu", r"rinshan|kan|kong"),
    ),
    # --- not a winning hand, no yaku ---
    Refusal("not-a-complete-hand", hand("222789m23466788s", win="8s"), "NotWinningError", ()),
    Refusal("no-yaku", hand(_PLAIN, win="9m"), "NoYakuError", ()),
    Refusal("dora-alone-is-never-a-yaku", hand(_PLAIN, win="9m", dora=["1m", "5s"]), "NoYakuError", ()),
    Refusal("red-fives-alone-are-never-a-yaku", hand("222789m34066789s", win="9m"), "NoYakuError", ()),
    Refusal("ura-without-riichi-is-never-a-yaku", hand(_PLAIN, win="9m", ura=["1m"]), "NoYakuError", ()),
    # --- notation and fields ---
    Refusal("bad-tile-character", hand("222789m2346x789s", win="9m"), "TileParseError", (r"x",)),
    Refusal("no-such-honour-8z", hand("222789m23466789s", win="8z"), "TileParseError", (r"8z",)),
    Refusal("digits-without-suit", hand("222789m23466789", win="9m"), "TileParseError", ()),
    Refusal(
        "unknown-ruleset",
        hand(_PLAIN, win="9m", riichi=True, ruleset="nosuchrules"),
        "InvalidRulesetError",
        (r"nosuchrules",),
    ),
    Refusal(
        "unknown-knob",
        hand(_PLAIN, win="9m", riichi=True, overrides={"no_such_knob": True}),
        "InvalidRulesetError",
        (r"no_such_knob",),
    ),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[c.id for c in REFUSALS])
def test_contradiction_is_refused(case: Refusal) -> None:
    """The hand is refused (never scored), the kind is the exception class, the message names the problem."""
    result = score(case.obj)
    assert result.get("ok") is False, result
    assert set(result) == {"ok", "error", "kind"}, result
    assert result["kind"] == case.kind, result
    message = result["error"]
    assert isinstance(message, str)
    assert message.strip()
    for pattern in case.words:
        assert re.search(pattern, message, re.IGNORECASE), f"{pattern!r} not in {message!r}"


@pytest.mark.parametrize(
    ("field", "value"),
    [("seat_wind", "X"), ("round_wind", 3), ("tsumo", "yes"), ("dora", "1m"), ("melds", "123m"), ("hand", 123)],
    ids=["seat-wind-X", "round-wind-int", "tsumo-string", "dora-not-a-list", "melds-not-a-list", "hand-int"],
)
def test_wrongly_typed_field_is_refused_naming_the_field(field: str, value: object) -> None:
    """A field of the wrong type or value is an error naming the field, never a crash (issue 2: the CLI never stops
    on a bad line; score_json never raises for bad input)."""
    obj = hand(_PLAIN, win="9m", riichi=True)
    obj[field] = value
    result = score(obj)
    assert result.get("ok") is False, result
    assert field in result["error"] or repr(value) in result["error"] or str(value) in result["error"], result


@pytest.mark.parametrize("obj", [None, [], "hand", 3, {}], ids=["null", "list", "string", "int", "empty-object"])
def test_not_a_hand_object_is_refused(obj: object) -> None:
    """Anything that is not a hand object answers ok false with a message (score_json never raises)."""
    result = score(obj)  # type: ignore[arg-type]
    assert result.get("ok") is False, result
    assert result["error"]


def test_unknown_field_is_refused() -> None:
    """A misspelt field (``riichii``) is refused rather than silently ignored: a silently dropped riichi would be a
    wrong score."""
    obj = hand(_PLAIN, win="9m", riichi=True)
    obj["riichii"] = True
    result = score(obj)
    assert result.get("ok") is False, result
    assert "riichii" in result["error"]


def test_ura_without_riichi_is_not_an_error_and_not_counted() -> None:
    """Ura indicators without riichi are not a contradiction: they simply do not count (issue 2, "ura dora indicators
    (only count with riichi)"; seed 004 6.4)."""
    result = score(hand(_PLAIN, win="9m", tsumo=True, ura=["1m"]))
    assert result.get("ok") is True, result
    assert result["ura"] == 0
    assert result["han"] == 1


def test_several_indicators_may_show_the_same_tile() -> None:
    """Indicators are not the hand's tiles: two 2s indicators beside a 333s triplet are no fifth copy (seed 004 6.4
    example)."""
    result = score(hand("234789m567p55p333s", win="2m", riichi=True, dora=["2s", "2s"]))
    assert result.get("ok") is True, result


_OUTPUT_FIELDS = {
    "ok",
    "han",
    "fu",
    "yakuman",
    "limit",
    "yaku",
    "dora",
    "aka",
    "ura",
    "fu_breakdown",
    "points",
    "payments",
}


@pytest.mark.parametrize(
    "obj",
    [
        hand(_PLAIN, win="9m", riichi=True),
        hand("22233m555666p777z", win="2m", tsumo=True),
        hand("1199m3388p2277s66z", win="6z"),
    ],
    ids=["han-fu-hand", "yakuman-hand", "chiitoitsu"],
)
def test_accepted_output_has_exactly_the_issue_fields(obj: dict[str, Any]) -> None:
    """The output object of issue 2: exactly these fields, with these types."""
    result = score(obj)
    assert set(result) == _OUTPUT_FIELDS, result
    assert result["ok"] is True
    assert result["han"] is None or isinstance(result["han"], int)
    assert result["fu"] is None or isinstance(result["fu"], int)
    assert isinstance(result["yakuman"], int)
    assert result["limit"] in (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
    for entry in result["yaku"]:
        assert set(entry) in ({"name", "han"}, {"name", "yakuman"}), entry
    for key in ("dora", "aka", "ura", "points"):
        assert isinstance(result[key], int)
    for entry in result["fu_breakdown"]:
        assert set(entry) == {"reason", "fu"}, entry
        assert isinstance(entry["reason"], str)
        assert isinstance(entry["fu"], int)
    assert set(result["payments"]) in ({"ron"}, {"dealer", "non_dealer"}, {"all"})


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (
            hand("234789m567p55p333s", win="2m", riichi=True, dora=["3s", "3s"]),
            "five copies of 3s counting the dora indicator 3s: a set has four (the hand and its melds hold 3)",
        ),
        (
            hand("234789m567p55p333s", win="2m", riichi=True, dora=["1m"], ura=["3s", "3s"]),
            "five copies of 3s counting the ura indicator 3s: a set has four (the hand and its melds hold 3)",
        ),
        (
            hand("234m567p55p", melds=[minkan("7777s"), pon("999m")], win="2m", dora=["7s"]),
            "five copies of 7s counting the dora indicator 7s: a set has four (the hand and its melds hold 4)",
        ),
    ],
    ids=["two-dora-beside-a-triplet", "ura-beside-a-triplet", "dora-beside-a-kan"],
)
def test_an_indicator_cannot_be_a_fifth_copy_of_a_tile(obj: dict[str, object], message: str) -> None:
    """Indicators are tiles of the same set, which has four of each: an indicator that makes a fifth copy with the
    hand, its melds and the other indicators is a typo, refused by name instead of counting dora silently."""
    result = score(obj)
    assert result.get("ok") is False, result
    assert result["kind"] == "InvalidHandError"
    assert str(result["error"]).startswith(message), result


def test_a_fourth_copy_in_an_indicator_is_allowed() -> None:
    """Three in the hand and one indicator make four: allowed (the set's fourth copy turned over as a dora
    indicator); only the fifth is refused."""
    result = score(hand("234789m567p55p333s", win="2m", riichi=True, dora=["3s"]))
    assert result.get("ok") is True, result
