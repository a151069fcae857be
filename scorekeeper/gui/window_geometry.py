"""The main window on the screen it opens on (issue 12): the available area, or where it was, never larger.

The first time on a screen the window opens maximized over the screen's available area (what a window manager
leaves beside its panels); on close its normal geometry and whether it was maximized are remembered per screen
(``AppSettings.window_geometry``, by the screen's name), and the next start on that screen puts it back, moved and
shrunk where needed so that all of it is on the screen. F11 toggles full screen (``toggle_full_screen``).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

__all__ = [
    "BORDER_ALLOWANCE",
    "TITLE_BAR_ALLOWANCE",
    "bring_to_front",
    "fit_dialog",
    "fitted_geometry",
    "initial_placement",
    "place_on_screen",
    "placement",
    "remembered_geometry",
    "show_on_screen",
    "title_bar_allowance",
    "toggle_full_screen",
]

#: The height kept for a window manager's frame (title bar and bottom border) where the window system has told Qt
#: no frame yet (``title_bar_allowance``): a dialog not shown yet over a window not framed, the offscreen platform.
#: Title bars measured: openbox 19-20 px, KDE Breeze about 30, Windows 10 and 11 about 31, GNOME about 37.
TITLE_BAR_ALLOWANCE = 36
#: Added to a frame known from a maximized window: a window manager drops the borders of a maximized window (openbox
#: frames the maximized table window 19 px on top and 0 below, a dialog over it 20 on top and 5 below).
BORDER_ALLOWANCE = 8

#: A remembered window: x, y, width, height of its normal geometry, and 1 if it was maximized.
Remembered = tuple[int, int, int, int, int]


def fitted_geometry(available: QRect, wanted: QRect, minimum: QSize) -> QRect:
    """``wanted`` shrunk to fit ``available`` (but not below ``minimum``) and moved to lie inside it."""
    width = max(min(wanted.width(), available.width()), min(minimum.width(), available.width()))
    height = max(min(wanted.height(), available.height()), min(minimum.height(), available.height()))
    x = min(max(wanted.x(), available.left()), available.left() + available.width() - width)
    y = min(max(wanted.y(), available.top()), available.top() + available.height() - height)
    return QRect(x, y, width, height)


def initial_placement(available: QRect, remembered: Remembered | None, minimum: QSize) -> tuple[QRect, bool]:
    """Where the window opens on a screen with ``available`` room, and whether maximized.

    Remembered: that place, fitted inside the room; else maximized, with the room less a frame's allowance to
    come back to.
    """
    if remembered is None:
        return fitted_geometry(available, available.adjusted(8, 32, -8, -8), minimum), True
    x, y, width, height, maximized = remembered
    return fitted_geometry(available, QRect(x, y, width, height), minimum), bool(maximized)


def place_on_screen(window: QWidget, remembered: Mapping[str, Remembered]) -> None:
    """Give ``window`` (not yet shown) its geometry on its screen: remembered, or maximized on a new screen."""
    if placement(window, remembered):
        from PySide6.QtCore import Qt

        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def show_on_screen(window: QWidget, remembered: Mapping[str, Remembered]) -> None:
    """Show ``window`` where :func:`place_on_screen` puts it (the app's start: without PySide6's ``Qt`` namespace,
    ~17 ms of CPU that the first paint of the table need not wait for, issue 24)."""
    if placement(window, remembered):
        window.showMaximized()
    else:
        window.show()


def placement(window: QWidget, remembered: Mapping[str, Remembered]) -> bool:
    """Give ``window`` (not yet shown) its normal geometry on its screen and say whether it opens maximized."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:  # pragma: no cover - Qt always has a screen, even offscreen
        return False
    geometry, maximized = initial_placement(
        screen.availableGeometry(), remembered.get(screen.name()), window.minimumSizeHint()
    )
    window.setGeometry(geometry)
    return maximized


def remembered_geometry(window: QWidget) -> tuple[str, Remembered] | None:
    """The screen's name and what to remember of ``window`` on it (None when it has no screen)."""
    screen = window.screen()
    if screen is None:  # pragma: no cover
        return None
    normal = window.normalGeometry()
    if not normal.isValid():
        normal = window.geometry()
    maximized = 1 if window.isMaximized() else 0
    return screen.name(), (normal.x(), normal.y(), normal.width(), normal.height(), maximized)


def toggle_full_screen(window: QWidget) -> None:
    """Full screen on, or back to how the window was (maximized or not)."""
    from PySide6.QtCore import Qt

    window.setWindowState(window.windowState() ^ Qt.WindowState.WindowFullScreen)


def _known_frame_height(window: QWidget) -> int:
    """How much taller the window system's frame makes ``window``: its title bar and bottom border (0 where Qt
    knows no title bar for it).

    A frame no taller on top than below has no title bar Qt knows of: the offscreen platform reports 2 px all
    round for every window, whatever a real window manager would draw.
    """
    if not window.isVisible():
        return 0
    frame, inner = window.frameGeometry(), window.geometry()
    top, bottom = inner.top() - frame.top(), frame.bottom() - inner.bottom()
    return top + bottom if top > bottom else 0


def title_bar_allowance(widget: QWidget) -> int:
    """The height to keep free for the frame of ``widget``'s window: a title bar above it and a border below.

    Taken from the window system where Qt knows it: the window's own frame once the window manager has framed it,
    else the frame of the window it opens over (a dialog is shown over the table window, already framed), with
    ``BORDER_ALLOWANCE`` more when that window is maximized. Where Qt knows neither (the first window, before it
    is framed; a full-screen window, which has none; the offscreen platform) the safe ``TITLE_BAR_ALLOWANCE``.
    A fixed allowance was either short of a tall title bar (GNOME's 37 px) or wasted room under a thin one.
    """
    window = widget.window()
    own = _known_frame_height(window)
    if own > 0:
        return own
    parent = window.parentWidget()
    if parent is not None:
        over = parent.window()
        height = _known_frame_height(over)
        if height > 0:
            return height + (BORDER_ALLOWANCE if over.isMaximized() else 0)
    return TITLE_BAR_ALLOWANCE


def fit_dialog(dialog: QWidget) -> None:
    """Shrink ``dialog`` to its screen's available room less its frame (not below its minimum), and move it in.

    Dialogs pick a comfortable opening size (New game 720x760, the guide 1000x760...), more than a 1280x720 or
    1366x768 laptop has under its task bar and title bar: their bottom buttons were off the screen (issue 12). The
    app-wide guard (``gui/wheel_guard.py``) calls this for every dialog as it is shown; its middle scrolls.
    """
    parent = dialog.parentWidget()
    screen = (parent.screen() if parent is not None else None) or dialog.screen()
    if screen is None:  # pragma: no cover
        return
    allowance = title_bar_allowance(dialog)
    available = screen.availableGeometry().adjusted(0, allowance, 0, 0)
    size = dialog.size()
    if size.width() <= available.width() and size.height() <= available.height():
        return
    dialog.resize(size.boundedTo(available.size()).expandedTo(dialog.minimumSizeHint()))
    # Centred across the screen, at the top of the room under the title bar's allowance.
    left = available.x() + max(0, (available.width() - dialog.width()) // 2)
    top = available.y() - allowance
    handle = dialog.windowHandle()
    if handle is not None:
        # Where its frame goes: a window the window manager has not framed yet takes move()'s point for its inside
        # (openbox put the Players window's title bar above the screen); a dialog the window manager places anyway.
        handle.setFramePosition(QPoint(left, top))
    else:
        dialog.move(left, top)


def bring_to_front(window: QWidget) -> None:
    """Show ``window`` above the others (a second start of the app on the same database asks for it)."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()
