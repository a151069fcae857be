"""What the command line's start-up needs of :mod:`typing`, without importing it (issue 15).

``typing`` costs about 3 ms of a 60 ms ``scorekeeper score`` start, and no standard module that ``score`` and
``waits`` use imports it: the modules on their path name typing's names only for the type checker (under
``if TYPE_CHECKING:``, with a module constant ``TYPE_CHECKING = False``, which mypy reads as typing's), and cast
with the stand-in below, whose type argument is a string.
"""

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import cast as cast  # noqa: PLC0414 - re-exported for the checker
else:

    def cast(_type: object, value: object) -> object:
        """:func:`typing.cast` at run time: the value itself."""
        return value
