"""Where the command line finds the app's games without Qt (``standard_data_folder``): Qt's AppDataLocation rule.

Qt's documentation (QStandardPaths, AppDataLocation) places organisation "scorekeeper", application "scorekeeper"
under ``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS and ``$XDG_DATA_HOME`` (or
``~/.local/share``) elsewhere; ``$SCOREKEEPER_DATA_DIR`` overrides them all.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scorekeeper.storage.files import DATA_DIR_ENV, standard_data_folder

_APP = Path("scorekeeper") / "scorekeeper"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of our own, and none of the variables the rule reads."""
    for name in (DATA_DIR_ENV, "APPDATA", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("platform", "variable", "expected"),
    [
        pytest.param("win32", None, Path("AppData") / "Roaming", id="windows-default"),
        pytest.param("win32", "APPDATA", Path("roaming-here"), id="windows-appdata"),
        pytest.param("darwin", None, Path("Library") / "Application Support", id="macos"),
        pytest.param("linux", None, Path(".local") / "share", id="linux-default"),
        pytest.param("linux", "XDG_DATA_HOME", Path("xdg-here"), id="linux-xdg"),
    ],
)
def test_the_data_folder_follows_qts_app_data_location_on_each_platform(
    home: Path, monkeypatch: pytest.MonkeyPatch, platform: str, variable: str | None, expected: Path
) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    if variable is not None:
        monkeypatch.setenv(variable, str(home / expected))
    assert standard_data_folder() == home / expected / _APP


def test_the_data_folder_variable_overrides_every_platform_rule(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    monkeypatch.setenv(DATA_DIR_ENV, str(home / "usb-stick"))
    assert standard_data_folder() == home / "usb-stick"
