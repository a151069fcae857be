"""User-interface languages: English (the source strings) and Japanese (a Qt translation, ``translations/ja.qm``).

Every user-visible string is wrapped in ``self.tr`` or ``QCoreApplication.translate`` so that ``pyside6-lupdate``
finds it. ``scorekeeper/gui/translations/build.py`` regenerates ``ja.ts`` from the code, fills in the Japanese text from
its table and compiles ``ja.qm`` with ``pyside6-lrelease`` (both tools ship with PySide6-Essentials).
"""

from __future__ import annotations

import enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

__all__ = ["Language", "install_language"]

_HERE = Path(__file__).resolve().parent / "translations"


class Language(enum.StrEnum):
    """A user-interface language; persisted in the settings by value."""

    ENGLISH = "en"
    JAPANESE = "ja"


_installed: QTranslator | None = None


def install_language(language: Language) -> Language:
    """Install the translator for ``language`` on the running application (replacing any earlier one)."""
    global _installed  # noqa: PLW0603 - one translator per process
    app = QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    if _installed is not None:
        QCoreApplication.removeTranslator(_installed)
        _installed = None
    if language is Language.JAPANESE:
        translator = QTranslator(app)
        if translator.load(str(_HERE / "ja.qm")):
            QCoreApplication.installTranslator(translator)
            _installed = translator
        QLocale.setDefault(QLocale(QLocale.Language.Japanese))
    else:
        QLocale.setDefault(QLocale(QLocale.Language.English))
    return language
