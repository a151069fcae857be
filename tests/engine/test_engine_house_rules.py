"""House rules of the engine that a reading of its source checks (issue 11; STYLE 1, 2 and 4).

* It imports only the standard library, itself and ``scorekeeper.errors`` (import-linter's contract in
  pyproject.toml names what is forbidden; this names what is allowed).
* It raises only the project's exception family: a caller catches ``ScorekeeperError`` and knows it has every
  refusal (every input error also derives from ``ValueError``).
"""

from __future__ import annotations

import ast
import builtins
import sys
from pathlib import Path

import scorekeeper.engine

ENGINE = Path(scorekeeper.engine.__file__).parent
SOURCES = sorted(ENGINE.rglob("*.py"))
BUILTIN_EXCEPTIONS = {
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
}


def _imported(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            names.append(node.module)
    return names


def test_the_engine_imports_only_the_standard_library() -> None:
    assert len(SOURCES) > 10
    offenders = []
    for path in SOURCES:
        for name in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            top = name.split(".")[0]
            if name.startswith(("scorekeeper.engine", "scorekeeper.errors")) or top in sys.stdlib_module_names:
                continue
            if top == "__future__":
                continue
            offenders.append(f"{path.relative_to(ENGINE)}: {name}")
    assert offenders == []


def _raised_name(node: ast.Raise) -> str | None:
    exc = node.exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    return exc.id if isinstance(exc, ast.Name) else None


def test_the_engine_raises_only_the_project_exceptions() -> None:
    """A module's ``__getattr__`` (PEP 562) is the exception: Python's protocol has it raise AttributeError."""
    offenders = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        protocol = {
            id(node)
            for function in ast.walk(tree)
            if isinstance(function, ast.FunctionDef) and function.name == "__getattr__"
            for node in ast.walk(function)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and _raised_name(node) in BUILTIN_EXCEPTIONS and id(node) not in protocol:
                offenders.append(f"{path.relative_to(ENGINE)}:{node.lineno}: raise {_raised_name(node)}")
    assert offenders == []
