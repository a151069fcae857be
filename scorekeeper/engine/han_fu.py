"""The one table of the han and fu a win can have (issue 9, section 3).

The engine's points table (``points.value_from_han_fu``), the session (a win called out as han and fu), the GUI's
quick entry, the help's score tables and the points-gap calculation all ask this module; none keeps a copy.

The rules, each with its source:

- Fu are rounded up to a multiple of 10 (seed 000, "Scores"; seed 004, 6.3), except chiitoitsu's flat 25.
- 20 fu is only pinfu won by tsumo, which also has menzen tsumo: a tsumo of at least 2 han. A closed ron adds
  10 fu and an open hand's 20 fu is rounded up to 30 (seed 002, "Fu"; seed 004, 6.3 "open pinfu").
- 25 fu is only chiitoitsu (seed 000; seed 004, 6.3), a 2-han yaku: at least 2 han on a ron and 3 on a tsumo
  (with menzen tsumo).
- 1 han: at most 110 fu on a ron and 100 fu on a tsumo. The riichi book's tables (seed 000, "Scoring tables",
  "Scores for 110 minipoints") leave 1 han 110 fu by tsumo empty: the fu beyond come from kans and concealed
  triplets, and a third of them brings sankantsu, sanankou or toitoi (2 han). The most a 1-han hand counts is
  20 + 10 (closed ron) + 2 x 32 (two concealed terminal or honour kans) + 4 (a triplet completed by ron) + 4 (a
  double-wind pair) = 102, rounded to 110; by tsumo 20 + 2 + 64 + 4 + 2 (a closed wait) = 92, rounded to 100.
- Otherwise 30 fu and up by tens, to :data:`MAX_FU` = 170, the most any hand can count: 20 + 10 (closed ron) +
  4 x 32 (four concealed terminal or honour kans) + 4 (double-wind pair) + 2 (pair wait) = 164, rounded up. The
  values above 110 matter to a limit hand's payment only under aotenjou (seed 002); a 140-fu sanankou sankantsu
  is a mangan anyway, but the engine still counts and shows it.

The same rules hold from 5 han, where fu do not change a limited payment: a 6-han 20-fu ron is still a mistake.
"""

from __future__ import annotations

from scorekeeper.errors import ErrorCode, InvalidHandError

__all__ = [
    "FU_VALUES",
    "MAX_FU",
    "MIN_HAN",
    "check_han_fu",
    "is_valid_han_fu",
    "valid_fu",
    "validate_han_fu",
]

#: The most fu a hand can count (see the module docstring).
MAX_FU = 170
#: Every fu a hand can have: 20, 25, then 30 to :data:`MAX_FU` by tens.
FU_VALUES: tuple[int, ...] = (20, 25, *range(30, MAX_FU + 1, 10))
#: A win has at least one han (a yaku).
MIN_HAN = 1
_ONE_HAN_MAX_FU_RON = 110
_ONE_HAN_MAX_FU_TSUMO = 100


def validate_han_fu(han: int, fu: int, *, tsumo: bool) -> tuple[str, ...]:
    """The rules that ``han`` and ``fu`` break for a win by tsumo (or by ron); empty when the win can exist."""
    if han < MIN_HAN:
        return (f"a win has at least {MIN_HAN} han, got {han}",)
    if fu not in FU_VALUES:
        return (f"fu are 20, 25 or a multiple of 10 from 30 to {MAX_FU}, got {fu}",)
    how = "tsumo" if tsumo else "ron"
    if fu == 20 and not tsumo:
        return ("20 fu is pinfu by tsumo only: a closed ron adds 10 fu and an open hand is rounded up to 30",)
    if fu == 20 and han < 2:
        return ("20 fu is pinfu by tsumo, which has menzen tsumo too: at least 2 han",)
    if fu == 25 and han < (3 if tsumo else 2):
        if tsumo:
            return ("25 fu is chiitoitsu (2 han), and by tsumo it has menzen tsumo too: at least 3 han",)
        return ("25 fu is chiitoitsu, which has at least 2 han",)
    if han == 1:
        most = _ONE_HAN_MAX_FU_TSUMO if tsumo else _ONE_HAN_MAX_FU_RON
        if fu > most:
            return (f"1 han by {how} has at most {most} fu: more fu need kans or concealed triplets that add han",)
    return ()


def is_valid_han_fu(han: int, fu: int, *, tsumo: bool | None = None) -> bool:
    """Whether a win with ``han`` and ``fu`` can exist by tsumo, by ron, or (``tsumo=None``) by either."""
    if tsumo is None:
        return not validate_han_fu(han, fu, tsumo=True) or not validate_han_fu(han, fu, tsumo=False)
    return not validate_han_fu(han, fu, tsumo=tsumo)


def valid_fu(han: int, *, tsumo: bool | None = None) -> tuple[int, ...]:
    """The fu of :data:`FU_VALUES` a win of ``han`` can have by tsumo, by ron, or (``None``) by either."""
    return tuple(fu for fu in FU_VALUES if is_valid_han_fu(han, fu, tsumo=tsumo))


def check_han_fu(han: int, fu: int, *, tsumo: bool | None = None, what: str = "") -> None:
    """Refuse a han/fu combination that no win has (by tsumo, by ron, or by either when ``tsumo`` is None).

    Args:
        han: the han.
        fu: the rounded fu.
        tsumo: how the hand was won, or None when either way will do (the points table, which has no win).
        what: names the win in the message (``"seat 1's ron"``); empty for a bare combination.

    Raises:
        InvalidHandError: naming the combination (and ``what``) and the rule it breaks.
    """
    if tsumo is None:
        if is_valid_han_fu(han, fu):
            return
        problems = validate_han_fu(han, fu, tsumo=fu == 20)  # 20 fu: say what a tsumo needs
    else:
        problems = validate_han_fu(han, fu, tsumo=tsumo)
    if problems:
        prefix = f"{what}: " if what else ""
        raise InvalidHandError(
            f"{prefix}{han} han {fu} fu is not a possible win: {problems[0]}",
            code=ErrorCode.HAN_FU_IMPOSSIBLE,
            fields={"han": han, "fu": fu, "tsumo": tsumo},
        )
