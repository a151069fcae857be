"""Seed 004's scoring and minipoint examples (sections 6.1, 6.3, 6.4 and the older 4.1, 4.1.1), under ``wrc2015``.

The seed holds two texts side by side: sections numbered 6.x (6.1 "Scoring a winning hand", 6.3 "Minipoints",
6.4 "Dora"), the World Riichi Championship rules 2015 that ``wrc2015`` follows (``ema2025`` did until issue 25),
and sections numbered 3.3.6 / 4.x of the RCR 2012 text (its 4.1 still counts red fives). Their hand-scoring rules
agree except that 6.1 rounds a 1920 base up to mangan and says "There is no counted yakuman". Hands here use
``wrc2015`` (seed 004's examples under the preset named for what it is) unless the test is about a knob; every
number is derived from the seed's text.
"""

from __future__ import annotations

import pytest

from tests.builders import assert_score, chi, hand, pon, score

# --- 6.3 / 4.1.1: "1pin1pin1pin1pin2pin2pin3pin3pin ... only possible to win on 4pin, no minipoints" -------------


def test_ema_1111_22_33p_on_4p_tsumo_has_no_wait_fu() -> None:
    """111122334p read as 111p 123p 234p: the 4p completes 23p two-sided (although 1p is exhausted), so no wait fu:
    20 + 2 (tsumo) + 8 (concealed 111p) = 30 fu. With 2 wrong wait fu it would be 32 -> 40.
    Riichi + menzen tsumo = 2 han 30 fu: 500-1000."""
    result = score(hand("111122334p567m88s", win="4p", tsumo=True, riichi=True, ruleset="wrc2015"))
    assert_score(
        result,
        han=2,
        fu=30,
        payments={"dealer": 1000, "non_dealer": 500},
        yaku={"riichi": 1, "menzen_tsumo": 1},
    )


def test_ema_1111_22_33p_on_4p_ron() -> None:
    """The same hand by ron: 20 + 10 + 8 = 38 -> 40; riichi 1 han 40 fu = 1300."""
    result = score(hand("111122334p567m88s", win="4p", riichi=True, ruleset="wrc2015"))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"riichi": 1})


# --- 4.1.1: "5pin6pin7pin8pin9pin waiting on 4pin or 7pin ... The highest-scoring possibility must always be chosen"


def test_ema_56789p_on_7p_ron_reads_two_sided_for_pinfu() -> None:
    """Winning on 7p either finishes the edge wait 89p (2 fu, no pinfu: riichi 1 han, 32 -> 40 fu = 1300) or the
    two-sided 56p (pinfu: riichi + pinfu 2 han 30 fu = 2000). The higher, 2000, must be chosen."""
    result = score(hand("88m234m345s567789p", win="7p", riichi=True, ruleset="wrc2015"))
    assert_score(result, han=2, fu=30, payments={"ron": 2000}, yaku={"riichi": 1, "pinfu": 1})


def test_ema_56789p_on_7p_without_riichi_is_pinfu_only() -> None:
    """Without riichi only the pinfu reading has a yaku at all: pinfu 1 han 30 fu = 1000."""
    result = score(hand("88m234m345s567789p", win="7p", ruleset="wrc2015"))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"pinfu": 1})


def test_ema_56789p_on_7p_tsumo_reads_two_sided_for_pinfu() -> None:
    """By tsumo: pinfu reading riichi + tsumo + pinfu 3 han 20 fu = 700-1300 (2700) beats the edge reading
    riichi + tsumo 2 han, 20 + 2 + 2 = 24 -> 30 fu = 500-1000 (2000)."""
    result = score(hand("88m234m345s567789p", win="7p", tsumo=True, riichi=True, ruleset="wrc2015"))
    assert_score(
        result,
        han=3,
        fu=20,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"riichi": 1, "pinfu": 1, "menzen_tsumo": 1},
    )


def test_ema_56789p_on_7p_tsumo_reads_edge_when_it_pays_more() -> None:
    """The same rule the other way: with a concealed white-dragon triplet pinfu is impossible, and the edge reading
    adds 2 fu that cross a rounding step: 20 + 2 + 8 + 2 = 32 -> 40 (700-1300) instead of 30 -> 30 (500-1000).
    Haku + menzen tsumo = 2 han 40 fu."""
    result = score(hand("88m345s567789p555z", win="7p", tsumo=True, ruleset="wrc2015"))
    assert_score(
        result,
        han=2,
        fu=40,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"yakuhai_haku": 1, "menzen_tsumo": 1},
    )


# --- 4.1.1: open pinfu "7sou8sou9sou7pin8pin9pin8man7man9man3man3man2sou3sou" ----------------------------------


@pytest.mark.parametrize(
    ("tiles", "win"), [("33m789p234789s", "4s"), ("33m789p123789s", "1s")], ids=["ron-on-4s", "ron-on-1s"]
)
def test_ema_open_pinfu_ron(tiles: str, win: str) -> None:
    """The seed's open pinfu: 789s 789p 33m 23s + the called 8-7-9m. "Open pinfu is an open hand worth no minipoints
    (except the 20 minipoints for winning). It is rewarded 2 minipoints": 22 -> 30 fu. Its yaku is the open
    sanshoku 789 (2 han closed, 1 open): 1 han 30 fu = 1000. (On 1s the hand has no chanta: 33m is no terminal.)"""
    result = score(hand(tiles, win=win, melds=[chi("879m")], ruleset="wrc2015"))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"sanshoku_doujun": 1})


def test_ema_open_pinfu_tsumo() -> None:
    """The open pinfu by self-draw: 20 + 2 (tsumo) = 22 -> 30 fu; open, no menzen tsumo: 1 han 30 fu = 300-500."""
    result = score(hand("33m789p234789s", win="4s", tsumo=True, melds=[chi("879m")], ruleset="wrc2015"))
    assert_score(result, han=1, fu=30, payments={"dealer": 500, "non_dealer": 300}, yaku={"sanshoku_doujun": 1})


# --- 6.4: "If several dora indicators point to the same tile, the dora is counted for each indicator" ------------


def test_ema_two_indicators_on_2s_with_333s_is_6_dora() -> None:
    """ "if the initial dora indicator is 2sou, and a kan dora indicator is also 2sou, and the winning player has a
    3sou3sou3sou pung in his hand, then he has 6 dora, giving 6 han". Riichi + 6 dora = 7 han: haneman 12000.
    (Fu, reported though irrelevant: 20 + 10 + 4 = 34 -> 40.)"""
    result = score(hand("234789m567p55p333s", win="2m", riichi=True, dora=["2s", "2s"], ruleset="wrc2015"))
    assert_score(result, han=7, fu=40, payments={"ron": 12000}, yaku={"riichi": 1}, dora=6, limit="haneman")


def test_ema_ura_dora_count_with_riichi() -> None:
    """6.4 / 6.1: ura dora count "only if the winning player has declared riichi": ura indicator 2s under the 333s
    gives 3 ura. Riichi 1 + dora 0 + ura 3 = 4 han 40 fu: mangan 8000."""
    result = score(hand("234789m567p55p333s", win="2m", riichi=True, ura=["2s"], ruleset="wrc2015"))
    assert_score(result, han=4, fu=40, payments={"ron": 8000}, yaku={"riichi": 1}, dora=0, ura=3, limit="mangan")


def test_ema_ura_dora_do_not_count_without_riichi() -> None:
    """Without riichi the ura indicators are not counted: white-dragon pon hand, 1 han; the ura 2s would give 3 more.
    Open hand, 20 + 4 (open white pon) + 4 (concealed 333s) = 28 -> 30 fu: 1 han 30 fu = 1000."""
    result = score(hand("234789m55p333s", win="2m", melds=[pon("555z")], ura=["2s"], ruleset="wrc2015"))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"yakuhai_haku": 1}, ura=0)


# --- 6.3 table: pair fu ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pair", "seat", "fu"),
    [("44z", "S", 40), ("55z", "S", 40), ("22z", "S", 40), ("11z", "S", 40), ("11z", "E", 50)],
    ids=["guest-wind-0", "dragon-2", "seat-wind-2", "round-wind-2", "double-wind-4"],
)
def test_ema_pair_fu_ron(pair: str, seat: str, fu: int) -> None:
    """6.3 table, pairs: middle tiles and terminals 0, "valuable honour" 2, "double wind" 4. Closed ron on a two-sided
    4p with a concealed 999m: 20 + 10 + 8 = 38 -> 40; +2 = 40; +4 (East seat, East round) = 42 -> 50."""
    result = score(hand(f"999m234p456s789s{pair}", win="4p", riichi=True, seat=seat, ruleset="wrc2015"))
    assert result.get("fu") == fu, result


@pytest.mark.parametrize(
    ("pair", "seat", "fu"),
    [("44z", "S", 30), ("55z", "S", 40), ("22z", "S", 40), ("11z", "S", 40), ("11z", "E", 40)],
    ids=["guest-wind-0", "dragon-2", "seat-wind-2", "round-wind-2", "double-wind-4"],
)
def test_ema_pair_fu_tsumo(pair: str, seat: str, fu: int) -> None:
    """6.3 pair fu by tsumo, where 2 fu cross a rounding step: 20 + 2 (tsumo) + 8 (concealed 999m) = 30, +2 -> 40."""
    result = score(hand(f"999m234p456s789s{pair}", win="4p", tsumo=True, riichi=True, seat=seat, ruleset="wrc2015"))
    assert result.get("fu") == fu, result


# --- 6.1: payments ------------------------------------------------------------------------------------------------


def test_ema_dealer_ron_is_three_times_the_doubled_base() -> None:
    """6.1: "three times the doubled base value if the winner is East": dealer riichi + pinfu, 2 han 30 fu, base 480:
    6 x 480 = 2880 -> 2900."""
    result = score(hand("88m234m345s567789p", win="7p", riichi=True, seat="E", ruleset="wrc2015"))
    assert_score(result, han=2, fu=30, payments={"ron": 2900})


def test_ema_dealer_tsumo_is_paid_double_by_everyone() -> None:
    """6.1: "For East, however, the value is doubled one more time": dealer riichi + pinfu + tsumo, 3 han 20 fu,
    base 640: each pays 1280 -> 1300."""
    result = score(hand("88m234m345s567789p", win="7p", tsumo=True, riichi=True, seat="E", ruleset="wrc2015"))
    assert_score(result, han=3, fu=20, payments={"all": 1300})


def test_ema_6_1_counted_yakuman_is_sanbaiman() -> None:
    """6.1: "There is no counted yakuman: a hand worth 13 or more han but not having a yakuman yaku is only rewarded
    sanbaiman". 123p 123p 456p 789p 99p drawing 1p on 23p (two-sided): riichi 1, menzen tsumo 1, pinfu 1,
    iipeikou 1, ittsu 2, chinitsu 6 = 12 han, plus two dora (indicator 9p -> 1p) = 14 han: sanbaiman 6000-12000.
    """
    result = score(hand("112233456789p99p", win="1p", tsumo=True, riichi=True, dora=["9p"], ruleset="wrc2015"))
    assert_score(
        result,
        han=14,
        fu=20,
        payments={"dealer": 12000, "non_dealer": 6000},
        yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "iipeikou": 1, "ittsu": 2, "chinitsu": 6},
        dora=2,
        limit="sanbaiman",
    )
