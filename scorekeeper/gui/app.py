"""Start the table-side app: data folder, crash hook, theme, language, the store, and the main window.

``python -m scorekeeper`` with no arguments calls :func:`run_app`. Start-up reopens the unfinished game exactly
where it was (issue 4); with none, the new-game dialog opens. One copy runs per database (issue 10): a second start
brings the running window to the front, or, if no running copy answers, opens the games read-only with a banner
(``scorekeeper.gui.instance``).
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from scorekeeper import __version__
from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.crash import install_excepthook
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.instance import SingleInstance
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings, load_settings, read_settings, settings_path
from scorekeeper.gui.theme import Theme, apply_palette, apply_theme
from scorekeeper.gui.window_geometry import bring_to_front, show_on_screen
from scorekeeper.storage.files import default_database_path

if TYPE_CHECKING:
    # Imported where used: until the table is on screen the app imports neither the core nor the window's parts
    # (issue 24; a kept picture of the table is shown first, gui/table_picture.py).
    from scorekeeper.gui.controller import GameController
    from scorekeeper.gui.openers import Dialogs

__all__ = [
    "create_application",
    "create_main_window",
    "data_folder",
    "first_steps",
    "open_correction_window",
    "open_referee_window",
    "run_app",
    "smoke_test",
]

#: Overrides the data folder (tests, benchmarks, a portable install on a USB stick).
DATA_DIR_ENV = "SCOREKEEPER_DATA_DIR"


#: Set, the app prints when its table was first painted, ``first paint after 0.412 s at 1764345678.1234 (cpu 0.380
#: s)``, and when its live window was (``window ready after ...``, the same line when there was no kept picture of
#: the table to show first), from run_app, by the wall clock (for a launcher's own measure) and in CPU time since the
#: process began (what a busy machine does not stretch); ``quit``, it also quits once the window is ready
#: (``benchmarks/bench_gui.py`` uses it).
STARTUP_TIMING_ENV = "SCOREKEEPER_STARTUP_TIMING"


class _StartTiming:
    """Prints the start's two moments once each (see ``STARTUP_TIMING_ENV``)."""

    def __init__(self, app: QApplication, started: float, *, quit_after: bool) -> None:
        self._app = app
        self._started = started
        self._quit_after = quit_after
        self._shown = False

    def _print(self, what: str) -> None:
        print(
            f"{what} after {time.perf_counter() - self._started:.3f} s at {time.time():.4f}"
            f" (cpu {time.process_time():.3f} s)",
            flush=True,
        )

    def table_shown(self) -> None:
        if not self._shown:
            self._shown = True
            self._print("first paint")

    def ready(self) -> None:
        self.table_shown()
        self._print("window ready")
        if self._quit_after:
            QTimer.singleShot(0, self._app.quit)


def _on_first_paint(widget: QWidget, then: Callable[[], None], *, when: Callable[[], bool] = lambda: True) -> None:
    """Call ``then`` at the first Paint event of ``widget`` for which ``when()`` holds (before it paints)."""
    from PySide6.QtCore import QEvent, QObject

    class FirstPaint(QObject):
        @override
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint and when():
                widget.removeEventFilter(self)
                then()
            return False

    widget.installEventFilter(FirstPaint(widget))


def _install_wheel_guard(app: QCoreApplication) -> None:
    """``wheel_guard.install_wheel_guard``, imported when first installed: :func:`run_app` installs it once the
    window is painted, so its module (and the widget classes it tests events for) are not the cold start's."""
    from scorekeeper.gui.wheel_guard import install_wheel_guard

    install_wheel_guard(app)


def _after_first_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then`` once ``widget`` has been painted the first time (from the event loop, after the whole paint)."""
    _on_first_paint(widget, functools.partial(QTimer.singleShot, 0, then))


def data_folder() -> Path:
    """The user data folder: ``$SCOREKEEPER_DATA_DIR`` or Qt's AppDataLocation for "scorekeeper"."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".scorekeeper"


def create_application(argv: Sequence[str] | None = None, *, wheel_guard: bool = True) -> QApplication:
    """The QApplication (or the running one), named so that QStandardPaths finds our folder.

    ``wheel_guard``: install the wheel guard (which also fits every dialog to its screen) now; :func:`run_app`
    installs it once its window is first painted, which keeps the guard's filter out of the cold start.
    """
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QApplication.setApplicationName("scorekeeper")
    QApplication.setOrganizationName("scorekeeper")
    QApplication.setApplicationVersion(__version__)
    app = QApplication(list(argv if argv is not None else sys.argv[:1]))
    if wheel_guard:
        _install_wheel_guard(app)
    return app


def create_main_window(
    data_dir: Path,
    *,
    settings: AppSettings | None = None,
    dialogs: Dialogs | None = None,
    read_only: bool = False,
    wheel_guard: bool = True,
    menus_later: bool = False,
) -> MainWindow:
    """Open the store in ``data_dir``, reopen the unfinished game and build the window.

    With ``read_only`` (another copy has the database) the games are read as the file has them, nothing can be
    changed, and the window says so in a banner. ``wheel_guard``: install the wheel guard first, if the application
    has none yet (:func:`run_app` installs it once the window is first painted). ``menus_later``: the menus show
    their titles alone until ``window.build_menus()`` (:func:`run_app` calls it once the window is first painted).

    Raises:
        SaveFileError: the database cannot be opened (newer version, damaged file...).
    """
    settings = settings if settings is not None else load_settings(data_dir)
    app = QCoreApplication.instance()
    if app is not None and wheel_guard:
        _install_wheel_guard(app)  # also when the application was made elsewhere (tests, embedding)
    window = MainWindow(
        _open_controller(data_dir, read_only=read_only),
        settings=settings,
        data_dir=data_dir,
        dialogs=dialogs,
        open_referee=open_referee_window,
        menus_later=menus_later,
    )
    _resume(window, data_dir, read_only=read_only)
    return window


def _open_controller(data_dir: Path, *, read_only: bool) -> GameController:
    """The controller of the store in ``data_dir`` (raises SaveFileError when the database cannot be opened)."""
    from scorekeeper.gui.controller import GameController
    from scorekeeper.storage.store import GameStore

    store = GameStore.open(default_database_path(data_dir), read_only=read_only)
    return GameController(store, read_only=read_only)


def _resume(window: MainWindow, data_dir: Path, *, read_only: bool) -> None:
    """Reopen the unfinished game where it was, and a tournament table's link."""
    window.controller.resume()
    if not read_only and (data_dir / "tournament-login.json").exists():
        # A table laptop that joined a tournament goes on pushing after a restart (issue 13).
        from scorekeeper.gui.table_sync import LOGIN_FILE
        from scorekeeper.sync.table import load_login

        login = load_login(data_dir / LOGIN_FILE)
        if login is not None:
            window.link.start(login)


def open_correction_window(data_dir: Path, game_id: int, title: str) -> MainWindow:
    """The table window on the game store in ``data_dir`` at game ``game_id``, titled ``title``, deleted (its store
    closed) when closed: where the referee's window has a table's game corrected (``gui/referee/correction.py``)."""
    from PySide6.QtCore import Qt

    window = create_main_window(data_dir, settings=AppSettings())
    window.games.asks_dice_on_arrival = False  # the table's question (RCR 2016 5.9), not the referee's
    window.controller.open_game(game_id)
    window.setWindowTitle(title)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    store = window.controller.store
    window.destroyed.connect(lambda *_: store.close())
    return window


def open_referee_window(db: str, show_message: Callable[[str], None], *, live: bool) -> QWidget | None:
    """Open the referee's window on a tournament database file or ``postgresql://`` server (docs/tournament.md).

    ``live``: follow the server's live feed. Returns None (the reason shown) when the tournament cannot be opened.
    The app makes both windows: the referee's window corrects a game in the table window this module opens
    (:func:`open_correction_window`), and the table window's Tournament menu opens the referee's through this.
    """
    from PySide6.QtCore import Qt

    from scorekeeper.gui.error_words import error_text
    from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
    from scorekeeper.gui.referee.correction import correct_in_table_view
    from scorekeeper.storage.tournament_store import open_tournament_store

    try:
        store = open_tournament_store(db)
    except ScorekeeperError as error:
        show_message(error_text(error))
        return None
    try:
        on_server = db.startswith(("postgresql://", "postgres://"))
        controller = TournamentController(store, live_url=db if live else None, server_url=db if on_server else None)
    except ScorekeeperError as error:
        store.close()
        show_message(error_text(error))
        return None
    correct = functools.partial(correct_in_table_view, open_table=open_correction_window)
    window = RefereeWindow(controller, dialogs=RefereeDialogs(correct=correct))
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def release(*_: object) -> None:
        controller.shutdown()
        store.close()

    window.destroyed.connect(release)
    window.show()
    return window


def first_steps(window: MainWindow) -> None:
    """At start: with no game to reopen, offer a new game, and the guide on the first start; with one, nothing.

    A game reopened where it was left gets no dialog over it (issue 12: the guide popped over a restored game).
    """
    if window.controller.state is not None:
        return
    # The guide is for a newcomer: the first start, with no game stored yet. It came back at every start after a
    # finished game, over every New game there (issue 24); Help > Guide (F1) has it at any time.
    newcomer = not window.controller.store.has_games()  # not the list: a club's file has thousands
    window.new_game()
    if newcomer:
        window.show_first_run_guide()


def smoke_test(folder: Path) -> int:
    """Open a new game in ``folder``, paint the table view once and return 0 (for checking installed bundles).

    ``scorekeeper --smoke-test`` (packaging/smoke_test.py) runs this offscreen with a throw-away data folder.
    """
    from PySide6.QtCore import QEvent, QEventLoop, QObject

    from scorekeeper.session.rules import ruleset

    started = time.perf_counter()
    app = create_application([])
    apply_theme(app, Theme.LIGHT)
    window = create_main_window(folder, settings=AppSettings())
    if window.controller.state is None and not window.controller.new_game(
        ("East", "South", "West", "North"), ruleset()
    ):
        return 1
    painted: list[float] = []

    class _FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint and not painted:
                painted.append(time.perf_counter() - started)
            return False

    spy = _FirstPaint()
    window.table.seat_panels[0].points_label.installEventFilter(spy)
    window.show()
    # Process events until the first paint (no exec()/quit(), which would leave the application quitting).
    deadline = time.perf_counter() + 10
    while not painted and time.perf_counter() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    window.close()
    window.deleteLater()
    if not painted:
        print("smoke test: the table view was never painted", file=sys.stderr)
        return 1
    print(f"smoke test: table view painted after {painted[0]:.3f} s")
    return 0


def run_app(argv: Sequence[str] | None = None) -> int:
    """Run the app until its window closes; returns the exit status.

    With ``--smoke-test`` in ``argv``, run :func:`smoke_test` in the data folder instead. When the picture of the
    table kept at the last close still shows it (gui/table_picture.py), the window shows it in its frame first and
    is built once that is on screen (issue 24: the cold start); otherwise the window is built, then shown.
    """
    if argv is not None and "--smoke-test" in argv:
        return smoke_test(data_folder())
    started = time.perf_counter()
    app = create_application(argv, wheel_guard=False)  # installed once the window is painted
    folder = data_folder()
    install_excepthook(folder)
    settings, notice = read_settings(folder)
    if notice:
        print(notice, file=sys.stderr)
    database = default_database_path(folder)
    instance = SingleInstance(database)
    read_only = False
    if not instance.acquire(listen=False):  # listens once the window is painted
        if instance.wake_running():
            return 0  # the running copy shows its window
        read_only = True
    install_language(Language(settings.language))
    chosen = None if settings.theme == "system" else Theme(settings.theme)
    timing = os.environ.get(STARTUP_TIMING_ENV)
    report = _StartTiming(app, started, quit_after=timing == "quit") if timing else None
    window = None if read_only or notice else _window_with_picture(app, folder, database, settings, chosen)
    if window is None:
        apply_theme(app, chosen)
        try:
            window = create_main_window(
                folder, settings=settings, read_only=read_only, wheel_guard=False, menus_later=True
            )
        except ScorekeeperError as error:
            return _cannot_open(app, error)
    if not read_only:
        window.picture_files = (folder, database, settings_path(folder))
    show_on_screen(window, dict(settings.window_geometry))
    if notice:
        window.show_message(notice)
    instance.activation_requested.connect(functools.partial(bring_to_front, window))
    app.aboutToQuit.connect(instance.release)
    live = window

    def follow_the_system(_scheme: object) -> None:
        if live.completed and live.settings.theme == "system":  # the View menu may have chosen a fixed theme since
            apply_theme(app)
            live.refresh()  # the seat panels colour their winds and points themselves

    app.styleHints().colorSchemeChanged.connect(follow_the_system)

    def once_painted() -> None:
        # The wheel guard's filter sees every event: installed before, it made building, showing and painting the
        # window ~40 ms of CPU dearer (issue 24, benchmarks/bench_gui.py). Nothing reaches the window before it is
        # on screen; the first dialog comes after. The menus' entries and shortcuts likewise (their titles are shown).
        _install_wheel_guard(app)
        live.build_menus()
        if not read_only:  # a read-only window neither answers later copies nor offers a new game
            # A later copy's knock brings this window to the front; the socket (QtNetwork) is not the cold start's.
            instance.listen()
            first_steps(live)

    def when_ready() -> None:
        contents = live.centralWidget()
        assert contents is not None
        if report is not None:
            _on_first_paint(contents, report.ready)
        _after_first_paint(contents, once_painted)

    picture = live.picture_view
    if picture is None:
        when_ready()
    else:
        if report is not None:
            _on_first_paint(picture, report.table_shown, when=picture.fits)

        def give_up_the_picture() -> None:
            # Never leave a picture standing for a window that does not answer, and do not offer it again.
            from scorekeeper.gui.table_picture import forget_picture

            forget_picture(folder)
            live.picture_files = None
            if live.picture_view is not None:
                live.picture_view.hide()

        def build() -> None:
            # The table is on screen (or its frame, when the picture did not fit): now the window's parts.
            if not live.isVisible():
                return  # closed already: the app is quitting
            apply_theme(app, chosen)  # the style sheet, and the system's theme as it is now
            try:
                controller = _open_controller(folder, read_only=False)
            except ScorekeeperError as error:
                give_up_the_picture()
                live.hide()
                app.exit(_cannot_open(app, error))
                return
            try:
                live.complete(controller, dialogs=None, open_referee=open_referee_window)
                _resume(live, folder, read_only=False)
            except Exception:
                give_up_the_picture()  # a fault of ours: the crash hook reports it
                raise
            when_ready()

        _after_first_paint(live, build)
    return app.exec()


def _window_with_picture(
    app: QApplication, folder: Path, database: Path, settings: AppSettings, chosen: Theme | None
) -> MainWindow | None:
    """The window's frame showing the picture of the table kept at the last close, if it still shows the table
    (gui/table_picture.py), in the picture's theme when the settings follow the system's; else None."""
    from scorekeeper.gui.table_picture import read_picture

    picture = read_picture(folder, database, settings_path(folder))
    if picture is None or picture.theme not in {theme.value for theme in Theme}:
        return None
    apply_palette(app, chosen or Theme(picture.theme))
    window = MainWindow(None, settings=settings, data_dir=folder, menus_later=True)
    if window.show_picture(picture):
        return window
    window.deleteLater()
    return None


def _cannot_open(app: QApplication, error: ScorekeeperError) -> int:
    """Say that the games cannot be opened (a damaged or newer database...) and return the exit status."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.gui.error_words import error_text

    _install_wheel_guard(app)
    box = QMessageBox(
        QMessageBox.Icon.Critical, QCoreApplication.translate("App", "Cannot open the games"), error_text(error)
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # the message quotes a path
    box.exec()
    return 1
