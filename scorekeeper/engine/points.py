"""From han and fu to base points and payments.

The formula and limits follow the riichi book (seed 000, "Scores"), the EMA rules (seed 004, 6.1 and 4.1.2) and
the wiki page on scoring (seed 002): base = fu x 2^(2 + han), capped at mangan (2000); 5 han mangan, 6-7
haneman (3000), 8-10 baiman (4000), 11-12 sanbaiman (6000), yakuman 8000 per yakuman. A tsumo is paid by all
three others (the dealer, and everyone when the dealer wins, pays double the base); a ron is paid by the
discarder alone (4x base, 6x base for a dealer). Every payment is rounded up to the next 100.

Honba and riichi sticks never enter here: they belong to the table (``scorekeeper.session``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from scorekeeper.engine.han_fu import check_han_fu
from scorekeeper.engine.rules import HandRules, KazoeLimit
from scorekeeper.errors import InvalidValueError

__all__ = [
    "BAIMAN_BASE",
    "HANEMAN_BASE",
    "KIRIAGE_BASE",
    "MANGAN_BASE",
    "SANBAIMAN_BASE",
    "YAKUMAN_BASE",
    "Limit",
    "Payment",
    "PointValue",
    "base_points",
    "pay",
    "value_from_han_fu",
    "value_from_yakuman",
]


class Limit(enum.StrEnum):
    """A limit hand's name; persisted by value."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


#: Base points of each limit (seed 004, 6.1; seed 000, "Scores").
MANGAN_BASE = 2000
HANEMAN_BASE = 3000
BAIMAN_BASE = 4000
SANBAIMAN_BASE = 6000
#: Per yakuman; a double or counted-together yakuman is a multiple of it.
YAKUMAN_BASE = 8000
#: 4 han 30 fu and 3 han 60 fu: rounded up to mangan where the kiriage_mangan knob is on (seed 004, 6.1).
KIRIAGE_BASE = 1920

_LIMIT_BASE = {
    Limit.MANGAN: MANGAN_BASE,
    Limit.HANEMAN: HANEMAN_BASE,
    Limit.BAIMAN: BAIMAN_BASE,
    Limit.SANBAIMAN: SANBAIMAN_BASE,
    Limit.YAKUMAN: YAKUMAN_BASE,
}


@dataclass(frozen=True, slots=True)
class PointValue:
    """What a hand is worth, before honba: the figures a table calls out and the base points they make.

    Attributes:
        han: total han, or None for a hand valued by yakuman yaku.
        fu: fu (rounded, 25 for chiitoitsu), or None for a hand valued by yakuman yaku.
        yakuman: the yakuman multiplier from yakuman yaku (0 if none; a counted yakuman keeps 0 here).
        limit: the limit name, or None below mangan.
        base: base points (before the x4 / x6 / x1 / x2 of the payments).
        exact: payments are not rounded up to 100 (aotenjou, where the wiki seed 002 gives 5 han 30 fu as
            exactly 15360).
    """

    han: int | None
    fu: int | None
    yakuman: int
    limit: Limit | None
    base: int
    exact: bool = False

    def __post_init__(self) -> None:
        if self.base <= 0:
            raise InvalidValueError(f"base points must be positive, got {self.base}")
        if self.yakuman < 0:
            raise InvalidValueError(f"yakuman multiplier cannot be negative, got {self.yakuman}")


@dataclass(frozen=True, slots=True)
class Payment:
    """Who pays a winner how much, before honba and riichi sticks.

    Exactly one shape is used: ``ron`` (the discarder pays it all), ``dealer`` and ``non_dealer`` (a non-dealer's
    tsumo: the dealer pays ``dealer``, each other player ``non_dealer``), or ``all`` (a dealer's tsumo: each of
    the three pays ``all``).
    """

    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None
    all: int | None = None

    def __post_init__(self) -> None:
        shapes = (
            self.ron is not None and self.dealer is None and self.non_dealer is None and self.all is None,
            self.ron is None and self.dealer is not None and self.non_dealer is not None and self.all is None,
            self.ron is None and self.dealer is None and self.non_dealer is None and self.all is not None,
        )
        if sum(shapes) != 1:
            raise InvalidValueError(f"a payment is ron, dealer+non_dealer, or all: {self!r}")

    @property
    def total(self) -> int:
        """The winner's gain before honba: the ron payment or the sum of the three tsumo payments."""
        if self.ron is not None:
            return self.ron
        if self.all is not None:
            return 3 * self.all
        assert self.dealer is not None and self.non_dealer is not None
        return self.dealer + 2 * self.non_dealer

    def as_dict(self) -> dict[str, int]:
        """The public JSON shape: ``{"ron": n}``, ``{"dealer": n, "non_dealer": n}`` or ``{"all": n}``."""
        if self.ron is not None:
            return {"ron": self.ron}
        if self.all is not None:
            return {"all": self.all}
        assert self.dealer is not None and self.non_dealer is not None
        return {"dealer": self.dealer, "non_dealer": self.non_dealer}


def _round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def base_points(han: int, fu: int) -> int:
    """The uncapped base points fu x 2^(2 + han) (seed 000: "basic points"; seed 004, 4.1.2)."""
    return int(fu * 2 ** (2 + han))


def value_from_han_fu(han: int, fu: int, rules: HandRules) -> PointValue:
    """Value a hand from its han and (rounded) fu, applying the ruleset's limits.

    ``kiriage_mangan`` rounds a 1920-base hand (4 han 30 fu, 3 han 60 fu) up to mangan (seed 002); ``kazoe``
    decides whether 13+ han is a counted yakuman or a sanbaiman (EMA: sanbaiman, seed 004 6.1); ``aotenjou``
    removes every limit (seed 002, "Aotenjou").

    The combination must be one some win has, by tsumo or by ron: the one table of ``scorekeeper.engine.han_fu``.

    Raises:
        InvalidHandError: for a han/fu combination no win has (han below 1, a fu that cannot occur, ...).
    """
    check_han_fu(han, fu)
    if rules.aotenjou:
        return PointValue(han=han, fu=fu, yakuman=0, limit=None, base=base_points(han, fu), exact=True)
    limit: Limit | None
    if han >= 13:
        limit = Limit.YAKUMAN if rules.kazoe is KazoeLimit.YAKUMAN else Limit.SANBAIMAN
    elif han >= 11:
        limit = Limit.SANBAIMAN
    elif han >= 8:
        limit = Limit.BAIMAN
    elif han >= 6:
        limit = Limit.HANEMAN
    elif han == 5:
        limit = Limit.MANGAN
    else:
        raw = base_points(han, fu)
        if raw >= MANGAN_BASE or (rules.kiriage_mangan and raw == KIRIAGE_BASE):
            limit = Limit.MANGAN
        else:
            return PointValue(han=han, fu=fu, yakuman=0, limit=None, base=raw)
    return PointValue(han=han, fu=fu, yakuman=0, limit=limit, base=_LIMIT_BASE[limit])


def value_from_yakuman(multiplier: int, rules: HandRules, *, fu: int = 30) -> PointValue:
    """Value a hand by its yakuman multiplier (1 for a single yakuman, 2 for a double...).

    Under aotenjou each yakuman counts as 13 han (seed 002, "Aotenjou"), on the hand's ``fu``.

    Raises:
        InvalidValueError: for a multiplier below 1.
    """
    if multiplier < 1:
        raise InvalidValueError(f"a yakuman hand has a multiplier of at least 1, got {multiplier}")
    if rules.aotenjou:
        han = 13 * multiplier
        return PointValue(han=han, fu=fu, yakuman=multiplier, limit=None, base=base_points(han, fu), exact=True)
    return PointValue(han=None, fu=None, yakuman=multiplier, limit=Limit.YAKUMAN, base=YAKUMAN_BASE * multiplier)


def pay(value: PointValue | int, *, dealer: bool, tsumo: bool) -> Payment:
    """Split a hand's value into payments, each rounded up to the next 100 (not under aotenjou: ``value.exact``).

    Args:
        value: the hand's value, or its base points.
        dealer: whether the winner is the dealer.
        tsumo: a self-draw (paid by all three) or a ron (paid by the discarder).
    """
    if isinstance(value, int):
        base, up = value, _round_up_100
    else:
        base, up = value.base, (_exact if value.exact else _round_up_100)
    if tsumo:
        if dealer:
            return Payment(all=up(2 * base))
        return Payment(dealer=up(2 * base), non_dealer=up(base))
    return Payment(ron=up((6 if dealer else 4) * base))


def _exact(points: int) -> int:
    return points
