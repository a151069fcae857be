"""The action bar under the table: Ron, Tsumo, Draw, Abort, Chombo, Undo and Redo, each saying what it records.

A button that cannot act now is off, and its tooltip says why (issue 5, "tooltips in plain words"); the window
connects the buttons to its slots and calls :meth:`ActionBarWidget.show_state` on every redraw.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from scorekeeper.session import GameState, family_of

__all__ = ["ActionBarWidget"]

_HAND_KEYS = ("ron", "tsumo", "draw", "abort", "chombo")


class ActionBarWidget(QWidget):
    """The row of big buttons; ``buttons`` by key (``ron``, ``tsumo``, ``draw``, ``abort``, ``chombo``, ``undo``,
    ``redo``), each named ``<key>_button``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: dict[str, QPushButton] = {}
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        texts = (
            ("ron", self.tr("Ron")),
            ("tsumo", self.tr("Tsumo")),
            ("draw", self.tr("Draw")),
            ("abort", self.tr("Abort")),
            ("chombo", self.tr("Chombo")),
            ("undo", self.tr("↶ Undo")),
            ("redo", self.tr("↷ Redo")),
        )
        for key, text in texts:
            button = QPushButton(text)
            button.setObjectName(f"{key}_button")
            button.setMinimumHeight(50)  # the table's minimum fits 1280x720 (issue 12)
            self.buttons[key] = button
            if key == "undo":
                bar.addSpacing(24)
            bar.addWidget(button, 1 if key in _HAND_KEYS else 0)
        self.buttons["ron"].setProperty("role", "primary")
        self.buttons["tsumo"].setProperty("role", "primary")
        # Plain words for a newcomer (issue 5, "tooltips in plain words"): what the button records, not its name.
        self._tips = {
            "ron": self.tr("Someone won off another player's discard. Pick the winner, who dealt in, and the hand."),
            "tsumo": self.tr("Someone won with a tile they drew themselves. Pick the winner and the hand."),
            "draw": self.tr("The wall ran out with no winner. Tick who was ready (tenpai)."),
            "abort": self.tr("The hand was abandoned early (nine terminals, four winds, four riichi...)."),
            "chombo": self.tr("A player broke a rule (a false win...) and pays the penalty. The hand is replayed."),
            "undo": self.tr("Take back the last thing recorded (Ctrl+Z)."),
            "redo": self.tr("Put back what Undo took back (Ctrl+Shift+Z)."),
        }
        for key, tip in self._tips.items():
            self.buttons[key].setToolTip(tip)

    def show_state(self, state: GameState | None, *, can_undo: bool, can_redo: bool) -> None:
        """Turn on the buttons that can act now; a button that is off says why in its tooltip."""
        why: dict[str, str] = {}
        if state is None:
            no_game = self.tr("No game is open: start a new game (Ctrl+N), or open or import one.")
            why.update(dict.fromkeys(_HAND_KEYS, no_game))
        elif state.ended:
            over = self.tr("The game is over: see the results (Ctrl+R). Undo (Ctrl+Z) takes back its end.")
            why.update(dict.fromkeys(_HAND_KEYS, over))
        else:
            # The family says what it has: the classical one (seed 003) has no chombo and no abortive draws.
            family = family_of(state.rules)
            if not family.has_chombo:
                why["chombo"] = self.tr(
                    "The classical rules have no chombo: use Game ▸ Referee penalty for a false win."
                )
            if not family.has_abortive_draw_results:
                why["abort"] = self.tr("The classical rules have no abortive draws: record a draw.")
            elif not family.has_abortive_draws(state.rules):
                why["abort"] = self.tr("This game's rules have no abortive draws: record a draw.")
        if not can_undo:
            why["undo"] = self.tr("Nothing to undo yet.")
        if not can_redo:
            why["redo"] = self.tr("Nothing to redo: Redo puts back what Undo took back.")
        for key, button in self.buttons.items():
            reason = why.get(key)
            button.setEnabled(reason is None)
            button.setToolTip(reason or self._tips[key])
