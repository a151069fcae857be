"""One example hand per yaku and yakuman, for the built-in yaku reference.

Each example is a complete hand in the engine's public JSON shape (``scorekeeper score --json``), so the reference
draws exactly the tiles the engine scores, and ``tests/gui/test_help.py`` scores every example through
``scorekeeper.engine.jsonio.score_json`` and checks that its yaku is there. The hands were made for this module
(they follow the yaku definitions of the riichi book, seed 000, and the EMA rules, seed 004, section 7); none
is copied from a rule book. No Qt here: the examples are plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.hand import MeldKind
from scorekeeper.engine.tiles import Tile, parse_tiles
from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import InvalidHandError

__all__ = ["FLAG_NAMES", "YAKU_EXAMPLES", "YakuExample", "example_for"]

#: The win conditions an example may set, in the order the engine's JSON lists them.
FLAG_NAMES = CONDITION_NAMES


@dataclass(frozen=True, slots=True, kw_only=True)
class YakuExample:
    """A winning hand that shows one yaku.

    Attributes:
        yaku: the yaku the hand shows.
        concealed: the concealed tiles in mpsz, the winning tile included (as the engine's ``hand`` field).
        melds: called or declared sets as (kind, mpsz tiles) pairs.
        win: the winning tile.
        tsumo: won by self-draw (otherwise by ron).
        seat_wind: the winner's seat wind letter (E, S, W, N); East is the dealer.
        round_wind: the round wind letter.
        flags: win conditions that hold (names from :data:`FLAG_NAMES`).
        ruleset: the preset the example is scored by (renhou needs one that values it).
    """

    yaku: Yaku
    concealed: str
    melds: tuple[tuple[MeldKind, str], ...] = ()
    win: str
    tsumo: bool = False
    seat_wind: str = "S"
    round_wind: str = "E"
    flags: tuple[str, ...] = ()
    ruleset: str = "tenhou"

    def __post_init__(self) -> None:
        unknown = [flag for flag in self.flags if flag not in FLAG_NAMES]
        if unknown:
            raise InvalidHandError(f"unknown win condition(s) {unknown} in the example of {self.yaku}")
        # The engine's ``hand`` holds the winning tile; say so early rather than draw a wrong picture.
        if parse_tiles(self.win)[0] not in parse_tiles(self.concealed):
            raise InvalidHandError(f"example of {self.yaku}: winning tile {self.win!r} not in {self.concealed!r}")

    def to_json(self) -> dict[str, Any]:
        """The hand as the engine's JSON input (``scorekeeper.engine.jsonio.hand_from_json``)."""
        obj: dict[str, Any] = {
            "hand": self.concealed,
            "melds": [{"type": str(kind), "tiles": tiles} for kind, tiles in self.melds],
            "win": self.win,
            "tsumo": self.tsumo,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            "ruleset": self.ruleset,
        }
        for flag in self.flags:
            obj[flag] = True
        return obj

    def hand_tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles without the winning tile, sorted, as the picture shows them."""
        tiles = list(parse_tiles(self.concealed))
        win = parse_tiles(self.win)[0]
        tiles.remove(win)
        return tuple(sorted(tiles, key=lambda t: (t.kind, t.red)))

    def win_tile(self) -> Tile:
        """The winning tile."""
        return parse_tiles(self.win)[0]

    def meld_tiles(self) -> tuple[tuple[MeldKind, tuple[Tile, ...]], ...]:
        """Each meld with its tiles."""
        return tuple((kind, parse_tiles(tiles)) for kind, tiles in self.melds)


_CLOSED = "123m456m789p234s99s"  # no yaku of its own: a kanchan wait on 3s, a plain pair


def _ex(yaku: Yaku, concealed: str, win: str, **kwargs: Any) -> YakuExample:
    return YakuExample(yaku=yaku, concealed=concealed, win=win, **kwargs)


_PON, _CHI, _ANKAN, _MINKAN = MeldKind.PON, MeldKind.CHI, MeldKind.ANKAN, MeldKind.MINKAN

#: One example per yaku, in the order of :class:`Yaku`.
YAKU_EXAMPLES: tuple[YakuExample, ...] = (
    _ex(Yaku.MENZEN_TSUMO, _CLOSED, "3s", tsumo=True),
    _ex(Yaku.RIICHI, _CLOSED, "3s", flags=("riichi",)),
    _ex(Yaku.DOUBLE_RIICHI, _CLOSED, "3s", flags=("riichi", "double_riichi")),
    _ex(Yaku.IPPATSU, _CLOSED, "3s", flags=("riichi", "ippatsu")),
    _ex(Yaku.CHANKAN, _CLOSED, "3s", flags=("chankan",)),
    _ex(Yaku.RINSHAN_KAIHOU, "123m456p234s99s", "3s", melds=((_ANKAN, "8888m"),), tsumo=True, flags=("rinshan",)),
    _ex(Yaku.HAITEI, "456m789p234s99s", "3s", melds=((_CHI, "123m"),), tsumo=True, flags=("haitei",)),
    _ex(Yaku.HOUTEI, "456m789p234s99s", "3s", melds=((_CHI, "123m"),), flags=("houtei",)),
    _ex(Yaku.PINFU, _CLOSED, "4s"),
    _ex(Yaku.TANYAO, "234m456m345s88s", "5s", melds=((_PON, "666p"),)),
    _ex(Yaku.IIPEIKOU, "223344m567p789s55s", "8s"),
    _ex(Yaku.RYANPEIKOU, "223344m667788p44z", "4z"),
    _ex(Yaku.YAKUHAI_HAKU, "123m456p789s99m", "9m", melds=((_PON, "555z"),)),
    _ex(Yaku.YAKUHAI_HATSU, "123m456p789s99m", "9m", melds=((_PON, "666z"),)),
    _ex(Yaku.YAKUHAI_CHUN, "123m456p789s99m", "9m", melds=((_PON, "777z"),)),
    _ex(Yaku.YAKUHAI_SEAT_WIND, "123m456p789s99m", "9m", melds=((_PON, "222z"),)),
    _ex(Yaku.YAKUHAI_ROUND_WIND, "123m456p789s99m", "9m", melds=((_PON, "111z"),)),
    _ex(Yaku.CHIITOITSU, "1144m2299p336688s", "8s"),
    _ex(Yaku.CHANTA, "123m999m789p123s11z", "2s"),
    _ex(Yaku.JUNCHAN, "123m789m123p789s11s", "8s"),
    _ex(Yaku.ITTSU, "123456789m234p55s", "5m"),
    _ex(Yaku.SANSHOKU_DOUJUN, "234m678m234p99p234s", "3m"),
    _ex(Yaku.SANSHOKU_DOUKOU, "456m99p222s", "9p", melds=((_PON, "222m"), (_PON, "222p"))),
    _ex(Yaku.SANKANTSU, "456m99p", "9p", melds=((_ANKAN, "1111m"), (_MINKAN, "8888p"), (_MINKAN, "2222s"))),
    _ex(Yaku.TOITOI, "99m333s666s", "9m", melds=((_PON, "222m"), (_PON, "888p"))),
    _ex(Yaku.SANANKOU, "222m99m444p234s777s", "3s"),
    _ex(Yaku.SHOUSANGEN, "123m456p77z", "3m", melds=((_PON, "555z"), (_PON, "666z"))),
    _ex(Yaku.HONROUTOU, "111s22z", "2z", melds=((_PON, "111m"), (_PON, "999p"), (_PON, "999s"))),
    _ex(Yaku.HONITSU, "123m345m678m99m333z", "5m"),
    _ex(Yaku.CHINITSU, "22m123m345m567m789m", "9m"),
    # Renhou is no yaku under Tenhou rules; WRC values it as a 5-han yaku (scorekeeper.engine.rules).
    _ex(Yaku.RENHOU, _CLOSED, "3s", flags=("renhou",), ruleset="wrc2022"),
    _ex(Yaku.TENHOU, _CLOSED, "3s", tsumo=True, seat_wind="E", flags=("tenhou",)),
    _ex(Yaku.CHIIHOU, _CLOSED, "3s", tsumo=True, flags=("chiihou",)),
    _ex(Yaku.DAISANGEN, "123m99p777z", "9p", melds=((_PON, "555z"), (_PON, "666z"))),
    _ex(Yaku.SUUANKOU, "111m333m444p777s99s", "7s", tsumo=True),
    _ex(Yaku.SUUANKOU_TANKI, "111m333m444p777s99s", "9s"),
    _ex(Yaku.TSUUIISOU, "222z333z555z77z", "7z", melds=((_PON, "111z"),)),
    _ex(Yaku.RYUUIISOU, "223344s666s888s66z", "6z"),
    _ex(Yaku.CHINROUTOU, "111p999p11s", "1s", melds=((_PON, "111m"), (_PON, "999m"))),
    _ex(Yaku.CHUUREN_POUTOU, "11112345678999m", "9m"),
    _ex(Yaku.JUNSEI_CHUUREN_POUTOU, "11123455678999m", "5m"),
    _ex(Yaku.KOKUSHI_MUSOU, "119m19p19s1234567z", "9m"),
    _ex(Yaku.KOKUSHI_MUSOU_13, "119m19p19s1234567z", "1m"),
    _ex(Yaku.DAISUUSHII, "11m444z", "1m", melds=((_PON, "111z"), (_PON, "222z"), (_PON, "333z"))),
    _ex(Yaku.SHOUSUUSHII, "123m44z", "3m", melds=((_PON, "111z"), (_PON, "222z"), (_PON, "333z"))),
    _ex(
        Yaku.SUUKANTSU,
        "99m",
        "9m",
        melds=((_ANKAN, "1111m"), (_MINKAN, "2222p"), (_MINKAN, "3333s"), (_MINKAN, "4444z")),
    ),
)

_BY_YAKU = {example.yaku: example for example in YAKU_EXAMPLES}


def example_for(yaku: Yaku) -> YakuExample:
    """The example hand of a yaku (every :class:`Yaku` has one)."""
    return _BY_YAKU[yaku]
