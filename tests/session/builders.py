"""Builders for session tests: short names for seats, wins and tables."""

from __future__ import annotations

import random

from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Event,
    ExhaustiveDraw,
    HanFuWin,
    RiichiDeclared,
    RiichiSettlement,
    Ron,
    Ruleset,
    Seat,
    Session,
    Tsumo,
    YakumanWin,
    ruleset,
    settle,
)

S0, S1, S2, S3 = Seat.SEAT_0, Seat.SEAT_1, Seat.SEAT_2, Seat.SEAT_3
PLAYERS = ("Ann", "Bo", "Cy", "Di")


def hf(seat: int, han: int, fu: int) -> HanFuWin:
    """A han/fu win."""
    return HanFuWin(seat=Seat(seat), han=han, fu=fu)


def ym(seat: int, yakuman: int = 1, pao: int | None = None) -> YakumanWin:
    """A yakuman win, optionally with a liable player."""
    return YakumanWin(seat=Seat(seat), yakuman=yakuman, pao=None if pao is None else Seat(pao))


def game(preset: str = "tenhou", **overrides: object) -> Session:
    """A new session under a preset (with table or hand knob overrides)."""
    return Session(ruleset(preset, dict(overrides) or None), PLAYERS)


def rules(preset: str = "tenhou", **overrides: object) -> Ruleset:
    """A ruleset."""
    return ruleset(preset, dict(overrides) or None)


def settle_at(
    preset: str,
    result: object,
    *,
    dealer: int = 0,
    honba: int = 0,
    sticks: int = 0,
    riichi: tuple[int, ...] = (),
    **overrides: object,
) -> RiichiSettlement:
    """Settle a result at a table position, without a game around it."""
    return settle(
        rules(preset, **overrides),
        result,  # type: ignore[arg-type]
        dealer=Seat(dealer),
        honba=honba,
        riichi_sticks=sticks,
        riichi_this_hand=tuple(Seat(s) for s in riichi),
    )


def noten_draw() -> ExhaustiveDraw:
    """An exhaustive draw with nobody tenpai: the dealership passes, honba +1, nobody pays."""
    return ExhaustiveDraw(())


def advance(session: Session, hands: int) -> None:
    """Play ``hands`` all-noten draws, moving the deal on that many seats."""
    for _ in range(hands):
        session.apply(noten_draw())


def kyuushu() -> AbortiveDraw:
    """A nine-terminals abortive draw."""
    return AbortiveDraw(AbortReason.KYUUSHU)


def random_table_event(rng: random.Random) -> Event:
    """One plausible table event (riichi, ron, tsumo or draw) that the session may still refuse, for the writer
    processes of the crash and sync fault tests (tests/storage/crash_writer.py, tests/sync/table_process.py)."""
    kind = rng.randrange(4)
    if kind == 0:
        return RiichiDeclared(Seat(rng.randrange(4)))
    if kind == 1:
        winner, discarder = rng.sample(range(4), 2)
        return Ron(Seat(discarder), (HanFuWin(seat=Seat(winner), han=rng.randint(1, 4), fu=30),))
    if kind == 2:
        return Tsumo(HanFuWin(seat=Seat(rng.randrange(4)), han=rng.randint(1, 4), fu=40))
    return ExhaustiveDraw(tuple(Seat(s) for s in sorted(rng.sample(range(4), rng.randint(0, 4)))))
