"""Builders for engine tests: the input objects of ``scorekeeper score --json`` and helpers that score them.

The engine's public hand interface is ``scorekeeper.engine.jsonio.score_json(obj) -> dict`` (issue 2, "The command
line"). These builders write those input objects so that a test reads like the table talk::

    hand("234m567p11s345s", win="2m", riichi=True)           # a closed hand won by ron on 2m
    hand("234m567p11s", win="2m", tsumo=True, melds=[chi("345s")])

Defaults: won by ron, the South seat in the East round (a non-dealer whose seat and round winds differ), no dora,
the ``tenhou`` preset. ``score`` imports the engine lazily so that a missing engine fails each test, not the
collection of the whole file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "ANY",
    "ankan",
    "assert_score",
    "chi",
    "hand",
    "meld",
    "minkan",
    "pon",
    "score",
    "score_ok",
    "shouminkan",
    "yaku_dict",
]

_FLAGS = (
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
)


def meld(kind: str, tiles: str) -> dict[str, str]:
    """A called or declared meld as the JSON input writes it: ``{"type": kind, "tiles": tiles}``."""
    return {"type": kind, "tiles": tiles}


def chi(tiles: str) -> dict[str, str]:
    """A called run, e.g. ``chi("406m")``."""
    return meld("chi", tiles)


def pon(tiles: str) -> dict[str, str]:
    """A called triplet, e.g. ``pon("777z")``."""
    return meld("pon", tiles)


def minkan(tiles: str) -> dict[str, str]:
    """An open kan called on a discard, e.g. ``minkan("1111s")``."""
    return meld("minkan", tiles)


def shouminkan(tiles: str) -> dict[str, str]:
    """An open kan made by adding to a called triplet."""
    return meld("shouminkan", tiles)


def ankan(tiles: str) -> dict[str, str]:
    """A closed kan."""
    return meld("ankan", tiles)


def hand(
    tiles: str,
    *,
    win: str,
    tsumo: bool | None = None,
    ron: bool | None = None,
    melds: Sequence[dict[str, str]] = (),
    seat: str = "S",
    round_wind: str = "E",
    dora: Iterable[str] = (),
    ura: Iterable[str] = (),
    ruleset: str = "tenhou",
    overrides: dict[str, Any] | None = None,
    **flags: bool,
) -> dict[str, Any]:
    """The JSON input object for one hand.

    Args:
        tiles: the concealed tiles including the winning tile (mpsz).
        win: the winning tile (``"0p"`` for a red five).
        tsumo: won by self-draw; ``ron=True`` says the opposite. Default: ron.
        ron: won on a discard (the opposite of ``tsumo``).
        melds: called and declared melds (see :func:`chi`, :func:`pon`, :func:`ankan`...).
        seat: the winner's seat wind (E is the dealer).
        round_wind: the round wind.
        dora: dora indicators (kan dora are just more indicators).
        ura: ura dora indicators.
        ruleset: a preset name.
        overrides: knob overrides on top of ``ruleset`` (the result is a ``custom`` ruleset).
        **flags: the win-condition booleans of the issue (riichi, ippatsu, haitei...); only those named are set.
    """
    if tsumo is not None and ron is not None and tsumo == ron:
        raise AssertionError("a hand is won by either tsumo or ron")
    is_tsumo = bool(tsumo) if tsumo is not None else not (ron if ron is not None else True)
    unknown = set(flags) - set(_FLAGS)
    if unknown:
        raise AssertionError(f"unknown win-condition flags {sorted(unknown)}")
    obj: dict[str, Any] = {
        "hand": tiles,
        "melds": [dict(m) for m in melds],
        "win": win,
        "tsumo": is_tsumo,
        "seat_wind": seat,
        "round_wind": round_wind,
        "dora": list(dora),
        "ura": list(ura),
        "ruleset": ruleset,
    }
    for name, value in flags.items():
        obj[name] = value
    if overrides:
        obj["ruleset"] = _ruleset_with_overrides(ruleset, overrides)
    return obj


def _ruleset_with_overrides(preset: str, overrides: dict[str, Any]) -> Any:
    """How the JSON input names a custom ruleset.

    The issue names ``ruleset`` as a preset name and ``custom`` as any preset with overrides, without fixing the
    JSON shape of the overrides; this is the one place that decides it, so that a change of shape is one edit.
    """
    return {"preset": preset, "overrides": dict(overrides)}


def score(obj: dict[str, Any]) -> dict[str, Any]:
    """Score one input object through the public JSON interface."""
    from scorekeeper.engine.jsonio import score_json

    result: dict[str, Any] = score_json(obj)
    return result


def score_ok(obj: dict[str, Any]) -> dict[str, Any]:
    """Score one input object and check that it was accepted; returns the output object."""
    result = score(obj)
    assert result.get("ok") is True, f"expected a valid winning hand, got {result!r} for {obj!r}"
    return result


def yaku_dict(result: dict[str, Any]) -> dict[str, int]:
    """The output's yaku as ``{name: han}`` (or ``{name: yakuman multiplier}`` for yakuman)."""
    out: dict[str, int] = {}
    for entry in result["yaku"]:
        value = entry["han"] if "han" in entry else entry["yakuman"]
        assert entry["name"] not in out, f"yaku {entry['name']} listed twice in {result!r}"
        out[entry["name"]] = value
    return out


class _Any:
    """A sentinel: do not check this output field."""

    def __repr__(self) -> str:
        return "ANY"


ANY: Any = _Any()


def payments_total(payments: dict[str, int]) -> int:
    """The winner's gain before honba from the output's ``payments`` (issue 2: the output's ``points``)."""
    if "ron" in payments:
        return payments["ron"]
    if "all" in payments:
        return 3 * payments["all"]
    return payments["dealer"] + 2 * payments["non_dealer"]


def assert_score(
    result: dict[str, Any],
    *,
    han: int | None,
    fu: int | None,
    payments: dict[str, int],
    yaku: dict[str, int] | None = None,
    limit: str | None = ANY,
    yakuman: int = 0,
    dora: int = ANY,
    aka: int = ANY,
    ura: int = ANY,
) -> None:
    """Check an output object against a hand's known answer.

    ``points`` is always checked against the payments (the ron payment or the sum of the tsumo payments), and the
    fu breakdown against the fu (its sum rounds up to the fu; chiitoitsu is 25 unrounded). ``yaku`` is exact when
    given: the names and han (or yakuman multipliers) of every yaku, nothing more.
    """
    assert result.get("ok") is True, f"expected a valid winning hand, got {result!r}"
    got = {key: result.get(key) for key in ("han", "fu", "yakuman", "payments", "points")}
    want: dict[str, Any] = {
        "han": han,
        "fu": fu if fu is not ANY else got["fu"],
        "yakuman": yakuman,
        "payments": payments,
        "points": payments_total(payments),
    }
    if han is ANY:
        want["han"] = got["han"]
    assert got == want, f"value differs: got {got}, want {want}; yaku {result.get('yaku')}"
    if yaku is not None:
        assert yaku_dict(result) == yaku, f"yaku differ: got {yaku_dict(result)}, want {yaku}"
    for key, expected in (("limit", limit), ("dora", dora), ("aka", aka), ("ura", ura)):
        if expected is not ANY:
            assert result.get(key) == expected, f"{key}: got {result.get(key)!r}, want {expected!r}"
    if result.get("fu") is not None and yakuman == 0:
        raw = sum(entry["fu"] for entry in result["fu_breakdown"])
        rounded = 25 if raw == 25 else -(-raw // 10) * 10
        assert rounded == result["fu"], f"fu breakdown {result['fu_breakdown']} sums to {raw}, not {result['fu']}"
