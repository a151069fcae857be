"""The value of a hand declared instead of entered by its tiles: han and fu called out, or the yaku named.

Tables that do not enter tiles call out "3 han 40 fu" (the win dialog's Quick entry) or name the yaku and count the
dora (its Yaku list). Both ask this module, and so do the help's score tables, so that no widget keeps a rule of
its own (issue 24: the Yaku list recorded pinfu tsumo at 30 fu, asked for fu where the yaku decide them, and under
aotenjou Quick entry's value depended on the order of the taps).

The rules, each with its source:

- **Whether the fu count** (:func:`fu_count`): below 5 han the fu decide the base points; from 5 han the limits
  do (mangan and up: seed 000, "Scores"; EMA 2016 / seed 004 6.1), so the fu are not asked and the win is recorded
  with :data:`STAND_IN_FU`. Under aotenjou there are no limits (seed 002, "Aotenjou"): the fu always count.
- **Fu the yaku decide** (:func:`decided_fu`): chiitoitsu is a flat 25 fu (seed 000; seed 004 6.3); pinfu is 20 fu
  by tsumo (no fu for the self-draw: seed 002 "Fu"; EMA 2016 / seed 004 6.3) and 30 by ron (20 and the closed ron's
  10). Otherwise a hand counts at least 30 fu: 20 fu is pinfu by tsumo only, 25 chiitoitsu only (``han_fu``).
- **Menzen tsumo** comes with every closed hand won by tsumo (seed 000, "Yaku"; EMA 2016 / seed 004 7.1.2): it is
  counted whether it was named or not, so that a pinfu tsumo is never a 1-han 20-fu hand no win has.
- **Which yaku can be named** (:func:`is_declarable`): the kind of win a situational yaku needs (``YAKU_WIN_KIND``),
  closed-only yaku on an open hand, open tanyao (``HandRules.open_tanyao``), renhou where the ruleset values it.
- **Renhou** follows the ruleset (``RenhouValue``): ``five_han`` adds 5 han to the rest (WRC); ``mangan`` makes the
  hand a mangan unless it is worth more without renhou (EMA 2016), so at least 5 han; ``yakuman`` is a yakuman.
- **Yakuman**: each counts its multiplier (``yakuman_multiplier``: 2 for the double ones where ``double_yakuman``
  is on); several add up where ``compound_yakuman`` is on, else the largest counts.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from scorekeeper.engine.conditions import WinKind
from scorekeeper.engine.han_fu import is_valid_han_fu, valid_fu
from scorekeeper.engine.points import PointValue, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules, RenhouValue
from scorekeeper.engine.yaku import YAKU_WIN_KIND, YAKUMAN, Yaku, closed_han, open_han, yakuman_multiplier

__all__ = [
    "LIMIT_HAN",
    "STAND_IN_FU",
    "DeclaredValue",
    "decided_fu",
    "fu_count",
    "is_declarable",
    "value_called",
    "value_declared",
]

#: From this many han the limits decide the value, not the fu (mangan; seed 000 "Scores", seed 004 6.1).
LIMIT_HAN = 5
#: The fu a win is recorded with where the fu do not count (any valid fu would do; 30 is what tables call out).
STAND_IN_FU = 30


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclaredValue:
    """A declared hand's value as far as it is known.

    Attributes:
        han: the han (0 when no yaku is named: dora alone are never a yaku).
        fu: the fu the win is recorded with (decided by the yaku, chosen, or the stand-in where they do not
            count), or None while the fu are still to be chosen.
        fu_choices: the fu that may be chosen now (empty when they are not asked: no han yet, decided by the yaku,
            or not counting at this han).
        yakuman: the yakuman multiplier (0 when none).
        yaku: the yaku counted, in the order named (menzen tsumo added on a closed tsumo).
        value: the engine's value, or None while incomplete.
    """

    han: int
    fu: int | None
    fu_choices: tuple[int, ...]
    yakuman: int
    yaku: tuple[Yaku, ...]
    value: PointValue | None


def fu_count(han: int, rules: HandRules) -> bool:
    """Whether the fu change the value of a ``han``-han hand under ``rules`` (below :data:`LIMIT_HAN` han, or always
    under aotenjou)."""
    return rules.aotenjou or han < LIMIT_HAN


def decided_fu(yaku: Collection[Yaku], *, tsumo: bool) -> int | None:
    """The fu the named yaku decide (chiitoitsu 25, pinfu 20 by tsumo and 30 by ron), or None."""
    if Yaku.CHIITOITSU in yaku:
        return 25
    if Yaku.PINFU in yaku:
        return 20 if tsumo else 30
    return None


def is_declarable(yaku: Yaku, *, is_open: bool, tsumo: bool, rules: HandRules) -> bool:
    """Whether ``yaku`` can be part of a hand won this way (open or closed, by tsumo or ron) under ``rules``."""
    needs = YAKU_WIN_KIND.get(yaku)
    if needs is not None and needs is not (WinKind.TSUMO if tsumo else WinKind.RON):
        return False
    if yaku is Yaku.RENHOU:
        return not is_open and rules.renhou is not RenhouValue.NONE
    if yaku in YAKUMAN:
        return True
    if yaku is Yaku.TANYAO and is_open:
        return rules.open_tanyao
    return not is_open or open_han(yaku) is not None


def _yakuman(yaku: Collection[Yaku], rules: HandRules) -> int:
    counts = [yakuman_multiplier(y, double_yakuman=rules.double_yakuman) for y in yaku if y in YAKUMAN]
    if Yaku.RENHOU in yaku and rules.renhou is RenhouValue.YAKUMAN:
        counts.append(1)
    if not counts:
        return 0
    return sum(counts) if rules.compound_yakuman else max(counts)


def _han(yaku: Collection[Yaku], *, is_open: bool, dora: int, rules: HandRules) -> int:
    total = sum(
        (open_han(y) or 0) if is_open else closed_han(y) for y in yaku if y not in YAKUMAN and y is not Yaku.RENHOU
    )
    if total:
        total += dora
    if Yaku.RENHOU in yaku:
        if rules.renhou is RenhouValue.FIVE_HAN:
            total += closed_han(Yaku.RENHOU) + (0 if total else dora)
        elif rules.renhou is RenhouValue.MANGAN:
            total = max(total, closed_han(Yaku.RENHOU))
    return total


def _with_fu(
    han: int, fu: int | None, choices: tuple[int, ...], rules: HandRules
) -> tuple[int | None, PointValue | None]:
    if fu is None or fu not in choices:
        return None, None
    return fu, value_from_han_fu(han, fu, rules)


def value_called(
    *, han: int | None, fu: int | None, yakuman: int | None, tsumo: bool, rules: HandRules
) -> DeclaredValue:
    """The value of han and fu (or a number of yakuman) called out at the table.

    Where the fu count (:func:`fu_count`) the value waits for a fu this han can have by this kind of win; where they
    do not, the win is recorded with :data:`STAND_IN_FU` whatever fu was tapped before, so that the value never
    depends on the order of the taps.
    """
    if yakuman:
        return DeclaredValue(
            han=0, fu=None, fu_choices=(), yakuman=yakuman, yaku=(), value=value_from_yakuman(yakuman, rules)
        )
    if han is None:
        return DeclaredValue(han=0, fu=None, fu_choices=(), yakuman=0, yaku=(), value=None)
    if not fu_count(han, rules):
        value = value_from_han_fu(han, STAND_IN_FU, rules)
        return DeclaredValue(han=han, fu=STAND_IN_FU, fu_choices=(), yakuman=0, yaku=(), value=value)
    choices = valid_fu(han, tsumo=tsumo)
    chosen, worth = _with_fu(han, fu, choices, rules)
    return DeclaredValue(han=han, fu=chosen, fu_choices=choices, yakuman=0, yaku=(), value=worth)


def value_declared(
    yaku: Collection[Yaku], *, is_open: bool, dora: int, fu: int | None, tsumo: bool, rules: HandRules
) -> DeclaredValue:
    """The value of the yaku named, with ``dora`` counted and ``fu`` chosen (None: not yet).

    Only the yaku that can be named for this win count (:func:`is_declarable`); a closed tsumo counts menzen tsumo
    too. The fu are those the yaku decide (:func:`decided_fu`), else the one chosen among the fu such a hand can
    have (30 and up), else the stand-in where the fu do not count.
    """
    counted = [y for y in yaku if is_declarable(y, is_open=is_open, tsumo=tsumo, rules=rules)]
    if tsumo and not is_open and counted and Yaku.MENZEN_TSUMO not in counted:
        counted.append(Yaku.MENZEN_TSUMO)
    named = tuple(counted)
    yakuman = _yakuman(named, rules)
    if yakuman:
        value = value_from_yakuman(yakuman, rules)
        return DeclaredValue(han=0, fu=None, fu_choices=(), yakuman=yakuman, yaku=named, value=value)
    han = _han(named, is_open=is_open, dora=dora, rules=rules)
    if not han:
        return DeclaredValue(han=0, fu=None, fu_choices=(), yakuman=0, yaku=named, value=None)
    decided = decided_fu(named, tsumo=tsumo)
    if decided is not None:
        if not is_valid_han_fu(han, decided, tsumo=tsumo):  # pinfu tsumo without its menzen tsumo cannot happen
            return DeclaredValue(han=han, fu=None, fu_choices=(), yakuman=0, yaku=named, value=None)
        value = value_from_han_fu(han, decided, rules)
        return DeclaredValue(han=han, fu=decided, fu_choices=(), yakuman=0, yaku=named, value=value)
    if not fu_count(han, rules):
        value = value_from_han_fu(han, STAND_IN_FU, rules)
        return DeclaredValue(han=han, fu=STAND_IN_FU, fu_choices=(), yakuman=0, yaku=named, value=value)
    choices = tuple(f for f in valid_fu(han, tsumo=tsumo) if f >= 30)  # 20 is pinfu's, 25 chiitoitsu's
    chosen, worth = _with_fu(han, fu, choices, rules)
    return DeclaredValue(han=han, fu=chosen, fu_choices=choices, yakuman=0, yaku=named, value=worth)
