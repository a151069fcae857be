"""The About window: program name, version, license and where the rules come from."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import scorekeeper
from scorekeeper.gui.help._common import body_label, title_label

__all__ = ["LICENSE_TEXT", "AboutDialog"]

#: The program's license, shown in the window (the bundle carries no LICENSE file to open); it must stay the
#: same as LICENSE at the top of the repository (tests/gui/test_help.py checks it).
LICENSE_TEXT = """\
MIT License

Copyright (c) 2026 the scorekeeper authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""


class AboutDialog(QDialog):
    """Name, version, license and the sources of the rules."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About Scorekeeper"))
        self.setObjectName("about")
        self.title_label = title_label(self.tr("Scorekeeper"))
        self.version_label = body_label(self.tr("Version {version}").format(version=scorekeeper.__version__))
        self.version_label.setObjectName("version_label")
        summary = body_label(
            self.tr(
                "A riichi mahjong score keeper for the laptop beside the table: it scores each hand and keeps the "
                "four players' points to the final table."
            ),
            pixels=16,
        )
        self.license_label = body_label(
            self.tr("Free software under the MIT License: use, copy, change and share it."), pixels=16
        )
        self.license_label.setObjectName("license_label")
        self.sources_label = QLabel()
        self.sources_label.setObjectName("sources_label")
        self.sources_label.setWordWrap(True)
        self.sources_label.setTextFormat(Qt.TextFormat.RichText)
        self.sources_label.setStyleSheet("font-size: 15px;")
        self.sources_label.setText(self._sources_html())

        self.license_text = QPlainTextEdit(LICENSE_TEXT)
        self.license_text.setObjectName("license_text")
        self.license_text.setReadOnly(True)
        self.license_text.setMinimumHeight(150)
        self.license_text.hide()
        self.license_button = QPushButton(self.tr("Show the license"))
        self.license_button.setObjectName("license_button")
        self.license_button.setCheckable(True)
        self.license_button.toggled.connect(self._on_license_button_toggled)
        close = QPushButton(self.tr("Close"))
        close.setObjectName("close_button")
        close.setDefault(True)
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.license_button)
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addWidget(self.version_label)
        layout.addWidget(summary)
        layout.addWidget(self.license_label)
        layout.addSpacing(8)
        layout.addWidget(self.sources_label)
        layout.addWidget(self.license_text, 1)
        layout.addStretch(0)
        layout.addLayout(buttons)
        self.resize(720, 560)

    def sources(self) -> tuple[str, ...]:
        """The sources of the rules, one line each (rulesets first, then the texts the code cites as seeds)."""
        return (
            self.tr("EMA Riichi Competition Rules, 2016 edition (European Mahjong Association)"),
            self.tr("EMA Rules for Japanese Mahjong, 2025 edition (European Mahjong Association)"),
            self.tr("WRC 2022: the World Riichi Championship rules"),
            self.tr("Tenhou.net ranked four-player rules"),
            self.tr("M-League rules"),
            self.tr("A riichi book's chapter on scoring (seed 000)"),
            self.tr("A beginner's lesson on scoring with its tables (seed 001)"),
            self.tr("A wiki page on Japanese mahjong scoring (seed 002)"),
            self.tr("The classical Chinese point-and-double system (seed 003)"),
            self.tr("WRC 2015: the World Riichi Championship rules' scoring chapter (seed 004)"),
        )

    def _sources_html(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.sources())
        heading = escape(self.tr("Where the rules come from"))
        note = escape(self.tr("Each ruleset's values and their sources are listed in the README and docs/engine.md."))
        return f"<b>{heading}</b><ul style='margin-left:-20px'>{items}</ul><p>{note}</p>"

    def _on_license_button_toggled(self, checked: bool) -> None:
        self.license_text.setVisible(checked)
        self.license_button.setText(self.tr("Hide the license") if checked else self.tr("Show the license"))
