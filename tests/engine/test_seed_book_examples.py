"""Every worked example of the riichi book's scoring chapter (seed 000, "Scoring"), scored through ``score_json``.

Unless a test says otherwise the winner is a non-dealer (the South seat in the East round; the book's examples
quote non-dealer scores such as 1300 for 1 han 40 fu) and the ruleset is ``tenhou`` (the book follows Tenhou
rules: no kiriage, double-wind pair 4 fu). Every expected number is derived from the chapter's own text and
tables; where the book gives only some winning tiles or only ron or tsumo, the rest is derived with the book's
minipoint rules (section "Minipoint calculation") and said so.
"""

from __future__ import annotations

import pytest

from tests.builders import ankan, assert_score, chi, hand, pon, score

# --- "Scoring 1": 22345m 45567p 777z, waiting on 3p and 6p -------------------------------------------------------


@pytest.mark.parametrize(("tiles", "win"), [("22345m345567p777z", "3p"), ("22345m455667p777z", "6p")], ids=["3p", "6p"])
def test_book_scoring_1_ron(tiles: str, win: str) -> None:
    """Scoring 1 by ron: "1 han (Red Dragon) and 40 minipoints: 20 + 10 + 8 = 38, rounded up to 40, so 1300".

    On 6p the kanchan reading (45-6-7 read as 456 + 57 waiting 6) adds 2 fu: 40 either way.
    """
    result = score(hand(tiles, win=win))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"yakuhai_chun": 1}, limit=None)


def test_book_scoring_1_tsumo_on_3p() -> None:
    """Scoring 1, drawing 3p: menzen tsumo added, 20 + 8 + 2 = 30 fu: 500-1000 = 2000."""
    result = score(hand("22345m345567p777z", win="3p", tsumo=True))
    assert_score(
        result,
        han=2,
        fu=30,
        payments={"dealer": 1000, "non_dealer": 500},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1},
    )


def test_book_scoring_1_tsumo_on_6p() -> None:
    """Scoring 1, drawing 6p: 2 more fu for the closed wait 5-7p (the best reading): 40 fu, 700-1300 = 2700."""
    result = score(hand("22345m455667p777z", win="6p", tsumo=True))
    assert_score(
        result,
        han=2,
        fu=40,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1},
    )


# --- "Scoring 2": 22345m 55567p 777z, waiting on 2m, 5p and 8p ---------------------------------------------------


def test_book_scoring_2_ron_on_2m() -> None:
    """Scoring 2 on 2m: "still 1 han-40 minipoints = 1300" (2m completes a shanpon: an open triplet by ron, 2 fu:
    20 + 10 + 8 + 2 = 40)."""
    result = score(hand("222345m55567p777z", win="2m"))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"yakuhai_chun": 1})


@pytest.mark.parametrize(("tiles", "win"), [("22345m555567p777z", "5p"), ("22345m555678p777z", "8p")], ids=["5p", "8p"])
def test_book_scoring_2_ron_on_5p_or_8p(tiles: str, win: str) -> None:
    """Scoring 2 on 5p or 8p: the three 5p are a concealed set: 20 + 10 + 8 + 4 = 42, rounded to 50: 1600.

    On 5p the tile could also be read as completing a 555p triplet (shanpon with 22m, an open triplet by ron, 2 fu,
    42 - 2 = 40 fu); the highest-scoring reading (seed 004: "must always be chosen") is the ryanmen 5-67p, 50 fu.
    """
    result = score(hand(tiles, win=win))
    assert_score(result, han=1, fu=50, payments={"ron": 1600}, yaku={"yakuhai_chun": 1})


@pytest.mark.parametrize(
    ("tiles", "win"),
    [("222345m55567p777z", "2m"), ("22345m555567p777z", "5p"), ("22345m555678p777z", "8p")],
    ids=["2m", "5p", "8p"],
)
def test_book_scoring_2_tsumo(tiles: str, win: str) -> None:
    """Scoring 2 by tsumo: "you get 40 minipoints so you will get 700-1300 = 2700".

    5p/8p: 20 + 2 + 8 + 4 = 34 -> 40; 2m: the drawn 2m makes a concealed triplet, 20 + 2 + 8 + 4 = 34 -> 40.
    """
    result = score(hand(tiles, win=win, tsumo=True))
    assert_score(
        result,
        han=2,
        fu=40,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1},
    )


# --- "Scoring 3": 22334m 55567p 777z, waiting on 1m and 4m -------------------------------------------------------


def test_book_scoring_3_ron_on_4m() -> None:
    """Scoring 3, ron on 4m: iipeikou (234m 234m) added: "2 han-40 minipoints = 2600" (20 + 10 + 8 = 38 -> 40)."""
    result = score(hand("223344m55567p777z", win="4m"))
    assert_score(result, han=2, fu=40, payments={"ron": 2600}, yaku={"yakuhai_chun": 1, "iipeikou": 1})


def test_book_scoring_3_ron_on_1m() -> None:
    """Scoring 3, ron on 1m (derived, the book gives only ron on 4m): no iipeikou, 55p is the pair and 555p is no
    longer a set: 1 han, 20 + 10 + 8 = 38 -> 40 fu: 1300."""
    result = score(hand("122334m55567p777z", win="1m"))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"yakuhai_chun": 1})


def test_book_scoring_3_tsumo_on_1m() -> None:
    """Scoring 3, drawing 1m: "2 han-30 minipoints (500-1000 tsumo = 2000)"."""
    result = score(hand("122334m55567p777z", win="1m", tsumo=True))
    assert_score(
        result,
        han=2,
        fu=30,
        payments={"dealer": 1000, "non_dealer": 500},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1},
    )


def test_book_scoring_3_tsumo_on_4m() -> None:
    """Scoring 3, drawing 4m: "3 han-30 minipoints (1000-2000 tsumo = 4000)"."""
    result = score(hand("223344m55567p777z", win="4m", tsumo=True))
    assert_score(
        result,
        han=3,
        fu=30,
        payments={"dealer": 2000, "non_dealer": 1000},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1, "iipeikou": 1},
    )


# --- "Scoring 4": 22334m 55566p 777z, waiting on 1m and 4m -------------------------------------------------------


def test_book_scoring_4_ron_on_4m() -> None:
    """Scoring 4, ron on 4m: the concealed 555p is back: "2 han-50 minipoints = 3200" (20 + 10 + 8 + 4 = 42)."""
    result = score(hand("223344m55566p777z", win="4m"))
    assert_score(result, han=2, fu=50, payments={"ron": 3200}, yaku={"yakuhai_chun": 1, "iipeikou": 1})


def test_book_scoring_4_tsumo_on_4m() -> None:
    """Scoring 4, drawing 4m: "3 han-40 minipoints, giving you 1300-2600 tsumo = 5200" (20 + 2 + 8 + 4 = 34)."""
    result = score(hand("223344m55566p777z", win="4m", tsumo=True))
    assert_score(
        result,
        han=3,
        fu=40,
        payments={"dealer": 2600, "non_dealer": 1300},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1, "iipeikou": 1},
    )


def test_book_scoring_4_ron_on_1m() -> None:
    """Scoring 4, ron on 1m (derived): 1 han (Red Dragon), 20 + 10 + 8 + 4 = 42 -> 50 fu: 1600."""
    result = score(hand("122334m55566p777z", win="1m"))
    assert_score(result, han=1, fu=50, payments={"ron": 1600}, yaku={"yakuhai_chun": 1})


def test_book_scoring_4_tsumo_on_1m() -> None:
    """Scoring 4, drawing 1m (derived): 2 han, 20 + 2 + 8 + 4 = 34 -> 40 fu: 700-1300 = 2700."""
    result = score(hand("122334m55566p777z", win="1m", tsumo=True))
    assert_score(
        result,
        han=2,
        fu=40,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"yakuhai_chun": 1, "menzen_tsumo": 1},
    )


# --- "Scoring 5": 2233m 555666p 777z, a shanpon on 2m and 3m ----------------------------------------------------


@pytest.mark.parametrize(("tiles", "win"), [("22233m555666p777z", "2m"), ("22333m555666p777z", "3m")], ids=["2m", "3m"])
def test_book_scoring_5_ron(tiles: str, win: str) -> None:
    """Scoring 5 by ron: "five han (toitoi, san anko, and Red Dragon); it is mangan regardless of minipoints".

    The ron-completed triplet is open (seed 004 6.3), so three concealed triplets remain: sanankou, not suuankou.
    Fu (reported though irrelevant): 20 + 10 + 2 + 4 + 4 + 8 = 48 -> 50.
    """
    result = score(hand(tiles, win=win))
    assert_score(
        result,
        han=5,
        fu=50,
        payments={"ron": 8000},
        yaku={"toitoi": 2, "sanankou": 2, "yakuhai_chun": 1},
        limit="mangan",
    )


@pytest.mark.parametrize(("tiles", "win"), [("22233m555666p777z", "2m"), ("22333m555666p777z", "3m")], ids=["2m", "3m"])
def test_book_scoring_5_tsumo_is_suuankou(tiles: str, win: str) -> None:
    """Scoring 5 by tsumo: "it is yakuman (su anko; Four Concealed Pungs)": 8000-16000 for a non-dealer.

    A yakuman hand reports no han and fu, and only its yakuman yaku (issue 2, output format).
    """
    result = score(hand(tiles, win=win, tsumo=True))
    assert_score(
        result,
        han=None,
        fu=None,
        yakuman=1,
        payments={"dealer": 16000, "non_dealer": 8000},
        yaku={"suuankou": 1},
        limit="yakuman",
    )


# --- "Minipoint calculation": 34456m 44p 777z + pon 333s ---------------------------------------------------------


def test_book_minipoints_example_ron_on_2m() -> None:
    """ "If we win by ron on 2m, we get no minipoints for the wait and so this hand has 30 minipoints (base 20 + 8 for
    a concealed set of honors + 2 for an open set of simple = 30)". Open hand, Red Dragon: 1 han 30 fu = 1000."""
    result = score(hand("234456m44p777z", win="2m", melds=[pon("333s")]))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"yakuhai_chun": 1})


def test_book_minipoints_example_ron_on_5m() -> None:
    """ "If we win this hand on 5m, we get additional 2 minipoints for closed wait ... 40 minipoints (30 + 2 = 32,
    rounded up to 40)": 345m + 4-6m closed on 5m is the best reading. 1 han 40 fu = 1300."""
    result = score(hand("344556m44p777z", win="5m", melds=[pon("333s")]))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"yakuhai_chun": 1})


# --- "110 minipoints": 678p 11z 77z + ankan 1111s + ankan 9999s, dealer in the East round -------------------------


def test_book_110_fu_dealer_ron_on_red_dragon() -> None:
    """ "20 (base) + 10 (closed hand ron) + 4 (pair of seat & prevailing wind) + 4 (open set of honors) + 32 + 32 =
    102, rounded up to 110 minipoints. The score for 1 han-110 minipoints is 5300" (the dealer, East round; the
    closed kans keep the hand concealed; the ron-completed 777z is an open triplet)."""
    result = score(hand("678p11777z", win="7z", melds=[ankan("1111s"), ankan("9999s")], seat="E", round_wind="E"))
    assert_score(result, han=1, fu=110, payments={"ron": 5300}, yaku={"yakuhai_chun": 1}, limit=None)


def test_book_100_fu_dealer_ron_on_east() -> None:
    """ "If he wins by ron on East ... more han (set of seat & prevailing wind) but lower minipoints" (the 77z pair
    gives 2 fu instead of 4): 20 + 10 + 2 + 4 + 32 + 32 = 100; "2 han-100 minipoints ... 9600 points".

    A double East triplet shows both yakuhai_seat_wind and yakuhai_round_wind (issue 2).
    """
    result = score(hand("678p11177z", win="1z", melds=[ankan("1111s"), ankan("9999s")], seat="E", round_wind="E"))
    assert_score(
        result,
        han=2,
        fu=100,
        payments={"ron": 9600},
        yaku={"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1},
        limit=None,
    )


# --- The "almost always" examples of the basic method ------------------------------------------------------------


def test_book_almost_always_open_red_dragon_hand_is_30_fu() -> None:
    """First hand of "What do we mean by almost always": 11m 45p 234s 789s + pon of red dragon, open: always 30 fu.
    Ron on 3p: 20 + 4 (open honour triplet) = 24 -> 30; Red Dragon 1 han: 1000."""
    result = score(hand("11m345p234789s", win="3p", melds=[pon("777z")]))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"yakuhai_chun": 1})


def test_book_almost_always_open_east_hand_is_30_fu() -> None:
    """Second hand: 45m 11s 345s + pon East + pon 3m, open: 30 fu. Ron on 6m (South seat, East round: East is the
    round wind, 1 han): 20 + 4 + 2 = 26 -> 30: 1000."""
    result = score(hand("456m11345s", win="6m", melds=[pon("111z"), pon("333m")]))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"yakuhai_round_wind": 1})


def test_book_almost_always_closed_hand_is_40_fu() -> None:
    """Third hand: 222m 78m 234s 66789s, closed: "always 40 minipoints if closed" (20 + 10 + 4 = 34 -> 40).
    It needs a yaku: with riichi, ron on 9m is 1 han 40 fu = 1300."""
    result = score(hand("222789m23466789s", win="9m", riichi=True))
    assert_score(result, han=1, fu=40, payments={"ron": 1300}, yaku={"riichi": 1})


@pytest.mark.parametrize(("tiles", "win"), [("22m345p234678s", "3p"), ("22m456p234678s", "6p")], ids=["3p", "6p"])
def test_book_open_pinfu_is_always_30_fu_ron(tiles: str, win: str) -> None:
    """ "So-called open pinfu hands such as below are always 30 minipoints": 22m 45p 234s 678s + chi 345m. All
    simples, so open tanyao (tenhou: kuitan) is the yaku: 1 han 30 fu = 1000."""
    result = score(hand(tiles, win=win, melds=[chi("345m")]))
    assert_score(result, han=1, fu=30, payments={"ron": 1000}, yaku={"tanyao": 1})


def test_book_open_pinfu_is_always_30_fu_tsumo() -> None:
    """Open pinfu by tsumo: "always 30 minipoints whether ron or tsumo"; open, so no menzen tsumo: 300-500."""
    result = score(hand("22m456p234678s", win="6p", tsumo=True, melds=[chi("345m")]))
    assert_score(result, han=1, fu=30, payments={"dealer": 500, "non_dealer": 300}, yaku={"tanyao": 1})


# --- "Notes on pinfu tsumo" ---------------------------------------------------------------------------------------


def test_book_pinfu_tsumo_riichi_is_3_han_20_fu() -> None:
    """ "riichi + pinfu + tsumo (3 han-20 minipoints; 700-1300)", not 1000-2000. Hand 123m 567p 345s 678s 99p,
    drawing 8s on 67s."""
    result = score(hand("123m567p99p345678s", win="8s", tsumo=True, riichi=True))
    assert_score(
        result,
        han=3,
        fu=20,
        payments={"dealer": 1300, "non_dealer": 700},
        yaku={"riichi": 1, "pinfu": 1, "menzen_tsumo": 1},
    )


def test_book_pinfu_tsumo_riichi_dora_is_not_mangan() -> None:
    """ "claim mangan for riichi + pinfu + tsumo + dora (mistaking 4 han-20 minipoints for 4 han-40 minipoints)":
    4 han 20 fu is 1300-2600. Dora indicator 2m makes the 3m a dora."""
    result = score(hand("123m567p99p345678s", win="8s", tsumo=True, riichi=True, dora=["2m"]))
    assert_score(
        result,
        han=4,
        fu=20,
        payments={"dealer": 2600, "non_dealer": 1300},
        yaku={"riichi": 1, "pinfu": 1, "menzen_tsumo": 1},
        dora=1,
        limit=None,
    )


def test_book_riichi_tsumo_without_pinfu_is_2_han_30_fu() -> None:
    """ "riichi + tsumo (2 han-30 minipoints; 500-1000)": the same shape won on a closed wait (6-8s waiting 7s) is
    no pinfu: 20 + 2 + 2 = 24 -> 30."""
    result = score(hand("123m567p99p345678s", win="7s", tsumo=True, riichi=True))
    assert_score(
        result,
        han=2,
        fu=30,
        payments={"dealer": 1000, "non_dealer": 500},
        yaku={"riichi": 1, "menzen_tsumo": 1},
    )


def test_book_pinfu_ron_is_always_30_fu() -> None:
    """Shortcut 4: "Pinfu, ron: always 30 minipoints". Riichi + pinfu: 2 han 30 fu = 2000."""
    result = score(hand("123m567p99p345678s", win="8s", riichi=True))
    assert_score(result, han=2, fu=30, payments={"ron": 2000}, yaku={"riichi": 1, "pinfu": 1})


# --- Shortcut: chiitoitsu is always 25 minipoints; toitoi almost always 40 -----------------------------------------


@pytest.mark.parametrize(
    ("tsumo", "riichi", "han", "payments"),
    [
        (False, False, 2, {"ron": 1600}),
        (False, True, 3, {"ron": 3200}),
        (True, True, 4, {"dealer": 3200, "non_dealer": 1600}),
    ],
    ids=["ron-2han-1600", "riichi-ron-3han-3200", "riichi-tsumo-4han-1600-3200"],
)
def test_book_chiitoitsu_is_always_25_fu(tsumo: bool, riichi: bool, han: int, payments: dict[str, int]) -> None:
    """Shortcut 1 and tbl:25mp: chiitoitsu is 25 fu, unrounded, also by tsumo: 16, 32 / 8-16, 16-32."""
    result = score(hand("1199m3388p2277s66z", win="6z", tsumo=tsumo, riichi=riichi))
    expected = {"chiitoitsu": 2}
    if riichi:
        expected["riichi"] = 1
    if tsumo:
        expected["menzen_tsumo"] = 1
    assert_score(result, han=han, fu=25, payments=payments, yaku=expected)


def test_book_open_toitoi_is_almost_always_40_fu() -> None:
    """Shortcut 3: open toitoi "almost always 40 minipoints". Pon 888p, pon 222s, pon 777z, concealed 999m, ron on a
    5s single wait: 20 + 2 + 2 + 4 + 8 + 2 (pair wait) = 38 -> 40; toitoi 2 + Red Dragon 1 = 3 han 40 fu = 5200."""
    result = score(hand("999m55s", win="5s", melds=[pon("888p"), pon("222s"), pon("777z")]))
    assert_score(result, han=3, fu=40, payments={"ron": 5200}, yaku={"toitoi": 2, "yakuhai_chun": 1})


def test_book_tanyao_toitoi_is_likely_30_fu() -> None:
    """Shortcut 3: toitoi is 40 fu "unless it is a tanyao toitoi hand that is likely to have 30 minipoints". Pons of
    222m, 444p, 666s, ron on 8s completing a 33p/88s shanpon (an open triplet by ron): 20 + 2 + 2 + 2 + 2 = 28 -> 30;
    toitoi 2 + tanyao 1 = 3 han 30 fu = 3900."""
    result = score(hand("33p888s", win="8s", melds=[pon("222m"), pon("444p"), pon("666s")]))
    assert_score(result, han=3, fu=30, payments={"ron": 3900}, yaku={"toitoi": 2, "tanyao": 1})


# --- "when we double the minipoints, we need one less han to get the same score" ---------------------------------


def test_book_double_fu_one_less_han_2han_25fu_equals_1han_50fu() -> None:
    """ "a 2 han-25 minipoints hand and a 1 han-50 minipoints hand have the same score (1600 for non-dealer)":
    chiitoitsu ron 1600; and 1 han 50 fu by hand: Red Dragon with a concealed 999m, closed ron on a kanchan:
    20 + 10 + 8 + 8 + 2 = 48 -> 50 = 1600."""
    chiitoi = score(hand("1199m3388p2277s66z", win="6z"))
    fifty = score(hand("999m456s345p777z11p", win="5s"))
    assert_score(chiitoi, han=2, fu=25, payments={"ron": 1600})
    assert_score(fifty, han=1, fu=50, payments={"ron": 1600}, yaku={"yakuhai_chun": 1})


def test_book_tsumo_1_han_30_fu_pays_more_than_ron() -> None:
    """ "one-han tsumo (300-500) gives you 300+300+500 = 1100, which is slightly bigger than one-han ron (1000)".

    Open Red Dragon hand, 30 fu both ways: points 1100 by tsumo and 1000 by ron.
    """
    ron = score(hand("11m345p234789s", win="3p", melds=[pon("777z")]))
    tsumo = score(hand("11m345p234789s", win="3p", tsumo=True, melds=[pon("777z")]))
    assert ron.get("points") == 1000
    assert tsumo.get("points") == 1100
