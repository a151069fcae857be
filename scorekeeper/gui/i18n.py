"""User-interface languages: English (the source strings) and Japanese (a Qt translation, ``translations/ja.qm``).

Every user-visible string is wrapped in ``self.tr`` or ``QCoreApplication.translate`` so that ``pyside6-lupdate``
finds it. ``scorekeeper/gui/translations/build.py`` regenerates ``ja.ts`` from the code, fills in the Japanese text from
its table and compiles ``ja.qm`` with ``pyside6-lrelease`` (both tools ship with PySide6-Essentials).
"""

from __future__ import annotations

import enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

__all__ = ["Language", "install_language"]

_HERE = Path(__file__).resolve().parent / "translations"


class Language(enum.StrEnum):
    """A user-interface language; persisted in the settings by value."""

    ENGLISH = "en"
    JAPANESE = "ja"


_installed: list[QTranslator] = []


def install_language(language: Language) -> Language:
    """Install the translators for ``language`` on the running application (replacing any earlier ones).

    Japanese is ours (``ja.qm``) and Qt's own (``qtbase_ja``, shipped with PySide6): the standard buttons of a
    message box (Yes, No, OK, Cancel) and the file dialogs' words are Qt's, and stayed English in the Japanese
    window (issue 24: "End the game now" asked with English Yes/No). Where Qt's file is missing (a bundle without
    it), those few words stay English; ours still load.
    """
    app = QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    while _installed:
        QCoreApplication.removeTranslator(_installed.pop())
    if language is Language.JAPANESE:
        qt_words = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for folder, name in ((qt_words, "qtbase_ja.qm"), (str(_HERE), "ja.qm")):
            translator = QTranslator(app)
            if translator.load(str(Path(folder) / name)):
                QCoreApplication.installTranslator(translator)
                _installed.append(translator)
        QLocale.setDefault(QLocale(QLocale.Language.Japanese))
    else:
        QLocale.setDefault(QLocale(QLocale.Language.English))
    return language
