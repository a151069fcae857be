"""Nothing changes by accident (issue 12): the mouse wheel scrolls forms; it changes a value only with the focus.

Qt's combo and spin boxes take the focus from a passing wheel and change their value: 18 notches over the ruleset
settings silently changed a knob while the preset still read "tenhou". One app-wide event filter stops that for
every such control, present and future, in every dialog: a combo or spin box takes the focus only by a click or
Tab (``StrongFocus`` instead of ``WheelFocus``), and a wheel over it without the focus goes to the scroll area
around it, which scrolls as the user meant.

The same filter fits every dialog and window to its screen as it is shown (``window_geometry.fit_dialog``): one
Python filter on the application rather than two, since each sees every event of every object. Windows too (issue
24): the referee's window opened at 1280x720 and the Players window at 1240x700, their title bars on top, so on a
1280x720 laptop their bottom rows (the standings' team table, the Players window's buttons) lay under the screen's
edge. A maximized or full-screen window is the window manager's to size and is left as it is.

That filter is costly while a window is built (PySide6 wraps every object an event goes to, and the first object of
each class costs a class lookup): the app installs it once its window is first painted, out of the cold start
(issue 24), and the install gives the controls already there the focus policy the filter gives at their Polish.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget

from scorekeeper.gui._compat import override
from scorekeeper.gui.window_geometry import fit_dialog

__all__ = ["WheelGuard", "install_wheel_guard"]

_GUARDED = (QComboBox, QAbstractSpinBox)
# Looked up once: the filter sees every event of the app (thousands before the first paint), and each lookup through
# the enum's class costs more than the comparison.
_SHOW = QEvent.Type.Show
_POLISH = QEvent.Type.Polish
_WHEEL = QEvent.Type.Wheel
#: The windows fitted as they show: dialogs and plain windows, not menus, tool tips or a combo box's list.
_FITTED = (Qt.WindowType.Dialog, Qt.WindowType.Window)
_SIZED_BY_THE_WINDOW_MANAGER = Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen


class WheelGuard(QObject):
    """The event filter: see the module's description."""

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind is not _SHOW and kind is not _POLISH and kind is not _WHEEL:
            return False
        if kind is _SHOW and isinstance(watched, QWidget) and watched.isWindow() and watched.windowType() in _FITTED:
            if not watched.windowState() & _SIZED_BY_THE_WINDOW_MANAGER:
                fit_dialog(watched)
        elif kind is _POLISH and isinstance(watched, _GUARDED):
            _focus_by_click_or_tab(watched)
        elif kind is _WHEEL and isinstance(watched, _GUARDED) and not watched.hasFocus():
            # hasFocus() counts the focus proxy: a spin box's own line edit holding the focus on its behalf.
            # The wheel goes to the scroll area around the control, explicitly: Qt passes a wheel event on to the
            # parents only when it came from the window system, and the form should scroll either way.
            area = watched.parentWidget()
            while area is not None and not isinstance(area, QAbstractScrollArea):
                area = area.parentWidget()
            if area is not None:
                QCoreApplication.sendEvent(area.viewport(), event)
            event.accept()
            return True
        return False


def _focus_by_click_or_tab(control: QWidget) -> None:
    if control.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def install_wheel_guard(app: QCoreApplication) -> WheelGuard:
    """Install the guard on ``app`` once (later calls return the same guard); the combo and spin boxes already made
    take the focus as the guard's later ones do."""
    existing = app.findChild(WheelGuard)
    if isinstance(existing, WheelGuard):
        return existing
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    if isinstance(app, QApplication):
        for window in app.topLevelWidgets():
            if isinstance(window, _GUARDED):
                _focus_by_click_or_tab(window)
            for kind in _GUARDED:
                for control in window.findChildren(kind):
                    _focus_by_click_or_tab(control)
    return guard
