"""The app's own small settings file: recent players, saved custom rulesets, theme and language.

A JSON file in the user data folder, written atomically; the core never sees it. Bad content never stops anyone
from scoring a game: odd values are ignored, and a file that cannot be read at all (not JSON, nested too deeply,
too large, not a regular file) is renamed aside and the app starts with defaults and a one-line notice (issue 10: a
deeply nested file crashed every start).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from scorekeeper.errors import SaveFileError
from scorekeeper.storage.files import read_bytes

__all__ = ["AppSettings", "load_settings", "read_settings", "save_settings"]

_FILE = "settings.json"
_MAX_RECENT = 24
_MAX_SCREENS = 16
#: The largest settings file read (a real one is well under a kilobyte, even with saved rulesets).
_MAX_BYTES = 1_000_000


@dataclass(frozen=True, slots=True, kw_only=True)
class AppSettings:
    """What the app remembers between runs.

    Attributes:
        recent_players: names entered in new games, most recent first.
        custom_rulesets: saved rulesets by name: ``{"preset": name, "overrides": {knob: value}}``.
        theme: "system", "light" or "dark".
        language: "en" or "ja".
        skip_guide: the user chose not to see the first-run guide at start.
        face_players: the across seat's name and points are drawn facing that player.
        tile_labels: every tile shows its small corner index ("1m", "E" ...), for beginners.
        window_geometry: per screen name, the main window's normal x, y, width, height and 1 if maximized.
        win_mode: the win dialog's value mode last used in a riichi game (0 Tiles, 1 Quick, 2 Yaku list): a table
            settles on one way of entering hands, so the next dialog opens there.
        classical_win_mode: the same for a classical game (0 Tiles, 1 Value).
    """

    recent_players: tuple[str, ...] = ()
    custom_rulesets: tuple[tuple[str, str], ...] = field(default=())  # (name, JSON text), sorted by name
    theme: str = "system"
    language: str = "en"
    skip_guide: bool = False
    face_players: bool = False
    tile_labels: bool = False
    window_geometry: tuple[tuple[str, tuple[int, int, int, int, int]], ...] = ()
    win_mode: int = 1
    classical_win_mode: int = 0

    def with_window_geometry(self, screen: str, geometry: tuple[int, int, int, int, int]) -> AppSettings:
        """A copy remembering the main window's ``geometry`` on the screen named ``screen``."""
        saved = dict(self.window_geometry)
        saved[screen] = geometry
        return replace(self, window_geometry=tuple(sorted(saved.items())[:_MAX_SCREENS]))

    def with_players(self, names: tuple[str, ...]) -> AppSettings:
        """A copy with ``names`` moved to the front of the recent players."""
        recent = [*names, *(n for n in self.recent_players if n not in names)]
        return replace(self, recent_players=tuple(n for n in recent if n.strip())[:_MAX_RECENT])

    def with_ruleset(self, name: str, ruleset: dict[str, Any]) -> AppSettings:
        """A copy with a custom ruleset saved under ``name`` (replacing one of the same name)."""
        saved = dict(self.custom_rulesets)
        saved[name] = json.dumps(ruleset, sort_keys=True)
        return replace(self, custom_rulesets=tuple(sorted(saved.items())))

    def ruleset(self, name: str) -> dict[str, Any]:
        """A saved custom ruleset by name."""
        loaded = json.loads(dict(self.custom_rulesets)[name])
        assert isinstance(loaded, dict)
        return loaded


def settings_path(folder: Path) -> Path:
    """The settings file in ``folder``."""
    return folder / _FILE


def load_settings(folder: Path) -> AppSettings:
    """The settings stored in ``folder``, or the defaults when there are none or they cannot be read."""
    return read_settings(folder)[0]


def read_settings(folder: Path) -> tuple[AppSettings, str]:
    """The settings stored in ``folder``, and a one-line notice if the file was broken (else "").

    A file that cannot be read as settings is renamed to ``settings.broken-<time>.json`` (kept for the curious,
    out of the way of the next start) and the defaults are used.
    """
    path = folder / _FILE
    if not os.path.lexists(path):
        return AppSettings(), ""
    try:
        raw = json.loads(read_bytes(path, max_bytes=_MAX_BYTES, what="a settings file").decode("utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not a JSON object")
        return _settings(raw), ""
    except (SaveFileError, ValueError, RecursionError) as error:
        problem = "nested too deeply" if isinstance(error, RecursionError) else str(error).splitlines()[0][:120]
    import datetime  # here: not the cold start's (issue 24)

    aside = path.with_name(f"settings.broken-{datetime.datetime.now():%Y%m%d-%H%M%S}.json")
    try:
        os.replace(path, aside)
    except OSError:
        notice = QCoreApplication.translate(
            "Settings", "The settings file could not be read ({problem}); the defaults are used."
        ).format(problem=problem)
    else:
        notice = QCoreApplication.translate(
            "Settings",
            "The settings file could not be read ({problem}); it was renamed {name} and the defaults are used.",
        ).format(problem=problem, name=aside.name)
    return AppSettings(), notice


def _settings(raw: dict[str, Any]) -> AppSettings:
    """Settings from the file's object; values of the wrong type or shape are left at their defaults.

    Raises:
        ValueError, RecursionError: a saved ruleset nested too deeply to write back.
    """
    players = raw.get("recent_players", [])
    rulesets = raw.get("custom_rulesets", {})
    theme = raw.get("theme", "system")
    language = raw.get("language", "en")
    return AppSettings(
        recent_players=tuple(p for p in players if isinstance(p, str))[:_MAX_RECENT]
        if isinstance(players, list)
        else (),
        custom_rulesets=tuple(
            sorted((k, json.dumps(v, sort_keys=True)) for k, v in rulesets.items() if isinstance(v, dict))
        )
        if isinstance(rulesets, dict)
        else (),
        theme=theme if theme in ("system", "light", "dark") else "system",
        language=language if language in ("en", "ja") else "en",
        skip_guide=raw.get("skip_guide") is True,
        face_players=raw.get("face_players") is True,
        tile_labels=raw.get("tile_labels") is True,
        window_geometry=_window_geometry(raw.get("window_geometry")),
        win_mode=_mode(raw.get("win_mode"), 3, 1),
        classical_win_mode=_mode(raw.get("classical_win_mode"), 2, 0),
    )


def _window_geometry(raw: object) -> tuple[tuple[str, tuple[int, int, int, int, int]], ...]:
    """The remembered window places that read well: five integers per screen name; anything else is dropped."""
    if not isinstance(raw, dict):
        return ()
    out = []
    for name, value in raw.items():
        if (
            isinstance(name, str)
            and isinstance(value, list)
            and len(value) == 5
            and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 100_000 for v in value)
            and value[2] > 0
            and value[3] > 0
        ):
            out.append((name, (value[0], value[1], value[2], value[3], value[4])))
    return tuple(sorted(out)[:_MAX_SCREENS])


def _mode(value: object, count: int, default: int) -> int:
    """A remembered tab index, or ``default`` for anything but an int in ``0..count-1``."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count else default


def save_settings(folder: Path, settings: AppSettings) -> None:
    """Write the settings atomically (temp file in the same folder, fsync, rename)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {
        "recent_players": list(settings.recent_players),
        "custom_rulesets": {name: json.loads(text) for name, text in settings.custom_rulesets},
        "theme": settings.theme,
        "language": settings.language,
        "skip_guide": settings.skip_guide,
        "face_players": settings.face_players,
        "tile_labels": settings.tile_labels,
        "window_geometry": {name: list(value) for name, value in settings.window_geometry},
        "win_mode": settings.win_mode,
        "classical_win_mode": settings.classical_win_mode,
    }
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".settings-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=2)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, folder / _FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
