"""The session, storage and classical engine packages read their names from their modules when first asked for
(PEP 562, as ``scorekeeper.engine`` does since issue 15), so that the table app's cold start imports only what a
riichi table's first screen uses (issue 24)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from types import ModuleType

import pytest

import scorekeeper.engine.classical as classical_engine
import scorekeeper.session as session
import scorekeeper.storage as storage

_PACKAGES = (session, storage, classical_engine)


@pytest.mark.parametrize("package", _PACKAGES, ids=lambda p: p.__name__)
def test_every_public_name_of_a_lazy_package_is_its_modules_object(package: ModuleType) -> None:
    mapping: dict[str, str] = package._MODULES
    assert sorted(mapping) == sorted(package.__all__)
    for name in package.__all__:
        module = importlib.import_module(f"{package.__name__}.{mapping[name]}")
        assert getattr(package, name) is getattr(module, name), name


@pytest.mark.parametrize("package", _PACKAGES, ids=lambda p: p.__name__)
def test_an_unknown_name_of_a_lazy_package_is_an_attribute_error(package: ModuleType) -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        package.no_such_name  # noqa: B018 - the access is the test


def _loaded(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(*sorted(sys.modules))\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, check=True, timeout=60, text=True)
    return set(result.stdout.split())


def test_a_riichi_games_fold_imports_neither_the_classical_family_nor_the_scorer() -> None:
    loaded = _loaded(
        "from scorekeeper.session import HanFuWin, Seat, Session, ruleset\n"
        "s = Session.start(ruleset('tenhou'), ['A', 'B', 'C', 'D'])\n"
        "s.declare_riichi(Seat.SEAT_2)\n"
        "s.ron(Seat.SEAT_0, [HanFuWin(seat=Seat.SEAT_1, han=3, fu=30)])\n"
        "s.draw([Seat.SEAT_3])\n"
        "from scorekeeper.session.sheet import game_sheet\n"
        "game_sheet(s.state)\n"
    )
    assert "scorekeeper.session.session" in loaded
    # The classical knobs (session.classical_rules, engine.classical.rules) are every ruleset's: they stay.
    unused = {"scorekeeper.engine.classical.scoring", "scorekeeper.session.classical", "scorekeeper.engine.scoring"}
    assert sorted(unused & loaded) == []


def test_a_name_asked_of_a_lazy_package_imports_its_module_alone() -> None:
    loaded = _loaded("from scorekeeper.session import Seat\nfrom scorekeeper.storage import GameStore")
    assert {"scorekeeper.session.seats", "scorekeeper.storage.store"} <= loaded
    assert not {"scorekeeper.session.record", "scorekeeper.storage.records"} & loaded


def test_a_lazy_package_lists_its_names_before_they_are_read() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", "import scorekeeper.session as s; print(set(s.__all__) <= set(dir(s)))"],
        capture_output=True,
        check=True,
        timeout=60,
        text=True,
    )
    assert loaded.stdout.strip() == "True"
