"""The riichi yaku and yakuman, by their public names, with their han (closed, open).

Names and values are the issue's public list; han follow the EMA rules (seed 004, section 7 as summarised in
the riichi book, seed 000) and Tenhou: one value closed, one open (``None`` when the yaku needs a closed hand).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from scorekeeper.engine.conditions import CONDITION_WIN_KIND, WinCondition, WinKind

__all__ = [
    "DOUBLE_YAKUMAN",
    "YAKUMAN",
    "YAKU_CONDITION",
    "YAKU_WIN_KIND",
    "Yaku",
    "closed_han",
    "open_han",
    "yakuman_multiplier",
]


class Yaku(enum.StrEnum):
    """A yaku or yakuman; persisted and shown by value. Dora, red fives and ura are counts, not yaku."""

    MENZEN_TSUMO = "menzen_tsumo"
    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    IPPATSU = "ippatsu"
    CHANKAN = "chankan"
    RINSHAN_KAIHOU = "rinshan_kaihou"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    PINFU = "pinfu"
    TANYAO = "tanyao"
    IIPEIKOU = "iipeikou"
    RYANPEIKOU = "ryanpeikou"
    YAKUHAI_HAKU = "yakuhai_haku"
    YAKUHAI_HATSU = "yakuhai_hatsu"
    YAKUHAI_CHUN = "yakuhai_chun"
    YAKUHAI_SEAT_WIND = "yakuhai_seat_wind"
    YAKUHAI_ROUND_WIND = "yakuhai_round_wind"
    CHIITOITSU = "chiitoitsu"
    CHANTA = "chanta"
    JUNCHAN = "junchan"
    ITTSU = "ittsu"
    SANSHOKU_DOUJUN = "sanshoku_doujun"
    SANSHOKU_DOUKOU = "sanshoku_doukou"
    SANKANTSU = "sankantsu"
    TOITOI = "toitoi"
    SANANKOU = "sanankou"
    SHOUSANGEN = "shousangen"
    HONROUTOU = "honroutou"
    HONITSU = "honitsu"
    CHINITSU = "chinitsu"
    RENHOU = "renhou"
    # Yakuman
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    DAISANGEN = "daisangen"
    SUUANKOU = "suuankou"
    SUUANKOU_TANKI = "suuankou_tanki"
    TSUUIISOU = "tsuuiisou"
    RYUUIISOU = "ryuuiisou"
    CHINROUTOU = "chinroutou"
    CHUUREN_POUTOU = "chuuren_poutou"
    JUNSEI_CHUUREN_POUTOU = "junsei_chuuren_poutou"
    KOKUSHI_MUSOU = "kokushi_musou"
    KOKUSHI_MUSOU_13 = "kokushi_musou_13"
    DAISUUSHII = "daisuushii"
    SHOUSUUSHII = "shousuushii"
    SUUKANTSU = "suukantsu"

    @property
    def is_yakuman(self) -> bool:
        """Whether this is a yakuman (renhou counts as one only when the ruleset values it so)."""
        return self in YAKUMAN


#: The yakuman yaku (renhou is valued by the ruleset and is not listed here).
YAKUMAN = frozenset(
    {
        Yaku.TENHOU,
        Yaku.CHIIHOU,
        Yaku.DAISANGEN,
        Yaku.SUUANKOU,
        Yaku.SUUANKOU_TANKI,
        Yaku.TSUUIISOU,
        Yaku.RYUUIISOU,
        Yaku.CHINROUTOU,
        Yaku.CHUUREN_POUTOU,
        Yaku.JUNSEI_CHUUREN_POUTOU,
        Yaku.KOKUSHI_MUSOU,
        Yaku.KOKUSHI_MUSOU_13,
        Yaku.DAISUUSHII,
        Yaku.SHOUSUUSHII,
        Yaku.SUUKANTSU,
    }
)

#: The yakuman worth two where the ruleset's ``double_yakuman`` is on: the special waits and daisuushii (issue 2;
#: tenhou.net's double yakuman).
DOUBLE_YAKUMAN = frozenset({Yaku.KOKUSHI_MUSOU_13, Yaku.SUUANKOU_TANKI, Yaku.JUNSEI_CHUUREN_POUTOU, Yaku.DAISUUSHII})


#: The yaku a win condition of the input awards (``Hand.haitei`` gives haitei, ``Hand.rinshan`` rinshan kaihou...):
#: the situational yaku and yakuman that exist on one kind of win only.
YAKU_CONDITION: Mapping[Yaku, WinCondition] = MappingProxyType(
    {
        Yaku.HAITEI: WinCondition.HAITEI,
        Yaku.HOUTEI: WinCondition.HOUTEI,
        Yaku.RINSHAN_KAIHOU: WinCondition.RINSHAN,
        Yaku.CHANKAN: WinCondition.CHANKAN,
        Yaku.TENHOU: WinCondition.TENHOU,
        Yaku.CHIIHOU: WinCondition.CHIIHOU,
        Yaku.RENHOU: WinCondition.RENHOU,
    }
)

#: The one kind of win a yaku exists on: its condition's (``CONDITION_WIN_KIND``: chankan and houtei only on a ron,
#: haitei and rinshan kaihou only on a tsumo...), and menzen tsumo, a self-draw by name. A yaku not listed goes
#: with either. For lists of yaku to tick (the yaku list entry), so that none holds the rule again.
YAKU_WIN_KIND: Mapping[Yaku, WinKind] = MappingProxyType(
    {
        Yaku.MENZEN_TSUMO: WinKind.TSUMO,
        **{yaku: CONDITION_WIN_KIND[condition] for yaku, condition in YAKU_CONDITION.items()},
    }
)


def yakuman_multiplier(yaku: Yaku, *, double_yakuman: bool) -> int:
    """How many yakuman a yakuman yaku counts for: 2 for a double yakuman where the ruleset has them, else 1."""
    return 2 if double_yakuman and yaku in DOUBLE_YAKUMAN else 1


# (closed han, open han or None when the yaku needs a closed hand). Seed 000 and EMA 2016, section 7.
_HAN: dict[Yaku, tuple[int, int | None]] = {
    Yaku.MENZEN_TSUMO: (1, None),
    Yaku.RIICHI: (1, None),
    Yaku.DOUBLE_RIICHI: (2, None),
    Yaku.IPPATSU: (1, None),
    Yaku.CHANKAN: (1, 1),
    Yaku.RINSHAN_KAIHOU: (1, 1),
    Yaku.HAITEI: (1, 1),
    Yaku.HOUTEI: (1, 1),
    Yaku.PINFU: (1, None),
    Yaku.TANYAO: (1, 1),  # open: only with open tanyao (kuitan), a ruleset knob
    Yaku.IIPEIKOU: (1, None),
    Yaku.RYANPEIKOU: (3, None),
    Yaku.YAKUHAI_HAKU: (1, 1),
    Yaku.YAKUHAI_HATSU: (1, 1),
    Yaku.YAKUHAI_CHUN: (1, 1),
    Yaku.YAKUHAI_SEAT_WIND: (1, 1),
    Yaku.YAKUHAI_ROUND_WIND: (1, 1),
    Yaku.CHIITOITSU: (2, None),
    Yaku.CHANTA: (2, 1),
    Yaku.JUNCHAN: (3, 2),
    Yaku.ITTSU: (2, 1),
    Yaku.SANSHOKU_DOUJUN: (2, 1),
    Yaku.SANSHOKU_DOUKOU: (2, 2),
    Yaku.SANKANTSU: (2, 2),
    Yaku.TOITOI: (2, 2),
    Yaku.SANANKOU: (2, 2),
    Yaku.SHOUSANGEN: (2, 2),
    Yaku.HONROUTOU: (2, 2),
    Yaku.HONITSU: (3, 2),
    Yaku.CHINITSU: (6, 5),
    Yaku.RENHOU: (5, None),  # when the ruleset values it as mangan (RenhouValue.MANGAN)
}


def closed_han(yaku: Yaku) -> int:
    """The han of a non-yakuman yaku on a closed hand."""
    return _HAN[yaku][0]


def open_han(yaku: Yaku) -> int | None:
    """The han of a non-yakuman yaku on an open hand, or None if it needs a closed hand."""
    return _HAN[yaku][1]
