"""The engine package's names are read from their modules when first asked for (issue 15: start-up)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import scorekeeper.engine as engine


def test_every_public_name_of_the_engine_package_is_its_modules_object() -> None:
    for name in engine.__all__:
        module = importlib.import_module(f"scorekeeper.engine.{engine._MODULES[name]}")
        assert getattr(engine, name) is getattr(module, name), name
    assert sorted(engine._MODULES) == sorted(engine.__all__)


def test_an_unknown_name_of_the_engine_package_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        engine.no_such_name  # noqa: B018 - the access is the test


def test_importing_the_scorer_does_not_import_the_wait_lists_or_the_entry_text() -> None:
    probe = (
        "import sys\n"
        "import scorekeeper.engine.jsonio\n"
        "print(*sorted(m for m in sys.modules if m.startswith('scorekeeper.engine.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, check=True, timeout=60, text=True)
    loaded = result.stdout.split()
    assert "scorekeeper.engine.jsonio" in loaded
    assert not {"scorekeeper.engine.waits", "scorekeeper.engine.entry_text"} & set(loaded)
    star = subprocess.run(
        [sys.executable, "-c", "from scorekeeper.engine import *; print(list_waits.__module__)"],
        capture_output=True,
        check=True,
        timeout=60,
        text=True,
    )
    assert star.stdout.strip() == "scorekeeper.engine.waits"
    # Listed before they are read (completion, help()).
    listed = subprocess.run(
        [sys.executable, "-c", "import scorekeeper.engine as e; print(set(e.__all__) <= set(dir(e)))"],
        capture_output=True,
        check=True,
        timeout=60,
        text=True,
    )
    assert listed.stdout.strip() == "True"
