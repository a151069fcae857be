"""Tournaments across a network: the PostgreSQL server, the tables' outbox push and the live feed (no Qt).

See docs/tournament.md ("The server and the tables") for the design; ``server`` is the database side,
``table`` what a table laptop runs, ``live`` the referee's feed of changes.
"""
