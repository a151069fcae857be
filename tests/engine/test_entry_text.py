"""The hand-entry notation: ``parse_entry_text`` and ``format_entry_text`` round-trip (STYLE 3, issue 11)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.classical.extras import ExtraTile
from scorekeeper.engine.entry_text import HAND_SIZE, EntryText, format_entry_text, parse_entry_text
from scorekeeper.engine.hand import Meld, MeldKind
from scorekeeper.engine.tiles import Tile, TileKind, parse_tiles
from scorekeeper.errors import InvalidHandError, TileParseError

_SUITS = "mps"
_RUNS = [f"{n}{n + 1}{n + 2}{suit}" for suit in _SUITS for n in range(1, 8)]
_KINDS = [f"{n}{suit}" for suit in _SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]

tiles = st.builds(Tile, st.sampled_from(list(TileKind)), st.just(False)) | st.sampled_from(
    [Tile.parse("0m"), Tile.parse("0p"), Tile.parse("0s")]
)
melds = st.one_of(
    st.sampled_from(_RUNS).map(lambda text: Meld.parse(MeldKind.CHI, text)),
    st.sampled_from(_KINDS).map(lambda kind: Meld.parse(MeldKind.PON, kind[0] * 3 + kind[1])),
    st.tuples(st.sampled_from([MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.SHOUMINKAN]), st.sampled_from(_KINDS)).map(
        lambda pair: Meld.parse(pair[0], pair[1][0] * 4 + pair[1][1])
    ),
)


def _key(tile: Tile) -> tuple[int, bool]:
    return (int(tile.kind), tile.red)


@st.composite
def entries(draw: st.DrawFn, *, with_extras: bool = True) -> EntryText:
    """An entry as the widgets hold one: concealed tiles sorted, the winning tile only once the hand is full."""
    called = tuple(draw(st.lists(melds, max_size=4)))
    full = draw(st.booleans())
    room = HAND_SIZE - 3 * len(called)
    if full:
        concealed = draw(st.lists(tiles, min_size=room - 1, max_size=room - 1))
        win: Tile | None = draw(tiles)
    else:
        count = draw(st.integers(0, room + 1))
        count += count >= room  # any count but a full hand's (built, not filtered)
        concealed = draw(st.lists(tiles, min_size=count, max_size=count))
        win = None
    extras = draw(st.lists(st.sampled_from(list(ExtraTile)), max_size=4)) if with_extras else []
    return EntryText(
        concealed=tuple(sorted(concealed, key=_key)),
        win=win,
        melds=called,
        extras=tuple(sorted(extras, key=lambda e: e.digit)),
    )


@settings(deadline=None)
@given(entries())
def test_format_then_parse_gives_the_entry_back(entry: EntryText) -> None:
    assert parse_entry_text(format_entry_text(entry), extras=True) == entry


@settings(deadline=None)
@given(entries(with_extras=False))
def test_parse_then_format_gives_the_text_back(entry: EntryText) -> None:
    text = format_entry_text(entry)
    assert format_entry_text(parse_entry_text(text)) == text


@pytest.mark.parametrize(
    ("text", "concealed", "win", "melds"),
    [
        pytest.param("123456m406p789s11z", "123456m406p789s1z", "1z", 0, id="full-closed-hand"),
        pytest.param("123456m406p789s1z", "123456m406p789s1z", None, 0, id="one-short"),
        pytest.param("123m456p1z 1z 789s+chi 5555z+ankan", "123m456p1z", "1z", 2, id="melds-kong-counts-three"),
        pytest.param("", "", None, 0, id="empty"),
    ],
)
def test_the_winning_tile_is_the_last_concealed_tile_of_a_full_hand(
    text: str, concealed: str, win: str | None, melds: int
) -> None:
    entry = parse_entry_text(text)
    assert entry.concealed == parse_tiles(concealed)
    assert entry.win == (None if win is None else Tile.parse(win))
    assert len(entry.melds) == melds


def test_extra_tiles_are_read_only_for_the_classical_family() -> None:
    assert parse_entry_text("123m 15f", extras=True).extras == (ExtraTile("1f"), ExtraTile("5f"))
    with pytest.raises(TileParseError):
        parse_entry_text("123m 15f")


def test_an_unknown_meld_type_is_refused_by_name() -> None:
    with pytest.raises(InvalidHandError, match="unknown meld type 'kong'"):
        parse_entry_text("123m 555z+kong")


def test_eighteen_tiles_guess_no_winning_tile() -> None:
    entry = parse_entry_text("123m406p789s1z 1z 789s+chi 5555z+ankan")
    assert entry.win is None  # too many tiles for a winning hand
    text = "123m406p789s1z 1z 789s+chi"
    assert parse_entry_text(text).win == Tile.parse("1z")
    assert format_entry_text(parse_entry_text(text)) == text


def test_extra_tiles_are_written_in_their_order() -> None:
    """Seed 003, C, example 2 with an orchid and a summer, written out of order."""
    text = "2222334p 4p 333s+pon 1111s+minkan"
    entry = parse_entry_text(text + " 62f", extras=True)
    assert entry.extras == (ExtraTile.ORCHID, ExtraTile.SUMMER)
    assert format_entry_text(entry) == text + " 26f"
