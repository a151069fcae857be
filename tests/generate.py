"""A seeded, constructive generator of complete riichi hands, as input objects of ``scorekeeper score --json``.

Hands are built, never filtered (STYLE.md section 7): four groups and a pair (or seven pairs, or thirteen
orphans) are drawn from one physical set of 136 tiles, so no kind ever appears more than four times and each
suit has exactly one red five (the Tenhou set, seed 002 "Dora": one red five per suit). Dora and ura indicators
are drawn from the same set after the hand, so the hand and its indicators together never hold a fifth copy.

Each hand comes with a plausible win context: ron or tsumo, seat and round wind, riichi / double riichi / ippatsu
only on a closed hand, haitei only by tsumo, houtei only by ron, rinshan only by tsumo on a hand with a kan,
chankan only by ron on a tile of which the hand holds no other copy, tenhou / chiihou / renhou only on a hand
with no meld at all, one dora indicator plus one per kan, and as many ura indicators when riichi was declared
(and, for one hand in ten without riichi, ura indicators that must count nothing).

Use::

    from tests.generate import generate_hands
    for obj in generate_hands(seed=1, count=1000):          # dicts for score_json
        ...
    gen = generate_hand(random.Random(7), shape="kans")      # one GeneratedHand, with its intended groups

The generator knows nothing of yaku: some hands have no yaku (an open hand with nothing else, a closed ron
without riichi); the engine must refuse those with ``NoYakuError``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "SHAPES",
    "GeneratedHand",
    "Group",
    "format_tile_list",
    "generate_hand",
    "generate_hands",
]

#: The shapes the generator builds. ``closed``: four concealed groups and a pair; ``open``: at least one called
#: chi / pon / minkan / shouminkan; ``kans``: at least one kan (ankan, minkan or shouminkan); ``chiitoitsu``:
#: seven different pairs; ``kokushi``: the thirteen orphans plus one; ``yakuman``: a yakuman pattern (daisangen,
#: suuankou, tsuuiisou, ryuuiisou, chinroutou, chuuren poutou, daisuushii, shousuushii, suukantsu).
SHAPES: tuple[str, ...] = ("closed", "open", "kans", "chiitoitsu", "kokushi", "yakuman")

#: How often each shape comes when none is asked for: mostly ordinary hands, enough rare ones to cover them.
_SHAPE_WEIGHTS: tuple[int, ...] = (40, 30, 12, 8, 3, 7)

_YAKUMAN_PATTERNS: tuple[str, ...] = (
    "daisangen",
    "suuankou",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "daisuushii",
    "shousuushii",
    "suukantsu",
)


_WIND_LETTERS = ("E", "S", "W", "N")
_SUIT_LETTERS = "mpsz"
_FIVES = (4, 13, 22)
_TERMINAL_HONOR = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
_GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and the green dragon (ryuuiisou, seed 002)

# A tile inside the generator is (kind 0..33 in mpsz order, red flag).
_Tile = tuple[int, bool]


@dataclass(frozen=True, slots=True)
class Group:
    """One group of the intended decomposition: its tiles in mpsz and how it sits in the hand.

    Attributes:
        tiles: the group's tiles in mpsz, e.g. ``"406m"``, ``"777z"``, ``"1111p"``, ``"55s"``.
        kind: ``pair``, ``run``, ``triplet``, or the meld type (``chi``, ``pon``, ``minkan``, ``shouminkan``,
            ``ankan``) when the group was called or declared.
    """

    tiles: str
    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneratedHand:
    """A generated hand: the ``score_json`` input object, its shape and the decomposition it was built from.

    Attributes:
        input: the input object of ``scorekeeper score --json``.
        shape: one of :data:`SHAPES`.
        pattern: a finer label: the flavour of an ordinary hand (``tanyao``, ``honitsu``...) or the yakuman
            pattern.
        groups: the groups the hand was built from (seven pairs for chiitoitsu, one 14-tile group for kokushi).
    """

    input: dict[str, Any]
    shape: str
    pattern: str
    groups: tuple[Group, ...]


def _tile_str(tile: _Tile) -> str:
    kind, red = tile
    return f"{0 if red else kind % 9 + 1}{_SUIT_LETTERS[kind // 9]}"


def _sort_key(tile: _Tile) -> tuple[int, bool]:
    # A red five sorts before the plain fives, as Tenhou's own hand strings write it ("23405567m").
    return tile[0], not tile[1]


def format_tile_list(tiles: Sequence[_Tile]) -> str:
    """Write generator tiles in mpsz, sorted, one suit letter per suit (``"23405567m456p"``)."""
    out: list[str] = []
    current = ""
    for kind, red in sorted(tiles, key=_sort_key):
        suit = _SUIT_LETTERS[kind // 9]
        if current and suit != current:
            out.append(current)
        out.append("0" if red else str(kind % 9 + 1))
        current = suit
    if current:
        out.append(current)
    return "".join(out)


class _RestartError(Exception):
    """The random choices ran into a dead end (the wall ran out of a kind): build the hand again."""


class _Wall:
    """The 136 physical tiles still available: four of each kind, one of each five red."""

    __slots__ = ("counts", "reds", "rng")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counts = [4] * 34
        self.reds = {4: 1, 13: 1, 22: 1}

    def has(self, kind: int, n: int) -> bool:
        return self.counts[kind] >= n

    def take(self, kind: int, n: int) -> list[_Tile]:
        """Take n copies of a kind; a five is red with the odds of drawing it from what is left."""
        if self.counts[kind] < n:
            raise _RestartError
        out: list[_Tile] = []
        for _ in range(n):
            red = False
            if kind in self.reds and self.reds[kind] and self.rng.random() < self.reds[kind] / self.counts[kind]:
                red = True
                self.reds[kind] -= 1
            self.counts[kind] -= 1
            out.append((kind, red))
        return out

    def draw_any(self) -> _Tile:
        """One tile drawn uniformly from what is left (for dora and ura indicators)."""
        total = sum(self.counts)
        pick = self.rng.randrange(total)
        for kind, count in enumerate(self.counts):
            if pick < count:
                return self.take(kind, 1)[0]
            pick -= count
        raise AssertionError("unreachable: pick is below the total")


# ---------------------------------------------------------------------------------------------------------------
# Group choice. A "group spec" is ("run", first kind) or ("triplet", kind); a flavour restricts the choices so
# that ordinary hands often carry tanyao, honitsu, chinitsu, chanta, junchan, pinfu or toitoi shapes, or
# tiles that read several ways (overlap).

_GroupSpec = tuple[str, int]
_Groupish = tuple[_GroupSpec, list[_Tile]]

_ALL_RUNS: tuple[_GroupSpec, ...] = tuple(("run", k) for k in range(27) if k % 9 <= 6)
_ALL_TRIPLETS: tuple[_GroupSpec, ...] = tuple(("triplet", k) for k in range(34))


def _group_kinds(spec: _GroupSpec) -> tuple[int, ...]:
    shape, kind = spec
    return (kind, kind + 1, kind + 2) if shape == "run" else (kind, kind, kind)


def _flavour_filter(flavour: str, suit: int) -> tuple[Callable[[_GroupSpec], bool], Callable[[int], bool]]:
    """Predicates (on a group, on a pair kind) for an ordinary hand's flavour."""
    if flavour == "tanyao":
        return (lambda g: all(k < 27 and k % 9 not in (0, 8) for k in _group_kinds(g))), (
            lambda k: k < 27 and k % 9 not in (0, 8)
        )
    if flavour == "honitsu":
        return (lambda g: g[1] >= 27 or g[1] // 9 == suit), (lambda k: k >= 27 or k // 9 == suit)
    if flavour == "chinitsu":
        return (lambda g: g[1] < 27 and g[1] // 9 == suit), (lambda k: k < 27 and k // 9 == suit)
    if flavour == "chanta":
        return (lambda g: any(k in _TERMINAL_HONOR for k in _group_kinds(g))), (lambda k: k in _TERMINAL_HONOR)
    if flavour == "junchan":
        return (lambda g: any(k < 27 and k % 9 in (0, 8) for k in _group_kinds(g))), (
            lambda k: k < 27 and k % 9 in (0, 8)
        )
    if flavour == "pinfu":
        return (lambda g: g[0] == "run"), (lambda k: k < 31)
    if flavour == "toitoi":
        return (lambda g: g[0] == "triplet"), (lambda k: True)
    return (lambda g: True), (lambda k: True)


_FLAVOURS: tuple[str, ...] = (
    "any",
    "tanyao",
    "honitsu",
    "chinitsu",
    "chanta",
    "junchan",
    "pinfu",
    "toitoi",
    "sanshoku",
    "sanshoku_doukou",
    "ittsu",
    "peikou",
    "overlap",
    "dragons",
    "winds",
)
_FLAVOUR_WEIGHTS: tuple[int, ...] = (30, 8, 6, 4, 4, 3, 8, 4, 4, 2, 4, 5, 6, 6, 4)


def _pick_group(rng: random.Random, wall: _Wall, accept: Callable[[_GroupSpec], bool], runs_weight: float) -> _Groupish:
    """Take one random group the wall can still supply, runs with probability ``runs_weight``."""
    for _ in range(30):
        pool = _ALL_RUNS if rng.random() < runs_weight else _ALL_TRIPLETS
        spec = rng.choice(pool)
        if not accept(spec):
            continue
        kinds = _group_kinds(spec)
        if all(wall.has(k, kinds.count(k)) for k in set(kinds)):
            return spec, [t for k in kinds for t in wall.take(k, 1)]
    raise _RestartError


def _take_spec(wall: _Wall, spec: _GroupSpec) -> _Groupish:
    kinds = _group_kinds(spec)
    if not all(wall.has(k, kinds.count(k)) for k in set(kinds)):
        raise _RestartError
    return spec, [t for k in kinds for t in wall.take(k, 1)]


def _pick_pair(rng: random.Random, wall: _Wall, accept: Callable[[int], bool]) -> list[_Tile]:
    for _ in range(40):
        kind = rng.randrange(34)
        if accept(kind) and wall.has(kind, 2):
            return wall.take(kind, 2)
    raise _RestartError


def _ordinary_groups(
    rng: random.Random, wall: _Wall, flavour: str, *, need_triplet: bool
) -> tuple[list[_Groupish], list[_Tile]]:
    """Four groups and a pair for an ordinary hand of the given flavour."""
    suit = rng.randrange(3)
    groups: list[_Groupish] = []
    if flavour == "sanshoku":
        start = rng.randrange(7)
        groups += [_take_spec(wall, ("run", s * 9 + start)) for s in range(3)]
    elif flavour == "sanshoku_doukou":
        number = rng.randrange(9)
        groups += [_take_spec(wall, ("triplet", s * 9 + number)) for s in range(3)]
    elif flavour == "ittsu":
        groups += [_take_spec(wall, ("run", suit * 9 + start)) for start in (0, 3, 6)]
    elif flavour == "peikou":
        first = rng.choice(_ALL_RUNS)
        groups += [_take_spec(wall, first), _take_spec(wall, first)]
        if rng.random() < 0.3:  # ryanpeikou
            second = rng.choice(_ALL_RUNS)
            groups += [_take_spec(wall, second), _take_spec(wall, second)]
    elif flavour == "overlap":
        # Tiles that read several ways: 111222333 (three triplets or three identical runs), 123 234 345,
        # 1233345 ... so that the engine must pick the reading that pays most (EMA 2016 6; seed 004).
        start = suit * 9 + rng.randrange(5)
        pattern = rng.choice(
            (
                [("run", start)] * 3,
                [("run", start), ("run", start + 1), ("run", start + 2)],
                [("run", start), ("triplet", start + 2), ("run", start + 2)],
                [("run", start), ("run", start), ("triplet", start + 1)],
                [("triplet", start), ("run", start), ("run", start + 1)],
            )
        )
        groups += [_take_spec(wall, spec) for spec in pattern]
    elif flavour == "dragons":
        dragons = rng.sample((31, 32, 33), rng.choice((1, 1, 2, 2, 3)))
        groups += [_take_spec(wall, ("triplet", k)) for k in dragons]
    elif flavour == "winds":
        winds = rng.sample((27, 28, 29, 30), rng.choice((1, 1, 2, 3)))
        groups += [_take_spec(wall, ("triplet", k)) for k in winds]
    group_ok, pair_ok = _flavour_filter(flavour, suit)
    if need_triplet and not any(spec[0] == "triplet" for spec, _ in groups):
        groups.append(_pick_group(rng, wall, lambda g: group_ok(g) and g[0] == "triplet", 0.0))
    runs_weight = {"pinfu": 1.0, "toitoi": 0.0}.get(flavour, 0.6)
    while len(groups) < 4:
        groups.append(_pick_group(rng, wall, group_ok, runs_weight))
    if len(groups) > 4:
        raise _RestartError
    if flavour == "dragons" and rng.random() < 0.4:
        pair = _pick_pair(rng, wall, lambda k: k >= 31)  # shousangen when two dragon triplets came
    else:
        pair = _pick_pair(rng, wall, pair_ok)
    rng.shuffle(groups)
    return groups, pair


def _yakuman_groups(rng: random.Random, wall: _Wall, pattern: str) -> tuple[list[_Groupish], list[_Tile]]:
    """Four groups and a pair for a yakuman pattern (seed 002, "Yakuman")."""
    groups: list[_Groupish] = []
    pair_ok: Callable[[int], bool] = lambda k: True  # noqa: E731
    group_ok: Callable[[_GroupSpec], bool] = lambda g: True  # noqa: E731
    runs_weight = 0.5
    if pattern == "daisangen":
        groups += [_take_spec(wall, ("triplet", k)) for k in (31, 32, 33)]
        pair_ok = lambda k: k < 31  # noqa: E731
    elif pattern == "suuankou":
        runs_weight = 0.0
    elif pattern == "tsuuiisou":
        group_ok = lambda g: g[1] >= 27  # noqa: E731
        pair_ok = lambda k: k >= 27  # noqa: E731
        runs_weight = 0.0
    elif pattern == "ryuuiisou":
        group_ok = lambda g: all(k in _GREEN for k in _group_kinds(g))  # noqa: E731
        pair_ok = lambda k: k in _GREEN  # noqa: E731
        runs_weight = 0.3
    elif pattern == "chinroutou":
        group_ok = lambda g: g[1] < 27 and g[1] % 9 in (0, 8) and g[0] == "triplet"  # noqa: E731
        pair_ok = lambda k: k < 27 and k % 9 in (0, 8)  # noqa: E731
        runs_weight = 0.0
    elif pattern == "daisuushii":
        groups += [_take_spec(wall, ("triplet", k)) for k in (27, 28, 29, 30)]
    elif pattern == "shousuushii":
        winds = [27, 28, 29, 30]
        rng.shuffle(winds)
        groups += [_take_spec(wall, ("triplet", k)) for k in winds[:3]]
        pair_ok = lambda k: k == winds[3]  # noqa: E731
    elif pattern == "suukantsu":
        runs_weight = 0.0
    else:
        raise AssertionError(f"unknown yakuman pattern {pattern!r}")
    while len(groups) < 4:
        groups.append(_pick_group(rng, wall, group_ok, runs_weight))
    pair = _pick_pair(rng, wall, pair_ok)
    rng.shuffle(groups)
    return groups, pair


# ---------------------------------------------------------------------------------------------------------------
# Melds.

_Meld = tuple[str, list[_Tile]]  # (type, tiles)


def _call(rng: random.Random, wall: _Wall, spec: _GroupSpec, tiles: list[_Tile], *, kan_bias: float) -> _Meld:
    """Turn a group into a called or declared meld (a triplet may become a kan if the fourth copy is left)."""
    if spec[0] == "run":
        return "chi", tiles
    if rng.random() < kan_bias and wall.has(spec[1], 1):
        return rng.choice(("ankan", "minkan", "shouminkan")), tiles + wall.take(spec[1], 1)
    return "pon", tiles


def _ordinary_hand(rng: random.Random, wall: _Wall, shape: str) -> tuple[str, list[_Meld], list[_Tile], list[Group]]:
    flavour = rng.choices(_FLAVOURS, _FLAVOUR_WEIGHTS)[0]
    groups, pair = _ordinary_groups(rng, wall, flavour, need_triplet=shape == "kans")
    return (flavour, *_assign_melds(rng, wall, shape, groups, pair))


def _assign_melds(
    rng: random.Random, wall: _Wall, shape: str, groups: list[_Groupish], pair: list[_Tile]
) -> tuple[list[_Meld], list[_Tile], list[Group]]:
    """Decide which groups are called or declared; returns melds, concealed tiles and the intended groups."""
    melds: list[_Meld] = []
    concealed: list[_Tile] = list(pair)
    record: list[Group] = [Group(format_tile_list(pair), "pair")]
    kan_done = False
    for index, (spec, tiles) in enumerate(groups):
        meld: _Meld | None = None
        if shape == "open":
            if rng.random() < 0.45 or (index == len(groups) - 1 and not melds):
                meld = _call(rng, wall, spec, tiles, kan_bias=0.15)
                if meld[0] == "ankan" and not any(m[0] != "ankan" for m in melds):
                    meld = ("minkan", meld[1])  # keep the hand open
        elif shape == "kans":
            if spec[0] == "triplet" and (not kan_done or rng.random() < 0.3) and wall.has(spec[1], 1):
                kind = rng.choice(("ankan", "ankan", "minkan", "shouminkan"))
                meld = (kind, tiles + wall.take(spec[1], 1))
                kan_done = True
            elif rng.random() < 0.25:
                meld = _call(rng, wall, spec, tiles, kan_bias=0.0)
        elif shape == "suukantsu":
            kind = rng.choice(("ankan", "ankan", "minkan", "shouminkan"))
            meld = (kind, tiles + wall.take(spec[1], 1))
        elif shape == "suuankou":
            if rng.random() < 0.15:
                meld = ("ankan", tiles + wall.take(spec[1], 1))
        elif shape == "yakuman_open" and rng.random() < 0.3:
            meld = _call(rng, wall, spec, tiles, kan_bias=0.15)
        if meld is None:
            concealed += tiles
            record.append(Group(format_tile_list(tiles), spec[0]))
        else:
            melds.append(meld)
            record.append(Group(format_tile_list(meld[1]), meld[0]))
    if shape == "kans" and not kan_done:
        raise _RestartError
    return melds, concealed, record


# ---------------------------------------------------------------------------------------------------------------
# Win context.


def _context(
    rng: random.Random,
    wall: _Wall,
    *,
    melds: list[_Meld],
    concealed: list[_Tile],
    win: _Tile,
    force_tsumo: bool | None = None,
) -> dict[str, Any]:
    closed = all(m[0] == "ankan" for m in melds)
    kans = sum(1 for m in melds if m[0] in ("ankan", "minkan", "shouminkan"))
    seat = rng.choice(_WIND_LETTERS)
    round_wind = rng.choices(_WIND_LETTERS, (50, 35, 10, 5))[0]
    tsumo = rng.random() < 0.5 if force_tsumo is None else force_tsumo
    flags: dict[str, bool] = {}
    if not melds and rng.random() < 0.03:
        # Blessings: tenhou (dealer, first draw), chiihou (non-dealer, first draw), renhou (non-dealer, ron before
        # the first draw). None of them goes with riichi or any other timing yaku. Seed 002, "Yakuman".
        if tsumo:
            flags["tenhou" if seat == "E" else "chiihou"] = True
        elif seat != "E":
            flags["renhou"] = True
    if not flags and closed and rng.random() < 0.45:
        if rng.random() < 0.1:
            # The JSON interface (issue 2) lists both flags; a double riichi is written with or without
            # ``riichi`` (the engine: "it implies riichi; riichi may be set or not"), so both forms come.
            flags["double_riichi"] = True
            if rng.random() < 0.5:
                flags["riichi"] = True
        else:
            flags["riichi"] = True
        if rng.random() < 0.2:
            flags["ippatsu"] = True
    blessed = any(k in flags for k in ("tenhou", "chiihou", "renhou"))
    if not blessed:
        whole_count = sum(1 for t in concealed if t[0] == win[0]) + sum(
            1 for _, tiles in melds for t in tiles if t[0] == win[0]
        )
        roll = rng.random()
        if tsumo:
            if roll < 0.05:
                flags["haitei"] = True
            elif roll < 0.20 and kans and "ippatsu" not in flags:
                flags["rinshan"] = True
        elif roll < 0.05:
            flags["houtei"] = True
        elif roll < 0.10 and whole_count == 1:
            # Chankan robs the fourth tile of another player's added kan: the hand holds no other copy.
            flags["chankan"] = True
    dora = [_tile_str(wall.draw_any()) for _ in range(1 + kans)]
    riichi = "riichi" in flags or "double_riichi" in flags
    # Ura indicators come with riichi; now and then a record lists them anyway, and they must then count nothing.
    with_ura = riichi or rng.random() < 0.1
    ura = [_tile_str(wall.draw_any()) for _ in range(1 + kans)] if with_ura else []
    obj: dict[str, Any] = {
        "hand": format_tile_list(concealed),
        "melds": [{"type": kind, "tiles": format_tile_list(tiles)} for kind, tiles in melds],
        "win": _tile_str(win),
        "tsumo": tsumo,
        "seat_wind": seat,
        "round_wind": round_wind,
        "dora": dora,
        "ura": ura,
    }
    for name in (
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "tenhou",
        "chiihou",
        "renhou",
    ):
        if flags.get(name):
            obj[name] = True
    return obj


# ---------------------------------------------------------------------------------------------------------------
# Shapes.


def _build(rng: random.Random, shape: str) -> GeneratedHand:
    wall = _Wall(rng)
    force_tsumo: bool | None = None
    if shape in ("closed", "open", "kans"):
        pattern, melds, concealed, record = _ordinary_hand(rng, wall, shape)
    elif shape == "chiitoitsu":
        pattern = rng.choice(("any", "any", "tanyao", "honitsu", "chinitsu", "honroutou", "tsuuiisou"))
        suit = rng.randrange(3)
        candidates = {
            "any": list(range(34)),
            "tanyao": [k for k in range(27) if k % 9 not in (0, 8)],
            "honitsu": [k for k in range(34) if k >= 27 or k // 9 == suit],
            "chinitsu": [k for k in range(27) if k // 9 == suit],
            "honroutou": list(_TERMINAL_HONOR),
            "tsuuiisou": list(range(27, 34)),
        }[pattern]
        kinds = rng.sample(candidates, 7)
        pairs = [wall.take(k, 2) for k in kinds]
        melds = []
        concealed = [t for p in pairs for t in p]
        record = [Group(format_tile_list(p), "pair") for p in pairs]
    elif shape == "kokushi":
        pattern = "kokushi"
        extra = rng.choice(_TERMINAL_HONOR)
        concealed = [t for k in _TERMINAL_HONOR for t in wall.take(k, 2 if k == extra else 1)]
        melds = []
        record = [Group(format_tile_list(concealed), "kokushi")]
    elif shape == "yakuman":
        pattern = rng.choice(_YAKUMAN_PATTERNS)
        if pattern == "chuuren":
            suit = rng.randrange(3)
            counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
            counts[rng.randrange(9)] += 1
            concealed = [t for n, c in enumerate(counts) for t in wall.take(suit * 9 + n, c)]
            melds = []
            record = [Group(format_tile_list(concealed), "chuuren")]
        else:
            groups, pair = _yakuman_groups(rng, wall, pattern)
            assign = pattern if pattern in ("suukantsu", "suuankou") else "yakuman_open"
            melds, concealed, record = _assign_melds(rng, wall, assign, groups, pair)
            if pattern == "suuankou":
                force_tsumo = rng.random() < 0.5
    else:
        raise ValueError(f"unknown shape {shape!r}; the shapes are {', '.join(SHAPES)}")
    if pattern == "suuankou" and not force_tsumo and rng.random() < 0.6:
        pair_kinds = [g for g in record if g.kind == "pair"]
        win_kind = _kind_of(pair_kinds[0].tiles[-2:]) if pair_kinds else None
        win = next(t for t in concealed if t[0] == win_kind) if win_kind is not None else rng.choice(concealed)
    else:
        win = rng.choice(concealed)
    obj = _context(rng, wall, melds=melds, concealed=concealed, win=win, force_tsumo=force_tsumo)
    return GeneratedHand(input=obj, shape=shape, pattern=pattern, groups=tuple(record))


def _kind_of(text: str) -> int:
    digit, suit = text[0], text[1]
    number = 5 if digit == "0" else int(digit)
    return _SUIT_LETTERS.index(suit) * 9 + number - 1


def generate_hand(
    rng: random.Random, shape: str | None = None, *, ruleset: str | dict[str, Any] = "tenhou"
) -> GeneratedHand:
    """Build one complete hand with its win context.

    Args:
        rng: the source of randomness (seed it for a reproducible corpus).
        shape: one of :data:`SHAPES`, or None to pick one with the default weights.
        ruleset: the preset name written into the input object.

    Raises:
        ValueError: for an unknown shape.
    """
    if shape is not None and shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; the shapes are {', '.join(SHAPES)}")
    chosen = shape if shape is not None else rng.choices(SHAPES, _SHAPE_WEIGHTS)[0]
    for _ in range(1000):
        try:
            generated = _build(rng, chosen)
        except _RestartError:
            continue
        generated.input["ruleset"] = ruleset
        return generated
    raise AssertionError(f"could not build a {chosen} hand in 1000 tries")


def generate_hands(
    seed: int, count: int, *, shapes: Sequence[str] | None = None, ruleset: str | dict[str, Any] = "tenhou"
) -> Iterator[dict[str, Any]]:
    """Yield ``count`` input objects for ``score_json``, reproducibly from ``seed``.

    Args:
        seed: the corpus seed; the same seed always yields the same hands.
        count: how many hands.
        shapes: restrict to these shapes (cycled in order), or None for the default mix.
        ruleset: the preset name written into each input object.
    """
    rng = random.Random(seed)
    for index in range(count):
        shape = shapes[index % len(shapes)] if shapes else None
        yield generate_hand(rng, shape, ruleset=ruleset).input
