"""The new-game dialog: four names (recent players offered), seat order and random seating, and the ruleset.

Every knob of the chosen preset is shown and editable (built from the ruleset's own fields, so a knob added to
the session or engine shows up here by itself); the edited ruleset can be saved under a name and picked later.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.engine.rules import PRESET_NAMES
from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.dialog_buttons import primary_and_cancel
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.labels import knob_names, name_problem_text, wind_name
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session.classical_rules import CLASSICAL_PRESET_NAMES
from scorekeeper.session.events import AbortReason
from scorekeeper.session.names import NameProblem, NameProblemKind, validate_player_names
from scorekeeper.session.rules import LIABLE_YAKUMAN, Ruleset, ruleset

__all__ = ["NewGameChoice", "NewGameDialog"]

# The riichi presets, then the classical family's (seed 003; scorekeeper.session.classical_rules).
_PRESETS = (*(name for name in PRESET_NAMES if name != "custom"), *CLASSICAL_PRESET_NAMES)

# The choices of the set-valued knobs, as the session's rules define them: the abortive draws (issue 3) and the
# yakuman a ruleset may make a feeding player liable for (``LIABLE_YAKUMAN``, issue 3 "Pao").
#: The knobs' scrolled list at its smallest: the dialog fits a 1280x720 screen (issue 12).
_KNOBS_MIN_HEIGHT = 200
_SET_CHOICES: dict[str, tuple[str, ...]] = {
    "abortive_draws": tuple(r.value for r in AbortReason),
    "pao_yakuman": LIABLE_YAKUMAN,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class NewGameChoice:
    """What the dialog hands back: the players in seat order (seat 0 first), the ruleset, and which seats are
    guests (they join no registry entry and count in no one's statistics)."""

    players: tuple[str, str, str, str]
    ruleset: Ruleset
    saved_name: str = ""
    guests: tuple[bool, bool, bool, bool] = (False, False, False, False)


def choice_names() -> dict[str, str]:
    """The values of the ruleset's choice knobs as the dialog shows them, translated."""
    return {
        "yakuman": QCoreApplication.translate("NewGameDialog", "a yakuman"),
        "sanbaiman": QCoreApplication.translate("NewGameDialog", "a sanbaiman"),
        "none": QCoreApplication.translate("NewGameDialog", "nothing (not a yaku)"),
        "mangan": QCoreApplication.translate("NewGameDialog", "a mangan"),
        "five_han": QCoreApplication.translate("NewGameDialog", "5 han, adding up"),
        "hanchan": QCoreApplication.translate("NewGameDialog", "hanchan (East and South)"),
        "tonpuusen": QCoreApplication.translate("NewGameDialog", "tonpuusen (East only)"),
        "allowed": QCoreApplication.translate("NewGameDialog", "allowed"),
        "abort": QCoreApplication.translate("NewGameDialog", "an abortive draw"),
        "head_bump": QCoreApplication.translate("NewGameDialog", "head bump (nearest winner only)"),
        "each": QCoreApplication.translate("NewGameDialog", "each winner"),
        "nearest": QCoreApplication.translate("NewGameDialog", "the winner nearest the discarder"),
        "own_back": QCoreApplication.translate("NewGameDialog", "own stick back, the rest to the nearest"),
        "reverse_mangan": QCoreApplication.translate("NewGameDialog", "at once, as a reverse mangan"),
        "after_uma": QCoreApplication.translate("NewGameDialog", "as a penalty after uma"),
        "liable_only": QCoreApplication.translate("NewGameDialog", "only the liable yakuman"),
        "full": QCoreApplication.translate("NewGameDialog", "the full value"),
        "full_on_tsumo": QCoreApplication.translate(
            "NewGameDialog", "the full value on a tsumo, the liable yakuman on a ron"
        ),
        "first": QCoreApplication.translate("NewGameDialog", "first place"),
        "split_first": QCoreApplication.translate("NewGameDialog", "first place, split when tied"),
        "split_first_round_down": QCoreApplication.translate(
            "NewGameDialog", "first place, split when tied (rounded down)"
        ),
        "finish_hand": QCoreApplication.translate("NewGameDialog", "the hand in play is the last"),
        "stop_now": QCoreApplication.translate("NewGameDialog", "the game ends at once"),
        "one_more_hand": QCoreApplication.translate("NewGameDialog", "this hand and one more (chombo not counted)"),
        "one_more_hand_chombo_counts": QCoreApplication.translate(
            "NewGameDialog", "this hand and one more (chombo counted)"
        ),
        "lost": QCoreApplication.translate("NewGameDialog", "nobody (they leave the game)"),
        "seat_order": QCoreApplication.translate("NewGameDialog", "broken by seat order"),
        "split": QCoreApplication.translate("NewGameDialog", "share places and uma"),
        "exact": QCoreApplication.translate("NewGameDialog", "exact, to 0.1"),
        "tenhou": QCoreApplication.translate("NewGameDialog", "tenhou.net (whole points)"),
    }


def _to_json(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, frozenset):
        return sorted(str(v) for v in value)
    return value


def _polished_width(widget: QWidget) -> int:
    """The least width of ``widget`` once the theme's style sheet sizes it (a spin box's min-width)."""
    for part in (widget, *widget.findChildren(QWidget)):
        part.ensurePolished()
    return widget.minimumSizeHint().width()


class NewGameDialog(QDialog):
    """Players, seating and ruleset for a new game. ``choice()`` builds the result; it never runs ``exec()``.

    Args:
        settings: recent players and saved rulesets.
        ask_name: asks for the name to save a custom ruleset under (injected so tests need no modal dialog).
    """

    def __init__(
        self,
        settings: AppSettings,
        parent: QWidget | None = None,
        *,
        ask_name: Callable[[QWidget], str | None] | None = None,
        rng: random.Random | None = None,
        known_players: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.settings = settings
        self._ask_name = ask_name or self._ask_name_dialog
        self._rng = rng or random.Random()
        self.saved_name = ""
        self.knob_widgets: dict[str, QWidget] = {}

        self.name_edits: list[QLineEdit] = []
        names = QGridLayout()
        self._names_grid = names
        # Recent players first, then everyone in the registry, offered as you type (issue 14).
        offered = list(dict.fromkeys([*settings.recent_players, *known_players]))
        completer = QCompleter(offered, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer = completer
        self.guest_boxes: list[QCheckBox] = []
        # Under each name, why the session refuses it (scorekeeper.session.names), shown when Start is pressed.
        self.name_errors: list[QLabel] = []
        for seat in range(4):
            edit = QLineEdit()
            edit.setObjectName(f"player_{seat}")
            edit.setPlaceholderText(self.tr("Player {n}").format(n=seat + 1))
            edit.setCompleter(completer)
            if seat < len(settings.recent_players):
                edit.setText(settings.recent_players[seat])
            self.name_edits.append(edit)
            up = QPushButton("▲")
            up.setObjectName(f"move_up_{seat}")
            up.setToolTip(self.tr("Move up one seat"))
            up.setEnabled(seat > 0)
            up.clicked.connect(lambda _=False, s=seat: self.swap_seats(s - 1, s))
            label = QLabel(self.tr("Seat {n} ({wind} first)").format(n=seat + 1, wind=wind_name("ESWN"[seat])))
            guest = QCheckBox(self.tr("Guest"))
            guest.setObjectName(f"guest_{seat}")
            guest.setToolTip(self.tr("A guest is not added to the players list and counts in no statistics."))
            self.guest_boxes.append(guest)
            error = QLabel()
            error.setObjectName(f"player_error_{seat}")
            error.setProperty("role", "error")
            error.hide()
            self.name_errors.append(error)
            edit.textEdited.connect(self._on_name_edit_text_edited)
            names.addWidget(label, 2 * seat, 0)
            names.addWidget(edit, 2 * seat, 1)
            names.addWidget(up, 2 * seat, 2)
            names.addWidget(guest, 2 * seat, 3)
            names.addWidget(error, 2 * seat + 1, 1, 1, 3)
        self.shuffle_button = QPushButton(self.tr("Random seating"))
        self.shuffle_button.setObjectName("shuffle_button")
        self.shuffle_button.setToolTip(self.tr("Seat the four players in a random order."))
        self.shuffle_button.clicked.connect(self.shuffle_seats)

        self.preset_combo = QComboBox()
        self.preset_combo.setObjectName("preset_combo")
        for name in _PRESETS:
            self.preset_combo.addItem(name, ("preset", name))
        for name, _text in settings.custom_rulesets:
            self.preset_combo.addItem(self.tr("{name} (saved)").format(name=name), ("saved", name))
        self._item_texts = [self.preset_combo.itemText(k) for k in range(self.preset_combo.count())]
        self.preset_combo.currentIndexChanged.connect(self._on_preset_combo_changed)
        self.save_button = QPushButton(self.tr("Save ruleset as…"))
        self.save_button.setObjectName("save_ruleset_button")
        self.save_button.setToolTip(self.tr("Keep these rules under a name of your own, to pick them next time."))
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.error_label = QLabel()
        self.error_label.setProperty("role", "error")
        self.error_label.setWordWrap(True)

        self._knob_host = QWidget()
        self._knob_form = QFormLayout(self._knob_host)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._knob_host)
        scroll.setMinimumHeight(_KNOBS_MIN_HEIGHT)  # fits a 1280x720 screen; the knobs scroll (issue 12)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._knobs_scroll = scroll

        self.start_button, cancel = primary_and_cancel(
            self,
            self._on_start_button_clicked,
            text=self.tr("Start game"),
            name="start_button",
            tooltip=self.tr("Start the game with these players, seats and rules."),
        )

        preset_row = QHBoxLayout()
        preset_row.addWidget(QLabel(self.tr("Ruleset")))
        preset_row.addWidget(self.preset_combo, 1)
        preset_row.addWidget(self.save_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.shuffle_button)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.start_button)
        layout = QVBoxLayout(self)
        title = QLabel(self.tr("Players"))
        title.setProperty("role", "title")
        layout.addWidget(title)
        layout.addLayout(names)
        layout.addLayout(preset_row)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        # Tab goes through the names seat by seat (issue 12: it went to "Move up one seat", and four typed names
        # filled three seats), then the seat buttons, then the rules.
        order: list[QWidget | None] = [*self.name_edits]
        order += [self.findChild(QPushButton, f"move_up_{s}") for s in (1, 2, 3)]
        order += [self.preset_combo, self.save_button]
        for first, second in itertools.pairwise(order):
            if first is not None and second is not None:
                QWidget.setTabOrder(first, second)
        self.resize(720, 760)
        self._show_ruleset(ruleset("tenhou"))

    # -- seating -------------------------------------------------------------------------------------------

    def players(self) -> tuple[str, str, str, str]:
        """The four names in seat order (NUL characters taken out: issue 10); an empty field becomes "Player n"."""
        names = [
            e.text().replace("\x00", "").strip() or self.tr("Player {n}").format(n=i + 1)
            for i, e in enumerate(self.name_edits)
        ]
        return names[0], names[1], names[2], names[3]

    def name_problems(self) -> tuple[NameProblem, ...]:
        """What the session refuses of the names as entered (a repeated name, a control character...).

        A typed name that repeats an empty field's "Player n" is the typed field's problem: the reason shows where
        the user wrote the name, not under the field they left empty (the session names the later of the two).
        """
        empty = {seat for seat, edit in enumerate(self.name_edits) if not edit.text().replace("\x00", "").strip()}
        problems = []
        for problem in validate_player_names(self.players()):
            if (
                problem.kind is NameProblemKind.DUPLICATE
                and problem.index in empty
                and problem.other is not None
                and problem.other not in empty
            ):
                problem = dataclasses.replace(problem, index=problem.other, other=problem.index)
            problems.append(problem)
        return tuple(problems)

    def _show_name_problems(self) -> bool:
        """Show each refused name's reason under its field (and focus the first); True when there is none."""
        problems = {p.index: p for p in self.name_problems()}
        for seat, error in enumerate(self.name_errors):
            problem = problems.get(seat)
            error.setText("" if problem is None else name_problem_text(problem))
        # The reasons take their room from the knobs' scrolled list, so the dialog still fits 1280x720; the list
        # shrinks first, or the window would grow to make room and stay grown.
        spacing = max(self._names_grid.verticalSpacing(), 0)
        shown = sum(self.name_errors[seat].sizeHint().height() + spacing for seat in problems)
        self._knobs_scroll.setMinimumHeight(max(_KNOBS_MIN_HEIGHT - shown, 80))
        for seat, error in enumerate(self.name_errors):
            error.setVisible(seat in problems)
        if problems:
            self.name_edits[min(problems)].setFocus()
        return not problems

    def _on_name_edit_text_edited(self) -> None:
        # Once a reason shows, it follows the typing: it goes as soon as the name is fixed.
        if any(not error.isHidden() for error in self.name_errors):
            self._show_name_problems()

    def swap_seats(self, first: int, second: int) -> None:
        """Exchange the names in two seats."""
        a, b = self.name_edits[first].text(), self.name_edits[second].text()
        self.name_edits[first].setText(b)
        self.name_edits[second].setText(a)
        guest_a, guest_b = self.guest_boxes[first].isChecked(), self.guest_boxes[second].isChecked()
        self.guest_boxes[first].setChecked(guest_b)
        self.guest_boxes[second].setChecked(guest_a)
        self._on_name_edit_text_edited()

    def shuffle_seats(self) -> None:
        """Seat the four players at random."""
        seats = [(e.text(), box.isChecked()) for e, box in zip(self.name_edits, self.guest_boxes, strict=True)]
        self._rng.shuffle(seats)
        for edit, box, (name, guest) in zip(self.name_edits, self.guest_boxes, seats, strict=True):
            edit.setText(name)
            box.setChecked(guest)
        self._on_name_edit_text_edited()

    # -- ruleset -------------------------------------------------------------------------------------------

    def _base(self) -> tuple[str, dict[str, Any]]:
        kind, name = self.preset_combo.currentData()
        if kind == "saved":
            saved = self.settings.ruleset(name)
            return str(saved.get("preset", "tenhou")), dict(saved.get("overrides", {}))
        return str(name), {}

    def _on_preset_combo_changed(self) -> None:
        preset, overrides = self._base()
        try:
            self._show_ruleset(ruleset(preset, overrides))
        except ScorekeeperError as error:
            self.error_label.setText(error_text(error))
        self._mark_modified()

    def is_modified(self) -> bool:
        """Whether a knob shown differs from the preset (or saved ruleset) picked in the combo box."""
        preset, overrides = self._base()
        try:
            return self.current_ruleset() != ruleset(preset, overrides)
        except ScorekeeperError:
            return True  # a value the ruleset refuses is certainly not the preset's

    def _mark_modified(self) -> None:
        """Name the picked preset "tenhou (modified)" while any knob differs from it (issue 12)."""
        index = self.preset_combo.currentIndex()
        for k, text in enumerate(self._item_texts):
            self.preset_combo.setItemText(k, text)
        if index >= 0 and self.is_modified():
            self.preset_combo.setItemText(index, self.tr("{name} (modified)").format(name=self._item_texts[index]))

    def _show_ruleset(self, rules: Ruleset) -> None:
        while self._knob_form.rowCount():
            self._knob_form.removeRow(0)
        self.knob_widgets = {}
        names = knob_names()
        widest = (0, 0)  # the labels' and the fields' widths
        for heading, values in ((self.tr("Hand scoring"), rules.game.hand), (self.tr("Table"), rules.game.table)):
            title = QLabel(heading)
            title.setProperty("role", "section")
            self._knob_form.addRow(title)
            for field in dataclasses.fields(values):
                if field.name == "name":
                    continue
                widget = self._knob_widget(field.name, getattr(values, field.name))
                self._watch(widget)
                widget.setObjectName(f"knob_{field.name}")
                widget.setToolTip(field.name)
                self.knob_widgets[field.name] = widget
                label = QLabel(names.get(field.name, field.name.replace("_", " ")))
                label.setWordWrap(True)
                self._knob_form.addRow(label, widget)
                widest = (max(widest[0], label.sizeHint().width()), max(widest[1], _polished_width(widget)))
        # A form gives its labels their preferred width and its fields the rest, below their minimum if need be
        # (the uma's four boxes got 79 px of their 120): the knobs ask for both, and scroll in height only.
        form = self._knob_form
        margins = form.contentsMargins()
        self._knob_host.setMinimumWidth(sum(widest) + form.horizontalSpacing() + margins.left() + margins.right())
        scroll = self._knobs_scroll
        bar = scroll.verticalScrollBar().sizeHint().width()
        scroll.setMinimumWidth(self._knob_host.minimumWidth() + bar + 2 * scroll.frameWidth())

    def _watch(self, widget: QWidget) -> None:
        """Re-mark the preset as modified (or not) whenever this knob's widget changes."""
        for box in [widget, *widget.findChildren(QWidget)]:
            if isinstance(box, QCheckBox):
                box.toggled.connect(self._mark_modified)
            elif isinstance(box, QComboBox):
                box.currentIndexChanged.connect(self._mark_modified)
            elif isinstance(box, QSpinBox):
                box.valueChanged.connect(self._mark_modified)

    def _knob_widget(self, name: str, value: object) -> QWidget:
        if isinstance(value, bool):
            box = QCheckBox()
            box.setChecked(value)
            return box
        if isinstance(value, enum.Enum):
            combo = QComboBox()
            shown = choice_names()
            for member in type(value):
                combo.addItem(shown.get(str(member.value), str(member.value)), member.value)
            combo.setCurrentIndex(list(type(value)).index(value))
            return combo
        if isinstance(value, int):
            spin = QSpinBox()
            spin.setRange(-1_000_000, 1_000_000)
            spin.setSingleStep(100 if abs(value) >= 100 else 1)
            spin.setValue(value)
            return spin
        if isinstance(value, tuple):
            host = QWidget()
            row = QHBoxLayout(host)
            row.setContentsMargins(0, 0, 0, 0)
            for item in value:
                spin = QSpinBox()
                spin.setRange(-1000, 1000)
                spin.setValue(int(item))
                row.addWidget(spin)
            return host
        if isinstance(value, frozenset):
            host = QWidget()
            grid = QGridLayout(host)
            grid.setContentsMargins(0, 0, 0, 0)
            chosen = {str(v) for v in value}
            choices = _SET_CHOICES.get(name, tuple(sorted(chosen)))
            for index, choice in enumerate(choices):
                box = QCheckBox(choice)
                box.setChecked(choice in chosen)
                grid.addWidget(box, index // 3, index % 3)
            return host
        edit = QLineEdit(str(value))
        edit.setReadOnly(True)  # a knob this dialog cannot edit (e.g. "no limit"): shown, kept as the preset has it
        edit.setProperty("fixed_knob", True)
        return edit

    def _knob_value(self, widget: QWidget) -> object:
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, QSpinBox):
            return widget.value()
        spins = widget.findChildren(QSpinBox)
        if spins:
            return [s.value() for s in spins]
        boxes = widget.findChildren(QCheckBox)
        return sorted(b.text() for b in boxes if b.isChecked())

    def current_ruleset(self) -> Ruleset:
        """The ruleset as shown: the preset with every knob that differs from it as an override.

        Raises:
            InvalidRulesetError: a knob value the ruleset refuses.
        """
        preset, _ = self._base()
        base = ruleset(preset)
        overrides: dict[str, Any] = {}
        for name, widget in self.knob_widgets.items():
            if widget.property("fixed_knob"):
                continue
            source = base.game.hand if hasattr(base.game.hand, name) else base.game.table
            shown = self._knob_value(widget)
            if shown != _to_json(getattr(source, name)):
                overrides[name] = shown
        return ruleset(preset, overrides)

    def _ask_name_dialog(self, parent: QWidget) -> str | None:
        name, ok = QInputDialog.getText(parent, self.tr("Save ruleset"), self.tr("Name of this ruleset:"))
        return name.strip() if ok and name.strip() else None

    def _on_save_button_clicked(self) -> None:
        try:
            rules = self.current_ruleset()
        except ScorekeeperError as error:
            self.error_label.setText(error_text(error))
            return
        name = self._ask_name(self)
        if not name:
            return
        self.settings = self.settings.with_ruleset(name, {"preset": rules.preset, "overrides": rules.overrides_dict()})
        self.saved_name = name
        self.preset_combo.blockSignals(True)
        self.preset_combo.addItem(self.tr("{name} (saved)").format(name=name), ("saved", name))
        self._item_texts.append(self.preset_combo.itemText(self.preset_combo.count() - 1))
        self.preset_combo.setCurrentIndex(self.preset_combo.count() - 1)
        self.preset_combo.blockSignals(False)
        self._mark_modified()

    def choice(self) -> NewGameChoice:
        """The players and ruleset as entered.

        Raises:
            InvalidRulesetError: a knob value the ruleset refuses.
        """
        g = [box.isChecked() for box in self.guest_boxes]
        return NewGameChoice(
            players=self.players(),
            ruleset=self.current_ruleset(),
            saved_name=self.saved_name,
            guests=(g[0], g[1], g[2], g[3]),
        )

    def _on_start_button_clicked(self) -> None:
        if not self._show_name_problems():
            return
        try:
            self.choice()
        except ScorekeeperError as error:
            self.error_label.setText(error_text(error))
            return
        self.accept()
