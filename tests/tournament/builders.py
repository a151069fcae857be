"""Builders for tournament tests: players, a settings value, and a table's game from han/fu wins."""

from __future__ import annotations

from scorekeeper.session import EndGame, Event, HanFuWin, Ron, Seat, Tsumo
from scorekeeper.tournament import Player, TableGame, TournamentSettings


def names(count: int, prefix: str = "P") -> tuple[str, ...]:
    """``count`` distinct names."""
    return tuple(f"{prefix}{k:03d}" for k in range(1, count + 1))


def roster(count: int, substitutes: int = 0) -> tuple[Player, ...]:
    """``count`` ranked players, then ``substitutes`` substitutes."""
    ranked = tuple(Player(name=n) for n in names(count))
    return ranked + tuple(Player(name=n, substitute=True) for n in names(substitutes, "Sub"))


def settings(sessions: int = 2, **kwargs: object) -> TournamentSettings:
    """EMA 2016 settings named "Test Open"."""
    return TournamentSettings(name="Test Open", sessions=sessions, **kwargs)  # type: ignore[arg-type]


def ron(winner: int, discarder: int, han: int = 5, fu: int = 30) -> Ron:
    """``winner`` rons ``discarder`` for han/fu (5 han is a mangan, 8000 from a non-dealer)."""
    return Ron(Seat(discarder), (HanFuWin(seat=Seat(winner), han=han, fu=fu),))


def tsumo(winner: int, han: int = 5, fu: int = 30) -> Tsumo:
    """A self-drawn win."""
    return Tsumo(HanFuWin(seat=Seat(winner), han=han, fu=fu))


def table_game(session: int, table: int, seats: tuple[str, str, str, str], *events: Event) -> TableGame:
    """A table's game from its events; ended by the referee (time limit) after them."""
    return TableGame(
        game_id=f"s{session}-t{table}",
        session=session,
        table=table,
        players=seats,
        events=(*events, EndGame("time limit")),
    )
