"""The engine's refusals of a hand carry a stable code and the values they name (``ErrorCode``, ``fields``), so a
window words them in its language; the English message, which the command line and records show, is unchanged."""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.classical import ClassicalHand, classical_rules, score_classical, validate_classical_hand
from scorekeeper.engine.classical.extras import ExtraTile
from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.han_fu import check_han_fu
from scorekeeper.engine.hand import Hand, Meld, MeldKind, validate_hand, validate_tiles
from scorekeeper.engine.rules import check_red_fives, hand_rules
from scorekeeper.engine.tiles import Tile, TileKind, Wind, parse_tiles
from scorekeeper.engine.waits import list_waits
from scorekeeper.errors import ErrorCode, InvalidContextError, InvalidHandError, ScorekeeperError, TileParseError

#: A complete closed hand (123m 456p 789s 111z 22z, won on 2z) and the conditions the engine knows.
TILES = parse_tiles("123m456p789s111z22z")
WIN = Tile.parse("2z")
CONDITIONS = CONDITION_NAMES


def _hand(
    tiles: str = "123m456p789s111z22z",
    *,
    win: str = "2z",
    melds: tuple[Meld, ...] = (),
    tsumo: bool = False,
    seat: Wind = Wind.SOUTH,
    dora: str = "",
    ura: str = "",
    flags: Mapping[str, bool] | None = None,
    **named: bool,
) -> Hand:
    flags = {**(flags or {}), **named}
    return Hand(
        concealed=parse_tiles(tiles),
        melds=melds,
        win=Tile.parse(win),
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=Wind.EAST,
        dora=parse_tiles(dora),
        ura=parse_tiles(ura),
        **flags,
    )


def _red_fives() -> None:
    check_red_fives(_hand("123m406p789s005m55z", win="5z", dora="0m"), hand_rules("tenhou"))


CASES: list[tuple[str, Callable[[], object], type[ScorekeeperError], ErrorCode, dict[str, object], str]] = [
    (
        "fifth-copy",
        lambda: _hand("11111m234p567s22z", win="2z"),
        InvalidHandError,
        ErrorCode.HAND_FIFTH_COPY,
        {"tile": "1m", "copies": 5},
        "five copies of 1m: a set has four",
    ),
    (
        "wrong-count",
        lambda: _hand("123m456p789s11z22z", win="2z"),
        InvalidHandError,
        ErrorCode.HAND_WRONG_TILE_COUNT,
        {"count": 13, "melds": 0, "kans": 0, "expected": 14},
        "wrong tile count: 13 concealed tiles '123m456p789s1122z' with 0 meld(s) (0 kan); a winning hand has 14"
        " concealed tiles including the winning tile",
    ),
    (
        "win-not-in-hand",
        lambda: _hand(win="3z"),
        InvalidHandError,
        ErrorCode.HAND_WIN_NOT_IN_HAND,
        {"win": "3z", "tiles": "123m456p789s11122z"},
        "the winning tile 3z is not in the hand '123m456p789s11122z'",
    ),
    (
        "win-other-five",
        lambda: _hand("123m456p789s11z555m", win="0m"),
        InvalidHandError,
        ErrorCode.HAND_WIN_OTHER_FIVE,
        {"win": "0m", "tiles": "123m456p789s11z555m"},
        "the winning tile 0m is not in the hand '123m456p789s11z555m' (only the ordinary five is)",
    ),
    (
        "indicator-fifth-copy",
        lambda: _hand(dora="1z", ura="1z", riichi=True),
        InvalidHandError,
        ErrorCode.HAND_INDICATOR_FIFTH_COPY,
        {"tile": "1z", "indicator": "ura", "held": 3},
        "five copies of 1z counting the ura indicator 1z: a set has four (the hand and its melds hold 3)",
    ),
    (
        "red-fives",
        _red_fives,
        InvalidHandError,
        ErrorCode.HAND_TOO_MANY_RED_FIVES,
        {"count": 3, "tile": "0m", "ruleset": "tenhou", "allowed": 1, "indicators": (("dora", "0m"),)},
        "three red 5m counting the dora indicator 0m: the tenhou set has one (ruleset knob red_fives_per_suit)",
    ),
    (
        "red-not-a-five",
        lambda: Tile(TileKind.M4, red=True),
        InvalidHandError,
        ErrorCode.HAND_RED_NOT_A_FIVE,
        {"tile": "4m"},
        "only a five of a number suit can be red, not 4m",
    ),
    (
        "unknown-meld-type",
        lambda: Meld.parse("kong", "1111m"),
        InvalidHandError,
        ErrorCode.MELD_UNKNOWN_TYPE,
        {"meld": "kong"},
        "unknown meld type 'kong'; meld types are chi, pon, minkan, shouminkan, ankan",
    ),
    (
        "meld-wrong-size",
        lambda: Meld.parse("pon", "11m"),
        InvalidHandError,
        ErrorCode.MELD_WRONG_SIZE,
        {"meld": "pon", "tiles": "11m", "size": 3, "count": 2},
        "malformed meld pon '11m': a pon has 3 tiles, not 2",
    ),
    (
        "meld-not-one-kind",
        lambda: Meld.parse("ankan", "1112m"),
        InvalidHandError,
        ErrorCode.MELD_NOT_ONE_KIND,
        {"meld": "ankan", "tiles": "1112m", "size": 4},
        "malformed meld ankan '1112m': a ankan is 4 tiles of one kind",
    ),
    (
        "chi-not-a-run",
        lambda: Meld.parse("chi", "124m"),
        InvalidHandError,
        ErrorCode.CHI_NOT_A_RUN,
        {"tiles": "124m"},
        "malformed meld chi '124m': a chi is three consecutive tiles of one number suit",
    ),
    (
        "riichi-open-hand",
        lambda: _hand("123m456p111z22z", melds=(Meld(MeldKind.CHI, parse_tiles("789s")),), riichi=True),
        InvalidContextError,
        ErrorCode.CONDITION_RIICHI_OPEN_HAND,
        {},
        "riichi with an open hand: riichi needs a concealed hand",
    ),
    (
        "tenhou-non-dealer",
        lambda: _hand(tsumo=True, tenhou=True),
        InvalidContextError,
        ErrorCode.CONDITION_FIRST_TURN_NOT_DEALER,
        {"condition": "tenhou"},
        "tenhou for a non-dealer: tenhou is the dealer's win on the first draw",
    ),
    (
        "first-turn-with-other",
        lambda: _hand(seat=Wind.EAST, tsumo=True, tenhou=True, haitei=True),
        InvalidContextError,
        ErrorCode.CONDITION_FIRST_TURN_WITH_OTHER,
        {"condition": "tenhou", "other_condition": "haitei"},
        "tenhou with haitei: they cannot happen on the first turn",
    ),
    (
        "chankan-tile-held",
        lambda: _hand(win="1z", chankan=True),
        InvalidContextError,
        ErrorCode.CONDITION_CHANKAN_TILE_HELD,
        {"tile": "1z", "copies": 3},
        "chankan on 1z while the hand holds 3 of it: the robbed kong holds the others",
    ),
    (
        "too-many-dora",
        lambda: _hand(dora="1m2m3m4m5m6m"),
        InvalidContextError,
        ErrorCode.CONDITION_TOO_MANY_DORA,
        {"count": 6},
        "6 dora indicators: there are at most five (one and four kan dora)",
    ),
    (
        "unknown-condition",
        lambda: validate_hand(TILES, (), WIN, False, Wind.SOUTH, nagashi=True),
        InvalidContextError,
        ErrorCode.CONDITION_UNKNOWN,
        {"conditions": "nagashi"},
        "unknown win conditions ['nagashi']",
    ),
    (
        "waiting-wrong-count",
        lambda: list_waits(
            parse_tiles("123m456p789s11z"), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, rules=hand_rules("tenhou")
        ),
        InvalidHandError,
        ErrorCode.HAND_WAITING_WRONG_TILE_COUNT,
        {"count": 11, "melds": 0, "expected": 13},
        "wrong tile count: 11 concealed tiles '123m456p789s11z' with 0 meld(s); a hand waiting to win has 13",
    ),
    (
        "not-one-tile",
        lambda: Tile.parse("12m"),
        TileParseError,
        ErrorCode.TILE_NOT_ONE_TILE,
        {"text": "12m", "position": 0, "count": 2},
        "expected one tile, got 2 in '12m'",
    ),
    (
        "han-fu",
        lambda: check_han_fu(1, 20),
        InvalidHandError,
        ErrorCode.HAN_FU_IMPOSSIBLE,
        {"han": 1, "fu": 20, "tsumo": None},
        "1 han 20 fu is not a possible win: 20 fu is pinfu by tsumo, which has menzen tsumo too: at least 2 han",
    ),
]


def _classical(
    tiles: str = "123m456p789s111z22z",
    *,
    win: str | None = "2z",
    melds: tuple[Meld, ...] = (),
    tsumo: bool = False,
    extras: tuple[ExtraTile, ...] = (),
    **flags: bool,
) -> ClassicalHand:
    return ClassicalHand(
        concealed=parse_tiles(tiles),
        melds=melds,
        win=None if win is None else Tile.parse(win),
        tsumo=tsumo,
        seat_wind=Wind.SOUTH,
        round_wind=Wind.EAST,
        extras=extras,
        last_tile_of_wall=flags.get("last_tile_of_wall", False),
        replacement_tile=flags.get("replacement_tile", False),
        robbing_the_kong=flags.get("robbing_the_kong", False),
        heavenly_hand=flags.get("heavenly_hand", False),
    )


def _extras_not_played() -> None:
    hand = _classical(extras=(ExtraTile.SPRING,))
    score_classical(hand, classical_rules("classical", {"extra_tiles": False}))


CASES += [
    (
        "classical-fifth-copy",
        lambda: _classical("11111m234p567s22z"),
        InvalidHandError,
        ErrorCode.HAND_FIFTH_COPY,
        {"tile": "1m", "copies": 5},
        "five copies of 1m: a set has four",
    ),
    (
        "classical-red-fives",
        lambda: _classical("123m406p789s111z22z"),
        InvalidHandError,
        ErrorCode.HAND_NO_RED_FIVES,
        {"tiles": "0p"},
        "red fives '0p': the classical family has none",
    ),
    (
        "classical-extra-twice",
        lambda: _classical(extras=(ExtraTile.SPRING, ExtraTile.SPRING)),
        InvalidHandError,
        ErrorCode.EXTRA_TILE_REPEATED,
        {"extras": "1f"},
        "extra tile 1f twice or more among 2 extra tiles '11f': each is unique",
    ),
    (
        "classical-no-winning-tile",
        lambda: _classical("", win=None, extras=(ExtraTile.SPRING,)),
        InvalidHandError,
        ErrorCode.HAND_NO_WINNING_TILE,
        {},
        "no winning tile: only a player holding all eight extra tiles wins without one",
    ),
    (
        "classical-extras-not-played",
        _extras_not_played,
        InvalidHandError,
        ErrorCode.EXTRA_TILES_NOT_PLAYED,
        {"extras": "1f"},
        "extra tiles '1f' held, but these rules play without them",
    ),
    (
        "classical-robbing-self-drawn",
        lambda: _classical(tsumo=True, robbing_the_kong=True),
        InvalidContextError,
        ErrorCode.CLASSICAL_ROBBING_SELF_DRAWN,
        {},
        "robbing the kong with self-drawing: the robbed tile is another player's",
    ),
    (
        "classical-last-tile-needs-self-draw",
        lambda: _classical(last_tile_of_wall=True),
        InvalidContextError,
        ErrorCode.CLASSICAL_NEEDS_SELF_DRAW,
        {"condition": "last_tile_of_wall"},
        "the last tile of the wall without self-drawing: it is drawn, not taken from a discard",
    ),
    (
        "classical-replacement-without-kong",
        lambda: _classical(tsumo=True, replacement_tile=True),
        InvalidContextError,
        ErrorCode.CLASSICAL_REPLACEMENT_WITHOUT_KONG,
        {},
        "a replacement tile with no quartet: it is drawn only after declaring a kong",
    ),
    (
        "classical-last-tile-and-replacement",
        lambda: _classical(
            "123m456p789s22z",
            melds=(Meld(MeldKind.ANKAN, parse_tiles("1111z")),),
            tsumo=True,
            replacement_tile=True,
            last_tile_of_wall=True,
        ),
        InvalidContextError,
        ErrorCode.CLASSICAL_LAST_TILE_AND_REPLACEMENT,
        {},
        "the last tile of the wall together with a replacement tile: a win is drawn from one place",
    ),
    (
        "classical-heavenly-with-melds",
        lambda: _classical(
            "123m456p111z22z", melds=(Meld(MeldKind.CHI, parse_tiles("789s")),), tsumo=True, heavenly_hand=True
        ),
        InvalidContextError,
        ErrorCode.CLASSICAL_HEAVENLY_WITH_MELDS,
        {},
        "a heavenly hand with melds: nothing can be called before the first draw",
    ),
    (
        "classical-heavenly-with-other-draw",
        lambda: _classical(tsumo=True, heavenly_hand=True, last_tile_of_wall=True),
        InvalidContextError,
        ErrorCode.CLASSICAL_HEAVENLY_WITH_OTHER_DRAW,
        {},
        "a heavenly hand with another way of drawing the winning tile",
    ),
    (
        "classical-unknown-condition",
        lambda: validate_classical_hand(parse_tiles("123m456p789s111z22z"), (), WIN, flowers=True),
        InvalidContextError,
        ErrorCode.CONDITION_UNKNOWN,
        {"conditions": "flowers"},
        "unknown classical condition(s) ['flowers']",
    ),
]


@pytest.mark.parametrize(
    ("refuse", "kind", "code", "fields", "message"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_an_engine_refusal_carries_its_code_and_fields_with_the_message_unchanged(
    refuse: Callable[[], object],
    kind: type[ScorekeeperError],
    code: ErrorCode,
    fields: dict[str, object],
    message: str,
) -> None:
    with pytest.raises(kind) as refused:
        refuse()
    assert str(refused.value) == message
    assert refused.value.code is code
    assert dict(refused.value.fields) == fields
    again = pickle.loads(pickle.dumps(refused.value))  # an error crosses to a worker process (bulk scoring)
    assert (again.code, dict(again.fields)) == (code, fields)


def test_a_problem_listed_for_live_feedback_names_the_code_its_error_carries() -> None:
    problems = validate_tiles(parse_tiles("11111m23p"), (), Tile.parse("9p"))
    assert [p.code for p in problems] == [
        ErrorCode.HAND_FIFTH_COPY,
        ErrorCode.HAND_WRONG_TILE_COUNT,
        ErrorCode.HAND_WIN_NOT_IN_HAND,
    ]
    assert problems[0].fields == {"tile": "1m", "copies": 5}


@given(
    flags=st.sets(st.sampled_from(CONDITIONS)),
    tsumo=st.booleans(),
    dealer=st.booleans(),
    kong=st.booleans(),
)
def test_every_contradiction_of_win_conditions_has_a_code_and_the_hand_raises_the_first(
    flags: set[str], tsumo: bool, dealer: bool, kong: bool
) -> None:
    tiles = "123m456p789s22z" if kong else "123m456p789s111z22z"
    melds = (Meld(MeldKind.ANKAN, parse_tiles("1111z")),) if kong else ()
    seat = Wind.EAST if dealer else Wind.SOUTH
    named = dict.fromkeys(flags, True)
    problems = validate_hand(parse_tiles(tiles), melds, WIN, tsumo, seat, (), (), **named)
    assert all(p.code is not None and p.code.value.startswith("condition_") for p in problems), problems
    if not problems:
        _hand(tiles, melds=melds, tsumo=tsumo, seat=seat, flags=named)
        return
    with pytest.raises(InvalidContextError) as refused:
        _hand(tiles, melds=melds, tsumo=tsumo, seat=seat, flags=named)
    first = problems[0]
    assert (str(refused.value), refused.value.code, dict(refused.value.fields)) == (
        first.message,
        first.code,
        dict(first.fields),
    )


def test_every_condition_code_is_reached_by_some_contradiction() -> None:
    reached: set[ErrorCode] = set()
    for size in range(4):
        for flags in itertools.combinations(CONDITIONS, size):
            for tsumo, seat, kong in itertools.product((False, True), (Wind.EAST, Wind.SOUTH), (False, True)):
                tiles = "123m456p789s22z" if kong else "123m456p789s111z22z"
                melds = (Meld(MeldKind.PON, parse_tiles("111z")),) if kong else ()
                win = Tile.parse("1z") if "chankan" in flags and not kong else WIN
                named = dict.fromkeys(flags, True)
                problems = validate_hand(
                    parse_tiles(tiles), melds, win, tsumo, seat, parse_tiles("1p" * 6), (), **named
                )
                problems += validate_hand(parse_tiles(tiles), melds, win, tsumo, seat, (), parse_tiles("1p" * 6))
                reached.update(p.code for p in problems if p.code is not None)
    conditions = {code for code in ErrorCode if code.value.startswith("condition_")} - {ErrorCode.CONDITION_UNKNOWN}
    assert conditions <= reached, sorted(conditions - reached)
