"""Tests of score_hand (scorekeeper.engine.scoring): readings, yaku, yakuman knobs, dora, errors, explanation."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.hand import Hand, Meld
from scorekeeper.engine.points import Limit
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.scoring import HandScore, WaitKind, score_hand
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import NotWinningError, NoYakuError


def score(
    tiles: str,
    win: str,
    melds: tuple[Meld, ...] = (),
    rules: str = "tenhou",
    overrides: dict[str, Any] | None = None,
    **kw: Any,
) -> HandScore:
    args: dict[str, Any] = {"tsumo": False, "seat_wind": Wind.SOUTH, "round_wind": Wind.EAST}
    if "dora" in kw:
        kw["dora"] = parse_tiles(kw["dora"])
    if "ura" in kw:
        kw["ura"] = parse_tiles(kw["ura"])
    args.update(kw)
    hand = Hand(concealed=parse_tiles(tiles), melds=melds, win=Tile.parse(win), **args)
    return score_hand(hand, hand_rules(rules, overrides))


_FOUR_KANS = (
    Meld.parse("ankan", "1111m"),
    Meld.parse("minkan", "2222p"),
    Meld.parse("ankan", "3333s"),
    Meld.parse("shouminkan", "4444s"),
)


def names(result: HandScore) -> dict[str, int]:
    return {y.yaku.value: (y.yakuman or y.han) for y in result.yaku}


def test_book_scoring_1_ron_and_tsumo() -> None:
    """Seed 000, "Scoring 1": 22m345m4556p7p + red dragons: ron 1300; tsumo on 3p 500-1000; on 6p 700-1300."""
    assert score("22345m345567p777z", "3p").points == 1300
    assert score("22345m345567p777z", "3p", tsumo=True).payment.as_dict() == {"dealer": 1000, "non_dealer": 500}
    assert score("22345m455667p777z", "6p", tsumo=True).payment.as_dict() == {"dealer": 1300, "non_dealer": 700}


def test_book_scoring_2_the_555p_triplet_reading() -> None:
    """Seed 000, "Scoring 2": on 8p the three 5p are a concealed set: 42 -> 50 fu, 1600."""
    result = score("22345m555678p777z", "8p")
    assert (result.han, result.fu, result.points) == (1, 50, 1600)


def test_book_scoring_5_toitoi_sanankou_or_suuankou() -> None:
    ron = score("2233m555666p777z3m", "3m")
    assert names(ron) == {"yakuhai_chun": 1, "sanankou": 2, "toitoi": 2} and ron.value.limit is Limit.MANGAN
    tsumo = score("2233m555666p777z3m", "3m", tsumo=True)
    assert names(tsumo) == {"suuankou": 1} and tsumo.value.yakuman == 1


@pytest.mark.parametrize(
    ("tiles", "win", "expected"),
    [
        pytest.param("112233m456p789s55z", "1m", {"iipeikou"}, id="iipeikou"),
        pytest.param("112233m445566p99s", "9s", {"ryanpeikou"}, id="ryanpeikou-beats-chiitoitsu"),
        pytest.param("123456789m123p11z", "1z", {"ittsu"}, id="ittsu"),
        pytest.param("123m123p123s789m11z", "1z", {"sanshoku_doujun"}, id="sanshoku"),
        pytest.param("123m999p99s111z789m", "7m", {"chanta"}, id="chanta-with-yakuhai-round"),
        pytest.param("123m999p99s789s789m", "7m", {"junchan"}, id="junchan"),
        pytest.param("111m999p11s111z999s", "1z", {"honroutou", "toitoi"}, id="honroutou"),
        pytest.param("123456m55566677z", "7z", {"honitsu", "shousangen"}, id="honitsu-shousangen"),
        pytest.param("11123455567899m", "5m", {"chinitsu"}, id="chinitsu"),
        pytest.param("234m456p678s34588s", "2m", {"tanyao", "pinfu"}, id="tanyao-pinfu"),
    ],
)
def test_yaku_are_found(tiles: str, win: str, expected: set[str]) -> None:
    assert expected <= set(names(score(tiles, win)))


@pytest.mark.parametrize(
    ("tiles", "win", "melds", "yakuman", "kw"),
    [
        pytest.param("19m19p19s12345677z", "1m", (), "kokushi_musou", {}, id="kokushi"),
        pytest.param("19m19p19s12345677z", "7z", (), "kokushi_musou_13", {}, id="kokushi-13"),
        pytest.param("111m222p333s44455z", "5z", (), "suuankou_tanki", {}, id="suuankou-tanki"),
        pytest.param("11122345678999m", "2m", (), "junsei_chuuren_poutou", {}, id="junsei"),
        pytest.param("11123456789999m", "5m", (), "chuuren_poutou", {}, id="chuuren"),
        pytest.param("555666777z11m222p", "1m", (), "daisangen", {"tsumo": True}, id="daisangen"),
        pytest.param("111222333444z55m", "5m", (), "daisuushii", {"tsumo": True}, id="daisuushii"),
        pytest.param("11122233344z567m", "5m", (), "shousuushii", {"tsumo": True}, id="shousuushii"),
        pytest.param("11223344556677z", "7z", (), "tsuuiisou", {}, id="tsuuiisou-chiitoitsu"),
        pytest.param("22334466688s666z", "8s", (), "ryuuiisou", {}, id="ryuuiisou"),
        pytest.param("111999m111p99s999p", "9s", (), "chinroutou", {}, id="chinroutou"),
        pytest.param(
            "55z",
            "5z",
            _FOUR_KANS,
            "suukantsu",
            {},
            id="suukantsu",
        ),
        pytest.param("234m456p678s34588s", "3m", (), "tenhou", {"tenhou": True, "tsumo": True}, id="tenhou"),
    ],
)
def test_yakuman_are_found(tiles: str, win: str, melds: tuple[Meld, ...], yakuman: str, kw: dict[str, Any]) -> None:
    if kw.get("tenhou"):
        kw["seat_wind"] = Wind.EAST
    result = score(tiles, win, melds, **kw)
    assert yakuman in names(result)
    assert result.value.han is None and result.value.limit is Limit.YAKUMAN


def test_double_yakuman_knob() -> None:
    assert score("19m19p19s12345677z", "7z").value.yakuman == 1
    assert score("19m19p19s12345677z", "7z", overrides={"double_yakuman": True}).value.yakuman == 2
    assert score("19m19p19s12345677z", "1m", overrides={"double_yakuman": True}).value.yakuman == 1


def test_compound_yakuman_knob() -> None:
    both = score("111222333444z55z", "5z", tsumo=True)  # daisuushii + tsuuiisou (+ suuankou tanki)
    assert both.value.yakuman == 3
    single = score("111222333444z55z", "5z", tsumo=True, rules="wrc2022")
    assert single.value.yakuman == 1 and single.points == 32000


def test_kazoe_by_ruleset() -> None:
    # Riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu and three dora: 13+ han without a yakuman yaku.
    hand = ("22334455667788m", "8m")
    kazoe = score(*hand, riichi=True, tsumo=True, dora="1m")
    assert kazoe.value.han is not None and kazoe.value.han >= 13
    assert kazoe.value.limit is Limit.YAKUMAN and kazoe.value.yakuman == 0
    capped = score(*hand, riichi=True, tsumo=True, dora="1m", rules="ema2016")
    assert capped.value.limit is Limit.SANBAIMAN


def test_dora_each_indicator_counts_and_ura_only_with_riichi() -> None:
    result = score("234m456p678s34588s", "3m", dora="7s7s", ura="2m")
    assert (result.dora, result.ura) == (6, 0)
    riichi = score("234m456p678s34588s", "3m", dora="7s7s", ura="2m", riichi=True)
    assert (riichi.dora, riichi.ura) == (6, 1)


def test_aka_counts_by_ruleset() -> None:
    assert score("234m406p678s34588s", "3m").aka == 1
    assert score("234m406p678s34588s", "3m", rules="ema2016").aka == 0


def test_dora_alone_is_never_a_yaku() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        score("123m456p789s11z555s", "1z", dora="4m")


def test_not_winning() -> None:
    with pytest.raises(NotWinningError, match="not a winning hand"):
        score("123m456p789s11z568s", "1z")


def test_explanation_reading_and_breakdown() -> None:
    result = score("234m456p678s34588s", "2m", riichi=True)
    assert result.wait is WaitKind.RYANMEN
    assert result.groups == ("88s", "234m", "456p", "345s", "678s")
    assert [i.reason.value for i in result.fu_breakdown] == ["base", "closed_ron"]
    open_hand = score("22m345p678s234s", "3p", melds=(Meld.parse("chi", "345m"),))
    assert open_hand.groups[-1] == "345m+chi"


def test_renhou_knob() -> None:
    assert score("123m567p99p345678s", "8s", renhou=True).points == 1000
    assert score("123m567p99p345678s", "8s", renhou=True, rules="ema2016").points == 8000
    assert score("123m567p99p345678s", "8s", renhou=True, rules="wrc2022").points == 12000
    assert score("123m567p99p345678s", "8s", renhou=True, overrides={"renhou": "yakuman"}).points == 32000


def test_double_east_pon_shows_both_yakuhai() -> None:
    result = score("234m456p678s88s111z", "1z", seat_wind=Wind.EAST, round_wind=Wind.EAST)
    assert names(result)["yakuhai_seat_wind"] == 1 and names(result)["yakuhai_round_wind"] == 1


def test_aotenjou_yakuman_adds_other_yaku_but_not_its_precursors() -> None:
    """Seed 002: under aotenjou a yakuman is a 13-han yaku; toitoi and sanankou are part of suuankou."""
    result = score("222m333p444s55566z", "6z", tsumo=True, riichi=True, overrides={"aotenjou": True})
    assert names(result) == {"menzen_tsumo": 1, "riichi": 1, "suuankou_tanki": 1, "yakuhai_haku": 1}
    assert result.value.han == 16 and result.value.limit is None
    assert result.points == result.value.base * 4  # exact: 2x base from the dealer, 1x from each other player
