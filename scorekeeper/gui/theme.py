"""Light and dark themes: a Fusion palette and a small style sheet, following the system's colour scheme.

The table is read from across a table in a noisy room, so the palette is high-contrast and the points are big
(seat panels set their own font sizes). Every button is at least 44 px tall so that it is a comfortable touch
target (issue 4, "Look and feel"). Keyboard focus and selection never look alike (issue 12): selected is filled
with the accent colour, focused has a dashed outline in a blue of its own; a selected radio button has a filled
accent dot that reads in dark mode too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

__all__ = ["MIN_TOUCH", "Colors", "Theme", "apply_palette", "apply_theme", "colors", "current_theme", "system_theme"]

#: The smallest size of anything a finger taps, in device-independent pixels.
MIN_TOUCH = 44


class Theme(enum.StrEnum):
    """A colour scheme; persisted in the settings by value."""

    LIGHT = "light"
    DARK = "dark"


@dataclass(frozen=True, slots=True, kw_only=True)
class Colors:
    """The named colours widgets paint with, for one theme."""

    window: str
    panel: str
    panel_active: str
    text: str
    muted: str
    accent: str
    positive: str
    negative: str
    riichi: str
    dealer: str
    focus: str
    seat_lines: tuple[str, str, str, str]


_COLORS = {
    Theme.LIGHT: Colors(
        window="#eef1ec",
        panel="#ffffff",
        panel_active="#fff6d8",
        text="#111418",
        muted="#555d66",
        accent="#1b6e3a",
        positive="#146c2e",
        negative="#b3261e",
        riichi="#c62828",
        dealer="#b26a00",
        focus="#1a5fd0",
        seat_lines=("#c62828", "#1565c0", "#2e7d32", "#6a1b9a"),
    ),
    Theme.DARK: Colors(
        window="#15191d",
        panel="#22282e",
        panel_active="#3a3420",
        text="#f2f4f5",
        muted="#a9b2ba",
        accent="#5fd08a",
        positive="#6fdc8c",
        negative="#ff8a80",
        riichi="#ff6b6b",
        dealer="#ffc046",
        focus="#8ab4f8",
        seat_lines=("#ff6b6b", "#64b5f6", "#81c784", "#ce93d8"),
    ),
}

_current = Theme.LIGHT


def colors(theme: Theme | None = None) -> Colors:
    """The colours of ``theme`` (default: the theme applied last)."""
    return _COLORS[theme or _current]


def current_theme() -> Theme:
    """The theme applied last (:func:`apply_theme`), light until one is."""
    return _current


def system_theme() -> Theme:
    """The system's colour scheme (light when the platform does not say)."""
    from PySide6.QtCore import Qt  # its namespace costs ~17 ms of CPU: not before the first paint (issue 24)

    scheme = QGuiApplication.styleHints().colorScheme()
    return Theme.DARK if scheme == Qt.ColorScheme.Dark else Theme.LIGHT


def _palette(c: Colors) -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: c.window,
        QPalette.ColorRole.WindowText: c.text,
        QPalette.ColorRole.Base: c.panel,
        QPalette.ColorRole.AlternateBase: c.window,
        QPalette.ColorRole.Text: c.text,
        QPalette.ColorRole.Button: c.panel,
        QPalette.ColorRole.ButtonText: c.text,
        QPalette.ColorRole.ToolTipBase: c.panel,
        QPalette.ColorRole.ToolTipText: c.text,
        QPalette.ColorRole.PlaceholderText: c.muted,
        QPalette.ColorRole.Highlight: c.accent,
        QPalette.ColorRole.HighlightedText: c.panel,
        QPalette.ColorRole.Link: c.accent,
    }
    for role, value in roles.items():
        palette.setColor(role, QColor(value))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(c.muted))
    return palette


def _check_mark(c: Colors) -> str:
    """The check mark drawn on a ticked box, in the panel's colour on the accent (``check-*.svg`` beside this file).

    Drawn by the style sheet, as the box's frame is: Fusion's own box had a frame of a grey close to the dark theme's
    background, hard to see (issue 24).
    """
    name = "check-light.svg" if QColor(c.panel).lightness() > 128 else "check-dark.svg"
    return (Path(__file__).resolve().parent / name).as_posix()


def _style_sheet(c: Colors) -> str:
    return f"""
QPushButton, QToolButton {{
    min-height: {MIN_TOUCH}px; padding: 4px 15px;
    border: 1px solid {c.muted}; border-radius: 8px; background: {c.panel}; color: {c.text}; font-size: 15px;
}}
QPushButton:checked, QToolButton:checked {{ background: {c.accent}; color: {c.panel}; border-color: {c.accent}; }}
QPushButton:focus, QToolButton:focus {{ border: 3px dashed {c.focus}; padding: 2px 13px; }}
QPushButton:disabled, QToolButton:disabled {{ color: {c.muted}; border-color: {c.window}; }}
QPushButton[role="primary"] {{ background: {c.accent}; color: {c.panel}; font-weight: bold; }}
QPushButton[role="primary"]:disabled {{ background: {c.panel}; color: {c.muted}; border-color: {c.window}; }}
QPushButton[role="danger"] {{ color: {c.negative}; }}
QPushButton[role="compact"] {{ min-width: {MIN_TOUCH}px; padding: 4px 2px; }}
QPushButton[role="compact"]:focus {{ padding: 2px 0; }}
QCheckBox, QRadioButton {{ min-height: {MIN_TOUCH}px; font-size: 15px; spacing: 10px; }}
QCheckBox::indicator, QRadioButton::indicator {{ width: 24px; height: 24px; }}
QRadioButton::indicator {{ border: 2px solid {c.muted}; border-radius: 13px; background: {c.panel}; }}
QRadioButton::indicator:checked {{
    border: 2px solid {c.accent};
    background: qradialgradient(cx:0.5, cy:0.5, radius:0.5, fx:0.5, fy:0.5,
        stop:0 {c.accent}, stop:0.5 {c.accent}, stop:0.56 {c.panel}, stop:1 {c.panel});
}}
QCheckBox::indicator {{ border: 2px solid {c.muted}; border-radius: 5px; background: {c.panel}; }}
QCheckBox::indicator:checked {{ border: 2px solid {c.accent}; background: {c.accent}; image: url({_check_mark(c)}); }}
QCheckBox::indicator:disabled {{ border-color: {c.window}; }}
QCheckBox::indicator:checked:disabled {{ border-color: {c.muted}; background: {c.muted}; }}
QRadioButton:focus, QCheckBox:focus {{ border: 2px dashed {c.focus}; border-radius: 6px; }}
QComboBox, QSpinBox, QLineEdit {{ min-height: {MIN_TOUCH - 4}px; font-size: 15px; padding: 0 6px; }}
QSpinBox::up-button, QSpinBox::down-button {{ width: 28px; }}
QTabBar::tab {{ min-height: {MIN_TOUCH - 4}px; min-width: 90px; padding: 0 12px; font-size: 15px; }}
QLabel {{ color: {c.text}; }}
QLabel[role="muted"] {{ color: {c.muted}; }}
QLabel[role="error"] {{ color: {c.negative}; font-weight: bold; }}
QLabel[role="title"] {{ font-size: 20px; font-weight: bold; }}
QLabel[role="section"] {{ font-size: 15px; font-weight: bold; }}
QFrame[role="panel"] {{ background: {c.panel}; border-radius: 12px; }}
QHeaderView::section {{ padding: 6px; font-weight: bold; }}
QTableView {{ font-size: 14px; }}
"""


def apply_theme(app: QApplication, theme: Theme | None = None) -> Theme:
    """Apply ``theme`` (default: the system's) to the whole application and return it."""
    global _current  # noqa: PLW0603 - one theme per process, read by painting widgets
    chosen = theme or system_theme()
    _current = chosen
    c = _COLORS[chosen]
    sheet = _style_sheet(c)
    if app.styleSheet() == sheet:
        return chosen  # already applied: re-polishing every live widget costs time for nothing
    app.setStyle("Fusion")
    app.setPalette(_palette(c))
    app.setStyleSheet(sheet)
    return chosen


def apply_palette(app: QApplication, theme: Theme) -> None:
    """``theme``'s style and colours without its style sheet: the frame a kept picture of the table is shown in
    before the window's widgets exist (gui/table_picture.py); :func:`apply_theme` completes it."""
    global _current  # noqa: PLW0603 - as apply_theme
    _current = theme
    app.setStyle("Fusion")
    app.setPalette(_palette(_COLORS[theme]))
