"""The hand-written ``__init__`` of Hand and HandScore (written for speed) keeps the dataclass contract.

``Hand`` and ``HandScore`` set their slots directly instead of using the generated ``__init__``; these tests make
sure the signature cannot drift from the fields, and that ``Hand`` raises exactly when ``validate_hand`` finds a
problem (live GUI feedback and the constructor must never disagree).
"""

import dataclasses
import inspect
import random

import pytest

from scorekeeper.engine._result import _WritableScore
from scorekeeper.engine.hand import Hand, Meld, _new_hand, _WritableHand, validate_hand
from scorekeeper.engine.scoring import HandScore
from scorekeeper.engine.tiles import Tile, TileKind, Wind, parse_tiles
from scorekeeper.errors import ScorekeeperError

FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")


@pytest.mark.parametrize("cls", [Hand, HandScore], ids=["Hand", "HandScore"])
def test_init_signature_matches_the_dataclass_fields(cls: type) -> None:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields, strict=True):
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, parameter.name
        if field.default is not dataclasses.MISSING:
            assert parameter.default == field.default, parameter.name
        elif field.default_factory is not dataclasses.MISSING:
            assert parameter.default is not inspect.Parameter.empty, parameter.name
        else:
            assert parameter.default is inspect.Parameter.empty, parameter.name


@pytest.mark.parametrize(
    ("cls", "twin"), [(Hand, _WritableHand), (HandScore, _WritableScore)], ids=["Hand", "HandScore"]
)
def test_writable_twin_has_the_same_slots_in_the_same_order(cls: type, twin: type) -> None:
    # The hot paths fill a twin and then set its class (CPython allows it only between the same slot layouts); its
    # annotations are what mypy checks the stores against.
    assert getattr(twin, "__slots__") == getattr(cls, "__slots__")  # noqa: B009 - not on `type` for mypy
    assert list(twin.__annotations__) == [f.name for f in dataclasses.fields(cls)]


def _check(concealed, melds, win, tsumo, seat, dora, ura, flags) -> None:  # type: ignore[no-untyped-def]
    problems = validate_hand(concealed, melds, win, tsumo, seat, dora, ura, **flags)
    positional = (tuple(concealed), tuple(melds), win, tsumo, seat, Wind.EAST, tuple(dora), tuple(ura))
    fast_got: tuple[type[ScorekeeperError], str] | None = None
    try:
        fast = _new_hand(*positional, *[flags.get(name, False) for name in FLAGS])
    except ScorekeeperError as error:
        fast_got = (type(error), str(error))
    try:
        hand = Hand(
            concealed=tuple(concealed),
            melds=tuple(melds),
            win=win,
            tsumo=tsumo,
            seat_wind=seat,
            round_wind=Wind.EAST,
            dora=tuple(dora),
            ura=tuple(ura),
            **flags,
        )
        got = None
    except ScorekeeperError as error:
        got = (type(error), str(error))
    want = (problems[0].error, problems[0].message) if problems else None
    assert got == want, (concealed, melds, win, tsumo, seat, flags)
    # The JSON reader's positional constructor refuses the same hands with the same message, and builds the same.
    assert fast_got == want, (concealed, melds, win, tsumo, seat, flags)
    if got is None:
        assert type(fast) is Hand
        assert fast == hand
        assert (fast.counts, fast._held, fast._red) == (hand.counts, hand._held, hand._red)


@pytest.mark.parametrize(
    ("concealed", "melds", "win"),
    [
        ("123m456p789s11z22z", (), "2z"),
        ("123m456p11z22z", (("ankan", "7777s"),), "2z"),
        ("123m456p11z22z", (("pon", "777s"),), "1z"),
        ("123m456p11z2z", (("chi", "789s"),), "2z"),
        ("123m456p11z22z", (("minkan", "7777s"),), "2z"),
        ("1235m456p789s111z2z", (), "2z"),
    ],
    ids=["closed", "ankan", "open-pon", "open-chi-tanki", "open-kan", "closed-tanki"],
)
def test_hand_raises_exactly_when_validate_hand_finds_a_problem_for_every_flag_set(concealed, melds, win) -> None:  # type: ignore[no-untyped-def]
    tiles = parse_tiles(concealed)
    built_melds = tuple(Meld.parse(kind, text) for kind, text in melds)
    win_tile = Tile.parse(win)
    for bits in range(1 << 11):
        flags = {name: bool(bits >> i & 1) for i, name in enumerate(FLAGS)}
        tsumo = bool(bits >> 10 & 1)
        for seat in (Wind.EAST, Wind.SOUTH):
            _check(tiles, built_melds, win_tile, tsumo, seat, (win_tile,), (), flags)
    for dora, ura in (((win_tile,) * 6, ()), ((), (win_tile,) * 6)):
        _check(tiles, built_melds, win_tile, False, Wind.SOUTH, dora, ura, {})


def test_hand_raises_exactly_when_validate_hand_finds_a_problem_with_red_and_plain_fives() -> None:
    rng = random.Random(1)
    fives = (TileKind.M5, TileKind.P5, TileKind.S5)
    for _ in range(4000):
        kinds = [rng.choice([4, 13, 22, 3, 5, 12, 14, 27]) for _ in range(14)]
        tiles = [Tile(TileKind(k), red=(TileKind(k) in fives and rng.random() < 0.3)) for k in kinds]
        win = rng.choice([*tiles, Tile(TileKind.M5), Tile(TileKind.M5, red=True), Tile(TileKind.P5, red=True)])
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.3:
            melds = (Meld.parse("pon", rng.choice(["555m", "055m", "550p"])),)
            tiles = tiles[:11]
        if rng.random() < 0.1:
            tiles = tiles[:-1]
        _check(tiles, melds, win, rng.random() < 0.5, Wind.SOUTH, (), (), {})
