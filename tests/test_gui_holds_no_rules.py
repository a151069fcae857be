"""The GUI asks and shows; it settles nothing (STYLE 6, issue 11): a grep over ``scorekeeper/gui``.

Why a grep: every rule the GUI held a copy of has drifted from the session's (the edit preview that settled
without the hand's round and refused South hands; the results screen that rounded uma ties its own way; quick
entry's own han/fu table). Settling (``settle(``), uma and oka (``rules.table.uma``, ``.oka``) and fu arithmetic
(``fu == 25``, ``fu * 4``) belong to the engine and the session, which the GUI asks (``preview_at``,
``standings``, the engine's han/fu table). Comments and docstrings may name them: only code lines are read.

Nor does the GUI tell the families of rules apart (issue 24: 23 such checks in 9 files): it asks the game's family what
it has (``scorekeeper.session.family_of``: ``has_riichi``, ``values_in_han_fu``, ``most_ron_winners``...).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import scorekeeper

GUI = Path(scorekeeper.__file__).parent / "gui"

_FORBIDDEN = {
    "a settle call": re.compile(r"\bsettle\w*\s*\("),
    "uma/oka arithmetic": re.compile(r"\.\s*(uma|oka)\b"),
    "fu arithmetic": re.compile(r"\bfu\s*(==|!=|<=|>=|<|>|\+|-|\*|//|%)\s*\d|\d\s*(\*|\+|-|//)\s*fu\b"),
    "a family told apart": re.compile(r"\bFamily\s*\.\s*(RIICHI|CLASSICAL)\b|\.\s*family\s*(is|==|!=)|\bis_riichi\b"),
}


def _code(path: Path) -> str:
    """The file's code without comments and strings (docstrings and user-visible words may name any rule)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    kept = [tok.string for tok in tokens if tok.type not in (tokenize.COMMENT, tokenize.STRING)]
    return " ".join(kept)


def _offences() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in sorted(GUI.rglob("*.py")):
        code = _code(path)
        for what, pattern in _FORBIDDEN.items():
            if pattern.search(code):
                found.add((path.relative_to(GUI).as_posix(), what))
    return found


def test_the_gui_settles_nothing_and_holds_no_uma_oka_or_fu_arithmetic() -> None:
    """No ``settle(`` call, no uma/oka or fu arithmetic and no family told apart under scorekeeper/gui (see the module
    docstring)."""
    assert _offences() == set()


def test_the_grep_finds_what_it_looks_for() -> None:
    assert _FORBIDDEN["a settle call"].search("x = settled") is None
    assert _FORBIDDEN["a settle call"].search("x = settle(rules, result)")
    assert _FORBIDDEN["uma/oka arithmetic"].search("sum(table.uma[0:2])")
    assert _FORBIDDEN["fu arithmetic"].search("if fu == 25 and han < 2")
    assert _FORBIDDEN["fu arithmetic"].search("base = 4 * fu")
    assert _FORBIDDEN["fu arithmetic"].search("self.fu = None") is None
    assert _FORBIDDEN["fu arithmetic"].search("base = fu * 4")
    assert _FORBIDDEN["a family told apart"].search("rules.family is Family.CLASSICAL")
    assert _FORBIDDEN["a family told apart"].search("if is_riichi(state.rules):")
    assert _FORBIDDEN["a family told apart"].search("family_of(rules).has_riichi") is None


def _lines(relative: str) -> int:
    return len((GUI.parent / relative).read_text(encoding="utf-8").splitlines())


def test_the_views_and_the_scorer_stay_small_enough_to_read() -> None:
    """Issue 11's sizes: logic that creeps back into a view shows first as lines (the entry widgets were 1,907)."""
    assert _lines("gui/widgets/hand_entry.py") < 600
    assert _lines("gui/widgets/hand_entry.py") + _lines("gui/widgets/classical_entry.py") < 900
    assert _lines("gui/main_window.py") < 600
    assert _lines("engine/scoring.py") < 600
