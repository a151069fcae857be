"""One positive and one negative hand per yaku and yakuman of issue 2's name list, with open and closed han.

Han values are the standard ones the seeds use (seed 000 "Counting the number of han"; seed 002 "Han": "most are
valued at 1-2, going up to 6 han for closed chinitsu. Some yaku are worth -1 han with an open hand, and others
cannot be scored at all with an open hand"; seed 004 6.1). A positive case checks the exact yaku list (names from
issue 2, each with its han, or its yakuman multiplier); a yakuman hand lists only its yakuman (seed 002, "A hand
completing a yakuman is not scored for han and fu"). A negative case is a near miss that must not show the yaku.

Defaults (tests/builders.py): ron, South seat, East round, ``tenhou`` preset, no dora.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from tests.builders import ankan, chi, hand, minkan, pon, score, yaku_dict

_DOUBLE = {"double_yakuman": True}


class Case(NamedTuple):
    id: str
    obj: dict[str, Any]
    yaku: dict[str, int]  # exact expected yaku (han, or yakuman multiplier for yakuman)
    yakuman: bool = False


_PINFU_HAND = "123m567p99p345678s"  # 123m 567p 345s 678s 99p, wins on 8s two-sided
_PLAIN_CLOSED = "222789m23466789s"  # 222m 789m 234s 789s 66s, wins on 9m two-sided; no yaku of its own

POSITIVE = [
    Case("menzen_tsumo", hand(_PINFU_HAND, win="8s", tsumo=True), {"pinfu": 1, "menzen_tsumo": 1}),
    Case("riichi", hand(_PLAIN_CLOSED, win="9m", riichi=True), {"riichi": 1}),
    Case("double_riichi", hand(_PLAIN_CLOSED, win="9m", double_riichi=True), {"double_riichi": 2}),
    Case("ippatsu", hand(_PLAIN_CLOSED, win="9m", riichi=True, ippatsu=True), {"riichi": 1, "ippatsu": 1}),
    Case("chankan", hand(_PLAIN_CLOSED, win="9m", chankan=True), {"chankan": 1}),
    # a robbed kong is never completed, so it does not end ippatsu: riichi, ippatsu and chankan stack
    Case(
        "chankan-with-ippatsu",
        hand(_PLAIN_CLOSED, win="9m", chankan=True, riichi=True, ippatsu=True),
        {"riichi": 1, "ippatsu": 1, "chankan": 1},
    ),
    Case(
        "double_riichi-with-ippatsu",
        hand(_PLAIN_CLOSED, win="9m", double_riichi=True, ippatsu=True),
        {"double_riichi": 2, "ippatsu": 1},
    ),
    Case(
        "rinshan_kaihou",
        hand("789m23466789s", win="9m", tsumo=True, rinshan=True, melds=[ankan("2222m")]),
        {"menzen_tsumo": 1, "rinshan_kaihou": 1},
    ),
    Case("haitei", hand(_PLAIN_CLOSED, win="9m", tsumo=True, haitei=True), {"menzen_tsumo": 1, "haitei": 1}),
    Case("houtei", hand(_PLAIN_CLOSED, win="9m", houtei=True), {"houtei": 1}),
    Case("pinfu", hand(_PINFU_HAND, win="8s", riichi=True), {"riichi": 1, "pinfu": 1}),
    Case("tanyao-closed", hand("234m567p88p345678s", win="8s", riichi=True), {"riichi": 1, "pinfu": 1, "tanyao": 1}),
    Case("tanyao-open", hand("22m345p234678s", win="3p", melds=[chi("345m")]), {"tanyao": 1}),
    Case("iipeikou", hand("223344m55567p777z", win="4m"), {"yakuhai_chun": 1, "iipeikou": 1}),
    Case(
        "ryanpeikou",
        hand("223344m667788p55s", win="8p", riichi=True),
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3},
    ),
    Case("yakuhai_haku", hand("11m345p234789s", win="3p", melds=[pon("555z")]), {"yakuhai_haku": 1}),
    Case("yakuhai_hatsu", hand("11m345p234789s", win="3p", melds=[pon("666z")]), {"yakuhai_hatsu": 1}),
    Case("yakuhai_chun", hand("11m345p234789s", win="3p", melds=[pon("777z")]), {"yakuhai_chun": 1}),
    Case(
        "yakuhai_seat_wind", hand("11m345p234789s", win="3p", melds=[pon("222z")], seat="S"), {"yakuhai_seat_wind": 1}
    ),
    Case(
        "yakuhai_round_wind",
        hand("11m345p234789s", win="3p", melds=[pon("111z")], seat="S", round_wind="E"),
        {"yakuhai_round_wind": 1},
    ),
    Case(
        "yakuhai_double_east",
        hand("11m345p234789s", win="3p", melds=[pon("111z")], seat="E", round_wind="E"),
        {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1},
    ),
    Case(
        "yakuhai_double_south",
        hand("11m345p234789s", win="3p", melds=[pon("222z")], seat="S", round_wind="S"),
        {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1},
    ),
    Case(
        "yakuhai_seat_wind-north",
        hand("11m345p234789s", win="3p", melds=[pon("444z")], seat="N"),
        {"yakuhai_seat_wind": 1},
    ),
    Case("chiitoitsu", hand("1199m3388p2277s66z", win="6z"), {"chiitoitsu": 2}),
    Case("chiitoitsu-with-tanyao", hand("2244m3366p557788s", win="8s"), {"chiitoitsu": 2, "tanyao": 1}),
    Case("chiitoitsu-with-honroutou", hand("1199m1199p1199s77z", win="7z"), {"chiitoitsu": 2, "honroutou": 2}),
    Case("chiitoitsu-with-honitsu", hand("1122m5588m99m1177z", win="7z"), {"chiitoitsu": 2, "honitsu": 3}),
    Case("pinfu-with-a-guest-wind-pair", hand("123m567p345678s44z", win="8s", riichi=True), {"riichi": 1, "pinfu": 1}),
    Case("chanta-closed", hand("123m789p123s99s444z", win="3s", riichi=True), {"riichi": 1, "chanta": 2}),
    Case("chanta-open", hand("789p123s99s444z", win="3s", melds=[chi("123m")]), {"chanta": 1}),
    Case("junchan-closed", hand("123789m12399p789s", win="3p", riichi=True), {"riichi": 1, "junchan": 3}),
    Case("junchan-open", hand("789m12399p789s", win="3p", melds=[chi("123m")]), {"junchan": 2}),
    Case("ittsu-closed", hand("123456789m234p55s", win="4p"), {"pinfu": 1, "ittsu": 2}),
    Case("ittsu-open", hand("456789m234p55s", win="4p", melds=[chi("123m")]), {"ittsu": 1}),
    Case(
        "sanshoku_doujun-closed",
        hand("234m234p88p234567s", win="4s"),
        {"pinfu": 1, "tanyao": 1, "sanshoku_doujun": 2},
    ),
    Case(
        "sanshoku_doujun-open",
        hand("234p88p234567s", win="4s", melds=[chi("234m")]),
        {"tanyao": 1, "sanshoku_doujun": 1},
    ),
    Case(
        "sanshoku_doukou",
        hand("222s456p99s", win="6p", melds=[pon("222m"), pon("222p")]),
        {"sanshoku_doukou": 2},
    ),
    Case(
        "sankantsu",
        hand("567p99s", win="7p", melds=[minkan("2222m"), minkan("4444p"), minkan("8888s")]),
        {"sankantsu": 2},
    ),
    Case("toitoi", hand("999m55s", win="5s", melds=[pon("888p"), pon("222s"), pon("444z")]), {"toitoi": 2}),
    Case("sanankou", hand("222456m555p888s99s", win="6m"), {"sanankou": 2}),
    Case("sanankou-with-an-ankan", hand("456m555p888s99s", win="6m", melds=[ankan("2222m")]), {"sanankou": 2}),
    Case(
        "shousangen",
        hand("123m456p666z77z", win="6p", melds=[pon("555z")]),
        {"yakuhai_haku": 1, "yakuhai_hatsu": 1, "shousangen": 2},
    ),
    Case(
        "honroutou",
        hand("111s99s", win="1s", melds=[pon("111m"), pon("999p"), pon("444z")]),
        {"toitoi": 2, "honroutou": 2},
    ),
    Case("honitsu-closed", hand("12334555789m444z", win="7m"), {"honitsu": 3}),
    Case("honitsu-open", hand("34555789m444z", win="7m", melds=[chi("123m")]), {"honitsu": 2}),
    Case("chinitsu-closed", hand("12345556678999p", win="8p"), {"chinitsu": 6}),
    Case("chinitsu-open", hand("45556678p", win="8p", melds=[chi("123p"), pon("999p")]), {"chinitsu": 5}),
    # yakuman
    Case("tenhou", hand(_PINFU_HAND, win="8s", tsumo=True, seat="E", tenhou=True), {"tenhou": 1}, yakuman=True),
    Case("chiihou", hand(_PINFU_HAND, win="8s", tsumo=True, seat="S", chiihou=True), {"chiihou": 1}, yakuman=True),
    Case("daisangen", hand("123m99p555666777z", win="3m"), {"daisangen": 1}, yakuman=True),
    Case("suuankou", hand("22233m555666p777z", win="2m", tsumo=True), {"suuankou": 1}, yakuman=True),
    Case(
        "suuankou_tanki",
        hand("222m555666p11s777z", win="1s", overrides=_DOUBLE),
        {"suuankou_tanki": 2},
        yakuman=True,
    ),
    Case("tsuuiisou-seven-pairs", hand("11223344556677z", win="7z"), {"tsuuiisou": 1}, yakuman=True),
    Case("tsuuiisou", hand("222333555z66z", win="5z", melds=[pon("111z")]), {"tsuuiisou": 1}, yakuman=True),
    Case("ryuuiisou", hand("223344666888s66z", win="4s"), {"ryuuiisou": 1}, yakuman=True),
    # Tenhou does not require the green dragon in ryuuiisou.
    Case("ryuuiisou-without-hatsu", hand("22223344666888s", win="4s"), {"ryuuiisou": 1}, yakuman=True),
    Case("chinroutou", hand("99m111999s", win="9m", melds=[pon("111m"), pon("999p")]), {"chinroutou": 1}, yakuman=True),
    Case("chuuren_poutou", hand("11122345678999m", win="3m"), {"chuuren_poutou": 1}, yakuman=True),
    Case(
        "junsei_chuuren_poutou",
        hand("11123455678999m", win="5m", overrides=_DOUBLE),
        {"junsei_chuuren_poutou": 2},
        yakuman=True,
    ),
    Case("kokushi_musou", hand("119m19p19s1234567z", win="9m"), {"kokushi_musou": 1}, yakuman=True),
    Case(
        "kokushi_musou_13",
        hand("19m19p19s12345677z", win="7z", overrides=_DOUBLE),
        {"kokushi_musou_13": 2},
        yakuman=True,
    ),
    Case(
        "daisuushii",
        hand("444z55m", win="4z", melds=[pon("111z"), pon("222z"), pon("333z")], overrides=_DOUBLE),
        {"daisuushii": 2},
        yakuman=True,
    ),
    Case(
        "shousuushii",
        hand("123m44z", win="3m", melds=[pon("111z"), pon("222z"), pon("333z")]),
        {"shousuushii": 1},
        yakuman=True,
    ),
    Case(
        "suukantsu",
        hand("55s", win="5s", melds=[minkan("1111m"), minkan("2222p"), minkan("3333s"), minkan("4444z")]),
        {"suukantsu": 1},
        yakuman=True,
    ),
    Case(
        "chiihou-and-suuankou-stack",
        hand("22233m555666p777z", win="2m", tsumo=True, chiihou=True),
        {"chiihou": 1, "suuankou": 1},
        yakuman=True,
    ),
    Case(
        "renhou-as-yakuman",
        hand(_PINFU_HAND, win="8s", renhou=True, overrides={"renhou": "yakuman"}),
        {"renhou": 1},
        yakuman=True,
    ),
]


@pytest.mark.parametrize("case", POSITIVE, ids=[c.id for c in POSITIVE])
def test_yaku_positive(case: Case) -> None:
    """The hand shows exactly these yaku, and its han (or yakuman count) is their sum plus dora."""
    result = score(case.obj)
    assert result.get("ok") is True, result
    assert yaku_dict(result) == case.yaku
    if case.yakuman:
        assert result["yakuman"] == sum(case.yaku.values())
        assert result["han"] is None
        assert result["limit"] == "yakuman"
    else:
        assert result["yakuman"] == 0
        assert result["han"] == sum(case.yaku.values()) + result["dora"] + result["aka"] + result["ura"]


class Miss(NamedTuple):
    id: str
    obj: dict[str, Any]
    absent: str
    error: str | None = None  # the error kind when the near miss cannot win at all


NEGATIVE = [
    Miss("menzen_tsumo-open-hand", hand("22m456p234678s", win="6p", tsumo=True, melds=[chi("345m")]), "menzen_tsumo"),
    Miss("riichi-not-declared", hand(_PLAIN_CLOSED, win="9m", tsumo=True), "riichi"),
    Miss("double_riichi-plain-riichi", hand(_PLAIN_CLOSED, win="9m", riichi=True), "double_riichi"),
    Miss("ippatsu-not-flagged", hand(_PLAIN_CLOSED, win="9m", riichi=True), "ippatsu"),
    Miss("chankan-plain-ron", hand(_PLAIN_CLOSED, win="9m", riichi=True), "chankan"),
    Miss(
        "rinshan-not-flagged",
        hand("789m23466789s", win="9m", tsumo=True, melds=[ankan("2222m")]),
        "rinshan_kaihou",
    ),
    Miss("haitei-not-flagged", hand(_PLAIN_CLOSED, win="9m", tsumo=True), "haitei"),
    Miss("houtei-not-flagged", hand(_PLAIN_CLOSED, win="9m"), "houtei", error="NoYakuError"),
    Miss("pinfu-closed-wait", hand(_PINFU_HAND, win="7s", riichi=True), "pinfu"),
    Miss("pinfu-dragon-pair", hand("123m567p345678s55z", win="8s", riichi=True), "pinfu"),
    Miss("pinfu-round-wind-pair", hand("123m567p345678s11z", win="8s", riichi=True), "pinfu"),
    Miss("pinfu-seat-wind-pair", hand("123m567p345678s22z", win="8s", riichi=True), "pinfu"),
    Miss("pinfu-open", hand("22m345p234678s", win="3p", melds=[chi("345m")]), "pinfu"),
    Miss("tanyao-terminal", hand(_PINFU_HAND, win="8s", riichi=True), "tanyao"),
    Miss(
        "tanyao-open-when-kuitan-off",
        hand("22m345p234678s", win="3p", melds=[chi("345m")], overrides={"open_tanyao": False}),
        "tanyao",
        error="NoYakuError",
    ),
    Miss("iipeikou-open", hand("223344m55567p", win="4m", melds=[pon("777z")]), "iipeikou"),
    Miss("ryanpeikou-only-one-pair-of-runs", hand("223344m678789p55s", win="8p", riichi=True), "ryanpeikou"),
    Miss("iipeikou-inside-ryanpeikou", hand("223344m667788p55s", win="8p", riichi=True), "iipeikou"),
    Miss("chiitoitsu-inside-ryanpeikou", hand("223344m667788p55s", win="8p", riichi=True), "chiitoitsu"),
    Miss("yakuhai_haku-pair-only", hand("123m567p345678s55z", win="8s", riichi=True), "yakuhai_haku"),
    Miss("yakuhai_hatsu-pair-only", hand("123m567p345678s66z", win="8s", riichi=True), "yakuhai_hatsu"),
    Miss("yakuhai_chun-pair-only", hand("123m567p345678s77z", win="8s", riichi=True), "yakuhai_chun"),
    Miss(
        "yakuhai_seat_wind-other-seat",
        hand("11m345p789s", win="3p", melds=[pon("222z"), pon("777z")], seat="W"),
        "yakuhai_seat_wind",
    ),
    Miss(
        "yakuhai_round_wind-other-round",
        hand("11m345p789s", win="3p", melds=[pon("111z"), pon("777z")], seat="W", round_wind="S"),
        "yakuhai_round_wind",
    ),
    Miss(
        "chiitoitsu-four-of-a-kind-is-not-two-pairs",
        hand("1111m3388p2277s66z", win="6z"),
        "chiitoitsu",
        error="NotWinningError",
    ),
    Miss("chanta-a-simple-run", hand("234m789p123s99s444z", win="3s", riichi=True), "chanta"),
    Miss("junchan-has-honours", hand("123m789p123s99s444z", win="3s", riichi=True), "junchan"),
    Miss("chanta-inside-junchan", hand("123789m12399p789s", win="3p", riichi=True), "chanta"),
    Miss("ittsu-split-suits", hand("123456m789p234p55s", win="4p", riichi=True), "ittsu"),
    Miss("sanshoku_doujun-shifted", hand("234m234p88p345567s", win="7s", riichi=True), "sanshoku_doujun"),
    Miss(
        "sanshoku_doukou-two-suits",
        hand("456p99s", win="6p", melds=[pon("222m"), pon("222p"), pon("777z")]),
        "sanshoku_doukou",
    ),
    Miss(
        "sankantsu-two-kans",
        hand("567p99s", win="7p", melds=[minkan("2222m"), minkan("4444p"), pon("777z")]),
        "sankantsu",
    ),
    Miss("toitoi-one-run", hand("789m55s", win="5s", melds=[pon("888p"), pon("222s"), pon("777z")]), "toitoi"),
    Miss("sanankou-third-triplet-by-ron", hand("222456m555p888s99s", win="8s", riichi=True), "sanankou"),
    Miss("shousangen-no-dragon-pair", hand("123m456p666z11s", win="6p", melds=[pon("555z")]), "shousangen"),
    Miss(
        "honroutou-a-simple-triplet",
        hand("222s99s", win="2s", melds=[pon("111m"), pon("999p"), pon("444z")]),
        "honroutou",
    ),
    Miss("honitsu-two-suits", hand("123345m55m789p444z", win="7p", riichi=True), "honitsu"),
    Miss("chinitsu-with-honours", hand("12334555789m444z", win="7m"), "chinitsu"),
    Miss("honitsu-inside-chinitsu", hand("12345556678999p", win="8p"), "honitsu"),
    Miss("tenhou-not-flagged", hand(_PINFU_HAND, win="8s", tsumo=True, seat="E"), "tenhou"),
    Miss("chiihou-not-flagged", hand(_PINFU_HAND, win="8s", tsumo=True, seat="S"), "chiihou"),
    Miss("daisangen-dragon-pair", hand("123m456p666z77z", win="6p", melds=[pon("555z")]), "daisangen"),
    Miss("suuankou-by-ron", hand("22233m555666p777z", win="2m"), "suuankou"),
    Miss("suuankou_tanki-by-shanpon", hand("22233m555666p777z", win="2m", tsumo=True), "suuankou_tanki"),
    Miss("tsuuiisou-a-terminal-pair", hand("222333555z99m", win="5z", melds=[pon("111z")]), "tsuuiisou"),
    Miss("ryuuiisou-a-five-of-bamboo", hand("223344555888s66z", win="4s"), "ryuuiisou"),
    Miss(
        "chinroutou-an-honour", hand("111s99s", win="1s", melds=[pon("111m"), pon("999p"), pon("444z")]), "chinroutou"
    ),
    Miss("chuuren-open", hand("45556678p", win="8p", melds=[chi("123p"), pon("999p")]), "chuuren_poutou"),
    Miss(
        "junsei_chuuren-not-nine-sided", hand("11122345678999m", win="3m", overrides=_DOUBLE), "junsei_chuuren_poutou"
    ),
    Miss("kokushi_musou_13-single-wait", hand("119m19p19s1234567z", win="9m", overrides=_DOUBLE), "kokushi_musou_13"),
    Miss("kokushi-incomplete", hand("119m19p19s1234566z", win="9m"), "kokushi_musou", error="NotWinningError"),
    Miss(
        "daisuushii-wind-pair", hand("123m44z", win="3m", melds=[pon("111z"), pon("222z"), pon("333z")]), "daisuushii"
    ),
    Miss(
        "shousuushii-inside-daisuushii",
        hand("444z55m", win="4z", melds=[pon("111z"), pon("222z"), pon("333z")]),
        "shousuushii",
    ),
    Miss(
        "suukantsu-three-kans",
        hand("567p99s", win="7p", melds=[minkan("2222m"), minkan("4444p"), minkan("8888s")]),
        "suukantsu",
    ),
    Miss("renhou-not-a-yaku-in-tenhou-rules", hand(_PINFU_HAND, win="8s", renhou=True), "renhou"),
]


@pytest.mark.parametrize("miss", NEGATIVE, ids=[m.id for m in NEGATIVE])
def test_yaku_negative(miss: Miss) -> None:
    """The near miss does not show the yaku (or, when it has no yaku at all, is refused with the named error)."""
    result = score(miss.obj)
    if miss.error is not None:
        assert result.get("ok") is False, result
        assert result["kind"] == miss.error, result
        return
    assert result.get("ok") is True, result
    assert miss.absent not in yaku_dict(result)


def test_dora_do_not_add_to_a_yakuman() -> None:
    """A yakuman hand is "not scored for han and fu" (seed 002, "Yakuman"): daisangen with dora indicators pointing
    at its dragons is still one yakuman, 32000."""
    result = score(hand("123m99p555666777z", win="3m", dora=["5z", "6z"]))
    assert result.get("ok") is True, result
    assert (result["yakuman"], result["han"], result["points"]) == (1, None, 32000)


def test_double_riichi_counts_ura_dora() -> None:
    """Double riichi is a riichi: its ura dora count (seed 004 6.1 "in case of a riichi winning hand the number of ura
    dora tiles"). Ura indicator 1m under 222m: 3 ura; double riichi 2 + 3 = 5 han: mangan."""
    result = score(hand(_PLAIN_CLOSED, win="9m", double_riichi=True, ura=["1m"]))
    assert result.get("ok") is True, result
    assert yaku_dict(result) == {"double_riichi": 2}
    assert (result["ura"], result["han"], result["points"]) == (3, 5, 8000)


@pytest.mark.parametrize(
    ("obj", "payments"),
    [
        (hand(_PINFU_HAND, win="8s", tsumo=True, seat="E", tenhou=True), {"all": 16000}),
        (hand("123m99p555666777z", win="3m", seat="E"), {"ron": 48000}),
        (hand("123m99p555666777z", win="3m", seat="W", tsumo=True), {"dealer": 16000, "non_dealer": 8000}),
    ],
    ids=["tenhou-dealer-tsumo-16000-all", "daisangen-dealer-ron-48000", "daisangen-nondealer-tsumo-8000-16000"],
)
def test_yakuman_payments(obj: dict[str, Any], payments: dict[str, int]) -> None:
    """Seed 000 tbl:limithands, yakuman row: 32000 / 48000 / 8000-16000 / 16000-all."""
    result = score(obj)
    assert result.get("ok") is True, result
    assert result["payments"] == payments
