"""Render the referee's window to PNG for docs/tournament.md: a scripted 16-player tournament in mid-day.

Usage: ``python -m scorekeeper.gui.referee.screenshots OUTDIR [WIDTHxHEIGHT]`` (offscreen; default 1366x768).
Writes ``referee-<tab>-light-en.png`` for each tab and ``referee-new-tournament-light-en.png``. Session 1 is
played, session 2 seated with three games in (two finished, one still running, where a second substitute took a
player's seat after two hands), one penalty given, one player dropped out after session 1 and a substitute in.
Also ``referee-substitute-light-en.png``, the dialog that puts a substitute in a seat during a game.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication

from scorekeeper.gui import theme
from scorekeeper.gui.app import create_application
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.gui.screenshots import use_offscreen_platform
from scorekeeper.session.events import (
    EndGame,
    Event,
    ExhaustiveDraw,
    HanFuWin,
    LastHandCalled,
    PlayerReplaced,
    RiichiDeclared,
    Ron,
    Tsumo,
)
from scorekeeper.session.seats import Seat
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store
from scorekeeper.tournament import (
    Player,
    TableGame,
    TournamentPenalty,
    TournamentSettings,
    seat_auto,
)

__all__ = ["NAMES", "build_demo", "main", "render"]

NAMES = (
    "Aiko Tanaka",
    "Bruno Costa",
    "Chen Wei",
    "Dana Novak",
    "Emil Berg",
    "Fatima Haddad",
    "Gustav Lind",
    "Hana Sato",
    "Ivan Petrov",
    "Julia Rossi",
    "Kenji Mori",
    "Lena Vogel",
    "Marek Kowal",
    "Nora Quinn",
    "Oscar Diaz",
    "Pia Holm",
)
_COUNTRIES = ("JP", "PT", "CN", "CZ", "SE", "FR", "SE", "JP", "UA", "IT", "JP", "DE", "PL", "IE", "ES", "DK")


def _hand(k: int) -> tuple[Event, ...]:
    winner, loser = k % 4, (k + 1) % 4
    match k % 3:
        case 0:
            return (RiichiDeclared(Seat(winner)), Ron(Seat(loser), (HanFuWin(seat=Seat(winner), han=3, fu=40),)))
        case 1:
            return (Tsumo(HanFuWin(seat=Seat(winner), han=2, fu=30)),)
        case _:
            return (ExhaustiveDraw((Seat(winner),)),)


def _events(table: int, hands: int, *, ended: bool, last_hand: bool = False) -> tuple[Event, ...]:
    events: list[Event] = []
    for k in range(hands):
        events.extend(_hand(3 * table + 5 * k + k // 2))
    if ended:
        events.append(EndGame("time limit"))
    elif last_hand:
        events.append(LastHandCalled("time limit"))  # the referee called time: the table plays its last hand
    return tuple(events)


def build_demo(path: Path) -> TournamentStore:
    """The scripted tournament in a new store at ``path``."""
    store = open_tournament_store(path)
    players = [
        Player(name=n, ema_id=f"0{k % 9 + 1}00{k:04d}", country=c, club="", team=("Wind", "Fire", "Moon", "Sun")[k % 4])
        for k, (n, c) in enumerate(zip(NAMES, _COUNTRIES, strict=True))
    ]
    store.create(
        TournamentSettings(
            name="Autumn Riichi Open",
            dates=("2026-11-28", "2026-11-29"),
            venue="Lisbon",
            sessions=4,
            time_limit_minutes=90,
            teams=True,
        ),
        [*players, Player(name="Sam Reyes", substitute=True), Player(name="Lee Park", substitute=True)],
        fixed=(("Nora Quinn", 1),),
    )
    tournament = store.load()
    one = seat_auto(1, tournament.ranked_in(1), sessions=4, fixed=tournament.fixed_tables(), seed="demo")
    store.save_seating(one)
    for table in one.tables:
        store.add_game(
            TableGame(
                game_id=f"demo-1-{table.table}",
                session=1,
                table=table.table,
                players=table.seats,
                events=_events(table.table, 6, ended=True),
            )
        )
    store.drop_player("Ivan Petrov", 1)
    tournament = store.load()
    two = seat_auto(
        2,
        tournament.ranked_in(2),
        tournament.substitutes_in(2),
        history=[one],
        sessions=4,
        fixed=tournament.fixed_tables(),
        seed="demo",
    )
    store.save_seating(two)
    for table in two.tables[:3]:
        store.add_game(
            TableGame(
                game_id=f"demo-2-{table.table}",
                session=2,
                table=table.table,
                players=table.seats,
                events=_events(
                    table.table + 4, 6 if table.table < 3 else 4, ended=table.table < 3, last_hand=table.table == 3
                )
                if table.table != 3
                # At table 3 a player fell ill after two hands: the second substitute took the seat (West).
                else (
                    *_events(7, 2, ended=False),
                    PlayerReplaced(seat=Seat.SEAT_2, player="Lee Park", reason="fell ill"),
                    *_events(8, 2, ended=False, last_hand=True),
                ),
            )
        )
    store.add_penalty(
        TournamentPenalty(player="Dana Novak", points=-10000, reason="late to the table", session=2),
    )
    return store


def render(outdir: Path, size: tuple[int, int] = (1366, 768)) -> list[Path]:
    """Render each tab of the referee's window over the demo tournament; return the files."""
    outdir.mkdir(parents=True, exist_ok=True)
    app = create_application([])
    theme.apply_theme(app, theme.Theme.LIGHT)
    written = []
    with tempfile.TemporaryDirectory() as scratch, build_demo(Path(scratch) / "demo.db") as store:
        controller = TournamentController(store)
        controller.show_session(2)
        window = RefereeWindow(controller)
        window.resize(*size)
        window.show()
        for index, name in enumerate(("players", "seating", "tables", "standings", "penalties")):
            window.tabs.setCurrentIndex(index)
            QApplication.processEvents()
            path = outdir / f"referee-{name}-light-en.png"
            window.grab().save(str(path))
            written.append(path)
        window.close()
        window.deleteLater()
        QApplication.processEvents()
    from scorekeeper.gui.referee.substitute import SubstituteDialog

    substitute = SubstituteDialog(4, ("Nora Quinn", "Eva Lind", "Oscar Diaz", "Pia Holm"), ("Sam Reyes", "Lee Park"))
    substitute.reason_edit.setText("fell ill")
    substitute.show()
    QApplication.processEvents()
    path = outdir / "referee-substitute-light-en.png"
    substitute.grab().save(str(path))
    written.append(path)
    substitute.close()
    substitute.deleteLater()
    QApplication.processEvents()
    from scorekeeper.gui.referee.new_tournament import NewTournamentDialog

    dialog = NewTournamentDialog(ask_open=lambda _owner: None, ask_save=lambda _owner: None)
    dialog.name_edit.setText("Autumn Riichi Open")
    dialog.venue_edit.setText("Lisbon")
    dialog.days_spin.setValue(2)
    dialog.players_edit.setText("players.csv")
    dialog.show()
    QApplication.processEvents()
    path = outdir / "referee-new-tournament-light-en.png"
    dialog.grab().save(str(path))
    written.append(path)
    dialog.close()
    dialog.deleteLater()
    QApplication.processEvents()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scorekeeper.gui.referee.screenshots OUTDIR [WIDTHxHEIGHT]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m scorekeeper.gui.referee.screenshots OUTDIR [WIDTHxHEIGHT]", file=sys.stderr)
        return 2
    use_offscreen_platform()
    width, height = (int(x) for x in (args[1] if len(args) > 1 else "1366x768").split("x"))
    for path in render(Path(args[0]), (width, height)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
