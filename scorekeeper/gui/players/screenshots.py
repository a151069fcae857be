"""Render a player's card (Players and statistics) to PNG for docs/statistics.md: a scripted club of 12 players.

Usage: ``python -m scorekeeper.gui.players.screenshots OUTDIR`` (offscreen). Writes ``players-card.png``: Eve's card
at 1366x740 (a 1366x768 laptop), light theme, English, and ``players-ratings.png``: the Ratings tab with Eve
chosen, the same size. The club's 60 tenhou.net games, two evenings a week from
February 2026, are played from a fixed seed: mostly wins called out as han and fu, some draws, the odd chombo, and a
few wins entered as tiles so that the yaku chart has something to show. Nothing touches the user's data folder.
"""

from __future__ import annotations

import datetime
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui import theme
from scorekeeper.gui.app import create_application
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.players.window import PlayersWindow
from scorekeeper.gui.screenshots import use_offscreen_platform
from scorekeeper.session import Session
from scorekeeper.session.events import (
    Chombo,
    ExhaustiveDraw,
    HandWin,
    HanFuWin,
    Ron,
    Tsumo,
)
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore

__all__ = ["NAMES", "build_club", "main", "render"]

NAMES = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fumi", "Goro", "Hana", "Ichi", "Jun", "Kei", "Mio")
#: Closed hands with a yaku whatever the winds (``scorekeeper score`` input): pinfu and tanyao, sanshoku,
#: chiitoitsu, a white dragon triplet.
TILE_HANDS: tuple[dict[str, Any], ...] = (
    {"hand": "234m45556p234678s", "win": "4s"},
    {"hand": "123m123p123s789m55p", "win": "5p"},
    {"hand": "1133m5577p22s667z7z", "win": "7z"},
    {"hand": "555z234m678p33s456s", "win": "3s"},
)
CARD_SIZE = (1366, 740)


def _result(rng: random.Random, riichi: list[Seat]) -> Any:
    roll = rng.random()
    winner = Seat(rng.randrange(4))
    if roll < 0.06:
        win: Any = HandWin.from_input(winner, rng.choice(TILE_HANDS))
    else:
        han = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 13])
        win = HanFuWin(seat=winner, han=han, fu=rng.choice([30, 30, 40, 50]))
    if roll < 0.45:
        return Ron(Seat((winner + rng.randrange(1, 4)) % 4), (win,))
    if roll < 0.75:
        return Tsumo(win)
    if roll < 0.98:
        return ExhaustiveDraw(tuple(sorted({*riichi, *(s for s in Seat if rng.random() < 0.4)})))
    return Chombo(winner)


def _play(rng: random.Random) -> Session:
    session = Session(ruleset("tenhou"), rng.sample(NAMES, 4))
    for _ in range(300):
        if session.state.ended:
            break
        riichi = [s for s in Seat if rng.random() < 0.15 and session.state.scores[s] >= 1000]
        for seat in riichi:
            session.declare_riichi(seat)
        try:
            session.apply(_result(rng, riichi))
        except ScorekeeperError:  # a result the table refuses (no yaku for that seat's wind...): played again
            for _seat in riichi:
                session.undo()
    return session


def build_club(path: Path, *, games: int = 60, seed: int = 4) -> GameStore:
    """A game file with the club's ``games`` finished games, two evenings a week from 2026-02-01."""
    rng = random.Random(seed)
    store = GameStore.open(path)
    day = datetime.date(2026, 2, 1)
    for number in range(games):
        session = _play(rng)
        if not session.state.ended:
            continue
        played = day + datetime.timedelta(days=3 * number + number % 2)
        store.create_game(
            players=session.players,
            ruleset="tenhou",
            events=session.events,
            finished=True,
            created=f"{played.isoformat()}T19:00:00+00:00",
        )
    return store


def render(outdir: Path) -> list[Path]:
    """Render Eve's card and the Ratings tab with Eve chosen; return the files."""
    outdir.mkdir(parents=True, exist_ok=True)
    app = create_application([])
    install_language(Language.ENGLISH)
    theme.apply_theme(app, theme.Theme.LIGHT)
    path = outdir / "players-card.png"
    with tempfile.TemporaryDirectory() as scratch:
        store = build_club(Path(scratch) / "club.sqlite3")
        window = PlayersWindow(store)
        window.reload()
        window.select_player("Eve")
        window.show()
        window.resize(*CARD_SIZE)  # after showing: a window is fitted to its screen as it shows (wheel_guard.py)
        QApplication.processEvents()
        window.grab().save(str(path))
        window.tabs.setCurrentWidget(window.ratings_tab)
        window.ratings_tab.select_player("Eve")
        QApplication.processEvents()
        ratings = outdir / "players-ratings.png"
        window.grab().save(str(ratings))
        window.close()
        window.deleteLater()
        QApplication.processEvents()
        store.close()
    return [path, ratings]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scorekeeper.gui.players.screenshots OUTDIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m scorekeeper.gui.players.screenshots OUTDIR", file=sys.stderr)
        return 2
    use_offscreen_platform()
    for path in render(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
