"""The table as it was left (issue 24, the cold start): the picture kept at close, shown at the next start until the
live window is built, and only while nothing it shows can have changed (gui/table_picture.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.app import create_main_window, open_referee_window
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.screenshots import PLAYERS, SAMPLE_EVENTS
from scorekeeper.gui.settings import AppSettings, save_settings, settings_path
from scorekeeper.gui.table_picture import PICTURE_FILE, Picture, PictureView, read_picture
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore

pytestmark = pytest.mark.gui

SIZE = (1200, 700)


@pytest.fixture(autouse=True)
def english_and_light_afterwards() -> Iterator[None]:
    yield
    install_language(Language.ENGLISH)


def _data(tmp_path: Path, *, game: bool = True) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    if game:
        with GameStore.open(default_database_path(data)) as store:
            store.create_game(players=list(PLAYERS), ruleset=ruleset("tenhou").to_json(), events=SAMPLE_EVENTS)
    save_settings(data, AppSettings())
    return data


def _files(data: Path) -> tuple[Path, Path, Path]:
    return data, default_database_path(data), settings_path(data)


def _app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)
    return app


def _close_the_app_window(qtbot: QtBot, data: Path, *, before_close: object = None) -> MainWindow:
    """The app's window on ``data`` (it keeps the picture), shown at SIZE and closed."""
    _app()
    window = create_main_window(data, settings=AppSettings())
    qtbot.addWidget(window)
    window.picture_files = _files(data)
    window.resize(*SIZE)
    window.show()
    qtbot.waitExposed(window)
    if callable(before_close):
        before_close(window)
    window.close()
    return window


def _read(data: Path) -> Picture | None:
    return read_picture(*_files(data))


def _next_start(qtbot: QtBot, data: Path, *, narrower: int = 0) -> tuple[MainWindow, Picture, PictureView]:
    """The next start's frame over the picture kept in ``data``, shown at the picture's size less ``narrower``."""
    picture = _read(data)
    assert picture is not None
    window = MainWindow(None, settings=AppSettings(), data_dir=data, menus_later=True)
    qtbot.addWidget(window)
    assert window.show_picture(picture)
    window.show()
    qtbot.waitExposed(window)
    # As the window was (the test's screen is smaller than the window: the dialogs' guard shrank it when shown).
    window.resize(picture.width - narrower, picture.height + window.menuBar().height())
    view = window.picture_view
    assert view is not None
    return window, picture, view


def _image(widget: object) -> QImage:
    from PySide6.QtWidgets import QWidget

    assert isinstance(widget, QWidget)
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def test_the_window_closed_on_a_game_keeps_a_picture_of_its_table_with_its_title(qtbot: QtBot, tmp_path: Path) -> None:
    data = _data(tmp_path)
    window = _close_the_app_window(qtbot, data)
    picture = _read(data)
    assert picture is not None
    assert picture.title == window.windowTitle() == "Scorekeeper — East 4"
    assert picture.theme == "light"
    contents = window.centralWidget()
    assert contents is not None
    assert (picture.width, picture.height) == (contents.width(), contents.height())  # offscreen: ratio 1


def test_the_next_start_shows_the_picture_and_the_live_window_paints_the_same_table(
    qtbot: QtBot, tmp_path: Path
) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    # The next start: the frame with the picture, before anything of the game is read.
    window, picture, view = _next_start(qtbot, data)
    assert window.windowTitle() == picture.title
    assert [action.text() for action in window.menuBar().actions()][:1] == ["&Game"]
    assert view.fits()
    qtbot.waitUntil(lambda: view.painted)
    shown = _image(view)
    # Then the live window, in the same frame: what it paints is what the picture showed.
    store = GameStore.open(default_database_path(data))
    window.complete(GameController(store), dialogs=None, open_referee=open_referee_window)
    window.controller.resume()
    assert window.completed and window.picture_view is None
    assert picture.mapping is not None and picture.mapping.closed  # the file can be replaced at the close
    live = window.centralWidget()
    assert live is not None and live is not view
    QApplication.processEvents()
    focused = QApplication.focusWidget()
    if focused is not None:
        focused.clearFocus()  # the live window's focus ring is new: the picture was taken from a closing window
    # The table and the action bar, where the picture showed them (the History lays its columns out again).
    for part in (window.table, window.action_bar):
        area = part.rect().translated(part.mapTo(live, part.rect().topLeft()))
        assert _image(live).copy(area) == shown.copy(area), part
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[:1] == ["&Game"]
    assert len(titles) == 6  # the titles, once
    window.close()


def test_a_write_to_the_database_after_the_close_hides_the_picture(qtbot: QtBot, tmp_path: Path) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    assert _read(data) is not None
    with GameStore.open(default_database_path(data)) as store:  # e.g. the command line, or another copy
        game = store.list_games()[0].id
        store.append(game, RiichiDeclared(Seat(1)), at=store.load(game).position)
    assert _read(data) is None


def test_no_picture_is_shown_where_the_file_system_keeps_whole_seconds(qtbot: QtBot, tmp_path: Path) -> None:
    data = _data(tmp_path)
    database = default_database_path(data)
    os.utime(database, ns=(1_700_000_000 * 10**9, 1_700_000_000 * 10**9))  # as FAT would stamp it
    _close_the_app_window(qtbot, data)  # the close writes nothing to the database: its stamp stays whole
    assert database.stat().st_mtime_ns % 10**9 == 0
    assert (data / PICTURE_FILE).exists()
    assert _read(data) is None


def test_the_key_is_taken_once_the_file_system_clock_has_moved_past_the_last_write(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A write by another program right after the close would otherwise land in the tick of the key's stamp.
    data = _data(tmp_path)
    waits: list[float] = []
    monkeypatch.setattr("scorekeeper.gui.table_picture.time.sleep", waits.append)

    def write_just_now(window: MainWindow) -> None:
        os.utime(default_database_path(data))  # as the close's own checkpoint does

    _close_the_app_window(qtbot, data, before_close=write_just_now)
    assert len(waits) == 1 and 0 < waits[0] <= 0.05
    waits.clear()
    old = 1_700_000_000_123_456_789
    os.utime(default_database_path(data), ns=(old, old))  # long ago: no wait
    _close_the_app_window(qtbot, data)
    assert waits == []


def test_opening_the_games_without_writing_keeps_the_picture(qtbot: QtBot, tmp_path: Path) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    with GameStore.open(default_database_path(data)) as store:
        store.list_games()
    assert _read(data) is not None


def test_changed_settings_hide_the_picture_and_the_same_settings_written_again_do_not(
    qtbot: QtBot, tmp_path: Path
) -> None:
    data = _data(tmp_path)
    window = _close_the_app_window(qtbot, data)
    save_settings(data, window.settings)  # the same bytes, a new file
    assert _read(data) is not None
    save_settings(data, AppSettings(language="ja"))
    assert _read(data) is None


def test_another_program_version_does_not_show_the_picture(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    monkeypatch.setattr("scorekeeper.gui.table_picture.__version__", "0.0.0-other")
    assert _read(data) is None


@pytest.mark.parametrize(
    "state",
    ["no game", "a message showing", "read-only", "a tournament table", "not the app's window"],
)
def test_no_picture_is_kept_when_the_next_start_would_not_show_the_window_so(
    qtbot: QtBot, tmp_path: Path, state: str
) -> None:
    data = _data(tmp_path, game=state != "no game")
    (data / PICTURE_FILE).write_bytes(b"an older picture\n")
    _app()
    window = create_main_window(data, settings=AppSettings(), read_only=state == "read-only")
    qtbot.addWidget(window)
    if state != "not the app's window":
        window.picture_files = _files(data)
    window.show()
    qtbot.waitExposed(window)
    if state == "a message showing":
        window.show_message("The hand was refused.")
    window.close()
    if state == "a tournament table":
        (data / "tournament-login.json").write_text("{}", encoding="utf-8")  # joined: the key is the login's
        assert _read(data) is None
        return
    kept = (data / PICTURE_FILE).exists()
    if state == "not the app's window":
        assert kept  # a correction window (the referee's) neither keeps nor removes the table's picture
    else:
        assert not kept


@pytest.mark.parametrize(
    "damage",
    ["empty", "torn", "not ours", "header only", "wrong layout", "header too long", "foreign types"],
)
def test_a_torn_or_foreign_picture_file_is_not_shown(qtbot: QtBot, tmp_path: Path, damage: str) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    path = data / PICTURE_FILE
    content = path.read_bytes()
    head, _, pixels = content.partition(b"\n")
    header = json.loads(head)
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "torn":
        path.write_bytes(content[: len(content) // 2])
    elif damage == "not ours":
        path.write_bytes(os.urandom(5000))
    elif damage == "header only":
        path.write_bytes(head + b"\n")
    elif damage == "wrong layout":
        path.write_bytes(json.dumps({**header, "stride": header["stride"] + 4}).encode() + b"\n" + pixels)
    elif damage == "header too long":
        path.write_bytes(json.dumps({**header, "title": "x" * 10_000}).encode() + b"\n" + pixels)
    else:
        path.write_bytes(json.dumps({**header, "width": "1200", "ratio": True}).encode() + b"\n" + pixels)
    picture = _read(data)
    assert picture is None or PictureView.of(picture) is None


def test_a_picture_of_another_size_leaves_the_frame_plain(qtbot: QtBot, tmp_path: Path) -> None:
    data = _data(tmp_path)
    _close_the_app_window(qtbot, data)
    window, _, view = _next_start(qtbot, data, narrower=100)  # the screen changed since: the picture would not fit
    assert not view.fits()
    view.repaint()
    assert not view.painted
    window.close()


_PROBE = """
import sys
import scorekeeper.gui.app as app

def table_shown(self, shown=app._StartTiming.table_shown):
    print("loaded", *sorted(m for m in sys.modules if m.startswith("scorekeeper")), flush=True)
    shown(self)

app._StartTiming.table_shown = table_shown
sys.exit(app.run_app())
"""


def test_the_app_shows_the_kept_picture_before_it_imports_the_game_and_then_the_live_window(tmp_path: Path) -> None:
    data = _data(tmp_path)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "SCOREKEEPER_DATA_DIR": str(data),
        "SCOREKEEPER_STARTUP_TIMING": "quit",
    }

    def start() -> list[str]:
        result = subprocess.run(
            [sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, timeout=120, check=True
        )
        return result.stdout.splitlines()

    first = start()  # no picture yet: the window is built, then shown (the two moments are one)
    assert [line.split(" after ")[0] for line in first if " after " in line] == ["first paint", "window ready"]
    assert "scorekeeper.session.session" in first[0].split()
    assert (data / PICTURE_FILE).exists()
    second = start()
    loaded = second[0].split()
    assert loaded[0] == "loaded"
    # At the table's first paint: neither the game (the session, the store) nor the window's parts.
    game = ("scorekeeper.session", "scorekeeper.gui.table.", "scorekeeper.engine.")
    assert [m for m in loaded if m.startswith(game) and m != "scorekeeper.engine._lazy"] == []
    assert "scorekeeper.storage.store" not in loaded and "scorekeeper.gui.controller" not in loaded
    assert [line.split(" after ")[0] for line in second[1:] if " after " in line] == ["first paint", "window ready"]
    assert (data / PICTURE_FILE).exists()  # still the table: kept again at the close


_FAULT = """
import sys
from PySide6.QtWidgets import QApplication
import scorekeeper.gui.app as app
import scorekeeper.gui.crash as crash
from scorekeeper.gui.main_window import MainWindow

def fault(self, *args, **kwargs):
    raise RuntimeError("a fault of ours while building")

def shown(log, error):
    print("crash shown:", error, "picture hidden:", not window.picture_view.isVisible(), flush=True)
    QApplication.instance().exit(3)

app.install_excepthook = lambda folder: crash.install_excepthook(folder, show=shown)
MainWindow.complete = fault
original = app._window_with_picture

def keep(*args, **kwargs):
    global window
    window = original(*args, **kwargs)
    return window

app._window_with_picture = keep
sys.exit(app.run_app())
"""


def test_a_fault_while_building_hides_the_picture_and_forgets_it(tmp_path: Path) -> None:
    data = _data(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SCOREKEEPER_DATA_DIR": str(data)}
    subprocess.run(  # a clean start and close keeps the picture
        [sys.executable, "-m", "scorekeeper"],
        env={**env, "SCOREKEEPER_STARTUP_TIMING": "quit"},
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert (data / PICTURE_FILE).exists()
    result = subprocess.run(  # it ends with status 3, from the crash report's stand-in
        [sys.executable, "-c", _FAULT], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert "crash shown: a fault of ours while building picture hidden: True" in result.stdout, result.stderr
    assert not (data / PICTURE_FILE).exists()  # the next start builds the window before showing anything
