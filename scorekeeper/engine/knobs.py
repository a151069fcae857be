"""Reading a ruleset knob's new value: one helper for every family's hand and table knobs (issue 11).

A knob's preset value says its type: an enum takes one of its values, a tuple of whole numbers a list of them, a
bool or a number the same type (``True`` is not a number here, ``1`` not a bool). The hand rules of both families
and the session's table rules all read overrides through :func:`coerce_knob`.
"""

from __future__ import annotations

import enum

from scorekeeper.errors import InvalidRulesetError, quote

__all__ = ["coerce_knob"]


def coerce_knob(knob: str, current: object, value: object, *, or_none: type | None = None) -> object:
    """``value`` as knob ``knob`` takes it, judged by the type of its ``current`` value.

    Args:
        knob: the knob's name (for the message).
        current: the knob's value now (its type is the one expected).
        value: the new value, as JSON gives it (an enum's value, a list for a tuple).
        or_none: for a knob that may be off (``None``): the type it takes when on (the classical ``limit``).

    Raises:
        InvalidRulesetError: naming the knob, what it takes, and the value given.
    """
    if or_none is not None:
        if value is not None and type(value) is not or_none:
            raise InvalidRulesetError(f"{knob} must be a whole number or null, got {quote(value)}")
        return value
    if isinstance(current, enum.Enum):
        try:
            return type(current)(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in type(current))
            raise InvalidRulesetError(f"{knob} must be one of {allowed}, got {quote(value)}") from None
    if isinstance(current, tuple):
        if not isinstance(value, (list, tuple)) or not all(type(v) is int for v in value):
            raise InvalidRulesetError(f"{knob} must be a list of integers, got {quote(value)}")
        return tuple(value)
    if type(value) is not type(current):
        raise InvalidRulesetError(f"{knob} must be a {type(current).__name__}, got {quote(value)}")
    return value
