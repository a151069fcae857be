"""Render every screen and dialog to PNG, light and dark, English and Japanese.

Usage: ``python -m scorekeeper.gui.screenshots OUTDIR`` (runs offscreen; needs no display). Each file is named
``<screen>-<theme>-<language>.png``. The games shown are scripted here; nothing touches the user's data folder.
With ``--laptop`` every screen is laid out as a 1366x768 laptop shows it (issue 12): the window fills the
1366x696 a task bar and a title bar leave, each dialog takes its preferred size within that; files are named
``laptop-<screen>-<theme>-<language>.png``.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from scorekeeper.gui import theme
from scorekeeper.gui.app import create_application, create_main_window
from scorekeeper.gui.dialogs.draw_dialog import DrawDialog, DrawKind
from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.open_game import OpenGameDialog
from scorekeeper.gui.dialogs.penalty import PenaltyDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session.chombo_errors import chombo_choices
from scorekeeper.session.corrections import correction_preview
from scorekeeper.session.events import (
    EndGame,
    Event,
    ExhaustiveDraw,
    HandRecord,
    HanFuWin,
    LastHandCalled,
    RiichiDeclared,
    Ron,
    Tsumo,
    ValueWin,
    YakumanWin,
)
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat

__all__ = ["LAPTOP", "PLAYERS", "RENDER_SCREEN", "SAMPLE_EVENTS", "main", "render_all", "use_offscreen_platform"]

#: What a 1366x768 laptop screen leaves a window: a 40 px task bar and a 32 px title bar off its height.
LAPTOP = QSize(1366, 768 - 40 - 32)

PLAYERS = ("Aiko", "Bruno", "Chen", "Dana")

#: The screen the renders run on. The offscreen plugin's own screen is 800x800, and a window shown there is
#: narrowed towards it (down to its minimum size): a dialog asked for at 1366x696 came out at the width its layout
#: first had, narrower than its content once the tiles were laid out (the classical win dialog's right column cut).
RENDER_SCREEN = QSize(1920, 1200)


def use_offscreen_platform() -> None:
    """Render offscreen (no display needed) on a :data:`RENDER_SCREEN`, unless ``QT_QPA_PLATFORM`` names another
    platform; call before the application is made."""
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") != "offscreen":
        return
    screen = {"name": "render", "x": 0, "y": 0, "width": RENDER_SCREEN.width(), "height": RENDER_SCREEN.height()}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    handle, name = tempfile.mkstemp(prefix="scorekeeper-screen-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as config:
        json.dump({"screens": [screen]}, config)
    atexit.register(os.remove, name)
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={name}"


#: A short game: riichi and ron, a tsumo, a draw with tenpai, a dealer repeat, a double ron.
SAMPLE_EVENTS: tuple[Event, ...] = (
    RiichiDeclared(Seat(1)),
    Ron(Seat(0), (HanFuWin(seat=Seat(1), han=3, fu=40),)),
    Tsumo(HanFuWin(seat=Seat(2), han=2, fu=30)),
    RiichiDeclared(Seat(3)),
    ExhaustiveDraw((Seat(2), Seat(3))),
    Ron(Seat(2), (HanFuWin(seat=Seat(0), han=1, fu=30), HanFuWin(seat=Seat(1), han=4, fu=30))),
    Tsumo(YakumanWin(seat=Seat(3), yakuman=1, pao=None)),
    RiichiDeclared(Seat(0)),
)


def _save(widget: QWidget, path: Path, width: int, height: int) -> Path:
    widget.resize(width, height)
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(path))
    widget.close()
    return path


def _window(folder: Path, events: Sequence[Event]) -> MainWindow:
    window = create_main_window(folder, settings=AppSettings(recent_players=PLAYERS))
    window.controller.new_game(PLAYERS, ruleset("tenhou"))
    for event in events:
        window.controller.apply(event)
    return window


def _screens(folder: Path) -> dict[str, Callable[[], tuple[QWidget, int, int]]]:
    def table() -> tuple[QWidget, int, int]:
        window = _window(folder / "table", SAMPLE_EVENTS)
        window.table.seat_panels[2].toggle_gaps()
        return window, 1440, 900

    def table_who_dealt_in() -> tuple[QWidget, int, int]:
        # A panel's Win, then the table asks who dealt in (issue 12, fewer taps).
        window = _window(folder / "who", SAMPLE_EVENTS)
        window.table.ask_who_dealt_in(1, PLAYERS[1])
        return window, 1440, 900

    def table_facing() -> tuple[QWidget, int, int]:
        window = _window(folder / "facing", SAMPLE_EVENTS)
        window.toggle_face_players()
        return window, 1440, 900

    def table_last_hand() -> tuple[QWidget, int, int]:
        # The referee called time (a tournament's finish_hand rule): the hand in play is the last.
        window = _window(folder / "last", (*SAMPLE_EVENTS, LastHandCalled("time limit")))
        return window, 1440, 900

    def table_classical() -> tuple[QWidget, int, int]:
        window = create_main_window(folder / "classical", settings=AppSettings(recent_players=PLAYERS))
        window.controller.new_game(PLAYERS, ruleset("classical"))
        window.controller.apply(Tsumo(ValueWin(seat=Seat(1), value=120)))
        window.controller.apply(ExhaustiveDraw(()))
        return window, 1440, 900

    def win_classical_tiles() -> tuple[QWidget, int, int]:
        window = create_main_window(folder / "classical-win", settings=AppSettings(recent_players=PLAYERS))
        window.controller.new_game(PLAYERS, ruleset("classical"))
        dialog = WinDialog(window.win_context(), tsumo=True, preview=window.preview_text)
        dialog.toggle_winner(1)
        page = dialog.value_widgets[1].classical_tiles
        if page is not None:
            dialog.value_widgets[1].modes.setCurrentWidget(page)
            page.entry.set_hand_text("2222334p 4p 333s+pon 1111s+minkan 26f")
        dialog.refresh()
        return dialog, 1366, 696  # a laptop screen less the task and title bars

    def empty() -> tuple[QWidget, int, int]:
        return create_main_window(folder / "empty", settings=AppSettings(recent_players=PLAYERS)), 1440, 900

    def new_game() -> tuple[QWidget, int, int]:
        return NewGameDialog(AppSettings(recent_players=PLAYERS)), 760, 820

    def win(
        tab: int, setup: Callable[[WinDialog], None], tsumo: bool = False
    ) -> Callable[[], tuple[QWidget, int, int]]:
        def make() -> tuple[QWidget, int, int]:
            window = _window(folder / f"win{tab}{setup.__name__}", SAMPLE_EVENTS[:3])
            dialog = WinDialog(window.win_context(), tsumo=tsumo, preview=window.preview_text)
            setup(dialog)
            for widget in dialog.value_widgets.values():
                widget.modes.setCurrentIndex(tab)
            dialog.refresh()
            return dialog, 1366, 696  # a laptop screen less the task and title bars

        return make

    def ron_quick(dialog: WinDialog) -> None:
        dialog.toggle_winner(1)
        dialog.set_discarder(0)
        dialog.value_widgets[1].quick.set_han(3)
        dialog.value_widgets[1].quick.set_fu(40)

    def double_ron(dialog: WinDialog) -> None:
        dialog.toggle_winner(1)
        dialog.toggle_winner(3)
        dialog.set_discarder(0)
        dialog.value_widgets[1].quick.set_han(2)
        dialog.value_widgets[1].quick.set_fu(30)
        dialog.value_widgets[3].quick.set_yakuman(1)
        dialog.value_widgets[3].pao_combo.setCurrentIndex(3)

    def yaku(dialog: WinDialog) -> None:
        dialog.toggle_winner(2)
        page = dialog.value_widgets[2].yaku
        for name in ("riichi", "menzen_tsumo", "pinfu", "tanyao"):
            page.yaku_boxes[name].setChecked(True)
        page.dora_spin.setValue(1)

    def tiles(dialog: WinDialog) -> None:
        dialog.toggle_winner(1)
        dialog.set_discarder(0)
        entry = dialog.value_widgets[1].tiles.entry
        if entry is not None:
            entry.set_hand_text("234m456p678s55p23s4s")

    def draw(kind: DrawKind) -> Callable[[], tuple[QWidget, int, int]]:
        def make() -> tuple[QWidget, int, int]:
            window = _window(folder / f"draw-{kind}", (RiichiDeclared(Seat(1)),))
            # the chombo page under ema2025 offers the EMA 2025 annex's errors
            rules = ruleset("ema2025" if kind is DrawKind.CHOMBO else "tenhou")
            dialog = DrawDialog(
                names=PLAYERS,
                riichi=(1,),
                table=rules.table,
                kind=kind,
                preview=window.preview_text,
                chombo_errors=chombo_choices(rules),
            )
            return dialog, 600, 560

        return make

    def edit() -> tuple[QWidget, int, int]:
        window = _window(folder / "edit", SAMPLE_EVENTS)
        entry = window.controller.state.hands[0] if window.controller.state else None
        assert entry is not None
        state = window.controller.state
        assert state is not None
        corrected = HandRecord(entry.record.riichi, Ron(Seat(0), (HanFuWin(seat=Seat(1), han=4, fu=40),)))
        dialog = EditHandDialog(
            names=PLAYERS,
            title=entry.label,
            record=entry.record,
            enter_win=lambda *_: corrected.result,
            enter_draw=lambda *_: None,
            preview=lambda record: correction_preview(state, 0, record),
        )
        dialog.ron_button.click()  # the referee enters the hand again: the preview shows before -> after
        return dialog, 800, 460

    def results() -> tuple[QWidget, int, int]:
        window = _window(folder / "results", (*SAMPLE_EVENTS, EndGame("time")))
        dialog = window.build_results_dialog()
        assert dialog is not None
        return dialog, 960, 820

    def open_game() -> tuple[QWidget, int, int]:
        window = _window(folder / "open", SAMPLE_EVENTS)
        window.controller.end_game("time")
        window.controller.new_game(("Kim", "Lea", "Max", "Noa"), ruleset("ema2016"))
        window.controller.apply(RiichiDeclared(Seat(2)))
        return OpenGameDialog(window.controller.store.list_games()), 860, 360

    def penalty() -> tuple[QWidget, int, int]:
        dialog = PenaltyDialog(PLAYERS)
        dialog.reason_edit.setText("slow play")
        return dialog, 480, 260

    def crash() -> tuple[QWidget, int, int]:
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            QApplication.translate("Crash", "Unexpected error"),
            QApplication.translate(
                "Crash",
                "Something went wrong: {error}\n\nThe game is safe: every confirmed hand is saved. "
                "The details were written to {path}.",
            ).format(error="ZeroDivisionError: division by zero", path="~/.local/share/scorekeeper/crash.log"),
        )
        return box, 560, 220

    return {
        "table": table,
        "empty": empty,
        "table-who-dealt-in": table_who_dealt_in,
        "table-facing": table_facing,
        "table-last-hand": table_last_hand,
        "table-classical": table_classical,
        "new-game": new_game,
        "win-quick": win(1, ron_quick),
        "win-double-ron-pao": win(1, double_ron),
        "win-yaku-list": win(2, yaku, tsumo=True),
        "win-tiles": win(0, tiles),
        "win-classical-tiles": win_classical_tiles,
        "draw": draw(DrawKind.DRAW),
        "abort": draw(DrawKind.ABORT),
        "chombo": draw(DrawKind.CHOMBO),
        "edit-hand": edit,
        "results": results,
        "penalty": penalty,
        "open-game": open_game,
        "crash": crash,
    }


def _laptop_size(widget: QWidget) -> tuple[int, int]:
    """A window fills the laptop's room; a dialog takes its preferred size within it (never below its minimum)."""
    if isinstance(widget, MainWindow):
        return LAPTOP.width(), LAPTOP.height()
    size = widget.sizeHint().boundedTo(LAPTOP).expandedTo(widget.minimumSizeHint())
    return size.width(), size.height()


def render_all(outdir: Path, *, only: Sequence[str] = (), laptop: bool = False) -> list[Path]:
    """Render every screen (or those named in ``only``) in every theme and language; return the files.

    With ``laptop``, at the sizes a 1366x768 screen gives (:data:`LAPTOP`), light English and dark Japanese.
    """
    outdir.mkdir(parents=True, exist_ok=True)
    app = create_application([])
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch:
        for language in (Language.ENGLISH, Language.JAPANESE):
            install_language(language)
            for chosen in (theme.Theme.LIGHT, theme.Theme.DARK):
                if laptop and (language, chosen) not in _LAPTOP_VARIANTS:
                    continue
                theme.apply_theme(app, chosen)
                folder = Path(scratch) / f"{language}-{chosen}"
                for name, make in _screens(folder).items():
                    if only and name not in only:
                        continue
                    before = set(QApplication.topLevelWidgets())
                    widget, width, height = make()
                    prefix = ""
                    if laptop:
                        width, height = _laptop_size(widget)
                        prefix = "laptop-"
                    path = outdir / f"{prefix}{name}-{chosen}-{language}.png"
                    written.append(_save(widget, path, width, height))
                    # The screen and the window it was made from (its store too): nothing stays alive.
                    for made in set(QApplication.topLevelWidgets()) - before:
                        made.close()
                        made.deleteLater()
                    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
                    QApplication.processEvents()
    install_language(Language.ENGLISH)
    return written


_LAPTOP_VARIANTS = {(Language.ENGLISH, theme.Theme.LIGHT), (Language.JAPANESE, theme.Theme.DARK)}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scorekeeper.gui.screenshots [--laptop] OUTDIR [SCREEN...]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    laptop = "--laptop" in args
    args = [a for a in args if a != "--laptop"]
    if not args:
        print("usage: python -m scorekeeper.gui.screenshots [--laptop] OUTDIR [SCREEN...]", file=sys.stderr)
        return 2
    use_offscreen_platform()
    for path in render_all(Path(args[0]), only=args[1:], laptop=laptop):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
