"""Small pieces the help windows share: ruleset titles, fonts, a title label."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QWidget

from scorekeeper.engine.rules import PRESET_NAMES, HandRules

__all__ = ["BODY_PX", "RULE_PRESETS", "body_label", "ruleset_title", "title_label"]

_CONTEXT = "HelpCommon"

#: Body text size in the help windows: read at arm's length (issue 5: "big text").
BODY_PX = 18

#: The riichi presets offered in the help windows (every engine preset but ``custom``).
RULE_PRESETS: tuple[str, ...] = tuple(name for name in PRESET_NAMES if name != "custom")


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def ruleset_title(rules: HandRules | str) -> str:
    """A preset's name as people say it: ``Tenhou``, ``M-League``, ``EMA 2016`` ... (``Custom`` otherwise)."""
    name = rules if isinstance(rules, str) else rules.name
    titles = {
        "tenhou": _t("Tenhou"),
        "mleague": _t("M-League"),
        "ema2016": _t("EMA 2016"),
        "ema2025": _t("EMA 2025"),
        "wrc2015": _t("WRC 2015"),
        "wrc2022": _t("WRC 2022"),
    }
    return titles.get(name, _t("Custom rules"))


def _sized(widget: QWidget, pixels: int, *, bold: bool = False) -> None:
    font = QFont(widget.font())
    font.setPixelSize(pixels)
    font.setBold(bold)
    widget.setFont(font)


def title_label(text: str = "") -> QLabel:
    """A big bold heading."""
    label = QLabel(text)
    label.setWordWrap(True)
    _sized(label, 26, bold=True)
    return label


def body_label(text: str = "", *, pixels: int = BODY_PX) -> QLabel:
    """A wrapped paragraph in big, plain text."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    _sized(label, pixels)
    return label
