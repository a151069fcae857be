"""What Game ▸ Import says after a game is imported: how its names joined the registry, or that it was skipped.

The import itself (``scorekeeper.storage.imports``) decides how each name joins and reports it
(:class:`~scorekeeper.storage.imports.ImportReport`); this module only words that report in the window's language,
as ``scorekeeper import`` words it at a terminal (``cli/import_games.py``). The report lists every substitute, a
name that several registry entries carry where nobody was asked, and a name the registry's names judge refuses;
the four who sat down under a name that one entry carries, or none, joined it or a new entry and are not listed.
"""

from __future__ import annotations

import unicodedata
from typing import assert_never

from PySide6.QtCore import QCoreApplication

from scorekeeper.gui.labels import name_problem_text
from scorekeeper.session.names import entry_name_problem
from scorekeeper.storage.imports import ImportedName, ImportReport, JoinKind

__all__ = ["import_report_lines", "import_report_text"]

_CONTEXT = "ImportReport"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def import_report_lines(report: ImportReport) -> tuple[str, ...]:
    """The report of a one-game import, a sentence a line; empty when there is nothing to tell (a new game whose
    four names each joined the one entry of that name, or a new one, and no substitute came in)."""
    if report.skipped and not report.imported:
        return (_t("This game was already stored: it is opened, not stored again."),)
    if not report.names:
        return ()
    return (_t("The game is stored. How its players joined the players list:"), *map(_joined, report.names))


def import_report_text(report: ImportReport) -> str:
    """The report of a one-game import as the window shows it: a line each, the names' lines as bullets; empty when
    there is nothing to tell."""
    first, *names = import_report_lines(report) or ("",)
    return "\n".join([first, *(f"• {line}" for line in names)])


def _joined(name: ImportedName) -> str:
    """One sentence of how a name joined the registry."""
    shown = _visible(name.name) if name.how is JoinKind.REFUSED else name.name
    who = _t("Substitute {name}").format(name=shown) if name.substitute else shown
    match name.how:
        case JoinKind.EXISTING if name.namesakes > 1:
            return _t("{who} joined the oldest of the {n} players called {name}.").format(
                who=who, n=name.namesakes, name=shown
            )
        case JoinKind.EXISTING:
            return _t("{who} joined the player of that name.").format(who=who)
        case JoinKind.NEW:
            return _t("{who} is a new player.").format(who=who)
        case JoinKind.CHOSEN:
            return _t("{who} joined the player you chose.").format(who=who)
        case JoinKind.GUEST:
            return _t("{who} is a guest: counted in no statistics.").format(who=who)
        case JoinKind.RETURNING:
            return _t("{who} sat down in this game and came back: the same player as at the start.").format(who=who)
        case JoinKind.REFUSED:
            problem = entry_name_problem(name.name)
            reason = "" if problem is None else " " + name_problem_text(problem)
            return _t("{who} sits as a guest: the players list refuses the name.").format(who=who) + reason
        case _:
            assert_never(name.how)


def _visible(text: str) -> str:
    """``text`` with its control and format characters written as escapes (a refused name may hold a line break
    or a bidirectional override, which would break or reorder the sentence it is quoted in)."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in {"Cc", "Cf", "Zl", "Zp"} else c for c in text)
