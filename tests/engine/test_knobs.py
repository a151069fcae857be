"""Each hand-scoring knob of issue 2, through whole hands, and the presets' values with their sources.

Knobs (issue 2): red fives, open tanyao, kiriage, kazoe, double yakuman, compound yakuman, double-wind pair fu,
renhou, aotenjou. A knob is switched either by choosing presets that differ in it or by overriding it on a preset
(``{"preset": ..., "overrides": {...}}``, the ``custom`` ruleset).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.rules import KazoeLimit, RenhouValue, hand_rules
from tests.builders import ankan, assert_score, chi, hand, pon, score, yaku_dict

# riichi + pinfu + tanyao on a two-sided 8s: 234m 456p 88p 345s 678s (3 han 30 fu before dora and aka)
_TANYAO_PINFU = "234m456p88p345678s"
# riichi + pinfu on a two-sided 8s: 123m 456p (a red 5p) 99p 345s 678s (2 han 30 fu before aka)
_PINFU_RED = "123m406p99p345678s"


# --- red fives -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "overrides", "aka", "han", "ron"),
    [
        ("tenhou", None, 1, 3, 3900),
        ("ema2016", None, 0, 2, 2000),
        ("tenhou", {"red_fives": False}, 0, 2, 2000),
        ("ema2016", {"red_fives": True}, 1, 3, 3900),
    ],
    ids=["tenhou-counts-red", "ema2016-no-red", "tenhou-red-off", "ema2016-red-on"],
)
def test_knob_red_fives(ruleset: str, overrides: dict[str, Any] | None, aka: int, han: int, ron: int) -> None:
    """A red five is one han of aka dora when the ruleset uses red fives (seed 004 4.1: "the number of red fives"
    adds to the fan), and an ordinary five otherwise (EMA 2016 dropped red fives). Riichi + pinfu (2 han 30 fu =
    2000), plus the aka: 3 han 30 fu = 3900."""
    result = score(hand(_PINFU_RED, win="8s", riichi=True, ruleset=ruleset, overrides=overrides))
    assert_score(result, han=han, fu=30, payments={"ron": ron}, aka=aka, dora=0)


def test_knob_red_fives_in_a_meld_and_as_winning_tile() -> None:
    """Red fives count wherever they are: inside a called chi and as the winning tile (``"0p"``, closing 4-6p).
    Open tanyao 1 + aka 2 = 3 han; 20 + 2 (closed wait) = 22 -> 30 fu: 3900."""
    result = score(hand("22m406p345678s", win="0p", melds=[chi("406m")], ruleset="tenhou"))
    assert_score(result, han=3, fu=30, payments={"ron": 3900}, yaku={"tanyao": 1}, aka=2)


def test_knob_red_five_is_also_an_ordinary_dora() -> None:
    """A red 5p under indicator 4p is both a dora and an aka: two han (seed 004 6.4 counts every indicator; aka is
    counted besides). Riichi + pinfu + dora 1 + aka 1 = 4 han 30 fu: 7700 (Tenhou, no kiriage)."""
    result = score(hand(_PINFU_RED, win="8s", riichi=True, dora=["4p"], ruleset="tenhou"))
    assert_score(result, han=4, fu=30, payments={"ron": 7700}, dora=1, aka=1, limit=None)


# --- open tanyao ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("open_tanyao", "ok"), [(True, True), (False, False)], ids=["kuitan-on", "kuitan-off"])
def test_knob_open_tanyao(open_tanyao: bool, ok: bool) -> None:
    """Open tanyao (kuitan) counts only when the knob is on; otherwise this open hand has no yaku (NoYakuError)."""
    result = score(hand("22m345p234678s", win="3p", melds=[chi("345m")], overrides={"open_tanyao": open_tanyao}))
    if ok:
        assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"tanyao": 1})
    else:
        assert result.get("ok") is False
        assert result["kind"] == "NoYakuError"


def test_knob_open_tanyao_off_keeps_closed_tanyao() -> None:
    """Without kuitan a closed tanyao still counts."""
    result = score(hand(_TANYAO_PINFU, win="8s", riichi=True, overrides={"open_tanyao": False}))
    assert yaku_dict(result) == {"riichi": 1, "pinfu": 1, "tanyao": 1}


# --- kiriage mangan ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "overrides", "seat", "payments", "limit"),
    [
        ("tenhou", None, "S", {"ron": 7700}, None),
        ("tenhou", None, "E", {"ron": 11600}, None),
        ("mleague", None, "S", {"ron": 8000}, "mangan"),
        ("mleague", None, "E", {"ron": 12000}, "mangan"),
        ("tenhou", {"kiriage_mangan": True}, "S", {"ron": 8000}, "mangan"),
        ("wrc2022", None, "S", {"ron": 8000}, "mangan"),
        ("ema2016", None, "S", {"ron": 7700}, None),
        ("ema2016", None, "E", {"ron": 11600}, None),
        ("ema2025", None, "S", {"ron": 8000}, "mangan"),
        ("wrc2015", None, "S", {"ron": 8000}, "mangan"),
    ],
    ids=[
        "tenhou-nondealer-7700",
        "tenhou-dealer-11600",
        "mleague-nondealer-8000",
        "mleague-dealer-12000",
        "override-on",
        "wrc2022-kiriage",
        "ema2016-no-kiriage-rcr2016-4.3",
        "ema2016-dealer-no-kiriage-rcr2016-4.3",
        "ema2025-kiriage-ema2025-4.1.2",
        "wrc2015-kiriage-seed004-6.1",
    ],
)
def test_knob_kiriage_mangan(
    ruleset: str, overrides: dict[str, Any] | None, seat: str, payments: dict[str, int], limit: str | None
) -> None:
    """4 han 30 fu (1920 base) rounds up to mangan with kiriage (seed 002 "kiriage mangan"; seed 004 6.1 "A base
    value of 1920 points, being close to mangan, is rounded up to 2,000 points"). Riichi + pinfu + tanyao + dora
    (indicator 1m -> 2m)."""
    result = score(
        hand(_TANYAO_PINFU, win="8s", riichi=True, dora=["1m"], seat=seat, ruleset=ruleset, overrides=overrides)
    )
    assert_score(result, han=4, fu=30, payments=payments, limit=limit)


@pytest.mark.parametrize(
    ("ruleset", "payments"),
    [("tenhou", {"ron": 7700}), ("mleague", {"ron": 8000})],
    ids=["tenhou-7700", "mleague-8000"],
)
def test_knob_kiriage_mangan_3_han_60_fu(ruleset: str, payments: dict[str, int]) -> None:
    """3 han 60 fu is the other 1920-base hand (seed 002: "round a 1,920-point hand up"). Concealed 999m (8), closed
    kan of 5p (16), closed ron (10), base 20 = 54 -> 60 fu; riichi + two dora (indicator 1m, pair 22m) = 3 han."""
    result = score(hand("999m22m234678s", win="8s", riichi=True, dora=["1m"], melds=[ankan("5555p")], ruleset=ruleset))
    assert_score(result, han=3, fu=60, payments=payments, dora=2)


def test_seed_004_6_1_rounds_1920_up_to_mangan_under_wrc2015_not_ema2016() -> None:
    """Seed 004 6.1 (WRC 2015, ``wrc2015``): "A base value of 1920 points, being close to mangan, is rounded up to
    2,000 points." RCR 2016 (``ema2016``) has no such rounding: its 4.3 examples pay 4 fan 30 minipoints as 7,700
    (issue 9, section 2)."""
    later = score(hand(_TANYAO_PINFU, win="8s", riichi=True, dora=["1m"], ruleset="wrc2015"))
    assert_score(later, han=4, fu=30, payments={"ron": 8000}, limit="mangan")
    edition_2016 = score(hand(_TANYAO_PINFU, win="8s", riichi=True, dora=["1m"], ruleset="ema2016"))
    assert_score(edition_2016, han=4, fu=30, payments={"ron": 7700}, limit=None)


# --- kazoe yakuman ---------------------------------------------------------------------------------------------------

_FOURTEEN_HAN = hand("112233456789p99p", win="1p", tsumo=True, riichi=True, dora=["9p"])  # see test_seed_ema_examples


@pytest.mark.parametrize(
    ("ruleset", "overrides", "limit", "payments"),
    [
        ("tenhou", None, "yakuman", {"dealer": 16000, "non_dealer": 8000}),
        ("mleague", None, "yakuman", {"dealer": 16000, "non_dealer": 8000}),
        ("ema2016", None, "sanbaiman", {"dealer": 12000, "non_dealer": 6000}),
        ("ema2025", None, "sanbaiman", {"dealer": 12000, "non_dealer": 6000}),
        ("wrc2015", None, "sanbaiman", {"dealer": 12000, "non_dealer": 6000}),
        ("wrc2022", None, "sanbaiman", {"dealer": 12000, "non_dealer": 6000}),
        ("tenhou", {"kazoe": "sanbaiman"}, "sanbaiman", {"dealer": 12000, "non_dealer": 6000}),
        ("ema2016", {"kazoe": "yakuman"}, "yakuman", {"dealer": 16000, "non_dealer": 8000}),
    ],
    ids=[
        "tenhou",
        "mleague",
        "ema2016",
        "ema2025",
        "wrc2015",
        "wrc2022",
        "tenhou-override-sanbaiman",
        "ema2016-override-yakuman",
    ],
)
def test_knob_kazoe(ruleset: str, overrides: dict[str, Any] | None, limit: str, payments: dict[str, int]) -> None:
    """14 han without a yakuman yaku: a counted yakuman, reported with its han and fu and ``"yakuman": 0`` (issue 2),
    or a sanbaiman (seed 004 6.1 "There is no counted yakuman"; seed 000 tbl:limithands footnote)."""
    obj = dict(_FOURTEEN_HAN)
    obj["ruleset"] = ruleset if overrides is None else {"preset": ruleset, "overrides": overrides}
    result = score(obj)
    assert_score(result, han=14, fu=20, payments=payments, yakuman=0, limit=limit, dora=2)


# --- double yakuman --------------------------------------------------------------------------------------------------

_DOUBLE_CANDIDATES = [
    ("suuankou_tanki", hand("222m555666p11s777z", win="1s")),
    ("kokushi_musou_13", hand("19m19p19s12345677z", win="7z")),
    ("junsei_chuuren_poutou", hand("11123455678999m", win="5m")),
    ("daisuushii", hand("444z55m", win="4z", melds=[pon("111z"), pon("222z"), pon("333z")])),
]


@pytest.mark.parametrize("double", [True, False], ids=["double-on", "double-off"])
@pytest.mark.parametrize(("name", "obj"), _DOUBLE_CANDIDATES, ids=[n for n, _ in _DOUBLE_CANDIDATES])
def test_knob_double_yakuman(name: str, obj: dict[str, Any], double: bool) -> None:
    """Thirteen-wait kokushi, suuankou tanki, junsei chuuren and daisuushii count double where the ruleset allows
    (issue 2; seed 002: "a double yakuman scores 16,000 basic points"), single otherwise (Tenhou, every preset).

    With the knob off the hand is still one yakuman; which name it shows (the variant's or the plain yakuman's) is
    not fixed by the issue, so only the value is checked then.
    """
    obj = dict(obj)
    obj["ruleset"] = {"preset": "tenhou", "overrides": {"double_yakuman": double}}
    result = score(obj)
    multiplier = 2 if double else 1
    assert_score(result, han=None, fu=None, yakuman=multiplier, payments={"ron": 32000 * multiplier}, limit="yakuman")
    if double:
        assert yaku_dict(result) == {name: 2}


# --- compound yakuman ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("compound", "yakuman"), [(True, 2), (False, 1)], ids=["stacking", "single-cap"])
def test_knob_compound_yakuman(compound: bool, yakuman: int) -> None:
    """Daisangen + tsuuiisou (three dragon triplets, an open East pon, a South pair) is two yakuman when yakuman
    stack (seed 002: "it may be possible to combine multiple yakuman"), one when the ruleset caps at a single
    yakuman."""
    result = score(hand("555666777z22z", win="2z", melds=[pon("111z")], overrides={"compound_yakuman": compound}))
    assert_score(result, han=None, fu=None, yakuman=yakuman, payments={"ron": 32000 * yakuman}, limit="yakuman")
    if compound:
        assert yaku_dict(result) == {"daisangen": 1, "tsuuiisou": 1}


@pytest.mark.parametrize(
    ("ruleset", "yakuman", "payments"),
    [
        ("tenhou", 2, {"dealer": 32000, "non_dealer": 16000}),
        ("ema2016", 1, {"dealer": 16000, "non_dealer": 8000}),
    ],
    ids=["tenhou-stacks", "ema2016-single"],
)
def test_preset_compound_yakuman_chiihou_and_suuankou(ruleset: str, yakuman: int, payments: dict[str, int]) -> None:
    """Chiihou on a four-concealed-triplets hand: two yakuman where they stack (Tenhou), one where the maximum is a
    single yakuman (EMA 2016 change note, as rules.py cites it)."""
    result = score(hand("22233m555666p777z", win="2m", tsumo=True, chiihou=True, ruleset=ruleset))
    assert_score(result, han=None, fu=None, yakuman=yakuman, payments=payments, limit="yakuman")


# --- double-wind pair fu -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "overrides", "fu", "ron"),
    [
        ("tenhou", None, 50, 2400),
        ("ema2016", None, 50, 2400),
        ("wrc2022", None, 40, 2000),
        ("tenhou", {"double_wind_pair_fu": 2}, 40, 2000),
    ],
    ids=["tenhou-4", "ema2016-4", "wrc2022-2", "override-2"],
)
def test_knob_double_wind_pair_fu(ruleset: str, overrides: dict[str, Any] | None, fu: int, ron: int) -> None:
    """The dealer's East pair in the East round: 4 fu (seed 000: "2 + 2 = 4 minipoints ... the case with EMA rules
    and Tenhou rules, but this is not a universally adopted rule"; seed 004 6.3 "Double wind 4") or 2 by ruleset.
    Riichi ron on a two-sided 4p with a concealed 999m: 20 + 10 + 8 + 4 = 42 -> 50 (1 han: 2400 for the dealer), or
    40 with 2 fu (1920 -> 2000)."""
    result = score(
        hand(
            "999m234p456s789s11z", win="4p", riichi=True, seat="E", round_wind="E", ruleset=ruleset, overrides=overrides
        )
    )
    assert_score(result, han=1, fu=fu, payments={"ron": ron}, yaku={"riichi": 1})


# --- renhou ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "win", "value", "payments", "limit", "renhou_listed"),
    [
        ("123m567p99p345678s", "8s", "yakuman", {"ron": 32000}, "yakuman", True),
        ("222789m23466789s", "9m", "mangan", {"ron": 8000}, "mangan", True),
        ("123m567p99p345678s", "8s", "mangan", {"ron": 8000}, "mangan", True),
        ("12345556678999p", "8p", "mangan", {"ron": 12000}, "haneman", None),
    ],
    ids=["yakuman", "mangan-alone", "mangan-flat-with-pinfu", "mangan-when-the-hand-is-worth-more-without-it"],
)
def test_knob_renhou_counts(
    tiles: str, win: str, value: str, payments: dict[str, int], limit: str, renhou_listed: bool | None
) -> None:
    """Renhou as a yakuman or as a mangan (the RenhouValue knob), won on a discard before the winner's first draw.

    Mangan renhou is a flat mangan (EMA 2016 change note: "a strict mangan only"; rules.py RenhouValue.MANGAN: "a
    flat mangan unless the hand is worth more without it"): pinfu + renhou is 8000, not 6 han; a closed chinitsu
    (6 han, haneman 12000 on its own) keeps its own higher value. Doubt: the WRC 2014 precisions were read by the
    engine engineer at one point as a 5-han yaku that adds up; the preset's citation decides.
    """
    result = score(hand(tiles, win=win, renhou=True, overrides={"renhou": value}))
    assert result.get("ok") is True, result
    assert result["payments"] == payments
    assert result["points"] == payments["ron"]
    assert result["limit"] == limit
    if renhou_listed:
        assert "renhou" in yaku_dict(result)


def test_knob_renhou_none_scores_the_hand_normally() -> None:
    """Without renhou (Tenhou, M-League) the flag adds nothing: pinfu 1 han 30 fu = 1000."""
    result = score(hand("123m567p99p345678s", win="8s", renhou=True, ruleset="tenhou"))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"pinfu": 1})


# --- aotenjou --------------------------------------------------------------------------------------------------


def test_knob_aotenjou_removes_the_mangan_cap_below_5_han() -> None:
    """Aotenjou: "Each han doubles the hand value without limit" (seed 002). Book Scoring 4 won on 4m (Red Dragon,
    iipeikou, 50 fu) plus two dora (indicator 3m -> the two 4m): 4 han 50 fu. Mangan (8000) normally; under
    aotenjou 50 x 2^6 = 3200 base, 12800 by non-dealer ron (a multiple of 100, so no rounding question)."""
    tiles = "223344m55566p777z"
    standard = score(hand(tiles, win="4m", dora=["3m"]))
    aotenjou = score(hand(tiles, win="4m", dora=["3m"], overrides={"aotenjou": True}))
    assert_score(standard, han=4, fu=50, payments={"ron": 8000}, limit="mangan", dora=2)
    assert_score(aotenjou, han=4, fu=50, payments={"ron": 12800}, limit=None, dora=2)


# --- presets ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "knob", "value"),
    [
        ("tenhou", "kiriage_mangan", False),  # seed 000's tables (Tenhou-style): 4 han 30 fu = 7700
        ("tenhou", "kazoe", KazoeLimit.YAKUMAN),  # seed 000 tbl:limithands: "13+ yakuman"
        ("tenhou", "double_wind_pair_fu", 4),  # seed 000: "the case with EMA rules and Tenhou rules"
        ("tenhou", "red_fives", True),
        ("tenhou", "open_tanyao", True),
        ("tenhou", "double_yakuman", False),
        ("tenhou", "renhou", RenhouValue.NONE),
        ("tenhou", "aotenjou", False),
        ("mleague", "red_fives", True),
        ("mleague", "open_tanyao", True),
        ("mleague", "kiriage_mangan", True),
        ("mleague", "aotenjou", False),
        ("ema2016", "kazoe", KazoeLimit.SANBAIMAN),  # RCR 2016 4.1.3 "Sanbaiman 11+"; revision notes: 13+ fan
        ("ema2016", "double_wind_pair_fu", 4),  # RCR 2016 4.1.1: seat wind pair 2, prevalent wind pair 2
        ("ema2016", "red_fives", False),  # RCR 2016 1.3: "Red fives are no longer used in EMA riichi rules"
        ("ema2016", "open_tanyao", True),  # RCR 2016 4.2.1; revision notes: "can be an open hand"
        ("ema2016", "kiriage_mangan", False),  # RCR 2016 4.3 example 2: 4 fan 30 minipoints pays 7,700
        ("ema2016", "compound_yakuman", False),  # RCR 2016 4.2: "Yakuman are not cumulative"
        ("ema2016", "renhou", RenhouValue.MANGAN),  # RCR 2016 4.2.4: five fan, "Not cumulative with other yaku"
        ("ema2016", "double_yakuman", False),  # RCR 2016 revision notes: Big Four Winds "is a yakuman"
        ("ema2016", "aotenjou", False),
        ("ema2025", "kazoe", KazoeLimit.SANBAIMAN),  # EMA 2025 4.1.2: "11 or more" han is sanbaiman
        ("ema2025", "double_wind_pair_fu", 2),  # EMA 2025 4.1.1: "worth only 2 minipoints"
        ("ema2025", "kiriage_mangan", True),  # EMA 2025 4.1.2: "any base value greater than 1,900 becomes 2,000"
        ("ema2025", "red_fives", False),  # EMA 2025 1.3: "Red fives are not used"
        ("ema2025", "open_tanyao", True),  # EMA 2025 4.2.1
        ("ema2025", "compound_yakuman", False),  # EMA 2025 4.2: "Yakuman are not cumulative"
        ("ema2025", "renhou", RenhouValue.MANGAN),  # EMA 2025 4.2.4: five han, "Cannot be combined"
        ("ema2025", "aotenjou", False),
        ("wrc2015", "kazoe", KazoeLimit.SANBAIMAN),  # seed 004 6.1: "There is no counted yakuman"
        ("wrc2015", "double_wind_pair_fu", 4),  # seed 004 6.3 table: "Double wind ... Pair 4"
        ("wrc2015", "kiriage_mangan", True),  # seed 004 6.1: 1920 "is rounded up to 2,000 points"
        ("wrc2015", "red_fives", False),
        ("wrc2015", "aotenjou", False),
        ("wrc2022", "kazoe", KazoeLimit.SANBAIMAN),
        ("wrc2022", "aotenjou", False),
    ],
    ids=str,
)
def test_preset_value(preset: str, knob: str, value: object) -> None:
    """Each preset's knob value, where a seed (or the named ruleset's well-known text) fixes it."""
    assert getattr(hand_rules(preset), knob) == value


def test_custom_ruleset_is_a_preset_with_overrides() -> None:
    """``custom`` = any preset with overrides (issue 2); the result is named custom and keeps the other knobs."""
    rules = hand_rules("ema2016", {"red_fives": True})
    base = hand_rules("ema2016")
    assert rules.name == "custom"
    assert rules.red_fives is True
    assert (rules.kazoe, rules.double_wind_pair_fu, rules.open_tanyao) == (
        base.kazoe,
        base.double_wind_pair_fu,
        base.open_tanyao,
    )
