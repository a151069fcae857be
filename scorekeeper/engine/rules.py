"""Hand-scoring rules: every knob that changes what a hand is worth, and the named presets.

The table knobs (honba, riichi sticks, uma, bust...) live in ``scorekeeper.session``, which wraps these.
Each preset value names its source; where sources disagree the preset decides and says so.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from scorekeeper.engine.knobs import coerce_knob
from scorekeeper.errors import ErrorCode, InvalidHandError, InvalidRulesetError, quote

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from typing import Any

    from scorekeeper.engine.hand import Hand

__all__ = [
    "PRESET_NAMES",
    "HandRules",
    "KazoeLimit",
    "RenhouValue",
    "check_red_fives",
    "hand_rules",
]


class KazoeLimit(enum.StrEnum):
    """What 13 or more han without a yakuman yaku is worth."""

    YAKUMAN = "yakuman"  # counted (kazoe) yakuman: Tenhou, M-League
    SANBAIMAN = "sanbaiman"  # capped at sanbaiman: RCR 2016 4.1.3, EMA 2025 4.1.2, seed 004 6.1 ("no counted yakuman")


class RenhouValue(enum.StrEnum):
    """What renhou (a non-dealer's ron before their first draw, no call made) is worth, if anything."""

    NONE = "none"  # not a yaku (a renhou flag then adds nothing): Tenhou, M-League
    MANGAN = "mangan"  # a flat mangan unless the hand is worth more without it: RCR 2016 4.2.4 and EMA 2025 4.2.4
    # (a five-han yaku "not cumulative with other yaku and dora")
    FIVE_HAN = "five_han"  # a 5-han yaku that adds up with other yaku and dora: WRC (2014 precisions)
    YAKUMAN = "yakuman"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRules:
    """The knobs that decide a hand's value.

    Attributes:
        name: the preset this came from (``custom`` once overridden).
        red_fives: red fives count as dora (aka dora). Without it a red five is an ordinary five.
        open_tanyao: tanyao counts on an open hand (kuitan).
        kiriage_mangan: 4 han 30 fu and 3 han 60 fu (1920 base) round up to mangan.
        kazoe: what 13+ han without a yakuman yaku is worth.
        double_yakuman: thirteen-wait kokushi, suuankou tanki, junsei chuuren and daisuushii count double.
        compound_yakuman: several yakuman yaku in one hand add up (otherwise the hand is a single yakuman).
        double_wind_pair_fu: fu for a pair of a wind that is both seat and round wind (2 or 4).
        renhou: what renhou is worth.
        aotenjou: no limits: base points grow without cap and yakuman count as 13 han (seed 002).
        red_fives_per_suit: how many of the set's four fives of man, pin and sou are red, 1 to 4 each (with
            ``red_fives`` on): a hand holding more red fives of a suit is refused (:func:`check_red_fives`).
            One each is tenhou.net's set (riichi.wiki "Dora", Akadora: "The most common rule is to include three
            red fives, one of each suit"; riichi.wiki's list of rule variations, page diff 10513, Akadora: "Ari -
            Use three red fives, one per suit", and "Tenhou.net offers both rules", ari and nashi); many sets hold
            two red 5p ("Most modern mahjong sets will include an extra red 5p", riichi.wiki "Dora", diff 25487):
            ``[1, 2, 1]``. Without ``red_fives`` a red five is an ordinary five and this is not checked.
    """

    name: str
    red_fives: bool
    open_tanyao: bool
    kiriage_mangan: bool
    kazoe: KazoeLimit
    double_yakuman: bool
    compound_yakuman: bool
    double_wind_pair_fu: int
    renhou: RenhouValue
    aotenjou: bool = False
    # Every preset's set holds one red five per suit: tenhou.net and M.League play with one each (see the
    # attribute's note); the EMA and WRC presets play without red fives, where the value is not used.
    red_fives_per_suit: tuple[int, int, int] = (1, 1, 1)

    def __post_init__(self) -> None:
        if self.double_wind_pair_fu not in (2, 4):
            raise InvalidRulesetError(f"double_wind_pair_fu must be 2 or 4, got {quote(self.double_wind_pair_fu)}")
        reds = self.red_fives_per_suit
        if len(reds) != 3 or not all(type(n) is int and 1 <= n <= 4 for n in reds):
            raise InvalidRulesetError(
                "red_fives_per_suit must be three whole numbers from 1 to 4 (the red fives of man, pin and sou; "
                f"turn red_fives off for none), got {quote(list(reds))}"
            )

    def with_overrides(self, overrides: dict[str, Any]) -> HandRules:
        """A copy with some knobs changed, named ``custom``.

        Raises:
            InvalidRulesetError: for an unknown knob or a value of the wrong type.
        """
        return _apply_overrides(self, overrides)


_COUNT_WORDS = ("no", "one", "two", "three", "four")
_SUIT_LETTERS = "mps"


def check_red_fives(hand: Hand, rules: HandRules) -> None:
    """Refuse a hand showing more red fives of a suit than the ruleset's set has: its concealed tiles, its melds and
    its dora and ura indicators (an indicator is a tile of the same set, as for the four copies of a kind: doubt 9
    of docs/engine.md).

    Called where a hand comes in under a ruleset: the JSON answers (``jsonio``), the command line, the hand draft
    and a session's new win; not by the scorer, so that a game stored before this knob existed keeps loading. The
    common hand pays a look at its indicators (a set holds at least one red five per suit: fewer than two red fives
    in sight are always within it). A Hand knows no ruleset, so the check is here.

    Raises:
        InvalidHandError: naming the suit, the count and the set, e.g. "two red 5m: the tenhou set has one", and
            "counting the dora indicator 0m" when an indicator is one of them.
    """
    if not rules.red_fives:
        return
    shown = hand._red
    for tile in hand.dora:
        shown += tile.red
    for tile in hand.ura:
        shown += tile.red
    if shown <= 1:
        return
    held = [0, 0, 0]
    for tile in hand.concealed:
        if tile.red:
            held[tile.kind // 9] += 1
    for meld in hand.melds:
        for tile in meld.tiles:
            if tile.red:
                held[tile.kind // 9] += 1
    indicated: list[tuple[int, str, str]] = []  # (suit, "dora", "0m")
    for field_name, tiles in (("dora", hand.dora), ("ura", hand.ura)):
        for tile in tiles:
            if tile.red:
                held[tile.kind // 9] += 1
                indicated.append((tile.kind // 9, field_name, str(tile)))
    for suit, has in enumerate(rules.red_fives_per_suit):
        count = held[suit]
        if count > has:
            named = [f"the {field_name} indicator {tile}" for of_suit, field_name, tile in indicated if of_suit == suit]
            counting = f" counting {' and '.join(named)}" if named else ""
            raise InvalidHandError(
                f"{_COUNT_WORDS[count]} red 5{_SUIT_LETTERS[suit]}{counting}: the {rules.name} set has "
                f"{_COUNT_WORDS[has]} (ruleset knob red_fives_per_suit)",
                code=ErrorCode.HAND_TOO_MANY_RED_FIVES,
                fields={
                    "count": count,
                    "tile": f"0{_SUIT_LETTERS[suit]}",
                    "ruleset": rules.name,
                    "allowed": has,
                    "indicators": tuple(
                        (field_name, tile) for of_suit, field_name, tile in indicated if of_suit == suit
                    ),
                },
            )


def _apply_overrides(rules: HandRules, overrides: dict[str, Any]) -> HandRules:
    fields = {f.name: f for f in dataclasses.fields(rules)}
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key == "name" or key not in fields:
            raise InvalidRulesetError(f"unknown hand-scoring knob {quote(key)}")
        changes[key] = coerce_knob(key, getattr(rules, key), value)
    return dataclasses.replace(rules, name="custom", **changes)


_PRESETS: dict[str, HandRules] = {
    # Tenhou.net four-player ranked rules (the real-game samples in ../shared/samples are scored by them): one red
    # five per suit, kuitan, no kiriage mangan, kazoe yakuman, no double yakuman for special waits, several
    # yakuman add up, a double-wind pair is 4 fu (seed 000, footnote on the double-wind pair: "the case with EMA
    # rules and Tenhou rules"), no renhou.
    "tenhou": HandRules(
        name="tenhou",
        red_fives=True,
        open_tanyao=True,
        kiriage_mangan=False,
        kazoe=KazoeLimit.YAKUMAN,
        double_yakuman=False,
        compound_yakuman=True,
        double_wind_pair_fu=4,
        renhou=RenhouValue.NONE,
    ),
    # M.League rules (m-league.jp/about; summarised on riichi.wiki "M.League", "Notable rule variations"): one red
    # five per suit, kuitan, kiriage mangan, kazoe yakuman, no double yakuman, yakuman add up, a double-wind pair
    # is 2 fu (riichi.wiki lists it as a notable variation), no renhou. Kiriage, kazoe and stacking are not in that
    # list of variations and follow the common Japanese competition rules (see docs/engine.md, doubts).
    "mleague": HandRules(
        name="mleague",
        red_fives=True,
        open_tanyao=True,
        kiriage_mangan=True,
        kazoe=KazoeLimit.YAKUMAN,
        double_yakuman=False,
        compound_yakuman=True,
        double_wind_pair_fu=2,
        renhou=RenhouValue.NONE,
    ),
    # EMA "Riichi Competition Rules", 2016 edition ("RCR 2016", ../shared/rules/Riichi-rules-2016-EN.pdf; scoring in
    # chapter 4, in fan and minipoints). Every value is read in that text; its ten 4.3 scoring examples are tests
    # (tests/engine/test_rcr2016_examples.py).
    "ema2016": HandRules(
        name="ema2016",
        red_fives=False,  # RCR 2016 1.3: "Red fives are no longer used in EMA riichi rules"; 4.1: fan are yaku,
        # dora, kan dora and ura dora
        open_tanyao=True,  # RCR 2016 4.2.1 All Simples: "Hand with no terminals and honours" (no concealed
        # condition); revision notes: "Tanyao (All Simples) can be an open hand"
        kiriage_mangan=False,  # RCR 2016 4.3 example 2 and the 6 tables: 4 fan 30 minipoints is 7,700 (11,600 to
        # East); revision notes: "4-30 is not rounded to mangan payment"
        kazoe=KazoeLimit.SANBAIMAN,  # RCR 2016 4.1.3 tables: "Sanbaiman 11+"; 4.2: "No more than thirteen fan can
        # be obtained in this way"; revision notes: "A hand with 13+ fan is scored as a sanbaiman, not a yakuman"
        double_yakuman=False,  # RCR 2016 4.2.5 names no double yakuman; revision notes: Big Four Winds "is a
        # yakuman, not a double yakuman"
        compound_yakuman=False,  # RCR 2016 4.2: "Yakuman are not cumulative"
        double_wind_pair_fu=4,  # RCR 2016 4.1.1: 2 minipoints "for each of the following": "Pair of seat wind",
        # "Pair of prevalent wind" (a pair that is both counts both)
        renhou=RenhouValue.MANGAN,  # RCR 2016 4.2.4 Five fan yaku, Blessing of Man: "Not cumulative with other
        # yaku and dora" (5 fan is a mangan, 4.1.3); revision notes: renhou "is a mangan, not a yakuman"
    ),
    # EMA "Rules for Japanese Mahjong", 2025 edition, version 1.1 ("EMA 2025", ../shared/rules/
    # Riichi-rules-2025-EN.pdf; in force for EMA tournaments from 1 January 2026; scoring in chapter 4, in han).
    # Every value is read in that text; its ten 4.3 scoring examples are tests (tests/engine/test_ema2025_examples.py).
    "ema2025": HandRules(
        name="ema2025",
        red_fives=False,  # EMA 2025 1.3: "Red fives are not used in EMA riichi mahjong rules"; 4.1: han are yaku,
        # dora, kan dora and ura dora
        open_tanyao=True,  # EMA 2025 4.2.1 All Simples: "Hand with neither terminals nor honours" (not in the
        # annex's italics of yaku that must be concealed)
        kiriage_mangan=True,  # EMA 2025 4.1.2: "any base value greater than 1,900 becomes 2,000"; 4.1.3: "4 han
        # and 30 or more fu, and 3 han and 60 or more fu, are worth mangan"; 4.3 examples 2 and 8
        kazoe=KazoeLimit.SANBAIMAN,  # EMA 2025 4.1.2: "11 or more" han is sanbaiman, yakuman only for yakuman
        # hands; 4.2: "No more than eleven han can be obtained in this way"
        double_yakuman=False,  # EMA 2025 4.1.2: a yakuman's base value is 8,000; 4.2.6 names no double yakuman
        compound_yakuman=False,  # EMA 2025 4.2: "Yakuman are not cumulative"
        double_wind_pair_fu=2,  # EMA 2025 4.1.1: "A pair of both seat and round winds is worth only 2 minipoints";
        # revision notes: "treated as 2 minipoints instead of 4"
        renhou=RenhouValue.MANGAN,  # EMA 2025 4.2.4 Five han yaku, Blessing of Man: "Cannot be combined with other
        # yaku or with dora" (5 han is a mangan, 4.1.2)
    ),
    # Seed 004 (../shared/seeds/004_*): the World Riichi Championship rules 2015, chapter 6 "Scoring" (in han), shown
    # beside the RCR 2012 text on ooyamaneko.net (docs/sources.md). Until the 2025 edition was held here, ``ema2025``
    # followed this seed (issue 9); it keeps its values under the name of what it is (issue 25). What seed 004 does
    # not say is RCR 2016's and says so.
    "wrc2015": HandRules(
        name="wrc2015",
        red_fives=False,  # seed 004 6.1: han are yaku, dora, kan dora and ura dora: no red fives
        open_tanyao=True,  # not in seed 004: as RCR 2016 4.2.1
        kiriage_mangan=True,  # seed 004 6.1: "A base value of 1920 points ... is rounded up to 2,000 points"
        kazoe=KazoeLimit.SANBAIMAN,  # seed 004 6.1: "There is no counted yakuman ... only rewarded sanbaiman"
        double_yakuman=False,  # seed 004 6.1: "For yakuman hands, the base value is 8000" (one yakuman, always)
        compound_yakuman=False,  # seed 004 6.1: likewise, several yakuman yaku are still 8000
        double_wind_pair_fu=4,  # seed 004 6.3: the table gives a double wind pair 4 minipoints
        renhou=RenhouValue.MANGAN,  # not in seed 004: as RCR 2016 4.2.4
    ),
    # World Riichi Championship rules 2022 (riichi.wiki "World Riichi Championship rules"; the WRC 2015 text on
    # ooyamaneko.net for what did not change): no red fives, kuitan, kiriage mangan (6.1), no counted yakuman,
    # "every yakuman is counted as single yakuman" (no double, no stacking), renhou a mangan yaku that adds up
    # with other yaku (WRC 2014 precisions), double-wind pair 2 fu (WRC 2022 change; see docs/engine.md, doubts).
    "wrc2022": HandRules(
        name="wrc2022",
        red_fives=False,
        open_tanyao=True,
        kiriage_mangan=True,
        kazoe=KazoeLimit.SANBAIMAN,
        double_yakuman=False,
        compound_yakuman=False,
        double_wind_pair_fu=2,
        renhou=RenhouValue.FIVE_HAN,
    ),
}

PRESET_NAMES: tuple[str, ...] = (*_PRESETS, "custom")


def hand_rules(name: str, overrides: dict[str, Any] | None = None) -> HandRules:
    """The hand-scoring rules of a named preset, optionally with overrides (the result is named ``custom``).

    ``custom`` alone is the Tenhou preset renamed, the base to override from.

    Raises:
        InvalidRulesetError: for an unknown preset or knob.
    """
    if name == "custom":
        rules = dataclasses.replace(_PRESETS["tenhou"], name="custom")
    else:
        try:
            rules = _PRESETS[name]
        except KeyError:
            known = ", ".join(PRESET_NAMES)
            raise InvalidRulesetError(f"unknown ruleset {quote(name)}; known rulesets: {known}") from None
    return rules.with_overrides(overrides) if overrides else rules
