"""Shared builders for the storage tests: a store in a temporary folder and a few plausible events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandWin,
    HanFuWin,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Tsumo,
    YakumanWin,
)
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore

PLAYERS = ("Ann", "Bo", "Chie", "Dai")

#: A short, varied log: riichi, ron, tsumo with pao, draw, abort, a full-hand win, a penalty, an edit.
SAMPLE_EVENTS: tuple[Event, ...] = (
    RiichiDeclared(Seat(0)),
    Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)),
    Tsumo(YakumanWin(seat=Seat(2), yakuman=1, pao=Seat(3))),
    ExhaustiveDraw((1, 3)),  # type: ignore[arg-type]
    AbortiveDraw(AbortReason.KYUUSHU),
    Tsumo(HandWin.from_input(1, {"tiles": "123m456p789s11z22z", "win": "2z"})),
    Ron(Seat(0), (HanFuWin(seat=Seat(1), han=1, fu=30), HanFuWin(seat=Seat(3), han=2, fu=25))),
    RefereePenalty(seat=Seat(2), points=-2000, reason="slow play"),
    HandDeleted(1),
)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a fresh test database goes."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[GameStore]:
    """An open store on a fresh database, closed after the test."""
    with GameStore.open(db_path) as opened:
        yield opened
