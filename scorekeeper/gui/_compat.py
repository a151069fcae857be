"""``override`` for Python 3.11 without a runtime dependency on typing_extensions (only mypy needs it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import override
else:

    def override(method):
        """Mark a method as overriding its base (checked by mypy; a no-op at run time)."""
        return method


__all__ = ["override"]
