"""Regenerate ``ja.ts`` from the GUI's source and compile ``ja.qm`` with ``pyside6-lrelease``.

Run ``python -m scorekeeper.gui.translations.build`` after changing user-visible strings. The source strings are
found the way lupdate finds them, by reading the code: ``self.tr("...")`` (context: the enclosing class),
``QCoreApplication.translate("Context", "...")`` and a module's ``_t("...")`` (context: its ``_CONTEXT``), plus
the yaku names of ``scorekeeper.gui.labels``. The Japanese text comes from ``ja.py`` (and any GUI subpackage's own
``ja.py``, see :func:`japanese`); a string without one stays unfinished in the .ts file and shows in English.

The records people read (``scorekeeper.documents``' PDFs and the readable CSV of ``storage.records``) are worded
outside the GUI, through a ``translate`` callable: the app passes ``QCoreApplication.translate("Documents", ...)``.
Their words (:func:`document_strings`: every ``tr("...")``/``t("...")`` of ``scorekeeper/documents``, plus the
words translated through variables, ``record_words.RECORD_WORDS_DYNAMIC``) go into the context ``Documents``, with
the Japanese of ``storage.record_words.JA_RECORDS``, the one table the command line's ``--lang ja`` uses too.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
GUI = HERE.parent
DOCUMENTS = GUI.parent / "documents"
RECORDS = GUI.parent / "storage" / "records.py"
#: The context of the records' words (``gui/exports.py``, ``translate_document``).
DOCUMENTS_CONTEXT = "Documents"


def _literal_calls(path: Path, names: frozenset[str]) -> list[str]:
    """The string literals passed first to a call of one of ``names`` (``tr("Players")``), in order."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in names
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return found


def document_strings() -> list[str]:
    """Every word of the records (PDF documents and the readable CSV) that passes through ``translate``."""
    from scorekeeper.storage import records
    from scorekeeper.storage.record_words import RECORD_WORDS_DYNAMIC

    found = ["Game record"]  # the title, given by the caller (gui/exports.py, cli/export.py)
    for path in sorted(DOCUMENTS.glob("*.py")):
        found += _literal_calls(path, frozenset({"tr", "t"}))
    found += _literal_calls(RECORDS, frozenset({"tr"}))
    found += records._HAND_COLUMNS
    found += ("place", "seat", "player", "score", "uma/oka", "penalties", "points", "reason")
    found += RECORD_WORDS_DYNAMIC
    return list(dict.fromkeys(found))


def _strings_in(path: Path) -> list[tuple[str, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module_context = None
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "_CONTEXT" for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            module_context = node.value.value
        if isinstance(node, ast.FunctionDef) and node.name == "_t" and module_context is None:
            # A helper such as ``def _t(text): return QCoreApplication.translate("Context", text)``.
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Attribute)
                    and inner.func.attr == "translate"
                    and inner.args
                    and isinstance(inner.args[0], ast.Constant)
                    and isinstance(inner.args[0].value, str)
                ):
                    module_context = inner.args[0].value
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, cls: str | None) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        if isinstance(node, ast.Call):
            func = node.func
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if isinstance(func, ast.Attribute) and func.attr == "tr" and cls and len(args) >= 1 and node.args:
                if isinstance(node.args[0], ast.Constant):
                    found.append((cls, args[0]))
            elif isinstance(func, ast.Attribute) and func.attr == "translate" and len(args) >= 2:
                found.append((args[0], args[1]))
            elif (
                isinstance(func, ast.Name)
                and func.id == "_t"
                and module_context
                and args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.append((module_context, args[0]))
        for child in ast.iter_child_nodes(node):
            visit(child, cls)

    visit(tree, None)
    return found


def collect() -> dict[str, list[str]]:
    """Every translatable string of the GUI, by context, in order of appearance."""
    from scorekeeper.gui.labels import _YAKU

    contexts: dict[str, list[str]] = {}
    for path in sorted(GUI.rglob("*.py")):
        if HERE in path.parents:
            continue
        for context, text in _strings_in(path):
            contexts.setdefault(context, [])
            if text not in contexts[context]:
                contexts[context].append(text)
    for text in _YAKU.values():
        if text not in contexts.setdefault("Labels", []):
            contexts["Labels"].append(text)
    contexts[DOCUMENTS_CONTEXT] = document_strings()
    return contexts


def write_ts(
    path: Path, translations: dict[str, str], by_context: dict[tuple[str, str], str] | None = None
) -> tuple[int, int]:
    """Write the .ts file; return (translated, total)."""
    contexts = collect()
    done = total = 0
    lines = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>", '<TS version="2.1" language="ja_JP">']
    for context, texts in contexts.items():
        lines.append(f"<context>\n    <name>{escape(context)}</name>")
        for text in texts:
            total += 1
            translated = (by_context or {}).get((context, text), translations.get(text))
            lines.append("    <message>")
            lines.append(f"        <source>{escape(text)}</source>")
            if translated is None:
                lines.append('        <translation type="unfinished"></translation>')
            else:
                done += 1
                lines.append(f"        <translation>{escape(translated)}</translation>")
            lines.append("    </message>")
        lines.append("</context>")
    lines.append("</TS>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return done, total


def _own_contexts(package: Path) -> set[str]:
    """The contexts only ``package``'s modules use (its classes, its ``_CONTEXT``s; not ``Labels``, which the help
    borrows from ``gui/labels.py``)."""
    inside: set[str] = set()
    outside: set[str] = set()
    for path in GUI.rglob("*.py"):
        if HERE not in path.parents:
            (inside if package in path.parents else outside).update(c for c, _text in _strings_in(path))
    return inside - outside


def japanese() -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """The Japanese tables: ``translations/ja.py`` plus any other GUI subpackage's ``ja.py`` with the same shape.

    A subpackage (for example ``scorekeeper/gui/help``) may keep its own ``ja.py`` with dicts whose names start with
    ``JA`` (``JA``, ``JA_HELP``...: source -> text, or (context, source) -> text); they are merged here. Where two
    tables give one source different texts, each subpackage's text is its own contexts' (:func:`_own_contexts`):
    the referee's "Table" is 卓, New game's 卓のルール; the help's "Tenhou" is the site 天鳳, the tiles' the
    yakuman 天和. ``translations/ja.py``'s text is everyone else's.
    """
    import importlib

    from scorekeeper.gui.translations.ja import JA, JA_BY_CONTEXT

    texts: dict[str, str] = {}
    by_context: dict[tuple[str, str], str] = {}
    own: dict[tuple[str, str], str] = {}
    for path in sorted(GUI.rglob("ja.py")):
        if HERE in path.parents:
            continue
        module = importlib.import_module(".".join(("scorekeeper", "gui", *path.relative_to(GUI).with_suffix("").parts)))
        contexts = _own_contexts(path.parent)
        for name, table in vars(module).items():
            if not (name.startswith("JA") and isinstance(table, dict)):
                continue
            for key, text in table.items():
                if isinstance(key, tuple):
                    by_context[key] = text
                else:
                    texts[key] = text
                    own.update({(context, key): text for context in contexts})
    texts.update(JA)
    # A subpackage's own words where they differ from the common table's, in its own contexts.
    found = {(context, text) for context, listed in collect().items() for text in listed}
    by_context = {key: text for key, text in own.items() if key in found and texts[key[1]] != text} | by_context
    by_context.update(JA_BY_CONTEXT)
    # The records' words: one table for the app and the command line (storage/record_words.py).
    from scorekeeper.storage.record_words import JA_RECORDS

    by_context.update({(DOCUMENTS_CONTEXT, source): text for source, text in JA_RECORDS.items()})
    return texts, by_context


def compile_qm(ts: Path, qm: Path) -> None:
    """Compile ``ts`` into ``qm`` with ``pyside6-lrelease`` (PySide6-Essentials ships it; the same .ts gives the
    same bytes, which ``tests/gui/test_translations_fresh.py`` relies on)."""
    lrelease = shutil.which("pyside6-lrelease") or str(Path(sys.executable).with_name("pyside6-lrelease"))
    subprocess.run([lrelease, "-silent", str(ts), "-qm", str(qm)], check=True)


def main() -> int:
    """Write ja.ts and compile ja.qm; list the strings still without Japanese."""
    texts, by_context = japanese()
    ts = HERE / "ja.ts"
    done, total = write_ts(ts, texts, by_context)
    compile_qm(ts, HERE / "ja.qm")
    contexts = collect()
    missing = sorted(
        {(c, t) for c, found in contexts.items() for t in found if t not in texts and (c, t) not in by_context}
    )
    for context, text in missing:
        print(f"untranslated: {context}: {text!r}")
    print(f"{done}/{total} strings translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
