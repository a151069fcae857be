"""The yaku a reading's runs make, by the runs alone: iipeikou, ryanpeikou, ittsu and sanshoku (yaku.py; EMA, seed 004
section 7). A table the scorer looks each reading's runs up in (``scoring.py``), filled as keys are met."""

from __future__ import annotations

from scorekeeper.engine.decomposition import RUN
from scorekeeper.engine.yaku import Yaku

__all__ = ["CLOSED_RUN_YAKU", "OPEN_RUN_YAKU"]

_PIN_OFFSET, _SOU_OFFSET = 9, 18
# The codes of 1-2-3 in each suit (RUN + first kind).
_RUN_SUITS = (RUN, RUN + _PIN_OFFSET, RUN + _SOU_OFFSET)
# Enum members as module constants: on Python 3.11 reading one through its class costs ten times a global.
_IIPEIKOU_1 = (Yaku.IIPEIKOU, 1)
_RYANPEIKOU_3 = (Yaku.RYANPEIKOU, 3)
_Y_ITTSU = Yaku.ITTSU
_Y_SANSHOKU_DOUJUN = Yaku.SANSHOKU_DOUJUN


class _RunYaku(dict[tuple[int, ...], tuple[tuple[tuple[Yaku, int], ...], int]]):
    """The yaku a reading's runs make (peikou, ittsu, sanshoku) and their han, by the tuple of run codes.

    Keyed by the runs of one reading (concealed runs sorted, then called ones in meld order), a small part of a
    hand: at most four of 21 run codes, so the table is bounded (under 200,000 keys in theory; 50,000 generated
    hands make about 12,000 over both tables). A closed hand's table counts iipeikou/ryanpeikou (closed only)
    and the closed han of ittsu and sanshoku; an open hand's, their open han (as in yaku.py: EMA, seed 004 section 7).
    """

    def __init__(self, closed: bool) -> None:
        super().__init__()
        self.closed = closed

    def __missing__(self, runs: tuple[int, ...]) -> tuple[tuple[tuple[Yaku, int], ...], int]:
        # Plain tests rather than generators: a new key is met about once in three hands of a first pass over new
        # hands, so this is part of the cost of a bulk run (issue 15).
        closed = self.closed
        found: list[tuple[Yaku, int]] = []
        run_set = set(runs)
        if closed and len(run_set) < len(runs):
            # Runs repeated within the concealed part (a closed hand has no called run).
            peikou = 0
            for code in run_set:
                peikou += runs.count(code) // 2
            found.append(_RYANPEIKOU_3 if peikou >= 2 else _IIPEIKOU_1)
        if len(run_set) >= 3:
            for suit in _RUN_SUITS:
                if suit in run_set and suit + 3 in run_set and suit + 6 in run_set:
                    found.append((_Y_ITTSU, 2 if closed else 1))
                    break
            for code in run_set:
                if code < RUN + _PIN_OFFSET and code + _PIN_OFFSET in run_set and code + _SOU_OFFSET in run_set:
                    found.append((_Y_SANSHOKU_DOUJUN, 2 if closed else 1))
                    break
        han = 0
        for _, yaku_han in found:
            han += yaku_han
        entry = self[runs] = (tuple(found), han)
        return entry


CLOSED_RUN_YAKU = _RunYaku(closed=True)
OPEN_RUN_YAKU = _RunYaku(closed=False)
