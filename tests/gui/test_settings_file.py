"""A broken settings file never stops the app (issue 10, section 3): it is renamed aside, the defaults are used,
and a one-line notice says so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.gui.settings import read_settings

pytestmark = pytest.mark.gui

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX only")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        pytest.param(b"[" * 100_000, "nested too deeply", id="deep-list"),
        pytest.param(b'{"custom_rulesets": {"x": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5001, "nested", id="deep-dict"),
        pytest.param(b"{not json", "Expecting property name", id="not-json"),
        pytest.param(b"[1, 2]", "not a JSON object", id="a-list"),
        pytest.param(b"\xff\xfe", "utf-8", id="not-utf8"),
    ],
)
def test_a_broken_settings_file_is_set_aside_and_the_defaults_used(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    (tmp_path / "settings.json").write_bytes(content)
    settings, notice = read_settings(tmp_path)
    assert settings.recent_players == () and settings.theme == "system"
    assert problem in notice and "renamed settings.broken-" in notice
    assert "\n" not in notice
    assert not (tmp_path / "settings.json").exists()
    assert [p.read_bytes() for p in tmp_path.glob("settings.broken-*.json")] == [content]
    assert read_settings(tmp_path)[1] == ""  # the next start is quiet


@needs_fifo
def test_a_settings_fifo_does_not_block_the_start(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")
    settings, notice = read_settings(tmp_path)
    assert settings.language == "en"
    assert "not a regular file" in notice
