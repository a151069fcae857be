"""How the main window asks the user things: one opener per dialog, gathered in :class:`Dialogs`.

Each opener builds the real dialog, runs it modally and returns what it built (or None when cancelled). The window
holds a :class:`Dialogs`; tests replace its callables with functions that fill the dialogs in with qtbot, so no test
ever runs ``exec()``. The dialogs are imported when first opened: it keeps them out of the cold start
(benchmarks/bench_gui.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QWidget

from scorekeeper.gui.file_dialogs import ask_open_file, ask_save_file
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session import GameState, HandRecord, HandResult, family_of

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.gui.dialogs.draw_dialog import DrawDialog, DrawKind
    from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
    from scorekeeper.gui.dialogs.new_game import NewGameChoice
    from scorekeeper.gui.dialogs.results import ResultsDialog
    from scorekeeper.gui.dialogs.win_dialog import WinContext
    from scorekeeper.gui.referee.new_tournament import NewTournament
    from scorekeeper.gui.table_sync import TableJoin
    from scorekeeper.storage.registry import Player
    from scorekeeper.storage.store import GameSummary
    from scorekeeper.sync.table import JoinedGame, TableLogin

__all__ = [
    "ChoosePlayer",
    "Dialogs",
    "choose_player_question",
    "dice_answer",
    "make_dice_question",
    "make_draw_dialog",
]


def _run(dialog: QWidget) -> bool:
    """Open a dialog modally (the app only; tests inject their own callables)."""
    from PySide6.QtWidgets import QDialog

    assert isinstance(dialog, QDialog)
    return dialog.exec() == QDialog.DialogCode.Accepted


def _new_game(parent: QWidget, settings: AppSettings) -> tuple[NewGameChoice, AppSettings] | None:
    from scorekeeper.gui.dialogs.new_game import NewGameDialog

    # The registry's names, offered as you type (the window knows them; a bare parent has none).
    known_players = getattr(parent, "known_players", None)
    known: tuple[str, ...] = known_players() if callable(known_players) else ()
    dialog = NewGameDialog(settings, parent, known_players=known)
    return (dialog.choice(), dialog.settings) if _run(dialog) else None


def _win(parent: QWidget, context: WinContext, tsumo: bool, preview: Callable[[HandResult], str]) -> HandResult | None:
    from scorekeeper.gui.dialogs.win_dialog import WinDialog

    dialog = WinDialog(context, tsumo=tsumo, preview=preview, parent=parent)
    return dialog.hand_result() if _run(dialog) else None


def make_draw_dialog(
    parent: QWidget | None,
    state: GameState,
    riichi: tuple[int, ...],
    kind: DrawKind,
    preview: Callable[[HandResult], str] | None,
) -> DrawDialog:
    """The draw dialog for the hand in play of ``state``: its family's choices and, on the chombo page, the errors of
    the game's text (``chombo_choices``). The app runs it; a test's injected dialogs fill it."""
    from scorekeeper.gui.dialogs.draw_dialog import DrawDialog
    from scorekeeper.session.chombo_errors import chombo_choices

    table = family_of(state.rules).table_rules(state.rules)
    return DrawDialog(
        names=state.players,
        riichi=riichi,
        table=table,
        kind=kind,
        preview=preview,
        chombo_errors=chombo_choices(state.rules) if table is not None else (),
        parent=parent,
    )


def _draw(
    parent: QWidget,
    state: GameState,
    riichi: tuple[int, ...],
    kind: DrawKind,
    preview: Callable[[HandResult], str] | None,
) -> HandResult | None:
    dialog = make_draw_dialog(parent, state, riichi, kind, preview)
    return dialog.hand_result() if _run(dialog) else None


def _edit(parent: QWidget, dialog: EditHandDialog) -> HandRecord | None:
    dialog.setParent(parent, dialog.windowFlags())
    return dialog.hand_record() if _run(dialog) else None


def _penalty(parent: QWidget, names: tuple[str, ...]) -> tuple[int, int, str] | None:
    from scorekeeper.gui.dialogs.penalty import PenaltyDialog

    dialog = PenaltyDialog(names, parent)
    return dialog.penalty() if _run(dialog) else None


def _dead_hand(parent: QWidget, names: tuple[str, ...]) -> int | None:
    """Whose hand is declared dead (RCR 2016 3.4.7, EMA 2025 3.3.14): the seat chosen, or None."""
    title = QCoreApplication.translate("MainWindow", "Dead hand")
    question = QCoreApplication.translate(
        "MainWindow", "Whose hand is declared dead? It cannot win or declare riichi, and is noten at a draw."
    )
    from PySide6.QtWidgets import QInputDialog  # the boxes' classes: not the cold start's (issue 24)

    name, ok = QInputDialog.getItem(parent, title, question, list(names), 0, False)
    return names.index(name) if ok and name in names else None


def _open_game(parent: QWidget, games: tuple[GameSummary, ...]) -> int | None:
    from scorekeeper.gui.dialogs.open_game import OpenGameDialog

    dialog = OpenGameDialog(games, parent)
    return dialog.chosen() if _run(dialog) else None


def _ask_open_path(parent: QWidget) -> Path | None:
    return ask_open_file(
        parent,
        QCoreApplication.translate("MainWindow", "Import a game record"),
        QCoreApplication.translate("MainWindow", "Game records (*.json);;All files (*)"),
    )


def _new_tournament(parent: QWidget) -> NewTournament | None:
    from scorekeeper.gui.referee.new_tournament import NewTournamentDialog

    def ask_open(owner: QWidget) -> Path | None:
        return ask_open_file(
            owner,
            QCoreApplication.translate("MainWindow", "Players"),
            QCoreApplication.translate("MainWindow", "CSV files (*.csv);;All files (*)"),
        )

    def ask_save(owner: QWidget) -> Path | None:
        return ask_save_file(
            owner,
            QCoreApplication.translate("MainWindow", "Save the tournament as"),
            QCoreApplication.translate("MainWindow", "Tournament databases (*.db *.sqlite3);;All files (*)"),
        )

    dialog = NewTournamentDialog(ask_open=ask_open, ask_save=ask_save, parent=parent)
    try:
        dialog.exec()
        return dialog.created
    finally:
        dialog.deleteLater()


def _ask_tournament_url(parent: QWidget) -> str | None:
    from PySide6.QtWidgets import QInputDialog, QLineEdit

    text, ok = QInputDialog.getText(
        parent,
        QCoreApplication.translate("MainWindow", "Tournament server"),
        QCoreApplication.translate("MainWindow", "The referee's address (postgresql://user:password@host/tournament):"),
        QLineEdit.EchoMode.PasswordEchoOnEdit,
    )
    return text.strip() if ok and text.strip() else None


def _confirm(parent: QWidget, question: str) -> bool:
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("MainWindow", "Please confirm"),
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # questions quote player names
    return box.exec() == QMessageBox.StandardButton.Yes


def make_dice_question(parent: QWidget | None) -> QMessageBox:
    """RCR 2016 5.9's question when time is called: had the dice of the hand in play been thrown? Two big answers,
    ``dice_thrown`` (this hand and one more) and ``dice_not_thrown`` (only this hand); closing it answers nothing."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("MainWindow", "Time"))
    box.setText(QCoreApplication.translate("MainWindow", "Time was called. Had the dice of this hand been thrown?"))
    box.setInformativeText(
        QCoreApplication.translate("MainWindow", "RCR 2016 5.9: a hand begins when the dice are thrown.")
    )
    thrown = box.addButton(
        QCoreApplication.translate("MainWindow", "Thrown: this hand and one more"), QMessageBox.ButtonRole.YesRole
    )
    thrown.setObjectName("dice_thrown")
    not_thrown = box.addButton(
        QCoreApplication.translate("MainWindow", "Not yet: only this hand"), QMessageBox.ButtonRole.NoRole
    )
    not_thrown.setObjectName("dice_not_thrown")
    box.setDefaultButton(thrown)
    return box


def dice_answer(box: QMessageBox) -> bool | None:
    """The answer clicked in :func:`make_dice_question`'s box: thrown or not, or None when it was closed."""
    clicked = box.clickedButton()
    return None if clicked is None else clicked.objectName() == "dice_thrown"


def _dice(parent: QWidget) -> bool | None:
    box = make_dice_question(parent)
    box.exec()
    return dice_answer(box)


def _import_report(parent: QWidget, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(
        QMessageBox.Icon.Information,
        QCoreApplication.translate("MainWindow", "Import"),
        text,
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # the report quotes player names
    box.exec()


def _results(parent: QWidget, dialog: ResultsDialog) -> None:
    dialog.setParent(parent, dialog.windowFlags())
    dialog.open()


def _ask_path(parent: QWidget, suggested: str) -> Path | None:
    """Ask where to save; ``suggested`` is a file name (``2026-11-23 Aiko Bruno Chen Dana.pdf``) or a bare suffix."""
    suffix = Path(suggested).suffix or suggested
    filters = {".csv": "CSV (*.csv)", ".json": "JSON (*.json)", ".pdf": "PDF (*.pdf)"}
    # The file choosers start in the folder last chosen, else the documents folder (issue 12, issue 24).
    start = suggested if suggested != suffix else ""
    path = ask_save_file(parent, QCoreApplication.translate("MainWindow", "Save as"), filters.get(suffix, ""), start)
    if path is None:
        return None
    return path if path.suffix else path.with_suffix(suffix)


def _ask_tournament_path(parent: QWidget) -> Path | None:
    return ask_open_file(
        parent,
        QCoreApplication.translate("MainWindow", "Open a tournament"),
        QCoreApplication.translate("MainWindow", "Tournament databases (*.db *.sqlite3);;All files (*)"),
    )


def _join_tournament(parent: QWidget, join: TableJoin) -> tuple[TableLogin, JoinedGame] | None:
    from scorekeeper.gui.table_sync import JoinTournamentDialog

    dialog = JoinTournamentDialog(parent, join=join)
    if not _run(dialog) or dialog.joined is None:
        return None
    return dialog.login(), dialog.joined


class ChoosePlayer(Protocol):
    """Ask which registry entry an imported name means (``scorekeeper.storage.imports.Choose``, over a window)."""

    def __call__(
        self, parent: QWidget, name: str, candidates: tuple[Player, ...], *, substitute: bool
    ) -> int | None: ...


def _choose_player(parent: QWidget, name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
    """Ask which registry entry an imported name means (None: the usual join; NEW_PLAYER: a new entry)."""
    from PySide6.QtWidgets import QInputDialog

    from scorekeeper.storage.imports import NEW_PLAYER  # with the first import, not at every start

    items = [
        QCoreApplication.translate("MainWindow", "{name} ({n} games)").format(name=p.name, n=p.games)
        for p in candidates
    ]
    items.append(QCoreApplication.translate("MainWindow", "A new player named {name}").format(name=name))
    answer, ok = QInputDialog.getItem(
        parent,
        QCoreApplication.translate("MainWindow", "Which player?"),
        choose_player_question(name, substitute=substitute),
        items,
        0,
        False,
    )
    if not ok or answer not in items:
        return None  # the usual join: the oldest entry of exactly that name
    index = items.index(answer)
    return NEW_PLAYER if index == len(candidates) else candidates[index].id


def choose_player_question(name: str, *, substitute: bool) -> str:
    """The "Which player?" question about ``name``, in the window's language: it says when the name is a
    substitute's (who came in during the game), not one of the four who sat down."""
    if substitute:
        return QCoreApplication.translate(
            "MainWindow",
            "More than one player is called {name}. {name} came in as a substitute during this game: which one was it?",
        ).format(name=name)
    return QCoreApplication.translate(
        "MainWindow", "More than one player is called {name}. Which one played this game?"
    ).format(name=name)


@dataclass(slots=True, kw_only=True)
class Dialogs:
    """How the window asks the user things. Each default opens the real dialog; tests replace them."""

    new_game: Callable[[QWidget, AppSettings], tuple[NewGameChoice, AppSettings] | None] = _new_game
    win: Callable[[QWidget, WinContext, bool, Callable[[HandResult], str]], HandResult | None] = _win
    draw: Callable[
        [QWidget, GameState, tuple[int, ...], DrawKind, Callable[[HandResult], str] | None], HandResult | None
    ] = _draw
    edit_hand: Callable[[QWidget, EditHandDialog], HandRecord | None] = _edit
    penalty: Callable[[QWidget, tuple[str, ...]], tuple[int, int, str] | None] = _penalty
    dead_hand: Callable[[QWidget, tuple[str, ...]], int | None] = _dead_hand
    open_game: Callable[[QWidget, tuple[GameSummary, ...]], int | None] = _open_game
    confirm: Callable[[QWidget, str], bool] = _confirm
    #: RCR 2016 5.9 at a time call: had the dice of the hand in play been thrown (None: not answered)?
    dice: Callable[[QWidget], bool | None] = _dice
    results: Callable[[QWidget, ResultsDialog], None] = _results
    ask_path: Callable[[QWidget, str], Path | None] = _ask_path
    ask_open_path: Callable[[QWidget], Path | None] = _ask_open_path
    ask_tournament_path: Callable[[QWidget], Path | None] = _ask_tournament_path
    #: Ask for the login and join with the callable (its server part off the GUI thread); the login and the game.
    join_tournament: Callable[[QWidget, TableJoin], tuple[TableLogin, JoinedGame] | None] = _join_tournament
    ask_tournament_url: Callable[[QWidget], str | None] = _ask_tournament_url
    new_tournament: Callable[[QWidget], NewTournament | None] = _new_tournament
    choose_player: ChoosePlayer = _choose_player
    #: Tell what Game ▸ Import did (``gui/import_report.py``: how the names joined, or that it was skipped).
    import_report: Callable[[QWidget, str], None] = _import_report
