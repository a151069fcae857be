"""The hand generator's own invariants (tests/generate.py): what it promises the property and differential tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.tiles import Tile, TileKind, parse_tiles
from tests.engine.test_differential import score_with_mahjong
from tests.generate import SHAPES, GeneratedHand, generate_hand, generate_hands

_KANS = ("ankan", "minkan", "shouminkan")
_ORPHANS = frozenset(k for k in TileKind if k.is_terminal_or_honor)


def _all_tiles(obj: dict[str, Any]) -> list[Tile]:
    tiles = list(parse_tiles(obj["hand"]))
    for meld in obj["melds"]:
        tiles += parse_tiles(meld["tiles"])
    return tiles


def _check_physical(obj: dict[str, Any]) -> None:
    everything = _all_tiles(obj) + list(parse_tiles("".join(obj["dora"] + obj["ura"])))
    kinds = Counter(t.kind for t in everything)
    assert max(kinds.values()) <= 4, obj
    reds = Counter(t.kind for t in everything if t.red)
    assert all(n == 1 for n in reds.values()), obj


def _check_counts(obj: dict[str, Any]) -> None:
    concealed = parse_tiles(obj["hand"])
    assert len(concealed) == 14 - 3 * len(obj["melds"]), obj
    assert Tile.parse(obj["win"]) in concealed, obj
    for meld in obj["melds"]:
        kinds = [t.kind for t in parse_tiles(meld["tiles"])]
        if meld["type"] == "chi":
            assert len(kinds) == 3, meld
            assert kinds[0].suit == kinds[2].suit, meld
            assert [k - kinds[0] for k in kinds] == [0, 1, 2], meld
            assert not kinds[0].is_honor, meld
        else:
            assert len(set(kinds)) == 1, meld
            assert len(kinds) == (3 if meld["type"] == "pon" else 4), meld


def _check_context(obj: dict[str, Any]) -> None:
    flag = obj.get
    closed = all(m["type"] == "ankan" for m in obj["melds"])
    kans = sum(1 for m in obj["melds"] if m["type"] in _KANS)
    riichi = bool(flag("riichi") or flag("double_riichi"))
    if riichi:
        assert closed, obj
    if flag("ippatsu"):
        assert riichi, obj
    if flag("haitei") or flag("rinshan") or flag("tenhou") or flag("chiihou"):
        assert obj["tsumo"], obj
    if flag("houtei") or flag("chankan") or flag("renhou"):
        assert not obj["tsumo"], obj
    assert not (flag("haitei") and flag("rinshan")), obj
    assert not (flag("houtei") and flag("chankan")), obj
    if flag("rinshan"):
        assert kans and not flag("ippatsu"), obj
    if flag("chankan"):
        win = Tile.parse(obj["win"]).kind
        assert sum(1 for t in _all_tiles(obj) if t.kind == win) == 1, obj
    blessing = [name for name in ("tenhou", "chiihou", "renhou") if flag(name)]
    if blessing:
        assert len(blessing) == 1 and not obj["melds"] and not riichi, obj
        assert (obj["seat_wind"] == "E") == (blessing == ["tenhou"]), obj
    assert len(obj["dora"]) == 1 + kans, obj
    assert len(obj["ura"]) in ((1 + kans,) if riichi else (0, 1 + kans)), obj


def _check_groups(generated: GeneratedHand) -> None:
    obj = generated.input
    from_groups = Counter(t for g in generated.groups for t in parse_tiles(g.tiles))
    assert from_groups == Counter(_all_tiles(obj)), generated
    if generated.shape in ("chiitoitsu",):
        assert len({g.tiles for g in generated.groups}) == 7, generated
    if generated.shape == "kokushi":
        kinds = Counter(t.kind for t in _all_tiles(obj))
        assert set(kinds) == _ORPHANS and sum(kinds.values()) == 14, generated
    if generated.shape == "open":
        assert any(m["type"] != "ankan" for m in obj["melds"]), generated
    if generated.shape == "kans":
        assert any(m["type"] in _KANS for m in obj["melds"]), generated
    if generated.shape in ("closed", "chiitoitsu", "kokushi"):
        assert not obj["melds"], generated


@given(seed=st.integers(min_value=0, max_value=2**32), shape=st.sampled_from((None, *SHAPES)))
@settings(max_examples=300, deadline=None)
def test_generated_hand_is_physical_complete_and_consistent(seed: int, shape: str | None) -> None:
    """Every hand: at most four of a kind and one red five per suit (indicators included), the right tile count,
    the winning tile in the concealed part, well-formed melds, a consistent win context, and groups that are
    exactly its tiles."""
    generated = generate_hand(random.Random(seed), shape)
    _check_physical(generated.input)
    _check_counts(generated.input)
    _check_context(generated.input)
    _check_groups(generated)


def test_same_seed_same_corpus() -> None:
    """A seed fixes the corpus, so benchmarks and differential runs are reproducible."""
    assert list(generate_hands(11, 200)) == list(generate_hands(11, 200))
    assert list(generate_hands(11, 200)) != list(generate_hands(12, 200))


def test_default_mix_covers_every_shape_meld_flag_and_red_five() -> None:
    """A corpus of a few thousand hands holds every shape, meld type, win flag, seat, round wind and red five."""
    rng = random.Random(3)
    corpus = [generate_hand(rng) for _ in range(4000)]
    shapes = Counter(g.shape for g in corpus)
    assert set(shapes) == set(SHAPES)
    patterns = {g.pattern for g in corpus}
    for pattern in ("chuuren", "daisangen", "suuankou", "suukantsu", "ryuuiisou", "daisuushii", "tanyao", "ittsu"):
        assert pattern in patterns
    melds = {m["type"] for g in corpus for m in g.input["melds"]}
    assert melds == {"chi", "pon", "minkan", "shouminkan", "ankan"}
    flags = Counter(k for g in corpus for k, v in g.input.items() if v is True)
    for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"):
        assert flags[name] > 0, name
    assert flags["tenhou"] + flags["chiihou"] + flags["renhou"] > 0
    assert {g.input["seat_wind"] for g in corpus} == {"E", "S", "W", "N"}
    assert any("0" in g.input["hand"] for g in corpus)
    assert any("0" in m["tiles"] for g in corpus for m in g.input["melds"])


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPES)
def test_mahjong_package_finds_every_generated_hand_complete(shape: str) -> None:
    """An independent decomposer (the mahjong package) never calls a generated hand incomplete."""
    for obj in generate_hands(29, 300, shapes=[shape]):
        answer = score_with_mahjong(obj)
        assert answer.get("kind") != "NotWinningError", obj


def test_unknown_shape_is_refused() -> None:
    """Asking for a shape that does not exist names the shapes that do."""
    with pytest.raises(ValueError, match="kokushi"):
        generate_hand(random.Random(0), "nine_gates")
