"""What the table view shows when no game is open: a plain sentence and the three ways to get a game.

A newcomer who starts the app (or cancels the new-game dialog) should not face four seat panels with a dash and a
big "0" and riichi buttons that do nothing: it looks like a game that went wrong. Instead the table says there is
no game, and offers one big **New game** button and, smaller, **Open a game** and **Import a game record**, each
with its keyboard shortcut written under it (touch and keyboard alike; nothing needs hover).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.gui.theme import MIN_TOUCH

__all__ = ["EmptyStateWidget"]


def _shortcut_text(shortcut: QKeySequence | QKeySequence.StandardKey | str) -> str:
    """The shortcut as this platform writes it (``Ctrl+N``, ``⌘N``)."""
    return QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)


class EmptyStateWidget(QFrame):
    """The table's "no game" page; its buttons only ask (the window starts, opens or imports the game).

    Signals:
        new_game_requested: the big **New game** button (Ctrl+N).
        open_requested: **Open a game** (Ctrl+O).
        import_requested: **Import a game record** (Ctrl+I).
    """

    new_game_requested = Signal()
    open_requested = Signal()
    import_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("empty_state")
        self.setProperty("role", "panel")

        self.title_label = QLabel(self.tr("No game is open"))
        self.title_label.setObjectName("empty_title")
        title_font = QFont()
        title_font.setPointSize(30)
        title_font.setBold(True)
        self.title_label.setFont(title_font)
        self.text_label = QLabel(
            self.tr(
                "Start a new game for the four players at this table, or carry on with a game saved here or "
                "sent to you as a game record. Every hand is saved the moment it is confirmed."
            )
        )
        self.text_label.setObjectName("empty_text")
        self.text_label.setWordWrap(True)
        self.text_label.setStyleSheet("font-size: 17px;")

        self.new_game_button = QPushButton(self.tr("New game"))
        self.new_game_button.setObjectName("empty_new_game_button")
        self.new_game_button.setProperty("role", "primary")
        # Bigger than the app's buttons (theme.py sets 15 px and 44 px): the one thing to do on this page. The focus
        # frame (theme.py: 3 px dashed, 2 px wider a side than the border) takes its room from the padding, as the
        # theme's own buttons do: with the padding kept, "New game" lost 3-4 px of its word when focused.
        self.new_game_button.setStyleSheet(
            "QPushButton { font-size: 24px; padding: 10px 48px; } QPushButton:focus { padding: 8px 46px; }"
        )
        self.new_game_button.setMinimumSize(MIN_TOUCH * 6, MIN_TOUCH * 2)
        self.new_game_button.setToolTip(self.tr("Enter the players' names and choose the rules."))
        self.new_game_button.clicked.connect(self.new_game_requested)
        self.open_button = QPushButton(self.tr("Open a game…"))
        self.open_button.setObjectName("empty_open_button")
        self.open_button.setToolTip(self.tr("Carry on with, or look at, a game stored on this computer."))
        self.open_button.clicked.connect(self.open_requested)
        self.import_button = QPushButton(self.tr("Import a game record…"))
        self.import_button.setObjectName("empty_import_button")
        self.import_button.setToolTip(self.tr("Open a game record file (JSON) exported by this app."))
        self.import_button.clicked.connect(self.import_requested)
        for button in (self.open_button, self.import_button):
            button.setMinimumSize(MIN_TOUCH * 5, MIN_TOUCH + 8)

        self.shortcut_labels = {
            "new": self._hint(QKeySequence.StandardKey.New),
            "open": self._hint(QKeySequence.StandardKey.Open),
            "import": self._hint("Ctrl+I"),
        }

        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 32, 40, 32)
        layout.setSpacing(14)
        layout.addStretch(2)
        layout.addWidget(self.title_label, 0, Qt.AlignmentFlag.AlignHCenter)
        # A wrapped label needs a width to work out its height: it gets the middle of a row between stretches.
        text_row = QHBoxLayout()
        text_row.addStretch(1)
        text_row.addWidget(self.text_label, 4)
        text_row.addStretch(1)
        layout.addLayout(text_row)
        layout.addSpacing(18)
        layout.addWidget(self.new_game_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.shortcut_labels["new"], 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(18)
        others = QHBoxLayout()
        others.setSpacing(24)
        others.addStretch(1)
        for button, key in ((self.open_button, "open"), (self.import_button, "import")):
            column = QVBoxLayout()
            column.setSpacing(6)
            column.addWidget(button)
            column.addWidget(self.shortcut_labels[key], 0, Qt.AlignmentFlag.AlignHCenter)
            column.addStretch(1)
            others.addLayout(column)
        others.addStretch(1)
        layout.addLayout(others)
        layout.addStretch(3)
        self.text_label.setMinimumWidth(380)
        self.text_label.setMaximumWidth(640)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

    @staticmethod
    def _hint(shortcut: QKeySequence | QKeySequence.StandardKey | str) -> QLabel:
        label = QLabel(_shortcut_text(shortcut))
        label.setProperty("role", "muted")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return label
