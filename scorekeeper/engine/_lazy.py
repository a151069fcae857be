"""A package's names read from their modules when first asked for (PEP 562), for the packages whose ``__init__``
would otherwise import every module at start: the engine, the classical engine, the session and the storage
(docs/architecture.md, "Cold start")."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping, Sequence

__all__ = ["lazy_names"]


def lazy_names(
    package: str, modules: Mapping[str, str], names: Sequence[str], namespace: MutableMapping[str, object]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The package's ``__getattr__`` and ``__dir__``: a name of ``modules`` is read from ``package``'s module
    ``modules[name]`` the first time it is asked for and kept in ``namespace`` (the package's globals), so it is
    read once; ``dir`` lists ``names`` (the package's ``__all__``) before they are read."""

    # The protocol's own names (PEP 562; the engine's house-rules test lets a __getattr__ raise AttributeError).
    def __getattr__(name: str) -> object:  # noqa: N807
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:  # noqa: N807
        return sorted({*namespace, *names})

    return __getattr__, __dir__
