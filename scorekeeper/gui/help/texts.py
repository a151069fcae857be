"""Plain one-line explanations of every yaku, translated, for the yaku reference.

The meanings follow the riichi book's yaku chapter as cited by the engine (seed 000), the EMA rules (seed 004,
section 7) and the beginner lesson (seed 001); the sentences are our own. They are built when asked for (not at
import), so they come out in the language installed at that time.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from scorekeeper.engine.yaku import Yaku

__all__ = ["condition_name", "yaku_explanation"]

_CONTEXT = "YakuHelp"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _explanations() -> dict[Yaku, str]:
    return {
        Yaku.MENZEN_TSUMO: _t("Win by drawing the tile yourself with a closed hand (no calls)."),
        Yaku.RIICHI: _t("Declare riichi with a closed, ready hand and put a 1,000-point stick on the table."),
        Yaku.DOUBLE_RIICHI: _t("Riichi declared on your very first discard, before anyone called a tile."),
        Yaku.IPPATSU: _t("Win within one go-round after your riichi, before any call interrupts it."),
        Yaku.CHANKAN: _t("Win on the tile another player adds to their pon to make a kan."),
        Yaku.RINSHAN_KAIHOU: _t("Win with the replacement tile you draw after declaring a kan."),
        Yaku.HAITEI: _t("Win by drawing the very last tile of the wall."),
        Yaku.HOUTEI: _t("Win on the discard that follows the last tile of the wall."),
        Yaku.PINFU: _t(
            "Closed hand of four runs and a pair that is no dragon, seat wind or round wind, won on a two-sided wait."
        ),
        Yaku.TANYAO: _t("Only tiles 2 to 8: no 1s, no 9s, no winds, no dragons."),
        Yaku.IIPEIKOU: _t("Closed hand with the same run twice in the same suit."),
        Yaku.RYANPEIKOU: _t("Closed hand with two different runs, each twice (counts instead of iipeikou)."),
        Yaku.YAKUHAI_HAKU: _t("A set of three (or four) white dragons."),
        Yaku.YAKUHAI_HATSU: _t("A set of three (or four) green dragons."),
        Yaku.YAKUHAI_CHUN: _t("A set of three (or four) red dragons."),
        Yaku.YAKUHAI_SEAT_WIND: _t("A set of three (or four) of your own seat wind."),
        Yaku.YAKUHAI_ROUND_WIND: _t("A set of three (or four) of the round's wind (East in the East round)."),
        Yaku.CHIITOITSU: _t("Seven different pairs, closed."),
        Yaku.CHANTA: _t("Every set and the pair hold a 1, a 9 or an honour tile, with at least one run."),
        Yaku.JUNCHAN: _t("Every set and the pair hold a 1 or a 9, no honour tiles, with at least one run."),
        Yaku.ITTSU: _t("The runs 1-2-3, 4-5-6 and 7-8-9 of one suit."),
        Yaku.SANSHOKU_DOUJUN: _t("The same run in all three suits."),
        Yaku.SANSHOKU_DOUKOU: _t("A set of three of the same number in all three suits."),
        Yaku.SANKANTSU: _t("Three kans, open or closed."),
        Yaku.TOITOI: _t("Four sets of three (no runs) and a pair."),
        Yaku.SANANKOU: _t("Three sets of three made without calling (a set finished by a ron tile does not count)."),
        Yaku.SHOUSANGEN: _t("Two dragon sets of three and a pair of the third dragon."),
        Yaku.HONROUTOU: _t("Only 1s, 9s and honour tiles."),
        Yaku.HONITSU: _t("One suit plus honour tiles."),
        Yaku.CHINITSU: _t("One suit only, no honour tiles."),
        Yaku.RENHOU: _t("A non-dealer wins by ron before their first draw, with no call made; its value is a rule."),
        Yaku.TENHOU: _t("The dealer's starting fourteen tiles are already a winning hand."),
        Yaku.CHIIHOU: _t("A non-dealer wins with their first draw, with no call made before it."),
        Yaku.DAISANGEN: _t("Sets of three of all three dragons."),
        Yaku.SUUANKOU: _t("Four sets of three made without calling, won by tsumo."),
        Yaku.SUUANKOU_TANKI: _t("Four concealed sets of three, waiting on the pair (ron is fine too)."),
        Yaku.TSUUIISOU: _t("Only winds and dragons."),
        Yaku.RYUUIISOU: _t("Only green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon."),
        Yaku.CHINROUTOU: _t("Only 1s and 9s."),
        Yaku.CHUUREN_POUTOU: _t("Closed 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more of that suit."),
        Yaku.JUNSEI_CHUUREN_POUTOU: _t("Nine gates waiting on all nine tiles of the suit."),
        Yaku.KOKUSHI_MUSOU: _t("One of each 1, 9, wind and dragon, and a second of one of them."),
        Yaku.KOKUSHI_MUSOU_13: _t("Thirteen orphans waiting on all thirteen tiles."),
        Yaku.DAISUUSHII: _t("Sets of three of all four winds."),
        Yaku.SHOUSUUSHII: _t("Three wind sets of three and a pair of the fourth wind."),
        Yaku.SUUKANTSU: _t("Four kans."),
    }


def yaku_explanation(yaku: Yaku) -> str:
    """One plain, translated sentence on what makes ``yaku``."""
    return _explanations()[yaku]


def condition_name(flag: str) -> str:
    """The translated name of a win condition of an example (``riichi``, ``haitei`` ...)."""
    names = {
        "riichi": _t("riichi"),
        "double_riichi": _t("double riichi"),
        "ippatsu": _t("ippatsu"),
        "haitei": _t("last tile of the wall"),
        "houtei": _t("last discard"),
        "rinshan": _t("replacement tile after a kan"),
        "chankan": _t("robbing a kan"),
        "tenhou": _t("dealer's first draw"),
        "chiihou": _t("first draw"),
        "renhou": _t("before the first draw"),
    }
    return names.get(flag, flag)
